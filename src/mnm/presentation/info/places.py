"""What is on the board, for :mod:`mnm.presentation.info`: a space, a token, and the expansion's markers (lava,
leaves, statuses, Hesster's coils, the weather...), each as facts and sentences in both languages.

:data:`MARKERS` is the one list of the markers' names and what they do: the web's legend and labels, the terminal's
legend and ``inspect`` and the plain mode's read-outs all say them from here (issue 15).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from mnm.content.loader import Content
from mnm.presentation.info.words import Info, is_pt, join_words, minion_name, space_name, words_for

if TYPE_CHECKING:
    from mnm.board.layout import Board
    from mnm.engine import State

__all__ = [
    "MARKERS",
    "STATUS_PT",
    "board_marks",
    "board_of",
    "hesster_lines",
    "legend",
    "legend_kinds",
    "mark_sentence",
    "marker",
    "side_marks",
    "space",
    "space_marks",
    "status_lines",
    "status_word",
    "token",
    "token_card",
    "token_name",
    "unlaid_overlays",
    "weather",
]


# --- spaces and tokens -----------------------------------------------------------------------------------------


_BOARDS: dict[tuple[int, str], tuple[Content, Board]] = {}


def board_of(content: Content, chapter_id: str) -> Board:
    """The chapter's board, built once per content set (the content is kept so its id stays unique)."""
    from mnm.board.layout import Board

    key = (id(content), chapter_id)
    if key not in _BOARDS:
        if len(_BOARDS) > 16:
            _BOARDS.clear()
        _BOARDS[key] = (content, Board.for_chapter(content, content.chapter(chapter_id)))
    return _BOARDS[key][1]


def space(content: Content, state: State, space_id: str, lang: str = "en", board: Board | None = None) -> Info:
    """A space: its name, what kind it is, its neighbours (for a mouse) and every figure and token on it."""
    w = words_for(lang)
    b = board or board_of(content, state.chapter)
    sp = b.spaces[space_id]
    title = space_name(content, space_id, lang) + (f" ({sp.name})" if sp.name else "")
    lines = [w["space_head"].format(space=title)]
    if sp.water:
        lines.append(w["water"])
    if sp.terrain is not None:  # [EXP] R-EXP-04, R-EXP-21, R-EXP-22
        lines.append(marker(sp.terrain.value, lang)["lines"][0])
    if "tree-climb" in sp.features:  # [EXP] R-EXP-19
        lines.append(marker("tree_climb", lang)["lines"][0])
    if "exit-branch" in sp.features:  # [EXP] R-EXP-20
        lines.append(marker("exit_branch", lang)["lines"][0])
    if sp.flip == "gecko" or any(space_id in edge for edge in b.gecko_edges):  # [EXP] R-EXP-18
        lines.append(marker("gecko", lang)["lines"][0])
    if sp.entry:
        lines.append(w["entry"])
    if space_id in state.traps:
        lines.append(w["trap"])
    elif sp.trap:
        lines.append(w["trap_printed"])
    if sp.start:
        lines.append(w["start"])
    if sp.special:
        lines.append(w["capacity"].format(n=sp.capacity))
    if sp.features:
        lines.append(w["features"].format(what=join_words(list(sp.features), lang)))
    nbrs = [n.split(":", 1)[1] for n, _ in b.mouse_nbrs.get(space_id, ())]
    if nbrs:
        lines.append(w["next_to"].format(nbrs=", ".join(nbrs)))
    heroes = [h.id for h in state.heroes.values() if h.space == space_id and not h.captured]
    minions = [m.id for m in state.minions.values() if m.space == space_id]
    who = [content.heroes[h].name.get(lang) for h in heroes] + [minion_name(content, m, lang) for m in minions]
    lines.append(w["here"].format(who=join_words(who, lang)) if who else w["nobody"])
    tokens = sorted(t for t, spaces in state.tokens.items() if space_id in spaces)
    lines += [
        w["token_here"].format(name=token_name(content, t, lang))
        for t in tokens
        if t.split("-", 1)[0] not in _TOKEN_MARKERS
    ]
    # [EXP] leaves, turtles, bees, Olga, the mortar, branches, Hesster's spaces, allies and pets
    lines += [
        mark_sentence(content, state, m, lang, b) for m in board_marks(content, state, b) if m["space"] == space_id
    ]
    return {
        "id": space_id,
        "side": sp.side,
        "n": sp.n,
        "name": sp.name,
        "title": title,
        "water": sp.water,
        "entry": sp.entry,
        "trap": sp.trap or space_id in state.traps,
        "heroes": heroes,
        "minions": minions,
        "tokens": tokens,
        "neighbours": nbrs,
        "lines": lines,
    }


