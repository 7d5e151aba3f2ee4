"""[EXP] Hesster (R-EXP-14) and the Snake Charmer (R-ACH-09) on Under the Bank (side 18): 2 is an entry space
in the north-east; 4 below it, 6 and 7 below that, 9 by the east exit."""

from __future__ import annotations

import pytest
from rulekit import BOW, CHEESE, SWORD, of, one, options, scenario

VAULT = "the-ember-vault"
TRACK = ["minion:hesster:1", "minion:hesster:2", "mouse:collin", "mouse:tilda"]


@pytest.mark.rule("R-EXP-14")
@pytest.mark.rule("R-BATTLE-13")
def test_r_exp_14_strikes_stretches_to_the_mice_and_poisons_all_it_touches_then_coils() -> None:
    g = scenario(
        chapter=VAULT,
        heroes={"collin": {"space": "18:9"}, "tilda": {"space": "18:9"}},
        minions={"hesster-1": {"space": "18:2"}},
        track=TRACK,
        dice=[SWORD, SWORD, BOW, BOW, BOW, BOW,  # Strikes: 2 hits; Collin and Tilda block nothing
              CHEESE, CHEESE,  # Coils: no hit (and its CHEESE never reaches the wheel)
              CHEESE],  # Collin's movement
    )
    strike = one(g.events, "hesster_strikes")
    assert (strike.params["spaces"], strike.params["hits"]) == (["18:2", "18:4", "18:6", "18:9"], 2)
    for hid in ("collin", "tilda"):
        assert (g.state.heroes[hid].wounds, g.state.heroes[hid].poison) == (2, 2)
    coil = one(g.events, "hesster_coils")
    assert coil.params["space"] == "18:9"
    assert g.state.chapter_data["hesster"]["hesster-1"] == ["18:9"]
    assert g.state.wheel == 0
    assert g.state.track[:2] == ["minion:hesster:1", "minion:hesster:2"]  # Strikes above Coils


@pytest.mark.rule("R-EXP-14")
def test_r_exp_14_nothing_walks_into_hesster_s_spaces() -> None:
    g = scenario(
        chapter=VAULT,
        heroes={"collin": {"space": "18:1"}, "tilda": {"space": "18:12"}},
        minions={"hesster-1": {"space": "18:2"}},
        chapter_data={"hesster": {"hesster-1": ["18:5", "18:6", "18:2"]}},
        track=["mouse:collin", *TRACK[:2], "mouse:tilda"],
        turn="mouse:collin",
        dice=[SWORD],  # 2 + 2: far enough to reach 5 and 6
    )
    moves = {a for a in options(g) if a.startswith("move")}
    assert "move collin 18:5" not in moves and "move collin 18:6" not in moves
    assert "move collin 18:3" in moves


@pytest.mark.rule("R-ACH-09")
@pytest.mark.rule("R-EXP-14")
def test_r_ach_09_the_mouse_that_defeats_hesster_is_the_snake_charmer_and_both_cards_go() -> None:
    g = scenario(
        chapter=VAULT,
        heroes={"collin": {"space": "18:4"}, "tilda": {"space": "18:12"}},
        minions={"hesster-1": {"space": "18:2", "wounds": 3}},
        track=["mouse:collin", *TRACK[:2], "mouse:tilda"],
        turn="mouse:collin",
        dice=[CHEESE, SWORD, CHEESE, BOW, BOW, BOW],  # 1 hit of 3 dice; Hesster's 2 defense dice: no block
    )
    ev = g.apply("battle collin hesster-1")
    assert one(ev, "achievement").params["achievement"] == "snake-charmer"
    assert "hesster-1" not in g.state.minions
    assert not any(c.startswith("minion:hesster") for c in g.state.track)
    assert not of(ev, "wheel_cheese")  # his defense CHEESE never feeds the wheel
