"""Mouse movement (R-MOVE-01..13, R-TURN-05 Scurry).

``move <mouse> <space>`` moves to any space the mouse can reach with its remaining movement. Destinations
where a step matters end the path there: a space holding a minion (the mouse must stop, R-MOVE-08), water
(R-WATER-01), a space with a mousetrap marker (the mouse pauses to roll, R-TRAP-02; it may go on after a
success). So every legal destination is listed with a single cost, and no path choice ever matters.
"""

from __future__ import annotations

from typing import Final, cast

from mnm.board.geometry import TileGraph
from mnm.engine.actions import Action, shared_action
from mnm.engine.context import Ctx, push, turn_verb
from mnm.engine.dice import roll
from mnm.engine.query import (
    BARRED_LINES,
    barred_steps,
    blocked_spaces,
    can_enter,
    engaging_minions_in,
    equipped_effects,
    hero_name,
    mice_in,
    occupancy_map,
    position_key,
    tokens_key,
)
from mnm.engine.rules.leaves import afloat, on_leaf
from mnm.engine.rules.terrain import gecko_blocked
from mnm.engine.rules.turn import action_available, spend_action
from mnm.engine.rules.turtles import mouse_steps_on
from mnm.engine.state import Hero, State, Turn

__all__ = ["against_current", "mouse_neighbours", "move_options", "reachable", "scurry_options"]


def against_current(ctx: Ctx, src: str, dst: str) -> bool:
    """R-WATER-03: stepping from ``src`` to ``dst`` goes against the current when the water flows from
    ``dst`` into ``src``."""
    return ctx.board.spaces[dst].drift == src and ctx.board.spaces[src].water


def mouse_neighbours(ctx: Ctx, st: State, space: str, t: Turn | None) -> dict[str, int]:
    """Spaces a mouse can step to from ``space`` with their cost, before occupancy: lines (R-MOVE-03/04),
    the Fishhook & Thread (R-MOVE-12) and red-line crossing effects (R-MOVE-06)."""
    out = dict(ctx.board.mouse_nbrs[space])
    if ctx.board.gecko_edges:
        for a, b in gecko_blocked(ctx, st):  # [EXP] R-EXP-18: gecko-print yellow lines need a Wild mouse
            if a == space:
                out.pop(b, None)
    if BARRED_LINES in st.chapter_data:  # a chapter's bar_line: no stepping across it
        for a, b in barred_steps(st):
            if a == space:
                out.pop(b, None)
    hook = st.tokens.get("fishhook")
    if hook and space in hook:
        other = hook[1] if hook[0] == space else hook[0]
        if not _hole_only(ctx, space, other):
            out[other] = min(out.get(other, 1), 1)
    if t is not None and "levitate" in t.flags:
        graph = ctx.board.graph_of(space)
        for j in graph.crossing_adj[graph.by_id[space].index]:
            if not _hole_only(ctx, space, graph.spaces[j].id):
                out.setdefault(graph.spaces[j].id, 1)
    return out


def _hole_only(ctx: Ctx, a: str, b: str) -> bool:
    """Chapter 1's tree entrance (the space minions may not enter): a figure moves onto or off it only from the
    Courtyard space next to the hole in the trunk, its one neighbour on the tile (R-STORY-05, docs/rulings.md
    R-PARTY-04 / R-STORY-03). A chapter rule beats an item's general rule, so neither the Fishhook & Thread
    (R-PARTY-04) nor a red-line crossing joins any other space to it."""
    spaces = ctx.board.spaces
    if not (spaces[a].minions_barred or spaces[b].minions_barred):
        return False
    graph = ctx.board.graph_of(a)
    return b not in graph.by_id or not graph.mouse_adjacent(a, b)


def _afloat(st: State, space: str) -> bool:
    return afloat(st, space)


def may_leave(ctx: Ctx, st: State, h: Hero) -> bool:
    """R-MOVE-09: leaving a space with minions needs at least as many mice there as minions (Brodie's paw
    token holds no one, R-SPACE-05)."""
    assert h.space is not None
    minions = engaging_minions_in(ctx, st, h.space)
    return not minions or len(mice_in(st, h.space)) >= len(minions)


