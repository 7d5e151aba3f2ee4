"""The way through a chapter, read from its data: where the party must get to, and how (docs/bots.md, "The plan").

Bots know no chapter by heart. From the chapter's victory conditions (the chapter language, docs/chapters.md)
the planner works out the **goal**: the spaces every free mouse must reach (``all_free_mice_on``), the sides that
must be face up and clear (``tile_face_up``, ``tile_clear``), the minion types to defeat (``not
minion_on_board``, with the side whose first reveal places them, read from the rules' ``place_minion``), the
sides a flag is raised on (``flag``, from the rules' ``set_flag``), or every minion (``no_minions``).

From the board it builds the **side graph**: which explore (``exit-N`` or ``flip``) from which side can reveal
which side (:meth:`mnm.board.layout.Board.exit_leads_to`, the flip spaces a party can use), and where the mice
land. Each node is a side with the spaces the party arrives on; its cost to the goal counts explores (1 each) and
steps (:data:`STEP` each), solved once per chapter and party (cached). A **gate** (a rule on ``explore_attempt``
whose effect is ``gate``) with no condition closes its explores for good; one that opens while the party holds a
token (``not: party_holds``) is opened by searching where the chapter's special search gives the card carrying
that token (in its ``where`` spaces, e.g. the Sewer's water for the Fishhook & Thread).

During play, :func:`advice` tells a mouse on a side where to head and what to do there (the explore with the
lowest cost to the goal, the special search that opens a closed gate on the way, or the goal spaces), and
:func:`progress` measures how far along the way the party is, 0..1, for the bots' position scores.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Final

from mnm.bots.plan_read import (
    FAR,
    FINAL_KINDS,
    GATE_COST,
    MAX_DEPTH,
    STEP,
    Advice,
    ChapterPlan,
    Edge,
    Gate,
    Goal,
    Stages,
    SubGoal,
    World,
    all_conditions,
    kind_of,
    read_gates,
    read_goal,
    side_graph,
    side_of,
    stages,
)
from mnm.bots.plan_world import (
    MINIONS_ON_NEIGHBOUR,
    chapter_plan,
    final_advice,
    final_progress,
    mouse_cost,
    search_spaces,
    sides_to_go,
    step_cost,
    world,
    world_key,
)
from mnm.chapter_language import Condition
from mnm.chapters.rule_graph import (
    ACT,
    CLEAR,
    DEFEAT,
    ENTER,
    EXPLORE,
    MOVE,
    NOW,
    REVEAL,
    SEARCH,
    STAND,
    WAIT,
    WOUND,
    Act,
    Way,
    ways,
)
from mnm.engine import (
    Ctx,
    State,
    condition_holds,
    rule_enabled,
    rule_fired,
)

__all__ = [
    "AUTO",
    "FINAL_KINDS",
    "GATE_COST",
    "MAX_DEPTH",
    "MINIONS_ON_NEIGHBOUR",
    "STEP",
    "Advice",
    "ChapterPlan",
    "Edge",
    "Gate",
    "Goal",
    "Stages",
    "SubGoal",
    "World",
    "advice",
    "chapter_plan",
    "current_goal",
    "danger_sides",
    "danger_spaces",
    "explain",
    "mouse_cost",
    "progress",
    "read_gates",
    "read_goal",
    "side_graph",
    "stages",
    "world",
    "world_key",
]


def _about_figure(c: Condition) -> bool:
    kind = kind_of(c)
    if kind == "figure":
        return True
    if kind in ("any", "all"):
        return any(_about_figure(x) for x in c.params)
    return kind == "not" and _about_figure(c.params)


_NEGATED: Final = {"eq": "ne", "ne": "eq", "lt": "ge", "le": "gt", "gt": "le", "ge": "lt"}


def _say(c: Condition, want: bool) -> str:
    """A condition as the sub-goal's explanation names it (``counter bell ge 2``, ``not flag guard_down``)."""
    kind = kind_of(c)
    p = c.params
    if kind == "not":
        return _say(p, not want)
    if kind == "counter" and p.op != "unset":
        op = str(p.op) if want else _NEGATED[str(p.op)]
        return f"counter {p.name} {op} {p.value}"
    if kind == "count" and (p.select.holds_item or p.select.marked):
        # a mouse holding the item / bearing the mark (issue 47: an action only its holder may take)
        fact = f"holds_item {p.select.holds_item}" if p.select.holds_item else f"marked {p.select.marked}"
        more = (str(p.op) in ("gt", "ge", "ne") or (str(p.op) == "eq" and int(p.value) > 0)) == want
        return fact if more else f"not {fact}"
    keys = ("name", "token", "minion", "achievement", "card", "side", "item", "mark", "entry", "hero", "state", "phase")
    name = next((str(getattr(p, k)) for k in keys if hasattr(p, k)), "")
    said = f"{kind} {name}".strip()
    return said if want else f"not {said}"


