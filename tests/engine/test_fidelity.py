"""Where two separately written features meet (issue 24): durations owned by the mouse whose card it is, one
sizing of every attack roll, triggers on what actually happened, statuses gained mid-turn, pets and allies as
targets, leaves in a current, and the choices the rules leave to the players.

Positions on the proving grounds (side 5, the Guard Room; adjacency in ``rulekit``) unless a chapter is named.
"""

from __future__ import annotations

import pytest
from rulekit import BOW, CHEESE, SHIELD, SWORD, illegal, of, one, options, scenario

from mnm.engine.game import Game
from mnm.engine.rules.battle import defense_dice

# --- 1. durations owned by the mouse whose card it is -------------------------------------------------------


@pytest.mark.rule("R-BATTLE-12")
@pytest.mark.rule("R-ABIL-04")
def test_r_battle_12_a_ward_cast_on_another_mouse_lasts_until_the_caster_s_next_turn() -> None:
    g = scenario(
        heroes={"maginos": {"space": "5:12", "abilities": ["invisibility"], "cheese": 2}, "collin": {"space": "5:12"}},
        minions={"rat-warrior-9": {"space": "5:3"}},
        track=["mouse:maginos", "mouse:collin", "minion:rat-warrior"],
        turn="mouse:maginos",
        dice=[CHEESE, CHEESE],
        dice_mode="seeded",
    )
    g.apply("ability maginos invisibility")
    plain = defense_dice(g.ctx, g.state, g.state.heroes["collin"], None) - 1
    ev = g.apply("end maginos")  # Collin's own turn begins: Maginos's ward on him goes on
    assert not [e for e in of(ev, "buffs_end") if e.params["hero"] == "collin"]
    assert defense_dice(g.ctx, g.state, g.state.heroes["collin"], None) == plain + 1
    assert g.state.heroes["maginos"].buffs  # and on Maginos himself until his next turn
    g.apply("end collin")  # the rat far away; the next round: Maginos's turn ends the ward on both mice
    d = g.decision()
    assert d is not None and d.actor == "maginos"
    assert g.state.heroes["collin"].buffs == {} and g.state.heroes["maginos"].buffs == {}
    assert defense_dice(g.ctx, g.state, g.state.heroes["collin"], None) == plain


# --- 2. one sizing for every attack roll --------------------------------------------------------------------


def _swatter(ability: str, dice: list[int] | None = None) -> list[int]:
    """How many dice Collin's Roach Swatter attack rolls against the roaches in his space (normal or area)."""
    g = scenario(
        heroes={"collin": {"space": "5:12", "equipped": ["roach-swatter"], "abilities": ["backslash"], "cheese": 3}},
        minions={"roach-1": {"space": "5:12"}, "roach-2": {"space": "5:12"}, "rat-warrior-9": {"space": "5:3"}},
        turn="mouse:collin",
        dice=[CHEESE],
        dice_mode="seeded",
    )
    ev = g.apply("ability collin backslash" if ability else "battle collin roach-1")
    return [len(e.params["faces"]) for e in of(ev, "mouse_attacks")]


@pytest.mark.rule("R-ABIL-04")
@pytest.mark.rule("R-BATTLE-12")
def test_r_abil_04_an_area_attack_keeps_the_weapon_s_bonus_against_its_first_target() -> None:
    assert _swatter("") == [4]  # Collin's 2 battle dice + the Swatter's 2 against a roach
    assert _swatter("backslash") == [4, 4]  # Backslash: one roll of the same size, each roach defends against it


