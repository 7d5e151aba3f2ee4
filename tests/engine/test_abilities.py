"""Abilities (RULES.md §17, R-ABIL-01..07, R-TURN-08): cost, one per turn, timing, the four seed cards, and
innate hero abilities.

Positions on the proving-grounds Guard Room (adjacency and sight in rulekit); the first scripted die of a
turn is its movement roll. From 5:15 a mouse sees every space but 4 and 10.
"""

from __future__ import annotations

import shutil
import tempfile
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from flowkit import sandbox
from rulekit import BOW, BOW_STAR, CHEESE, SHIELD, SWORD, illegal, mouse_turn, of, one, options, scenario

from mnm.content.loader import Content, builtin_dir, load_content
from mnm.engine.game import Game
from mnm.engine.rules.abilities import ABILITY_EFFECTS, ability_cost

FAR_RAT = {"rat-warrior-9": {"space": "5:4"}}  # out of Maginos's sight from 5:15, keeps the chapter going

TEST_KNIFE = """
test-knife:
  name: {en: Test Knife, pt: Faca de Teste}
  type: weapon
  source: authored
  note: "test fixture: a second knife for Knife Strike"
  attack: melee
  bonus: 0
  damage: sharp
  paws: 1
  params: {knife: true}
  text: {en: A knife., pt: Uma faca.}
"""


@cache
def knife_content() -> Content:
    """The built-in content plus a second knife (the seeds name only the Dagger)."""
    root = Path(tempfile.mkdtemp(prefix="mnm-knife-"))
    try:
        folder = root / "data"
        shutil.copytree(builtin_dir(), folder)
        search = folder / "cards" / "search.yaml"
        search.write_text(search.read_text(encoding="utf-8") + TEST_KNIFE, encoding="utf-8")
        return load_content(folder)
    finally:
        shutil.rmtree(root, ignore_errors=True)


def turn_of(hero: str, heroes: dict[str, dict[str, Any]], dice: list[int] | None = None, **fields: Any) -> Game:
    """``hero``'s turn (movement die CHEESE unless the first decision comes before the roll)."""
    return mouse_turn(hero, heroes, dice, default_minions=FAR_RAT, **fields)



# --- R-ABIL-01 cost ------------------------------------------------------------------------------------------


@pytest.mark.rule("R-ABIL-01")
def test_r_abil_01_using_a_card_discards_its_cost_in_cheese() -> None:
    g = turn_of(
        "collin",
        {"collin": {"space": "5:12", "cheese": 3, "abilities": ["first-aid"]}, "tilda": {"space": "5:12", "wounds": 2}},
    )
    ev = g.apply("ability collin first-aid tilda")
    assert one(ev, "ability_used").params == {
        "hero": "collin",
        "ability": "first-aid",
        "cost": 2,
        "total": 1,
        "args": ["tilda"],
    }
    assert g.state.heroes["collin"].cheese == 1
    assert g.state.heroes["tilda"].wounds == 1


@pytest.mark.rule("R-ABIL-01")
def test_r_abil_01_not_enough_cheese_and_the_healer_discount() -> None:
    g = turn_of(
        "collin",
        {"collin": {"space": "5:12", "cheese": 1, "abilities": ["first-aid"]}, "tilda": {"space": "5:12", "wounds": 1}},
    )
    assert not [a for a in g.legal_actions() if a.verb == "ability"]
    assert (
        illegal(g, "ability collin first-aid tilda") == "First Aid costs 2 cheese and Prince Collin has 1 (R-ABIL-01)"
    )
    # Tilda, a Healer, pays 1 less
    content = g.ctx.content
    assert ability_cost(g.ctx, "tilda", content.ability_cards["first-aid"]) == 1
    g2 = turn_of("tilda", {"tilda": {"space": "5:12", "cheese": 1, "wounds": 1, "abilities": ["first-aid"]}})
    g2.apply("ability tilda first-aid tilda")
    assert (g2.state.heroes["tilda"].cheese, g2.state.heroes["tilda"].wounds) == (0, 0)


# --- R-ABIL-02 / R-ABIL-06 ------------------------------------------------------------------------------------


