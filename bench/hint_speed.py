"""The hints at Chapter 1's first turn (issue 44): how long the first honest answer takes, and whether the chance it
shows describes the party a person leads. ``python bench/hint_speed.py [--workers 1] [--chance N] [--check-fit]``

- **First honest answer**: the wall and CPU seconds of :func:`mnm.bots.hints.hints` (3 options, the default budget,
  no time limit) at the first turn of Chapter 1 (seed 1), in a fresh process: the first hint of a chapter, which
  also pays for the value estimate's chapter weights unless they were fitted ahead (:mod:`mnm.bots.fits`). It
  prints both: with the fit ahead, and with the fit paid then (the time before issue 44's fits).
- ``--chance N``: N playouts from the first turn of Chapter 1 (seeds 0..N-1, the futures re-drawn), played to the end
  by the playouts' rules without and with the heroes' rules of thumb (``hero``), and the same futures truncated at
  the hints' horizon and scored by the value estimate: the share won beside the new party's measured rate at
  ``normal`` (``MEASURED``; the heuristic bot, which uses abilities). A hint's chance is this share for one option.
- ``--check-fit``: fits Chapter 1's hero weights afresh and compares them with :data:`mnm.bots.fits.HERO_FITS`.

Not a test: figures. Say the load (``uptime``) with them.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import time

import _venv  # noqa: F401  (runs the script with the project's python when needed)

PARTY = ["collin", "tilda", "filch", "maginos"]
CHAPTER = "flight-to-barksburg"


def _first_turn(seed: int):  # type: ignore[no-untyped-def]
    from mnm.engine import Game

    game = Game.new(CHAPTER, PARTY, seed=seed)
    while game.decision() is not None and game.decision().kind != "turn":  # type: ignore[union-attr]
        game.apply(game.legal_actions()[0])
    return game


def first_answer(workers: int, ahead: bool) -> None:
    """In this (fresh) process: one hint at Chapter 1's first turn, timed."""
    from mnm.bots import fits
    from mnm.bots.hints import PLAYOUTS, hints, shown

    if not ahead:
        fits.HERO_FITS.clear()
    game = _first_turn(1)
    wall, cpu = time.perf_counter(), time.process_time()
    found = hints(game, count=3, iterations=PLAYOUTS, seconds=None, workers=workers)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    top = shown(found)
    text = ", ".join(f"{h.action} {h.chance:.0%} ({h.playouts})" for h in top if h.chance is not None)
    print(f"first honest hint ({'fit ahead' if ahead else 'fit paid now'}, {workers} worker(s)): {wall:.2f} s wall, "
          f"{cpu:.2f} s CPU in this process; shown: {text}")


def chance(n: int) -> None:
    from mnm.bots.mcts import rollout_bot
    from mnm.bots.playout import play_out
    from mnm.bots.policy import resample_hidden
    from mnm.bots.value import HORIZON, chapter_weights, win_probability
    from mnm.engine import DIFFICULTY_PRESETS, make_ctx

    rate = DIFFICULTY_PRESETS["normal"].rate(CHAPTER)
    for hero in (False, True):
        won = 0
        estimate = 0.0
        start = time.process_time()
        for seed in range(n):
            game = _first_turn(seed)
            ctx = make_ctx(game.ctx.content, CHAPTER)
            weights = chapter_weights(ctx, game.state, hero=hero)
            for full in (True, False):
                rng = random.Random(seed)
                work = game.state.copy()
                resample_hidden(work, rng)
                end, _ = play_out(ctx, work, rollout_bot(rng.getrandbits(32)), rng, 5000 if full else HORIZON, hero)
                score = 1.0 if end.status == "won" else 0.0 if end.status == "lost" else win_probability(ctx, end, weights)
                if full:
                    won += int(end.status == "won")
                else:
                    estimate += score
        print(
            f"playouts {'with' if hero else 'without'} the hero rules, {n} seeds: won {won / n:.1%} played to the end, "
            f"{estimate / n:.1%} truncated at {HORIZON} decisions and estimated ({time.process_time() - start:.0f} s CPU)"
        )
    if rate is not None:
        print(f"the new party's measured rate at normal: {rate.win_rate:.1%} ({rate.games} games)")


def check_fit() -> None:
    from mnm.bots import fits
    from mnm.bots.value import chapter_weights
    from mnm.engine import make_ctx

    game = _first_turn(0)
    key = fits.fit_key(CHAPTER, game.state.party, game.state.options)
    shipped = fits.HERO_FITS.get(key)
    fits.HERO_FITS.clear()
    fresh = chapter_weights(make_ctx(game.ctx.content, CHAPTER), game.state, hero=True)
    same = shipped is not None and all(abs(a - b) < 1e-9 for a, b in zip(shipped, fresh, strict=True))
    print(f"HERO_FITS for {key}: {'the same as a fresh fit' if same else f'DIFFERS: {shipped} against {fresh}'}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--chance", type=int, default=0)
    ap.add_argument("--check-fit", action="store_true")
    ap.add_argument("--child", choices=("ahead", "now"), help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        first_answer(args.workers, args.child == "ahead")
        return
    print(f"load {os.getloadavg()[0]:.1f}")
    for mode in ("ahead", "now"):
        cmd = [sys.executable, __file__, "--child", mode, "--workers", str(args.workers)]
        print(subprocess.run(cmd, capture_output=True, text=True, check=True).stdout.strip())
    if args.chance:
        chance(args.chance)
    if args.check_fit:
        check_fit()


if __name__ == "__main__":
    main()
