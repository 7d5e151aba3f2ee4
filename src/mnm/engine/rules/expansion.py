"""[EXP] FAQ and expansion mechanics (R-EXP, RULES.md section 27): what every expansion rule shares.

The mechanics themselves live in the modules named after them (:mod:`statuses` for Cursed and On Fire,
:mod:`weather` for rain, Nightfall and bees, :mod:`terrain` for lava, chasms, stalagmites, shallow water,
outdoor tiles and gecko prints, :mod:`flying`, :mod:`allies`, :mod:`leaves`, :mod:`turtles`, :mod:`creatures`
for Olga, the Clockwork Mortar, Shard Blast and Molox). This module holds the chapter setup they need
(R-SETUP-04/10: Party Setup items, tokens on the board, rain, allies and pets) and small shared questions.

Every expansion mechanic is switched on by content only: a chapter that names no expansion token, item,
creature or terrain plays exactly as before (RULES.md: "[EXP] ... behind a feature flag"; the flag is the
chapter's content).
"""

from __future__ import annotations

from typing import Any

from mnm.board.layout import space_side
from mnm.content.schema import HeroClass
from mnm.engine.context import Ctx
from mnm.engine.rules.weather import start_rain
from mnm.engine.state import State

__all__ = ["expansion_setup", "helpers", "place_helper", "wild_in_party"]

HELPERS = "helpers"  # chapter_data key: ally or pet id -> {type, space, wounds, owner}


def expansion_setup(ctx: Ctx, st: State) -> None:
    """R-SETUP-04/10 for expansion chapters: Party Setup items into the stash, tokens on the board, rain,
    and the allies and pets that come along (each follows the mouse listed first in the party: ruling)."""
    ch = ctx.chapter
    for card in ch.party_items:
        token = ctx.content.search_cards[card].party_token
        if card not in st.party_cards:
            st.party_cards.append(card)
        if token is not None and token not in st.stash:
            st.stash.append(token)
        ctx.emit("party_item_given", "R-SETUP-04", card=card)
    for token, spaces in ch.tokens.items():
        st.tokens[token] = list(spaces)
    if ch.rain:
        start_rain(ctx, st)
    for i, hp in enumerate(ch.helpers):
        owner = st.party[i % len(st.party)]
        place_helper(ctx, st, hp.minion, hp.space, owner)


def place_helper(ctx: Ctx, st: State, mtype: str, space: str, owner: str) -> str:
    """Put an ally or pet (R-EXP-01/02) on ``space``, following mouse ``owner``. Helpers are kept apart from
    the minions (``chapter_data["helpers"]``): no base rule about minions (explore, rescue, Time is Short,
    R-MOVE-08) ever sees them. Returns the helper's id."""
    serial = st.minion_serial.get(mtype, 0) + 1
    st.minion_serial[mtype] = serial
    hid = f"{mtype}-{serial}"
    st.chapter_data.setdefault(HELPERS, {})[hid] = {"type": mtype, "space": space, "wounds": 0, "owner": owner}
    ctx.emit("helper_joins", "R-EXP-01", minion=hid, hero=owner, space=space)
    return hid


def helpers(st: State) -> dict[str, dict[str, Any]]:
    """The allies and pets in play: id -> {type, space, wounds, owner}."""
    found: dict[str, dict[str, Any]] | None = st.chapter_data.get(HELPERS)
    return found if found is not None else {}  # a chapter without helpers keeps its data as it was


def wild_in_party(ctx: Ctx, st: State) -> bool:
    """R-EXP-18: a Wild mouse in the party (captured or not: it is still in the party)."""
    return any(HeroClass.WILD in ctx.content.heroes[h].classes for h in st.party)


def side_of(space: str) -> int:
    return space_side(space)
