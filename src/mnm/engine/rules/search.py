"""Search, the pack and found cards (R-SEARCH-01..15, R-STORY-03 special searches).

``search <mouse>``: roll 1 die; a STAR finds a card (R-GEN-06). A found weapon, armor, accessory, item,
scroll or trick is kept or traded for 1 cheese (``keep <mouse> <card>`` / ``discard <mouse> <card>``); an
event resolves at once; a party item goes to the stash. Going over 3 non-trick cards in the pack asks which
to drop (``drop <mouse> <card>``).
"""

from __future__ import annotations

from typing import Any, Final

from mnm.content.schema import CardType
from mnm.engine.actions import Action, shared_action
from mnm.engine.context import Ctx, decision, push, step, turn_verb
from mnm.engine.dice import roll
from mnm.engine.query import card_of, equipped_effects, hero_name
from mnm.engine.rules.allies import pet_in
from mnm.engine.rules.cards import draw_search_card, on_found, resolve_event
from mnm.engine.rules.turn import action_available, spend_action
from mnm.engine.state import Hero, Pending, State, Turn

__all__ = ["PACK_LIMIT", "give_card", "pack_load", "search_options"]

PACK_LIMIT: Final = 3  # R-SEARCH-10


def _card_type(ctx: Ctx, inst: str) -> CardType:
    return ctx.content.search_cards[card_of(inst)].type


def pack_load(ctx: Ctx, h: Hero) -> int:
    """Cards counted against the pack limit: every pack card except tricks (kept apart) and party items."""
    return sum(1 for c in h.pack if _card_type(ctx, c) not in (CardType.TRICK, CardType.PARTY_ITEM))


def _blocker(ctx: Ctx, st: State, h: Hero, t: Turn) -> str:
    if not action_available(st, t):
        return f"{hero_name(ctx, h.id)} has already taken an action this turn"
    if "stunned" in h.statuses:
        return f"{hero_name(ctx, h.id)} is stunned: Recover is the only action allowed (R-NEG-02)"
    assert h.space is not None
    side = ctx.board.graph_of(h.space).side
    if side in h.searched:
        return f"{hero_name(ctx, h.id)} has already searched this tile successfully (R-SEARCH-05)"
    return ""


def search_options(ctx: Ctx, st: State, h: Hero, t: Turn) -> list[Action]:
    if h.space is None or not action_available(st, t) or "stunned" in h.statuses:
        return []  # the first two of _blocker's reasons, without building the sentence
    return [] if _blocker(ctx, st, h, t) else [shared_action("search", h.id)]


def _explain(ctx: Ctx, st: State, h: Hero, t: Turn, a: Action) -> str:
    if a.args:
        return "'search' takes no arguments: 'search <mouse>'"
    return _blocker(ctx, st, h, t)


def _apply(ctx: Ctx, st: State, h: Hero, t: Turn, a: Action) -> None:
    spend_action(ctx, st, t)
    extra = sum(int(p.get("dice", 1)) for p in equipped_effects(ctx, h, "search-bonus"))  # the Lucky Button
    base = 2 if h.space is not None and pet_in(ctx, st, h.space) else 1  # [EXP] R-SEARCH-16: a pet in the space: 2 dice
    faces = roll(st, base + extra, f"{h.id}'s search")  # R-SEARCH-06: its cheese earns nothing
    face = next((f for f in faces if ctx.dice[f].star), faces[0])
    assert h.space is not None
    side = ctx.board.graph_of(h.space).side
    if not ctx.dice[face].star:
        ctx.emit("search_fails", "R-SEARCH-01", hero=h.id, face=face)
        return
    h.searched.append(side)
    ctx.rules.on_search(ctx, st, h.id, h.space)  # a chapter may react (R-STORY-05)
    if h.captured or h.space is None or st.status != "playing":
        return  # the chapter's rule captured the mouse, or ended the chapter: no card is drawn
    special = _special_card(ctx, st, h)
    if special is not None:
        st.special_found.append(special)
        ctx.emit("special_search", "R-SEARCH-07", hero=h.id, card=special, face=face)
        push(st, ["card_found", h.id, special])
        return
    draw_search_card(ctx, st, h, face)


turn_verb("search", search_options, _apply, _explain)


