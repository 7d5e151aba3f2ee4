"""Tile-side geometry compiled from a character map: spaces, outlines, centres, adjacency and sight.

A tile side is drawn as a square map of equal cells (see :class:`mnm.content.schema.TileSide`). Compiling it
once at load time gives a :class:`TileGraph` that answers the rules' questions in constant time:

* adjacency and movement cost for a mouse and for a minion (R-MOVE-01..06, R-MOVE-13);
* static distances for both (R-MINION-10);
* line of sight from space centre to space centre (R-BATTLE-08), symmetric by construction;
* capacity (R-SPACE-01..03), exits and markers.

Space ids are ``"side:number"`` (``"5:12"``): unique on the whole board, because every side has its own
numbers.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Final

from mnm.content.loader import ContentIssue
from mnm.content.schema import LineKind, Side, SpaceKind, Terrain, TileColour, TileSide

__all__ = [
    "SMALL_CAPACITY",
    "UNREACHABLE",
    "BoardExit",
    "Space",
    "TileGraph",
    "all_pairs_distances",
    "compile_side",
    "validate_side",
]

SMALL_CAPACITY = 4  # R-SPACE-01: four small figures, or one large figure, fill an ordinary space
YELLOW_AGAINST = 3  # R-MOVE-03
SIGHT_STEP = 0.05  # sampling step, in cells, along a sight line

Point = tuple[float, float]
Cell = tuple[int, int]


# Enum members as constants: the compiled board (mypyc) reads a Final name directly instead of looking the class up
# and then its member (Space.water is asked for every space a mouse may step to).
_WATER: Final = SpaceKind.WATER
_SPECIAL: Final = SpaceKind.SPECIAL


@dataclass(frozen=True, slots=True)
class Space:
    """One space of a tile side, with everything the rules and the renderer need to know about it."""

    id: str
    side: int
    n: int
    index: int  # position within its side's TileGraph
    key: str  # map character
    kind: SpaceKind
    capacity: int  # small figures it holds (R-SPACE-01, special areas R-SPACE-03)
    cells: tuple[Cell, ...]
    centre: Point
    outline: tuple[tuple[Point, ...], ...]  # closed loops of corner points (holes are extra loops)
    name: str = ""
    red_border: bool = False
    drift: str | None = None  # space id it drifts into, or "off-<edge>"
    entry: bool = False
    trap: bool = False
    flip: str | None = None
    start: bool = False
    minions_barred: bool = False
    features: tuple[str, ...] = ()
    terrain: Terrain | None = None  # [EXP] lava, chasm, shallow water

    @property
    def no_landing(self) -> bool:
        """[EXP] R-EXP-03/04/21: lava and chasms: only flying figures pass over them, and none ends there."""
        return self.terrain is Terrain.LAVA or self.terrain is Terrain.CHASM

    @property
    def water(self) -> bool:
        return self.kind is _WATER

    @property
    def special(self) -> bool:
        return self.kind is _SPECIAL


@dataclass(frozen=True, slots=True)
class BoardExit:
    """An exit area of a side, with the spaces that touch it (mice explore from those, R-EXPLORE-02)."""

    index: int
    edge: Side
    start: int
    end: int
    colour: TileColour
    spaces: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class LineSegment:
    """A drawn line between two spaces along their shared border (for rendering)."""

    kind: LineKind
    a: str
    b: str
    points: tuple[Point, Point]


# Distance between spaces with no path between them (mouse_dist, minion_dist).
UNREACHABLE: Final = 10**6


@dataclass(frozen=True, slots=True)
class TileGraph:
    """A compiled tile side. All tables are indexed by :attr:`Space.index`."""

    side: int
    tile: int
    name: str
    colour: TileColour
    size: int
    spaces: tuple[Space, ...]
    by_id: Mapping[str, Space]
    mouse_cost: tuple[Mapping[int, int], ...]  # neighbour -> cost for a mouse (yellow lines cost 1 or 3)
    minion_adj: tuple[tuple[int, ...], ...]  # minions ignore lines, water and traps (R-MINION-02)
    crossing_adj: tuple[tuple[int, ...], ...]  # extra neighbours with a red-line-crossing effect (R-MOVE-06)
    sight: tuple[tuple[bool, ...], ...]
    mouse_dist: tuple[tuple[int, ...], ...]  # static: no figures; unreachable = UNREACHABLE
    minion_dist: tuple[tuple[int, ...], ...]
    exits: tuple[BoardExit, ...]
    lines: tuple[LineSegment, ...]
    blockers: tuple[tuple[Cell, str, bool], ...]  # cell, feature name ('rock' for '#'), blocks sight
    touching: frozenset[tuple[int, int]]
    # [EXP] R-EXP-03: a flying figure's steps (lines and chasms ignored; a gap between branches counts as a
    # space, so crossing it costs 2); R-EXP-18: yellow lines with a gecko print (pairs of space indices)
    fly_cost: tuple[Mapping[int, int], ...] = ()
    gecko_lines: frozenset[tuple[int, int]] = frozenset()

    def space(self, space_id: str) -> Space:
        return self.by_id[space_id]

    def can_see(self, a: str, b: str) -> bool:
        """R-BATTLE-08: a straight line from centre to centre crosses no rock, wall or blocking feature."""
        return self.sight[self.by_id[a].index][self.by_id[b].index]

    def mouse_adjacent(self, a: str, b: str) -> bool:
        """R-MOVE-02/03/04: adjacent for a mouse (red lines separate; yellow lines do not)."""
        return self.by_id[b].index in self.mouse_cost[self.by_id[a].index]

    def minion_adjacent(self, a: str, b: str) -> bool:
        """R-MOVE-13: adjacent for a minion (lines ignored)."""
        return self.by_id[b].index in self.minion_adj[self.by_id[a].index]

    def step_cost(self, a: str, b: str) -> int | None:
        """R-MOVE-01/03: what a mouse pays to step from ``a`` to adjacent ``b``; None if not adjacent."""
        return self.mouse_cost[self.by_id[a].index].get(self.by_id[b].index)

    def spaces_near_exit(self, exit_index: int) -> tuple[str, ...]:
        return self.exits[exit_index].spaces


def _cells_by_key(side: TileSide) -> dict[str, list[Cell]]:
    cells: dict[str, list[Cell]] = {}
    for y, row in enumerate(side.map):
        for x, ch in enumerate(row):
            cells.setdefault(ch, []).append((x, y))
    return cells


def _pieces(cells: Iterable[Cell]) -> int:
    """How many 4-connected pieces a set of cells makes."""
    todo = set(cells)
    pieces = 0
    while todo:
        pieces += 1
        queue = deque([todo.pop()])
        while queue:
            x, y = queue.popleft()
            for nb in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if nb in todo:
                    todo.remove(nb)
                    queue.append(nb)
    return pieces


def _outline(cells: set[Cell]) -> tuple[tuple[Point, ...], ...]:
    """Boundary loops of a union of unit cells, corners only (collinear points merged)."""
    # Directed edges with the cell on the left when walking clockwise in screen coordinates (y down).
    edges: dict[Point, list[Point]] = {}
    for x, y in cells:
        if (x, y - 1) not in cells:
            edges.setdefault((x, y), []).append((x + 1, y))
        if (x + 1, y) not in cells:
            edges.setdefault((x + 1, y), []).append((x + 1, y + 1))
        if (x, y + 1) not in cells:
            edges.setdefault((x + 1, y + 1), []).append((x, y + 1))
        if (x - 1, y) not in cells:
            edges.setdefault((x, y + 1), []).append((x, y))
    loops: list[tuple[Point, ...]] = []
    while edges:
        start = min(edges)
        loop = [start]
        here = start
        while True:
            nxt = edges[here].pop()
            if not edges[here]:
                del edges[here]
            if nxt == start:
                break
            loop.append(nxt)
            here = nxt
        # drop collinear points
        corners = []
        n = len(loop)
        for i in range(n):
            px, py = loop[i - 1]
            cx, cy = loop[i]
            nx, ny = loop[(i + 1) % n]
            if (cx - px) * (ny - cy) - (cy - py) * (nx - cx) != 0:
                corners.append((float(cx), float(cy)))
        loops.append(tuple(corners))
    return tuple(loops)


def _centre(cells: list[Cell]) -> Point:
    cx = sum(x + 0.5 for x, _ in cells) / len(cells)
    cy = sum(y + 0.5 for _, y in cells) / len(cells)
    if (math.floor(cx), math.floor(cy)) in set(cells):
        return (round(cx, 3), round(cy, 3))
    x, y = min(cells, key=lambda c: (c[0] + 0.5 - cx) ** 2 + (c[1] + 0.5 - cy) ** 2)
    return (x + 0.5, y + 0.5)


def _sees(a: Point, b: Point, blocking: set[Cell]) -> bool:
    """Sample the segment at equal steps; the sample set is the same both ways, so sight is symmetric."""
    dist = math.hypot(b[0] - a[0], b[1] - a[1])
    steps = max(1, math.ceil(dist / SIGHT_STEP))
    for i in range(steps + 1):
        t = i / steps
        # evaluate from the nearer end so that a->b and b->a produce bit-identical sample points
        if t <= 0.5:
            x = a[0] + (b[0] - a[0]) * t
            y = a[1] + (b[1] - a[1]) * t
        else:
            s = 1 - t
            x = b[0] + (a[0] - b[0]) * s
            y = b[1] + (a[1] - b[1]) * s
        if (math.floor(x), math.floor(y)) in blocking:
            return False
    return True


def _shared_border(a: set[Cell], b: set[Cell]) -> tuple[Point, Point] | None:
    """The extent of the border two cell sets share, as a segment (for drawing lines)."""
    pts: list[Point] = []
    for x, y in a:
        if (x + 1, y) in b:
            pts += [(x + 1.0, y + 0.0), (x + 1.0, y + 1.0)]
        if (x - 1, y) in b:
            pts += [(x + 0.0, y + 0.0), (x + 0.0, y + 1.0)]
        if (x, y + 1) in b:
            pts += [(x + 0.0, y + 1.0), (x + 1.0, y + 1.0)]
        if (x, y - 1) in b:
            pts += [(x + 0.0, y + 0.0), (x + 1.0, y + 0.0)]
    if not pts:
        return None
    return (min(pts), max(pts))


def _edge_cells(edge: Side, start: int, end: int, size: int) -> list[Cell]:
    rng = range(start, end + 1)
    if edge is Side.N:
        return [(i, 0) for i in rng]
    if edge is Side.S:
        return [(i, size - 1) for i in rng]
    if edge is Side.W:
        return [(0, i) for i in rng]
    return [(size - 1, i) for i in rng]


def all_pairs_distances(n: int, neighbours: list[dict[int, int]]) -> tuple[tuple[int, ...], ...]:
    """All-pairs shortest path lengths (Dijkstra from every space; graphs are tiny)."""
    import heapq

    out = []
    for s in range(n):
        dist = [UNREACHABLE] * n
        dist[s] = 0
        heap = [(0, s)]
        while heap:
            d, u = heapq.heappop(heap)
            if d > dist[u]:
                continue
            for v, c in neighbours[u].items():
                if d + c < dist[v]:
                    dist[v] = d + c
                    heapq.heappush(heap, (d + c, v))
        out.append(tuple(dist))
    return tuple(out)


def validate_side(side: TileSide, file: str = "") -> list[ContentIssue]:
    """Geometry checks a schema cannot make. An empty list means :func:`compile_side` will succeed."""
    file = file or f"tiles/side-{side.id}"
    entry = f"side {side.id}"
    issues: list[ContentIssue] = []
    cells = _cells_by_key(side)
    for key, spec in side.spaces.items():
        pieces = _pieces(cells[key])
        if pieces > 1:
            issues.append(
                ContentIssue(
                    file, entry, f"spaces.{key}", f"space {spec.n} is split into {pieces} separate pieces on the map"
                )
            )
    sets = {k: set(v) for k, v in cells.items()}
    touching = _touching_pairs(side, sets)
    first_line: dict[frozenset[str], int] = {}
    for i, line in enumerate(side.lines):
        pair = frozenset((line.a, line.b))
        if pair in first_line:
            # two lines on one pair contradict each other (a yellow arrow both ways, red and yellow...)
            issues.append(
                ContentIssue(
                    file,
                    entry,
                    f"lines.{i}",
                    f"spaces {line.a!r} and {line.b!r} already have a line (lines.{first_line[pair]}); "
                    "one pair takes one line, with one direction",
                )
            )
        first_line.setdefault(pair, i)
        if line.kind in (LineKind.YELLOW, LineKind.RED) and pair not in touching:
            issues.append(
                ContentIssue(
                    file,
                    entry,
                    f"lines.{i}",
                    f"a {line.kind.value} line needs spaces {line.a!r} and {line.b!r} to share a border",
                )
            )
        if line.kind in (LineKind.BRIDGE, LineKind.GAP) and pair in touching:
            issues.append(
                ContentIssue(
                    file,
                    entry,
                    f"lines.{i}",
                    f"a {line.kind.value} joins spaces that do not touch, but {line.a!r} and {line.b!r} share a border",
                )
            )
    for i, ex in enumerate(side.exits):
        if not any(side.map[y][x] in side.spaces for x, y in _edge_cells(ex.edge, ex.start, ex.end, len(side.map))):
            issues.append(ContentIssue(file, entry, f"exits.{i}", "the exit touches no space (only rock or features)"))
    for key, spec in side.spaces.items():
        if spec.drift is None:
            continue
        if spec.drift.startswith("off-"):
            edge = Side(spec.drift[4:])
            if not any(c in sets[key] for c in _edge_cells(edge, 0, len(side.map) - 1, len(side.map))):
                issues.append(
                    ContentIssue(
                        file, entry, f"spaces.{key}.drift", f"drifts off the {edge.value} edge but does not touch it"
                    )
                )
        elif frozenset((key, spec.drift)) not in touching:
            issues.append(
                ContentIssue(file, entry, f"spaces.{key}.drift", f"drifts into {spec.drift!r}, which it does not touch")
            )
    if not issues:
        graph = compile_side(side)
        # Every space must be reachable by a mouse, allowing red-line crossings (Fishhook & Thread).
        n = len(graph.spaces)
        full = [
            set(graph.mouse_cost[i]) | set(graph.crossing_adj[i]) | set(graph.minion_adj[i]) | set(graph.fly_cost[i])
            for i in range(n)
        ]
        seen = {0}
        queue = deque([0])
        while queue:
            u = queue.popleft()
            for v in full[u]:
                if v not in seen:
                    seen.add(v)
                    queue.append(v)
        for i in range(n):
            if i not in seen:
                sp = graph.spaces[i]
                issues.append(
                    ContentIssue(
                        file,
                        entry,
                        f"spaces.{sp.key}",
                        f"space {sp.n} cannot be reached from space {graph.spaces[0].n}",
                    )
                )
    return issues


def _touching_pairs(side: TileSide, sets: dict[str, set[Cell]]) -> set[frozenset[str]]:
    pairs: set[frozenset[str]] = set()
    size = len(side.map)
    for y in range(size):
        for x in range(size):
            a = side.map[y][x]
            if a not in side.spaces:
                continue
            for nx, ny in ((x + 1, y), (x, y + 1)):
                if nx < size and ny < size:
                    b = side.map[ny][nx]
                    if b != a and b in side.spaces:
                        pairs.add(frozenset((a, b)))
    del sets
    return pairs


_COMPILED: dict[str, TileGraph] = {}
_COMPILED_MAX = 256


def compile_side(side: TileSide) -> TileGraph:
    """Compile a validated tile side (see :func:`validate_side`) into its query tables.

    Compiled graphs are immutable and shared: equal sides (loaded twice, or validated then played) compile once.
    """
    key = side.model_dump_json()
    graph = _COMPILED.get(key)
    if graph is None:
        if len(_COMPILED) >= _COMPILED_MAX:
            _COMPILED.clear()
        graph = _COMPILED[key] = _compile_side(side)
    return graph


def _compile_side(side: TileSide) -> TileGraph:
    size = len(side.map)
    cells = _cells_by_key(side)
    keys = sorted(side.spaces, key=lambda k: side.spaces[k].n)
    index = {k: i for i, k in enumerate(keys)}
    sid = {k: f"{side.id}:{side.spaces[k].n}" for k in keys}

    spaces: list[Space] = []
    for k in keys:
        spec = side.spaces[k]
        cs = cells[k]
        if spec.kind is SpaceKind.SPECIAL:
            assert spec.capacity is not None
            capacity = spec.capacity
        else:
            capacity = SMALL_CAPACITY
        drift = None
        if spec.drift is not None:
            drift = spec.drift if spec.drift.startswith("off-") else sid[spec.drift]
        spaces.append(
            Space(
                id=sid[k],
                side=side.id,
                n=spec.n,
                index=index[k],
                key=k,
                kind=spec.kind,
                capacity=capacity,
                cells=tuple(sorted(cs)),
                centre=_centre(cs),
                outline=_outline(set(cs)),
                name=spec.name,
                red_border=spec.red_border,
                drift=drift,
                entry=spec.entry,
                trap=spec.trap,
                flip=spec.flip,
                start=spec.start,
                minions_barred=spec.minions_barred,
                features=spec.features,
                terrain=spec.terrain,
            )
        )

    sets = {k: set(v) for k, v in cells.items()}
    touching = _touching_pairs(side, sets)
    red = {frozenset((ln.a, ln.b)) for ln in side.lines if ln.kind is LineKind.RED}
    gap = {frozenset((ln.a, ln.b)) for ln in side.lines if ln.kind is LineKind.GAP}
    bridge = {frozenset((ln.a, ln.b)) for ln in side.lines if ln.kind is LineKind.BRIDGE}
    yellow = {(ln.a, ln.b) for ln in side.lines if ln.kind is LineKind.YELLOW}

    n = len(keys)
    mouse: list[dict[int, int]] = [{} for _ in range(n)]
    minion: list[set[int]] = [set() for _ in range(n)]
    crossing: list[set[int]] = [set() for _ in range(n)]
    for pair in touching | bridge:
        a, b = sorted(pair)
        ia, ib = index[a], index[b]
        minion[ia].add(ib)
        minion[ib].add(ia)
        if pair in red:
            crossing[ia].add(ib)
            crossing[ib].add(ia)
            continue
        cost_ab = YELLOW_AGAINST if (b, a) in yellow else 1
        cost_ba = YELLOW_AGAINST if (a, b) in yellow else 1
        mouse[ia][ib] = cost_ab
        mouse[ib][ia] = cost_ba
    for pair in gap:
        a, b = sorted(pair)
        crossing[index[a]].add(index[b])
        crossing[index[b]].add(index[a])
    fly: list[dict[int, int]] = [{} for _ in range(n)]  # [EXP] R-EXP-03
    for pair in touching | bridge | gap:
        a, b = sorted(pair)
        cost = 2 if pair in gap else 1
        fly[index[a]][index[b]] = cost
        fly[index[b]][index[a]] = cost
    gecko = frozenset(
        (index[ln.a], index[ln.b]) for ln in side.lines if ln.gecko
    ) | frozenset((index[ln.b], index[ln.a]) for ln in side.lines if ln.gecko)
    # [EXP] R-EXP-04/21: nobody walks into lava or a chasm; only the flying graph keeps them.
    for sp in spaces:
        if sp.no_landing:
            for j in list(mouse[sp.index]):
                mouse[j].pop(sp.index, None)
            mouse[sp.index] = {}
            for j in minion[sp.index]:
                minion[j].discard(sp.index)
            minion[sp.index] = set()
            for j in crossing[sp.index]:
                crossing[j].discard(sp.index)
            crossing[sp.index] = set()
    # Minions never enter barred spaces (Chapter 1's tree entrance); keep them out of the minion graph.
    for sp in spaces:
        if sp.minions_barred:
            for j in minion[sp.index]:
                minion[j].discard(sp.index)
            minion[sp.index] = set()

    blocking: set[Cell] = set()
    blockers: list[tuple[Cell, str, bool]] = []
    for y, row in enumerate(side.map):
        for x, ch in enumerate(row):
            if ch == "#":
                blocking.add((x, y))
                blockers.append(((x, y), "rock", True))
            elif ch in side.features:
                feat = side.features[ch]
                blockers.append(((x, y), feat.name, feat.blocks_sight))
                if feat.blocks_sight:
                    blocking.add((x, y))
    sight = [[True] * n for _ in range(n)]
    for i in range(n):
        for j in range(i + 1, n):
            s = _sees(spaces[i].centre, spaces[j].centre, blocking)
            sight[i][j] = sight[j][i] = s

    exits = []
    for i, ex in enumerate(side.exits):
        touching_spaces = sorted(
            {
                sid[side.map[y][x]]
                for x, y in _edge_cells(ex.edge, ex.start, ex.end, size)
                if side.map[y][x] in side.spaces
            }
        )
        exits.append(BoardExit(i, ex.edge, ex.start, ex.end, ex.colour, tuple(touching_spaces)))

    segs = []
    for ln in side.lines:
        if ln.kind in (LineKind.YELLOW, LineKind.RED):
            border = _shared_border(sets[ln.a], sets[ln.b])
            if border is not None:
                segs.append(LineSegment(ln.kind, sid[ln.a], sid[ln.b], border))
        else:
            ca, cb = spaces[index[ln.a]].centre, spaces[index[ln.b]].centre
            segs.append(LineSegment(ln.kind, sid[ln.a], sid[ln.b], (ca, cb)))

    minion_costs = [dict.fromkeys(m, 1) for m in minion]
    return TileGraph(
        side=side.id,
        tile=side.tile,
        name=side.name.en,
        colour=side.colour,
        size=size,
        spaces=tuple(spaces),
        by_id={sp.id: sp for sp in spaces},
        mouse_cost=tuple(mouse),
        minion_adj=tuple(tuple(sorted(m)) for m in minion),
        crossing_adj=tuple(tuple(sorted(c)) for c in crossing),
        sight=tuple(tuple(r) for r in sight),
        mouse_dist=all_pairs_distances(n, mouse),
        minion_dist=all_pairs_distances(n, minion_costs),
        exits=tuple(exits),
        lines=tuple(segs),
        blockers=tuple(blockers),
        touching=frozenset((index[a], index[b]) for p in touching for a, b in [tuple(sorted(p))]),
        fly_cost=tuple(fly),
        gecko_lines=gecko,
    )
