"""Wounds on mice, capture and rescue (R-WOUND-04..06, R-CAPT-01..08, R-ACH-04/05)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mnm.content.loader import Content
from mnm.engine.actions import Action
from mnm.engine.context import Ctx, decision, push, step
from mnm.engine.hooks import EMPATHETIC_POWER
from mnm.engine.query import card_of, hero_name
from mnm.engine.rules.achievements import captured_on_fire
from mnm.engine.rules.spaces import place_mice, rescue_spaces
from mnm.engine.rules.victory import advance_hourglass
from mnm.engine.state import Hero, Pending, State

__all__ = ["capture", "heal_hero", "hero_life", "wound_hero"]


def hero_life(content: Content, options: Mapping[str, bool], hero_id: str) -> int:
    """How many wounds capture the mouse (R-WOUND-04): its hero card's life, one more at the easy preset and one
    fewer at the hard one (the ``hero_life_plus_one`` / ``hero_life_minus_one`` options, docs/difficulty.md).

    >>> from mnm.content.loader import builtin_content
    >>> content = builtin_content()
    >>> base = content.heroes["collin"].life
    >>> hero_life(content, {"hero_life_plus_one": True}, "collin") - base
    1
    >>> hero_life(content, {"hero_life_minus_one": True}, "collin") - base
    -1
    """
    shift = int(options.get("hero_life_plus_one", False)) - int(options.get("hero_life_minus_one", False))
    return content.heroes[hero_id].life + shift


def wound_hero(ctx: Ctx, st: State, h: Hero, n: int, poison: bool = False, source: str = "") -> None:
    """Put ``n`` wounds on a mouse (poison wounds green side up, R-WOUND-05); capture at life (R-WOUND-04).

    What reacts to a poisoning (Tilda's Empathetic Power) reacts here, to the wounds as they were put: the
    Poisonmaster's poison wounds are normal ones and poison nobody (R-ACH-04)."""
    if n <= 0 or h.captured:
        return
    if poison and "poisonmaster" in h.achievements:
        poison = False  # R-ACH-04: the Poisonmaster's poison wounds are normal wounds
    h.wounds += n
    if poison:
        h.poison += n
    ctx.emit(
        "mouse_wounded", "R-WOUND-04", hero=h.id, wounds=n, poison=n if poison else 0, total=h.wounds, source=source
    )
    if h.wounds >= hero_life(ctx.content, st.options, h.id):
        capture(ctx, st, h, source)
    elif poison:
        EMPATHETIC_POWER.call(ctx, st, h, "poisoned")


def heal_hero(ctx: Ctx, st: State, h: Hero, n: int, cure_poison: bool = False) -> int:
    """Remove up to ``n`` wounds; poison wounds only with a cure (R-WOUND-05/06). Returns wounds removed."""
    normal = h.wounds - h.poison
    take_normal = min(n, normal)
    take_poison = min(n - take_normal, h.poison) if cure_poison else 0
    h.wounds -= take_normal + take_poison
    h.poison -= take_poison
    if take_normal + take_poison:
        ctx.emit("mouse_healed", "R-WOUND-06", hero=h.id, healed=take_normal + take_poison, total=h.wounds)
    return take_normal + take_poison


def capture(ctx: Ctx, st: State, h: Hero, cause: str) -> None:
    """R-CAPT-02: the card stays, the figure leaves, cheese lost, equipped cards except the starting
    equipment discarded (the pack is kept), wounds and markers cleared, hourglass +1 page."""
    if h.captured:
        return
    had_poison = h.poison > 0
    if "on_fire" in h.statuses:  # [EXP] R-ACH-07: Fireproof, checked before the markers are cleared
        captured_on_fire(ctx, st, h)
    h.captures += 1
    scaper_third = "scaper" in h.achievements and h.captures >= 3
    st.stat("captures")
    st.stat(f"captures:{h.id}")
    ctx.emit("mouse_captured", "R-CAPT-02", hero=h.id, cause=cause)
    h.cheese = 0
    h.wounds = 0
    h.poison = 0
    h.statuses.clear()
    if not scaper_third:
        start = set(ctx.content.heroes[h.id].starting_equipment)
        kept = [c for c in h.equipped if card_of(c) in start]
        for c in h.equipped:
            if c not in kept:
                st.search_discard.append(c)
        h.equipped = kept
    was_on = h.space
    h.space = None
    h.captured = True
    if st.turn is not None and st.turn.mouse == h.id:
        st.turn = None  # a capture ends the mouse's turn
        push(st, ["drift", h.id])
    _capture_achievements(ctx, st, h, had_poison)
    if scaper_third:
        # R-ACH-05: rescued at once, keeping its equipped cards, and placed with or next to another mouse
        # (the rescue decision, run before anything else; docs/rulings.md R-ACH-05)
        ctx.emit("scaper_rescued", "R-ACH-05", hero=h.id)
        push(st, ["scaper_rescue", h.id, was_on])
    advance_hourglass(ctx, st, "capture")
    if scaper_third:
        return  # the Scaper is back on the board at once: never the last mouse captured (R-WIN-02)
    if st.status == "playing" and all(x.captured for x in st.heroes.values()):  # one defeat only (R-WIN-02)
        st.status = "lost"
        st.outcome = "all_captured"
        ctx.emit("defeat", "R-WIN-02", reason="all_captured")


def _capture_achievements(ctx: Ctx, st: State, h: Hero, had_poison: bool) -> None:
    """R-ACH-04 Poisonmaster and R-ACH-05 Scaper (first mouse in the chapter to earn each)."""
    if st.options.get("no_achievements"):
        return
    holders = {a for x in st.heroes.values() for a in x.achievements}
    if had_poison and "poisonmaster" not in holders:
        h.achievements.append("poisonmaster")
        ctx.emit("achievement", "R-ACH-04", hero=h.id, achievement="poisonmaster")
    if h.captures >= 2 and "scaper" not in holders:
        h.achievements.append("scaper")
        st.end_page += 1
        ctx.emit("achievement", "R-ACH-05", hero=h.id, achievement="scaper", end_page=st.end_page)


# --- rescue (R-CAPT-03/04) ------------------------------------------------------------------------------


@step("scaper_rescue")
def _scaper_rescue(ctx: Ctx, st: State, args: list[Any]) -> None:
    """R-ACH-05: the Scaper's third capture: the players place it with or next to another mouse (the rescue
    decision); with no other mouse on the board, it stays on the space it was captured on."""
    h = st.heroes[str(args[0])]
    if not h.captured:
        return
    spaces = rescue_spaces(ctx, st)
    if spaces:
        st.pending = Pending("rescue", h.id, {"spaces": spaces})
        return
    if not place_mice(ctx, st, [h], [str(args[1])]):  # face up and with room, or the nearest such space
        h.captured = False
        ctx.emit("mouse_rescued", "R-CAPT-03", hero=h.id, space=h.space or "")


@step("captured_turn")
def _captured_turn(ctx: Ctx, st: State, args: list[Any]) -> None:
    h = st.heroes[str(args[0])]
    if st.minions:  # R-CAPT-04 (R-CAPT-07 ruling: the whole board must be clear)
        ctx.emit("captured_waits", "R-CAPT-04", hero=h.id)
        return
    spaces = rescue_spaces(ctx, st)
    if not spaces:
        ctx.emit("captured_waits", "R-CAPT-04", hero=h.id)
        return
    st.pending = Pending("rescue", h.id, {"spaces": spaces})


def _rescue_options(ctx: Ctx, st: State, p: Pending) -> list[Action]:
    return [Action("choose", p.actor, (s,)) for s in p.data["spaces"]]


def _rescue_apply(ctx: Ctx, st: State, p: Pending, a: Action) -> None:
    h = st.heroes[p.actor]
    place_mice(ctx, st, [h], [a.args[0]])  # one of rescue_spaces: legal, so it lands there
    h.captured = False
    ctx.emit("mouse_rescued", "R-CAPT-03", hero=h.id, space=h.space or a.args[0])


def _rescue_explain(ctx: Ctx, st: State, p: Pending, a: Action) -> str:
    return f"{hero_name(ctx, p.actor)} must be placed with another mouse or next to one: {', '.join(p.data['spaces'])}"


decision("rescue", _rescue_options, _rescue_apply, _rescue_explain, prompt="rescue_prompt")
