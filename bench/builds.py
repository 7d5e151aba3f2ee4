"""The two engine builds side by side: ``python bench/builds.py [--quick]``.

Each build runs in its own process (``MNM_ENGINE=pure`` / ``compiled``, src/mnm/_build.py), the builds
alternating round by round so both see the same machine load; every figure is CPU time of that process and the
table shows medians. Per build:

* ``mnm bench`` figures: decisions/s of random play, state copies/s, and python-chess's moves/s in the same run
  (``ratio_vs_chess``);
* heuristic bot: Chapter 1 games/s (the bot of ``mnm simulate``);
* search bot: seconds per turn decision it searches (MCTS, 40 iterations), over the first decisions of a game;
* hints: seconds for the hints at Chapter 1's first mouse turn with 300 playouts (100 per option for 3 options,
  the budget the web and terminal clients show a chance for).

The compiled build must be built (scripts/compile.sh).
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

try:  # first: runs this script again with .venv/bin/python when mnm is not importable (issue 32)
    import _venv
except ModuleNotFoundError:  # run by runpy from another folder: the calling python imports mnm already
    _venv = None

SRC = Path(__file__).resolve().parent.parent / "src"
CHAPTER = "flight-to-barksburg"
PARTY = ["collin", "tilda", "filch", "maginos"]
HINT_PLAYOUTS = 300


def measure(quick: bool) -> dict[str, Any]:
    """Every figure for the engine build this process runs."""
    from mnm import build_name
    from mnm.bots.hints import hints
    from mnm.bots.mcts import SearchBot
    from mnm.bots.policy import HeuristicBot
    from mnm.cli.bench import run_bench
    from mnm.engine import Game

    out: dict[str, Any] = {"build": build_name()}
    out.update(run_bench(rounds=3, games=10 if quick else 20))

    games = 4 if quick else 20
    start = time.process_time()
    for seed in range(games):
        game = Game.new(CHAPTER, PARTY, seed=seed)
        bot = HeuristicBot(seed=seed)
        while game.decision() is not None:
            game.apply(bot.choose(game))
    out["heuristic_games_per_s"] = round(games / (time.process_time() - start), 2)

    game = Game.new(CHAPTER, PARTY, seed=1)
    search = SearchBot(seed=1)
    searched = 0
    spent = 0.0
    while game.decision() is not None and searched < (4 if quick else 15):
        decision = game.decision()
        start = time.process_time()
        action = search.choose(game)
        if decision is not None and decision.kind == "turn" and len(decision.options) > 1:
            spent += time.process_time() - start
            searched += 1
        game.apply(action)
    out["search_s_per_decision"] = round(spent / max(searched, 1), 3)

    game = Game.new(CHAPTER, PARTY, seed=1)
    heuristic = HeuristicBot(seed=1)
    while (decision := game.decision()) is not None and decision.kind != "turn":
        game.apply(heuristic.choose(game))  # to the first mouse turn
    start = time.process_time()
    hints(game, count=3, iterations=HINT_PLAYOUTS, seed=1, seconds=None)  # all 300 playouts, no time limit
    out["hint_s_300_playouts"] = round(time.process_time() - start, 2)
    return out


def main() -> None:
    if sys.argv[1:2] == ["--child"]:
        print(json.dumps(measure(quick="--quick" in sys.argv)))
        return
    quick = "--quick" in sys.argv
    rounds = 1 if quick else 3
    runs: dict[str, list[dict[str, Any]]] = {"pure": [], "compiled": []}
    for _ in range(rounds):
        for build in runs:
            env = dict(os.environ, MNM_ENGINE=build)
            env["PYTHONPATH"] = os.pathsep.join(p for p in (str(SRC), env.get("PYTHONPATH", "")) if p)
            args = [sys.executable, __file__, "--child"] + (["--quick"] if quick else [])
            done = subprocess.run(args, env=env, capture_output=True, text=True)
            if done.returncode != 0:  # e.g. the compiled engine is not built: one line that says what to do
                last = (done.stderr.strip().splitlines() or ["failed"])[-1]
                print(f"Error: the {build} engine cannot be measured: {last.split(': ', 1)[-1]}", file=sys.stderr)
                raise SystemExit(2)
            runs[build].append(json.loads(done.stdout))
    keys = [
        k for k, v in runs["pure"][0].items() if isinstance(v, int | float) and k not in ("rounds", "games_per_round")
    ]
    print(f"{'figure (median of ' + str(rounds) + ')':<28} {'pure':>12} {'compiled':>12} {'x':>6}")
    for key in keys:
        pure = statistics.median(r[key] for r in runs["pure"])
        compiled = statistics.median(r[key] for r in runs["compiled"])
        print(f"{key:<28} {pure:>12,.3f} {compiled:>12,.3f} {compiled / pure if pure else 0:>6.2f}")
    print(json.dumps(runs))


if __name__ == "__main__":
    main()
