"""Negative effects and status markers (R-NEG-01..11): stunned, webbed, charmed, knocked down, poisoned.

Recover (R-NEG-02/03) is an action registered here; a charmed mouse's turn (R-NEG-05) runs here too.
"""

from __future__ import annotations

from typing import Any

from mnm.engine.actions import Action
from mnm.engine.context import Ctx, step, turn_verb
from mnm.engine.dice import roll
from mnm.engine.hooks import ALLY_AFFLICTED, EMPATHETIC_POWER, innate_handlers
from mnm.engine.query import equipped_effects, hero_name
from mnm.engine.rules.minions import charmed_mouse_acts
from mnm.engine.rules.statuses import recover_fire_and_curse, recoverable
from mnm.engine.rules.turn import action_available, push_turn_end, spend_action
from mnm.engine.state import Hero, State, Turn

__all__ = ["add_status", "empathetic_power", "recover_options"]

_RULE = {"stunned": "R-NEG-02", "webbed": "R-NEG-03", "charmed": "R-NEG-05", "knocked_down": "R-NEG-04"}


def add_status(ctx: Ctx, st: State, h: Hero, status: str) -> None:
    """R-NEG-01: put a marker on the mouse (once); Tilda's Empathetic Power may trigger."""
    if h.captured or status in h.statuses:
        return
    if any(p.get("status") == status for p in equipped_effects(ctx, h, "ward-status")):
        ctx.emit("status_warded", _RULE.get(status, "R-NEG-01"), figure=h.id, status=status)  # Bottlecap Helmet
        return
    h.statuses.append(status)
    ctx.emit("status_added", _RULE.get(status, "R-NEG-01"), figure=h.id, status=status)
    if status in ("stunned", "webbed", "cursed"):
        empathetic_power(ctx, st, h, status)


def empathetic_power(ctx: Ctx, st: State, h: Hero, what: str) -> None:
    """Tilda's Empathetic Power: another mouse on her tile stunned, webbed, poisoned or cursed: +1 cheese."""
    if h.space is None:
        return
    side = ctx.board.graph_of(h.space).side
    for other in st.mice_on_board():
        if other.id == h.id or other.space is None or ctx.board.graph_of(other.space).side != side:
            continue
        for fn in innate_handlers(ctx, other.id, ALLY_AFFLICTED):  # Tilda's Empathetic Power
            fn(ctx, st, other, h, what)


EMPATHETIC_POWER.provide(empathetic_power)


def recover_options(ctx: Ctx, st: State, h: Hero, t: Turn) -> list[Action]:
    if action_available(st, t) and ("stunned" in h.statuses or "webbed" in h.statuses or recoverable(ctx, h)):
        return [Action("recover", h.id)]
    return []


def _recover_explain(ctx: Ctx, st: State, h: Hero, t: Turn, a: Action) -> str:
    if not action_available(st, t):
        return f"{hero_name(ctx, h.id)} has already taken an action this turn"
    return f"{hero_name(ctx, h.id)} has nothing to recover from here (not stunned, webbed or on fire; a curse lifts only on a toadstool or a four-leaf clover)"


def _recover_apply(ctx: Ctx, st: State, h: Hero, t: Turn, a: Action) -> None:
    """R-NEG-02: Recover removes the stun marker; R-NEG-03: webbing needs a 1-die check."""
    spend_action(ctx, st, t)
    if "stunned" not in h.statuses and "webbed" not in h.statuses:
        recover_fire_and_curse(ctx, st, h)  # [EXP] R-NEG-07/08
        return
    if "stunned" in h.statuses:
        h.statuses.remove("stunned")
        ctx.emit("recovers", "R-NEG-02", hero=h.id, status="stunned")
        return
    faces = roll(st, 1, f"{h.id} breaking the web")
    if ctx.dice[faces[0]].star:
        h.statuses.remove("webbed")
        held = [f for f in t.flags if f.startswith("web-held:")]
        if held and not t.moved:
            # R-NEG-03: free of the web before moving, the mouse may still use its movement roll
            t.flags.remove(held[0])
            t.move_points = int(held[0].split(":", 1)[1])
            t.movement_over = False
        ctx.emit("recovers", "R-NEG-03", hero=h.id, status="webbed", faces=list(faces))
    else:
        ctx.emit("still_webbed", "R-NEG-03", hero=h.id, faces=list(faces))


turn_verb("recover", recover_options, _recover_apply, _recover_explain)


@step("charmed_turn")
def _charmed_turn(ctx: Ctx, st: State, args: list[Any]) -> None:
    """R-NEG-05: a charmed mouse acts as a melee minion with its card's stats, then loses the marker; its turn
    ends as every turn of a mouse does (fire, current, allies: :func:`push_turn_end`)."""
    h = st.heroes[str(args[0])]
    charmed_mouse_acts(ctx, st, h)
    if "charmed" in h.statuses:
        h.statuses.remove("charmed")
    ctx.emit("charm_ends", "R-NEG-05", hero=h.id)
    if not h.captured:
        push_turn_end(st, h.id)
