"""Campaign play (R-CAMP-01..04, R-ABIL-06): what carries from one chapter to the next.

Kept: story achievements and every ability card each mouse holds, plus one search card per mouse (its
player's choice) besides the starting equipment. Not kept: cheese, party items, individual achievements.
``carry_over`` builds the ``carry`` mapping that :meth:`mnm.engine.game.Game.new` accepts.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mnm.content.schema import CardType
from mnm.engine.context import Ctx
from mnm.engine.errors import IllegalAction
from mnm.engine.rules.setup import card_of
from mnm.engine.state import State

__all__ = ["carry_over", "keepable_cards"]


def keepable_cards(ctx: Ctx, st: State, hero_id: str) -> list[str]:
    """Search cards a mouse may carry into the next chapter (R-CAMP-03): any it holds that is not its
    starting equipment and not a party item."""
    h = st.heroes[hero_id]
    start = set(ctx.content.heroes[hero_id].starting_equipment)
    out = []
    for inst in h.equipped + h.pack + h.tricks:
        card = ctx.content.search_cards[card_of(inst)]
        if card_of(inst) not in start and card.type is not CardType.PARTY_ITEM:
            out.append(card_of(inst))
    return out


def carry_over(ctx: Ctx, st: State, keep: Mapping[str, str | None] | None = None) -> dict[str, Any]:
    """The carry-over of a finished chapter. ``keep`` names the card each mouse keeps (or None)."""
    if st.status == "playing":
        raise IllegalAction("the chapter is not over yet", "campaign")
    keep = dict(keep or {})
    cards: dict[str, str] = {}
    for hid, card in keep.items():
        if hid not in st.heroes:
            raise IllegalAction(f"{hid!r} is not in this party", "campaign")
        if card is None:
            continue
        if card not in keepable_cards(ctx, st, hid):
            raise IllegalAction(f"{hid} does not hold {card!r}, or it cannot be kept (R-CAMP-03)", "campaign")
        cards[hid] = card
    return {
        "from_chapter": st.chapter,
        "won": st.status == "won",
        "abilities": {hid: list(h.abilities) for hid, h in st.heroes.items()},
        "cards": cards,
        "story_achievements": list(st.story_achievements),
    }
