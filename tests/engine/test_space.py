"""Sharing spaces and special areas (R-SPACE-01..06)."""

from __future__ import annotations

import pytest
from flowkit import BOW, BOW_STAR, SWORD, moves, of, one, options, sandbox, scenario

from mnm.engine.errors import IllegalAction, ScenarioError

RAT_FAR = {"rat-warrior-1": {"space": "5:3"}}
FOUR_MICE_ON_17 = {h: {"space": "5:17"} for h in ("tilda", "filch", "maginos", "nez")}


@pytest.mark.rule("R-SPACE-01")
def test_r_space_01_four_small_figures_fit() -> None:
    game = scenario(heroes={"collin": {"space": "5:15"}, **FOUR_MICE_ON_17}, minions=RAT_FAR, dice=[SWORD])
    assert [h.space for h in game.state.heroes.values()].count("5:17") == 4


@pytest.mark.rule("R-SPACE-01")
def test_r_space_01_a_fifth_small_figure_does_not() -> None:
    with pytest.raises(ScenarioError, match=r"5:17 holds 5 small"):
        scenario(
            heroes={"collin": {"space": "5:15"}, **FOUR_MICE_ON_17},
            minions={"rat-warrior-1": {"space": "5:17"}},
        )


@pytest.mark.rule("R-SPACE-01")
def test_r_space_01_a_large_figure_fills_its_space_alone() -> None:
    with pytest.raises(ScenarioError, match=r"1 large"):
        scenario(heroes={"collin": {"space": "5:13"}}, minions={"spider-1": {"space": "5:13"}})


@pytest.mark.rule("R-SPACE-02")
def test_r_space_02_no_mouse_enters_a_space_with_a_large_figure() -> None:
    game = scenario(heroes={"collin": {"space": "5:13"}}, minions={"spider-1": {"space": "5:14"}}, dice=[SWORD])
    assert "5:14" not in moves(game)
    assert "5:16" not in moves(game)  # only reached through 14 (or the long way round, 6 steps)
    with pytest.raises(IllegalAction, match=r"full \(R-SPACE-02\)"):
        game.apply("move collin 5:14")
    assert "battle collin spider-1" in options(game)  # fought from the next space instead


@pytest.mark.rule("R-SPACE-02")
def test_r_space_02_no_minion_passes_through_a_full_space() -> None:
    # The spider fills 14. The rat on 16 cannot go 16-14-17 to Collin; it goes round by 11 and 7.
    game = sandbox(
        heroes={"collin": {"space": "5:17"}},
        minions={"rat-warrior-1": {"space": "5:16"}, "spider-1": {"space": "5:14"}},
        track=["minion:rat-warrior", "mouse:collin", "minion:spider"],
        turn="minion:rat-warrior",
        dice=[SWORD, BOW_STAR],  # the rat's 2; Collin's movement roll
    )
    ev = one(game.events, "minion_moves")
    assert (ev.params["src"], ev.params["dst"], ev.params["steps"]) == ("5:16", "5:7", 2)


@pytest.mark.rule("R-SPACE-02")
def test_r_space_02_a_minion_stops_next_to_a_full_space() -> None:
    # Collin's space (17) is full; the rat on 11 comes as close as it can (14) and attacks from there.
    game = sandbox(
        heroes={"collin": {"space": "5:17"}, "tilda": {"space": "5:17"}, "filch": {"space": "5:17"},
                "nez": {"space": "5:17"}},
        minions={"rat-warrior-1": {"space": "5:11"}},
        track=["minion:rat-warrior", "mouse:collin", "mouse:tilda", "mouse:filch", "mouse:nez"],
        turn="minion:rat-warrior",
        dice=[SWORD, BOW, BOW, BOW_STAR],
    )
    assert game.state.minions["rat-warrior-1"].space == "5:14"
    assert one(game.events, "minion_attacks").params["hero"] == "collin"


TABLE = "7:9"


@pytest.mark.rule("R-SPACE-03")
def test_r_space_03_a_special_area_holds_more_than_four() -> None:
    # The Dining Hall table (capacity 8) already holds 4 mice and 2 rats; Collin climbs up from a chair.
    game = sandbox(
        heroes={"collin": {"space": "7:6"}, **{h: {"space": TABLE} for h in ("tilda", "filch", "maginos", "nez")}},
        minions={"rat-warrior-1": {"space": TABLE}, "rat-warrior-2": {"space": TABLE}},
        track=["mouse:collin", "mouse:tilda", "mouse:filch", "mouse:maginos", "mouse:nez", "minion:rat-warrior"],
        dice=[SWORD],
    )
    assert game.ctx.board.spaces[TABLE].capacity == 8
    assert TABLE in moves(game)
    game.apply(f"move collin {TABLE}")
    assert game.state.heroes["collin"].space == TABLE


@pytest.mark.rule("R-SPACE-03")
def test_r_space_03_but_not_more_than_its_capacity() -> None:
    with pytest.raises(ScenarioError, match=r"7:9 holds 9 small"):
        sandbox(
            heroes={h: {"space": TABLE} for h in ("collin", "tilda", "filch", "maginos", "nez")},
            minions={f"roach-{i}": {"space": TABLE} for i in range(1, 5)},
        )


@pytest.mark.rule("R-SPACE-04")
def test_r_space_04_ranged_minions_go_to_the_red_bordered_area_first() -> None:
    # Filch explores into the Dining Hall; "Elite Guard" brings 2 Elite Rat Warriors (ranged). The table is
    # the red-bordered special entry area, so both go there, though it is the entry nearest the mice.
    game = sandbox(heroes={"filch": {"space": "5:4"}}, encounter_deck_top=["elite-guard"], dice=[SWORD],
                   dice_mode="seeded")
    assert game.ctx.board.spaces[TABLE].red_border and game.ctx.board.spaces[TABLE].entry
    events = game.apply("explore filch exit-0")
    placed = of(events, "minion_placed")
    assert [(e.params["minion"], e.params["space"]) for e in placed] == [
        ("elite-rat-warrior-1", TABLE),
        ("elite-rat-warrior-2", TABLE),
    ]
    assert {e.rule for e in placed} == {"R-ENC-05"}


@pytest.mark.rule("R-SPACE-05")
def test_r_space_05_brodie_takes_no_room() -> None:
    # Three mice and Brodie's paw token on 17: a fourth mouse still fits, and four mice stand with him.
    game = scenario(
        heroes={"collin": {"space": "5:15"}, **{h: {"space": "5:17"} for h in ("tilda", "filch", "maginos")}},
        minions={"brodie": {"space": "5:17"}},
        dice=[SWORD],
    )
    assert "5:17" in moves(game)
    full = scenario(heroes={**FOUR_MICE_ON_17, "collin": {"space": "5:15"}}, minions={"brodie": {"space": "5:17"}})
    assert full.state.minions["brodie"].space == "5:17"


@pytest.mark.rule("R-SPACE-06")
def test_r_space_06_a_large_figure_does_not_enter_a_space_with_small_ones() -> None:
    # The spider next to Collin cannot step into his space: it stays and bites from where it is.
    game = sandbox(
        heroes={"collin": {"space": "5:14"}},
        minions={"spider-1": {"space": "5:11"}},
        track=["minion:spider", "mouse:collin"],
        turn="minion:spider",
        dice=[SWORD, BOW, BOW, BOW_STAR],  # spider's movement 2; its 2 attack dice, no hit; Collin's roll
    )
    assert game.state.minions["spider-1"].space == "5:11"
    assert one(game.events, "minion_attacks").params["hero"] == "collin"
