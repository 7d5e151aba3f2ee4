"""Where one search-bot game's time goes (issue 37): cProfile of one game, grouped by what the time is spent on.

``python bench/search_profile.py [--chapter 1] [--seed 0] [--top 25]``. With ``MNM_ENGINE=compiled`` the engine's
own functions are invisible to the profiler (compiled code is one opaque call), so the groups then read "inside
the engine" for listing options and applying them; with ``MNM_ENGINE=pure`` every engine function shows.

Groups (by cumulative time of the outermost call of each kind, so they overlap where one calls another):
copying states (``State.copy``), listing options (``legal_actions``), applying options (``apply_action_in_place``),
the heuristic's scoring (``HeuristicBot.score``), the playout's rules of thumb (``HeuristicBot.turn_choice``),
the plan's advice and progress (``mnm.bots.plan``), the value estimate (``win_probability``).
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import time

from mnm.bots.mcts import SearchBot
from mnm.engine import Game

GROUPS = {
    "copying states": ("copy",),
    "listing options": ("legal_actions",),
    "applying options": ("apply_action_in_place",),
    "heuristic's scoring (one-step looks)": ("score",),
    "playout rules of thumb (turn_choice)": ("turn_choice",),
    "plan: advice": ("advice",),
    "plan: progress": ("progress",),
    "value estimate (win_probability)": ("win_probability",),
    "re-drawing hidden state": ("resample_hidden", "resample_dice"),
}


def play(chapter: str, seed: int, limit: int) -> tuple[Game, int]:
    game = Game.new(chapter, ["collin", "tilda", "filch", "maginos"], seed=seed)
    bot = SearchBot(seed=seed)
    decisions = 0
    while game.decision() is not None and decisions < limit:
        game.apply(bot.choose(game))
        decisions += 1
    return game, decisions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--chapter", default="1")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--decisions", type=int, default=20_000, help="stop after this many (a loaded machine)")
    args = parser.parse_args()
    profiler = cProfile.Profile(time.process_time)  # CPU time: a loaded machine would inflate wall time
    start = time.process_time()
    profiler.enable()
    game, decisions = play(args.chapter, args.seed, args.decisions)
    profiler.disable()
    spent = time.process_time() - start
    print(f"chapter {args.chapter} seed {args.seed}: {game.state.status}, {decisions} decisions, {spent:.2f} s CPU")
    stats = pstats.Stats(profiler)
    raw = stats.stats  # type: ignore[attr-defined]
    total = max((v[3] for v in raw.values()), default=1.0)
    print(f"\n{'group':45} {'calls':>9} {'cum s':>8} {'share':>6}")
    for group, names in GROUPS.items():
        calls = 0
        cum = 0.0
        for (_, _, func), (_, ncalls, _, ct, _) in raw.items():
            if func in names:
                calls += ncalls
                cum += ct  # the cumulative time of calls not inside another call of the same function
        print(f"{group:45} {calls:9d} {cum:8.2f} {cum / total:6.1%}")
    print()
    stats.sort_stats("tottime").print_stats(args.top)


if __name__ == "__main__":
    main()
