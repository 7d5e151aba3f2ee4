"""The board drawn with characters: each face-up tile side as a map of its spaces, with the figures on it.

Every map cell of a side (12x12) becomes 3 characters: two for a label or a figure, the third for a red or
yellow line on the border with the cell to the right. Touching spaces get different background shades (a
greedy colouring), water is blue, rock is dark. Each space shows its number in the cell nearest its centre and
its figures in the next cells (``Fi`` = Filch, ``r2`` = Rat Warrior 2). Exits are drawn on the frame in the
exit's colour with the exit's number. Tiles are placed as the chapter lays them out, or wrapped onto more
rows when the screen is narrower than the layout (:func:`fit_layout`).
"""

from __future__ import annotations

import string
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from rich.style import Style
from rich.text import Text

from mnm.board.geometry import Space, TileGraph
from mnm.content.loader import Content
from mnm.content.schema import LineKind, Side, TileColour
from mnm.engine import Game
from mnm.presentation import info

__all__ = [
    "BIG",
    "CELL_W",
    "FigureMarks",
    "board_text",
    "fit_layout",
    "grid",
    "layout_size",
    "legend_text",
    "side_lines",
    "weather_words",
    "wheel_dots",
]

CELL_W = 3
LAND = ("#4a3b28", "#5c4a30", "#3f4a2e", "#54404a", "#3d4652", "#5a5236")
LAND_HI = "#8a6d2f"  # a space picked in the choice list
WATER = ("#1d4f7a", "#25608f", "#1a4466")
SPECIAL = "#6b4f1a"
ROCK = "#17120e"
FEATURE = "#3a3633"
LABEL = "#d9c9a3"
HERO_COLOURS = ("#ffd75f", "#87ffaf", "#ff87ff", "#87d7ff", "#ffaf5f", "#d7ff87")
MINION = "#ff6b6b"
BOSS = "#ff2f6e"
EXIT_COLOUR = {TileColour.ORANGE: "#ff9f40", TileColour.BLUE: "#5fafff"}
LINE_COLOUR = {LineKind.RED: "#ff3b30", LineKind.YELLOW: "#ffd60a"}
FRAME = "#8a7a5c"
ACTING = "#ffffff"


# Letters a minion's mark never starts with: "s" and a number is how a space is typed and said (``s12``, issue 45:
# roaches were drawn "s1", "s2"), in either case since what is typed is read without case.
NOT_MINION_LETTERS = frozenset("sS")


@dataclass(frozen=True)
class FigureMarks:
    """Two-character marks for the figures of a content set, and their colours."""

    heroes: dict[str, tuple[str, str]]  # hero id -> (mark, colour)
    minion_letters: dict[str, str]  # minion type -> letter

    @classmethod
    def of(cls, content: Content) -> FigureMarks:
        heroes = {}
        for i, hid in enumerate(content.heroes):
            heroes[hid] = (hid[:2].capitalize(), HERO_COLOURS[i % len(HERO_COLOURS)])
        letters: dict[str, str] = {}
        used: set[str] = set(NOT_MINION_LETTERS)
        for mtype in sorted(content.minions):
            name = content.minions[mtype].name.en.lower()
            initials = [w[0] for w in name.split() if w[:1].isalpha()]
            boss = content.minions[mtype].boss
            # a letter of the name, else any letter left (a name whose letters are all taken: Roaches)
            tried = [*initials, *name, *string.ascii_lowercase]
            pick = next((c for c in tried if c.isalpha() and (c.upper() if boss else c) not in used), "?")
            letter = pick.upper() if boss else pick
            used.add(letter)
            letters[mtype] = letter
        return cls(heroes, letters)

    def minion(self, minion_id: str, mtype: str) -> str:
        num = minion_id.rsplit("-", 1)[-1]
        return self.minion_letters.get(mtype, "?") + (num[-1] if num.isdigit() else "")


def _colouring(g: TileGraph) -> dict[int, int]:
    """A palette index per space so that touching spaces differ (greedy, in space order)."""
    nbrs: dict[int, set[int]] = {sp.index: set() for sp in g.spaces}
    for a, b in g.touching:
        nbrs[a].add(b)
        nbrs[b].add(a)
    colour: dict[int, int] = {}
    for sp in g.spaces:
        taken = {colour[n] for n in nbrs[sp.index] if n in colour}
        colour[sp.index] = next(i for i in range(16) if i not in taken)
    return colour


