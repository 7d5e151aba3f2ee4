"""Minion turns (RULES.md §18, R-MINION-01..12): order, movement, targets and the reasons given for them.

Guard Room positions (rulekit has the adjacency). A minion turn runs by itself when the scenario starts on a
minion card; the scripted dice are its movement and attack rolls, then the next mouse's movement roll.
"""

from __future__ import annotations

import pytest
from rulekit import BOW, CHEESE, SHIELD, SHIELD_STAR, SWORD, of, one, scenario

# face numbers for movement: CHEESE and BOW_STAR show 1, SWORD and BOW show 2, SHIELD and SHIELD_STAR show 3
ONE, TWO, THREE = CHEESE, SWORD, SHIELD


@pytest.mark.rule("R-MINION-01")
def test_r_minion_01_figures_act_nearest_the_mice_first_move_then_battle() -> None:
    # rat 1 is far (3), rat 2 next to Collin (13 is adjacent to 12): rat 2 acts first
    g = scenario(
        heroes={"collin": {"space": "5:12"}},
        minions={"rat-warrior-1": {"space": "5:3"}, "rat-warrior-2": {"space": "5:13"}},
        track=["minion:rat-warrior", "mouse:collin"],
        dice=[ONE, BOW, BOW, ONE, BOW, BOW, CHEESE],
    )
    turn = one(g.events, "minion_card_turn")
    assert turn.params["order"] == ["rat-warrior-2", "rat-warrior-1"]
    assert turn.rule == "R-MINION-01"
    msgs = [(e.msg, e.params.get("minion")) for e in g.events if e.msg in ("minion_moves", "minion_attacks")]
    assert msgs == [
        ("minion_moves", "rat-warrior-2"),
        ("minion_attacks", "rat-warrior-2"),
        ("minion_moves", "rat-warrior-1"),
    ]
    assert g.state.minions["rat-warrior-2"].space == "5:12"  # stepped into Collin's space, then attacked


@pytest.mark.rule("R-MINION-02")
def test_r_minion_02_minions_ignore_red_lines() -> None:
    # the cell bars (red line 9|13) stop mice, not minions: the rat steps straight from 9 into 13
    g = scenario(
        heroes={"collin": {"space": "5:13"}},
        minions={"rat-warrior-1": {"space": "5:9"}},
        track=["minion:rat-warrior", "mouse:collin"],
        dice=[THREE, BOW, BOW, CHEESE],
    )
    move = one(g.events, "minion_moves")
    assert (move.params["dst"], move.params["steps"]) == ("5:13", 1)
    assert not g.ctx.board.graph(5).mouse_adjacent("5:9", "5:13")


@pytest.mark.rule("R-MINION-02")
def test_r_minion_02_minions_ignore_yellow_lines_and_mousetraps() -> None:
    # 14 -> 13 is against the yellow arrow (3 points for a mouse) and 14 holds a set mousetrap
    g = scenario(
        heroes={"collin": {"space": "5:12"}},
        minions={"rat-warrior-1": {"space": "5:16"}},
        track=["minion:rat-warrior", "mouse:collin"],
        traps=["5:14"],
        dice=[THREE, BOW, BOW, CHEESE],
    )
    move = one(g.events, "minion_moves")
    assert (move.params["src"], move.params["dst"], move.params["steps"]) == ("5:16", "5:12", 3)
    assert g.state.traps == ["5:14"]  # the trap did not spring on the rat
    assert of(g.events, "mousetrap_sprung") == []


@pytest.mark.rule("R-MINION-03")
def test_r_minion_03_rolls_one_die_and_walks_the_shortest_route_toward_the_nearest_mouse() -> None:
    g = scenario(
        heroes={"collin": {"space": "5:12"}},
        minions={"rat-warrior-1": {"space": "5:1"}},
        track=["minion:rat-warrior", "mouse:collin"],
        dice=[TWO, BOW, BOW, CHEESE],
    )
    move = one(g.events, "minion_moves")
    assert move.rule == "R-MINION-03"
    assert move.params == {
        "minion": "rat-warrior-1",
        "src": "5:1",
        "dst": "5:8",  # 1 -> 5 -> 8, two of the three steps to 12
        "steps": 2,
        "roll": 2,
        "target": "collin",
        "tied": [],
        "path": ["5:5", "5:8"],
        "forks": [],  # 1-5-8-12 is the only shortest route
    }


