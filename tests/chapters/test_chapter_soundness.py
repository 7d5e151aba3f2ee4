"""A chapter file that validates plays, ends and cannot touch the engine (issue 29, items 3 and 4).

Chapter counters and flags live in their own namespace (``State.chapter_vars``), every number a rule moves stays
on its track, an ``explore_attempt`` rule fires when a mouse explores (never when options are listed), and a
``round_ends`` rule's steps run.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from langkit import game

from mnm.engine.game import Game
from mnm.engine.rules.weather import raining
from mnm.engine.savefile import migrate_save

ROOT = Path(__file__).resolve().parents[2]
CHEESE = 1  # the die face showing 1 CHEESE (a 1 for movement)
SWORD = 2  # 2 SWORD + STAR
SHIELD = 3

ENGINE_NAMES = ("rules_fired", "hesster", "bees", "rain", "moon", "helpers", "turtles", "branches", "chapter_won")


# --- the namespace --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ENGINE_NAMES)
def test_a_chapter_flag_or_counter_named_like_an_engine_key_changes_nothing_in_the_engine(name: str) -> None:
    g = game(
        f"rules: [{{id: a, once: true, when: movement_roll, do: [set_flag: {{name: {name}}},"
        f" counter: {{name: {name}-n, op: add, value: 2}}]}}]",
        turn="mouse:collin",
        dice=[CHEESE] * 10,
    )
    engine_before = dict(g.state.chapter_data)
    g.ctx.rules.on_move_roll(g.ctx, g.state, "collin", CHEESE)
    g.ctx.rules.on_move_roll(g.ctx, g.state, "collin", CHEESE)  # once: fires one time only
    assert g.state.chapter_vars == {name: True, f"{name}-n": 2}
    assert set(g.state.chapter_data) == set(engine_before) | {"rules_fired"}
    assert g.state.chapter_data["rules_fired"] == ["a"]
    assert not raining(g.state)
    g.apply(g.legal_actions()[0])  # the engine plays on: no TypeError from a flag where it keeps a mapping
    assert Game.from_json(g.to_json(), g.ctx.content).state.chapter_vars == g.state.chapter_vars


def test_a_chapter_condition_reads_its_own_names_not_the_engine_s() -> None:
    """A flag named ``rain`` is the chapter's: the engine's rain does not set it, and setting it starts no rain."""
    g = game("victory: [flag: {name: rain}]", chapter_data={"rain": True})  # the engine's rain, on
    assert raining(g.state) and not g.ctx.rules.check_victory(g.ctx, g.state)
    g.state.chapter_vars["rain"] = True
    g.state.chapter_data["rain"] = False
    assert g.ctx.rules.check_victory(g.ctx, g.state) and not raining(g.state)


def test_a_save_of_format_1_loads_with_its_chapter_counters_moved_to_chapter_vars() -> None:
    g = game("victory: [counter: {name: pile, op: ge, value: 3}]", chapter_data={"pile": 2, "rain": True})
    assert g.state.chapter_vars == {"pile": 2} and g.state.chapter_data == {"rain": True}
    new = g.to_json()
    old = json.loads(json.dumps(new))
    old["state"]["format"] = 1
    old["state"]["chapter_data"] = {**old["state"]["chapter_data"], **old["state"].pop("chapter_vars")}
    loaded = Game.from_json(old, g.ctx.content)
    assert loaded.state.chapter_vars == {"pile": 2} and loaded.state.chapter_data == {"rain": True}
    assert migrate_save(new) is new  # this version's saves are left as they are


def test_the_example_save_of_format_1_still_loads() -> None:
    data = json.loads((ROOT / "examples" / "saves" / "chapter1-won.json").read_text(encoding="utf-8"))
    assert data["state"]["format"] == 1
    loaded = Game.from_json(data)
    assert loaded.state.status == "won" and loaded.state.chapter_vars == {}


def test_a_save_with_a_chapter_counter_among_the_engine_keys_is_refused() -> None:
    g = game("victory: [no_minions: {}]")
    data: dict[str, Any] = g.to_json()
    data["state"]["chapter_data"]["pile"] = 3
    with pytest.raises(Exception, match=r"chapter_data\.pile"):
        Game.from_json(data, g.ctx.content)


# --- every number bounded -------------------------------------------------------------------------------------


@pytest.mark.rule("R-WIN-04")
@pytest.mark.parametrize(("pages", "end_page"), [(20, 10), (-20, 4), (2, 8), (-1, 5)])
def test_r_win_04_move_end_marker_keeps_the_marker_on_the_track_ahead_of_the_hourglass(
    pages: int, end_page: int
) -> None:
    g = game(f"rules: [{{id: m, when: chapter_begins, do: [move_end_marker: {{pages: {pages}}}]}}]", hourglass=3)
    g.state.end_page = 6
    g.ctx.rules.on_setup(g.ctx, g.state)
    assert g.state.end_page == end_page  # the track has 10 pages; the hourglass stands on page 3


def test_move_end_marker_beyond_its_bound_is_refused_by_the_language() -> None:
    from pydantic import ValidationError

    from mnm.chapter_language import Effect

    with pytest.raises(ValidationError):
        Effect.model_validate({"move_end_marker": {"pages": 10_000}})


@pytest.mark.rule("R-SURGE-04")
def test_r_surge_04_place_minion_respects_the_box_s_figure_counts() -> None:
    """Five rules each placing Captain Vurst: the box holds one Vurst, so one is placed and the others are
    skipped with the shortfall's event (R-SURGE-04, R-ENC-12)."""
    places = ", ".join(f'place_minion: {{minion: captain-vurst, space: "5:{n}"}}' for n in (1, 2, 3, 7, 8))
    g = game(f"rules: [{{id: v, when: chapter_begins, do: [{places}]}}]")
    g.ctx.rules.on_setup(g.ctx, g.state)
    assert [m.type for m in g.state.minions.values()] == ["captain-vurst"]
    assert [e.msg for e in g.ctx.events].count("not_enough_figures") == 4


