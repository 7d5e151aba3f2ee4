"""Board-level rule tests: adjacency, movement costs, lines, walls, water, capacity and line of sight.

Each test names the rule it proves (RULES.md). Small hand-drawn tiles (tests/board/tilekit.py) show the cases
one at a time; the real tiles are checked where they carry the feature (the Guard Room's lines, the Alchemist's
cauldron, the Crystal Tunnels' crystals, the Pipes' gaps, the Sewer Drain Pipe's current).
Expected numbers are worked out by hand from the maps drawn here or in the tile files.
"""

from __future__ import annotations

from collections import deque

import pytest
from tilekit import make_graph, sid, sp

from mnm.board.geometry import SMALL_CAPACITY, UNREACHABLE, TileGraph, compile_side
from mnm.board.layout import Board
from mnm.content.loader import builtin_content
from mnm.engine.query import can_enter, is_full
from mnm.engine.scenario import load_scenario

CONTENT = builtin_content()


def real(side: int) -> TileGraph:
    return compile_side(CONTENT.tile_sides[side])


def dist(g: TileGraph, a: str, b: str, *, minion: bool = False) -> int:
    table = g.minion_dist if minion else g.mouse_dist
    return table[g.by_id[a].index][g.by_id[b].index]


# A corridor of two spaces, for one line at a time.
CORRIDOR = ["aabb", "####", "####", "####"]
# Two rooms over a hall; a rock pillar splits the top.
PILLAR = ["aa#bb", "aa#bb", "ccccc", "ccccc", "ccccc"]


# --- adjacency and cost ----------------------------------------------------------------------------------


@pytest.mark.rule("R-MOVE-01")
def test_r_move_01_a_step_into_an_adjacent_space_costs_one() -> None:
    g = make_graph(CORRIDOR)
    a, b = sid(g, "a"), sid(g, "b")
    assert g.step_cost(a, b) == 1
    assert g.step_cost(b, a) == 1
    assert dist(g, a, b) == 1
    # on a real tile: Guard Room 5:1 and 5:2 share a border with no line on it
    guard = real(5)
    assert guard.step_cost("5:1", "5:2") == 1
    assert guard.step_cost("5:1", "5:6") is None  # only corners meet: not adjacent


@pytest.mark.rule("R-MOVE-02")
def test_r_move_02_spaces_meeting_only_at_a_corner_are_not_adjacent() -> None:
    g = make_graph(["aacc", "aacc", "##bb", "##bb"])
    a, b, c = sid(g, "a"), sid(g, "b"), sid(g, "c")
    assert not g.mouse_adjacent(a, b)
    assert not g.minion_adjacent(a, b)
    assert g.mouse_adjacent(a, c) and g.mouse_adjacent(c, b)
    assert dist(g, a, b) == 2


@pytest.mark.rule("R-MOVE-02")
def test_r_move_02_a_bridge_makes_a_narrow_gap_adjacent_for_everyone() -> None:
    rows = ["aa*bb", "aa*bb", "ccccc", "ccccc", "ccccc"]
    crystal = {"*": {"name": "crystal", "blocks_sight": True}}
    without = make_graph(rows, features=crystal)
    bridged = make_graph(rows, features=crystal, lines=[("bridge", "a", "b")])
    a, b = sid(without, "a"), sid(without, "b")
    assert not without.mouse_adjacent(a, b)
    assert dist(without, a, b) == 2  # round through the hall
    assert bridged.mouse_adjacent(a, b) and bridged.minion_adjacent(a, b)
    assert bridged.step_cost(a, b) == bridged.step_cost(b, a) == 1
    assert dist(bridged, a, b, minion=True) == 1


@pytest.mark.rule("R-MOVE-07")
def test_r_move_07_between_space_crystals_pass_only_where_bridged() -> None:
    crystals = real(10)
    # 10:2 and 10:4 sit either side of one crystal (map cell 4,2) and are bridged
    assert crystals.mouse_adjacent("10:2", "10:4")
    # 10:7 and 10:8 face each other across a cluster two crystals wide (cells 7-8, row 6): no bridge
    assert not crystals.mouse_adjacent("10:7", "10:8")
    assert not crystals.minion_adjacent("10:7", "10:8")


@pytest.mark.rule("R-MOVE-07")
def test_r_move_07_a_feature_inside_a_space_changes_nothing() -> None:
    alchemist = real(9)
    skull = alchemist.space("9:8")
    assert "skull" in skull.features
    assert skull.capacity == SMALL_CAPACITY
    # its neighbours are the spaces it borders on the map: 1 and 3 (north), 7 (west), 9 (east), 12 (south)
    assert {alchemist.spaces[i].id for i in alchemist.minion_adj[skull.index]} == {"9:1", "9:3", "9:7", "9:9", "9:12"}


