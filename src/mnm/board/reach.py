"""Where the mice of a chapter can get to: from the start space, by walking, exploring exits and flipping.

Used by the chapter file checks (``mnm chapter validate``): a goal, a trigger or a setup piece on a space the
mice can never reach is an error in the chapter, not something to find out by playing. The reach is generous
(it never says "unreachable" of a space some game could reach): every face of a neighbouring tile counts
whichever face is up, flips that need a class or a card count as possible, and figures never block.
"""

from __future__ import annotations

from dataclasses import dataclass

from mnm.board.layout import TREE_CLIMB, Board, climb_target
from mnm.content.loader import Content
from mnm.content.schema import Chapter

__all__ = ["Reach", "reachable_spaces"]


@dataclass(frozen=True)
class Reach:
    """The physical tiles laid out, and the tile sides and spaces the mice can reach from the start."""

    laid_tiles: frozenset[int]
    sides: frozenset[int]
    spaces: frozenset[str]


def reachable_spaces(
    content: Content,
    chapter: Chapter,
    barred: frozenset[str] = frozenset(),
    lines: frozenset[frozenset[str]] = frozenset(),
) -> Reach:
    """Breadth-first from ``chapter.start_space`` over steps, exits (R-EXPLORE-03/04), flips (R-EXPLORE-06)
    and tree climbs (R-EXP-19). ``barred``: spaces no figure may enter (``bar_space``); ``lines``: pairs of
    spaces no figure may step between (``bar_line``); both for the whole game (the caller decides which bars
    those are)."""
    board = Board.for_chapter(content, chapter)
    seen = {chapter.start_space}
    todo = [chapter.start_space]
    while todo:
        here = todo.pop()
        for there in _next_spaces(board, content, here):
            if there in barred or (lines and frozenset((here, there)) in lines):
                continue
            if there not in seen:
                seen.add(there)
                todo.append(there)
    sides = frozenset(board.spaces[s].side for s in seen)
    return Reach(frozenset(board.positions), sides, frozenset(seen))


def _next_spaces(board: Board, content: Content, here: str) -> list[str]:
    out = [there for there, _ in board.mouse_nbrs[here]]
    space = board.spaces[here]
    if TREE_CLIMB in space.features:  # [EXP] R-EXP-19: a climb is an explore
        out.append(climb_target(board, content, here))
    graph = board.graph(space.side)
    tile = graph.tile
    for ex in graph.exits:
        if here not in ex.spaces:
            continue
        nb = board.neighbour_tile(tile, ex.edge)
        if nb is None:
            continue
        for target in board.sides_of[nb]:
            aligned = board.aligned_exit(space.side, ex.index, target)
            if aligned is not None:
                out += aligned.spaces
    other = board.other_side(space.side)
    if space.flip is not None and other is not None:
        back = board.graph(other)
        out += [sp.id for sp in back.spaces if sp.flip is not None] or [back.spaces[0].id]
    return out
