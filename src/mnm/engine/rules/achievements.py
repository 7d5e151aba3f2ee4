"""Individual achievements (R-ACH-01..06): one holder per chapter, the first mouse to earn each.

Cheesemaster (R-ACH-02) is checked where dice are rolled (battle), Poisonmaster and Scaper (R-ACH-04/05) on
capture, Cat Tamer (R-ACH-06) when Brodie is defeated; Roachmaster (R-ACH-03) lives here. The module can be
switched off with the ``no_achievements`` option (they are optional, R-ACH-01).
"""

from __future__ import annotations

from mnm.engine.context import Ctx
from mnm.engine.state import Hero, State

__all__ = ["ROACHES_FOR_ROACHMASTER", "held", "roach_defeated", "start_encounter"]

ROACHES_FOR_ROACHMASTER = 4
_KEY = "_roaches_this_encounter"


def held(st: State, achievement: str) -> bool:
    return any(achievement in h.achievements for h in st.heroes.values())


def start_encounter(st: State) -> None:
    """A new encounter card was revealed: roach counts for Roachmaster start again."""
    st.stats.pop(_KEY, None)
    for key in [k for k in st.stats if k.startswith(_KEY)]:
        del st.stats[key]


def roach_defeated(ctx: Ctx, st: State, h: Hero) -> None:
    """R-ACH-03: the first mouse to defeat 4 roaches within one encounter; end marker +1 page."""
    key = f"{_KEY}:{h.id}"
    st.stats[key] = st.stats.get(key, 0) + 1
    if st.options.get("no_achievements") or held(st, "roachmaster"):
        return
    if st.stats[key] >= ROACHES_FOR_ROACHMASTER:
        h.achievements.append("roachmaster")
        st.end_page += 1
        ctx.emit("achievement", "R-ACH-03", hero=h.id, achievement="roachmaster", end_page=st.end_page)
