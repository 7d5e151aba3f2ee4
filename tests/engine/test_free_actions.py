"""Free actions (RULES.md §16, R-FREE-01..06, R-TURN-04): Share, Equip and Level Up.

Positions on the proving-grounds Guard Room (mouse adjacency in rulekit: 12-13, 12-15, 13-15, 8-12...); a rat
far away in 5:3 keeps the chapter from being won. The first scripted die of a turn is its movement roll.
"""

from __future__ import annotations

from typing import Any

import pytest
from flowkit import sandbox
from rulekit import CHEESE, SHIELD, SWORD, illegal, mouse_turn, of, one, options

from mnm.engine.game import Game

FAR_RAT = {"rat-warrior-9": {"space": "5:3"}}


def turn_of(hero: str, heroes: dict[str, dict[str, Any]], dice: list[int] | None = None, **fields: Any) -> Game:
    """``hero``'s turn (movement die: CHEESE, a 1) with the given mice and a far rat."""
    return mouse_turn(hero, heroes, dice, default_minions=FAR_RAT, **fields)



# --- R-FREE-01 / R-TURN-04 -------------------------------------------------------------------------------


@pytest.mark.rule("R-FREE-01")
def test_r_free_01_each_free_action_at_most_once_per_turn() -> None:
    g = turn_of("collin", {"collin": {"space": "5:12", "pack": ["dagger"]}, "tilda": {"space": "5:12"}})
    g.apply("equip collin dagger")
    g.apply("done collin")
    assert g.state.turn is not None and g.state.turn.free_used == ["equip"]
    assert not any(a.verb in ("equip", "unequip") for a in g.legal_actions())
    assert illegal(g, "unequip collin dagger") == "Prince Collin has already used the equip free action this turn"
    # the other two free actions are still there
    assert "share collin tilda" in options(g)


@pytest.mark.rule("R-FREE-01")
def test_r_free_01_no_free_action_inside_another_action() -> None:
    # a successful search stops at the keep-or-trade question: no free action can be slipped in there
    g = turn_of(
        "collin",
        {"collin": {"space": "5:12", "cheese": 6}, "tilda": {"space": "5:12"}},
        dice=[SWORD],
        search_deck_top=["accurate-bow"],
    )
    g.apply("search collin")
    assert g.decision() is not None and g.decision().kind == "found_card"  # type: ignore[union-attr]
    assert illegal(g, "share collin tilda") == (
        "keep the card or trade it for 1 cheese: 'keep collin accurate-bow' or 'discard collin accurate-bow'"
    )
    assert "levelup collin first-aid" not in options(g)
    g.apply("keep collin accurate-bow")
    assert "share collin tilda" in options(g)  # between actions again


@pytest.mark.rule("R-FREE-01")
def test_r_free_01_no_free_action_on_water() -> None:
    # sandbox side 97: 5, 6 are water, 1 and 2 land (flowkit)
    g = sandbox(
        heroes={"collin": {"space": "97:6", "pack": ["dagger"], "cheese": 6}, "tilda": {"space": "97:6"}},
        turn="mouse:collin",
        dice=[CHEESE],
    )
    assert not {a.verb for a in g.legal_actions()} & {"share", "equip", "unequip", "levelup"}
    assert illegal(g, "equip collin dagger") == "no free actions on a water space (R-WATER-05)"
    assert illegal(g, "share collin tilda") == "no free actions on a water space (R-WATER-05)"


@pytest.mark.rule("R-TURN-04")
def test_r_turn_04_all_three_free_actions_in_one_turn_besides_the_action() -> None:
    g = turn_of(
        "collin",
        {"collin": {"space": "5:12", "cheese": 7, "pack": ["dagger"]}, "tilda": {"space": "5:12"}},
    )
    g.apply("share collin tilda")
    g.apply("give collin cheese")
    g.apply("done collin")
    g.apply("equip collin dagger")
    g.apply("done collin")
    g.apply("levelup collin first-aid")
    t = g.state.turn
    assert t is not None and t.free_used == ["share", "equip", "levelup"] and not t.acted
    assert g.state.heroes["collin"].cheese == 0 and g.state.heroes["tilda"].cheese == 1
    assert "search collin" in options(g)  # the action is still to take


# --- R-FREE-02 Share -------------------------------------------------------------------------------------


