"""Fixes found in review of the rules engine and its texts (each test failed before its fix)."""

from __future__ import annotations

from typing import Any

import pytest
from rulekit import BOW, BOW_STAR, CHEESE, SHIELD, SWORD, of, one, options, scenario

from mnm.engine.errors import IllegalAction
from mnm.engine.game import Game

SEWER: dict[str, Any] = {"tiles": {"3": 6}, "explored": [5, 6]}


def sewer_searcher(space: str, searched: list[int]) -> Game:
    return scenario(
        chapter="flight-to-barksburg",
        heroes={"collin": {"space": space, "searched": searched}},
        turn="mouse:collin",
        dice=[CHEESE, SWORD],
        **SEWER,
    )


@pytest.mark.rule("R-SEARCH-07")
@pytest.mark.rule("R-SEARCH-05")
def test_r_search_05_the_sewers_water_is_the_same_tile_for_the_once_per_tile_limit() -> None:
    """"Once a mouse successfully searches, the mouse cannot search that same tile again": a mouse that searched
    the dry Sewer cannot search its water (issue 11: the water used to count apart)."""
    g = sewer_searcher("6:8", [6])  # Collin already searched the Sewer's dry land successfully
    assert "search collin" not in options(g)
    with pytest.raises(IllegalAction, match=r"already searched this tile successfully \(R-SEARCH-05\)"):
        g.apply("search collin")
    g = sewer_searcher("6:8", [])  # a mouse that has not searched the Sewer finds the Fishhook & Thread
    ev = g.apply("search collin")
    assert one(ev, "special_search").params["card"] == "fishhook-and-thread"
    assert g.state.heroes["collin"].searched == [6]


@pytest.mark.rule("R-SPACE-05")
@pytest.mark.rule("R-MOVE-08")
@pytest.mark.rule("R-BRODIE-01")
def test_r_space_05_brodie_does_not_stop_a_mouse() -> None:
    # 4 movement from 12; Brodie's paw token on 8 neither stops Collin there nor bars the way on to 5 and 9
    g = scenario(heroes={"collin": {"space": "5:12"}}, minions={"brodie-1": {"space": "5:8"}}, dice=[BOW])
    assert {"move collin 5:8", "move collin 5:5", "move collin 5:9"} <= options(g)
    ev = g.apply("move collin 5:8")
    assert of(ev, "stops_at_minion") == []
    assert "move collin 5:5" in options(g)


@pytest.mark.rule("R-SPACE-05")
@pytest.mark.rule("R-MOVE-09")
def test_r_space_05_brodie_does_not_hold_a_mouse() -> None:
    # one mouse against one rat warrior may leave; Brodie on the same space does not tip the count
    g = scenario(
        heroes={"tilda": {"space": "5:15"}},
        minions={"rat-warrior-1": {"space": "5:15"}, "brodie-1": {"space": "5:15"}},
        track=["mouse:tilda", "minion:rat-warrior", "cat:pounces", "cat:chases"],
        dice=[BOW],
    )
    assert "move tilda 5:12" in options(g)
    # he is still a minion a mouse may attack in its space
    assert "battle tilda brodie-1" in options(g)


@pytest.mark.rule("R-BATTLE-06")
def test_r_battle_06_minion_defends_reports_the_hits_blocked() -> None:
    # Collin's 3 dice make 1 hit (SWORD, BOW, BOW); the rat's 2 defense dice roll two SWORD/SHIELDs: 1 blocked
    g = scenario(
        heroes={"collin": {"space": "5:12"}},
        minions={"rat-warrior-1": {"space": "5:8"}, "rat-warrior-9": {"space": "5:1"}},
        turn="mouse:collin",
        dice=[CHEESE, SWORD, BOW, BOW, SHIELD, SHIELD],
    )
    ev = g.apply("battle collin rat-warrior-1")
    assert one(ev, "minion_defends").params == {
        "target": "rat-warrior-1",
        "faces": [SHIELD, SHIELD],
        "blocks": 1,
        "wounds": 0,
    }


@pytest.mark.rule("R-BATTLE-11")
def test_r_battle_11_mouse_defends_reports_the_hits_blocked() -> None:
    # the rat rolls SWORD + BOW: 1 hit; Collin (1 die + breastplate) rolls two SWORD/SHIELDs: 1 blocked
    g = scenario(
        heroes={"collin": {"space": "5:12"}},
        minions={"rat-warrior-1": {"space": "5:12"}},
        track=["minion:rat-warrior", "mouse:collin"],
        dice=[SWORD, BOW, SHIELD, SHIELD, CHEESE],
    )
    assert one(g.events, "mouse_defends").params == {
        "hero": "collin",
        "faces": [SHIELD, SHIELD],
        "blocks": 1,
        "wounds": 0,
    }


@pytest.mark.rule("R-MINION-03")
def test_r_minion_03_a_minion_that_cannot_get_closer_says_why() -> None:
    # four mice fill 5:12; the rat on 5:8 is already next to it, and 13 and 15 are no closer: it stays put
    four = {h: {"space": "5:12"} for h in ("collin", "filch", "tilda", "maginos")}
    g = scenario(
        heroes=four,
        minions={"rat-warrior-1": {"space": "5:8"}},
        track=["minion:rat-warrior", "mouse:collin", "mouse:filch", "mouse:tilda", "mouse:maginos"],
        dice=[SWORD, BOW, BOW, CHEESE],
    )
    assert of(g.events, "minion_moves") == []
    blocked = one(g.events, "minion_blocked")
    assert blocked.rule == "R-MINION-03"
    assert blocked.params == {
        "minion": "rat-warrior-1",
        "space": "5:8",
        "target": "collin",
        "roll": 2,
        "reason": "closer_spaces_full",
    }
    assert g.state.minions["rat-warrior-1"].space == "5:8"


