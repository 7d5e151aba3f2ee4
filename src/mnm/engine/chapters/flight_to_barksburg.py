"""Chapter 1, Flight to Barksburg: special rules (CONTENT.md §10)."""

from __future__ import annotations

from mnm.engine.context import Ctx
from mnm.engine.state import State

COURTYARD = 1


def check_victory(ctx: Ctx, st: State) -> bool:
    """Victory: the Courtyard is clear of minions and every uncaptured mouse is on the tree entrance."""
    if st.face_up.get(ctx.board.tile_of_side(COURTYARD)) != COURTYARD:
        return False
    graph = ctx.board.graph(COURTYARD)
    if any(m.space in graph.by_id for m in st.minions.values()):
        return False
    mice = st.mice_on_board()
    if not mice:
        return False
    return all(
        h.space is not None and ctx.board.spaces[h.space].minions_barred and h.space in graph.by_id for h in mice
    )
