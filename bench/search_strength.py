"""The search bot's strength against its cost (issue 37): for each chapter and each search budget, CPU seconds per
game and the win rate against the heuristic bot on the same paired seeds, so the strength/time curve shows.

``python bench/search_strength.py [--chapters 0,1,2,3,4] [--games 100] [--seed 0] [--budgets quick,standard]
[--workers 1] [--chapter-dir DIR] [--try NAME=JSON ...] [--hints] [--json FILE]``

A benchmark, not a test: the figures depend on the machine (seconds) and on the seeds (win rates). Each game's
CPU seconds are measured in the process that plays it (``time.process_time``), so a loaded machine slows the
wall clock more than these. Game ``i`` uses seed ``seed + i`` for the game and the bot, as ``mnm simulate``
does; the heuristic plays the same seeds, and the margin is search-only wins minus heuristic-only wins over them,
with its 95% interval (:func:`mnm.sim.simulate.paired_margin`). ``--chapter-dir`` adds every chapter file of a
folder (a corpus of chapters) to the shipped ones. ``--try NAME=JSON`` measures a budget that is not in
``mcts.BUDGETS`` (``--try h4='{"horizon": 4}'``: the standard budget with that change), the way each of its
entries was chosen. ``--hints`` also times the hints at Chapter 1's first mouse turn (the default budget: every
shown option on 100 playouts or more; median CPU seconds of three, beside a heuristic Chapter 1 game in the same
process). The closing lines say whether issue 37's targets are met by the Chapter 1 figures of the run.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import statistics
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from mnm.bots.mcts import BUDGETS, SearchBot
from mnm.bots.policy import HeuristicBot, Policy
from mnm.content.loader import Content, builtin_content
from mnm.engine import Game, difficulty_options
from mnm.sim.simulate import paired_margin, wilson_interval

PARTY = ["collin", "tilda", "filch", "maginos"]
MAX_DECISIONS = 5_000


def _content(chapter_file: str) -> Content:
    if not chapter_file:
        return builtin_content()
    from mnm.chapters.file import read_chapter_text

    return read_chapter_text(Path(chapter_file).read_text(encoding="utf-8"), chapter_file)


def _add_tried(specs: list[str]) -> list[str]:
    """``NAME=JSON`` budgets added to ``BUDGETS`` (before the workers fork: they inherit it); their names."""
    names = []
    for spec in specs:
        name, _, text = spec.partition("=")
        if not name or name in BUDGETS or name == "heuristic":
            raise SystemExit(f"--try {spec!r}: give a new budget name, then =, then its JSON settings")
        # JSON lists become tuples: the compiled bot checks its fields' types (``checked``, ``settled``)
        settings = {k: tuple(v) if isinstance(v, list) else v for k, v in json.loads(text or "{}").items()}
        SearchBot(**settings)  # a misspelt setting fails here, once, not in every worker
        BUDGETS[name] = settings
        names.append(name)
    return names


def _bot(budget: str, seed: int) -> Policy:
    if budget == "heuristic":
        return HeuristicBot(seed=seed)
    return SearchBot(seed=seed, **BUDGETS[budget])


def play(task: tuple[str, str, str, int]) -> dict[str, Any]:
    """One game: (chapter, chapter file or "", budget or "heuristic", seed) -> its record with CPU seconds."""
    chapter, chapter_file, budget, seed = task
    content = _content(chapter_file)
    start = time.process_time()
    game = Game.new(chapter, PARTY, seed=seed, options=difficulty_options("normal"), content=content)
    bot = _bot(budget, seed)
    decisions = 0
    while game.decision() is not None and decisions < MAX_DECISIONS:
        game.apply(bot.choose(game))
        decisions += 1
    return {
        "chapter": chapter,
        "budget": budget,
        "seed": seed,
        "status": game.state.status,
        "decisions": decisions,
        "cpu": time.process_time() - start,
    }


def _chapters(names: str, chapter_dir: str) -> list[tuple[str, str]]:
    """(chapter id or key, chapter file or "") for the shipped chapters asked for and a folder's chapter files."""
    out = [(c, "") for c in names.split(",") if c]
    if chapter_dir:
        for path in sorted(Path(chapter_dir).glob("*.yaml")):
            content = _content(str(path))
            out.append((next(iter(content.chapter_files)), str(path)))
    return out


def _map(tasks: list[tuple[str, str, str, int]], workers: int) -> Iterator[dict[str, Any]]:
    if workers <= 1:
        yield from map(play, tasks)
        return
    with multiprocessing.get_context("fork").Pool(workers) as pool:
        yield from pool.imap_unordered(play, tasks)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--chapters", default="0,1,2,3,4")
    parser.add_argument("--chapter-dir", default="")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--budgets", default=",".join(BUDGETS))
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--json", default="", help="also write every game's record to this file (JSON lines)")
    parser.add_argument("--summarise", default="", help="only print the table of a --json file (a run cut short)")
    parser.add_argument("--try", dest="tried", action="append", default=[], metavar="NAME=JSON")
    parser.add_argument("--hints", action="store_true", help="also time the hints at Chapter 1's first turn")
    args = parser.parse_args()
    tried = _add_tried(args.tried)
    if args.summarise:
        with open(args.summarise, encoding="utf-8") as lines:
            done = [json.loads(line) for line in lines if line.strip()]
        _print_table(
            done, list(dict.fromkeys(r["chapter"] for r in done)), list(dict.fromkeys(r["budget"] for r in done))
        )
        for line in targets(done, None):
            print(line)
        return
    budgets = [b for b in args.budgets.split(",") if b] + tried
    chapters = _chapters(args.chapters, args.chapter_dir)
    # seed by seed, so that a run stopped early (a loaded machine) leaves every chapter and budget as far along
    tasks = [
        (chapter, path, budget, args.seed + i)
        for i in range(args.games)
        for chapter, path in chapters
        for budget in ["heuristic", *budgets]
    ]
    records: list[dict[str, Any]] = []
    for record in _map(tasks, args.workers):
        records.append(record)
        if args.json:
            with open(args.json, "a", encoding="utf-8") as out:
                out.write(json.dumps(record) + "\n")
    _print_table(records, [c for c, _ in chapters], ["heuristic", *budgets])
    hint = time_hints() if args.hints else None
    if hint is not None:
        print(
            f"hints at Chapter 1's first mouse turn: {hint['seconds']:.3f} s CPU (median of 3), shown options on "
            f"{hint['fewest_playouts']}+ playouts each; a heuristic Chapter 1 game in the same process "
            f"{hint['heuristic_game']:.3f} s"
        )
    for line in targets(records, hint):
        print(line)


