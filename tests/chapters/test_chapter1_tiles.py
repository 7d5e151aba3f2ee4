"""Tile sides 1-6 and the Chapter 1 layout: geometry invariants (R-MOVE, R-BATTLE-08, R-EXPLORE, R-SPACE-03).

Every check here is one the rules need for the chapter to be playable: every space can be reached, exits touch
spaces and line up as the chapter's route needs, sight is symmetric, and the tree entrance is reached only
through the space by the hole in the trunk.
"""

from __future__ import annotations

from collections import deque

import pytest
from ch1kit import BY_THE_HOLE, CHAPTER, COUNTER, TREE_ENTRANCE

from mnm.board.geometry import TileGraph, validate_side
from mnm.board.layout import Board, compile_all
from mnm.content.loader import builtin_content
from mnm.content.schema import TileColour

SIDES = (1, 2, 3, 4, 5, 6)


@pytest.fixture(scope="module")
def graphs() -> dict[int, TileGraph]:
    return dict(compile_all(builtin_content()))


@pytest.fixture(scope="module")
def board() -> Board:
    content = builtin_content()
    return Board.for_chapter(content, content.chapters[CHAPTER])


def _connected(n: int, nbrs: list[set[int]], allowed: set[int]) -> bool:
    start = min(allowed)
    seen = {start}
    queue = deque([start])
    while queue:
        u = queue.popleft()
        for v in nbrs[u]:
            if v in allowed and v not in seen:
                seen.add(v)
                queue.append(v)
    return seen == allowed


@pytest.mark.parametrize("side", SIDES)
def test_side_passes_the_geometry_checks(side: int) -> None:
    assert validate_side(builtin_content().tile_sides[side]) == []


@pytest.mark.rule("R-MOVE-01")
@pytest.mark.parametrize("side", SIDES)
def test_every_space_is_reachable_by_mice_and_every_open_space_by_minions(
    side: int, graphs: dict[int, TileGraph]
) -> None:
    g = graphs[side]
    n = len(g.spaces)
    mouse = [set(g.mouse_cost[i]) for i in range(n)]
    assert _connected(n, mouse, set(range(n))), f"side {side}: a mouse cannot walk to every space"
    minion = [set(g.minion_adj[i]) for i in range(n)]
    open_spaces = {sp.index for sp in g.spaces if not sp.minions_barred}
    assert _connected(n, minion, open_spaces), f"side {side}: a minion cannot walk to every open space"


@pytest.mark.rule("R-EXPLORE-02")
@pytest.mark.parametrize("side", SIDES)
def test_every_exit_touches_a_space(side: int, graphs: dict[int, TileGraph]) -> None:
    g = graphs[side]
    assert g.exits, f"side {side} has no exit"
    for ex in g.exits:
        assert ex.spaces, f"side {side} exit {ex.index} touches no space"
        assert ex.colour is g.colour, "an exit has its side's colour"


@pytest.mark.rule("R-BATTLE-08")
@pytest.mark.parametrize("side", SIDES)
def test_line_of_sight_is_symmetric_and_reflexive(side: int, graphs: dict[int, TileGraph]) -> None:
    g = graphs[side]
    n = len(g.spaces)
    for i in range(n):
        assert g.sight[i][i]
        for j in range(n):
            assert g.sight[i][j] == g.sight[j][i], (g.spaces[i].id, g.spaces[j].id)


@pytest.mark.parametrize("side", SIDES)
def test_adjacency_is_symmetric(side: int, graphs: dict[int, TileGraph]) -> None:
    g = graphs[side]
    for i, nbrs in enumerate(g.mouse_cost):
        for j in nbrs:
            assert i in g.mouse_cost[j]
    for i, mn in enumerate(g.minion_adj):
        for j in mn:
            assert i in g.minion_adj[j]


def test_physical_tiles_pair_sides_of_different_colours() -> None:
    sides = builtin_content().tile_sides
    for a, b in ((1, 2), (3, 4), (5, 6)):
        assert sides[a].tile == sides[b].tile
        assert sides[a].colour is TileColour.ORANGE and sides[b].colour is TileColour.BLUE


