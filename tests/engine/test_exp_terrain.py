"""[EXP] Terrain and flying figures: lava (R-EXP-04, R-CAPT-05), chasms and stalagmites (R-EXP-21,
R-BATTLE-08), outdoor tiles (R-EXP-17), gecko prints (R-EXP-18), flying figures (R-EXP-03).

The Ember Vault (side 20): 12 is the lava flow and 13 the chasm below it, between the west (1 gallery, 3, 5)
and the east (2 forge ledge, 4 mortar ledge, 6); walkers go round by 7, 11, 8. A stalagmite stands between 7
and 8. Bramble Hollow (side 19): 9 is a gecko-print flip space, and the yellow line 12 -> 15 has a gecko print.
"""

from __future__ import annotations

import pytest
from rulekit import BOW, CHEESE, SHIELD, SWORD, illegal, of, one, options, scenario

from mnm.engine.rules.terrain import arrow_colour, forced_into, is_outdoor

VAULT = "the-ember-vault"
HOLLOW = "the-trickle-crossing"
VAULT_UP = {"tiles": {"10": 20}}
HOLLOW_UP = {"tiles": {"10": 19}}


def _vault(heroes: dict[str, dict[str, object]], minions: dict[str, dict[str, object]], **fields: object):
    return scenario(chapter=VAULT, heroes=heroes, minions=minions, tokens={}, **VAULT_UP, **fields)


@pytest.mark.rule("R-EXP-04")
@pytest.mark.rule("R-EXP-21")
def test_r_exp_04_21_nobody_walks_into_lava_or_a_chasm() -> None:
    g = _vault({"collin": {"space": "20:3"}}, {}, track=["mouse:collin"], turn="mouse:collin", dice=[SHIELD])
    graph = g.ctx.board.graph(20)
    assert g.state.turn is not None and g.state.turn.move_points == 5
    moves = {a for a in options(g) if a.startswith("move")}
    assert "move collin 20:12" not in moves and "move collin 20:13" not in moves
    assert "move collin 20:1" in moves and "move collin 20:5" in moves
    assert not graph.mouse_adjacent("20:3", "20:12") and not graph.minion_adjacent("20:3", "20:13")
    assert "20:12" in illegal(g, "move collin 20:12")  # out of reach: lava is never entered on purpose
    # the flying graph keeps them: across the lava from the west gallery to the forge ledge in 2 steps
    fly = graph.fly_cost[graph.by_id["20:1"].index]
    assert fly[graph.by_id["20:12"].index] == 1


@pytest.mark.rule("R-EXP-04")
@pytest.mark.rule("R-CAPT-05")
def test_r_exp_04_a_figure_forced_into_lava_is_captured_or_defeated_a_flying_one_is_not() -> None:
    g = _vault({"collin": {"space": "20:1"}, "filch": {"space": "20:5"}},
               {"ember-beetle-1": {"space": "20:3"}, "cave-bat-1": {"space": "20:2"}},
               track=["mouse:collin", "mouse:filch", "minion:ember-beetle", "minion:cave-bat"],
               turn="mouse:collin", dice=[CHEESE])
    st, ctx = g.state, g.ctx
    assert forced_into(ctx, st, "collin", "20:12") is True
    assert st.heroes["collin"].captured and st.hourglass == 2  # R-CAPT-02: a capture like any other
    assert one(ctx.events, "falls_into").rule == "R-EXP-04"
    assert forced_into(ctx, st, "ember-beetle-1", "20:12") is True and "ember-beetle-1" not in st.minions
    assert forced_into(ctx, st, "cave-bat-1", "20:12") is False and "cave-bat-1" in st.minions
    assert forced_into(ctx, st, "filch", "20:3") is False  # an ordinary space: nothing happens


@pytest.mark.rule("R-EXP-21")
@pytest.mark.rule("R-BATTLE-08")
def test_r_exp_21_stalagmites_block_movement_and_line_of_sight() -> None:
    g = _vault({"collin": {"space": "20:7"}}, {}, track=["mouse:collin"], turn="mouse:collin", dice=[CHEESE])
    graph = g.ctx.board.graph(20)
    assert not graph.mouse_adjacent("20:7", "20:8") and not graph.minion_adjacent("20:7", "20:8")
    assert not graph.can_see("20:7", "20:8")
    assert {name for _, name, _ in graph.blockers} >= {"stalagmite", "rock"}


