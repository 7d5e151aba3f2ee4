"""Battle (RULES.md §10, R-BATTLE-01..16): mouse attacks, minion attacks, cheese, bonuses, line of sight.

Every position is on the proving-grounds Guard Room (see rulekit for its adjacency and the die faces).
"""

from __future__ import annotations

import pytest
from rulekit import BOW, BOW_STAR, CHEESE, SHIELD, SHIELD_STAR, SWORD, of, one, options, scenario

from mnm.engine.errors import IllegalAction

# a second rat far away keeps the chapter going when the first one falls (proving-grounds is won when the
# board is clear)
FAR_RAT = {"rat-warrior-9": {"space": "5:3"}}


def collin_vs_rat(dice: list[int], **hero: object) -> object:
    """Collin (battle 2, sword +1, breastplate +1) in 5:12, his turn; a rat in the adjacent 5:8.
    The first scripted die is his movement roll."""
    return scenario(
        heroes={"collin": {"space": "5:12", **hero}},
        minions={"rat-warrior-1": {"space": "5:8"}, **FAR_RAT},
        turn="mouse:collin",
        dice=dice,
    )


@pytest.mark.rule("R-BATTLE-01")
def test_r_battle_01_melee_hits_are_sword_and_sword_shield_not_bow() -> None:
    g = collin_vs_rat([CHEESE, SWORD, SHIELD, BOW, BOW, SWORD, SHIELD])
    ev = g.apply("battle collin rat-warrior-1")
    attack = one(ev, "mouse_attacks")
    assert attack.params["faces"] == [SWORD, SHIELD, BOW]
    assert attack.params["hits"] == 2  # SWORD + SWORD/SHIELD; the BOW misses in melee
    assert attack.rule == "R-BATTLE-05"


@pytest.mark.rule("R-BATTLE-01")
def test_r_battle_01_defense_blocks_only_with_sword_shield() -> None:
    # 3 hits; the rat's 2 defense dice: a plain SWORD and a BOW block nothing
    g = collin_vs_rat([CHEESE, SWORD, SWORD, SHIELD, SWORD, BOW])
    ev = g.apply("battle collin rat-warrior-1")
    defend = one(ev, "minion_defends")
    assert defend.params == {"target": "rat-warrior-1", "faces": [SWORD, BOW], "blocks": 0, "wounds": 3}
    assert "rat-warrior-1" not in g.state.minions


@pytest.mark.rule("R-BATTLE-01")
def test_r_battle_01_ranged_hits_are_bows_only() -> None:
    # Maginos (battle 1) with his staff (ranged +1) shoots a rat across the room: 2 dice
    g = scenario(
        heroes={"maginos": {"space": "5:15"}},
        minions={"rat-warrior-1": {"space": "5:3"}, "rat-warrior-2": {"space": "5:1"}},
        turn="mouse:maginos",
        dice=[CHEESE, SWORD, BOW_STAR, SWORD, SWORD],
    )
    ev = g.apply("battle maginos rat-warrior-1")
    attack = one(ev, "mouse_attacks")
    assert attack.params["faces"] == [SWORD, BOW_STAR]
    assert attack.params["hits"] == 1
    assert attack.rule == "R-BATTLE-07"
    assert one(ev, "minion_defends").params["wounds"] == 1


@pytest.mark.rule("R-BATTLE-02")
def test_r_battle_02_mouse_gains_a_cheese_per_cheese_attacking_and_defending() -> None:
    g = collin_vs_rat([CHEESE, CHEESE, CHEESE, SWORD, SHIELD, SHIELD], cheese=2)
    ev = g.apply("battle collin rat-warrior-1")
    gain = one(ev, "mouse_gains_cheese")
    assert gain.params == {"hero": "collin", "amount": 2, "total": 4}
    assert g.state.heroes["collin"].cheese == 4
    # defending: a rat attacks Filch, who rolls 2 defense dice showing one CHEESE
    g = scenario(
        heroes={"filch": {"space": "5:12"}},
        minions={"rat-warrior-1": {"space": "5:12"}},
        track=["minion:rat-warrior", "mouse:filch"],
        dice=[SWORD, SWORD, CHEESE, SHIELD, CHEESE],
    )
    assert one(g.events, "mouse_gains_cheese").params == {"hero": "filch", "amount": 1, "total": 1}
    assert g.state.heroes["filch"].cheese == 1
    assert g.state.heroes["filch"].wounds == 1  # 2 hits, 1 block


