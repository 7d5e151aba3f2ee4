"""Campaign play (RULES.md §25, R-CAMP-01..04, with R-ABIL-06 and R-PARTY-15): what one chapter hands on to the
next through :func:`mnm.engine.campaign.carry_over` and ``Game.new(..., carry=...)``."""

from __future__ import annotations

from typing import Any

import pytest
from rulekit import BOW, SWORD, scenario

from mnm.engine.campaign import carry_over, keepable_cards
from mnm.engine.errors import IllegalAction
from mnm.engine.game import Game

PARTY = ["collin", "tilda", "filch", "maginos"]


def finished_chapter() -> Game:
    """Collin wins the proving grounds holding cheese, an individual achievement, an earned ability, found
    cards in his pack and equipped, with the Grape beside the board as a party item."""
    g = scenario(
        heroes={
            "collin": {
                "space": "5:15",
                "cheese": 4,
                "achievements": ["cheesemaster"],
                "abilities": ["backslash", "shield-bash"],
                "equipped": ["collins-sword", "leather-breastplate", "thimble-helm"],
                "pack": ["needle-rapier", "mint-leaf"],
            },
            "filch": {"space": "5:1", "abilities": ["keen-eye"], "pack": ["antidote"]},
        },
        minions={"rat-warrior-1": {"space": "5:12"}},
        party_cards=["grape"],
        stash=["grape"],
        story_achievements=["miz-maggie-ally"],
        turn="mouse:collin",
        dice=[BOW, SWORD, BOW, BOW, BOW, BOW],
    )
    g.apply("battle collin rat-warrior-1")
    assert g.state.status == "won"
    return g


@pytest.mark.rule("R-CAMP-01")
def test_r_camp_01_campaign_play_is_optional() -> None:
    fresh = Game.new("flight-to-barksburg", PARTY, seed=3)
    assert all(h.pack == [] and h.cheese == 0 for h in fresh.state.heroes.values())
    assert fresh.state.story_achievements == []
    # and a chapter still under way hands nothing on
    g = scenario(heroes={"collin": {"space": "5:15"}}, minions={"rat-warrior-1": {"space": "5:1"}}, dice=[BOW])
    with pytest.raises(IllegalAction, match="not over"):
        carry_over(g.ctx, g.state)


@pytest.mark.rule("R-CAMP-02")
@pytest.mark.rule("R-ABIL-06")
def test_r_camp_02_story_achievements_and_earned_abilities_are_kept() -> None:
    g = finished_chapter()
    carry = carry_over(g.ctx, g.state)
    assert carry["story_achievements"] == ["miz-maggie-ally"]
    assert carry["abilities"]["collin"] == ["backslash", "shield-bash"]
    nxt = Game.new("flight-to-barksburg", ["collin", "filch", "tilda", "maginos"], seed=3, carry=carry)
    assert nxt.state.heroes["collin"].abilities == ["backslash", "shield-bash"]
    assert nxt.state.heroes["filch"].abilities == ["keen-eye"]
    assert nxt.state.story_achievements == ["miz-maggie-ally"]


@pytest.mark.rule("R-CAMP-03")
def test_r_camp_03_one_found_card_each_beside_the_starting_equipment() -> None:
    g = finished_chapter()
    # any found card may be the one kept, equipped or in the pack; not starting equipment, not a party item
    assert sorted(keepable_cards(g.ctx, g.state, "collin")) == ["mint-leaf", "needle-rapier", "thimble-helm"]
    carry = carry_over(g.ctx, g.state, {"collin": "thimble-helm", "filch": "antidote"})
    assert carry["cards"] == {"collin": "thimble-helm", "filch": "antidote"}
    nxt = Game.new("flight-to-barksburg", PARTY, seed=3, carry=carry)
    collin, filch = nxt.state.heroes["collin"], nxt.state.heroes["filch"]
    assert collin.equipped == ["collins-sword", "leather-breastplate"]  # every chapter starts equipped so
    assert collin.pack == ["thimble-helm"]  # the kept card (to be equipped in play)
    assert filch.equipped == ["dagger"] and filch.pack == ["antidote"]
    assert nxt.state.heroes["tilda"].pack == []
    held = {c for h in nxt.state.heroes.values() for c in h.equipped + h.pack}
    assert not held & set(nxt.state.search_deck)  # the kept cards are not also in the search deck


