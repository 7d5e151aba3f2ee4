"""The authored chapters (2, 3, 4) tell their opening and ending story moments (R-STORY-02), from their files'
``chapter_begins`` and ``chapter_won`` rules (the bots' way through them is read from the same files:
tests/bots/test_plan.py)."""

from __future__ import annotations

import pytest
from rulekit import scenario

from mnm.engine.rules.chapter_rules import ChapterProgram

CHAPTERS = {
    "the-root-road": {"collin": {"space": "12:10"}},
    "the-trickle-crossing": {"collin": {"space": "17:4"}},
    "the-ember-vault": {"collin": {"space": "18:9"}},
}


@pytest.mark.rule("R-STORY-02")
@pytest.mark.parametrize("chapter", sorted(CHAPTERS))
def test_r_story_02_authored_chapters_tell_the_opening_and_the_ending(chapter: str) -> None:
    g = scenario(chapter=chapter, heroes=CHAPTERS[chapter])
    rules = g.ctx.rules
    assert isinstance(rules, ChapterProgram)
    g.ctx.events.clear()
    rules.on_setup(g.ctx, g.state)
    rules.on_victory(g.ctx, g.state)
    assert [(e.msg, e.rule, e.params) for e in g.ctx.events] == [
        ("story", "R-STORY-02", {"chapter": g.state.chapter, "moment": "opening"}),
        ("story", "R-STORY-02", {"chapter": g.state.chapter, "moment": "ending"}),
    ]