def _special_card(ctx: Ctx, st: State, h: Hero) -> str | None:
    """R-SEARCH-07 ruling: the chapter's named card, once per chapter, where the chapter says. A special area
    that is part of a tile (the Sewer's water) is still that tile for the once-per-tile limit (R-SEARCH-05)."""
    assert h.space is not None
    sp = ctx.board.spaces[h.space]
    for ss in ctx.chapter.special_searches:
        if ss.side != sp.side or ss.card in st.special_found:
            continue
        if ss.where == "water" and not sp.water:
            continue
        if ss.classes and not set(ss.classes) & set(ctx.content.heroes[h.id].classes):
            continue
        if _instance_available(st, ss.card):
            return ss.card
    return None


def _instance_available(st: State, card: str) -> bool:
    held = {c for x in st.heroes.values() for c in x.pack + x.equipped + x.tricks}
    return card not in held and card not in st.party_cards


@step("card_found")
def _card_found(ctx: Ctx, st: State, args: list[Any]) -> None:
    h = st.heroes[str(args[0])]
    inst = str(args[1])
    if inst in st.search_deck:
        st.search_deck.remove(inst)
    ctx.rules.on_item_found(ctx, st, h.id, card_of(inst))  # a chapter may react (trigger item_found)
    if st.status != "playing":
        return
    card = ctx.content.search_cards[card_of(inst)]
    if card.type is CardType.EVENT:  # R-SEARCH-03
        resolve_event(ctx, st, h, inst)
        return
    if card.type is CardType.PARTY_ITEM:  # R-SEARCH-04, R-PARTY-01
        st.party_cards.append(inst)
        assert card.party_token is not None
        st.stash.append(card.party_token)
        ctx.emit("party_item_found", "R-PARTY-01", hero=h.id, card=inst, token=card.party_token)
        return
    if on_found(ctx, st, h, inst):
        return
    st.pending = Pending("found_card", h.id, {"card": inst})  # R-SEARCH-02


def _found_options(ctx: Ctx, st: State, p: Pending) -> list[Action]:
    inst = str(p.data["card"])
    return [Action("keep", p.actor, (inst,)), Action("discard", p.actor, (inst,))]


def _found_apply(ctx: Ctx, st: State, p: Pending, a: Action) -> None:
    h = st.heroes[p.actor]
    inst = a.args[0]
    if a.verb == "discard":
        st.search_discard.append(inst)
        h.cheese += 1
        ctx.emit("card_traded", "R-SEARCH-02", hero=h.id, card=inst, total=h.cheese)
        return
    give_card(ctx, st, h, inst)


def give_card(ctx: Ctx, st: State, h: Hero, inst: str) -> None:
    """Put a card in a mouse's pack (tricks apart); ask which card to drop when over the limit."""
    if _card_type(ctx, inst) is CardType.TRICK:
        h.tricks.append(inst)
    else:
        h.pack.append(inst)
    ctx.emit("card_kept", "R-SEARCH-02", hero=h.id, card=inst)
    if pack_load(ctx, h) > PACK_LIMIT:
        st.pending = Pending("pack_full", h.id)


def _found_explain(ctx: Ctx, st: State, p: Pending, a: Action) -> str:
    return f"keep the card or trade it for 1 cheese: 'keep {p.actor} {p.data['card']}' or 'discard {p.actor} {p.data['card']}'"


decision("found_card", _found_options, _found_apply, _found_explain, prompt="found_card_prompt")


def _full_options(ctx: Ctx, st: State, p: Pending) -> list[Action]:
    h = st.heroes[p.actor]
    return [Action("drop", h.id, (c,)) for c in h.pack if _card_type(ctx, c) is not CardType.PARTY_ITEM]


def _full_apply(ctx: Ctx, st: State, p: Pending, a: Action) -> None:
    h = st.heroes[p.actor]
    h.pack.remove(a.args[0])
    st.search_discard.append(a.args[0])
    ctx.emit("card_dropped", "R-SEARCH-10", hero=h.id, card=a.args[0])


def _full_explain(ctx: Ctx, st: State, p: Pending, a: Action) -> str:
    h = st.heroes[p.actor]
    return f"the pack holds at most {PACK_LIMIT} cards: drop one of {', '.join(h.pack)} (R-SEARCH-10)"


decision("pack_full", _full_options, _full_apply, _full_explain, prompt="pack_full_prompt")
