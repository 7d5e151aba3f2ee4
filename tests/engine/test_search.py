"""Search, found cards, the pack and equipment (RULES.md §12, R-SEARCH-01..15).

Collin searches the Guard Room; a far rat keeps the proving-grounds chapter from being won. The first
scripted die is his movement roll, the second his search die (a STAR succeeds: SWORD, SHIELD_STAR, BOW_STAR).
"""

from __future__ import annotations

from typing import Any

import pytest
from rulekit import BOW, BOW_STAR, CHEESE, SHIELD, SHIELD_STAR, SWORD, of, one, options, scenario

from mnm.content.schema import CardType
from mnm.engine.errors import IllegalAction
from mnm.engine.game import Game
from mnm.engine.rules.setup import card_of

RAT = {"rat-warrior-1": {"space": "5:1"}}


def searcher(search_face: int, top: list[str] | None = None, **hero: Any) -> Game:
    return scenario(
        heroes={"collin": {"space": "5:15", **hero}},
        minions=RAT,
        turn="mouse:collin",
        search_deck_top=top or ["paring-knife"],
        dice=[CHEESE, search_face],
    )


@pytest.mark.rule("R-SEARCH-01")
def test_r_search_01_a_star_draws_the_top_card() -> None:
    for face in (SWORD, SHIELD_STAR, BOW_STAR):
        g = searcher(face, ["paring-knife", "sling"])  # the first listed is the top
        ev = g.apply("search collin")
        assert one(ev, "card_found").params == {"hero": "collin", "card": "paring-knife", "face": face}
        assert card_of(g.state.search_deck[-1]) == "sling"
        d = g.decision()
        assert d is not None and (d.kind, d.actor) == ("found_card", "collin")


@pytest.mark.rule("R-SEARCH-01")
def test_r_search_01_no_star_finds_nothing() -> None:
    for face in (CHEESE, SHIELD, BOW):
        g = searcher(face)
        deck = list(g.state.search_deck)
        ev = g.apply("search collin")
        assert one(ev, "search_fails").params == {"hero": "collin", "face": face}
        assert of(ev, "card_found") == []
        assert g.state.search_deck == deck
        assert g.decision() is not None and g.decision().kind == "turn"  # type: ignore[union-attr]


@pytest.mark.rule("R-SEARCH-01")
def test_r_search_01_search_is_the_turn_action() -> None:
    g = searcher(SHIELD)
    g.apply("search collin")
    assert "search collin" not in options(g)
    with pytest.raises(IllegalAction, match="already taken an action"):
        g.apply("search collin")


@pytest.mark.rule("R-SEARCH-02")
def test_r_search_02_keep_the_card_or_trade_it_for_one_cheese() -> None:
    g = searcher(SWORD, cheese=2)
    g.apply("search collin")
    assert options(g) == {"keep collin paring-knife", "discard collin paring-knife"}
    ev = g.apply("keep collin paring-knife")
    assert one(ev, "card_kept").params == {"hero": "collin", "card": "paring-knife"}
    assert g.state.heroes["collin"].pack == ["paring-knife"]
    assert g.state.heroes["collin"].cheese == 2
    g = searcher(SWORD, cheese=2)
    g.apply("search collin")
    ev = g.apply("discard collin paring-knife")
    assert one(ev, "card_traded").params == {"hero": "collin", "card": "paring-knife", "total": 3}
    assert g.state.heroes["collin"].pack == []
    assert g.state.search_discard == ["paring-knife"]
    with pytest.raises(IllegalAction):
        searcher(SWORD).apply("keep collin paring-knife")  # no card found yet: not a turn action


@pytest.mark.rule("R-SEARCH-03")
def test_r_search_03_an_event_card_resolves_at_once() -> None:
    g = searcher(SWORD, ["forgotten-crumbs"])
    assert g.ctx.content.search_cards["forgotten-crumbs"].type is CardType.EVENT
    ev = g.apply("search collin")
    assert one(ev, "event_resolved").params["card"] == "forgotten-crumbs"
    assert one(ev, "event_resolved").rule == "R-SEARCH-03"
    d = g.decision()
    assert d is not None and d.kind == "turn"  # no keep-or-trade question for an event
    assert "forgotten-crumbs" in g.state.search_discard
    assert g.state.heroes["collin"].pack == []


@pytest.mark.rule("R-SEARCH-04")
@pytest.mark.rule("R-PARTY-01")
def test_r_search_04_a_party_item_goes_beside_the_board_and_its_token_to_the_stash() -> None:
    g = searcher(SWORD, ["dinner-fork"], pack=["mint-leaf", "antidote", "pepper-pouch"])
    ev = g.apply("search collin")
    assert one(ev, "party_item_found").params == {"hero": "collin", "card": "dinner-fork", "token": "fork"}
    assert g.state.party_cards == ["dinner-fork"]
    assert g.state.stash == ["fork"]
    assert g.state.heroes["collin"].pack == ["mint-leaf", "antidote", "pepper-pouch"]  # no pack space used
    assert g.decision() is not None and g.decision().kind == "turn"  # type: ignore[union-attr]