@pytest.mark.rule("R-EXP-08")
@pytest.mark.rule("R-ABIL-04")
def test_r_exp_08_a_bee_takes_a_die_from_area_attacks_and_chain_lightning_too() -> None:
    def dice(hero: str, equipped: list[str], ability: str) -> list[int]:
        g = scenario(chapter="the-trickle-crossing", heroes={hero: {"space": "17:5", "equipped": equipped,
                                                                  "abilities": [ability], "cheese": 3}},
                     minions={"roach-1": {"space": "17:5"}}, tokens={"bee-1": ["17:5"]},
                     chapter_data={"bees": {"bee-1": {"home": "17:6", "host": hero}}},
                     track=[f"mouse:{hero}", "minion:roach"], turn=f"mouse:{hero}", dice=[CHEESE], dice_mode="seeded")
        ev = g.apply(f"ability {hero} {ability}" + (" roach-1" if ability == "chain-lightning" else ""))
        return [len(e.params["faces"]) for e in of(ev, "mouse_attacks")]

    assert dice("collin", ["roach-swatter"], "backslash") == [3]  # 2 battle + 2 (a roach) - 1 bee
    assert dice("maginos", [], "chain-lightning") == [2]  # the card's 3 dice - 1 bee


# --- 3. triggers fire on what actually happened --------------------------------------------------------------


def _spider_bites(achievements: list[str]) -> tuple[int, int, int]:
    g = scenario(
        heroes={"collin": {"space": "5:15", "achievements": achievements}, "tilda": {"space": "5:1"}},
        minions={"spider-1": {"space": "5:12"}},
        track=["minion:spider", "mouse:collin", "mouse:tilda"],
        turn="minion:spider",
        # spider movement (it stays next to Collin), 2 hits, no block (2 dice), Collin's movement
        dice=[CHEESE, SWORD, SWORD, CHEESE, BOW, BOW],
    )
    collin = g.state.heroes["collin"]
    return collin.wounds, collin.poison, len(of(g.events, "empathetic_power"))


@pytest.mark.rule("R-ACH-04")
@pytest.mark.rule("R-ABIL-05")
def test_r_ach_04_the_poisonmaster_s_converted_wounds_poison_nobody_so_empathetic_power_stays_quiet() -> None:
    assert _spider_bites([]) == (2, 2, 1)  # poisoned on Tilda's tile: Empathetic Power
    assert _spider_bites(["poisonmaster"]) == (2, 0, 0)  # normal wounds: nothing to be empathetic about


@pytest.mark.rule("R-EXP-14")
@pytest.mark.rule("R-ABIL-05")
def test_r_exp_14_hesster_s_poison_sets_off_empathetic_power_like_any_poisoning() -> None:
    g = scenario(
        chapter="the-ember-vault",
        heroes={"collin": {"space": "18:9"}, "tilda": {"space": "18:9"}},
        minions={"hesster-1": {"space": "18:2"}},
        track=["minion:hesster:1", "minion:hesster:2", "mouse:collin", "mouse:tilda"],
        dice=[SWORD, SWORD, BOW, BOW, BOW, BOW, CHEESE, CHEESE, CHEESE],  # Strikes 2 hits, none blocked; Coils
    )
    assert [e.params["target"] for e in of(g.events, "empathetic_power")] == ["collin"]
    assert g.state.heroes["tilda"].cheese == 1


# --- 4. a status gained in the mouse's own turn changes what it may still do ---------------------------------


def _mopped(**fields: object) -> Game:
    """Chapter 1's Kitchen (side 3): Collin defeats a roach before moving and Miz Maggie's mop knocks him down
    (movement 2; 3 SWORDs; the roach's BOW blocks nothing; the attention die, a CHEESE, has no STAR)."""
    g = scenario(chapter="flight-to-barksburg", explored=[1, 3], heroes={"collin": {"space": "3:5"}, "nez": {"space": "3:6"}},
                 minions={"roach-1": {"space": "3:5"}, "roach-2": {"space": "3:1"}},
                 track=["mouse:collin", "mouse:nez", "minion:roach"], turn="mouse:collin",
                 dice=[SWORD, SWORD, SWORD, SWORD, BOW, CHEESE], **fields)
    return g


@pytest.mark.rule("R-NEG-04")
@pytest.mark.rule("R-STORY-03")
def test_r_neg_04_knocked_down_before_moving_the_mouse_spends_its_move_standing_up() -> None:
    g = _mopped()
    ev = g.apply("battle collin roach-1")
    assert one(ev, "miz_maggie_swats").params["hero"] == "collin"
    assert one(ev, "stands_up").params["figure"] == "collin"  # the rest of this turn's move gets him up
    assert not [a for a in options(g) if a.startswith(("move", "scurry"))]
    assert g.state.heroes["collin"].statuses == []
    t = g.state.turn
    assert t is not None and (t.move_points, t.movement_over) == (0, True)


