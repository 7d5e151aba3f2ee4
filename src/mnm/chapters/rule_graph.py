"""A chapter's rule graph: for every condition of the chapter language, what can make it true (issue 29).

The bots' planner (:mod:`mnm.bots.plan`) reasons backward from a chapter's victory through this graph, and the
workshop and validation show what it cannot plan for (:func:`cannot_plan`). It is read from the chapter's data
alone, once per chapter:

* **facts**: what the chapter's state can come to hold (a flag, a counter, a party token, a token on the board,
  a minion type on the board, a story achievement, rain, a forced victory), each with its **producers**: the
  setup entries and the rules whose effects make it, with the trigger that fires the rule, the trigger's filters
  (the side, the spaces, the minion, the page...), the rule's own conditions (needed when it fires) and the
  chance of a ``roll`` on the way;
* **gates**: the rules on ``explore_attempt`` whose effect is ``gate``, with their conditions (closed while they
  hold);
* **ways**: for a condition and the truth wanted, the acts that make it so (:func:`ways`): reveal a side, stand
  on spaces, enter a space, search a side, defeat a minion type, wait for time to pass, or cause a rule's
  trigger (and, before that, its own conditions).

Every word plugs in with one entry: :data:`CONDITION_WAYS` (keyed by :class:`ConditionKind`), :data:`EFFECT_FACTS`
(keyed by :class:`EffectKind`) and :data:`TRIGGER_ACTS` (keyed by :class:`Trigger`). A word with no entry (a word
added to the language later) is not an error: it is reported by :func:`cannot_plan`, one line each.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Final

from mnm.chapter_language import ChapterRule, Condition, ConditionKind, Effect, EffectKind, Trigger
from mnm.content.schema import Chapter

__all__ = [
    "CONDITION_WAYS",
    "EFFECT_FACTS",
    "TRIGGER_ACTS",
    "Act",
    "GateRule",
    "PlanGap",
    "Producer",
    "RuleGraph",
    "Way",
    "cannot_plan",
    "cannot_plan_lines",
    "rule_graph",
    "ways",
]

# --- what the graph is made of -------------------------------------------------------------------------------

# Acts: what the party does to cause something. ``sides``/``spaces`` say where (empty: anywhere).
REVEAL: Final = "reveal"  # explore until the side is face up
STAND: Final = "stand"  # every free mouse on one of the spaces
ENTER: Final = "enter"  # a mouse moves into one of the spaces (again and again for a counter)
SEARCH: Final = "search"  # a mouse searches on the side (on the spaces)
DEFEAT: Final = "defeat"  # defeat minions of a type (``minion``), or every minion (no type)
WOUND: Final = "wound"  # wound a minion of the type
CLEAR: Final = "clear"  # the side face up with no minion on it
MOVE: Final = "move"  # a mouse rolls the movement die (on the side)
EXPLORE: Final = "explore"  # a mouse tries to explore (from the side)
ACT: Final = "act"  # a mouse stands where a chapter action is offered and takes it (``card``: the action's id)
WAIT: Final = "wait"  # time passes (rounds, pages, surges, minions' turns): nothing to cause, only to outlast
NOW: Final = "now"  # already happened (the chapter's beginning, setup)


@dataclass(frozen=True)
class Act:
    """One thing the party can do: ``kind`` (one of the acts above) ``where``."""

    kind: str
    sides: tuple[int, ...] = ()
    spaces: tuple[str, ...] = ()
    minion: str = ""
    page: int = 0  # WAIT for a page: the hourglass page it comes on
    card: str = ""  # SEARCH for a special search: the card; ACT: the chapter action's id


@dataclass(frozen=True)
class Producer:
    """A setup entry or a rule effect that makes ``fact`` (``flag:NAME``, ``counter:NAME``, ``stash:TOKEN``,
    ``token:TOKEN``, ``minion:TYPE``, ``achievement:ID``, ``rain``, ``victory``, ``defeat``), caused by ``act``
    when ``needs`` hold. ``op``/``value``: a counter's change (``set``, ``add``, ``sub``); ``chance``: the odds of
    the rolls on the way (1 without)."""

    fact: str
    source: str  # the rule id, or "setup" / "special search"
    trigger: str  # the Trigger word, or "setup" / "search"
    act: Act
    needs: tuple[Condition, ...] = ()
    op: str = ""
    value: int = 0
    chance: float = 1.0
    once: bool = False  # a ``once`` rule: it makes its fact one time only
    enabled: bool = True  # the rule as written (``enabled: false``: off until an enable_rule turns it on)


@dataclass(frozen=True)
class GateRule:
    """A rule whose ``gate`` refuses explores of ``what`` (``exit``, ``flip``, ``""`` both) from ``side`` (None:
    every side) while ``conditions`` hold (none: closed for good); ``exit``: that exit of the side only (a
    per-exit gate, issue 30)."""

    rule: str
    side: int | None
    what: str
    conditions: tuple[Condition, ...]
    exit: int | None = None

    def closes(self, side: int, where: str) -> bool:
        """Whether it refuses the explore ``where`` (``exit-N``, ``flip``) from ``side`` (while closed)."""
        what = "flip" if where == "flip" else "exit"
        if self.side not in (None, side) or self.what not in ("", what):
            return False
        return self.exit is None or where == f"exit-{self.exit}"


@dataclass(frozen=True)
class Way:
    """One way to make a condition what is wanted: do ``act`` once ``needs`` (condition, truth wanted) hold,
    ``times`` times (a counter that must climb); ``producer`` is the rule or entry that does it, if any."""

    act: Act
    needs: tuple[tuple[Condition, bool], ...] = ()
    times: int = 1
    producer: Producer | None = None


@dataclass(frozen=True)
class PlanGap:
    """Something the planner cannot plan for, in one line each language; ``word``: the word concerned."""

    word: str
    en: str
    pt: str

    def text(self, lang: str = "en") -> str:
        return self.pt if lang.startswith("pt") else self.en


@dataclass
class RuleGraph:
    """The chapter's facts with their producers, its gates, and what the planner cannot read."""

    chapter: Chapter
    producers: dict[str, list[Producer]] = field(default_factory=dict)
    gates: list[GateRule] = field(default_factory=list)
    unknown: list[PlanGap] = field(default_factory=list)
    special: dict[str, tuple[int, str, str]] = field(default_factory=dict)  # card -> (side, where, token or "")

    def of(self, fact: str) -> list[Producer]:
        return self.producers.get(fact, [])


