"""The planner's reading of a chapter (split from :mod:`mnm.bots.plan`, issue 49): the goal, the gates, the side
graph the board allows, the chapter read for planning (:func:`stages`: the victory's preconditions and final stage,
the gates on conditions, what feeds a defeat) and the plan's types. :mod:`mnm.bots.plan` re-exports the public names."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Final

from mnm.chapter_language import ChapterRule, Condition, Effect
from mnm.chapters.rule_graph import (
    ENTER,
    SEARCH,
    GateRule,
    RuleGraph,
    Way,
    rule_graph,
    ways,
)
from mnm.content.schema import Chapter, HeroClass
from mnm.engine import (
    Ctx,
)

__all__ = [
    "FINAL_KINDS",
    "GATE_COST",
    "MAX_DEPTH",
    "STEP",
    "Advice",
    "ChapterPlan",
    "Edge",
    "Gate",
    "Goal",
    "Stages",
    "SubGoal",
    "World",
    "read_gates",
    "read_goal",
    "side_graph",
    "stages",
]

STEP: Final = 0.2  # one step on a tile, in explores: a tile crossed is worth about one explore
GATE_COST: Final = 1.5  # a gate that opens with a special search: finding the card (a search or two)
FAR: Final = 1e6


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
    # (party mean?, the free mice's spaces, the gate tokens' places) -> final_progress's answer (the heuristic
    # asks it after every option it tries: issue 43's play-test speed)
    _progress: dict[tuple[object, ...], float] = field(default_factory=dict)
    _tokens: tuple[str, ...] | None = None  # the gate tokens of its edges (the progress key reads where they are)


# --- reading the chapter --------------------------------------------------------------------------------------


def kind_of(c: Condition | Effect) -> str:
    return c.kind.value


def all_conditions(conds: Iterable[Condition]) -> list[Condition]:
    """The conditions that must all hold, with ``all`` groups opened."""
    out: list[Condition] = []
    for c in conds:
        if kind_of(c) == "all":
            out += all_conditions(c.params)
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
        if kind_of(e) == "roll":
            todo += list(e.params.then) + list(e.params.else_)
    return out


def _trigger(rule: ChapterRule) -> str:
    return rule.when.value


def side_of(space: str) -> int:
    return int(space.split(":", 1)[0])


def _minion_sources(ctx: Ctx, minion: str) -> list[int]:
    """The sides where a minion type comes into play: placed by a rule (on the side it names or the side of the
    space), or at setup."""
    sides: list[int] = []
    for rule in _rules(ctx.chapter):
        for e in _effects(rule):
            if kind_of(e) == "place_minion" and e.params.minion == minion:
                sides.append(side_of(e.params.space))
    sides += [sm.side for sm in ctx.chapter.starting_minions if sm.minion == minion and sm.side is not None]
    return sides


def _action_sides(ctx: Ctx, kind: str, flag: str | None) -> list[int]:
    """The sides of the chapter actions (issue 30) with an effect of ``kind`` (a ``set_flag`` of ``flag``), nested
    in rolls and story choices: taking the action there is the way to it."""
    from mnm.chapter_language import walk_effects

    sides: list[int] = []
    for action in ctx.chapter.actions:
        for _, e in walk_effects(action.do, ""):
            if kind_of(e) == kind and (flag is None or e.params.name == flag):
                sides += [action.where.side] if action.where.side is not None else []
                sides += [side_of(s) for s in action.where.spaces]
    return list(dict.fromkeys(sides))


def _flag_sides(ctx: Ctx, flag: str) -> list[int]:
    """The sides whose first reveal raises ``flag`` (a ``set_flag`` in a ``tile_revealed`` rule), and the sides
    of the chapter actions that raise it."""
    sides: list[int] = _action_sides(ctx, "set_flag", flag)
    for rule in _rules(ctx.chapter):
        if any(kind_of(e) == "set_flag" and e.params.name == flag for e in _effects(rule)):
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
    for c in all_conditions(ctx.chapter.victory if conditions is None else conditions):
        kind, p = kind_of(c), c.params
        if kind == "all_free_mice_on":
            spaces += list(p.spaces)
            sides += [side_of(s) for s in p.spaces]
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
        elif kind == "not" and kind_of(p) == "minion_on_board":
            defeat.append(p.params.minion)
            sides += _minion_sources(ctx, p.params.minion)
    if not sides and spaces:
        sides = [side_of(s) for s in spaces]
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
        kind = kind_of(c)
        if kind == "not" and kind_of(c.params) == "party_holds":
            out.append(c.params.params.token)
        elif kind == "all":
            out += _opening_tokens(c.params)
    return out


def read_gates(ctx: Ctx) -> tuple[Gate, ...]:
    """The chapter's gates: rules on ``explore_attempt`` whose effects include ``gate``."""
    out: list[Gate] = []
    for rule in _rules(ctx.chapter):
        if _trigger(rule) != "explore_attempt" or not any(kind_of(e) == "gate" for e in _effects(rule)):
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


