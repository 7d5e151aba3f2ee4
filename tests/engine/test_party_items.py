"""Party items (RULES.md §23, R-PARTY-01..15): the stash, Disguises, Fishhook & Thread, Dinner Fork, Grape.

Positions on the proving-grounds Guard Room (mouse adjacency and sight in rulekit; from 5:12 a mouse sees every
space but 10 and 11) or on flowkit's sandbox (no victory condition; water on side 97). The grape's flip is one
die: faces 1-3 splat, 4-6 grape (docs/rulings.md R-PARTY-13).
"""

from __future__ import annotations

from typing import Any

import pytest
from flowkit import sandbox
from rulekit import BOW, CHEESE, SHIELD, SWORD, illegal, mouse_turn, of, one, options, row_count, scenario

from mnm.engine.campaign import carry_over
from mnm.engine.game import Game, run
from mnm.engine.scenario import scenario_state

FAR_RAT = {"rat-warrior-9": {"space": "5:10"}}
SPLAT = CHEESE  # face 1
GRAPE = BOW  # face 4


def turn_of(hero: str, heroes: dict[str, dict[str, Any]], dice: list[int] | None = None, **fields: Any) -> Game:
    return mouse_turn(hero, heroes, dice, default_minions=FAR_RAT, **fields)



def verbs(game: Game, verb: str) -> set[str]:
    return {str(a) for a in game.legal_actions() if a.verb == verb}


# --- R-PARTY-01 -----------------------------------------------------------------------------------------------


@pytest.mark.rule("R-PARTY-01")
def test_r_party_01_found_party_item_goes_beside_the_board_and_its_token_to_the_stash() -> None:
    g = turn_of("collin", {"collin": {"space": "5:12"}}, dice=[SWORD], search_deck_top=["dinner-fork"])
    ev = g.apply("search collin")
    assert one(ev, "party_item_found").params == {"hero": "collin", "card": "dinner-fork", "token": "fork"}
    assert g.state.party_cards == ["dinner-fork"] and g.state.stash == ["fork"]
    assert g.state.heroes["collin"].pack == []  # no pack space
    assert g.decision() is not None and g.decision().kind == "turn"  # type: ignore[union-attr]


# --- R-PARTY-02 Disguises -------------------------------------------------------------------------------------


def encounter_with_disguises(card: str = "rat-patrol", **options: bool) -> Game:
    """An encounter (Rat Patrol: rat warriors on page 1) drawn on side 5 with Disguises in the stash."""
    ctx, st = scenario_state(
        {
            "chapter": "proving-grounds",
            "heroes": {"collin": {"space": "5:15"}},
            "minions": FAR_RAT,
            "turn": "mouse:collin",
            "stash": ["disguises"],
            "party_cards": ["disguises"],
            "encounter_deck_top": [card],
            "dice": [CHEESE],
            "options": {"auto_pick_choices": True, **options},  # tied entry spaces: the lowest number
        }
    )
    st.stack = [["card_turn"], ["encounter", 5]]
    run(ctx, st)
    game = Game(ctx, st)
    game.events = list(ctx.events)
    ctx.events.clear()
    return game


@pytest.mark.rule("R-PARTY-02")
def test_r_party_02_disguises_ignore_the_rat_warriors_of_an_encounter() -> None:
    g = encounter_with_disguises()
    d = g.decision()
    assert d is not None and d.kind == "disguises"
    assert options(g) == {"choose party disguises", "choose party no"}
    ev = g.apply("choose party disguises")
    assert one(ev, "disguises_used").rule == "R-PARTY-02"
    assert set(g.state.minions) == {"rat-warrior-9"}  # no rats placed
    assert "disguises" not in g.state.stash and "disguises" not in g.state.party_cards
    assert "disguises" in g.state.search_deck  # the card is shuffled back


@pytest.mark.rule("R-PARTY-02")
def test_r_party_02_disguises_are_optional() -> None:
    g = encounter_with_disguises()
    g.apply("choose party no")
    rats = [m for m in g.state.minions.values() if m.type == "rat-warrior"]
    assert len(rats) == 1 + row_count("rat-patrol", "rat-warrior")  # the far rat and the encounter's
    assert g.state.stash == ["disguises"]


@pytest.mark.rule("R-PARTY-02")
def test_r_party_02_elite_rat_warriors_are_fooled_too() -> None:
    g = encounter_with_disguises("elite-guard")  # 2 elite rat warriors on page 1
    assert g.decision() is not None and g.decision().kind == "disguises"  # type: ignore[union-attr]
    g.apply("choose party disguises")
    assert set(g.state.minions) == {"rat-warrior-9"}