@pytest.mark.rule("R-EXP-17")
def test_r_exp_17_downwood_green_arrow_underwood_blue_arrow() -> None:
    g = scenario(chapter=HOLLOW, heroes={"collin": {"space": "17:3"}}, minions={}, tokens={},
                 track=["mouse:collin"], turn="mouse:collin", dice=[CHEESE])
    ctx = g.ctx
    assert (arrow_colour(ctx, 17), arrow_colour(ctx, 19), arrow_colour(ctx, 18), arrow_colour(ctx, 20)) == (
        "green", "green", "blue", "")
    assert is_outdoor(ctx, "17:3") and not is_outdoor(ctx, "20:1")


@pytest.mark.rule("R-EXP-18")
@pytest.mark.rule("R-GEN-13")
def test_r_exp_18_gecko_prints_need_a_wild_mouse() -> None:
    heroes = {"collin": {"space": "19:9"}, "filch": {"space": "19:12"}}
    g = scenario(chapter=HOLLOW, heroes=heroes, minions={}, tokens={}, track=["mouse:collin", "mouse:filch"],
                 turn="mouse:collin", dice=[CHEESE], **HOLLOW_UP)
    assert "only a Wild mouse" in illegal(g, "explore collin flip")
    # without a Wild mouse in the party the gecko yellow line 12 -> 15 cannot be crossed (Filch: 3 + 1)
    g1 = scenario(chapter=HOLLOW, heroes={"filch": {"space": "19:12"}, "collin": {"space": "19:9"}}, minions={},
                  tokens={}, track=["mouse:filch", "mouse:collin"], turn="mouse:filch", dice=[CHEESE], **HOLLOW_UP)
    from mnm.engine.rules.movement import mouse_neighbours, reachable

    def cost(game: object) -> int:
        st = game.state  # type: ignore[attr-defined]
        assert st.turn is not None
        return reachable(game.ctx, st, st.heroes["filch"], st.turn)["19:15"]  # type: ignore[attr-defined]

    assert "19:15" not in mouse_neighbours(g1.ctx, g1.state, "19:12", g1.state.turn)
    assert cost(g1) == 2  # round by 14, not across the gecko line
    # Thistle, the authored Wild hero
    g2 = scenario(chapter=HOLLOW, heroes={"filch": {"space": "19:12"}, "thistle": {"space": "19:9"}},
                  minions={}, tokens={}, track=["mouse:filch", "mouse:thistle"], turn="mouse:filch",
                  dice=[CHEESE], **HOLLOW_UP)
    assert cost(g2) == 1  # a Wild mouse in the party opens the gecko line for every mouse
    assert g2.ctx.board.graph(19).step_cost("19:12", "19:15") == 1
    g2.apply("end filch", dice=[CHEESE])  # Thistle's movement roll
    assert "explore thistle flip" in options(g2)  # the Wild mouse may explore the gecko-print flip space


@pytest.mark.rule("R-EXP-03")
def test_r_exp_03_a_flying_minion_crosses_lava_but_never_lands_on_it() -> None:
    # the Cave Bat on the west gallery rolls 2: over the lava (12) onto Collin's forge ledge (2), then attacks
    g = _vault({"collin": {"space": "20:2"}}, {"cave-bat-1": {"space": "20:1"}},
               track=["minion:cave-bat", "mouse:collin"], dice=[SWORD, BOW, BOW, CHEESE])
    fly = one(g.events, "minion_flies")
    assert (fly.params["path"], fly.rule) == (["20:12", "20:2"], "R-EXP-03")
    assert g.state.minions["cave-bat-1"].space == "20:2"
    assert one(g.events, "minion_attacks").params["hero"] == "collin"
    # rolling 1 it would end on the lava: it stays where it is instead
    g1 = _vault({"collin": {"space": "20:2"}}, {"cave-bat-1": {"space": "20:1"}},
                track=["minion:cave-bat", "mouse:collin"], dice=[CHEESE, CHEESE])
    assert g1.state.minions["cave-bat-1"].space == "20:1"
    assert one(g1.events, "minion_blocked").rule == "R-EXP-03"
    assert not of(g1.events, "minion_attacks")  # the lava lies between them: no melee attack