REACH_BG = "#2f5a34"  # a space the acting mouse can move to
TERRAIN = {"lava": "#b83a12", "chasm": "#3a3a46", "shallow": "#3f7f9f"}  # [EXP] R-EXP-04/21/22
# [EXP] a pattern in every terrain cell, so lava, a chasm and shallow water differ without colour too
TERRAIN_FILL = {"lava": ("≈", "#ffc24b"), "chasm": ("▚", "#15151c"), "shallow": ("~", "#a8d8f0")}
STALAGMITE = ("▲", "#d9cdb8")
# [EXP] markers (mnm.presentation.info.board_marks kinds): two characters each; a leaf's second is the way it drifts
TOKEN_MARKS = {
    "leaf": ("Lf", "#7fd36b"),
    "turtle": ("Tt", "#5fbf8f"),
    "bee": ("Be", "#ffd23f"),
    "olga": ("Og", "#c08f5f"),
    "mortar": ("Mo", "#c0c0c0"),
    "branch": ("Br", "#c8a27a"),
    "tree_climb": ("Tc", "#8fd07a"),
    "exit_branch": ("Eb", "#7fd36b"),
    "gecko": ("Gk", "#b5e86b"),
    "hesster_tail": ("≈t", "#a5c94a"),
    "hesster_body": ("≈≈", "#a5c94a"),
    "ally": ("Al", "#8fd0ff"),
    "pet": ("Pt", "#8fd0ff"),
}
DRIFT = {"north": "↑", "south": "↓", "east": "→", "west": "←"}
FIRE_BG = "#c43c00"  # [EXP] a figure on fire: its mark on a flame-coloured ground
CURSE_BG = "#6a1b9a"  # [EXP] a cursed figure: on purple
FLYING = "#ff9ff3"  # [EXP] a flying minion's mark
REACH_FG = "#b8f5a8"  # the movement it costs, drawn in the space


def _bg(sp: Space, shade: int, highlight: bool, reachable: bool = False) -> str:
    if highlight:
        return LAND_HI if not sp.water else "#3a8fd0"
    if reachable:
        return REACH_BG if not sp.water else "#2a6a8a"
    if sp.water:
        return WATER[shade % len(WATER)]
    if sp.terrain is not None:  # [EXP] lava, chasm, shallow water
        return TERRAIN[sp.terrain.value]
    if sp.special:
        return SPECIAL
    return LAND[shade % len(LAND)]


class _Canvas:
    """A grid of (character, style) to be turned into Rich text."""

    def __init__(self, width: int, height: int) -> None:
        self.chars = [[" "] * width for _ in range(height)]
        self.styles = [[Style()] * width for _ in range(height)]

    def put(self, x: int, y: int, text: str, style: Style) -> None:
        for i, ch in enumerate(text):
            if 0 <= y < len(self.chars) and 0 <= x + i < len(self.chars[y]):
                self.chars[y][x + i] = ch
                self.styles[y][x + i] = style

    def fg(self, x: int, y: int, text: str, colour: str, bold: bool = False) -> None:
        """Write text keeping each cell's background."""
        for i, ch in enumerate(text):
            if 0 <= y < len(self.chars) and 0 <= x + i < len(self.chars[y]):
                self.chars[y][x + i] = ch
                self.styles[y][x + i] = self.styles[y][x + i] + Style(color=colour, bold=bold)

    def lines(self) -> list[Text]:
        out = []
        for row_c, row_s in zip(self.chars, self.styles, strict=True):
            t = Text(no_wrap=True, end="")
            run, run_style = "", row_s[0] if row_s else Style()
            for ch, st in zip(row_c, row_s, strict=True):
                if st != run_style:  # one span per run of equal style (smaller, and whole words in SVG)
                    t.append(run, run_style)
                    run, run_style = "", st
                run += ch
            t.append(run, run_style)
            out.append(t)
        return out


Mark = tuple[str, str, bool] | tuple[str, str, bool, str]  # (two characters, colour, bold[, background])


def _status_bg(statuses: Iterable[str]) -> tuple[()] | tuple[str]:
    """[EXP] The ground of a figure's mark: flame for on fire, purple for cursed (fire shows first)."""
    return (FIRE_BG,) if "on_fire" in statuses else (CURSE_BG,) if "cursed" in statuses else ()