@pytest.mark.rule("R-PARTY-02")
def test_r_party_02_forced_variant_spends_the_token_without_asking() -> None:
    g = encounter_with_disguises(disguises_forced=True)
    assert one(g.events, "disguises_used").rule == "R-PARTY-02"
    assert set(g.state.minions) == {"rat-warrior-9"} and g.state.stash == []
    assert g.decision() is not None and g.decision().kind == "turn"  # type: ignore[union-attr]


# --- R-PARTY-03/04/05 Fishhook & Thread -----------------------------------------------------------------------


@pytest.mark.rule("R-PARTY-03")
def test_r_party_03_fishhook_from_own_space_to_any_other_space_of_the_tile() -> None:
    g = turn_of("collin", {"collin": {"space": "5:12"}}, stash=["fishhook"])
    assert verbs(g, "place") == {f"place collin fishhook 5:{n}" for n in range(1, 18) if n != 12}
    assert illegal(g, "place collin fishhook 5:12") == "the other end goes on another space of the tile (R-PARTY-03)"
    ev = g.apply("place collin fishhook 5:3")
    assert one(ev, "token_placed").params == {"hero": "collin", "token": "fishhook", "spaces": ["5:12", "5:3"]}
    assert g.state.tokens == {"fishhook": ["5:12", "5:3"]} and g.state.stash == []
    assert illegal(g, "place collin fishhook 5:4") == "the Fishhook & Thread is already placed (R-PARTY-01)"


@pytest.mark.rule("R-PARTY-03")
def test_r_party_03_one_end_must_be_dry() -> None:
    g = sandbox(heroes={"collin": {"space": "97:6"}}, turn="mouse:collin", dice=[CHEESE], stash=["fishhook"])
    assert "place collin fishhook 97:5" not in options(g)
    assert illegal(g, "place collin fishhook 97:5") == (
        "at least one end of the Fishhook & Thread must be on a non-water space (R-PARTY-03)"
    )
    g.apply("place collin fishhook 97:1")
    assert g.state.tokens["fishhook"] == ["97:6", "97:1"]


@pytest.mark.rule("R-PARTY-04")
def test_r_party_04_the_two_ends_are_adjacent_for_mice() -> None:
    g = turn_of("collin", {"collin": {"space": "5:15"}}, tokens={"fishhook": ["5:15", "5:3"]})
    ev = g.apply("move collin 5:3")  # six steps apart on foot
    assert one(ev, "mouse_moves").params["cost"] == 1


@pytest.mark.rule("R-PARTY-05")
def test_r_party_05_retrieving_costs_the_action_from_either_end() -> None:
    g = turn_of("collin", {"collin": {"space": "5:3"}}, tokens={"fishhook": ["5:15", "5:3"]})
    assert verbs(g, "retrieve") == {"retrieve collin fishhook"}
    ev = g.apply("retrieve collin fishhook")
    assert one(ev, "token_retrieved").rule == "R-PARTY-05"
    assert g.state.stash == ["fishhook"] and "fishhook" not in g.state.tokens
    assert g.state.turn is not None and g.state.turn.acted
    g2 = turn_of("collin", {"collin": {"space": "5:12"}}, tokens={"fishhook": ["5:15", "5:3"]})
    assert illegal(g2, "retrieve collin fishhook") == (
        "Prince Collin must be on the space of either end of the Fishhook & Thread (R-PARTY-05, R-PARTY-09)"
    )


@pytest.mark.rule("R-PARTY-05")
@pytest.mark.rule("R-PARTY-09")
def test_r_party_05_09_tokens_left_on_a_tile_the_mice_leave_are_lost() -> None:
    # sandbox: the Guard Room's sewer grate (5:8) flips the tile to the Sewer
    g = sandbox(
        heroes={"collin": {"space": "5:8"}},
        turn="mouse:collin",
        dice=[CHEESE, CHEESE, CHEESE, CHEESE, CHEESE, CHEESE],
        tokens={"fishhook": ["5:8", "5:3"], "fork": ["5:8"]},
        party_cards=["fishhook-and-thread", "dinner-fork"],
    )
    ev = g.apply("explore collin flip")
    assert sorted(e.params["token"] for e in of(ev, "token_lost")) == ["fishhook", "fork"]
    assert g.state.tokens == {} and g.state.stash == [] and g.state.party_cards == []
    assert {"fishhook-and-thread", "dinner-fork"} <= set(g.state.search_deck)


