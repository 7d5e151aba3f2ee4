"""The authored chapters (2, 3, 4) tell their opening and ending story moments (R-STORY-02), now from their files'
``chapter_begins`` and ``chapter_won`` rules, and the bots' temporary routes (mnm.bots.legacy_routes, moved there
verbatim from the deleted chapter classes, issue 22) give the same advice as each chapter's class did."""

from __future__ import annotations

import pytest
from rulekit import scenario

from mnm.bots import legacy_routes
from mnm.bots.legacy_routes import bot_progress, bot_route, route_progress
from mnm.engine.rules.chapter_rules import ChapterProgram

MODULES = {
    "the-root-road": (legacy_routes.ROOT_ROAD_ROUTE, legacy_routes.ROOT_ROAD_ORDER, {"collin": {"space": "12:10"}}),
    "the-trickle-crossing": (legacy_routes.TRICKLE_ROUTE, legacy_routes.TRICKLE_ORDER, {"collin": {"space": "17:4"}}),
    "the-ember-vault": (legacy_routes.EMBER_ROUTE, legacy_routes.EMBER_ORDER, {"collin": {"space": "18:9"}}),
}


@pytest.mark.rule("R-STORY-02")
@pytest.mark.parametrize("chapter", sorted(MODULES))
def test_r_story_02_routed_chapters_read_their_route_and_tell_the_ending(chapter: str) -> None:
    route, order, heroes = MODULES[chapter]
    assert legacy_routes.ROUTES[chapter][1] == order
    g = scenario(chapter=chapter, heroes=heroes)
    rules = g.ctx.rules
    assert isinstance(rules, ChapterProgram)
    for side, way in route.items():
        assert bot_route(g.ctx, g.state, side) == way
    assert bot_route(g.ctx, g.state, 1) is None  # a side off the route: no advice
    progress = bot_progress(g.ctx, g.state)
    assert progress == route_progress(g.ctx, g.state, order, lambda c, s, side: route.get(side))
    assert progress == 1 / len(order)  # Collin stands on the first side's goal: one side of the way
    g.ctx.events.clear()
    rules.on_setup(g.ctx, g.state)
    rules.on_victory(g.ctx, g.state)
    assert [(e.msg, e.rule, e.params) for e in g.ctx.events] == [
        ("story", "R-STORY-02", {"chapter": g.state.chapter, "moment": "opening"}),
        ("story", "R-STORY-02", {"chapter": g.state.chapter, "moment": "ending"}),
    ]
