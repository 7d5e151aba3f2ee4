"""The planner's corpus benchmark (issue 29): ``python bench/planner_corpus.py [--seeds N] [--search M] [--workers W]``.

For every chapter of the corpus (``tests/bots/chapters/corpus/*.yaml``, chapters written only in the documented
language) it plays seeds ``0..N-1`` (default 100) with the heuristic bot (the planner reading the chapter's rule
graph) and with the same bot told where to go by its hand-written route (``tests/bots/corpus_waypoints.yaml``, the
baseline), and seeds ``0..M-1`` (default 10) with the search bot; it prints each win rate with its Wilson 95%
interval, the heuristic's share of its baseline (target: at least 80%) and the heuristic on the seeds the search
bot played. ``--out FILE`` keeps every result as it ends and resumes from it (``--summary``: only the table);
``--only TEXT`` keeps the chapters whose id contains TEXT; ``--trace SEED`` prints, for each chapter, the
planner's sub-goal each time it changes in that seed's heuristic game. Not a test: figures.
"""

from __future__ import annotations

import argparse
import json
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

CORPUS = Path(__file__).resolve().parents[1] / "tests" / "bots" / "chapters" / "corpus"
ROUTES = CORPUS.parents[1] / "corpus_waypoints.yaml"  # the hand-written route of each corpus chapter
HEROES = ["collin", "tilda", "filch", "maginos"]
MAX_DECISIONS = 6000
STALL_ROUNDS = 30  # rounds on one hourglass page: the bots found nothing to do (the workshop's rule)

_CONTENT: dict[str, Any] = {}
_ROUTES: list[Path] = [ROUTES]  # --routes (set in the workers too: see _job)


def corpus_files() -> list[Path]:
    return sorted(CORPUS.glob("*.yaml"))


def _content(path: str) -> Any:
    from mnm.chapters.file import read_chapter_text

    if path not in _CONTENT:
        _CONTENT[path] = read_chapter_text(Path(path).read_text(encoding="utf-8"), Path(path).name)
    return _CONTENT[path]


def play(path: str, bot_name: str, seed: int, trace: bool = False) -> tuple[bool, list[str]]:
    """One game of the chapter file ``path`` by ``bot_name`` (heuristic, waypoints, search): (won, trace lines)."""
    from mnm.bots.policy import HeuristicBot, Policy
    from mnm.engine import Game

    content = _content(path)
    chapter = next(c for c in content.chapters.values() if content.chapter_files.get(c.id))
    party = HEROES[: chapter.party_size]
    game = Game.new(chapter.id, party, seed=seed, content=content)
    bot: Policy
    if bot_name == "waypoints":
        from mnm.bots.waypoints import WaypointBot, load_routes

        bot = WaypointBot(seed=seed, route=load_routes(_ROUTES[0]).get(chapter.id, ()))
    elif bot_name == "search":
        from mnm.bots.mcts import SearchBot

        bot = SearchBot(seed=seed)
    else:
        bot = HeuristicBot(seed=seed)
    lines: list[str] = []
    decisions = 0
    page, since = game.state.hourglass, game.state.round
    while game.decision() is not None and decisions < MAX_DECISIONS:
        if trace:
            from mnm.bots.policy import explain_plan

            said = f"page {game.state.hourglass}: {explain_plan(game)}"
            if not lines or lines[-1].split(": ", 1)[1] != said.split(": ", 1)[1]:
                lines.append(said)
        game.apply(bot.choose(game))
        decisions += 1
        if game.state.hourglass != page:
            page, since = game.state.hourglass, game.state.round
        elif game.state.round - since >= STALL_ROUNDS:
            break
    if trace:
        lines.append(f"end: {game.state.status} ({game.state.outcome or ''}) on page {game.state.hourglass}")
    return game.state.status == "won", lines


def _job(args: tuple[str, str, int, str]) -> tuple[str, str, int, bool]:
    path, bot, seed, routes = args
    _ROUTES[0] = Path(routes)
    return path, bot, seed, play(path, bot, seed)[0]