# --- triggers: how the party causes each ------------------------------------------------------------------------


def _where_side(rule: ChapterRule) -> tuple[int, ...]:
    return (rule.where.side,) if rule.where.side is not None else ()


def _act(kind: str) -> Callable[[ChapterRule], Act]:
    def make(rule: ChapterRule) -> Act:
        w = rule.where
        return Act(kind, _where_side(rule), tuple(w.spaces), w.minion or "", w.page or 0)

    return make


def _enters(rule: ChapterRule) -> Act:
    # a minion's move fires it too, but the party can only cause a mouse's (a rule for minions only is a wait)
    w = rule.where
    if w.mouse is False or w.minion:
        return Act(WAIT, _where_side(rule), tuple(w.spaces))
    return Act(ENTER, _where_side(rule), tuple(w.spaces))


def _movement_roll(rule: ChapterRule) -> Act:
    w = rule.where
    return Act(WAIT if w.mouse is False else MOVE, _where_side(rule))


def _item_found(rule: ChapterRule) -> Act:
    # a chapter item is found when an effect gives it (the planner adds ``holds_item`` to the rule's needs, see
    # rule_graph); a search card by a search (its special search's side when it has one: rule_graph fills it in)
    return Act(NOW) if rule.where.item is None else Act(SEARCH, card=str(rule.where.item))


TRIGGER_ACTS: dict[str, Callable[[ChapterRule], Act]] = {
    Trigger.CHAPTER_BEGINS: _act(NOW),
    Trigger.TILE_REVEALED: _act(REVEAL),
    Trigger.ROUND_BEGINS: _act(WAIT),
    Trigger.ROUND_ENDS: _act(WAIT),
    Trigger.FIGURE_ENTERS: _enters,
    Trigger.MOVEMENT_ROLL: _movement_roll,
    Trigger.MINION_TURN: _act(WAIT),
    Trigger.MINION_WOUNDED: _act(WOUND),
    Trigger.MINION_DEFEATED: _act(DEFEAT),
    Trigger.MINION_ROLLED_CHEESE: _act(WAIT),
    Trigger.SEARCH: _act(SEARCH),
    Trigger.SURGE: _act(WAIT),
    Trigger.HOURGLASS_PAGE: _act(WAIT),
    Trigger.EXPLORE_ATTEMPT: _act(EXPLORE),
    Trigger.CHAPTER_WON: _act(WAIT),
    Trigger.ITEM_FOUND: _item_found,
}
"""How the party makes a rule of each trigger fire (one entry per word)."""


