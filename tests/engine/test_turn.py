"""The mouse turn (R-TURN-01..10) on the Guard Room."""

from __future__ import annotations

from typing import Any

import pytest
from flowkit import BOW, BOW_STAR, CHEESE, SHIELD, SHIELD_STAR, SWORD, moves, of, one, options, sandbox, scenario

from mnm.engine.errors import IllegalAction
from mnm.engine.scenario import load_scenario

RAT_FAR = {"rat-warrior-1": {"space": "5:3"}}


def verbs(opts: set[str]) -> set[str]:
    return {o.split()[0] for o in opts}


@pytest.mark.rule("R-TURN-01")
def test_r_turn_01_allowance_is_move_plus_the_roll() -> None:
    game = scenario(heroes={"nez": {"space": "5:15"}}, minions=RAT_FAR, dice=[SHIELD_STAR])  # Nez: move 1, rolls 3
    ev = one(game.events, "movement_roll")
    assert (ev.rule, ev.params["number"], ev.params["points"]) == ("R-TURN-01", 3, 4)
    assert game.state.turn is not None and (game.state.turn.move_points, game.state.turn.rolled) == (4, 3)
    filch = scenario(heroes={"filch": {"space": "5:15"}}, minions=RAT_FAR, dice=[CHEESE])  # move 3, rolls 1
    assert filch.state.turn is not None and filch.state.turn.move_points == 4


@pytest.mark.rule("R-TURN-02")
def test_r_turn_02_action_before_moving_leaves_the_movement() -> None:
    game = scenario(heroes={"collin": {"space": "5:15"}}, minions=RAT_FAR, search_deck_top=["antidote"],
                    dice=[SWORD, BOW])  # 4 movement; the search fails (no star)
    game.apply("search collin")
    assert moves(game)  # still free to move after acting
    assert "search collin" not in options(game)  # but the one action is spent
    game.apply("move collin 5:12")
    assert game.state.heroes["collin"].space == "5:12"


@pytest.mark.rule("R-TURN-02")
def test_r_turn_02_action_after_moving_ends_the_movement() -> None:
    game = scenario(heroes={"collin": {"space": "5:15"}}, minions=RAT_FAR, dice=[SWORD, BOW])
    game.apply("move collin 5:12")  # 1 of 4 spent
    game.apply("search collin")
    assert game.state.turn is not None and game.state.turn.movement_over
    assert moves(game) == set()
    with pytest.raises(IllegalAction, match="cannot move any more"):
        game.apply("move collin 5:8")


@pytest.mark.rule("R-TURN-02")
def test_r_turn_02_acting_and_moving_are_optional() -> None:
    game = scenario(
        heroes={"collin": {"space": "5:15"}, "tilda": {"space": "5:12"}},
        minions=RAT_FAR,
        track=["mouse:collin", "mouse:tilda", "minion:rat-warrior"],
        dice=[SWORD, BOW_STAR],
    )
    assert "end collin" in options(game)
    events = game.apply("end collin")  # no move, no action
    assert one(events, "turn_ends").params["hero"] == "collin"
    assert game.state.heroes["collin"].space == "5:15"
    d = game.decision()
    assert d is not None and d.actor == "tilda"


@pytest.mark.rule("R-TURN-03")
@pytest.mark.rule("R-TURN-07")
def test_r_turn_03_07_the_actions() -> None:
    # On the doorway (next to the exit), next to a rat: battle, search and explore are offered; after moving,
    # scurry too. A stunned mouse gets recover.
    game = scenario(heroes={"filch": {"space": "5:4"}}, minions={"rat-warrior-1": {"space": "5:3"}}, dice=[SWORD])
    assert {"battle filch rat-warrior-1", "search filch"} <= options(game)
    empty_room = sandbox(heroes={"filch": {"space": "5:4"}}, dice=[SWORD])
    assert {"search filch", "explore filch exit-0"} <= options(empty_room)
    assert "scurry" not in verbs(options(game))
    game.apply("move filch 5:10")
    assert "scurry filch" in options(game)
    stunned = scenario(heroes={"filch": {"space": "5:4", "statuses": ["stunned"]}}, minions=RAT_FAR, dice=[SWORD])
    assert "recover filch" in options(stunned)
    assert not {"battle", "search", "explore", "scurry"} & verbs(options(stunned))


