"""Rounds and the initiative track (R-ROUND-01..13, R-SETUP-07, R-MINION-07).

Cards on the track are text: ``mouse:<hero>``, ``minion:<type>``, ``boss:<type>:<n>`` and
``cat:pounces`` / ``cat:chases`` (Brodie, R-BRODIE-03). Spot 1 is index 0.
"""

from __future__ import annotations

from typing import Any, Final

from mnm.engine.actions import Action
from mnm.engine.context import Ctx, decision, push, step
from mnm.engine.dice import roll, shuffle
from mnm.engine.hooks import CARD_TURN_ENDS, CARDS_PLACED, ROUND_ENDS, ability_handlers, innate_handlers
from mnm.engine.state import Pending, State

__all__ = [
    "add_cards",
    "card_of_minion_type",
    "cards_for_types",
    "is_mouse_card",
    "remove_card",
    "remove_type_if_gone",
]


def is_mouse_card(card: str) -> bool:
    return card.startswith("mouse:")


def card_of_minion_type(ctx: Ctx, mtype: str) -> list[str]:
    """The initiative cards one minion type uses (several for a boss, two for Brodie)."""
    m = ctx.content.minions[mtype]
    if m.kind == "cat":
        return ["cat:pounces", "cat:chases"]
    if m.boss and m.cards > 1:
        return [f"boss:{mtype}:{i}" for i in range(1, m.cards + 1)]
    if m.cards > 1:  # [EXP] R-EXP-15: Molox, three cards but not a boss (R-BOSS-04)
        return [f"minion:{mtype}:{i}" for i in range(1, m.cards + 1)]
    return [f"minion:{mtype}"]


def cards_for_types(ctx: Ctx, st: State, types: list[str]) -> list[str]:
    """Cards to add for minion types about to be on the board; types already on the track add none
    (R-ROUND-05). A boss with several cards adds 2 picked at random (R-ROUND-08)."""
    out: list[str] = []
    for t in types:
        cards = card_of_minion_type(ctx, t)
        if any(c in st.track for c in cards) or any(c in out for c in cards):
            continue
        m = ctx.content.minions[t]
        if m.boss and len(cards) > 2:
            pool = cards.copy()
            shuffle(st, pool)
            cards = sorted(pool[:2])
        out.extend(cards)
    return out


def add_cards(ctx: Ctx, st: State, mouse_cards: list[str], minion_cards: list[str], ambush: bool = False) -> None:
    """Place cards on the track: a fresh shuffle of everything when no minion card is there (R-ROUND-04),
    else the new cards shuffled onto the bottom (R-ROUND-05); then Born to Lead (R-ROUND-13) and Ambush
    (R-ENC-09, R-ROUND-08). With the option ``box_initiative`` the players shuffle the box's own cards and say
    the order they came out (the ``box_initiative`` decision, one card at a time, after the current step)."""
    if not minion_cards and not mouse_cards:
        return
    has_minion_card = any(not is_mouse_card(c) for c in st.track)
    done: list[str] = []
    round_over = False
    if not has_minion_card:
        acting = st.acting
        if acting is not None and 0 <= st.turn_index < len(st.track) and st.track[st.turn_index] == acting:
            # in the middle of a round (an explore): the cards that have acted this round, the acting one last,
            # keep the top of the track; everything else is shuffled below them, so no mouse is skipped or
            # acts twice this round and the new minions act in it (docs/rulings.md R-ROUND-04)
            done = st.track[: st.turn_index + 1]
        elif acting is None and st.track and 0 <= st.turn_index < len(st.track) - 1:
            done = st.track[: st.turn_index + 1]  # between two cards' turns: those that acted keep the top
        elif acting is None and st.track and st.turn_index == len(st.track) - 1:
            # the round's last card has acted (a surge after Time is Short, R-ROUND-10): the fresh shuffle is
            # the next round's track, which begins as every round does (its number counted, issue 45)
            round_over = True
        deck = [c for c in st.track if is_mouse_card(c) and c not in done] + mouse_cards + minion_cards
    else:
        deck = mouse_cards + minion_cards
    if st.options.get("box_initiative") and len(deck) > 1:
        data = {
            "left": deck,
            "order": [],
            "done": done,
            "fresh": not has_minion_card,
            "new": minion_cards,
            "ambush": ambush,
        }
        if round_over:
            data["round_over"] = True  # only when true: saves of the other cases read as before
        push(st, ["box_initiative", data])
        return
    shuffle(st, deck)
    _place_cards(ctx, st, done, deck, not has_minion_card, minion_cards, ambush)
    if round_over:
        st.turn_index = len(st.track) - 1  # the next card is the new round's first: next_card starts the round


