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
from dataclasses import dataclass, field
from typing import Final

from mnm.chapters.language import ChapterRule, Condition, Effect
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
    GateRule,
    RuleGraph,
    Way,
    rule_graph,
    ways,
)
from mnm.content.schema import Chapter, HeroClass
from mnm.engine import (
    Ctx,
    State,
    barred_key,
    condition_holds,
    exit_target,
    explore_gate,
    minions_on_side,
    rule_enabled,
    rule_fired,
    step_distances,
)

__all__ = [
    "AUTO",
    "STEP",
    "Advice",
    "ChapterPlan",
    "Edge",
    "Gate",
    "Goal",
    "Stages",
    "SubGoal",
    "advice",
    "chapter_plan",
    "current_goal",
    "danger_sides",
    "danger_spaces",
    "explain",
    "progress",
    "stages",
]

STEP: Final = 0.2  # one step on a tile, in explores: a tile crossed is worth about one explore
GATE_COST: Final = 1.5  # a gate that opens with a special search: finding the card (a search or two)
_FAR: Final = 1e6


@dataclass(frozen=True)
class Goal:
    """What the chapter's victory asks, as places and targets."""

    sides: tuple[int, ...] = ()  # sides the party must get to (any of them)
    spaces: tuple[str, ...] = ()  # spaces every free mouse must stand on
    clear: tuple[int, ...] = ()  # sides that must be clear of minions
    defeat: tuple[str, ...] = ()  # minion types that must be off the board
    defeat_all: bool = False  # no minion may be left
    tokens: tuple[str, ...] = ()  # party tokens the party must hold


@dataclass(frozen=True)
class Gate:
    """Explores of ``what`` (``exit``, ``flip`` or ``""`` for both) from ``side`` closed by a chapter rule."""

    side: int
    what: str
    tokens: tuple[str, ...]  # holding any of these opens it; () with ``forever``: never opens
    forever: bool
    exit: int | None = None  # that exit of the side only (a per-exit gate, issue 30)


@dataclass(frozen=True)
class Edge:
    """An explore: from ``side``, standing on ``spaces``, ``where`` (``exit-N``, ``flip``) can reveal ``target``,
    the mice landing on ``arrive``."""

    side: int
    where: str
    spaces: tuple[str, ...]
    target: int
    arrive: tuple[str, ...]
    tokens: tuple[str, ...] = ()  # a token the party must hold to use it (a gate, a fishhook flip)


@dataclass(frozen=True)
class Advice:
    """Where a mouse should head on its side, and what to do there: an explore argument, ``search`` or ``""``
    (stand there)."""

    spaces: tuple[str, ...]
    verb: str
    cost: float  # the plan's cost to the goal from the mouse's space, this way


@dataclass
class ChapterPlan:
    """The goal and the side graph of one chapter for one party, with each node's cost to the goal."""

    goal: Goal
    edges: dict[int, list[Edge]]
    gates: tuple[Gate, ...]
    searches: dict[str, tuple[int, str, str]]  # token -> (side, card, where) of the special search giving it
    start_cost: float = 1.0
    world: World | None = None  # the engine's answers this plan was solved on (None: the board as laid out)
    _cost: dict[tuple[int, tuple[str, ...]], float] = field(default_factory=dict)
    # a mouse's space and the gate tokens the party holds -> its cost to the goal (progress asks it very often)
    _space_cost: dict[tuple[str, tuple[str, ...]], float] = field(default_factory=dict)
    # (party mean?, the free mice's spaces, the gate tokens' places) -> _final_progress's answer (the heuristic
    # asks it after every option it tries: issue 43's play-test speed)
    _progress: dict[tuple[object, ...], float] = field(default_factory=dict)
    _tokens: tuple[str, ...] | None = None  # the gate tokens of its edges (the progress key reads where they are)


# --- reading the chapter --------------------------------------------------------------------------------------


def _kind(c: Condition | Effect) -> str:
    return c.kind.value


def _conditions(conds: Iterable[Condition]) -> list[Condition]:
    """The conditions that must all hold, with ``all`` groups opened."""
    out: list[Condition] = []
    for c in conds:
        if _kind(c) == "all":
            out += _conditions(c.params)
        else:
            out.append(c)
    return out


