"""The card decks (R-SEARCH, R-ENC, R-SURGE, R-ABIL): deck sizes, and every search and encounter card's effect.

Positions are proving-grounds scenarios (see rulekit for the Guard Room's adjacency and the die faces). In a
mouse's turn the first scripted die is its movement roll. Defense dice scripted as BOW block nothing and give
no cheese, so the minion wheel stays out of the way.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from rulekit import BOW, BOW_STAR, CHEESE, SHIELD, SWORD, of, one, options, scenario
from typer.testing import CliRunner

from mnm.cli import app
from mnm.content.loader import builtin_content
from mnm.engine.context import STEPS, push
from mnm.engine.errors import IllegalAction
from mnm.engine.game import Game
from mnm.engine.rules.abilities import SHARED_EFFECTS as SHARED
from mnm.engine.rules.battle import defense_dice, minion_attacks_mouse
from mnm.engine.rules.cards import CARD_EFFECTS
from mnm.engine.rules.effects import add_status
from mnm.engine.rules.free_actions import is_knife

CONTENT = builtin_content()
FAR_RAT = {"rat-warrior-9": {"space": "5:3"}}  # keeps the proving grounds from being won when a target falls


def mouse_turn(hero: str, fields: dict[str, Any], dice: list[int], **extra: Any) -> Game:
    """``hero``'s turn with ``fields``; the movement roll is a CHEESE (1) unless ``move`` is given."""
    heroes = {hero: {"space": "5:12", **fields}, **extra.pop("others", {})}
    minions = extra.pop("minions", FAR_RAT)
    move = extra.pop("move", CHEESE)
    return scenario(heroes=heroes, minions=minions, turn=f"mouse:{hero}", dice=[move, *dice], **extra)


def attack_faces(g: Game, action: str) -> list[int]:
    return list(one(g.apply(action), "mouse_attacks").params["faces"])  # type: ignore[arg-type]


# --- the decks ------------------------------------------------------------------------------------------


def test_deck_sizes_are_71_search_28_ability_18_encounter() -> None:
    search = sum(c.copies for c in CONTENT.search_cards.values() if c.deck)  # [EXP] Party Setup items apart
    abilities = sum(c.copies for c in CONTENT.ability_cards.values())
    assert (search, abilities, len(CONTENT.encounter_cards)) == (71, 28, 18)
    kinds = [c.kind for c in CONTENT.encounter_cards.values()]
    assert (kinds.count("standard"), kinds.count("difficult")) == (10, 8)


def test_content_stats_json_reports_the_deck_sizes() -> None:
    result = CliRunner().invoke(app, ["content", "stats", "--json"])
    assert result.exit_code == 0, result.output
    stats = json.loads(result.output)
    assert (stats["search_cards"], stats["ability_cards"], stats["encounter_cards"]) == (71, 28, 18)


def test_ability_cards_four_per_class_and_the_seed_cards_kept() -> None:
    per_class: dict[str, int] = {}
    for card in CONTENT.ability_cards.values():
        for cls in card.classes or ("healer",):  # First Aid (any class) is the healer's fourth: healers pay less
            per_class[cls] = per_class.get(cls, 0) + 1
    assert per_class == {c: 4 for c in ("leader", "warrior", "healer", "tinkerer", "scamp", "mystic", "archer")}
    assert {"first-aid", "knife-strike", "inspire", "chain-lightning"} <= set(CONTENT.ability_cards)


def test_seed_named_search_cards_are_all_present() -> None:
    named = {
        "collins-sword", "tildas-mace", "dagger", "maginos-staff", "accurate-bow", "leather-breastplate",
        "shifting-cloak", "ring-of-cat-strength", "disguises", "fishhook-and-thread", "dinner-fork", "grape",
        "tinkerers-treasure", "levitate-scroll",
    }  # fmt: skip
    assert named <= set(CONTENT.search_cards)
    assert all(CONTENT.search_cards[c].source == "rulebook" for c in named)
    authored = [c for c in CONTENT.search_cards.values() if c.source == "authored"]
    assert all(c.note for c in authored)


def test_every_card_effect_is_registered_and_documented() -> None:
    from mnm.engine.effects import effect_kind, known_effects

    named = {c.effect for c in CONTENT.search_cards.values() if c.effect}
    assert named <= known_effects(), named - known_effects()
    ability_effects = {c.effect for c in CONTENT.ability_cards.values()}
    assert set(CARD_EFFECTS) <= named | ability_effects  # no registered effect is left unused
    docs = (Path(__file__).parents[2] / "docs" / "effects.md").read_text(encoding="utf-8")
    for name in named | ability_effects:
        assert f"`{name}`" in docs, f"docs/effects.md does not describe {name}"
    # card types match their effect kinds: events are found, items/scrolls/tricks are used, equipment is passive
    for card in CONTENT.search_cards.values():
        if card.effect is None:
            continue
        kind = effect_kind(card.effect)
        expected = {"event": ("found", "use"), "item": ("use",), "scroll": ("use",), "trick": ("use",)}
        allowed = expected.get(card.type.value, ("passive",))
        if card.id == "tinkerers-treasure":
            allowed = ("found",)
        assert kind in allowed, card.id  # an event may reuse a use effect (A Quiet Moment heals like a scroll)


def test_every_search_and_ability_card_is_exercised_by_a_test_here() -> None:
    source = Path(__file__).read_text(encoding="utf-8")
    for card in [*CONTENT.search_cards, *(c for c, a in CONTENT.ability_cards.items() if a.effect in SHARED)]:
        assert f'"{card}' in source, f"no test names {card}"


def test_encounter_cards_name_only_known_minions_and_cover_the_track() -> None:
    for card in CONTENT.encounter_cards.values():
        assert card.surge, card.id
        assert card.rows[-1].pages[1] >= 10, card.id  # every page of a 10-page track has a row
        for row in card.rows:
            for mc in row.minions:
                assert mc.minion in CONTENT.minions and CONTENT.minions[mc.minion].kind == "minion"


