"""Minion turns (R-MINION-01..12): every figure of the card, nearest the mice first, moves then attacks.

Tie-breaks (docs/rulings.md R-MINION-03/10): targets by path length on the minion graph, then highest on the
initiative track; among equal shortest paths the one whose next space has the lowest number; when the
target's space is full, the reachable space closest to it. A minion that enters a space holding a mouse
stops there, as a mouse does (R-MOVE-08, R-MINION-02). Minions on a tile without mice stay put
(R-MINION-11).
"""

from __future__ import annotations

from typing import Any

from mnm.board.geometry import UNREACHABLE, TileGraph
from mnm.content.schema import AttackKind
from mnm.engine.context import Ctx, push, step
from mnm.engine.dice import roll
from mnm.engine.hooks import CREATURE_TURN, CURSED_CHEESE, HELPER_ATTACKED, MINION_GRAPE_TURN
from mnm.engine.query import (
    barred_steps,
    blocked_spaces,
    buff,
    can_enter,
    is_large,
    melee_reach,
    mice_in,
    mice_on_side,
    minion_distances,
    track_rank,
)
from mnm.engine.rules.battle import add_wheel_cheese, attack_dice, minion_attacks_mouse, mouse_defends
from mnm.engine.rules.expansion import helpers
from mnm.engine.rules.flying import flying_move
from mnm.engine.state import Hero, Minion, State

__all__ = ["charmed_mouse_acts", "minion_order", "nearest_mice", "path_toward"]


def _side(ctx: Ctx, space: str) -> int:
    return ctx.board.graph_of(space).side


def nearest_mice(ctx: Ctx, st: State, m: Minion) -> tuple[list[Hero], dict[str, int]]:
    """Mice on the minion's tile ordered by (distance, track rank), and the distances used (shared: read only)."""
    mice = mice_on_side(st, _side(ctx, m.space))
    if not mice:
        return [], {}
    dist = _distances(ctx, st, m, mice)
    far = 10**6
    mice.sort(key=lambda h: (dist.get(h.space or "", far), track_rank(st, f"mouse:{h.id}")))
    return mice, dist


def _distances(ctx: Ctx, st: State, m: Minion, mice: list[Hero]) -> dict[str, int]:
    """The minion's distances, with a mouse on a space minions may not enter counted as :func:`barred_distance`
    says (the remembered dict itself unless a mouse needed that: read only)."""
    dist = minion_distances(ctx, st, m.space, is_large(ctx, m))
    copied = False
    for h in mice:
        if h.space is not None and h.space not in dist:
            barred = barred_distance(ctx, dist, h.space)
            if barred is not None:
                if not copied:
                    dist = dict(dist)
                    copied = True
                dist[h.space] = barred
    return dist


def _nearest_distance(ctx: Ctx, st: State, m: Minion) -> int:
    """The distance of the first mouse :func:`nearest_mice` gives (10**6 when none), without sorting the mice."""
    mice = mice_on_side(st, _side(ctx, m.space))
    if not mice:
        return 10**6
    dist = _distances(ctx, st, m, mice)
    return min([dist.get(h.space or "", 10**6) for h in mice])


def barred_distance(ctx: Ctx, dist: dict[str, int], space: str) -> int | None:
    """A space minions may never enter (Chapter 1's tree entrance) is one step past its nearest neighbour, so
    minions still close in on a mouse there and attack it from next door (docs/rulings.md, Chapter 1)."""
    sp = ctx.board.spaces[space]
    if not sp.minions_barred:
        return None
    graph = ctx.board.graph_of(space)
    near = [dist[graph.spaces[j].id] + 1 for j in graph.mouse_cost[sp.index] if graph.spaces[j].id in dist]
    return min(near) if near else None


def minion_order(ctx: Ctx, st: State, mtype: str) -> list[str]:
    """R-MINION-01: figures act nearest the mice first (ties: lowest space number, then figure number)."""
    figs = [m for m in st.minions.values() if m.type == mtype]
    if len(figs) < 2:
        return [m.id for m in figs]  # nothing to order (the distances are worked out when the figure moves)

    def key(m: Minion) -> tuple[int, int, int]:
        return (_nearest_distance(ctx, st, m), int(m.space.split(":")[1]), int(m.id.rsplit("-", 1)[1]))

    return [m.id for m in sorted(figs, key=key)]


