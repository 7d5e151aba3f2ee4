"""Helpers for the terminal-client tests: a greedy player, and Textual pilots run in their own thread.

Each pilot runs under ``asyncio.run`` in a fresh thread, so these tests never share an event loop with other
tests (Playwright's sync fixtures leave one running in the main thread; see RECIPES.md).
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Coroutine
from typing import Any

from mnm.engine.actions import Action
from mnm.engine.game import Game

PARTY = ["collin", "tilda", "filch", "maginos"]


def run_in_thread(make: Callable[[], Coroutine[Any, Any, Any]]) -> Any:
    """Run ``make()`` to completion in a new thread with its own event loop; re-raise its error here."""
    box: dict[str, Any] = {}

    def target() -> None:
        try:
            box["value"] = asyncio.run(make())
        except BaseException as exc:  # handed back to the test
            box["error"] = exc

    thread = threading.Thread(target=target)
    thread.start()
    thread.join()
    if "error" in box:
        raise box["error"]
    return box.get("value")


def greedy(game: Game) -> Action:
    """A simple player that wins the Proving Grounds: attack, else step onto or toward a minion, else end."""
    d = game.decision()
    assert d is not None
    st = game.state
    opts = d.options
    for a in opts:
        if a.verb == "battle":
            return a
    if d.kind == "turn":
        minion_spaces = {m.space for m in st.minions.values()}
        for a in opts:
            if a.verb == "move" and a.args[0] in minion_spaces:
                return a
        best: Action | None = None
        best_d = 10**9
        board = game.ctx.board
        for a in opts:
            if a.verb != "move":
                continue
            g = board.graph_of(a.args[0])
            here = g.by_id[a.args[0]].index
            dist = min((g.mouse_dist[here][g.by_id[s].index] for s in minion_spaces if s in g.by_id), default=10**6)
            if dist < best_d:
                best, best_d = a, dist
        if best is not None and st.turn is not None and not st.turn.moved:
            return best
        for a in opts:
            if a.verb == "end":
                return a
    for a in opts:
        if a.verb == "keep":
            return a
    return opts[0]


def play_greedy(game: Game, limit: int = 5000) -> list[str]:
    """Play ``game`` to its end with :func:`greedy`; the actions in text form."""
    texts = []
    while game.decision() is not None and len(texts) < limit:
        a = greedy(game)
        texts.append(str(a))
        game.apply(a)
    return texts