def _rules(chapter: Chapter) -> tuple[ChapterRule, ...]:
    return chapter.all_rules()


def _effects(rule: ChapterRule) -> list[Effect]:
    """A rule's effects, with the branches of a roll's ``then``/``else``."""
    out: list[Effect] = []
    todo = list(rule.do)
    while todo:
        e = todo.pop(0)
        out.append(e)
        if _kind(e) == "roll":
            todo += list(e.params.then) + list(e.params.else_)
    return out


def _trigger(rule: ChapterRule) -> str:
    return rule.when.value


def _side_of(space: str) -> int:
    return int(space.split(":", 1)[0])


def _minion_sources(ctx: Ctx, minion: str) -> list[int]:
    """The sides where a minion type comes into play: placed by a rule (on the side it names or the side of the
    space), or at setup."""
    sides: list[int] = []
    for rule in _rules(ctx.chapter):
        for e in _effects(rule):
            if _kind(e) == "place_minion" and e.params.minion == minion:
                sides.append(_side_of(e.params.space))
    sides += [sm.side for sm in ctx.chapter.starting_minions if sm.minion == minion and sm.side is not None]
    return sides


def _action_sides(ctx: Ctx, kind: str, flag: str | None) -> list[int]:
    """The sides of the chapter actions (issue 30) with an effect of ``kind`` (a ``set_flag`` of ``flag``), nested
    in rolls and story choices: taking the action there is the way to it."""
    from mnm.chapters.language import walk_effects

    sides: list[int] = []
    for action in ctx.chapter.actions:
        for _, e in walk_effects(action.do, ""):
            if _kind(e) == kind and (flag is None or e.params.name == flag):
                sides += [action.where.side] if action.where.side is not None else []
                sides += [_side_of(s) for s in action.where.spaces]
    return list(dict.fromkeys(sides))


def _flag_sides(ctx: Ctx, flag: str) -> list[int]:
    """The sides whose first reveal raises ``flag`` (a ``set_flag`` in a ``tile_revealed`` rule), and the sides
    of the chapter actions that raise it."""
    sides: list[int] = _action_sides(ctx, "set_flag", flag)
    for rule in _rules(ctx.chapter):
        if any(_kind(e) == "set_flag" and e.params.name == flag for e in _effects(rule)):
            side = rule.where.side
            if _trigger(rule) == "tile_revealed" and side is not None:
                sides.append(int(side))
    return sides


def read_goal(ctx: Ctx, conditions: Iterable[Condition] | None = None) -> Goal:
    """The chapter's victory conditions (or ``conditions``: the final stage's, :func:`stages`) as a :class:`Goal`."""
    sides: list[int] = []
    spaces: list[str] = []
    clear: list[int] = []
    defeat: list[str] = []
    tokens: list[str] = []
    defeat_all = False
    for c in _conditions(ctx.chapter.victory if conditions is None else conditions):
        kind, p = _kind(c), c.params
        if kind == "all_free_mice_on":
            spaces += list(p.spaces)
            sides += [_side_of(s) for s in p.spaces]
        elif kind in ("tile_face_up", "tile_clear"):
            sides.append(int(p.side))
            if kind == "tile_clear":
                clear.append(int(p.side))
        elif kind == "no_minions":
            defeat_all = True
        elif kind == "party_holds":
            tokens.append(p.token)
        elif kind == "flag":
            sides += _flag_sides(ctx, p.name)
        elif kind == "not" and _kind(p) == "minion_on_board":
            defeat.append(p.params.minion)
            sides += _minion_sources(ctx, p.params.minion)
    if not sides and spaces:
        sides = [_side_of(s) for s in spaces]
    if not sides:  # issue 30: a chapter won by a chapter action's victory effect: stand where it is offered
        sides += _action_sides(ctx, "victory", None)
    return Goal(
        sides=tuple(dict.fromkeys(sides)),
        spaces=tuple(dict.fromkeys(spaces)),
        clear=tuple(dict.fromkeys(clear)),
        defeat=tuple(dict.fromkeys(defeat)),
        defeat_all=defeat_all,
        tokens=tuple(dict.fromkeys(tokens)),
    )


