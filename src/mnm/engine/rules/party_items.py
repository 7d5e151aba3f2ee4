"""Party items (R-PARTY-01..15): Disguises (in :mod:`encounters`), Fishhook & Thread, Dinner Fork, Grape."""

from __future__ import annotations

from mnm.engine.context import Ctx
from mnm.engine.state import Minion, State

__all__ = ["minion_grape_turn", "tokens_left_behind"]


def tokens_left_behind(ctx: Ctx, st: State, side: int) -> None:
    """R-EXPLORE-12, R-PARTY-05/09: a Fishhook & Thread or Dinner Fork left on a tile the mice leave is lost."""
    for token in ("fishhook", "fork"):
        spaces = st.tokens.get(token)
        if spaces and ctx.board.graph_of(spaces[0]).side == side:
            del st.tokens[token]
            ctx.emit("token_lost", "R-PARTY-05", token=token)


def minion_grape_turn(ctx: Ctx, st: State, m: Minion) -> bool:
    """R-PARTY-12/14: roaches drawn to the grape, rats firing it. True when the minion's turn was used."""
    return False