# --- yellow and red lines ---------------------------------------------------------------------------------


@pytest.mark.rule("R-MOVE-03")
def test_r_move_03_yellow_line_costs_one_with_the_arrow_and_three_against() -> None:
    g = make_graph(CORRIDOR, lines=[("yellow", "a", "b")])
    a, b = sid(g, "a"), sid(g, "b")
    assert g.step_cost(a, b) == 1
    assert g.step_cost(b, a) == 3
    assert g.mouse_adjacent(b, a)  # still adjacent
    assert dist(g, b, a) == 3
    # minions ignore yellow lines (R-MOVE-13)
    assert dist(g, b, a, minion=True) == 1


@pytest.mark.rule("R-MOVE-03")
def test_r_move_03_real_yellow_lines() -> None:
    guard = real(5)
    assert guard.step_cost("5:13", "5:14") == 1  # with the arrow
    assert guard.step_cost("5:14", "5:13") == 3  # against it
    dining = real(7)
    # climbing onto the table from the floor costs 3, from a chair 1; hopping down costs 1
    assert dining.step_cost("7:5", "7:9") == 3
    assert dining.step_cost("7:9", "7:5") == 1
    assert dining.step_cost("7:6", "7:9") == 1


@pytest.mark.rule("R-MOVE-04")
def test_r_move_04_red_line_separates_mice_but_not_minions() -> None:
    g = make_graph(CORRIDOR, lines=[("red", "a", "b")])
    a, b = sid(g, "a"), sid(g, "b")
    assert not g.mouse_adjacent(a, b)
    assert g.step_cost(a, b) is None
    assert dist(g, a, b) == UNREACHABLE
    assert g.minion_adjacent(a, b)  # minions ignore red lines (R-MOVE-13)
    assert dist(g, a, b, minion=True) == 1
    # an effect that crosses red lines (Fishhook & Thread, Levitate Scroll) may cross it
    assert sp(g, "b").index in g.crossing_adj[sp(g, "a").index]


@pytest.mark.rule("R-MOVE-04")
def test_r_move_04_guard_room_cell_bars() -> None:
    guard = real(5)
    assert not guard.mouse_adjacent("5:9", "5:13")
    assert guard.minion_adjacent("5:9", "5:13")


# --- rock, walls and gaps ---------------------------------------------------------------------------------


@pytest.mark.rule("R-MOVE-05")
def test_r_move_05_rock_cannot_be_entered_or_crossed() -> None:
    g = make_graph(PILLAR)
    a, b = sid(g, "a"), sid(g, "b")
    assert not g.mouse_adjacent(a, b)
    assert not g.minion_adjacent(a, b)
    assert sp(g, "b").index not in g.crossing_adj[sp(g, "a").index]  # not even with Fishhook & Thread
    assert dist(g, a, b) == dist(g, a, b, minion=True) == 2
    assert all((2, y) not in s.cells for s in g.spaces for y in range(2))  # rock is no space


@pytest.mark.rule("R-MOVE-06")
def test_r_move_06_gaps_between_pipes_only_a_crossing_effect_passes() -> None:
    rows = ["aa:bb", "aa:bb", "cc:dd", "cc:dd", "#####"]
    gap = {":": {"name": "gap", "blocks_sight": True}}
    g = make_graph(rows, features=gap, lines=[("gap", "a", "b")])
    a, b, c, d = (sid(g, k) for k in "abcd")
    assert not g.mouse_adjacent(a, b)
    assert not g.minion_adjacent(a, b)  # unlike a red line, minions do not cross a gap
    assert dist(g, a, b, minion=True) == UNREACHABLE
    assert sp(g, "b").index in g.crossing_adj[sp(g, "a").index]
    # a gap with no line drawn across it is a plain wall
    assert sp(g, "d").index not in g.crossing_adj[sp(g, "c").index]
    assert dist(g, c, d) == UNREACHABLE


@pytest.mark.rule("R-MOVE-06")
def test_r_move_06_the_pipes() -> None:
    pipes = real(15)
    # 15:2 and 15:8 are two pipes over one dark gap (cells 1-4, rows 3-4)
    assert not pipes.mouse_adjacent("15:2", "15:8")
    assert not pipes.minion_adjacent("15:2", "15:8")
    assert pipes.space("15:8").index in pipes.crossing_adj[pipes.space("15:2").index]
    # on foot the mouse goes round: 2 -> 1 -> 6 (downpipe) -> 10 (valve wheel) -> 9 -> 8
    assert pipes.mouse_dist[pipes.space("15:2").index][pipes.space("15:8").index] == 5