@pytest.mark.rule("R-MINION-03")
def test_r_minion_03_stops_on_entering_the_mouse_space_with_points_left() -> None:
    g = scenario(
        heroes={"collin": {"space": "5:12"}},
        minions={"rat-warrior-1": {"space": "5:8"}},
        track=["minion:rat-warrior", "mouse:collin"],
        dice=[THREE, BOW, BOW, CHEESE],
    )
    move = one(g.events, "minion_moves")
    assert (move.params["dst"], move.params["steps"], move.params["roll"]) == ("5:12", 1, 3)


@pytest.mark.rule("R-MINION-03")
def test_r_minion_03_no_move_when_starting_in_a_mouse_space() -> None:
    g = scenario(
        heroes={"collin": {"space": "5:12"}},
        minions={"rat-warrior-1": {"space": "5:12"}},
        track=["minion:rat-warrior", "mouse:collin"],
        dice=[BOW, BOW, CHEESE],  # no movement die: the first two dice are its attack
    )
    assert one(g.events, "minion_holds").params == {"minion": "rat-warrior-1", "space": "5:12"}
    assert of(g.events, "minion_moves") == []
    assert one(g.events, "minion_attacks").params["faces"] == [BOW, BOW]


@pytest.mark.rule("R-MINION-03")
def test_r_minion_03_full_target_space_stop_as_close_as_possible() -> None:
    # four mice fill 12; the rat from 5 rolls 3 and stops next to them in 8
    mice = {h: {"space": "5:12"} for h in ("collin", "tilda", "filch", "maginos")}
    g = scenario(
        heroes=mice,
        minions={"rat-warrior-1": {"space": "5:5"}},
        track=["minion:rat-warrior", "mouse:tilda", "mouse:collin", "mouse:filch", "mouse:maginos"],
        dice=[THREE, BOW, BOW, CHEESE],
    )
    move = one(g.events, "minion_moves")
    assert (move.params["dst"], move.params["steps"]) == ("5:8", 1)
    attack = one(g.events, "minion_attacks")
    assert attack.params["hero"] == "tilda"  # all four equally near: the one highest on the track
    assert (attack.params["reason"], attack.params["tied"]) == (
        "nearest_not_attacked", ["collin", "filch", "maginos"]
    )
    from mnm.engine.i18n import render

    assert render(attack).startswith(
        "Rat Warrior 1 attacks Tilda (the nearest mouse not yet attacked; tied with Prince Collin, Filch and "
        "Maginos, higher on the initiative track): "
    )
    told = render(attack, "pt_BR")
    assert "o rato mais próximo ainda não atacado; em empate com" in told and "nearest" not in told
    assert move.params["target"] == "tilda" and move.params["tied"] == ["collin", "filch", "maginos"]


@pytest.mark.rule("R-MINION-03")
def test_r_minion_03_equally_near_mice_highest_on_track_and_the_event_says_so() -> None:
    # from 7, Collin in 4 and Filch in 2 are both 1 step away; Filch is higher on the track
    g = scenario(
        heroes={"collin": {"space": "5:4"}, "filch": {"space": "5:2"}},
        minions={"rat-warrior-1": {"space": "5:7"}},
        track=["minion:rat-warrior", "mouse:filch", "mouse:collin"],
        dice=[ONE, BOW, BOW, CHEESE],
    )
    move = one(g.events, "minion_moves")
    assert (move.params["dst"], move.params["target"], move.params["tied"]) == ("5:2", "filch", ["collin"])
    attack = one(g.events, "minion_attacks")
    assert attack.params["hero"] == "filch"
    assert attack.params["reason"] == "nearest_not_attacked" and attack.params["tied"] == []
    # the same position with the track the other way round: Collin
    g = scenario(
        heroes={"collin": {"space": "5:4"}, "filch": {"space": "5:2"}},
        minions={"rat-warrior-1": {"space": "5:7"}},
        track=["minion:rat-warrior", "mouse:collin", "mouse:filch"],
        dice=[ONE, BOW, BOW, CHEESE],
    )
    move = one(g.events, "minion_moves")
    assert (move.params["dst"], move.params["target"], move.params["tied"]) == ("5:4", "collin", ["filch"])