def reachable(ctx: Ctx, st: State, h: Hero, t: Turn) -> dict[str, int]:
    """Every space the mouse may move to now, with the movement it costs."""
    return dict(_reachable_shared(ctx, st, h, t))


_NOWHERE: Final[dict[str, int]] = {}


def _reachable_shared(ctx: Ctx, st: State, h: Hero, t: Turn) -> dict[str, int]:
    """Like :func:`reachable` but the remembered dict itself: callers must not change it."""
    if t.movement_over or t.move_points <= 0 or h.space is None:
        return _NOWHERE
    return _remembered_reach(ctx, st, h, t).reach


class _Reach:
    """One answer of :func:`_reachable` with what it was computed from, and the move actions built from it."""

    __slots__ = ("key", "moves", "reach")

    def __init__(self, key: tuple[object, ...], reach: dict[str, int]) -> None:
        self.key = key
        self.reach = reach
        self.moves: tuple[Action, ...] | None = None  # move_options' answer, built on first use


def _reach_key(st: State, h: Hero, t: Turn) -> tuple[object, ...]:
    """Everything :func:`_reachable` depends on, flattened into one tuple (each list preceded by its length, so
    two different positions never give the same key)."""
    key: list[object] = [h.id, h.space, t.move_points, t.moved, t.may_leave, len(t.flags)]
    key.extend(t.flags)
    key.append(len(st.traps))
    key.extend(st.traps)
    key.extend(tokens_key(st))  # leaves and turtles float a mouse, the Fishhook adds a line (issue 26, finding 3)
    key.extend(position_key(st))  # figures (captured mice take no room) and Hesster's spaces
    return tuple(key)


def _remembered_reach(ctx: Ctx, st: State, h: Hero, t: Turn) -> _Reach:
    # Listing options, checking legality and applying a move all ask the same question of the same
    # position: remember the last answer, keyed on everything the answer depends on.
    key = _reach_key(st, h, t)
    cached = ctx.memo.get("reachable")
    if cached is not None:
        found = cast(_Reach, cached[1])
        if found.key == key:
            return found
    found = _Reach(key, _reachable(ctx, st, h, t))
    ctx.memo["reachable"] = (None, found)
    return found


def _reachable(ctx: Ctx, st: State, h: Hero, t: Turn) -> dict[str, int]:
    assert h.space is not None
    start = h.space
    if not t.may_leave or (not t.moved and not may_leave(ctx, st, h)):
        return {}
    board = ctx.board
    if board.spaces[start].water and not (st.tokens and _afloat(st, start)):  # [EXP] a leaf or turtle: a boat
        out: dict[str, int] = {}
        for nb, cost in mouse_neighbours(ctx, st, start, t).items():
            if not can_enter(ctx, st, nb) or against_current(ctx, start, nb):
                continue
            if board.spaces[nb].water:
                if cost <= t.move_points:
                    out[nb] = cost
            elif not t.moved or "scurry-start" in t.flags:  # R-TURN-05: a scurry is a new move
                out[nb] = t.move_points  # R-WATER-02: leaving water takes the whole move
        return out
    occupancy = occupancy_map(ctx, st)
    minion_spaces = occupancy[2]
    full = blocked_spaces(ctx, st, occupancy=occupancy)
    # [EXP] on a leaf in a current the mouse is still in the water: no stepping upstream (R-WATER-03); a
    # turtle's shell is out of the water (docs/rulings.md R-EXP-09)
    upstream = bool(st.tokens) and board.spaces[start].water and on_leaf(st, start) and board.spaces[start].drift is not None
    plain = not st.tokens.get("fishhook") and "levitate" not in t.flags and BARRED_LINES not in st.chapter_data
    if plain and not board.gecko_edges and not upstream:
        return _reachable_on_tile(board.graph_of(start), start, t.move_points, minion_spaces, st.traps, full)
    stops = minion_spaces.union(board.water, st.traps)
    best: dict[str, int] = {start: 0}
    points = t.move_points
    # Dijkstra with one bucket per distance (costs are small whole numbers, at least 1)
    buckets: list[list[str]] = [[] for _ in range(points + 1)]
    buckets[0].append(start)
    dests: dict[str, int] = {}
    for d, bucket in enumerate(buckets):
        for u in bucket:
            if d > best[u]:
                continue
            if u != start:
                dests[u] = d
                if u in stops:
                    continue  # the mouse stops here (R-MOVE-08, R-WATER-01, R-TRAP-02)
            for v, c in mouse_neighbours(ctx, st, u, t).items():
                nd = d + c
                if nd > points or nd >= best.get(v, 1 << 30):
                    continue
                if upstream and u == start and against_current(ctx, start, v):
                    continue  # R-WATER-03: not against the current, even aboard a leaf
                if v in full:
                    continue  # R-MOVE-10: no entering or passing through a full space
                best[v] = nd
                buckets[nd].append(v)
    return dests


