"""Mousetraps (R-TRAP-01..06) on the Guard Room: red-X spaces 9 and 14."""

from __future__ import annotations

import pytest
from flowkit import BOW, BOW_STAR, CHEESE, SHIELD, SHIELD_STAR, SWORD, moves, msgs, of, one, sandbox, scenario

from mnm.engine.game import Game

RAT_FAR = {"rat-warrior-1": {"space": "5:3"}}


@pytest.mark.rule("R-TRAP-01")
def test_r_trap_01_no_markers_unless_a_chapter_or_encounter_says_so() -> None:
    game = Game.new("proving-grounds", ["collin", "tilda", "filch", "maginos"], seed=3)
    assert {sp.id for sp in game.ctx.board.graph(5).spaces if sp.trap} == {"5:9", "5:14"}
    assert game.state.traps == []


@pytest.mark.rule("R-TRAP-01")
def test_r_trap_01_mousetraps_keyword_sets_every_red_x_of_the_new_tile() -> None:
    # Exploring from the Guard Room doorway into the Dining Hall reveals "Trapped Hall" (Mousetraps):
    # markers go on the Dining Hall's red-X spaces (12 and 15), none on the Guard Room's.
    game = sandbox(
        heroes={"filch": {"space": "5:4"}},
        encounter_deck_top=["trapped-hall"],
        dice=[SWORD],
        dice_mode="seeded",
        options={"auto_pick_choices": True},  # tied entry spaces: the lowest number (R-ENC-05)
    )
    assert "explore filch exit-0" in {str(a) for a in game.legal_actions()}
    events = game.apply("explore filch exit-0")
    assert sorted(game.state.traps) == ["7:12", "7:15"]
    assert sorted(e.params["space"] for e in of(events, "mousetrap_set")) == ["7:12", "7:15"]
    assert {e.rule for e in of(events, "mousetrap_set")} == {"R-TRAP-01"}


@pytest.mark.rule("R-TRAP-02")
def test_r_trap_02_roll_dice_equal_to_move() -> None:
    # Filch (move 3) rolls 3 dice for the trap on 9; the first two show no star, the third does.
    game = scenario(heroes={"filch": {"space": "5:6"}}, minions=RAT_FAR, traps=["5:9"], dice=[SWORD, CHEESE, BOW, BOW_STAR])
    events = game.apply("move filch 5:9")
    ev = one(events, "trap_passed")
    assert ev.params["faces"] == [CHEESE, BOW, BOW_STAR]
    assert game.state.dice_queue == []


@pytest.mark.rule("R-TRAP-02")
def test_r_trap_02_a_tinkerer_may_roll_lore_instead() -> None:
    # Nez (move 1, lore 2, Tinkerer): his player chooses; with lore he rolls 2 dice.
    game = scenario(heroes={"nez": {"space": "5:6"}}, minions=RAT_FAR, traps=["5:9"], dice=[SWORD, CHEESE, SHIELD_STAR])
    game.apply("move nez 5:9")
    d = game.decision()
    assert d is not None and (d.kind, d.actor) == ("trap_dice", "nez")
    assert {str(a) for a in d.options} == {"choose nez move", "choose nez lore"}
    events = game.apply("choose nez lore")
    assert one(events, "trap_passed").params["faces"] == [CHEESE, SHIELD_STAR]


@pytest.mark.rule("R-TRAP-02")
def test_r_trap_02_the_mouse_pauses_on_the_trap() -> None:
    # Spaces beyond the trap are not listed from before it: the mouse must stop there and roll first.
    game = scenario(heroes={"collin": {"space": "5:5"}}, minions=RAT_FAR, traps=["5:8"], dice=[SWORD])
    assert "5:8" in moves(game)
    assert "5:12" not in moves(game)  # only reached through the trap on 8 (4 points: 5-8-12)