@pytest.mark.rule("R-TURN-07")
def test_r_turn_07_search_recover_explore_each_use_the_action() -> None:
    game = scenario(heroes={"filch": {"space": "5:4"}}, minions={"rat-warrior-1": {"space": "5:3"}},
                    dice=[SWORD, BOW])
    game.apply("search filch")  # fails (no star), but the action is spent
    assert not {"battle", "search", "explore", "scurry", "recover"} & verbs(options(game))
    stunned = scenario(heroes={"filch": {"space": "5:4", "statuses": ["stunned"]}}, minions=RAT_FAR,
                       dice=[SWORD, SWORD])
    stunned.apply("recover filch")
    assert "recover" not in verbs(options(stunned))


@pytest.mark.rule("R-TURN-04")
def test_r_turn_04_each_free_action_once_per_turn() -> None:
    game = scenario(
        heroes={"filch": {"space": "5:15", "pack": ["paring-knife"]}, "tilda": {"space": "5:15"}},
        minions=RAT_FAR,
        dice=[SWORD],
    )
    assert {"equip filch paring-knife", "unequip filch dagger", "share filch tilda"} <= options(game)
    game.apply("equip filch paring-knife")
    game.apply("done filch")  # the equip free action may rearrange several cards, then it is over
    assert not {"equip", "unequip"} & verbs(options(game))
    with pytest.raises(IllegalAction, match="already used the equip free action"):
        game.apply("unequip filch dagger")
    assert "share filch tilda" in options(game)  # a different free action is still there


@pytest.mark.rule("R-TURN-04")
def test_r_turn_04_never_in_the_middle_of_another_action() -> None:
    # A successful search stops on "keep or discard?": no free action can be slipped in there.
    game = scenario(
        heroes={"collin": {"space": "5:15", "pack": ["dagger"]}, "tilda": {"space": "5:15"}},
        minions=RAT_FAR,
        search_deck_top=["cheese-knife"],
        dice=[SWORD, SWORD],
    )
    game.apply("search collin")
    d = game.decision()
    assert d is not None and d.kind == "found_card"
    assert verbs(options(game)) == {"keep", "discard"}
    with pytest.raises(IllegalAction):
        game.apply("equip collin dagger")


@pytest.mark.rule("R-TURN-04")
def test_r_turn_04_never_on_water() -> None:
    game = load_scenario({
        "chapter": "flight-to-barksburg", "tiles": {"guard-room": 6},
        "heroes": {"collin": {"space": "6:14", "pack": ["dagger"]}, "tilda": {"space": "6:14"}}, "dice": [SWORD],
    })
    assert not {"equip", "unequip", "share", "levelup"} & verbs(options(game))


@pytest.mark.rule("R-TURN-05")
def test_r_turn_05_scurry_only_after_moving() -> None:
    game = scenario(heroes={"collin": {"space": "5:15"}}, minions=RAT_FAR, dice=[SWORD])
    with pytest.raises(IllegalAction, match=r"must move before scurrying \(R-TURN-05\)"):
        game.apply("scurry collin")


@pytest.mark.rule("R-TURN-05")
def test_r_turn_05_scurry_rolls_again_and_moves_with_the_new_number() -> None:
    # 4 movement, 1 used; the scurry's 3 gives a fresh 2 + 3 = 5 (the 3 left over are not kept).
    game = scenario(heroes={"collin": {"space": "5:15"}}, minions=RAT_FAR, dice=[SWORD, SHIELD])
    game.apply("move collin 5:12")
    events = game.apply("scurry collin")
    ev = one(events, "scurry")
    assert (ev.rule, ev.params["number"], ev.params["points"]) == ("R-TURN-05", 3, 5)
    assert game.state.turn is not None and game.state.turn.move_points == 5
    assert "5:2" in moves(game)  # 12-8-5-1-2: five steps
    game.apply("move collin 5:2")
    assert "scurry collin" not in options(game)  # it was the turn's action
    assert "search" not in verbs(options(game))


