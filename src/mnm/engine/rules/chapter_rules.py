"""The chapter language's interpreter (R-STORY-02..05, R-WIN-01; issue 22, docs/chapters.md).

A chapter file's rules (:mod:`mnm.chapter_language`) are compiled once per game, when the game's
context is made, into a :class:`ChapterProgram`: one tuple of compiled rules per trigger, each with its trigger
filters as plain fields and its conditions and effects as (handler, parameters) pairs. The engine's rules call
the program through the :class:`~mnm.engine.hooks.ChapterRules` seam (``ctx.rules.on_move_roll(...)``); a trigger
no rule listens to costs one test of an empty tuple.

Every condition and effect of the vocabulary has a handler registered here under its StrEnum member
(:data:`CONDITIONS`, :data:`EFFECTS`), with the rule ID its events carry by default; an effect fires its event
(the chapter file may name it, its rule ID and its fields, so that a chapter keeps the event catalogue's names).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from mnm.board.layout import space_side
from mnm.chapter_language import (
    COUNTER_LIMIT,
    TRIGGER_FILTERS,
    ChapterAction,
    ChapterRule,
    Condition,
    ConditionKind,
    Effect,
    EffectKind,
    EventSpec,
    Select,
    Trigger,
    Who,
    engine_token,
    walk_effects,
)
from mnm.content.loader import Content, ContentIssue, add_content_check
from mnm.content.schema import Chapter
from mnm.engine.context import Ctx, push
from mnm.engine.dice import roll
from mnm.engine.events import Event, Param
from mnm.engine.hooks import ChapterRules
from mnm.engine.i18n import LANGUAGES, catalog
from mnm.engine.query import can_enter, card_of, is_large, mice_in, mice_on_side, minions_on_side
from mnm.engine.rules.battle import mouse_defends, wound_minion
from mnm.engine.rules.capture import capture, heal_hero, wound_hero
from mnm.engine.rules.chapter_actions import STORY_CHOICE
from mnm.engine.rules.chapter_state import (
    BARRED,
    BARRED_LINES,
    CAMPAIGN_LOG,
    CROSSED_OUT,
    DISABLED,
    ENABLED,
    ITEMS,
    MARKS,
    NEXT,
    PARTY,
    holder_of,
    log_count,
    marks_of,
)
from mnm.engine.rules.creatures import olga_charges
from mnm.engine.rules.encounters import figures_available, place_minions
from mnm.engine.rules.explore import flip_spaces, place_group, turn_tile_over
from mnm.engine.rules.initiative import add_cards, cards_for_types, remove_type_if_gone
from mnm.engine.rules.minions import path_toward
from mnm.engine.rules.spaces import face_up_space, rescue_spaces, room_for
from mnm.engine.rules.weather import MOON, moon_sets, nightfall, raining, start_rain, stop_rain
from mnm.engine.state import Hero, Minion, State

__all__ = ["CONDITIONS", "EFFECTS", "ChapterProgram", "Fire", "compile_chapter"]

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


# --- conditions ---------------------------------------------------------------------------------------------


def _compare(a: int, op: str, b: int) -> bool:
    if op == "eq":
        return a == b
    if op == "ne":
        return a != b
    if op == "lt":
        return a < b
    if op == "le":
        return a <= b
    if op == "gt":
        return a > b
    return a >= b


@condition(ConditionKind.ALL_FREE_MICE_ON)
def _all_free_mice_on(ctx: Ctx, st: State, fire: Fire, p: Any) -> bool:
    """R-WIN-01: every mouse not captured stands on one of the spaces (and there is one)."""
    mice = st.mice_on_board()
    return bool(mice) and all(h.space in p.spaces for h in mice)


@condition(ConditionKind.ANY_FREE_MOUSE)
def _any_free_mouse(ctx: Ctx, st: State, fire: Fire, p: Any) -> bool:
    return any(not h.captured for h in st.heroes.values())


@condition(ConditionKind.TILE_FACE_UP)
def _tile_face_up(ctx: Ctx, st: State, fire: Fire, p: Any) -> bool:
    side: int = p.side
    return st.face_up.get(ctx.board.tile_of_side(side)) == side


@condition(ConditionKind.TILE_CLEAR)
def _tile_clear(ctx: Ctx, st: State, fire: Fire, p: Any) -> bool:
    return not minions_on_side(st, p.side)


@condition(ConditionKind.NO_MINIONS)
def _no_minions(ctx: Ctx, st: State, fire: Fire, p: Any) -> bool:
    return not st.minions


@condition(ConditionKind.MINION_ON_BOARD)
def _minion_on_board(ctx: Ctx, st: State, fire: Fire, p: Any) -> bool:
    kind: str = p.minion
    return any(m.type == kind for m in st.minions.values())


@condition(ConditionKind.PARTY_HOLDS)
def _party_holds(ctx: Ctx, st: State, fire: Fire, p: Any) -> bool:
    return p.token in st.stash


@condition(ConditionKind.TOKEN_ON)
def _token_on(ctx: Ctx, st: State, fire: Fire, p: Any) -> bool:
    spaces = st.tokens.get(p.token)
    if not spaces:
        return False
    return p.side is None or space_side(spaces[0]) == p.side


@condition(ConditionKind.HAS_ACHIEVEMENT)
def _has_achievement(ctx: Ctx, st: State, fire: Fire, p: Any) -> bool:
    return p.achievement in st.story_achievements


@condition(ConditionKind.COUNTER)
def _counter(ctx: Ctx, st: State, fire: Fire, p: Any) -> bool:
    if p.op == "unset":
        return p.name not in st.chapter_vars
    return _compare(int(st.chapter_vars.get(p.name, 0)), str(p.op), int(p.value))


@condition(ConditionKind.FLAG)
def _flag(ctx: Ctx, st: State, fire: Fire, p: Any) -> bool:
    return bool(st.chapter_vars.get(p.name))


@condition(ConditionKind.COMPARE)
def _compare_state(ctx: Ctx, st: State, fire: Fire, p: Any) -> bool:
    what: str = p.what
    value = st.round if what == "round" else st.hourglass if what == "page" else st.stats.get("surges", 0)
    return _compare(value, str(p.op), int(p.value))


@condition(ConditionKind.RAINING)
def _raining(ctx: Ctx, st: State, fire: Fire, p: Any) -> bool:
    return raining(st)


@condition(ConditionKind.SPECIAL_SEARCH_LEFT)
def _special_search_left(ctx: Ctx, st: State, fire: Fire, p: Any) -> bool:
    return p.card not in st.special_found


@condition(ConditionKind.ALL_MICE_SEARCHED)
def _all_mice_searched(ctx: Ctx, st: State, fire: Fire, p: Any) -> bool:
    side: int = p.side
    return all(side in h.searched for h in st.heroes.values())


@condition(ConditionKind.FIGURE)
def _figure(ctx: Ctx, st: State, fire: Fire, p: Any) -> bool:
    """Tests of the trigger's figure (mouse or minion); every test given must hold."""
    hero = st.heroes.get(fire.figure)
    minion = st.minions.get(fire.figure) if hero is None else None
    if minion is None and hero is None:
        minion = fire.minion  # a defeated minion is off the board already
    if p.mouse is not None and p.mouse != (hero is not None):
        return False
    space = hero.space if hero is not None else minion.space if minion is not None else None
    if p.minion is not None and (minion is None or minion.type != p.minion):
        return False
    if p.roach is not None and (minion is None or ctx.content.minions[minion.type].roach != p.roach):
        return False
    if p.side is not None and (space is None or space_side(space) != p.side):
        return False
    if p.spaces and space not in p.spaces:
        return False
    wounds = hero.wounds if hero is not None else minion.wounds if minion is not None else 0
    return p.wounds_at_least is None or wounds >= p.wounds_at_least


