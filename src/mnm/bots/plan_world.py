"""The world as the engine has it now, and the costs on it (split from :mod:`mnm.bots.plan`, issue 49): the side
graph the engine allows (:func:`world`, cached per abstract state), the plan toward a goal on it (:func:`chapter_plan`),
step and explore costs, a mouse's cost to the goal and the party's progress along the way. :mod:`mnm.bots.plan`
re-exports the public names."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from mnm.bots.plan_read import (
    FAR,
    GATE_COST,
    STEP,
    Advice,
    ChapterPlan,
    Edge,
    Goal,
    World,
    read_gates,
    read_goal,
    side_graph,
    side_of,
    stages,
    token_searches,
)
from mnm.engine import (
    Ctx,
    State,
    barred_key,
    condition_holds,
    exit_target,
    explore_gate,
    minions_on_side,
    rule_enabled,
    step_distances,
)

__all__ = [
    "MINIONS_ON_NEIGHBOUR",
    "chapter_plan",
    "mouse_cost",
    "world",
    "world_key",
]


# --- the world as the engine has it now (issue 43) ----------------------------------------------------------------

_WORLDS: Final[dict[tuple[object, ...], World]] = {}


def world_key(ctx: Ctx, st: State) -> tuple[object, ...]:
    """Everything :func:`world` reads that changes during a game: the bars, which later tiles are laid, and the
    truth of every leaf condition of the chapter's gates (with whether their rules are on)."""
    sg = stages(ctx)
    later = ctx.board.later
    key: list[object] = [barred_key(st)]
    if later:
        key.append(tuple(t in st.face_up for t in sorted(later)))
    for g in sg.gates:
        key.append(rule_enabled(st, g.rule, True))
    for c in sg.gate_leaves:
        key.append(condition_holds(ctx, st, c))
    # the sides minions stand on: an exit that would turn a neighbour over is refused while minions are on it
    key.append(frozenset(ctx.board.graph_of(m.space).side for m in st.minions.values() if m.space))
    return tuple(key)


def world(ctx: Ctx, st: State) -> World:
    """The side graph the engine allows now (:class:`World`), for this party."""
    heroes = tuple(sorted(st.heroes))
    key = (id(ctx.content), ctx.chapter.id, heroes, world_key(ctx, st))
    got = _WORLDS.get(key)
    if got is not None:
        return got
    board = ctx.board
    sg = stages(ctx)
    base = side_graph(ctx, heroes, read_gates(ctx))
    barred = set(st.chapter_data.get("@barred") or ())
    later = board.later
    unlaid = frozenset(s for t in later if t not in st.face_up for s in board.sides_of[t])
    gate_ids = {g.rule for g in sg.gates}
    asker = next((h.id for h in st.heroes.values() if not h.captured), next(iter(st.heroes), ""))
    edges: dict[int, list[Edge]] = {}
    closed: list[tuple[Edge, tuple[str, ...]]] = []
    obtainable = set(token_searches(ctx))
    for side, es in base.items():
        if side in unlaid:
            edges[side] = []
            continue
        kept: list[Edge] = []
        for e in es:
            if e.target in unlaid:
                continue  # the tile is not on the table: exit_target has no way there
            if any(t not in st.stash and t not in obtainable and t not in st.tokens for t in e.tokens):
                continue  # a token nobody holds and no search gives (a fishhook flip with no Fishhook)
            spaces = tuple(sp for sp in e.spaces if sp not in barred)
            if not spaces:
                continue  # every space it leaves from is barred (bar_space): the engine never lets a mouse there
            if e.where != "flip" and _turns_over_minions(ctx, st, e):
                closed.append((e, (MINIONS_ON_NEIGHBOUR,)))  # the engine offers no such explore (R-EXPLORE-04)
                continue
            if gate_ids and asker:
                refused = {sp: explore_gate(ctx, st, asker, sp, e.where) for sp in spaces}
                open_from = tuple(sp for sp in spaces if refused[sp] not in gate_ids)
                if not open_from:
                    closed.append((e, tuple(dict.fromkeys(refused.values()))))
                    continue
                spaces = open_from
            kept.append(Edge(e.side, e.where, spaces, e.target, e.arrive, e.tokens))
        edges[side] = kept
    got = World(edges, tuple(closed), unlaid)
    if len(_WORLDS) > 256:
        _WORLDS.clear()
    _WORLDS[key] = got
    return got