# --- weapons (R-BATTLE-05/07/12) --------------------------------------------------------------------------

ATTACK_DICE = [
    # card, hero, its battle + bonus = dice rolled, ranged?
    ("collins-sword", "collin", 3, False),
    ("nezs-hammer", "nez", 3, False),
    ("needle-rapier", "filch", 3, False),
    ("twig-spear", "tilda", 3, False),
    ("paring-knife", "tilda", 2, False),
    ("sling", "tilda", 2, True),
    ("shortbow", "collin", 3, True),
    ("lilys-bow", "lily", 3, True),
    ("wand-of-sparks", "maginos", 3, True),  # lore 3 instead of battle 1
]


@pytest.mark.rule("R-BATTLE-12")
@pytest.mark.parametrize(("card", "hero", "dice", "ranged"), ATTACK_DICE)
def test_weapon_attack_dice(card: str, hero: str, dice: int, ranged: bool) -> None:
    hit = BOW if ranged else SWORD
    g = mouse_turn(
        hero, {"equipped": [card]}, [hit] * dice + [BOW, BOW], minions={"rat-warrior-1": {"space": "5:13"}, **FAR_RAT}
    )
    faces = attack_faces(g, f"battle {hero} rat-warrior-1")
    assert faces == [hit] * dice
    assert "rat-warrior-1" not in g.state.minions


def test_knives_are_marked_for_knife_strike() -> None:
    g = mouse_turn("filch", {}, [])
    assert is_knife(g.ctx, "paring-knife") and is_knife(g.ctx, "cheese-knife") and is_knife(g.ctx, "dagger")
    assert not is_knife(g.ctx, "needle-rapier")


def test_tildas_mace_adds_a_die_per_wounded_mouse_in_her_space() -> None:
    g = mouse_turn(
        "tilda",
        {"wounds": 1},
        [SWORD] * 4 + [BOW, BOW],
        others={"collin": {"space": "5:12", "wounds": 2}, "filch": {"space": "5:12"}},
        minions={"rat-warrior-1": {"space": "5:13"}, **FAR_RAT},
    )
    assert len(attack_faces(g, "battle tilda rat-warrior-1")) == 4  # battle 2 + Tilda and Collin wounded


def test_dagger_minion_below_on_the_track_rolls_one_fewer_defense_die() -> None:
    g = mouse_turn("filch", {}, [SWORD, SWORD, BOW], minions={"rat-warrior-1": {"space": "5:13"}, **FAR_RAT})
    ev = g.apply("battle filch rat-warrior-1")
    assert one(ev, "minion_defends").params["faces"] == [BOW]  # 1 die, not 2
    above = mouse_turn(
        "filch", {}, [SWORD, SWORD, BOW, BOW],
        minions={"rat-warrior-1": {"space": "5:13"}, **FAR_RAT}, track=["minion:rat-warrior", "mouse:filch"],
    )  # fmt: skip
    ev = above.apply("battle filch rat-warrior-1")
    assert one(ev, "minion_defends").params["faces"] == [BOW, BOW]


def test_maginos_staff_is_melee_in_his_own_space_and_ranged_elsewhere() -> None:
    g = mouse_turn("maginos", {}, [SWORD, SWORD, BOW, BOW], minions={"rat-warrior-1": {"space": "5:12"}, **FAR_RAT})
    ev = g.apply("battle maginos rat-warrior-1")
    assert one(ev, "mouse_attacks").params["hits"] == 2 and one(ev, "mouse_attacks").rule == "R-BATTLE-05"
    far = mouse_turn("maginos", {}, [SWORD, SWORD], minions={"rat-warrior-1": {"space": "5:13"}, **FAR_RAT})
    ev = far.apply("battle maginos rat-warrior-1")
    assert one(ev, "mouse_attacks").params["hits"] == 0 and one(ev, "mouse_attacks").rule == "R-BATTLE-07"


def test_accurate_bow_each_bow_counts_twice() -> None:
    g = mouse_turn(
        "lily",
        {"equipped": ["accurate-bow"]},
        [BOW, SWORD, BOW_STAR, BOW, BOW],
        minions={"rat-warrior-1": {"space": "5:13"}, **FAR_RAT},
    )
    ev = g.apply("battle lily rat-warrior-1")
    assert one(ev, "mouse_attacks").params["hits"] == 4


def test_toothpick_crossbow_pierces_one_defense_die() -> None:
    g = mouse_turn(
        "nez",
        {"equipped": ["toothpick-crossbow"]},
        [BOW, BOW, SHIELD],
        minions={"rat-warrior-1": {"space": "5:13"}, **FAR_RAT},
    )
    ev = g.apply("battle nez rat-warrior-1")
    assert one(ev, "minion_defends").params["faces"] == [SHIELD]  # defense 2 - 1


def test_roach_swatter_adds_two_dice_against_roaches_only() -> None:
    g = mouse_turn(
        "tilda", {"equipped": ["roach-swatter"]}, [SWORD] * 4 + [BOW], minions={"roach-1": {"space": "5:13"}, **FAR_RAT}
    )
    assert len(attack_faces(g, "battle tilda roach-1")) == 4
    g = mouse_turn(
        "tilda",
        {"equipped": ["roach-swatter"]},
        [SWORD] * 2 + [BOW, BOW],
        minions={"rat-warrior-1": {"space": "5:13"}, **FAR_RAT},
    )
    assert len(attack_faces(g, "battle tilda rat-warrior-1")) == 2


def test_splinter_lance_adds_two_dice_against_large_minions() -> None:
    g = mouse_turn(
        "collin", {"equipped": ["splinter-lance"]}, [BOW] * 5, minions={"spider-1": {"space": "5:13"}, **FAR_RAT}
    )
    assert len(attack_faces(g, "battle collin spider-1")) == 5  # battle 2 + 1 + 2


