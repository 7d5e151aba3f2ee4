"""Individual achievements (R-ACH-01..06): one holder per chapter, the first mouse to earn each.

Cheesemaster (R-ACH-02) is checked where dice are rolled (battle), Poisonmaster and Scaper (R-ACH-04/05) on
capture, Cat Tamer (R-ACH-06) when Brodie is defeated; Roachmaster (R-ACH-03) lives here. The module can be
switched off with the ``no_achievements`` option (they are optional, R-ACH-01). [EXP] Fireproof (R-ACH-07) is
checked on capture, here.
"""

from __future__ import annotations

from typing import Final

from mnm.engine.actions import Action
from mnm.engine.context import Ctx, turn_verb
from mnm.engine.state import Hero, State, Turn

__all__ = ["ROACHES_FOR_ROACHMASTER", "aim_options", "captured_on_fire", "held", "roach_defeated", "start_encounter"]

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


# --- [EXP] FAQ-only achievements (R-ACH-08, R-ACH-09; Fireproof R-ACH-07 is in statuses) -----------------

MARKSMAN_BOWS = 3
AIM: Final = "marksman-aim"  # a turn flag: the Marksman spent the token for this turn's attack


def marksman_roll(ctx: Ctx, st: State, h: Hero, faces: list[int], hits: int, per_bow: int) -> int:
    """R-ACH-08: the first mouse to roll 3 or more BOWs in an attack becomes the Marksman. A Marksman who
    spent the token ('aim') has every die of this attack count as a BOW. Returns the attack's hits."""
    t = st.turn
    if t is not None and t.mouse == h.id and AIM in t.flags:
        t.flags.remove(AIM)
        hits = len(faces) * per_bow
        ctx.emit("marksman_aims", "R-ACH-08", hero=h.id, hits=hits)
        return hits
    bows = sum(1 for f in faces if ctx.dice[f].bow)
    earned = held(st, "marksman") or held(st, "marksman-spent")
    if bows >= MARKSMAN_BOWS and not st.options.get("no_achievements") and not earned:
        h.achievements.append("marksman")
        ctx.emit("achievement", "R-ACH-08", hero=h.id, achievement="marksman")
    return hits


def snake_charmer(ctx: Ctx, st: State, h: Hero) -> None:
    """R-ACH-09: the first mouse to defeat Hesster (its holder makes large minions roll 1 fewer defense die,
    like the Cat Tamer)."""
    if st.options.get("no_achievements") or held(st, "snake-charmer"):
        return
    h.achievements.append("snake-charmer")
    ctx.emit("achievement", "R-ACH-09", hero=h.id, achievement="snake-charmer")


def aim_options(ctx: Ctx, st: State, h: Hero, t: Turn) -> list[Action]:
    if "marksman" in h.achievements and AIM not in t.flags:
        return [Action("aim", h.id)]
    return []


def _aim_explain(ctx: Ctx, st: State, h: Hero, t: Turn, a: Action) -> str:
    if "marksman" not in h.achievements:
        return "only the Marksman may aim (R-ACH-08)"
    return "the Marksman has already aimed this turn"


def _aim_apply(ctx: Ctx, st: State, h: Hero, t: Turn, a: Action) -> None:
    """R-ACH-08: discard the Marksman token: every die of this turn's next attack counts as a BOW."""
    h.achievements.remove("marksman")
    h.achievements.append("marksman-spent")
    t.flags.append(AIM)
    ctx.emit("marksman_token_spent", "R-ACH-08", hero=h.id)


turn_verb("aim", aim_options, _aim_apply, _aim_explain)


def captured_on_fire(ctx: Ctx, st: State, h: Hero) -> None:
    """R-ACH-07: the first mouse captured while on fire becomes Fireproof (called before capture clears the
    markers)."""
    if st.options.get("no_achievements") or any("fireproof" in x.achievements for x in st.heroes.values()):
        return
    h.achievements.append("fireproof")
    ctx.emit("achievement", "R-ACH-07", hero=h.id, achievement="fireproof")