def _bfs_from(
    goal: str, start: str, graph: TileGraph, blocked: set[str], cut: set[tuple[str, str]] | None = None
) -> dict[str, int]:
    """Distances to ``goal`` over spaces a minion can pass (the start and goal are always allowed); ``blocked``:
    the spaces it may not enter (:func:`blocked_spaces` of the position); ``cut``: steps across a chapter's barred
    lines (:func:`barred_steps`)."""
    spaces = graph.spaces
    adj = graph.minion_adj
    goal_i = graph.by_id[goal].index
    dist = [-1] * len(spaces)
    dist[goal_i] = 0
    order = [goal_i]  # breadth first over space indices: the list grows while it is walked
    for u in order:
        sid = spaces[u].id
        if u != goal_i and sid != start and sid in blocked:
            continue
        du = dist[u] + 1
        for v in adj[u]:
            if dist[v] < 0 and not (cut and (sid, spaces[v].id) in cut):
                dist[v] = du
                order.append(v)
    return {spaces[i].id: dist[i] for i in order}


def path_toward(ctx: Ctx, st: State, m: Minion, target_space: str, forks: list[str] | None = None) -> list[str]:
    """The spaces a minion walks to get as close as it can to ``target_space`` (whole path, no limit).
    ``forks`` collects the spaces where equally short routes split (R-MINION-10: lowest number taken)."""
    large = is_large(ctx, m)
    reach = minion_distances(ctx, st, m.space, large)
    graph = ctx.board.graph_of(m.space)
    static = graph.minion_dist[graph.by_id[target_space].index]
    blocked = blocked_spaces(ctx, st, large)  # nothing moves while the path is worked out

    def enterable(space: str) -> bool:
        return space not in blocked  # enter_test

    if target_space in reach and enterable(target_space):
        goal = target_space
    else:
        # the target's space is full: stop as close to it as possible (R-MINION-03)
        cands = [s for s in reach if s == m.space or enterable(s)]
        goal = min(cands, key=lambda s: (static[graph.by_id[s].index], reach[s], int(s.split(":")[1])))
    if goal == m.space:
        return []
    cut = barred_steps(st)  # a chapter's barred lines: no step across them
    to_goal = _bfs_from(goal, m.space, ctx.board.graph_of(goal), blocked, cut)
    path: list[str] = []
    here = m.space
    while here != goal:
        d = to_goal[here]
        nexts = [
            graph.spaces[j].id
            for j in graph.minion_adj[graph.by_id[here].index]
            if to_goal.get(graph.spaces[j].id) == d - 1
            and (graph.spaces[j].id == goal or enterable(graph.spaces[j].id))
            and (here, graph.spaces[j].id) not in cut
        ]
        if not nexts:
            break
        if forks is not None and len(nexts) > 1:
            forks.append(here)
        here = min(nexts, key=lambda s: int(s.split(":")[1]))
        path.append(here)
    return path


def _sees_a_mouse(ctx: Ctx, st: State, m: Minion, space: str) -> bool:
    graph = ctx.board.graph_of(space)
    return any(h.space is not None and graph.can_see(space, h.space) for h in mice_on_side(st, graph.side))


@step("minion_turn")
def _minion_turn(ctx: Ctx, st: State, args: list[Any]) -> None:
    mtype = str(args[0])
    order = minion_order(ctx, st, mtype)
    ctx.emit("minion_card_turn", "R-MINION-01", minion=mtype, order=order)
    push(st, ["minion_act", order, []])


@step("minion_act")
def _minion_act(ctx: Ctx, st: State, args: list[Any]) -> None:
    """One figure moves, then attacks; the rest of the card's figures follow as a new step."""
    order = [str(x) for x in args[0]]
    attacked = [str(x) for x in args[1]]
    while order and order[0] not in st.minions:
        order.pop(0)
    if not order:
        return
    m = st.minions[order[0]]
    rest = order[1:]

    def then() -> None:
        if rest:
            push(st, ["minion_act", rest, list(attacked)])  # after this figure's attack (and any surge)

    if not mice_on_side(st, _side(ctx, m.space)):
        ctx.emit("minion_idle", "R-MINION-11", minion=m.id)
        then()
        return
    grape = MINION_GRAPE_TURN.call(ctx, st, m)  # R-PARTY-12/14: "done", "moved" or ""
    if grape == "done" or (
        not grape and (ctx.rules.minion_turn_override(ctx, st, m) or CREATURE_TURN.call(ctx, st, m))
    ):
        then()  # a grape, a chapter rule (R-STORY-05) or a creature's own rule (R-EXP) used this figure's turn
        return
    if not grape:
        _move(ctx, st, m)
    target = None
    if m.id in st.minions and st.status == "playing":
        target = _attack_target(ctx, st, m, attacked)
    if target is not None:
        attacked.append(target[0].id)
    elif m.id in st.minions and st.status == "playing" and st.chapter_data.get("helpers"):
        HELPER_ATTACKED.call(ctx, st, m)  # [EXP] R-EXP-02: an ally or pet, when no mouse can be attacked
    then()
    if target is not None:
        minion_attacks_mouse(ctx, st, m, target[0], target[1], target[2])