# id(graph) -> (graph, space ids by index, (neighbour index, cost) by index in index order, water by index)
_MOUSE_STEPS: Final[dict[int, tuple[TileGraph, tuple[str, ...], tuple[tuple[tuple[int, int], ...], ...], tuple[bool, ...]]]] = {}


def _reachable_on_tile(
    graph: TileGraph, start: str, points: int, minion_spaces: set[str], traps: list[str], full: set[str]
) -> dict[str, int]:
    """The plain case of :func:`_reachable` (no Fishhook, levitation or gecko lines: the tile's own lines) over
    space indices: the same Dijkstra, the same answer in the same order, without hashing space ids."""
    entry = _MOUSE_STEPS.get(id(graph))
    if entry is None or entry[0] is not graph:
        steps = tuple(tuple(sorted(graph.mouse_cost[sp.index].items())) for sp in graph.spaces)
        entry = (graph, tuple(sp.id for sp in graph.spaces), steps, tuple(sp.water for sp in graph.spaces))
        _MOUSE_STEPS[id(graph)] = entry
    _, ids, steps, stops = entry
    by_id = graph.by_id
    stop = list(stops)  # water, then minions and mousetraps: the mouse stops there
    for sid in minion_spaces:
        sp = by_id.get(sid)
        if sp is not None:
            stop[sp.index] = True
    for sid in traps:
        sp = by_id.get(sid)
        if sp is not None:
            stop[sp.index] = True
    too_far = points + 1
    best = [too_far] * len(ids)  # also marks a full space: never entered nor passed through (R-MOVE-10)
    for sid in full:
        sp = by_id.get(sid)
        if sp is not None:
            best[sp.index] = -1
    start_i = by_id[start].index
    best[start_i] = 0
    buckets: list[list[int] | None] = [None] * too_far  # made when first used: most distances hold nothing
    buckets[0] = [start_i]
    dests: dict[str, int] = {}
    for d in range(too_far):
        bucket = buckets[d]
        if bucket is None:
            continue
        for u in bucket:
            if d > best[u]:
                continue
            if u != start_i:
                dests[ids[u]] = d
                if stop[u]:
                    continue  # the mouse stops here (R-MOVE-08, R-WATER-01, R-TRAP-02)
            for v, c in steps[u]:
                nd = d + c
                if nd < best[v]:  # within reach (best starts past it), shorter, and not full (-1)
                    best[v] = nd
                    later = buckets[nd]
                    if later is None:
                        buckets[nd] = [v]
                    else:
                        later.append(v)
    return dests


_MOVES: Final[dict[tuple[str, str], Action]] = {}  # one Action object per (mouse, space): values, shared by all games


def move_options(ctx: Ctx, st: State, h: Hero, t: Turn) -> list[Action]:
    if t.movement_over or t.move_points <= 0 or h.space is None:
        return []
    found = _remembered_reach(ctx, st, h, t)
    moves = found.moves
    if moves is None:  # built once per answer: listing again in the same position reuses them
        order = ctx.board.order
        out = []
        for sp in sorted(found.reach, key=order.__getitem__):
            a = _MOVES.get((h.id, sp))
            if a is None:
                a = _MOVES[(h.id, sp)] = Action("move", h.id, (sp,))
            out.append(a)
        moves = found.moves = tuple(out)
    return list(moves)


