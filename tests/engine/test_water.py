"""Water and currents (R-WATER-01..08) in the Sewer (side 6, Chapter 1) and the sandbox Test Pool (side 97).

Sewer: water 6 -> 8 -> 11 -> 14 (the current runs south; 14, the sump, is still). Mouse neighbours:
5: 1 4 6 8 10 | 6: 2 5 7 8 | 8: 5 6 9 11 | 9: 7 8 12 | 11: 8 12 14 | 12: 9 11 14 15 | 14: 11 12 13 15.
"""

from __future__ import annotations

from typing import Any

import pytest
from flowkit import BOW, BOW_STAR, CHEESE, SHIELD, SWORD, moves, msgs, of, one, options, sandbox

from mnm.engine.errors import IllegalAction
from mnm.engine.game import Game
from mnm.engine.scenario import load_scenario


def sewer(**fields: Any) -> Game:
    """A Chapter 1 position with the Guard Room's tile turned over to the Sewer."""
    return load_scenario({"chapter": "flight-to-barksburg", "tiles": {"guard-room": 6}, **fields})


@pytest.mark.rule("R-WATER-01")
def test_r_water_01_entering_water_ends_the_move() -> None:
    game = sewer(heroes={"collin": {"space": "6:5"}}, dice=[SWORD])  # 4 movement
    reach = moves(game)
    assert {"6:6", "6:8"} <= reach
    assert "6:9" not in reach  # 5-8-9 would go on out of the water; the dry way round is 5 long
    events = game.apply("move collin 6:8")
    assert one(events, "enters_water").rule == "R-WATER-01"
    assert game.state.turn is not None and game.state.turn.movement_over
    assert moves(game) == set()


@pytest.mark.rule("R-WATER-01")
def test_r_water_01_even_from_one_water_space_to_another() -> None:
    game = sewer(heroes={"collin": {"space": "6:6"}}, dice=[SWORD])
    events = game.apply("move collin 6:8")  # with the current
    assert one(events, "enters_water").params["space"] == "6:8"
    assert moves(game) == set()


@pytest.mark.rule("R-WATER-02")
def test_r_water_02_leaving_water_success_takes_the_whole_move() -> None:
    game = sewer(heroes={"collin": {"space": "6:8"}}, dice=[SWORD, BOW_STAR])
    assert game.state.turn is not None and game.state.turn.move_points == 4
    events = game.apply("move collin 6:9")
    ev = one(events, "leaves_water")
    assert (ev.rule, ev.params["dice"], ev.params["faces"]) == ("R-WATER-02", 1, [BOW_STAR])
    assert game.state.heroes["collin"].space == "6:9"
    assert game.state.turn is not None and game.state.turn.move_points == 0
    assert moves(game) == set()
    assert "search collin" in options(game)  # the action is still available


@pytest.mark.rule("R-WATER-02")
def test_r_water_02_leaving_water_failure_stays_put() -> None:
    game = sewer(heroes={"collin": {"space": "6:8"}}, dice=[SWORD, BOW])
    events = game.apply("move collin 6:9")
    assert one(events, "stuck_in_water").params["faces"] == [BOW]
    assert game.state.heroes["collin"].space == "6:8"
    assert moves(game) == set()


@pytest.mark.rule("R-WATER-02")
def test_r_water_02_one_more_die_per_mouse_on_the_destination() -> None:
    game = sewer(
        heroes={"collin": {"space": "6:8"}, "tilda": {"space": "6:9"}, "filch": {"space": "6:9"}},
        dice=[SWORD, CHEESE, SHIELD, BOW_STAR],
    )
    ev = one(game.apply("move collin 6:9"), "leaves_water")
    assert (ev.params["dice"], ev.params["faces"]) == (3, [CHEESE, SHIELD, BOW_STAR])
    assert game.state.heroes["collin"].space == "6:9"


@pytest.mark.rule("R-WATER-02")
def test_r_water_02_only_as_the_whole_move() -> None:
    # A mouse that has already begun moving this turn cannot climb out any more.
    game = sewer(heroes={"collin": {"space": "6:6"}}, dice=[SWORD], turn_state={"moved": True, "move_points": 3})
    assert not {"6:2", "6:5", "6:7"} & moves(game)
    assert "6:8" in moves(game)


@pytest.mark.rule("R-WATER-03")
def test_r_water_03_no_swimming_against_the_current() -> None:
    game = sewer(heroes={"collin": {"space": "6:8"}}, dice=[SWORD])
    assert "6:6" not in moves(game)  # 6 flows into 8
    assert {"6:11", "6:5", "6:9"} <= moves(game)
    with pytest.raises(IllegalAction):
        game.apply("move collin 6:6")


@pytest.mark.rule("R-WATER-03")
def test_r_water_03_still_water_has_no_against() -> None:
    # The Test Pool's still water: 9 and 10 both ways.
    game = sandbox(heroes={"collin": {"space": "97:10"}}, dice=[SWORD])
    assert "97:9" in moves(game)
    game2 = sandbox(heroes={"collin": {"space": "97:9"}}, dice=[SWORD])
    assert "97:10" in moves(game2)


