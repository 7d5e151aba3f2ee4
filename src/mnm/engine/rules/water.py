"""Water and currents (R-WATER-01..08). Entering water ends a move (in :mod:`movement`); here: leaving
water (an obstacle check) and drifting with the current at the end of a turn."""

from __future__ import annotations

from typing import Any

from mnm.engine.context import Ctx, push, step
from mnm.engine.dice import roll
from mnm.engine.query import can_enter, mice_in
from mnm.engine.rules.allies import allies_in
from mnm.engine.rules.capture import capture
from mnm.engine.rules.leaves import afloat
from mnm.engine.rules.terrain import forced_into
from mnm.engine.rules.turtles import current_pushes_turtle
from mnm.engine.rules.weather import drift_spaces
from mnm.engine.state import Hero, State

__all__: list[str] = []


@step("leave_water")
def _leave_water(ctx: Ctx, st: State, args: list[Any]) -> None:
    """R-WATER-02: the whole move and a check with 1 die + 1 per mouse already on the destination."""
    h = st.heroes[str(args[0])]
    dest = str(args[1])
    t = st.turn
    helpers = len(mice_in(st, dest)) + len(allies_in(ctx, st, dest))  # [EXP] allies count as mice (R-EXP-01)
    faces = roll(st, 1 + helpers, f"{h.id} leaving the water")
    ok = any(ctx.dice[f].star for f in faces)
    if t is not None:
        t.moved = True
        t.movement_over = True
        t.move_points = 0
    if ok:
        src = h.space
        h.space = dest
        ctx.emit("leaves_water", "R-WATER-02", hero=h.id, src=src, dst=dest, faces=list(faces), dice=1 + helpers)
        if dest in st.traps:
            push(st, ["trap_check", h.id, dest])
    else:
        ctx.emit("stuck_in_water", "R-WATER-02", hero=h.id, faces=list(faces), dice=1 + helpers)


@step("drift")
def _drift(ctx: Ctx, st: State, args: list[Any]) -> None:
    """R-WATER-04: at the end of its turn a mouse in a current drifts 1 space; off the tile, it is captured.
    [EXP] 2 spaces in rain (R-EXP-07); carried into lava or a chasm, it is captured (R-EXP-04/21); a mouse
    riding a leaf stays with its leaf, which drifts at the end of the round instead (R-EXP-05)."""
    h = st.heroes[str(args[0])]
    if h.captured or h.space is None or afloat(st, h.space):
        return
    for _ in range(drift_spaces(st)):
        if not _drift_once(ctx, st, h):
            return


def _drift_once(ctx: Ctx, st: State, h: Hero) -> bool:
    """One space of drift; False when the mouse stops (still water, blocked, captured)."""
    if h.captured or h.space is None:
        return False
    drift = ctx.board.spaces[h.space].drift
    if drift is None:
        return False
    if drift.startswith("off-"):
        ctx.emit("drifts_off_tile", "R-WATER-04", hero=h.id, space=h.space)
        capture(ctx, st, h, "current")
        return False
    if not can_enter(ctx, st, drift):
        ctx.emit("drift_blocked", "R-WATER-04", hero=h.id, space=h.space, into=drift)
        return False
    src = h.space
    h.space = drift
    ctx.emit("drifts", "R-WATER-04", hero=h.id, src=src, dst=drift)
    if st.tokens:
        current_pushes_turtle(ctx, st, drift)  # [EXP] R-EXP-09
    return not forced_into(ctx, st, h.id, drift)