@pytest.mark.rule("R-ABIL-02")
def test_r_abil_02_each_mouse_begins_with_one_card_of_its_class() -> None:
    g = Game.new("proving-grounds", ["collin", "tilda", "filch", "maginos"], seed=3)
    d = g.decision()
    assert d is not None and (d.kind, d.actor) == ("choose_ability", "collin")
    cards = g.ctx.content.ability_cards
    offered = {a.args[0] for a in d.options}
    assert offered == {cid for cid, c in cards.items() if not c.classes or {"leader", "warrior"} & set(c.classes)}
    g.apply("choose collin inspire")
    assert g.state.heroes["collin"].abilities == ["inspire"]
    assert g.decision() is not None and g.decision().actor == "tilda"  # type: ignore[union-attr]


@pytest.mark.rule("R-ABIL-06")
def test_r_abil_06_earned_abilities_carry_into_the_next_chapter() -> None:
    carry = {"abilities": {"collin": ["inspire", "first-aid"]}}
    g = Game.new("proving-grounds", ["collin", "tilda", "filch", "maginos"], seed=3, carry=carry)
    assert g.state.heroes["collin"].abilities == ["inspire", "first-aid"]
    d = g.decision()
    assert d is not None and d.kind == "choose_ability" and d.actor == "tilda"  # Collin is not asked again


# --- R-ABIL-03 one card per turn ----------------------------------------------------------------------------


@pytest.mark.rule("R-ABIL-03")
def test_r_abil_03_at_most_one_ability_card_per_turn() -> None:
    g = turn_of(
        "filch",
        {"filch": {"space": "5:12", "cheese": 6, "wounds": 1, "abilities": ["first-aid", "knife-strike"]}},
        minions={"rat-warrior-1": {"space": "5:13"}, **FAR_RAT},
    )
    assert "ability filch knife-strike rat-warrior-1" in options(g)
    g.apply("ability filch first-aid filch")
    assert not [a for a in g.legal_actions() if a.verb == "ability"]
    assert illegal(g, "ability filch knife-strike rat-warrior-1") == (
        "Filch has already used an ability card this turn (R-ABIL-03)"
    )
    assert "battle filch rat-warrior-1" in options(g)  # First Aid was free: the action is still there


@pytest.mark.rule("R-ABIL-03")
def test_r_abil_03_a_card_used_before_the_turn_is_that_turn_s_card() -> None:
    g = scenario(
        heroes={"collin": {"space": "5:12", "cheese": 5, "wounds": 1, "abilities": ["inspire", "first-aid"]}},
        minions=FAR_RAT,
        turn="mouse:collin",
        dice=[CHEESE],
    )
    g.apply("ability collin inspire")
    assert g.state.turn is not None and g.state.turn.ability_used
    assert illegal(g, "ability collin first-aid collin") == (
        "Prince Collin has already used an ability card this turn (R-ABIL-03)"
    )


# --- R-ABIL-04 / R-TURN-08 timing -----------------------------------------------------------------------------


@pytest.mark.rule("R-ABIL-04")
def test_r_abil_04_before_turn_is_asked_before_the_movement_roll() -> None:
    g = scenario(
        heroes={"collin": {"space": "5:12", "cheese": 2, "abilities": ["inspire"]}},
        minions=FAR_RAT,
        turn="mouse:collin",
        dice=[CHEESE],
    )
    d = g.decision()
    assert d is not None and d.kind == "before_turn"
    assert options(g) == {"ability collin inspire", "skip collin"}
    assert g.state.turn is None and g.state.dice_queue == [CHEESE]  # not rolled yet
    g.apply("skip collin")
    assert g.state.turn is not None and g.state.dice_queue == [] and not g.state.turn.ability_used
    assert illegal(g, "ability collin inspire") == (
        "Inspire is used before Prince Collin's turn begins, not during it (R-ABIL-04)"
    )


@pytest.mark.rule("R-ABIL-04")
def test_r_abil_04_before_turn_is_not_asked_when_unaffordable() -> None:
    g = turn_of("collin", {"collin": {"space": "5:12", "cheese": 1, "abilities": ["inspire"]}})
    d = g.decision()
    assert d is not None and d.kind == "turn"


