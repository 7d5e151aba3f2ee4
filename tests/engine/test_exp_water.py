"""[EXP] Leaves, the Teaspoon Paddle and turtles on the Trickle (R-EXP-05, R-EXP-06, R-EXP-09, R-WATER-09).

The Trickle (side 17): 3 is the west bank, 4 the east landing; the stream runs south in three lanes
9 -> 12 -> 15 -> 18 (west), 10 -> 13 -> 16 -> 19 (middle), 11 -> 14 -> 17 -> 20 (east), off the south edge.
"""

from __future__ import annotations

import pytest
from rulekit import CHEESE, SWORD, illegal, of, one, options, scenario

TRICKLE = "the-trickle-crossing"


def _trickle(heroes: dict[str, dict[str, object]], tokens: dict[str, list[str]], dice: list[int], **fields: object):
    return scenario(chapter=TRICKLE, heroes=heroes, minions={}, tokens=tokens,
                    track=[f"mouse:{h}" for h in heroes], turn=f"mouse:{next(iter(heroes))}", dice=dice, **fields)


@pytest.mark.rule("R-EXP-05")
@pytest.mark.rule("R-WATER-09")
def test_r_exp_05_a_leaf_drifts_at_the_end_of_the_round_carrying_its_riders() -> None:
    g = _trickle({"collin": {"space": "17:9"}, "filch": {"space": "17:1"}}, {"leaf-1": ["17:9"]},
                 [CHEESE, CHEESE, CHEESE])
    ev = g.apply("end collin")
    assert not of(ev, "drifts") and g.state.heroes["collin"].space == "17:9"  # aboard: no drift of its own
    ev = g.apply("end filch")  # the round ends: the leaf drifts 1 space with the current
    drift = one(ev, "leaf_drifts")
    assert (drift.params["src"], drift.params["dst"], drift.params["riders"]) == ("17:9", "17:12", ["collin"])
    assert (g.state.tokens["leaf-1"], g.state.heroes["collin"].space) == (["17:12"], "17:12")


@pytest.mark.rule("R-EXP-05")
@pytest.mark.rule("R-EXP-07")
def test_r_exp_05_empty_leaves_drift_2_in_rain_the_one_ahead_first() -> None:
    g = _trickle({"collin": {"space": "17:3"}}, {"leaf-1": ["17:9"], "leaf-2": ["17:12"]}, [CHEESE, CHEESE],
                 chapter_data={"rain": True})
    ev = g.apply("end collin")
    # leaf-1 waits for leaf-2 ahead of it, then follows it: both go 2 spaces; leaf-2 runs aground on the ford
    moves = sorted((e.params["leaf"], e.params["src"], e.params["dst"]) for e in of(ev, "leaf_drifts"))
    assert moves == [("leaf-1", "17:12", "17:15"), ("leaf-1", "17:9", "17:12"),
                     ("leaf-2", "17:12", "17:15"), ("leaf-2", "17:15", "17:18")]
    assert g.state.tokens == {"leaf-1": ["17:15"], "leaf-2": ["17:18"]}


@pytest.mark.rule("R-EXP-05")
@pytest.mark.rule("R-WATER-04")
def test_r_exp_05_a_leaf_carried_off_the_tile_takes_its_riders_with_it() -> None:
    # Chapter 2's Sewer Drain Pipe: the outfall (16:14) runs off the east edge
    g = scenario(chapter="the-root-road", tiles={"8": 16}, heroes={"collin": {"space": "16:14"}, "filch": {"space": "16:5"}},
                 minions={}, tokens={"leaf-1": ["16:14"]}, track=["mouse:filch", "mouse:collin"], turn="mouse:filch",
                 dice=[CHEESE, CHEESE])
    g.apply("end filch")
    ev = g.apply("end collin")  # aboard, Collin does not drift; the round ends and the leaf goes off the tile
    gone = one(ev, "leaf_drifts_off")
    assert (gone.params["space"], gone.params["riders"]) == ("16:14", ["collin"])
    assert g.state.heroes["collin"].captured and "leaf-1" not in g.state.tokens


@pytest.mark.rule("R-EXP-05")
def test_r_exp_05_stepping_off_a_leaf_needs_no_climbing_roll() -> None:
    g = _trickle({"collin": {"space": "17:12"}}, {"leaf-1": ["17:12"]}, [SWORD])
    assert "move collin 17:3" in options(g)
    ev = g.apply("move collin 17:3")  # no die is scripted for a climb: none is rolled
    assert not of(ev, "leaves_water") and g.state.heroes["collin"].space == "17:3"
    assert g.state.turn is not None and g.state.turn.move_points == 3  # 2 + 2 - 1: movement goes on