@pytest.mark.rule("R-MOVE-13")
def test_r_move_13_minions_ignore_every_line() -> None:
    g = make_graph(["aabb", "ccdd", "####", "####"], lines=[("yellow", "a", "b"), ("red", "c", "d")])
    assert dist(g, sid(g, "b"), sid(g, "a"), minion=True) == 1
    assert dist(g, sid(g, "c"), sid(g, "d"), minion=True) == 1
    assert dist(g, sid(g, "b"), sid(g, "a")) == 3  # the mouse: against the arrow (or round: b-d-c-a blocked)


# --- capacity ---------------------------------------------------------------------------------------------


@pytest.mark.rule("R-SPACE-01")
def test_r_space_01_four_small_figures_fill_a_space() -> None:
    three = load_scenario(
        {"chapter": "proving-grounds", "heroes": {h: {"space": "5:12"} for h in ("collin", "tilda", "filch")}}
    )
    assert can_enter(three.ctx, three.state, "5:12")
    assert not is_full(three.ctx, three.state, "5:12")
    four = load_scenario(
        {
            "chapter": "proving-grounds",
            "heroes": {h: {"space": "5:12"} for h in ("collin", "tilda", "filch")},
            "minions": {"rat-warrior-1": {"space": "5:12"}},
        }
    )
    assert is_full(four.ctx, four.state, "5:12")  # R-SPACE-02: mice and minions count alike
    assert not can_enter(four.ctx, four.state, "5:12")


@pytest.mark.rule("R-SPACE-01")
def test_r_space_01_one_large_figure_fills_a_space() -> None:
    game = load_scenario(
        {
            "chapter": "proving-grounds",
            "heroes": {"collin": {"space": "5:1"}},
            "minions": {"spider-1": {"space": "5:12"}},
        }
    )
    assert is_full(game.ctx, game.state, "5:12")
    assert not can_enter(game.ctx, game.state, "5:12")
    assert not can_enter(game.ctx, game.state, "5:12", large=True)
    # R-SPACE-06 (our default): a large figure needs an otherwise empty space
    assert not can_enter(game.ctx, game.state, "5:1", large=True)
    assert can_enter(game.ctx, game.state, "5:2", large=True)


@pytest.mark.rule("R-SPACE-03")
def test_r_space_03_special_areas_have_their_own_capacity() -> None:
    table = real(7).space("7:9")
    bed = real(11).space("11:9")
    assert table.special and table.name == "the table"
    assert table.capacity == 8
    assert bed.special and bed.name == "the king's bed"
    assert bed.capacity == 6
    # every other space of those rooms holds four (R-SPACE-01)
    assert {s.capacity for s in real(7).spaces if not s.special} == {SMALL_CAPACITY}


@pytest.mark.rule("R-SPACE-04")
def test_r_space_04_the_dining_table_takes_ranged_minions_first() -> None:
    table = real(7).space("7:9")
    assert table.red_border and table.entry


# --- water ------------------------------------------------------------------------------------------------


@pytest.mark.rule("R-WATER-03")
def test_r_water_03_the_drain_pipe_current_runs_east_and_off_the_tile() -> None:
    drain = real(16)
    path = []
    here = "16:7"  # the inflow grate
    while here.startswith("16:"):
        assert drain.space(here).water
        nxt = drain.space(here).drift
        assert nxt is not None
        path.append(nxt)
        here = nxt
    # grate -> channel 12 -> 13 -> outfall 14 -> off the east edge (R-WATER-04: the mouse is captured)
    assert path == ["16:12", "16:13", "16:14", "off-e"]
    assert drain.space("16:11").drift == "16:12"
    pool = drain.space("16:22")
    assert pool.water and pool.drift is None  # still water: no current


@pytest.mark.rule("R-WATER-06")
def test_r_water_06_minions_walk_water_like_any_floor() -> None:
    drain = real(16)
    assert drain.minion_dist[drain.space("16:6").index][drain.space("16:16").index] == 2  # 6 -> 11 -> 16


def test_the_drain_pipe_grating_is_the_only_dry_crossing() -> None:
    drain = real(16)

    def dry_reach(start: str, without: str = "") -> set[str]:
        seen = {start}
        queue = deque([start])
        while queue:
            u = drain.space(queue.popleft())
            for v in drain.mouse_cost[u.index]:
                w = drain.spaces[v]
                if not w.water and w.id != without and w.id not in seen:
                    seen.add(w.id)
                    queue.append(w.id)
        return seen

    assert "16:24" in dry_reach("16:1")
    assert "16:24" not in dry_reach("16:1", without="16:10")


# --- line of sight ----------------------------------------------------------------------------------------