def _spaces_text(spaces: Iterable[str]) -> str:
    return ", ".join(spaces)


def _act_goal(
    ctx: Ctx,
    st: State,
    sg: Stages,
    act: Act,
    c: Condition,
    want: bool,
    purpose: tuple[str, str],
    depth: int,
    said: str = "",
) -> SubGoal | None:
    """The sub-goal that does ``act`` (None: nothing to do, or it can no longer happen)."""
    board = ctx.board
    target = said or _say(c, want)
    en, pt = purpose

    def goal(
        kind: str,
        sides: tuple[int, ...],
        spaces: tuple[str, ...],
        doing: tuple[str, str],
        minion: str = "",
        action: str = "",
    ) -> SubGoal:
        why = (f"{doing[0]} for `{target}`, {en}", f"{doing[1]} para `{target}`, {pt}")
        return SubGoal(kind, sides, spaces, minion, why, action)

    kind = act.kind
    if kind in (NOW, EXPLORE) and not act.sides:
        return None
    if kind == REVEAL:
        unlaid = world(ctx, st).unlaid | _unturned(ctx, st, sg)  # not on the table until a rule lays or turns it
        hidden = tuple(s for s in act.sides if s not in st.explored and s not in unlaid)
        if not hidden:
            return None
        where = ", ".join(map(str, hidden))
        return goal(
            REVEAL, hidden, (), (f"exploring to reveal side {where}", f"explorando para revelar o lado {where}")
        )
    if kind in (STAND, EXPLORE):
        sides = act.sides or tuple(sorted({side_of(s) for s in act.spaces}))
        where = _spaces_text(act.spaces) or f"side {', '.join(map(str, sides))}"
        return goal(STAND, sides, act.spaces, (f"standing on {where}", f"ficando em {where}"))
    if kind in (ENTER, MOVE):
        spaces = act.spaces or tuple(sp.id for s in act.sides for sp in board.graph(s).spaces)
        sides = act.sides or tuple(sorted({side_of(s) for s in spaces}))
        if not sides:
            return None
        where = _spaces_text(act.spaces) or f"side {', '.join(map(str, sides))}"
        return goal(ENTER, sides, spaces, (f"entering {where}", f"entrando em {where}"))
    if kind == SEARCH:
        if act.card and act.card in st.special_found:
            return None
        side = act.sides[0] if act.sides else None
        if side is None:
            return None
        if all(side in h.searched for h in st.heroes.values() if not h.captured):
            return None  # every free mouse has searched there
        where = next((ss.where for ss in ctx.chapter.special_searches if ss.card == act.card), "tile")
        spaces = search_spaces(ctx, side, where)
        what = f" for the {act.card}" if act.card else ""
        quê = f" pela {act.card}" if act.card else ""
        return goal(SEARCH, (side,), spaces, (f"searching side {side}{what}", f"vasculhando o lado {side}{quê}"))
    if kind in (DEFEAT, WOUND):
        on = [m for m in st.minions.values() if not act.minion or m.type == act.minion]
        if on:
            sides = tuple(dict.fromkeys(side_of(m.space) for m in on))
            who = act.minion or "minions"
            return goal(
                DEFEAT, sides, tuple(m.space for m in on), (f"defeating the {who}", f"derrotando {who}"), act.minion
            )
        if act.minion and depth < MAX_DEPTH:  # not on the board yet: bring it out first
            bring = Condition.model_validate({"minion_on_board": {"minion": act.minion}})
            return _pursue(ctx, st, sg, bring, True, purpose, depth + 1, set())
        if not act.minion:  # any minion, none on the board: a side not yet revealed draws an encounter
            hidden = tuple(s for s in sorted(_reach(ctx, st)) if s not in st.explored)
            on_way = tuple(s for s in hidden if any(e.side == s for e, _ in world(ctx, st).closed))
            hidden = on_way or hidden  # the side of a shut gate first: the party must get there anyway
            if hidden:
                where = ", ".join(map(str, hidden))
                return goal(
                    REVEAL,
                    hidden,
                    (),
                    (f"exploring side {where} to meet minions", f"explorando o lado {where} para achar lacaios"),
                )
        return None
    if kind == CLEAR:
        side = act.sides[0]
        if side not in st.explored:
            return goal(
                REVEAL, (side,), (), (f"exploring to reveal side {side}", f"explorando para revelar o lado {side}")
            )
        spaces = tuple(m.space for m in st.minions.values() if side_of(m.space) == side)
        return goal(CLEAR, (side,), spaces, (f"clearing side {side}", f"limpando o lado {side}"))
    if kind == ACT:  # issue 30: stand where the chapter action is offered; the heuristic takes it there
        sides = act.sides or tuple(sorted({side_of(s) for s in act.spaces}))
        if not sides:  # offered anywhere: where the mice stand
            sides = tuple(dict.fromkeys(side_of(h.space) for h in st.mice_on_board() if h.space is not None))
            if not sides:
                return None
            doing = (f"taking the action {act.card}", f"fazendo a ação {act.card}")
            return goal(STAND, sides, (), doing, "", act.card)
        where = _spaces_text(act.spaces) or f"side {', '.join(map(str, sides))}"
        doing = (f"taking the action {act.card} on {where}", f"fazendo a ação {act.card} em {where}")
        return goal(STAND, sides, act.spaces, doing, "", act.card)
    if kind == WAIT:
        where = ", ".join(map(str, act.sides))
        text = (f"waiting on side {where}", f"esperando no lado {where}") if where else ("waiting", "esperando")
        return goal(WAIT, act.sides, (), text)
    return None