@pytest.mark.rule("R-TURN-06")
def test_r_turn_06_battle_needs_a_weapon() -> None:
    armed = scenario(heroes={"collin": {"space": "5:4"}}, minions={"rat-warrior-1": {"space": "5:3"}}, dice=[SWORD])
    assert "battle collin rat-warrior-1" in options(armed)
    unarmed = scenario(heroes={"collin": {"space": "5:4", "equipped": ["leather-breastplate"]}},
                       minions={"rat-warrior-1": {"space": "5:3"}}, dice=[SWORD])
    assert "battle" not in verbs(options(unarmed))
    with pytest.raises(IllegalAction):
        unarmed.apply("battle collin rat-warrior-1")


CHAIN: dict[str, Any] = {
    "heroes": {"maginos": {"space": "5:12", "equipped": [], "abilities": ["chain-lightning"], "cheese": 3}},
    "minions": {"rat-warrior-1": {"space": "5:13"}, "rat-warrior-2": {"space": "5:1"}},
}


@pytest.mark.rule("R-TURN-06")
@pytest.mark.rule("R-TURN-08")
def test_r_turn_06_08_an_ability_can_supply_the_attack_and_is_the_action() -> None:
    # Maginos holds no weapon: no battle, but Chain Lightning attacks instead, and it is his action.
    game = scenario(**CHAIN, dice=[SWORD], dice_mode="seeded")
    assert "battle" not in verbs(options(game))
    assert "ability maginos chain-lightning rat-warrior-1" in options(game)
    events = game.apply("ability maginos chain-lightning rat-warrior-1")
    used = one(events, "ability_used")
    assert (used.rule, used.params["cost"]) == ("R-ABIL-01", 3)
    assert one(events, "mouse_attacks").params["weapon"] is None
    d = game.decision()
    assert d is not None and d.actor == "maginos"
    assert verbs(options(game)) == {"move", "end"}  # the action is spent; he may still move


@pytest.mark.rule("R-TURN-08")
def test_r_turn_08_some_abilities_are_free_actions() -> None:
    # First Aid is used as a free action: the search action is still there afterwards.
    game = scenario(
        heroes={"tilda": {"space": "5:12", "abilities": ["first-aid"], "cheese": 2, "wounds": 2}},
        minions=RAT_FAR,
        dice=[SWORD],
        dice_mode="seeded",
    )
    use = sorted(o for o in options(game) if o.startswith("ability tilda first-aid"))
    assert use
    events = game.apply(use[0])
    assert one(events, "ability_used").params["cost"] == 1  # 2, less 1 for a Healer
    assert game.state.heroes["tilda"].wounds == 1
    assert "search tilda" in options(game)
    assert game.state.turn is not None and not game.state.turn.acted


@pytest.mark.rule("R-TURN-09")
def test_r_turn_09_the_roll_is_made_even_by_a_mouse_that_cannot_move() -> None:
    # Knocked down Collin cannot move this turn, yet rolls first (his roll is what the crow watches).
    game = load_scenario({
        "chapter": "flight-to-barksburg", "tiles": {"yard": 1},
        "heroes": {"collin": {"space": "1:5", "statuses": ["knocked_down"]}}, "dice": [CHEESE],
    })
    assert game.events[0].msg == "movement_roll"
    assert one(game.events, "old_crow").params["figure"] == "collin"
    assert game.state.heroes["collin"].wounds == 1
    assert one(game.events, "stands_up").rule == "R-NEG-04"
    assert moves(game) == set()


@pytest.mark.rule("R-TURN-10")
def test_r_turn_10_a_stunned_mouse_may_take_free_actions_by_default() -> None:
    heroes = {"collin": {"space": "5:15", "statuses": ["stunned"], "pack": ["dagger"]}}
    game = scenario(heroes=heroes, minions=RAT_FAR, dice=[SWORD])
    assert "equip collin dagger" in options(game)
    strict = scenario(heroes=heroes, minions=RAT_FAR, dice=[SWORD], options={"stunned_no_free_actions": True})
    assert "equip" not in verbs(options(strict))
    with pytest.raises(IllegalAction, match="R-TURN-10"):
        strict.apply("equip collin dagger")
    assert not of(strict.events, "equipped")
