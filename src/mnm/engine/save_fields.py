"""The field checks a saved game is read with (issue 14, finding 8; issue 26): one :data:`Check` per kind of value.

A check is a function of (value, where) that raises :class:`~mnm.engine.errors.SaveError` naming the field
(:func:`fail`, :func:`bad`). Here: the numbers' ranges (:data:`SMALL`, :data:`COUNT`... every number a save or a
scenario carries is bounded), the plain types (:func:`whole`, :func:`short_text`, :func:`boolean`...), the
containers (:func:`list_of`, :func:`mapping_of`, :func:`record` for an object with exactly its fields), and the ids
a save names that only the board or the content can confirm (:func:`board_space`, :func:`tile_side`,
:func:`search_card`, :func:`is_initiative_card`). :mod:`mnm.engine.savefile` checks a whole save with them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

from mnm.board.layout import Board
from mnm.content.loader import Content
from mnm.engine.errors import SaveError
from mnm.engine.rules.setup import card_of

__all__ = [
    "BUFF",
    "CHAPTER_VALUE",
    "COUNT",
    "MOVE_POINTS",
    "SEED",
    "SMALL",
    "STAT",
    "STREAM",
    "TURN_INDEX",
    "Check",
    "anything",
    "bad",
    "board_space",
    "boolean",
    "fail",
    "is_initiative_card",
    "known_id",
    "list_of",
    "mapping_of",
    "non_empty",
    "one_of",
    "optional_of",
    "ranged",
    "record",
    "search_card",
    "short_text",
    "tile_side",
    "type_name",
    "whole",
]


def fail(where: str, message: str) -> SaveError:
    return SaveError(f"{where}: {message}")


def bad(where: str, value: Any, message: str) -> SaveError:
    """``state.wheel: must be a whole number, not 'lots'``: the field, what is wrong, what it holds (shortened)."""
    shown = repr(value)
    if len(shown) > 60:
        shown = shown[:57] + "..."
    return SaveError(f"{where}: {message}, not {shown}")


# --- types ----------------------------------------------------------------------------------------------------


Check = Callable[[Any, str], None]


def type_name(value: Any) -> str:
    return "null" if value is None else type(value).__name__


# The range of every number a save or a scenario carries (issue 26, finding 5: ``move_points: 3e9`` made the
# movement search allocate gigabytes). Each is far beyond anything play reaches and small enough to be harmless.
SMALL: Final = (0, 100)  # wounds, poison, pages, the wheel, extra actions, tile and side numbers
COUNT: Final = (0, 1_000_000)  # cheese, captures, rounds, rolls, serial numbers, dice drawn
MOVE_POINTS: Final = (-100, 100)
BUFF: Final = (-100, 100)
STAT: Final = (-(2**53), 2**53)
SEED: Final = (0, 2**128 - 1)  # a server's seeds are 128 bits
STREAM: Final = (0, 2**64)  # the dice stream's counter
TURN_INDEX: Final = (-1, 100)
CHAPTER_VALUE: Final = (-999, 999)  # a chapter file's counter (mnm.chapter_language.COUNTER_LIMIT)


def whole(minimum: int = 0, maximum: int = COUNT[1]) -> Check:
    def check(value: Any, where: str) -> None:
        if isinstance(value, bool) or not isinstance(value, int):
            raise bad(where, value, "must be a whole number")
        if not minimum <= value <= maximum:
            raise bad(where, value, f"must be from {minimum} to {maximum}")

    return check


def ranged(bounds: tuple[int, int]) -> Check:
    return whole(bounds[0], bounds[1])


def short_text(value: Any, where: str) -> None:
    if not isinstance(value, str):
        raise bad(where, value, "must be text")
    if len(value) > 200:
        raise fail(where, "is longer than any id (200 characters)")


def boolean(value: Any, where: str) -> None:
    if not isinstance(value, bool):
        raise bad(where, value, "must be true or false")


def anything(value: Any, where: str) -> None:
    """Plain JSON data (already bounded by :func:`check_bounds`)."""


def optional_of(check: Check) -> Check:
    def optional(value: Any, where: str) -> None:
        if value is not None:
            check(value, where)

    return optional


def list_of(item: Check, max_len: int = 10_000) -> Check:
    def check(value: Any, where: str) -> None:
        if not isinstance(value, list):
            raise bad(where, value, "must be a list")
        if len(value) > max_len:
            raise fail(where, f"has {len(value)} entries, more than {max_len}")
        for i, v in enumerate(value):
            item(v, f"{where}[{i}]")

    return check


def mapping_of(value_check: Check, max_len: int = 10_000) -> Check:
    def check(value: Any, where: str) -> None:
        if not isinstance(value, dict):
            raise bad(where, value, "must be a mapping")
        if len(value) > max_len:
            raise fail(where, f"has {len(value)} entries, more than {max_len}")
        for k, v in value.items():
            short_text(k, f"{where} key")
            value_check(v, f"{where}.{k}")

    return check


def one_of(*choices: str) -> Check:
    def check(value: Any, where: str) -> None:
        if value not in choices:
            raise bad(where, value, f"must be one of {', '.join(choices)}")

    return check


def known_id(kind: str, known: Callable[[str], bool]) -> Check:
    def check(value: Any, where: str) -> None:
        short_text(value, where)
        if not known(value):
            raise bad(where, value, f"must name a {kind}")

    return check


def record(where: str, value: Any, spec: Mapping[str, Check], required: frozenset[str] | None = None) -> None:
    """A JSON object with exactly the fields of ``spec`` (those in ``required`` must be there)."""
    if not isinstance(value, dict):
        raise fail(where, f"must be a mapping, not {type_name(value)}")
    unknown = sorted(set(value) - set(spec))
    if unknown:
        raise fail(where, f"unknown field(s): {', '.join(map(str, unknown))}")
    for name in sorted(spec if required is None else required):
        if name not in value:
            raise fail(f"{where}.{name}", "is missing")
    for name, v in value.items():
        spec[name](v, f"{where}.{name}")


# --- ids the save names: the board's spaces and sides, the content's cards ----------------------------------


def non_empty(check: Check) -> Check:
    def nonempty(value: Any, where: str) -> None:
        check(value, where)
        if not value:
            raise fail(where, "must not be empty")

    return nonempty


def board_space(board: Board) -> Check:
    return known_id("space of this chapter's board", lambda s: s in board.spaces)


def tile_side(board: Board, with_back: bool = False) -> Check:
    def side(value: Any, where: str) -> None:
        ranged(SMALL)(value, where)
        if value not in board.graphs:
            raise bad(where, value, "must be a tile side of this chapter's board")
        if with_back and board.other_side(value) is None:
            raise bad(where, value, "must be a tile side with a back to flip to")

    return side


def search_card(content: Content) -> Check:
    return known_id("search card", lambda c: card_of(c) in content.search_cards)


def is_initiative_card(card: str, st: dict[str, Any], content: Content) -> bool:
    kind, _, rest = card.partition(":")
    parts = rest.split(":")
    if kind == "mouse":
        return rest in st["party"]
    if kind == "cat":
        return rest in ("pounces", "chases")
    if kind in ("minion", "boss"):
        ok = parts[0] in content.minions and len(parts) <= 2 and (len(parts) == 1 or parts[1].isdigit())
        return ok and (kind == "minion" or len(parts) == 2)
    return False
