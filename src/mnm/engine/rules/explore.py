"""Explore (R-EXPLORE-01..14): through a lined-up exit to the next tile, or by flipping the tile.

``explore <mouse> exit-<n>`` uses exit ``n`` of the mouse's tile side; ``explore <mouse> flip`` uses the flip
space the mouse stands on. Exploring a side not yet revealed in this chapter draws an encounter (R-ENC-02).
"""

from __future__ import annotations

from typing import Any

from mnm.board.layout import space_side
from mnm.content.schema import HeroClass
from mnm.engine.actions import Action
from mnm.engine.context import Ctx, decision, push, step, turn_verb
from mnm.engine.query import can_enter, hero_name, mice_on_side, minions_on_side
from mnm.engine.rules.allies import helpers_leave
from mnm.engine.rules.bees import bees_leave_on_explore
from mnm.engine.rules.initiative import remove_type_if_gone
from mnm.engine.rules.party_items import lose_token, tokens_left_behind
from mnm.engine.rules.spaces import place_mice
from mnm.engine.rules.turn import action_available, spend_action
from mnm.engine.state import Hero, Pending, State, Turn

__all__ = ["exit_target", "explore_blocker", "explore_options", "flip_spaces", "place_group", "things_left_on", "turn_tile_over"]


def exit_target(ctx: Ctx, st: State, side: int, exit_index: int) -> tuple[int, int] | None:
    """For an exit of ``side``: (the neighbour's side that would be face up, the lined-up exit's index),
    or None when exploring there is impossible (R-EXPLORE-03/04)."""
    board = ctx.board
    ex = board.graph(side).exits[exit_index]
    tile = board.tile_of_side(side)
    nb = board.neighbour_tile(tile, ex.edge)
    up = st.face_up.get(nb) if nb is not None else None
    if up is None:  # no tile there, or one a rule has yet to lay (add_tile)
        return None
    target = up
    if board.graph(up).colour != board.graph(side).colour:
        other = board.other_side(up)
        if other is None:
            return None
        target = other  # R-EXPLORE-04: flip the neighbour to show the same colour
        if any(h.space is not None and board.graph_of(h.space).side == up for h in st.mice_on_board()):
            return None  # a tile with mice on it cannot be flipped over them (docs/rulings.md)
        if minions_on_side(st, up):
            return None  # nor over minions (R-EXPLORE-01's reason; docs/rulings.md R-EXPLORE-04)
    aligned = board.aligned_exit(side, exit_index, target)
    if aligned is None:
        return None
    return target, aligned.index


def explore_blocker(ctx: Ctx, st: State, h: Hero, t: Turn) -> str:
    """Why this mouse cannot explore at all now ('' if it may)."""
    if not action_available(st, t):
        return f"{hero_name(ctx, h.id)} has already taken an action this turn"
    if "stunned" in h.statuses:
        return f"{hero_name(ctx, h.id)} is stunned: Recover is the only action allowed (R-NEG-02)"
    assert h.space is not None
    side = ctx.board.graph_of(h.space).side
    if minions_on_side(st, side):
        return "no exploring while minions are on this tile (R-EXPLORE-01)"
    return ""


def _flip_allowed(ctx: Ctx, st: State, h: Hero) -> str:
    assert h.space is not None
    sp = ctx.board.spaces[h.space]
    if sp.flip is None:
        return f"{hero_name(ctx, h.id)} is not on a flip space (R-EXPLORE-02)"
    if ctx.board.other_side(sp.side) is None:
        return "this tile has no other side in the box"
    if sp.flip == "gear" and not {HeroClass.TINKERER, HeroClass.SCAMP} & set(ctx.content.heroes[h.id].classes):
        return "only a Tinkerer or a Scamp can explore a gear flip space (R-EXPLORE-08)"
    if sp.flip == "gecko" and HeroClass.WILD not in ctx.content.heroes[h.id].classes:
        return "only a Wild mouse can explore a flip space marked with a gecko print (R-EXP-18)"
    if sp.flip == "fishhook" and "fishhook" not in st.stash:
        return "a fishhook flip space needs the Fishhook & Thread in the party stash (R-EXPLORE-07)"
    return ""