@pytest.mark.rule("R-FREE-02")
def test_r_free_02_share_with_same_or_adjacent_space_only() -> None:
    g = turn_of(
        "collin",
        {
            "collin": {"space": "5:12"},
            "tilda": {"space": "5:12"},  # same space
            "filch": {"space": "5:13"},  # adjacent (12-13)
            "maginos": {"space": "5:17"},  # two steps away
        },
    )
    assert {str(a) for a in g.legal_actions() if a.verb == "share"} == {"share collin tilda", "share collin filch"}
    assert illegal(g, "share collin maginos") == "Maginos is not on the same or an adjacent space (R-FREE-02)"


@pytest.mark.rule("R-FREE-02")
def test_r_free_02_share_swaps_cards_and_cheese_both_ways() -> None:
    g = turn_of(
        "collin",
        {
            "collin": {"space": "5:12", "cheese": 3, "pack": ["antidote"]},
            "filch": {"space": "5:13", "cheese": 1, "pack": ["levitate-scroll"]},
        },
    )
    ev = g.apply("share collin filch")
    assert one(ev, "share_begins").params == {"hero": "collin", "other": "filch"}
    assert options(g) == {
        "give collin antidote",
        "give collin collins-sword",
        "give collin leather-breastplate",
        "give collin cheese",
        "take collin levitate-scroll",
        "take collin dagger",
        "take collin cheese",
        "done collin",
    }
    g.apply("give collin antidote")
    g.apply("give collin cheese")
    g.apply("give collin cheese")
    g.apply("take collin levitate-scroll")
    assert (
        illegal(g, "take collin antidote")
        == "antidote already changed hands in this share: no taking back (undo instead)"
    )
    assert (
        illegal(g, "take collin cheese") == "cheese already changed hands in this share: no taking back (undo instead)"
    )
    g.apply("done collin")
    collin, filch = g.state.heroes["collin"], g.state.heroes["filch"]
    assert (collin.pack, collin.cheese) == (["levitate-scroll"], 1)
    assert (filch.pack, filch.cheese) == (["antidote"], 3)
    assert g.decision() is not None and g.decision().kind == "turn"  # type: ignore[union-attr]


@pytest.mark.rule("R-FREE-02")
def test_r_free_02_shared_equipped_card_arrives_in_the_pack_and_full_pack_sheds_one() -> None:
    g = turn_of(
        "collin",
        {
            "collin": {"space": "5:12"},
            "tilda": {"space": "5:12", "pack": ["antidote", "levitate-scroll", "accurate-bow"]},
        },
    )
    g.apply("share collin tilda")
    g.apply("give collin collins-sword")
    assert g.state.heroes["tilda"].pack == ["antidote", "levitate-scroll", "accurate-bow", "collins-sword"]
    g.apply("done collin")
    d = g.decision()
    assert d is not None and (d.kind, d.actor) == ("pack_full", "tilda")  # R-SEARCH-10: 4 cards, one must go
    g.apply("drop tilda antidote")
    assert g.state.heroes["tilda"].pack == ["levitate-scroll", "accurate-bow", "collins-sword"]
    assert "antidote" in g.state.search_discard
    assert g.decision() is not None and g.decision().kind == "turn"  # type: ignore[union-attr]


@pytest.mark.rule("R-FREE-02")
def test_r_free_02_a_share_where_nothing_changed_hands_is_not_used_up() -> None:
    g = turn_of("collin", {"collin": {"space": "5:12"}, "tilda": {"space": "5:12"}})
    g.apply("share collin tilda")
    g.apply("done collin")
    assert g.state.turn is not None and g.state.turn.free_used == []
    assert "share collin tilda" in options(g)


@pytest.mark.rule("R-FREE-02")
def test_r_free_02_sharing_refuses_what_the_mouse_does_not_have() -> None:
    g = turn_of("collin", {"collin": {"space": "5:12"}, "tilda": {"space": "5:12"}})
    g.apply("share collin tilda")
    assert illegal(g, "give collin cheese") == "Prince Collin has no cheese"
    assert illegal(g, "take collin dagger") == "Tilda does not carry 'dagger'"


# --- R-FREE-03 Equip -------------------------------------------------------------------------------------


@pytest.mark.rule("R-FREE-03")
def test_r_free_03_unequip_then_equip_in_one_free_action() -> None:
    # Nez's hammer takes both paws; he swaps it for Collin's Sword (Nez is a Tinkerer and a Warrior)
    g = turn_of("nez", {"nez": {"space": "5:12", "pack": ["collins-sword"]}})
    assert illegal(g, "equip nez collins-sword") == (
        "no free paw: Nez holds weapons in 2 paw(s) and Collin's Sword needs 1 (R-SEARCH-11)"
    )
    ev = g.apply("unequip nez nezs-hammer")
    assert one(ev, "card_unequipped").params == {"hero": "nez", "card": "nezs-hammer"}
    assert options(g) == {"equip nez collins-sword", "done nez"}  # no moving the hammer straight back
    assert (
        illegal(g, "equip nez nezs-hammer")
        == "nezs-hammer was already moved in this Equip: no moving it back (undo instead)"
    )
    g.apply("equip nez collins-sword")
    g.apply("done nez")
    nez = g.state.heroes["nez"]
    assert (nez.equipped, nez.pack) == (["collins-sword"], ["nezs-hammer"])
    assert g.state.turn is not None and g.state.turn.free_used == ["equip"]