# --- effects: the facts each makes -------------------------------------------------------------------------------

# (fact, op, value) an effect makes, from its parameters; an effect that makes no fact the planner reads: ()
EffectFacts = Callable[[Any], tuple[tuple[str, str, int], ...]]


def _none(p: Any) -> tuple[tuple[str, str, int], ...]:
    return ()


EFFECT_FACTS: dict[str, EffectFacts] = {
    EffectKind.STORY: _none,
    EffectKind.ANNOUNCE: _none,
    EffectKind.PLACE_MINION: lambda p: ((f"minion:{p.minion}", "", 0),),
    EffectKind.PLACE_MINIONS: lambda p: ((f"minion:{p.minion}", "", 0),),
    EffectKind.RETURN_MINION: _none,  # the defeated minion again: it makes no new fact
    EffectKind.REMOVE_MINION: _none,
    EffectKind.WOUND: _none,
    EffectKind.KNOCK_DOWN: _none,
    EffectKind.STUN: _none,
    EffectKind.CHEESE: _none,
    EffectKind.COUNTER: lambda p: ((f"counter:{p.name}", str(p.op), int(p.value)),),
    EffectKind.COUNTER_TO_WHEEL: lambda p: ((f"counter:{p.name}", "sub", 1),),
    EffectKind.SET_FLAG: lambda p: ((f"flag:{p.name}", "", 0),),
    EffectKind.MOVE_END_MARKER: _none,
    EffectKind.STORY_ACHIEVEMENT: lambda p: ((f"achievement:{p.achievement}", "", 0),),
    EffectKind.PLACE_TOKEN: lambda p: ((f"token:{p.token}", "", 0),),
    EffectKind.REMOVE_TOKEN: _none,
    EffectKind.ROLL: _none,  # its branches are read as effects of their own (with the roll's chance)
    EffectKind.GATE: _none,  # read as a gate (RuleGraph.gates)
    EffectKind.STEER: _none,
    EffectKind.START_RAIN: lambda p: (("rain", "", 0), ("weather:rain", "", 0)),
    EffectKind.NIGHTFALL: lambda p: (("time:night", "", 0),),
    EffectKind.OLGA_CHARGES: _none,
    # issue 30's words
    EffectKind.SET_WEATHER: lambda p: ((f"weather:{p.state}", "", 0),),
    EffectKind.SET_TIME_OF_DAY: lambda p: ((f"time:{p.phase}", "", 0),),
    EffectKind.CHARACTER_CHARGES: _none,
    EffectKind.GIVE_ITEM: lambda p: ((f"item:{p.item}", "", 0),),
    EffectKind.TAKE_ITEM: lambda p: ((f"item_gone:{p.item}", "", 0),),
    EffectKind.GIVE_CARD: _none,  # a reward card in a mouse's pack: no condition reads it
    EffectKind.MARK: lambda p: ((f"mark:{p.mark}", "", 0),),
    EffectKind.UNMARK: lambda p: ((f"unmarked:{p.mark}", "", 0),),
    EffectKind.HEAL: _none,
    EffectKind.MOVE_MOUSE: _none,  # where the mice are put: the planner reads places from where the mice stand
    EffectKind.CAPTURE: lambda p: (("captured", "", 0),),
    EffectKind.FREE: lambda p: (("freed", "", 0),),
    EffectKind.CHOOSE: _none,  # its options are read as effects of their own (rule_graph's _effects)
    EffectKind.NEXT_CHAPTER: _none,  # the campaign's, after the chapter
    EffectKind.FLIP_TILE: lambda p: ((f"face_up:{p.side}", "", 0),),
    EffectKind.BAR_SPACE: _none,  # a map fact: the side graph's moves already keep off a barred space
    EffectKind.ADD_TILE: lambda p: ((f"face_up:{p.side}", "", 0),),  # laid face up: the mice may explore into it
    EffectKind.BAR_LINE: _none,  # a map fact, like bar_space: no condition reads a barred line
    EffectKind.RECORD: lambda p: ((f"logged:{p.entry}", "", 0),),
    EffectKind.ENABLE_RULE: lambda p: ((f"enabled:{p.rule}", "", 0),),
    EffectKind.DISABLE_RULE: lambda p: ((f"disabled:{p.rule}", "", 0),),
    EffectKind.VICTORY: lambda p: (("victory", "", 0),),
    EffectKind.DEFEAT: lambda p: (("defeat", "", 0),),
}
"""The facts each effect makes (one entry per word)."""

