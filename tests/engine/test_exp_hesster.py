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


# --- figures that begin their turn on Hesster's spaces must move away (R-EXP-14) -----------------------------
# Under the Bank: 2-4 and 4-6, 4-7 join the north-east; 6 touches 5, 7 and 9; 9 touches 11 and 12.

STRETCHED = {"hesster": {"hesster-1": ["18:2", "18:4", "18:6"]}}  # tail on 2, head on 6


@pytest.mark.rule("R-EXP-14")
def test_r_exp_14_a_mouse_beginning_its_turn_on_hesster_steps_off_first_then_moves_as_usual() -> None:
    g = scenario(
        chapter=VAULT,
        heroes={"collin": {"space": "18:6"}, "tilda": {"space": "18:12"}},
        minions={"hesster-1": {"space": "18:6"}},
        chapter_data=STRETCHED,
        track=["mouse:collin", *TRACK[:2], "mouse:tilda"],
        turn="mouse:collin",
        dice=[SWORD],  # Collin's movement roll: a 2
    )
    assert g.state.pending is not None and g.state.pending.kind == "leave_hesster"
    # off Hesster, onto a space next to 6 with room: 4 is Hesster's, so 5, 7 and 9
    assert options(g) == {"move collin 18:5", "move collin 18:7", "move collin 18:9"}
    ev = g.apply("move collin 18:7")
    assert one(ev, "leaves_hesster").params == {"figure": "collin", "src": "18:6", "dst": "18:7"}
    assert g.state.heroes["collin"].space == "18:7"
    assert g.state.pending is not None and g.state.pending.kind == "turn"
    assert g.state.turn is not None and (g.state.turn.moved, g.state.turn.move_points) == (False, 4)  # the step was free
    moves = {a for a in options(g) if a.startswith("move")}
    assert "move collin 18:12" in moves and "move collin 18:6" not in moves and "move collin 18:4" not in moves


@pytest.mark.rule("R-EXP-14")
def test_r_exp_14_a_mouse_with_no_free_space_next_to_it_stays_on_hesster_and_is_told_why() -> None:
    g = scenario(
        chapter=VAULT,
        heroes={"collin": {"space": "18:2"}, "tilda": {"space": "18:12"}},
        minions={"hesster-1": {"space": "18:6"}},
        chapter_data=STRETCHED,  # 2's only neighbour, 4, is Hesster's too
        track=["mouse:collin", *TRACK[:2], "mouse:tilda"],
        turn="mouse:collin",
        dice=[SWORD],
    )
    assert one(g.events, "hesster_pins").params == {"figure": "collin", "space": "18:2"}
    assert g.state.pending is not None and g.state.pending.kind == "turn"
    assert not of(g.events, "must_leave_hesster")


@pytest.mark.rule("R-EXP-14")
def test_r_exp_14_a_minion_beginning_its_turn_on_hesster_steps_off_toward_the_nearest_mouse() -> None:
    g = scenario(
        chapter=VAULT,
        heroes={"collin": {"space": "18:12"}, "tilda": {"space": "18:1"}},
        minions={"hesster-1": {"space": "18:6"}, "mindless-rat-1": {"space": "18:6"}},
        chapter_data=STRETCHED,
        track=["minion:mindless-rat", "mouse:collin", *TRACK[:2], "mouse:tilda"],
        turn="minion:mindless-rat",
        dice=[CHEESE, SWORD, SWORD, BOW, BOW, CHEESE],  # rat: moves 1 (9 -> 12), 2 hits, no block; Collin's move
    )
    leave = one(g.events, "leaves_hesster")
    # 5, 7 and 9 are free and next to 6; 9 is 1 step from Collin on 12 (7 is 2, 5 is 3)
    assert leave.params == {"target": "collin", "figure": "mindless-rat-1", "src": "18:6", "dst": "18:9"}
    moved = one(g.events, "minion_moves")
    assert (moved.params["src"], moved.params["dst"]) == ("18:9", "18:12")
    assert g.state.minions["mindless-rat-1"].space == "18:12"
