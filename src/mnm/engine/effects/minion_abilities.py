"""Minion abilities (R-MINION, R-BOSS, R-ENC-10, R-NEG): one or more handlers per id in ``MinionAbility``.

A minion type lists its abilities in ``minions.yaml``; the battle and initiative rules call the handlers of
the acting minion's type. (The cat's ``pounce`` and ``chase`` are its two initiative cards: rules/brodie.py.)
"""

from __future__ import annotations

from mnm.engine.context import Ctx
from mnm.engine.hooks import (
    CARD_TURN_ENDS,
    MINION_AFTER_ATTACK,
    MINION_POISONS,
    MINION_ROLLED_CHEESE,
    MINION_WOUNDED_MOUSE,
    MINION_WOUNDS,
)
from mnm.engine.query import equipped_effects
from mnm.engine.rules.battle import minion_attacks_mouse
from mnm.engine.rules.effects import add_status
from mnm.engine.state import Hero, Minion, State


@MINION_ROLLED_CHEESE.register("pistoleer", summary="Captain Vurst: his CHEESE faces fire again, not the wheel")
def _pistoleer_cheese(ctx: Ctx, st: State, m: Minion, h: Hero, cheese: int) -> bool:
    if cheese:
        ctx.emit("pistoleer", "R-BOSS-02", minion=m.id)
        return True
    return False


@MINION_AFTER_ATTACK.register("pistoleer", summary="Captain Vurst attacks again when he rolled a CHEESE")
def _pistoleer_again(ctx: Ctx, st: State, m: Minion, h: Hero, cheese: int) -> None:
    if cheese and not h.captured and m.id in st.minions:
        minion_attacks_mouse(ctx, st, m, h, "pistoleer_again")


@MINION_WOUNDS.register("steal", summary="roaches take cheese instead of dealing wounds (R-ENC-10)")
def _steal(ctx: Ctx, st: State, m: Minion, h: Hero, wounds: int) -> int:
    stolen = min(wounds, h.cheese)
    if stolen:
        h.cheese -= stolen
        greedy = m.greedy and not _roachmaster_here(ctx, st, m)
        if greedy:
            st.wheel += stolen  # R-ENC-10
        ctx.emit("roach_steals", "R-ENC-10", minion=m.id, hero=h.id, amount=stolen, greedy=greedy)
    return wounds - stolen


def _roachmaster_here(ctx: Ctx, st: State, m: Minion) -> bool:
    """R-ACH-03: roaches on the Roachmaster's tile are not greedy."""
    side = ctx.board.graph_of(m.space).side
    return any(
        "roachmaster" in x.achievements and x.space is not None and ctx.board.graph_of(x.space).side == side
        for x in st.heroes.values()
    )


@MINION_POISONS.register("poison", summary="spiders' wounds are poison wounds, unless the mouse wears a poison ward")
def _poison(ctx: Ctx, st: State, m: Minion, h: Hero) -> bool:
    return not equipped_effects(ctx, h, "poison-ward")


@MINION_WOUNDED_MOUSE.register("stun", summary="a mouse this minion wounds is stunned (R-NEG-02)")
def _stun(ctx: Ctx, st: State, m: Minion, h: Hero, wounds: int) -> None:
    if wounds and not h.captured:
        add_status(ctx, st, h, "stunned")


@CARD_TURN_ENDS.register("aggressive", summary="after acting, the card swaps with the card above it (R-MINION-07)")
def _aggressive(ctx: Ctx, st: State, card: str, i: int) -> None:
    if i > 0:  # the card that slides down has already acted this round
        st.track[i - 1], st.track[i] = st.track[i], st.track[i - 1]
        ctx.emit("aggressive_swap", "R-MINION-07", card=card, spot=i)