def _opening_tokens(conds: Iterable[Condition]) -> list[str]:
    """The tokens whose holding makes a gate's conditions fail (``not: party_holds``), i.e. open it."""
    out: list[str] = []
    for c in conds:
        kind = _kind(c)
        if kind == "not" and _kind(c.params) == "party_holds":
            out.append(c.params.params.token)
        elif kind == "all":
            out += _opening_tokens(c.params)
    return out


def read_gates(ctx: Ctx) -> tuple[Gate, ...]:
    """The chapter's gates: rules on ``explore_attempt`` whose effects include ``gate``."""
    out: list[Gate] = []
    for rule in _rules(ctx.chapter):
        if _trigger(rule) != "explore_attempt" or not any(_kind(e) == "gate" for e in _effects(rule)):
            continue
        conds = tuple(rule.if_)
        what = rule.where.what or ""
        side = rule.where.side
        tokens = tuple(_opening_tokens(conds))
        if conds and not tokens:
            continue  # a gate on other conditions (a flag, a counter...): opened by a sub-goal (current_goal)
        if side is None:
            continue  # a gate everywhere: the engine refuses those explores; the plan only knows placed gates
        out.append(Gate(int(side), str(what), tokens, forever=not conds, exit=rule.where.exit))
    return tuple(out)


def _token_searches(ctx: Ctx) -> dict[str, tuple[int, str, str]]:
    """For each party token, the chapter's special search whose card carries it."""
    out: dict[str, tuple[int, str, str]] = {}
    for ss in ctx.chapter.special_searches:
        card = ctx.content.search_cards.get(ss.card)
        if card is not None and card.party_token:
            out[card.party_token] = (ss.side, ss.card, ss.where)
    return out


def _flip_usable(ctx: Ctx, kind: str, classes: set[HeroClass]) -> bool:
    if kind == "gear":
        return bool({HeroClass.TINKERER, HeroClass.SCAMP} & classes)
    if kind == "gecko":
        return HeroClass.WILD in classes
    return True


def _landing(ctx: Ctx, side: int) -> tuple[str, ...]:
    graph = ctx.board.graph(side)
    flips = tuple(sp.id for sp in graph.spaces if sp.flip is not None)
    return flips or (graph.spaces[0].id,)


def side_graph(ctx: Ctx, heroes: Iterable[str], gates: tuple[Gate, ...]) -> dict[int, list[Edge]]:
    """Every explore of every side of the chapter's board, for a party of ``heroes``; explores a gate closes for
    good are left out, and one it closes until the party holds a token carries that token."""
    board = ctx.board
    classes = {c for h in heroes for c in ctx.content.heroes[h].classes}
    edges: dict[int, list[Edge]] = {}
    for side, graph in board.graphs.items():
        out: list[Edge] = []
        for ex in graph.exits:
            for target in board.exit_leads_to(side, ex.index):
                aligned = board.aligned_exit(side, ex.index, target)
                assert aligned is not None
                out.append(Edge(side, f"exit-{ex.index}", ex.spaces, target, aligned.spaces))
        back = board.other_side(side)
        if back is not None:
            usable = tuple(sp for sp in graph.spaces if sp.flip is not None and _flip_usable(ctx, sp.flip, classes))
            plain = tuple(sp.id for sp in usable if sp.flip != "fishhook")
            hooked = tuple(sp.id for sp in usable if sp.flip == "fishhook")
            if plain:
                out.append(Edge(side, "flip", plain, back, _landing(ctx, back)))
            if hooked:
                out.append(Edge(side, "flip", hooked, back, _landing(ctx, back), ("fishhook",)))
        kept: list[Edge] = []
        for e in out:
            what = "flip" if e.where == "flip" else "exit"
            closing = [
                g
                for g in gates
                if g.side == side and g.what in ("", what) and (g.exit is None or e.where == f"exit-{g.exit}")
            ]
            if any(g.forever for g in closing):
                continue
            tokens = e.tokens + tuple(t for g in closing for t in g.tokens)
            kept.append(Edge(e.side, e.where, e.spaces, e.target, e.arrive, tuple(dict.fromkeys(tokens))))
        edges[side] = kept
    return edges


# --- the world as the engine has it now (issue 43) ----------------------------------------------------------------


