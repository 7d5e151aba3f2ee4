"""Surges and the minion wheel (RULES.md §15, R-SURGE-01..08) on the proving-grounds Guard Room.

The Guard Room's entry spaces are 1, 3 and 10. With Collin in the cell (15) all three are 4 steps away,
so surge minions spread from the lowest number (R-ENC-05 ruling).
"""

from __future__ import annotations

from typing import Any

import pytest
from rulekit import BOW, CHEESE, SHIELD, SWORD, of, one, scenario, surge_count

from mnm.engine.game import Game

GUARD_ROOM_ENTRIES = ["5:1", "5:3", "5:10"]  # the Guard Room's entry spaces, nearest Collin (5:15's rat) first


def rat_attack_fills_wheel(wheel: int, attack: list[int], defense: list[int], **extra: Any) -> Game:
    """A rat in the cell attacks Collin there (no movement roll); then Collin's movement roll."""
    extra.setdefault("minions", {"rat-warrior-1": {"space": "5:15"}})
    extra.setdefault("options", {"auto_pick_choices": True})  # tied entry spaces: the lowest number (R-ENC-05)
    return scenario(
        heroes={"collin": {"space": "5:15"}},
        track=["minion:rat-warrior", "mouse:collin"],
        wheel=wheel,
        dice=[*attack, *defense, CHEESE],
        **extra,
    )


@pytest.mark.rule("R-SURGE-01")
@pytest.mark.rule("R-ROUND-10")
def test_r_surge_01_time_is_short_feeds_the_wheel() -> None:
    # Chapter 1 with no minion on the board: when the last mouse card ends its turn, 1 cheese to the wheel
    g = scenario(
        chapter="flight-to-barksburg",
        heroes={"collin": {"space": "5:15"}},
        turn="mouse:collin",
        wheel=2,
        dice=[CHEESE, CHEESE],
    )
    ev = g.apply("end collin")
    assert one(ev, "time_is_short").params == {"wheel": 3}
    assert g.state.wheel == 3


@pytest.mark.rule("R-SURGE-01")
@pytest.mark.rule("R-ENC-10")
def test_r_surge_01_greedy_roach_theft_feeds_the_wheel() -> None:
    # a greedy roach hits Collin twice; he blocks none; he has 1 cheese: it is stolen to the wheel, 1 wound
    g = scenario(
        heroes={"collin": {"space": "5:15", "cheese": 1}},
        minions={"roach-1": {"space": "5:15", "greedy": True}},
        track=["minion:roach", "mouse:collin"],
        wheel=1,
        dice=[SWORD, SWORD, BOW, BOW, CHEESE],
    )
    steal = one(g.events, "roach_steals")
    assert steal.params == {"minion": "roach-1", "hero": "collin", "amount": 1, "greedy": True}
    assert g.state.wheel == 2
    collin = g.state.heroes["collin"]
    assert (collin.cheese, collin.wounds) == (0, 1)


@pytest.mark.rule("R-ENC-10")
def test_r_enc_10_plain_roach_theft_does_not_feed_the_wheel() -> None:
    g = scenario(
        heroes={"collin": {"space": "5:15", "cheese": 3}},
        minions={"roach-1": {"space": "5:15"}},
        track=["minion:roach", "mouse:collin"],
        wheel=1,
        dice=[SWORD, SWORD, BOW, BOW, CHEESE],
    )
    assert one(g.events, "roach_steals").params["amount"] == 2
    assert g.state.wheel == 1
    assert (g.state.heroes["collin"].cheese, g.state.heroes["collin"].wounds) == (1, 0)


@pytest.mark.rule("R-SURGE-02")
@pytest.mark.rule("R-SURGE-03")
def test_r_surge_02_six_cheese_surge_with_the_face_up_card() -> None:
    # wheel 5 + 1 CHEESE on the rat's attack = 6: surge. Rat Patrol's surge places its rats.
    g = rat_attack_fills_wheel(5, [SWORD, CHEESE], [SHIELD, BOW], encounter_up="rat-patrol")
    msgs = [e.msg for e in g.events]
    assert msgs.index("surge") < msgs.index("hourglass_moves") < msgs.index("card_surge")
    assert one(g.events, "surge").params == {"wheel": 6}
    assert g.state.hourglass == 2  # step 1: one page
    placed = [e.params["space"] for e in of(g.events, "minion_placed")]
    rats = surge_count("rat-patrol", "rat-warrior")
    # step 3: the card's surge, placed normally (R-ENC-05: the entry spaces in turn, nearest first; since issue 44's
    # calibration the line has more rats than the Guard Room has entries)
    entries = len(GUARD_ROOM_ENTRIES)
    assert rats >= 1 and placed == [GUARD_ROOM_ENTRIES[i % entries] for i in range(rats)]
    assert g.state.encounter_up is None and g.state.encounter_discard == ["rat-patrol"]  # then discarded
    assert g.state.wheel == 0  # step 5


