"""SVG drawings of tile sides and chapter layouts (``mnm board render``).

Pure Python, no dependency: every drawing is built from the compiled :class:`~mnm.board.geometry.TileGraph`,
so what is drawn is exactly what the rules engine uses (spaces, lines, exits, markers, rock and features).

* :func:`render_side_svg` draws one tile side with a header (number, name, colour band) and a north arrow;
* :func:`render_layout_svg` draws a chapter layout: each physical tile at its board position, face-up side shown;
* :func:`render_target` is the ``mnm board render SIDE|all|chapter:ID`` command.

Coordinates: a side's map cells are ``CELL`` pixels wide; ``Space.outline`` and ``Space.centre`` are in cells.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from html import escape
from pathlib import Path

from mnm.board.geometry import LineSegment, Space, TileGraph, compile_side
from mnm.board.layout import Board
from mnm.content.loader import Content, builtin_content
from mnm.content.schema import LineKind, Side, SpaceKind, TileColour

__all__ = ["CELL", "layout_grid", "render_layout_svg", "render_side_svg", "render_target"]

CELL = 40  # pixels per map cell
HEADER = 44  # pixels of the header band above a single side
LABEL = 26  # pixels of the name band above each tile in a layout
MARGIN = 12

Point = tuple[float, float]

# --- palette ------------------------------------------------------------------------------------------
ROCK = "#2b2420"
SPACE_FILL = {SpaceKind.NORMAL: "#f1e3c3", SpaceKind.WATER: "#8fc3e8", SpaceKind.SPECIAL: "#e9cf9c"}
SPACE_STROKE = "#7a5a36"
# [EXP] terrain (R-EXP-04, R-EXP-21, R-EXP-22): lava glows, a chasm is a pit, shallow water is pale blue
TERRAIN_FILL = {"lava": "#e4572e", "chasm": "#141414", "shallow": "#c6e6f5"}
TERRAIN_WAVE = {"lava": ("#ffc24b", 2.2), "shallow": ("#6fa8d0", 1.4)}  # ripples drawn over the colour
FEATURE_FILL = "#8a7f74"
FEATURE_CLEAR = "#b9ad8e"  # a feature that does not block sight
YELLOW = "#f2c40f"
RED = "#d0241b"
GAP = "#5b2a86"
BRIDGE = "#2e7d32"
CURRENT = "#1b4f8a"
TILE_COLOUR = {TileColour.ORANGE: "#e0791c", TileColour.BLUE: "#2d6cc4"}
EXIT_STROKE = "#1c1c1c"


def _f(v: float) -> str:
    """A compact number for SVG attributes."""
    r = round(v, 2)
    return str(int(r)) if r == int(r) else f"{r:g}"


@dataclass(frozen=True)
class _Pen:
    """Maps cell coordinates of one tile side to pixels."""

    ox: float
    oy: float
    cell: float

    def x(self, cx: float) -> float:
        return self.ox + cx * self.cell

    def y(self, cy: float) -> float:
        return self.oy + cy * self.cell

    def pt(self, p: Point) -> str:
        return f"{_f(self.x(p[0]))},{_f(self.y(p[1]))}"


def _defs() -> str:
    """Arrowhead markers shared by every tile in a document."""
    heads = {"yellow": YELLOW, "current": CURRENT, "north": "#222"}
    out = ["<defs>"]
    for name, colour in heads.items():
        out.append(
            f'<marker id="mnm-head-{name}" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="4" '
            f'markerHeight="4" orient="auto-start-reverse" markerUnits="strokeWidth">'
            f'<path d="M0,0 L10,5 L0,10 z" fill="{colour}" stroke="#222" stroke-width="0.8"/></marker>'
        )
    out.append("</defs>")
    return "".join(out)


_STYLE = (
    "<style>"
    "text{font-family:'DejaVu Sans',Verdana,Arial,sans-serif}"
    ".num{font-weight:bold;fill:#2b1d0e;paint-order:stroke;stroke:#fff8e6;stroke-width:3px}"
    ".sname{font-style:italic;fill:#4a3520;paint-order:stroke;stroke:#fff8e6;stroke-width:2.5px}"
    ".feat{fill:#fff;font-style:italic}.feat.clear{fill:#3a2e22}"
    ".mk{fill:#222;font-weight:bold}"
    "</style>"
)


# --- the pieces of a side -----------------------------------------------------------------------------


def _space_title(sp: Space) -> str:
    parts = [sp.id]
    if sp.name:
        parts.append(sp.name)
    if sp.kind is not SpaceKind.NORMAL:
        parts.append(sp.kind.value)
    if sp.special:
        parts.append(f"capacity {sp.capacity}")
    if sp.red_border:
        parts.append("red border")
    if sp.drift:
        parts.append(f"current → {sp.drift}")
    if sp.entry:
        parts.append("minion entry")
    if sp.trap:
        parts.append("mousetrap")
    if sp.flip:
        parts.append(f"flip ({sp.flip})")
    if sp.start:
        parts.append("start")
    if sp.minions_barred:
        parts.append("no minions")
    if sp.terrain is not None:
        parts.append({"lava": "lava (never entered)", "chasm": "chasm (only flyers cross)",
                      "shallow": "shallow water"}[sp.terrain.value])
    parts += list(sp.features)
    return " · ".join(parts)


def _space_fill(sp: Space) -> str:
    return TERRAIN_FILL[sp.terrain.value] if sp.terrain is not None else SPACE_FILL[sp.kind]


def _terrain_class(sp: Space) -> str:
    return f" {sp.terrain.value}" if sp.terrain is not None else ""


def _terrain_waves(sp: Space, pen: _Pen) -> str:
    """[EXP] Lava's glowing ripples and shallow water's ripples, one per cell: a shape as well as a colour."""
    c = pen.cell
    d = ""
    for x, y in sp.cells:
        for row in (0.3, 0.72):
            left, top = pen.x(x) + c * 0.15, pen.y(y) + c * row
            d += f"M{_f(left)},{_f(top)} q{_f(c * 0.175)},{_f(-c * 0.12)} {_f(c * 0.35)},0 t{_f(c * 0.35)},0 "
    colour, width = TERRAIN_WAVE[sp.terrain.value if sp.terrain is not None else "lava"]
    return f'<path class="waves" d="{d.strip()}" fill="none" stroke="{colour}" stroke-width="{width}" opacity="0.9"/>'


def _outline_path(sp: Space, pen: _Pen) -> str:
    return " ".join("M" + " L".join(pen.pt(p) for p in loop) + " Z" for loop in sp.outline)


def _cells_path(cells: Iterable[tuple[int, int]], pen: _Pen) -> str:
    c = _f(pen.cell)
    return "".join(f"M{_f(pen.x(x))},{_f(pen.y(y))} h{c} v{c} h-{c} z" for x, y in cells)


def _shared_edges(a: Space, b: Space) -> list[tuple[Point, Point, Point]]:
    """Unit edges between the cells of ``a`` and ``b``: (end, end, unit normal pointing from a into b)."""
    bcells = set(b.cells)
    out: list[tuple[Point, Point, Point]] = []
    for x, y in a.cells:
        if (x + 1, y) in bcells:
            out.append(((x + 1.0, y + 0.0), (x + 1.0, y + 1.0), (1.0, 0.0)))
        if (x - 1, y) in bcells:
            out.append(((x + 0.0, y + 0.0), (x + 0.0, y + 1.0), (-1.0, 0.0)))
        if (x, y + 1) in bcells:
            out.append(((x + 0.0, y + 1.0), (x + 1.0, y + 1.0), (0.0, 1.0)))
        if (x, y - 1) in bcells:
            out.append(((x + 0.0, y + 0.0), (x + 1.0, y + 0.0), (0.0, -1.0)))
    out.sort()
    return out


def _line(seg: LineSegment, graph: TileGraph, pen: _Pen) -> list[str]:
    a, b = graph.by_id[seg.a], graph.by_id[seg.b]
    title = f"<title>{escape(seg.kind.value)} line {seg.a} → {seg.b}</title>"
    if seg.kind in (LineKind.YELLOW, LineKind.RED):
        edges = _shared_edges(a, b)
        if not edges:
            return []
        colour = YELLOW if seg.kind is LineKind.YELLOW else RED
        d = " ".join(f"M{pen.pt(p)} L{pen.pt(q)}" for p, q, _ in edges)
        w = pen.cell * 0.16
        out = [
            f'<g class="line {seg.kind.value}">{title}',
            f'<path d="{d}" stroke="#222" stroke-width="{_f(w + 2)}" stroke-linecap="round" fill="none"/>',
            f'<path d="{d}" stroke="{colour}" stroke-width="{_f(w)}" stroke-linecap="round" fill="none"/>',
        ]
        if seg.kind is LineKind.YELLOW:
            # an arrow across the middle of the line, pointing from a into b
            p, q, (nx, ny) = edges[len(edges) // 2]
            mx, my = (p[0] + q[0]) / 2, (p[1] + q[1]) / 2
            start = (mx - nx * 0.4, my - ny * 0.4)
            end = (mx + nx * 0.2, my + ny * 0.2)
            aw = pen.cell * 0.13
            out.append(
                f'<path d="M{pen.pt(start)} L{pen.pt(end)}" stroke="#222" stroke-width="{_f(aw + 2)}" '
                f'stroke-linecap="round"/>'
                f'<path d="M{pen.pt(start)} L{pen.pt(end)}" stroke="{YELLOW}" stroke-width="{_f(aw)}" '
                f'marker-end="url(#mnm-head-yellow)"/>'
            )
        out.append("</g>")
        return out
    colour = GAP if seg.kind is LineKind.GAP else BRIDGE
    (px, py), (qx, qy) = seg.points
    length = math.hypot(qx - px, qy - py) or 1.0
    trim = min(0.3, length / 3) / length  # keep clear of the space numbers at either end
    p = (px + (qx - px) * trim, py + (qy - py) * trim)
    q = (qx - (qx - px) * trim, qy - (qy - py) * trim)
    return [
        f'<g class="line {seg.kind.value}">{title}'
        f'<path d="M{pen.pt(p)} L{pen.pt(q)}" stroke="{colour}" stroke-width="{_f(pen.cell * 0.08)}" '
        f'stroke-dasharray="{_f(pen.cell * 0.18)} {_f(pen.cell * 0.12)}" stroke-linecap="round" fill="none"/></g>'
    ]


_OFF = {Side.N: (0.0, -1.0), Side.S: (0.0, 1.0), Side.E: (1.0, 0.0), Side.W: (-1.0, 0.0)}


def _current(sp: Space, graph: TileGraph, pen: _Pen) -> str:
    """The current's arrow: from the space centre toward the drift target (or off the edge)."""
    assert sp.drift is not None
    cx, cy = sp.centre
    if sp.drift.startswith("off-"):
        dx, dy = _OFF[Side(sp.drift[4:])]
        # run to the tile edge, through the space's own cells
        if dx:
            tx = graph.size + 0.15 if dx > 0 else -0.15
            end = (tx, cy)
        else:
            ty = graph.size + 0.15 if dy > 0 else -0.15
            end = (cx, ty)
        start = (cx + dx * 0.3, cy + dy * 0.3)
    else:
        tx, ty = graph.by_id[sp.drift].centre
        length = math.hypot(tx - cx, ty - cy) or 1.0
        ux, uy = (tx - cx) / length, (ty - cy) / length
        start = (cx + ux * 0.3, cy + uy * 0.3)
        end = (tx - ux * 0.3, ty - uy * 0.3)
    w = pen.cell * 0.09
    return (
        f'<g class="current"><title>current: {escape(sp.id)} drifts to {escape(sp.drift)}</title>'
        f'<path d="M{pen.pt(start)} L{pen.pt(end)}" stroke="#fff" stroke-width="{_f(w + 3)}" stroke-linecap="round" '
        f'opacity="0.8"/>'
        f'<path d="M{pen.pt(start)} L{pen.pt(end)}" stroke="{CURRENT}" stroke-width="{_f(w)}" '
        f'marker-end="url(#mnm-head-current)"/></g>'
    )