@pytest.mark.rule("R-TURN-08")
def test_r_turn_08_free_ability_keeps_the_action_battle_replacing_one_uses_it() -> None:
    g = turn_of(
        "filch",
        {"filch": {"space": "5:12", "cheese": 2, "abilities": ["knife-strike"]}},
        dice=[SWORD, SWORD, BOW],
        minions={"rat-warrior-1": {"space": "5:13"}, **FAR_RAT},
    )
    g.apply("ability filch knife-strike rat-warrior-1")
    t = g.state.turn
    assert t is not None and t.acted
    assert illegal(g, "search filch") == "Filch has already taken an action this turn"


@pytest.mark.rule("R-ABIL-04")
def test_r_abil_04_free_action_ability_not_on_water() -> None:
    g = sandbox(
        heroes={
            "tilda": {"space": "97:6", "cheese": 2, "wounds": 1, "abilities": ["first-aid"]},
        },
        turn="mouse:tilda",
        dice=[CHEESE],
    )
    assert not [a for a in g.legal_actions() if a.verb == "ability"]
    assert illegal(g, "ability tilda first-aid tilda") == "no free actions on a water space (R-WATER-05)"


@pytest.mark.rule("R-ABIL-04")
def test_r_abil_04_stunned_mouse_cannot_use_an_ability_that_is_its_action() -> None:
    g = turn_of(
        "filch",
        {"filch": {"space": "5:12", "cheese": 2, "abilities": ["knife-strike"], "statuses": ["stunned"]}},
        minions={"rat-warrior-1": {"space": "5:13"}, **FAR_RAT},
    )
    assert illegal(g, "ability filch knife-strike rat-warrior-1") == (
        "Filch is stunned: Recover is the only action allowed (R-NEG-02)"
    )


# --- the four seed cards ------------------------------------------------------------------------------------


@pytest.mark.rule("R-WOUND-06")
def test_first_aid_heals_one_wound_in_the_same_space_never_poison() -> None:
    g = turn_of(
        "tilda",
        {
            "tilda": {"space": "5:12", "cheese": 3, "abilities": ["first-aid"]},
            "collin": {"space": "5:12", "wounds": 2},
            "filch": {"space": "5:13", "wounds": 1},  # next door: out of reach
            "nez": {"space": "5:12", "wounds": 1, "poison": 1},  # poison only
        },
    )
    assert {str(a) for a in g.legal_actions() if a.verb == "ability"} == {"ability tilda first-aid collin"}
    assert illegal(g, "ability tilda first-aid filch") == "Filch is not in Tilda's space"
    assert illegal(g, "ability tilda first-aid nez") == (
        "Nez has only poison wounds, which only antidotes and cures remove (R-WOUND-05)"
    )
    ev = g.apply("ability tilda first-aid collin")
    assert one(ev, "mouse_healed").params == {"hero": "collin", "healed": 1, "total": 1}
    assert g.state.heroes["tilda"].cheese == 2  # Healer: 1 instead of 2