@pytest.mark.rule("R-MINION-04")
def test_r_minion_04_ranged_minion_that_sees_a_mouse_does_not_move() -> None:
    g = scenario(
        heroes={"collin": {"space": "5:12"}},
        minions={"elite-rat-warrior-1": {"space": "5:1"}},
        track=["minion:elite-rat-warrior", "mouse:collin"],
        dice=[BOW, SWORD, SWORD, SHIELD, CHEESE, CHEESE],
    )
    assert one(g.events, "minion_holds_ranged").rule == "R-MINION-04"
    assert g.state.minions["elite-rat-warrior-1"].space == "5:1"
    assert one(g.events, "minion_attacks").params["hits"] == 1
    assert g.state.heroes["collin"].wounds == 0  # one hit, one SWORD/SHIELD block


@pytest.mark.rule("R-MINION-05")
def test_r_minion_05_each_attack_goes_to_a_mouse_not_yet_attacked_then_highest_on_track() -> None:
    # Collin in 12, Filch in 13; two rats in 12 and one in 13, all starting in a mouse's space
    g = scenario(
        heroes={"collin": {"space": "5:12"}, "filch": {"space": "5:13"}},
        minions={
            "rat-warrior-1": {"space": "5:12"},
            "rat-warrior-2": {"space": "5:12"},
            "rat-warrior-3": {"space": "5:13"},
        },
        track=["minion:rat-warrior", "mouse:filch", "mouse:collin"],
        dice=[BOW, BOW, BOW, BOW, BOW, BOW, CHEESE],
    )
    attacks = [(e.params["minion"], e.params["hero"], e.params["reason"]) for e in of(g.events, "minion_attacks")]
    assert attacks == [
        ("rat-warrior-1", "collin", "nearest_not_attacked"),  # Collin shares its space
        ("rat-warrior-2", "filch", "nearest_not_attacked"),  # Collin already attacked
        ("rat-warrior-3", "filch", "all_attacked_highest_on_track"),
    ]


@pytest.mark.rule("R-MINION-06")
def test_r_minion_06_melee_minion_attacks_only_in_or_next_to_its_space() -> None:
    # the rat from 1 rolls 1 and reaches 5; Collin in 15 is out of reach: no attack
    g = scenario(
        heroes={"collin": {"space": "5:15"}},
        minions={"rat-warrior-1": {"space": "5:1"}},
        track=["minion:rat-warrior", "mouse:collin"],
        dice=[ONE, CHEESE],
    )
    assert one(g.events, "minion_moves").params["dst"] == "5:5"
    assert of(g.events, "minion_attacks") == []
    # rolling 2 it reaches 8, next to 12: it attacks the adjacent mouse
    g = scenario(
        heroes={"collin": {"space": "5:12"}},
        minions={"rat-warrior-1": {"space": "5:1"}},
        track=["minion:rat-warrior", "mouse:collin"],
        dice=[THREE, BOW, BOW, CHEESE],
    )
    assert one(g.events, "minion_moves").params["dst"] == "5:12"
    assert one(g.events, "minion_attacks").params["hero"] == "collin"


@pytest.mark.rule("R-MINION-06")
def test_r_minion_06_adjacent_mouse_is_attacked_after_a_short_move() -> None:
    g = scenario(
        heroes={"collin": {"space": "5:12"}},
        minions={"rat-warrior-1": {"space": "5:1"}},
        track=["minion:rat-warrior", "mouse:collin"],
        dice=[TWO, BOW, BOW, CHEESE],
    )
    assert one(g.events, "minion_moves").params["dst"] == "5:8"
    assert one(g.events, "minion_attacks").params["hero"] == "collin"