def _exit(ex_edge: Side, start: int, end: int, colour: TileColour, size: int, pen: _Pen, title: str) -> str:
    t = 0.24  # bar thickness, in cells, lying just inside the tile edge
    if ex_edge is Side.N:
        x0, y0, w, h = start + 0.08, 0.0, end - start + 0.84, t
    elif ex_edge is Side.S:
        x0, y0, w, h = start + 0.08, size - t, end - start + 0.84, t
    elif ex_edge is Side.W:
        x0, y0, w, h = 0.0, start + 0.08, t, end - start + 0.84
    else:
        x0, y0, w, h = size - t, start + 0.08, t, end - start + 0.84
    return (
        f'<rect class="exit" x="{_f(pen.x(x0))}" y="{_f(pen.y(y0))}" width="{_f(w * pen.cell)}" '
        f'height="{_f(h * pen.cell)}" rx="2" fill="{TILE_COLOUR[colour]}" stroke="{EXIT_STROKE}" stroke-width="1.5">'
        f"<title>{escape(title)}</title></rect>"
    )


# Markers: glyphs drawn in a box of side ``s`` pixels centred at (x, y).


def _glyph_entry(x: float, y: float, s: float) -> str:
    """A minion symbol: a dark rat's head with round ears and red eyes."""
    r = s * 0.3
    return (
        '<g class="mk-entry"><title>minion entry</title>'
        f'<circle cx="{_f(x - r * 0.85)}" cy="{_f(y - r * 0.8)}" r="{_f(r * 0.5)}" fill="#4b3b47" stroke="#111"/>'
        f'<circle cx="{_f(x + r * 0.85)}" cy="{_f(y - r * 0.8)}" r="{_f(r * 0.5)}" fill="#4b3b47" stroke="#111"/>'
        f'<path d="M{_f(x - r)},{_f(y - r * 0.35)} Q{_f(x)},{_f(y - r * 1.3)} {_f(x + r)},{_f(y - r * 0.35)} '
        f'L{_f(x)},{_f(y + r * 1.25)} Z" fill="#4b3b47" stroke="#111" stroke-linejoin="round"/>'
        f'<circle cx="{_f(x - r * 0.38)}" cy="{_f(y - r * 0.15)}" r="{_f(r * 0.16)}" fill="#ff3b30"/>'
        f'<circle cx="{_f(x + r * 0.38)}" cy="{_f(y - r * 0.15)}" r="{_f(r * 0.16)}" fill="#ff3b30"/></g>'
    )


