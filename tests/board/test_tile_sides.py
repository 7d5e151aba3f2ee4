"""Invariants every tile side in the content must keep, checked for each side found (so new sides are covered
as soon as they land): geometry, symmetric connections, reachability, exits, markers and line of sight.

Where it can, a test re-derives its expectation from the raw YAML map rather than from the compiled graph, so a
bug in the compiler cannot hide behind itself.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from functools import cache
from typing import Any

import pytest
import yaml

from mnm.board.geometry import SMALL_CAPACITY, TileGraph, compile_side, validate_side
from mnm.content.loader import builtin_content, builtin_dir
from mnm.content.schema import LineKind, Side, SpaceKind, TileColour

CONTENT = builtin_content()
SIDES = sorted(CONTENT.tile_sides)
# Sides 7-16 were designed to one exit convention so that later chapters can join them (docs/content.md).
SLOTTED = [s for s in SIDES if s >= 7 and not CONTENT.tile_sides[s].expansion]  # [EXP] 17-20: own layouts
EXIT_SLOTS = {(2, 4), (7, 9)}


@cache
def graph(side: int) -> TileGraph:
    return compile_side(CONTENT.tile_sides[side])


@cache
def raw(side: int) -> dict[str, Any]:
    """The side's YAML file as written."""
    path = builtin_dir() / CONTENT.file_of("tile", str(side))
    data: dict[str, Any] = yaml.safe_load(path.read_text(encoding="utf-8"))
    return data


def _reach(start: int, neighbours: list[set[int]]) -> set[int]:
    seen = {start}
    queue = deque([start])
    while queue:
        u = queue.popleft()
        for v in neighbours[u]:
            if v not in seen:
                seen.add(v)
                queue.append(v)
    return seen


def _edge_cells(edge: Side, start: int, end: int, size: int) -> Iterable[tuple[int, int]]:
    for i in range(start, end + 1):
        yield {Side.N: (i, 0), Side.S: (i, size - 1), Side.W: (0, i), Side.E: (size - 1, i)}[edge]


def test_every_side_of_the_box_is_present_once() -> None:
    # 8 physical tiles, 16 numbered sides (CONTENT.md §9); side numbers are unique by construction of the dict
    assert list(range(1, 17)) == [s for s in SIDES if not CONTENT.tile_sides[s].expansion]  # [EXP] 17-20 apart


@pytest.mark.parametrize("side", SIDES)
def test_side_passes_geometry_validation(side: int) -> None:
    assert validate_side(CONTENT.tile_sides[side]) == []


@pytest.mark.parametrize("side", SIDES)
def test_physical_tile_has_two_sides_of_different_colours(side: int) -> None:
    # tile k = sides 2k-1 | 2k (CONTENT.md §9.2); the two faces differ in colour (R-EXPLORE-04 flips to match)
    tile = CONTENT.tile_sides[side]
    assert tile.tile == (side + 1) // 2
    back = side + 1 if side % 2 else side - 1
    assert CONTENT.tile_sides[back].tile == tile.tile
    assert {tile.colour, CONTENT.tile_sides[back].colour} == {TileColour.ORANGE, TileColour.BLUE}


@pytest.mark.parametrize("side", SIDES)
def test_spaces_are_the_map_cells_and_never_overlap(side: int) -> None:
    data = raw(side)
    rows: list[str] = data["map"]
    size = len(rows)
    assert size == 12 and all(len(r) == size for r in rows)
    expected: dict[str, set[tuple[int, int]]] = {}
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            if ch in data["spaces"]:
                expected.setdefault(ch, set()).add((x, y))
    g = graph(side)
    owner: dict[tuple[int, int], str] = {}
    for space in g.spaces:
        assert set(space.cells) == expected[space.key], space.id
        for cell in space.cells:
            assert cell not in owner, f"cell {cell} in both {owner[cell]} and {space.id}"
            assert 0 <= cell[0] < size and 0 <= cell[1] < size
            owner[cell] = space.id
        # the outline encloses exactly the space's cells (shoelace area, holes wind the other way)
        area = 0.0
        for loop in space.outline:
            area += (
                sum(
                    loop[i][0] * loop[(i + 1) % len(loop)][1] - loop[(i + 1) % len(loop)][0] * loop[i][1]
                    for i in range(len(loop))
                )
                / 2
            )
        assert abs(area) == pytest.approx(len(space.cells)), space.id
        # the centre (where sight lines start) lies inside the space
        assert (int(space.centre[0]), int(space.centre[1])) in set(space.cells), space.id
    assert len(g.spaces) == len(expected)