@pytest.mark.rule("R-BATTLE-02")
def test_r_battle_02_draw_power_doubles_maginos_attack_cheese_only() -> None:
    g = scenario(
        heroes={"maginos": {"space": "5:15"}},
        minions={"rat-warrior-1": {"space": "5:3"}, "rat-warrior-2": {"space": "5:1"}},
        turn="mouse:maginos",
        dice=[CHEESE, CHEESE, CHEESE],
    )
    ev = g.apply("battle maginos rat-warrior-1")
    assert one(ev, "mouse_gains_cheese").params["amount"] == 4  # 2 CHEESE x 2
    assert one(ev, "attack_misses").params == {"target": "rat-warrior-1"}
    # defending, Draw Power does not apply: 1 CHEESE, 1 cheese
    g = scenario(
        heroes={"maginos": {"space": "5:12"}},
        minions={"rat-warrior-1": {"space": "5:12"}},
        track=["minion:rat-warrior", "mouse:maginos"],
        dice=[SWORD, BOW, CHEESE, CHEESE],
    )
    assert one(g.events, "mouse_gains_cheese").params["amount"] == 1


@pytest.mark.rule("R-BATTLE-03")
def test_r_battle_03_every_cheese_a_minion_rolls_goes_to_the_wheel() -> None:
    # the rat attacks Collin with 2 CHEESE (no hit, so no defense roll): 2 cheese to the wheel
    g = scenario(
        heroes={"collin": {"space": "5:12"}},
        minions={"rat-warrior-1": {"space": "5:12"}},
        track=["minion:rat-warrior", "mouse:collin"],
        wheel=2,
        dice=[CHEESE, CHEESE, CHEESE],
    )
    wheel = one(g.events, "wheel_cheese")
    assert wheel.params == {"amount": 2, "wheel": 4, "source": "rat-warrior-1"}
    assert wheel.rule == "R-BATTLE-03"
    assert g.state.wheel == 4
    assert g.state.heroes["collin"].cheese == 0  # a minion's cheese is never the mouse's
    # defending too: the rat's 2 defense dice both show CHEESE
    g = collin_vs_rat([CHEESE, SWORD, SWORD, SWORD, CHEESE, CHEESE], cheese=0)
    ev = g.apply("battle collin rat-warrior-1")
    assert one(ev, "wheel_cheese").params["amount"] == 2
    assert g.state.wheel == 2


@pytest.mark.rule("R-BATTLE-03")
def test_r_battle_03_faq_variant_one_cheese_per_roll() -> None:
    g = scenario(
        heroes={"collin": {"space": "5:12"}},
        minions={"rat-warrior-1": {"space": "5:12"}},
        track=["minion:rat-warrior", "mouse:collin"],
        wheel=2,
        options={"minion_cheese_one_per_roll": True},
        dice=[CHEESE, CHEESE, CHEESE],
    )
    assert one(g.events, "wheel_cheese").params["amount"] == 1
    assert g.state.wheel == 3


@pytest.mark.rule("R-BATTLE-03")
@pytest.mark.rule("R-BRODIE-02")
def test_r_battle_03_brodie_cheese_never_reaches_the_wheel() -> None:
    # Brodie pounces onto Collin's space; his attack dice show CHEESE: nothing for the wheel
    g = scenario(
        heroes={"collin": {"space": "5:12"}},
        minions={"brodie-1": {"type": "brodie", "space": "5:1"}},
        track=["cat:pounces", "mouse:collin", "cat:chases"],
        dice=[CHEESE, CHEESE, CHEESE, CHEESE],
    )
    assert one(g.events, "brodie_pounces").params["dst"] == "5:12"
    assert of(g.events, "wheel_cheese") == []
    assert g.state.wheel == 0


@pytest.mark.rule("R-BATTLE-04")
def test_r_battle_04_no_weapon_no_attack() -> None:
    g = collin_vs_rat([CHEESE], equipped=["leather-breastplate"])
    assert not any(o.startswith("battle ") for o in options(g))
    with pytest.raises(IllegalAction, match=r"no weapon equipped \(R-BATTLE-04\)"):
        g.apply("battle collin rat-warrior-1")
    assert "rat-warrior-1" in g.state.minions