def _glyph_trap(x: float, y: float, s: float) -> str:
    """A mousetrap space: a red X."""
    r = s * 0.3
    d = f"M{_f(x - r)},{_f(y - r)} L{_f(x + r)},{_f(y + r)} M{_f(x + r)},{_f(y - r)} L{_f(x - r)},{_f(y + r)}"
    return (
        '<g class="mk-trap"><title>mousetrap</title>'
        f'<path d="{d}" stroke="#fff" stroke-width="{_f(s * 0.22)}" stroke-linecap="round"/>'
        f'<path d="{d}" stroke="{RED}" stroke-width="{_f(s * 0.13)}" stroke-linecap="round"/></g>'
    )


def _glyph_flip(x: float, y: float, s: float, kind: str) -> str:
    """A flip space: two circular arrows around the flip's letter (P plain, G gear, F fishhook)."""
    r = s * 0.36
    letter = {"plain": "P", "gear": "G", "fishhook": "F"}.get(kind, "?")

    def arc(a0: float, a1: float) -> str:
        p0 = (x + r * math.cos(a0), y + r * math.sin(a0))
        p1 = (x + r * math.cos(a1), y + r * math.sin(a1))
        return f"M{_f(p0[0])},{_f(p0[1])} A{_f(r)},{_f(r)} 0 0 1 {_f(p1[0])},{_f(p1[1])}"

    def head(a: float) -> str:
        # a small triangle at angle a, pointing clockwise
        px, py = x + r * math.cos(a), y + r * math.sin(a)
        tx, ty = -math.sin(a), math.cos(a)  # clockwise tangent (y down)
        nx, ny = math.cos(a), math.sin(a)
        h = s * 0.16
        pts = [
            (px + tx * h, py + ty * h),
            (px + nx * h * 0.8, py + ny * h * 0.8),
            (px - nx * h * 0.8, py - ny * h * 0.8),
        ]
        return "M" + " L".join(f"{_f(u)},{_f(v)}" for u, v in pts) + " Z"

    a, b = math.radians(200), math.radians(340)
    c, d = math.radians(20), math.radians(160)
    mark = (
        f'<text x="{_f(x)}" y="{_f(y + s * 0.13)}" font-size="{_f(s * 0.36)}" text-anchor="middle" '
        f'class="mk">{letter}</text>'
    )
    if kind == "gecko":  # [EXP] R-EXP-18: a gecko's print (a pad and four toes): only a Wild mouse explores it
        t = s * 0.07
        toes = "".join(
            f'<circle cx="{_f(x + dx * s)}" cy="{_f(y + dy * s)}" r="{_f(t)}" fill="#2e6b1f"/>'
            for dx, dy in ((-0.16, -0.12), (-0.06, -0.2), (0.06, -0.2), (0.16, -0.12))
        )
        mark = f'<ellipse cx="{_f(x)}" cy="{_f(y + s * 0.06)}" rx="{_f(s * 0.12)}" ry="{_f(s * 0.1)}" fill="#2e6b1f"/>{toes}'
    return (
        f'<g class="mk-flip"><title>flip space ({escape(kind)})</title>'
        f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{_f(r * 1.25)}" fill="#fff8e6" opacity="0.85"/>'
        f'<path d="{arc(a, b)} {arc(c, d)}" stroke="#1f5f3a" stroke-width="{_f(s * 0.09)}" fill="none"/>'
        f'<path d="{head(b)} {head(d)}" fill="#1f5f3a"/>'
        f"{mark}</g>"
    )