@pytest.mark.parametrize("side", SIDES)
def test_space_numbers_run_from_one_without_gaps(side: int) -> None:
    numbers = sorted(sp.n for sp in graph(side).spaces)
    assert numbers == list(range(1, len(numbers) + 1))
    assert all(sp.id == f"{side}:{sp.n}" for sp in graph(side).spaces)


@pytest.mark.parametrize("side", SIDES)
def test_connections_are_symmetric_and_costs_differ_only_across_yellow_lines(side: int) -> None:
    g = graph(side)
    yellow = {frozenset((ln.a, ln.b)) for ln in CONTENT.tile_sides[side].lines if ln.kind is LineKind.YELLOW}
    for a in g.spaces:
        for b_index in g.minion_adj[a.index]:
            assert a.index in g.minion_adj[b_index]
        for b_index in g.crossing_adj[a.index]:
            assert a.index in g.crossing_adj[b_index]
        for b_index, cost in g.mouse_cost[a.index].items():
            back = g.mouse_cost[b_index].get(a.index)
            assert back is not None, f"{a.id} -> {g.spaces[b_index].id} is one-way"
            b = g.spaces[b_index]
            if frozenset((a.key, b.key)) in yellow:
                assert {cost, back} == {1, 3}, (a.id, b.id)  # R-MOVE-03
            else:
                assert cost == back == 1, (a.id, b.id)  # R-MOVE-01
            # a mouse's neighbours are minion neighbours too (minions ignore lines, R-MOVE-13), except where
            # minions may never go (Chapter 1's tree entrance)
            if not (a.minions_barred or b.minions_barred):
                assert b_index in g.minion_adj[a.index]


@pytest.mark.parametrize("side", SIDES)
def test_every_space_can_be_reached(side: int) -> None:
    g = graph(side)
    n = len(g.spaces)
    # a mouse, allowed red-line crossings (Fishhook & Thread), reaches every space from every space
    mouse = [set(g.mouse_cost[i]) | set(g.crossing_adj[i]) for i in range(n)]
    # [EXP] lava and chasms are never walked into (R-EXP-04/21): only flyers reach them
    assert _reach(0, mouse) == {sp.index for sp in g.spaces if not sp.no_landing}
    # minions reach every space they may enter
    open_spaces = {sp.index for sp in g.spaces if not sp.minions_barred and not sp.no_landing}
    start = min(open_spaces)
    assert _reach(start, [set(m) for m in g.minion_adj]) == open_spaces


@pytest.mark.parametrize("side", SLOTTED)
def test_mice_reach_every_exit_and_flip_space_on_foot(side: int) -> None:
    # playability of the authored sides: no effect needed to get from any exit to any other exit or flip
    g = graph(side)
    n = len(g.spaces)
    targets = {g.by_id[s].index for ex in g.exits for s in ex.spaces} | {sp.index for sp in g.spaces if sp.flip}
    walk = [set(g.mouse_cost[i]) for i in range(n)]
    for t in targets:
        assert targets <= _reach(t, walk), g.spaces[t].id


@pytest.mark.parametrize("side", SIDES)
def test_every_exit_touches_real_spaces_on_its_edge(side: int) -> None:
    g = graph(side)
    rows: list[str] = raw(side)["map"]
    if CONTENT.tile_sides[side].region == "upwood":  # [EXP] a branch overlay is climbed onto, never entered by an exit
        assert not g.exits
        return
    assert g.exits, "a side needs at least one exit"
    for ex in g.exits:
        assert 0 <= ex.start <= ex.end < g.size
        assert ex.spaces, f"exit {ex.index} touches no space"
        cells = set(_edge_cells(ex.edge, ex.start, ex.end, g.size))
        expected = {
            f"{side}:{raw(side)['spaces'][rows[y][x]]['n']}" for x, y in cells if rows[y][x] in raw(side)["spaces"]
        }
        assert set(ex.spaces) == expected
    # exits on one edge do not overlap
    for a in g.exits:
        for b in g.exits:
            if a.index < b.index and a.edge is b.edge:
                assert a.end < b.start or b.end < a.start