@pytest.mark.rule("R-MINION-07")
def test_r_minion_07_aggressive_rats_swap_with_the_card_above() -> None:
    g = scenario(
        heroes={"collin": {"space": "5:15"}, "filch": {"space": "5:15"}},
        minions={"rat-warrior-1": {"space": "5:1"}},
        track=["mouse:collin", "minion:rat-warrior", "mouse:filch"],
        turn="minion:rat-warrior",
        dice=[ONE, CHEESE],
    )
    swap = one(g.events, "aggressive_swap")
    assert swap.rule == "R-MINION-07"
    assert g.state.track == ["minion:rat-warrior", "mouse:collin", "mouse:filch"]
    # Collin slid down but has already acted this round: Filch is next
    assert g.decision() is not None and g.decision().actor == "filch"  # type: ignore[union-attr]


@pytest.mark.rule("R-MINION-07")
def test_r_minion_07_no_swap_from_the_top_spot() -> None:
    g = scenario(
        heroes={"collin": {"space": "5:15"}},
        minions={"rat-warrior-1": {"space": "5:1"}},
        track=["minion:rat-warrior", "mouse:collin"],
        dice=[ONE, CHEESE],
    )
    assert of(g.events, "aggressive_swap") == []
    assert g.state.track == ["minion:rat-warrior", "mouse:collin"]


@pytest.mark.rule("R-MINION-08")
def test_r_minion_08_knocked_down_minion_stands_instead_of_moving_but_attacks() -> None:
    g = scenario(
        heroes={"collin": {"space": "5:12"}},
        minions={"rat-warrior-1": {"space": "5:13", "statuses": ["knocked_down"]}},
        track=["minion:rat-warrior", "mouse:collin"],
        dice=[SWORD, BOW, BOW, BOW, CHEESE],  # no movement die: attack SWORD + BOW, then Collin's 2 defense
    )
    assert one(g.events, "stands_up").params == {"figure": "rat-warrior-1"}
    assert of(g.events, "minion_moves") == []
    rat = g.state.minions["rat-warrior-1"]
    assert (rat.space, rat.statuses) == ("5:13", [])
    assert one(g.events, "minion_attacks").params["hits"] == 1
    assert g.state.heroes["collin"].wounds == 1


@pytest.mark.rule("R-MINION-10")
def test_r_minion_10_nearest_is_path_length_on_the_minion_graph() -> None:
    # from 9, Filch in 13 is 1 step (across the red bars, which minions ignore); Collin in 5 is 2 steps.
    # Collin is higher on the track, but Filch is nearer.
    g = scenario(
        heroes={"collin": {"space": "5:5"}, "filch": {"space": "5:13"}},
        minions={"rat-warrior-1": {"space": "5:9"}},
        track=["minion:rat-warrior", "mouse:collin", "mouse:filch"],
        dice=[ONE, BOW, BOW, CHEESE],
    )
    move = one(g.events, "minion_moves")
    assert (move.params["target"], move.params["dst"]) == ("filch", "5:13")


@pytest.mark.rule("R-MINION-10")
def test_r_minion_10_full_spaces_lengthen_the_route() -> None:
    # the spider fills 14, so Collin in 17 is 5 steps from the rat in 16 (16-11-7-9-13-17) while Filch in
    # 10 is 2 (16-11-10). Without the spider both would be 2 steps away and Collin, higher, would be chosen.
    g = scenario(
        heroes={"collin": {"space": "5:17"}, "filch": {"space": "5:10"}},
        minions={"rat-warrior-1": {"space": "5:16"}, "spider-1": {"space": "5:14"}},
        track=["minion:rat-warrior", "mouse:collin", "mouse:filch", "minion:spider"],
        dice=[TWO, BOW, BOW, CHEESE],
    )
    move = one(g.events, "minion_moves")
    assert (move.params["target"], move.params["dst"]) == ("filch", "5:10")
    g = scenario(
        heroes={"collin": {"space": "5:17"}, "filch": {"space": "5:10"}},
        minions={"rat-warrior-1": {"space": "5:16"}},
        track=["minion:rat-warrior", "mouse:collin", "mouse:filch"],
        dice=[TWO, BOW, BOW, CHEESE],
    )
    move = one(g.events, "minion_moves")
    assert (move.params["target"], move.params["tied"], move.params["dst"]) == ("collin", ["filch"], "5:17")


