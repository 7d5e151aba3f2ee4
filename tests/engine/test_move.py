"""Movement (R-MOVE-01..13) on the Guard Room (proving-grounds) and the sandbox tiles (flowkit)."""

from __future__ import annotations

import pytest
from flowkit import BOW, BOW_STAR, SWORD, moves, msgs, of, one, options, sandbox, scenario

from mnm.engine.errors import IllegalAction

RAT_FAR = {"rat-warrior-1": {"space": "5:3"}}  # keeps the Proving Grounds unwon and out of the way


@pytest.mark.rule("R-MOVE-01")
def test_r_move_01_each_step_costs_one_and_the_allowance_is_spent() -> None:
    # Collin: move 2 + a rolled 1 = 3 movement from the cell (15).
    game = scenario(heroes={"collin": {"space": "5:15"}}, minions=RAT_FAR, dice=[BOW_STAR])
    assert game.state.turn is not None and game.state.turn.move_points == 3
    assert moves(game) == {"5:12", "5:13", "5:17", "5:8", "5:14", "5:5", "5:9", "5:11", "5:16"}
    events = game.apply("move collin 5:8")  # 15 -> 12 -> 8
    ev = one(events, "mouse_moves")
    assert (ev.rule, ev.params["cost"], ev.params["left"]) == ("R-MOVE-01", 2, 1)
    assert game.state.heroes["collin"].space == "5:8"
    assert moves(game) == {"5:5", "5:9", "5:12"}  # 1 left: only the spaces next to 8


@pytest.mark.rule("R-MOVE-02")
def test_r_move_02_adjacency_is_encoded_per_tile() -> None:
    # With 1 movement point, exactly the spaces touching Guard Room 7 are reachable.
    game = scenario(
        heroes={"collin": {"space": "5:7"}}, minions=RAT_FAR, dice=[SWORD], turn_state={"move_points": 1}
    )
    assert moves(game) == {"5:2", "5:3", "5:4", "5:6", "5:9", "5:10", "5:11"}
    with pytest.raises(IllegalAction, match="out of reach"):
        game.apply("move collin 5:5")


@pytest.mark.rule("R-MOVE-02")
@pytest.mark.rule("R-MOVE-07")
def test_r_move_02_07_bridge_over_one_crystal_but_not_a_cluster() -> None:
    # Crystal Tunnels: 2 and 4 are split by one crystal, which a mouse's base bridges; 7 and 8 by two
    # crystals side by side, which it cannot.
    game = sandbox(heroes={"nez": {"space": "10:2"}}, dice=[SWORD], turn_state={"move_points": 1})
    board = game.ctx.board
    assert "crystal" not in board.spaces  # a feature, never a space (R-MOVE-07)
    assert moves(game) == {"10:3", "10:4"}
    ev = one(game.apply("move nez 10:4"), "mouse_moves")
    assert ev.params["cost"] == 1
    wide = sandbox(heroes={"nez": {"space": "10:7"}}, dice=[SWORD], turn_state={"move_points": 1})
    assert moves(wide) == {"10:4", "10:6", "10:10"}
    assert "10:8" not in dict(board.mouse_nbrs["10:7"])


@pytest.mark.rule("R-MOVE-03")
def test_r_move_03_yellow_line_costs_one_with_the_arrow() -> None:
    game = scenario(heroes={"collin": {"space": "5:13"}}, minions=RAT_FAR, dice=[SWORD], turn_state={"move_points": 1})
    assert "5:14" in moves(game)
    ev = one(game.apply("move collin 5:14"), "mouse_moves")
    assert (ev.params["cost"], ev.params["left"]) == (1, 0)


FULL_17 = {"tilda": {"space": "5:17"}, "filch": {"space": "5:17"}, "maginos": {"space": "5:17"}, "nez": {"space": "5:17"}}


