"""The generated-corpus benchmark (issue 43): ``python bench/generated_corpus.py [--chapters N] [--search M]
[--workers W] [--seeds A-B | --seeds s1,s2,...] [--why]``.

It generates ``N`` chapters (default 320; ``mnm.chapters.generate``: families of constructs, 1-4 mice, each with
the route it was built from) from seeds drawn **fresh on each run** (printed, so a run can be repeated with
``--seeds``; a planner cannot be fitted to a list), and plays each once with the waypoint bot following the
chapter's own solution (the baseline), the heuristic bot (the planner reading the chapter) and, on the first
``M`` chapters of each family (default 5; it is slow), the search bot. It prints, per family: the chapters, each
bot's wins with the Wilson 95% interval, the heuristic's share of the baseline, and whether the targets hold
(heuristic at least 80% of the baseline on every family, search at least the heuristic on the chapters it
played, no family at 0%). With ``--why``, for each chapter the heuristic lost, the first line of the workshop
play-test's diagnosis of that game (:func:`mnm.workshop.diagnose.diagnose`). Not a test: figures. Quote
``uptime`` beside them.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor

HEROES = ["collin", "tilda", "filch", "maginos"]
MAX_DECISIONS = 6000
STALL_ROUNDS = 30  # rounds on one hourglass page: the bots found nothing to do (the workshop's rule)


def play(seed: int, bot_name: str, game_seed: int) -> tuple[int, str, str, int, bool]:
    """One game of generated chapter ``seed`` by ``bot_name``: (seed, family, bot, mice, won)."""
    from mnm.bots.policy import HeuristicBot, Policy
    from mnm.bots.waypoints import WaypointBot, waypoint_of
    from mnm.chapters.file import read_chapter_text
    from mnm.chapters.generate import generate
    from mnm.engine import Game

    made = generate(seed)
    content = read_chapter_text(made.text, f"{made.chapter_id}.yaml")
    game = Game.new(made.chapter_id, HEROES[: made.mice], seed=game_seed, content=content)
    bot: Policy
    if bot_name == "waypoints":
        bot = WaypointBot(seed=game_seed, route=tuple(waypoint_of(w) for w in made.route))
    elif bot_name == "search":
        from mnm.bots.mcts import SearchBot

        bot = SearchBot(seed=game_seed)
    else:
        bot = HeuristicBot(seed=game_seed)
    decisions = 0
    page, since = game.state.hourglass, game.state.round
    while game.decision() is not None and decisions < MAX_DECISIONS:
        game.apply(bot.choose(game))
        decisions += 1
        if game.state.hourglass != page:
            page, since = game.state.hourglass, game.state.round
        elif game.state.round - since >= STALL_ROUNDS:
            break
    return seed, made.family, bot_name, made.mice, game.state.status == "won"


def _job(args: tuple[int, str]) -> tuple[int, str, str, int, bool]:
    seed, bot = args
    return play(seed, bot, seed % 1000)


def why(seed: int) -> str:
    """The first line of the play-test's diagnosis of the heuristic's game of generated chapter ``seed`` (the
    same game as :func:`play`'s, played with the workshop's notes), or '' when that game was won."""
    from mnm.chapters.file import added_chapter, read_chapter_text
    from mnm.chapters.generate import generate
    from mnm.workshop.diagnose import diagnose
    from mnm.workshop.playtest import play_chunk

    made = generate(seed)
    chapter = added_chapter(read_chapter_text(made.text, "workshop"))[0]
    records = play_chunk(made.text, tuple(HEROES[: made.mice]), "heuristic", "normal", (seed % 1000,))["records"]
    found = diagnose(chapter, records)
    return str(found[0]["en"]) if found else ""


def _seeds(spec: str, count: int) -> list[int]:
    if not spec:
        base = random.SystemRandom().randrange(10**6, 10**9)
        return list(range(base, base + count))
    if "-" in spec and "," not in spec:
        a, b = spec.split("-", 1)
        return list(range(int(a), int(b) + 1))
    return [int(s) for s in spec.split(",") if s.strip()]


def _rate(wins: int, n: int) -> str:
    from mnm.bots.hints import wilson

    lo, hi = wilson(wins, n)
    return f"{wins:3d}/{n:<3d} {100 * wins / max(1, n):5.1f}% ({100 * lo:4.1f}-{100 * hi:4.1f})"


def main(argv: list[str]) -> None:
    from mnm.chapters.generate import FAMILIES, generate

    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--chapters", type=int, default=320)
    ap.add_argument("--search", type=int, default=5, help="chapters per family the search bot plays (0: none)")
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--seeds", default="", help="A-B or a,b,c: the chapters' seeds (default: drawn fresh)")
    ap.add_argument("--why", action="store_true", help="print the play-test's diagnosis of each chapter the heuristic lost")
    args = ap.parse_args(argv)
    seeds = _seeds(args.seeds, args.chapters)
    print(f"seeds: {seeds[0]}-{seeds[-1]}" if seeds == list(range(seeds[0], seeds[-1] + 1)) else f"seeds: {seeds}")
    print(f"repeat with: python bench/generated_corpus.py --seeds {seeds[0]}-{seeds[-1]} --search {args.search}")
    family_of = {s: generate(s).family for s in seeds}
    searched: dict[str, list[int]] = defaultdict(list)
    for s in seeds:
        if len(searched[family_of[s]]) < args.search:
            searched[family_of[s]].append(s)
    jobs = [(s, bot) for s in seeds for bot in ("waypoints", "heuristic")]
    jobs += [(s, "search") for fam in FAMILIES for s in searched.get(fam, [])]
    started = time.perf_counter()
    results: dict[tuple[int, str], bool] = {}
    mice: dict[int, int] = {}
    with ProcessPoolExecutor(max(1, args.workers)) as pool:
        for seed, _family, bot, n_mice, won in pool.map(_job, jobs, chunksize=4):
            results[(seed, bot)] = won
            mice[seed] = n_mice
    took = time.perf_counter() - started
    print(f"{len(jobs)} games in {took:.0f} s; mice per chapter: "
          + ", ".join(f"{k}: {sum(1 for v in mice.values() if v == k)}" for k in range(1, 5)))
    print(f"{'family':14s} {'n':>4s}  {'baseline (waypoints)':26s} {'heuristic':26s} {'share':>6s}  "
          f"{'search (its chapters)':26s} {'heuristic there':>15s}  targets")
    all_met = True
    for fam in FAMILIES:
        mine = [s for s in seeds if family_of[s] == fam]
        if not mine:
            print(f"{fam:14s} {0:4d}  (no chapter of this family in the sample)")
            continue
        base = sum(results[(s, "waypoints")] for s in mine)
        heur = sum(results[(s, "heuristic")] for s in mine)
        share = heur / base if base else (1.0 if heur == 0 else 9.9)
        ss = searched.get(fam, [])
        srch = sum(results[(s, "search")] for s in ss)
        heur_there = sum(results[(s, "heuristic")] for s in ss)
        met = share >= 0.8 and heur > 0 and base > 0 and (not ss or srch >= heur_there)
        all_met = all_met and met
        print(
            f"{fam:14s} {len(mine):4d}  {_rate(base, len(mine))} {_rate(heur, len(mine))} "
            f"{f'{100 * share:5.0f}%' if base else '   n/a'}  "
            f"{_rate(srch, len(ss)) if ss else 'n/a':26s} {heur_there:7d}/{len(ss):<7d}  {'met' if met else 'NOT met'}"
        )
    print("targets (heuristic >= 80% of the baseline on every family, search >= heuristic, no family at 0%): "
          + ("met" if all_met else "NOT met"))
    if args.why:
        lost = [s for s in seeds if not results[(s, "heuristic")]]
        print(f"why the heuristic lost ({len(lost)} chapters; the play-test's first line, its game replayed with notes):")
        with ProcessPoolExecutor(max(1, args.workers)) as pool:
            for s, line in zip(lost, pool.map(why, lost, chunksize=4), strict=True):
                print(f"  {s} {family_of[s]:14s} {line or '(won when replayed with the play-test rules)'}")


if __name__ == "__main__":
    main(sys.argv[1:])