@pytest.mark.rule("R-SEARCH-05")
def test_r_search_05_one_successful_search_per_tile_per_mouse() -> None:
    g = searcher(SWORD)
    g.apply("search collin")
    assert g.state.heroes["collin"].searched == [5]
    g = searcher(SWORD, searched=[5])
    assert "search collin" not in options(g)
    with pytest.raises(IllegalAction, match=r"already searched this tile successfully \(R-SEARCH-05\)"):
        g.apply("search collin")
    # another mouse may still search the tile
    g = scenario(
        heroes={"collin": {"space": "5:15", "searched": [5]}, "filch": {"space": "5:15"}},
        minions=RAT,
        turn="mouse:filch",
        dice=[CHEESE],
    )
    assert "search filch" in options(g)


@pytest.mark.rule("R-SEARCH-05")
def test_r_search_05_a_failed_search_keeps_the_right_and_other_tiles_are_fresh() -> None:
    g = searcher(SHIELD)
    g.apply("search collin")
    assert g.state.heroes["collin"].searched == []
    g = scenario(
        chapter="flight-to-barksburg",
        heroes={"collin": {"space": "4:5", "searched": [5]}},
        turn="mouse:collin",
        dice=[CHEESE],
    )
    assert "search collin" in options(g)


@pytest.mark.rule("R-SEARCH-06")
@pytest.mark.rule("R-GEN-07")
def test_r_search_06_cheese_on_the_search_die_earns_nothing() -> None:
    g = scenario(
        heroes={"collin": {"space": "5:15", "cheese": 1}},
        minions=RAT,
        turn="mouse:collin",
        wheel=2,
        dice=[CHEESE, CHEESE],
    )
    ev = g.apply("search collin")
    assert one(ev, "search_fails").params["face"] == CHEESE
    assert of(ev, "mouse_gains_cheese") == [] and of(ev, "wheel_cheese") == []
    assert (g.state.heroes["collin"].cheese, g.state.wheel) == (1, 2)


def chapter1_search(space: str, face: int, **fields: Any) -> Game:
    fields.setdefault("search_deck_top", ["paring-knife"])
    return scenario(
        chapter="flight-to-barksburg",
        heroes={"collin": {"space": space}},
        turn="mouse:collin",
        dice=[CHEESE, face],
        **fields,
    )


@pytest.mark.rule("R-SEARCH-07")
def test_r_search_07_guard_room_special_search_gives_tinkerers_treasure_once() -> None:
    g = chapter1_search("5:15", SWORD)
    ev = g.apply("search collin")
    assert one(ev, "special_search").params == {"hero": "collin", "card": "tinkerers-treasure", "face": SWORD}
    assert of(ev, "card_found") == []
    assert g.state.special_found == ["tinkerers-treasure"]
    # once found, a later successful search on the Guard Room draws normally
    g = chapter1_search("5:15", SWORD)
    g.state.special_found.append("tinkerers-treasure")  # (scenarios have no field for it)
    ev = g.apply("search collin")
    assert of(ev, "special_search") == []
    assert one(ev, "card_found").params["card"] == "paring-knife"


@pytest.mark.rule("R-SEARCH-07")
def test_r_search_07_special_search_needs_a_successful_roll() -> None:
    g = chapter1_search("5:15", BOW)
    ev = g.apply("search collin")
    assert of(ev, "special_search") == [] and g.state.special_found == []


@pytest.mark.rule("R-SEARCH-07")
def test_r_search_07_sewer_special_search_only_in_the_water() -> None:
    sewer = {"tiles": {"3": 6}, "explored": [5, 6]}
    g = chapter1_search("6:8", SWORD, **sewer)  # a water space
    assert g.ctx.board.spaces["6:8"].water
    ev = g.apply("search collin")
    assert one(ev, "special_search").params["card"] == "fishhook-and-thread"
    assert "fishhook" in g.state.stash
    g = chapter1_search("6:9", SWORD, **sewer)  # dry
    ev = g.apply("search collin")
    assert of(ev, "special_search") == []
    assert one(ev, "card_found").params["card"] == "paring-knife"


@pytest.mark.rule("R-SEARCH-08")
@pytest.mark.rule("R-SEARCH-10")
def test_r_search_08_a_trick_takes_no_pack_space() -> None:
    g = searcher(SWORD, ["second-wind"], pack=["mint-leaf", "antidote", "pepper-pouch"])
    assert g.ctx.content.search_cards["second-wind"].type is CardType.TRICK
    g.apply("search collin")
    g.apply("keep collin second-wind")
    collin = g.state.heroes["collin"]
    assert collin.tricks == ["second-wind"]
    assert collin.pack == ["mint-leaf", "antidote", "pepper-pouch"]
    assert g.decision() is not None and g.decision().kind == "turn"  # type: ignore[union-attr]


