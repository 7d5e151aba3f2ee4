"""The planner's speed and sameness on the shipped chapters: ``python bench/planner_speed.py [--base SRC] [games]``.

Plays ``games`` (default 6) heuristic-bot games of Chapter 1 (seeds 0..games-1) and reports games per second
(``--sim``: played as ``mnm simulate`` and the workshop's play-test play them, :func:`mnm.sim.simulate.play_game`);
with ``--digest`` it also plays 3 heuristic games of every shipped chapter and hashes every action the bot chose,
so a planner change meant to keep the shipped chapters' games can be checked to give the same digest
(``--digest-seeds N``: N games per chapter instead of 3).

With ``--base SRC`` (another tree's ``src`` folder, e.g. ``git archive main src | tar -x -C /tmp/base``) it runs
both trees in alternated fresh processes, ``--rounds`` times (default 5), and prints each tree's median games per
second and their ratio: the "before and after in the same run" of issue 29. Not a test: a speed figure.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

PARTY = ["collin", "tilda", "filch", "maginos"]


def heuristic_games(chapter: str, seeds: range) -> tuple[float, str, int]:
    """(CPU seconds, digest of the chosen actions, games won) of heuristic games of ``chapter``."""
    from mnm.bots.policy import HeuristicBot
    from mnm.engine import Game

    digest = hashlib.sha256()
    won = 0
    start = time.process_time()
    for seed in seeds:
        game = Game.new(chapter, PARTY, seed=seed)
        bot = HeuristicBot(seed=seed)
        n = 0
        while game.decision() is not None and n < 20_000:
            action = bot.choose(game)
            digest.update(str(action).encode())
            game.apply(action)
            n += 1
        won += game.state.status == "won"
    return time.process_time() - start, digest.hexdigest(), won


def simulated_games(chapter: str, seeds: range) -> tuple[float, str, int]:
    """(CPU seconds, digest of the records, games won) of heuristic games of ``chapter`` played as ``mnm simulate``
    and the workshop's play-test play them (:func:`mnm.sim.simulate.play_game`, with the heat map)."""
    import json

    from mnm.sim.simulate import GameSpec, play_game

    digest = hashlib.sha256()
    won = 0
    start = time.process_time()
    for seed in seeds:
        record = play_game(GameSpec(chapter, tuple(PARTY), "heuristic", seed), heat=True)
        digest.update(json.dumps(record, sort_keys=True).encode())
        won += record["status"] == "won"
    return time.process_time() - start, digest.hexdigest(), won


def _one(games: int, digest: int, sim: bool = False) -> None:
    from mnm.content.loader import builtin_content

    play = simulated_games if sim else heuristic_games
    seconds, _, _ = play("flight-to-barksburg", range(games))
    print(f"speed {games / seconds:.4f}")
    if digest:
        for chapter in builtin_content().chapters:
            _, d, won = play(chapter, range(digest))
            print(f"digest {chapter} {d[:16]} won {won}/{digest}")


def main(argv: list[str]) -> None:
    ap = argparse.ArgumentParser(description="heuristic games per second on Chapter 1, this tree against another")
    ap.add_argument("games", type=int, nargs="?", default=6)
    ap.add_argument("--base", default="", help="another tree's src folder")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--digest", action="store_true", help="also the shipped chapters' digests (3 seeds each)")
    ap.add_argument("--digest-seeds", type=int, default=0)
    ap.add_argument("--sim", action="store_true", help="play as mnm simulate does (mnm.sim.simulate.play_game)")
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    digest = args.digest_seeds or (3 if args.digest else 0)
    if args.child or not args.base:
        _one(args.games, digest, args.sim)
        return
    here = str(Path(__file__).resolve().parents[1] / "src")
    speeds: dict[str, list[float]] = {"base": [], "this": []}
    for r in range(args.rounds):
        for name, src in (("base", args.base), ("this", here)):
            env = dict(os.environ, PYTHONPATH=src)
            cmd = [sys.executable, __file__, "--child", str(args.games)] + (["--sim"] if args.sim else [])
            cmd += ["--digest-seeds", str(digest)] if digest and r == 0 else []
            out = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True).stdout
            for line in out.splitlines():
                if line.startswith("speed"):
                    speeds[name].append(float(line.split()[1]))
                elif r == 0:
                    print(name, line)
    base_med, this_med = statistics.median(speeds["base"]), statistics.median(speeds["this"])
    print(f"base games/s {[round(s, 3) for s in speeds['base']]} median {base_med:.3f}")
    print(f"this games/s {[round(s, 3) for s in speeds['this']]} median {this_med:.3f}")
    print(f"ratio this/base {this_med / base_med:.3f}")


if __name__ == "__main__":
    main(sys.argv[1:])