@condition(ConditionKind.ANY)
def _any(ctx: Ctx, st: State, fire: Fire, p: Any) -> bool:
    return any(c.fn(ctx, st, fire, c.params) for c in p)


@condition(ConditionKind.ALL)
def _all(ctx: Ctx, st: State, fire: Fire, p: Any) -> bool:
    return all(c.fn(ctx, st, fire, c.params) for c in p)


@condition(ConditionKind.NOT)
def _not(ctx: Ctx, st: State, fire: Fire, p: Any) -> bool:
    c: CompiledCondition = p
    return not c.fn(ctx, st, fire, c.params)


# --- effects ------------------------------------------------------------------------------------------------


@effect(EffectKind.STORY, "R-STORY-05")
def _story(ctx: Ctx, st: State, fire: Fire, rule: CompiledRule, p: Any) -> None:
    """R-STORY-02/03/05: a story moment is read."""
    emit_effect(ctx, fire, rule, "story", p.event, {"chapter": st.chapter, "moment": p.moment}, "story")


@effect(EffectKind.ANNOUNCE, "R-STORY-05")
def _announce(ctx: Ctx, st: State, fire: Fire, rule: CompiledRule, p: Any) -> None:
    emit_effect(ctx, fire, rule, "announce", p.event, {})


@effect(EffectKind.PLACE_MINION, "R-STORY-03")
def _place_minion(ctx: Ctx, st: State, fire: Fire, rule: CompiledRule, p: Any) -> None:
    """R-STORY-03: a minion placed on a named space; its initiative cards join the track."""
    kind: str = p.minion
    if figures_available(ctx, st, kind) <= 0:  # R-SURGE-04 / R-ENC-12: the box has no figure left
        ctx.emit("not_enough_figures", "R-SURGE-04", minion=kind, wanted=1, placed=0)
        return
    if not face_up_space(ctx, st, p.space):  # R-GEN-12: a face-down side is not on the table
        ctx.emit("placed_space_face_down", "R-GEN-12", minion=kind, space=p.space)
        return
    space = room_for(ctx, st, p.space, ctx.content.minions[kind].size == "large")
    if not space:
        ctx.emit("not_enough_figures", "R-SURGE-04", minion=kind, wanted=1, placed=0)
        return
    serial = st.minion_serial.get(kind, 0) + 1
    st.minion_serial[kind] = serial
    fig = Minion(f"{kind}-{serial}", kind, space)
    st.minions[fig.id] = fig
    values: dict[str, Param] = {"minion": fig.id, "space": fig.space, "why": rule.id, "reason": "chapter"}
    emit_effect(ctx, fire, rule, "place_minion", p.event, values, "minion_placed")
    add_cards(ctx, st, [], cards_for_types(ctx, st, [kind]))


@effect(EffectKind.PLACE_MINIONS, "R-ENC-05")
def _place_minions(ctx: Ctx, st: State, fire: Fire, rule: CompiledRule, p: Any) -> None:
    """R-ENC-05: minions placed on a side as for an encounter (a step: it may ask where, then their cards join
    the track)."""
    side: int = p.side if p.side is not None else fire.side
    if side == ANY:
        return
    emit_effect(ctx, fire, rule, "place_minions", p.event, {"minion": p.minion, "count": p.count, "side": side})
    place_minions(ctx, st, side, [(p.minion, p.count)], ["new_minion_cards"], reason="chapter")


@effect(EffectKind.RETURN_MINION, "R-STORY-03")
def _return_minion(ctx: Ctx, st: State, fire: Fire, rule: CompiledRule, p: Any) -> None:
    """The trigger's defeated minion comes back on a space (when it may enter), its cards back on the track."""
    m = fire.minion
    if m is None or m.id in st.minions or not face_up_space(ctx, st, p.space) or not can_enter(ctx, st, p.space):
        return
    st.minions[m.id] = Minion(m.id, m.type, p.space, greedy=m.greedy)
    add_cards(ctx, st, [], cards_for_types(ctx, st, [m.type]))
    values: dict[str, Param] = {"minion": m.id, "space": p.space, "why": rule.id, "reason": "chapter"}
    emit_effect(ctx, fire, rule, "return_minion", p.event, values, "minion_placed")


@effect(EffectKind.REMOVE_MINION, "R-STORY-05")
def _remove_minion(ctx: Ctx, st: State, fire: Fire, rule: CompiledRule, p: Any) -> None:
    """The trigger's minion flees the board (no achievement); its cards leave the track if it was the last."""
    m = fire.minion
    if m is None or m.id not in st.minions:
        return
    del st.minions[m.id]
    emit_effect(ctx, fire, rule, "remove_minion", p.event, {"minion": m.id, "wounds": m.wounds})
    remove_type_if_gone(ctx, st, m.type)


def _who(fire: Fire, who: Who) -> str:
    return fire.mouse if who is Who.MOUSE else fire.figure


@effect(EffectKind.WOUND, "R-BATTLE-14")
def _wound(ctx: Ctx, st: State, fire: Fire, rule: CompiledRule, p: Any) -> None:
    """R-BATTLE-14: wounds with no defense roll (blockable wounds: the mouse rolls its defense, R-BATTLE-06/15)."""
    target = _who(fire, p.who)
    if target in st.heroes:
        emit_effect(ctx, fire, rule, "wound", p.event, {"figure": target, "amount": p.amount}, "")
        if p.blockable:  # R-BATTLE-15: rolled against as any hit is, with the mouse's whole defense (R-BATTLE-11)
            mouse_defends(ctx, st, st.heroes[target], p.amount, None, attacker=p.source)
        else:
            wound_hero(ctx, st, st.heroes[target], p.amount, source=p.source)
    elif target in st.minions:
        emit_effect(ctx, fire, rule, "wound", p.event, {"figure": target, "amount": p.amount}, "")
        wound_minion(ctx, st, st.minions[target], p.amount, None)


@effect(EffectKind.KNOCK_DOWN, "R-NEG-09")
def _knock_down(ctx: Ctx, st: State, fire: Fire, rule: CompiledRule, p: Any) -> None:
    _status(ctx, st, fire, rule, p, "knocked_down", "knock_down")


@effect(EffectKind.STUN, "R-NEG-02")
def _stun(ctx: Ctx, st: State, fire: Fire, rule: CompiledRule, p: Any) -> None:
    _status(ctx, st, fire, rule, p, "stunned", "stun")


def _status(ctx: Ctx, st: State, fire: Fire, rule: CompiledRule, p: Any, status: str, kind: str) -> None:
    """A marker on the trigger's figure. A large figure is never knocked down (R-NEG-04), by a chapter as by a card
    (docs/rulings.md R-NEG-04)."""
    target = _who(fire, p.who)
    h = st.heroes.get(target)
    if status == "knocked_down" and h is None and target in st.minions and is_large(ctx, st.minions[target]):
        return  # R-NEG-04: "large figures are immune to being knocked down"
    if h is not None:
        if status not in h.statuses and not h.captured:
            h.statuses.append(status)
    elif target in st.minions and status not in st.minions[target].statuses:
        st.minions[target].statuses.append(status)
    emit_effect(ctx, fire, rule, kind, p.event, {"figure": target})


@effect(EffectKind.CHEESE, "R-SURGE-01")
def _cheese(ctx: Ctx, st: State, fire: Fire, rule: CompiledRule, p: Any) -> None:
    amount: int = p.amount
    if p.to == "wheel":
        st.wheel += amount
    elif fire.mouse in st.heroes:
        st.heroes[fire.mouse].cheese += amount
    emit_effect(ctx, fire, rule, "cheese", p.event, {"amount": amount, "to": str(p.to), "wheel": st.wheel})


