"""Chapter 2, The Root Road (authored by us; docs/rulings.md, Chapter 2): the chapter's special rules.

* Inside the Walls (12, start): special surge of 2 Rat Warriors (chapter data).
* The Wine Cellar (14): special search, the Cork Mallet (chapter data). "The Cellar Cat": the first time the
  mice reveal the Wine Cellar, the cellar story is read and Brodie wakes on the cellar steps (14:7), his two
  initiative cards joining the track, before the tile's encounter is drawn (R-STORY-03 tile setup). A party
  that carries the Miz Maggie Ally story achievement from Chapter 1 (R-CAMP-02) is spared: she keeps the cat
  upstairs with a saucer of cream. "Scaring off the cat": once Brodie has taken 2 wounds without being
  defeated, he bolts up the steps: he leaves the board and his cards leave the track (no Cat Tamer, which is
  earned only by defeating him, R-ACH-06).
* The Sewer Drain Pipe (16), "Calling the Boat": the mice win when the Drain Pipe is face up and clear of
  minions, and every uncaptured mouse stands on the east ledge (16:5) by the drain's mouth (R-WIN-01).
* The Sewer Drain Pipe's inspection hatch (16:17) is rusted shut: no flip there in this chapter, because the
  Pipes on the back (15) have no exit lining up with this layout and their gear flip needs a Tinkerer or a Scamp,
  so a party without one would be stuck there.
* Defeat: the general ones (the hourglass reaches the end marker; every mouse captured at once, R-WIN-02).
"""

from __future__ import annotations

from typing import ClassVar

from mnm.board.layout import space_side
from mnm.engine.chapters.advice import Route
from mnm.engine.chapters.routed import RoutedChapter
from mnm.engine.context import Ctx
from mnm.engine.hooks import chapter_rules
from mnm.engine.query import minions_on_side
from mnm.engine.rules.initiative import add_cards, cards_for_types, remove_type_if_gone
from mnm.engine.state import Minion, State

INSIDE_THE_WALLS = 12
WINE_CELLAR = 14
DRAIN_PIPE = 16
CELLAR_STEPS = "14:7"
EAST_LEDGE = "16:5"
CAT = "brodie"
CAT_FLEES_AT = 2  # wounds that send Brodie running (he has 6 life: docs/rulings.md, Chapter 2)
MAGGIE = "miz-maggie-ally"


# --- advice for bots (not a rule: the way through the chapter, as a strategy guide would tell it) --------

ROUTE: dict[int, Route] = {
    INSIDE_THE_WALLS: (("12:10",), "exit-1"),  # west, into the Wine Cellar
    WINE_CELLAR: (("14:22",), "exit-3"),  # south, down to the Drain Pipe
    DRAIN_PIPE: ((EAST_LEDGE,), ""),  # the boat: standing there is the goal
}
ROUTE_ORDER = (INSIDE_THE_WALLS, WINE_CELLAR, DRAIN_PIPE)


class TheRootRoad(RoutedChapter):
    """Chapter 2, The Root Road: the special rules listed in this module's docstring."""

    chapter_id: ClassVar[str] = "the-root-road"
    route: ClassVar[dict[int, Route]] = ROUTE
    route_order: ClassVar[tuple[int, ...]] = ROUTE_ORDER

    def on_explore(self, ctx: Ctx, st: State, side: int) -> None:
        """The Cellar Cat: the Wine Cellar's story moment and tile setup when it is first revealed (R-STORY-03)."""
        if side != WINE_CELLAR or side in st.explored:
            return
        ctx.emit("story", "R-STORY-03", chapter=st.chapter, moment="cellar")
        if MAGGIE in st.story_achievements:
            ctx.emit("cellar_cat_fed", "R-STORY-04")
            return
        if any(m.type == CAT for m in st.minions.values()):
            return  # only one Brodie in the box (R-BRODIE-01)
        serial = st.minion_serial.get(CAT, 0) + 1
        st.minion_serial[CAT] = serial
        fig = Minion(f"{CAT}-{serial}", CAT, CELLAR_STEPS)
        st.minions[fig.id] = fig
        ctx.emit(
            "minion_placed", "R-STORY-03", minion=fig.id, space=CELLAR_STEPS, why="the cellar cat", reason="chapter"
        )
        add_cards(ctx, st, [], cards_for_types(ctx, st, [CAT]))

    def on_minion_wounded(self, ctx: Ctx, st: State, m: Minion, hero_id: str | None) -> None:
        """Scaring off the cat: Brodie, wounded twice and still standing, runs up the cellar steps."""
        if m.type != CAT or m.wounds < CAT_FLEES_AT or m.id not in st.minions:
            return
        del st.minions[m.id]
        ctx.emit("cellar_cat_flees", "R-STORY-05", minion=m.id, wounds=m.wounds)
        remove_type_if_gone(ctx, st, m.type)

    def explore_precondition(self, ctx: Ctx, st: State, hero_id: str, where: str) -> str:
        """'' when allowed, else why not: the Drain Pipe's hatch is rusted shut."""
        h = st.heroes[hero_id]
        if where == "flip" and h.space is not None and space_side(h.space) == DRAIN_PIPE:
            return "the inspection hatch is rusted shut: the way on is the drain's mouth (Chapter 2)"
        return ""

    def check_victory(self, ctx: Ctx, st: State) -> bool:
        """Calling the Boat: the Drain Pipe clear of minions, every uncaptured mouse on the east ledge."""
        if st.face_up.get(ctx.board.tile_of_side(DRAIN_PIPE)) != DRAIN_PIPE:
            return False
        if minions_on_side(st, DRAIN_PIPE):
            return False
        mice = st.mice_on_board()
        return bool(mice) and all(h.space == EAST_LEDGE for h in mice)


# Registered by a call, not a class decorator: mypyc compiles a decorated class as a slow non-native class.
chapter_rules("the-root-road")(TheRootRoad)
