"""General rules and components (R-GEN-01..15)."""

from __future__ import annotations

from collections import Counter

import pytest
from flowkit import BOW, BOW_STAR, CHEESE, SHIELD, SHIELD_STAR, SWORD, of, one, sandbox, scenario

from mnm.content.loader import builtin_content
from mnm.content.schema import HeroClass, Symbol
from mnm.engine.game import Game
from mnm.engine.state import STATUSES

CONTENT = builtin_content()


@pytest.mark.rule("R-GEN-01")
def test_r_gen_01_the_party_wins_together() -> None:
    # Collin defeats the last rat of the Proving Grounds: the whole game is won, not one player's part.
    game = scenario(
        heroes={"collin": {"space": "5:4"}, "tilda": {"space": "5:15"}},
        minions={"rat-warrior-1": {"space": "5:3"}},
        dice=[SWORD, SWORD, SWORD, SWORD, BOW, BOW],
    )
    events = game.apply("battle collin rat-warrior-1")
    assert one(events, "victory").rule == "R-WIN-01"
    assert (game.state.status, game.decision()) == ("won", None)


@pytest.mark.rule("R-GEN-02")
def test_r_gen_02_the_chapter_sets_the_number_of_mice() -> None:
    for chapter in CONTENT.chapters.values():
        assert chapter.party_size == 4
    game = Game.new("flight-to-barksburg", ["collin", "tilda", "filch", "maginos"])
    assert len(game.state.heroes) == 4  # whoever plays them: one player may run several mice


@pytest.mark.rule("R-GEN-03")
def test_r_gen_03_the_box() -> None:
    stats = CONTENT.stats()
    assert (stats["heroes"], stats["search_cards"], stats["ability_cards"], stats["encounter_cards"]) == (6, 71, 28, 18)
    assert len({s.tile for s in CONTENT.tile_sides.values() if not s.expansion}) == 8 and stats["tile_sides"] == 16
    assert CONTENT.die.count == 5
    pools: dict[str, int] = {}
    for m in CONTENT.minions.values():
        if m.kind != "cat" and not m.expansion:  # Brodie is a paw token; [EXP] creatures are not in the box
            pools[m.figure_pool] = max(pools.get(m.figure_pool, 0), m.max_figures)
    assert sum(pools.values()) == 16


@pytest.mark.rule("R-GEN-04")
def test_r_gen_04_tiles_are_divided_into_spaces() -> None:
    game = scenario(heroes={"collin": {"space": "5:15"}}, minions={"rat-warrior-1": {"space": "5:3"}}, dice=[SWORD])
    graph = game.ctx.board.graph(5)
    assert [sp.id for sp in graph.spaces] == [f"5:{n}" for n in range(1, 18)]
    assert all(game.ctx.board.spaces[sp.id].capacity == 4 for sp in graph.spaces)


@pytest.mark.rule("R-GEN-05")
def test_r_gen_05_the_six_faces() -> None:
    faces = [(f.number, set(f.symbols)) for f in CONTENT.die.faces]
    assert faces == [
        (1, {Symbol.CHEESE}),
        (2, {Symbol.SWORD, Symbol.STAR}),
        (3, {Symbol.SWORD_SHIELD}),
        (2, {Symbol.BOW}),
        (3, {Symbol.SWORD_SHIELD, Symbol.STAR}),
        (1, {Symbol.BOW, Symbol.STAR}),
    ]
    game = scenario(heroes={"collin": {"space": "5:15"}}, minions={"rat-warrior-1": {"space": "5:3"}}, dice=[SWORD])
    table = [game.ctx.dice[i] for i in range(1, 7)]
    assert sum(f.melee_hit for f in table) == 3 and sum(f.bow for f in table) == 2
    assert sum(f.shield for f in table) == 2 and sum(f.cheese for f in table) == 1 and sum(f.star for f in table) == 3
    assert Counter(f.number for f in table) == {1: 2, 2: 2, 3: 2}