@dataclass(frozen=True)
class World:
    """The side graph as the engine lets the party use it now: the explores it would allow (from the spaces it
    would allow them: not barred, not refused by a gate), the explores a gate refuses from every space (with the
    gates' rule ids), and the sides of tiles a rule has yet to lay. Built from the engine's answers
    (:func:`mnm.engine.step_distances`, :func:`mnm.engine.explore_gate`, ``State.face_up``), cached per abstract
    state (:func:`world_key`): no second copy of a rule."""

    edges: dict[int, list[Edge]]
    closed: tuple[tuple[Edge, tuple[str, ...]], ...]  # explores a gate refuses from every space, and the gates
    unlaid: frozenset[int]  # sides of tiles a rule has yet to lay (add_tile): no way there until it fires


_WORLDS: Final[dict[tuple[object, ...], World]] = {}


def _leaves(c: Condition) -> list[Condition]:
    """The conditions inside ``any``/``all``/``not`` that are not about a trigger's figure."""
    kind = _kind(c)
    if kind in ("any", "all"):
        return [x for y in c.params for x in _leaves(y)]
    if kind == "not":
        return _leaves(c.params)
    return [] if kind == "figure" else [c]


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
    obtainable = set(_token_searches(ctx))
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
        plan = ChapterPlan(target, live.edges, gates, _token_searches(ctx), world=live)
        _solve(ctx, st, plan)
        start = ctx.chapter.start_space
        plan.start_cost = max(1.0, _node_cost(ctx, st, plan, _side_of(start), (start,))) if start else 1.0
        if len(_PLANS) > 256:
            _PLANS.clear()
        _PLANS[key] = plan
    return plan


# --- costs ------------------------------------------------------------------------------------------------------


def _steps(ctx: Ctx, st: State, side: int, src: Iterable[str], dst: Iterable[str]) -> float:
    """The cost in explores of the fewest steps from ``src`` to ``dst`` on ``side``, on the lines the engine moves
    a mouse on now (:func:`mnm.engine.step_distances`: bars included); :data:`_FAR` when none leads there."""
    graph = ctx.board.graph(side)
    dist = step_distances(ctx, st, side)
    rows = [dist[graph.by_id[s].index] for s in src if s in graph.by_id]
    cols = [graph.by_id[d].index for d in dst if d in graph.by_id]
    best = min((r[c] for r in rows for c in cols), default=10**6)
    return _FAR if best >= 10**6 else STEP * best


def _goal_here(ctx: Ctx, st: State, plan: ChapterPlan, side: int, at: Iterable[str]) -> float:
    """The cost of finishing on ``side`` from ``at`` (:data:`_FAR` when the goal is elsewhere)."""
    if side not in plan.goal.sides:
        return _FAR
    on_side = tuple(s for s in plan.goal.spaces if _side_of(s) == side)
    return _steps(ctx, st, side, at, on_side) if on_side else 0.0


def _edge_cost(plan: ChapterPlan, e: Edge) -> float:
    return 1.0 + (GATE_COST if e.tokens else 0.0)


def _solve(ctx: Ctx, st: State, plan: ChapterPlan) -> None:
    """Each node's (side, arrival spaces) cost to the goal, by relaxation (a dozen sides: a few passes)."""
    nodes = {(e.target, e.arrive) for es in plan.edges.values() for e in es}
    start = ctx.chapter.start_space
    if start:
        nodes.add((_side_of(start), (start,)))
    cost = {n: _goal_here(ctx, st, plan, n[0], n[1]) for n in nodes}
    for _ in range(len(nodes) + 1):
        changed = False
        for side, at in nodes:
            best = cost[(side, at)]
            for e in plan.edges.get(side, ()):
                c = _steps(ctx, st, side, at, e.spaces) + _edge_cost(plan, e) + cost[(e.target, e.arrive)]
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
        c = _steps(ctx, st, side, at, e.spaces) + _edge_cost(plan, e) + plan._cost.get((e.target, e.arrive), _FAR)
        best = min(best, c)
    return best


# --- during play ------------------------------------------------------------------------------------------------


def _holds(st: State, token: str, side: int) -> bool:
    placed = st.tokens.get(token)
    return token in st.stash or bool(placed and _side_of(placed[0]) == side)


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