@pytest.mark.rule("R-WIN-02")
def test_r_win_02_one_defeat_when_the_last_capture_also_ends_the_hourglass() -> None:
    # Collin, the only mouse, is one wound from capture; his capture moves the hourglass onto the end marker
    g = scenario(
        heroes={"collin": {"space": "5:12", "wounds": 4}},
        minions={"rat-warrior-1": {"space": "5:12"}},
        track=["minion:rat-warrior", "mouse:collin"],
        hourglass=5,
        end_page=6,
        dice=[SWORD, SHIELD, BOW, BOW],
    )
    assert one(g.events, "mouse_captured").params["hero"] == "collin"
    assert one(g.events, "defeat").params == {"reason": "hourglass"}
    assert (g.state.status, g.state.outcome) == ("lost", "hourglass")


@pytest.mark.rule("R-TRAP-02")
def test_r_trap_02_the_tinkerers_player_may_roll_move_instead_of_lore() -> None:
    # Nez (move 1, lore 2): the player picks move, so 1 die is rolled (a BOW: no star, the trap springs)
    g = scenario(
        heroes={"nez": {"space": "5:6"}},
        minions={"rat-warrior-1": {"space": "5:1"}},
        traps=["5:9"],
        dice=[SWORD, BOW, CHEESE, BOW, BOW, CHEESE, CHEESE, CHEESE],  # then the rat's turn and Nez's next
    )
    g.apply("move nez 5:9")
    d = g.decision()
    assert d is not None and (d.kind, d.actor) == ("trap_dice", "nez")
    with pytest.raises(IllegalAction, match=r"'choose nez move' or 'choose nez lore' \(R-TRAP-02\)"):
        g.apply("choose nez battle")
    ev = g.apply("choose nez move")
    assert one(ev, "trap_sprung").params["faces"] == [BOW]  # one die: his move


@pytest.mark.rule("R-TRAP-02")
def test_r_trap_02_other_mice_are_not_asked() -> None:
    g = scenario(
        heroes={"filch": {"space": "5:6"}},
        minions={"rat-warrior-1": {"space": "5:1"}},
        traps=["5:9"],
        dice=[SWORD, CHEESE, BOW, BOW_STAR],
    )
    ev = g.apply("move filch 5:9")  # move 3: three dice, no question
    assert one(ev, "trap_passed").params["faces"] == [CHEESE, BOW, BOW_STAR]


@pytest.mark.rule("R-BATTLE-04")
@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("battle collin rat-warrior-1 collins-sword", "Prince Collin has only one weapon: leave it out, 'battle collin rat-warrior-1'"),
        ("battle collin rat-warrior-1 leather-breastplate", "Leather Breastplate is not a weapon: Prince Collin can attack with collins-sword"),
        ("battle collin rat-warrior-1 sling", "Prince Collin has no 'sling' equipped"),
        ("battle collin rat-warrior-1 collins-sword now", "'battle' takes a minion, and a weapon only when the mouse has several"),
        ("battle collin ghost-1", "there is no minion 'ghost-1' on the board"),
        ("battle collin rat-warrior-9", "Rat Warrior 9 is not in or next to Prince Collin's space (R-BATTLE-05)"),
    ],
)
def test_r_battle_04_battle_says_exactly_what_is_wrong(text: str, reason: str) -> None:
    g = scenario(
        heroes={"collin": {"space": "5:12"}},
        minions={"rat-warrior-1": {"space": "5:8"}, "rat-warrior-9": {"space": "5:1"}},
        turn="mouse:collin",
        dice=[CHEESE],
    )
    assert "battle collin rat-warrior-1" in options(g)
    with pytest.raises(IllegalAction) as err:
        g.apply(text)
    assert reason in str(err.value)


def collin_mid_turn(**hero: object) -> Game:
    return scenario(
        heroes={"collin": {"space": "5:12", **hero}},
        minions={"rat-warrior-1": {"space": "5:1"}},
        turn="mouse:collin",
        turn_state={"move_points": 2, "moved": True},
        dice=[CHEESE],
    )


@pytest.mark.rule("R-ABIL-04")
def test_r_abil_04_a_scenario_turn_under_way_is_past_the_before_turn_question() -> None:
    # Collin holds Inspire (before the turn, 2 cheese) and can pay for it: the turn is already under way
    g = collin_mid_turn(abilities=["inspire"], cheese=2)
    d = g.decision()
    assert d is not None and (d.kind, d.actor) == ("turn", "collin")
    assert g.state.turn is not None and (g.state.turn.move_points, g.state.turn.moved) == (2, True)
    assert g.state.heroes["collin"].cheese == 2  # nothing was paid


@pytest.mark.rule("R-SEARCH-08")
def test_scenario_buffs_last_through_a_turn_under_way() -> None:
    g = collin_mid_turn(buffs={"ward": 1})
    assert g.state.heroes["collin"].buffs == {"ward": 1}
    assert of(g.events, "buffs_end") == []
    # a turn that starts in the scenario ends them, as the start of any turn does
    g = scenario(
        heroes={"collin": {"space": "5:12", "buffs": {"ward": 1}}},
        minions={"rat-warrior-1": {"space": "5:1"}},
        turn="mouse:collin",
        dice=[CHEESE],
    )
    assert g.state.heroes["collin"].buffs == {}
    assert one(g.events, "buffs_end").params == {"hero": "collin", "buffs": ["ward"]}
