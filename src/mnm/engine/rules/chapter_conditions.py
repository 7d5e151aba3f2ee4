"""The chapter language's conditions (R-STORY-05, R-WIN-01, R-CAMP-01; docs/chapters.md): what a chapter rule's
``if`` (and a chapter's victory and defeat) may test, one handler per condition word, and the figure selector.

Each handler reads the state and the trigger's :class:`~mnm.engine.rules.chapter_firing.Fire` and changes nothing:
the board (tiles face up, minions, tokens), the chapter's counters and flags, the trigger's figure, the party's
items and marks, the campaign log, the weather and the time of day; ``any``, ``all`` and ``not`` combine them.
The figure selector (:func:`selected_mice`, :func:`selected_minions`) picks the figures a ``count`` condition
counts and the figures the effects on figures act on (:mod:`mnm.engine.rules.chapter_effects_figures`).
"""

from __future__ import annotations

from typing import Any

from mnm.board.layout import space_side
from mnm.chapter_language import ConditionKind, Select
from mnm.engine.context import Ctx
from mnm.engine.query import minions_on_side
from mnm.engine.rules.chapter_firing import CompiledCondition, Fire, condition
from mnm.engine.rules.chapter_state import CROSSED_OUT, holder_of, log_count, marks_of
from mnm.engine.rules.weather import MOON, raining
from mnm.engine.state import Hero, Minion, State

__all__ = ["selected_mice", "selected_minions"]


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
