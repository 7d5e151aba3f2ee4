"""The library's measured figures (issue 36, 44): a play-test job's win rates by party and preset, the
difficulty bucket, the chapter's skill depth, and the house chapters' entries and figures from the engine's
difficulty table. Split from :mod:`mnm.server.library` (its HTTP API) by concept (issue 49).
"""

from __future__ import annotations

import hashlib
import importlib
import re
import unicodedata
from collections.abc import Callable
from typing import Any

from mnm.content.loader import Content, builtin_dir
from mnm.server.library_store import HOUSE, Entry
from mnm.sim.simulate import summarise, wilson_interval
from mnm.workshop.playtest import PRESETS, Job

LANGUAGES = ("en", "pt")


def plain_text(value: str, limit: int) -> str:
    """A visitor's text as the library keeps it: no control characters, runs of blanks as one space, cut."""
    kept = "".join(" " if unicodedata.category(ch).startswith("C") else ch for ch in value)
    return re.sub(r"\s+", " ", kept).strip()[:limit]


def difficulty_of(playtest: dict[str, Any]) -> str | None:
    """The bucket of a measured chapter by the bots' win rate at ``normal`` (None: not measured yet)."""
    normal = playtest.get("normal") if isinstance(playtest, dict) else None
    if not normal or not normal.get("games"):
        return None
    rate = float(normal["win_rate"])
    return "gentle" if rate >= 0.6 else "fair" if rate >= 0.3 else "hard"


def party_rates(job: Job) -> dict[str, dict[str, Any]]:
    """A finished job's rate per preset as the library shows another party's: games, wins, rate, interval."""
    return {
        preset: {k: part[k] for k in ("games", "wins", "win_rate", "ci95")}
        for preset, part in job.report()["presets"].items()
    }


def skill_depth(playtest: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The chapter's skill depth per preset (docs/difficulty.md, "Skill depth"; as :func:`mnm.sim.report.skill_depth`):
    the win rates (and games) of the random bot, the new party and the careful party, and the spread between the
    lowest and the highest; a preset needs two of the three."""
    parties = playtest.get("parties") or {} if isinstance(playtest, dict) else {}
    out: dict[str, dict[str, Any]] = {}
    for preset in PRESETS:
        rates: dict[str, dict[str, Any]] = {}
        if isinstance(playtest.get(preset), dict) and playtest[preset].get("games"):
            rates["heuristic"] = playtest[preset]
        for bot in ("random", "search"):
            part = (parties.get(bot) or {}).get(preset)
            if part and part.get("games"):
                rates[bot] = part
        if len(rates) >= 2:
            shown = {bot: {"win_rate": r["win_rate"], "games": r["games"]} for bot, r in rates.items()}
            values = [float(r["win_rate"]) for r in rates.values()]
            out[preset] = {**shown, "spread": round(max(values) - min(values), 4)}
    return out


def measured(job: Job) -> dict[str, Any]:
    """What the library keeps of a finished play-test: per preset the win rate, its interval, the mean rounds
    and pages, and the heat map."""
    report = job.report()
    out: dict[str, Any] = {"bot": job.bot, "party": list(job.party)}
    for preset, part in report["presets"].items():
        summary = summarise(job.records.get(preset, []))
        out[preset] = {
            "games": part["games"],
            "wins": part["wins"],
            "win_rate": part["win_rate"],
            "ci95": part["ci95"],
            "unfinished": part["unfinished"],
            "mean_rounds": summary["mean_rounds"],
            "heat": part["heat"],
        }
    return out


def printable_sheet() -> Callable[..., str] | None:
    """The workshop's printable chapter sheet (issue 31), when this build has it."""
    try:
        module = importlib.import_module("mnm.workshop.sheet")
    except ImportError:
        return None
    found = getattr(module, "sheet_html", None)
    return found if callable(found) else None


def house_measures() -> dict[str, dict[str, Any]]:
    """The shipped chapters' measured win rates (docs/difficulty.md), as the library keeps a play-test's: by
    chapter, then preset (no heat map: ``mnm library measure --chapter ID`` makes one)."""
    from mnm.engine import DIFFICULTY_PRESETS

    out: dict[str, dict[str, Any]] = {}
    for preset in DIFFICULTY_PRESETS.values():
        for rate in preset.rates:
            chapter = out.setdefault(rate.chapter, {"bot": "heuristic"})
            for bot, other, other_games in (
                ("search", rate.careful, rate.careful_games),
                ("random", rate.random, rate.random_games),  # skill depth's first leg (issue 44)
            ):
                if other is not None and other_games:
                    wins = round(other * other_games)
                    chapter.setdefault("parties", {}).setdefault(bot, {})[preset.id] = {
                        "games": other_games,
                        "wins": wins,
                        "win_rate": other,
                        "ci95": list(wilson_interval(wins, other_games)),
                    }
            chapter[preset.id] = {
                "games": rate.games,
                "wins": round(rate.win_rate * rate.games),
                "win_rate": rate.win_rate,
                "ci95": list(rate.ci95),
                "unfinished": 0,
                "mean_rounds": None,
                "heat": {},
            }
    return out


def house_entries(content: Content) -> list[Entry]:
    """The shipped chapters as library entries (their files are the server's own)."""
    out = []
    measures = house_measures()
    for chapter in sorted(content.chapters.values(), key=lambda c: c.number):
        playtest = measures.get(chapter.id, {})
        rel = content.file_of("chapter", chapter.id)
        path = builtin_dir() / rel if rel else None
        text = path.read_text(encoding="utf-8") if path is not None and path.is_file() else chapter.id
        out.append(
            Entry(
                chapter=chapter.id,
                version=0,
                owner=HOUSE,
                created=0.0,
                title=chapter.name.en,
                description=chapter.objective.en,
                languages=list(LANGUAGES),
                mice=chapter.party_size,
                author="Mice and Mystics",
                licence="this project's licence",
                text="",
                digest=hashlib.sha256(text.encode()).hexdigest(),
                tiles=len(chapter.layout),
                measure="measured" if all(p in playtest for p in PRESETS) else "unmeasured",
                playtest=playtest,
            )
        )
        out[-1].search = search_words(out[-1], content)
    return out


def search_words(entry: Entry, content: Content) -> str:
    """What search looks in, kept at publish time: title, names in both languages, description, author, id."""
    house = content.chapters.get(entry.chapter) if entry.house else None
    names = [house.name.en, house.name.pt, house.objective.en, house.objective.pt] if house else []
    words = [entry.title, entry.title_pt, *names, entry.description, entry.description_pt, entry.author, entry.chapter]
    return " ".join(w for w in words if w).casefold()
