"""TEMPORARY: the bots' hand-written way through each shipped chapter, moved here verbatim from the deleted
chapter classes (issue 22). The "bots" engineer replaces it with a planner that reads the chapter's victory data,
and deletes this module. Advice for bots, not rules: the engine knows nothing of it.

For a side, a route is the spaces to head for and what to do there: an explore argument (``exit-0``, ``flip``),
``search`` (the Fishhook & Thread in Chapter 1's Sewer water), or ``""`` (just stand there).
"""

from __future__ import annotations

from collections.abc import Callable

from mnm.board.layout import space_side
from mnm.engine import Ctx, State

__all__ = ["ROUTES", "Route", "bot_progress", "bot_route", "route_progress"]

Route = tuple[tuple[str, ...], str]  # (spaces to head for, what to do there: an explore argument, "search" or "")

# --- Chapter 1, Flight to Barksburg ---------------------------------------------------------------------------

FLIGHT_ROUTE: dict[int, Route] = {
    5: (("5:8",), "flip"),  # the sewer grate
    6: (("6:9", "6:12"), "exit-0"),  # out of the Sewer toward the Kitchen Tunnels
    4: (("4:6",), "exit-1"),
    2: (("2:14",), "flip"),  # the crack into the Courtyard
    3: (("3:9", "3:12"), "exit-1"),
    1: (("1:16",), ""),  # the tree entrance: standing there is the goal
}
SEWER = 6
SEWER_WATER = ("6:6", "6:8", "6:11", "6:14")
FLIGHT_ORDER = (5, 6, 4, 2, 1)


def _flight_route(ctx: Ctx, st: State, side: int) -> Route | None:
    if side == SEWER and "fishhook" not in st.stash and "fishhook" not in st.tokens:
        return SEWER_WATER, "search"
    return FLIGHT_ROUTE.get(side)


# --- Chapters 2-4 ----------------------------------------------------------------------------------------------

ROOT_ROAD_ROUTE: dict[int, Route] = {
    12: (("12:10",), "exit-1"),  # west, into the Wine Cellar
    14: (("14:22",), "exit-3"),  # south, down to the Drain Pipe
    16: (("16:5",), ""),  # the boat: standing there is the goal
}
ROOT_ROAD_ORDER = (12, 14, 16)

TRICKLE_ROUTE: dict[int, Route] = {
    17: (("17:4",), "exit-0"),  # across the stream to the east landing, then east
    19: (("19:13",), ""),  # into the hollow log: standing there is the goal
}
TRICKLE_ORDER = (17, 19)

EMBER_ROUTE: dict[int, Route] = {
    18: (("18:9",), "exit-0"),  # east, into the vault
    20: (("20:2",), ""),  # to Molox
}
EMBER_ORDER = (18, 20)


def _table(route: dict[int, Route]) -> Callable[[Ctx, State, int], Route | None]:
    def get(ctx: Ctx, st: State, side: int) -> Route | None:
        return route.get(side)

    return get


# chapter id -> (the route for a side, the sides in the order the party crosses them)
ROUTES: dict[str, tuple[Callable[[Ctx, State, int], Route | None], tuple[int, ...]]] = {
    "flight-to-barksburg": (_flight_route, FLIGHT_ORDER),
    "the-root-road": (_table(ROOT_ROAD_ROUTE), ROOT_ROAD_ORDER),
    "the-trickle-crossing": (_table(TRICKLE_ROUTE), TRICKLE_ORDER),
    "the-ember-vault": (_table(EMBER_ROUTE), EMBER_ORDER),
}


def bot_route(ctx: Ctx, st: State, side: int) -> Route | None:
    """Where the mice on ``side`` should head and what to do there (None: no advice for this chapter or side)."""
    found = ROUTES.get(ctx.chapter.id)
    return found[0](ctx, st, side) if found is not None else None


def bot_progress(ctx: Ctx, st: State) -> float:
    """0..1: how far along the chapter's route the party has come (0 for a chapter without a route)."""
    found = ROUTES.get(ctx.chapter.id)
    return route_progress(ctx, st, found[1], found[0]) if found is not None else 0.0


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