def _pursue(
    ctx: Ctx,
    st: State,
    sg: Stages,
    c: Condition,
    want: bool,
    purpose: tuple[str, str],
    depth: int,
    seen: set[tuple[int, bool]],
    given: list[Way] | None = None,
    said: str = "",
) -> SubGoal | None:
    """The first thing to do to make ``c`` come to ``want`` (a rule's own conditions before its trigger), None
    when the planner knows no way. Any way that acts is a candidate: when several do, the cheapest to get to in
    the engine's world (:func:`goal_cost`) wins; a way that only waits is kept in case no other way acts.
    ``given``: these ways instead of the rule graph's for ``c`` (``said``: how the explanation names the fact)."""
    key = (id(c), want)
    if depth > MAX_DEPTH or key in seen:
        return None
    seen = seen | {key}
    waiting: SubGoal | None = None
    acting: list[SubGoal] = []
    for w in (ways(sg.graph, c, want) or []) if given is None else given:
        if w.producer is not None and w.producer.once and rule_fired(st, w.producer.source):
            continue  # a once rule that has fired: it will not make its fact again
        if w.producer is not None and not rule_enabled(st, w.producer.source, w.producer.enabled):
            continue  # a rule turned off (disable_rule, or not yet enabled): no way while it is off
        found: SubGoal | None = None
        blocked = False
        candidates: list[SubGoal] = []
        for need, truth in w.needs:
            if _about_figure(need):
                continue  # a test of the trigger's figure (or the exploring mouse's place): a filter, not a goal
            if condition_holds(ctx, st, need) == truth:
                continue
            got = _pursue(ctx, st, sg, need, truth, purpose, depth + 1, seen)
            if got is None:
                blocked = True
                break
            candidates.append(got)
        if blocked:
            continue
        if candidates:  # every one must come true: the cheapest first, in expected turns (issue 43)
            found = candidates[0] if len(candidates) == 1 else min(candidates, key=lambda g: goal_cost(ctx, st, g))
        if found is None:
            found = _act_goal(ctx, st, sg, w.act, c, want, purpose, depth, said)
        if found is None:
            continue
        if found.act != WAIT:
            acting.append(found)
            continue
        waiting = waiting or found
    if len(acting) > 1:
        return min(acting, key=lambda g: goal_cost(ctx, st, g))
    return acting[0] if acting else waiting