@pytest.mark.rule("R-SEARCH-10")
def test_r_search_10_a_fourth_pack_card_means_dropping_one() -> None:
    g = searcher(SWORD, ["paring-knife"], pack=["mint-leaf", "antidote", "pepper-pouch"])
    g.apply("search collin")
    g.apply("keep collin paring-knife")
    d = g.decision()
    assert d is not None and (d.kind, d.actor) == ("pack_full", "collin")
    assert options(g) == {f"drop collin {c}" for c in ("mint-leaf", "antidote", "pepper-pouch", "paring-knife")}
    ev = g.apply("drop collin antidote")
    assert one(ev, "card_dropped").params == {"hero": "collin", "card": "antidote"}
    assert g.state.heroes["collin"].pack == ["mint-leaf", "pepper-pouch", "paring-knife"]
    assert "antidote" in g.state.search_discard


@pytest.mark.rule("R-SEARCH-10")
def test_r_search_10_three_pack_cards_are_fine() -> None:
    g = searcher(SWORD, ["paring-knife"], pack=["mint-leaf", "antidote"])
    g.apply("search collin")
    g.apply("keep collin paring-knife")
    assert g.decision() is not None and g.decision().kind == "turn"  # type: ignore[union-attr]


@pytest.mark.rule("R-SEARCH-11")
def test_r_search_11_two_paws_and_one_armor_per_slot() -> None:
    # Collin holds his sword (1 paw); the two-paw twig spear does not fit
    g = searcher(SHIELD, pack=["twig-spear", "quilted-vest", "thimble-helm"])
    assert "equip collin twig-spear" not in options(g)
    with pytest.raises(IllegalAction, match=r"no free paw.*R-SEARCH-11"):
        g.apply("equip collin twig-spear")
    # his breastplate takes the body slot: the vest must wait; the head slot is free for the helm
    with pytest.raises(IllegalAction, match=r"body slot is taken.*R-SEARCH-11"):
        g.apply("equip collin quilted-vest")
    assert "equip collin thimble-helm" in options(g)


@pytest.mark.rule("R-SEARCH-12")
def test_r_search_12_a_card_requirement_must_be_met() -> None:
    # the leather breastplate is for warriors, healers and tinkerers; Filch is a scamp
    g = scenario(
        heroes={"filch": {"space": "5:15", "pack": ["leather-breastplate"]}},
        minions=RAT,
        turn="mouse:filch",
        dice=[CHEESE],
    )
    assert "equip filch leather-breastplate" not in options(g)
    with pytest.raises(IllegalAction, match=r"requires .*R-SEARCH-12"):
        g.apply("equip filch leather-breastplate")


@pytest.mark.rule("R-SEARCH-13")
def test_r_search_13_starting_equipment_is_equipped_and_out_of_the_deck() -> None:
    party = ["collin", "tilda", "filch", "maginos"]
    g = Game.new("flight-to-barksburg", party, seed=2)
    in_deck = {card_of(c) for c in g.state.search_deck}
    for hid in party:
        start = list(g.ctx.content.heroes[hid].starting_equipment)
        assert [card_of(c) for c in g.state.heroes[hid].equipped] == start
        for card in start:
            if g.ctx.content.search_cards[card].copies == 1:
                assert card not in in_deck, card
    assert "leather-breastplate" not in in_deck  # both copies went to Collin and Tilda


@pytest.mark.rule("R-SEARCH-14")
def test_r_search_14_card_anatomy_in_the_content() -> None:
    cards = searcher(SHIELD).ctx.content.search_cards.values()
    for c in cards:
        if c.type is CardType.WEAPON:
            assert c.attack is not None and c.paws in (1, 2) and c.bonus >= 0, c.id
        if c.type is CardType.ARMOR:
            assert c.slot in ("body", "head", "cloak"), c.id
    assert {c.type for c in cards} >= {CardType.WEAPON, CardType.ARMOR, CardType.ACCESSORY}


@pytest.mark.rule("R-SEARCH-09")
@pytest.mark.rule("R-SEARCH-08")
def test_r_search_09_reading_a_scroll_is_not_the_action_and_uses_it_up() -> None:
    g = searcher(BOW, wounds=2, pack=["scroll-of-mending", "scroll-of-warding"])
    ev = g.apply("read collin scroll-of-mending")
    assert one(ev, "card_used").rule == "R-SEARCH-09"
    assert g.state.heroes["collin"].wounds == 1
    assert "search collin" in options(g)  # the turn's action is still there
    g.apply("search collin")  # spends it (and fails)
    assert "read collin scroll-of-warding" in options(g)  # scrolls stay usable after the action
    assert g.state.heroes["collin"].pack == ["scroll-of-warding"]  # the one read is gone (single use)