@pytest.mark.rule("R-TRAP-03")
def test_r_trap_03_success_passes_and_movement_goes_on() -> None:
    game = scenario(heroes={"collin": {"space": "5:5"}}, minions=RAT_FAR, traps=["5:8"], dice=[SWORD, BOW, SWORD])
    events = game.apply("move collin 5:8")
    assert msgs(events) == ["mouse_moves", "trap_passed"]
    assert one(events, "trap_passed").rule == "R-TRAP-03"
    h = game.state.heroes["collin"]
    assert (h.space, h.wounds, h.cheese, h.statuses) == ("5:8", 0, 0, [])
    assert game.state.traps == ["5:8"]  # not sprung, so it stays (R-TRAP-06)
    assert game.state.turn is not None and game.state.turn.move_points == 3
    game.apply("move collin 5:15")  # 8 -> 12 -> 15
    assert game.state.heroes["collin"].space == "5:15"


@pytest.mark.rule("R-TRAP-04")
def test_r_trap_04_failure_springs_the_trap() -> None:
    game = scenario(
        heroes={"collin": {"space": "5:5", "wounds": 1, "cheese": 2}, "tilda": {"space": "5:15"}},
        minions=RAT_FAR,
        traps=["5:8", "5:14"],
        track=["mouse:collin", "mouse:tilda", "minion:rat-warrior"],
        dice=[SWORD, BOW, SHIELD, BOW_STAR],  # Collin's movement, 2 trap dice without a star, Tilda's movement
    )
    events = game.apply("move collin 5:8")
    sprung = one(events, "trap_sprung")
    assert (sprung.rule, sprung.params["faces"]) == ("R-TRAP-04", [BOW, SHIELD])
    h = game.state.heroes["collin"]
    assert (h.space, h.wounds, h.cheese, h.statuses) == ("5:8", 2, 3, ["knocked_down"])
    assert game.state.traps == ["5:14"]  # this marker is removed, the other stays
    assert "turn_ends" in msgs(events)
    decision = game.decision()
    assert decision is not None and decision.actor == "tilda"  # Collin's turn ended at once


@pytest.mark.rule("R-TRAP-05")
def test_r_trap_05_a_minion_ends_its_move_on_a_trap_unharmed() -> None:
    game = sandbox(
        heroes={"collin": {"space": "5:13"}},
        minions={"rat-warrior-1": {"space": "5:11"}},
        traps=["5:14"],
        track=["minion:rat-warrior", "mouse:collin"],
        turn="minion:rat-warrior",
        dice=[BOW_STAR, BOW, BOW, BOW_STAR],  # rat moves 1 (onto the trap), attacks with 2 bows (no hit)
    )
    assert game.state.minions["rat-warrior-1"].space == "5:14"
    assert game.state.minions["rat-warrior-1"].wounds == 0
    assert game.state.traps == ["5:14"]


@pytest.mark.rule("R-TRAP-06")
def test_r_trap_06_starting_a_turn_on_a_trap_rolls_nothing() -> None:
    game = scenario(heroes={"collin": {"space": "5:9"}}, minions=RAT_FAR, traps=["5:9"], dice=[SWORD])
    assert not of(game.events, "trap_passed") and not of(game.events, "trap_sprung")
    assert game.state.traps == ["5:9"]
    game.apply("move collin 5:6")
    assert game.state.dice_queue == [] and game.state.traps == ["5:9"]


@pytest.mark.rule("R-TRAP-06")
def test_r_trap_06_a_marker_stays_until_sprung() -> None:
    # Passed once (a star), it is still there for the next mouse, who springs it.
    game = scenario(
        heroes={"collin": {"space": "5:6"}, "tilda": {"space": "5:8"}},
        minions=RAT_FAR,
        traps=["5:9"],
        track=["mouse:collin", "mouse:tilda", "minion:rat-warrior"],
        dice=[SWORD, SWORD, BOW, BOW_STAR, CHEESE, BOW],
        dice_mode="seeded",  # the rat's turn after Tilda's is not scripted
    )
    game.apply("move collin 5:9")
    assert game.state.traps == ["5:9"]
    game.apply("move collin 5:5")
    game.apply("end collin")
    game.apply("move tilda 5:9")
    assert game.state.traps == []
    assert game.state.heroes["tilda"].statuses == ["knocked_down"]