@pytest.mark.rule("R-WATER-04")
def test_r_water_04_drift_one_space_at_the_end_of_the_turn() -> None:
    game = sewer(
        heroes={"collin": {"space": "6:6"}, "tilda": {"space": "6:12"}},
        dice=[SWORD, BOW_STAR],
    )
    events = game.apply("end collin")
    ev = one(events, "drifts")
    assert (ev.rule, ev.params["src"], ev.params["dst"]) == ("R-WATER-04", "6:6", "6:8")
    assert game.state.heroes["collin"].space == "6:8"
    assert msgs(events).index("drifts") > msgs(events).index("turn_ends")


@pytest.mark.rule("R-WATER-04")
def test_r_water_04_still_water_does_not_drift() -> None:
    game = sewer(heroes={"collin": {"space": "6:14"}, "tilda": {"space": "6:12"}}, dice=[SWORD, BOW_STAR])
    events = game.apply("end collin")
    assert not of(events, "drifts")
    assert game.state.heroes["collin"].space == "6:14"


@pytest.mark.rule("R-WATER-04")
def test_r_water_04_drifting_off_the_tile_captures_the_mouse() -> None:
    game = sandbox(heroes={"collin": {"space": "97:8"}, "tilda": {"space": "97:1"}}, dice=[SWORD, BOW_STAR])
    events = game.apply("end collin")
    assert one(events, "drifts_off_tile").rule == "R-WATER-04"
    assert game.state.heroes["collin"].captured
    assert game.state.heroes["collin"].space is None


@pytest.mark.rule("R-WATER-05")
def test_r_water_05_no_free_actions_on_water() -> None:
    def free(game: Game) -> set[str]:
        return {o for o in options(game) if o.split()[0] in ("share", "equip", "unequip", "levelup")}

    heroes = {"collin": {"space": "6:8", "pack": ["dagger"], "cheese": 6}, "tilda": {"space": "6:8"}}
    wet = sewer(heroes=heroes, dice=[SWORD])
    assert free(wet) == set()
    with pytest.raises(IllegalAction, match="R-WATER-05"):
        wet.apply("equip collin dagger")
    dry = sewer(heroes={**heroes, "collin": {**heroes["collin"], "space": "6:9"}, "tilda": {"space": "6:9"}},
                dice=[SWORD])
    assert free(dry)  # the same mouse on land has them


@pytest.mark.rule("R-WATER-06")
def test_r_water_06_minions_walk_through_water() -> None:
    # The rat goes 5 -> 8 (water) -> 9 with a 2, neither stopping in the water nor caring for the current.
    game = sewer(
        heroes={"collin": {"space": "6:9"}},
        minions={"rat-warrior-1": {"space": "6:5"}},
        track=["minion:rat-warrior", "mouse:collin"],
        turn="minion:rat-warrior",
        dice=[SWORD, BOW, BOW, BOW_STAR],
    )
    ev = one(game.events, "minion_moves")
    assert (ev.params["src"], ev.params["dst"], ev.params["steps"]) == ("6:5", "6:9", 2)


@pytest.mark.rule("R-WATER-06")
def test_r_water_06_minions_do_not_drift() -> None:
    # The rat stops in the current (a 1) and attacks from there; it does not drift afterwards.
    game = sewer(
        heroes={"collin": {"space": "6:9"}},
        minions={"rat-warrior-1": {"space": "6:5"}},
        track=["minion:rat-warrior", "mouse:collin"],
        turn="minion:rat-warrior",
        dice=[BOW_STAR, BOW, BOW, BOW_STAR],
    )
    assert game.state.minions["rat-warrior-1"].space == "6:8"
    assert not of(game.events, "drifts")  # its turn is over and Collin's has begun: no drift into 11


@pytest.mark.rule("R-WATER-07")
def test_r_water_07_no_dinner_fork_on_water() -> None:
    game = sewer(heroes={"collin": {"space": "6:8"}}, stash=["fork"], dice=[SWORD])
    assert "place collin fork" not in options(game)
    with pytest.raises(IllegalAction, match="water"):
        game.apply("place collin fork")
    dry = sewer(heroes={"collin": {"space": "6:9"}}, stash=["fork"], dice=[SWORD])
    assert "place collin fork" in options(dry)


@pytest.mark.rule("R-WATER-07")
def test_r_water_07_fishhook_needs_one_dry_end() -> None:
    game = sewer(heroes={"collin": {"space": "6:8"}}, stash=["fishhook"], dice=[SWORD])
    ends = {a.args[1] for a in game.legal_actions() if a.verb == "place" and a.args[0] == "fishhook"}
    assert ends == {"6:1", "6:2", "6:3", "6:4", "6:5", "6:7", "6:9", "6:10", "6:12", "6:13", "6:15"}
    with pytest.raises(IllegalAction, match="non-water"):
        game.apply("place collin fishhook 6:14")
    dry = sewer(heroes={"collin": {"space": "6:9"}}, stash=["fishhook"], dice=[SWORD])
    assert "place collin fishhook 6:14" in options(dry)


@pytest.mark.rule("R-WATER-08")
def test_r_water_08_sewer_special_search_only_in_water() -> None:
    wet = sewer(heroes={"collin": {"space": "6:8"}}, dice=[SWORD, SWORD])
    events = wet.apply("search collin")
    assert one(events, "special_search").params["card"] == "fishhook-and-thread"
    dry = sewer(heroes={"collin": {"space": "6:9"}}, search_deck_top=["antidote"], dice=[SWORD, SWORD])
    events = dry.apply("search collin")
    assert not of(events, "special_search")
    assert one(events, "card_found").params["card"] == "antidote"