def test_cork_mallet_knocks_down_a_small_minion_that_blocks_but_not_a_large_one() -> None:
    g = mouse_turn(
        "collin", {"equipped": ["cork-mallet"]}, [SWORD, BOW, BOW, SHIELD, BOW, BOW],
        minions={"captain-vurst-1": {"space": "5:13"}, **FAR_RAT},
    )  # fmt: skip
    ev = g.apply("battle collin captain-vurst-1")
    assert one(ev, "minion_defends").params["wounds"] == 0
    assert g.state.minions["captain-vurst-1"].statuses == ["knocked_down"]
    g = mouse_turn(
        "collin",
        {"equipped": ["cork-mallet"]},
        [SWORD, BOW, BOW, SHIELD, BOW, BOW],
        minions={"spider-1": {"space": "5:13"}, **FAR_RAT},
    )
    g.apply("battle collin spider-1")
    assert g.state.minions["spider-1"].statuses == []  # R-NEG-04: large figures are immune


def test_cheese_knife_gains_cheese_when_it_defeats() -> None:
    g = mouse_turn(
        "tilda", {"equipped": ["cheese-knife"]}, [SWORD, SWORD, BOW], minions={"roach-1": {"space": "5:13"}, **FAR_RAT}
    )
    g.apply("battle tilda roach-1")
    assert g.state.heroes["tilda"].cheese == 1
    g = mouse_turn(
        "tilda", {"equipped": ["cheese-knife"]}, [SWORD, BOW, SHIELD], minions={"roach-1": {"space": "5:13"}, **FAR_RAT}
    )
    g.apply("battle tilda roach-1")  # blocked: no defeat, no cheese
    assert g.state.heroes["tilda"].cheese == 0


def test_hawthorn_rod_heals_the_most_wounded_mouse_in_the_space_when_it_wounds() -> None:
    g = mouse_turn(
        "tilda", {"equipped": ["hawthorn-rod"], "wounds": 1}, [SWORD, BOW, BOW],
        others={"collin": {"space": "5:12", "wounds": 3, "poison": 1}},
        minions={"roach-1": {"space": "5:13"}, **FAR_RAT},
    )  # fmt: skip
    g.apply("battle tilda roach-1")
    assert (g.state.heroes["collin"].wounds, g.state.heroes["tilda"].wounds) == (2, 1)


# --- accessories --------------------------------------------------------------------------------------


def test_ring_of_cat_strength_adds_a_die_to_melee_only() -> None:
    g = mouse_turn(
        "collin",
        {"equipped": ["collins-sword", "ring-of-cat-strength"]},
        [SWORD] * 4 + [BOW, BOW],
        minions={"rat-warrior-1": {"space": "5:13"}, **FAR_RAT},
    )
    assert len(attack_faces(g, "battle collin rat-warrior-1")) == 4
    g = mouse_turn(
        "collin",
        {"equipped": ["sling", "ring-of-cat-strength"]},
        [BOW] * 2 + [BOW, BOW],
        minions={"rat-warrior-1": {"space": "5:13"}, **FAR_RAT},
    )
    assert len(attack_faces(g, "battle collin rat-warrior-1")) == 2


def test_archers_bracer_adds_a_die_to_ranged_only() -> None:
    g = mouse_turn(
        "lily",
        {"equipped": ["lilys-bow", "archers-bracer"]},
        [BOW] * 4 + [BOW, BOW],
        minions={"rat-warrior-1": {"space": "5:13"}, **FAR_RAT},
    )
    assert len(attack_faces(g, "battle lily rat-warrior-1")) == 4
    g = mouse_turn(
        "filch",
        {"equipped": ["paring-knife", "archers-bracer"]},
        [SWORD] * 2 + [BOW, BOW],
        minions={"rat-warrior-1": {"space": "5:13"}, **FAR_RAT},
    )
    assert len(attack_faces(g, "battle filch rat-warrior-1")) == 2


@pytest.mark.rule("R-SEARCH-01")
def test_lucky_button_rolls_two_search_dice_one_star_is_enough() -> None:
    g = mouse_turn("tilda", {"equipped": ["lucky-button"]}, [CHEESE, SWORD], search_deck_top=["sling"])
    ev = g.apply("search tilda")
    assert one(ev, "card_found").params["card"] == "sling"
    assert g.decision() is not None and g.decision().kind == "found_card"  # type: ignore[union-attr]


def test_feather_charm_adds_one_move() -> None:
    g = mouse_turn("nez", {"equipped": ["feather-charm"]}, [])
    assert g.state.turn is not None and g.state.turn.move_points == 3  # move 1 + roll 1 + 1


# --- armor and defense (R-BATTLE-11/12) -------------------------------------------------------------------

DEFENSE_DICE = [
    # hero, equipped, attacker, defense dice
    ("collin", ["leather-breastplate"], "rat-warrior-1", 2),
    ("tilda", ["thimble-helm"], "rat-warrior-1", 2),
    ("collin", ["walnut-shell-breastplate"], "rat-warrior-1", 3),
    ("maginos", ["quilted-vest"], "rat-warrior-1", 2),
    ("nez", ["bottlecap-helmet"], "rat-warrior-1", 2),
    ("nez", ["tinkers-apron"], "rat-warrior-1", 2),
    ("tilda", ["spider-silk-cloak"], "rat-warrior-1", 2),
    ("maginos", ["shifting-cloak"], "rat-warrior-1", 2),
    ("filch", ["moth-wing-cloak"], "rat-warrior-1", 3),
    ("filch", ["moth-wing-cloak"], "elite-rat-warrior-1", 4),  # +1 more against a ranged attack
    ("collin", ["warding-ring"], "rat-warrior-1", 2),
]


