"""The chapter language's effects on the story and its bookkeeping (R-STORY-02..05, R-CAMP-01, R-WIN-01/02,
R-ACH-10; docs/chapters.md): one handler per effect word.

Story moments and announcements read; the chapter's counters, flags and CHEESE; the end marker and story
achievements; a ``roll`` with its ``then`` and ``else``; chapter items and reward cards; a story choice, the next
chapter and the campaign log; turning rules on and off; the chapter won or lost (:func:`lose`). The effects on
figures and on the board live beside this module (:mod:`~mnm.engine.rules.chapter_effects_figures`,
:mod:`~mnm.engine.rules.chapter_effects_board`).
"""

from __future__ import annotations

from typing import Any

from mnm.chapter_language import COUNTER_LIMIT, EffectKind
from mnm.engine.context import Ctx, push
from mnm.engine.dice import roll
from mnm.engine.events import Param
from mnm.engine.query import card_of
from mnm.engine.rules.chapter_actions import STORY_CHOICE
from mnm.engine.rules.chapter_firing import WON, CompiledRule, Fire, effect, emit_effect, run_effects
from mnm.engine.rules.chapter_state import CAMPAIGN_LOG, CROSSED_OUT, DISABLED, ENABLED, ITEMS, NEXT, PARTY
from mnm.engine.state import State

__all__ = ["lose"]


@effect(EffectKind.STORY, "R-STORY-05")
def _story(ctx: Ctx, st: State, fire: Fire, rule: CompiledRule, p: Any) -> None:
    """R-STORY-02/03/05: a story moment is read."""
    emit_effect(ctx, fire, rule, "story", p.event, {"chapter": st.chapter, "moment": p.moment}, "story")


@effect(EffectKind.ANNOUNCE, "R-STORY-05")
def _announce(ctx: Ctx, st: State, fire: Fire, rule: CompiledRule, p: Any) -> None:
    emit_effect(ctx, fire, rule, "announce", p.event, {})


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
