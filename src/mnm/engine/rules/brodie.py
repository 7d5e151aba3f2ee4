"""Brodie the cat (R-BRODIE-01..07): a paw token that takes no room and acts twice a round.

* Pounces (R-BRODIE-04): he jumps to the space of his tile holding the most figures (minions count; ties:
  the space holding the figure highest on the track), or stays when his own space holds the most or no other
  space holds any; one attack roll, and every figure in that space defends separately (R-BATTLE-13).
* Chases (R-BRODIE-05/06): 2 dice of movement along shortest paths (ties: the lowest-numbered next space,
  docs/rulings.md) toward the nearest mouse not in his space (ties: highest on the track), going on toward
  the next nearest with movement left; one attack roll against every figure on every space he passed,
  start and end included.
His rolls never feed the minion wheel (R-BRODIE-02); he moves through any space, since he takes no room.
"""

from __future__ import annotations

from collections import deque
from typing import Any

from mnm.engine.actions import Action
from mnm.engine.context import Ctx, decision, step
from mnm.engine.dice import roll
from mnm.engine.hooks import CAT_CARD
from mnm.engine.query import mice_in, mice_on_side, minions_in, minions_on_side, track_rank
from mnm.engine.rules.battle import attack_dice, defend_minion, mouse_defends
from mnm.engine.rules.chapter_state import BARRED
from mnm.engine.rules.spaces import barred, walk_distances, walk_next
from mnm.engine.state import Hero, Minion, Pending, State

__all__: list[str] = []


def _brodie(ctx: Ctx, st: State) -> Minion | None:
    return next((m for m in st.minions.values() if ctx.content.minions[m.type].kind == "cat"), None)


def _figures(ctx: Ctx, st: State, space: str, brodie: Minion) -> tuple[list[Hero], list[Minion]]:
    return mice_in(st, space), [m for m in minions_in(st, space) if m.id != brodie.id]


def _rank(st: State, figure: Hero | Minion) -> int:
    if isinstance(figure, Hero):
        return track_rank(st, f"mouse:{figure.id}")
    return min(track_rank(st, c) for c in (f"minion:{figure.type}", f"boss:{figure.type}:1"))


def _attack_space_group(ctx: Ctx, st: State, brodie: Minion, spaces: list[str], rule: str) -> None:
    """One attack roll; each figure in the spaces defends on its own (R-BATTLE-13)."""
    spec = ctx.content.minions[brodie.type]
    faces = roll(st, attack_dice(st, brodie.id, spec.battle), "Brodie's attack")
    hits = sum(1 for f in faces if ctx.dice[f].melee_hit)
    ctx.emit("brodie_attacks", rule, spaces=list(spaces), faces=list(faces), hits=hits)
    for space in spaces:
        mice, minions = _figures(ctx, st, space, brodie)
        for h in mice:
            if not h.captured:
                mouse_defends(ctx, st, h, hits, brodie)
        for m in minions:
            if m.id in st.minions:
                defend_minion(ctx, st, None, m, hits)


@step("brodie_turn")
def _brodie_turn(ctx: Ctx, st: State, args: list[Any]) -> None:
    card = str(args[0])
    brodie = _brodie(ctx, st)
    if brodie is None:
        return
    side = ctx.board.graph_of(brodie.space).side
    if not mice_on_side(st, side) and not any(m.id != brodie.id for m in minions_on_side(st, side)):
        # nobody on his tile: R-MINION-11. Minions alone are enough: he pounces on figures, minions included
        # (R-BRODIE-04), and his chase attacks every figure on his way (docs/rulings.md R-BRODIE-04/05)
        ctx.emit("minion_idle", "R-MINION-11", minion=brodie.id)
        return
    handler = CAT_CARD.get(_CARD_ABILITY.get(card))
    if handler is not None:
        handler(ctx, st, brodie)


_CARD_ABILITY = {"pounces": "pounce", "chases": "chase"}  # R-BRODIE-03: the cat's two cards


@CAT_CARD.register("pounce", summary="Brodie pounces on the figures of the most crowded space (R-BRODIE-04)")
def _pounce(ctx: Ctx, st: State, brodie: Minion) -> None:
    graph = ctx.board.graph_of(brodie.space)

    def count(space: str) -> int:
        mice, minions = _figures(ctx, st, space, brodie)
        return len(mice) + len(minions)

    def best_rank(space: str) -> int:
        mice, minions = _figures(ctx, st, space, brodie)
        ranks = [_rank(st, h) for h in mice] + [_rank(st, m) for m in minions]
        return min(ranks, default=10**6)

    here = count(brodie.space)
    closed = set(st.chapter_data.get(BARRED) or ())  # a chapter's bar_space: no figure enters it, he neither
    others = [
        sp.id for sp in graph.spaces
        if sp.id != brodie.space and count(sp.id) > 0 and not sp.minions_barred and sp.id not in closed
    ]
    target = brodie.space
    if others:
        top = max(others, key=lambda s: (count(s), -best_rank(s)))
        if count(top) > here:
            target = top
    src = brodie.space
    brodie.space = target
    ctx.emit("brodie_pounces", "R-BRODIE-04", src=src, dst=target, figures=count(target))
    if count(target):
        _attack_space_group(ctx, st, brodie, [target], "R-BRODIE-04")


