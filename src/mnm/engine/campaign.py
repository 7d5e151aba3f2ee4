"""Campaign play (R-CAMP-01..04, R-ABIL-06): what carries from one chapter to the next.

Kept: story achievements and every ability card each mouse holds, plus one search card per mouse (its
player's choice) besides the starting equipment. Not kept: cheese, party items, individual achievements.
``carry_over`` builds the ``carry`` mapping that :meth:`mnm.engine.game.Game.new` accepts.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from mnm.content.loader import Content
from mnm.content.schema import CardType
from mnm.engine.context import Ctx
from mnm.engine.errors import IllegalAction, MalformedAction
from mnm.engine.game import Game
from mnm.engine.query import card_of, hero_name
from mnm.engine.rules.chapter_state import CAMPAIGN_LOG, next_chapter_of
from mnm.engine.state import State

__all__ = ["carry_over", "keepable_cards", "next_chapter_game", "parse_keep", "starting_card_owner"]


def keepable_cards(ctx: Ctx, st: State, hero_id: str) -> list[str]:
    """Search cards a mouse may carry into the next chapter (R-CAMP-03): any it holds that is not its
    starting equipment, not another mouse's starting card (:func:`starting_card_owner`) and not a party item."""
    h = st.heroes[hero_id]
    start = set(ctx.content.heroes[hero_id].starting_equipment)
    out = []
    for inst in h.equipped + h.pack + h.tricks:
        card = ctx.content.search_cards[card_of(inst)]
        if card_of(inst) not in start and card.type is not CardType.PARTY_ITEM and not starting_card_owner(ctx, inst, st.party):
            out.append(card_of(inst))
    return out


def starting_card_owner(ctx: Ctx, card: str, party: Sequence[str]) -> str:
    """The mouse of ``party`` whose starting equipment ``card`` is, when every copy of it is starting equipment
    of the party ('' otherwise). Every chapter starts with the starting equipment (R-CAMP-03), so such a card goes
    back to its owner and no other mouse can keep it (docs/rulings.md R-CAMP-03); a card with a spare copy (the
    search deck's, or one whose owner is not in the party) can be kept: the keeper gets that copy."""
    cid = card_of(card)
    owners = [hid for hid in party if cid in ctx.content.heroes[hid].starting_equipment]
    if not owners or ctx.content.search_cards[cid].copies > len(owners):
        return ""
    return owners[0]


def _refuse_keep(ctx: Ctx, st: State, hid: str, card: str) -> str:
    """Why ``hid`` may not keep ``card`` (R-CAMP-03), in words."""
    owner = starting_card_owner(ctx, card, st.party) if card in ctx.content.search_cards else ""
    held = [card_of(i) for i in st.heroes[hid].equipped + st.heroes[hid].pack + st.heroes[hid].tricks]
    if card not in held:
        return f"{hid} does not hold {card!r} (R-CAMP-03)"
    if card in ctx.content.heroes[hid].starting_equipment:
        return f"{card!r} cannot be kept by {hid}: every chapter starts with its own starting equipment (R-CAMP-03)"
    if owner:
        return (
            f"{hid} cannot keep {card!r}: it is {hero_name(ctx, owner)}'s starting equipment, which goes back to "
            f"{hero_name(ctx, owner)} at the start of every chapter (R-CAMP-03)"
        )
    return f"{card!r} cannot be kept: party items are never kept (R-CAMP-04)"


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
            raise IllegalAction(_refuse_keep(ctx, st, hid, card), "campaign")
        cards[hid] = card
    return {
        "from_chapter": st.chapter,
        "won": st.status == "won",
        "abilities": {hid: list(h.abilities) for hid, h in st.heroes.items()},
        "cards": cards,
        "story_achievements": list(st.story_achievements),
        # R-CAMP-01: the campaign log the chapters keep (recorded, crossed out, counts)
        "campaign_log": dict(st.chapter_data.get(CAMPAIGN_LOG) or {}),
    }


def parse_keep(text: str) -> dict[str, str | None]:
    """The kept cards typed as ``hero=card,hero=card`` (``none`` keeps nothing), e.g.
    ``collin=cork-mallet,tilda=none``. Raises :class:`MalformedAction` on anything else.

    >>> parse_keep("collin=cork-mallet, tilda=none")
    {'collin': 'cork-mallet', 'tilda': None}
    """
    out: dict[str, str | None] = {}
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        hero, sep, card = (x.strip().lower() for x in part.partition("="))
        if not sep or not hero or not card:
            raise MalformedAction(f"each kept card is written hero=card (or hero=none), got {part!r}")
        if hero in out:
            raise MalformedAction(f"{hero} is named twice: each mouse keeps at most 1 card (R-CAMP-03)")
        out[hero] = None if card == "none" else card
    return out


def next_chapter_game(
    game: Game,
    keep: Mapping[str, str | None] | None = None,
    *,
    replay: bool = False,
    party: Sequence[str] | None = None,
    seed: int | None = None,
    dice: str | None = None,
    content: Content | None = None,
) -> Game:
    """The campaign's next game after a finished chapter (R-CAMP-01..04, R-WIN-03).

    ``keep`` names the one search card each mouse keeps (``None``: nothing); every mouse that holds a keepable
    card must be named, so nothing is dropped by accident. ``replay=True`` plays the same chapter again (after a
    defeat the players choose, R-WIN-03); otherwise the chapter's ``next_chapter``. The party stays the same
    unless ``party`` says otherwise (a mouse new to the campaign starts fresh); ``seed`` defaults to the finished
    game's seed + 1; the rule options carry on, and so does the dice mode unless ``dice`` names one (a scripted
    game goes on seeded: its script belonged to the finished chapter). Raises :class:`IllegalAction` or
    :class:`MalformedAction` with the reason, and builds nothing, when the choice is not valid. ``content``: where
    the next chapter is found (default: the finished game's content; a chapter file's next chapter is read by
    the caller, :func:`mnm.chapters.file.next_chapter_content`).
    """
    ctx, st = game.ctx, game.state
    if st.status == "playing":
        raise IllegalAction("the chapter is not over yet: finish it (won or lost) before going on", "campaign")
    if keep is not None and not isinstance(keep, Mapping):
        raise MalformedAction(f"the kept cards are a mapping hero -> card, got {type(keep).__name__}")
    keep = dict(keep or {})
    for hid, card in keep.items():
        if card is not None and not isinstance(card, str):
            raise MalformedAction(f"the card {hid} keeps is a card id or None, got {card!r}")
    for hid in st.party:
        options = keepable_cards(ctx, st, hid)
        if options and hid not in keep:
            raise IllegalAction(
                f"say which card {hid} keeps (R-CAMP-03): one of {', '.join(options)}, or none", "campaign"
            )
    carry = carry_over(ctx, st, keep)
    if replay:
        target = ctx.chapter.id
    else:
        following = next_chapter_of(st, ctx.chapter.next_chapter)  # a next_chapter effect may have chosen it
        if following is None:
            raise IllegalAction(f"{ctx.chapter.id} has no next chapter: replay it or start another", "campaign")
        target = following
    members = list(party) if party is not None else list(st.party)
    return Game.new(
        target,
        members,
        seed=st.seed + 1 if seed is None else seed,
        content=content or ctx.content,
        dice=dice or ("seeded" if st.dice_mode == "scripted" else st.dice_mode),
        options=dict(st.options),
        carry=carry,
    )
