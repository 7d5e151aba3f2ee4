"""The heroes' whole game (issue 44): the heuristic bot with its hero rules of thumb (``mnm.bots.hero``) against the
heuristic before issue 44 (``hero_rules=False``: never an ability or an item), on the same fresh seeds.

``python bench/hero_abilities.py [--chapters 1] [--games 1000] [--seed 20000] [--difficulty normal]
[--search 0] [--json FILE]``

Per chapter: games won by each bot (95% interval), abilities, items and scrolls used per game (and the before-turn
abilities among them), which rules of thumb chose them, and CPU seconds per game (``time.process_time``, measured in
this process one game after another, so the ratio is what counts on a loaded machine). ``--search N`` also plays
the search bot on the first N seeds for its cost per game (the issue asks the heuristic to stay >= 20x cheaper).
Game ``i`` uses seed ``seed + i`` for the game and the bot, as ``mnm simulate`` does.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections import Counter
from typing import Any

import _venv  # noqa: F401  (runs the script with the project's python when needed)

from mnm.bots.mcts import SearchBot
from mnm.bots.policy import HeuristicBot, Policy
from mnm.content.loader import builtin_content
from mnm.engine import Game, difficulty_options
from mnm.sim.simulate import paired_margin, wilson_interval

PARTY = ["collin", "tilda", "filch", "maginos"]
USED = ("ability", "use", "read")


def play(chapter: str, seed: int, bot: Policy, difficulty: str) -> dict[str, Any]:
    content = builtin_content()
    start = time.process_time()
    game = Game.new(chapter, PARTY, seed=seed, options=difficulty_options(difficulty), content=content)
    used: Counter[str] = Counter()
    rules: Counter[str] = Counter()
    before = 0
    decisions = 0
    while game.decision() is not None and decisions < 5_000:
        kind = game.decision().kind  # type: ignore[union-attr]
        action = bot.choose(game)
        if action.verb in USED:
            used[action.verb] += 1
            before += kind == "before_turn"
        rule = getattr(bot, "rule", "")
        if rule:
            rules[rule] += 1
        game.apply(action)
        decisions += 1
    return {
        "won": game.state.status == "won",
        "cpu": time.process_time() - start,
        "used": dict(used),
        "before": before,
        "rules": dict(rules),
    }


def _records(games: list[dict[str, Any]], seed: int) -> list[dict[str, Any]]:
    return [{"seed": seed + i, "status": "won" if g["won"] else "lost"} for i, g in enumerate(games)]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--chapters", default="1")
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=20000)
    ap.add_argument("--difficulty", default="normal")
    ap.add_argument("--search", type=int, default=0, help="search-bot games for its cost (first N seeds)")
    ap.add_argument("--json", default="")
    args = ap.parse_args()
    report: dict[str, Any] = {}
    for chapter in args.chapters.split(","):
        rows: dict[str, list[dict[str, Any]]] = {"before": [], "after": []}
        for i in range(args.games):
            seed = args.seed + i
            rows["before"].append(play(chapter, seed, HeuristicBot(seed=seed, hero_rules=False), args.difficulty))
            rows["after"].append(play(chapter, seed, HeuristicBot(seed=seed), args.difficulty))
        search = [
            play(chapter, args.seed + i, SearchBot(seed=args.seed + i), args.difficulty) for i in range(args.search)
        ]
        out: dict[str, Any] = {}
        for name, games in rows.items():
            wins = sum(g["won"] for g in games)
            low, high = wilson_interval(wins, len(games))
            used = Counter[str]()
            rules = Counter[str]()
            for g in games:
                used.update(g["used"])
                rules.update(g["rules"])
            out[name] = {
                "games": len(games),
                "won": wins,
                "rate": wins / len(games),
                "interval": [low, high],
                "used_per_game": sum(used.values()) / len(games),
                "used": dict(used),
                "before_turn_per_game": sum(g["before"] for g in games) / len(games),
                "games_with_an_ability": sum(1 for g in games if g["used"].get("ability")) / len(games),
                "rules": dict(rules),
                "cpu_mean": statistics.fmean(g["cpu"] for g in games),
                "cpu_median": statistics.median(g["cpu"] for g in games),
            }
        margin = paired_margin(_records(rows["before"], args.seed), _records(rows["after"], args.seed))
        out["paired_margin"] = margin
        out["cost_ratio"] = out["after"]["cpu_mean"] / out["before"]["cpu_mean"]
        if search:
            out["search_cpu_mean"] = statistics.fmean(g["cpu"] for g in search)
            out["search_over_after"] = out["search_cpu_mean"] / out["after"]["cpu_mean"]
            out["search_won"] = sum(g["won"] for g in search)
            out["search_games"] = len(search)
        report[chapter] = out
        print(f"chapter {chapter}, {args.difficulty}, seeds {args.seed}-{args.seed + args.games - 1}")
        for name in ("before", "after"):
            r = out[name]
            print(
                f"  {name:6} won {r['won']}/{r['games']} ({r['rate']:.1%}, {r['interval'][0]:.1%}-{r['interval'][1]:.1%})"
                f"  used/game {r['used_per_game']:.2f} (before-turn {r['before_turn_per_game']:.2f})"
                f"  games with an ability {r['games_with_an_ability']:.0%}  cpu/game {r['cpu_mean']:.3f} s"
            )
        print(f"  paired margin after-before: {margin}")
        print(f"  cost ratio after/before: {out['cost_ratio']:.2f}")
        print(f"  rules: {out['after']['rules']}")
        if search:
            print(
                f"  search: {out['search_won']}/{out['search_games']} won, {out['search_cpu_mean']:.3f} s a game,"
                f" {out['search_over_after']:.0f}x the new heuristic"
            )
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(report, f, indent=1)


if __name__ == "__main__":
    main()