@pytest.mark.rule("R-MOVE-03")
def test_r_move_03_yellow_line_costs_three_against_the_arrow() -> None:
    # Space 17 is full, so the only way from 14 back to 13 is straight over the line, against the arrow.
    heroes = {"collin": {"space": "5:14"}, **FULL_17}
    short = scenario(heroes=heroes, minions=RAT_FAR, dice=[SWORD], turn_state={"move_points": 2})
    assert "5:13" not in moves(short)
    game = scenario(heroes=heroes, minions=RAT_FAR, dice=[SWORD], turn_state={"move_points": 3})
    assert "5:13" in moves(game)
    ev = one(game.apply("move collin 5:13"), "mouse_moves")
    assert (ev.params["cost"], ev.params["left"]) == (3, 0)


@pytest.mark.rule("R-MOVE-03")
@pytest.mark.rule("R-MOVE-13")
def test_r_move_03_13_minions_ignore_yellow_lines() -> None:
    # The rat rolls a 2 and goes 14 -> 13 -> 12 (a mouse would pay 3 for the first step alone).
    game = sandbox(
        heroes={"collin": {"space": "5:12"}},
        minions={"rat-warrior-1": {"space": "5:14"}},
        track=["minion:rat-warrior", "mouse:collin"],
        turn="minion:rat-warrior",
        dice=[SWORD, BOW, BOW, BOW_STAR],  # rat movement 2; its attack: 2 bows, no hit; Collin's movement
    )
    ev = one(game.events, "minion_moves")
    assert (ev.params["src"], ev.params["dst"], ev.params["steps"]) == ("5:14", "5:12", 2)
    assert game.state.minions["rat-warrior-1"].space == "5:12"


@pytest.mark.rule("R-MOVE-04")
def test_r_move_04_mice_may_not_cross_a_red_line() -> None:
    # Guard Room 9 and 13 are split by the cell bars: not adjacent for a mouse.
    game = scenario(heroes={"collin": {"space": "5:9"}}, minions=RAT_FAR, dice=[SWORD], turn_state={"move_points": 1})
    assert moves(game) == {"5:6", "5:7", "5:8"}
    assert "5:13" not in dict(game.ctx.board.mouse_nbrs["5:9"])
    with pytest.raises(IllegalAction, match="out of reach"):
        game.apply("move collin 5:13")


@pytest.mark.rule("R-MOVE-04")
@pytest.mark.rule("R-MOVE-13")
def test_r_move_04_13_minions_ignore_red_lines() -> None:
    # The rat rolls a 1 and steps straight through the bars from 9 to 13.
    game = sandbox(
        heroes={"collin": {"space": "5:13"}},
        minions={"rat-warrior-1": {"space": "5:9"}},
        track=["minion:rat-warrior", "mouse:collin"],
        turn="minion:rat-warrior",
        dice=[BOW_STAR, BOW, BOW, BOW_STAR],
    )
    ev = one(game.events, "minion_moves")
    assert (ev.params["src"], ev.params["dst"], ev.params["steps"]) == ("5:9", "5:13", 1)


@pytest.mark.rule("R-MOVE-05")
def test_r_move_05_solid_rock_is_never_entered_or_crossed() -> None:
    # Guard Room 13 and 11 face each other across rock: adjacent for nobody.
    game = scenario(heroes={"collin": {"space": "5:13"}}, minions=RAT_FAR, dice=[SWORD], turn_state={"move_points": 1})
    graph = game.ctx.board.graph(5)
    assert moves(game) == {"5:12", "5:14", "5:15", "5:17"}
    assert graph.minion_dist[graph.by_id["5:13"].index][graph.by_id["5:11"].index] == 2  # round by 14, not through
    assert all(sp.id.startswith("5:") for sp in graph.spaces)  # '#' cells are no space at all