@pytest.mark.rule("R-STORY-03")
def test_tree_entrance_touches_only_the_space_by_the_hole(graphs: dict[int, TileGraph]) -> None:
    g = graphs[1]
    tree = g.space(TREE_ENTRANCE)
    assert tree.minions_barred
    touching = {g.spaces[b].id for a, b in g.touching if a == tree.index} | {
        g.spaces[a].id for a, b in g.touching if b == tree.index
    }
    assert touching == {BY_THE_HOLE}
    assert {g.spaces[j].id for j in g.mouse_cost[tree.index]} == {BY_THE_HOLE}
    assert g.minion_adj[tree.index] == (), "minions may never enter the tree entrance"
    assert all(tree.index not in adj for adj in g.minion_adj)
    seen = {sp.id for sp in g.spaces if sp.id != TREE_ENTRANCE and g.can_see(TREE_ENTRANCE, sp.id)}
    assert seen == {BY_THE_HOLE}, "from the tree the mice see only the space by the hole"


def test_tree_entrance_is_the_only_barred_space(graphs: dict[int, TileGraph]) -> None:
    barred = [sp.id for s in SIDES for sp in graphs[s].spaces if sp.minions_barred]
    assert barred == [TREE_ENTRANCE]


@pytest.mark.rule("R-SPACE-03")
def test_kitchen_counter_is_a_red_bordered_special_entry_area(graphs: dict[int, TileGraph]) -> None:
    counter = graphs[3].space(COUNTER)
    assert counter.special and counter.name == "counter"
    assert counter.capacity == 8 and counter.red_border and counter.entry


@pytest.mark.rule("R-WATER-03")
def test_sewer_water_flows_into_the_still_sump(graphs: dict[int, TileGraph]) -> None:
    g = graphs[6]
    water = {sp.id: sp.drift for sp in g.spaces if sp.water}
    assert water == {"6:6": "6:8", "6:8": "6:11", "6:11": "6:14", "6:14": None}
    assert [sp.id for sp in g.spaces if sp.flip] == ["6:4"]
    assert g.space("6:4").flip == "fishhook" and not g.space("6:4").water


def test_flip_spaces_of_the_route(graphs: dict[int, TileGraph]) -> None:
    flips = {s: [(sp.id, sp.flip) for sp in graphs[s].spaces if sp.flip] for s in SIDES}
    assert flips == {
        1: [("1:3", "plain")],
        2: [("2:14", "plain")],
        3: [("3:14", "plain")],
        4: [("4:14", "plain")],
        5: [("5:8", "plain")],
        6: [("6:4", "fishhook")],
    }


@pytest.mark.rule("R-TRAP-01")
def test_tunnel_entrance_has_mousetrap_spaces(graphs: dict[int, TileGraph]) -> None:
    assert [sp.id for sp in graphs[2].spaces if sp.trap] == ["2:5", "2:10", "2:13"]


@pytest.mark.rule("R-EXPLORE-03")
@pytest.mark.parametrize(
    ("src", "exit_index", "target", "expected"),
    [
        (6, 0, 4, 0),  # Sewer east (rows 5-7) <-> Kitchen Tunnels west
        (4, 0, 6, 0),
        (4, 1, 2, 0),  # Kitchen Tunnels east (rows 3-4) <-> Tunnel Entrance west
        (2, 0, 4, 1),
        (3, 1, 1, 0),  # Kitchen east (rows 7-8) <-> Courtyard west
        (1, 0, 3, 1),
        (5, 0, 3, None),  # Guard Room east (rows 2-4) lines up with nothing on the Kitchen (rows 8-9)
        (3, 0, 5, None),
        (5, 0, 4, None),  # nor with the blue Kitchen Tunnels (wrong colour)
    ],
)
def test_chapter_exits_line_up_as_the_route_needs(
    board: Board, src: int, exit_index: int, target: int, expected: int | None
) -> None:
    found = board.aligned_exit(src, exit_index, target)
    assert (found.index if found is not None else None) == expected


def test_chapter_layout_places_the_three_tiles_in_a_row(board: Board) -> None:
    assert dict(board.positions) == {3: (0, 0), 2: (1, 0), 1: (2, 0)}
    assert dict(board.initial_up) == {3: 5, 2: 4, 1: 2}
