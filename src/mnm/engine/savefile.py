"""Saved games are untrusted input: checked completely before any of it is used (issue 14, finding 8).

:func:`read_save_text` parses a save's text within bounds (size, nesting, node count, integer size);
:func:`validate_save` checks every field of a parsed save against the content: its type, and that every
chapter, hero, minion type, space, card, ability, decision kind, step and game option it names exists. Each
failure is one :class:`~mnm.engine.errors.SaveError` naming the field (``state.heroes.filch.space: ...``).
:meth:`mnm.engine.game.Game.from_json` calls :func:`validate_save`, so every load goes through it.

This module reads (:func:`read_save_text`, :func:`check_bounds`), migrates (:func:`migrate_save`) and validates a
save field by field (:func:`validate_save`). The checks it is built from live beside it: the field checks and
the numbers' ranges (:mod:`mnm.engine.save_fields`), the track, chapter data and steps
(:mod:`mnm.engine.save_flow`), and a pending decision's data (:mod:`mnm.engine.save_pending`).
"""

from __future__ import annotations

import json
from typing import Any, Final

from mnm.board.layout import Board
from mnm.content.loader import Content
from mnm.engine.actions import Action
from mnm.engine.context import DECISIONS, STEPS
from mnm.engine.errors import MalformedAction, SaveError
from mnm.engine.rules.setup import GAME_OPTIONS, card_of
from mnm.engine.save_fields import (
    BUFF,
    COUNT,
    MOVE_POINTS,
    SEED,
    SMALL,
    STAT,
    STREAM,
    TURN_INDEX,
    Check,
    anything,
    bad,
    boolean,
    fail,
    known_id,
    list_of,
    mapping_of,
    one_of,
    optional_of,
    ranged,
    record,
    short_text,
    type_name,
    whole,
)
from mnm.engine.save_flow import (
    chapter_value,
    check_chapter_data,
    check_chapter_file,
    check_flow,
    check_step_args,
    check_track,
    step_arg_specs,
    token_spaces,
)
from mnm.engine.save_pending import check_pending_data
from mnm.engine.state import FORMAT_VERSION, STATUSES, engine_key

__all__ = [
    "MAX_DEPTH",
    "MAX_NODES",
    "MAX_SAVE_BYTES",
    "check_bounds",
    "migrate_save",
    "read_save_text",
    "validate_save",
]

MAX_SAVE_BYTES: Final = 16 * 1024 * 1024
MAX_DEPTH: Final = 40  # a real save nests about 6 deep
MAX_NODES: Final = 2_000_000
MAX_INT_BITS: Final = 512  # seeds are 128 bits; nothing else comes near


_STATUS: Final = ("playing", "won", "lost")
_DICE_MODES: Final = ("seeded", "scripted", "manual")


def read_save_text(text: str, where: str = "the save") -> Any:
    """Parse a save's JSON text within the bounds; :class:`SaveError` when it is too big, not JSON or too deep."""
    if len(text) > MAX_SAVE_BYTES:
        raise SaveError(f"{where} is over {MAX_SAVE_BYTES // (1024 * 1024)} MB: not a saved game")
    try:
        data = json.loads(text)
    except RecursionError as err:
        raise SaveError(f"{where} nests deeper than any saved game") from err
    except ValueError as err:  # JSONDecodeError, and integers of thousands of digits
        raise SaveError(f"{where} is not a saved game (not JSON: {err})") from err
    check_bounds(data, where)
    return data


def check_bounds(data: Any, where: str = "the save", max_depth: int = MAX_DEPTH, max_nodes: int = MAX_NODES) -> None:
    """Depth, node count and integer size of plain data, checked without recursion."""
    stack: list[tuple[Any, int]] = [(data, 1)]
    nodes = 0
    while stack:
        value, depth = stack.pop()
        nodes += 1
        if nodes > max_nodes:
            raise SaveError(f"{where} has more than {max_nodes} values: not a saved game")
        if depth > max_depth:
            raise SaveError(f"{where} nests more than {max_depth} levels deep: not a saved game")
        if isinstance(value, dict):
            stack.extend((v, depth + 1) for v in value.values())
        elif isinstance(value, list):
            stack.extend((v, depth + 1) for v in value)
        elif isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > MAX_INT_BITS:
            raise SaveError(f"{where} holds a number of {value.bit_length()} bits: not a saved game")
        elif isinstance(value, float) and value != value:
            raise SaveError(f"{where} holds NaN: not a saved game")


