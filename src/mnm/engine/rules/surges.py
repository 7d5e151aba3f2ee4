"""Surges and the minion cheese wheel (R-SURGE-01..08).

The game loop calls the ``surge`` step whenever the wheel holds 6 or more cheese between two steps, i.e.
right after the roll that filled it is fully resolved (R-SURGE-07 ruling).
"""

from __future__ import annotations

from typing import Any

from mnm.board.layout import space_side
from mnm.engine.context import Ctx, step
from mnm.engine.query import track_rank
from mnm.engine.rules.encounters import place_minions
from mnm.engine.rules.victory import advance_hourglass
from mnm.engine.rules.weather import moon_sets
from mnm.engine.state import State

__all__ = ["surge_side"]


def surge_side(ctx: Ctx, st: State) -> int | None:
    """R-SURGE-06 ruling (docs/rulings.md): the active mouse's tile; between mouse turns (a minion's cheese),
    the tile of the uncaptured mouse highest on the initiative track."""
    if st.turn is not None:
        h = st.heroes[st.turn.mouse]
        if h.space is not None:
            return space_side(h.space)
    mice = [h for h in st.mice_on_board() if h.space is not None]
    if not mice:
        return None
    top = min(mice, key=lambda h: track_rank(st, f"mouse:{h.id}"))
    assert top.space is not None
    return space_side(top.space)


@step("surge")
def _surge(ctx: Ctx, st: State, args: list[Any]) -> None:
    """R-SURGE-03: hourglass +1; the room's special surge, else the face-up card's surge (then discard it);
    empty the wheel."""
    st.stat("surges")
    ctx.emit("surge", "R-SURGE-02", wheel=st.wheel)
    st.wheel = 0
    moon_sets(ctx, st)  # [EXP] R-SURGE-09: the moon stays until the next surge
    advance_hourglass(ctx, st, "surge")
    if st.status != "playing":
        return
    side = surge_side(ctx, st)
    if side is None:
        return
    special = next((s for s in ctx.chapter.special_surges if s.side == side), None)
    counts: list[tuple[str, int]] = []
    if special is not None:
        counts = [(mc.minion, mc.count) for mc in special.minions]
        ctx.emit("special_surge", "R-SURGE-03", side=side)
    elif st.encounter_up is not None:
        card = ctx.content.encounter_cards[st.encounter_up]
        counts = [(mc.minion, mc.count) for mc in card.surge]
        ctx.emit("card_surge", "R-SURGE-03", card=st.encounter_up)
        st.encounter_discard.append(st.encounter_up)
        st.encounter_up = None
    else:
        ctx.emit("surge_no_minions", "R-SURGE-03")
        return
    override = ctx.rules.on_surge(ctx, st, side, counts)
    if override is not None:
        counts = override
    place_minions(ctx, st, side, counts, ["new_minion_cards"], reason="surge")  # R-SURGE-04/06