@effect(EffectKind.COUNTER, "R-STORY-05")
def _set_counter(ctx: Ctx, st: State, fire: Fire, rule: CompiledRule, p: Any) -> None:
    have = int(st.chapter_vars.get(p.name, 0))
    value: int = p.value if p.op == "set" else have + p.value if p.op == "add" else have - p.value
    value = max(-COUNTER_LIMIT, min(COUNTER_LIMIT, value))  # a counter stays within its bounds (docs/chapters.md)
    st.chapter_vars[p.name] = value
    emit_effect(ctx, fire, rule, "counter", p.event, {"name": p.name, "value": value})


@effect(EffectKind.COUNTER_TO_WHEEL, "R-SURGE-01")
def _counter_to_wheel(ctx: Ctx, st: State, fire: Fire, rule: CompiledRule, p: Any) -> None:
    """Up to ``amount`` (or the CHEESE rolled) moves from a chapter counter to the minion wheel."""
    have = int(st.chapter_vars.get(p.name, 0))
    moved = min(have, fire.number if p.amount == "cheese" else int(p.amount))
    if moved > 0:
        st.chapter_vars[p.name] = have - moved
        st.wheel += moved
        values: dict[str, Param] = {"amount": moved, "left": have - moved, "wheel": st.wheel}
        emit_effect(ctx, fire, rule, "counter_to_wheel", p.event, values)


@effect(EffectKind.SET_FLAG, "R-STORY-05")
def _set_flag(ctx: Ctx, st: State, fire: Fire, rule: CompiledRule, p: Any) -> None:
    st.chapter_vars[p.name] = True
    emit_effect(ctx, fire, rule, "set_flag", p.event, {"name": p.name})


@effect(EffectKind.MOVE_END_MARKER, "R-ACH-10")
def _move_end_marker(ctx: Ctx, st: State, fire: Fire, rule: CompiledRule, p: Any) -> None:
    """R-WIN-04: the end marker moves, staying on the chapter track: at most its last page (or where the marker
    already stands beyond it), at least one page ahead of the hourglass (docs/rulings.md R-WIN-04)."""
    last = max(ctx.chapter.track_pages, st.end_page)
    st.end_page = max(st.hourglass + 1, min(last, st.end_page + int(p.pages)))
    emit_effect(ctx, fire, rule, "move_end_marker", p.event, {"pages": p.pages, "end_page": st.end_page})


@effect(EffectKind.STORY_ACHIEVEMENT, "R-ACH-10")
def _story_achievement(ctx: Ctx, st: State, fire: Fire, rule: CompiledRule, p: Any) -> None:
    if p.achievement not in st.story_achievements:
        st.story_achievements.append(p.achievement)
    emit_effect(ctx, fire, rule, "story_achievement", p.event, {"achievement": p.achievement})


@effect(EffectKind.PLACE_TOKEN, "R-STORY-03")
def _place_token(ctx: Ctx, st: State, fire: Fire, rule: CompiledRule, p: Any) -> None:
    st.tokens[p.token] = [p.space]
    emit_effect(ctx, fire, rule, "place_token", p.event, {"token": p.token, "space": p.space})


@effect(EffectKind.REMOVE_TOKEN, "R-STORY-05")
def _remove_token(ctx: Ctx, st: State, fire: Fire, rule: CompiledRule, p: Any) -> None:
    if st.tokens.pop(p.token, None) is not None:
        emit_effect(ctx, fire, rule, "remove_token", p.event, {"token": p.token})


@effect(EffectKind.ROLL, "R-STORY-05")
def _roll(ctx: Ctx, st: State, fire: Fire, rule: CompiledRule, p: Any) -> None:
    """Roll dice: with the symbol needed on any of them, the ``then`` effects, else the ``else`` effects."""
    params, (then, otherwise) = p
    faces = roll(st, params.dice, params.why)
    need: str = params.need
    hit = False
    for f in faces:
        face = ctx.dice[f]
        if (
            (need == "star" and face.star)
            or (need == "cheese" and face.cheese)
            or (need == "sword" and face.melee_hit)
            or (need == "bow" and face.bow)
        ):
            hit = True
    emit_effect(ctx, fire, rule, "roll", params.event, {"faces": list(faces), "success": hit}, "")
    run_effects(ctx, st, fire, rule, then if hit else otherwise)


@effect(EffectKind.GATE, "R-EXPLORE-13")
def _gate(ctx: Ctx, st: State, fire: Fire, rule: CompiledRule, p: Any) -> None:
    """R-STORY-05: the exploration is refused, with the reason the player reads. A gate is decided before the
    explore is allowed (:meth:`ChapterProgram.explore_precondition`, which runs nothing); when its rule runs, the
    explore was allowed, so the gate does nothing."""


@effect(EffectKind.STEER, "R-MINION-03")
def _steer(ctx: Ctx, st: State, fire: Fire, rule: CompiledRule, p: Any) -> None:
    """The minion rolls its movement and heads for a space instead of the mice; entering a mouse's space still
    ends its move (R-MOVE-08)."""
    m = fire.minion
    if m is None:
        return
    face = ctx.dice[roll(st, 1, f"{m.id}'s movement")[0]]
    ctx.rules.on_move_roll(ctx, st, m.id, face.index)  # a movement roll like any other (issue 33)
    if m.id not in st.minions:
        return
    steps: list[str] = []
    for space in path_toward(ctx, st, m, p.toward)[: face.number]:
        steps.append(space)
        if mice_in(st, space):
            break
    if steps:
        src = m.space
        m.space = steps[-1]
        values: dict[str, Param] = {"minion": m.id, "src": src, "dst": m.space, "roll": face.number}
        emit_effect(ctx, fire, rule, "steer", p.event, values)
        ctx.rules.on_minion_enters(ctx, st, m)


@effect(EffectKind.START_RAIN, "R-EXP-07")
def _start_rain(ctx: Ctx, st: State, fire: Fire, rule: CompiledRule, p: Any) -> None:
    emit_effect(ctx, fire, rule, "start_rain", p.event, {}, "")
    start_rain(ctx, st)


@effect(EffectKind.NIGHTFALL, "R-EXP-11")
def _nightfall(ctx: Ctx, st: State, fire: Fire, rule: CompiledRule, p: Any) -> None:
    emit_effect(ctx, fire, rule, "nightfall", p.event, {}, "")
    nightfall(ctx, st)


@effect(EffectKind.OLGA_CHARGES, "R-EXP-10")
def _olga_charges(ctx: Ctx, st: State, fire: Fire, rule: CompiledRule, p: Any) -> None:
    h = st.heroes.get(fire.figure) or st.heroes.get(fire.mouse)
    if h is not None:
        emit_effect(ctx, fire, rule, "olga_charges", p.event, {}, "")
        olga_charges(ctx, st, h)


# --- the figure selector, items, marks, the campaign log (issue 30) ----------------------------------------


def selected_mice(ctx: Ctx, st: State, fire: Fire, sel: Select, captured: bool = False) -> list[Hero]:
    """The mice a selector picks (free ones, or captured ones with ``captured: true``), in party order."""
    out: list[Hero] = []
    want_captured = sel.captured or captured
    for hid in st.party:
        h = st.heroes[hid]
        if h.captured != want_captured:
            continue
        if sel.who == "trigger" and hid != fire.figure:
            continue
        if sel.who == "mouse" and hid != fire.mouse:
            continue
        if sel.hero is not None and hid != sel.hero:
            continue
        if sel.side is not None and (h.space is None or space_side(h.space) != sel.side):
            continue
        if sel.spaces and h.space not in sel.spaces:
            continue
        if sel.wounded is not None and (h.wounds > 0) != sel.wounded:
            continue
        if sel.marked is not None and sel.marked not in marks_of(st, hid):
            continue
        if sel.holds_item is not None and holder_of(st, sel.holds_item) != hid:
            continue
        if not _placed_fits(ctx, h.space, sel):
            continue
        out.append(h)
    return out


