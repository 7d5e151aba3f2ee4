"""The search bot: Monte Carlo tree search over the engine with hidden information re-sampled.

Every iteration starts from a fresh *determinisation* of the real state (dice stream and deck order re-drawn
from the bot's own random stream, :func:`resample_hidden`), so the bot plans against futures it could
imagine, never the real one. Nodes are keyed by the action text path from the root; an option that is not legal
in some determinisation is simply not offered there. Leaves are scored by a short random rollout followed by
:func:`evaluate`. The budget is a number of iterations, or a time limit in seconds (only for interactive use:
time budgets make results depend on machine speed).
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field

from mnm.bots.policy import evaluate, resample_hidden
from mnm.engine.actions import Action
from mnm.engine.context import Ctx
from mnm.engine.game import Game, apply_action, legal_actions, make_ctx
from mnm.engine.state import State

__all__ = ["SearchBot", "rank_options"]


@dataclass
class _Node:
    visits: int = 0
    value: float = 0.0
    children: dict[str, _Node] = field(default_factory=dict)


def _uct(parent: _Node, child: _Node, c: float) -> float:
    if child.visits == 0:
        return math.inf
    return child.value / child.visits + c * math.sqrt(math.log(parent.visits + 1) / child.visits)


def rank_options(
    ctx: Ctx, st: State, rng: random.Random, iterations: int = 64, rollout: int = 6, seconds: float | None = None,
    c: float = 0.7,
) -> list[tuple[Action, float, int]]:
    """Every legal option with its estimated chance of winning and its visit count, best first."""
    root = _Node()
    options = legal_actions(ctx, st)
    by_text = {str(a): a for a in options}
    deadline = time.perf_counter() + seconds if seconds else None
    done = 0
    while done < iterations or (deadline is not None and time.perf_counter() < deadline):
        if deadline is not None and time.perf_counter() >= deadline and done >= len(options):
            break
        if deadline is None and done >= iterations:
            break
        done += 1
        work = st.copy()
        resample_hidden(work, rng)
        node = root
        path = [root]
        depth = 0
        # selection and expansion
        while work.status == "playing" and depth < 12:
            legal = legal_actions(ctx, work)
            if not legal:
                break
            texts = [str(a) for a in legal]
            unvisited = [t for t in texts if t not in node.children]
            if unvisited:
                text = unvisited[rng.randrange(len(unvisited))]
                node.children[text] = _Node()
                work = apply_action(ctx, work, legal[texts.index(text)])
                node = node.children[text]
                path.append(node)
                break
            text = max(texts, key=lambda t: _uct(node, node.children[t], c))
            work = apply_action(ctx, work, legal[texts.index(text)])
            node = node.children[text]
            path.append(node)
            depth += 1
        # rollout
        for _ in range(rollout):
            if work.status != "playing":
                break
            legal = legal_actions(ctx, work)
            if not legal:
                break
            work = apply_action(ctx, work, legal[rng.randrange(len(legal))])
        value = evaluate(ctx, work)
        ctx.events.clear()
        for n in path:
            n.visits += 1
            n.value += value
    ranked = []
    for text, child in root.children.items():
        if text in by_text and child.visits:
            ranked.append((by_text[text], child.value / child.visits, child.visits))
    ranked.sort(key=lambda r: (-r[2], -r[1]))
    return ranked


@dataclass
class SearchBot:
    """MCTS with a fixed iteration budget (reproducible) or a time budget (interactive)."""

    seed: int = 0
    iterations: int = 48
    rollout: int = 6
    seconds: float | None = None
    name: str = "search"
    rng: random.Random = field(init=False)
    _ctx: Ctx | None = field(default=None, init=False)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    def choose(self, game: Game) -> Action:
        options = game.legal_actions()
        if not options:
            raise ValueError("there is no decision to make: the game is over")
        if len(options) == 1:
            return options[0]
        if self._ctx is None or self._ctx.chapter.id != game.ctx.chapter.id:
            self._ctx = make_ctx(game.ctx.content, game.ctx.chapter.id)
        ranked = rank_options(self._ctx, game.state, self.rng, self.iterations, self.rollout, self.seconds)
        return ranked[0][0] if ranked else options[0]