@pytest.mark.rule("R-FREE-03")
def test_r_free_03_one_armor_per_body_slot() -> None:
    # two-class Collin (Leader, Warrior) already wears a Leather Breastplate (body)
    g = turn_of("collin", {"collin": {"space": "5:12", "pack": ["leather-breastplate"]}})
    assert illegal(g, "equip collin leather-breastplate/2") == (
        "Prince Collin's body slot is taken by Leather Breastplate: unequip it first (R-SEARCH-11)"
    )


@pytest.mark.rule("R-FREE-03")
def test_r_free_03_requirements_class_hero_and_stat() -> None:
    g = turn_of(
        "maginos",
        {"maginos": {"space": "5:12", "pack": ["tildas-mace", "leather-breastplate", "ring-of-cat-strength"]}},
    )
    assert illegal(g, "equip maginos tildas-mace") == "Tilda's Mace requires Tilda, and Maginos is not (R-SEARCH-12)"
    assert illegal(g, "equip maginos leather-breastplate") == (
        "Leather Breastplate requires warrior or healer or tinkerer, and Maginos is not (R-SEARCH-12)"
    )
    assert illegal(g, "equip maginos ring-of-cat-strength") == (
        "Ring of Cat Strength requires battle 2; Maginos has 1 (R-SEARCH-12)"
    )
    assert not [a for a in g.legal_actions() if a.verb == "equip"]


@pytest.mark.rule("R-FREE-03")
def test_r_free_03_items_are_not_equipped() -> None:
    g = turn_of("collin", {"collin": {"space": "5:12", "pack": ["antidote"]}})
    assert illegal(g, "equip collin antidote") == (
        "Antidote is an item, not a weapon, armor or accessory: it is not equipped (R-SEARCH-08)"
    )


@pytest.mark.rule("R-FREE-03")
def test_r_free_03_prehensile_tail_holds_a_dagger_beside_a_two_paw_bow() -> None:
    g = turn_of("filch", {"filch": {"space": "5:12", "pack": ["accurate-bow"]}})  # dagger equipped (start)
    g.apply("equip filch accurate-bow")
    assert g.state.heroes["filch"].equipped == ["dagger", "accurate-bow"]
    # without the tail the same pair does not fit: Lily (Archer) with a dagger and the bow
    g2 = turn_of("lily", {"lily": {"space": "5:12", "equipped": ["dagger"], "pack": ["accurate-bow"]}})
    assert illegal(g2, "equip lily accurate-bow") == (
        "no free paw: Lily holds weapons in 1 paw(s) and Accurate Bow needs 2 (R-SEARCH-11)"
    )


@pytest.mark.rule("R-FREE-03")
def test_r_free_03_unequipping_into_a_full_pack_sheds_a_card() -> None:
    g = turn_of("collin", {"collin": {"space": "5:12", "pack": ["antidote", "levitate-scroll", "dagger"]}})
    g.apply("unequip collin leather-breastplate")
    g.apply("done collin")
    d = g.decision()
    assert d is not None and d.kind == "pack_full"
    g.apply("drop collin levitate-scroll")
    assert g.state.heroes["collin"].pack == ["antidote", "dagger", "leather-breastplate"]


# --- R-FREE-04 Level Up ----------------------------------------------------------------------------------


@pytest.mark.rule("R-FREE-04")
def test_r_free_04_level_up_costs_6_cheese_for_a_card_of_the_mouse_class() -> None:
    g = turn_of("filch", {"filch": {"space": "5:12", "cheese": 7}})
    # Filch is a Scamp: every Scamp card and every any-class card (First Aid...), nothing else
    offered = {a.args[0] for a in g.legal_actions() if a.verb == "levelup"}
    cards = g.ctx.content.ability_cards
    assert offered == {cid for cid, c in cards.items() if not c.classes or "scamp" in c.classes}
    assert {"knife-strike", "first-aid"} <= offered and not {"inspire", "chain-lightning"} & offered
    assert (
        illegal(g, "levelup filch chain-lightning") == "Chain Lightning is a mystic card and Filch is scamp (R-FREE-04)"
    )
    ev = g.apply("levelup filch knife-strike")
    assert one(ev, "level_up").params == {"hero": "filch", "ability": "knife-strike", "cost": 6, "total": 1}
    assert g.state.heroes["filch"].abilities == ["knife-strike"]
    assert g.state.turn is not None and g.state.turn.free_used == ["levelup"]
    assert illegal(g, "levelup filch first-aid") == "Filch has already used the levelup free action this turn"


