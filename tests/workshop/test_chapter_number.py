"""Issue 46: custom chapters are no longer all "Chapter 100": a new draft is numbered 0, "no number" (a chapter of
its own), and its sheet is headed by its name alone; a numbered chapter keeps "Chapter N: name"."""

from __future__ import annotations

import re

from mnm.content.loader import builtin_content
from mnm.server.workshop import BLANK_CHAPTER
from mnm.workshop.sheet import sheet_html


def test_a_new_draft_has_no_number() -> None:
    assert re.search(r"^number: 0$", BLANK_CHAPTER, re.M)


def test_the_sheet_of_a_chapter_of_its_own_is_headed_by_its_name() -> None:
    content = builtin_content()
    mill = content.chapter("the-old-mill")
    numbered = sheet_html(content, mill, "en")
    assert re.search(rf"<h1>Chapter {mill.number}: The Old Mill</h1>", numbered)
    own = sheet_html(content, mill.model_copy(update={"number": 0}), "pt")
    assert "<h1>O Moinho Velho</h1>" in own and "<title>O Moinho Velho</title>" in own