@pytest.mark.rule("R-ABIL-04")
def test_knife_strike_one_attack_per_knife_each_with_its_own_target() -> None:
    g = scenario(
        content=knife_content(),
        heroes={
            "filch": {"space": "5:12", "cheese": 2, "equipped": ["dagger", "test-knife"], "abilities": ["knife-strike"]}
        },
        minions={"rat-warrior-1": {"space": "5:12"}, "rat-warrior-2": {"space": "5:13"}, **FAR_RAT},
        turn="mouse:filch",
        # movement; dagger attack (2 dice); rat 1 defends with 1 die (the Dagger: it is below Filch);
        # test knife attack (2 dice); rat 2 defends with 2 dice
        dice=[CHEESE, SWORD, SWORD, BOW, SWORD, CHEESE, BOW, BOW],
    )
    assert {str(a) for a in g.legal_actions() if a.verb == "ability"} == {
        "ability filch knife-strike rat-warrior-1",
        "ability filch knife-strike rat-warrior-2",
    }
    ev = g.apply("ability filch knife-strike rat-warrior-1")
    first = one(ev, "mouse_attacks")
    assert (first.params["weapon"], first.params["target"], first.params["hits"]) == ("dagger", "rat-warrior-1", 2)
    assert "rat-warrior-1" not in g.state.minions
    d = g.decision()
    assert d is not None and d.kind == "next_attack"
    assert options(g) == {"choose filch rat-warrior-2"}  # the first target is gone; the far rat is out of reach
    ev = g.apply("choose filch rat-warrior-2")
    second = one(ev, "mouse_attacks")
    assert (second.params["weapon"], second.params["target"], second.params["hits"]) == (
        "test-knife",
        "rat-warrior-2",
        1,
    )
    assert "rat-warrior-2" not in g.state.minions
    # 2 - 2 (cost) + 1 (Pilfer) + 1 (CHEESE rolled) + 1 (Pilfer)
    assert g.state.heroes["filch"].cheese == 3
    assert g.decision() is not None and g.decision().kind == "turn"  # type: ignore[union-attr]


@pytest.mark.rule("R-ABIL-04")
def test_knife_strike_needs_a_knife() -> None:
    g = turn_of(
        "filch",
        {"filch": {"space": "5:12", "cheese": 2, "equipped": [], "abilities": ["knife-strike"]}},
        minions={"rat-warrior-1": {"space": "5:13"}, **FAR_RAT},
    )
    assert illegal(g, "ability filch knife-strike rat-warrior-1") == "Filch has no knife or dagger equipped"


@pytest.mark.rule("R-ABIL-04")
def test_chain_lightning_one_roll_each_target_defends_separately() -> None:
    g = turn_of(
        "maginos",
        {"maginos": {"space": "5:15", "cheese": 3, "abilities": ["chain-lightning"]}},
        # 3 dice once: 2 BOW hits and a CHEESE; then each rat's 2 defense dice
        dice=[BOW, BOW_STAR, CHEESE, SHIELD, SHIELD, BOW, BOW, SHIELD, CHEESE],
        minions={
            "rat-warrior-1": {"space": "5:1"},
            "rat-warrior-2": {"space": "5:2"},
            "rat-warrior-3": {"space": "5:3"},
            "rat-warrior-4": {"space": "5:9"},
            **FAR_RAT,
        },
    )
    uses = [a for a in g.legal_actions() if a.verb == "ability"]
    assert all(len(a.args) - 1 <= 3 for a in uses) and all("rat-warrior-9" not in a.args for a in uses)
    assert illegal(g, "ability maginos chain-lightning rat-warrior-1 rat-warrior-2 rat-warrior-3 rat-warrior-4") == (
        "Maginos may target at most 3 minions (lore 3)"
    )
    assert (
        illegal(g, "ability maginos chain-lightning rat-warrior-9")
        == "Maginos cannot see Rat Warrior 9 on this tile (R-BATTLE-08)"
    )
    ev = g.apply("ability maginos chain-lightning rat-warrior-1 rat-warrior-2 rat-warrior-3")
    assert one(ev, "chain_lightning").params["faces"] == [BOW, BOW_STAR, CHEESE]
    assert [e.params["hits"] for e in of(ev, "mouse_attacks")] == [2, 2, 2]
    assert [e.params["wounds"] for e in of(ev, "minion_defends")] == [0, 2, 1]
    assert set(g.state.minions) == {"rat-warrior-1", "rat-warrior-4", "rat-warrior-9"}
    assert g.state.wheel == 1  # rat 3's CHEESE
    # 3 - 3 (cost) + 2 (Draw Power: the CHEESE counts twice)
    assert g.state.heroes["maginos"].cheese == 2
    assert g.state.turn is not None and g.state.turn.acted