MINIONS_ON_NEIGHBOUR: Final = "@minions-on-neighbour"  # a closed edge's reason: not a gate rule's id


def _turns_over_minions(ctx: Ctx, st: State, e: Edge) -> bool:
    """Whether exploring ``e`` would turn over a neighbour tile that has minions on it, which the engine refuses
    (:func:`mnm.engine.exit_target`, R-EXPLORE-04 with R-EXPLORE-01's reason): the way opens when they are gone."""
    board = ctx.board
    if e.target in st.face_up.values():
        return False  # the neighbour already shows that side: nothing turns over
    up = board.other_side(e.target)
    if up is None or up not in st.face_up.values() or not minions_on_side(st, up):
        return False
    return exit_target(ctx, st, e.side, int(e.where.split("-")[1])) is None


_PLANS: Final[dict[tuple[object, ...], ChapterPlan]] = {}


def chapter_plan(ctx: Ctx, st: State, goal: Goal | None = None) -> ChapterPlan:
    """The plan for this chapter and party toward ``goal`` (the final stage's goal when None: the victory's
    places, :func:`stages`), on the side graph the engine allows now (:func:`world`); worked out once per
    abstract state, then cached."""
    heroes = tuple(sorted(st.heroes))
    wkey = world_key(ctx, st)
    key = (id(ctx.content), ctx.chapter.id, heroes, goal, wkey)
    plan = _PLANS.get(key)
    if plan is None:
        gates = read_gates(ctx)
        target = goal if goal is not None else read_goal(ctx, stages(ctx).final)
        live = world(ctx, st)
        plan = ChapterPlan(target, live.edges, gates, token_searches(ctx), world=live)
        _solve(ctx, st, plan)
        start = ctx.chapter.start_space
        plan.start_cost = max(1.0, _node_cost(ctx, st, plan, side_of(start), (start,))) if start else 1.0
        if len(_PLANS) > 256:
            _PLANS.clear()
        _PLANS[key] = plan
    return plan


# --- costs ------------------------------------------------------------------------------------------------------


def step_cost(ctx: Ctx, st: State, side: int, src: Iterable[str], dst: Iterable[str]) -> float:
    """The cost in explores of the fewest steps from ``src`` to ``dst`` on ``side``, on the lines the engine moves
    a mouse on now (:func:`mnm.engine.step_distances`: bars included); :data:`FAR` when none leads there."""
    graph = ctx.board.graph(side)
    dist = step_distances(ctx, st, side)
    rows = [dist[graph.by_id[s].index] for s in src if s in graph.by_id]
    cols = [graph.by_id[d].index for d in dst if d in graph.by_id]
    best = min((r[c] for r in rows for c in cols), default=10**6)
    return FAR if best >= 10**6 else STEP * best


def _goal_here(ctx: Ctx, st: State, plan: ChapterPlan, side: int, at: Iterable[str]) -> float:
    """The cost of finishing on ``side`` from ``at`` (:data:`FAR` when the goal is elsewhere)."""
    if side not in plan.goal.sides:
        return FAR
    on_side = tuple(s for s in plan.goal.spaces if side_of(s) == side)
    return step_cost(ctx, st, side, at, on_side) if on_side else 0.0


def _edge_cost(plan: ChapterPlan, e: Edge) -> float:
    return 1.0 + (GATE_COST if e.tokens else 0.0)


def _solve(ctx: Ctx, st: State, plan: ChapterPlan) -> None:
    """Each node's (side, arrival spaces) cost to the goal, by relaxation (a dozen sides: a few passes)."""
    nodes = {(e.target, e.arrive) for es in plan.edges.values() for e in es}
    start = ctx.chapter.start_space
    if start:
        nodes.add((side_of(start), (start,)))
    cost = {n: _goal_here(ctx, st, plan, n[0], n[1]) for n in nodes}
    for _ in range(len(nodes) + 1):
        changed = False
        for side, at in nodes:
            best = cost[(side, at)]
            for e in plan.edges.get(side, ()):
                c = step_cost(ctx, st, side, at, e.spaces) + _edge_cost(plan, e) + cost[(e.target, e.arrive)]
                if c < best - 1e-9:
                    best = c
            if best < cost[(side, at)] - 1e-9:
                cost[(side, at)] = best
                changed = True
        if not changed:
            break
    plan._cost = cost


