"""Issue 45, item 4: the table's view tells the truth. The chapter panel lists only the rules of rooms still in
play (the Guard Room's stayed after its tile flipped to the Sewer)."""

from __future__ import annotations

import pytest

from mnm.engine import load_scenario, scenario_from_yaml
from mnm.server.views import _chapter_rules

AT_THE_FLIP = """
chapter: flight-to-barksburg
tiles: {courtyard: 1}
explored: [5]
heroes:
  collin: {space: "5:8"}
  tilda: {space: "5:8"}
  filch: {space: "5:9"}
  maginos: {space: "5:9"}
track: [mouse:collin, mouse:tilda, mouse:filch, mouse:maginos]
turn: mouse:collin
dice: [3, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2]
"""


@pytest.mark.rule("R-EXPLORE-06")
def test_a_flipped_rooms_rules_leave_the_chapter_panel() -> None:
    game = load_scenario(scenario_from_yaml(AT_THE_FLIP))
    before = _chapter_rules(game.ctx.content, game.state)
    guard = [r for r in before if r["side"] == 5]
    assert guard and all(r["revealed"] and not r["gone"] for r in guard)
    game.apply("explore collin flip")
    after = _chapter_rules(game.ctx.content, game.state)
    assert all(not r["revealed"] and r["gone"] for r in after if r["side"] == 5)  # the Guard Room is gone
    assert any(r["revealed"] for r in after if r["side"] == 6)  # the Sewer's rules are in play


def test_a_stash_item_can_be_read() -> None:
    """Issue 45: a party stash item is a card the page can open (its name and text), not a bare name."""
    from mnm.content.loader import builtin_content
    from mnm.server.views import _party_token_card

    card = _party_token_card(builtin_content(), "fishhook")
    assert card is not None and card["name"] == {"en": "Fishhook & Thread", "pt": "Barbante & Anzol"}
    assert card["text"]["en"] and card["text"]["pt"]
    assert _party_token_card(builtin_content(), "no-such-token") is None