_NEED_CHANCE: Final = {"star": 1 / 3, "cheese": 1 / 3, "sword": 1 / 3, "bow": 1 / 6}  # one die's chance, roughly


def _effects(effects: Iterable[Effect], chance: float = 1.0) -> list[tuple[Effect, float]]:
    out: list[tuple[Effect, float]] = []
    for e in effects:
        out.append((e, chance))
        if e.kind is EffectKind.ROLL:
            p = e.params
            one = _NEED_CHANCE.get(str(p.need), 1 / 3)
            hit = 1 - (1 - one) ** int(p.dice)
            out += _effects(p.then, chance * hit) + _effects(p.else_, chance * (1 - hit))
        elif e.kind is EffectKind.CHOOSE:  # a story choice: the players pick the option they need
            for option in e.params.options:
                out += _effects(option.do, chance)
    return out


def _word(value: object) -> str:
    return value.value if isinstance(value, StrEnum) else str(value)


def _kind_of(c: Condition | Effect) -> str:
    try:
        return _word(c.kind)
    except ValueError:  # a key the vocabulary enum does not list yet
        return next((k for k in type(c).model_fields if getattr(c, k) is not None), "?").rstrip("_")


def rule_graph(chapter: Chapter, content: Any = None) -> RuleGraph:
    """The chapter's rule graph (``content``: the search cards, to know which special search gives which party
    token; without it a special search makes only its ``searched:CARD`` fact)."""
    graph = RuleGraph(chapter)
    add = graph.producers.setdefault
    for sm in chapter.starting_minions:
        add(f"minion:{sm.minion}", []).append(Producer(f"minion:{sm.minion}", "setup", "setup", Act(NOW, (sm.side,))))
    for token, spaces in chapter.tokens.items():
        add(f"token:{token}", []).append(Producer(f"token:{token}", "setup", "setup", Act(NOW, (), tuple(spaces))))
    if chapter.rain:
        add("rain", []).append(Producer("rain", "setup", "setup", Act(NOW)))
    weather = "weather:rain" if chapter.rain else "weather:clear"
    add(weather, []).append(Producer(weather, "setup", "setup", Act(NOW)))
    add("time:day", []).append(Producer("time:day", "setup", "setup", Act(NOW)))
    items = {item.id for item in chapter.items}
    for ss in chapter.special_searches:
        card = content.search_cards.get(ss.card) if content is not None else None
        token = str(card.party_token) if card is not None and card.party_token else ""
        graph.special[ss.card] = (ss.side, ss.where, token)
        act = Act(SEARCH, (ss.side,), (), card=ss.card)
        facts = [f"searched:{ss.card}"] + ([f"stash:{token}"] if token else [])
        for fact in facts:
            add(fact, []).append(Producer(fact, "special search", "search", act))
    everything = [e for r in chapter.all_rules() for e, _ in _effects(r.do)]
    everything += [e for a in chapter.actions for e, _ in _effects(a.do)]
    switched = {e.params.rule for e in everything if _kind_of(e) == "enable_rule"}
    for action in chapter.actions:  # issue 30: stand where it is offered and take it, once its ``if`` holds
        act = Act(ACT, _opt(action.where.side), tuple(action.where.spaces), card=action.id)
        for e, chance in _effects(action.do):
            kind = _kind_of(e)
            facts_of = EFFECT_FACTS.get(kind)
            if facts_of is None:
                graph.unknown.append(_gap_effect(kind, f"action {action.id}"))
                continue
            for fact, op, value in facts_of(e.params):
                needs = tuple(action.if_)
                add(fact, []).append(Producer(fact, action.id, "act", act, needs, op, value, chance, action.once))
    for rule in chapter.all_rules():
        trigger = _word(rule.when)
        to_act = TRIGGER_ACTS.get(trigger)
        if not rule.enabled and rule.id not in switched:
            continue  # off for good: nothing turns it on, so its effects are no way to anything
        needs = tuple(rule.if_)
        if trigger == "item_found" and rule.where.item in items:  # found when given: holding it comes first
            needs += (Condition.model_validate({"holds_item": {"item": rule.where.item}}),)
        effects = _effects(rule.do)
        # where a rule that only waits (a page, a round) puts its minions: the place to wait at
        placed = tuple(dict.fromkeys(side for e, _ in effects if (side := _placed_side(e)) is not None))
        for e, chance in effects:
            kind = _kind_of(e)
            if kind == "gate":
                w = rule.where
                graph.gates.append(GateRule(rule.id, w.side, str(w.what or ""), tuple(rule.if_), w.exit))
                continue
            facts_of = EFFECT_FACTS.get(kind)
            if facts_of is None:
                graph.unknown.append(_gap_effect(kind, rule.id))
                continue
            made = facts_of(e.params)
            if made and to_act is None:
                graph.unknown.append(_gap_trigger(trigger, rule.id))
                continue
            for fact, op, value in made:
                assert to_act is not None
                act = to_act(rule)
                if act.kind == WAIT and not act.sides and placed:
                    act = Act(WAIT, placed, act.spaces, act.minion, act.page)
                if act.kind == SEARCH and act.card and not act.sides and act.card in graph.special:
                    act = Act(SEARCH, (graph.special[act.card][0],), card=act.card)
                add(fact, []).append(
                    Producer(fact, rule.id, trigger, act, needs, op, value, chance, rule.once, rule.enabled)
                )
    return graph


