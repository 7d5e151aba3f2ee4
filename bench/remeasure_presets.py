"""Re-measure every difficulty preset on every shipped chapter, in one command (issue 44): a *new party*'s win rate
(the heuristic bot, abilities included) and, optionally, a *careful party*'s (the search bot) on the first seeds.

``python bench/remeasure_presets.py [--games-ch1 1000] [--games 400] [--careful 0] [--careful-only] [--random 0]
[--random-only] [--workers 2] [--chapters ID,...] [--write] [--json FILE]``

Game ``i`` of a chapter and preset uses seed ``i`` for the game and the bot, exactly as ``mnm simulate --chapter C
--bot heuristic --difficulty D --games N`` does (seeds 0 to N-1), with Collin, Tilda, Filch and Maginos (the first
heroes as many as a chapter's party). It prints a table per chapter, says whether the calibration's bands hold (a new
party wins 35-65% at ``normal``; ``easy`` at least 15 points above, ``hard`` at least 15 below: docs/difficulty.md),
and with ``--write`` rewrites the ``MEASURED`` table in ``src/mnm/engine/rules/setup.py`` (what the new-table form,
``mnm play --help``, the library and the workshop show). Re-run it whenever content, rules or the bots change what a
game is (after merging planner work, for one). ``--careful N`` also plays the search bot on seeds 0 to N-1 of each
chapter and preset (about 40 times the heuristic's cost a game) and stores its rate beside the new party's; without
it, a rewritten row keeps the careful-party figures it had; ``--careful-only`` plays only the search bot and keeps each
row's new-party figures. ``--random N`` plays the random bot on seeds 0 to N-1 too (the first leg of the chapter's
skill depth; cheap: a random party is soon captured) and stores it as the row's ``random``/``random_games``;
``--random-only`` plays only the random bot and keeps the rest of each row.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import re
import time
from pathlib import Path
from typing import Any

import _venv  # noqa: F401  (runs the script with the project's python when needed)

from mnm.content.loader import builtin_content
from mnm.engine import DIFFICULTY_PRESETS
from mnm.sim.simulate import GameSpec, play_game, wilson_interval

ROOT = Path(__file__).resolve().parent.parent
SETUP = ROOT / "src" / "mnm" / "engine" / "rules" / "setup.py"
HEROES = ("collin", "tilda", "filch", "maginos")
PRESETS = ("easy", "normal", "hard")
BAND = (0.35, 0.65)  # a new party's win rate at normal
GAP = 0.15  # easy at least this far above normal, hard at least this far below
ORDER = (  # the MEASURED table's order: Chapter 1 first (DifficultyPreset.win_rate reads it), the sandbox last
    "flight-to-barksburg",
    "the-root-road",
    "the-trickle-crossing",
    "the-ember-vault",
    "the-old-mill",
    "the-mill-race",
    "proving-grounds",
)


def _won(spec: GameSpec) -> tuple[str, str, str, int, bool]:
    record = play_game(spec)
    return spec.chapter, spec.difficulty, spec.bot, spec.seed, record["status"] == "won"


def _party(chapter: str) -> tuple[str, ...]:
    return HEROES[: max(1, min(len(HEROES), builtin_content().chapters[chapter].party_size))]


def measure(
    chapters: list[str],
    games: dict[str, int],
    careful: int,
    workers: int,
    careful_only: bool = False,
    random_games: int = 0,
    random_only: bool = False,
) -> dict[str, Any]:
    specs = []
    for chapter in chapters:
        party = _party(chapter)
        for preset in PRESETS:
            if random_only:
                pass
            elif not careful_only:
                specs += [GameSpec(chapter, party, "heuristic", s, preset) for s in range(games[chapter])]
                specs += [GameSpec(chapter, party, "search", s, preset) for s in range(min(careful, games[chapter]))]
            else:
                specs += [GameSpec(chapter, party, "search", s, preset) for s in range(careful)]
            specs += [GameSpec(chapter, party, "random", s, preset) for s in range(random_games)]
    wins: dict[tuple[str, str, str], list[bool]] = {}
    with multiprocessing.get_context("fork").Pool(workers) as pool:
        for chapter, preset, bot, _seed, won in pool.imap_unordered(_won, specs, chunksize=8):
            wins.setdefault((chapter, preset, bot), []).append(won)
    out: dict[str, Any] = {}
    for (chapter, preset, bot), got in wins.items():
        n, w = len(got), sum(got)
        low, high = wilson_interval(w, n)
        out.setdefault(chapter, {}).setdefault(preset, {})[bot] = {
            "games": n,
            "won": w,
            "rate": round(w / n, 4),
            "ci95": [round(low, 4), round(high, 4)],
        }
    return out


def bands(chapter: str, rates: dict[str, Any]) -> str:
    if any("heuristic" not in rates[p] for p in PRESETS):
        return "no new party in this run (--careful-only, --random-only): the new party's figures are kept"
    if chapter == "proving-grounds":
        return "not calibrated (a rules sandbox)"
    e, n, h = (rates[p]["heuristic"]["rate"] for p in PRESETS)
    problems = []
    if not BAND[0] <= n <= BAND[1]:
        problems.append(f"normal {n:.1%} outside 35-65%")
    if e - n < GAP:
        problems.append(f"easy only {100 * (e - n):+.1f} points over normal")
    if n - h < GAP:
        problems.append(f"hard only {100 * (h - n):+.1f} points under normal")
    return "bands met" if not problems else "NOT met: " + "; ".join(problems)


_HEAD = re.compile(r"MeasuredRate\(\"[^\"]+\", [^,]+, \([^)]*\), \d+")
_CAREFUL = re.compile(r"^, [0-9.]+, \d+")  # right after the head
_RANDOM = re.compile(r", random=[0-9.]+, random_games=\d+")


def _row(chapter: str, got: dict[str, Any], old: str = "") -> str:
    """One ``MeasuredRate`` row of this run; a party this run did not play keeps its figures from ``old`` (the row
    it replaces), so a run without ``--careful`` or ``--random`` never drops them.

    >>> _row("x", {"random": {"rate": 0.0, "games": 400}}, 'MeasuredRate("x", 0.5, (0.4, 0.6), 100, 0.7, 15)')
    'MeasuredRate("x", 0.5, (0.4, 0.6), 100, 0.7, 15, random=0.0, random_games=400)'
    """
    head = _HEAD.match(old)
    rest = old[head.end() :] if head else ""
    careful_old = _CAREFUL.match(rest)
    random_old = _RANDOM.search(rest)
    careful = got.get("search")
    careful_tail = f", {careful['rate']}, {careful['games']}" if careful else careful_old.group(0) if careful_old else ""
    chance = got.get("random")
    random_tail = (
        f", random={chance['rate']}, random_games={chance['games']}" if chance else random_old.group(0) if random_old else ""
    )
    if "heuristic" not in got:  # --careful-only, --random-only: the row's new-party figures stay as they are
        if head is None:
            raise SystemExit(f"no new-party row to keep for {chapter}: measure it first")
        return f"{head.group(0)}{careful_tail}{random_tail})"
    r = got["heuristic"]
    return (
        f'MeasuredRate("{chapter}", {r["rate"]}, ({r["ci95"][0]}, {r["ci95"][1]}), {r["games"]}{careful_tail}{random_tail})'
    )


def measured_block(results: dict[str, Any], kept: dict[tuple[str, str], str] | None = None) -> str:
    """The ``MEASURED`` table's text: this run's rows, and ``kept`` rows (preset, chapter -> row text) for the
    chapters it did not measure, in :data:`ORDER`; a measured row keeps its careful-party figures from ``kept``
    when this run has none (no ``--careful``).

    >>> old = {("normal", "x"): 'MeasuredRate("x", 0.5, (0.4, 0.6), 100, 0.7, 15)'}
    >>> new = {"x": {"normal": {"heuristic": {"rate": 0.45, "ci95": [0.41, 0.49], "games": 400}}}}
    >>> measured_block(new, old).splitlines()[4]
    '        MeasuredRate("x", 0.45, (0.41, 0.49), 400, 0.7, 15),'
    """
    kept = kept or {}
    chapters = list(ORDER) + sorted({c for c in results if c not in ORDER} | {c for _, c in kept if c not in ORDER})
    lines = ["MEASURED: dict[str, tuple[MeasuredRate, ...]] = {"]
    for preset in PRESETS:
        lines.append(f'    "{preset}": (')
        for chapter in chapters:
            if chapter in results and preset in results[chapter]:
                lines.append(f"        {_row(chapter, results[chapter][preset], kept.get((preset, chapter), ''))},")
            elif (preset, chapter) in kept:
                lines.append(f"        {kept[(preset, chapter)]},")
        lines.append("    ),")
    lines.append("}")
    return "\n".join(lines)


def write(results: dict[str, Any]) -> None:
    text = SETUP.read_text(encoding="utf-8")
    old = re.search(r"^MEASURED: dict\[str, tuple\[MeasuredRate, \.\.\.\]\] = \{\n.*?^\}$", text, re.M | re.S)
    if old is None:
        raise SystemExit(f"no MEASURED table found in {SETUP}")
    kept: dict[tuple[str, str], str] = {}  # the rows of chapters this run did not measure stay as they are
    for preset, chunk in re.findall(r'    "(\w+)": \(\n(.*?)\n    \),', old.group(0), re.S):
        for row in re.findall(r"(MeasuredRate\(\"[^\n]*\))", chunk):
            kept[(preset, row.split('"')[1])] = row
    SETUP.write_text(text[: old.start()] + measured_block(results, kept) + text[old.end() :], encoding="utf-8")
    print(f"wrote the MEASURED table in {SETUP.relative_to(ROOT)}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games-ch1", type=int, default=1000, help="games per preset on Chapter 1")
    ap.add_argument("--games", type=int, default=400, help="games per preset on the other chapters")
    ap.add_argument("--careful", type=int, default=0, help="search-bot games per chapter and preset (seeds 0 up)")
    ap.add_argument("--careful-only", action="store_true", help="only the careful party (keeps the new party's rows)")
    ap.add_argument("--random", type=int, default=0, help="random-bot games per chapter and preset (seeds 0 up)")
    ap.add_argument("--random-only", action="store_true", help="only the random bot (keeps the rest of each row)")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--chapters", default=",".join(ORDER))
    ap.add_argument("--write", action="store_true", help="rewrite MEASURED in src/mnm/engine/rules/setup.py")
    ap.add_argument("--json", default="")
    args = ap.parse_args()
    chapters = [c for c in args.chapters.split(",") if c]
    games = {c: args.games_ch1 if c == "flight-to-barksburg" else args.games for c in chapters}
    start = time.perf_counter()
    results = measure(
        chapters, games, args.careful, args.workers, args.careful_only, args.random, args.random_only
    )
    for chapter in chapters:
        print(f"{chapter}: {bands(chapter, results[chapter])}")
        for preset in PRESETS:
            r = results[chapter][preset]
            new = r.get("heuristic")
            line = f"  {preset:6}" + (
                f" new party {new['rate']:.1%} ({new['ci95'][0]:.1%}-{new['ci95'][1]:.1%}, {new['games']})" if new else ""
            )
            if "search" in r:
                line += f"  careful party {r['search']['rate']:.1%} ({r['search']['games']})"
            if "random" in r:
                line += f"  random bot {r['random']['rate']:.1%} ({r['random']['games']})"
            print(line)
    print(f"{time.perf_counter() - start:.0f} s wall; presets as defined now: {sorted(DIFFICULTY_PRESETS)}")
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=1), encoding="utf-8")
    if args.write:
        write(results)


if __name__ == "__main__":
    main()
