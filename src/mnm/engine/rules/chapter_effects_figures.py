"""The chapter language's effects on figures (R-STORY-03/05, R-ENC-05, R-BATTLE-14/15, R-NEG-02/09,
R-MINION-03, R-EXP-10, R-WOUND-06, R-CAPT-02/03; docs/chapters.md): one handler per effect word.

Minions placed, returned, removed and steered; wounds, knock-downs and stuns on the trigger's figure; Olga's
charge; and what happens to the mice a selector picks (:func:`~mnm.engine.rules.chapter_conditions.selected_mice`):
marked and unmarked, healed, moved, captured and freed.
"""

from __future__ import annotations

from typing import Any

from mnm.board.layout import space_side
from mnm.chapter_language import EffectKind, Who
from mnm.engine.context import Ctx
from mnm.engine.dice import roll
from mnm.engine.events import Param
from mnm.engine.query import can_enter, is_large, mice_in
from mnm.engine.rules.battle import mouse_defends, wound_minion
from mnm.engine.rules.capture import capture, heal_hero, wound_hero
from mnm.engine.rules.chapter_conditions import selected_mice
from mnm.engine.rules.chapter_firing import ANY, CompiledRule, Fire, effect, emit_effect
from mnm.engine.rules.chapter_state import MARKS
from mnm.engine.rules.creatures import olga_charges
from mnm.engine.rules.encounters import figures_available, place_minions
from mnm.engine.rules.explore import place_group
from mnm.engine.rules.initiative import add_cards, cards_for_types, remove_type_if_gone
from mnm.engine.rules.minions import path_toward
from mnm.engine.rules.spaces import face_up_space, rescue_spaces, room_for
from mnm.engine.state import Minion, State

__all__ = []


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


@effect(EffectKind.OLGA_CHARGES, "R-EXP-10")
def _olga_charges(ctx: Ctx, st: State, fire: Fire, rule: CompiledRule, p: Any) -> None:
    h = st.heroes.get(fire.figure) or st.heroes.get(fire.mouse)
    if h is not None:
        emit_effect(ctx, fire, rule, "olga_charges", p.event, {}, "")
        olga_charges(ctx, st, h)


@effect(EffectKind.CHARACTER_CHARGES, "R-EXP-10")
def _character_charges(ctx: Ctx, st: State, fire: Fire, rule: CompiledRule, p: Any) -> None:
    """R-EXP-10: a named character (Olga) charges the trigger's mouse."""
    _olga_charges(ctx, st, fire, rule, p)


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