@pytest.mark.rule("R-BATTLE-05")
def test_r_battle_05_melee_reaches_own_and_adjacent_spaces_only() -> None:
    g = scenario(
        heroes={"collin": {"space": "5:12"}},
        minions={
            "rat-warrior-1": {"space": "5:12"},  # same space
            "rat-warrior-2": {"space": "5:13"},  # adjacent
            "rat-warrior-3": {"space": "5:9"},  # two steps away
        },
        turn="mouse:collin",
        dice=[CHEESE],
    )
    battles = {o for o in options(g) if o.startswith("battle ")}
    assert battles == {"battle collin rat-warrior-1", "battle collin rat-warrior-2"}
    with pytest.raises(IllegalAction, match=r"not in or next to .*R-BATTLE-05"):
        g.apply("battle collin rat-warrior-3")


@pytest.mark.rule("R-BATTLE-05")
@pytest.mark.rule("R-BATTLE-12")
def test_r_battle_05_dice_are_battle_plus_weapon_bonus() -> None:
    # Collin battle 2 + Collin's sword +1 = 3 dice; Tilda battle 2 + her mace +0 = 2 dice
    g = collin_vs_rat([CHEESE, BOW, BOW, BOW])
    assert one(g.apply("battle collin rat-warrior-1"), "mouse_attacks").params["faces"] == [BOW, BOW, BOW]
    g = scenario(
        heroes={"tilda": {"space": "5:12"}},
        minions={"rat-warrior-1": {"space": "5:8"}, **FAR_RAT},
        turn="mouse:tilda",
        dice=[CHEESE, BOW, BOW, SWORD],
    )
    assert one(g.apply("battle tilda rat-warrior-1"), "mouse_attacks").params["faces"] == [BOW, BOW]
    assert g.state.dice_queue == [SWORD]


@pytest.mark.rule("R-BATTLE-06")
def test_r_battle_06_no_hits_means_no_defense_roll() -> None:
    g = collin_vs_rat([CHEESE, BOW, BOW, BOW_STAR, SHIELD, SHIELD])
    ev = g.apply("battle collin rat-warrior-1")
    assert one(ev, "attack_misses").params == {"target": "rat-warrior-1"}
    assert of(ev, "minion_defends") == []
    assert g.state.dice_queue == [SHIELD, SHIELD]  # the defense dice were never rolled
    assert "rat-warrior-1" in g.state.minions


@pytest.mark.rule("R-BATTLE-06")
def test_r_battle_06_each_block_cancels_one_hit_and_the_rest_wound() -> None:
    # the spider (defense 3, life 3): 3 hits, 1 block -> 2 wounds, still standing
    g = scenario(
        heroes={"collin": {"space": "5:12"}},
        minions={"spider-1": {"space": "5:8"}},
        turn="mouse:collin",
        dice=[CHEESE, SWORD, SHIELD, SHIELD_STAR, SHIELD, BOW, SWORD],
    )
    ev = g.apply("battle collin spider-1")
    assert one(ev, "minion_defends").params == {
        "target": "spider-1",
        "faces": [SHIELD, BOW, SWORD],
        "blocks": 1,
        "wounds": 2,
    }
    assert g.state.minions["spider-1"].wounds == 2


@pytest.mark.rule("R-BATTLE-07")
def test_r_battle_07_ranged_must_target_a_minion_in_or_next_to_the_space() -> None:
    g = scenario(
        heroes={"maginos": {"space": "5:15"}},
        minions={"rat-warrior-1": {"space": "5:12"}, "rat-warrior-2": {"space": "5:3"}},
        turn="mouse:maginos",
        dice=[CHEESE],
    )
    battles = {o for o in options(g) if o.startswith("battle ")}
    assert battles == {"battle maginos rat-warrior-1"}
    with pytest.raises(IllegalAction, match=r"ranged attack must target one of those \(R-BATTLE-07\)"):
        g.apply("battle maginos rat-warrior-2")


