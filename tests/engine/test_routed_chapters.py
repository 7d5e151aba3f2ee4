"""The authored chapters (2, 3, 4) share one base, :class:`RoutedChapter`: the opening and ending story moments
(R-STORY-02) and the bots' route read from each chapter's ``ROUTE`` table, exactly as each chapter did alone."""

from __future__ import annotations

import pytest
from rulekit import scenario

from mnm.engine.chapters import the_ember_vault, the_root_road, the_trickle_crossing
from mnm.engine.chapters.advice import route_progress
from mnm.engine.chapters.routed import RoutedChapter
from mnm.engine.hooks import CHAPTERS

MODULES = {
    "the-root-road": (the_root_road, {"collin": {"space": "12:10"}}),
    "the-trickle-crossing": (the_trickle_crossing, {"collin": {"space": "17:4"}}),
    "the-ember-vault": (the_ember_vault, {"collin": {"space": "18:9"}}),
}


@pytest.mark.rule("R-STORY-02")
@pytest.mark.parametrize("chapter", sorted(MODULES))
def test_r_story_02_routed_chapters_read_their_route_and_tell_the_ending(chapter: str) -> None:
    module, heroes = MODULES[chapter]
    rules_cls = CHAPTERS[chapter]
    assert issubclass(rules_cls, RoutedChapter)
    assert rules_cls.route is module.ROUTE and rules_cls.route_order == module.ROUTE_ORDER
    g = scenario(chapter=chapter, heroes=heroes)
    rules = g.ctx.rules
    for side, way in module.ROUTE.items():
        assert rules.bot_route(g.ctx, g.state, side) == way
    assert rules.bot_route(g.ctx, g.state, 1) is None  # a side off the route: no advice
    progress = rules.bot_progress(g.ctx, g.state)
    assert progress == route_progress(g.ctx, g.state, module.ROUTE_ORDER, lambda c, s, side: module.ROUTE.get(side))
    assert progress == 1 / len(module.ROUTE_ORDER)  # Collin stands on the first side's goal: one side of the way
    g.ctx.events.clear()
    rules.on_setup(g.ctx, g.state)
    rules.on_victory(g.ctx, g.state)
    assert [(e.msg, e.rule, e.params) for e in g.ctx.events] == [
        ("story", "R-STORY-02", {"chapter": g.state.chapter, "moment": "opening"}),
        ("story", "R-STORY-02", {"chapter": g.state.chapter, "moment": "ending"}),
    ]