@pytest.mark.rule("R-ABIL-04")
def test_inspire_one_paid_extra_action_per_mouse_for_the_rest_of_the_round() -> None:
    g = scenario(
        heroes={
            "collin": {"space": "5:12", "cheese": 3, "abilities": ["inspire"]},
            "tilda": {"space": "5:12", "cheese": 1},
        },
        minions=FAR_RAT,
        turn="mouse:collin",
        # Collin: movement, two failed searches; Tilda: movement
        dice=[CHEESE, CHEESE, CHEESE, CHEESE],
    )
    ev = g.apply("ability collin inspire")
    assert one(ev, "inspire").params == {"hero": "collin", "round": 1}
    assert g.state.heroes["collin"].cheese == 1
    g.apply("search collin")
    assert "search collin" in options(g)  # one more, for 1 cheese
    ev = g.apply("search collin")
    assert one(ev, "extra_action").params == {"hero": "collin", "total": 0}
    assert illegal(g, "search collin") == "Prince Collin has already taken an action this turn"
    g.apply("end collin")
    t = g.state.turn
    assert t is not None and t.mouse == "tilda" and t.extra_actions == 1  # Tilda's turn, same round


@pytest.mark.rule("R-ABIL-04")
def test_inspire_ends_with_the_round_and_needs_a_cheese() -> None:
    g = turn_of(
        "tilda",
        {"tilda": {"space": "5:12", "cheese": 0}},
        round=2,
        chapter_data={"inspire_round": 1},
    )
    assert g.state.turn is not None and g.state.turn.extra_actions == 0
    g2 = turn_of("tilda", {"tilda": {"space": "5:12", "cheese": 0}}, dice=[CHEESE], chapter_data={"inspire_round": 1})
    g2.apply("search tilda")
    assert g2.state.turn is not None and g2.state.turn.extra_actions == 1
    assert "search tilda" not in options(g2)  # inspired, but no cheese to pay


# --- R-ABIL-05 innate abilities -------------------------------------------------------------------------------


@pytest.mark.rule("R-ABIL-05")
def test_r_abil_05_innate_abilities_work_alongside_an_ability_card() -> None:
    # Maginos's Draw Power on a Chain Lightning roll (a card already used this turn)
    g = turn_of(
        "maginos",
        {"maginos": {"space": "5:15", "cheese": 3, "abilities": ["chain-lightning"]}},
        dice=[CHEESE, CHEESE, SWORD],
        minions={"rat-warrior-1": {"space": "5:1"}, **FAR_RAT},
    )
    ev = g.apply("ability maginos chain-lightning rat-warrior-1")
    assert one(ev, "mouse_gains_cheese").params == {"hero": "maginos", "amount": 4, "total": 4}


@pytest.mark.rule("R-ABIL-05")
def test_r_abil_05_every_hero_innate_has_a_handler() -> None:
    from mnm.engine.effects import known_innates

    g = Game.new("proving-grounds", ["collin", "tilda", "filch", "maginos"], seed=1)
    for hero in g.ctx.content.heroes.values():
        for innate in hero.innate:
            assert innate.id in known_innates(), f"{hero.id}'s {innate.id} has no handler"


@pytest.mark.rule("R-ABIL-05")
def test_r_abil_05_content_naming_an_unknown_innate_or_effect_is_refused(tmp_path: Path) -> None:
    """Content that names an innate, an effect or an effect parameter nothing handles does not load."""
    import shutil

    from mnm.content.loader import ContentError, builtin_dir, load_content

    root = tmp_path / "content"
    shutil.copytree(builtin_dir(), root)
    heroes = (root / "heroes.yaml").read_text(encoding="utf-8")
    (root / "heroes.yaml").write_text(heroes.replace("id: pilfer", "id: pilfre"), encoding="utf-8")
    search = (root / "cards" / "search.yaml").read_text(encoding="utf-8")
    search = search.replace("effect: accurate-bow", "effect: acurate-bow", 1)
    (root / "cards" / "search.yaml").write_text(search, encoding="utf-8")
    with pytest.raises(ContentError) as err:
        load_content(root)
    found = {(i.file, i.entry, i.field) for i in err.value.issues}
    assert ("heroes.yaml", "filch", "innate.0.id") in found or ("heroes.yaml", "filch", "innate.1.id") in found
    assert any(f == "cards/search.yaml" and fld == "effect" for f, _, fld in found)
    assert "'pilfre', which has no handler in the engine" in str(err.value)