@pytest.mark.rule("R-BATTLE-07")
def test_r_battle_07_faq_variant_ranged_targets_the_most_crowded_nearby_space() -> None:
    """Option ranged_target_most_minions (the FAQ's refinement): Maginos in the cell has one rat in his own
    space's neighbour 12 and two in 13: he must shoot at 13. Without the option any nearby rat will do."""
    minions = {"rat-warrior-1": {"space": "5:12"}, "rat-warrior-2": {"space": "5:13"}, "rat-warrior-3": {"space": "5:13"}}
    g = scenario(
        heroes={"maginos": {"space": "5:15"}},
        minions=minions,
        turn="mouse:maginos",
        options={"ranged_target_most_minions": True},
        dice=[CHEESE],
    )
    battles = {o for o in options(g) if o.startswith("battle ")}
    assert battles == {"battle maginos rat-warrior-2", "battle maginos rat-warrior-3"}
    with pytest.raises(IllegalAction, match=r"nearby space with the most minions \(R-BATTLE-07"):
        g.apply("battle maginos rat-warrior-1")
    plain = scenario(heroes={"maginos": {"space": "5:15"}}, minions=minions, turn="mouse:maginos", dice=[CHEESE])
    assert {o for o in options(plain) if o.startswith("battle ")} == {
        "battle maginos rat-warrior-1",
        "battle maginos rat-warrior-2",
        "battle maginos rat-warrior-3",
    }


def test_an_unknown_game_option_is_refused_by_name() -> None:
    from mnm.engine.game import Game

    with pytest.raises(IllegalAction, match=r"unknown game option 'ranged_targets_most'; options: .*ranged_target_most_minions"):
        Game.new("proving-grounds", ["collin", "tilda", "filch", "maginos"], options={"ranged_targets_most": True})


@pytest.mark.rule("R-BATTLE-07")
@pytest.mark.rule("R-BATTLE-08")
def test_r_battle_08_ranged_targets_any_visible_minion_on_the_tile() -> None:
    # from the cell (15) Maginos sees 3 but not 10: the black block between 9 and 11 cuts the line
    g = scenario(
        heroes={"maginos": {"space": "5:15"}},
        minions={"rat-warrior-1": {"space": "5:3"}, "rat-warrior-2": {"space": "5:10"}},
        turn="mouse:maginos",
        dice=[CHEESE],
    )
    battles = {o for o in options(g) if o.startswith("battle ")}
    assert battles == {"battle maginos rat-warrior-1"}
    with pytest.raises(IllegalAction, match=r"cannot see .*R-BATTLE-08"):
        g.apply("battle maginos rat-warrior-2")


@pytest.mark.rule("R-BATTLE-08")
def test_r_battle_08_line_of_sight_is_symmetric_and_wall_blocked_on_the_guard_room() -> None:
    g = scenario(heroes={"collin": {"space": "5:15"}}, turn="mouse:collin", dice=[CHEESE])
    graph = g.ctx.board.graph(5)
    spaces = [sp.id for sp in graph.spaces]
    for a in spaces:
        assert graph.can_see(a, a)
        for b in spaces:
            assert graph.can_see(a, b) == graph.can_see(b, a), (a, b)
    assert not graph.can_see("5:15", "5:10")  # across the black block
    assert not graph.can_see("5:1", "5:16")
    assert graph.can_see("5:9", "5:13")  # the red cell bars block movement, never sight


@pytest.mark.rule("R-BATTLE-09")
@pytest.mark.rule("R-MINION-04")
def test_r_battle_09_ranged_minion_uses_the_same_sight_test_to_hold_or_move() -> None:
    # an Elite Rat (ranged) in 3 sees Collin in 15: it stays and shoots (no movement roll is made)
    g = scenario(
        heroes={"collin": {"space": "5:15"}},
        minions={"elite-rat-warrior-1": {"space": "5:3"}},
        track=["minion:elite-rat-warrior", "mouse:collin"],
        dice=[BOW, BOW, SWORD, SWORD, SWORD, CHEESE],
    )
    assert one(g.events, "minion_holds_ranged").params == {"minion": "elite-rat-warrior-1", "space": "5:3"}
    assert one(g.events, "minion_attacks").params["faces"] == [BOW, BOW, SWORD]
    # in 10 it cannot see 15: it rolls to move and stops at the first space from which it sees him
    g = scenario(
        heroes={"collin": {"space": "5:15"}},
        minions={"elite-rat-warrior-1": {"space": "5:10"}},
        track=["minion:elite-rat-warrior", "mouse:collin"],
        dice=[SHIELD, SWORD, SWORD, SWORD, CHEESE],
    )
    move = one(g.events, "minion_moves")
    assert move.rule == "R-MINION-04"
    assert move.params["src"] == "5:10"
    assert move.params["steps"] == 1
    assert g.ctx.board.graph(5).can_see(str(move.params["dst"]), "5:15")