def _search_spaces(ctx: Ctx, side: int, where: str) -> tuple[str, ...]:
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
            return _search_spaces(ctx, side, where)
    if not plan.gates and not e.tokens and not stages(ctx).gates:
        # a chapter whose gates are not written as data: any special search of this side left may be the key
        for ss in ctx.chapter.special_searches:
            if ss.side == e.side and ss.card not in st.special_found:
                return _search_spaces(ctx, ss.side, ss.where)
    return None


def _goal_sides(ctx: Ctx, st: State, plan: ChapterPlan) -> tuple[int, ...]:
    """Where to go now: the sides of minions to defeat when any are on the board, else the plan's goal sides."""
    if plan.goal.defeat:
        board = ctx.board
        on = tuple(board.spaces[m.space].side for m in st.minions.values() if m.type in plan.goal.defeat)
        if on:
            return tuple(dict.fromkeys(on))
    return plan.goal.sides


def _final_advice(
    ctx: Ctx, st: State, plan: ChapterPlan, side: int, space: str, hero_id: str | None = None
) -> list[Advice]:
    """The ways a mouse on ``space`` (of ``side``) can head toward ``plan``'s goal, cheapest first. A closed gate
    whose key is searched for on this side gives a ``search`` advice at the search's spaces; the goal gives ``""``
    (stand there); an explore gives its argument. Empty when the plan knows no way from here."""
    out: list[Advice] = []
    goal_sides = _goal_sides(ctx, st, plan)
    if side in goal_sides:
        on_side = tuple(s for s in plan.goal.spaces if _side_of(s) == side)
        targets = tuple(
            m.space for m in st.minions.values() if m.type in plan.goal.defeat and _side_of(m.space) == side
        )
        spaces = on_side or targets
        out.append(Advice(spaces, "", _steps(ctx, st, side, (space,), spaces) if spaces else 0.0))
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
        if rest >= _FAR:
            continue
        here = _steps(ctx, st, side, (space,), e.spaces)
        if _open_now(ctx, st, e, hero_id):
            out.append(Advice(e.spaces, e.where, here + 1.0 + rest))
            continue
        keys = _opener(ctx, st, plan, e)
        if keys:
            near = _steps(ctx, st, side, (space,), keys)
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
            out.append(Advice(e.spaces, e.where, _steps(ctx, st, side, (space,), e.spaces) + 1.0 + dist[e.target]))
    return out


def mouse_cost(ctx: Ctx, st: State, space: str, plan: ChapterPlan | None = None) -> float:
    """The plan's cost to the goal from a mouse standing on ``space``: the cheapest way of :func:`advice`, with
    every explore the board allows counted whichever side its neighbour shows, and a gate open when the party
    holds its token (else reached through its key's search). Cached per space and tokens held."""
    plan = plan or chapter_plan(ctx, st)
    side = _side_of(space)
    if plan.goal.defeat and _goal_sides(ctx, st, plan) != plan.goal.sides:
        ways = _final_advice(ctx, st, plan, side, space)  # a minion to defeat is on the board: head for it
        return ways[0].cost if ways else _FAR
    held = tuple(t for es in plan.edges.get(side, ()) for t in es.tokens if _holds(st, t, side))
    key = (space, held)
    got = plan._space_cost.get(key)
    if got is not None:
        return got
    best = _goal_here(ctx, st, plan, side, (space,))
    for e in plan.edges.get(side, ()):
        rest = _node_cost(ctx, st, plan, e.target, e.arrive)
        if rest >= _FAR:
            continue
        if all(t in held for t in e.tokens):
            best = min(best, _steps(ctx, st, side, (space,), e.spaces) + 1.0 + rest)
            continue
        keys = tuple(
            sp
            for t in e.tokens
            if t in plan.searches and plan.searches[t][0] == side
            for sp in _search_spaces(ctx, side, plan.searches[t][2])
        )
        near = _steps(ctx, st, side, (space,), keys or e.spaces)
        best = min(best, near + GATE_COST + 1.0 + rest)
    if len(plan._space_cost) < 50_000:
        plan._space_cost[key] = best
    return best


def _final_progress(ctx: Ctx, st: State, plan: ChapterPlan, party: bool = False) -> float:
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
        if c < _FAR:
            here = max(0.0, min(1.0, 1.0 - c / plan.start_cost))
            best = max(best, here)
            total += here
    answer = (total / len(mice) if mice else 0.0) if party else best
    if key is not None and len(plan._progress) < 50_000:
        plan._progress[key] = answer
    return answer