def main(argv: list[str]) -> None:
    from mnm.bots.hints import wilson

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=100)
    ap.add_argument("--search", type=int, default=10)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--only", default="")
    ap.add_argument("--trace", type=int, default=None)
    ap.add_argument("--out", default="", help="a JSONL file of results, appended to and resumed from")
    ap.add_argument("--reverse", action="store_true", help="play the jobs from the last")
    ap.add_argument("--summary", action="store_true", help="play nothing: the table of the games in --out")
    ap.add_argument("--bots", default="heuristic,waypoints", help="of heuristic, waypoints (another tree: heuristic)")
    ap.add_argument("--dir", default="", help="another directory of chapter files (e.g. tests/bots/chapters/patterns)")
    ap.add_argument("--routes", default="", help="the waypoints file of --dir's chapters")
    args = ap.parse_args(argv)
    if args.routes:
        _ROUTES[0] = Path(args.routes).resolve()
    corpus = Path(args.dir).resolve() if args.dir else CORPUS
    files = [p for p in sorted(corpus.glob("*.yaml")) if args.only in p.stem]
    if args.trace is not None:
        for p in files:
            won, lines = play(str(p), "heuristic", args.trace, trace=True)
            print(f"== {p.stem} seed {args.trace}: {'won' if won else 'lost'}")
            print("\n".join(f"   {line}" for line in lines))
        return
    bots = [b for b in args.bots.split(",") if b]
    routes = str(_ROUTES[0])
    jobs = [(str(p), bot, s, routes) for p in files for bot in bots for s in range(args.seeds)]
    jobs += [
        (str(p), "search", s, routes) for s in range(args.search) for p in files
    ]  # seed by seed: every chapter early
    wins: dict[tuple[str, str], dict[int, bool]] = {}
    # every game's result is appended to --out as it ends, and a run with the same --out skips the games there
    done: set[tuple[str, str, int]] = set()
    out = Path(args.out) if args.out else None
    if out is not None and out.exists():
        for line in out.read_text(encoding="utf-8").splitlines():
            rec = json.loads(line)
            done.add((rec["chapter"], rec["bot"], rec["seed"]))
            wins.setdefault((str(corpus / rec["chapter"]), rec["bot"]), {})[rec["seed"]] = rec["won"]
    jobs = [j for j in jobs if (Path(j[0]).name, j[1], j[2]) not in done and not args.summary]
    if args.reverse:  # a second process on the same --out, from the other end
        jobs.reverse()
    with ProcessPoolExecutor(max(1, args.workers)) as pool:
        for path, bot, seed, won in pool.map(_job, jobs, chunksize=2):
            wins.setdefault((path, bot), {})[seed] = won
            if out is not None:
                with out.open("a", encoding="utf-8") as f:
                    f.write(json.dumps({"chapter": Path(path).name, "bot": bot, "seed": seed, "won": won}) + "\n")

    def rate(path: str, bot: str, seeds: range) -> str:
        got = wins.get((path, bot), {})
        n = len([s for s in seeds if s in got])
        w = sum(1 for s in seeds if got.get(s))
        lo, hi = wilson(w, n)
        return f"{w:3d}/{n:<3d} {100 * w / max(1, n):5.1f}% ({100 * lo:4.1f}-{100 * hi:4.1f})"

    print(f"{'chapter':28s} {'mice':>4s}  {'heuristic':27s} {'baseline (waypoints)':27s} {'share':>6s}  search")
    worst = 9.9
    for p in files:
        path = str(p)
        content = _content(path)
        chapter = next(c for c in content.chapters.values() if content.chapter_files.get(c.id))
        h = wins.get((path, "heuristic"), {})
        b = wins.get((path, "waypoints"), {})
        share = sum(h.values()) / sum(b.values()) if sum(b.values()) else 1.0
        worst = min(worst, share) if b else worst
        shown = f"{100 * share:5.0f}%" if b else "   n/a"
        played = sorted(wins.get((path, "search"), {}))
        same = sum(1 for s in played if h.get(s))
        search = rate(path, "search", range(args.search)) + f", heuristic {same}/{len(played)} on the same seeds"
        print(
            f"{chapter.id:28s} {chapter.party_size:4d}  {rate(path, 'heuristic', range(args.seeds))} "
            f"{rate(path, 'waypoints', range(args.seeds))} {shown}  {search}"
        )
    if worst <= 9.0:
        print(f"lowest share of the baseline: {100 * worst:.0f}% (target: at least 80% on every chapter)")


if __name__ == "__main__":
    main(sys.argv[1:])
