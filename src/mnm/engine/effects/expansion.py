"""[EXP] Minion abilities of the expansion creatures (issue 15), registered on the seam's hook points.

* ``ignite`` (Ember Beetles): a mouse they wound catches fire (R-NEG-08);
* ``curse`` (Hex Moths): a mouse they wound is cursed (R-NEG-07);
* ``hesster``: Hesster's rolled CHEESE never feeds the wheel (R-EXP-14); his two cards are played by
  :mod:`mnm.engine.rules.creatures`.
"""

from __future__ import annotations

from mnm.engine.context import Ctx
from mnm.engine.hooks import MINION_ROLLED_CHEESE, MINION_WOUNDED_MOUSE
from mnm.engine.rules.effects import add_status
from mnm.engine.state import Hero, Minion, State


@MINION_WOUNDED_MOUSE.register("ignite", summary="a mouse an Ember Beetle wounds catches fire (R-NEG-08)")
def _ignite(ctx: Ctx, st: State, m: Minion, h: Hero, wounds: int) -> None:
    if not h.captured:
        add_status(ctx, st, h, "on_fire")


@MINION_WOUNDED_MOUSE.register("curse", summary="a mouse a Hex Moth wounds is cursed (R-NEG-07)")
def _curse(ctx: Ctx, st: State, m: Minion, h: Hero, wounds: int) -> None:
    if not h.captured:
        add_status(ctx, st, h, "cursed")


@MINION_ROLLED_CHEESE.register("hesster", summary="Hesster's CHEESE never goes to the minion wheel (R-EXP-14)")
def _hesster_cheese(ctx: Ctx, st: State, m: Minion, h: Hero, cheese: int) -> bool:
    return True
