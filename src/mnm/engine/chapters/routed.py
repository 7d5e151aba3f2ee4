"""A chapter with a story at its opening and ending and a fixed way through for bots: the shared part of the
authored chapters (2, 3 and 4).

A subclass sets ``route`` (for each side, the spaces to head for and what to do there) and ``route_order``
(the sides in the order the party crosses them) as class constants; the opening and ending story moments
(R-STORY-02), ``bot_route`` and ``bot_progress`` come from here. Register the subclass with a call after the
class, like every chapter (``chapter_rules(...)(TheClass)``).
"""

from __future__ import annotations

from typing import ClassVar

from mnm.engine.chapters.advice import Route, route_progress
from mnm.engine.context import Ctx
from mnm.engine.hooks import ChapterRules
from mnm.engine.state import State

__all__ = ["RoutedChapter"]


class RoutedChapter(ChapterRules):
    """Story at the start and at the victory (R-STORY-02), and bots' advice read from ``route``."""

    route: ClassVar[dict[int, Route]] = {}
    route_order: ClassVar[tuple[int, ...]] = ()

    def on_setup(self, ctx: Ctx, st: State) -> None:
        ctx.emit("story", "R-STORY-02", chapter=st.chapter, moment="opening")

    def on_victory(self, ctx: Ctx, st: State) -> None:
        ctx.emit("story", "R-STORY-02", chapter=st.chapter, moment="ending")

    # advice for bots (not rules)
    def bot_route(self, ctx: Ctx, st: State, side: int) -> Route | None:
        """Where the mice on ``side`` should head and what to do there."""
        return self.route.get(side)

    def bot_progress(self, ctx: Ctx, st: State) -> float:
        """How far along the way the party is, 0..1 (bots' evaluation only)."""
        return route_progress(ctx, st, self.route_order, self.bot_route)