def explore_options(ctx: Ctx, st: State, h: Hero, t: Turn) -> list[Action]:
    if h.space is None or not action_available(st, t) or "stunned" in h.statuses:
        return []  # the first two of explore_blocker's reasons, without building the sentence
    if explore_blocker(ctx, st, h, t):
        return []
    out = []
    graph = ctx.board.graph_of(h.space)
    for ex in graph.exits:
        if h.space in ex.spaces and exit_target(ctx, st, graph.side, ex.index) is not None:
            if not ctx.rules.explore_precondition(ctx, st, h.id, f"exit-{ex.index}"):
                out.append(Action("explore", h.id, (f"exit-{ex.index}",)))
    if not _flip_allowed(ctx, st, h) and not ctx.rules.explore_precondition(ctx, st, h.id, "flip"):
        out.append(Action("explore", h.id, ("flip",)))
    return out


def _explain(ctx: Ctx, st: State, h: Hero, t: Turn, a: Action) -> str:
    if len(a.args) != 1:
        return "say where: 'explore <mouse> exit-<n>' or 'explore <mouse> flip'"
    why = explore_blocker(ctx, st, h, t)
    if why:
        return why
    assert h.space is not None
    graph = ctx.board.graph_of(h.space)
    where = a.args[0]
    reason = ctx.rules.explore_precondition(ctx, st, h.id, where)
    if reason:
        return str(reason)
    if where == "flip":
        return _flip_allowed(ctx, st, h)
    if not where.startswith("exit-") or not where[5:].isdigit() or int(where[5:]) >= len(graph.exits):
        return f"this tile has no exit {where!r}; exits: {', '.join(f'exit-{e.index}' for e in graph.exits) or 'none'}"
    ex = graph.exits[int(where[5:])]
    if h.space not in ex.spaces:
        return f"{hero_name(ctx, h.id)} is not next to {where} (R-EXPLORE-02)"
    return "no tile lies there with a lined-up exit of the same colour (R-EXPLORE-03/04)"


def _apply(ctx: Ctx, st: State, h: Hero, t: Turn, a: Action) -> None:
    spend_action(ctx, st, t)
    helpers_leave(ctx, st)  # [EXP] R-EXP-01/02, R-EXPLORE-12: allies and pets leave play
    bees_leave_on_explore(ctx, st)  # [EXP] R-EXP-08
    assert h.space is not None
    side = ctx.board.graph_of(h.space).side
    where = a.args[0]
    if where == "flip":
        push(st, ["explore_flip", h.id, side])
    else:
        target = exit_target(ctx, st, side, int(where[5:]))
        assert target is not None
        push(st, ["explore_exit", h.id, side, target[0], target[1]])
    ctx.rules.on_explore_attempt(ctx, st, h.id, where)  # a chapter may react; what it pushes runs first


turn_verb("explore", explore_options, _apply, _explain)


def place_group(ctx: Ctx, st: State, mice: list[Hero], spaces: list[str], rule: str = "R-EXPLORE-05") -> list[Hero]:
    """Put mice on the given spaces in order, spilling onto adjacent spaces when they fill (R-EXPLORE-05/06), by
    the one placement every rule uses (:func:`mnm.engine.rules.spaces.place_mice`: face up, with room, nearest).
    Returns the mice that found no room (space None); the caller decides what becomes of them."""
    left = place_mice(ctx, st, mice, spaces)
    for h in mice:
        if h.space is not None:
            ctx.emit("mouse_placed", rule, hero=h.id, space=h.space)
    return left


def _land(ctx: Ctx, st: State, mice: list[Hero], spaces: list[str], rule: str) -> None:
    """An exploration's landing: a mouse that finds no room on the whole side (never on a shipped tile) stays
    where it stood."""
    was = {h.id: h.space for h in mice}
    for h in place_group(ctx, st, mice, spaces, rule):
        h.space = was[h.id]