def token_card(content: Content, token_id: str) -> Any:
    return next((c for c in content.search_cards.values() if c.party_token == token_id), None)


# [EXP] tokens that are no party item: leaves, turtles, bees, Olga, the mortar
_EXP_TOKENS = {
    "leaf": ("leaf", "folha"),
    "turtle": ("turtle", "tartaruga"),
    "bee": ("Pesky Bee", "Abelha Chata"),
    "olga": ("Olga", "Olga"),
    "mortar": ("Clockwork Mortar", "Morteiro de Corda"),
}


def token_name(content: Content, token_id: str, lang: str) -> str:
    c = token_card(content, token_id)
    if c is not None:
        return str(c.name.get(lang))
    kind, _, number = token_id.partition("-")
    if kind in _EXP_TOKENS:
        name = _EXP_TOKENS[kind][1 if lang.lower().startswith("pt") else 0]
        return f"{name} {number}".strip()
    return token_id.replace("-", " ")


def token(content: Content, state: State, token_id: str, lang: str = "en") -> Info:
    """A party token: where it is (stash, board, not found yet) and the card text that explains it."""
    w = words_for(lang)
    name = token_name(content, token_id, lang)
    where = state.tokens.get(token_id)
    if where:
        line = w["token_placed"].format(name=name, spaces=join_words([space_name(content, s, lang) for s in where], lang))
    elif token_id in state.stash:
        line = w["token_stash"].format(name=name)
    else:
        line = w["token_none"].format(name=name)
    c = token_card(content, token_id)
    text = c.text.get(lang) if c is not None else ""
    if c is None and token_id.split("-", 1)[0] in _TOKEN_MARKERS:  # [EXP] what a leaf, turtle, bee... does
        text = " ".join(
            mark_sentence(content, state, m, lang) for m in board_marks(content, state) if m["id"] == token_id
        )
    return {
        "id": token_id,
        "name": name,
        "spaces": list(where or []),
        "in_stash": token_id in state.stash,
        "text": text,
        "lines": [line] + ([text] if text else []),
    }


# --- [EXP] markers on the board: what each one is (issue 15), for both clients' legends and read-outs -----------