def _opt(side: int | None) -> tuple[int, ...]:
    return (side,) if side is not None else ()


def _placed_side(e: Effect) -> int | None:
    kind = _kind_of(e)
    if kind == "place_minion":
        return _side(e.params.space)
    if kind == "place_minions" and e.params.side is not None:
        return int(e.params.side)
    return None


# --- conditions: the ways to make each true or false --------------------------------------------------------------

WayFn = Callable[[RuleGraph, Any, bool], list[Way] | None]
"""(graph, the condition's parameters, truth wanted) -> the ways (None: the planner cannot plan for it)."""


def _from_producers(graph: RuleGraph, fact: str, keep: Callable[[Producer], bool] = lambda p: True) -> list[Way]:
    out: list[Way] = []
    for p in graph.of(fact):
        if keep(p):
            out.append(Way(p.act, tuple((c, True) for c in p.needs), 1, p))
    return out


def _all_free_mice_on(graph: RuleGraph, p: Any, want: bool) -> list[Way] | None:
    return [Way(Act(STAND, tuple(sorted({_side(s) for s in p.spaces})), tuple(p.spaces)))] if want else []


def _any_free_mouse(graph: RuleGraph, p: Any, want: bool) -> list[Way] | None:
    return [Way(Act(NOW))] if want else []


def _tile_face_up(graph: RuleGraph, p: Any, want: bool) -> list[Way] | None:
    # revealed by an explore, or turned face up by a flip_tile effect (issue 30)
    return [Way(Act(REVEAL, (int(p.side),))), *_from_producers(graph, f"face_up:{p.side}")] if want else []


def _tile_clear(graph: RuleGraph, p: Any, want: bool) -> list[Way] | None:
    return [Way(Act(CLEAR, (int(p.side),)))] if want else []


def _no_minions(graph: RuleGraph, p: Any, want: bool) -> list[Way] | None:
    return [Way(Act(DEFEAT))] if want else []


def _minion_on_board(graph: RuleGraph, p: Any, want: bool) -> list[Way] | None:
    if want:
        return _from_producers(graph, f"minion:{p.minion}")
    return [Way(Act(DEFEAT, minion=str(p.minion)))]


def _party_holds(graph: RuleGraph, p: Any, want: bool) -> list[Way] | None:
    return _from_producers(graph, f"stash:{p.token}") if want else []


def _token_on(graph: RuleGraph, p: Any, want: bool) -> list[Way] | None:
    if not want:
        return []
    side = p.side
    return _from_producers(
        graph, f"token:{p.token}", lambda q: side is None or not q.act.spaces or _side(q.act.spaces[0]) == side
    )


def _has_achievement(graph: RuleGraph, p: Any, want: bool) -> list[Way] | None:
    return _from_producers(graph, f"achievement:{p.achievement}") if want else []