def _move(ctx: Ctx, st: State, m: Minion) -> None:
    spec = ctx.content.minions[m.type]
    if "knocked_down" in m.statuses:  # R-MINION-08
        m.statuses.remove("knocked_down")
        ctx.emit("stands_up", "R-MINION-08", figure=m.id)
        return
    if mice_in(st, m.space):
        ctx.emit("minion_holds", "R-MINION-03", minion=m.id, space=m.space)
        return
    ranged = spec.attack is AttackKind.RANGED
    if ranged and _sees_a_mouse(ctx, st, m, m.space):
        ctx.emit("minion_holds_ranged", "R-MINION-04", minion=m.id, space=m.space)
        return
    face = ctx.dice[roll(st, 1, f"{m.id}'s movement")[0]]
    ctx.rules.on_move_roll(ctx, st, m.id, face.index)
    if m.id not in st.minions:
        return
    if spec.flying:  # [EXP] R-EXP-03
        flying_move(ctx, st, m, face.number)
        return
    mice, dist = nearest_mice(ctx, st, m)
    if not mice or mice[0].space is None:
        return
    target = mice[0]
    assert target.space is not None
    tied = [h.id for h in mice[1:] if dist.get(h.space or "") == dist.get(target.space)]
    goal = target.space
    if ctx.board.spaces[goal].minions_barred:  # head for the space next to it instead (Chapter 1's tree)
        graph = ctx.board.graph_of(goal)
        nbrs = [graph.spaces[j].id for j in graph.mouse_cost[graph.by_id[goal].index]]
        goal = min(nbrs, key=lambda s: (dist.get(s, 10**6), int(s.split(":")[1])))
    route_forks: list[str] = []
    path = path_toward(ctx, st, m, goal, route_forks)
    steps: list[str] = []
    for space in path[: face.number]:
        steps.append(space)
        if mice_in(st, space):
            break  # entering a mouse's space ends the move
        if ranged and _sees_a_mouse(ctx, st, m, space):
            break  # R-MINION-04: a ranged minion stops as soon as it sees a mouse
    if steps and st.chapter_data.get("helpers") and not _can_attack_a_mouse_from(ctx, st, m, steps[-1]):
        steps = _stop_for_helper(ctx, st, m, steps)
    src = m.space
    if not steps:  # already as close as it can get: say why instead of "moves 0 spaces" (R-MINION-03)
        barred = ctx.board.spaces[target.space].minions_barred
        reason = "space_barred_to_minions" if barred else "closer_spaces_full"
        ctx.emit(
            "minion_blocked", "R-MINION-03", minion=m.id, space=src, target=target.id, roll=face.number, reason=reason
        )
        return
    m.space = steps[-1]
    ctx.emit(
        "minion_moves",
        "R-MINION-04" if ranged else "R-MINION-03",
        minion=m.id,
        src=src,
        dst=m.space,
        steps=len(steps),
        roll=face.number,
        target=target.id,
        tied=tied,
        path=list(steps),
        # R-MINION-10: where equal routes split on the part walked (the lowest-numbered space was taken)
        forks=[f for f in route_forks if f == src or f in steps[:-1]],
    )
    ctx.rules.on_minion_enters(ctx, st, m)


def _can_attack_a_mouse_from(ctx: Ctx, st: State, m: Minion, space: str) -> bool:
    """Whether the minion, standing on ``space``, would have a mouse to attack (as :func:`_attack_target`
    finds its candidates)."""
    graph = ctx.board.graph_of(space)
    if ctx.content.minions[m.type].attack is AttackKind.RANGED:
        return _sees_a_mouse(ctx, st, m, space)
    near = melee_reach(graph, space)
    return any(h.space in near for h in mice_on_side(st, graph.side))


def _stop_for_helper(ctx: Ctx, st: State, m: Minion, steps: list[str]) -> list[str]:
    """R-EXP-02: "minions do not stop for or attack pets unless no mouse is available". With no mouse it can
    reach and attack this turn (docs/rulings.md), the minion stops on the first space of its walk holding an
    ally or a pet, as it would on a mouse's, and attacks it there."""
    held = {str(d["space"]): k for k, d in helpers(st).items()}
    for i, space in enumerate(steps):
        if space in held:
            ctx.emit("minion_stops_for_helper", "R-EXP-02", minion=m.id, helper=held[space], space=space)
            return steps[: i + 1]
    return steps