def _tokens(
    game: Game, marks: FigureMarks, sp: Space, acting: str | None, exp: list[dict[str, object]] | None = None
) -> list[Mark]:
    """What to write in a space after its number: (two characters, colour, bold[, background]).
    ``exp``: the expansion markers of the board (mnm.presentation.info.board_marks), when the caller has them."""
    st = game.state
    out: list[Mark] = []
    for h in st.heroes.values():
        if h.space == sp.id and not h.captured:
            mark, colour = marks.heroes.get(h.id, (h.id[:2], "#ffffff"))
            out.append((mark, ACTING if h.id == acting else colour, True, *_status_bg(h.statuses)))
    content = game.ctx.content
    for m in st.minions.values():
        if m.space == sp.id:
            spec = content.minions.get(m.type)
            colour = BOSS if spec is not None and spec.boss else FLYING if spec is not None and spec.flying else MINION
            out.append((marks.minion(m.id, m.type), colour, True, *_status_bg(m.statuses)))
    if sp.id in st.traps:
        out.append(("XX", "#ff3b30", True))
    if "tree-climb" in sp.features:
        out.append((*TOKEN_MARKS["tree_climb"], True))
    if "exit-branch" in sp.features:  # [EXP] R-EXP-20
        out.append((*TOKEN_MARKS["exit_branch"], True))
    if sp.flip == "gecko":  # [EXP] R-EXP-18: a Wild mouse's flip space
        out.append((*TOKEN_MARKS["gecko"], True))
    if exp is None:
        exp = info.board_marks(content, st, game.ctx.board)
    drawn = set()
    for em in exp:
        if em["space"] != sp.id or em["kind"] not in TOKEN_MARKS:
            continue
        drawn.add(str(em["id"]))
        text, colour = TOKEN_MARKS[str(em["kind"])]
        drift = em.get("drift")
        if isinstance(drift, dict):
            text = text[0] + DRIFT.get(str(drift.get("way")), text[1])
        out.append((text, colour, True))
    for token, spaces in st.tokens.items():  # party items placed on the board
        if sp.id in spaces and token not in drawn:
            out.append(("*" + token[:1], "#c0a0ff", False))
    return out


def _cells_beside(sp: Space, owner: Mapping[tuple[int, int], Space], size: int) -> list[tuple[int, int]]:
    """The cells around a space that belong to no space (rock, a wall, a tree trunk), nearest first: where the
    figures on a space too small to hold their marks are written, so no figure is ever left off the map."""
    cx, cy = sp.centre
    around = {
        (x + dx, y + dy)
        for x, y in sp.cells
        for dx in (-1, 0, 1)
        for dy in (-1, 0, 1)
        if 0 <= x + dx < size and 0 <= y + dy < size and (x + dx, y + dy) not in owner
    }
    return sorted(around, key=lambda c: ((c[0] + 0.5 - cx) ** 2 + (c[1] + 0.5 - cy) ** 2, c[1], c[0]))