@pytest.mark.rule("R-BATTLE-10")
def test_r_battle_10_every_weapon_has_an_attack_type() -> None:
    g = scenario(heroes={"collin": {"space": "5:15"}}, turn="mouse:collin", dice=[CHEESE])
    weapons = [c for c in g.ctx.content.search_cards.values() if c.type.value == "weapon"]
    assert weapons
    for card in weapons:
        assert card.attack is not None and card.attack.value in ("melee", "ranged"), card.id


@pytest.mark.rule("R-BATTLE-11")
def test_r_battle_11_melee_minion_attack_and_mouse_defense_with_armor() -> None:
    # the rat rolls 2 (battle 2): SWORD + SWORD/SHIELD = 2 hits; Collin defends with 1 + breastplate 1 = 2 dice
    g = scenario(
        heroes={"collin": {"space": "5:12"}},
        minions={"rat-warrior-1": {"space": "5:12"}},
        track=["minion:rat-warrior", "mouse:collin"],
        dice=[SWORD, SHIELD, SHIELD_STAR, CHEESE, CHEESE],
    )
    attack = one(g.events, "minion_attacks")
    assert attack.params["hero"] == "collin" and attack.params["hits"] == 2
    assert attack.rule == "R-BATTLE-11"
    assert one(g.events, "mouse_defends").params == {
        "hero": "collin",
        "faces": [SHIELD_STAR, CHEESE],
        "blocks": 1,
        "wounds": 1,
    }
    collin = g.state.heroes["collin"]
    assert (collin.wounds, collin.cheese) == (1, 1)
    assert g.state.wheel == 0  # the mouse's defense cheese is the mouse's


@pytest.mark.rule("R-BATTLE-11")
def test_r_battle_11_ranged_minion_hits_on_bows_only() -> None:
    # Elite Rat (battle 3) shoots: SWORD, SWORD/SHIELD and one BOW = 1 hit; Filch defends 2 dice, no block
    g = scenario(
        heroes={"filch": {"space": "5:15"}},
        minions={"elite-rat-warrior-1": {"space": "5:3"}},
        track=["minion:elite-rat-warrior", "mouse:filch"],
        dice=[SWORD, SHIELD, BOW, BOW, SWORD, CHEESE],
    )
    assert one(g.events, "minion_attacks").params["hits"] == 1
    assert g.state.heroes["filch"].wounds == 1


@pytest.mark.rule("R-BATTLE-12")
def test_r_battle_12_ring_of_cat_strength_adds_to_melee_only() -> None:
    # melee: Collin 2 + sword 1 + ring 1 = 4 dice
    g = collin_vs_rat([CHEESE, BOW, BOW, BOW, BOW], equipped=["collins-sword", "ring-of-cat-strength"])
    assert len(one(g.apply("battle collin rat-warrior-1"), "mouse_attacks").params["faces"]) == 4  # type: ignore[arg-type]
    # ranged: Maginos 1 + staff 1 + ring 0 = 2 dice
    g = scenario(
        heroes={"maginos": {"space": "5:15", "equipped": ["maginos-staff", "ring-of-cat-strength"]}},
        minions={"rat-warrior-1": {"space": "5:3"}, "rat-warrior-2": {"space": "5:1"}},
        turn="mouse:maginos",
        dice=[CHEESE, SWORD, SWORD, SWORD],
    )
    assert one(g.apply("battle maginos rat-warrior-1"), "mouse_attacks").params["faces"] == [SWORD, SWORD]


@pytest.mark.rule("R-BATTLE-12")
def test_r_battle_12_armor_bonus_adds_defense_dice() -> None:
    def defense_faces(equipped: list[str]) -> object:
        g = scenario(
            heroes={"collin": {"space": "5:12", "equipped": equipped}},
            minions={"rat-warrior-1": {"space": "5:12"}},
            track=["minion:rat-warrior", "mouse:collin"],
            dice=[SWORD, SWORD, BOW, BOW, CHEESE],
        )
        return one(g.events, "mouse_defends").params["faces"]

    assert defense_faces(["collins-sword"]) == [BOW]  # defense 1
    assert defense_faces(["collins-sword", "leather-breastplate"]) == [BOW, BOW]  # + armor 1