@pytest.mark.rule("R-NEG-02")
@pytest.mark.rule("R-NEG-03")
def test_r_neg_02_03_stunned_or_webbed_in_its_own_turn_the_mouse_s_options_follow() -> None:
    from mnm.engine.rules.effects import add_status

    for status, moves, acts in (("stunned", True, False), ("webbed", False, True)):
        g = scenario(heroes={"collin": {"space": "5:12"}}, minions={"rat-warrior-1": {"space": "5:9"}},
                     turn="mouse:collin", dice=[SWORD])  # 3 + 2 movement
        add_status(g.ctx, g.state, g.state.heroes["collin"], status)  # as an event in his turn would
        ev = g.apply("move collin 5:8")  # the turn asks again: next to the rat, movement left
        assert not of(ev, "stands_up")
        opts = options(g)
        assert any(a.startswith("move") for a in opts) is moves, status
        assert ("battle collin rat-warrior-1" in opts) is acts, status
        assert "recover collin" in opts


# --- 5. pets (and allies) as targets --------------------------------------------------------------------------


@pytest.mark.rule("R-EXP-02")
def test_r_exp_02_a_minion_with_no_mouse_to_attack_stops_for_the_pet_on_its_way() -> None:
    # The Trickle: the roach (17:1) walks toward Collin (17:8) through the cricket's space (17:3); a 3 takes it
    # to 17:6, where no mouse is in reach: no mouse is available, so it stops on the pet and attacks it
    g = scenario(chapter="the-trickle-crossing", heroes={"collin": {"space": "17:8"}},
                 minions={"roach-1": {"space": "17:1"}}, tokens={},
                 chapter_data={"helpers": {"cricket-1": {"type": "cricket", "space": "17:3", "wounds": 0,
                                                         "owner": "collin"}}},
                 track=["minion:roach", "mouse:collin"],
                 dice=[SHIELD, BOW, BOW, CHEESE])  # movement 3; attack: no hit; Collin's movement
    stop = one(g.events, "minion_stops_for_helper")
    assert (stop.params["helper"], stop.params["space"], stop.rule) == ("cricket-1", "17:3", "R-EXP-02")
    assert one(g.events, "minion_moves").params["dst"] == "17:3"
    assert one(g.events, "minion_attacks_helper").params["target"] == "cricket-1"


# --- 6. everything Hesster touches is attacked, allies too -----------------------------------------------------


@pytest.mark.rule("R-EXP-14")
@pytest.mark.rule("R-EXP-01")
def test_r_exp_14_hesster_s_strike_attacks_an_ally_on_the_spaces_he_touches() -> None:
    g = scenario(
        chapter="the-ember-vault",
        heroes={"collin": {"space": "18:9"}},
        minions={"hesster-1": {"space": "18:2"}},
        chapter_data={"helpers": {"barksburg-scout-1": {"type": "barksburg-scout", "space": "18:9", "wounds": 0,
                                                        "owner": "collin"}}},
        track=["minion:hesster:1", "minion:hesster:2", "mouse:collin"],
        # Strikes: 2 hits; Collin blocks nothing (2 dice); the scout blocks nothing (its defense dice); Coils
        dice=[SWORD, SWORD, BOW, BOW, *[BOW] * 3, CHEESE, CHEESE, CHEESE],
        dice_mode="seeded",
    )
    strike = one(g.events, "hesster_strikes")
    assert "barksburg-scout-1" in strike.params["victims"]
    defends = of(g.events, "helper_defends")
    assert defends and defends[0].params["minion"] == "barksburg-scout-1"


# --- 7. no moving upstream, aboard a leaf or not ----------------------------------------------------------------


