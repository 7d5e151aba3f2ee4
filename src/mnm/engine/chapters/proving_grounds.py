"""Chapter 0, The Proving Grounds: won when no minion is left on the board."""

from __future__ import annotations

from mnm.engine.context import Ctx
from mnm.engine.state import State


def check_victory(ctx: Ctx, st: State) -> bool:
    return not st.minions and any(not h.captured for h in st.heroes.values())