def _place_cards(
    ctx: Ctx, st: State, done: list[str], deck: list[str], fresh: bool, minion_cards: list[str], ambush: bool
) -> None:
    """``deck`` in its shuffled order goes on the track: below ``done`` (a fresh track, R-ROUND-04) or at the bottom
    (R-ROUND-05); then stacked cards, Ambush and Born to Lead."""
    if fresh:
        st.track = done + deck
        st.turn_index = len(done) - 1  # the card in progress keeps acting; the next is the first shuffled
        ctx.emit("initiative_shuffled", "R-ROUND-04", track=list(st.track))
    else:
        st.track.extend(deck)
        ctx.emit("initiative_extended", "R-ROUND-05", cards=list(deck), track=list(st.track))
    _stack_cards(ctx, st)
    if ambush:  # R-ENC-09: every minion card on the track, not only the new ones, from the top down
        _ambush(ctx, st, [c for c in st.track if not is_mouse_card(c)])
    elif not fresh:
        # R-ROUND-08: a boss with several cards joining minion cards on the track ambushes with the first
        # (the higher) of its two cards, even when the encounter card has no Ambush keyword.
        bosses = sorted((c for c in minion_cards if c.startswith("boss:") and c in st.track), key=st.track.index)
        _ambush(ctx, st, bosses[:1])
    _born_to_lead(ctx, st)


@step("box_initiative")
def _box_initiative_step(ctx: Ctx, st: State, args: list[Any]) -> None:
    """Option ``box_initiative``: ask which card came out next, until one is left (it comes out last)."""
    data = dict(args[0])
    left = [str(c) for c in data["left"]]
    if len(left) > 1:
        st.pending = Pending("box_initiative", "party", data)
        return
    order = [str(c) for c in data["order"]] + left
    done, new = [str(c) for c in data["done"]], [str(c) for c in data["new"]]
    _place_cards(ctx, st, done, order, bool(data["fresh"]), new, bool(data["ambush"]))
    if data.get("round_over"):
        st.turn_index = len(st.track) - 1  # as in add_cards: the new round begins with the next card


def _box_initiative_options(ctx: Ctx, st: State, p: Pending) -> list[Action]:
    return [Action("choose", "party", (c,)) for c in sorted(set(p.data["left"]))]


def _box_initiative_apply(ctx: Ctx, st: State, p: Pending, a: Action) -> None:
    data = dict(p.data)
    left = list(data["left"])
    left.remove(a.args[0])
    data["left"], data["order"] = left, [*data["order"], a.args[0]]
    push(st, ["box_initiative", data])


def _box_initiative_explain(ctx: Ctx, st: State, p: Pending, a: Action) -> str:
    left = ", ".join(sorted(set(p.data["left"])))
    return f"name the initiative card that came out next from the box's shuffle, one not placed yet: {left} ('choose party <card>')"


decision(
    "box_initiative",
    _box_initiative_options,
    _box_initiative_apply,
    _box_initiative_explain,
    prompt="box_initiative_prompt",
)


def _stack_cards(ctx: Ctx, st: State) -> None:
    """[EXP] R-EXP-15: a non-boss minion with several cards (Molox) keeps them stacked in order (Molox, Angry
    Molox, Enraged Molox) where the first of them landed in the shuffle."""
    for card in list(st.track):
        if card.startswith("minion:") and card.endswith(":1"):
            mtype = card.split(":")[1]
            own = [c for c in st.track if c.startswith(f"minion:{mtype}:")]
            if len(own) < 2:
                continue
            at = min(st.track.index(c) for c in own)
            rest = [c for c in st.track if c not in own]
            ordered = sorted(own, key=lambda c: int(c.rsplit(":", 1)[1]))
            st.track = rest[:at] + ordered + rest[at:]
            if st.acting in st.track:
                st.turn_index = st.track.index(st.acting)
            ctx.emit("cards_stacked", "R-EXP-15", cards=ordered)


def _ambush(ctx: Ctx, st: State, cards: list[str]) -> None:
    """R-ENC-09: one at a time, each of ``cards`` (in the order given) moves up by a die roll, pushing the others
    down. A boss with several cards ambushes with the higher one only (R-ROUND-08)."""
    boss_done: set[str] = set()
    for card in cards:
        if card.startswith("boss:"):
            btype = card.split(":")[1]
            if btype in boss_done:
                continue
            boss_done.add(btype)
            # R-ROUND-08 ruling: the higher of the boss's new cards on the track is the one that ambushes
            card = min((c for c in cards if c.startswith(f"boss:{btype}:")), key=st.track.index)
        face = roll(st, 1, "ambush")[0]
        up = ctx.dice[face].number
        i = st.track.index(card)
        j = max(0, i - up)
        held = False
        if st.options.get("ambush_acts_this_round") and st.acting in st.track:
            at = st.track.index(st.acting)  # house rule: a card still to act this round never jumps the card in play
            if j <= at < i:
                j, held = at + 1, True
        st.track.pop(i)
        st.track.insert(j, card)
        if st.acting in st.track:
            st.turn_index = st.track.index(st.acting)
        ctx.emit("ambush_moves_up", "R-ENC-09", card=card, spaces=up, spot=j + 1)
        if held:
            ctx.emit("ambush_held", "R-ENC-09", card=card, acting=st.acting or "")