def _counter(graph: RuleGraph, p: Any, want: bool) -> list[Way] | None:
    op, target = str(p.op), int(p.value)
    if op == "unset":
        return [] if want else _from_producers(graph, f"counter:{p.name}")
    if not want:  # the opposite test: counter eq 2 false is ne 2...
        op = {"eq": "ne", "ne": "eq", "lt": "ge", "le": "gt", "gt": "le", "ge": "lt"}[op]
    rising = op in ("gt", "ge", "eq", "ne")
    times = max(1, target + (1 if op == "gt" else 0)) if op in ("gt", "ge", "eq") else 1
    out: list[Way] = []
    for q in graph.of(f"counter:{p.name}"):
        if q.op == "set" and _holds_op(q.value, op, target):
            out.append(Way(q.act, tuple((c, True) for c in q.needs), 1, q))
        elif (q.op == "add" and q.value > 0 and rising) or (q.op == "sub" and not rising):
            step = max(1, abs(q.value))
            out.append(Way(q.act, tuple((c, True) for c in q.needs), max(1, -(-times // step)), q))
    return out


def _holds_op(a: int, op: str, b: int) -> bool:
    return {"eq": a == b, "ne": a != b, "lt": a < b, "le": a <= b, "gt": a > b, "ge": a >= b}[op]


def _flag(graph: RuleGraph, p: Any, want: bool) -> list[Way] | None:
    return _from_producers(graph, f"flag:{p.name}") if want else []


def _time(graph: RuleGraph, p: Any, want: bool) -> list[Way] | None:
    return [Way(Act(WAIT))]


def _raining(graph: RuleGraph, p: Any, want: bool) -> list[Way] | None:
    return _from_producers(graph, "rain") if want else []


def _special_search_left(graph: RuleGraph, p: Any, want: bool) -> list[Way] | None:
    if want:
        return []
    found = graph.special.get(str(p.card))
    return [Way(Act(SEARCH, (found[0],), card=str(p.card)))] if found else []


def _all_mice_searched(graph: RuleGraph, p: Any, want: bool) -> list[Way] | None:
    return [Way(Act(SEARCH, (int(p.side),)))] if want else []


def _figure(graph: RuleGraph, p: Any, want: bool) -> list[Way] | None:
    return None  # a test of a trigger's figure: read as a filter of the trigger (rule conditions), not a goal


def _any(graph: RuleGraph, p: Any, want: bool) -> list[Way] | None:
    if not want:  # none of them: each false
        return [Way(Act(NOW), tuple((c, False) for c in p))]
    out: list[Way] = []
    for c in p:
        out.append(Way(Act(NOW), ((c, True),)))
    return out


def _all(graph: RuleGraph, p: Any, want: bool) -> list[Way] | None:
    if want:
        return [Way(Act(NOW), tuple((c, True) for c in p))]
    return [Way(Act(NOW), ((c, False),)) for c in p]


def _not(graph: RuleGraph, p: Any, want: bool) -> list[Way] | None:
    return [Way(Act(NOW), ((p, not want),))]


def _holds_item(graph: RuleGraph, p: Any, want: bool) -> list[Way] | None:
    return _from_producers(graph, f"item:{p.item}" if want else f"item_gone:{p.item}")


def _fixed(graph: RuleGraph, p: Any, want: bool) -> list[Way] | None:
    """The party (hero_present, class_present): fixed when the chapter begins, so nothing to do (a way that is
    already as it will stay; a rule that needs the other truth never fires, which is the chapter's design)."""
    return [Way(Act(NOW))]


def _logged(graph: RuleGraph, p: Any, want: bool) -> list[Way] | None:
    # the campaign log: what earlier chapters wrote is fixed at setup; a record in this chapter can write more
    return [Way(Act(NOW)), *_from_producers(graph, f"logged:{p.entry}")]


def _marked(graph: RuleGraph, p: Any, want: bool) -> list[Way] | None:
    return _from_producers(graph, f"mark:{p.mark}" if want else f"unmarked:{p.mark}")


def _weather(graph: RuleGraph, p: Any, want: bool) -> list[Way] | None:
    state = str(p.state) if want else ("clear" if str(p.state) == "rain" else "rain")
    return _from_producers(graph, f"weather:{state}")


def _time_of_day(graph: RuleGraph, p: Any, want: bool) -> list[Way] | None:
    phase = str(p.phase) if want else ("day" if str(p.phase) == "night" else "night")
    return _from_producers(graph, f"time:{phase}")


def _count(graph: RuleGraph, p: Any, want: bool) -> list[Way] | None:
    """A count of figures: more of them (the selector's filters made true: a mark, an item, a place; minions
    brought out) or fewer (minions defeated; mice moved off, which the party does by moving on)."""
    sel = p.select
    op = str(p.op) if want else _NEGATE[str(p.op)]
    more = op in ("gt", "ge") or (op in ("eq", "ne") and int(p.value) > 0)
    if sel.kind == "minion":
        if more:
            return _from_producers(graph, f"minion:{sel.minion}") if sel.minion else [Way(Act(NOW))]
        return [Way(Act(DEFEAT, _opt(sel.side), minion=str(sel.minion or "")))]
    if not more:
        return [Way(Act(WAIT))]
    if sel.captured:
        return _from_producers(graph, "captured")
    if sel.marked:
        return _from_producers(graph, f"mark:{sel.marked}")
    if sel.holds_item:
        return _from_producers(graph, f"item:{sel.holds_item}")
    spaces = tuple(sel.spaces) + ((sel.adjacent_to,) if sel.adjacent_to else ())
    if spaces or sel.side is not None:
        return [Way(Act(ENTER, _opt(sel.side) or tuple(sorted({_side(s) for s in spaces})), spaces))]
    return [Way(Act(NOW))]  # the free mice of the party (a hero, wounded or not): as the game goes


_NEGATE: Final = {"eq": "ne", "ne": "eq", "lt": "ge", "le": "gt", "gt": "le", "ge": "lt"}


CONDITION_WAYS: dict[str, WayFn] = {
    ConditionKind.ALL_FREE_MICE_ON: _all_free_mice_on,
    ConditionKind.ANY_FREE_MOUSE: _any_free_mouse,
    ConditionKind.TILE_FACE_UP: _tile_face_up,
    ConditionKind.TILE_CLEAR: _tile_clear,
    ConditionKind.NO_MINIONS: _no_minions,
    ConditionKind.MINION_ON_BOARD: _minion_on_board,
    ConditionKind.PARTY_HOLDS: _party_holds,
    ConditionKind.TOKEN_ON: _token_on,
    ConditionKind.HAS_ACHIEVEMENT: _has_achievement,
    ConditionKind.COUNTER: _counter,
    ConditionKind.FLAG: _flag,
    ConditionKind.COMPARE: _time,
    ConditionKind.RAINING: _raining,
    ConditionKind.SPECIAL_SEARCH_LEFT: _special_search_left,
    ConditionKind.ALL_MICE_SEARCHED: _all_mice_searched,
    ConditionKind.FIGURE: _figure,
    ConditionKind.HOLDS_ITEM: _holds_item,
    ConditionKind.HERO_PRESENT: _fixed,
    ConditionKind.CLASS_PRESENT: _fixed,
    ConditionKind.MARKED: _marked,
    ConditionKind.COUNT: _count,
    ConditionKind.LOGGED: _logged,
    ConditionKind.WEATHER: _weather,
    ConditionKind.TIME_OF_DAY: _time_of_day,
    ConditionKind.ANY: _any,
    ConditionKind.ALL: _all,
    ConditionKind.NOT: _not,
}
"""The ways to make each condition true or false (one entry per word)."""


def ways(graph: RuleGraph, condition: Condition, want: bool = True) -> list[Way] | None:
    """The ways to make ``condition`` come to ``want`` (None: the planner cannot plan for it; []: nothing in the
    chapter can)."""
    fn = CONDITION_WAYS.get(_kind_of(condition))
    if fn is None:
        return None
    return fn(graph, condition.params, want)


def _side(space: str) -> int:
    return int(space.split(":", 1)[0])


# --- what the planner cannot plan for ------------------------------------------------------------------------------


def _gap_effect(word: str, rule: str) -> PlanGap:
    return PlanGap(
        word,
        f"the bots do not know what the effect `{word}` does (rule {rule})",
        f"os bots não sabem o que o efeito `{word}` faz (regra {rule})",
    )


def _gap_trigger(word: str, rule: str) -> PlanGap:
    return PlanGap(
        word,
        f"the bots do not know how to cause the trigger `{word}` (rule {rule})",
        f"os bots não sabem provocar o gatilho `{word}` (regra {rule})",
    )


def _say(c: Condition) -> str:
    kind = _kind_of(c)
    p = c.params
    name = getattr(p, "name", None) or getattr(p, "token", None) or getattr(p, "minion", None)
    name = name or getattr(p, "achievement", None) or getattr(p, "card", None) or getattr(p, "side", None)
    name = name or getattr(p, "item", None) or getattr(p, "mark", None) or getattr(p, "entry", None)
    return f"{kind} {name}" if name is not None and not isinstance(p, tuple) else kind


def _gap_condition(c: Condition, want: bool, where: str, nothing: bool) -> PlanGap:
    word = _kind_of(c)
    truth, verdade = ("true", "verdadeiro") if want else ("false", "falso")
    if nothing:
        return PlanGap(
            word,
            f"nothing in the chapter makes `{_say(c)}` {truth} ({where}): the bots cannot plan for it",
            f"nada no capítulo torna `{_say(c)}` {verdade} ({where}): os bots não podem planejar para isso",
        )
    return PlanGap(
        word,
        f"the bots do not know how to make `{_say(c)}` {truth} ({where})",
        f"os bots não sabem tornar `{_say(c)}` {verdade} ({where})",
    )


def _check(
    graph: RuleGraph, c: Condition, want: bool, where: str, out: list[PlanGap], seen: set[tuple[int, bool]]
) -> bool:
    """Whether the planner knows a way to make ``c`` come to ``want``; every word on the way it has no entry for
    is added to ``out`` (all ways are walked, so an unknown word is reported even beside a way that works)."""
    key = (id(c), want)
    if key in seen:
        return True  # walked already (or a loop: the other way round decides)
    seen.add(key)
    got = ways(graph, c, want)
    if got is None:
        out.append(_gap_condition(c, want, where, nothing=False))
        return False
    ok = _at_start(c) is want  # a rule's condition that holds from the start (a flag not yet raised...)
    for w in got:
        fine = True
        for need, truth in w.needs:
            # a rule's own conditions on its trigger's figure are filters of the trigger, not goals
            if w.producer is not None and any(_kind_of(x) == "figure" for x in _walk((need,))):
                continue
            fine = _check(graph, need, truth, where, out, seen) and fine
        ok = ok or fine
    return ok


def _at_start(c: Condition) -> bool | None:
    """Whether ``c`` holds when a chapter begins, for the words whose start is known (None: not known)."""
    kind = _kind_of(c)
    p = c.params
    if kind in ("flag", "party_holds", "has_achievement", "marked", "holds_item"):
        return False
    if kind == "counter":
        return True if p.op == "unset" else _holds_op(0, str(p.op), int(p.value))
    if kind == "not":
        inner = _at_start(p)
        return None if inner is None else not inner
    return None


def cannot_plan(chapter: Chapter, content: Any = None) -> list[PlanGap]:
    """What the bots cannot plan for in ``chapter``, one :class:`PlanGap` per problem: a word the planner has no
    entry for (a condition, an effect, a trigger), a victory condition nothing in the chapter can make true, or a
    gate nothing can open. Empty when the planner reads the whole chapter. Never raises (the workshop shows it as
    it is)."""
    graph = rule_graph(chapter, content)
    out: list[PlanGap] = list(graph.unknown)
    seen: set[tuple[int, bool]] = set()
    for i, c in enumerate(chapter.victory):
        before = len(out)
        if not _check(graph, c, True, f"victory.{i}", out, seen) and len(out) == before:
            out.append(_gap_condition(c, True, f"victory.{i}", nothing=True))
    for i, c in enumerate(chapter.defeat):
        _check(graph, c, False, f"defeat.{i}", out, seen)  # the bots keep away from it: only unknown words matter
    for gate in graph.gates:
        conds = [c for c in gate.conditions if not any(_kind_of(x) == "figure" for x in _walk((c,)))]
        before = len(out)
        # closed while all hold: one made false opens it
        opened = [_check(graph, c, False, f"gate {gate.rule}", out, set()) for c in conds]
        if conds and not any(opened) and len(out) == before:
            out.append(
                PlanGap(
                    "gate",
                    f"the bots know no way to open the gate {gate.rule}: nothing in the chapter makes its conditions false",
                    f"os bots não conhecem um jeito de abrir o portão {gate.rule}: nada no capítulo torna suas condições falsas",
                )
            )
    # other rules' conditions: a word with no entry is reported once, wherever it is
    known = {g.en for g in out}
    for rule in chapter.all_rules():
        for c in _walk(rule.if_):
            if _kind_of(c) not in CONDITION_WAYS:
                gap = _gap_condition(c, True, f"rule {rule.id}", nothing=False)
                if gap.en not in known:
                    known.add(gap.en)
                    out.append(gap)
    return list({g.en: g for g in out}.values())


def _walk(conds: Iterable[Condition]) -> list[Condition]:
    out: list[Condition] = []
    for c in conds:
        out.append(c)
        kind = _kind_of(c)
        if kind in ("any", "all"):
            out += _walk(c.params)
        elif kind == "not":
            out += _walk((c.params,))
    return out


def cannot_plan_lines(chapter: Chapter, content: Any = None, lang: str = "en") -> list[str]:
    """:func:`cannot_plan` as sentences in ``lang`` (``en`` or ``pt-BR``), one line each."""
    return [gap.text(lang) for gap in cannot_plan(chapter, content)]
