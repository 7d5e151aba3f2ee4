"""[EXP] Weather: rain (R-EXP-07, R-WATER-04's [EXP] clause) and Nightfall (R-EXP-11, R-SURGE-09).

Rain is a chapter state (``chapter_data["rain"]``): a chapter starts it at setup (``rain: true``) or later
by its own rules. Pesky Bees, the other thing that lives on green-arrow tiles, are in :mod:`bees`.
"""

from __future__ import annotations

from mnm.engine.context import Ctx
from mnm.engine.state import State

__all__ = ["MOON", "drift_spaces", "nightfall", "raining", "start_rain", "stop_rain", "surge_at"]

MOON = "moon"  # ``chapter_data["moon"]``: the moon token sits on the wheel
SURGE_AT = 6  # R-SURGE-02


def raining(st: State) -> bool:
    return bool(st.chapter_data.get("rain"))


def start_rain(ctx: Ctx, st: State) -> None:
    """R-EXP-07: every current becomes a strong current; fire comes off without a roll outdoors."""
    if not raining(st):
        st.chapter_data["rain"] = True
        ctx.emit("rain_begins", "R-EXP-07")


def stop_rain(ctx: Ctx, st: State) -> None:
    if raining(st):
        st.chapter_data["rain"] = False
        ctx.emit("rain_ends", "R-EXP-07")


def drift_spaces(st: State) -> int:
    """R-WATER-04 / R-EXP-07: a current carries a mouse (or a leaf) 1 space, 2 in rain."""
    return 2 if raining(st) else 1


def nightfall(ctx: Ctx, st: State) -> None:
    """R-SURGE-09 / R-EXP-11: the moon token goes on the minion wheel under the cheese until the next surge.
    Its further effect (docs/rulings.md R-EXP-11): it fills one of the wheel's six places, so the next surge
    comes at 5 cheese."""
    if st.chapter_data.get(MOON):
        return
    st.chapter_data[MOON] = True
    ctx.emit("nightfall", "R-SURGE-09", wheel=st.wheel, surge_at=surge_at(st))


def surge_at(st: State) -> int:
    """Cheese on the wheel that sets off a surge (R-SURGE-02): 6, or 5 while the moon is on it."""
    return SURGE_AT - 1 if st.chapter_data.get(MOON) else SURGE_AT


def moon_sets(ctx: Ctx, st: State) -> None:
    """R-SURGE-09: the moon leaves the wheel with the surge."""
    if st.chapter_data.pop(MOON, None):
        ctx.emit("moon_sets", "R-SURGE-09")