def _cat_bfs(ctx: Ctx, start: str) -> dict[str, int]:
    graph = ctx.board.graph_of(start)
    dist = {start: 0}
    queue = deque([start])
    while queue:
        u = queue.popleft()
        for j in graph.minion_adj[graph.by_id[u].index]:
            v = graph.spaces[j].id
            if v not in dist:
                dist[v] = dist[u] + 1
                queue.append(v)
    return dist


def _next_steps(ctx: Ctx, st: State, here: str, goal: str) -> list[str]:
    """The spaces one step from ``here`` on a shortest path to ``goal`` (several when the paths split); a chapter's
    closed spaces and lines are walked round (:func:`walk_next`)."""
    if barred(st):
        return walk_next(ctx, st, here, goal)
    graph = ctx.board.graph_of(here)
    to_goal = _cat_bfs(ctx, goal)
    d = to_goal[here]
    nexts = [
        graph.spaces[j].id
        for j in graph.minion_adj[graph.by_id[here].index]
        if to_goal.get(graph.spaces[j].id) == d - 1
    ]
    return sorted(nexts, key=lambda s: int(s.split(":")[1]))


@CAT_CARD.register("chase", summary="Brodie runs 2 dice of movement toward the mice and attacks (R-BRODIE-05/06)")
def _chase(ctx: Ctx, st: State, brodie: Minion) -> None:
    side = ctx.board.graph_of(brodie.space).side
    faces = roll(st, 2, "Brodie's chase")
    points = sum(ctx.dice[f].number for f in faces)
    if all(h.space == brodie.space for h in mice_on_side(st, side)):  # no mouse to chase: he stays
        ctx.emit("brodie_stays", "R-BRODIE-05", space=brodie.space)
        mice, minions = _figures(ctx, st, brodie.space, brodie)
        if mice or minions:
            _attack_space_group(ctx, st, brodie, [brodie.space], "R-BRODIE-06")
        return
    _chase_on(ctx, st, brodie, [brodie.space, points, [brodie.space], [], list(faces), ""])


def _chase_on(ctx: Ctx, st: State, brodie: Minion, chase: list[Any]) -> None:
    """R-BRODIE-05/06: go on with a chase: ``chase`` = [start, points left, spaces passed, mice reached, faces,
    the mouse he is heading for ('' to choose)]. Where shortest paths split, "the players can decide which
    path": the ``brodie_path`` decision (option ``auto_pick_choices``: the lowest-numbered space)."""
    start, points, passed, reached_list, faces, goal_id = chase
    reached = set(reached_list)
    side = ctx.board.graph_of(brodie.space).side
    while points > 0:
        goal = st.heroes.get(goal_id) if goal_id else None
        if goal is None or goal.space is None or goal.id in reached:
            if barred(st):  # a chapter closed spaces or lines: his distances walk round them
                dist = {
                    h.space: walk_distances(ctx, st, h.space).get(brodie.space, 1 << 20)
                    for h in mice_on_side(st, side) if h.space is not None
                }
                dist = {k: v for k, v in dist.items() if v < 1 << 20}
            else:
                dist = _cat_bfs(ctx, brodie.space)
            targets = [
                h
                for h in mice_on_side(st, side)
                if h.space is not None and h.space != brodie.space and h.id not in reached and h.space in dist
            ]
            if not targets:
                break
            targets.sort(key=lambda h: (dist[h.space or ""], track_rank(st, f"mouse:{h.id}")))
            goal = targets[0]
        assert goal.space is not None
        goal_id = goal.id
        while points > 0 and brodie.space != goal.space:
            nexts = _next_steps(ctx, st, brodie.space, goal.space)
            if not nexts:
                break  # walled off by a chapter's barriers: he stops
            if len(nexts) > 1 and not st.options.get("auto_pick_choices"):
                data = {"spaces": nexts, "chase": [start, points, passed, sorted(reached), faces, goal_id]}
                st.pending = Pending("brodie_path", "party", data)
                return
            brodie.space = nexts[0]
            passed.append(brodie.space)
            points -= 1
        if brodie.space == goal.space:
            reached.add(goal.id)
            reached.update(h.id for h in mice_in(st, brodie.space))
            goal_id = ""
    ctx.emit("brodie_chases", "R-BRODIE-05", src=start, dst=brodie.space, path=list(passed), roll=list(faces))
    spaces = list(dict.fromkeys(passed))
    _attack_space_group(ctx, st, brodie, spaces, "R-BRODIE-06")


def _path_options(ctx: Ctx, st: State, p: Pending) -> list[Action]:
    return [Action("choose", "party", (s,)) for s in p.data["spaces"]]


def _path_apply(ctx: Ctx, st: State, p: Pending, a: Action) -> None:
    brodie = _brodie(ctx, st)
    assert brodie is not None
    start, points, passed, reached, faces, goal_id = p.data["chase"]
    brodie.space = a.args[0]
    chase = [start, int(points) - 1, [*passed, brodie.space], list(reached), list(faces), goal_id]
    _chase_on(ctx, st, brodie, chase)


def _path_explain(ctx: Ctx, st: State, p: Pending, a: Action) -> str:
    return f"Brodie's shortest paths split here: choose his next space, one of {', '.join(p.data['spaces'])}"


decision("brodie_path", _path_options, _path_apply, _path_explain, prompt="brodie_path_prompt")
