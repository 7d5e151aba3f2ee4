"""Surges and the minion wheel (RULES.md §15, R-SURGE-01..08) on the proving-grounds Guard Room.

The Guard Room's entry spaces are 1, 3 and 10. With Collin in the cell (15) all three are 4 steps away,
so surge minions spread from the lowest number (R-ENC-05 ruling).
"""

from __future__ import annotations

from typing import Any

import pytest
from rulekit import BOW, CHEESE, SHIELD, SWORD, of, one, scenario

from mnm.engine.game import Game


def rat_attack_fills_wheel(wheel: int, attack: list[int], defense: list[int], **extra: Any) -> Game:
    """A rat in the cell attacks Collin there (no movement roll); then Collin's movement roll."""
    extra.setdefault("minions", {"rat-warrior-1": {"space": "5:15"}})
    return scenario(
        heroes={"collin": {"space": "5:15"}},
        track=["minion:rat-warrior", "mouse:collin"],
        wheel=wheel,
        dice=[*attack, *defense, CHEESE],
        **extra,
    )


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
    # wheel 5 + 1 CHEESE on the rat's attack = 6: surge. Rat Patrol's surge places 2 rats.
    g = rat_attack_fills_wheel(5, [SWORD, CHEESE], [SHIELD, BOW], encounter_up="rat-patrol")
    msgs = [e.msg for e in g.events]
    assert msgs.index("surge") < msgs.index("hourglass_moves") < msgs.index("card_surge")
    assert one(g.events, "surge").params == {"wheel": 6}
    assert g.state.hourglass == 2  # step 1: one page
    placed = [e.params["space"] for e in of(g.events, "minion_placed")]
    assert placed == ["5:1", "5:3"]  # step 3: the card's surge, placed normally
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
    # 6 rat figures in the box; 5 are on the board, Rat Patrol's surge wants 2: one is placed
    rats = {f"rat-warrior-{i}": {"space": s} for i, s in enumerate(["5:15", "5:2", "5:5", "5:6", "5:16"], 1)}
    # the attack misses (no defense roll); the four other rats then step 1 each (CHEESE shows 1)
    g = rat_attack_fills_wheel(5, [CHEESE, BOW], [CHEESE] * 4, encounter_up="rat-patrol", minions=rats)
    short = one(g.events, "not_enough_figures")
    assert short.params == {"minion": "rat-warrior", "wanted": 2, "placed": 1}
    assert short.rule == "R-SURGE-04"
    assert len(of(g.events, "minion_placed")) == 1
    assert sum(1 for m in g.state.minions.values() if m.type == "rat-warrior") == 6


@pytest.mark.rule("R-SURGE-05")
def test_r_surge_05_disguises_cannot_cancel_a_surge() -> None:
    g = rat_attack_fills_wheel(
        5, [SWORD, CHEESE], [SHIELD, BOW], encounter_up="rat-patrol", stash=["disguises"], party_cards=["disguises"]
    )
    assert len(of(g.events, "minion_placed")) == 2
    assert of(g.events, "disguises_used") == []
    assert g.state.stash == ["disguises"]
    assert g.decision() is not None and g.decision().kind == "turn"  # type: ignore[union-attr]


@pytest.mark.rule("R-SURGE-06")
@pytest.mark.rule("R-ROUND-05")
def test_r_surge_06_surge_minions_placed_normally_new_cards_go_to_the_bottom() -> None:
    # Trapped Hall's surge: 1 rat (its card is already on the track) and 1 roach (a new card, at the bottom)
    g = rat_attack_fills_wheel(5, [SWORD, CHEESE], [SHIELD, BOW], encounter_up="trapped-hall")
    placed = {e.params["minion"]: e.params["space"] for e in of(g.events, "minion_placed")}
    assert placed == {"rat-warrior-2": "5:1", "roach-1": "5:3"}
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