@pytest.mark.parametrize("side", SLOTTED)
def test_authored_sides_use_the_exit_slots_on_several_edges(side: int) -> None:
    g = graph(side)
    edges = {ex.edge for ex in g.exits}
    assert len(edges) >= 3
    for ex in g.exits:
        assert (ex.start, ex.end) in EXIT_SLOTS
        assert ex.colour is g.colour  # an exit leads to a side of its own colour (R-EXPLORE-03/04)
        # the whole exit area is open floor, so it lines up cell for cell with its partner
        cells = list(_edge_cells(ex.edge, ex.start, ex.end, g.size))
        assert all(any(c in sp.cells for sp in g.spaces) for c in cells)


@pytest.mark.parametrize("side", SIDES)
def test_markers_sit_on_real_spaces(side: int) -> None:
    g = graph(side)
    data = raw(side)
    for key, spec in data["spaces"].items():
        space = g.by_id[f"{side}:{spec['n']}"]
        assert space.key == key
        for flag in ("entry", "trap", "start", "minions_barred"):
            assert getattr(space, flag) == bool(spec.get(flag, False)), (space.id, flag)
        assert space.flip == spec.get("flip")
        assert space.features == tuple(spec.get("features", ()))
    assert any(sp.entry for sp in g.spaces), "minions need an entry space (R-ENC-05)"
    for space in g.spaces:
        if space.flip:
            assert not space.water  # the party is placed on the flip location (R-EXPLORE-06)
        if space.drift is not None:
            assert space.water  # only water has a current (R-WATER-03)
            if space.drift.startswith("off-"):
                edge = Side(space.drift[4:])
                assert any(c in space.cells for c in _edge_cells(edge, 0, g.size - 1, g.size))
            else:
                assert g.by_id[space.drift].side == side
                assert g.by_id[space.drift].index in g.minion_adj[space.index]  # drifts 1 space (R-WATER-04)


@pytest.mark.parametrize("side", SLOTTED)
def test_authored_sides_have_entries_and_a_way_to_flip(side: int) -> None:
    g = graph(side)
    assert sum(sp.entry for sp in g.spaces) >= 2
    assert sum(bool(sp.flip) for sp in g.spaces) >= 1
    assert 12 <= len(g.spaces) <= 30


@pytest.mark.parametrize("side", SIDES)
def test_capacity_is_four_except_special_areas(side: int) -> None:
    for space in graph(side).spaces:
        if space.kind is SpaceKind.SPECIAL:
            assert space.capacity == CONTENT.tile_sides[side].spaces[space.key].capacity
        else:
            assert space.capacity == SMALL_CAPACITY  # R-SPACE-01


@pytest.mark.parametrize("side", SIDES)
def test_line_of_sight_is_symmetric(side: int) -> None:
    g = graph(side)
    for a in g.spaces:
        assert g.sight[a.index][a.index]
        for b in g.spaces:
            assert g.can_see(a.id, b.id) == g.can_see(b.id, a.id), (a.id, b.id)


@pytest.mark.parametrize("side", SIDES)
def test_spaces_sharing_a_straight_border_see_each_other(side: int) -> None:
    # two spaces of one row or column that share a border, with nothing drawn between, always see each other
    g = graph(side)
    for a in g.spaces:
        for b_index in g.minion_adj[a.index]:
            b = g.spaces[b_index]
            ax, ay = a.centre
            bx, by = b.centre
            if ax != bx and ay != by:
                continue  # diagonal: may graze a corner of rock
            span = set()
            if ax == bx:
                lo, hi = sorted((ay, by))
                span = {(int(ax), y) for y in range(int(lo), int(hi) + 1)}
            else:
                lo, hi = sorted((ax, bx))
                span = {(x, int(ay)) for x in range(int(lo), int(hi) + 1)}
            if span <= set(a.cells) | set(b.cells):
                assert g.can_see(a.id, b.id), (a.id, b.id)