@pytest.mark.rule("R-CAMP-03")
def test_r_camp_03_a_card_not_held_or_starting_equipment_cannot_be_kept() -> None:
    g = finished_chapter()
    with pytest.raises(IllegalAction, match="R-CAMP-03"):
        carry_over(g.ctx, g.state, {"collin": "collins-sword"})
    with pytest.raises(IllegalAction, match="R-CAMP-03"):
        carry_over(g.ctx, g.state, {"collin": "antidote"})  # Filch's, not Collin's


@pytest.mark.rule("R-CAMP-04")
@pytest.mark.rule("R-PARTY-15")
def test_r_camp_04_cheese_party_items_and_individual_achievements_stay_behind() -> None:
    g = finished_chapter()
    carry: dict[str, Any] = carry_over(g.ctx, g.state, {"collin": "needle-rapier"})
    assert "cheese" not in carry and "achievements" not in carry and "party_cards" not in carry
    with pytest.raises(IllegalAction, match="R-CAMP-03"):
        carry_over(g.ctx, g.state, {"collin": "grape"})  # a party item is never kept
    nxt = Game.new("flight-to-barksburg", PARTY, seed=3, carry=carry)
    collin = nxt.state.heroes["collin"]
    assert collin.cheese == 0 and collin.achievements == []
    assert nxt.state.party_cards == [] and nxt.state.stash == []
    assert any(c.startswith("grape") for c in nxt.state.search_deck)  # back in the deck


def tilda_holds_collins_sword() -> Game:
    """Collin passed his sword to Tilda, who ends the chapter holding it with a Second Wind trick (issue 33)."""
    g = scenario(
        heroes={
            "collin": {"space": "5:15", "equipped": ["leather-breastplate"]},
            "tilda": {"space": "5:15", "pack": ["collins-sword"], "tricks": ["second-wind"]},
        },
        minions={"rat-warrior-1": {"space": "5:12"}},
        turn="mouse:tilda",
        dice=[BOW] + [SWORD] * 8,  # her movement; every attack die hits and no defense die blocks
    )
    g.apply("battle tilda rat-warrior-1")
    assert g.state.status == "won"
    return g


@pytest.mark.rule("R-CAMP-03")
def test_r_camp_03_another_mouses_starting_card_is_refused_with_the_reason_and_never_lost() -> None:
    g = tilda_holds_collins_sword()
    assert keepable_cards(g.ctx, g.state, "tilda") == ["second-wind"]  # not Collin's sword
    with pytest.raises(IllegalAction, match=r"Prince Collin's starting equipment.*R-CAMP-03"):
        carry_over(g.ctx, g.state, {"tilda": "collins-sword"})
    # the sword goes back to Collin, as every chapter starts with the starting equipment
    nxt = Game.new("flight-to-barksburg", PARTY, seed=3, carry=carry_over(g.ctx, g.state, {"tilda": None}))
    assert "collins-sword" in nxt.state.heroes["collin"].equipped
    assert "collins-sword" not in nxt.state.heroes["tilda"].pack


@pytest.mark.rule("R-CAMP-03")
def test_r_camp_03_a_kept_card_with_no_copy_left_is_refused_at_setup_not_dropped() -> None:
    # a carry written by hand (or for a different party) that names Filch's one dagger for Collin
    carry = {"cards": {"collin": "dagger"}, "abilities": {}, "story_achievements": []}
    with pytest.raises(IllegalAction, match=r"collin cannot keep dagger.*R-CAMP-03"):
        Game.new("flight-to-barksburg", PARTY, seed=3, carry=carry)


@pytest.mark.rule("R-CAMP-03")
@pytest.mark.rule("R-SEARCH-08")
def test_r_camp_03_a_kept_trick_lies_with_the_tricks() -> None:
    g = tilda_holds_collins_sword()
    nxt = Game.new("flight-to-barksburg", PARTY, seed=3, carry=carry_over(g.ctx, g.state, {"tilda": "second-wind"}))
    tilda = nxt.state.heroes["tilda"]
    assert tilda.tricks == ["second-wind"] and tilda.pack == []  # as a found or shared trick (docs/rulings.md)