def _glyph_start(x: float, y: float, s: float) -> str:
    """The start space: a white mouse head (big round ears)."""
    r = s * 0.24
    return (
        '<g class="mk-start"><title>start space</title>'
        f'<circle cx="{_f(x - r * 0.95)}" cy="{_f(y - r * 0.75)}" r="{_f(r * 0.62)}" fill="#fff" stroke="#222"/>'
        f'<circle cx="{_f(x + r * 0.95)}" cy="{_f(y - r * 0.75)}" r="{_f(r * 0.62)}" fill="#fff" stroke="#222"/>'
        f'<circle cx="{_f(x)}" cy="{_f(y + r * 0.2)}" r="{_f(r)}" fill="#fff" stroke="#222"/>'
        f'<circle cx="{_f(x - r * 0.35)}" cy="{_f(y + r * 0.05)}" r="{_f(r * 0.12)}" fill="#222"/>'
        f'<circle cx="{_f(x + r * 0.35)}" cy="{_f(y + r * 0.05)}" r="{_f(r * 0.12)}" fill="#222"/>'
        f'<circle cx="{_f(x)}" cy="{_f(y + r * 0.55)}" r="{_f(r * 0.14)}" fill="#e58a9a"/></g>'
    )


def _glyph_barred(x: float, y: float, s: float) -> str:
    """No minions may enter: a crossed circle."""
    r = s * 0.3
    return (
        '<g class="mk-barred"><title>minions may not enter</title>'
        f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{_f(r)}" fill="#fff" stroke="{RED}" stroke-width="{_f(s * 0.09)}"/>'
        f'<path d="M{_f(x - r * 0.7)},{_f(y + r * 0.7)} L{_f(x + r * 0.7)},{_f(y - r * 0.7)}" stroke="{RED}" '
        f'stroke-width="{_f(s * 0.09)}"/></g>'
    )