def _node_cost(ctx: Ctx, st: State, plan: ChapterPlan, side: int, at: tuple[str, ...]) -> float:
    got = plan._cost.get((side, at))
    if got is not None:
        return got
    best = _goal_here(ctx, st, plan, side, at)
    for e in plan.edges.get(side, ()):
        c = step_cost(ctx, st, side, at, e.spaces) + _edge_cost(plan, e) + plan._cost.get((e.target, e.arrive), FAR)
        best = min(best, c)
    return best


# --- during play ------------------------------------------------------------------------------------------------


def _holds(st: State, token: str, side: int) -> bool:
    placed = st.tokens.get(token)
    return token in st.stash or bool(placed and side_of(placed[0]) == side)


def _open_now(ctx: Ctx, st: State, e: Edge, hero_id: str | None) -> bool:
    """Whether the engine lets a mouse of this side take explore ``e`` now (its chapter's gates asked)."""
    if e.where != "flip":
        if exit_target(ctx, st, e.side, int(e.where[5:])) is None:
            return False
    elif "fishhook" in e.tokens and "fishhook" not in st.stash:
        return False
    if hero_id is None:
        return all(_holds(st, t, e.side) for t in e.tokens)
    # the engine's gates, asked for a mouse on the spaces the explore leaves from (a gate may read where it stands)
    return any(not explore_gate(ctx, st, hero_id, sp, e.where) for sp in e.spaces)


def search_spaces(ctx: Ctx, side: int, where: str) -> tuple[str, ...]:
    graph = ctx.board.graph(side)
    if where == "water":
        return tuple(sp.id for sp in graph.spaces if sp.water)
    return tuple(sp.id for sp in graph.spaces)


def _opener(ctx: Ctx, st: State, plan: ChapterPlan, e: Edge) -> tuple[str, ...] | None:
    """Where on this side a mouse can search for a token that opens ``e`` (None: no such search left)."""
    for token in e.tokens:
        found = plan.searches.get(token)
        if found is None:
            continue
        side, card, where = found
        if side == e.side and card not in st.special_found:
            return search_spaces(ctx, side, where)
    if not plan.gates and not e.tokens and not stages(ctx).gates:
        # a chapter whose gates are not written as data: any special search of this side left may be the key
        for ss in ctx.chapter.special_searches:
            if ss.side == e.side and ss.card not in st.special_found:
                return search_spaces(ctx, ss.side, ss.where)
    return None


def sides_to_go(ctx: Ctx, st: State, plan: ChapterPlan) -> tuple[int, ...]:
    """Where to go now: the sides of minions to defeat when any are on the board, else the plan's goal sides."""
    if plan.goal.defeat:
        board = ctx.board
        on = tuple(board.spaces[m.space].side for m in st.minions.values() if m.type in plan.goal.defeat)
        if on:
            return tuple(dict.fromkeys(on))
    return plan.goal.sides


def final_advice(
    ctx: Ctx, st: State, plan: ChapterPlan, side: int, space: str, hero_id: str | None = None
) -> list[Advice]:
    """The ways a mouse on ``space`` (of ``side``) can head toward ``plan``'s goal, cheapest first. A closed gate
    whose key is searched for on this side gives a ``search`` advice at the search's spaces; the goal gives ``""``
    (stand there); an explore gives its argument. Empty when the plan knows no way from here."""
    out: list[Advice] = []
    goal_sides = sides_to_go(ctx, st, plan)
    if side in goal_sides:
        on_side = tuple(s for s in plan.goal.spaces if side_of(s) == side)
        targets = tuple(
            m.space for m in st.minions.values() if m.type in plan.goal.defeat and side_of(m.space) == side
        )
        spaces = on_side or targets
        out.append(Advice(spaces, "", step_cost(ctx, st, side, (space,), spaces) if spaces else 0.0))
    elif goal_sides != plan.goal.sides:
        # the minions to defeat stand elsewhere: head for their sides through the graph
        out += _toward_sides(ctx, st, plan, side, space, goal_sides, hero_id)
        return sorted(out, key=lambda a: a.cost)
    for e in plan.edges.get(side, ()):
        if e.where != "flip":
            now = exit_target(ctx, st, side, int(e.where[5:]))
            if now is None or now[0] != e.target:
                continue  # no way there now, or the neighbour shows its other side
        rest = _node_cost(ctx, st, plan, e.target, e.arrive)
        if rest >= FAR:
            continue
        here = step_cost(ctx, st, side, (space,), e.spaces)
        if _open_now(ctx, st, e, hero_id):
            out.append(Advice(e.spaces, e.where, here + 1.0 + rest))
            continue
        keys = _opener(ctx, st, plan, e)
        if keys:
            near = step_cost(ctx, st, side, (space,), keys)
            out.append(Advice(keys, "search", near + GATE_COST + 1.0 + rest))
    return sorted(out, key=lambda a: a.cost)