@pytest.mark.rule("R-BATTLE-12")
@pytest.mark.parametrize(("hero", "equipped", "attacker", "dice"), DEFENSE_DICE)
def test_armor_defense_dice(hero: str, equipped: list[str], attacker: str, dice: int) -> None:
    g = mouse_turn(hero, {"equipped": equipped}, [], minions={attacker: {"space": "5:12"}})
    st = g.state
    assert defense_dice(g.ctx, st, st.heroes[hero], st.minions[attacker]) == dice
    # and in a real attack: the rat hits twice; the mouse rolls exactly that many dice
    st.dice_queue = [SWORD, SWORD] if attacker.startswith("rat") else [BOW, BOW, BOW]
    st.dice_queue += [BOW] * dice
    minion_attacks_mouse(g.ctx, st, st.minions[attacker], st.heroes[hero], "test")
    assert st.dice_queue == []


def test_bottlecap_helmet_wards_off_the_centipede_stun() -> None:
    g = mouse_turn("nez", {"equipped": ["bottlecap-helmet"]}, [], minions={"cave-centipede-1": {"space": "5:13"}})
    st = g.state
    st.dice_queue = [SWORD, SWORD, SWORD, BOW, BOW, BOW]  # Heavy Lifting: +1 die against a large minion
    minion_attacks_mouse(g.ctx, st, st.minions["cave-centipede-1"], st.heroes["nez"], "test")
    assert st.heroes["nez"].wounds == 3 and "stunned" not in st.heroes["nez"].statuses
    add_status(g.ctx, st, st.heroes["nez"], "webbed")  # only the named status is warded
    assert st.heroes["nez"].statuses == ["webbed"]


def test_spider_silk_cloak_turns_poison_wounds_into_ordinary_ones() -> None:
    g = mouse_turn("tilda", {"equipped": ["spider-silk-cloak"]}, [], minions={"spider-1": {"space": "5:13"}})
    st = g.state
    st.dice_queue = [SWORD, SWORD, BOW, BOW]
    minion_attacks_mouse(g.ctx, st, st.minions["spider-1"], st.heroes["tilda"], "test")
    assert (st.heroes["tilda"].wounds, st.heroes["tilda"].poison) == (2, 0)


@pytest.mark.rule("R-TRAP-02")
def test_tinkers_apron_adds_a_die_to_mousetrap_rolls() -> None:
    g = mouse_turn("nez", {"space": "5:6", "equipped": ["tinkers-apron"]}, [BOW, BOW, SWORD], traps=["5:9"])
    g.apply("move nez 5:9")
    ev = g.apply("choose nez lore")  # R-TRAP-02: the Tinkerer's player picks lore
    assert one(ev, "trap_passed").params["faces"] == [BOW, BOW, SWORD]  # lore 2 + 1


def test_shifting_cloak_moves_its_wearer_after_a_fully_blocked_attack() -> None:
    g = scenario(
        heroes={"maginos": {"space": "5:12", "equipped": ["maginos-staff", "shifting-cloak"]}},
        minions={"rat-warrior-1": {"space": "5:12"}},
        track=["minion:rat-warrior", "mouse:maginos"],
        dice=[SWORD, SWORD, SHIELD, SHIELD, CHEESE],
    )
    d = g.decision()
    assert d is not None and d.kind == "shifting_cloak"
    assert "choose maginos 5:17" in options(g) and "skip maginos" in options(g)
    assert "choose maginos 5:12" not in options(g)
    g.apply("choose maginos 5:17")
    assert g.state.heroes["maginos"].space == "5:17"


def test_shifting_cloak_is_not_offered_when_a_wound_gets_through() -> None:
    g = scenario(
        heroes={"maginos": {"space": "5:12", "equipped": ["maginos-staff", "shifting-cloak"]}},
        minions={"rat-warrior-1": {"space": "5:12"}},
        track=["minion:rat-warrior", "mouse:maginos"],
        dice=[SWORD, SWORD, SHIELD, BOW, CHEESE],
    )
    assert g.decision() is not None and g.decision().kind == "turn"  # type: ignore[union-attr]
    assert g.state.heroes["maginos"].wounds == 1


# --- items, scrolls and tricks (R-SEARCH-08/09/12) -------------------------------------------------------


def test_mint_leaf_heals_two_ordinary_wounds_of_a_mouse_in_the_space() -> None:
    g = mouse_turn(
        "tilda",
        {"pack": ["mint-leaf"]},
        [],
        others={"collin": {"space": "5:12", "wounds": 4, "poison": 1}, "filch": {"space": "5:13", "wounds": 1}},
    )
    assert options(g) >= {"use tilda mint-leaf collin"}
    assert "use tilda mint-leaf filch" not in options(g)  # not in her space
    ev = g.apply("use tilda mint-leaf collin")
    assert one(ev, "card_used").rule == "R-SEARCH-08"
    assert (g.state.heroes["collin"].wounds, g.state.heroes["collin"].poison) == (2, 1)
    assert g.state.heroes["tilda"].pack == [] and "mint-leaf" in g.state.search_discard
    assert g.state.turn is not None and not g.state.turn.acted  # not an action


def test_wedge_of_cheddar_gives_two_cheese() -> None:
    g = mouse_turn("filch", {"pack": ["wedge-of-cheddar"], "cheese": 1}, [])
    g.apply("use filch wedge-of-cheddar")
    assert g.state.heroes["filch"].cheese == 3


def test_smelling_salts_remove_stun_and_web() -> None:
    g = mouse_turn(
        "tilda",
        {"pack": ["smelling-salts"]},
        [],
        others={"collin": {"space": "5:12", "statuses": ["stunned", "webbed", "knocked_down"]}},
    )
    g.apply("use tilda smelling-salts collin")
    assert g.state.heroes["collin"].statuses == ["knocked_down"]