def things_left_on(ctx: Ctx, st: State, side: int) -> None:
    """What stays on a side that turns face down (R-EXPLORE-06 by a flip, R-EXPLORE-12): a Dinner Fork or Fishhook
    & Thread on it is lost and its card shuffled back into the search deck (R-PARTY-05/09, as when the mice leave
    the tile); a grape on it is lost the same way (as after a splat or a feast, R-PARTY-12/13); mousetrap markers
    on it go back to the box (docs/rulings.md R-EXPLORE-06): nothing waits on a hidden side."""
    tokens_left_behind(ctx, st, side)
    grape = st.tokens.get("grape")
    if grape and space_side(grape[0]) == side:
        lose_token(ctx, st, "grape", "R-PARTY-12")
    for space in [s for s in st.traps if space_side(s) == side]:
        st.traps.remove(space)
        ctx.emit("trap_turned_away", "R-EXPLORE-06", space=space)


def turn_tile_over(ctx: Ctx, st: State, side: int, new_side: int, mice: list[Hero], landing: list[str], rule: str) -> None:
    """Turn the tile showing ``side`` over to ``new_side`` (R-EXPLORE-06): the one function for an explore flip
    and a chapter's ``flip_tile``. The mice on it (``mice``, the exploring mouse first) come off; minions on it
    leave the board (an explore never flips over minions, R-EXPLORE-01; a chapter may); what was left on the
    old side is dealt with (:func:`things_left_on`); the tile turns, keeping its arrow (R-EXPLORE-11); the mice
    land on ``landing`` (the revealed side's flip location), spilling onto adjacent spaces (R-EXPLORE-06).
    With mice on it, the revealed side is explored: its ``tile_revealed`` rules fire and, the first time, its
    encounter is drawn (R-EXPLORE-09, R-ENC-02). A side turned up with no mouse on it meets its encounter when
    the mice first explore into it."""
    tile = ctx.board.tile_of_side(side)
    for x in mice:
        x.space = None
    gone = minions_on_side(st, side)
    for m in gone:
        del st.minions[m.id]
    things_left_on(ctx, st, side)
    st.face_up[tile] = new_side
    ctx.emit("tile_flipped", rule, tile=tile, src=side, dst=new_side)
    if mice:
        _land(ctx, st, mice, landing, "R-EXPLORE-06")
    for m in gone:
        remove_type_if_gone(ctx, st, m.type)
    if mice:
        _revealed(ctx, st, new_side)


def _revealed(ctx: Ctx, st: State, new_side: int) -> None:
    """The mice are on ``new_side``: a chapter's tile_revealed rules, and its encounter the first time
    (R-EXPLORE-09)."""
    ctx.rules.on_explore(ctx, st, new_side)
    if new_side not in st.explored:
        st.explored.append(new_side)
        push(st, ["encounter", new_side])  # R-EXPLORE-09


def _arrive(ctx: Ctx, st: State, h: Hero, old_side: int, new_side: int) -> None:
    tokens_left_behind(ctx, st, old_side)  # R-EXPLORE-12
    _revealed(ctx, st, new_side)


def _landing_spaces(ctx: Ctx, st: State, target: int, exit_index: int) -> list[str]:
    """The spaces next to the new tile's exit area the mice may be placed on (room for a mouse, not barred)."""
    return [
        s
        for s in ctx.board.graph(target).exits[exit_index].spaces
        if can_enter(ctx, st, s) and not ctx.board.spaces[s].minions_barred
    ]