def _placed_fits(ctx: Ctx, space: str | None, sel: Select) -> bool:
    """The selector's place tests: next to (or on) a space, in sight of a space (on its tile)."""
    if sel.adjacent_to is None and sel.in_sight_of is None:
        return True
    if space is None:
        return False
    for target, sight in ((sel.adjacent_to, False), (sel.in_sight_of, True)):
        if target is None:
            continue
        graph = ctx.board.graph_of(target)
        if space not in graph.by_id:
            return False
        if sight and not graph.can_see(target, space):
            return False
        if not sight and space != target and not graph.mouse_adjacent(target, space):
            return False
    return True


def selected_minions(ctx: Ctx, st: State, fire: Fire, sel: Select) -> list[Minion]:
    out: list[Minion] = []
    for m in st.minions.values():
        if sel.who == "trigger" and m.id != fire.figure:
            continue
        if sel.minion is not None and m.type != sel.minion:
            continue
        if sel.side is not None and space_side(m.space) != sel.side:
            continue
        if sel.spaces and m.space not in sel.spaces:
            continue
        if sel.wounded is not None and (m.wounds > 0) != sel.wounded:
            continue
        if not _placed_fits(ctx, m.space, sel):
            continue
        out.append(m)
    return out


def _selected_count(ctx: Ctx, st: State, fire: Fire, sel: Select) -> int:
    if sel.kind == "minion":
        return len(selected_minions(ctx, st, fire, sel))
    return len(selected_mice(ctx, st, fire, sel))


@condition(ConditionKind.HOLDS_ITEM)
def _holds_item(ctx: Ctx, st: State, fire: Fire, p: Any) -> bool:
    return holder_of(st, p.item) != ""


@condition(ConditionKind.HERO_PRESENT)
def _hero_present(ctx: Ctx, st: State, fire: Fire, p: Any) -> bool:
    return p.hero in st.heroes


@condition(ConditionKind.CLASS_PRESENT)
def _class_present(ctx: Ctx, st: State, fire: Fire, p: Any) -> bool:
    wanted: str = p.class_
    return any(wanted in (c.value for c in ctx.content.heroes[hid].classes) for hid in st.party)


@condition(ConditionKind.MARKED)
def _marked(ctx: Ctx, st: State, fire: Fire, p: Any) -> bool:
    if p.who == "trigger":
        return p.mark in marks_of(st, fire.figure)
    if p.who == "mouse":
        return p.mark in marks_of(st, fire.mouse)
    return any(p.mark in marks_of(st, hid) for hid in st.party)


@condition(ConditionKind.COUNT)
def _count(ctx: Ctx, st: State, fire: Fire, p: Any) -> bool:
    return _compare(_selected_count(ctx, st, fire, p.select), str(p.op), int(p.value))


@condition(ConditionKind.LOGGED)
def _logged(ctx: Ctx, st: State, fire: Fire, p: Any) -> bool:
    """R-CAMP-01: what the campaign log says (recorded, crossed out, never written, or its count)."""
    have = log_count(st, p.entry)
    op: str = str(p.op)
    if op == "recorded":
        return have > 0
    if op == "crossed_out":
        return have == CROSSED_OUT
    if op == "absent":
        return have == 0
    return _compare(max(have, 0), op, int(p.value))


@condition(ConditionKind.WEATHER)
def _weather(ctx: Ctx, st: State, fire: Fire, p: Any) -> bool:
    wanted: str = p.state
    return raining(st) == (wanted == "rain")


@condition(ConditionKind.TIME_OF_DAY)
def _time_of_day(ctx: Ctx, st: State, fire: Fire, p: Any) -> bool:
    phase: str = p.phase
    return bool(st.chapter_data.get(MOON)) == (phase == "night")


@effect(EffectKind.SET_WEATHER, "R-EXP-07")
def _set_weather(ctx: Ctx, st: State, fire: Fire, rule: CompiledRule, p: Any) -> None:
    """R-EXP-07: the weather turns (rain: every current runs strong; clear: they calm)."""
    emit_effect(ctx, fire, rule, "set_weather", p.event, {}, "")
    if p.state == "rain":
        start_rain(ctx, st)
    else:
        stop_rain(ctx, st)


@effect(EffectKind.SET_TIME_OF_DAY, "R-EXP-11")
def _set_time_of_day(ctx: Ctx, st: State, fire: Fire, rule: CompiledRule, p: Any) -> None:
    """R-EXP-11 / R-SURGE-09: night puts the moon on the wheel; day takes it off."""
    emit_effect(ctx, fire, rule, "set_time_of_day", p.event, {}, "")
    if p.phase == "night":
        nightfall(ctx, st)
    else:
        moon_sets(ctx, st)


@effect(EffectKind.CHARACTER_CHARGES, "R-EXP-10")
def _character_charges(ctx: Ctx, st: State, fire: Fire, rule: CompiledRule, p: Any) -> None:
    """R-EXP-10: a named character (Olga) charges the trigger's mouse."""
    _olga_charges(ctx, st, fire, rule, p)


@effect(EffectKind.GIVE_ITEM, "R-STORY-05")
def _give_item(ctx: Ctx, st: State, fire: Fire, rule: CompiledRule, p: Any) -> None:
    """A chapter item goes to the trigger's mouse (the party when there is none, or when the file says so);
    then trigger item_found."""
    holder = fire.mouse if p.to == "mouse" and fire.mouse in st.heroes else PARTY
    items: dict[str, str] = st.chapter_data.setdefault(ITEMS, {})
    if items.get(p.item) == holder:
        return  # held already: nothing is found again (an item_found rule giving it would loop)
    items[p.item] = holder
    values: dict[str, Param] = {"chapter": st.chapter, "ref": p.item, "holder": holder}
    emit_effect(ctx, fire, rule, "give_item", p.event, values, "item_given")
    ctx.rules.on_item_found(ctx, st, holder if holder in st.heroes else "", p.item)


@effect(EffectKind.TAKE_ITEM, "R-STORY-05")
def _take_item(ctx: Ctx, st: State, fire: Fire, rule: CompiledRule, p: Any) -> None:
    items: dict[str, str] = st.chapter_data.get(ITEMS) or {}
    holder = items.pop(p.item, "")
    if holder:
        values: dict[str, Param] = {"chapter": st.chapter, "ref": p.item, "holder": holder}
        emit_effect(ctx, fire, rule, "take_item", p.event, values, "item_taken")


@effect(EffectKind.GIVE_CARD, "R-SEARCH-02")
def _give_card(ctx: Ctx, st: State, fire: Fire, rule: CompiledRule, p: Any) -> None:
    """A reward card: the first copy of it still in the search deck or its discard goes to the trigger's mouse,
    found as a search finds a card (keep it or trade it, R-SEARCH-02); none left: nothing."""
    if fire.mouse not in st.heroes:
        return
    for pile in (st.search_deck, st.search_discard):
        for inst in pile:
            if card_of(inst) == p.card:
                pile.remove(inst)
                emit_effect(ctx, fire, rule, "give_card", p.event, {"hero": fire.mouse, "card": inst}, "card_given")
                push(st, ["card_found", fire.mouse, inst])
                return


def _set_mark(st: State, hid: str, mark: str, on: bool) -> bool:
    marks: dict[str, list[str]] = st.chapter_data.setdefault(MARKS, {})
    have = marks.get(hid) or []
    if on == (mark in have):
        return False
    marks[hid] = [*have, mark] if on else [m for m in have if m != mark]
    if not marks[hid]:
        del marks[hid]
    return True


@effect(EffectKind.MARK, "R-STORY-05")
def _mark(ctx: Ctx, st: State, fire: Fire, rule: CompiledRule, p: Any) -> None:
    for h in selected_mice(ctx, st, fire, p.select):
        if _set_mark(st, h.id, p.mark, True):
            emit_effect(ctx, fire, rule, "mark", p.event, {"hero": h.id, "mark": p.mark}, "mouse_marked")