def test_pepper_pouch_is_an_action_knocking_down_small_minions_around() -> None:
    g = mouse_turn(
        "filch", {"pack": ["pepper-pouch"]}, [],
        minions={"rat-warrior-1": {"space": "5:12"}, "roach-1": {"space": "5:13"}, "spider-1": {"space": "5:8"}, "rat-warrior-2": {"space": "5:3"}},
    )  # fmt: skip
    g.apply("use filch pepper-pouch")
    ms = g.state.minions
    assert ms["rat-warrior-1"].statuses == ["knocked_down"] and ms["roach-1"].statuses == ["knocked_down"]
    assert ms["spider-1"].statuses == [] and ms["rat-warrior-2"].statuses == []  # large; out of reach
    assert g.state.turn is not None and g.state.turn.acted
    with pytest.raises(IllegalAction, match="already taken an action"):
        g.apply("search filch")


def test_antidote_cures_poison_only() -> None:
    g = mouse_turn("tilda", {"pack": ["antidote"]}, [], others={"collin": {"space": "5:12", "wounds": 3, "poison": 2}})
    assert "use tilda antidote tilda" not in options(g)  # Tilda is not poisoned
    g.apply("use tilda antidote collin")
    assert (g.state.heroes["collin"].wounds, g.state.heroes["collin"].poison) == (1, 0)


@pytest.mark.rule("R-SEARCH-03")
def test_tinkerers_treasure_takes_a_weapon_or_armor_from_the_deck_and_goes_back() -> None:
    g = mouse_turn("nez", {}, [SWORD], search_deck_top=["tinkerers-treasure"])
    g.apply("search nez")
    d = g.decision()
    assert d is not None and d.kind == "treasure"
    takes = options(g)
    assert "take nez walnut-shell-breastplate" in takes and "take nez sling" in takes
    assert not any("mint-leaf" in t or "grape" in t for t in takes)  # weapons and armor only
    g.apply("take nez walnut-shell-breastplate")
    g.apply("keep nez walnut-shell-breastplate")
    st = g.state
    assert st.heroes["nez"].pack == ["walnut-shell-breastplate"]
    assert "tinkerers-treasure" in st.search_deck and "walnut-shell-breastplate" not in st.search_deck


def test_levitate_scroll_lets_the_reader_cross_a_red_line() -> None:
    g = mouse_turn("tilda", {"space": "5:13", "pack": ["levitate-scroll"]}, [], turn_state={"move_points": 1})
    assert "move tilda 5:9" not in options(g)  # the cell bars (red line 9-13); no point left to go round
    ev = g.apply("read tilda levitate-scroll")
    assert one(ev, "card_used").rule == "R-SEARCH-09"
    assert "move tilda 5:9" in options(g)


def test_scroll_of_mending_heals_one_wound_of_every_mouse_in_the_space() -> None:
    g = mouse_turn(
        "tilda",
        {"pack": ["scroll-of-mending"], "wounds": 2},
        [],
        others={"collin": {"space": "5:12", "wounds": 1, "poison": 1}, "filch": {"space": "5:12", "wounds": 1}},
    )
    g.apply("read tilda scroll-of-mending")
    w = {h: (x.wounds, x.poison) for h, x in g.state.heroes.items()}
    assert w == {"tilda": (1, 0), "collin": (1, 1), "filch": (0, 0)}


def test_scroll_of_purity_cures_poison_of_every_mouse_in_the_space() -> None:
    g = mouse_turn(
        "tilda",
        {"pack": ["scroll-of-purity"], "wounds": 2, "poison": 1},
        [],
        others={"collin": {"space": "5:12", "wounds": 2, "poison": 2}},
    )
    g.apply("read tilda scroll-of-purity")
    assert [(x.wounds, x.poison) for x in g.state.heroes.values()] == [(1, 0), (0, 0)]


def test_scroll_of_lightning_is_a_three_die_ranged_attack_needing_lore_two() -> None:
    g = mouse_turn(
        "maginos",
        {"space": "5:15", "pack": ["scroll-of-lightning"]},
        [BOW, BOW, SWORD, BOW, BOW],
        minions={"rat-warrior-1": {"space": "5:3"}, "rat-warrior-2": {"space": "5:1"}},
    )
    ev = g.apply("read maginos scroll-of-lightning rat-warrior-1")
    assert one(ev, "mouse_attacks").params["faces"] == [BOW, BOW, SWORD]
    assert "rat-warrior-1" not in g.state.minions
    assert g.state.turn is not None and not g.state.turn.acted  # R-SEARCH-09: not an action
    filch = mouse_turn("filch", {"pack": ["scroll-of-lightning"]}, [], minions={"rat-warrior-1": {"space": "5:3"}})
    assert not any(o.startswith("read") for o in options(filch))
    with pytest.raises(IllegalAction, match="requires lore 2"):
        filch.apply("read filch scroll-of-lightning rat-warrior-1")


def test_scroll_of_haste_and_scamper_add_movement() -> None:
    g = mouse_turn("collin", {"pack": ["scroll-of-haste"], "tricks": ["scamper"]}, [])
    g.apply("read collin scroll-of-haste")
    g.apply("use collin scamper")
    assert g.state.turn is not None and g.state.turn.move_points == 3 + 3 + 2


def test_ward_scroll_and_brace_yourself_add_defense_until_the_next_turn() -> None:
    g = mouse_turn(
        "collin",
        {"equipped": [], "pack": ["scroll-of-warding"], "tricks": ["brace-yourself"]},
        [],
        minions={"rat-warrior-1": {"space": "5:3"}},
    )
    st = g.state
    assert defense_dice(g.ctx, st, st.heroes["collin"], None) == 1
    g.apply("use collin brace-yourself")
    assert defense_dice(g.ctx, g.state, g.state.heroes["collin"], None) == 2
    g.apply("read collin scroll-of-warding")
    assert defense_dice(g.ctx, g.state, g.state.heroes["collin"], None) == 3  # the larger ward, not the sum
    g.state.dice_queue = [CHEESE] * 6  # the rat's two turns (Aggressive swaps it up), then Collin's movement
    ev = g.apply("end collin")
    assert one(ev, "buffs_end").params["hero"] == "collin"
    assert g.state.heroes["collin"].buffs == {}


