"""The chapter's trackers at the table (issue 46): the counters and flags its victory or defeat read, with their
names and limits, in the table view."""

from __future__ import annotations

from pathlib import Path

from mnm.chapter_language import Condition
from mnm.chapters.file import added_chapter, read_chapter_text
from mnm.content.loader import builtin_content
from mnm.presentation.trackers import trackers

ROOT = Path(__file__).resolve().parents[2]


def test_a_counter_the_defeat_reads_is_shown_with_its_value_and_limit() -> None:
    text = (ROOT / "tests/bots/chapters/corpus/10-the-noisy-halls.yaml").read_text(encoding="utf-8")
    chapter = added_chapter(read_chapter_text(text, "halls", builtin_content()))[0]
    got = trackers(chapter, {"noise": 3})
    assert got[0] == {
        "kind": "counter",
        "name": "noise",
        "label": "Noise",
        "value": 3,
        "limits": [{"op": "ge", "value": 8, "ends": "defeat", "wanted": True}],
    }
    assert trackers(chapter, {})[0]["value"] == 0  # never set yet: 0, as the rules count it


def test_a_flag_under_not_and_a_chapter_without_trackers() -> None:
    class Chapter:
        victory = (Condition.model_validate({"not": {"flag": {"name": "alarm_rung"}}}),)
        defeat = ()

    assert trackers(Chapter(), {"alarm_rung": True}) == [
        {"kind": "flag", "name": "alarm_rung", "label": "Alarm rung", "value": True, "ends": "victory", "wanted": False}
    ]
    Chapter.victory = ()
    assert trackers(Chapter(), {}) == []