@pytest.mark.rule("R-SURGE-02")
def test_r_surge_02_five_cheese_is_no_surge() -> None:
    g = rat_attack_fills_wheel(4, [SWORD, CHEESE], [SHIELD, BOW], encounter_up="rat-patrol")
    assert of(g.events, "surge") == []
    assert (g.state.wheel, g.state.hourglass, g.state.encounter_up) == (5, 1, "rat-patrol")


@pytest.mark.rule("R-SURGE-03")
def test_r_surge_03_no_card_no_special_surge_hourglass_still_moves_and_wheel_empties_past_six() -> None:
    # wheel 5 + 2 CHEESE = 7; no face-up card: no minions, but page 2 and an empty wheel
    g = rat_attack_fills_wheel(5, [CHEESE, CHEESE], [])
    assert one(g.events, "surge").params == {"wheel": 7}
    assert one(g.events, "surge_no_minions").rule == "R-SURGE-03"
    assert of(g.events, "minion_placed") == []
    assert (g.state.wheel, g.state.hourglass) == (0, 2)


@pytest.mark.rule("R-SURGE-04")
def test_r_surge_04_place_what_the_supply_holds() -> None:
    # 6 rat figures in the box; 5 are on the board, Rat Patrol's surge wants more: one is placed
    rats = {f"rat-warrior-{i}": {"space": s} for i, s in enumerate(["5:15", "5:2", "5:5", "5:6", "5:16"], 1)}
    # the attack misses (no defense roll); the four other rats then step 1 each (CHEESE shows 1)
    g = rat_attack_fills_wheel(5, [CHEESE, BOW], [CHEESE] * 4, encounter_up="rat-patrol", minions=rats)
    short = one(g.events, "not_enough_figures")
    assert short.params == {"minion": "rat-warrior", "wanted": surge_count("rat-patrol", "rat-warrior"), "placed": 1}
    assert short.rule == "R-SURGE-04"
    assert len(of(g.events, "minion_placed")) == 1
    assert sum(1 for m in g.state.minions.values() if m.type == "rat-warrior") == 6


@pytest.mark.rule("R-SURGE-05")
def test_r_surge_05_disguises_cannot_cancel_a_surge() -> None:
    g = rat_attack_fills_wheel(
        5, [SWORD, CHEESE], [SHIELD, BOW], encounter_up="rat-patrol", stash=["disguises"], party_cards=["disguises"]
    )
    assert len(of(g.events, "minion_placed")) == surge_count("rat-patrol", "rat-warrior")
    assert of(g.events, "disguises_used") == []
    assert g.state.stash == ["disguises"]
    assert g.decision() is not None and g.decision().kind == "turn"  # type: ignore[union-attr]


@pytest.mark.rule("R-SURGE-06")
@pytest.mark.rule("R-ROUND-05")
def test_r_surge_06_surge_minions_placed_normally_new_cards_go_to_the_bottom() -> None:
    # Trapped Hall's surge: rats (their card is already on the track), then a roach (a new card, at the bottom)
    g = rat_attack_fills_wheel(5, [SWORD, CHEESE], [SHIELD, BOW], encounter_up="trapped-hall")
    placed = [(e.params["minion"], e.params["space"]) for e in of(g.events, "minion_placed")]
    rats, roaches = surge_count("trapped-hall", "rat-warrior"), surge_count("trapped-hall", "roach")
    assert rats >= 1 and roaches == 1
    # spread over the entry spaces nearest the mice, in turn, in the surge line's order (since issue 44's calibration
    # the line may hold more figures than the Guard Room has entries)
    entries = len(GUARD_ROOM_ENTRIES)
    assert [space for _, space in placed] == [GUARD_ROOM_ENTRIES[i % entries] for i in range(rats + roaches)]
    assert [str(m).rsplit("-", 1)[0] for m, _ in placed] == ["rat-warrior"] * rats + ["roach"]
    assert all(e.params["reason"] == "surge" and e.rule == "R-ENC-05" for e in of(g.events, "minion_placed"))
    assert g.state.track == ["minion:rat-warrior", "mouse:collin", "minion:roach"]