def test_second_wind_gives_one_more_action() -> None:
    g = mouse_turn("tilda", {"tricks": ["second-wind"]}, [BOW])
    assert "use tilda second-wind" not in options(g)  # only once the action is spent
    g.apply("search tilda")
    g.apply("use tilda second-wind")
    assert g.state.turn is not None and not g.state.turn.acted
    assert "search tilda" in options(g)  # the failed search did not use up the tile


def test_feint_adds_two_dice_to_the_next_attack_only() -> None:
    g = mouse_turn(
        "collin", {"tricks": ["feint", "second-wind"]}, [SWORD] * 5 + [BOW, BOW] + [SWORD] * 3 + [BOW, BOW],
        minions={"rat-warrior-1": {"space": "5:13"}, "rat-warrior-2": {"space": "5:13"}, **FAR_RAT},
    )  # fmt: skip
    g.apply("use collin feint")
    assert len(attack_faces(g, "battle collin rat-warrior-1")) == 5
    g.apply("use collin second-wind")
    assert len(attack_faces(g, "battle collin rat-warrior-2")) == 3


def test_rummage_allows_a_second_search_of_the_tile() -> None:
    g = mouse_turn("tilda", {"tricks": ["rummage"], "searched": [5]}, [])
    assert "search tilda" not in options(g)
    g.apply("use tilda rummage")
    assert g.state.heroes["tilda"].searched == [] and "search tilda" in options(g)


def test_distraction_knocks_down_small_minions_in_the_space_only() -> None:
    g = mouse_turn(
        "filch",
        {"tricks": ["distraction"]},
        [],
        minions={"rat-warrior-1": {"space": "5:12"}, "rat-warrior-2": {"space": "5:13"}},
    )
    g.apply("use filch distraction")
    assert g.state.minions["rat-warrior-1"].statuses == ["knocked_down"]
    assert g.state.minions["rat-warrior-2"].statuses == []
    assert g.state.turn is not None and not g.state.turn.acted


def test_using_a_card_checks_type_and_possession() -> None:
    g = mouse_turn("tilda", {"pack": ["levitate-scroll", "mint-leaf"]}, [])
    with pytest.raises(IllegalAction, match="read tilda levitate-scroll"):
        g.apply("use tilda levitate-scroll")
    with pytest.raises(IllegalAction, match="does not carry"):
        g.apply("use tilda wedge-of-cheddar")
    with pytest.raises(IllegalAction, match="nothing to act on"):
        g.apply("use tilda mint-leaf tilda")  # nobody is wounded
    assert g.state.heroes["tilda"].pack == ["levitate-scroll", "mint-leaf"]


# --- events (R-SEARCH-03) and party items (R-SEARCH-04) --------------------------------------------------


def search_finds(card: str, hero: str = "tilda", **extra: Any) -> tuple[Game, list[Any]]:
    extra.setdefault(
        "others",
        {
            "collin": {"space": "5:17", "wounds": 2, "poison": 1, "equipped": []},
            "filch": {"space": "5:13", "equipped": []},
        },
    )
    fields = {"equipped": [], **extra.pop("fields", {})}
    extra.setdefault("options", {"auto_pick_choices": True})  # tied entry spaces: the lowest number (R-ENC-05)
    g = mouse_turn(hero, fields, [SWORD, *extra.pop("dice", [])], search_deck_top=[card], **extra)
    ev = g.apply(f"search {hero}")
    return g, ev


def test_event_forgotten_crumbs_feeds_every_mouse_on_the_tile() -> None:
    g, ev = search_finds("forgotten-crumbs")
    assert [x.cheese for x in g.state.heroes.values()] == [1, 1, 1]
    assert one(ev, "event_resolved").params["card"] == "forgotten-crumbs"
    assert "forgotten-crumbs" in g.state.search_discard


def test_event_noise_in_the_walls_adds_two_wheel_cheese() -> None:
    g, _ = search_finds("noise-in-the-walls", wheel=3)
    assert g.state.wheel == 5


def test_event_noise_in_the_walls_can_set_off_a_surge() -> None:
    g, ev = search_finds("noise-in-the-walls", wheel=4, encounter_up="rat-patrol")
    assert one(ev, "surge").params["wheel"] == 6 and g.state.hourglass == 2
    surge_line = {mc.minion: mc.count for mc in g.ctx.content.encounter_cards["rat-patrol"].surge}
    assert sum(1 for m in g.state.minions.values() if m.type == "rat-warrior") == 1 + surge_line["rat-warrior"]


@pytest.mark.parametrize(
    ("card", "minion", "count"), [("scuttling-in-the-dark", "roach", 2), ("rat-sentry", "rat-warrior", 1)]
)
def test_event_places_minions_on_the_finders_tile(card: str, minion: str, count: int) -> None:
    g, ev = search_finds(card)
    placed = [e.params["minion"] for e in of(ev, "minion_placed")]
    assert len(placed) == count and all(str(p).startswith(minion) for p in placed)
    assert f"minion:{minion}" in g.state.track


def test_event_hidden_mousetraps_sets_every_red_x() -> None:
    g, _ = search_finds("hidden-mousetraps")
    assert sorted(g.state.traps) == ["5:14", "5:9"]


def test_event_loose_floorboard_deals_an_unblockable_wound() -> None:
    g, ev = search_finds("loose-floorboard")
    assert g.state.heroes["tilda"].wounds == 1 and of(ev, "mouse_defends") == []


def test_event_sticky_cobweb_webs_the_finder() -> None:
    g, _ = search_finds("sticky-cobweb")
    assert g.state.heroes["tilda"].statuses == ["webbed"]
    assert not any(o.startswith("move") for o in options(g))


