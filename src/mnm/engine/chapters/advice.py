"""Advice for bots that chapters share (not rules): how far along a chapter's route the party has come.

A chapter that gives bots a way through (its ``ChapterRules.bot_route``: for a side, the spaces to head for and what to
do there) can measure progress with :func:`route_progress` in its ``bot_progress``.
"""

from __future__ import annotations

from collections.abc import Callable

from mnm.board.layout import space_side
from mnm.engine.context import Ctx
from mnm.engine.hooks import Route
from mnm.engine.state import State

__all__ = ["Route", "route_progress"]


def route_progress(
    ctx: Ctx, st: State, order: tuple[int, ...], route: Callable[[Ctx, State, int], Route | None]
) -> float:
    """0..1: the furthest side of ``order`` a free mouse has reached, plus how close that mouse is to the side's
    goal (``route``), as a share of the whole way."""
    best = 0.0
    for h in st.mice_on_board():
        assert h.space is not None
        side = space_side(h.space)
        if side not in order:
            continue
        goal = route(ctx, st, side)
        graph = ctx.board.graph(side)
        near = 0.0
        if goal is not None:
            i = graph.by_id[h.space].index
            d = min((graph.mouse_dist[i][graph.by_id[g].index] for g in goal[0] if g in graph.by_id), default=20)
            near = 1.0 / (1.0 + d)
        best = max(best, (order.index(side) + near) / len(order))
    return best