# kind -> (name, what it does). One place for these words: the web legend and labels (through the server's
# view), the terminal's legend and inspect command, and the plain mode's read-outs all come from here.
MARKERS: Mapping[str, Mapping[str, tuple[str, str]]] = {
    "en": {
        "lava": ("Lava", "nobody enters it on purpose; a figure forced in is lost. Flying figures pass over it."),
        "chasm": ("Chasm", "only flying figures cross it, and none lands in it."),
        "shallow": ("Shallow water", "no slower than dry ground, and it puts out fire."),
        "stalagmite": ("Stalagmite", "a spike of rock that nobody enters; it blocks the view."),
        "tree_climb": ("Tree-climb symbol", "with no minion on the tile, the party may climb the tree from here."),
        "exit_branch": ("Exit tree branch", "with every mouse on its leaf, the party may sail off on it to the ground."),
        "branch": ("Tree branch", "the branch overlay the party climbed onto."),
        "gecko": ("Gecko print", "only a Wild mouse may explore this flip space or use this yellow line."),
        "leaf": ("Leaf", "a boat on the current; at the end of each round it drifts with its riders (the arrow)."),
        "turtle": (
            "Turtle",
            "a mouse that steps on it turns it over; a shell holds, bubbles or jaws tip the mouse in.",
        ),
        "bee": ("Pesky Bee", "follows a figure, which rolls 1 fewer die to attack and to defend."),
        "olga": ("Olga", "charges up to 3 spaces at a mouse that rolls a 1 for movement, trampling small figures."),
        "mortar": ("Clockwork Mortar", "the first minion on its space fires it once a round, 3 dice at range."),
        "ally": ("Ally", "follows a mouse and fights minions at the end of that mouse's turn."),
        "pet": ("Pet", "follows a mouse and fights minions at the end of that mouse's turn."),
        "flying": ("Flying", "flies over lines, lava and chasms, but never lands on lava or in a chasm."),
        "on_fire": ("On fire", "1 wound at the end of each of its turns until the fire is put out."),
        "cursed": (
            "Cursed",
            "every cheese it rolls in battle goes on the minion wheel until a toadstool or clover lifts it.",
        ),
        "hesster_head": ("Hesster's head", "he strikes from here; his strike touches every space he lies on."),
        "hesster_body": ("Hesster's body", "only flying figures may enter it."),
        "hesster_tail": ("Hesster's tail", "it stays put when he strikes; his body stretches from it."),
        "molox": (
            "Molox",
            "his three cards (Molox, Angry, Enraged) stay stacked on the track and he acts on each; not a boss.",
        ),
        "rain": ("Rain", "every current is strong, so mice and leaves drift 2 spaces, and fire goes out outdoors."),
        "moon": ("Nightfall", "the moon takes a place on the minion wheel until the next surge."),
    },
    "pt_BR": {
        "lava": ("Lava", "ninguém entra de propósito; uma figura forçada a entrar se perde. Voadores passam por cima."),
        "chasm": ("Abismo", "só figuras voadoras o cruzam, e nenhuma pousa nele."),
        "shallow": ("Água rasa", "não atrasa o movimento, e apaga o fogo."),
        "stalagmite": ("Estalagmite", "uma ponta de rocha onde ninguém entra; ela bloqueia a visão."),
        "tree_climb": ("Símbolo de subida na árvore", "sem lacaios no bloco, o grupo pode subir na árvore daqui."),
        "exit_branch": ("Galho de saída", "com todos os ratos na folha, o grupo pode planar nela até o chão."),
        "branch": ("Galho", "a sobreposição de galho onde o grupo subiu."),
        "gecko": (
            "Pegada de lagartixa",
            "só um rato Selvagem pode explorar este espaço de virada ou usar esta linha amarela.",
        ),
        "leaf": ("Folha", "um barco na correnteza; no fim de cada rodada ela desce com quem está nela (a seta)."),
        "turtle": ("Tartaruga", "um rato que pisa nela a vira; um casco segura, bolhas ou mandíbulas derrubam o rato."),
        "bee": ("Abelha Chata", "segue uma figura, que rola 1 dado a menos para atacar e para defender."),
        "olga": ("Olga", "avança até 3 espaços contra um rato que tira 1 no movimento, pisoteando figuras pequenas."),
        "mortar": (
            "Morteiro de Corda",
            "o primeiro lacaio no espaço dele o dispara uma vez por rodada, 3 dados à distância.",
        ),
        "ally": ("Aliado", "segue um rato e luta contra lacaios no fim do turno desse rato."),
        "pet": ("Bicho de estimação", "segue um rato e luta contra lacaios no fim do turno desse rato."),
        "flying": ("Voador", "voa sobre linhas, lava e abismos, mas nunca pousa na lava nem no abismo."),
        "on_fire": ("Em chamas", "1 ferimento no fim de cada turno até o fogo ser apagado."),
        "cursed": (
            "Amaldiçoado",
            "cada queijo que tira em batalha vai para a roda dos lacaios até um cogumelo ou trevo acabar com a maldição.",
        ),
        "hesster_head": ("Cabeça de Hesster", "ele ataca daqui; o bote atinge todos os espaços onde ele está."),
        "hesster_body": ("Corpo de Hesster", "só figuras voadoras podem entrar."),
        "hesster_tail": ("Cauda de Hesster", "fica no lugar quando ele ataca; o corpo se estende a partir dela."),
        "molox": (
            "Molox",
            "suas três cartas (Molox, Irado, Furioso) ficam empilhadas na trilha e ele age em cada uma; não é chefe.",
        ),
        "rain": (
            "Chuva",
            "toda correnteza é forte, então ratos e folhas descem 2 espaços, e o fogo se apaga ao ar livre.",
        ),
        "moon": ("Anoitecer", "a lua ocupa um lugar na roda dos lacaios até a próxima onda."),
    },
}
_TOKEN_MARKERS = ("leaf", "turtle", "bee", "olga", "mortar")
_MARK_WORDS: Mapping[str, Mapping[str, str]] = {
    "en": {
        "mark_here": "{name} here. {text}",
        "drifts_to": "It drifts {way}, into space {n}.",
        "drifts_off": "It drifts {way}, off the tile.",
        "drifts_rain": "In the rain it drifts 2 spaces a round.",
        "safe_turtle": "Turned over: a shell, a stepping stone.",
        "follows": "It follows {who}.",
        "hesster_lies": "{name} lies on {spaces} (tail first, head last).",
        "status_line": "{who} is {what}: {text}",
        "stalagmites_by": "{name} next to spaces {nbrs}: {text}",
        "north": "north",
        "south": "south",
        "east": "east",
        "west": "west",
    },
    "pt_BR": {
        "mark_here": "{name} aqui. {text}",
        "drifts_to": "Ela desce para o {way}, até o espaço {n}.",
        "drifts_off": "Ela desce para o {way}, para fora do bloco.",
        "drifts_rain": "Na chuva ela desce 2 espaços por rodada.",
        "safe_turtle": "Já virada: um casco, um ponto de apoio.",
        "follows": "Segue {who}.",
        "hesster_lies": "{name} está em {spaces} (primeiro a cauda, por último a cabeça).",
        "status_line": "{who}: {what}. {text}",
        "stalagmites_by": "{name} junto aos espaços {nbrs}: {text}",
        "north": "norte",
        "south": "sul",
        "east": "leste",
        "west": "oeste",
    },
}
# statuses by name in Portuguese (English writes the id with spaces)
STATUS_PT: Mapping[str, str] = {
    "stunned": "atordoado",
    "webbed": "preso na teia",
    "charmed": "enfeitiçado",
    "poisoned": "envenenado",
    "knocked_down": "derrubado",
    "hidden": "escondido",
    "on_fire": "em chamas",
    "cursed": "amaldiçoado",
}