@pytest.mark.rule("R-EXP-06")
def test_r_exp_06_the_teaspoon_paddle_steers_a_leaf_even_against_the_current() -> None:
    g = _trickle({"collin": {"space": "17:13"}, "filch": {"space": "17:1"}}, {"leaf-1": ["17:13"]}, [CHEESE],
                 stash=["paddle"])
    paddles = {a for a in options(g) if a.startswith("paddle")}
    assert paddles == {"paddle collin 17:10", "paddle collin 17:12", "paddle collin 17:14", "paddle collin 17:16"}
    ev = g.apply("paddle collin 17:10")  # upstream: against the current
    assert one(ev, "leaf_paddled").rule == "R-EXP-06"
    assert (g.state.tokens["leaf-1"], g.state.heroes["collin"].space) == (["17:10"], "17:10")
    assert g.state.turn is not None and g.state.turn.acted
    no_paddle = _trickle({"collin": {"space": "17:13"}}, {"leaf-1": ["17:13"]}, [CHEESE])
    assert "no Teaspoon Paddle" in illegal(no_paddle, "paddle collin 17:10")


@pytest.mark.rule("R-EXP-09")
def test_r_exp_09_the_whistle_calls_three_turtles_in_a_line_on_empty_water() -> None:
    g = _trickle({"collin": {"space": "17:3"}}, {}, [CHEESE], stash=["whistle"])
    lines = {a for a in options(g) if a.startswith("whistle")}
    assert "whistle collin 17:12 17:13 17:14" in lines and "whistle collin 17:9 17:12 17:15" in lines
    ev = g.apply("whistle collin 17:12 17:13 17:14")
    assert one(ev, "turtles_called").params["spaces"] == ["17:12", "17:13", "17:14"]
    turtles = g.state.chapter_data["turtles"]
    assert sorted(g.state.tokens) == ["turtle-1", "turtle-2", "turtle-3"]
    assert sorted([*turtles["bag"], *turtles["under"].values()]) == ["bubbles", "shell", "shell", "shell", "snapping"]


FOUR_LEFT = ["shell", "shell", "bubbles", "snapping"]  # the box holds 5 turtles (a save or scenario must keep them)


def _crossing(under: list[str], dice: list[int]):
    return _trickle(
        {"collin": {"space": "17:3"}, "filch": {"space": "17:1"}},
        {"turtle-1": ["17:12"], "turtle-2": ["17:13"], "turtle-3": ["17:14"]},
        dice,
        chapter_data={"turtles": {"bag": ["shell", "bubbles"], "safe": [],
                                  "under": {f"turtle-{i}": u for i, u in enumerate(under, start=1)}}},
    )


@pytest.mark.rule("R-EXP-09")
def test_r_exp_09_shell_turtles_are_stepping_stones_across_the_stream() -> None:
    g = _crossing(["shell", "shell", "shell"], [SWORD, CHEESE])  # Collin: 2 + 2 = 4 movement
    ev = g.apply("move collin 17:12")
    assert one(ev, "turtle_flipped").params["side"] == "shell"
    t = g.state.turn
    assert t is not None and (t.move_points, t.movement_over) == (3, False)  # out of the water: it goes on
    g.apply("move collin 17:13")
    g.apply("move collin 17:14")
    assert g.state.chapter_data["turtles"]["safe"] == ["turtle-1", "turtle-2", "turtle-3"]
    ev = g.apply("move collin 17:4")  # off the shell onto the east landing: no climbing roll
    assert g.state.heroes["collin"].space == "17:4" and not of(ev, "leaves_water")


@pytest.mark.rule("R-EXP-09")
def test_r_exp_09_bubbles_tip_the_mouse_in_and_snapping_jaws_bite() -> None:
    g = _crossing(["bubbles", "shell", "shell"], [SWORD, CHEESE])
    ev = g.apply("move collin 17:12")
    assert one(ev, "turtle_flipped").params["side"] == "bubbles"
    assert one(ev, "turtle_reset").params["turtle"] == "turtle-1"
    assert one(ev, "turn_ends").params["hero"] == "collin"
    assert g.state.heroes["collin"].space == "17:15"  # in the water; the current took it on at the turn's end
    g2 = _crossing(["snapping", "shell", "shell"], [SWORD, CHEESE])
    g2.apply("move collin 17:12")
    assert g2.state.heroes["collin"].wounds == 1


@pytest.mark.rule("R-EXP-09")
def test_r_exp_09_the_current_pushes_a_turtle_downstream_or_sweeps_it_away() -> None:
    g = _trickle({"collin": {"space": "17:10"}}, {"turtle-1": ["17:13"]}, [CHEESE, CHEESE],
                 chapter_data={"turtles": {"bag": FOUR_LEFT, "safe": [], "under": {"turtle-1": "shell"}}})
    ev = g.apply("end collin")
    push = one(ev, "turtle_pushed")
    assert (push.params["src"], push.params["dst"]) == ("17:13", "17:16")
    assert g.state.heroes["collin"].space == "17:13" and g.state.tokens["turtle-1"] == ["17:16"]
    g2 = _trickle({"collin": {"space": "17:13"}}, {"turtle-1": ["17:16"]}, [CHEESE, CHEESE],
                  chapter_data={"turtles": {"bag": FOUR_LEFT, "safe": [], "under": {"turtle-1": "shell"}}})
    ev2 = g2.apply("end collin")  # below 16 lies the ford, no water: the turtle is swept away
    assert one(ev2, "turtle_swept_away").params["space"] == "17:16"
    assert "turtle-1" not in g2.state.tokens