@pytest.mark.rule("R-MOVE-06")
def test_r_move_06_pipes_gap_only_with_a_red_line_crossing_effect() -> None:
    # The Pipes: 2 (b) and 8 (i) are split by a dark gap.
    plain = sandbox(heroes={"filch": {"space": "15:2"}}, dice=[SWORD], turn_state={"move_points": 1})
    assert "15:8" not in moves(plain)
    levitating = sandbox(
        heroes={"filch": {"space": "15:2"}}, dice=[SWORD], turn_state={"move_points": 1, "flags": ["levitate"]}
    )
    assert "15:8" in moves(levitating)
    ev = one(levitating.apply("move filch 15:8"), "mouse_moves")
    assert ev.params["cost"] == 1


@pytest.mark.rule("R-MOVE-07")
def test_r_move_07_a_feature_inside_a_space_is_part_of_it() -> None:
    # The helmet lies in Guard Room 6: the space holds it, and a mouse walks in as usual.
    game = scenario(heroes={"collin": {"space": "5:5"}}, minions=RAT_FAR, dice=[SWORD], turn_state={"move_points": 1})
    assert "helmet" in game.ctx.board.spaces["5:6"].features
    assert "5:6" in moves(game)


@pytest.mark.rule("R-MOVE-08")
def test_r_move_08_entering_a_minion_space_stops_the_mouse() -> None:
    # 4 movement from 12; the rat on 8 blocks the way on to 5 and 9.
    game = scenario(
        heroes={"collin": {"space": "5:12"}}, minions={"rat-warrior-1": {"space": "5:8"}}, dice=[BOW]
    )
    assert game.state.turn is not None and game.state.turn.move_points == 4
    reach = moves(game)
    assert "5:8" in reach and "5:5" not in reach and "5:9" not in reach
    events = game.apply("move collin 5:8")
    assert one(events, "stops_at_minion").rule == "R-MOVE-08"
    assert game.state.turn is not None and game.state.turn.move_points == 3
    assert moves(game) == set()
    assert "battle collin rat-warrior-1" in options(game)


@pytest.mark.rule("R-MOVE-09")
def test_r_move_09_outnumbered_mouse_cannot_leave() -> None:
    game = scenario(
        heroes={"tilda": {"space": "5:15"}, "nez": {"space": "5:8"}},
        minions={"rat-warrior-1": {"space": "5:15"}, "rat-warrior-2": {"space": "5:15"}},
        track=["mouse:tilda", "minion:rat-warrior", "mouse:nez"],
        dice=[BOW],
    )
    assert moves(game) == set()
    assert "battle tilda rat-warrior-1" in options(game)
    with pytest.raises(IllegalAction, match=r"R-MOVE-09"):
        game.apply("move tilda 5:12")


@pytest.mark.rule("R-MOVE-09")
def test_r_move_09_as_many_mice_as_minions_may_leave() -> None:
    game = scenario(
        heroes={"tilda": {"space": "5:15"}, "nez": {"space": "5:15"}},
        minions={"rat-warrior-1": {"space": "5:15"}, "rat-warrior-2": {"space": "5:15"}},
        track=["mouse:tilda", "minion:rat-warrior", "mouse:nez"],
        dice=[BOW],
    )
    assert {"5:12", "5:13", "5:17"} <= moves(game)
    game.apply("move tilda 5:12")
    assert game.state.heroes["tilda"].space == "5:12"


@pytest.mark.rule("R-MOVE-09")
@pytest.mark.rule("R-TURN-05")
def test_r_move_09_a_scurry_is_a_new_movement_and_checks_again() -> None:
    # Tilda walks into the space of two rats (stopping there, R-MOVE-08), then scurries: alone against two,
    # she may not leave (R-TURN-05: all movement rules apply to the new movement).
    game = scenario(
        heroes={"tilda": {"space": "5:12"}, "nez": {"space": "5:1"}},
        minions={"rat-warrior-1": {"space": "5:15"}, "rat-warrior-2": {"space": "5:15"}},
        track=["mouse:tilda", "minion:rat-warrior", "mouse:nez"],
        dice=[BOW, SWORD],
    )
    game.apply("move tilda 5:15")
    game.apply("scurry tilda")
    assert game.state.turn is not None and game.state.turn.move_points == 4
    assert moves(game) == set()
    with pytest.raises(IllegalAction, match=r"R-MOVE-09"):
        game.apply("move tilda 5:12")