def side_lines(
    game: Game,
    side: int,
    highlight: Iterable[str] = (),
    marks: FigureMarks | None = None,
    scale: tuple[int, int] = (CELL_W, 1),
    reach: Mapping[str, int] | None = None,
    lang: str = "en",
) -> list[Text]:
    """One tile side drawn in a frame: ``size*cw + 2`` columns by ``size*ch + 2`` rows (``scale = (cw, ch)``).
    ``reach``: spaces the acting mouse can move to, shaded, with what each costs (``·2``); ``lang``: the
    language of the side's name on the frame."""
    reach = reach or {}
    g = game.ctx.board.graph(side)
    marks = marks or FigureMarks.of(game.ctx.content)
    cw, ch = scale
    size = g.size
    width = size * cw + 2
    height = size * ch + 2
    canvas = _Canvas(width, height)
    frame = Style(color=FRAME)
    hl = set(highlight)
    shade = _colouring(g)
    owner: dict[tuple[int, int], Space] = {}
    for sp in g.spaces:
        for c in sp.cells:
            owner[c] = sp
    blockers = {cell: name for cell, name, _ in g.blockers}

    def px(x: int) -> int:
        return 1 + x * cw

    def py(y: int) -> int:
        return 1 + y * ch

    # frame with the side's name on top
    canvas.put(0, 0, "┌" + "─" * (width - 2) + "┐", frame)
    canvas.put(0, height - 1, "└" + "─" * (width - 2) + "┘", frame)
    for y in range(1, height - 1):
        canvas.put(0, y, "│", frame)
        canvas.put(width - 1, y, "│", frame)
    named = game.ctx.content.tile_sides.get(side)
    title = f" {named.name.get(lang) if named is not None and lang != 'en' else g.name} ({side}) "
    canvas.put(2, 0, title[: width - 4], Style(color=LABEL, bold=True))

    # cells
    for y in range(size):
        for x in range(size):
            here = owner.get((x, y))
            if here is None:
                feature = blockers.get((x, y), "rock")
                style = Style(bgcolor=ROCK if feature == "rock" else FEATURE, color="#6a5d4d")
                fill = " " * cw if feature == "rock" else "░" * cw
                if feature == "stalagmite":  # [EXP] R-EXP-21
                    style = Style(bgcolor=FEATURE, color=STALAGMITE[1], bold=True)
                    fill = (" " + STALAGMITE[0]) * cw
                    fill = fill[:cw]
            else:
                style = Style(bgcolor=_bg(here, shade[here.index], here.id in hl, here.id in reach))
                fill = " " * cw
                if here.terrain is not None and here.id not in hl and here.id not in reach:  # [EXP] a pattern too
                    char, colour = TERRAIN_FILL[here.terrain.value]
                    style += Style(color=colour)
                    fill = (" " + char + " " * cw)[:cw] if (x + y) % 2 == 0 else " " * cw
            for dy in range(ch):
                canvas.put(px(x), py(y) + dy, fill, style)

    # labels and figures, from the cell nearest the centre outwards
    acting = game.state.pending.actor if game.state.pending is not None else None
    slot = 0 if cw < 5 else 1  # where in a cell the two characters go
    exp = info.board_marks(game.ctx.content, game.state, game.ctx.board)
    for sp in g.spaces:
        cx, cy = sp.centre
        cells = sorted(sp.cells, key=lambda c: ((c[0] + 0.5 - cx) ** 2 + (c[1] + 0.5 - cy) ** 2, c[1], c[0]))
        canvas.fg(px(cells[0][0]) + slot, py(cells[0][1]), f"{sp.n:>2}", LABEL, ch > 1)
        tokens = _tokens(game, marks, sp, acting, exp)
        if sp.id in reach:
            tokens.insert(0, (f"·{reach[sp.id]}", REACH_FG, True))
        free = cells[1:]
        if len(tokens) > len(free):  # a small space (the tree entrance is one cell): the wall or rock next to it
            free += _cells_beside(sp, owner, size)
        if len(tokens) > len(free):
            keep = max(0, len(free) - 1)
            hidden = len(tokens) - keep
            tokens = [*tokens[:keep], (f"+{hidden}" if hidden < 10 else "++", "#ffffff", True)]
        for (tx, ty), (mark, colour, bold, *ground) in zip(free, tokens, strict=False):
            canvas.fg(px(tx) + slot, py(ty), mark[:2], colour, bold)
            if ground:  # [EXP] fire or curse: the mark on its own ground
                canvas.put(px(tx) + slot, py(ty), mark[:2], Style(color=colour, bgcolor=ground[0], bold=True))

    # red and yellow lines on the borders they run along
    for ln in g.lines:
        if ln.kind not in LINE_COLOUR:
            continue
        a, b = g.by_id[ln.a], g.by_id[ln.b]
        colour = LINE_COLOUR[ln.kind]
        bset = set(b.cells)
        yellow = ln.kind is LineKind.YELLOW  # the arrow points from a to b (downhill, cost 1)
        for x, y in a.cells:
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                if (x + dx, y + dy) not in bset:
                    continue
                if dx != 0:
                    lx, ly = (x, y) if dx == 1 else (x - 1, y)
                    mark = "┃" if not yellow else ("▸" if dx == 1 else "◂")
                    for r in range(ch):
                        canvas.fg(px(lx) + cw - 1, py(ly) + r, mark, colour, True)
                else:
                    ux, uy = (x, y) if dy == 1 else (x, y - 1)
                    mark = "▁" if not yellow else ("▾" if dy == 1 else "▴")
                    row, col = py(uy) + ch - 1, px(ux)
                    cols = [k for k in range(col, col + cw - 1) if canvas.chars[row][k] == " "]
                    for k in cols or [col + cw - 1]:
                        canvas.fg(k, row, mark, colour, True)

    # exits on the frame, numbered
    for ex in g.exits:
        style = Style(color=EXIT_COLOUR.get(ex.colour, "#ffffff"), bold=True)
        for i, k in enumerate(range(ex.start, ex.end + 1)):
            for r in range(ch):
                first = i == 0 and r == 0
                if ex.edge is Side.E:
                    canvas.put(width - 1, py(k) + r, str(ex.index) if first else "▶", style)
                elif ex.edge is Side.W:
                    canvas.put(0, py(k) + r, str(ex.index) if first else "◀", style)
            if ex.edge is Side.N:
                canvas.put(px(k), 0, (str(ex.index) if i == 0 else "▲").center(cw), style)
            elif ex.edge is Side.S:
                canvas.put(px(k), height - 1, (str(ex.index) if i == 0 else "▼").center(cw), style)
    return canvas.lines()


