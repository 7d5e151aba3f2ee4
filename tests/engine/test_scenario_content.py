"""Scenarios that add content and start inside a minion's turn (docs/scenarios.md, issue 11)."""

from __future__ import annotations

from typing import Any

import pytest
from rulekit import BOW, CHEESE, SHIELD, SWORD, of

from mnm.engine import ScenarioError, load_scenario
from mnm.engine.scenario import NO_TURNING

WARLORD: dict[str, Any] = {
    "name": {"en": "Dust Warlord", "pt": "Senhor da Poeira"},
    "source": "authored",
    "note": "a boss with two initiative cards, for a rules question",
    "attack": "melee",
    "battle": 2,
    "defense": 1,
    "life": 2,
    "boss": True,
    "cards": 2,
    "figure_pool": "rat",
    "max_figures": 1,
}


@pytest.mark.rule("R-BOSS-03")
@pytest.mark.rule("R-WOUND-03")
def test_a_scenario_adds_a_boss_with_two_cards_and_asks_which_card_the_wounds_fill() -> None:
    g = load_scenario(
        {
            "chapter": "proving-grounds",
            "content": {"minions": {"dust-warlord": WARLORD}},
            "heroes": {"collin": {"space": "5:15"}},
            "minions": {"dust-warlord-1": {"space": "5:12"}},
            "turn": "mouse:collin",
            # Collin's movement; 3 attack dice: 2 hits; the Warlord's 1 defense die blocks nothing
            "dice": [CHEESE, SWORD, SWORD, BOW, BOW],
        }
    )
    assert g.state.track == ["mouse:collin", "boss:dust-warlord:1", "boss:dust-warlord:2"]
    g.apply("battle collin dust-warlord-1")
    d = g.decision()
    assert d is not None and d.kind == "boss_card"
    ev = g.apply("choose party boss:dust-warlord:2")
    assert of(ev, "boss_card_lost")[0].params["card"] == "boss:dust-warlord:2"
    assert g.state.track == ["mouse:collin", "boss:dust-warlord:1"]


@pytest.mark.rule("R-ENC-02")
def test_a_scenario_adds_an_encounter_card_on_top_of_the_deck() -> None:
    g = load_scenario(
        {
            "chapter": "flight-to-barksburg",
            "content": {
                "encounter_cards": {
                    "two-roaches": {
                        "name": {"en": "Two Roaches", "pt": "Duas Baratas"},
                        "kind": "standard",
                        "source": "authored",
                        "note": "an encounter for a rules question",
                        "rows": [{"pages": [1, 12], "minions": [{"minion": "roach", "count": 2}]}],
                        "surge": [{"minion": "roach", "count": 1}],
                    }
                }
            },
            "heroes": {"collin": {"space": "5:8"}},
            "turn": "mouse:collin",
            "encounter_deck_top": ["two-roaches"],
            "dice": [CHEESE, SHIELD, SHIELD, SHIELD, SHIELD],
        }
    )
    ev = g.apply("explore collin flip")
    assert of(ev, "encounter_drawn")[0].params["card"] == "two-roaches"
    assert sorted(m.type for m in g.state.minions.values()) == ["roach", "roach"]


def test_added_content_is_checked_like_the_content_files() -> None:
    with pytest.raises(ScenarioError, match=r"content\.minions\.dust-warlord\.abilities\.0"):
        load_scenario(
            {
                "chapter": "proving-grounds",
                "content": {"minions": {"dust-warlord": {**WARLORD, "abilities": ["steel"]}}},
                "heroes": {"collin": {"space": "5:15"}},
            }
        )
    with pytest.raises(ScenarioError, match="already exists"):
        load_scenario(
            {"chapter": "proving-grounds", "content": {"minions": {"roach": WARLORD}}, "heroes": {"collin": {}}}
        )


@pytest.mark.rule("R-MINION-05")
def test_a_scenario_starts_inside_a_minion_turn() -> None:
    """Two rat warriors; the first has acted and attacked Collin: the second (next to both mice) goes for Filch,
    the mouse not yet attacked (R-MINION-05)."""
    g = load_scenario(
        {
            "chapter": "proving-grounds",
            "heroes": {"collin": {"space": "5:12"}, "filch": {"space": "5:12"}},
            "minions": {"rat-warrior-1": {"space": "5:15"}, "rat-warrior-2": {"space": "5:13"}},
            "track": ["minion:rat-warrior", "mouse:collin", "mouse:filch"],
            "turn": "minion:rat-warrior",
            "minion_turn": {"order": ["rat-warrior-2"], "attacked": ["collin"]},
            "dice": [SHIELD] * 12,
        }
    )
    assert [(e.params["minion"], e.params["hero"]) for e in of(g.events, "minion_attacks")] == [
        ("rat-warrior-2", "filch")
    ]
    assert not of(g.events, "minion_card_turn")  # the card's turn was already under way


# --- tile orientation (issue 11, "What to build" 6): tiles never turn, a scenario sets the side face up --------


@pytest.mark.rule("R-SETUP-05")
@pytest.mark.rule("R-EXPLORE-11")
def test_a_scenario_sets_the_side_face_up_and_cannot_turn_a_tile() -> None:
    base: dict[str, Any] = {"chapter": "flight-to-barksburg", "heroes": {"collin": {"space": "6:9"}}}
    game = load_scenario({**base, "tiles": {"guard-room": 6}})
    assert game.state.face_up == {3: 6, 2: 4, 1: 2}  # the Guard Room's tile shows the Sewer, where it lies
    with pytest.raises(ScenarioError) as err:
        load_scenario({**base, "orientation": {"guard-room": 180}})
    assert str(err.value) == f"scenario: orientation: {NO_TURNING}"
    with pytest.raises(ScenarioError) as err:
        load_scenario({**base, "tiles": {"guard-room": {"side": 6, "rotation": 180}}})
    assert str(err.value) == f"scenario: tiles.guard-room: rotation: {NO_TURNING}"
    with pytest.raises(ScenarioError) as err:
        load_scenario({**base, "tiles": {"guard-room": {"side": 6}}})
    assert str(err.value) == (
        "scenario: tiles.guard-room: a tile is given as the number of the side face up, e.g. 'guard-room: 6'"
    )
    assert "R-SETUP-05" in NO_TURNING and "'tiles'" in NO_TURNING
