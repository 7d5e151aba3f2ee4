"""Search-card effects that happen when a card is found: events (R-SEARCH-03) and cards such as
Tinkerer's Treasure. Card effects used later (weapons, scrolls, tricks) live with the rule they change."""

from __future__ import annotations

from mnm.engine.context import Ctx
from mnm.engine.rules.setup import card_of
from mnm.engine.state import Hero, State

__all__ = ["on_found", "resolve_event"]


def resolve_event(ctx: Ctx, st: State, h: Hero, inst: str) -> None:
    """R-SEARCH-03: an event is resolved at once, then discarded."""
    card = ctx.content.search_cards[card_of(inst)]
    ctx.emit("event_resolved", "R-SEARCH-03", hero=h.id, card=inst, effect=card.effect)
    st.search_discard.append(inst)


def on_found(ctx: Ctx, st: State, h: Hero, inst: str) -> bool:
    """Cards that act when found instead of going to the pack; True when handled."""
    return False
