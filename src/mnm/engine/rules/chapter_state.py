"""What the chapter language's newer words keep in a game (R-STORY-05, R-CAMP-01; docs/chapters.md).

The keys below live in ``State.chapter_data`` beside a chapter file's own counters and flags; each starts with
``@``, which a chapter file's names cannot (they match ``^[a-z]``), so a file can never reach them. Plain data
only (a save holds them as they are; mnm.engine.savefile checks each).
"""

from __future__ import annotations

from typing import Final

from mnm.engine.query import BARRED_LINES  # [a, b] pairs (a < b): lines no figure may cross (bar_line)
from mnm.engine.state import State

__all__ = [
    "BARRED",
    "BARRED_LINES",
    "CAMPAIGN_LOG",
    "CROSSED_OUT",
    "DISABLED",
    "ENABLED",
    "ITEMS",
    "MARKS",
    "NEXT",
    "PARTY",
    "barred",
    "barred_lines",
    "holder_of",
    "log_count",
    "marks_of",
    "next_chapter_of",
]

ITEMS: Final = "@items"  # chapter item -> who holds it: a mouse id, or PARTY
MARKS: Final = "@marks"  # mouse id -> its marks (carrying, cursed, rescued...)
CAMPAIGN_LOG: Final = "@log"  # campaign log entry -> count (recorded: 1 or more); carried to the next chapter
CROSSED_OUT: Final = -1  # a campaign log entry crossed out
NEXT: Final = "@next"  # the chapter the campaign goes on to (next_chapter effect)
DISABLED: Final = "@disabled"  # ids of the rules turned off (disable_rule)
ENABLED: Final = "@enabled"  # ids of rules written ``enabled: false`` that enable_rule turned on
BARRED: Final = "@barred"  # spaces no figure may enter (bar_space)
PARTY: Final = "party"


def holder_of(st: State, item: str) -> str:
    """Who holds chapter item ``item``: a mouse id, ``party``, or '' (nobody)."""
    items: dict[str, str] = st.chapter_data.get(ITEMS) or {}
    return items.get(item, "")


def marks_of(st: State, hero_id: str) -> list[str]:
    marks: dict[str, list[str]] = st.chapter_data.get(MARKS) or {}
    return marks.get(hero_id) or []


def log_count(st: State, entry: str) -> int:
    """The campaign log's count for ``entry``: 0 never recorded, CROSSED_OUT (-1) crossed out."""
    log: dict[str, int] = st.chapter_data.get(CAMPAIGN_LOG) or {}
    return int(log.get(entry, 0))


def barred(st: State) -> list[str]:
    found: list[str] = st.chapter_data.get(BARRED) or []
    return found


def barred_lines(st: State) -> list[list[str]]:
    found: list[list[str]] = st.chapter_data.get(BARRED_LINES) or []
    return found


def next_chapter_of(st: State, default: str | None) -> str | None:
    """The chapter the campaign goes on to: the one a ``next_chapter`` effect named, else the file's."""
    chosen = st.chapter_data.get(NEXT)
    return str(chosen) if chosen else default