def legend_text(game: Game, marks: FigureMarks | None = None, lang: str = "en", width: int = 80) -> Text:
    """[EXP] The expansion's markers on this board now (mnm.presentation.info.legend): the mark as the board draws it, then
    its name, side by side in lines of ``width`` (drawn under the board). ``inspect NAME`` says what each does."""
    marks = marks or FigureMarks.of(game.ctx.content)
    st = game.state
    out = Text(no_wrap=True, end="")
    used = 0
    for item in info.legend(game.ctx.content, st, lang, game.ctx.board):
        kind = str(item["kind"])
        if kind in ("rain", "moon"):
            continue  # weather: said in words on the status line
        glyph, style = _legend_glyph(game, marks, kind)
        entry = len(glyph) + len(str(item["name"])) + 3
        if used and used + entry > width:
            out.append("\n")
            used = 0
        out.append(f" {glyph}", style)
        out.append(f" {item['name']} ")
        used += entry
    return out


def _legend_glyph(game: Game, marks: FigureMarks, kind: str) -> tuple[str, Style]:
    if kind in TERRAIN_FILL:
        char, colour = TERRAIN_FILL[kind]
        return char * 2, Style(color=colour, bgcolor=TERRAIN[kind])
    if kind == "stalagmite":
        return STALAGMITE[0] * 2, Style(color=STALAGMITE[1], bgcolor=FEATURE, bold=True)
    if kind in ("on_fire", "cursed"):
        return "Co", Style(color="#ffffff", bgcolor=FIRE_BG if kind == "on_fire" else CURSE_BG, bold=True)
    if kind == "leaf":
        return "L" + DRIFT["south"], Style(color=TOKEN_MARKS["leaf"][1], bold=True)
    if kind in TOKEN_MARKS:
        return TOKEN_MARKS[kind][0], Style(color=TOKEN_MARKS[kind][1], bold=True)
    st = game.state
    if kind == "flying":
        flyer = next((m for m in st.minions.values() if game.ctx.content.minions[m.type].flying), None)
        return (marks.minion(flyer.id, flyer.type) if flyer else "m1"), Style(color=FLYING, bold=True)
    figure = next((m for m in st.minions.values() if m.type == ("hesster" if kind == "hesster_head" else kind)), None)
    return (marks.minion(figure.id, figure.type) if figure else "??"), Style(color=MINION, bold=True)


def weather_words(game: Game, lang: str = "en") -> str:
    """[EXP] Rain and Nightfall by name, when on (the Table tab and the status line); '' otherwise."""
    return ", ".join(str(info.marker(k, lang)["name"]) for k in ("rain", "moon") if game.state.chapter_data.get(k))


def wheel_dots(game: Game) -> str:
    """The minion wheel's six places: ``●`` cheese, ``○`` free; [EXP] at Nightfall the moon ``☾`` fills the last
    place until the next surge (docs/rulings.md R-EXP-11)."""
    st = game.state
    dots = "●" * min(st.wheel, 6) + "○" * max(0, 6 - st.wheel)
    return dots[:5] + "☾" if st.chapter_data.get("moon") else dots