def _move_explain(ctx: Ctx, st: State, h: Hero, t: Turn, a: Action) -> str:
    if len(a.args) != 1:
        return "say where to: 'move <mouse> <side:space>', e.g. 'move filch 5:12'"
    dest = a.args[0]
    name = hero_name(ctx, h.id)
    if dest not in ctx.board.spaces:
        return f"there is no space {dest!r} on this board"
    if t.movement_over:
        return f"{name} cannot move any more this turn"
    if t.move_points <= 0:
        return f"{name} has no movement left"
    if h.space is not None and ctx.board.graph_of(dest).side != ctx.board.graph_of(h.space).side:
        return f"{dest} is on another tile: mice change tiles by exploring"
    if not t.may_leave or (not t.moved and not may_leave(ctx, st, h)):
        return f"{name} cannot leave a space where minions outnumber the mice (R-MOVE-09)"
    if not can_enter(ctx, st, dest):
        return f"space {dest} is full (R-SPACE-02)"
    if h.space is not None and ctx.board.spaces[h.space].water and against_current(ctx, h.space, dest):
        return f"{dest} is upstream: a mouse in the water cannot move against the current, aboard a leaf or not (R-WATER-03)"
    return f"{dest} is out of reach: {name} has {t.move_points} movement left"


def _move_apply(ctx: Ctx, st: State, h: Hero, t: Turn, a: Action) -> None:
    dest = a.args[0]
    cost = _reachable_shared(ctx, st, h, t)[dest]
    assert h.space is not None
    src = h.space
    if ctx.board.spaces[src].water and not ctx.board.spaces[dest].water and not (st.tokens and _afloat(st, src)):
        push(st, ["leave_water", h.id, dest])
        return
    t.move_points -= cost
    t.moved = True
    if "scurry-start" in t.flags:
        t.flags.remove("scurry-start")
    h.space = dest
    ctx.emit("mouse_moves", "R-MOVE-01", hero=h.id, src=src, dst=dest, cost=cost, left=t.move_points)
    if engaging_minions_in(ctx, st, dest):
        t.movement_over = True
        ctx.emit("stops_at_minion", "R-MOVE-08", hero=h.id, space=dest)
    if ctx.board.spaces[dest].water:
        t.movement_over = True
        ctx.emit("enters_water", "R-WATER-01", hero=h.id, space=dest)
    if dest in st.traps:
        push(st, ["trap_check", h.id, dest])
    if st.tokens:
        mouse_steps_on(ctx, st, h, t, dest)  # [EXP] R-EXP-09: a turtle underfoot
    ctx.rules.on_mouse_enters(ctx, st, h.id, dest)


turn_verb("move", move_options, _move_apply, _move_explain)


# --- Scurry (R-TURN-05) -----------------------------------------------------------------------------


def scurry_options(ctx: Ctx, st: State, h: Hero, t: Turn) -> list[Action]:
    if t.moved and action_available(st, t) and "webbed" not in h.statuses and "stunned" not in h.statuses:
        return [shared_action("scurry", h.id)]
    return []


def _scurry_explain(ctx: Ctx, st: State, h: Hero, t: Turn, a: Action) -> str:
    name = hero_name(ctx, h.id)
    if a.args:
        return "'scurry' takes no arguments: 'scurry <mouse>'"
    if not t.moved:
        return f"{name} must move before scurrying (R-TURN-05)"
    if not action_available(st, t):
        return f"{name} has already taken an action this turn"
    if "webbed" in h.statuses:
        return f"{name} is webbed and cannot scurry (R-NEG-03)"
    return f"{name} is stunned: Recover is the only action allowed (R-NEG-02)"


def _scurry_apply(ctx: Ctx, st: State, h: Hero, t: Turn, a: Action) -> None:
    spend_action(ctx, st, t)
    face = ctx.dice[roll(st, 1, f"{h.id}'s scurry")[0]]
    bonus = sum(int(p.get("amount", 1)) for p in equipped_effects(ctx, h, "move-bonus"))  # the Feather Charm
    t.move_points = ctx.content.heroes[h.id].move + face.number + bonus
    t.movement_over = False
    t.moved = True
    t.may_leave = may_leave(ctx, st, h)  # R-MOVE-09: a scurry begins a new movement (R-TURN-05)
    if "scurry-start" not in t.flags:  # R-WATER-02: it may climb out of water with its whole new move
        t.flags.append("scurry-start")
    ctx.emit("scurry", "R-TURN-05", hero=h.id, face=face.index, number=face.number, points=t.move_points)
    ctx.rules.on_move_roll(ctx, st, h.id, face.index)


turn_verb("scurry", scurry_options, _scurry_apply, _scurry_explain)