@pytest.mark.rule("R-ABIL-07")
def test_r_abil_07_charmed_mouse_gets_no_ability() -> None:
    g = scenario(
        heroes={
            "collin": {"space": "5:12", "cheese": 5, "abilities": ["inspire"], "statuses": ["charmed"]},
            "tilda": {"space": "5:12"},
        },
        minions=FAR_RAT,
        turn="mouse:collin",
        # Collin's charmed move and attack (2 dice, no hit), then Tilda's movement
        dice=[CHEESE, BOW, BOW, CHEESE],
    )
    assert of(g.events, "charm_ends")
    assert not of(g.events, "inspire") and g.state.heroes["collin"].cheese == 5
    assert "inspire_round" not in g.state.chapter_data
    d = g.decision()
    assert d is not None and d.actor == "tilda"


def test_seed_cards_have_registered_effects() -> None:
    g = Game.new("proving-grounds", ["collin", "tilda", "filch", "maginos"], seed=1)
    for cid in ("first-aid", "knife-strike", "inspire", "chain-lightning"):
        assert g.ctx.content.ability_cards[cid].effect in ABILITY_EFFECTS


# --- the authored cards' effects (params in cards/abilities.yaml) ----------------------------------------------

NEAR_RAT = {"rat-warrior-1": {"space": "5:8"}, **FAR_RAT}  # next to 5:12


@pytest.mark.rule("R-ABIL-04")
def test_mighty_blow_adds_dice_to_a_melee_attack() -> None:
    g = turn_of(
        "collin", {"collin": {"space": "5:12", "cheese": 2, "abilities": ["battle-squeak"]}}, [BOW] * 5, minions=NEAR_RAT
    )
    ev = g.apply("ability collin battle-squeak rat-warrior-1")
    assert one(ev, "mouse_attacks").params["faces"] == [BOW] * 5  # battle 2 + sword 1 + 2
    assert g.state.turn is not None and g.state.turn.acted


@pytest.mark.rule("R-ABIL-04")
def test_backstab_takes_defense_dice_away() -> None:
    # rat defense 2, -1 for the Dagger (the rat is below Filch on the track), -2 for Backstab: no defense roll
    g = turn_of(
        "filch", {"filch": {"space": "5:12", "cheese": 2, "abilities": ["keen-eye"]}}, [SWORD, BOW], minions=NEAR_RAT
    )
    ev = g.apply("ability filch keen-eye rat-warrior-1")
    assert one(ev, "minion_defends").params == {"target": "rat-warrior-1", "faces": [], "blocks": 0, "wounds": 1}
    assert "rat-warrior-1" not in g.state.minions


@pytest.mark.rule("R-ABIL-04")
def test_shield_bash_knocks_down_a_small_minion_it_hits_even_when_blocked() -> None:
    g = turn_of(
        "collin",
        {"collin": {"space": "5:12", "cheese": 1, "abilities": ["shield-bash"]}},
        [SWORD, BOW, BOW, SHIELD, BOW],
        minions=NEAR_RAT,
    )
    g.apply("ability collin shield-bash rat-warrior-1")
    assert g.state.minions["rat-warrior-1"].statuses == ["knocked_down"]


@pytest.mark.rule("R-ABIL-04")
def test_cleave_one_roll_every_minion_in_the_space_defends() -> None:
    g = turn_of(
        "collin",
        {"collin": {"space": "5:12", "cheese": 3, "abilities": ["backslash"]}},
        [SWORD, SWORD, SHIELD, SHIELD, SHIELD, BOW, BOW],
        minions={"rat-warrior-1": {"space": "5:12"}, "rat-warrior-2": {"space": "5:12"}, **FAR_RAT},
    )
    assert {str(a) for a in g.legal_actions() if a.verb == "ability"} == {"ability collin backslash"}
    ev = g.apply("ability collin backslash")
    assert [e.params["faces"] for e in of(ev, "mouse_attacks")] == [[SWORD, SWORD, SHIELD]] * 2
    assert [e.params["wounds"] for e in of(ev, "minion_defends")] == [1, 3]
    assert set(g.state.minions) == {"rat-warrior-9"}