@pytest.mark.rule("R-BATTLE-08")
def test_r_battle_08_rock_blocks_sight() -> None:
    g = make_graph(PILLAR)
    assert not g.can_see(sid(g, "a"), sid(g, "b"))
    assert g.can_see(sid(g, "a"), sid(g, "c"))
    assert g.can_see(sid(g, "b"), sid(g, "c"))


@pytest.mark.rule("R-BATTLE-08")
def test_r_battle_08_features_block_sight_only_when_marked() -> None:
    rows = ["aa*bb", "aa*bb", "ccccc", "ccccc", "ccccc"]
    tall = make_graph(rows, features={"*": {"name": "wardrobe", "blocks_sight": True}})
    low = make_graph(rows, features={"*": {"name": "rug", "blocks_sight": False}})
    assert not tall.can_see(sid(tall, "a"), sid(tall, "b"))
    assert low.can_see(sid(low, "a"), sid(low, "b"))
    assert not low.mouse_adjacent(sid(low, "a"), sid(low, "b"))  # seeing past it is not walking past it


@pytest.mark.rule("R-BATTLE-08")
def test_r_battle_08_red_lines_do_not_block_sight() -> None:
    # CONFLICT (RULES.md): 002 says red lines block sight; the rulebook never does
    g = make_graph(CORRIDOR, lines=[("red", "a", "b")])
    assert g.can_see(sid(g, "a"), sid(g, "b"))


@pytest.mark.rule("R-BATTLE-08")
def test_r_battle_08_the_alchemists_cauldron_blocks_sight() -> None:
    alchemist = real(9)
    # 9:11 (cells 3-4, rows 5-6) and 9:12 (cells 7-8) look at each other straight across the cauldron
    assert not alchemist.can_see("9:11", "9:12")
    assert not alchemist.can_see("9:12", "9:11")
    # above the cauldron the room is open: 9:7 sees 9:9 along row 3-4
    assert alchemist.can_see("9:7", "9:9")


# --- exits and flips --------------------------------------------------------------------------------------


def _board(*sides: int, positions: dict[int, tuple[int, int]]) -> Board:
    graphs = {s: real(s) for s in sides}
    sides_of: dict[int, tuple[int, ...]] = {}
    for s in sides:
        sides_of.setdefault(graphs[s].tile, ())
        sides_of[graphs[s].tile] += (s,)
    return Board(
        graphs=graphs,
        positions=positions,
        sides_of=sides_of,
        initial_up={t: min(ss) for t, ss in sides_of.items()},
        spaces={x.id: x for g in graphs.values() for x in g.spaces},
        mouse_nbrs={},
        water=frozenset(),
        order={},
    )


@pytest.mark.rule("R-EXPLORE-03")
def test_r_explore_03_authored_tiles_join_where_exits_line_up_in_colour() -> None:
    # tile 4 (7 Dining Hall | 8 Under the Floorboards) west of tile 5 (9 Alchemist | 10 Crystal Tunnels)
    board = _board(7, 8, 9, 10, positions={4: (0, 0), 5: (1, 0)})
    assert board.neighbour_tile(4, real(7).exits[2].edge) == 5
    east_7 = real(7).exits[2]
    assert (east_7.edge.value, east_7.start, east_7.end) == ("e", 7, 9)
    joined = board.aligned_exit(7, 2, 9)
    assert joined is not None and (joined.edge.value, joined.start, joined.end) == ("w", 7, 9)
    # the blue faces join too, at their own slot (cells 2-4)
    joined_blue = board.aligned_exit(8, 2, 10)
    assert joined_blue is not None and (joined_blue.edge.value, joined_blue.start) == ("w", 2)
    # an orange exit never joins a blue side (R-EXPLORE-04 flips the neighbour first)
    assert board.aligned_exit(7, 2, 10) is None


@pytest.mark.rule("R-EXPLORE-03")
def test_r_explore_03_exits_that_do_not_line_up_do_not_join() -> None:
    board = _board(11, 13, positions={6: (0, 0), 7: (1, 0)})
    east_11 = real(11).exits[2]
    assert (east_11.edge.value, east_11.start) == ("e", 2)
    assert board.aligned_exit(11, 2, 13) is None  # the Larder's west door is at cells 7-9


@pytest.mark.rule("R-EXPLORE-02")
def test_r_explore_02_mice_explore_from_the_spaces_touching_an_exit() -> None:
    dining = real(7)
    assert [ex.spaces for ex in dining.exits] == [("7:1",), ("7:5",), ("7:14",), ("7:19",)]


@pytest.mark.rule("R-EXPLORE-08")
def test_r_explore_08_the_pipes_have_a_gear_flip_location() -> None:
    flips = [s for s in real(15).spaces if s.flip]
    assert [(s.id, s.flip) for s in flips] == [("15:10", "gear")]
