"""Simulation scaling: games/s of ``mnm simulate`` with 1 and 2 (or more) worker processes.

    python bench/sim_scaling.py [--games 200] [--rounds 3] [--bot heuristic] [--chapter 1] [--workers 1,2] [--json]

Each worker count plays the same seeds; every figure is the median of ``rounds`` runs, timed by the wall clock
(parallel speed-up is a wall-clock matter), and the rounds of different worker counts are interleaved so a
noisy neighbour hurts them alike. The speed-up is the ratio to one worker measured in the same run. The records
of every run are compared too: the worker count must never change a result.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

try:  # first: runs this script again with .venv/bin/python when mnm is not importable (issue 32)
    import _venv
except ModuleNotFoundError:  # run by runpy from another folder: the calling python imports mnm already
    _venv = None

from mnm.content.loader import builtin_content
from mnm.sim.simulate import run_simulation

PARTY = ["collin", "tilda", "filch", "maginos"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--bot", default="heuristic")
    parser.add_argument("--chapter", default="1")
    parser.add_argument("--workers", default="1,2")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    chapter = builtin_content().chapter(args.chapter).id
    counts = [int(w) for w in args.workers.split(",")]
    times: dict[int, list[float]] = {w: [] for w in counts}
    records: dict[int, object] = {}
    for _ in range(args.rounds):
        for w in counts:
            start = time.perf_counter()
            _, recs = run_simulation(chapter, PARTY, args.bot, args.games, seed=0, workers=w)
            times[w].append(time.perf_counter() - start)
            records.setdefault(w, recs)
            assert recs == records[counts[0]], "the worker count changed a result"
    rates = {w: args.games / statistics.median(t) for w, t in times.items()}
    figures = {
        "chapter": chapter,
        "bot": args.bot,
        "games": args.games,
        "rounds": args.rounds,
        "games_per_s": {str(w): round(r, 2) for w, r in rates.items()},
        "speedup_vs_1": {str(w): round(r / rates[counts[0]], 2) for w, r in rates.items()},
    }
    print(json.dumps(figures) if args.json else "\n".join(f"{k:>14}: {v}" for k, v in figures.items()))


if __name__ == "__main__":
    main()