def token_searches(ctx: Ctx) -> dict[str, tuple[int, str, str]]:
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


def _leaves(c: Condition) -> list[Condition]:
    """The conditions inside ``any``/``all``/``not`` that are not about a trigger's figure."""
    kind = kind_of(c)
    if kind in ("any", "all"):
        return [x for y in c.params for x in _leaves(y)]
    if kind == "not":
        return _leaves(c.params)
    return [] if kind == "figure" else [c]


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
    lays: bool = False  # a rule lays a tile (add_tile) or turns one over (flip_tile): the final stage may need it
    won_by: tuple[Way, ...] = ()  # a chapter with no victory conditions: the ways its ``victory`` effect comes
    frees: bool = False  # the chapter has a ``free`` effect (a rescue the planner weighs while a mouse is captured)
    turns: frozenset[int] = frozenset()  # sides a rule turns up (flip_tile) on a tile of the layout

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
    kind = kind_of(c)
    if kind in FINAL_KINDS:
        return True
    if kind == "flag":
        made = graph.of(f"flag:{c.params.name}")
        return bool(made) and all(p.trigger == "tile_revealed" and p.act.sides for p in made)
    if kind == "not" and kind_of(c.params) == "minion_on_board":
        made = graph.of(f"minion:{c.params.params.minion}")
        return all(p.trigger in ("tile_revealed", "setup") for p in made)
    return False


def _danger(graph: RuleGraph, defeat: tuple[Condition, ...]) -> tuple[frozenset[str], frozenset[int]]:
    """The spaces whose entering and the sides whose searching make a chapter defeat's fact."""
    spaces: set[str] = set()
    sides: set[int] = set()
    for c in all_conditions(defeat):
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
    victory = all_conditions(chapter.victory)
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
    turns = frozenset(
        int(fact.split(":", 1)[1])
        for fact, made in graph.producers.items()
        if fact.startswith("face_up:")
        and made
        and int(fact.split(":", 1)[1]) in ctx.board.graphs
        and ctx.board.tile_of_side(int(fact.split(":", 1)[1])) not in ctx.board.later
    )
    lays = bool(ctx.board.later) or bool(turns)  # a tile a rule lays or turns over: the final stage may need it first
    won_by: tuple[Way, ...] = ()
    if not victory:  # won by an effect (a chapter action's or a rule's ``victory``): its producers are the ways
        won_by = tuple(Way(p.act, tuple((n, True) for n in p.needs), 1, p) for p in graph.of("victory"))
    frees = bool(graph.of("freed"))
    got = Stages(
        graph, pre, final, gates, danger_spaces, danger_sides, tuple(chapter.defeat), leaves, lays, won_by, frees,
        turns,
    )
    if len(_STAGES) > 256:
        _STAGES.clear()
    _STAGES[id(chapter)] = (chapter, got)
    return got


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
