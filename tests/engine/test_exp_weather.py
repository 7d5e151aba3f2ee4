"""[EXP] Rain (R-EXP-07, R-WATER-04's [EXP] clause) and Nightfall (R-EXP-11, R-SURGE-09).

The Trickle (side 17): the stream runs south in three lanes; 9 -> 12 -> 15 -> 18 -> off the tile (west lane),
10 -> 13 -> 16 -> 19 (middle), 11 -> 14 -> 17 -> 20 (east). 3 is the west bank.
"""

from __future__ import annotations

import pytest
from rulekit import CHEESE, of, one, scenario

TRICKLE = "the-trickle-crossing"


def _in_stream(rain: bool):
    return scenario(
        chapter=TRICKLE,
        heroes={"collin": {"space": "17:10"}, "filch": {"space": "17:1"}},
        minions={},
        track=["mouse:collin", "mouse:filch"],
        turn="mouse:collin",
        tokens={},
        chapter_data={"rain": rain},
        dice=[CHEESE, CHEESE],
    )


@pytest.mark.rule("R-WATER-04")
@pytest.mark.rule("R-EXP-07")
def test_r_exp_07_rain_makes_every_current_strong_mice_drift_2_spaces() -> None:
    dry = _in_stream(False)
    dry.apply("end collin")
    assert dry.state.heroes["collin"].space == "17:13"
    wet = _in_stream(True)
    ev = wet.apply("end collin")
    assert [(e.params["src"], e.params["dst"]) for e in of(ev, "drifts")] == [("17:10", "17:13"), ("17:13", "17:16")]
    assert wet.state.heroes["collin"].space == "17:16"


@pytest.mark.rule("R-EXP-07")
def test_r_exp_07_the_chapter_s_rain_comes_with_the_second_surge() -> None:
    g = scenario(chapter=TRICKLE, heroes={"collin": {"space": "17:3"}}, minions={}, track=["mouse:collin"],
                 turn="mouse:collin", tokens={}, dice=[CHEESE])
    st, ctx = g.state, g.ctx
    st.stats["surges"] = 1
    assert ctx.rules.on_surge(ctx, st, 17, []) is None and not st.chapter_data.get("rain")
    st.stats["surges"] = 2  # the surge step counts itself before the chapter hears of it
    ctx.rules.on_surge(ctx, st, 17, [])
    assert one(ctx.events, "rain_begins").rule == "R-EXP-07"
    assert st.chapter_data["rain"] is True


@pytest.mark.rule("R-SURGE-09")
@pytest.mark.rule("R-EXP-11")
def test_r_surge_09_the_moon_sits_on_the_wheel_and_a_surge_comes_at_5_cheese_until_it_sets() -> None:
    # the Wine Cellar of Chapter 2 has no special surge, and no encounter card lies face up: no minions come
    g = scenario(
        chapter="the-root-road",
        heroes={"collin": {"space": "14:1"}, "filch": {"space": "14:2"}},
        minions={},
        track=["mouse:collin", "mouse:filch"],
        turn="mouse:collin",
        wheel=4,
        chapter_data={"moon": True},
        dice=[CHEESE, CHEESE, CHEESE],
    )
    g.apply("end collin")
    ev = g.apply("end filch")  # Time is Short: 5 cheese with the moon taking the sixth place: a surge
    assert one(ev, "surge").params["wheel"] == 5
    assert one(ev, "moon_sets").rule == "R-SURGE-09"
    assert "moon" not in g.state.chapter_data and g.state.wheel == 0


@pytest.mark.rule("R-SURGE-09")
@pytest.mark.rule("R-EXP-11")
def test_r_exp_11_nightfall_comes_with_the_fourth_surge_of_chapter_3() -> None:
    g = scenario(chapter=TRICKLE, heroes={"collin": {"space": "17:3"}}, minions={}, track=["mouse:collin"],
                 turn="mouse:collin", tokens={}, chapter_data={"rain": True}, dice=[CHEESE])
    st, ctx = g.state, g.ctx
    st.stats["surges"] = 4
    ctx.rules.on_surge(ctx, st, 17, [])
    night = one(ctx.events, "nightfall")
    assert (night.rule, night.params["surge_at"]) == ("R-SURGE-09", 5)
    assert st.chapter_data["moon"] is True
