"""[EXP] Chapter 3, The Trickle Crossing (authored by us; docs/rulings.md, Chapter 3): the chapter's special rules.

* The party starts with the Teaspoon Paddle and the Turtle Whistle (Party Setup, chapter data), two leaves on
  the stream, three Pesky Bees on their flowers and clover, Olga in Bramble Hollow, and a Barksburg scout
  (ally) and Chirp the cricket (pet) beside the mice.
* The Trickle (17, start): 2 Hex Moths and 2 Rat Warriors placed normally; special surge of 1 Hex Moth and
  2 Roaches. Bramble Hollow (19): special surge of 2 Hex Moths and 2 Rat Warriors. End page 5.
* "Spring Shower": the rain begins with the chapter's second surge (R-EXP-07); "Nightfall": the moon goes on
  the wheel with the fourth (R-EXP-11, R-SURGE-09).
* Olga (R-EXP-10): a mouse that rolls a 1 for movement on Bramble Hollow draws her charge.
* Bramble Hollow (19): its story is read when it is first revealed. The mice win when Bramble Hollow is face up
  and clear of minions and every uncaptured mouse is in the hollow log (19:13) (R-WIN-01).
* Defeat: the general ones (the hourglass reaches the end marker; every mouse captured at once, R-WIN-02).
"""

from __future__ import annotations

from typing import ClassVar

from mnm.engine.chapters.advice import Route
from mnm.engine.chapters.routed import RoutedChapter
from mnm.engine.context import Ctx
from mnm.engine.hooks import chapter_rules
from mnm.engine.query import minions_on_side
from mnm.engine.rules.creatures import creature_turn, olga_charges
from mnm.engine.rules.weather import nightfall, raining, start_rain
from mnm.engine.state import Minion, State

TRICKLE = 17
HOLLOW = 19
HOLLOW_LOG = "19:13"
RAIN_AT_SURGE = 2
NIGHT_AT_SURGE = 4


# --- advice for bots (not a rule) ---------------------------------------------------------------------------

ROUTE: dict[int, Route] = {
    TRICKLE: (("17:4",), "exit-0"),  # across the stream to the east landing, then east
    HOLLOW: ((HOLLOW_LOG,), ""),  # into the hollow log: standing there is the goal
}
ROUTE_ORDER = (TRICKLE, HOLLOW)


class TheTrickleCrossing(RoutedChapter):
    chapter_id: ClassVar[str] = "the-trickle-crossing"
    route: ClassVar[dict[int, Route]] = ROUTE
    route_order: ClassVar[tuple[int, ...]] = ROUTE_ORDER

    def on_explore(self, ctx: Ctx, st: State, side: int) -> None:
        if side == HOLLOW and side not in st.explored:
            ctx.emit("story", "R-STORY-03", chapter=st.chapter, moment="hollow")

    def on_surge(self, ctx: Ctx, st: State, side: int, counts: list[tuple[str, int]]) -> list[tuple[str, int]] | None:
        """Spring Shower and Nightfall come with the surges (the hourglass has just moved)."""
        surges = st.stats.get("surges", 0)
        if surges >= RAIN_AT_SURGE and not raining(st):
            ctx.emit("story", "R-STORY-05", chapter=st.chapter, moment="rain")
            start_rain(ctx, st)
        if surges == NIGHT_AT_SURGE:
            ctx.emit("story", "R-STORY-05", chapter=st.chapter, moment="night")
            nightfall(ctx, st)
        return None

    def on_move_roll(self, ctx: Ctx, st: State, figure: str, face: int) -> None:
        """R-EXP-10: Olga charges a mouse that rolls a 1 for movement."""
        if figure in st.heroes and ctx.dice[face].number == 1:
            olga_charges(ctx, st, st.heroes[figure])

    def minion_turn_override(self, ctx: Ctx, st: State, m: Minion) -> bool:
        return creature_turn(ctx, st, m)

    def check_victory(self, ctx: Ctx, st: State) -> bool:
        """The hollow log: Bramble Hollow face up and clear of minions, every uncaptured mouse in the log."""
        if st.face_up.get(ctx.board.tile_of_side(HOLLOW)) != HOLLOW or minions_on_side(st, HOLLOW):
            return False
        mice = st.mice_on_board()
        return bool(mice) and all(h.space == HOLLOW_LOG for h in mice)


# Registered by a call, not a class decorator: mypyc compiles a decorated class as a slow non-native class.
chapter_rules("the-trickle-crossing")(TheTrickleCrossing)