# --- sub-goals: backward from the victory through the rule graph (issue 29) ----------------------------------------

FINAL_KINDS: Final = frozenset({"all_free_mice_on", "tile_face_up", "tile_clear", "no_minions", "any_free_mouse"})
MAX_DEPTH: Final = 6  # sub-goals of sub-goals: a chain longer than this is not followed


@dataclass(frozen=True)
class Stages:
    """A chapter read for planning: the victory's preconditions (conditions to make true first, in the file's
    order), its final stage (where the party must end: the places the side graph plans for), the gates on
    other conditions than a party token, and what brings a chapter defeat nearer."""

    graph: RuleGraph
    pre: tuple[Condition, ...]
    final: tuple[Condition, ...]
    gates: tuple[GateRule, ...]
    danger_spaces: frozenset[str]  # entering one feeds a chapter defeat
    danger_sides: frozenset[int]  # searching there feeds a chapter defeat
    defeat: tuple[Condition, ...]
    gate_leaves: tuple[Condition, ...] = ()  # the gates' conditions, opened (the world's cache key reads them)
    lays: bool = False  # a rule lays a tile (add_tile): the final stage may first need it laid
    won_by: tuple[Way, ...] = ()  # a chapter with no victory conditions: the ways its ``victory`` effect comes
    frees: bool = False  # the chapter has a ``free`` effect (a rescue the planner weighs while a mouse is captured)

    @property
    def simple(self) -> bool:
        """Only places to reach (the shapes of the shipped chapters): the side graph's plan alone."""
        return (
            not self.pre
            and not self.gates
            and not self.danger_spaces
            and not self.danger_sides
            and not self.lays
            and not self.won_by
            and not self.frees
        )


@dataclass(frozen=True)
class SubGoal:
    """What the party should do now: ``act`` (:mod:`mnm.chapters.rule_graph`'s acts) on ``sides`` (at
    ``spaces``), and why, in English and Portuguese."""

    act: str
    sides: tuple[int, ...]
    spaces: tuple[str, ...] = ()
    minion: str = ""
    why: tuple[str, str] = ("", "")
    action: str = ""  # ACT: the chapter action to take there (its id)


def _is_final(graph: RuleGraph, c: Condition) -> bool:
    """A condition the side graph plans for: a place, or a flag or minion that comes with a tile's reveal."""
    kind = _kind(c)
    if kind in FINAL_KINDS:
        return True
    if kind == "flag":
        made = graph.of(f"flag:{c.params.name}")
        return bool(made) and all(p.trigger == "tile_revealed" and p.act.sides for p in made)
    if kind == "not" and _kind(c.params) == "minion_on_board":
        made = graph.of(f"minion:{c.params.params.minion}")
        return all(p.trigger in ("tile_revealed", "setup") for p in made)
    return False


def _danger(graph: RuleGraph, defeat: tuple[Condition, ...]) -> tuple[frozenset[str], frozenset[int]]:
    """The spaces whose entering and the sides whose searching make a chapter defeat's fact."""
    spaces: set[str] = set()
    sides: set[int] = set()
    for c in _conditions(defeat):
        for w in ways(graph, c, True) or []:
            acts = [w.act] + [x.act for need, t in w.needs for x in (ways(graph, need, t) or [])]
            for act in acts:
                if act.kind == ENTER:
                    spaces.update(act.spaces)
                elif act.kind == SEARCH:
                    sides.update(act.sides)
    return frozenset(spaces), frozenset(sides)


_STAGES: Final[dict[int, tuple[object, Stages]]] = {}