def _toward_sides(
    ctx: Ctx, st: State, plan: ChapterPlan, side: int, space: str, sides: tuple[int, ...], hero_id: str | None
) -> list[Advice]:
    """The explores of ``side`` by their number of explores to any of ``sides`` (breadth first on the graph)."""
    dist: dict[int, int] = {s: 0 for s in sides}
    frontier = list(sides)
    while frontier:
        nxt: list[int] = []
        for s, es in plan.edges.items():
            if s in dist:
                continue
            if any(e.target in dist for e in es):
                dist[s] = 1 + min(dist[e.target] for e in es if e.target in dist)
                nxt.append(s)
        frontier = nxt
    out: list[Advice] = []
    for e in plan.edges.get(side, ()):
        if e.target in dist and _open_now(ctx, st, e, hero_id):
            out.append(Advice(e.spaces, e.where, step_cost(ctx, st, side, (space,), e.spaces) + 1.0 + dist[e.target]))
    return out


def mouse_cost(ctx: Ctx, st: State, space: str, plan: ChapterPlan | None = None) -> float:
    """The plan's cost to the goal from a mouse standing on ``space``: the cheapest way of :func:`advice`, with
    every explore the board allows counted whichever side its neighbour shows, and a gate open when the party
    holds its token (else reached through its key's search). Cached per space and tokens held."""
    plan = plan or chapter_plan(ctx, st)
    side = side_of(space)
    if plan.goal.defeat and sides_to_go(ctx, st, plan) != plan.goal.sides:
        ways = final_advice(ctx, st, plan, side, space)  # a minion to defeat is on the board: head for it
        return ways[0].cost if ways else FAR
    held = tuple(t for es in plan.edges.get(side, ()) for t in es.tokens if _holds(st, t, side))
    key = (space, held)
    got = plan._space_cost.get(key)
    if got is not None:
        return got
    best = _goal_here(ctx, st, plan, side, (space,))
    for e in plan.edges.get(side, ()):
        rest = _node_cost(ctx, st, plan, e.target, e.arrive)
        if rest >= FAR:
            continue
        if all(t in held for t in e.tokens):
            best = min(best, step_cost(ctx, st, side, (space,), e.spaces) + 1.0 + rest)
            continue
        keys = tuple(
            sp
            for t in e.tokens
            if t in plan.searches and plan.searches[t][0] == side
            for sp in search_spaces(ctx, side, plan.searches[t][2])
        )
        near = step_cost(ctx, st, side, (space,), keys or e.spaces)
        best = min(best, near + GATE_COST + 1.0 + rest)
    if len(plan._space_cost) < 50_000:
        plan._space_cost[key] = best
    return best


def final_progress(ctx: Ctx, st: State, plan: ChapterPlan, party: bool = False) -> float:
    """The furthest free mouse's progress toward ``plan``'s goal (0..1); with ``party``, the mean over the free
    mice (a mouse with no way there counts 0)."""
    if not plan.goal.sides:
        return 0.0
    mice = st.mice_on_board()
    key: tuple[object, ...] | None = None
    if not plan.goal.defeat:  # (a minion to defeat makes the answer read the minions: not kept)
        # what mouse_cost reads of ``st`` beside each space: which gate tokens the party holds and where
        if plan._tokens is None:
            plan._tokens = tuple(sorted({t for es in plan.edges.values() for e in es for t in e.tokens}))
        placed = tuple((t in st.stash, tuple(st.tokens.get(t) or ())[:1]) for t in plan._tokens)
        key = (party, tuple([h.space for h in mice]), placed)
        got = plan._progress.get(key)
        if got is not None:
            return got
    best = 0.0
    total = 0.0
    for h in mice:
        assert h.space is not None
        c = mouse_cost(ctx, st, h.space, plan)
        if c < FAR:
            here = max(0.0, min(1.0, 1.0 - c / plan.start_cost))
            best = max(best, here)
            total += here
    answer = (total / len(mice) if mice else 0.0) if party else best
    if key is not None and len(plan._progress) < 50_000:
        plan._progress[key] = answer
    return answer
