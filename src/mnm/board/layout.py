"""A board: physical tiles laid out as a chapter shows, joined where their exits line up (R-EXPLORE).

Which side of each physical tile is face up is game state (it changes when tiles are flipped); the board only
knows the positions and both sides of every tile. All orientation arrows point north (R-SETUP-05,
R-EXPLORE-11), so flipping a tile never rotates it: a side's map is always drawn the same way up.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Final

from mnm.board.geometry import BoardExit, Space, TileGraph, compile_side
from mnm.content.loader import Content
from mnm.content.schema import Chapter, ChapterPlacement, Side, TileSide

__all__ = ["OPPOSITE", "TREE_CLIMB", "Board", "build_board", "climb_target", "compile_all", "overlay_over", "space_side"]

TREE_CLIMB: Final = "tree-climb"  # the feature of a space showing the tree-climb symbol (R-EXP-19)
OPPOSITE = {Side.N: Side.S, Side.S: Side.N, Side.E: Side.W, Side.W: Side.E}
_STEP = {Side.N: (0, -1), Side.S: (0, 1), Side.E: (1, 0), Side.W: (-1, 0)}


_SIDE_OF: Final[dict[str, int]] = {}  # parsed once per id (asked for every figure, after every step)


def space_side(space_id: str) -> int:
    """The tile side a space id belongs to: ``space_side("5:12") == 5``."""
    side = _SIDE_OF.get(space_id)
    if side is None:
        side = int(space_id.split(":", 1)[0])
        if len(_SIDE_OF) < 100_000:  # ids typed by players are not all remembered
            _SIDE_OF[space_id] = side
    return side


# Caches keyed by object ids hold the objects they were built from and check them on a hit: a content made for
# one chapter file and dropped may leave its id to another one (chapter files are validated and played by the
# hundred in a server), which must never get the first one's board.
_CACHE_LIMIT: Final = 2_000
_COMPILED: Final[dict[int, tuple[Mapping[int, TileSide], Mapping[int, TileGraph]]]] = {}


def compile_all(content: Content) -> Mapping[int, TileGraph]:
    """Compile every tile side of ``content`` once (cached per set of tile sides: a content that adds a chapter
    shares the compiled sides of the content it extends)."""
    key = id(content.tile_sides)
    hit = _COMPILED.get(key)
    if hit is not None and hit[0] is content.tile_sides:
        return hit[1]
    graphs = {sid: compile_side(side) for sid, side in content.tile_sides.items()}
    if len(_COMPILED) >= _CACHE_LIMIT:
        _COMPILED.clear()
    _COMPILED[key] = (content.tile_sides, graphs)
    return graphs


@dataclass(frozen=True)
class Board:
    """The tiles of one chapter: where each physical tile lies and both of its sides."""

    graphs: Mapping[int, TileGraph]  # every side of every placed tile
    positions: Mapping[int, tuple[int, int]]  # physical tile -> (x, y) in tile units
    sides_of: Mapping[int, tuple[int, ...]]  # physical tile -> its sides
    initial_up: Mapping[int, int]  # physical tile -> side face up at setup
    spaces: Mapping[str, Space]
    mouse_nbrs: Mapping[str, tuple[tuple[str, int], ...]]  # space -> (neighbour, cost) for a mouse
    water: frozenset[str]  # water spaces
    order: Mapping[str, int]  # a stable sort key for space ids (side, then number)
    gecko_edges: frozenset[tuple[str, str]] = frozenset()  # [EXP] R-EXP-18: yellow lines with a gecko print
    # space id -> the graph of its side: graph_of in one lookup (rules ask it many times per decision)
    space_graph: Mapping[str, TileGraph] = field(default_factory=dict)
    # space id -> the spaces a mouse steps to from it (the ids of mouse_nbrs, as a set)
    mouse_near: Mapping[str, frozenset[str]] = field(default_factory=dict)
    # physical tiles a rule lays during the chapter (add_tile): off the table until the game's face_up has them
    later: frozenset[int] = frozenset()

    @classmethod
    def for_chapter(cls, content: Content, chapter: Chapter) -> Board:
        return _board_for(content, chapter.id)

    def on_table(self, face_up: Mapping[int, int]) -> list[int]:
        """The physical tiles on the table in a game whose face-up sides are ``face_up``: every tile but those a
        rule has yet to lay (add_tile, :attr:`later`), in tile order."""
        return sorted(t for t in self.positions if t in face_up or t not in self.later)

    def graph(self, side: int) -> TileGraph:
        return self.graphs[side]

    def graph_of(self, space_id: str) -> TileGraph:
        graph = self.space_graph.get(space_id)
        return graph if graph is not None else self.graphs[space_side(space_id)]

    def space(self, space_id: str) -> Space:
        return self.spaces[space_id]

    def tile_of_side(self, side: int) -> int:
        return self.graphs[side].tile

    def other_side(self, side: int) -> int | None:
        """The back of ``side``'s physical tile, when the box has it."""
        for s in self.sides_of[self.tile_of_side(side)]:
            if s != side:
                return s
        return None

    def neighbour_tile(self, tile: int, edge: Side) -> int | None:
        """The physical tile lying next to ``tile`` across ``edge``, if any."""
        x, y = self.positions[tile]
        dx, dy = _STEP[edge]
        for t, pos in self.positions.items():
            if pos == (x + dx, y + dy):
                return t
        return None

    def aligned_exit(self, from_side: int, exit_index: int, target_side: int) -> BoardExit | None:
        """R-EXPLORE-03: the exit of ``target_side`` that lines up with this exit and has its colour."""
        ex = self.graphs[from_side].exits[exit_index]
        facing = OPPOSITE[ex.edge]
        for other in self.graphs[target_side].exits:
            if other.edge is facing and other.colour is ex.colour and other.start <= ex.end and ex.start <= other.end:
                return other
        return None

    def exit_leads_to(self, side: int, exit_index: int) -> tuple[int, ...]:
        """R-EXPLORE-03/04: the sides that exploring exit ``exit_index`` of ``side`` can reveal, whichever side of
        the neighbour is face up (during play ``mnm.engine.exit_target`` says which one it is now): a side whose
        colour matches, or one reached by flipping a neighbour whose face-up side does not match. Naming where an
        explore leads, and planning a way through the chapter."""
        ex = self.graphs[side].exits[exit_index]
        nb = self.neighbour_tile(self.tile_of_side(side), ex.edge)
        if nb is None:
            return ()
        colour = self.graphs[side].colour
        out: list[int] = []
        for t in self.sides_of[nb]:
            back = self.other_side(t)
            shown_when = self.graphs[t].colour == colour or (back is not None and self.graphs[back].colour != colour)
            if shown_when and self.aligned_exit(side, exit_index, t) is not None:
                out.append(t)
        return tuple(out)