@pytest.mark.rule("R-ABIL-04")
def test_volley_and_double_shot_with_the_archer_s_bow() -> None:
    rats = {"rat-warrior-1": {"space": "5:1"}, "rat-warrior-2": {"space": "5:2"}, **FAR_RAT}
    # Volley: Lily (battle 2, bow +1) rolls 3 dice once; both rats defend
    g = turn_of(
        "lily",
        {"lily": {"space": "5:15", "cheese": 3, "abilities": ["preemptive-shot"]}},
        [BOW, BOW, CHEESE, BOW, BOW, BOW, BOW],
        minions=rats,
    )
    ev = g.apply("ability lily preemptive-shot rat-warrior-1 rat-warrior-2")
    assert [e.params["hits"] for e in of(ev, "mouse_attacks")] == [2, 2]
    assert set(g.state.minions) == {"rat-warrior-9"}
    # Double Shot: two attacks one after the other, the second target chosen after the first attack
    g2 = turn_of(
        "lily",
        {"lily": {"space": "5:15", "cheese": 3, "abilities": ["accurate-shot"]}},
        [BOW, BOW, BOW, BOW, BOW, BOW, BOW, BOW, BOW, BOW],
        minions=rats,
    )
    g2.apply("ability lily accurate-shot rat-warrior-1")
    assert "rat-warrior-1" not in g2.state.minions
    assert options(g2) == {"choose lily rat-warrior-2"}
    g2.apply("choose lily rat-warrior-2")
    assert set(g2.state.minions) == {"rat-warrior-9"}


@pytest.mark.rule("R-ABIL-04")
def test_royal_command_another_mouse_attacks_at_once() -> None:
    g = turn_of(
        "collin",
        {"collin": {"space": "5:12", "cheese": 3, "abilities": ["give-order"]}, "tilda": {"space": "5:12"}},
        [SWORD, SWORD, BOW, BOW],  # Tilda's 2 attack dice, the rat's 2 defense dice
        minions=NEAR_RAT,
    )
    ev = g.apply("ability collin give-order tilda rat-warrior-1")
    assert one(ev, "mouse_attacks").params["hero"] == "tilda"
    assert "rat-warrior-1" not in g.state.minions
    t = g.state.turn
    assert t is not None and not t.acted  # a free action: Collin keeps his own action


@pytest.mark.rule("R-ABIL-04")
def test_battle_plan_sends_a_minion_card_to_the_bottom_before_the_turn() -> None:
    g = scenario(
        heroes={"collin": {"space": "5:12", "cheese": 2, "abilities": ["battle-leader"]}, "tilda": {"space": "5:12"}},
        minions=FAR_RAT,
        track=["mouse:collin", "minion:rat-warrior", "mouse:tilda"],
        turn="mouse:collin",
        dice=[CHEESE],
    )
    assert options(g) == {"ability collin battle-leader minion:rat-warrior", "skip collin"}
    g.apply("ability collin battle-leader minion:rat-warrior")
    assert g.state.track == ["mouse:collin", "mouse:tilda", "minion:rat-warrior"]


@pytest.mark.rule("R-ABIL-04")
def test_cards_sharing_a_search_card_effect_use_their_own_params() -> None:
    # Healing Touch is the search cards' `heal` effect with amount 2 and reach adjacent
    g = turn_of(
        "tilda",
        {
            "tilda": {"space": "5:12", "cheese": 2, "abilities": ["major-heal"]},
            "collin": {"space": "5:13", "wounds": 3},
        },
    )
    g.apply("ability tilda major-heal collin")
    assert g.state.heroes["collin"].wounds == 1 and g.state.heroes["tilda"].cheese == 0


def test_every_ability_card_has_an_implementation() -> None:
    from mnm.engine.rules.abilities import effect_of

    g = Game.new("proving-grounds", ["collin", "tilda", "filch", "maginos"], seed=1)
    missing = [c.id for c in g.ctx.content.ability_cards.values() if effect_of(c) is None]
    assert missing == []