@step("explore_exit")
def _explore_exit(ctx: Ctx, st: State, args: list[Any]) -> None:
    h = st.heroes[str(args[0])]
    side, target, exit_index = int(args[1]), int(args[2]), int(args[3])
    tile = ctx.board.tile_of_side(target)
    if st.face_up[tile] != target:  # R-EXPLORE-04: turned over first, by the one function (no one on it)
        turn_tile_over(ctx, st, st.face_up[tile], target, [], [], "R-EXPLORE-04")
    spaces = list(ctx.board.graph(target).exits[exit_index].spaces)
    if len(args) > 4:
        spaces.remove(str(args[4]))
        spaces.insert(0, str(args[4]))  # the party's choice first; the others take the spill (R-EXPLORE-05)
    else:
        landing = _landing_spaces(ctx, st, target, exit_index)
        if len(landing) > 1 and not st.options.get("auto_pick_choices"):
            # R-EXPLORE-05: "placed on space(s) adjacent to the exit area": the party picks where it lands
            st.pending = Pending(
                "exit_landing",
                "party",
                {"hero": h.id, "side": side, "target": target, "exit": exit_index, "spaces": landing},
            )
            return
    mice = [h] + [x for x in mice_on_side(st, side) if x.id != h.id]
    ctx.emit("explores_exit", "R-EXPLORE-05", hero=h.id, src=side, dst=target)
    _land(ctx, st, mice, spaces, "R-EXPLORE-05")
    _arrive(ctx, st, h, side, target)


def _exit_landing_options(ctx: Ctx, st: State, p: Pending) -> list[Action]:
    return [Action("choose", "party", (str(s),)) for s in p.data["spaces"]]


def _exit_landing_apply(ctx: Ctx, st: State, p: Pending, a: Action) -> None:
    d = p.data
    push(st, ["explore_exit", str(d["hero"]), int(d["side"]), int(d["target"]), int(d["exit"]), a.args[0]])


def _exit_landing_explain(ctx: Ctx, st: State, p: Pending, a: Action) -> str:
    spaces = ", ".join(str(s) for s in p.data["spaces"])
    return (
        "the new tile's exit area borders several spaces: the party picks where the mice land with "
        f"'choose party <space>' ({spaces}) (R-EXPLORE-05)"
    )


decision(
    "exit_landing", _exit_landing_options, _exit_landing_apply, _exit_landing_explain, prompt="exit_landing_prompt"
)


def flip_spaces(ctx: Ctx, side: int) -> list[str]:
    """The flip locations of ``side`` (its first space when it has none)."""
    flips = [sp.id for sp in ctx.board.graph(side).spaces if sp.flip is not None]
    return flips or [ctx.board.graph(side).spaces[0].id]


@step("explore_flip")
def _explore_flip(ctx: Ctx, st: State, args: list[Any]) -> None:
    """R-EXPLORE-06: mice off, flip keeping the arrow, every mouse on the revealed side's flip location."""
    h = st.heroes[str(args[0])]
    side = int(args[1])
    other = ctx.board.other_side(side)
    assert other is not None
    flips = flip_spaces(ctx, other)
    if len(args) > 2:
        flips = [str(args[2])]
    elif len(flips) > 1:
        # R-EXPLORE-10: the revealed side has several flip spaces: the party picks where everyone lands
        st.pending = Pending("flip_landing", "party", {"hero": h.id, "side": side, "spaces": flips})
        return
    if minions_on_side(st, side):
        # a chapter's explore_attempt rule put a minion on the tile: it is not turned over minions (R-EXPLORE-01)
        ctx.emit("flip_stopped_by_minions", "R-EXPLORE-01", hero=h.id, side=side)
        return
    mice = [h] + [x for x in mice_on_side(st, side) if x.id != h.id]
    turn_tile_over(ctx, st, side, other, mice, flips[:1], "R-EXPLORE-06")


def _landing_options(ctx: Ctx, st: State, p: Pending) -> list[Action]:
    return [Action("choose", "party", (str(s),)) for s in p.data["spaces"]]


def _landing_apply(ctx: Ctx, st: State, p: Pending, a: Action) -> None:
    push(st, ["explore_flip", str(p.data["hero"]), int(p.data["side"]), a.args[0]])


def _landing_explain(ctx: Ctx, st: State, p: Pending, a: Action) -> str:
    spaces = ", ".join(str(s) for s in p.data["spaces"])
    return f"the revealed side has several flip spaces: the party picks one with 'choose party <space>' ({spaces}) (R-EXPLORE-10)"


decision("flip_landing", _landing_options, _landing_apply, _landing_explain, prompt="flip_landing_prompt")