_VICTORY: Final = ("needed for victory", "necessário para a vitória")
_WON: Final = Condition.model_validate({"flag": {"name": "victory-effect"}})  # the fact a ``victory`` effect makes


def _way_blocked(ctx: Ctx, st: State, sg: Stages, sides: tuple[int, ...]) -> SubGoal | None:
    """When no way the engine allows now leads from the party to ``sides`` (every route crosses an explore a gate
    refuses, flips included, or a tile not laid yet): the first thing to do to open one of those gates, or to
    make the rule that lays the tile fire (issue 43: the engine's graph, :func:`world`)."""
    if not sides:
        return None
    start = {side_of(h.space) for h in st.mice_on_board() if h.space is not None}
    if not start or start & set(sides):
        return None
    live = world(ctx, st)
    turning = _turning(ctx, st, sg)
    if not live.closed and not (live.unlaid & set(sides)) and not live.unlaid and not turning:
        return None
    depth = {s: 0 for s in sorted(start)}  # breadth first: the gates nearest the party come first
    frontier = list(depth)
    while frontier:
        nxt: list[int] = []
        for side in frontier:
            for e in live.edges.get(side, ()):
                if e.target in sides:
                    return None
                if e.target not in depth:
                    depth[e.target] = depth[side] + 1
                    nxt.append(e.target)
        frontier = nxt
    seen = set(depth)
    ordered = sorted(live.closed, key=lambda x: depth.get(x[0].side, 99))
    for e, ids in ordered:  # the nearest neighbour a way must turn over, with minions on it: defeat them first
        up = ctx.board.other_side(e.target)
        if e.side in seen and MINIONS_ON_NEIGHBOUR in ids and up is not None:
            purpose = (f"to clear side {up}, which the way on turns over", f"para limpar o lado {up}, que o caminho vira")
            clear = Condition.model_validate({"tile_clear": {"side": up}})
            got = _pursue(ctx, st, sg, clear, True, purpose, 1, set())
            if got is not None and got.act != WAIT:
                return got
    met = [ids for e, ids in ordered if e.side in seen]
    by_id = {g.rule: g for g in sg.gates}
    for rid in dict.fromkeys(r for ids in met for r in ids):
        g = by_id.get(rid)
        if g is None:
            continue
        purpose = (f"to open the gate {g.rule}", f"para abrir o portão {g.rule}")
        for c in g.conditions:  # closed while every one holds: one made false opens it
            if kind_of(c) == "figure" or (not _about_figure(c) and not condition_holds(ctx, st, c)):
                continue  # the exploring mouse's place: the world's edge leaves from where the gate lets it
            got = _pursue(ctx, st, sg, c, False, purpose, 1, set())
            if got is not None and got.act != WAIT:
                return got
    for side in sorted(live.unlaid):  # a tile a rule lays: make that rule fire
        if not (set(sides) & set(ctx.board.sides_of[ctx.board.tile_of_side(side)])) and not _borders(ctx, seen, side):
            continue
        purpose = (f"to lay the tile of side {side}", f"para colocar a peça do lado {side}")
        face = Condition.model_validate({"tile_face_up": {"side": side}})
        got = _pursue(ctx, st, sg, face, True, purpose, 1, set())
        if got is not None and got.act != WAIT:
            return got
    for side in sorted(turning & set(sides)):  # a face a rule turns up, no way there: make that rule fire
        purpose = (f"to turn the tile over to side {side}", f"para virar a peça para o lado {side}")
        face = Condition.model_validate({"tile_face_up": {"side": side}})
        got = _pursue(ctx, st, sg, face, True, purpose, 1, set())
        if got is not None and got.act != WAIT:
            return got
    return None