@effect(EffectKind.UNMARK, "R-STORY-05")
def _unmark(ctx: Ctx, st: State, fire: Fire, rule: CompiledRule, p: Any) -> None:
    for h in selected_mice(ctx, st, fire, p.select):
        if _set_mark(st, h.id, p.mark, False):
            emit_effect(ctx, fire, rule, "unmark", p.event, {"hero": h.id, "mark": p.mark}, "mouse_unmarked")


@effect(EffectKind.HEAL, "R-WOUND-06")
def _heal(ctx: Ctx, st: State, fire: Fire, rule: CompiledRule, p: Any) -> None:
    for h in selected_mice(ctx, st, fire, p.select):
        heal_hero(ctx, st, h, p.amount)


@effect(EffectKind.MOVE_MOUSE, "R-STORY-05")
def _move_mouse(ctx: Ctx, st: State, fire: Fire, rule: CompiledRule, p: Any) -> None:
    """The chosen mice are put on a space, or the nearest legal space of its side when it is full (the one
    placement, :mod:`mnm.engine.rules.spaces`). A space on a face-down side is not on the table: the mice stay
    where they are (docs/rulings.md R-GEN-12)."""
    mice = selected_mice(ctx, st, fire, p.select)
    if not mice:
        return
    emit_effect(ctx, fire, rule, "move_mouse", p.event, {"space": p.space}, "")
    if not face_up_space(ctx, st, p.space):
        return
    was = {h.id: h.space for h in mice}
    for h in place_group(ctx, st, mice, [p.space], "R-STORY-05"):
        h.space = was[h.id]  # no room on the whole side: it stays


@effect(EffectKind.CAPTURE, "R-CAPT-02")
def _capture(ctx: Ctx, st: State, fire: Fire, rule: CompiledRule, p: Any) -> None:
    for h in selected_mice(ctx, st, fire, p.select):
        capture(ctx, st, h, "chapter")


@effect(EffectKind.FREE, "R-CAPT-03")
def _free(ctx: Ctx, st: State, fire: Fire, rule: CompiledRule, p: Any) -> None:
    """Captured mice come back on the space the file names, or the nearest legal space of its side. With no
    space named, or one on a face-down side, a rescued mouse goes where R-CAPT-03 puts one: on or next to another
    mouse's space (the first mouse in party order with room there or next to it); with no mouse on the board, on
    the chapter's start space while its side is up, else the first space of the face-up side of the start tile.
    A mouse with nowhere to go stays captured."""
    for h in selected_mice(ctx, st, fire, p.select, captured=True):
        if not place_group(ctx, st, [h], _free_spaces(ctx, st, p.space), "R-CAPT-03"):
            h.captured = False
            ctx.emit("mouse_rescued", "R-CAPT-03", hero=h.id, space=h.space or "")


def _free_spaces(ctx: Ctx, st: State, named: str | None) -> list[str]:
    """Where ``free`` tries to put a mouse, best first (see :func:`_free`)."""
    if named is not None and face_up_space(ctx, st, named):
        return [named]
    allowed = rescue_spaces(ctx, st)
    for other in st.mice_on_board():
        here = other.space
        assert here is not None
        graph = ctx.board.graph_of(here)
        near = [s for s in allowed if s == here or (s in graph.by_id and graph.mouse_adjacent(here, s))]
        if near:
            return sorted(near, key=lambda s: s != here)  # its own space first, then its neighbours
    start = ctx.chapter.start_space
    if face_up_space(ctx, st, start):
        return [start]
    up = st.face_up.get(ctx.board.tile_of_side(space_side(start)))
    return [ctx.board.graph(up).spaces[0].id] if up is not None else []


@effect(EffectKind.CHOOSE, "R-STORY-05")
def _choose(ctx: Ctx, st: State, fire: Fire, rule: CompiledRule, p: Any) -> None:
    """R-STORY-05: the players are asked to choose (by the trigger's mouse, else the first free mouse)."""
    hero = fire.mouse if fire.mouse in st.heroes else next((h.id for h in st.mice_on_board()), st.party[0])
    emit_effect(ctx, fire, rule, "choose", p.event, {"chapter": st.chapter, "ref": p.id}, "story_choice_asked")
    push(st, [STORY_CHOICE, p.id, hero])


@effect(EffectKind.NEXT_CHAPTER, "R-CAMP-01")
def _next_chapter(ctx: Ctx, st: State, fire: Fire, rule: CompiledRule, p: Any) -> None:
    st.chapter_data[NEXT] = p.chapter
    emit_effect(ctx, fire, rule, "next_chapter", p.event, {"chapter": p.chapter}, "next_chapter_set")


@effect(EffectKind.FLIP_TILE, "R-EXPLORE-06")
def _flip_tile(ctx: Ctx, st: State, fire: Fire, rule: CompiledRule, p: Any) -> None:
    """The tile of ``side`` turns that side up, as an explore flip turns it (R-EXPLORE-06, the same function:
    :func:`mnm.engine.rules.explore.turn_tile_over`): the mice on it land on the revealed side's flip location
    (its first one when it has several, its first space when it has none), and with mice aboard that side is
    explored and meets its encounter the first time (R-EXPLORE-09, R-ENC-02); minions on it leave the board; a
    fork, thread or grape left on the old side is lost and its card reshuffled, its mousetraps go (docs/rulings.md
    R-EXPLORE-06). A side turned up with no mouse on it is explored later as any face-up side."""
    side: int = p.side
    tile = ctx.board.tile_of_side(side)
    old = st.face_up.get(tile)
    if old is None or old == side:
        return
    emit_effect(ctx, fire, rule, "flip_tile", p.event, {"side": side}, "")
    mice = mice_on_side(st, old)
    first = [h for h in mice if h.id == fire.mouse]  # the acting mouse first, as the exploring mouse is
    turn_tile_over(ctx, st, old, side, first + [h for h in mice if h.id != fire.mouse], flip_spaces(ctx, side)[:1], "R-EXPLORE-06")


@effect(EffectKind.ADD_TILE, "R-EXPLORE-03")
def _add_tile(ctx: Ctx, st: State, fire: Fire, rule: CompiledRule, p: Any) -> None:
    """A tile the board kept off the table is laid, ``side`` up. It is not explored: the mice explore into it
    through a lined-up exit like any face-up tile, and meet its encounter then (docs/rulings.md R-EXPLORE-03)."""
    side: int = p.side
    if side not in ctx.board.graphs or ctx.board.tile_of_side(side) not in ctx.board.later:
        return  # not a tile the board keeps off the table (the chapter file's validation says so)
    tile = ctx.board.tile_of_side(side)
    if tile in st.face_up:
        return  # laid already: nothing changes
    st.face_up[tile] = side
    emit_effect(ctx, fire, rule, "add_tile", p.event, {"side": side}, "tile_added")


@effect(EffectKind.BAR_SPACE, "R-SPACE-01")
def _bar_space(ctx: Ctx, st: State, fire: Fire, rule: CompiledRule, p: Any) -> None:
    spaces: list[str] = st.chapter_data.setdefault(BARRED, [])
    if p.space not in spaces:
        spaces.append(p.space)
        emit_effect(ctx, fire, rule, "bar_space", p.event, {"space": p.space}, "space_barred")


@effect(EffectKind.BAR_LINE, "R-MOVE-03")
def _bar_line(ctx: Ctx, st: State, fire: Fire, rule: CompiledRule, p: Any) -> None:
    """The line between two adjacent spaces closes: no figure steps across it for the rest of the chapter
    (docs/rulings.md R-MOVE-03). Kept as a sorted pair, so either order names the same line."""
    a, b = sorted((str(p.spaces[0]), str(p.spaces[1])))
    lines: list[list[str]] = st.chapter_data.setdefault(BARRED_LINES, [])
    if [a, b] not in lines:
        lines.append([a, b])
        emit_effect(ctx, fire, rule, "bar_line", p.event, {"a": a, "b": b}, "line_barred")