def stages(ctx: Ctx) -> Stages:
    """The chapter read for planning (once per chapter object, then cached)."""
    found = _STAGES.get(id(ctx.chapter))
    if found is not None and found[0] is ctx.chapter:
        return found[1]
    chapter = ctx.chapter
    graph = rule_graph(chapter, ctx.content)
    victory = _conditions(chapter.victory)
    pre = tuple(c for c in victory if not _is_final(graph, c))
    final = tuple(c for c in victory if _is_final(graph, c))
    legacy = {(g.side, g.what, g.exit) for g in read_gates(ctx)}
    gates = tuple(
        g
        for g in graph.gates
        if g.conditions and (g.side, g.what, g.exit) not in legacy and not _opening_tokens(g.conditions)
    )
    danger_spaces, danger_sides = _danger(graph, tuple(chapter.defeat))
    leaves = tuple(x for g in gates for c in g.conditions for x in _leaves(c))
    lays = bool(ctx.board.later)
    won_by: tuple[Way, ...] = ()
    if not victory:  # won by an effect (a chapter action's or a rule's ``victory``): its producers are the ways
        won_by = tuple(Way(p.act, tuple((n, True) for n in p.needs), 1, p) for p in graph.of("victory"))
    frees = bool(graph.of("freed"))
    got = Stages(
        graph, pre, final, gates, danger_spaces, danger_sides, tuple(chapter.defeat), leaves, lays, won_by, frees
    )
    if len(_STAGES) > 256:
        _STAGES.clear()
    _STAGES[id(chapter)] = (chapter, got)
    return got


def _about_figure(c: Condition) -> bool:
    kind = _kind(c)
    if kind == "figure":
        return True
    if kind in ("any", "all"):
        return any(_about_figure(x) for x in c.params)
    return kind == "not" and _about_figure(c.params)


_NEGATED: Final = {"eq": "ne", "ne": "eq", "lt": "ge", "le": "gt", "gt": "le", "ge": "lt"}


def _say(c: Condition, want: bool) -> str:
    """A condition as the sub-goal's explanation names it (``counter bell ge 2``, ``not flag guard_down``)."""
    kind = _kind(c)
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
        unlaid = world(ctx, st).unlaid
        hidden = tuple(s for s in act.sides if s not in st.explored and s not in unlaid)
        if not hidden:
            return None
        where = ", ".join(map(str, hidden))
        return goal(
            REVEAL, hidden, (), (f"exploring to reveal side {where}", f"explorando para revelar o lado {where}")
        )
    if kind in (STAND, EXPLORE):
        sides = act.sides or tuple(sorted({_side_of(s) for s in act.spaces}))
        where = _spaces_text(act.spaces) or f"side {', '.join(map(str, sides))}"
        return goal(STAND, sides, act.spaces, (f"standing on {where}", f"ficando em {where}"))
    if kind in (ENTER, MOVE):
        spaces = act.spaces or tuple(sp.id for s in act.sides for sp in board.graph(s).spaces)
        sides = act.sides or tuple(sorted({_side_of(s) for s in spaces}))
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
        spaces = _search_spaces(ctx, side, where)
        what = f" for the {act.card}" if act.card else ""
        quê = f" pela {act.card}" if act.card else ""
        return goal(SEARCH, (side,), spaces, (f"searching side {side}{what}", f"vasculhando o lado {side}{quê}"))
    if kind in (DEFEAT, WOUND):
        on = [m for m in st.minions.values() if not act.minion or m.type == act.minion]
        if on:
            sides = tuple(dict.fromkeys(_side_of(m.space) for m in on))
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
        spaces = tuple(m.space for m in st.minions.values() if _side_of(m.space) == side)
        return goal(CLEAR, (side,), spaces, (f"clearing side {side}", f"limpando o lado {side}"))
    if kind == ACT:  # issue 30: stand where the chapter action is offered; the heuristic takes it there
        sides = act.sides or tuple(sorted({_side_of(s) for s in act.spaces}))
        if not sides:  # offered anywhere: where the mice stand
            sides = tuple(dict.fromkeys(_side_of(h.space) for h in st.mice_on_board() if h.space is not None))
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
    start = {_side_of(h.space) for h in st.mice_on_board() if h.space is not None}
    if not start or start & set(sides):
        return None
    live = world(ctx, st)
    if not live.closed and not (live.unlaid & set(sides)) and not live.unlaid:
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
            if _kind(c) == "figure" or (not _about_figure(c) and not condition_holds(ctx, st, c)):
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
    return None


