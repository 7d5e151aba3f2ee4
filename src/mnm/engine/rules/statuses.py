"""[EXP] Cursed and On Fire (R-NEG-07, R-NEG-08, R-EXP-23); the Fireproof achievement
(R-ACH-07) they lead to is in :mod:`mnm.engine.rules.achievements`.

Both are markers on the mouse (``Hero.statuses``: ``cursed``, ``on_fire``), cleared by capture like every
negative marker (R-NEG-10). In the content they come from minion abilities: ``ignite`` (Ember Beetles) and
``curse`` (Hex Moths) mark a mouse they wound (handlers in :mod:`mnm.engine.effects.expansion`).
"""

from __future__ import annotations

from typing import Any

from mnm.engine.context import Ctx, step
from mnm.engine.dice import roll
from mnm.engine.hooks import CURSED_CHEESE
from mnm.engine.query import mice_in
from mnm.engine.rules.allies import allies_in
from mnm.engine.rules.capture import wound_hero
from mnm.engine.rules.terrain import puts_out_fire
from mnm.engine.state import Hero, State

__all__ = [
    "CURSE",
    "FIRE",
    "cursed_cheese",
    "lifts_curse_here",
    "recover_fire_and_curse",
    "recoverable",
]

FIRE = "on_fire"
CURSE = "cursed"
_CURSE_BREAKERS = ("toadstool", "clover")  # R-NEG-07: a toadstool or a four-leaf clover


def cursed_cheese(ctx: Ctx, st: State, h: Hero, cheese: int) -> bool:
    """R-NEG-07 / R-BATTLE-03 [EXP]: every CHEESE a cursed mouse rolls attacking or defending goes to the
    minion wheel instead of to the mouse. True when the curse took the cheese."""
    if CURSE not in h.statuses or cheese <= 0:
        return False
    st.wheel += cheese
    ctx.emit("curse_feeds_wheel", "R-NEG-07", hero=h.id, amount=cheese, wheel=st.wheel)
    return True


CURSED_CHEESE.provide(cursed_cheese)


@step("fire_burns")
def _fire_burns(ctx: Ctx, st: State, args: list[Any]) -> None:
    """R-NEG-08: a mouse that ends its turn with a fire marker takes 1 wound (not the Fireproof, R-ACH-07)."""
    h = st.heroes[str(args[0])]
    if h.captured or FIRE not in h.statuses:
        return
    if "fireproof" in h.achievements:
        ctx.emit("fire_harmless", "R-ACH-07", hero=h.id)
        return
    ctx.emit("fire_burns", "R-NEG-08", hero=h.id)
    wound_hero(ctx, st, h, 1, source="fire")


def lifts_curse_here(ctx: Ctx, h: Hero) -> bool:
    """R-NEG-07: the mouse stands on a toadstool or a four-leaf clover."""
    if h.space is None:
        return False
    features = ctx.board.spaces[h.space].features
    return any(f in features for f in _CURSE_BREAKERS)


def recoverable(ctx: Ctx, h: Hero) -> bool:
    """Whether Recover has something to do about fire or a curse here."""
    return FIRE in h.statuses or (CURSE in h.statuses and lifts_curse_here(ctx, h))


def recover_fire_and_curse(ctx: Ctx, st: State, h: Hero) -> None:
    """Recover (R-NEG-07/08), one action for both markers:

    * fire: no roll in water, in shallow water or on an outdoor tile in rain; else 1 die plus 1 per other
      mouse or ally in the space (R-EXP-01: allies count), and a STAR puts it out;
    * curse: lifted on a toadstool or a four-leaf clover.
    """
    assert h.space is not None
    if FIRE in h.statuses:
        if puts_out_fire(ctx, st, h.space):
            h.statuses.remove(FIRE)
            ctx.emit("fire_out", "R-NEG-08", hero=h.id, faces=[], dice=0)
        else:
            dice = 1 + len(mice_in(st, h.space)) - 1 + len(allies_in(ctx, st, h.space))
            faces = roll(st, dice, f"{h.id} putting out the fire")
            if any(ctx.dice[f].star for f in faces):
                h.statuses.remove(FIRE)
                ctx.emit("fire_out", "R-NEG-08", hero=h.id, faces=list(faces), dice=dice)
            else:
                ctx.emit("still_burning", "R-NEG-08", hero=h.id, faces=list(faces), dice=dice)
    if CURSE in h.statuses and lifts_curse_here(ctx, h):
        h.statuses.remove(CURSE)
        ctx.emit("curse_lifted", "R-NEG-07", hero=h.id, space=h.space)
