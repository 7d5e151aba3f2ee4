"""Chapter 0, The Proving Grounds: won when no minion is left on the board."""

from __future__ import annotations

from typing import ClassVar

from mnm.engine.context import Ctx
from mnm.engine.hooks import ChapterRules, chapter_rules
from mnm.engine.state import State


class ProvingGrounds(ChapterRules):
    """The Proving Grounds: the special rules listed in this module's docstring."""

    chapter_id: ClassVar[str] = "proving-grounds"

    def check_victory(self, ctx: Ctx, st: State) -> bool:
        return not st.minions and any(not h.captured for h in st.heroes.values())


# Registered by a call, not a class decorator: mypyc compiles a decorated class as a slow non-native class.
chapter_rules("proving-grounds")(ProvingGrounds)