BIG = (5, 2)  # the roomy scale: 5 characters by 2 rows per map cell, when the whole board fits at it


def grid(game: Game, columns: int | None = None) -> dict[int, tuple[int, int]]:
    """Each tile's (column, row) in the drawing: the chapter's layout, or with ``columns`` fewer than the
    layout's, the tiles in reading order wrapped onto rows of ``columns`` (a narrow screen then scrolls
    down, not sideways; the exits' numbers still say which tiles join)."""
    positions = game.ctx.board.positions
    xs = sorted({p[0] for p in positions.values()})
    ys = sorted({p[1] for p in positions.values()})
    if columns is None or columns >= len(xs):
        return {t: (xs.index(x), ys.index(y)) for t, (x, y) in positions.items()}
    order = sorted(positions, key=lambda t: (positions[t][1], positions[t][0]))
    k = max(1, columns)
    return {t: (i % k, i // k) for i, t in enumerate(order)}


def layout_size(game: Game, scale: tuple[int, int], columns: int | None = None) -> tuple[int, int]:
    """Columns and rows :func:`board_text` needs at ``scale`` (with the tiles wrapped onto ``columns``)."""
    cells = grid(game, columns).values()
    nx = 1 + max(c[0] for c in cells)
    ny = 1 + max(c[1] for c in cells)
    size = max(g.size for g in game.ctx.board.graphs.values())
    return nx * (size * scale[0] + 2) + (nx - 1), ny * (size * scale[1] + 2)


def fit_layout(game: Game, width: int, height: int) -> tuple[tuple[int, int], int | None]:
    """The scale and the number of tile columns that use a ``width`` x ``height`` area best.

    The roomy scale when the chapter's layout fits whole; else the small scale with as many tiles side by side
    as fit the width (all of them when they do), so the board scrolls down rather than sideways."""
    w, h = layout_size(game, BIG)
    if w <= width and h <= height:
        return BIG, None
    small = (CELL_W, 1)
    most = len({p[0] for p in game.ctx.board.positions.values()})
    if layout_size(game, small)[0] <= width:
        return small, None
    columns = next((k for k in range(most - 1, 0, -1) if layout_size(game, small, k)[0] <= width), 1)
    return small, columns


def board_text(
    game: Game,
    highlight: Iterable[str] = (),
    marks: FigureMarks | None = None,
    scale: tuple[int, int] = (CELL_W, 1),
    columns: int | None = None,
    reach: Mapping[str, int] | None = None,
    lang: str = "en",
) -> tuple[Text, dict[int, tuple[int, int]]]:
    """The whole layout: face-up sides at their places (see :func:`grid`). Returns the text and each side's
    (column, row) in characters."""
    board = game.ctx.board
    st = game.state
    marks = marks or FigureMarks.of(game.ctx.content)
    hl = list(highlight)
    places = grid(game, columns)
    xs = range(1 + max(c[0] for c in places.values()))
    ys = range(1 + max(c[1] for c in places.values()))
    drawn: dict[tuple[int, int], list[Text]] = {}
    side_at: dict[tuple[int, int], int] = {}
    tile_w, tile_h = 0, 0
    for tile, pos in places.items():
        if tile in board.later and tile not in st.face_up:
            continue  # a tile a rule has yet to lay (add_tile): its place stays empty
        side = st.face_up.get(tile, board.initial_up[tile])
        lines = side_lines(game, side, hl, marks, scale, reach, lang)
        drawn[pos] = lines
        side_at[pos] = side
        tile_h = max(tile_h, len(lines))
        tile_w = max(tile_w, max(len(t) for t in lines))
    out = Text(no_wrap=True, end="")
    first: dict[int, tuple[int, int]] = {}
    row = 0
    for y in ys:
        for x in xs:
            if (x, y) in side_at:
                first[side_at[(x, y)]] = (x * (tile_w + 1), row)
        for r in range(tile_h):
            if y or r:
                out.append("\n")
            for x in xs:
                cell = drawn.get((x, y))
                if x:
                    out.append(" ")
                if cell is None or r >= len(cell):
                    out.append(" " * tile_w)
                else:
                    out.append_text(cell[r])
                    out.append(" " * (tile_w - len(cell[r])))
            row += 1
    return out, first