# --- the save -------------------------------------------------------------------------------------------------


def migrate_save(data: Any) -> Any:
    """A save of an earlier format in this version's format (a new object; anything else is returned as it is,
    for :func:`validate_save` to judge). Format 1 kept a chapter file's counters and flags among the engine's keys
    in ``chapter_data``: every key the engine does not keep moves to ``chapter_vars`` (issue 29)."""
    if not isinstance(data, dict):
        return data
    st = data.get("state")
    if not isinstance(st, dict) or st.get("format") != 1 or "chapter_vars" in st:
        return data
    old = st.get("chapter_data")
    if not isinstance(old, dict):
        return data
    engine = {k: v for k, v in old.items() if engine_key(str(k))}
    chapter = {k: v for k, v in old.items() if not engine_key(str(k))}
    return {**data, "state": {**st, "format": FORMAT_VERSION, "chapter_data": engine, "chapter_vars": chapter}}


def _buffs(st: dict[str, Any]) -> Check:
    """A mouse's timed effects: ``name`` (its own card's) or ``name@owner``, the owner a mouse of the party
    (R-BATTLE-12: the effect ends when the owner's turn begins)."""
    values = mapping_of(ranged(BUFF), 100)

    def check(value: Any, where: str) -> None:
        values(value, where)
        for key in value:
            name, at, owner = key.partition("@")
            if not name or (at and owner not in st.get("party", ())):
                raise bad(f"{where} key", key, "must be an effect name, or name@owner with a mouse of the party")

    return check