def _reach(ctx: Ctx, st: State) -> set[int]:
    """The sides the party can get to by the explores the engine allows now (:func:`world`)."""
    live = world(ctx, st)
    seen = {_side_of(h.space) for h in st.mice_on_board() if h.space is not None}
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
    the party cannot get to costs :data:`_FAR`."""
    if sub.act == WAIT or not sub.sides:
        return 5.0
    plan = chapter_plan(ctx, st, _goal_of(sub))
    best = _FAR
    for h in st.mice_on_board():
        if h.space is not None:
            best = min(best, mouse_cost(ctx, st, h.space, plan))
    return best


def _final_sides(ctx: Ctx, st: State) -> tuple[int, ...]:
    plan = chapter_plan(ctx, st)
    return _goal_sides(ctx, st, plan)


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
            spaces = tuple(s for s in sub.spaces if _side_of(s) == side)
            spaces = tuple(m.space for m in st.minions.values() if _side_of(m.space) == side and m.space in spaces)
        elif sub.act in (STAND, ENTER, SEARCH):
            spaces = tuple(s for s in sub.spaces if _side_of(s) == side)
        else:
            spaces = ()
        verb = "search" if sub.act == SEARCH else "enter" if sub.act == ENTER else ""
        return [Advice(spaces, verb, _steps(ctx, st, side, (space,), spaces) if spaces else 0.0)]
    return _final_advice(ctx, st, chapter_plan(ctx, st, _goal_of(sub)), side, space, hero_id)


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
        return _final_advice(ctx, st, chapter_plan(ctx, st), side, space, hero_id)
    return _sub_advice(ctx, st, sub, side, space, hero_id)


def progress(ctx: Ctx, st: State, party: bool = False) -> float:
    """0..1: how far along the way to the victory the party is. In a chapter of places only: one minus the
    furthest free mouse's cost to the goal over the cost from the start (0 when the plan cannot place the goal).
    With preconditions: the share of them already true, the current sub-goal's own progress counting as a part."""
    sg = stages(ctx)
    if not sg.pre and not sg.gates and not sg.lays and not sg.won_by:
        return _final_progress(ctx, st, chapter_plan(ctx, st), party)
    sub = current_goal(ctx, st)
    done = sum(1 for c in sg.pre if condition_holds(ctx, st, c))
    if sub is None:
        part = _final_progress(ctx, st, chapter_plan(ctx, st), party)
    elif sub.sides:
        part = 0.5 * _final_progress(ctx, st, chapter_plan(ctx, st, _goal_of(sub)), party)
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
    from mnm.chapters.language import walk_effects

    action = next((a for a in ctx.chapter.actions if a.id == action_id), None)
    if action is None:
        return 0.0
    wounded = any(h.wounds > 0 for h in st.heroes.values() if not h.captured)
    captured = any(h.captured for h in st.heroes.values())
    for _, e in walk_effects(action.do, ""):
        kind = _kind(e)
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
    from mnm.chapters.language import walk_effects

    rule = next((r for r in ctx.chapter.all_rules() if r.id == rule_id), None)
    if rule is None or not rule_enabled(st, rule.id, rule.enabled):
        return False
    defeat_counters = {str(c.params.name) for c in _conditions(ctx.chapter.defeat) if _kind(c) == "counter"}
    for _, e in walk_effects(rule.do, ""):
        kind = _kind(e)
        if kind in _HARM or (kind == "cheese" and str(e.params.to) == "wheel"):
            return True
        if kind == "counter" and str(e.params.name) in defeat_counters:
            return True
    return False


def _gate_reason(ctx: Ctx, rule_id: str) -> tuple[str, str]:
    """The reason a gate's rule gives the player (the chapter's own words), or its id."""
    from mnm.chapters.language import walk_effects

    if rule_id == MINIONS_ON_NEIGHBOUR:  # the engine's own refusal, said as the designer reads it
        return ("minions on the tile that exploring would turn over", "lacaios no lado que a exploração viraria")
    for rule in ctx.chapter.all_rules():
        if rule.id == rule_id:
            for _, e in walk_effects(rule.do, ""):
                if _kind(e) == "gate":
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
        if costs and min(costs) < _FAR:
            return None
        sides = ", ".join(map(str, plan.goal.sides))
        what = (f"to reach side {sides} for victory", f"chegar ao lado {sides} para a vitória")
    else:
        if goal_cost(ctx, st, sub) < _FAR:
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
    return en, pt