@pytest.mark.rule("R-GEN-06")
def test_r_gen_06_an_obstacle_check_succeeds_on_any_star() -> None:
    for faces, passed in (([CHEESE, SHIELD, BOW], False), ([CHEESE, SHIELD, SHIELD_STAR], True), ([BOW_STAR, BOW, BOW], True)):
        game = scenario(heroes={"filch": {"space": "5:6"}}, minions={"rat-warrior-1": {"space": "5:3"}},
                        traps=["5:9"], dice=[SWORD, *faces], dice_mode="seeded")
        events = game.apply("move filch 5:9")
        assert bool(of(events, "trap_passed")) is passed, faces


@pytest.mark.rule("R-GEN-07")
def test_r_gen_07_cheese_on_movement_and_obstacle_dice_earns_nothing() -> None:
    # A CHEESE movement roll, then a failed search showing CHEESE: no cheese for the mouse or the wheel.
    game = scenario(heroes={"collin": {"space": "5:15"}}, minions={"rat-warrior-1": {"space": "5:3"}},
                    dice=[CHEESE, CHEESE])
    game.apply("search collin")
    assert (game.state.heroes["collin"].cheese, game.state.wheel) == (0, 0)
    # A mousetrap roll of CHEESE, CHEESE: only the trap's own 1 cheese (R-TRAP-04)
    trap = scenario(heroes={"collin": {"space": "5:5"}, "tilda": {"space": "5:15"}},
                    minions={"rat-warrior-1": {"space": "5:3"}}, track=["mouse:collin", "mouse:tilda", "minion:rat-warrior"],
                    traps=["5:9"], dice=[CHEESE, CHEESE, CHEESE, SWORD])
    trap.apply("move collin 5:9")
    assert (trap.state.heroes["collin"].cheese, trap.state.wheel) == (1, 0)


@pytest.mark.rule("R-GEN-07")
def test_r_gen_07_attack_and_defense_cheese_do_count() -> None:
    game = scenario(heroes={"collin": {"space": "5:4"}},
                    minions={"rat-warrior-1": {"space": "5:3"}, "rat-warrior-2": {"space": "5:1"}},
                    dice=[SWORD, CHEESE, CHEESE, SWORD, CHEESE, SHIELD])  # 3 attack dice (1 hit); 2 defense dice
    game.apply("battle collin rat-warrior-1")
    assert "rat-warrior-1" in game.state.minions  # the hit was blocked
    assert game.state.heroes["collin"].cheese == 2
    assert game.state.wheel == 1


@pytest.mark.rule("R-GEN-08")
def test_r_gen_08_a_mouse_with_two_classes_uses_cards_of_either() -> None:
    nez = CONTENT.heroes["nez"]
    assert (nez.battle, nez.defense, nez.lore, nez.move, nez.life) == (2, 1, 2, 1, 6)
    assert set(nez.classes) == {HeroClass.TINKERER, HeroClass.WARRIOR}
    game = Game.new("proving-grounds", ["nez", "tilda", "filch", "maginos"], seed=1)
    d = game.decision()
    assert d is not None and d.actor == "nez"
    classes = {c for a in d.options for c in CONTENT.ability_cards[a.args[0]].classes}
    assert {HeroClass.TINKERER, HeroClass.WARRIOR} <= classes
    assert not classes - {HeroClass.TINKERER, HeroClass.WARRIOR}


@pytest.mark.rule("R-GEN-09")
def test_r_gen_09_minion_card_life_is_wounds_per_figure() -> None:
    spider = CONTENT.minions["spider"]
    assert (spider.battle, spider.defense, spider.life) == (2, 3, 3)
    # 2 hits on a spider (life 3) do not defeat it; the wounds stay on the figure
    game = scenario(heroes={"collin": {"space": "5:13"}}, minions={"spider-1": {"space": "5:14"}},
                    dice=[SWORD, SWORD, SWORD, BOW, BOW, BOW, BOW])
    game.apply("battle collin spider-1")
    assert game.state.minions["spider-1"].wounds == 2
    assert not of(game.events, "minion_defeated")