def _turning(ctx: Ctx, st: State, sg: Stages) -> frozenset[int]:
    """The sides a rule turns up (``flip_tile``) whose tile shows its other face now."""
    return frozenset(s for s in sg.turns if st.face_up.get(ctx.board.tile_of_side(s)) != s)


def _unturned(ctx: Ctx, st: State, sg: Stages) -> frozenset[int]:
    """The sides a rule turns up (``flip_tile``) that show their other face now and that no way the engine allows
    leads to from where the party is (an explore flip, or an exit that turns the tile over): absent until the
    rule fires, as a tile a rule lays (issue 43)."""
    turning = _turning(ctx, st, sg)
    return turning - _reach(ctx, st) if turning else frozenset()


def _reach(ctx: Ctx, st: State) -> set[int]:
    """The sides the party can get to by the explores the engine allows now (:func:`world`)."""
    live = world(ctx, st)
    seen = {side_of(h.space) for h in st.mice_on_board() if h.space is not None}
    frontier = list(seen)
    while frontier:
        side = frontier.pop()
        for e in live.edges.get(side, ()):
            if e.target not in seen:
                seen.add(e.target)
                frontier.append(e.target)
    return seen


def _borders(ctx: Ctx, seen: set[int], side: int) -> bool:
    """Whether an exit of a side the party can get to faces ``side``'s tile."""
    board = ctx.board
    tile = board.tile_of_side(side)
    for s in seen:
        for ex in board.graph(s).exits:
            if board.neighbour_tile(board.tile_of_side(s), ex.edge) == tile:
                return True
    return False


def goal_cost(ctx: Ctx, st: State, sub: SubGoal) -> float:
    """What getting to ``sub`` costs the party now, in explores (:data:`STEP` a step), on the world the engine
    allows (:func:`world`): the nearest free mouse's cost; a way that only waits costs a page's worth, and one
    the party cannot get to costs :data:`FAR`."""
    if sub.act == WAIT or not sub.sides:
        return 5.0
    plan = chapter_plan(ctx, st, _goal_of(sub))
    best = FAR
    for h in st.mice_on_board():
        if h.space is not None:
            best = min(best, mouse_cost(ctx, st, h.space, plan))
    return best


def _final_sides(ctx: Ctx, st: State) -> tuple[int, ...]:
    plan = chapter_plan(ctx, st)
    return sides_to_go(ctx, st, plan)


def current_goal(ctx: Ctx, st: State) -> SubGoal | None:
    """The party's current sub-goal, read backward from the victory through the rule graph: the cheapest to get to
    of the victory's preconditions not yet true (a token, a flag, a counter, a minion gone...), through the rule
    that makes it and that rule's own conditions, down to something to do; with a gate on the way to it opened
    first. None: the final stage (reach the victory's places, :func:`chapter_plan`), or a chapter with nothing
    but places to reach."""
    sg = stages(ctx)
    if not sg.pre and not sg.gates and not sg.lays and not sg.won_by and not sg.frees:
        return _way_blocked(ctx, st, sg, _final_sides(ctx, st))  # minions on a tile the way on turns over
    waiting: SubGoal | None = None
    rescue = _rescue(ctx, st, sg)
    if rescue is not None:
        return rescue
    if sg.won_by:
        got = _pursue(ctx, st, sg, _WON, True, _VICTORY, 0, set(), list(sg.won_by), "victory")
        if got is not None:
            return _way_blocked(ctx, st, sg, got.sides) or got
    doable: list[SubGoal] = []
    for c in sg.pre:
        if condition_holds(ctx, st, c):
            continue
        got = _pursue(ctx, st, sg, c, True, _VICTORY, 0, set())
        if got is None:
            continue
        if got.act != WAIT:
            doable.append(got)
            continue
        waiting = waiting or got
    if doable:
        # the cheapest of the preconditions to make true now (in explores, the engine's world), not the file's
        # first: the order a designer wrote them in is no order of play (issue 43); the file's order breaks ties
        got = doable[0] if len(doable) == 1 else min(doable, key=lambda g: goal_cost(ctx, st, g))
        return _way_blocked(ctx, st, sg, got.sides) or got
    if waiting is not None and waiting.sides:  # time will make it: meanwhile, stand where it will happen
        return _way_blocked(ctx, st, sg, waiting.sides) or waiting
    return _way_blocked(ctx, st, sg, _final_sides(ctx, st))


