"""Sharing spaces (R-SPACE-01..06) where a rule, not the figure's own move, puts a mouse on the board.

Every rule that places a mouse goes through :func:`place_mice`: an exploration's landing (R-EXPLORE-05/06), a
rescue (R-CAPT-03), and the chapter words ``free``, ``move_mouse`` and ``flip_tile`` (R-STORY-05). A mouse is
placed only

* on a face-up side (R-GEN-12: the other side of a tile is not on the table);
* on a space with room for it (R-SPACE-01/02, R-SPACE-06; a chapter's ``bar_space``);
* never on a space minions may not enter (Chapter 1's tree entrance) unless the rule names that very space:
  the tree is entered through its hole only (R-STORY-05, docs/rulings.md), so nothing spills into it;

and when the space the rule names is full, on the nearest space of that side that is legal (its neighbours
first, then by distance, the lowest number on ties). :func:`rescue_spaces` lists the spaces R-CAPT-03 allows (on
or next to another mouse's space) by the same test.

:func:`walk_distances` and :func:`walk_next` are the walks of the figures that keep their own paths (Brodie,
R-BRODIE-05; Olga, R-EXP-10) round a chapter's closed spaces and lines ("no figure may enter / cross").
"""

from __future__ import annotations

from mnm.engine.context import Ctx
from mnm.engine.query import BARRED_LINES, barred_steps, can_enter
from mnm.engine.rules.chapter_state import BARRED
from mnm.engine.state import Hero, State

__all__ = [
    "barred", "face_up_space", "landing_order", "may_place", "place_mice", "rescue_spaces", "room_for",
    "walk_distances", "walk_next",
]


def face_up_space(ctx: Ctx, st: State, space: str) -> bool:
    """Whether ``space`` lies on the side of its tile that is face up (R-GEN-12, R-EXPLORE-06)."""
    sp = ctx.board.spaces.get(space)
    return sp is not None and st.face_up.get(ctx.board.tile_of_side(sp.side)) == sp.side


def may_place(ctx: Ctx, st: State, space: str, named: bool = True) -> bool:
    """Whether a rule may put a mouse on ``space`` now: face up, with room, and (unless the rule names it) not a
    space minions may not enter."""
    if not face_up_space(ctx, st, space):
        return False
    if not named and ctx.board.spaces[space].minions_barred:
        return False
    return can_enter(ctx, st, space)


def landing_order(ctx: Ctx, st: State, wanted: list[str]) -> list[str]:
    """The spaces a placement tries, best first: the face-up ``wanted`` spaces in their order, then their
    neighbours (R-EXPLORE-05/06 "spilling onto adjacent spaces"), then every other space of the first one's side
    by distance from it (lowest number on ties). Empty when no wanted space is face up."""
    named = [s for s in wanted if face_up_space(ctx, st, s)]
    if not named:
        return []
    graph = ctx.board.graph_of(named[0])
    order = list(named)
    for s in named:
        g = ctx.board.graph_of(s)
        order += [g.spaces[j].id for j in sorted(g.mouse_cost[g.by_id[s].index])]
    row = graph.minion_dist[graph.by_id[named[0]].index]
    order += [sp.id for sp in sorted(graph.spaces, key=lambda sp: (row[sp.index], sp.n))]
    seen: set[str] = set()
    out: list[str] = []
    for s in order:
        if s not in seen:
            seen.add(s)
            out.append(s)
    return out


def place_mice(ctx: Ctx, st: State, mice: list[Hero], wanted: list[str]) -> list[Hero]:
    """Take ``mice`` off the board and put each on the first legal space of :func:`landing_order` (the wanted
    spaces may hold Chapter 1's tree entrance only when named). The mice that found no space are returned (their
    ``space`` is None); the caller says what becomes of them."""
    for h in mice:
        h.space = None
    order = landing_order(ctx, st, wanted)
    named = set(wanted)
    left: list[Hero] = []
    for h in mice:
        h.space = next((s for s in order if may_place(ctx, st, s, named=s in named)), None)
        if h.space is None:
            left.append(h)
    return left


def rescue_spaces(ctx: Ctx, st: State) -> list[str]:
    """R-CAPT-03: where a rescued mouse may be placed: the space of another mouse on the board, or one next to
    it, when a mouse may be placed there (:func:`may_place`; the players name the space, so Chapter 1's tree
    entrance may be one when a mouse stands on it or next to its hole)."""
    out: set[str] = set()
    for other in st.mice_on_board():
        assert other.space is not None
        graph = ctx.board.graph_of(other.space)
        cands = [other.space] + [graph.spaces[j].id for j in graph.mouse_cost[graph.by_id[other.space].index]]
        out.update(c for c in cands if may_place(ctx, st, c))
    return sorted(out, key=lambda s: tuple(int(x) for x in s.split(":")))


def barred(st: State) -> bool:
    """Whether a chapter has closed a space (``bar_space``) or a line (``bar_line``) in this game."""
    return BARRED in st.chapter_data or BARRED_LINES in st.chapter_data


def walk_distances(ctx: Ctx, st: State, goal: str) -> dict[str, int]:
    """Steps to ``goal`` from every space of its side that can reach it, walking as a minion walks (lines ignored,
    R-MINION-02) but never into a space a chapter closed (``bar_space``) nor across a line it closed
    (``bar_line``): "no figure may enter / cross it" (docs/rulings.md R-STORY-05, issue 47). For the figures that
    walk their own paths, Brodie and Olga; with no chapter barrier it is the tile's own minion distance."""
    graph = ctx.board.graph_of(goal)
    closed = set(st.chapter_data.get(BARRED) or ())
    cut = barred_steps(st)
    dist = {goal: 0}
    queue = [goal]
    head = 0
    while head < len(queue):  # breadth first: the list grows as it is read
        u = queue[head]
        head += 1
        for j in graph.minion_adj[graph.by_id[u].index]:
            v = graph.spaces[j].id
            if v in dist or (v, u) in cut or (u in closed and u != goal):
                continue
            dist[v] = dist[u] + 1
            queue.append(v)
    return dist


def walk_next(ctx: Ctx, st: State, here: str, goal: str) -> list[str]:
    """The spaces one step from ``here`` on a shortest walk to ``goal`` round a chapter's closed spaces and
    lines (:func:`walk_distances`), lowest number first; none when the barriers wall ``goal`` off."""
    dist = walk_distances(ctx, st, goal)
    d = dist.get(here)
    if d is None:
        return []
    graph = ctx.board.graph_of(here)
    closed = set(st.chapter_data.get(BARRED) or ())
    cut = barred_steps(st)
    out = [
        sp.id for sp in (graph.spaces[j] for j in graph.minion_adj[graph.by_id[here].index])
        if dist.get(sp.id) == d - 1 and (sp.id not in closed or sp.id == goal) and (here, sp.id) not in cut
    ]
    return sorted(out, key=lambda s: graph.by_id[s].n)


def room_for(ctx: Ctx, st: State, space: str, large: bool) -> str:
    """Where a figure placed on ``space`` stands: there if it has room (R-SPACE-01..06), else the nearest space of
    the same tile that has (fewest minion steps, lowest number first), else '' (docs/rulings.md R-STORY-03)."""
    if can_enter(ctx, st, space, large=large):
        return space
    graph = ctx.board.graph_of(space)
    start = graph.by_id[space].index
    best = ""
    best_key = (1 << 30, 1 << 30)
    for sp in graph.spaces:
        key = (graph.minion_dist[start][sp.index], sp.n)
        if key < best_key and not sp.minions_barred and can_enter(ctx, st, sp.id, large=large):
            best, best_key = sp.id, key
    return best
