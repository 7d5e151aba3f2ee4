"""Chapter 1, Flight to Barksburg: the chapter's special rules (CONTENT.md §10, docs/rulings.md).

* Guard Room (5): special search Tinkerer's Treasure and special surge of 2 Rat Warriors (chapter data).
* Sewer (6): special search in water spaces, Fishhook & Thread (chapter data); "Leaving the Sewers": a mouse
  may explore through a Sewer exit only while the party has the Fishhook & Thread, in the stash or placed
  on the Sewer (the mice climb out on the thread) — our completion of the cut-off rule.
* Kitchen (3): counter cheese (3 tokens when the Kitchen is first revealed): while any remain, roaches on
  the Kitchen head for the counter instead of the mice, and a roach that starts its turn on the counter eats
  (1 counter cheese to the minion wheel) instead of attacking; every CHEESE rolled for a roach on the Kitchen
  moves 1 more counter cheese to the wheel. "Gaining Miz Maggie's Attention": a mouse that defeats a roach on
  the Kitchen rolls 1 die; no success: knocked down and the roach comes back on the counter; success: the
  Miz Maggie Ally story achievement (end marker +1 page), and no more rolls.
* Courtyard (1): the tree entrance (geometry: only the space by the hole touches it; minions barred) and the
  old crow: a 1 on the movement die of a figure on the Courtyard deals it 1 unblockable wound.
* Victory: the Courtyard clear of minions and every uncaptured mouse on the tree entrance.
"""

from __future__ import annotations

from typing import ClassVar

from mnm.board.layout import space_side
from mnm.engine.chapters.advice import Route, route_progress
from mnm.engine.context import Ctx
from mnm.engine.dice import roll
from mnm.engine.hooks import ChapterRules, chapter_rules
from mnm.engine.query import can_enter, mice_in, minions_on_side
from mnm.engine.rules.battle import wound_minion
from mnm.engine.rules.capture import wound_hero
from mnm.engine.rules.initiative import add_cards, cards_for_types
from mnm.engine.rules.minions import path_toward
from mnm.engine.state import Minion, State

COURTYARD = 1
KITCHEN = 3
SEWER = 6
COUNTER_CHEESE = 3
MAGGIE = "miz-maggie-ally"


# --- Sewer: Leaving the Sewers ----------------------------------------------------------------------------


# --- Courtyard: the dastardly old crow --------------------------------------------------------------------


# --- Kitchen: counter cheese and Miz Maggie ---------------------------------------------------------------


def _counter(ctx: Ctx) -> str | None:
    for sp in ctx.board.graph(KITCHEN).spaces:
        if sp.special and sp.name == "counter":
            return sp.id
    return None


def _counter_to_wheel(ctx: Ctx, st: State, n: int) -> None:
    have = int(st.chapter_data.get("counter", 0))
    moved = min(have, n)
    if moved:
        st.chapter_data["counter"] = have - moved
        st.wheel += moved
        ctx.emit("counter_cheese_eaten", "R-SURGE-01", amount=moved, left=have - moved, wheel=st.wheel)


# --- advice for bots (not a rule: the way through the chapter, as a strategy guide would tell it) --------

ROUTE: dict[int, Route] = {
    5: (("5:8",), "flip"),  # the sewer grate
    6: (("6:9", "6:12"), "exit-0"),  # out of the Sewer toward the Kitchen Tunnels
    4: (("4:6",), "exit-1"),
    2: (("2:14",), "flip"),  # the crack into the Courtyard
    3: (("3:9", "3:12"), "exit-1"),
    1: (("1:16",), ""),  # the tree entrance: standing there is the goal
}
SEWER_WATER = ("6:6", "6:8", "6:11", "6:14")


ROUTE_ORDER = (5, 6, 4, 2, 1)


