"""The chapter language's effects on the board and the world (R-STORY-03/05, R-EXPLORE-03/06/13, R-SPACE-01,
R-MOVE-03, R-EXP-07/11; docs/chapters.md): one handler per effect word.

The chapter's tokens placed and removed; an exploration gate; the rain and the night (and the weather and time of
day set); tiles flipped and laid; spaces and lines barred.
"""

from __future__ import annotations

from typing import Any

from mnm.chapter_language import EffectKind
from mnm.engine.context import Ctx
from mnm.engine.query import mice_on_side
from mnm.engine.rules.chapter_firing import CompiledRule, Fire, effect, emit_effect
from mnm.engine.rules.chapter_state import BARRED, BARRED_LINES
from mnm.engine.rules.explore import flip_spaces, turn_tile_over
from mnm.engine.rules.weather import moon_sets, nightfall, start_rain, stop_rain
from mnm.engine.state import State

__all__ = []


@effect(EffectKind.PLACE_TOKEN, "R-STORY-03")
def _place_token(ctx: Ctx, st: State, fire: Fire, rule: CompiledRule, p: Any) -> None:
    st.tokens[p.token] = [p.space]
    emit_effect(ctx, fire, rule, "place_token", p.event, {"token": p.token, "space": p.space})


@effect(EffectKind.REMOVE_TOKEN, "R-STORY-05")
def _remove_token(ctx: Ctx, st: State, fire: Fire, rule: CompiledRule, p: Any) -> None:
    if st.tokens.pop(p.token, None) is not None:
        emit_effect(ctx, fire, rule, "remove_token", p.event, {"token": p.token})


@effect(EffectKind.GATE, "R-EXPLORE-13")
def _gate(ctx: Ctx, st: State, fire: Fire, rule: CompiledRule, p: Any) -> None:
    """R-STORY-05: the exploration is refused, with the reason the player reads. A gate is decided before the
    explore is allowed (:meth:`ChapterProgram.explore_precondition`, which runs nothing); when its rule runs, the
    explore was allowed, so the gate does nothing."""


@effect(EffectKind.START_RAIN, "R-EXP-07")
def _start_rain(ctx: Ctx, st: State, fire: Fire, rule: CompiledRule, p: Any) -> None:
    emit_effect(ctx, fire, rule, "start_rain", p.event, {}, "")
    start_rain(ctx, st)


@effect(EffectKind.NIGHTFALL, "R-EXP-11")
def _nightfall(ctx: Ctx, st: State, fire: Fire, rule: CompiledRule, p: Any) -> None:
    emit_effect(ctx, fire, rule, "nightfall", p.event, {}, "")
    nightfall(ctx, st)


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