def validate_save(data: Any, content: Content) -> None:
    """Check a parsed save completely (types, sizes and every id against ``content``); raise
    :class:`SaveError` naming the first field that is wrong. A save that passes loads without a traceback."""
    check_bounds(data)
    if not isinstance(data, dict) or "state" not in data:
        raise SaveError("a saved game is a JSON object with a 'state' field")
    st = data["state"]
    if not isinstance(st, dict):
        raise fail("state", f"must be a mapping, not {type_name(st)}")
    if st.get("format") != FORMAT_VERSION:
        raise SaveError(
            f"this save has format {st.get('format')!r}; this version of mnm reads format {FORMAT_VERSION} only"
        )
    check_chapter_file(data, st, content)
    known_id("chapter", lambda c: c in content.chapters)(st.get("chapter"), "state.chapter")
    chapter = content.chapters[st["chapter"]]
    board = Board.for_chapter(content, chapter)
    hero_id = known_id("hero", lambda h: h in content.heroes)
    list_of(hero_id, 6)(st.get("party"), "state.party")
    party: list[str] = st["party"]
    in_party = known_id("mouse of the party", lambda h: h in party)
    space = known_id("space of this chapter's board", lambda s: s in board.spaces)
    search_card = known_id("search card", lambda c: card_of(c) in content.search_cards)
    encounter_card = known_id("encounter card", lambda c: card_of(c) in content.encounter_cards)
    ability = known_id("ability card", lambda c: c in content.ability_cards)
    status = one_of(*STATUSES)
    count = ranged(COUNT)
    small = ranged(SMALL)
    ids = list_of(short_text)

    hero_spec: dict[str, Check] = {
        "id": in_party,
        "space": optional_of(space),
        "wounds": small,
        "poison": small,
        "cheese": count,
        "equipped": list_of(search_card, 100),
        "pack": list_of(search_card, 100),
        "tricks": list_of(search_card, 100),
        "abilities": list_of(ability, 100),
        "statuses": list_of(status, 10),
        "captured": boolean,
        "captures": count,
        "searched": list_of(small, 100),
        "achievements": ids,
        "buffs": _buffs(st),
    }
    minion_spec: dict[str, Check] = {
        "id": short_text,
        "type": known_id("minion type", lambda m: m in content.minions),
        "space": space,
        "wounds": small,
        "statuses": list_of(status, 10),
        "greedy": boolean,
    }
    turn_spec: dict[str, Check] = {
        "mouse": in_party,
        "move_points": ranged(MOVE_POINTS),
        "moved": boolean,
        "movement_over": boolean,
        "acted": boolean,
        "extra_actions": small,
        "free_used": ids,
        "ability_used": boolean,
        "may_leave": boolean,
        "rolled": count,
        "flags": ids,
    }
    pending_spec: dict[str, Check] = {
        "kind": known_id("decision kind", lambda k: k in DECISIONS),
        "actor": known_id("mouse of the party (or 'party')", lambda a: a in party or a == "party"),
        "data": mapping_of(anything, 1000),
    }

    def heroes(value: Any, where: str) -> None:
        mapping_of(lambda v, w: record(w, v, hero_spec, frozenset({"id", "space"})), 6)(value, where)
        if sorted(value) != sorted(party):
            raise fail(where, f"must hold exactly the party's mice ({', '.join(party)})")
        for key, hero in value.items():
            if hero["id"] != key:
                raise fail(f"{where}.{key}.id", f"is {hero['id']!r}, under the key {key!r}")

    def minions(value: Any, where: str) -> None:
        mapping_of(lambda v, w: record(w, v, minion_spec, frozenset({"id", "type", "space"})), 500)(value, where)
        for key, minion in value.items():
            if minion["id"] != key:
                raise fail(f"{where}.{key}.id", f"is {minion['id']!r}, under the key {key!r}")

    def face_up(value: Any, where: str) -> None:
        mapping_of(small, 100)(value, where)
        for k in value:
            if not k.isdigit():
                raise fail(f"{where} key", f"must be a tile number, not {k!r}")

    def step(value: Any, where: str) -> None:
        if not isinstance(value, list) or not value:
            raise fail(where, f"must be a non-empty list, not {type_name(value)}")
        known_id("automatic step", lambda s: s in STEPS)(value[0], f"{where}[0]")

    def face(value: Any, where: str) -> None:
        whole(1, 6)(value, where)

    state_spec: dict[str, Check] = {
        "format": count,
        "chapter": short_text,
        "party": ids,
        "seed": ranged(SEED),
        "rng": ranged(STREAM),
        "dice_mode": one_of(*_DICE_MODES),
        "dice_queue": list_of(face, 10_000),
        "random_draws": count,
        "options": mapping_of(boolean, 100),
        "heroes": heroes,
        "minions": minions,
        "minion_serial": mapping_of(count, 100),
        "face_up": face_up,
        "explored": list_of(small, 100),
        "traps": list_of(space, 100),
        "tokens": mapping_of(token_spaces(space), 100),
        "stash": ids,
        "party_cards": ids,
        "search_deck": list_of(search_card, 500),
        "search_discard": list_of(search_card, 500),
        "special_found": ids,
        "encounter_deck": list_of(encounter_card, 500),
        "encounter_up": optional_of(encounter_card),
        "encounter_discard": list_of(encounter_card, 500),
        "track": list_of(short_text, 50),
        "turn_index": ranged(TURN_INDEX),
        "acting": optional_of(short_text),
        "round": count,
        "wheel": small,
        "hourglass": small,
        "end_page": small,
        "turn": optional_of(lambda v, w: record(w, v, turn_spec, frozenset({"mouse"}))),
        "pending": optional_of(lambda v, w: record(w, v, pending_spec, frozenset({"kind", "actor"}))),
        "stack": list_of(step, 10_000),
        "status": one_of(*_STATUS),
        "outcome": short_text,
        "story_achievements": ids,
        "chapter_data": mapping_of(anything, 1000),
        "chapter_vars": mapping_of(chapter_value, 1000),
        "stats": mapping_of(ranged(STAT), 1000),
    }
    record("state", st, state_spec, frozenset(state_spec))
    if st["pending"] is not None:
        check_pending_data(st, content, board, step)
    check_track(st, content)
    check_chapter_data(st, content, board)
    check_flow(st)
    step_args = step_arg_specs(st, content, board, step)
    for i, item in enumerate(st["stack"]):
        check_step_args(item, f"state.stack[{i}]", step_args)
    for option in st["options"]:
        if option not in GAME_OPTIONS:
            raise fail(f"state.options.{option}", "is not a game option of this version")
    log = data.get("log", [])
    list_of(short_text, 1_000_000)(log, "log")
    for i, text in enumerate(log):
        try:
            Action.parse(text)
        except MalformedAction as err:
            raise fail(f"log[{i}]", str(err)) from err
    unknown = sorted(set(data) - {"state", "log", "chapter_file"})
    if unknown:
        raise SaveError(f"the save has unknown field(s): {', '.join(map(str, unknown))}")
