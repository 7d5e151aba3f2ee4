"""Winning and losing (R-WIN-01..05, R-GEN-11, R-SURGE-08)."""

from __future__ import annotations

from mnm.engine.context import Ctx
from mnm.engine.state import State

__all__ = ["advance_hourglass", "check_victory"]


def advance_hourglass(ctx: Ctx, st: State, why: str) -> None:
    """R-WIN-04: the hourglass moves 1 page (surge or capture); reaching the end marker loses (R-GEN-11)."""
    st.hourglass += 1
    ctx.emit("hourglass_moves", "R-WIN-04", page=st.hourglass, end_page=st.end_page, why=why)
    if st.hourglass >= st.end_page and st.status == "playing":
        st.status = "lost"
        st.outcome = "hourglass"
        ctx.emit("defeat", "R-WIN-02", reason="hourglass")
    if st.status == "playing":
        ctx.rules.on_hourglass(ctx, st)  # a chapter may react (R-STORY-05)


def check_victory(ctx: Ctx, st: State) -> None:
    """R-WIN-01: the chapter's victory conditions (its hook ``check_victory``) end the game in a win."""
    if st.status == "playing" and st.turn_index >= 0 and ctx.rules.check_victory(ctx, st):
        st.status = "won"
        st.outcome = "victory"
        st.pending = None
        ctx.emit("victory", "R-WIN-01", chapter=st.chapter)
        ctx.rules.on_victory(ctx, st)