_BOARDS: Final[dict[tuple[int, str], tuple[Chapter, Mapping[int, TileSide], Board]]] = {}


def _board_for(content: Content, chapter_id: str) -> Board:
    key = (id(content), chapter_id)
    chapter = content.chapters[chapter_id]
    hit = _BOARDS.get(key)
    if hit is not None and hit[0] is chapter and hit[1] is content.tile_sides:
        return hit[2]
    sides = content.tile_sides
    placed = {sides[p.side].tile for p in chapter.layout if p.side in sides}
    # a side that does not exist, or whose tile is already placed, is the validator's to report (chapters.file)
    added = tuple(p for p in chapter.added_tiles if p.side in sides and sides[p.side].tile not in placed)
    board = build_board(content, chapter.layout + added)
    if added:
        board = replace(board, later=frozenset(board.tile_of_side(p.side) for p in added))
    if len(_BOARDS) >= _CACHE_LIMIT:
        _BOARDS.clear()
    _BOARDS[key] = (chapter, content.tile_sides, board)
    return board


def build_board(content: Content, layout: Sequence[ChapterPlacement]) -> Board:
    """The board of a layout, uncached (:meth:`Board.for_chapter` keeps one per chapter; the workshop draws a
    draft's layout before it is a whole chapter). Every side placed must exist in ``content``."""
    all_graphs = compile_all(content)
    positions: dict[int, tuple[int, int]] = {}
    sides_of: dict[int, tuple[int, ...]] = {}
    initial_up: dict[int, int] = {}
    graphs: dict[int, TileGraph] = {}
    for p in layout:
        tile = content.tile_sides[p.side].tile
        positions[tile] = p.at
        initial_up[tile] = p.side
        sides = tuple(sorted(s.id for s in content.tile_sides.values() if s.tile == tile))
        sides_of[tile] = sides
        for s in sides:
            graphs[s] = all_graphs[s]
    spaces = {sp.id: sp for g in graphs.values() for sp in g.spaces}
    nbrs = {
        sp.id: tuple((g.spaces[j].id, c) for j, c in sorted(g.mouse_cost[sp.index].items()))
        for g in graphs.values()
        for sp in g.spaces
    }
    ordered = sorted(spaces.values(), key=lambda sp: (sp.side, sp.n))
    board = Board(
        graphs=graphs,
        positions=positions,
        sides_of=sides_of,
        initial_up=initial_up,
        spaces=spaces,
        mouse_nbrs=nbrs,
        water=frozenset(sp.id for sp in ordered if sp.water),
        order={sp.id: i for i, sp in enumerate(ordered)},
        gecko_edges=frozenset(
            (g.spaces[a].id, g.spaces[b].id) for g in graphs.values() for a, b in g.gecko_lines
        ),
        space_graph={sp.id: g for g in graphs.values() for sp in g.spaces},
        mouse_near={sid: frozenset(nb for nb, _ in steps) for sid, steps in nbrs.items()},
    )
    return board


def overlay_over(board: Board, content: Content, space: str) -> int | None:
    """The branch overlay (an Upwood tile side of this board) laid over the tree-climb symbol on ``space``, if
    the chapter has one (R-EXP-19; ``overlay_of`` in the side's content)."""
    for side in board.graphs:
        if content.tile_sides[side].overlay_of == space:
            return side
    return None


def climb_target(board: Board, content: Content, space: str) -> str:
    """Where a climb from the symbol on ``space`` puts the party: up on the overlay's symbol when the chapter
    lays one there; down on the symbol below when ``space`` is an overlay's own symbol (the same symbol serves
    for going back down into Downwood, R-EXP-19); else the symbol itself (a chapter with no overlay)."""
    below = content.tile_sides[space_side(space)].overlay_of
    if below is not None:
        return below
    up = overlay_over(board, content, space)
    if up is None:
        return space
    return next(sp.id for sp in board.graph(up).spaces if TREE_CLIMB in sp.features)