def _glyph_feature(x: float, y: float, s: float, name: str) -> str:
    """A board feature that is part of a space (R-MOVE-07): the helmet, the skull, or a labelled badge."""
    r = s * 0.3
    key = name.lower()
    if "helmet" in key:
        shape = (
            f'<path d="M{_f(x - r)},{_f(y + r * 0.45)} A{_f(r)},{_f(r * 1.1)} 0 0 1 {_f(x + r)},{_f(y + r * 0.45)} '
            f'Z" fill="#9aa3ad" stroke="#333"/>'
            f'<rect x="{_f(x - r * 1.2)}" y="{_f(y + r * 0.4)}" width="{_f(r * 2.4)}" height="{_f(r * 0.3)}" '
            f'fill="#7b848e" stroke="#333"/>'
            f'<path d="M{_f(x)},{_f(y - r * 0.65)} V{_f(y + r * 0.4)}" stroke="#333"/>'
        )
    elif key == "tree-climb":  # [EXP] R-EXP-19: a little tree, trunk and crown
        r = s * 0.45
        shape = (
            f'<rect x="{_f(x - r * 0.18)}" y="{_f(y)}" width="{_f(r * 0.36)}" height="{_f(r)}" fill="#6d4c2f" '
            f'stroke="#2b1d0e"/>'
            f'<circle cx="{_f(x)}" cy="{_f(y - r * 0.25)}" r="{_f(r * 0.75)}" fill="#3f8f3a" stroke="#1d3f1a"/>'
            f'<path d="M{_f(x - r * 0.5)},{_f(y - r * 0.1)} L{_f(x + r * 0.45)},{_f(y - r * 0.55)}" stroke="#d8f0c0" '
            f'stroke-width="{_f(r * 0.12)}" stroke-linecap="round"/>'
        )
    elif key == "exit-branch":  # [EXP] R-EXP-20: a twig ending in a leaf, the way off the branch
        r = s * 0.45
        shape = (
            f'<path d="M{_f(x - r)},{_f(y + r * 0.7)} L{_f(x + r * 0.1)},{_f(y - r * 0.1)}" stroke="#6d4c2f" '
            f'stroke-width="{_f(r * 0.3)}" stroke-linecap="round"/>'
            f'<path d="M{_f(x - r * 0.1)},{_f(y)} C{_f(x)},{_f(y - r)} {_f(x + r)},{_f(y - r)} {_f(x + r)},{_f(y - r)} '
            f'C{_f(x + r)},{_f(y - r * 0.1)} {_f(x + r * 0.3)},{_f(y + r * 0.2)} {_f(x - r * 0.1)},{_f(y)} Z" '
            f'fill="#7fd36b" stroke="#1d3f1a"/>'
        )
    elif "skull" in key:
        shape = (
            f'<circle cx="{_f(x)}" cy="{_f(y - r * 0.1)}" r="{_f(r * 0.85)}" fill="#f4f1e6" stroke="#333"/>'
            f'<rect x="{_f(x - r * 0.45)}" y="{_f(y + r * 0.5)}" width="{_f(r * 0.9)}" height="{_f(r * 0.4)}" '
            f'fill="#f4f1e6" stroke="#333"/>'
            f'<circle cx="{_f(x - r * 0.32)}" cy="{_f(y - r * 0.1)}" r="{_f(r * 0.2)}" fill="#333"/>'
            f'<circle cx="{_f(x + r * 0.32)}" cy="{_f(y - r * 0.1)}" r="{_f(r * 0.2)}" fill="#333"/>'
        )
    else:
        shape = (
            f'<rect x="{_f(x - r)}" y="{_f(y - r)}" width="{_f(2 * r)}" height="{_f(2 * r)}" rx="{_f(r * 0.4)}" '
            f'fill="#d8c7f0" stroke="#333"/>'
            f'<text x="{_f(x)}" y="{_f(y + r * 0.45)}" font-size="{_f(r * 1.3)}" text-anchor="middle" '
            f'class="mk">{escape(name[:1].upper())}</text>'
        )
    return f'<g class="mk-feature"><title>{escape(name)}</title>{shape}</g>'


def _markers(sp: Space) -> list[tuple[str, str]]:
    """(kind, argument) for every marker the space carries, in drawing order."""
    out: list[tuple[str, str]] = []
    if sp.start:
        out.append(("start", ""))
    if sp.entry:
        out.append(("entry", ""))
    if sp.trap:
        out.append(("trap", ""))
    if sp.flip:
        out.append(("flip", sp.flip))
    if sp.minions_barred:
        out.append(("barred", ""))
    out += [("feature", f) for f in sp.features]
    return out