class FlightToBarksburg(ChapterRules):
    """Chapter 1, Flight to Barksburg: the special rules listed in this module's docstring."""

    chapter_id: ClassVar[str] = "flight-to-barksburg"

    def on_setup(self, ctx: Ctx, st: State) -> None:
        ctx.emit("story", "R-STORY-02", chapter=st.chapter, moment="opening")

    def on_explore(self, ctx: Ctx, st: State, side: int) -> None:
        """Story moments and tile setup when a side is first revealed (R-STORY-03)."""
        if side in st.explored:
            return
        if side == COURTYARD:
            ctx.emit("story", "R-STORY-03", chapter=st.chapter, moment="courtyard")
        if side == KITCHEN and "counter" not in st.chapter_data:
            st.chapter_data["counter"] = COUNTER_CHEESE
            ctx.emit("counter_cheese_set", "R-STORY-03", amount=COUNTER_CHEESE)

    def check_victory(self, ctx: Ctx, st: State) -> bool:
        """Victory: the Courtyard is clear of minions and every uncaptured mouse is on the tree entrance."""
        if st.face_up.get(ctx.board.tile_of_side(COURTYARD)) != COURTYARD:
            return False
        if minions_on_side(st, COURTYARD):
            return False
        mice = st.mice_on_board()
        if not mice:
            return False
        graph = ctx.board.graph(COURTYARD)
        return all(h.space is not None and h.space in graph.by_id and graph.by_id[h.space].minions_barred for h in mice)

    def on_victory(self, ctx: Ctx, st: State) -> None:
        ctx.emit("story", "R-STORY-02", chapter=st.chapter, moment="ending")

    def explore_precondition(self, ctx: Ctx, st: State, hero_id: str, where: str) -> str:
        """'' when allowed, else why not. Only Sewer exits are gated."""
        h = st.heroes[hero_id]
        if h.space is None or space_side(h.space) != SEWER or not where.startswith("exit-"):
            return ""
        hook = st.tokens.get("fishhook")
        if "fishhook" in st.stash or (hook and space_side(hook[0]) == SEWER):
            return ""
        if "fishhook-and-thread" not in st.special_found and all(SEWER in x.searched for x in st.heroes.values()):
            return ""  # nobody can search the Sewer again: the chapter stays winnable (docs/rulings.md R-EXPLORE-13)
        return "Leaving the Sewers: the mice need the Fishhook & Thread to climb out of the Sewer (Chapter 1)"

    def on_move_roll(self, ctx: Ctx, st: State, figure: str, face: int) -> None:
        """A 1 on the movement die of a figure on the Courtyard: the crow deals 1 unblockable wound
        (R-BATTLE-14). Mice on the tree entrance are safe."""
        if ctx.dice[face].number != 1:
            return
        if figure in st.heroes:
            h = st.heroes[figure]
            if h.space is None or space_side(h.space) != COURTYARD or ctx.board.spaces[h.space].minions_barred:
                return
            ctx.emit("old_crow", "R-BATTLE-14", figure=figure)
            wound_hero(ctx, st, h, 1, source="old crow")
        elif figure in st.minions:
            m = st.minions[figure]
            if space_side(m.space) != COURTYARD:
                return
            ctx.emit("old_crow", "R-BATTLE-14", figure=figure)
            wound_minion(ctx, st, m, 1, None)

    def minion_turn_override(self, ctx: Ctx, st: State, m: Minion) -> bool:
        """Roaches on the Kitchen go for the counter cheese while any is left (True: turn handled here)."""
        spec = ctx.content.minions[m.type]
        counter = _counter(ctx)
        if not spec.roach or counter is None or space_side(m.space) != KITCHEN:
            return False
        if int(st.chapter_data.get("counter", 0)) <= 0:
            return False
        if m.space == counter:
            _counter_to_wheel(ctx, st, 1)
            return True
        face = ctx.dice[roll(st, 1, f"{m.id}'s movement")[0]]
        path = path_toward(ctx, st, m, counter)
        steps: list[str] = []
        for space in path[: face.number]:
            steps.append(space)
            if mice_in(st, space):
                break  # entering a mouse's space still ends a minion's move (R-MOVE-08)
        if steps:
            src = m.space
            m.space = steps[-1]
            ctx.emit("roach_to_counter", "R-MINION-03", minion=m.id, src=src, dst=m.space, roll=face.number)
        return True

    def on_minion_cheese(self, ctx: Ctx, st: State, m: Minion, cheese: int) -> None:
        """Each CHEESE rolled for a roach on the Kitchen moves 1 counter cheese to the wheel."""
        if ctx.content.minions[m.type].roach and space_side(m.space) == KITCHEN:
            _counter_to_wheel(ctx, st, cheese)

    def on_minion_defeated(self, ctx: Ctx, st: State, m: Minion, hero_id: str | None) -> None:
        """Gaining Miz Maggie's Attention (Kitchen): defeating a roach calls for a 1-die check."""
        if hero_id is None or not ctx.content.minions[m.type].roach or space_side(m.space) != KITCHEN:
            return
        if MAGGIE in st.story_achievements:
            return
        h = st.heroes[hero_id]
        faces = roll(st, 1, "Miz Maggie's attention")
        if ctx.dice[faces[0]].star:
            st.story_achievements.append(MAGGIE)
            st.end_page += 1
            ctx.emit("miz_maggie_ally", "R-ACH-10", hero=hero_id, end_page=st.end_page)
            return
        if "knocked_down" not in h.statuses and not h.captured:
            h.statuses.append("knocked_down")
        counter = _counter(ctx)
        ctx.emit("miz_maggie_swats", "R-NEG-09", hero=hero_id)
        if counter is not None and can_enter(ctx, st, counter):
            st.minions[m.id] = Minion(m.id, m.type, counter, greedy=m.greedy)
            add_cards(ctx, st, [], cards_for_types(ctx, st, [m.type]))
            ctx.emit(
                "minion_placed", "R-STORY-03", minion=m.id, space=counter, why="Miz Maggie's mop", reason="chapter"
            )

    def bot_route(self, ctx: Ctx, st: State, side: int) -> Route | None:
        """Where the mice on ``side`` should head and what to do there: an explore argument (``exit-0``,
        ``flip``), ``search`` (the Fishhook & Thread in the Sewer's water), or ``""`` (just stand there)."""
        if side == SEWER and "fishhook" not in st.stash and "fishhook" not in st.tokens:
            return SEWER_WATER, "search"
        return ROUTE.get(side)

    def bot_progress(self, ctx: Ctx, st: State) -> float:
        """How far along the way the party is, 0..1 (bots' evaluation only)."""
        return route_progress(ctx, st, ROUTE_ORDER, self.bot_route)


# Registered by a call, not a class decorator: mypyc compiles a decorated class as a slow non-native class.
chapter_rules("flight-to-barksburg")(FlightToBarksburg)