RESCUE_COST: Final = 3.0  # a rescue this near (in explores) comes before the way on: a captured mouse is a mouse lost


def _rescue(ctx: Ctx, st: State, sg: Stages) -> SubGoal | None:
    """While a mouse is captured and the chapter has a way to free one (a ``free`` effect: a chapter action, a
    rule's trigger): that way, when the party can get to it at :data:`RESCUE_COST` or less (issue 43)."""
    if not sg.frees or not any(h.captured for h in st.heroes.values()):
        return None
    given = [Way(p.act, tuple((n, True) for n in p.needs), 1, p) for p in sg.graph.of("freed")]
    purpose = ("to free the captured mice", "para libertar os ratos capturados")
    got = _pursue(ctx, st, sg, _FREED, True, purpose, 0, set(), given, "freed")
    if got is None or got.act == WAIT or goal_cost(ctx, st, got) > RESCUE_COST:
        return None
    return got


_FREED: Final = Condition.model_validate({"flag": {"name": "freed-effect"}})  # the fact a ``free`` effect makes


def _goal_of(sub: SubGoal) -> Goal:
    spaces = sub.spaces if sub.act in (STAND, ENTER, SEARCH) else ()
    return Goal(sides=sub.sides, spaces=spaces)


def _sub_advice(ctx: Ctx, st: State, sub: SubGoal, side: int, space: str, hero_id: str | None) -> list[Advice]:
    if not sub.sides:
        return []
    if side in sub.sides:
        if sub.act in (DEFEAT, CLEAR):
            spaces = tuple(s for s in sub.spaces if side_of(s) == side)
            spaces = tuple(m.space for m in st.minions.values() if side_of(m.space) == side and m.space in spaces)
        elif sub.act in (STAND, ENTER, SEARCH):
            spaces = tuple(s for s in sub.spaces if side_of(s) == side)
        else:
            spaces = ()
        verb = "search" if sub.act == SEARCH else "enter" if sub.act == ENTER else ""
        return [Advice(spaces, verb, step_cost(ctx, st, side, (space,), spaces) if spaces else 0.0)]
    return final_advice(ctx, st, chapter_plan(ctx, st, _goal_of(sub)), side, space, hero_id)


AUTO: Final = SubGoal("auto", ())  # advice's default: the planner's current sub-goal


def advice(
    ctx: Ctx, st: State, side: int, space: str, hero_id: str | None = None, goal: SubGoal | None = AUTO
) -> list[Advice]:
    """The ways a mouse on ``space`` (of ``side``) can head toward the current sub-goal (``goal``; by default
    :func:`current_goal`), cheapest first: an explore (its argument), ``search`` at the spaces to search,
    ``enter`` (step into one of the spaces: off it first when on it), or ``""`` (stand there; a minion to
    defeat: its spaces). In the final stage, the way to the victory's places, a closed gate whose key is
    searched for on this side giving a ``search`` advice. Empty when the plan knows no way from here."""
    sub = current_goal(ctx, st) if goal is AUTO else goal
    if sub is None:
        return final_advice(ctx, st, chapter_plan(ctx, st), side, space, hero_id)
    return _sub_advice(ctx, st, sub, side, space, hero_id)


