"""The story book (RULES.md §2, R-STORY-01): chapters are chosen from a book and played in order."""

from __future__ import annotations

import pytest

from mnm.content.loader import builtin_content
from mnm.engine.game import Game

PARTY = ["collin", "tilda", "filch", "maginos"]


@pytest.mark.rule("R-STORY-01")
def test_r_story_01_chapters_are_chosen_by_id_or_number_and_start_at_chapter_1() -> None:
    content = builtin_content()
    story = sorted((c for c in content.chapters.values() if c.source == "rulebook"), key=lambda c: c.number)
    assert story[0].number == 1 and story[0].id == "flight-to-barksburg"  # the book begins at Chapter 1
    by_number = Game.new(1, PARTY, seed=5)
    by_id = Game.new("flight-to-barksburg", PARTY, seed=5)
    assert by_number.state.chapter == by_id.state.chapter == "flight-to-barksburg"
    assert by_number.state.to_json() == by_id.state.to_json()
    # the practice chapter is outside the book (authored), numbered before it
    assert content.chapter(0).id == "proving-grounds" and content.chapter(0).source == "authored"