def test_event_quiet_moment_heals_every_mouse_on_the_tile() -> None:
    g, _ = search_finds("a-quiet-moment", fields={"wounds": 1})
    w = {h: (x.wounds, x.poison) for h, x in g.state.heroes.items()}
    assert w == {"tilda": (0, 0), "collin": (1, 1), "filch": (0, 0)}


def test_event_old_map_moves_the_end_marker() -> None:
    g, _ = search_finds("old-map")
    assert g.state.end_page == 7


def test_event_hidden_cache_draws_the_next_card_too() -> None:
    g = mouse_turn("tilda", {}, [SWORD], search_deck_top=["hidden-cache", "sling"])
    ev = g.apply("search tilda")
    assert [e.params["card"] for e in of(ev, "card_found")] == ["hidden-cache", "sling"]
    assert "keep tilda sling" in options(g)


@pytest.mark.rule("R-SEARCH-04")
@pytest.mark.parametrize(
    ("card", "token"),
    [("disguises", "disguises"), ("fishhook-and-thread", "fishhook"), ("dinner-fork", "fork"), ("grape", "grape")],
)
def test_party_items_go_to_the_stash(card: str, token: str) -> None:
    g, _ = search_finds(card)
    assert g.state.stash == [token] and g.state.party_cards == [card]


@pytest.mark.rule("R-SEARCH-02")
@pytest.mark.parametrize(
    "card",
    [
        c
        for c, x in CONTENT.search_cards.items()
        if x.type.value in ("weapon", "armor", "accessory", "item", "scroll", "trick") and c != "tinkerers-treasure"
    ],
)
def test_other_cards_are_kept_or_traded(card: str) -> None:
    g, _ = search_finds(card)
    g.apply(f"keep tilda {card}")
    h = g.state.heroes["tilda"]
    assert card in (h.tricks if CONTENT.search_cards[card].type.value == "trick" else h.pack)


# --- encounter cards (R-ENC-03..10) and their surges (R-SURGE-03) ----------------------------------------


def run_step(g: Game, name: str, *args: Any) -> None:
    """Run one automatic step (and what it schedules) in the middle of a turn, then resume the turn."""
    st = g.state
    saved_stack, saved_pending = st.stack, st.pending
    st.stack, st.pending = [], None
    push(st, [name, *args])
    while st.stack and st.pending is None:
        item = st.stack.pop()
        STEPS[item[0]](g.ctx, st, item[1:])
    st.stack = saved_stack
    st.pending = saved_pending


def _counts(g: Game) -> dict[str, int]:
    out: dict[str, int] = {}
    for m in g.state.minions.values():
        if m.type != "brodie":
            out[m.type] = out.get(m.type, 0) + 1
    return out


BRODIE = {"brodie-1": {"space": "5:17"}}  # a figure outside every pool: the board is never clear (no victory)


def encounter(card_id: str, page: int, **extra: Any) -> Game:
    """Collin in the cell, Brodie in a corner; the encounter card ``card_id`` is drawn on ``page``."""
    g = mouse_turn(
        "collin",
        {"space": "5:15"},
        [],
        minions=BRODIE,
        hourglass=page,
        encounter_deck_top=[card_id],
        end_page=12,
        options={"auto_pick_choices": True},  # tied entry spaces: the lowest number (R-ENC-05 asks: test_enc.py)
        **extra,
    )
    g.state.dice_queue = [SWORD] * 8  # ambush rolls: each new card moves up 2
    run_step(g, "encounter", 5)
    return g


@pytest.mark.rule("R-ENC-03")
@pytest.mark.parametrize("card_id", list(CONTENT.encounter_cards))
@pytest.mark.parametrize("page", [1, 4, 9])
def test_encounter_card_places_its_row_with_its_keywords(card_id: str, page: int) -> None:
    card = CONTENT.encounter_cards[card_id]
    row = next(r for r in card.rows if r.pages[0] <= page <= r.pages[1])
    g = encounter(card_id, page)
    assert g.state.encounter_up == card_id
    assert _counts(g) == {mc.minion: mc.count for mc in row.minions}
    assert (sorted(g.state.traps) == ["5:14", "5:9"]) == ("mousetraps" in card.keywords)  # R-ENC-08
    roaches = [m for m in g.state.minions.values() if m.type == "roach"]
    assert all(m.greedy == ("greedy-roaches" in card.keywords) for m in roaches)  # R-ENC-10
    assert bool(of(g.ctx.events, "ambush_moves_up")) == ("ambush" in card.keywords)  # R-ENC-09


@pytest.mark.rule("R-SURGE-03")
@pytest.mark.parametrize("card_id", list(CONTENT.encounter_cards))
def test_encounter_card_surge_line(card_id: str) -> None:
    card = CONTENT.encounter_cards[card_id]
    before = {mc.minion: mc.count for mc in card.rows[0].minions}
    g = encounter(card_id, 1)
    assert _counts(g) == before
    g.state.wheel = 6
    run_step(g, "surge")
    assert (g.state.hourglass, g.state.wheel) == (2, 0)
    assert g.state.encounter_up is None and g.state.encounter_discard[-1] == card_id
    after = _counts(g)
    for mc in card.surge:  # placed as far as the figures allow (a single spider or centipede, R-SURGE-04)
        limit = CONTENT.minions[mc.minion].max_figures
        assert after.get(mc.minion, 0) == min(before.get(mc.minion, 0) + mc.count, limit), mc.minion


# --- ability cards sharing a search-card effect (rules/abilities.py, SHARED_EFFECTS, R-ABIL-01/04) ------------------


@pytest.mark.rule("R-ABIL-04")
def test_rally_cry_frees_every_mouse_on_the_tile() -> None:
    g = mouse_turn(
        "collin",
        {"abilities": ["rally-cry"], "cheese": 2},
        [],
        others={
            "filch": {"space": "5:17", "statuses": ["stunned"]},
            "tilda": {"space": "5:13", "statuses": ["webbed"]},
        },
    )
    g.apply("ability collin rally-cry")
    assert [x.statuses for x in g.state.heroes.values()] == [[], [], []]
    assert g.state.heroes["collin"].cheese == 0