def _slots(sp: Space, count: int) -> list[tuple[Point, float]]:
    """Where to draw ``count`` markers in a space: its other cells first, nearest the label, then corners."""
    cx, cy = sp.centre
    home = (math.floor(cx), math.floor(cy))
    others = sorted(
        (c for c in sp.cells if c != home),
        key=lambda c: ((c[0] + 0.5 - cx) ** 2 + (c[1] + 0.5 - cy) ** 2, c[1], c[0]),
    )
    slots: list[tuple[Point, float]] = [((x + 0.5, y + 0.5), 0.7) for x, y in others[:count]]
    corners = [(-0.3, 0.3), (0.3, 0.3), (-0.3, -0.3), (0.3, -0.3)]
    i = 0
    while len(slots) < count:
        dx, dy = corners[i % 4]
        slots.append(((cx + dx, cy + dy), 0.38))
        i += 1
    return slots


def _marker_svg(kind: str, arg: str, x: float, y: float, s: float) -> str:
    if kind == "start":
        return _glyph_start(x, y, s)
    if kind == "entry":
        return _glyph_entry(x, y, s)
    if kind == "trap":
        return _glyph_trap(x, y, s)
    if kind == "flip":
        return _glyph_flip(x, y, s, arg)
    if kind == "barred":
        return _glyph_barred(x, y, s)
    return _glyph_feature(x, y, s, arg)


def _blockers(graph: TileGraph, pen: _Pen) -> list[str]:
    """Rock cells dark; feature cells in their own colour, each group labelled with its name."""
    rock = [c for c, name, _ in graph.blockers if name == "rock"]
    out = [f'<path class="rock" d="{_cells_path(rock, pen)}" fill="{ROCK}"><title>rock</title></path>'] if rock else []
    groups: dict[tuple[str, bool], list[tuple[int, int]]] = {}
    for cell, name, blocks in graph.blockers:
        if name != "rock":
            groups.setdefault((name, blocks), []).append(cell)
    for (name, blocks), cells in groups.items():
        fill = FEATURE_FILL if blocks else FEATURE_CLEAR
        note = "blocks sight" if blocks else "does not block sight"
        out.append(
            f'<path class="feature" d="{_cells_path(cells, pen)}" fill="{fill}" stroke="#4d463f" stroke-width="1">'
            f"<title>{escape(name)} ({note})</title></path>"
        )
        if name == "stalagmite":  # [EXP] R-EXP-21: a rock spike drawn in every cell, no word needed
            out.append(_stalagmites(cells, pen))
            continue
        # label each 4-connected piece once, at its cell nearest the piece's middle
        for piece in _pieces(cells):
            mx = sum(x + 0.5 for x, _ in piece) / len(piece)
            my = sum(y + 0.5 for _, y in piece) / len(piece)
            lx, ly = min(piece, key=lambda c: ((c[0] + 0.5 - mx) ** 2 + (c[1] + 0.5 - my) ** 2, c))
            xs, ys = {x for x, _ in piece}, {y for _, y in piece}
            if len(piece) == len(xs) * len(ys):  # a full rectangle: its middle is inside it
                tx, ty = mx, my
            else:
                tx, ty = lx + 0.5, ly + 0.5
            size = pen.cell * (0.26 if len(name) > 6 else 0.3)
            out.append(
                f'<text class="feat{"" if blocks else " clear"}" x="{_f(pen.x(tx))}" y="{_f(pen.y(ty) + size * 0.35)}" '
                f'font-size="{_f(size)}" text-anchor="middle">{escape(name)}</text>'
            )
    return out


def _stalagmites(cells: list[tuple[int, int]], pen: _Pen) -> str:
    """Two pale rock spikes in each stalagmite cell."""
    c = pen.cell
    d = ""
    for x, y in cells:
        left, top = pen.x(x), pen.y(y)
        for cx, h in ((0.32, 0.72), (0.68, 0.55)):
            d += (
                f"M{_f(left + c * (cx - 0.17))},{_f(top + c * 0.9)} L{_f(left + c * cx)},{_f(top + c * (0.9 - h))} "
                f"L{_f(left + c * (cx + 0.17))},{_f(top + c * 0.9)} Z "
            )
    return (
        f'<path class="stalagmite" d="{d.strip()}" fill="#d9cdb8" stroke="#3a2e22" stroke-width="1.2" '
        f'stroke-linejoin="round"><title>stalagmite</title></path>'
    )


def _pieces(cells: list[tuple[int, int]]) -> list[list[tuple[int, int]]]:
    todo = set(cells)
    pieces: list[list[tuple[int, int]]] = []
    while todo:
        stack = [min(todo)]
        todo.discard(stack[0])
        piece: list[tuple[int, int]] = []
        while stack:
            x, y = stack.pop()
            piece.append((x, y))
            for nb in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if nb in todo:
                    todo.remove(nb)
                    stack.append(nb)
        pieces.append(sorted(piece))
    return pieces


