"""[EXP] Terrain: lava (R-EXP-04, R-CAPT-05), chasms and stalagmites (R-EXP-21, R-BATTLE-08), shallow water
(R-EXP-22, R-WATER-09), outdoor tiles (R-EXP-17) and gecko prints (R-EXP-18).

Most of it is geometry, compiled once per tile side (:mod:`mnm.board.geometry`): lava and chasm spaces are
left out of every walking graph (nobody enters them on purpose) and kept in the flying graph; a stalagmite is
a map feature, so it is never entered and blocks sight like rock; shallow water is an ordinary space for
movement. What needs the state lives here: a figure *forced* into lava or a chasm, and the gecko prints.
"""

from __future__ import annotations

from mnm.board.layout import space_side
from mnm.content.schema import Terrain
from mnm.engine.context import Ctx
from mnm.engine.rules.battle import defeat_minion
from mnm.engine.rules.capture import capture
from mnm.engine.rules.expansion import wild_in_party
from mnm.engine.rules.weather import raining
from mnm.engine.state import State

__all__ = ["arrow_colour", "forced_into", "is_outdoor", "is_shallow", "puts_out_fire"]


def is_outdoor(ctx: Ctx, space: str) -> bool:
    """R-EXP-17: a Downwood, Underwood or Upwood tile side."""
    return ctx.content.tile_sides[space_side(space)].region is not None


def arrow_colour(ctx: Ctx, side: int) -> str:
    """R-EXP-17: Downwood tiles have a green orientation arrow, Underwood a blue one; castle tiles none."""
    region = ctx.content.tile_sides[side].region
    return {"downwood": "green", "underwood": "blue", "upwood": "branch"}.get(region or "", "")


def is_shallow(ctx: Ctx, space: str) -> bool:
    return ctx.board.spaces[space].terrain is Terrain.SHALLOW


def puts_out_fire(ctx: Ctx, st: State, space: str) -> bool:
    """R-NEG-08 / R-WATER-09: in water (deep or shallow), or on an outdoor tile while it rains, a fire comes
    off without a roll."""
    sp = ctx.board.spaces[space]
    return sp.water or sp.terrain is Terrain.SHALLOW or (raining(st) and is_outdoor(ctx, space))


def forced_into(ctx: Ctx, st: State, figure: str, space: str) -> bool:
    """R-EXP-04 / R-EXP-21: a figure that an effect (a current, a leaf) carries into lava or a chasm.
    A mouse is captured (R-CAPT-05), a minion defeated. Returns True when the figure was lost."""
    sp = ctx.board.spaces[space]
    if not sp.no_landing:
        return False
    terrain = sp.terrain.value if sp.terrain is not None else ""
    if figure in st.heroes:
        h = st.heroes[figure]
        ctx.emit("falls_into", "R-EXP-04" if terrain == "lava" else "R-EXP-21", figure=figure, space=space,
                 terrain=terrain)
        capture(ctx, st, h, terrain)
        return True
    m = st.minions.get(figure)
    if m is not None:
        if ctx.content.minions[m.type].flying:
            return False  # R-EXP-04: a flying figure is unaffected (it may not land there by its own move)
        ctx.emit("falls_into", "R-EXP-04" if terrain == "lava" else "R-EXP-21", figure=figure, space=space,
                 terrain=terrain)
        defeat_minion(ctx, st, m, None)
        return True
    return False


def gecko_blocked(ctx: Ctx, st: State) -> frozenset[tuple[str, str]]:
    """R-EXP-18: the yellow lines with a gecko print, as (from, to) space pairs, when no Wild mouse is in the
    party (empty when one is, or when the board has none)."""
    pairs = ctx.board.gecko_edges
    if not pairs or wild_in_party(ctx, st):
        return frozenset()
    return pairs
