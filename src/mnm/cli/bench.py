"""Engine benchmark (``mnm bench``): random legal play, state copies, and python-chess as a yardstick.

Figures are medians over several rounds measured in one run on one core, so the ratio against python-chess
(measured the same way, in the same run) is what to compare across machines. Every figure is timed in CPU time of
this process (``time.process_time``), not wall time, and the rounds interleave ours and chess (ours, chess, ours,
chess, ...) so both see the same machine load. Speed lives here, never in timed tests: these machines are shared
and noisy. ``"build"`` says which engine ran: ``compiled`` (mypyc, scripts/compile.sh) or ``pure``; run with
``MNM_ENGINE=pure`` to measure the pure-Python engine when the compiled one is built.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from typing import Any, Protocol

from mnm import _build
from mnm.content.loader import builtin_content
from mnm.engine import Action, Event, Game, State, apply_action_in_place, legal_actions

__all__ = ["bench_chess", "bench_copies", "bench_engine", "bench_party", "default_chapter", "run_bench"]

PARTY_FOR = {4: ["collin", "tilda", "filch", "maginos"], 3: ["collin", "tilda", "filch"], 2: ["collin", "filch"]}


def default_chapter() -> str:
    """Chapter 1 when it exists, else the built-in test chapter."""
    content = builtin_content()
    return "flight-to-barksburg" if "flight-to-barksburg" in content.chapters else "proving-grounds"


def bench_party(chapter: str) -> list[str]:
    size = builtin_content().chapter(chapter).party_size
    return PARTY_FOR.get(size, ["collin", "tilda", "filch", "maginos", "nez", "lily"][:size])


def play_random_game(
    chapter: str, seed: int, max_decisions: int = 5000, record: RandomPlayRecorder | None = None
) -> int:
    """Play one game with uniformly random legal choices (drawn from ``random.Random(seed)``); return the number
    of decisions made. ``record``, when given, sees every option list (the empty one too), every applied
    action's events and, last, the final state (``bench/play_digest.py`` hashes them)."""
    rng = random.Random(seed)
    game = Game.new(chapter, bench_party(chapter), seed=seed)
    ctx, st = game.ctx, game.state
    n = 0
    while st.status == "playing" and n < max_decisions:
        options = legal_actions(ctx, st)
        if record is not None:
            record.options(options)
        if not options:
            break
        events = apply_action_in_place(ctx, st, options[rng.randrange(len(options))])
        if record is not None:
            record.events(events)
        n += 1
    if record is not None:
        record.final(st)
    return n


class RandomPlayRecorder(Protocol):
    """What :func:`play_random_game` reports to, step by step."""

    def options(self, options: list[Action]) -> None: ...

    def events(self, events: list[Event]) -> None: ...

    def final(self, state: State) -> None: ...


def _timed(fn: Callable[[], int]) -> tuple[int, float]:
    """Run ``fn`` and return its count with the CPU time (this process) it took."""
    start = time.process_time()
    count = fn()
    return count, max(time.process_time() - start, 1e-9)


def bench_engine(chapter: str, games: int, seed: int = 1) -> tuple[float, float]:
    """(decisions per second, games per second) of random play over ``games`` games."""

    def run() -> int:
        return sum(play_random_game(chapter, seed + g) for g in range(games))

    decisions, elapsed = _timed(run)
    return decisions / elapsed, games / elapsed


def bench_copies(chapter: str, copies: int = 20_000) -> float:
    """State copies per second (the hand-written copy used by search bots)."""
    game = Game.new(chapter, bench_party(chapter), seed=3)
    st = game.state

    def run() -> int:
        for _ in range(copies):
            st.copy()
        return copies

    n, elapsed = _timed(run)
    return n / elapsed


def bench_chess(games: int = 10, seed: int = 1) -> float:
    """python-chess random-game moves per second: the yardstick (legal move generation + push)."""
    import chess

    rng = random.Random(seed)

    def run() -> int:
        moves = 0
        for _ in range(games):
            board = chess.Board()
            while not board.is_game_over() and moves < 10**7:
                legal = list(board.legal_moves)
                board.push(legal[rng.randrange(len(legal))])
                moves += 1
        return moves

    n, elapsed = _timed(run)
    return n / elapsed


def run_bench(rounds: int = 3, games: int = 20, chapter: str | None = None) -> dict[str, Any]:
    """Every figure as a median over ``rounds`` (ours and chess interleaved, CPU time); the ratio compares medians
    of the same run."""
    chapter = chapter or default_chapter()
    dps: list[float] = []
    gps: list[float] = []
    cps: list[float] = []
    chess_mps: list[float] = []
    for r in range(rounds):
        d, g = bench_engine(chapter, games, seed=1 + r * games)
        dps.append(d)
        gps.append(g)
        chess_mps.append(bench_chess())
        cps.append(bench_copies(chapter))
    decisions = statistics.median(dps)
    chess_moves = statistics.median(chess_mps)
    return {
        "chapter": chapter,
        "rounds": rounds,
        "games_per_round": games,
        "decisions_per_s": round(decisions, 1),
        "games_per_s": round(statistics.median(gps), 2),
        "copies_per_s": round(statistics.median(cps), 1),
        "chess_moves_per_s": round(chess_moves, 1),
        "ratio_vs_chess": round(decisions / chess_moves, 3),
        "timer": "process",
        "build": _build.build_name(),  # compiled (mypyc) or pure (Python): which engine these figures measured
    }
