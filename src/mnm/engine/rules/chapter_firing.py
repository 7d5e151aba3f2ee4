"""The chapter language's machinery (R-STORY-05; issue 22, docs/chapters.md): a trigger's firing, the handler
registries, a chapter rule compiled to plain fields, and running it.

:class:`Fire` is what one firing of a trigger tells the rules (the figure, the mouse, the side, a count).
Every condition and effect of the vocabulary has a handler registered under its StrEnum member (:data:`CONDITIONS`,
:data:`EFFECTS`, by the :func:`condition` and :func:`effect` decorators), with the rule ID its events carry by
default (:data:`EFFECT_RULES`). The handlers live in the modules named after what they act on
(:mod:`~mnm.engine.rules.chapter_conditions`, :mod:`~mnm.engine.rules.chapter_effects_story`,
:mod:`~mnm.engine.rules.chapter_effects_figures`, :mod:`~mnm.engine.rules.chapter_effects_board`); the program
that calls them per trigger is :mod:`mnm.engine.rules.chapter_rules`, which imports them all.

A rule is compiled once (:class:`CompiledRule`: its trigger filters as fields, its conditions and effects as
(handler, parameters) pairs); :func:`fire_rule` runs it when its conditions hold, and an effect fires its event
with :func:`emit_effect` (the chapter file may name it, its rule ID and its fields, so that a chapter keeps the
event catalogue's names).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from mnm.chapter_language import ChapterRule, Condition, ConditionKind, Effect, EffectKind, EventSpec
from mnm.engine.context import Ctx
from mnm.engine.events import Event, Param
from mnm.engine.rules.chapter_state import DISABLED, ENABLED
from mnm.engine.state import Minion, State

__all__ = [
    "ANY",
    "CONDITIONS",
    "EFFECTS",
    "EFFECT_RULES",
    "FIRED",
    "WON",
    "CompiledCondition",
    "CompiledEffect",
    "CompiledRule",
    "ConditionFn",
    "EffectFn",
    "Fire",
    "compile_condition",
    "compile_effect",
    "condition",
    "effect",
    "emit_effect",
    "fire_rule",
    "holds",
    "rule_on",
    "run_effects",
]


FIRED: Final = "rules_fired"  # chapter_data key: ids of the ``once`` rules that have fired
WON: Final = "chapter_won"  # chapter_data key: a ``victory`` effect fired
ANY: Final = -1  # a filter left out


class Fire:
    """One firing of a trigger: what the rules may read about it, and what effects hand back."""

    def __init__(self, figure: str = "", mouse: str = "", side: int = ANY, number: int = 0) -> None:
        self.figure = figure  # the figure the trigger is about (mouse or minion id), '' for none
        self.mouse = mouse  # the mouse involved (that rolled, entered, defeated or wounded), '' for none
        self.side = side
        self.number = number  # the trigger's count (CHEESE rolled)
        self.minion: Minion | None = None  # the minion concerned (wounded, defeated, taking its turn)


ConditionFn = Callable[[Ctx, State, Fire, Any], bool]
EffectFn = Callable[[Ctx, State, Fire, "CompiledRule", Any], None]


CONDITIONS: dict[str, ConditionFn] = {}
EFFECTS: dict[str, EffectFn] = {}
EFFECT_RULES: dict[str, str] = {}  # effect -> the rule ID its event carries when the chapter names none


def condition(kind: ConditionKind) -> Callable[[ConditionFn], ConditionFn]:
    def add(fn: ConditionFn) -> ConditionFn:
        CONDITIONS[kind.value] = fn
        return fn

    return add


def effect(kind: EffectKind, rule: str) -> Callable[[EffectFn], EffectFn]:
    def add(fn: EffectFn) -> EffectFn:
        EFFECTS[kind.value] = fn
        EFFECT_RULES[kind.value] = rule
        return fn

    return add


class CompiledCondition:
    def __init__(self, fn: ConditionFn, params: Any) -> None:
        self.fn = fn
        self.params = params


class CompiledEffect:
    def __init__(self, kind: str, fn: EffectFn, params: Any) -> None:
        self.kind = kind
        self.fn = fn
        self.params = params


def _tri(value: bool | None) -> int:
    return ANY if value is None else int(value)


class CompiledRule:
    """A chapter rule as plain fields: its trigger filters, its conditions and its effects."""

    def __init__(self, rule: ChapterRule) -> None:
        self.id = rule.id
        self.rule = rule.rule or "R-STORY-05"
        w = rule.where
        self.side = ANY if w.side is None else w.side
        self.spaces: frozenset[str] = frozenset(w.spaces)
        self.minion = w.minion or ""
        self.roach = _tri(w.roach)
        self.mouse = _tri(w.mouse)
        self.number = w.number or 0
        self.by_mouse = _tri(w.by_mouse)
        self.what = w.what or ""
        self.exit = ANY if w.exit is None else w.exit  # explore_attempt: one exit of the side only (issue 30)
        self.page = w.page or 0
        self.once = rule.once
        self.enabled = rule.enabled
        self.conditions = tuple(compile_condition(c) for c in rule.if_)
        self.effects = tuple(compile_effect(e) for e in rule.do)
        # an explore_attempt rule's gate (its first top-level ``gate``): decided without running the rule, since
        # listing a mouse's options must change nothing (issue 29); '' when the rule gates nothing
        gates = [e.gate for e in rule.do if e.gate is not None]
        self.gate = gates[0].reason.en if gates else ""


def compile_condition(c: Condition) -> CompiledCondition:
    kind = c.kind.value
    if kind in ("any", "all"):
        return CompiledCondition(CONDITIONS[kind], tuple(compile_condition(x) for x in c.params))
    if kind == "not":
        return CompiledCondition(CONDITIONS[kind], compile_condition(c.params))
    return CompiledCondition(CONDITIONS[kind], c.params)


def compile_effect(e: Effect) -> CompiledEffect:
    kind = e.kind.value
    params = e.params
    if kind == "roll":
        branches = (tuple(compile_effect(x) for x in params.then), tuple(compile_effect(x) for x in params.else_))
        return CompiledEffect(kind, EFFECTS[kind], (params, branches))
    if kind == "choose":  # the options' effects run when the players answer (ChapterProgram.make_choice)
        return CompiledEffect(kind, EFFECTS[kind], params)
    return CompiledEffect(kind, EFFECTS[kind], params)


def holds(ctx: Ctx, st: State, fire: Fire, conditions: tuple[CompiledCondition, ...]) -> bool:
    # a loop, not all(generator): the victory test runs after every automatic step
    for c in conditions:  # noqa: SIM110
        if not c.fn(ctx, st, fire, c.params):
            return False
    return True


def run_effects(ctx: Ctx, st: State, fire: Fire, rule: CompiledRule, effects: tuple[CompiledEffect, ...]) -> None:
    """The effects in order. An effect that is a step (placing minions) pushes it on the stack, which runs its last
    element first: the steps the effects pushed are put back so that they too run in the effects' order."""
    mark = len(st.stack)
    ends: list[int] = []
    for e in effects:
        e.fn(ctx, st, fire, rule, e.params)
        ends.append(len(st.stack))
    if len(st.stack) > mark and len(effects) > 1:
        segments: list[list[list[Any]]] = []
        start = mark
        for end in ends:
            if end > start:
                segments.append(st.stack[start:end])
            start = max(start, end)
        if len(segments) > 1:
            del st.stack[mark:]
            for segment in segments[::-1]:  # the first effect's steps on top
                st.stack.extend(segment)


