"""Read-only questions about a state that many rules ask: who is where, is a space full, who is nearest.

Space capacity is R-SPACE-01..03 (with the R-SPACE-06 ruling: a large figure needs an otherwise empty
space); distances for minions are R-MINION-10 (path length on the minion graph, passing no full space).
"""

from __future__ import annotations

from collections import deque

from mnm.board.layout import space_side
from mnm.engine.context import Ctx
from mnm.engine.state import Hero, Minion, State

__all__ = [
    "can_enter",
    "hero_name",
    "is_full",
    "is_large",
    "mice_in",
    "mice_on_side",
    "minion_bfs",
    "minion_name",
    "minions_in",
    "minions_on_side",
    "occupancy",
    "occupancy_map",
    "track_rank",
]


def is_large(ctx: Ctx, m: Minion) -> bool:
    return ctx.content.minions[m.type].size == "large"


def mice_in(st: State, space: str) -> list[Hero]:
    return [h for h in st.heroes.values() if h.space == space and not h.captured]


def minions_in(st: State, space: str) -> list[Minion]:
    """Minion figures standing in ``space`` (Brodie's paw token takes no room and is not one, R-SPACE-05)."""
    return [m for m in st.minions.values() if m.space == space]


def mice_on_side(st: State, side: int) -> list[Hero]:
    return [h for h in st.heroes.values() if h.space is not None and not h.captured and space_side(h.space) == side]


def minions_on_side(st: State, side: int) -> list[Minion]:
    return [m for m in st.minions.values() if space_side(m.space) == side]


def occupancy(ctx: Ctx, st: State, space: str) -> tuple[int, bool]:
    """(small figures, whether a large figure is there) in ``space``. Brodie takes no room (R-SPACE-05)."""
    small = 0
    large = False
    for h in st.heroes.values():
        if h.space == space and not h.captured:
            small += 1
    for m in st.minions.values():
        if m.space == space:
            if ctx.content.minions[m.type].size == "large":
                large = True
            elif ctx.content.minions[m.type].size == "small":
                small += 1
    return small, large


def occupancy_map(ctx: Ctx, st: State) -> tuple[dict[str, int], set[str], set[str]]:
    """Small figures per space, spaces holding a large figure, spaces holding any minion (one pass)."""
    small: dict[str, int] = {}
    large: set[str] = set()
    minion_spaces: set[str] = set()
    for h in st.heroes.values():
        if h.space is not None and not h.captured:
            small[h.space] = small.get(h.space, 0) + 1
    minions = ctx.content.minions
    for m in st.minions.values():
        size = minions[m.type].size
        minion_spaces.add(m.space)
        if size == "large":
            large.add(m.space)
        elif size == "small":
            small[m.space] = small.get(m.space, 0) + 1
    return small, large, minion_spaces


def is_full(ctx: Ctx, st: State, space: str) -> bool:
    """R-SPACE-02: 4 small figures (or a special area's capacity) or 1 large figure fill a space."""
    small, large = occupancy(ctx, st, space)
    return large or small >= ctx.board.spaces[space].capacity


def can_enter(ctx: Ctx, st: State, space: str, large: bool = False) -> bool:
    """Whether a figure may enter ``space`` now (R-MOVE-10, R-SPACE-01..03, R-SPACE-06)."""
    small, has_large = occupancy(ctx, st, space)
    if has_large:
        return False
    if large:
        return small == 0
    return small < ctx.board.spaces[space].capacity


def track_rank(st: State, figure_card: str) -> int:
    """Position of an initiative card on the track (0 = spot 1, the highest); large if absent."""
    try:
        return st.track.index(figure_card)
    except ValueError:
        return 10**6


def minion_bfs(ctx: Ctx, st: State, start: str, large: bool = False) -> tuple[dict[str, int], dict[str, list[str]]]:
    """Minion distances from ``start`` on its tile (R-MINION-10) and, for each space, its predecessors on
    shortest paths. Full spaces may be reached but not passed through; barred spaces are never entered."""
    graph = ctx.board.graph_of(start)
    spaces = graph.spaces
    start_i = graph.by_id[start].index
    dist: dict[str, int] = {start: 0}
    preds: dict[str, list[str]] = {start: []}
    queue = deque([start_i])
    while queue:
        u = queue.popleft()
        su = spaces[u].id
        if su != start and not can_enter(ctx, st, su, large):
            continue  # reached, but not passed through
        for v in graph.minion_adj[u]:
            sv = spaces[v].id
            if sv not in dist:
                dist[sv] = dist[su] + 1
                preds[sv] = [su]
                queue.append(v)
            elif dist[sv] == dist[su] + 1:
                preds[sv].append(su)
    return dist, preds


def hero_name(ctx: Ctx, hero_id: str) -> str:
    return ctx.content.heroes[hero_id].name.en


def minion_name(ctx: Ctx, m: Minion) -> str:
    """``Rat Warrior 2`` style name for events (singular type name + figure number)."""
    spec = ctx.content.minions[m.type]
    base = (spec.one or spec.name).en
    return f"{base} {m.id.rsplit('-', 1)[-1]}"