def progress(ctx: Ctx, st: State, party: bool = False) -> float:
    """0..1: how far along the way to the victory the party is. In a chapter of places only: one minus the
    furthest free mouse's cost to the goal over the cost from the start (0 when the plan cannot place the goal).
    With preconditions: the share of them already true, the current sub-goal's own progress counting as a part."""
    sg = stages(ctx)
    if not sg.pre and not sg.gates and not sg.lays and not sg.won_by:
        return final_progress(ctx, st, chapter_plan(ctx, st), party)
    sub = current_goal(ctx, st)
    done = sum(1 for c in sg.pre if condition_holds(ctx, st, c))
    if sub is None:
        part = final_progress(ctx, st, chapter_plan(ctx, st), party)
    elif sub.sides:
        part = 0.5 * final_progress(ctx, st, chapter_plan(ctx, st, _goal_of(sub)), party)
    else:
        part = 0.0
    return max(0.0, min(1.0, (done + part) / (len(sg.pre) + 1)))


def explain(ctx: Ctx, st: State, lang: str = "en") -> str:
    """The party's current sub-goal in one line (``lang``: ``en`` or ``pt-BR``): what the bots are doing and
    what for ("searching side 8 for the dinner-fork for `party_holds fork`, needed for victory")."""
    sub = current_goal(ctx, st)
    pt = lang.startswith("pt")
    if sub is None:
        sides = ", ".join(map(str, chapter_plan(ctx, st).goal.sides))
        if not sides:
            return "a caminho do objetivo do capítulo" if pt else "heading for the chapter's goal"
        return f"a caminho do lado {sides}, para a vitória" if pt else f"heading for side {sides}, for victory"
    return sub.why[1] if pt else sub.why[0]


def danger_spaces(ctx: Ctx) -> frozenset[str]:
    """Spaces whose entering feeds a chapter defeat (a mouse keeps off them unless the goal is there)."""
    return stages(ctx).danger_spaces


def danger_sides(ctx: Ctx) -> frozenset[int]:
    """Sides where a search feeds a chapter defeat (no search for luck there)."""
    return stages(ctx).danger_sides


def act_worth(ctx: Ctx, st: State, action_id: str) -> float:
    """What taking the chapter action ``action_id`` now is worth apart from the current sub-goal (which names the
    action it needs, :attr:`SubGoal.action`): 1 for one whose effects win the chapter, or serve the party's
    survival now (``heal`` while a free mouse is wounded, ``free`` while a mouse is captured); 0 otherwise (a
    harmless "nibble: one cheese" is not worth the turn's action: issue 43)."""
    from mnm.chapter_language import walk_effects

    action = next((a for a in ctx.chapter.actions if a.id == action_id), None)
    if action is None:
        return 0.0
    wounded = any(h.wounds > 0 for h in st.heroes.values() if not h.captured)
    captured = any(h.captured for h in st.heroes.values())
    for _, e in walk_effects(action.do, ""):
        kind = kind_of(e)
        if kind == "victory" or (kind == "heal" and wounded) or (kind == "free" and captured):
            return 1.0
        if action.once and kind in _GAINS:
            return 1.0  # a one-time gain (a heal, an item, a card, a mark, a campaign entry): one action, once
        if kind == "set_weather" and e.params.state == "clear" and condition_holds(ctx, st, _RAIN):
            return 1.0  # the rain stops: the chapter's harm while it rains ends
        if kind == "disable_rule" and _harmful(ctx, st, e.params.rule):
            return 1.0
    return 0.0


_GAINS: Final = frozenset({"heal", "give_item", "give_card", "mark", "record", "story_achievement", "free"})
_HARM: Final = frozenset({"wound", "capture", "place_minion", "place_minions", "defeat", "knock_down", "stun"})
_RAIN: Final = Condition.model_validate({"weather": {"state": "rain"}})