@pytest.mark.rule("R-STORY-03")
def test_r_story_03_place_minion_on_a_full_space_takes_the_nearest_space_with_room() -> None:
    g = game(
        'rules: [{id: v, when: chapter_begins, do: [place_minion: {minion: rat-warrior, space: "5:7"}]}]',
        minions={"rat-warrior-1": {"space": "5:7"}, "roach-1": {"space": "5:7"}},
    )
    full = g.ctx.board.spaces["5:7"].capacity
    for i in range(2, full):
        g.state.minions[f"x-{i}"] = type(g.state.minions["roach-1"])(f"x-{i}", "roach", "5:7")
    g.ctx.rules.on_setup(g.ctx, g.state)
    placed = [m for m in g.state.minions.values() if m.id == "rat-warrior-2"]
    assert placed and placed[0].space != "5:7" and placed[0].space.startswith("5:")


def test_counters_stop_at_their_bound() -> None:
    g = game(
        "rules: [{id: c, when: movement_roll, do: [counter: {name: n, op: add, value: 999},"
        " counter: {name: m, op: sub, value: 999}]}]"
    )
    for _ in range(3):
        g.ctx.rules.on_move_roll(g.ctx, g.state, "collin", CHEESE)
    assert g.state.chapter_vars == {"n": 999, "m": -999}


@pytest.mark.rule("R-GEN-11")
def test_r_gen_11_time_runs_out_past_30_rounds_a_page_even_when_nothing_fills_the_wheel() -> None:
    """A minion idle on a tile no mouse reaches and a mouse that only ends its turns: the wheel never fills, yet
    the chapter ends (the bots once played such a game for ever)."""
    g = game(
        "victory: [no_minions: {}]",
        minions={"rat-warrior-1": {"space": "5:1"}},
        track=["mouse:collin"],
        turn="mouse:collin",
        round=179,
        dice=[SHIELD] * 10,
    )
    g.state.minions["rat-warrior-1"].space = "6:1"  # on the tile's other side: idle (R-MINION-11)
    assert g.state.end_page == 6
    g.apply("end collin")
    assert (g.state.status, g.state.round) == ("playing", 180)
    g.apply("end collin")
    assert (g.state.status, g.state.outcome) == ("lost", "hourglass")


# --- explore_attempt: when a mouse explores, not when its options are listed ----------------------------------

COUNTING_ATTEMPT = (
    "rules: [{id: c, when: explore_attempt, do: [counter: {name: tries, op: add, value: 1},"
    " roll: {dice: 1, need: star, then: [set_flag: {name: lucky}]}]}]"
)


@pytest.mark.rule("R-EXPLORE-13")
def test_r_explore_13_explore_attempt_fires_when_the_mouse_explores_not_when_options_are_listed() -> None:
    g = game(COUNTING_ATTEMPT, heroes={"collin": {"space": "5:8"}}, turn="mouse:collin", dice=[SWORD] * 20)
    draws = g.state.random_draws
    for _ in range(10):
        assert any(a.verb == "explore" for a in g.legal_actions())
        g.decision()
    assert g.state.chapter_vars == {} and g.state.random_draws == draws
    explore = next(a for a in g.legal_actions() if a.verb == "explore")
    g.apply(explore)
    assert g.state.chapter_vars["tries"] == 1 and g.state.chapter_vars["lucky"] is True


@pytest.mark.rule("R-EXPLORE-13")
def test_r_explore_13_a_once_gate_keeps_gating_and_its_rule_never_fires_by_being_looked_at() -> None:
    g = game(
        "rules: [{id: g, once: true, when: explore_attempt, where: {what: flip},"
        " do: [gate: {reason: {en: stuck, pt: emperrada}}]}]",
        heroes={"collin": {"space": "5:8"}},
        turn="mouse:collin",
        dice=[CHEESE],
    )
    for _ in range(3):
        assert g.ctx.rules.explore_precondition(g.ctx, g.state, "collin", "flip") == "stuck"
    assert "rules_fired" not in g.state.chapter_data


# --- round_ends: effects that are steps run ---------------------------------------------------------------------


@pytest.mark.rule("R-ROUND-01")
def test_r_round_01_place_minions_from_round_ends_places_them_before_the_new_round() -> None:
    g = game(
        "rules: [{id: e, when: round_ends, once: true, do: [place_minions: {minion: rat-warrior, count: 2, side: 5}]}]",
        track=["mouse:collin"],
        turn="mouse:collin",
        dice=[CHEESE] * 20,
        options={"auto_pick_choices": True},
    )
    events = g.apply("end collin")
    rats = [m for m in g.state.minions.values() if m.type == "rat-warrior"]
    assert len(rats) == 2
    names = [e.msg for e in events]
    assert names.index("minion_placed") < names.index("round_begins")
    assert any(c.startswith("minion:rat-warrior") for c in g.state.track)