def _side_body(graph: TileGraph, pen: _Pen) -> list[str]:
    """Everything drawn inside a tile side's square, at ``pen``."""
    size_px = graph.size * pen.cell
    out = [
        f'<g class="side" data-side="{graph.side}">',
        f'<rect x="{_f(pen.ox)}" y="{_f(pen.oy)}" width="{_f(size_px)}" height="{_f(size_px)}" fill="{ROCK}"/>',
    ]
    out += _blockers(graph, pen)
    # spaces
    for sp in graph.spaces:
        out.append(
            f'<path class="space {sp.kind.value}{_terrain_class(sp)}" data-space="{sp.id}" d="{_outline_path(sp, pen)}" '
            f'fill="{_space_fill(sp)}" fill-rule="evenodd" stroke="{SPACE_STROKE}" stroke-width="1.5">'
            f"<title>{escape(_space_title(sp))}</title></path>"
        )
    for sp in graph.spaces:
        if sp.terrain is not None and sp.terrain.value in TERRAIN_WAVE:
            out.append(_terrain_waves(sp, pen))
    for sp in graph.spaces:
        if sp.red_border:
            inset = _outline_path(sp, pen)
            out.append(
                f'<path d="{inset}" fill="none" stroke="{RED}" stroke-width="4" stroke-linejoin="round" '
                f'stroke-dasharray="none"><title>red border: ranged minions placed here first</title></path>'
            )
    for seg in graph.lines:
        out += _line(seg, graph, pen)
    for sp in graph.spaces:
        if sp.drift:
            out.append(_current(sp, graph, pen))
    for ex in graph.exits:
        title = f"exit {ex.index}: {ex.colour.value}, {ex.edge.value} edge cells {ex.start}-{ex.end}"
        out.append(_exit(ex.edge, ex.start, ex.end, ex.colour, graph.size, pen, title))
    # markers and labels on top
    for sp in graph.spaces:
        marks = _markers(sp)
        for (kind, arg), ((mx, my), scale) in zip(marks, _slots(sp, len(marks)), strict=True):
            out.append(_marker_svg(kind, arg, pen.x(mx), pen.y(my), pen.cell * scale))
    for sp in graph.spaces:
        x, y = pen.x(sp.centre[0]), pen.y(sp.centre[1])
        fs = pen.cell * 0.42
        label = f'<g class="label"><title>{escape(_space_title(sp))}</title>'
        label += f'<text class="num" x="{_f(x)}" y="{_f(y + fs * 0.36)}" font-size="{_f(fs)}" text-anchor="middle">'
        label += f"{sp.n}</text>"
        if sp.name and len(sp.cells) >= 3:
            ns = pen.cell * 0.22
            label += (
                f'<text class="sname" x="{_f(x)}" y="{_f(y + fs * 0.36 + ns * 1.25)}" font-size="{_f(ns)}" '
                f'text-anchor="middle">{escape(sp.name)}</text>'
            )
        out.append(label + "</g>")
    out.append(
        f'<rect x="{_f(pen.ox)}" y="{_f(pen.oy)}" width="{_f(size_px)}" height="{_f(size_px)}" fill="none" '
        f'stroke="#111" stroke-width="2"/>'
    )
    out.append("</g>")
    return out


def _north_arrow(x: float, y: float, h: float, colour: str = "#222") -> str:
    """An orientation arrow pointing north (R-SETUP-05), ``h`` pixels tall, its tip at (x, y)."""
    return (
        '<g class="north"><title>north: every tile\'s orientation arrow points this way</title>'
        f'<path d="M{_f(x)},{_f(y + h * 0.95)} L{_f(x)},{_f(y + h * 0.3)}" stroke="{colour}" stroke-width="3" '
        f'marker-end="url(#mnm-head-north)"/>'
        f'<text x="{_f(x + h * 0.32)}" y="{_f(y + h * 0.75)}" font-size="{_f(h * 0.42)}" font-weight="bold" '
        f'fill="{colour}">N</text></g>'
    )


def _header(graph: TileGraph, x: float, y: float, w: float, h: float, *, small: bool = False) -> list[str]:
    band = TILE_COLOUR[graph.colour]
    text = f"{graph.side} · {graph.name}"
    sub = f"tile {graph.tile}, {graph.colour.value} side"
    fs = h * (0.5 if small else 0.42)
    out = [
        f'<rect x="{_f(x)}" y="{_f(y)}" width="{_f(w)}" height="{_f(h)}" fill="{band}"/>',
        f'<text x="{_f(x + 10)}" y="{_f(y + h / 2 + fs * 0.36)}" font-size="{_f(fs)}" font-weight="bold" '
        f'fill="#fff">{escape(text)}</text>',
    ]
    if not small:
        out.append(
            f'<text x="{_f(x + w - 56)}" y="{_f(y + h / 2 + fs * 0.3)}" font-size="{_f(fs * 0.6)}" '
            f'text-anchor="end" fill="#fff">{escape(sub)}</text>'
        )
    return out


def _document(width: float, height: float, body: list[str], title: str) -> str:
    return "\n".join(
        [
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{_f(width)}" height="{_f(height)}" '
            f'viewBox="0 0 {_f(width)} {_f(height)}">',
            f"<title>{escape(title)}</title>",
            _STYLE,
            _defs(),
            f'<rect width="{_f(width)}" height="{_f(height)}" fill="#fbf7ee"/>',
            *body,
            "</svg>",
            "",
        ]
    )