@pytest.mark.rule("R-FREE-04")
def test_r_free_04_two_class_mouse_and_taken_cards() -> None:
    # Collin (Leader + Warrior) may buy Inspire (Leader); First Aid (any class) has one copy, held by Tilda
    g = turn_of(
        "collin",
        {"collin": {"space": "5:12", "cheese": 6}, "tilda": {"space": "5:12", "abilities": ["first-aid"]}},
    )
    offered = {a.args[0] for a in g.legal_actions() if a.verb == "levelup"}
    cards = g.ctx.content.ability_cards
    assert offered == {
        cid
        for cid, c in cards.items()
        if cid != "first-aid" and (not c.classes or {"leader", "warrior"} & set(c.classes))
    }
    assert "inspire" in offered and "chain-lightning" not in offered
    assert illegal(g, "levelup collin first-aid") == "First Aid is already held by another mouse"


@pytest.mark.rule("R-FREE-04")
@pytest.mark.parametrize("hero", ["collin", "tilda", "filch", "maginos", "nez", "lily", "thistle"])
def test_r_free_04_the_cards_offered_are_the_cards_with_no_blocker(hero: str) -> None:
    # the listing checks without building the blocker's sentences (issue 37): both must agree, card by card
    from mnm.engine.rules.free_actions import level_up_blocker

    g = turn_of(hero, {hero: {"space": "5:12", "cheese": 6}, "tilda": {"space": "5:12", "abilities": ["first-aid"]}})
    if hero == "tilda":
        g = turn_of(hero, {hero: {"space": "5:12", "cheese": 6, "abilities": ["first-aid"]}})
    offered = {a.args[0] for a in g.legal_actions() if a.verb == "levelup"}
    h = g.state.heroes[hero]
    free = {cid for cid in g.ctx.content.ability_cards if not level_up_blocker(g.ctx, g.state, h, cid)}
    assert offered == free and offered
    assert "first-aid" not in offered


@pytest.mark.rule("R-FREE-04")
def test_r_free_04_not_enough_cheese() -> None:
    g = turn_of("collin", {"collin": {"space": "5:12", "cheese": 5}})
    assert not [a for a in g.legal_actions() if a.verb == "levelup"]
    assert illegal(g, "levelup collin inspire") == "leveling up costs 6 cheese and Prince Collin has 5 (R-FREE-04)"


# --- R-FREE-05 --------------------------------------------------------------------------------------------


@pytest.mark.rule("R-FREE-05")
def test_r_free_05_level_up_before_or_after_an_attack_not_inside_it() -> None:
    # Collin attacks a rat next to him; the attack resolves whole, then he may level up
    g = turn_of(
        "collin",
        {"collin": {"space": "5:12", "cheese": 6}},
        dice=[SHIELD, SHIELD, SHIELD, CHEESE, CHEESE],
        minions={"rat-warrior-1": {"space": "5:8"}, **FAR_RAT},
    )
    assert "levelup collin inspire" in options(g)  # before the attack
    ev = g.apply("battle collin rat-warrior-1")
    # inside the attack there is no decision at all: the roll, the defense and the wounds ran in one go
    assert [e.msg for e in ev if e.msg in ("mouse_attacks", "minion_defends", "minion_defeated")] == [
        "mouse_attacks",
        "minion_defends",
        "minion_defeated",
    ]
    assert "levelup collin inspire" in options(g)  # after it
    g.apply("levelup collin inspire")
    assert g.state.heroes["collin"].abilities == ["inspire"]


# --- R-FREE-06 --------------------------------------------------------------------------------------------


@pytest.mark.rule("R-FREE-06")
def test_r_free_06_placing_a_party_token_is_not_a_free_action_nor_the_action() -> None:
    g = turn_of("collin", {"collin": {"space": "5:12", "pack": ["dagger"]}}, stash=["fork"])
    ev = g.apply("place collin fork")
    assert one(ev, "token_placed").params == {"hero": "collin", "token": "fork", "spaces": ["5:12"]}
    t = g.state.turn
    assert t is not None and t.free_used == [] and not t.acted
    g.apply("equip collin dagger")  # the Equip free action is still available
    assert of(g.events, "card_equipped")
