"""The printable chapter sheet speaks the players' words (issue 31): no rule ids, no "side:space" ids and no
raw trigger filters ("what flip") in its text, for every shipped chapter in both languages."""

from __future__ import annotations

import re
from html import unescape

import pytest

from mnm.content.loader import builtin_content
from mnm.workshop.sheet import sheet_html

CONTENT = builtin_content()
RAW = re.compile(r"\bR-[A-Z]+-\d+\b|(?<![\d:])\d+:\d+(?![\d:])|\bwhat (?:flip|exit)\b|\bby_mouse\b")


def sheet_text(chapter_id: str, lang: str) -> str:
    html = sheet_html(CONTENT, CONTENT.chapter(chapter_id), lang)
    body = re.sub(r"<style.*?</style>|<svg.*?</svg>", " ", html, flags=re.S)
    return unescape(re.sub(r"<[^>]+>", " ", body))


@pytest.mark.parametrize("lang", ["en", "pt"])
@pytest.mark.parametrize("chapter_id", sorted(CONTENT.chapters))
def test_the_sheet_has_no_raw_ids(chapter_id: str, lang: str) -> None:
    text = sheet_text(chapter_id, lang)
    assert RAW.findall(text) == []


def test_a_flip_filter_reads_as_words() -> None:
    """The Root Road's rusted hatch: an explore_attempt rule filtered to flipping the tile."""
    assert "by flipping the tile" in sheet_text("the-root-road", "en")
    assert "virando a peça" in sheet_text("the-root-road", "pt")


def test_minions_placed_on_a_space_are_on_the_sheet() -> None:
    chapter = CONTENT.chapter("the-old-mill")
    assert chapter.placements
    text = sheet_text("the-old-mill", "en")
    assert "Minions on a space: " in text
    side, number = chapter.placements[0].space.split(":")
    assert f"space {number} of side {side}" in text


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_every_trigger_filter_reads_as_words(lang: str) -> None:
    """Each of a rule's ``where`` filters in words: never the file's key=value or an underscore."""
    from mnm.chapter_language import Where
    from mnm.chapter_language.doc import _filter_words

    samples = {
        "side": 5,
        "spaces": ("5:3",),
        "minion": "rat-warrior",
        "roach": True,
        "mouse": False,
        "number": 2,
        "by_mouse": True,
        "what": "flip",
        "exit": 0,
        "page": 4,
        "item": "brass-key",
    }
    assert set(samples) == set(Where.model_fields)
    for key, value in samples.items():
        words = _filter_words(key, value, lang)
        assert "_" not in words and "=" not in words and words != f"{key} {value}", words
    assert _filter_words("exit", 0, "en") == "through its exit 1"  # people count exits from 1