def status_word(status: str, lang: str = "en") -> str:
    """A figure's status (``on_fire``) as a word: ``on fire`` / ``em chamas``."""
    return STATUS_PT.get(status, status.replace("_", " ")) if is_pt(lang) else status.replace("_", " ")


def marker(kind: str, lang: str = "en") -> Info:
    """What an expansion marker is (``lava``, ``leaf``, ``on_fire``, ``hesster_body``, ``rain``...): its name, what
    it does, and one line saying both. ``KeyError`` for an unknown kind.

    >>> marker("chasm")["lines"]
    ['Chasm: only flying figures cross it, and none lands in it.']
    """
    name, text = MARKERS["pt_BR" if is_pt(lang) else "en"][kind]
    return {"kind": kind, "name": name, "text": text, "lines": [f"{name}: {text}"]}


def _drift_way(b: Board, space_id: str) -> tuple[str, str | None] | None:
    """A drifting space's direction (north/south/east/west) and the space it drifts into (None: off the tile)."""
    sp = b.spaces.get(space_id)
    if sp is None or sp.drift is None:
        return None
    if sp.drift.startswith("off-"):
        return {"n": "north", "s": "south", "e": "east", "w": "west"}.get(sp.drift[4:].lower(), "south"), None
    to = b.spaces[sp.drift]
    dx, dy = to.centre[0] - sp.centre[0], to.centre[1] - sp.centre[1]
    way = ("east" if dx > 0 else "west") if abs(dx) > abs(dy) else ("south" if dy > 0 else "north")
    return way, to.id


def board_marks(content: Content, state: State, board: Board | None = None) -> list[Info]:
    """Every expansion marker on the board now, as data (no words): ``kind``, ``id``, ``space``, and what the kind
    needs: a leaf's ``drift`` (``{way, to}``, ``to`` None when it leaves the tile), a turtle's ``safe``, a bee's
    ``host``, an ally's or pet's ``type`` and ``owner``, Hesster's ``spaces`` (tail first, head last)."""
    b = board or board_of(content, state.chapter)
    data = state.chapter_data
    marks: list[Info] = []
    turtles = data.get("turtles") or {}
    bees = data.get("bees") or {}
    for token, spaces in sorted(state.tokens.items()):
        kind = token.split("-", 1)[0]
        if kind not in _TOKEN_MARKERS:
            continue
        for space_id in spaces:
            mark: Info = {"kind": kind, "id": token, "space": space_id}
            if kind == "leaf":
                way = _drift_way(b, space_id)
                mark["drift"] = None if way is None else {"way": way[0], "to": way[1]}
            elif kind == "turtle":
                mark["safe"] = token in (turtles.get("safe") or [])
            elif kind == "bee":
                mark["host"] = (bees.get(token) or {}).get("host")
            marks.append(mark)
    for space_id in data.get("branches") or []:
        marks.append({"kind": "branch", "id": f"branch:{space_id}", "space": space_id})
    for mid, spaces in sorted((data.get("hesster") or {}).items()):
        if mid not in state.minions or len(spaces) < 2:
            continue  # coiled on one space: the figure alone shows him
        for i, space_id in enumerate(spaces):
            part = "hesster_tail" if i == 0 else "hesster_head" if i == len(spaces) - 1 else "hesster_body"
            marks.append({"kind": part, "id": mid, "space": space_id, "spaces": list(spaces)})
    for hid, h in sorted((data.get("helpers") or {}).items()):
        spec = content.minions.get(str(h.get("type")))
        kind = "pet" if spec is not None and spec.kind == "pet" else "ally"
        marks.append(
            {"kind": kind, "id": hid, "space": str(h.get("space")), "type": h.get("type"), "owner": h.get("owner")}
        )
    return marks