@pytest.mark.rule("R-PARTY-06")
def test_r_party_06_fishhook_flip_space_needs_the_fishhook() -> None:
    fields: dict[str, Any] = {"heroes": {"collin": {"space": "6:4"}}, "tiles": {"guard": 6}, "turn": "mouse:collin"}
    g = sandbox(dice=[CHEESE], **fields)
    assert illegal(g, "explore collin flip") == (
        "a fishhook flip space needs the Fishhook & Thread in the party stash (R-EXPLORE-07)"
    )
    g2 = sandbox(dice=[CHEESE], stash=["fishhook"], **fields)
    assert "explore collin flip" in options(g2)


# --- R-PARTY-07/08/09/10 Dinner Fork -------------------------------------------------------------------------


@pytest.mark.rule("R-PARTY-07")
def test_r_party_07_fork_on_own_space_never_water() -> None:
    g = turn_of("collin", {"collin": {"space": "5:12"}}, stash=["fork"])
    assert verbs(g, "place") == {"place collin fork"}
    g.apply("place collin fork")
    assert g.state.tokens == {"fork": ["5:12"]}
    wet = sandbox(heroes={"collin": {"space": "97:6"}}, turn="mouse:collin", dice=[CHEESE], stash=["fork"])
    assert verbs(wet, "place") == set()
    assert illegal(wet, "place collin fork") == "the Dinner Fork cannot be placed on a water space (R-PARTY-07)"


@pytest.mark.rule("R-PARTY-08")
def test_r_party_08_catapult_another_mouse_to_a_space_it_can_see() -> None:
    g = turn_of("collin", {"collin": {"space": "5:12"}, "tilda": {"space": "5:12"}}, tokens={"fork": ["5:12"]})
    seen = [n for n in range(1, 18) if n not in (10, 11, 12)]
    assert verbs(g, "catapult") == {f"catapult collin tilda 5:{n}" for n in seen}
    assert illegal(g, "catapult collin tilda 5:10") == "Tilda cannot see 5:10 (R-PARTY-08)"
    assert illegal(g, "catapult collin collin 5:2") == "the catapult launches another mouse of the party (R-PARTY-08)"
    ev = g.apply("catapult collin tilda 5:2")
    assert one(ev, "catapulted").params == {"hero": "collin", "mouse": "tilda", "src": "5:12", "dst": "5:2"}
    assert g.state.heroes["tilda"].space == "5:2"
    assert g.state.turn is not None and g.state.turn.acted


@pytest.mark.rule("R-PARTY-08")
def test_r_party_08_only_from_the_fork_space() -> None:
    g = turn_of("collin", {"collin": {"space": "5:13"}, "tilda": {"space": "5:13"}}, tokens={"fork": ["5:12"]})
    assert verbs(g, "catapult") == set()
    assert illegal(g, "catapult collin tilda 5:2") == "Prince Collin is not on the Dinner Fork's space (R-PARTY-08)"


@pytest.mark.rule("R-PARTY-09")
def test_r_party_09_fork_back_to_the_stash_for_an_action() -> None:
    g = turn_of("collin", {"collin": {"space": "5:12"}}, tokens={"fork": ["5:12"]})
    ev = g.apply("retrieve collin fork")
    assert one(ev, "token_retrieved").rule == "R-PARTY-09"
    assert g.state.stash == ["fork"] and g.state.tokens == {}
    assert illegal(g, "search collin") == "Prince Collin has already taken an action this turn"


@pytest.mark.rule("R-PARTY-10")
def test_r_party_10_the_fork_does_nothing_to_mousetraps() -> None:
    # GAP: "pry open some traps" has no rule; a fork on a mousetrap space leaves the marker alone
    g = turn_of("collin", {"collin": {"space": "5:9"}}, stash=["fork"], traps=["5:9"])
    g.apply("place collin fork")
    assert g.state.traps == ["5:9"]
    assert not {a.verb for a in g.legal_actions()} - {"move", "battle", "search", "end", "retrieve", "equip", "unequip"}


# --- R-PARTY-11/12 the grape as bait ---------------------------------------------------------------------------