@pytest.mark.rule("R-SURGE-07")
def test_r_surge_07_the_roll_that_fills_the_wheel_resolves_before_the_surge() -> None:
    g = rat_attack_fills_wheel(5, [SWORD, CHEESE], [BOW, BOW], encounter_up="rat-patrol")
    msgs = [e.msg for e in g.events]
    assert msgs.index("wheel_cheese") < msgs.index("mouse_defends") < msgs.index("mouse_wounded") < msgs.index("surge")
    assert g.state.heroes["collin"].wounds == 1


@pytest.mark.rule("R-SURGE-08")
def test_r_surge_08_a_surge_onto_the_end_page_loses_the_chapter() -> None:
    g = rat_attack_fills_wheel(5, [CHEESE, BOW], [], encounter_up="rat-patrol", hourglass=5, end_page=6)
    assert one(g.events, "hourglass_moves").params == {"page": 6, "end_page": 6, "why": "surge"}
    assert one(g.events, "defeat").params == {"reason": "hourglass"}
    assert (g.state.status, g.state.outcome) == ("lost", "hourglass")
    assert of(g.events, "minion_placed") == []  # the chapter ended before any minion arrived
    assert g.decision() is None


def chapter1_surge(heroes: dict[str, Any], track: list[str], **fields: Any) -> Game:
    """A rat in the Guard Room's cell attacks there with the wheel at 5; its CHEESE sets off a surge."""
    return scenario(
        chapter="flight-to-barksburg",
        heroes=heroes,
        minions={"rat-warrior-1": {"space": "5:15"}},
        track=track,
        wheel=5,
        encounter_up="rat-patrol",
        dice=[CHEESE, BOW, CHEESE, CHEESE],
        **{"options": {"auto_pick_choices": True}, **fields},  # tied entry spaces: the lowest number (R-ENC-05)
    )


@pytest.mark.rule("R-SURGE-03")
def test_r_surge_03_the_room_special_surge_comes_before_the_card() -> None:
    # Chapter 1: a surge while the mice are in the Guard Room brings 2 Rat Warriors (its special surge); the
    # face-up card is neither used nor discarded
    g = chapter1_surge({"filch": {"space": "5:15"}}, ["minion:rat-warrior", "mouse:filch"])
    assert one(g.events, "special_surge").params == {"side": 5}
    assert of(g.events, "card_surge") == []
    spaces = [str(e.params["space"]) for e in of(g.events, "minion_placed")]
    assert len(spaces) == 2 and all(s.startswith("5:") for s in spaces)
    assert g.state.encounter_up == "rat-patrol"
    assert (g.state.hourglass, g.state.wheel) == (2, 0)


@pytest.mark.rule("R-SURGE-06")
def test_r_surge_06_between_mouse_turns_the_tile_of_the_mouse_highest_on_the_track() -> None:
    # the rat's cheese fills the wheel in the Guard Room, but Collin, highest on the track, is in the Kitchen
    # Tunnels: the surge (Rat Patrol's 2 rats) goes to his tile (docs/rulings.md R-SURGE-06)
    g = chapter1_surge(
        {"collin": {"space": "4:5"}, "filch": {"space": "5:15"}, "nez": {"space": "5:15"}},
        ["minion:rat-warrior", "mouse:collin", "mouse:filch", "mouse:nez"],
        explored=[5, 4],
    )
    assert one(g.events, "card_surge").params == {"card": "rat-patrol"}
    spaces = [str(e.params["space"]) for e in of(g.events, "minion_placed")]
    assert len(spaces) == surge_count("rat-patrol", "rat-warrior") and all(s.startswith("4:") for s in spaces)
    assert all(g.ctx.board.spaces[s].entry for s in spaces)


@pytest.mark.rule("R-SURGE-06")
def test_r_surge_06_in_a_mouse_turn_the_active_mouse_tile() -> None:
    # Collin (on the Kitchen Tunnels) hits a rat there whose defense shows CHEESE, filling the wheel; the surge
    # comes to his tile although Filch is higher on the track
    g = scenario(
        chapter="flight-to-barksburg",
        heroes={"collin": {"space": "4:5"}, "filch": {"space": "5:15"}},
        minions={"rat-warrior-1": {"space": "4:5"}},
        track=["mouse:filch", "mouse:collin", "minion:rat-warrior"],
        turn="mouse:collin",
        wheel=5,
        encounter_up="rat-patrol",
        explored=[5, 4],
        dice=[CHEESE, SWORD, BOW, BOW, CHEESE, SHIELD],
    )
    ev = g.apply("battle collin rat-warrior-1")
    assert one(ev, "wheel_cheese").params["wheel"] == 6
    spaces = [str(e.params["space"]) for e in of(ev, "minion_placed")]
    assert len(spaces) == surge_count("rat-patrol", "rat-warrior") and all(s.startswith("4:") for s in spaces)