def _attack_target(ctx: Ctx, st: State, m: Minion, attacked: list[str]) -> tuple[Hero, str, list[str]] | None:
    """R-MINION-05/06: the nearest mouse it can attack not yet attacked this card turn; else (or on ties) the
    mouse highest on the track. Returns the mouse, why (a message value id) and the mice it was tied with."""
    spec = ctx.content.minions[m.type]
    graph = ctx.board.graph_of(m.space)
    mice = mice_on_side(st, graph.side)
    if spec.attack is AttackKind.RANGED:
        cands = [h for h in mice if h.space is not None and graph.can_see(m.space, h.space)]
    else:
        near = melee_reach(graph, m.space)  # not across a red line (R-MOVE-04)
        cands = [h for h in mice if h.space in near]
    if not cands:
        return None
    seen = [h for h in cands if not (h.buffs and buff(h, "hide"))]
    cands = seen or cands  # Vanish: a hidden mouse is attacked only when no other mouse can be
    fresh = [h for h in cands if h.id not in attacked]
    if len(fresh) == 1:  # the only choice: no distances needed to order it (the common case)
        return fresh[0], "nearest_not_attacked", []
    dist = minion_distances(ctx, st, m.space, is_large(ctx, m))
    pool = fresh or cands
    pool.sort(key=lambda h: (dist.get(h.space or "", 10**6), track_rank(st, f"mouse:{h.id}")))
    best = pool[0]
    if not fresh:
        pool.sort(key=lambda h: track_rank(st, f"mouse:{h.id}"))
        best = pool[0]
        return best, "all_attacked_highest_on_track", []
    ties = [h.id for h in pool[1:] if dist.get(h.space or "") == dist.get(best.space or "")]
    return best, "nearest_not_attacked", ties


def charmed_mouse_acts(ctx: Ctx, st: State, h: Hero) -> None:
    """R-NEG-05: a charmed mouse moves and attacks like a melee minion, using only its card's stats,
    targeting other mice (docs/rulings.md). The other markers on its card still hold (docs/rulings.md R-NEG-05
    with R-NEG-02..08): knocked down, it stands up instead of moving (R-NEG-04, as a minion does, R-MINION-08);
    webbed, it cannot move (R-NEG-03); stunned, it moves but makes no attack, Recover being a stunned mouse's
    only action (R-NEG-02); its CHEESE goes to the wheel as a minion's does (R-BATTLE-03; R-NEG-07 when cursed). Its movement roll is a
    movement roll like any other, so the chapter's movement-roll rules apply to it (Chapter 1's old crow), and the
    space it walks to fires the chapter's figure_enters rules, as a mouse's move does."""
    if h.space is None:
        return
    hero = ctx.content.heroes[h.id]
    graph = ctx.board.graph_of(h.space)
    others = [x for x in mice_on_side(st, graph.side) if x.id != h.id and x.space is not None]
    if not others:
        return
    dist = _charmed_distances(ctx, st, h.space, others)
    others.sort(key=lambda x: (dist.get(x.space or "", 10**6), track_rank(st, f"mouse:{x.id}")))
    target = others[0]
    assert target.space is not None
    steps = 0
    if "knocked_down" in h.statuses:  # R-NEG-04: standing up takes its whole move
        h.statuses.remove("knocked_down")
        ctx.emit("stands_up", "R-NEG-04", figure=h.id)
    elif "webbed" in h.statuses:  # R-NEG-03: a webbed mouse cannot move (the marker stays)
        ctx.emit("charmed_webbed", "R-NEG-03", hero=h.id)
    elif target.space != h.space:  # like a melee minion already in a mouse's space, it holds and rolls nothing
        face = ctx.dice[roll(st, 1, f"{h.id}'s charmed movement")[0]]
        ctx.rules.on_move_roll(ctx, st, h.id, face.index)  # e.g. Chapter 1's old crow (R-BATTLE-14)
        if h.captured or h.space is None or st.status != "playing":
            return
        steps = face.number
    here = _charmed_walk(ctx, st, h.space, target.space, steps)
    if here != h.space:  # standing still is said by the event that held it (standing up, the web) or by nothing
        h.space = here
        ctx.emit("charmed_moves", "R-NEG-05", hero=h.id, dst=here, target=target.id)
        ctx.rules.on_mouse_enters(ctx, st, h.id, here)  # a chapter's figure_enters rules, as for any move of a mouse
        if h.captured or h.space is None or st.status != "playing":
            return
    victim = _charmed_victim(ctx, st, here, target, others)
    if victim is None:
        return
    target = victim
    if "stunned" in h.statuses and not st.options.get("charmed_stunned_attacks"):
        # R-NEG-02: Recover is a stunned mouse's only action, so it attacks no one (docs/rulings.md R-NEG-05)
        ctx.emit("charmed_stunned", "R-NEG-02", hero=h.id, target=target.id)
        return
    faces = roll(st, attack_dice(st, h.id, hero.battle), f"{h.id}'s charmed attack")  # its card's battle only
    hits = sum(1 for f in faces if ctx.dice[f].melee_hit)
    ctx.emit("charmed_attacks", "R-NEG-05", hero=h.id, target=target.id, faces=list(faces), hits=hits)
    cheese = sum(1 for f in faces if ctx.dice[f].cheese)
    if cheese and not CURSED_CHEESE.call(ctx, st, h, cheese):  # R-NEG-07: cursed, all of it to the wheel
        # R-NEG-05 with R-BATTLE-03: it attacks "as if it were a minion", and a minion's roll feeds the wheel
        add_wheel_cheese(ctx, st, cheese, h.id)
    # R-NEG-05: only the charmed mouse loses its cards' benefits; its target defends as usual (armor, cheese)
    mouse_defends(ctx, st, target, hits, None, attacker=h.id)