@pytest.mark.rule("R-PARTY-11")
def test_r_party_11_grape_on_an_empty_space_next_to_the_mouse() -> None:
    # 5:12's neighbours for a mouse: 8, 13, 15; Tilda stands on 13
    g = turn_of("collin", {"collin": {"space": "5:12"}, "tilda": {"space": "5:13"}}, stash=["grape"])
    assert verbs(g, "place") == {"place collin grape 5:8", "place collin grape 5:15"}
    assert illegal(g, "place collin grape 5:13") == "the grape goes on an empty space: 5:13 holds a figure (R-PARTY-11)"
    assert illegal(g, "place collin grape 5:3") == "the grape goes on an empty space next to Prince Collin (R-PARTY-11)"
    g.apply("place collin grape 5:8")
    assert g.state.tokens == {"grape": ["5:8"]}
    t = g.state.turn
    assert t is not None and not t.acted and t.free_used == []


@pytest.mark.rule("R-PARTY-12")
def test_r_party_12_a_roach_that_reaches_the_grape_feasts_and_both_leave() -> None:
    g = scenario(
        heroes={"collin": {"space": "5:15"}},
        minions={"roach-1": {"space": "5:5"}, **FAR_RAT},
        tokens={"grape": ["5:1"]},
        party_cards=["grape"],
        track=["mouse:collin", "minion:rat-warrior", "minion:roach"],
        turn="minion:roach",
        dice=[SWORD, CHEESE],  # the roach's movement (2), then Collin's in the next round
    )
    ev = g.events
    assert one(ev, "roach_to_grape").params == {
        "minion": "roach-1",
        "src": "5:5",
        "dst": "5:1",
        "roll": 2,
        "grape": "5:1",
    }
    assert one(ev, "roach_feasts").params == {"minion": "roach-1", "space": "5:1"}
    assert not of(ev, "minion_attacks")
    assert "roach-1" not in g.state.minions and "grape" not in g.state.tokens
    assert "grape" in g.state.search_deck and g.state.party_cards == []


@pytest.mark.rule("R-PARTY-12")
def test_r_party_12_roaches_head_for_the_grape_not_the_nearest_mouse() -> None:
    # the roach in 5:9 is next to Collin (5:13, across the cell bars that minions ignore) but goes for the grape
    g = scenario(
        heroes={"collin": {"space": "5:13"}},
        minions={"roach-1": {"space": "5:9"}, **FAR_RAT},
        tokens={"grape": ["5:2"]},
        party_cards=["grape"],
        track=["mouse:collin", "minion:rat-warrior", "minion:roach"],
        turn="minion:roach",
        dice=[CHEESE, CHEESE],  # the roach moves 1; Collin's movement
    )
    assert g.state.minions["roach-1"].space == "5:6"
    assert not of(g.events, "minion_attacks")  # too far from Collin now
    assert g.state.tokens == {"grape": ["5:2"]}


# --- R-PARTY-13/14 the grape as a missile -----------------------------------------------------------------------


def launcher(dice: list[int]) -> Game:
    """Collin on the Dinner Fork (5:12), the grape in the stash; a rat and Tilda in 5:3, out of sight is fine."""
    return turn_of(
        "collin",
        {"collin": {"space": "5:12"}, "tilda": {"space": "5:3"}},
        dice=dice,
        minions={"rat-warrior-1": {"space": "5:3"}, **FAR_RAT},
        tokens={"fork": ["5:12"]},
        stash=["grape"],
        party_cards=["grape"],
    )


@pytest.mark.rule("R-PARTY-13")
def test_r_party_13_splat_hits_every_figure_in_the_space_once() -> None:
    # flip: splat; the rat defends 1 hit with 2 dice (no block), Tilda with 2 dice (a block)
    g = launcher([SPLAT, BOW, BOW, SHIELD, BOW])
    assert verbs(g, "launch") == {"launch collin rat-warrior-1", "launch collin rat-warrior-9"}  # no sight needed
    ev = g.apply("launch collin rat-warrior-1")
    assert one(ev, "grape_flip").params == {"face": SPLAT, "side": "splat", "space": "5:3"}
    assert one(ev, "minion_defends").params == {
        "target": "rat-warrior-1",
        "faces": [BOW, BOW],
        "blocks": 0,
        "wounds": 1,
    }
    assert one(ev, "mouse_defends").params == {"hero": "tilda", "faces": [SHIELD, BOW], "blocks": 1, "wounds": 0}
    assert "rat-warrior-1" not in g.state.minions
    assert "grape" not in g.state.stash and "grape" not in g.state.tokens and "grape" in g.state.search_deck
    assert g.state.turn is not None and g.state.turn.acted  # it was the Battle action