def _harmful(ctx: Ctx, st: State, rule_id: str) -> bool:
    """Whether the chapter's rule ``rule_id`` is on and hurts the party: it wounds, captures, brings minions,
    loses the chapter, turns the wheel (cheese to the wheel) or feeds a defeat's counter."""
    from mnm.chapter_language import walk_effects

    rule = next((r for r in ctx.chapter.all_rules() if r.id == rule_id), None)
    if rule is None or not rule_enabled(st, rule.id, rule.enabled):
        return False
    defeat_counters = {str(c.params.name) for c in all_conditions(ctx.chapter.defeat) if kind_of(c) == "counter"}
    for _, e in walk_effects(rule.do, ""):
        kind = kind_of(e)
        if kind in _HARM or (kind == "cheese" and str(e.params.to) == "wheel"):
            return True
        if kind == "counter" and str(e.params.name) in defeat_counters:
            return True
    return False


def _gate_reason(ctx: Ctx, rule_id: str) -> tuple[str, str]:
    """The reason a gate's rule gives the player (the chapter's own words), or its id."""
    from mnm.chapter_language import walk_effects

    if rule_id == MINIONS_ON_NEIGHBOUR:  # the engine's own refusal, said as the designer reads it
        return ("minions on the tile that exploring would turn over", "lacaios no lado que a exploração viraria")
    for rule in ctx.chapter.all_rules():
        if rule.id == rule_id:
            for _, e in walk_effects(rule.do, ""):
                if kind_of(e) == "gate":
                    reason = e.params.reason
                    return (f'{rule_id} ("{reason.en}")', f'{rule_id} ("{reason.pt}")')
    return rule_id, rule_id


_CODE: Final = re.compile(r" (?:for|para) `[^`]*`")


def stuck(ctx: Ctx, st: State) -> tuple[str, str] | None:
    """What the planner could not plan for in this position, in the chapter's words, English and Portuguese
    (issue 43, "honest cannot plan"): its sub-goal (or the victory's places) out of the party's reach in the
    engine's world, and what closes the way (the gates refusing every route, with the reasons the chapter gives
    them; a tile no rule lays). None when the planner has a way from here (a game lost so was lost on the
    table, not in the plan)."""
    if st.status == "won" or not st.mice_on_board():
        return None
    sub = current_goal(ctx, st)
    if sub is None:
        plan = chapter_plan(ctx, st)
        if not plan.goal.sides:
            return None
        costs = [mouse_cost(ctx, st, h.space, plan) for h in st.mice_on_board() if h.space is not None]
        if costs and min(costs) < FAR:
            return None
        sides = ", ".join(map(str, plan.goal.sides))
        what = (f"to reach side {sides} for victory", f"chegar ao lado {sides} para a vitória")
    else:
        if goal_cost(ctx, st, sub) < FAR:
            return None
        # the sub-goal as the bots explain it, without the condition in the file's notation ("for `tile_clear 8`")
        what = (f"their next step, {_CODE.sub('', sub.why[0])}", f"o próximo passo, {_CODE.sub('', sub.why[1])}")
    live = world(ctx, st)
    gates = list(dict.fromkeys(r for _, ids in live.closed for r in ids))
    said = [_gate_reason(ctx, r) for r in gates]
    en = f"the bots could not plan {what[0]}: no way the engine allows leads there"
    pt = f"os bots não conseguiram planejar {what[1]}: nenhum caminho que o motor permite leva até lá"
    if said:
        en += "; closed by " + ", ".join(s[0] for s in said)
        pt += "; fechado por " + ", ".join(s[1] for s in said)
    if live.unlaid:
        sides = ", ".join(map(str, sorted(live.unlaid)))
        en += f"; side {sides} not laid yet"
        pt += f"; lado {sides} ainda não colocado"
    unturned = _unturned(ctx, st, stages(ctx))
    if unturned:
        sides = ", ".join(map(str, sorted(unturned)))
        en += f"; side {sides} not turned up yet"
        pt += f"; lado {sides} ainda não virado para cima"
    return en, pt
