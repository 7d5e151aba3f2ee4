"""Issue 33: the rulings the sources leave open, each read both ways: the rulebook's reading as we read it (the
default) and the house rule a table may switch on at setup (docs/rulings.md, "Options"). Positions are the
example scenario files (examples/scenarios/, each explained in its comments), played with and without the
option; scripted dice throughout."""

from __future__ import annotations

from typing import Any

import pytest
from rulekit import illegal, of, one

from mnm.engine import Game, load_scenario, scenario_from_yaml
from scenariokit import SCENARIOS


def played(name: str, seeded: bool = False, **options: bool) -> Game:
    """``examples/scenarios/NAME.yaml`` with its own actions played, and ``options`` set on top of its own;
    ``seeded``: seeded dice once the file's scripted ones are used up (for play beyond the file's actions)."""
    data: dict[str, Any] = scenario_from_yaml((SCENARIOS / f"{name}.yaml").read_text(encoding="utf-8"))
    if seeded:
        data["dice_mode"] = "seeded"
    actions = data.pop("actions", None) or []
    data.pop("expect", None)
    data["options"] = {**(data.get("options") or {}), **options}
    game = load_scenario(data)
    for action in actions:
        game.apply(action)
    return game


@pytest.mark.rule("R-NEG-05")
@pytest.mark.rule("R-NEG-02")
@pytest.mark.parametrize("house_rule", [False, True])
def test_r_neg_05_a_charmed_and_stunned_mouse(house_rule: bool) -> None:
    g = played("charmed-stunned", seeded=True, charmed_stunned_attacks=house_rule)
    collin = g.state.heroes["collin"]
    assert collin.space == "5:11" and collin.statuses == ["stunned"]  # it walked; the stun stays either way
    assert bool(of(g.events, "charmed_attacks")) is house_rule
    assert bool(of(g.events, "charmed_stunned")) is not house_rule


@pytest.mark.rule("R-ENC-09")
@pytest.mark.parametrize("house_rule", [False, True])
def test_r_enc_09_an_ambush_mid_round_and_the_card_in_play(house_rule: bool) -> None:
    g = played("ambush-mid-round", seeded=True, ambush_acts_this_round=house_rule)
    roach = of(g.events, "ambush_moves_up")[0].params
    if house_rule:  # stopped just below Collin's card: the roaches still act this round, right after him
        assert roach["spot"] == 3 and one(g.events, "ambush_held").params["acting"] == "mouse:collin"
        assert g.state.track == ["mouse:filch", "mouse:collin", "minion:roach", "minion:rat-warrior", "mouse:nez"]
    else:  # above the card in play: the track is the turn order, the roaches' turn comes next round
        assert roach["spot"] == 1 and of(g.events, "ambush_held") == []
        assert g.state.track == ["minion:roach", "mouse:filch", "mouse:collin", "minion:rat-warrior", "mouse:nez"]
    after = g.apply("end collin")  # the next card to act after Collin's
    assert of(after, "minion_card_turn")[0].params["minion"] == ("roach" if house_rule else "rat-warrior")


@pytest.mark.rule("R-ENC-05")
@pytest.mark.parametrize("house_rule", [False, True])
def test_r_enc_05_a_minion_with_no_room_on_the_entry_spaces(house_rule: bool) -> None:
    g = played("entry-spaces-full", entry_overflow_nearest=house_rule)
    if house_rule:
        assert g.state.minions["cave-centipede-1"].space == "5:2" and of(g.events, "no_room_to_enter") == []
        assert "minion:cave-centipede" in g.state.track
    else:  # not placed, and said: never dropped without a word
        assert one(g.events, "no_room_to_enter").params == {"minion": "cave-centipede", "side": 5}
        assert "cave-centipede-1" not in g.state.minions and "minion:cave-centipede" not in g.state.track


@pytest.mark.rule("R-PARTY-03")
@pytest.mark.rule("R-STORY-03")
@pytest.mark.parametrize("house_rule", [False, True])
def test_r_party_03_the_fishhook_and_the_tree_entrance(house_rule: bool) -> None:
    g = played("fishhook-into-the-tree-house-rule", tree_entrance_no_fishhook=house_rule)
    offered = {str(a) for a in g.legal_actions()}
    assert "place collin fishhook 1:15" in offered
    assert ("place collin fishhook 1:16" in offered) is not house_rule
    if house_rule:
        assert "reached through its hole only" in illegal(g, "place collin fishhook 1:16")


@pytest.mark.rule("R-ROUND-13")
@pytest.mark.parametrize("house_rule", [False, True])
def test_r_round_13_born_to_lead_while_collin_is_captured(house_rule: bool) -> None:
    g = played("born-to-lead-captured", born_to_lead_not_while_captured=house_rule)
    collin = g.state.heroes["collin"]
    assert collin.captured and "minion:cave-centipede" in g.state.track  # cards were placed, Collin not first
    assert collin.cheese == (0 if house_rule else 1)
    assert len(of(g.events, "born_to_lead")) == (0 if house_rule else 1)


@pytest.mark.rule("R-PARTY-13")
@pytest.mark.parametrize("house_rule", [False, True])
def test_r_party_13_a_grape_landing_on_water(house_rule: bool) -> None:
    g = played("grape-in-water", grape_lost_in_water=house_rule)
    assert g.state.minions["rat-warrior-1"].statuses == ["knocked_down"]  # it lands grape side up either way
    if house_rule:
        assert "grape" not in g.state.tokens and one(g.events, "grape_sinks").params == {"space": "6:14"}
        assert "grape" not in g.state.party_cards and "grape" in g.state.search_deck
    else:
        assert g.state.tokens["grape"] == ["6:14"] and "grape" in g.state.party_cards


@pytest.mark.rule("R-SEARCH-07")
@pytest.mark.parametrize("house_rule", [False, True])
def test_r_search_07_tinkerers_treasure_found_by_a_mouse_that_is_no_tinkerer(house_rule: bool) -> None:
    g = played("tinkerers-treasure", tinkerers_treasure_tinkerers_only=house_rule)
    d = g.decision()
    assert d is not None and d.actor == "collin"
    if house_rule:
        assert d.kind == "turn" and one(g.events, "treasure_not_tinkerer").params == {"hero": "collin"}
    else:
        assert d.kind == "treasure" and all(a.verb == "take" for a in d.options)
    assert any(c.startswith("tinkerers-treasure") for c in g.state.search_deck)  # shuffled back either way


def test_the_rulings_file_records_the_seven_silent_rulings_of_issue_33() -> None:
    text = (SCENARIOS.parents[1] / "docs" / "rulings.md").read_text(encoding="utf-8")
    for heading in (
        "### R-ENC-09 (AMBIG) An ambush in the middle of a round",
        "### R-ENC-05 (GAP) No room on any entry space",
        # decided by the sources in issue 47 (R-STORY-05: the chapter's rule beats the item's)
        "### R-PARTY-04 / R-STORY-03 / R-STORY-05 The Fishhook & Thread and the tree entrance (decided, issue 47)",
        "### R-ROUND-13 (AMBIG) Born to Lead while Collin is captured",
        "### R-PARTY-13 (GAP) Items that fall into water",
        "### R-SEARCH-07 (AMBIG) Tinkerer's Treasure usable by any mouse",
        "### R-CAMP-03 (AMBIG) Keeping another mouse's starting card; a kept trick",
    ):
        assert heading in text