def _figure_name(content: Content, state: State, fid: str, lang: str) -> str:
    if fid in content.heroes:
        return content.heroes[fid].name.get(lang)
    return minion_name(content, fid, lang)


def mark_sentence(content: Content, state: State, mark: Info, lang: str = "en", board: Board | None = None) -> str:
    """One marker of :func:`board_marks` in words: its name and number, what it does, where a leaf drifts."""
    w = _MARK_WORDS["pt_BR" if is_pt(lang) else "en"]
    kind = mark["kind"]
    about = marker(kind, lang)
    name = about["name"]
    if kind in ("ally", "pet"):
        spec = content.minions.get(str(mark.get("type")))
        owner = str(mark.get("owner"))
        return " ".join(
            [
                words_for(lang)["helper_here"].format(
                    name=spec.name.get(lang) if spec is not None else mark["id"],
                    hero=content.heroes[owner].name.get(lang) if owner in content.heroes else owner,
                ),
                about["lines"][0],
            ]
        )
    if kind in _TOKEN_MARKERS:
        name = token_name(content, mark["id"], lang)
        name = name[:1].upper() + name[1:]
    out = w["mark_here"].format(name=name, text=about["text"][:1].upper() + about["text"][1:])
    drift = mark.get("drift")
    if drift:
        way = w[drift["way"]]
        b = board or board_of(content, state.chapter)
        out += " " + (
            w["drifts_to"].format(way=way, n=b.spaces[drift["to"]].n)
            if drift["to"]
            else w["drifts_off"].format(way=way)
        )
        if state.chapter_data.get("rain"):  # R-EXP-07: a strong current
            out += " " + w["drifts_rain"]
    if mark.get("safe"):
        out += " " + w["safe_turtle"]
    if mark.get("host"):
        out += " " + w["follows"].format(who=_figure_name(content, state, str(mark["host"]), lang))
    return out


def hesster_lines(content: Content, state: State, minion_id: str, lang: str = "en") -> list[str]:
    """[EXP] R-EXP-14: the spaces Hesster lies on, tail first, when he is stretched over more than one."""
    spaces = (state.chapter_data.get("hesster") or {}).get(minion_id) or []
    if len(spaces) < 2 or minion_id not in state.minions:
        return []
    return [
        _MARK_WORDS["pt_BR" if is_pt(lang) else "en"]["hesster_lies"].format(
            name=minion_name(content, minion_id, lang),
            spaces=join_words([space_name(content, sp, lang) for sp in spaces], lang),
        )
    ]


def _face_up(state: State, b: Board) -> list[int]:
    return [state.face_up.get(tile, b.initial_up[tile]) for tile in b.on_table(state.face_up)]


def unlaid_overlays(content: Content, state: State, board: Board | None = None) -> list[int]:
    """[EXP] The branch overlays on this board not laid yet (R-EXP-19, docs/rulings.md): an overlay is revealed by
    the climb (its side explored, or a branch climbed at the symbol it stands over); until then the board shows
    its place face down."""
    b = board or board_of(content, state.chapter)
    climbed = set(state.chapter_data.get("branches") or [])
    return [
        side
        for side in _face_up(state, b)
        if (below := content.tile_sides[side].overlay_of) and side not in state.explored and below not in climbed
    ]


def _stalagmite_nbrs(b: Board, side: int) -> list[int]:
    """The numbers of the spaces touching a stalagmite on ``side``."""
    g = b.graph(side)
    spikes = {cell for cell, name, _ in g.blockers if name == "stalagmite"}
    near = {(x + dx, y + dy) for x, y in spikes for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))}
    return sorted(sp.n for sp in g.spaces if near & set(sp.cells))


# The markers a tile side's printing shows never change: found once per side's graph (issue 50: the legend is in
# every update's view, twice, one language each). Keyed by the graph's id, checked by identity.
_SIDE_KINDS: dict[int, tuple[object, frozenset[str]]] = {}