def render_side_svg(graph: TileGraph, cell: float = CELL) -> str:
    """One tile side as a standalone SVG document: header band, north arrow, and the side's map."""
    size_px = graph.size * cell
    width = size_px + 2 * MARGIN
    height = HEADER + size_px + 2 * MARGIN
    body = _header(graph, MARGIN, MARGIN, size_px, HEADER - 6)
    body.append(_north_arrow(MARGIN + size_px - 34, MARGIN + 2, HEADER - 10, "#fff"))
    body += _side_body(graph, _Pen(MARGIN, MARGIN + HEADER, cell))
    return _document(width, height, body, f"Side {graph.side}: {graph.name}")


def layout_grid(board: Board, faces: Mapping[int, int], cell: float = CELL) -> tuple[float, int, int, int, int]:
    """Where a layout's tiles sit: a tile's size in pixels (the largest face-up side's, at ``cell`` pixels a cell),
    the top-left board position (x0, y0) and the columns and rows the positions span. One function for the SVG
    (:func:`render_layout_svg`) and the positions the clients read (:func:`mnm.board.picture.board_geometry`),
    so that the two always agree."""
    tile_px = max(board.graphs[s].size for s in faces.values()) * cell
    xs = [p[0] for p in board.positions.values()]
    ys = [p[1] for p in board.positions.values()]
    x0, y0 = min(xs), min(ys)
    return tile_px, x0, y0, max(xs) - x0 + 1, max(ys) - y0 + 1


def render_layout_svg(board: Board, up: Mapping[int, int] | None = None, *, title: str = "", cell: float = CELL) -> str:
    """A chapter layout: every physical tile at its board position, showing the side that is face up.

    ``up`` maps physical tile -> face-up side (game state); the layout's :attr:`Board.initial_up` if omitted.
    A tile a rule has yet to lay (add_tile) leaves its place empty when ``up`` is given.
    """
    faces = dict(board.initial_up)
    if up is not None:
        faces.update(up)
    shown = set(board.on_table(up)) if up is not None else set(board.positions)
    if not board.positions:
        raise ValueError("the board has no tiles")
    tile_px, x0, y0, cols, rows = layout_grid(board, faces, cell)
    top = HEADER if title else 0
    slot_w, slot_h = tile_px, tile_px + LABEL
    width = cols * slot_w + 2 * MARGIN
    height = top + rows * slot_h + 2 * MARGIN
    body: list[str] = []
    if title:
        body.append(
            f'<text x="{_f(MARGIN)}" y="{_f(MARGIN + HEADER * 0.55)}" font-size="{_f(HEADER * 0.48)}" '
            f'font-weight="bold" fill="#2b1d0e">{escape(title)}</text>'
        )
    body.append(_north_arrow(width - MARGIN - 26, MARGIN + 2, max(HEADER, 36) - 10))
    for tile, (tx, ty) in sorted(board.positions.items()):
        if tile not in shown:
            continue
        graph = board.graphs[faces[tile]]
        left = MARGIN + (tx - x0) * slot_w
        head = MARGIN + top + (ty - y0) * slot_h
        body.append(f'<g class="tile" data-tile="{tile}" data-side="{graph.side}">')
        body += _header(graph, left, head, tile_px, LABEL - 2, small=True)
        body += _side_body(graph, _Pen(left, head + LABEL, tile_px / graph.size))
        body.append("</g>")
    return _document(width, height, body, title or "layout")


def _side_number(target: str, content: Content) -> int:
    try:
        number = int(target)
    except ValueError:
        raise ValueError(f"unknown render target {target!r}: give a tile side number, 'all', or 'chapter:ID'") from None
    if number not in content.tile_sides:
        known = ", ".join(str(s) for s in sorted(content.tile_sides)) or "none"
        raise ValueError(f"no tile side {number}; known sides: {known}")
    return number


def render_target(target: str, out: Path, content: Content | None = None) -> list[Path]:
    """Render ``target`` (a side number, ``all`` or ``chapter:ID``) to SVG; return the files written.

    For ``all``, ``out`` is a folder that receives ``side-NN.svg`` for every side. Raises :class:`ValueError`
    with a readable message for an unknown side or chapter.
    """
    content = content or builtin_content()
    target = target.strip()
    if target == "all":
        out.mkdir(parents=True, exist_ok=True)
        written = []
        for sid, side in content.tile_sides.items():
            path = out / f"side-{sid:02d}.svg"
            path.write_text(render_side_svg(compile_side(side)), encoding="utf-8")
            written.append(path)
        return written
    if target.startswith("chapter:"):
        key = target.removeprefix("chapter:")
        try:
            chapter = content.chapter(key)
        except KeyError:
            known = ", ".join(sorted(content.chapters)) or "none"
            raise ValueError(f"no chapter {key!r}; known chapters: {known}") from None
        svg = render_layout_svg(
            Board.for_chapter(content, chapter), title=f"Chapter {chapter.number}: {chapter.name.en}"
        )
    else:
        svg = render_side_svg(compile_side(content.tile_sides[_side_number(target, content)]))
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(svg, encoding="utf-8")
    return [out]