@effect(EffectKind.RECORD, "R-CAMP-01")
def _record(ctx: Ctx, st: State, fire: Fire, rule: CompiledRule, p: Any) -> None:
    """R-CAMP-01: the campaign log (carried to the next chapter): record, cross out, or add to a count."""
    log: dict[str, int] = st.chapter_data.setdefault(CAMPAIGN_LOG, {})
    have = int(log.get(p.entry, 0))
    op: str = str(p.op)
    value = CROSSED_OUT if op == "cross_out" else max(have, 0) + int(p.value) if op == "add" else max(have, 1)
    log[p.entry] = value
    emit_effect(ctx, fire, rule, "record", p.event, {"entry": p.entry, "op": op, "count": max(value, 0)}, "logged")


def _switch_rule(st: State, rule_id: str, on: bool) -> None:
    for key, add in ((ENABLED, on), (DISABLED, not on)):
        ids: list[str] = st.chapter_data.setdefault(key, [])
        if add and rule_id not in ids:
            ids.append(rule_id)
        elif not add and rule_id in ids:
            ids.remove(rule_id)


@effect(EffectKind.ENABLE_RULE, "R-STORY-05")
def _enable_rule(ctx: Ctx, st: State, fire: Fire, rule: CompiledRule, p: Any) -> None:
    _switch_rule(st, p.rule, True)
    emit_effect(ctx, fire, rule, "enable_rule", p.event, {"rule": p.rule}, "rule_enabled")


@effect(EffectKind.DISABLE_RULE, "R-STORY-05")
def _disable_rule(ctx: Ctx, st: State, fire: Fire, rule: CompiledRule, p: Any) -> None:
    _switch_rule(st, p.rule, False)
    emit_effect(ctx, fire, rule, "disable_rule", p.event, {"rule": p.rule}, "rule_disabled")


@effect(EffectKind.VICTORY, "R-WIN-01")
def _victory(ctx: Ctx, st: State, fire: Fire, rule: CompiledRule, p: Any) -> None:
    """The chapter is won at the next victory check (after this step)."""
    st.chapter_data[WON] = True
    emit_effect(ctx, fire, rule, "victory", p.event, {}, "")


@effect(EffectKind.DEFEAT, "R-WIN-02")
def _defeat(ctx: Ctx, st: State, fire: Fire, rule: CompiledRule, p: Any) -> None:
    lose(ctx, st)


def lose(ctx: Ctx, st: State) -> None:
    """R-WIN-02: the chapter's own defeat."""
    if st.status == "playing":
        st.status = "lost"
        st.outcome = "chapter"
        st.pending = None
        ctx.emit("defeat", "R-WIN-02", reason="chapter")


# --- the program -----------------------------------------------------------------------------------------------


def _by_trigger(rules: tuple[ChapterRule, ...], trigger: Trigger) -> tuple[CompiledRule, ...]:
    return tuple(CompiledRule(r) for r in rules if r.when is trigger)


def _minion_fits(ctx: Ctx, rule: CompiledRule, m: Minion) -> bool:
    if rule.minion and m.type != rule.minion:
        return False
    if rule.roach != ANY and ctx.content.minions[m.type].roach != bool(rule.roach):
        return False
    if rule.side != ANY and space_side(m.space) != rule.side:
        return False
    return not rule.spaces or m.space in rule.spaces


def _action_rule(action: ChapterAction) -> ChapterRule:
    """A chapter action as a rule (its id, rule ID, where, conditions and effects), to compile it the same way."""
    return ChapterRule.model_validate(
        {
            "id": action.id,
            "rule": action.rule or "R-STORY-05",
            "when": Trigger.FIGURE_ENTERS,
            "where": {"side": action.where.side, "spaces": action.where.spaces},
            "if": action.if_,
            "do": action.do,
            "once": action.once,
        }
    )


def _compile_action(action: ChapterAction) -> CompiledRule:
    return CompiledRule(_action_rule(action))