@pytest.mark.rule("R-MOVE-10")
def test_r_move_10_no_entering_or_passing_a_full_space() -> None:
    game = scenario(
        heroes={"collin": {"space": "5:15"}, **FULL_17}, minions=RAT_FAR, dice=[SWORD], turn_state={"move_points": 2}
    )
    # 17 is full: 14 is still reached over 13, but never through 17.
    assert moves(game) == {"5:12", "5:13", "5:8", "5:14"}
    with pytest.raises(IllegalAction, match=r"full \(R-SPACE-02\)"):
        game.apply("move collin 5:17")


@pytest.mark.rule("R-MOVE-11")
def test_r_move_11_knocked_down_mouse_spends_its_move_standing_up() -> None:
    game = scenario(
        heroes={"collin": {"space": "5:15", "statuses": ["knocked_down"]}}, minions=RAT_FAR, dice=[SWORD]
    )
    assert one(game.events, "stands_up").rule == "R-NEG-04"
    assert game.state.heroes["collin"].statuses == []
    assert moves(game) == set()
    assert "search collin" in options(game)  # the action is still there


@pytest.mark.rule("R-MOVE-11")
def test_r_move_11_webbed_mouse_cannot_move() -> None:
    game = scenario(heroes={"collin": {"space": "5:15", "statuses": ["webbed"]}}, minions=RAT_FAR, dice=[SWORD])
    assert moves(game) == set()
    assert not any(o.startswith("scurry") for o in options(game))


@pytest.mark.rule("R-MOVE-11")
def test_r_move_11_a_mousetrap_interrupts_movement() -> None:
    # Passing the trap on 9 (a star) lets Collin go on with his remaining movement.
    game = scenario(
        heroes={"collin": {"space": "5:5"}}, minions=RAT_FAR, traps=["5:9"], dice=[SWORD, SWORD, BOW]
    )
    events = game.apply("move collin 5:9")
    assert msgs(events)[:2] == ["mouse_moves", "trap_passed"]
    assert game.state.turn is not None and game.state.turn.move_points == 2
    assert "5:13" not in moves(game)  # still no crossing the red line
    assert {"5:6", "5:7", "5:8"} <= moves(game)


@pytest.mark.rule("R-MOVE-12")
def test_r_move_12_fishhook_token_joins_its_two_ends() -> None:
    game = scenario(
        heroes={"filch": {"space": "5:1"}},
        minions=RAT_FAR,
        tokens={"fishhook": ["5:1", "5:16"]},
        dice=[SWORD],
        turn_state={"move_points": 1},
    )
    assert moves(game) == {"5:2", "5:5", "5:16"}
    ev = one(game.apply("move filch 5:16"), "mouse_moves")
    assert ev.params["cost"] == 1


@pytest.mark.rule("R-MOVE-13")
@pytest.mark.rule("R-TRAP-05")
def test_r_move_13_minions_walk_over_mousetraps() -> None:
    game = sandbox(
        heroes={"collin": {"space": "5:17"}},
        minions={"rat-warrior-1": {"space": "5:11"}},
        traps=["5:14"],
        track=["minion:rat-warrior", "mouse:collin"],
        turn="minion:rat-warrior",
        dice=[SWORD, BOW, BOW, BOW_STAR],
    )
    ev = one(game.events, "minion_moves")
    assert (ev.params["src"], ev.params["dst"], ev.params["steps"]) == ("5:11", "5:17", 2)
    assert game.state.traps == ["5:14"]
    assert not of(game.events, "trap_passed") and not of(game.events, "trap_sprung")
