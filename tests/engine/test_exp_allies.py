"""[EXP] Allies and pets (R-EXP-01, R-EXP-02, R-SEARCH-16, R-WATER-02's and R-BATTLE-03's [EXP] clauses).

The Trickle (side 17): 1 west meadow, 3 west bank (1 and 3 touch), 12 the water next to the west bank.
Helpers live in ``chapter_data["helpers"]``: id -> {type, space, wounds, owner}.
"""

from __future__ import annotations

import pytest
from rulekit import BOW, CHEESE, SHIELD, SWORD, of, one, scenario

TRICKLE = "the-trickle-crossing"


def _helper(kind: str, space: str, owner: str = "collin", wounds: int = 0) -> dict[str, object]:
    return {"type": kind, "space": space, "wounds": wounds, "owner": owner}


@pytest.mark.rule("R-EXP-01")
@pytest.mark.rule("R-BATTLE-03")
def test_r_exp_01_an_ally_moves_and_attacks_like_a_minion_at_the_end_of_its_mouse_s_turn() -> None:
    g = scenario(
        chapter=TRICKLE,
        heroes={"collin": {"space": "17:3"}, "filch": {"space": "17:5"}},
        minions={"roach-1": {"space": "17:1"}},
        tokens={},
        chapter_data={"helpers": {"barksburg-scout-1": _helper("barksburg-scout", "17:3")}},
        track=["mouse:collin", "mouse:filch", "minion:roach"],
        turn="mouse:collin",
        # Collin's movement; the scout's movement (1), its attack: CHEESE + SWORD; the roach's defense (1 die)
        dice=[SWORD, CHEESE, CHEESE, SWORD, BOW, CHEESE],
    )
    ev = g.apply("end collin")
    moves = one(ev, "helper_moves")
    assert (moves.params["src"], moves.params["dst"], moves.rule) == ("17:3", "17:1", "R-EXP-01")
    attack = one(ev, "helper_attacks")
    assert (attack.params["target"], attack.params["hits"]) == ("roach-1", 1)
    assert "roach-1" not in g.state.minions
    # the ally's CHEESE is ignored: no mouse gains it and the wheel stays empty
    assert g.state.wheel == 0 and all(h.cheese == 0 for h in g.state.heroes.values())
    assert not of(ev, "mouse_gains_cheese")


@pytest.mark.rule("R-EXP-01")
@pytest.mark.rule("R-WATER-02")
def test_r_exp_01_an_ally_counts_as_a_mouse_for_climbing_out_of_water() -> None:
    g = scenario(
        chapter=TRICKLE,
        heroes={"collin": {"space": "17:12"}, "filch": {"space": "17:5"}},
        minions={},
        tokens={},
        chapter_data={"helpers": {"barksburg-scout-1": _helper("barksburg-scout", "17:3", owner="filch")}},
        track=["mouse:collin", "mouse:filch"],
        turn="mouse:collin",
        dice=[CHEESE, BOW, SWORD],
    )
    ev = g.apply("move collin 17:3")
    out = one(ev, "leaves_water")
    assert (out.params["dice"], out.params["faces"]) == (2, [BOW, SWORD])  # 1 + 1 for the ally on the bank


@pytest.mark.rule("R-EXP-01")
@pytest.mark.rule("R-EXP-02")
@pytest.mark.rule("R-EXPLORE-12")
def test_r_exp_01_02_allies_and_pets_leave_play_when_the_party_explores() -> None:
    g = scenario(
        chapter=TRICKLE,
        heroes={"collin": {"space": "17:4"}},
        minions={},
        tokens={},
        chapter_data={"helpers": {"barksburg-scout-1": _helper("barksburg-scout", "17:4"),
                                  "cricket-1": _helper("cricket", "17:4")}},
        track=["mouse:collin"],
        explored=[17, 19],  # Bramble Hollow seen already: no encounter card to draw
        turn="mouse:collin",
        dice=[CHEESE],
    )
    ev = g.apply("explore collin exit-0")
    assert sorted(e.params["minion"] for e in of(ev, "helper_leaves")) == ["barksburg-scout-1", "cricket-1"]
    assert g.state.chapter_data["helpers"] == {}


@pytest.mark.rule("R-EXP-02")
def test_r_exp_02_minions_attack_a_pet_only_when_no_mouse_is_in_reach_and_its_defeat_costs_no_time() -> None:
    # the roach next to the cricket, Collin far away: it moves 1 toward Collin (into 3, the cricket's space)...
    g = scenario(
        chapter=TRICKLE,
        heroes={"collin": {"space": "17:8"}},
        minions={"roach-1": {"space": "17:1"}},
        tokens={},
        chapter_data={"helpers": {"cricket-1": _helper("cricket", "17:3")}},
        track=["minion:roach", "mouse:collin"],
        dice=[CHEESE, SWORD, SWORD, BOW, CHEESE],
    )
    attack = one(g.events, "minion_attacks_helper")
    assert (attack.params["minion"], attack.params["target"], attack.rule) == ("roach-1", "cricket-1", "R-EXP-02")
    assert one(g.events, "helper_defeated").params["minion"] == "cricket-1"
    assert g.state.hourglass == 1  # R-EXP-01: a helper's defeat does not move the hourglass
    assert not of(g.events, "minion_attacks")
    # ...but with a mouse in reach the mouse is attacked, never the pet
    g2 = scenario(
        chapter=TRICKLE,
        heroes={"collin": {"space": "17:3"}},
        minions={"roach-1": {"space": "17:1"}},
        tokens={},
        chapter_data={"helpers": {"cricket-1": _helper("cricket", "17:3")}},
        track=["minion:roach", "mouse:collin"],
        dice=[CHEESE, BOW, BOW, CHEESE],
    )
    assert one(g2.events, "minion_attacks").params["hero"] == "collin"
    assert not of(g2.events, "minion_attacks_helper")


@pytest.mark.rule("R-SEARCH-16")
@pytest.mark.rule("R-EXP-02")
def test_r_search_16_searching_beside_a_pet_rolls_2_dice() -> None:
    def search(helpers: dict[str, object]) -> list[int]:
        g = scenario(chapter=TRICKLE, heroes={"collin": {"space": "17:3"}}, minions={}, tokens={},
                     chapter_data={"helpers": helpers}, track=["mouse:collin"], turn="mouse:collin",
                     dice=[CHEESE, BOW, SHIELD])  # movement, then search dice without a STAR
        ev = g.apply("search collin")
        assert one(ev, "search_fails").params["hero"] == "collin"
        return list(g.state.dice_queue)  # the faces the search did not use

    assert search({"cricket-1": _helper("cricket", "17:3")}) == []  # two search dice: BOW and SHIELD
    assert search({}) == [SHIELD]  # one search die