def time_hints(runs: int = 3) -> dict[str, float]:
    """CPU seconds of the hints (default budget, no time limit) at Chapter 1's first mouse turn, median of
    ``runs``, the fewest playouts of a shown option, and a heuristic Chapter 1 game's CPU seconds as yardstick."""
    from mnm.bots.hints import hints

    game = Game.new("1", PARTY, seed=1)
    heuristic = HeuristicBot(seed=1)
    while (decision := game.decision()) is not None and decision.kind != "turn":
        game.apply(heuristic.choose(game))  # to the first mouse turn
    hints(game, count=3, seed=0, seconds=None)  # warm: the plan and the value estimate's caches
    spent, fewest = [], 10**9
    for run in range(runs):
        start = time.process_time()
        shown = hints(game, count=3, seed=run, seconds=None)
        spent.append(time.process_time() - start)
        fewest = min([fewest, *(h.playouts for h in shown)])
    start = time.process_time()
    yardstick = Game.new("1", PARTY, seed=7)
    bot = HeuristicBot(seed=7)
    while yardstick.decision() is not None:
        yardstick.apply(bot.choose(yardstick))
    return {
        "seconds": statistics.median(spent),
        "fewest_playouts": fewest,
        "heuristic_game": time.process_time() - start,
    }


def targets(records: list[dict[str, Any]], hint: dict[str, float] | None) -> list[str]:
    """Issue 37's targets against the run's Chapter 1 figures of the ``standard`` budget: at most 1 CPU second a
    game, a gain over the heuristic of at least 10 points on 500 paired seeds or more (with its interval), and the
    hints (``--hints``) at most 0.3 s with every shown option on 100 playouts or more."""
    runs = [r for r in records if r["chapter"] in ("1", "flight-to-barksburg") and r["budget"] == "standard"]
    base = [r for r in records if r["chapter"] in ("1", "flight-to-barksburg") and r["budget"] == "heuristic"]
    if not runs:
        return ["targets: no Chapter 1 games of the standard budget in this run"]
    cpu = sum(r["cpu"] for r in runs) / len(runs)
    m = paired_margin(base, runs)
    out = [
        f"target: standard search <= 1 s a Chapter 1 game: {cpu:.3f} s {'met' if cpu <= 1.0 else 'NOT met'}",
        f"target: gain >= 10 points on >= 500 paired seeds: {m['margin'] * 100:+.1f} "
        f"({m['ci95'][0] * 100:+.1f} to {m['ci95'][1] * 100:+.1f}) on {m['seeds']} seeds "
        + ("met" if m["margin"] >= 0.10 and m["seeds"] >= 500 else "NOT met"),
    ]
    if hint is not None:
        ok = hint["seconds"] <= 0.3 and hint["fewest_playouts"] >= 100
        out.append(
            f"target: hints <= 0.3 s with >= 100 playouts an option: {hint['seconds']:.3f} s, "
            f"{hint['fewest_playouts']} playouts {'met' if ok else 'NOT met'}"
        )
    return out


def _print_table(records: list[dict[str, Any]], chapters: list[str], budgets: list[str]) -> None:
    """Per chapter and bot: games, CPU seconds per game (mean, median), win rate and the paired margin."""
    budgets = ["heuristic", *(b for b in budgets if b != "heuristic")]
    print(
        f"{'chapter':24} {'bot':10} {'games':>5} {'s/game':>7} {'median':>7} {'won':>6} {'95% interval':>14} "
        f"{'paired margin (95%)':>24}"
    )
    for chapter in chapters:
        base = [r for r in records if r["chapter"] == chapter and r["budget"] == "heuristic"]
        for budget in budgets:
            runs = [r for r in records if r["chapter"] == chapter and r["budget"] == budget]
            if not runs:
                continue
            n = len(runs)
            won = sum(r["status"] == "won" for r in runs)
            low, high = wilson_interval(won, n)
            cpu = [r["cpu"] for r in runs]
            margin = ""
            if budget != "heuristic":
                m = paired_margin(base, runs)
                seeds = {r["seed"] for r in runs}
                same = sum(r["status"] == "won" for r in base if r["seed"] in seeds) / max(1, m["seeds"])
                margin = (
                    f"{m['margin'] * 100:+.1f} ({m['ci95'][0] * 100:+.1f} to {m['ci95'][1] * 100:+.1f})"
                    f" vs heuristic {same:.1%} on the same {m['seeds']} seeds"
                )
            print(
                f"{chapter:24} {budget:10} {n:5d} {sum(cpu) / n:7.3f} {statistics.median(cpu):7.3f} "
                f"{won / n:6.1%} {low * 100:6.1f}-{high * 100:5.1f}% {margin:>24}"
            )


if __name__ == "__main__":
    main()
