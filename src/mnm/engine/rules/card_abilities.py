"""Ability cards whose effect is also a search-card effect (R-ABIL-01/04, docs/effects.md).

Healing Touch heals like a Mint Leaf, Stand Firm wards like the Scroll of Warding, Float levitates like the
Levitate Scroll...: one implementation, in :mod:`cards`, serves both. This module plugs those card effects into
the ability registry of :mod:`abilities` (which owns the verb, cost, timing and once-per-turn checks). A name
that :mod:`abilities` already registers itself is left alone.
"""

from __future__ import annotations

from collections.abc import Callable

from mnm.content.schema import AbilityCard
from mnm.engine.context import Ctx
from mnm.engine.rules.abilities import ABILITY_EFFECTS, ability_effect
from mnm.engine.rules.cards import CARD_EFFECTS, CardEffect
from mnm.engine.state import Hero, State

__all__ = ["SHARED_EFFECTS"]

Args = tuple[str, ...]

# the use effects of cards.py that ability cards name
SHARED_EFFECTS = (
    "antidote",
    "cure-status",
    "disarm-trap",
    "extra-action",
    "extra-move",
    "heal",
    "heal-all",
    "hide",
    "levitate",
    "search-again",
    "spell-attack",
    "ward",
)


def _uses(effect: CardEffect) -> Callable[[Ctx, State, Hero, AbilityCard], list[Args]]:
    def uses(ctx: Ctx, st: State, h: Hero, card: AbilityCard) -> list[Args]:
        assert effect.targets is not None
        return effect.targets(ctx, st, h, card.params)

    return uses


def _apply(effect: CardEffect) -> Callable[[Ctx, State, Hero, AbilityCard, Args], None]:
    def apply(ctx: Ctx, st: State, h: Hero, card: AbilityCard, args: Args) -> None:
        assert effect.apply is not None
        effect.apply(ctx, st, h, card.params, args)

    return apply


for _name in SHARED_EFFECTS:
    if _name not in ABILITY_EFFECTS:
        ability_effect(_name, _uses(CARD_EFFECTS[_name]), _apply(CARD_EFFECTS[_name]))
