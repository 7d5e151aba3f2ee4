"""The chapter rules base class: the trigger points a chapter's special rules hook into (R-STORY-05).

Its own module, below both :mod:`mnm.engine.context` (whose game definition holds a chapter's rules) and
:mod:`mnm.engine.hooks` (which registers chapters written in Python and re-exports this class for old
importers), so neither imports the other to name it (issue 35: no import circles). The context imports it
at run time: mypyc's compiled ``GameDef`` needs the class object when the module initialises.

>>> ChapterRules().check_victory.__doc__.split(" (")[0]
'True when the chapter is won'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from mypy_extensions import mypyc_attr

if TYPE_CHECKING:
    from mnm.engine.context import Ctx
    from mnm.engine.events import Event
    from mnm.engine.state import Minion, State

__all__ = ["ChapterRules"]


# Chapter rules written as Python subclasses also work with the compiled engine (a test's chapter, or a chapter
# module mypyc left pure because it uses a class decorator): scripts/compile.sh, docs/architecture.md.
@mypyc_attr(allow_interpreted_subclasses=True)
class ChapterRules:
    """A chapter's special rules. Every method is a trigger point the rules call; the defaults do nothing.

    Chapters are data (docs/chapters.md): their files compile into a subclass of this class. A chapter whose
    rule the language cannot say may subclass it and register it after the class with
    ``chapter_rules("<chapter id>")(TheClass)`` (not as a class decorator: mypyc would compile a decorated class
    as a slow non-native class, and refuses one that subclasses this class)."""

    chapter_id: ClassVar[str] = ""

    # story and setup
    def on_setup(self, ctx: Ctx, st: State) -> None:
        """After setup, before the first decision."""

    def on_explore(self, ctx: Ctx, st: State, side: int) -> None:
        """A tile side is being revealed (called before it is marked explored)."""

    def on_encounter(self, ctx: Ctx, st: State, side: int) -> bool:
        """True: the chapter handled this tile's encounter itself (no card is drawn)."""
        return False

    def explore_precondition(self, ctx: Ctx, st: State, hero_id: str, where: str) -> str:
        """'' when the mouse may explore ``where`` (``exit-N`` or ``flip``), else why not."""
        return ""

    def explore_refusal(self, ctx: Ctx, st: State, hero_id: str, where: str) -> Event | None:
        """The refusal :meth:`explore_precondition` gives, as an event a client renders in its player's language
        (None when the mouse may explore ``where``, or the reason has no such event)."""
        return None

    def on_explore_attempt(self, ctx: Ctx, st: State, hero_id: str, where: str) -> None:
        """A mouse explores ``where`` (no precondition refused it). Not called while options are listed: listing
        changes nothing (issue 29)."""

    # victory
    def check_victory(self, ctx: Ctx, st: State) -> bool:
        """True when the chapter is won (checked after every automatic step)."""
        return False

    def on_victory(self, ctx: Ctx, st: State) -> None:
        """The chapter has just been won."""

    # figures
    def on_move_roll(self, ctx: Ctx, st: State, figure: str, face: int) -> None:
        """A figure (mouse or minion id) rolled ``face`` (1-6) for movement."""

    def on_mouse_enters(self, ctx: Ctx, st: State, hero_id: str, space: str) -> None:
        """A mouse moved into ``space``."""

    def on_minion_enters(self, ctx: Ctx, st: State, m: Minion) -> None:
        """A minion's move ended on ``m.space`` (walking, flying, heading for a grape or steered by a rule)."""

    def on_all_blocked(self, ctx: Ctx, st: State, hero_id: str, minion_id: str) -> None:
        """A mouse blocked every hit of a minion's attack."""

    def minion_turn_override(self, ctx: Ctx, st: State, m: Minion) -> bool:
        """True: the chapter played this minion's activation itself."""
        return False

    def on_minion_cheese(self, ctx: Ctx, st: State, m: Minion, cheese: int) -> None:
        """CHEESE faces were rolled for minion ``m`` (already added to the wheel)."""

    def on_minion_wounded(self, ctx: Ctx, st: State, m: Minion, hero_id: str | None) -> None:
        """A minion took wounds and is still standing."""

    def on_minion_defeated(self, ctx: Ctx, st: State, m: Minion, hero_id: str | None) -> None:
        """A minion was defeated (already off the board)."""

    def on_surge(self, ctx: Ctx, st: State, side: int, counts: list[tuple[str, int]]) -> list[tuple[str, int]] | None:
        """A surge is about to place ``counts`` on ``side``; return other counts to replace them."""
        return None

    def on_search(self, ctx: Ctx, st: State, hero_id: str, space: str) -> None:
        """A mouse searched successfully on ``space`` (before its card is drawn)."""

    def on_hourglass(self, ctx: Ctx, st: State) -> None:
        """The hourglass has moved to page ``st.hourglass`` (and the game is not lost)."""

    # rounds
    def on_round_begins(self, ctx: Ctx, st: State) -> None:
        """A new round has begun (R-ROUND-01)."""

    def on_round_ends(self, ctx: Ctx, st: State) -> None:
        """The last card of the round has acted."""

    # chapter actions and story choices (R-STORY-05): decisions the chapter's file adds
    def action_options(self, ctx: Ctx, st: State, hero_id: str) -> list[str]:
        """The ids of the chapter actions mouse ``hero_id`` may take now (its action unspent: the caller checks)."""
        return []

    def take_action(self, ctx: Ctx, st: State, hero_id: str, action_id: str) -> None:
        """Mouse ``hero_id`` takes chapter action ``action_id`` (listed by :meth:`action_options`)."""

    def choice_options(self, choice_id: str) -> list[str]:
        """The option ids of story choice ``choice_id``."""
        return []

    def make_choice(self, ctx: Ctx, st: State, hero_id: str, choice_id: str, option_id: str) -> None:
        """The players chose ``option_id`` of story choice ``choice_id``: its effects run."""

    def on_item_found(self, ctx: Ctx, st: State, hero_id: str, item: str) -> None:
        """A mouse found a chapter item or a search card (trigger item_found)."""