def _charmed_victim(ctx: Ctx, st: State, here: str, target: Hero, others: list[Hero]) -> Hero | None:
    """Whom the charmed mouse attacks from ``here``, as a melee minion chooses (R-MINION-05): a mouse in reach, the
    one it walked toward if it can, else the nearest (ties: highest on the track); a hidden mouse (Vanish) only
    when it can attack no other."""
    near = melee_reach(ctx.board.graph_of(here), here)
    in_reach = [x for x in others if x.space in near]
    seen = [x for x in in_reach if not (x.buffs and buff(x, "hide"))]
    pool = seen or in_reach
    if not pool or target in pool:
        return target if pool else None
    dist = _charmed_distances(ctx, st, here, pool)
    return min(pool, key=lambda x: (dist.get(x.space or "", 10**6), track_rank(st, f"mouse:{x.id}")))


def _charmed_distances(ctx: Ctx, st: State, space: str, mice: list[Hero]) -> dict[str, int]:
    """Minion distances from ``space``, a mouse on a space minions may not enter (Chapter 1's tree entrance)
    counted one step past its nearest neighbour, as a minion counts it (:func:`barred_distance`)."""
    graph = ctx.board.graph_of(space)
    row = graph.minion_dist[graph.by_id[space].index]
    dist = {sp.id: row[sp.index] for sp in graph.spaces if row[sp.index] < UNREACHABLE}
    for x in mice:
        if x.space is not None and ctx.board.spaces[x.space].minions_barred:
            barred = barred_distance(ctx, {k: v for k, v in dist.items() if k != x.space}, x.space)
            if barred is not None:
                dist[x.space] = barred
    return dist


def _charmed_walk(ctx: Ctx, st: State, start: str, goal: str, steps: int) -> str:
    """Where a charmed mouse walking ``steps`` toward ``goal`` stops, as a melee minion walks: shortest minion
    path (ties: the lowest-numbered space, R-MINION-10), stopping on entering a mouse's space (R-MOVE-08); a goal
    minions may not enter (the tree entrance) is approached through its neighbours (docs/rulings.md)."""
    graph = ctx.board.graph_of(start)
    if ctx.board.spaces[goal].minions_barred:
        nbrs = [graph.spaces[j].id for j in graph.mouse_cost[graph.by_id[goal].index]]
        row = graph.minion_dist[graph.by_id[start].index]
        reach = [s for s in nbrs if row[graph.by_id[s].index] < UNREACHABLE]
        if not reach:
            return start
        goal = min(reach, key=lambda s: (row[graph.by_id[s].index], int(s.split(":")[1])))
    here = start
    cut = barred_steps(st)  # a chapter's barred lines: no step across them
    for _ in range(steps):
        if here == goal or (mice_in(st, here) and here != start):
            break
        gi = graph.by_id[here].index
        ti = graph.by_id[goal].index
        nexts = [
            graph.spaces[j].id
            for j in graph.minion_adj[gi]
            if graph.minion_dist[j][ti] < graph.minion_dist[gi][ti]
            and can_enter(ctx, st, graph.spaces[j].id)
            and (here, graph.spaces[j].id) not in cut
        ]
        if not nexts:
            break
        here = min(nexts, key=lambda s: int(s.split(":")[1]))
    return here
