"""[EXP] Tree climbs and exit tree branches (R-EXP-19, R-EXP-20). Seed 003 gives them in two lines; our
reading (docs/rulings.md R-EXP-19/20):

* ``climb <mouse>``: an explore (no minion on the tile, R-EXPLORE-01) from a space showing the tree-climb
  symbol (feature ``tree-climb``): the branch overlay is laid at the symbol (``chapter_data["branches"]``) and
  every mouse on the tile is placed on the symbol, up on the branch. Like every explore, allies, pets and the
  bees following mice are left behind (R-EXPLORE-12).
* ``glide <mouse>``: the exit tree branch, an explore off a leaf: every free mouse must be on that leaf. With
  minions on the tile it first needs a success (1 die, a STAR). Then a die is rolled and the leaf, with the
  mice on it, sails that many spaces toward the nearest minion entry space (lowest number on ties), stopping
  there, passing over anything (it flies).
"""

from __future__ import annotations

from typing import Final

from mnm.board.layout import TREE_CLIMB, space_side
from mnm.board.layout import climb_target as board_climb_target
from mnm.board.layout import overlay_over as board_overlay_over
from mnm.engine.actions import Action
from mnm.engine.context import Ctx, turn_verb
from mnm.engine.dice import roll
from mnm.engine.query import hero_name, mice_in, minions_on_side
from mnm.engine.rules.allies import helpers_leave
from mnm.engine.rules.bees import bees_leave_on_explore
from mnm.engine.rules.leaves import leaf_at, on_leaf, room_for
from mnm.engine.rules.turn import action_available, spend_action
from mnm.engine.state import Hero, State, Turn

__all__ = ["climb_options", "climb_target", "glide_options", "overlay_over"]

CLIMB: Final = TREE_CLIMB


def _left_behind(ctx: Ctx, st: State) -> None:
    helpers_leave(ctx, st)
    bees_leave_on_explore(ctx, st)


# --- tree climb (R-EXP-19) -----------------------------------------------------------------------------------


def climb_options(ctx: Ctx, st: State, h: Hero, t: Turn) -> list[Action]:
    if h.space is None or not action_available(st, t) or CLIMB not in ctx.board.spaces[h.space].features:
        return []
    if minions_on_side(st, space_side(h.space)):
        return []
    return [Action("climb", h.id)]


def _climb_explain(ctx: Ctx, st: State, h: Hero, t: Turn, a: Action) -> str:
    if h.space is None or CLIMB not in ctx.board.spaces[h.space].features:
        return f"{hero_name(ctx, h.id)} is not on a tree-climb symbol (R-EXP-19)"
    if not action_available(st, t):
        return f"{hero_name(ctx, h.id)} has already taken an action this turn"
    return "a climb is an explore: not while minions are on the tile (R-EXPLORE-01)"


def overlay_over(ctx: Ctx, space: str) -> int | None:
    """The branch overlay (an Upwood tile side of this chapter's board) laid over the tree-climb symbol on
    ``space``, if the chapter has one (R-EXP-19; ``overlay_of`` in the side's content)."""
    return board_overlay_over(ctx.board, ctx.content, space)


def climb_target(ctx: Ctx, space: str) -> str:
    """Where a climb from the symbol on ``space`` puts the party (R-EXP-19; :func:`mnm.board.layout.climb_target`,
    which the chapter checks use too)."""
    return board_climb_target(ctx.board, ctx.content, space)


def _climb_apply(ctx: Ctx, st: State, h: Hero, t: Turn, a: Action) -> None:
    spend_action(ctx, st, t)
    assert h.space is not None
    here = h.space
    side = space_side(here)
    dest = climb_target(ctx, here)
    branches: list[str] = st.chapter_data.setdefault("branches", [])
    symbol = ctx.content.tile_sides[side].overlay_of or here  # the branch stands over the symbol below
    if symbol not in branches:
        branches.append(symbol)
    dest_side = space_side(dest)
    if dest_side != side:
        tile = ctx.board.tile_of_side(dest_side)
        st.face_up[tile] = dest_side
        if dest_side not in st.explored:
            st.explored.append(dest_side)  # the overlay is laid (or the ground below is back in play)
    party = [x for x in st.mice_on_board() if x.space is not None and space_side(x.space) == side]
    for x in party:
        x.space = dest
    ctx.emit("tree_climb", "R-EXP-19", hero=h.id, space=here, dst=dest, mice=[x.id for x in party])
    _left_behind(ctx, st)


turn_verb("climb", climb_options, _climb_apply, _climb_explain)


# --- exit tree branch (R-EXP-20) -----------------------------------------------------------------------------


def _glide_ready(ctx: Ctx, st: State, h: Hero) -> str:
    if h.space is None or not on_leaf(st, h.space):
        return f"{hero_name(ctx, h.id)} is not on a leaf (R-EXP-20)"
    if any(x.space != h.space for x in st.mice_on_board()):
        return "every mouse must be on the leaf to sail off on it (R-EXP-20)"
    return ""


def glide_options(ctx: Ctx, st: State, h: Hero, t: Turn) -> list[Action]:
    if not st.tokens or not action_available(st, t) or _glide_ready(ctx, st, h):  # no token: no leaf
        return []
    return [Action("glide", h.id)]


def _glide_explain(ctx: Ctx, st: State, h: Hero, t: Turn, a: Action) -> str:
    return _glide_ready(ctx, st, h) or f"{hero_name(ctx, h.id)} has already taken an action this turn"


def _glide_apply(ctx: Ctx, st: State, h: Hero, t: Turn, a: Action) -> None:
    spend_action(ctx, st, t)
    assert h.space is not None
    here = h.space
    graph = ctx.board.graph_of(here)
    if minions_on_side(st, graph.side):
        check = roll(st, 1, f"{h.id} pushing off the branch")
        if not ctx.dice[check[0]].star:
            ctx.emit("glide_fails", "R-EXP-20", hero=h.id, faces=list(check))
            return
    steps = ctx.dice[roll(st, 1, "the leaf's flight")[0]].number
    path: list[str] = []
    pos = here
    below = ctx.content.tile_sides[graph.side].overlay_of
    if below is not None:  # off an overlay's exit branch: the leaf drops to the roots below, its first space
        pos = below
        path.append(below)
        graph = ctx.board.graph_of(below)
    entries = [sp for sp in graph.spaces if sp.entry]
    i = graph.by_id[pos].index
    goal = min(entries, key=lambda sp: (graph.minion_dist[i][sp.index], sp.n)) if entries else None
    while goal is not None and len(path) < steps and pos != goal.id:
        j = graph.by_id[pos].index
        nexts = [k for k in graph.fly_cost[j] if graph.minion_dist[k][goal.index] < graph.minion_dist[j][goal.index]]
        if not nexts:
            break
        pos = min((graph.spaces[k] for k in nexts), key=lambda sp: sp.n).id
        path.append(pos)
    key = leaf_at(st, here)
    riders = mice_in(st, here)
    while path and not room_for(ctx, st, path[-1], len(riders)):
        path.pop()  # R-SPACE-02: the leaf stops short of a space its riders do not fit in
    pos = path[-1] if path else here
    if key is not None:
        st.tokens[key] = [pos]
    if space_side(pos) != space_side(here):
        st.face_up[ctx.board.tile_of_side(space_side(pos))] = space_side(pos)
    for x in riders:
        x.space = pos
    ctx.emit("leaf_glides", "R-EXP-20", hero=h.id, src=here, dst=pos, path=path, roll=steps)
    _left_behind(ctx, st)


turn_verb("glide", glide_options, _glide_apply, _glide_explain)