class ChapterProgram(ChapterRules):
    """A chapter's rules compiled from its file: one tuple of rules per trigger (empty: nothing to do)."""

    def __init__(self, chapter: Chapter) -> None:
        rules = chapter.all_rules()
        self.begins = _by_trigger(rules, Trigger.CHAPTER_BEGINS)
        self.revealed = _by_trigger(rules, Trigger.TILE_REVEALED)
        self.round_begins = _by_trigger(rules, Trigger.ROUND_BEGINS)
        self.round_ends = _by_trigger(rules, Trigger.ROUND_ENDS)
        enters = _by_trigger(rules, Trigger.FIGURE_ENTERS)
        self.enters = tuple(r for r in enters if r.mouse != 0 and not r.minion)  # the rules a mouse may fire
        self.minion_enters = tuple(r for r in enters if r.mouse != 1)  # and a minion
        self.move_roll = _by_trigger(rules, Trigger.MOVEMENT_ROLL)
        self.minion_turn = _by_trigger(rules, Trigger.MINION_TURN)
        self.wounded = _by_trigger(rules, Trigger.MINION_WOUNDED)
        self.defeated = _by_trigger(rules, Trigger.MINION_DEFEATED)
        self.cheese = _by_trigger(rules, Trigger.MINION_ROLLED_CHEESE)
        self.surge = _by_trigger(rules, Trigger.SURGE)
        self.search = _by_trigger(rules, Trigger.SEARCH)
        self.hourglass = _by_trigger(rules, Trigger.HOURGLASS_PAGE)
        self.explore = _by_trigger(rules, Trigger.EXPLORE_ATTEMPT)
        self.won = _by_trigger(rules, Trigger.CHAPTER_WON)
        self.item_found = _by_trigger(rules, Trigger.ITEM_FOUND)
        self.items_of: dict[str, str | None] = {r.id: r.where.item for r in rules if r.when is Trigger.ITEM_FOUND}
        # chapter actions, as rules of their own (their ``where`` and ``if`` tested when the turn is listed)
        self.actions = tuple(_compile_action(a) for a in chapter.actions)
        # story choices by id: each option's id and compiled effects (asked by the story_choice decision)
        self.choices: dict[str, tuple[CompiledRule, tuple[tuple[str, tuple[CompiledEffect, ...]], ...]]] = {}
        sources = [(r, r.do) for r in rules] + [(_action_rule(a), a.do) for a in chapter.actions]
        for source, effects in sources:
            owner = CompiledRule(source)
            for _, e in walk_effects(effects, ""):
                if e.choose is not None:
                    options = tuple((o.id, tuple(compile_effect(x) for x in o.do)) for o in e.choose.options)
                    self.choices[e.choose.id] = (owner, options)
        self.victory = tuple(compile_condition(c) for c in chapter.victory)
        self.defeat = tuple(compile_condition(c) for c in chapter.defeat)
        # a victory effect sets a flag in the state: only a chapter that has one looks for it
        self.forced_victory = any(e.kind is EffectKind.VICTORY for r in rules for _, e in _walk_effects(r.do, ""))
        self.forced_victory = self.forced_victory or any(
            e.kind is EffectKind.VICTORY for a in chapter.actions for _, e in _walk_effects(a.do, "")
        )
        self.no_trigger = Fire()  # the victory and defeat tests have no trigger (one object, not one per step)

    def _run(self, ctx: Ctx, st: State, fire: Fire, rules: tuple[CompiledRule, ...]) -> None:
        for rule in rules:
            if rule.side == ANY or rule.side == fire.side:
                fire_rule(ctx, st, fire, rule)

    def on_setup(self, ctx: Ctx, st: State) -> None:
        """Trigger chapter_begins (R-STORY-02)."""
        if self.begins:
            self._run(ctx, st, Fire(), self.begins)

    def on_explore(self, ctx: Ctx, st: State, side: int) -> None:
        """Trigger tile_revealed: the first time a side is revealed (R-STORY-03)."""
        if self.revealed and side not in st.explored:
            self._run(ctx, st, Fire(side=side), self.revealed)

    def on_round_begins(self, ctx: Ctx, st: State) -> None:
        if self.round_begins:
            self._run(ctx, st, Fire(), self.round_begins)

    def on_round_ends(self, ctx: Ctx, st: State) -> None:
        if self.round_ends:
            self._run(ctx, st, Fire(), self.round_ends)

    def on_mouse_enters(self, ctx: Ctx, st: State, hero_id: str, space: str) -> None:
        """Trigger figure_enters."""
        if not self.enters:
            return
        fire = Fire(hero_id, hero_id, space_side(space))
        for rule in self.enters:
            if (rule.side == ANY or rule.side == fire.side) and (not rule.spaces or space in rule.spaces):
                fire_rule(ctx, st, fire, rule)

    def on_minion_enters(self, ctx: Ctx, st: State, m: Minion) -> None:
        """Trigger figure_enters for a minion, on the space its move ends on (filters: type, side, spaces)."""
        if self.minion_enters:
            self._minion_event(ctx, st, m, None, self.minion_enters, 0)

    def on_move_roll(self, ctx: Ctx, st: State, figure: str, face: int) -> None:
        """Trigger movement_roll (the filters are tested before anything is built: it runs on every roll)."""
        if not self.move_roll:
            return
        number = ctx.dice[face].number
        hero = st.heroes.get(figure)
        fire: Fire | None = None
        for rule in self.move_roll:
            if rule.number and rule.number != number:
                continue
            if rule.mouse != ANY and bool(rule.mouse) != (hero is not None):
                continue
            if fire is None:
                space = hero.space if hero is not None else st.minions[figure].space if figure in st.minions else None
                side = space_side(space) if space is not None else ANY
                fire = Fire(figure, figure if hero is not None else "", side)
            if rule.side != ANY and rule.side != fire.side:
                continue
            fire_rule(ctx, st, fire, rule)

    def minion_turn_override(self, ctx: Ctx, st: State, m: Minion) -> bool:
        """Trigger minion_turn: the first rule that fires takes the minion's activation."""
        if not self.minion_turn:
            return False
        fire: Fire | None = None
        for rule in self.minion_turn:
            if not _minion_fits(ctx, rule, m):
                continue
            if fire is None:
                fire = Fire(m.id, "", space_side(m.space))
                fire.minion = m
            if fire_rule(ctx, st, fire, rule):
                return True
        return False

    def _minion_event(
        self, ctx: Ctx, st: State, m: Minion, hero_id: str | None, rules: tuple[CompiledRule, ...], n: int
    ) -> None:
        fire: Fire | None = None
        for rule in rules:
            if rule.by_mouse != ANY and bool(rule.by_mouse) != (hero_id is not None):
                continue
            if not _minion_fits(ctx, rule, m):
                continue
            if fire is None:
                fire = Fire(m.id, hero_id or "", space_side(m.space), n)
                fire.minion = m
            fire_rule(ctx, st, fire, rule)

    def on_minion_cheese(self, ctx: Ctx, st: State, m: Minion, cheese: int) -> None:
        """Trigger minion_rolled_cheese."""
        if self.cheese:
            self._minion_event(ctx, st, m, None, self.cheese, cheese)

    def on_minion_wounded(self, ctx: Ctx, st: State, m: Minion, hero_id: str | None) -> None:
        """Trigger minion_wounded."""
        if self.wounded:
            self._minion_event(ctx, st, m, hero_id, self.wounded, 0)

    def on_minion_defeated(self, ctx: Ctx, st: State, m: Minion, hero_id: str | None) -> None:
        """Trigger minion_defeated."""
        if self.defeated:
            self._minion_event(ctx, st, m, hero_id, self.defeated, 0)

    def on_surge(self, ctx: Ctx, st: State, side: int, counts: list[tuple[str, int]]) -> list[tuple[str, int]] | None:
        """Trigger surge (the hourglass has moved and the surge counted, R-SURGE-03)."""
        if self.surge:
            self._run(ctx, st, Fire(side=side), self.surge)
        return None

    def on_search(self, ctx: Ctx, st: State, hero_id: str, space: str) -> None:
        """Trigger search (a successful search, R-SEARCH-01)."""
        if not self.search:
            return
        fire = Fire(hero_id, hero_id, space_side(space))
        for rule in self.search:
            if (rule.side == ANY or rule.side == fire.side) and (not rule.spaces or space in rule.spaces):
                fire_rule(ctx, st, fire, rule)

    def on_hourglass(self, ctx: Ctx, st: State) -> None:
        """Trigger hourglass_page (R-WIN-04)."""
        if not self.hourglass:
            return
        fire = Fire(number=st.hourglass)
        for rule in self.hourglass:
            if rule.page == 0 or rule.page == st.hourglass:
                fire_rule(ctx, st, fire, rule)

    def _attempt(self, st: State, hero_id: str, where: str) -> Fire | None:
        """The firing of explore_attempt for the mouse ``hero_id`` exploring ``where`` (None: it stands nowhere)."""
        hero = st.heroes.get(hero_id)
        if hero is None or hero.space is None:
            return None
        return Fire(hero_id, hero_id, space_side(hero.space))

    def _listens(self, rule: CompiledRule, fire: Fire, where: str) -> bool:
        what = "exit" if where.startswith("exit-") else "flip"
        if rule.exit != ANY:  # a per-exit gate: the other exits stay open (issue 30)
            exit_index = int(where[5:]) if what == "exit" and where[5:].isdigit() else ANY
            if rule.exit != exit_index:
                return False
        return (rule.side == ANY or rule.side == fire.side) and (not rule.what or rule.what == what)

    def _gate(self, ctx: Ctx, st: State, hero_id: str, where: str) -> CompiledRule | None:
        """The first explore_attempt rule whose gate refuses the mouse ``where`` (None: none does). Only reads the
        state: a gate is its rule's conditions, tested (a ``once`` rule that has fired gates no more; a rule turned
        off gates nothing)."""
        fire = self._attempt(st, hero_id, where)
        if fire is None:
            return None
        fired: list[str] = st.chapter_data.get(FIRED) or []
        for rule in self.explore:
            if rule.gate and self._listens(rule, fire, where) and not (rule.once and rule.id in fired):
                if rule_on(st, rule) and holds(ctx, st, fire, rule.conditions):
                    return rule
        return None

    def explore_precondition(self, ctx: Ctx, st: State, hero_id: str, where: str) -> str:
        """'' when the mouse may explore ``where``, else the first gate's reason. Asked for every exit while a
        turn's options are listed, so it fires nothing, rolls nothing and changes nothing (issue 29); the rules
        of the trigger fire when the mouse explores (:meth:`on_explore_attempt`)."""
        if not self.explore:
            return ""
        rule = self._gate(ctx, st, hero_id, where)
        return "" if rule is None else rule.gate

    def explore_refusal(self, ctx: Ctx, st: State, hero_id: str, where: str) -> Event | None:
        """The gate's refusal as an event (R-STORY-05): rendered from the chapter file's reason in the player's
        language (:func:`mnm.engine.i18n.render`, message ``explore_gated``)."""
        if not self.explore:
            return None
        rule = self._gate(ctx, st, hero_id, where)
        if rule is None:
            return None
        return Event("explore_gated", {"chapter": st.chapter, "rule": rule.id, "hero": hero_id}, rule.rule)

    def on_explore_attempt(self, ctx: Ctx, st: State, hero_id: str, where: str) -> None:
        """Trigger explore_attempt: a mouse explores ``where`` (no gate refused it); the rules listening fire."""
        if not self.explore:
            return
        fire = self._attempt(st, hero_id, where)
        if fire is None:
            return
        for rule in self.explore:
            if self._listens(rule, fire, where):
                fire_rule(ctx, st, fire, rule)

    def check_victory(self, ctx: Ctx, st: State) -> bool:
        """The chapter's victory (R-WIN-01): all its conditions hold; its own defeat is checked first."""
        if self.defeat and holds(ctx, st, self.no_trigger, self.defeat):
            lose(ctx, st)
            return False
        if self.forced_victory and st.chapter_data.get(WON):
            return True
        if not self.victory:
            return False
        fire = self.no_trigger
        for c in self.victory:  # noqa: SIM110  (holds(), inlined: this runs after every automatic step)
            if not c.fn(ctx, st, fire, c.params):
                return False
        return True

    def on_victory(self, ctx: Ctx, st: State) -> None:
        """Trigger chapter_won."""
        if self.won:
            self._run(ctx, st, Fire(), self.won)

    def on_item_found(self, ctx: Ctx, st: State, hero_id: str, item: str) -> None:
        """Trigger item_found (filter: the item)."""
        if not self.item_found:
            return
        fire = Fire(hero_id, hero_id)
        for rule in self.item_found:
            wanted = self.items_of.get(rule.id)
            if wanted is None or wanted == item:
                fire_rule(ctx, st, fire, rule)

    def action_options(self, ctx: Ctx, st: State, hero_id: str) -> list[str]:
        """R-STORY-05: the chapter actions mouse ``hero_id`` may take where it stands (conditions only read)."""
        if not self.actions:
            return []
        h = st.heroes[hero_id]
        if h.space is None:
            return []
        side = space_side(h.space)
        fire = Fire(hero_id, hero_id, side)
        out: list[str] = []
        fired: list[str] = st.chapter_data.get(FIRED) or []
        for rule in self.actions:
            if rule.side != ANY and rule.side != side:
                continue
            if rule.spaces and h.space not in rule.spaces:
                continue
            if rule.once and rule.id in fired:
                continue
            if holds(ctx, st, fire, rule.conditions):
                out.append(rule.id)
        return out

    def take_action(self, ctx: Ctx, st: State, hero_id: str, action_id: str) -> None:
        """R-STORY-05: a mouse takes a chapter action: its effects run (a ``roll`` among them is its test)."""
        rule = next(r for r in self.actions if r.id == action_id)
        h = st.heroes[hero_id]
        fire = Fire(hero_id, hero_id, space_side(h.space) if h.space is not None else ANY)
        ctx.emit("chapter_action", rule.rule, chapter=st.chapter, ref=action_id, hero=hero_id)
        if rule.once:
            st.chapter_data.setdefault(FIRED, []).append(rule.id)
        run_effects(ctx, st, fire, rule, rule.effects)

    def choice_options(self, choice_id: str) -> list[str]:
        found = self.choices.get(choice_id)
        return [] if found is None else [oid for oid, _ in found[1]]

    def make_choice(self, ctx: Ctx, st: State, hero_id: str, choice_id: str, option_id: str) -> None:
        """R-STORY-05: the option chosen; its effects run as the rule that asked would have run them."""
        owner, options = self.choices[choice_id]
        effects = next(e for oid, e in options if oid == option_id)
        ctx.emit("story_choice_made", "R-STORY-05", chapter=st.chapter, ref=option_id, hero=hero_id)
        run_effects(ctx, st, Fire(hero_id, hero_id), owner, effects)