def fire_rule(ctx: Ctx, st: State, fire: Fire, rule: CompiledRule) -> bool:
    """Run ``rule`` if its conditions hold (and a ``once`` rule has not fired): True when it ran."""
    fired: list[str] = st.chapter_data.get(FIRED) or []
    if rule.once and rule.id in fired:
        return False
    if not rule_on(st, rule):
        return False
    if not holds(ctx, st, fire, rule.conditions):
        return False
    if rule.once:
        st.chapter_data.setdefault(FIRED, []).append(rule.id)
    run_effects(ctx, st, fire, rule, rule.effects)
    return True


def rule_on(st: State, rule: CompiledRule) -> bool:
    """R-STORY-05: a rule is on unless a disable_rule turned it off, or it is written ``enabled: false`` and no
    enable_rule has turned it on."""
    if rule.enabled:
        return DISABLED not in st.chapter_data or rule.id not in st.chapter_data[DISABLED]
    return ENABLED in st.chapter_data and rule.id in st.chapter_data[ENABLED]


def emit_effect(
    ctx: Ctx,
    fire: Fire,
    rule: CompiledRule,
    kind: str,
    spec: EventSpec | None,
    values: dict[str, Param],
    default: str = "chapter_rule",
) -> None:
    """Fire an effect's event: the chapter's name, rule ID and fields for it, or the effect's own."""
    if spec is not None and spec.none:
        return
    name = spec.name if spec is not None and spec.name else default
    if not name:
        return
    rule_id = spec.rule if spec is not None and spec.rule else rule.rule or EFFECT_RULES.get(kind, "")
    if spec is not None and spec.take is not None:
        known: dict[str, Param] = {"figure": fire.figure, "mouse": fire.mouse}
        known.update(values)
        params: dict[str, Param] = {field: known[value] for field, value in spec.take.items() if value in known}
    else:
        params = dict(values)
        if name == "chapter_rule":
            params["chapter_rule"] = rule.id
            params["effect"] = kind
    if spec is not None:
        params.update(spec.params)
    # not ctx.emit: the name comes from the chapter file; check_chapters refuses a name the catalogs lack
    ctx.events.append(Event(name, params, rule_id))