def _side_kinds(b: Board, side: int) -> frozenset[str]:
    g = b.graph(side)
    hit = _SIDE_KINDS.get(id(g))
    if hit is None or hit[0] is not g:
        kinds = {sp.terrain.value for sp in g.spaces if sp.terrain is not None}
        kinds |= {"tree_climb" for sp in g.spaces if "tree-climb" in sp.features}
        kinds |= {"exit_branch" for sp in g.spaces if "exit-branch" in sp.features}
        kinds |= {"gecko" for sp in g.spaces if sp.flip == "gecko"} | {"gecko" for _ in g.gecko_lines}
        if _stalagmite_nbrs(b, side):
            kinds.add("stalagmite")
        if len(_SIDE_KINDS) > 10_000:
            _SIDE_KINDS.clear()
        hit = _SIDE_KINDS[id(g)] = (g, frozenset(kinds))
    return hit[1]


def legend(content: Content, state: State, lang: str = "en", board: Board | None = None) -> list[Info]:
    """The expansion markers to explain for this board now (terrain on the face-up sides, tokens, Hesster,
    helpers, fire and curse, flying minions, Molox, rain and Nightfall), each as :func:`marker` gives it."""
    kinds = legend_kinds(content, state, board)
    return [marker(k, lang) for k in MARKERS["en"] if k in kinds]


def legend_kinds(content: Content, state: State, board: Board | None = None) -> set[str]:
    """The kinds of marker :func:`legend` explains (found once, said in any language)."""
    b = board or board_of(content, state.chapter)
    kinds: set[str] = set()
    for side in _face_up(state, b):
        kinds |= _side_kinds(b, side)
    kinds |= {m["kind"] for m in board_marks(content, state, b)}
    figures = [
        *(h.statuses for h in state.heroes.values() if not h.captured),
        *(m.statuses for m in state.minions.values()),
    ]
    kinds |= {s for statuses in figures for s in statuses if s in ("on_fire", "cursed")}
    for m in state.minions.values():
        spec = content.minions.get(m.type)
        if spec is not None and spec.flying:
            kinds.add("flying")
        if m.type == "molox":
            kinds.add("molox")
    kinds |= {k for k in ("rain", "moon") if state.chapter_data.get(k)}
    return kinds


def weather(state: State, lang: str = "en") -> list[str]:
    """Rain and Nightfall, when they are on (R-EXP-07, R-EXP-11): one sentence each."""
    return [marker(k, lang)["lines"][0] for k in ("rain", "moon") if state.chapter_data.get(k)]


def status_lines(content: Content, state: State, figure_id: str, lang: str = "en") -> list[str]:
    """On fire and cursed on a mouse or minion, with what they do (R-NEG-07, R-NEG-08)."""
    w = _MARK_WORDS["pt_BR" if is_pt(lang) else "en"]
    fig = state.heroes.get(figure_id) or state.minions.get(figure_id)
    if fig is None:
        return []
    who = _figure_name(content, state, figure_id, lang)
    return [
        w["status_line"].format(who=who, what=status_word(s, lang), text=marker(s, lang)["text"])
        for s in fig.statuses
        if s in ("on_fire", "cursed")
    ]


def side_marks(content: Content, state: State, side: int, lang: str = "en", board: Board | None = None) -> list[str]:
    """What stands between the spaces of a tile side (stalagmites), in words."""
    b = board or board_of(content, state.chapter)
    nbrs = _stalagmite_nbrs(b, side)
    if not nbrs:
        return []
    w = _MARK_WORDS["pt_BR" if is_pt(lang) else "en"]
    about = marker("stalagmite", lang)
    return [w["stalagmites_by"].format(name=about["name"], nbrs=", ".join(map(str, nbrs)), text=about["text"])]


def space_marks(
    content: Content, state: State, space_id: str, lang: str = "en", board: Board | None = None
) -> list[str]:
    """Short names of the expansion markers on a space (``Lava``, ``Leaf 1 → south``, ``Hesster's body``)."""
    b = board or board_of(content, state.chapter)
    sp = b.spaces[space_id]
    out = [marker(sp.terrain.value, lang)["name"]] if sp.terrain is not None else []
    w = _MARK_WORDS["pt_BR" if is_pt(lang) else "en"]
    for mark in board_marks(content, state, b):
        if mark["space"] != space_id:
            continue
        name = (
            token_name(content, mark["id"], lang)
            if mark["kind"] in _TOKEN_MARKERS
            else marker(mark["kind"], lang)["name"]
        )
        if mark.get("drift"):
            name += f" → {w[mark['drift']['way']]}"
        out.append(name[:1].upper() + name[1:])
    return out
