"""Exits named as people name them (issue 46): "the east exit of the Guard Room", the same words in the workshop's
form (web/workshop_rules.js ``exitName``), the printed sheet and the play-test's "why" sentences, never "exit 1" (the
file counts a side's exits from 0).

An exit's edge comes from its tile (a side laid alone is enough: an exit's edge does not depend on its
neighbours); two exits on one edge are told apart by the space they leave from.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from mnm.content.loader import builtin_content

__all__ = ["exit_name", "side_name"]

EDGES = {"n": ("north", "norte"), "e": ("east", "leste"), "s": ("south", "sul"), "w": ("west", "oeste")}
_PT_OF = {"A ": "da ", "O ": "do ", "As ": "das ", "Os ": "dos "}


def side_name(side: int, lang: str = "en") -> str:
    """The tile side's name as a sentence says it: "the Guard Room" / "da Casa de Guarda" (after "de")."""
    names = _exits(side)[1]
    if lang.startswith("pt"):
        name = names.get("pt") or f"lado {side}"
        for article, joined in _PT_OF.items():
            if name.startswith(article):
                return joined + name[len(article) :]
        return f"de {name}"
    name = names.get("en") or f"side {side}"
    return "the " + name[4:] if name.startswith("The ") else name if name.startswith("side") else f"the {name}"


def exit_name(side: int | None, index: int | None, lang: str = "en") -> str:
    """ "the east exit of the Guard Room" ("a saída leste da Casa de Guarda"); the side's exits when ``index`` is
    None; the plain "exit" words when the side or its exit is unknown."""
    pt = lang.startswith("pt")
    if side is None:
        return "uma saída" if pt else "an exit"
    exits, _names = _exits(side)
    of = side_name(side, lang)
    if index is None or index >= len(exits):
        return f"as saídas {of}" if pt else f"the exits of {of}"
    edge, space = exits[index]
    direction = EDGES.get(edge, (edge, edge))[1 if pt else 0]
    twin = sum(1 for e, _ in exits if e == edge) > 1
    near = (f" (junto ao espaço {space})" if pt else f" (by space {space})") if twin and space else ""
    return f"a saída {direction} {of}{near}" if pt else f"the {direction} exit of {of}{near}"


@lru_cache(maxsize=64)
def _exits(side: int) -> tuple[list[tuple[str, str]], dict[str, str]]:
    """The side's exits in the file's order as (edge, first space number), and its names."""
    from mnm.workshop.compose import LayoutError, draft_board

    try:
        board: dict[str, Any] = draft_board(builtin_content(), [{"side": side, "at": [0, 0]}])
    except (LayoutError, KeyError, ValueError):
        return [], {}
    exits = sorted((e for e in board["exits"] if e["side"] == side), key=lambda e: e["index"])
    names = board["sides"].get(str(side)) or {}
    return [(str(e["edge"]), str(e["spaces"][0]).split(":")[1] if e["spaces"] else "") for e in exits], dict(names)