@pytest.mark.rule("R-ABIL-04")
def test_stand_firm_and_ward_of_light_ward_until_the_next_turn() -> None:
    g = mouse_turn("collin", {"abilities": ["resolve"], "cheese": 2}, [])
    g.apply("ability collin resolve")
    assert g.state.heroes["collin"].buffs == {"ward": 2}
    g = mouse_turn(
        "maginos",
        {"abilities": ["invisibility"], "cheese": 2},
        [],
        others={"tilda": {"space": "5:12"}, "filch": {"space": "5:13"}},
    )
    g.apply("ability maginos invisibility")
    # Tilda's ward is Maginos's card's: it ends when his next turn begins (R-BATTLE-12)
    assert [x.buffs for x in g.state.heroes.values()] == [{"ward": 1}, {"ward@maginos": 1}, {}]


@pytest.mark.rule("R-ABIL-04")
def test_healer_abilities_heal_cure_and_heal_all() -> None:
    g = mouse_turn(
        "tilda", {"abilities": ["major-heal"], "cheese": 2}, [], others={"collin": {"space": "5:13", "wounds": 3}}
    )
    g.apply("ability tilda major-heal collin")  # next to her: Healing Touch reaches adjacent spaces
    assert g.state.heroes["collin"].wounds == 1
    g = mouse_turn(
        "tilda",
        {"abilities": ["cure"], "cheese": 2},
        [],
        others={"collin": {"space": "5:12", "wounds": 3, "poison": 2}},
    )
    g.apply("ability tilda cure collin")
    assert (g.state.heroes["collin"].wounds, g.state.heroes["collin"].poison) == (1, 0)
    g = mouse_turn(
        "tilda",
        {"abilities": ["fortify"], "cheese": 3, "wounds": 1},
        [],
        others={"collin": {"space": "5:12", "wounds": 2}},
    )
    g.apply("ability tilda fortify")
    assert [x.wounds for x in g.state.heroes.values()] == [0, 1]


@pytest.mark.rule("R-ABIL-04")
def test_disarm_trap_is_an_action_removing_a_trap_next_to_the_tinkerer() -> None:
    g = mouse_turn("nez", {"space": "5:6", "abilities": ["disarm-trap"], "cheese": 1}, [], traps=["5:9", "5:14"])
    assert "ability nez disarm-trap 5:14" not in options(g)  # not next to 6
    g.apply("ability nez disarm-trap 5:9")
    assert g.state.traps == ["5:14"] and g.state.heroes["nez"].cheese == 1  # paid 1, gained 1
    assert g.state.turn is not None and g.state.turn.acted


@pytest.mark.rule("R-ABIL-04")
def test_scrounge_tireless_and_dash() -> None:
    g = mouse_turn("nez", {"abilities": ["scrounge"], "cheese": 1, "searched": [5]}, [])
    g.apply("ability nez scrounge")
    assert "search nez" in options(g)
    g = mouse_turn("nez", {"abilities": ["tireless"], "cheese": 3}, [BOW])
    assert "ability nez tireless" not in options(g)  # only after acting
    g.apply("search nez")
    g.apply("ability nez tireless")
    assert "search nez" in options(g)
    g = mouse_turn("filch", {"abilities": ["energy-rush"], "cheese": 1}, [])
    g.apply("ability filch energy-rush")
    assert g.state.turn is not None and g.state.turn.move_points == 3 + 1 + 3


@pytest.mark.rule("R-ABIL-04")
def test_spring_launcher_and_arcane_bolt_are_attacks_of_their_own_dice() -> None:
    rats = {"rat-warrior-1": {"space": "5:13"}, **FAR_RAT}
    g = mouse_turn(
        "nez", {"abilities": ["thundersqueak"], "cheese": 3, "equipped": []}, [BOW] * 3 + [BOW, BOW], minions=rats
    )
    ev = g.apply("ability nez thundersqueak rat-warrior-1")
    assert len(one(ev, "mouse_attacks").params["faces"]) == 3  # type: ignore[arg-type]
    assert g.state.turn is not None and g.state.turn.acted  # instead of the battle action
    g = mouse_turn("maginos", {"abilities": ["mystic-bolt"], "cheese": 2}, [BOW] * 4 + [BOW, BOW], minions=rats)
    ev = g.apply("ability maginos mystic-bolt rat-warrior-1")
    assert len(one(ev, "mouse_attacks").params["faces"]) == 4  # type: ignore[arg-type]  # 1 + lore 3


@pytest.mark.rule("R-ABIL-04")
def test_float_levitates_for_the_turn() -> None:
    g = mouse_turn("maginos", {"space": "5:13", "abilities": ["float"], "cheese": 1}, [], turn_state={"move_points": 1})
    assert "move maginos 5:9" not in options(g)
    g.apply("ability maginos float")
    assert "move maginos 5:9" in options(g)


@pytest.mark.rule("R-MINION-05")
def test_vanish_makes_the_minion_pick_another_mouse() -> None:
    g = scenario(
        heroes={"filch": {"space": "5:12", "abilities": ["dodge"], "cheese": 2}, "tilda": {"space": "5:12"}},
        minions={"rat-warrior-1": {"space": "5:12"}},
        track=["mouse:filch", "minion:rat-warrior", "mouse:tilda"],
        dice=[CHEESE, SWORD, SWORD, BOW, BOW, CHEESE],
    )
    g.apply("ability filch dodge")
    ev = g.apply("end filch")
    assert one(ev, "minion_attacks").params["hero"] == "tilda"  # Filch is higher on the track, but hidden


# [EXP] The Party Setup items "teaspoon-paddle and "turtle-whistle (deck: false) are exercised in
# tests/engine/test_exp_water.py (R-EXP-06, R-EXP-09).
