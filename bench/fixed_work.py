"""CPU seconds for a fixed piece of random play, to compare two trees step by step: ``python bench/fixed_work.py``.

Plays the same random Chapter 1 games (seeds 1..N, the ``mnm bench`` player) several times in this process and
prints the fastest round's CPU time, the decisions and the build. Less noisy than ``mnm bench``'s ratio for
changes of a few percent; the ratio against python-chess stays the figure that counts.
"""

from __future__ import annotations

import sys
import time

try:  # first: runs this script again with .venv/bin/python when mnm is not importable (issue 32)
    import _venv
except ModuleNotFoundError:  # run by runpy from another folder: the calling python imports mnm already
    _venv = None

from mnm import build_name
from mnm.cli.bench import default_chapter, play_random_game


def fixed_work(games: int = 60, rounds: int = 5) -> tuple[float, int]:
    """(fastest round's CPU seconds, decisions per round) of ``games`` random games."""
    chapter = default_chapter()
    play_random_game(chapter, 0)  # the board compiled and the caches warm before timing
    best = float("inf")
    decisions = 0
    for _ in range(rounds):
        start = time.process_time()
        decisions = sum(play_random_game(chapter, seed) for seed in range(1, games + 1))
        best = min(best, time.process_time() - start)
    return best, decisions


if __name__ == "__main__":
    seconds, n = fixed_work(int(sys.argv[1]) if len(sys.argv) > 1 else 60)
    print(f"{build_name()} {seconds:.3f} s CPU for {n} decisions ({n / seconds:,.0f}/s)")