@pytest.mark.rule("R-WATER-03")
@pytest.mark.rule("R-EXP-05")
def test_r_water_03_a_mouse_on_a_leaf_in_a_current_cannot_move_upstream() -> None:
    # The Trickle: the middle lane runs 10 -> 13 -> 16; Collin rides a leaf on 13
    g = scenario(chapter="the-trickle-crossing", heroes={"collin": {"space": "17:13"}}, minions={},
                 tokens={"leaf-1": ["17:13"]}, track=["mouse:collin"], turn="mouse:collin", dice=[SWORD])
    moves = {a for a in options(g) if a.startswith("move")}
    assert "move collin 17:10" not in moves
    assert "move collin 17:16" in moves  # with the current, still
    assert "upstream" in illegal(g, "move collin 17:10")


# --- 8. where the mice land after exploring through an exit ----------------------------------------------------


@pytest.mark.rule("R-EXPLORE-05")
def test_r_explore_05_the_party_chooses_where_it_lands_when_the_exit_area_borders_several_spaces() -> None:
    # Chapter 1, from the Kitchen Tunnels (4:8) west: the Sewer's east exit area borders 6:9 and 6:12
    g = scenario(chapter="flight-to-barksburg", explored=[5, 4],
                 heroes={"collin": {"space": "4:8"}, "filch": {"space": "4:8"}}, minions={},
                 track=["mouse:collin", "mouse:filch"], turn="mouse:collin", dice=[CHEESE], dice_mode="seeded")
    g.apply("explore collin exit-0")
    d = g.decision()
    assert d is not None and (d.kind, d.actor) == ("exit_landing", "party")
    assert options(g) == {"choose party 6:9", "choose party 6:12"}
    assert "several spaces" in illegal(g, "choose party 6:1")
    ev = g.apply("choose party 6:9")
    assert [(e.params["hero"], e.params["space"]) for e in of(ev, "mouse_placed")] == [("collin", "6:9"), ("filch", "6:9")]


# --- 9. Pilfer: Filch *may* take the cheese from the wheel ------------------------------------------------------


def _filch_defeats_a_rat(**fields: object) -> Game:
    return scenario(heroes={"filch": {"space": "5:12"}}, minions={"rat-warrior-1": {"space": "5:12"},
                                                                  "rat-warrior-9": {"space": "5:3"}},
                    turn="mouse:filch", wheel=3, dice=[CHEESE, SWORD, SWORD, SWORD, BOW, BOW], **fields)


@pytest.mark.rule("R-ABIL-05")
def test_r_abil_05_pilfer_lets_filch_choose_the_wheel_or_the_supply() -> None:
    g = _filch_defeats_a_rat()
    ev = g.apply("battle filch rat-warrior-1")
    assert one(ev, "minion_defeated").params["minion"] == "rat-warrior-1"
    d = g.decision()
    assert d is not None and (d.kind, d.actor) == ("pilfer", "filch")
    assert options(g) == {"choose filch wheel", "choose filch supply"}
    before = g.state.heroes["filch"].cheese
    ev = g.apply("choose filch supply")  # the cheese comes from the supply: the wheel keeps its 3
    assert (g.state.wheel, g.state.heroes["filch"].cheese) == (3, before + 1)
    assert one(ev, "pilfer").params["hero"] == "filch"
    g = _filch_defeats_a_rat()
    g.apply("battle filch rat-warrior-1")
    ev = g.apply("choose filch wheel")
    assert (g.state.wheel, one(ev, "pilfer_wheel").params["wheel"]) == (2, 2)
    assert g.decision() is not None and g.decision().kind == "turn"  # type: ignore[union-attr]


# --- 10. the Hawthorn Rod's tie is the players' choice -----------------------------------------------------------


