"""Accessory and armour effects on attack and defense dice (R-BATTLE-12, docs/effects.md).

Without a handler an accessory adds its ``bonus`` to every attack and an armour its ``bonus`` to every defense;
these handlers change that for the cards whose ``effect`` names them.
"""

from __future__ import annotations

from mnm.content.schema import AttackKind, SearchCard
from mnm.engine.context import Ctx
from mnm.engine.hooks import DEFENSE_DICE, EQUIPPED_ATTACK_DICE, Params
from mnm.engine.state import Hero, Minion, State


@EQUIPPED_ATTACK_DICE.register("melee-only-bonus", summary="the accessory's bonus adds dice to melee attacks only")
def _melee_only(ctx: Ctx, st: State, h: Hero, m: Minion, card: SearchCard, melee: bool) -> int:
    return card.bonus if melee else 0


@EQUIPPED_ATTACK_DICE.register("ranged-only-bonus", summary="the accessory's bonus adds dice to ranged attacks only")
def _ranged_only(ctx: Ctx, st: State, h: Hero, m: Minion, card: SearchCard, melee: bool) -> int:
    return 0 if melee else card.bonus


@DEFENSE_DICE.register("defense-bonus", params={"dice": int}, summary="`dice` more defense dice")
def _defense_bonus(ctx: Ctx, st: State, h: Hero, m: Minion | None, params: Params) -> int:
    """The Warding Ring."""
    return int(params.get("dice", 1))


@DEFENSE_DICE.register("ranged-ward", params={"dice": int}, summary="`dice` more defense dice against ranged attacks")
def _ranged_ward(ctx: Ctx, st: State, h: Hero, m: Minion | None, params: Params) -> int:
    """The Moth-Wing Cloak."""
    ranged = m is not None and ctx.content.minions[m.type].attack is AttackKind.RANGED
    return int(params.get("dice", 1)) if ranged else 0