@pytest.mark.rule("R-GEN-10")
def test_r_gen_10_story_control_board_areas() -> None:
    game = Game.new("proving-grounds", ["collin", "tilda", "filch", "maginos"], seed=2)
    st = game.state
    assert (st.hourglass, st.end_page, st.wheel, st.stash) == (1, 6, 0, [])  # track, wheel, stash
    assert st.search_deck and st.encounter_deck and st.track


@pytest.mark.rule("R-GEN-11")
def test_r_gen_11_hourglass_reaching_the_end_marker_loses() -> None:
    # Collin drifts off the Test Pool: captured, the hourglass moves to the end page, the chapter is lost.
    game = sandbox(heroes={"collin": {"space": "97:8"}, "tilda": {"space": "97:1"}}, hourglass=5, end_page=6,
                   dice=[SWORD])
    events = game.apply("end collin")
    assert one(events, "hourglass_moves").params["page"] == 6
    assert (game.state.status, game.state.outcome) == ("lost", "hourglass")


@pytest.mark.rule("R-GEN-12")
def test_r_gen_12_tile_markings() -> None:
    guard, sewer = CONTENT.tile_sides[5], CONTENT.tile_sides[6]
    assert guard.tile == sewer.tile and {guard.colour.value, sewer.colour.value} == {"orange", "blue"}
    spaces = {s.n: s for s in guard.spaces.values()}
    assert [n for n, s in sorted(spaces.items()) if s.trap] == [9, 14]
    assert [n for n, s in sorted(spaces.items()) if s.entry] == [1, 3, 10]
    assert [n for n, s in sorted(spaces.items()) if s.flip] == [8]
    assert [n for n, s in sorted(spaces.items()) if s.start] == [15]
    assert len(guard.exits) == 1


@pytest.mark.rule("R-GEN-13")
def test_r_gen_13_the_seven_classes() -> None:
    seven = {"leader", "warrior", "healer", "tinkerer", "scamp", "mystic", "archer"}
    assert {c.value for h in CONTENT.heroes.values() if not h.expansion for c in h.classes} == seven
    # [EXP] 003 adds an eighth, Wild: Thistle (authored) is the only hero of it
    assert [h.id for h in CONTENT.heroes.values() if "wild" in h.classes] == ["thistle"]
    assert {c.value for a in CONTENT.ability_cards.values() for c in a.classes} <= seven


@pytest.mark.rule("R-GEN-14")
def test_r_gen_14_small_and_large_figures() -> None:
    base = [m for m in CONTENT.minions.values() if not m.expansion]  # [EXP] creatures are tested apart
    assert {m.id for m in base if m.size == "large"} == {"spider", "cave-centipede"}
    assert {m.id for m in base if m.size == "small"} == {
        "roach", "rat-warrior", "elite-rat-warrior", "captain-vurst"
    }


@pytest.mark.rule("R-GEN-15")
def test_r_gen_15_markers() -> None:
    assert set(STATUSES) == {"stunned", "webbed", "charmed", "knocked_down", "cursed", "on_fire"}  # [EXP] R-NEG-07/08
    assert (CONTENT.minions["elite-rat-warrior"].max_figures, CONTENT.minions["captain-vurst"].max_figures) == (4, 1)
    tokens = {c.party_token for c in CONTENT.search_cards.values() if c.party_token and c.deck}  # [EXP] apart
    assert tokens == {"disguises", "fishhook", "fork", "grape"}
    # a poison wound is a wound marker on its green side: counted among the wounds
    game = scenario(heroes={"collin": {"space": "5:15", "wounds": 2, "poison": 1}},
                    minions={"rat-warrior-1": {"space": "5:3"}}, dice=[SWORD])
    assert (game.state.heroes["collin"].wounds, game.state.heroes["collin"].poison) == (2, 1)
