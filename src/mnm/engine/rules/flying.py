"""[EXP] Flying figures (R-EXP-03): a butterfly on the initiative card (``flying: true``).

A flying minion moves by the minion rules (R-MINION-03/04: toward the nearest mouse, ties to the one highest
on the track) over the *flying* graph of its tile (:attr:`mnm.board.geometry.TileGraph.fly_cost`): it ignores
red and yellow lines and chasms, crosses a gap between branches as one space (a step of 2), passes over lava
and chasms, but never ends its move on lava, a chasm or a gap (it stops on the last space before, if it must).
"""

from __future__ import annotations

import heapq

from mnm.content.schema import AttackKind
from mnm.engine.context import Ctx
from mnm.engine.query import barred_steps, blocked_spaces, mice_in, mice_on_side, track_rank
from mnm.engine.state import Minion, State

__all__ = ["fly_distances", "flying_move"]


def fly_distances(ctx: Ctx, st: State, start: str) -> tuple[dict[str, int], dict[str, str]]:
    """Flying distances from ``start`` on its tile and one predecessor per space (lowest number first).
    Full spaces are reached but not passed over."""
    graph = ctx.board.graph_of(start)
    full = blocked_spaces(ctx, st)
    cut = barred_steps(st)  # a chapter's barred lines (bar_line): a flier does not cross them either
    dist = {start: 0}
    prev: dict[str, str] = {}
    heap = [(0, graph.by_id[start].n, start)]
    while heap:
        d, _, u = heapq.heappop(heap)
        if d > dist[u] or (u != start and u in full):
            continue
        for j, c in sorted(graph.fly_cost[graph.by_id[u].index].items()):
            v = graph.spaces[j].id
            nd = d + c
            if nd < dist.get(v, 1 << 30) and (u, v) not in cut:
                dist[v] = nd
                prev[v] = u
                heapq.heappush(heap, (nd, graph.spaces[j].n, v))
    return dist, prev


def flying_move(ctx: Ctx, st: State, m: Minion, points: int) -> None:
    """Move a flying minion up to ``points`` toward the nearest mouse on its tile (see the module's rules)."""
    graph = ctx.board.graph_of(m.space)
    mice = [h for h in mice_on_side(st, graph.side) if h.space is not None]
    if not mice:
        return
    dist, prev = fly_distances(ctx, st, m.space)
    mice.sort(key=lambda h: (dist.get(h.space or "", 1 << 30), track_rank(st, f"mouse:{h.id}")))
    target = mice[0]
    assert target.space is not None
    if target.space not in dist:
        return
    path: list[str] = []
    here = target.space
    while here != m.space:
        path.append(here)
        here = prev[here]
    path = path[::-1]
    ranged = ctx.content.minions[m.type].attack is AttackKind.RANGED
    full = blocked_spaces(ctx, st)
    spent = 0
    reached: list[str] = []
    for sp in path:
        cost = graph.fly_cost[graph.by_id[reached[-1] if reached else m.space].index][graph.by_id[sp].index]
        if spent + cost > points:
            break
        spent += cost
        reached.append(sp)
        if mice_in(st, sp):
            break
        if ranged and not graph.spaces[graph.by_id[sp].index].no_landing and any(
            graph.can_see(sp, h.space) for h in mice if h.space is not None
        ):
            break
    while reached and (ctx.board.spaces[reached[-1]].no_landing or reached[-1] in full):
        reached.pop()  # R-EXP-03: no landing on lava, a chasm or a gap, nor in a full space
    if not reached:
        ctx.emit("minion_blocked", "R-EXP-03", minion=m.id, space=m.space, target=target.id, roll=points,
                 reason="closer_spaces_full")
        return
    src = m.space
    m.space = reached[-1]
    ctx.emit("minion_flies", "R-EXP-03", minion=m.id, src=src, dst=m.space, path=list(reached), target=target.id,
             roll=points)
    ctx.rules.on_minion_enters(ctx, st, m)