@pytest.mark.rule("R-MINION-10")
def test_r_minion_10_equal_routes_take_the_lowest_numbered_next_space() -> None:
    # 1 -> 9 has three shortest routes (1-2-6-9, 1-2-7-9, 1-5-6-9): the first step goes to 2, the lower number
    g = scenario(
        heroes={"collin": {"space": "5:9"}},
        minions={"rat-warrior-1": {"space": "5:1"}},
        track=["minion:rat-warrior", "mouse:collin"],
        dice=[ONE, CHEESE],
    )
    move = one(g.events, "minion_moves")
    assert (move.params["dst"], move.params["path"]) == ("5:2", ["5:2"])
    assert move.params["forks"] == ["5:1"]  # the event says where equal routes split


@pytest.mark.rule("R-MINION-12")
def test_r_minion_12_cheese_on_the_movement_die_earns_nothing() -> None:
    g = scenario(
        heroes={"collin": {"space": "5:15"}},
        minions={"rat-warrior-1": {"space": "5:1"}},
        track=["minion:rat-warrior", "mouse:collin"],
        wheel=3,
        dice=[CHEESE, SHIELD_STAR],  # the rat's movement die shows CHEESE (1)
    )
    assert one(g.events, "minion_moves").params["roll"] == 1
    assert of(g.events, "wheel_cheese") == []
    assert g.state.wheel == 3


@pytest.mark.rule("R-MINION-09")
@pytest.mark.rule("R-PARTY-12")
def test_r_minion_09_a_roach_heads_for_the_grape_and_feasts() -> None:
    # Collin is in the cell, far away; the grape lies in 2, next to the roach
    g = scenario(
        heroes={"collin": {"space": "5:15"}},
        minions={"roach-1": {"space": "5:1"}, "rat-warrior-1": {"space": "5:3"}},
        tokens={"grape": ["5:2"]},
        track=["minion:roach", "mouse:collin", "minion:rat-warrior"],
        dice=[TWO, CHEESE],
    )
    assert one(g.events, "roach_to_grape").params["dst"] == "5:2"
    assert one(g.events, "roach_feasts").params == {"minion": "roach-1", "space": "5:2"}
    assert of(g.events, "minion_attacks") == []
    assert "roach-1" not in g.state.minions and "grape" not in g.state.tokens


@pytest.mark.rule("R-MINION-09")
def test_r_minion_09_a_rat_on_the_grape_fires_it_instead_of_moving() -> None:
    g = scenario(
        heroes={"collin": {"space": "5:15"}, "filch": {"space": "5:12"}},
        minions={"rat-warrior-1": {"space": "5:1"}},
        tokens={"grape": ["5:1"]},
        track=["minion:rat-warrior", "mouse:collin", "mouse:filch"],
        dice=[BOW, CHEESE],  # the grape lands grape side up (face 4-6): everyone there is knocked down
    )
    assert of(g.events, "minion_moves") == [] and of(g.events, "minion_attacks") == []
    fire = one(g.events, "rat_fires_grape")
    assert fire.params["space"] == "5:15"  # one mouse each: Collin is higher on the track
    assert g.state.minions["rat-warrior-1"].space == "5:1"


@pytest.mark.rule("R-MINION-11")
def test_r_minion_11_minions_on_a_tile_without_mice_stay_put() -> None:
    g = scenario(
        chapter="flight-to-barksburg",
        heroes={"collin": {"space": "5:15"}},
        minions={"rat-warrior-1": {"space": "4:1"}},
        track=["minion:rat-warrior", "mouse:collin"],
        dice=[CHEESE],  # only Collin's movement roll: the rat rolls nothing
    )
    assert one(g.events, "minion_idle").params == {"minion": "rat-warrior-1"}
    assert one(g.events, "minion_idle").rule == "R-MINION-11"
    assert g.state.minions["rat-warrior-1"].space == "4:1"
    assert of(g.events, "minion_moves") == []