@pytest.mark.rule("R-BATTLE-12")
def test_r_battle_12_the_hawthorn_rod_asks_which_of_the_equally_most_wounded_mice_heals() -> None:
    g = scenario(heroes={"tilda": {"space": "5:12", "equipped": ["hawthorn-rod"]},
                         "collin": {"space": "5:12", "wounds": 2}, "filch": {"space": "5:12", "wounds": 2}},
                 minions={"rat-warrior-1": {"space": "5:12"}, "rat-warrior-9": {"space": "5:3"}},
                 turn="mouse:tilda", dice=[CHEESE, SWORD, SWORD, BOW, BOW])  # 2 hits; the rat blocks none
    g.apply("battle tilda rat-warrior-1")
    d = g.decision()
    assert d is not None and (d.kind, d.actor) == ("rod_heal", "tilda")
    assert options(g) == {"choose tilda collin", "choose tilda filch"}
    g.apply("choose tilda filch")
    assert (g.state.heroes["collin"].wounds, g.state.heroes["filch"].wounds) == (2, 1)


# --- the rulings the engine made silently --------------------------------------------------------------------


@pytest.mark.rule("R-ROUND-04")
def test_r_round_04_a_reshuffle_in_the_middle_of_a_round_skips_no_mouse_and_repeats_none() -> None:
    # Filch (second on the track; Collin has acted) explores into an unexplored side with no minion card on the
    # track: the cards are shuffled again, but Collin and Filch keep the top and Nez still acts this round
    orders = set()
    for seed in range(8):
        g = scenario(chapter="flight-to-barksburg", seed=seed, explored=[5, 4],
                     heroes={"collin": {"space": "5:15"}, "filch": {"space": "4:6"}, "nez": {"space": "5:14"}},
                     minions={}, track=["mouse:collin", "mouse:filch", "mouse:nez"], turn="mouse:filch",
                     dice_mode="seeded", encounter_deck_top=["rat-patrol"])
        ev = g.apply("explore filch exit-1")
        assert one(ev, "initiative_shuffled").rule == "R-ROUND-04"
        track = g.state.track
        assert track[:2] == ["mouse:collin", "mouse:filch"] and g.state.turn_index == 1, seed
        assert sorted(track[2:]) == ["minion:rat-warrior", "mouse:nez"], seed
        orders.add(tuple(track[2:]))
    assert len(orders) == 2  # what has not acted is still shuffled


@pytest.mark.rule("R-TURN-05")
@pytest.mark.rule("R-NEG-04")
def test_r_turn_05_a_mouse_that_spent_its_move_standing_up_may_not_scurry() -> None:
    g = scenario(heroes={"collin": {"space": "5:12", "statuses": ["knocked_down"]}},
                 minions={"rat-warrior-9": {"space": "5:3"}}, turn="mouse:collin", dice=[CHEESE])
    assert one(g.events, "stands_up").params["figure"] == "collin"
    assert not [a for a in options(g) if a.startswith(("move", "scurry"))]
    assert "must move before scurrying" in illegal(g, "scurry collin")


@pytest.mark.rule("R-ACH-08")
def test_r_ach_08_bows_rolled_in_a_melee_attack_do_not_make_the_marksman() -> None:
    g = scenario(heroes={"collin": {"space": "5:12"}}, minions={"rat-warrior-1": {"space": "5:12"},
                                                                "rat-warrior-9": {"space": "5:3"}},
                 turn="mouse:collin", dice=[CHEESE, BOW, BOW, BOW])  # 3 BOWs with his sword: no hit
    ev = g.apply("battle collin rat-warrior-1")
    assert one(ev, "mouse_attacks").params["hits"] == 0
    assert "marksman" not in g.state.heroes["collin"].achievements and not of(ev, "achievement")


@pytest.mark.rule("R-ABIL-05")
@pytest.mark.rule("R-NEG-06")
def test_r_abil_05_empathetic_power_fires_for_each_poisoning_even_of_a_poisoned_mouse() -> None:
    g = scenario(
        heroes={"collin": {"space": "5:15", "wounds": 1, "poison": 1}, "tilda": {"space": "5:1"}},
        minions={"spider-1": {"space": "5:12"}},
        track=["minion:spider", "mouse:collin", "mouse:tilda"],
        turn="minion:spider",
        dice=[CHEESE, SWORD, SWORD, CHEESE, BOW, BOW],  # 2 poison wounds more, none blocked
    )
    assert (g.state.heroes["collin"].poison, len(of(g.events, "empathetic_power"))) == (3, 1)
    assert g.state.heroes["tilda"].cheese == 1