@pytest.mark.rule("R-BATTLE-13")
def test_r_battle_13_area_attack_one_roll_each_figure_defends_separately() -> None:
    # Brodie pounces on the space holding Collin, Filch and a rat: one attack roll (2 hits), three defenses
    g = scenario(
        heroes={"collin": {"space": "5:12"}, "filch": {"space": "5:12"}},
        minions={"brodie-1": {"type": "brodie", "space": "5:1"}, "rat-warrior-1": {"space": "5:12"}},
        track=["cat:pounces", "mouse:collin", "mouse:filch", "cat:chases", "minion:rat-warrior"],
        dice=[SWORD, SHIELD, BOW, SHIELD, SHIELD, BOW, BOW, SHIELD, SHIELD, CHEESE],
    )
    assert len(of(g.events, "brodie_attacks")) == 1
    assert one(g.events, "brodie_attacks").params["hits"] == 2
    mouse_defenses = {e.params["hero"]: e.params["wounds"] for e in of(g.events, "mouse_defends")}
    assert mouse_defenses == {"collin": 0, "filch": 2}  # Collin blocks both; Filch blocks none
    assert one(g.events, "minion_defends").params["blocks"] == 2
    assert g.state.heroes["filch"].wounds == 2


@pytest.mark.rule("R-BATTLE-16")
def test_r_battle_16_a_battle_action_is_one_attack_with_one_weapon() -> None:
    g = collin_vs_rat([CHEESE, BOW, BOW, BOW])
    ev = g.apply("battle collin rat-warrior-1")
    assert len(of(ev, "mouse_attacks")) == 1
    assert not any(o.startswith("battle ") for o in options(g))
    with pytest.raises(IllegalAction, match="already taken an action"):
        g.apply("battle collin rat-warrior-1")


@pytest.mark.rule("R-BATTLE-14")
def test_r_battle_14_the_old_crow_wound_skips_the_defense_roll() -> None:
    # Chapter 1's Courtyard: Collin rolls a 1 for movement; the crow's wound is not defended against
    g = scenario(
        chapter="flight-to-barksburg",
        tiles={"1": 1},
        heroes={"collin": {"space": "1:5"}},
        minions={"rat-warrior-1": {"space": "1:1"}},
        track=["mouse:collin", "minion:rat-warrior"],
        dice=[CHEESE, SHIELD, SHIELD],
    )
    assert one(g.events, "old_crow").rule == "R-BATTLE-14"
    assert of(g.events, "mouse_defends") == []
    assert g.state.heroes["collin"].wounds == 1
    assert g.state.dice_queue == [SHIELD, SHIELD]  # no defense dice were rolled


@pytest.mark.rule("R-BATTLE-15")
@pytest.mark.rule("R-PARTY-14")
def test_r_battle_15_an_automatic_hit_is_still_defended() -> None:
    # a rat on the grape fires it at the space with the most mice (Collin and Filch in 15); the grape lands
    # splat side up (a face 1-3): one automatic hit on each, and each rolls its normal defense
    g = scenario(
        heroes={"collin": {"space": "5:15"}, "filch": {"space": "5:15"}, "nez": {"space": "5:12"}},
        minions={"rat-warrior-1": {"space": "5:1"}},
        tokens={"grape": ["5:1"]},
        track=["minion:rat-warrior", "mouse:nez", "mouse:collin", "mouse:filch"],
        dice=[SWORD, BOW, BOW, SHIELD, BOW, CHEESE],
    )
    assert one(g.events, "rat_fires_grape").params["space"] == "5:15"
    assert one(g.events, "grape_flip").params["side"] == "splat"
    defenses = {e.params["hero"]: (e.params["faces"], e.params["wounds"]) for e in of(g.events, "mouse_defends")}
    assert defenses == {"collin": ([BOW, BOW], 1), "filch": ([SHIELD, BOW], 0)}
    assert (g.state.heroes["collin"].wounds, g.state.heroes["filch"].wounds) == (1, 0)