def _born_to_lead(ctx: Ctx, st: State) -> None:
    """R-ROUND-13: the cards are placed; innate abilities may react (Collin's Born to Lead)."""
    for h in st.heroes.values():
        for fn in innate_handlers(ctx, h.id, CARDS_PLACED):
            fn(ctx, st, h)


def remove_card(ctx: Ctx, st: State, card: str, boss: bool = False) -> None:
    """R-ROUND-07: remove a card and close the gap, keeping the turn order. ``boss``: a boss card filled with
    wounds (R-WOUND-03), not a type whose figures are all gone."""
    if card not in st.track:
        return
    i = st.track.index(card)
    st.track.pop(i)
    if i < st.turn_index:
        st.turn_index -= 1
    elif i == st.turn_index and st.acting == card:
        st.turn_index -= 1  # the next card has slid into this spot; advancing will reach it
    ctx.emit("card_removed", "R-WOUND-03" if boss else "R-ROUND-07", card=card, boss=boss)


def remove_type_if_gone(ctx: Ctx, st: State, mtype: str) -> None:
    """Remove a minion type's card(s) once none of its figures is on the board (R-WOUND-01/02)."""
    if any(m.type == mtype for m in st.minions.values()):
        return
    for card in card_of_minion_type(ctx, mtype):
        remove_card(ctx, st, card)


# --- the flow of turns --------------------------------------------------------------------------------


ROUNDS_PER_PAGE: Final = 30  # docs/rulings.md R-GEN-11: past this many rounds per page of the end marker, time is up


@step("next_card")
def _next_card(ctx: Ctx, st: State, args: list[Any]) -> None:
    """R-ROUND-01/09: the next card on the track takes its turn; after the last, a new round begins."""
    st.turn_index += 1
    new_round = st.turn_index >= len(st.track)
    if not new_round:
        push(st, ["card_turn"])
        return
    if st.tokens:
        ROUND_ENDS.call(ctx, st)  # [EXP] R-EXP-05: leaves drift at the end of each round
    st.turn_index = 0
    push(st, ["new_round"], ["card_turn"])
    # a chapter may react (R-STORY-05); the steps its effects push (placing minions) run before the new round
    ctx.rules.on_round_ends(ctx, st)
    if not st.track:
        raise RuntimeError("the initiative track is empty")


@step("new_round")
def _new_round(ctx: Ctx, st: State, args: list[Any]) -> None:
    """R-ROUND-01: a new round begins once the round's end is done (the chapter's round-end steps too)."""
    st.round += 1
    if st.round > ROUNDS_PER_PAGE * st.end_page and st.status == "playing":
        # docs/rulings.md R-GEN-11: time runs out even where nothing fills the wheel (every chapter ends)
        st.status = "lost"
        st.outcome = "hourglass"
        st.pending = None
        ctx.emit("defeat", "R-WIN-02", reason="hourglass")
        return
    ctx.emit("round_begins", "R-ROUND-01", round=st.round)
    ctx.rules.on_round_begins(ctx, st)  # a chapter may react; what it pushes runs before the first card


@step("card_turn")
def _card_turn(ctx: Ctx, st: State, args: list[Any]) -> None:
    card = st.track[st.turn_index]
    st.acting = card
    kind, _, rest = card.partition(":")
    if kind == "mouse":
        push(st, ["mouse_turn", rest], ["end_card_turn", card])
    elif kind == "cat":
        push(st, ["brodie_turn", rest], ["end_card_turn", card])
    elif kind == "boss":
        push(st, ["minion_turn", rest.split(":")[0]], ["end_card_turn", card])
    else:
        push(st, ["minion_turn", rest.split(":")[0]], ["end_card_turn", card])  # minion:molox:2 -> molox


@step("end_card_turn")
def _end_card_turn(ctx: Ctx, st: State, args: list[Any]) -> None:
    card = str(args[0])
    st.acting = None
    if card in st.track:
        i = st.track.index(card)
        st.turn_index = i
        mtype = card.split(":")[1] if card.startswith(("minion:", "boss:")) else ""
        if mtype:
            for fn in ability_handlers(ctx, mtype, CARD_TURN_ENDS):  # R-MINION-07: aggressive
                fn(ctx, st, card, i)
        if is_mouse_card(card) and card == _last_mouse_card(st) and not st.minions:
            st.wheel += 1  # R-ROUND-10: Time is Short
            ctx.emit("time_is_short", "R-ROUND-10", wheel=st.wheel)
    push(st, ["next_card"])


def _last_mouse_card(st: State) -> str | None:
    last = None
    for c in st.track:
        if is_mouse_card(c):
            last = c
    return last