@pytest.mark.rule("R-PARTY-13")
def test_r_party_13_grape_side_knocks_everyone_down_and_stays() -> None:
    g = launcher([GRAPE])
    g.apply("launch collin rat-warrior-1")
    assert g.state.minions["rat-warrior-1"].statuses == ["knocked_down"]
    assert g.state.heroes["tilda"].statuses == ["knocked_down"]
    assert g.state.tokens["grape"] == ["5:3"] and g.state.party_cards == ["grape"]


@pytest.mark.rule("R-PARTY-13")
def test_r_party_13_launch_needs_the_fork_space_and_the_action() -> None:
    g = turn_of("collin", {"collin": {"space": "5:13"}}, tokens={"fork": ["5:12"]}, stash=["grape"])
    assert illegal(g, "launch collin rat-warrior-9") == "Prince Collin is not on the Dinner Fork's space (R-PARTY-13)"
    g2 = turn_of("collin", {"collin": {"space": "5:12"}}, tokens={"fork": ["5:12"]}, stash=[])
    assert illegal(g2, "launch collin rat-warrior-9") == "the grape is not in the party stash (R-PARTY-13)"


@pytest.mark.rule("R-PARTY-14")
def test_r_party_14_a_rat_on_the_grape_fires_it_at_the_most_mice() -> None:
    g = scenario(
        heroes={"collin": {"space": "5:12"}, "tilda": {"space": "5:12"}, "filch": {"space": "5:15"}},
        minions={"rat-warrior-1": {"space": "5:3"}},
        tokens={"grape": ["5:3"]},
        party_cards=["grape"],
        turn="minion:rat-warrior",
        dice=[GRAPE, CHEESE],  # the flip, then Collin's movement in the next round
    )
    assert one(g.events, "rat_fires_grape").params == {
        "minion": "rat-warrior-1",
        "space": "5:12",
        "mice": ["collin", "tilda"],
    }
    assert g.state.minions["rat-warrior-1"].space == "5:3"  # it did not move
    assert not of(g.events, "minion_attacks")
    assert g.state.tokens["grape"] == ["5:12"]
    assert "knocked_down" in g.state.heroes["tilda"].statuses
    assert one(g.events, "stands_up").params == {"figure": "collin"}  # Collin's turn: getting up takes his move


@pytest.mark.rule("R-PARTY-14")
def test_r_party_14_ties_go_to_the_mouse_highest_on_the_track() -> None:
    g = scenario(
        heroes={"collin": {"space": "5:12"}, "tilda": {"space": "5:15"}},
        minions={"rat-warrior-1": {"space": "5:3"}},
        tokens={"grape": ["5:3"]},
        party_cards=["grape"],
        track=["mouse:tilda", "mouse:collin", "minion:rat-warrior"],
        turn="minion:rat-warrior",
        dice=[SPLAT, SHIELD, SHIELD, CHEESE],  # flip; Tilda's 2 defense dice; her movement next round
    )
    assert one(g.events, "rat_fires_grape").params["space"] == "5:15"
    assert one(g.events, "mouse_defends").params["hero"] == "tilda"
    assert "grape" not in g.state.tokens and "grape" in g.state.search_deck


# --- R-PARTY-15 -------------------------------------------------------------------------------------------------


@pytest.mark.rule("R-PARTY-15")
def test_r_party_15_party_items_are_not_carried_into_the_next_chapter() -> None:
    g = turn_of("collin", {"collin": {"space": "5:12"}}, stash=["fork", "grape"], party_cards=["dinner-fork", "grape"])
    g.state.status = "won"
    carry = carry_over(g.ctx, g.state)
    nxt = Game.new("proving-grounds", ["collin", "tilda", "filch", "maginos"], seed=2, carry=carry)
    assert nxt.state.stash == [] and nxt.state.party_cards == [] and nxt.state.tokens == {}
    assert {"dinner-fork", "grape"} <= set(nxt.state.search_deck)


@pytest.mark.rule("R-PARTY-13")
def test_r_party_13_large_figures_are_unaffected() -> None:
    g = turn_of(
        "collin",
        {"collin": {"space": "5:12"}},
        dice=[GRAPE],
        minions={"spider-1": {"space": "5:3"}, **FAR_RAT},
        tokens={"fork": ["5:12"]},
        stash=["grape"],
        party_cards=["grape"],
    )
    ev = g.apply("launch collin spider-1")
    assert not of(ev, "minion_defends") and g.state.minions["spider-1"].statuses == []
    assert g.state.tokens["grape"] == ["5:3"]  # it still lands there
