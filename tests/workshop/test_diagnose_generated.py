"""Issue 43 item 4: on every generated chapter where the heuristic wins nothing, the play-test's report names a
cause, in the designer's words and in both languages.

A small fixed sample of generated chapters (a few seconds on the pure engine): seeds where the heuristic lost
every game of a two-game play-test when the sample was chosen (one of most families), and some where it won. The
chapters are played the way the workshop's play-test plays them (:func:`mnm.workshop.playtest.play_chunk`, its
per-game notes), and :func:`mnm.workshop.diagnose.diagnose` reads the records. A chapter that the heuristic now
wins is not a failure here (the planner got better): the test asserts only about the chapters it lost.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from mnm.chapters.file import added_chapter, read_chapter_text
from mnm.chapters.generate import generate
from mnm.content.schema import Chapter
from mnm.workshop.diagnose import diagnose
from mnm.workshop.playtest import play_chunk

HEROES = ("collin", "tilda", "filch", "maginos")
# lost every game when chosen: flag-step (1, 22), guard (3, 4, 26), added-tile (5), flipped-tile (7), rescue (9),
# roads (24), counter-bell (29); won: item-key (2), counter-bell (6), added-tile (23)
LOST = (1, 3, 4, 5, 7, 9, 22, 24, 26, 29)
WON = (2, 6, 23)
GAMES = (0, 1)

# what a designer should never read (the workshop's own list, tests/workshop/test_no_programmer_words.py, and
# the file's notation: selector fields, raw comparisons, the planner's internal names)
PROGRAMMER = re.compile(
    r"String should|Input should|pydantic|model_|`|\bR-[A-Z]+-\d+\b|Traceback|=True|=False|\b(eq|ne|lt|le|gt|ge)\b \d"
    r"|@|\b(tile_clear|party_holds|holds_item|flag_set|counter_ge)\b|\bnone\)|PydanticUndefined"
)
ENGLISH_IN_PT = re.compile(r"\b(the|which|should|must|has|have|none|recorded)\b")


def _played(seed: int) -> tuple[Chapter, list[dict[str, Any]]]:
    made = generate(seed)
    chapter = added_chapter(read_chapter_text(made.text, "workshop"))[0]
    return chapter, play_chunk(made.text, HEROES[: made.mice], "heuristic", "normal", GAMES)["records"]


@pytest.mark.parametrize("seed", LOST)
def test_a_generated_chapter_the_heuristic_loses_gets_a_cause_in_the_designers_words(seed: int) -> None:
    chapter, records = _played(seed)
    if any(r["status"] == "won" for r in records):
        return  # the planner wins it now: nothing to explain
    found = diagnose(chapter, records)
    causes = [d for d in found if d["kind"] != "ending"]  # "the hourglass ran out" is how, not why
    assert causes, (seed, found)
    for d in causes:
        assert d["en"] and d["pt"] and d["en"] != d["pt"], d
        assert not PROGRAMMER.search(d["en"]) and not PROGRAMMER.search(d["pt"]), (seed, d)
        assert not ENGLISH_IN_PT.search(d["pt"]), (seed, d["pt"])


def test_the_sample_still_has_chapters_the_heuristic_loses() -> None:
    # the test above must be able to fail: at least some of the sample is still lost
    lost = [s for s in LOST[:4] if all(r["status"] != "won" for r in _played(s)[1])]
    assert lost


@pytest.mark.parametrize("seed", WON)
def test_a_chapter_the_bots_win_gets_no_planner_note(seed: int) -> None:
    chapter, records = _played(seed)
    assert any(r["status"] == "won" for r in records)
    assert not [d for d in diagnose(chapter, records) if d["kind"] == "planner"]