_PROGRAMS: Final[dict[int, tuple[Chapter, ChapterRules]]] = {}  # id(chapter) -> (the chapter, its program)


def compile_chapter(chapter: Chapter) -> ChapterRules:
    """The chapter's rules compiled for a game (the do-nothing rules when the file has none). A program holds no
    state (that lives in ``State.chapter_data``), so the games of one chapter object share it."""
    found = _PROGRAMS.get(id(chapter))
    if found is not None and found[0] is chapter:
        return found[1]
    program: ChapterRules
    if not chapter.rules and not chapter.rooms and not chapter.victory and not chapter.defeat and not chapter.actions:
        program = ChapterRules()
    else:
        program = ChapterProgram(chapter)
    if len(_PROGRAMS) > 256:  # chapters read from files by a long-running server: keep the cache small
        _PROGRAMS.clear()
    _PROGRAMS[id(chapter)] = (chapter, program)
    return program


def unhandled_words() -> list[str]:
    """Vocabulary words with no handler here (a test keeps this empty)."""
    missing = [k.value for k in ConditionKind if k.value not in CONDITIONS]
    missing += [k.value for k in EffectKind if k.value not in EFFECTS]
    missing += [t.value for t in Trigger if t not in TRIGGER_FILTERS]
    return missing


# --- what content loading checks ------------------------------------------------------------------------------


def _walk_effects(effects: tuple[Effect, ...], path: str) -> list[tuple[str, Effect]]:
    return walk_effects(effects, path)


def _engine_token(content: Content, token: str) -> bool:
    return engine_token(token, (c.party_token for c in content.search_cards.values() if c.party_token is not None))


def check_chapters(content: Content) -> list[ContentIssue]:
    """What a chapter's rules name must exist: the events they fire (in every catalog), story moments, minions."""
    issues: list[ContentIssue] = []
    catalogs = [catalog(lang) for lang in LANGUAGES]
    for chid, ch in content.chapters.items():
        file = content.file_of("chapter", chid) or "chapters"
        rules = [(f"rules.{i}", r) for i, r in enumerate(ch.rules)]
        rules += [(f"rooms.{j}.rules.{i}", r) for j, room in enumerate(ch.rooms) for i, r in enumerate(room.rules)]
        for where, rule in rules:
            if rule.where.minion is not None and rule.where.minion not in content.minions:
                msg = f"names minion {rule.where.minion!r}, which does not exist"
                issues.append(ContentIssue(file, chid, f"{where}.where.minion", msg))
            for path, e in _walk_effects(rule.do, f"{where}.do"):
                p = e.params
                kind = e.kind.value
                spec: EventSpec | None = p.event
                if spec is not None and spec.name and any(spec.name not in c for c in catalogs):
                    msg = f"fires event {spec.name!r}, which the message catalogs (mnm/i18n) do not have"
                    issues.append(ContentIssue(file, chid, f"{path}.{kind}.event.name", msg))
                if kind == "story" and p.moment not in ch.story:
                    msg = f"reads story moment {p.moment!r}, which the chapter's story does not have"
                    issues.append(ContentIssue(file, chid, f"{path}.story.moment", msg))
                if kind in ("place_minion", "place_minions") and p.minion not in content.minions:
                    msg = f"names minion {p.minion!r}, which does not exist"
                    issues.append(ContentIssue(file, chid, f"{path}.{kind}.minion", msg))
                if kind in ("place_token", "remove_token") and _engine_token(content, p.token):
                    msg = (
                        f"token {p.token!r} is the engine's (a party item's or an expansion marker's): a rule places "
                        "and removes the chapter's own tokens (set the engine's up with setup tokens)"
                    )
                    issues.append(ContentIssue(file, chid, f"{path}.{kind}.token", msg))
    return issues


add_content_check(check_chapters)


def conditions_hold(ctx: Ctx, st: State, conditions: tuple[Condition, ...], side: int = ANY, mouse: str = "") -> bool:
    """Whether chapter ``conditions`` hold in ``st`` for a trigger on ``side`` about ``mouse`` (a question a
    client asks, e.g. the workshop's play-test: is this gate still closed at the end of the game?)."""
    fire = Fire(mouse, mouse, side)
    return holds(ctx, st, fire, tuple(compile_condition(c) for c in conditions))
