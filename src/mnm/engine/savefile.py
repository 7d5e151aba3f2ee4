"""Saved games are untrusted input: checked completely before any of it is used (issue 14, finding 8).

:func:`read_save_text` parses a save's text within bounds (size, nesting, node count, integer size);
:func:`validate_save` checks every field of a parsed save against the content: its type, and that every
chapter, hero, minion type, space, card, ability, decision kind, step and game option it names exists. Each
failure is one :class:`~mnm.engine.errors.SaveError` naming the field (``state.heroes.filch.space: ...``).
:meth:`mnm.engine.game.Game.from_json` calls :func:`validate_save`, so every load goes through it.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any, Final

from mnm.board.layout import Board, space_side
from mnm.chapter_language import walk_effects
from mnm.content.loader import Content
from mnm.engine.actions import Action
from mnm.engine.context import DECISIONS, STEPS
from mnm.engine.errors import MalformedAction, SaveError
from mnm.engine.rules.setup import GAME_OPTIONS, card_of
from mnm.engine.rules.turtles import UNDERSIDES as TURTLE_UNDERSIDES
from mnm.engine.state import FORMAT_VERSION, STATUSES, engine_key

__all__ = [
    "BUFF",
    "CHAPTER_VALUE",
    "COUNT",
    "MAX_DEPTH",
    "MAX_NODES",
    "MAX_SAVE_BYTES",
    "MOVE_POINTS",
    "SEED",
    "SMALL",
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


def _fail(where: str, message: str) -> SaveError:
    return SaveError(f"{where}: {message}")


def _bad(where: str, value: Any, message: str) -> SaveError:
    """``state.wheel: must be a whole number, not 'lots'``: the field, what is wrong, what it holds (shortened)."""
    shown = repr(value)
    if len(shown) > 60:
        shown = shown[:57] + "..."
    return SaveError(f"{where}: {message}, not {shown}")


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


# --- types ----------------------------------------------------------------------------------------------------

Check = Callable[[Any, str], None]


def _type_name(value: Any) -> str:
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


def _int(minimum: int = 0, maximum: int = COUNT[1]) -> Check:
    def check(value: Any, where: str) -> None:
        if isinstance(value, bool) or not isinstance(value, int):
            raise _bad(where, value, "must be a whole number")
        if not minimum <= value <= maximum:
            raise _bad(where, value, f"must be from {minimum} to {maximum}")

    return check


def _ranged(bounds: tuple[int, int]) -> Check:
    return _int(bounds[0], bounds[1])


def _str(value: Any, where: str) -> None:
    if not isinstance(value, str):
        raise _bad(where, value, "must be text")
    if len(value) > 200:
        raise _fail(where, "is longer than any id (200 characters)")


def _bool(value: Any, where: str) -> None:
    if not isinstance(value, bool):
        raise _bad(where, value, "must be true or false")


def _any(value: Any, where: str) -> None:
    """Plain JSON data (already bounded by :func:`check_bounds`)."""


def _optional(check: Check) -> Check:
    def optional(value: Any, where: str) -> None:
        if value is not None:
            check(value, where)

    return optional


def _list(item: Check, max_len: int = 10_000) -> Check:
    def check(value: Any, where: str) -> None:
        if not isinstance(value, list):
            raise _bad(where, value, "must be a list")
        if len(value) > max_len:
            raise _fail(where, f"has {len(value)} entries, more than {max_len}")
        for i, v in enumerate(value):
            item(v, f"{where}[{i}]")

    return check


def _dict(value_check: Check, max_len: int = 10_000) -> Check:
    def check(value: Any, where: str) -> None:
        if not isinstance(value, dict):
            raise _bad(where, value, "must be a mapping")
        if len(value) > max_len:
            raise _fail(where, f"has {len(value)} entries, more than {max_len}")
        for k, v in value.items():
            _str(k, f"{where} key")
            value_check(v, f"{where}.{k}")

    return check


def _buffs(st: dict[str, Any]) -> Check:
    """A mouse's timed effects: ``name`` (its own card's) or ``name@owner``, the owner a mouse of the party
    (R-BATTLE-12: the effect ends when the owner's turn begins)."""
    values = _dict(_ranged(BUFF), 100)

    def check(value: Any, where: str) -> None:
        values(value, where)
        for key in value:
            name, at, owner = key.partition("@")
            if not name or (at and owner not in st.get("party", ())):
                raise _bad(f"{where} key", key, "must be an effect name, or name@owner with a mouse of the party")

    return check


def _one_of(*choices: str) -> Check:
    def check(value: Any, where: str) -> None:
        if value not in choices:
            raise _bad(where, value, f"must be one of {', '.join(choices)}")

    return check


def _known(kind: str, known: Callable[[str], bool]) -> Check:
    def check(value: Any, where: str) -> None:
        _str(value, where)
        if not known(value):
            raise _bad(where, value, f"must name a {kind}")

    return check


def _record(where: str, value: Any, spec: Mapping[str, Check], required: frozenset[str] | None = None) -> None:
    """A JSON object with exactly the fields of ``spec`` (those in ``required`` must be there)."""
    if not isinstance(value, dict):
        raise _fail(where, f"must be a mapping, not {_type_name(value)}")
    unknown = sorted(set(value) - set(spec))
    if unknown:
        raise _fail(where, f"unknown field(s): {', '.join(map(str, unknown))}")
    for name in sorted(spec if required is None else required):
        if name not in value:
            raise _fail(f"{where}.{name}", "is missing")
    for name, v in value.items():
        spec[name](v, f"{where}.{name}")


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


def validate_save(data: Any, content: Content) -> None:
    """Check a parsed save completely (types, sizes and every id against ``content``); raise
    :class:`SaveError` naming the first field that is wrong. A save that passes loads without a traceback."""
    check_bounds(data)
    if not isinstance(data, dict) or "state" not in data:
        raise SaveError("a saved game is a JSON object with a 'state' field")
    st = data["state"]
    if not isinstance(st, dict):
        raise _fail("state", f"must be a mapping, not {_type_name(st)}")
    if st.get("format") != FORMAT_VERSION:
        raise SaveError(
            f"this save has format {st.get('format')!r}; this version of mnm reads format {FORMAT_VERSION} only"
        )
    _check_chapter_file(data, st, content)
    _known("chapter", lambda c: c in content.chapters)(st.get("chapter"), "state.chapter")
    chapter = content.chapters[st["chapter"]]
    board = Board.for_chapter(content, chapter)
    hero_id = _known("hero", lambda h: h in content.heroes)
    _list(hero_id, 6)(st.get("party"), "state.party")
    party: list[str] = st["party"]
    in_party = _known("mouse of the party", lambda h: h in party)
    space = _known("space of this chapter's board", lambda s: s in board.spaces)
    search_card = _known("search card", lambda c: card_of(c) in content.search_cards)
    encounter_card = _known("encounter card", lambda c: card_of(c) in content.encounter_cards)
    ability = _known("ability card", lambda c: c in content.ability_cards)
    status = _one_of(*STATUSES)
    count = _ranged(COUNT)
    small = _ranged(SMALL)
    ids = _list(_str)

    hero_spec: dict[str, Check] = {
        "id": in_party,
        "space": _optional(space),
        "wounds": small,
        "poison": small,
        "cheese": count,
        "equipped": _list(search_card, 100),
        "pack": _list(search_card, 100),
        "tricks": _list(search_card, 100),
        "abilities": _list(ability, 100),
        "statuses": _list(status, 10),
        "captured": _bool,
        "captures": count,
        "searched": _list(small, 100),
        "achievements": ids,
        "buffs": _buffs(st),
    }
    minion_spec: dict[str, Check] = {
        "id": _str,
        "type": _known("minion type", lambda m: m in content.minions),
        "space": space,
        "wounds": small,
        "statuses": _list(status, 10),
        "greedy": _bool,
    }
    turn_spec: dict[str, Check] = {
        "mouse": in_party,
        "move_points": _ranged(MOVE_POINTS),
        "moved": _bool,
        "movement_over": _bool,
        "acted": _bool,
        "extra_actions": small,
        "free_used": ids,
        "ability_used": _bool,
        "may_leave": _bool,
        "rolled": count,
        "flags": ids,
    }
    pending_spec: dict[str, Check] = {
        "kind": _known("decision kind", lambda k: k in DECISIONS),
        "actor": _known("mouse of the party (or 'party')", lambda a: a in party or a == "party"),
        "data": _dict(_any, 1000),
    }

    def heroes(value: Any, where: str) -> None:
        _dict(lambda v, w: _record(w, v, hero_spec, frozenset({"id", "space"})), 6)(value, where)
        if sorted(value) != sorted(party):
            raise _fail(where, f"must hold exactly the party's mice ({', '.join(party)})")
        for key, hero in value.items():
            if hero["id"] != key:
                raise _fail(f"{where}.{key}.id", f"is {hero['id']!r}, under the key {key!r}")

    def minions(value: Any, where: str) -> None:
        _dict(lambda v, w: _record(w, v, minion_spec, frozenset({"id", "type", "space"})), 500)(value, where)
        for key, minion in value.items():
            if minion["id"] != key:
                raise _fail(f"{where}.{key}.id", f"is {minion['id']!r}, under the key {key!r}")

    def face_up(value: Any, where: str) -> None:
        _dict(small, 100)(value, where)
        for k in value:
            if not k.isdigit():
                raise _fail(f"{where} key", f"must be a tile number, not {k!r}")

    def step(value: Any, where: str) -> None:
        if not isinstance(value, list) or not value:
            raise _fail(where, f"must be a non-empty list, not {_type_name(value)}")
        _known("automatic step", lambda s: s in STEPS)(value[0], f"{where}[0]")

    def face(value: Any, where: str) -> None:
        _int(1, 6)(value, where)

    state_spec: dict[str, Check] = {
        "format": count,
        "chapter": _str,
        "party": ids,
        "seed": _ranged(SEED),
        "rng": _ranged(STREAM),
        "dice_mode": _one_of(*_DICE_MODES),
        "dice_queue": _list(face, 10_000),
        "random_draws": count,
        "options": _dict(_bool, 100),
        "heroes": heroes,
        "minions": minions,
        "minion_serial": _dict(count, 100),
        "face_up": face_up,
        "explored": _list(small, 100),
        "traps": _list(space, 100),
        "tokens": _dict(_token_spaces(space), 100),
        "stash": ids,
        "party_cards": ids,
        "search_deck": _list(search_card, 500),
        "search_discard": _list(search_card, 500),
        "special_found": ids,
        "encounter_deck": _list(encounter_card, 500),
        "encounter_up": _optional(encounter_card),
        "encounter_discard": _list(encounter_card, 500),
        "track": _list(_str, 50),
        "turn_index": _ranged(TURN_INDEX),
        "acting": _optional(_str),
        "round": count,
        "wheel": small,
        "hourglass": small,
        "end_page": small,
        "turn": _optional(lambda v, w: _record(w, v, turn_spec, frozenset({"mouse"}))),
        "pending": _optional(lambda v, w: _record(w, v, pending_spec, frozenset({"kind", "actor"}))),
        "stack": _list(step, 10_000),
        "status": _one_of(*_STATUS),
        "outcome": _str,
        "story_achievements": ids,
        "chapter_data": _dict(_any, 1000),
        "chapter_vars": _dict(_chapter_value, 1000),
        "stats": _dict(_ranged(STAT), 1000),
    }
    _record("state", st, state_spec, frozenset(state_spec))
    if st["pending"] is not None:
        _check_pending_data(st, content, board, step)
    _check_track(st, content)
    _check_chapter_data(st, content, board)
    _check_flow(st)
    step_args = _step_arg_specs(st, content, board, step)
    for i, item in enumerate(st["stack"]):
        _check_step_args(item, f"state.stack[{i}]", step_args)
    for option in st["options"]:
        if option not in GAME_OPTIONS:
            raise _fail(f"state.options.{option}", "is not a game option of this version")
    log = data.get("log", [])
    _list(_str, 1_000_000)(log, "log")
    for i, text in enumerate(log):
        try:
            Action.parse(text)
        except MalformedAction as err:
            raise _fail(f"log[{i}]", str(err)) from err
    unknown = sorted(set(data) - {"state", "log", "chapter_file"})
    if unknown:
        raise SaveError(f"the save has unknown field(s): {', '.join(map(str, unknown))}")


# --- the initiative track, the chapters' own data, the steps' arguments (issue 26, finding 6) -------------------


_TURN_DECISIONS: Final = frozenset({"turn", "equipping", "sharing"})
"""Decisions only ever asked inside the deciding mouse's own turn (their answers read ``state.turn``)."""


def _check_flow(st: dict[str, Any]) -> None:
    """What the game loop needs around a waiting decision: steps to run after it, and the turn it belongs to."""
    pending = st["pending"]
    if st["status"] != "playing" or pending is None:
        return
    if not st["stack"]:
        raise _fail("state.stack", "must not be empty while a decision waits (nothing would run after it)")
    if pending["kind"] in _TURN_DECISIONS:
        turn = st["turn"]
        if turn is None or turn.get("mouse") != pending["actor"]:
            raise _fail("state.turn", f"must be {pending['actor']}'s turn while its {pending['kind']} decision waits")


def _is_initiative_card(card: str, st: dict[str, Any], content: Content) -> bool:
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


def _check_track(st: dict[str, Any], content: Content) -> None:
    """Every card on the track is an initiative card this state can play: a mouse of the party, Brodie's two
    cards, a minion type (``minion:<type>``, ``minion:<type>:<n>``) or a boss card (``boss:<type>:<n>``)."""
    track: list[str] = st["track"]
    for i, card in enumerate(track):
        if not _is_initiative_card(card, st, content):
            where = f"state.track[{i}]"
            raise _bad(
                where, card, "must be an initiative card (mouse:<mouse>, minion:<type>, boss:<type>:<n>, cat:...)"
            )
    if len(set(track)) != len(track):
        raise _fail("state.track", "holds a card twice")
    placing = st["pending"] is not None and st["pending"].get("kind") == "box_initiative"  # the opening track
    if st["status"] == "playing" and not track and not placing:
        raise _fail("state.track", "must not be empty while the chapter is played")
    if st["turn_index"] >= max(1, len(track)):
        raise _bad("state.turn_index", st["turn_index"], f"must be below the track's length, {len(track)}")


def _chapter_value(value: Any, where: str) -> None:
    """A chapter file's counter (a whole number within :data:`CHAPTER_VALUE`) or flag (true)."""
    if not isinstance(value, bool):
        _ranged(CHAPTER_VALUE)(value, where)


def _check_chapter_data(st: dict[str, Any], content: Content, board: Board) -> None:
    """The chapters' and the expansion rules' own bookkeeping, key by key (a chapter file's own counters and
    flags are in ``chapter_vars``, checked by :func:`_chapter_value`)."""
    data: dict[str, Any] = st["chapter_data"]
    space = _board_space(board)
    minion_type = _known("minion type", lambda m: m in content.minions)
    mouse = _known("mouse of the party", lambda h: h in st["party"])
    figure = _optional(_str)  # a figure id: a host that has left the board is let go by the bee rules

    def turtles(value: Any, where: str) -> None:
        turtle_tokens = {k for k in st["tokens"] if k.startswith("turtle")}
        side = _one_of(*sorted(set(TURTLE_UNDERSIDES)))
        _record(
            where,
            value,
            {"bag": _list(side, 5), "under": _dict(side, 5), "safe": _list(_str, 5)},
            frozenset({"bag", "under", "safe"}),
        )
        if set(value["under"]) != turtle_tokens:
            raise _fail(f"{where}.under", "must name the underside of each turtle on the board, and only those")
        if len(value["bag"]) + len(value["under"]) != len(TURTLE_UNDERSIDES):  # a scenario may stack the undersides
            raise _fail(
                f"{where}.bag", f"with the turtles on the board must be the box's {len(TURTLE_UNDERSIDES)} turtles"
            )
        if not set(value["safe"]) <= turtle_tokens:
            raise _fail(f"{where}.safe", "must name turtles on the board")

    def hesster(value: Any, where: str) -> None:
        _dict(_nonempty(_list(space, 20)), 10)(value, where)

    def bees(value: Any, where: str) -> None:
        bee = {"home": space, "host": figure}
        _dict(lambda v, w: _record(w, v, bee, frozenset(bee)), 20)(value, where)

    def helpers(value: Any, where: str) -> None:
        helper = {"type": minion_type, "space": space, "wounds": _ranged(SMALL), "owner": mouse}
        _dict(lambda v, w: _record(w, v, helper, frozenset(helper)), 20)(value, where)

    spec: dict[str, Check] = {
        "rain": _bool,
        "moon": _bool,
        "mortar_round": _ranged(COUNT),
        "inspire_round": _ranged(COUNT),
        "branches": _list(_str, 100),
        "turtles": turtles,
        "hesster": hesster,
        "bees": bees,
        "helpers": helpers,
        "rules_fired": _list(_str, 1000),  # a chapter file's rules that fire once (chapter_rules)
        "chapter_won": _bool,
        # the chapter language's newer words (mnm.engine.rules.chapter_state)
        "@items": _dict(_one_of("party", *st["party"]), 100),
        "@marks": _dict(_list(_str, 20), 10),
        "@log": _dict(_int(-1, 99), 200),
        "@next": _str,
        "@disabled": _list(_str, 1000),
        "@enabled": _list(_str, 1000),
        "@barred": _list(space, 200),
        "@barred_lines": _list(_list(space, 2), 200),  # bar_line: [a, b] pairs
    }
    if len(data) > 1000:
        raise _fail("state.chapter_data", f"has {len(data)} entries, more than 1000")
    for key, value in data.items():
        where = f"state.chapter_data.{key}"
        _str(key, "state.chapter_data key")
        check = spec.get(key)
        if check is None:
            raise _fail(where, "is not a key the engine keeps (a chapter's own counters and flags are in chapter_vars)")
        check(value, where)


def _step_arg_specs(
    st: dict[str, Any], content: Content, board: Board, step: Check
) -> dict[str, tuple[int, tuple[Check, ...]]]:
    """What each automatic step reads from its arguments: (how many it needs at least, a check per argument it
    may take). A step's arguments are read without looking again, so each is checked here, by what it names."""
    hero = _known("mouse of the party", lambda h: h in st["party"])
    mtype = _known("minion type", lambda m: m in content.minions)
    types = _list(mtype, 100)
    space = _board_space(board)
    side = _tile_side(board)
    card = _search_card(content)
    encounter = _known("encounter card", lambda c: c in content.encounter_cards)
    text = _str

    def counts(value: Any, where: str) -> None:  # [[minion type, how many], ...]
        _list(lambda v, w: _pair(v, w, mtype, _ranged(SMALL)), 20)(value, where)

    return {
        "fire_burns": (1, (hero,)),
        "mouse_turn": (1, (hero, text)),
        "ask_turn": (1, (hero,)),
        "shifting_cloak": (1, (hero,)),
        "boss_card_full": (2, (text, _known("mouse of the party (or '')", lambda h: h in st["party"] or h == ""))),
        "charmed_turn": (1, (hero,)),
        "card_found": (2, (hero, card)),
        "brodie_turn": (1, (text,)),
        "surge": (0, ()),
        "grape_feast": (1, (text,)),
        "choose_abilities": (0, ()),
        "place_starting_minions": (0, (_ranged(SMALL), types, types)),
        "pack_check": (1, (hero,)),
        "helper_turn": (1, (hero,)),
        "next_card": (0, ()),
        "card_turn": (0, ()),
        "new_round": (0, ()),
        "end_card_turn": (1, (text,)),
        "place_minions": (7, (side, types, _bool, text, types, text, _optional_step(step))),
        "new_minion_cards": (1, (types,)),
        "box_initiative": (1, (_placing(st, content),)),
        "encounter": (1, (side,)),
        "resolve_encounter": (3, (encounter, side, counts)),
        "encounter_placed": (3, (encounter, side, types)),
        "scaper_rescue": (2, (hero, space)),
        "captured_turn": (1, (hero,)),
        "minion_turn": (1, (mtype,)),
        "minion_act": (2, (_list(text, 100), _list(hero, 100))),
        "explore_exit": (4, (hero, side, side, _ranged(SMALL))),
        "explore_flip": (2, (hero, side, space)),
        "trap_check": (2, (hero, space, text)),
        "leave_water": (2, (hero, space)),
        "drift": (1, (hero,)),
        "next_attack": (2, (hero, _list(text, 20))),
        "pilfer_ask": (2, (hero, text)),  # the minion is only named in the question
        "rod_heal_ask": (3, (hero, _nonempty(_list(hero, 4)), _ranged(SMALL))),
        "story_choice": (2, (_known("story choice of the chapter", lambda c: c in _choice_ids(st, content)), hero)),
    }


def _token_spaces(space: Check) -> Check:
    """A token's spaces: at least one (a token off the board has no entry), each once."""

    def check(value: Any, where: str) -> None:
        _nonempty(_list(space, 100))(value, where)
        if len(set(value)) != len(value):
            raise _fail(where, "names a space twice")

    return check


def _pair(value: Any, where: str, first: Check, second: Check) -> None:
    if not isinstance(value, list) or len(value) != 2:
        raise _bad(where, value, "must be a pair [minion type, count]")
    first(value[0], f"{where}[0]")
    second(value[1], f"{where}[1]")


def _optional_step(step: Check) -> Check:
    """The step to run after (an empty list: none)."""

    def check(value: Any, where: str) -> None:
        if value != []:
            step(value, where)

    return check


def _check_step_args(item: list[Any], where: str, specs: dict[str, tuple[int, tuple[Check, ...]]]) -> None:
    """A step on the stack with the arguments it reads (the step's name was checked already)."""
    name, args = item[0], item[1:]
    spec = specs.get(name)
    if spec is None:
        if args:
            raise _fail(where, f"the step {name!r} takes no arguments")
        return
    least, checks = spec
    if not least <= len(args) <= len(checks):
        wanted = str(least) if least == len(checks) else f"{least} to {len(checks)}"
        raise _fail(where, f"the step {name!r} takes {wanted} argument(s), not {len(args)}")
    for j, (check, arg) in enumerate(zip(checks, args, strict=False), start=1):
        check(arg, f"{where}[{j}]")


def _check_chapter_file(data: dict[str, Any], st: dict[str, Any], content: Content) -> None:
    """A save of a chapter played from a chapter file names the file and its digest (docs/chapters.md): it
    loads only with the same chapter, and a save of a shipped chapter only without one of the same id."""
    recorded = data.get("chapter_file")
    chapter = st.get("chapter")
    given = content.chapter_files.get(chapter) if isinstance(chapter, str) else None
    if recorded is None:
        if given is not None:
            raise SaveError(
                f"this save is of the shipped chapter {chapter!r}, not of the chapter file {given.file}: "
                "load it without --chapter-file"
            )
        return
    _record("chapter_file", recorded, {"id": _str, "digest": _str, "file": _any}, frozenset({"id", "digest", "file"}))
    if not isinstance(recorded["file"], str) or len(recorded["file"]) > 4096:
        raise _bad("chapter_file.file", recorded["file"], "must be a file name")
    if recorded["id"] != chapter:
        raise _bad("chapter_file.id", recorded["id"], f"must be the save's chapter {chapter!r}")
    name, digest = recorded["file"], recorded["digest"]
    if given is None:
        raise SaveError(
            f"this save is of the chapter file {name} (chapter {chapter!r}, digest {digest[:12]}): load it with "
            f"that chapter file (--chapter-file {name})"
        )
    if given.digest != digest:
        raise SaveError(
            f"this save is of chapter {chapter!r} from {name} with digest {digest[:12]}, but {given.file} has "
            f"digest {given.digest[:12]}: the chapter changed since the save, and a save loads only with the "
            "same chapter"
        )


# --- the data of a pending decision ---------------------------------------------------------------------------


def _check_pending_data(st: dict[str, Any], content: Content, board: Board, step: Check) -> None:
    """The actor and the data of the waiting decision, by kind: every kind's answer acts on its data without
    looking again, so a tampered save fails here at load, naming the field, not when the decision is listed or
    answered. A kind without data must carry none."""
    pending = st["pending"]
    kind, data, where = pending["kind"], pending.get("data", {}), "state.pending.data"
    if kind in _PARTY_DECISIONS:
        if pending["actor"] != "party":
            raise _bad("state.pending.actor", pending["actor"], f"must be 'party' for a {kind} decision")
    elif pending["actor"] not in st["party"]:
        raise _bad("state.pending.actor", pending["actor"], f"must be a mouse of the party for a {kind} decision")
    checks = _PENDING_DATA.get(kind)
    spec = {} if checks is None else checks(st, content, board, step)
    _record(where, data, spec, frozenset(spec) - _OPTIONAL_DATA)
    if kind in _MUST_HOLD:
        field, holder, message = _MUST_HOLD[kind]
        if not holder(st, pending):
            raise _fail(field, message)
    if kind == "minion_space":
        if data["place"][1][0] != data["minion"]:
            raise _bad(f"{where}.place[1][0]", data["place"][1][0], f"must be the minion placed, {data['minion']!r}")
        side = data["place"][0]
        for i, s in enumerate(data["spaces"]):
            if space_side(s) != side:
                raise _bad(f"{where}.spaces[{i}]", s, f"must be a space of tile side {side}")


def _minion_space_spec(st: dict[str, Any], content: Content, board: Board, step: Check) -> dict[str, Check]:
    """R-ENC-05's pause: {minion, spaces, why, place: [side, queue, greedy, reason, placed, then]}."""
    mtype = _known("minion type", lambda m: m in content.minions)
    space, side = _board_space(board), _tile_side(board)

    def place(value: Any, where: str) -> None:
        if not isinstance(value, list) or len(value) != 6:
            raise _bad(where, value, "must be [side, queue, greedy, reason, placed, then]")
        checks: tuple[Check, ...] = (side, _nonempty(_list(mtype, 500)), _bool, _str, _list(mtype, 500), step)
        for i, (check, v) in enumerate(zip(checks, value, strict=True)):
            check(v, f"{where}[{i}]")

    return {"minion": mtype, "spaces": _nonempty(_list(space, 100)), "why": _str, "place": place}


def _boss_card_spec(st: dict[str, Any], content: Content, board: Board, step: Check) -> dict[str, Check]:
    """R-WOUND-03's question: {minion: a boss on the board, cards: its cards on the track, by: a mouse or ''}."""
    minions: dict[str, Any] = st["minions"]
    party: list[str] = st["party"]
    minion = _known("minion on the board", lambda m: m in minions)
    own: list[str] = []

    def boss(value: Any, where: str) -> None:
        minion(value, where)
        spec = content.minions[minions[value]["type"]]
        if not spec.boss or spec.cards < 2:
            raise _bad(where, value, "must be a boss with several initiative cards")
        own.extend(f"boss:{spec.id}:{i}" for i in range(1, spec.cards + 1))

    def card(value: Any, where: str) -> None:
        _str(value, where)
        if value not in own or value not in st["track"]:
            raise _bad(where, value, "must be one of the boss's cards on the track")

    by = _known("mouse of the party (or '')", lambda h: h in party or h == "")
    return {"minion": boss, "cards": _nonempty(_list(card, 20)), "by": by}


def _nonempty(check: Check) -> Check:
    def nonempty(value: Any, where: str) -> None:
        check(value, where)
        if not value:
            raise _fail(where, "must not be empty")

    return nonempty


def _spaces_spec(st: dict[str, Any], content: Content, board: Board, step: Check) -> dict[str, Check]:
    """``rescue`` (R-CAPT-03), ``shifting_cloak`` (R-SEARCH-08), ``leave_hesster`` (R-EXP-14): {spaces}, the
    spaces the mouse may be placed on."""
    return {"spaces": _nonempty(_list(_board_space(board), 100))}


def _board_space(board: Board) -> Check:
    return _known("space of this chapter's board", lambda s: s in board.spaces)


def _tile_side(board: Board, with_back: bool = False) -> Check:
    def side(value: Any, where: str) -> None:
        _ranged(SMALL)(value, where)
        if value not in board.graphs:
            raise _bad(where, value, "must be a tile side of this chapter's board")
        if with_back and board.other_side(value) is None:
            raise _bad(where, value, "must be a tile side with a back to flip to")

    return side


def _search_card(content: Content) -> Check:
    return _known("search card", lambda c: card_of(c) in content.search_cards)


def _treasure_spec(st: dict[str, Any], content: Content, board: Board, step: Check) -> dict[str, Check]:
    """R-SEARCH-03's Tinkerer's Treasure: {choices: cards of the search deck, one taken from it}."""
    card = _search_card(content)

    def in_deck(value: Any, where: str) -> None:
        card(value, where)
        if value not in st["search_deck"]:
            raise _bad(where, value, "must be a card of the search deck")

    return {"choices": _nonempty(_list(in_deck, 500))}


def _found_card_spec(st: dict[str, Any], content: Content, board: Board, step: Check) -> dict[str, Check]:
    """R-SEARCH-02: {card: the search card found, kept or traded}."""
    return {"card": _search_card(content)}


def _brodie_path_spec(st: dict[str, Any], content: Content, board: Board, step: Check) -> dict[str, Check]:
    """R-BRODIE-05: {spaces: his next spaces, chase: [start, points, passed, reached, faces, goal]}."""
    space = _board_space(board)
    mouse = _known("mouse of the party", lambda h: h in st["party"])
    goal = _known("mouse of the party (or '')", lambda h: h in st["party"] or h == "")
    die = _int(1, 6)

    def chase(value: Any, where: str) -> None:
        if not isinstance(value, list) or len(value) != 6:
            raise _bad(where, value, "must be [start, points, passed, reached, faces, goal]")
        checks: tuple[Check, ...] = (
            space,
            _int(1, SMALL[1]),
            _list(space, 1000),
            _list(mouse, 6),
            _list(die, 100),
            goal,
        )
        for i, (check, v) in enumerate(zip(checks, value, strict=True)):
            check(v, f"{where}[{i}]")

    return {"spaces": _nonempty(_list(space, 100)), "chase": chase}


def _sharing_spec(st: dict[str, Any], content: Content, board: Board, step: Check) -> dict[str, Check]:
    """R-FREE-02: {with: the other mouse, moved: cards that changed hands, cheese: '', 'give' or 'take'}."""
    actor = st["pending"]["actor"]
    other = _known("mouse of the party other than the one sharing", lambda h: h in st["party"] and h != actor)
    return {"with": other, "moved": _list(_str, 500), "cheese": _one_of("", "give", "take")}


def _equipping_spec(st: dict[str, Any], content: Content, board: Board, step: Check) -> dict[str, Check]:
    """R-FREE-03: {moved: the cards moved in this Equip}."""
    return {"moved": _list(_str, 500)}


def _disguises_spec(st: dict[str, Any], content: Content, board: Board, step: Check) -> dict[str, Check]:
    """R-PARTY-02: {card: the encounter card drawn, side: the tile side it is placed on}."""
    return {"card": _known("encounter card", lambda c: c in content.encounter_cards), "side": _tile_side(board)}


def _flip_landing_spec(st: dict[str, Any], content: Content, board: Board, step: Check) -> dict[str, Check]:
    """R-EXPLORE-10: {hero: the exploring mouse, side: the side left, spaces: flip spaces of the other side}."""
    side = _tile_side(board, with_back=True)
    left = st["pending"]["data"].get("side")
    try:  # the spaces are checked against the side whatever the order of the fields (a bad side fails by name)
        side(left, "state.pending.data.side")
        landing_side = board.other_side(left)
    except SaveError:
        landing_side = None

    def landing(value: Any, where: str) -> None:
        _board_space(board)(value, where)
        if landing_side is not None and space_side(value) != landing_side:
            raise _bad(where, value, f"must be a space of tile side {landing_side}")

    return {
        "hero": _known("mouse of the party", lambda h: h in st["party"]),
        "side": side,
        "spaces": _nonempty(_list(landing, 100)),
    }


def _exit_landing_spec(st: dict[str, Any], content: Content, board: Board, step: Check) -> dict[str, Check]:
    """R-EXPLORE-05: {hero: the exploring mouse, side: the side left, target: the side arrived at, exit: its
    exit's index there, spaces: spaces of that exit area}."""
    data = st["pending"]["data"]
    target = data.get("target")
    exits = board.graph(target).exits if isinstance(target, int) and target in board.graphs else ()

    def exit_index(value: Any, where: str) -> None:
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < len(exits):
            raise _bad(where, value, f"must be an exit of tile side {target}")

    def landing(value: Any, where: str) -> None:
        _board_space(board)(value, where)
        idx = data.get("exit")
        area = exits[idx].spaces if isinstance(idx, int) and not isinstance(idx, bool) and 0 <= idx < len(exits) else ()
        if value not in area:
            raise _bad(where, value, f"must be a space of exit {idx} of tile side {target}")

    return {
        "hero": _known("mouse of the party", lambda h: h in st["party"]),
        "side": _tile_side(board),
        "target": _tile_side(board),
        "exit": exit_index,
        "spaces": _nonempty(_list(landing, 20)),
    }


def _pilfer_spec(st: dict[str, Any], content: Content, board: Board, step: Check) -> dict[str, Check]:
    """Pilfer (R-ABIL-05): {minion: the rat figure Filch defeated (off the board now)}."""
    return {"minion": _known("minion figure", lambda m: m.rpartition("-")[0] in content.minions)}


def _rod_heal_spec(st: dict[str, Any], content: Content, board: Board, step: Check) -> dict[str, Check]:
    """The Hawthorn Rod's tie: {mice: the equally most wounded mice, amount: wounds it heals}."""
    return {
        "mice": _nonempty(_list(_known("mouse of the party", lambda h: h in st["party"]), 6)),
        "amount": _int(1),
    }


def _trap_dice_spec(st: dict[str, Any], content: Content, board: Board, step: Check) -> dict[str, Check]:
    """R-TRAP-02: {space: the mousetrap's space}."""
    return {"space": _board_space(board)}


def _next_attack_spec(st: dict[str, Any], content: Content, board: Board, step: Check) -> dict[str, Check]:
    """R-ABIL-04: {weapons: the weapons still to attack with, worn by the mouse}."""
    worn = st["heroes"][st["pending"]["actor"]].get("equipped", [])
    weapon = _known("card the mouse has equipped", lambda c: c in worn)
    return {"weapons": _nonempty(_list(weapon, 20))}


def _share_counted(st: dict[str, Any], pending: dict[str, Any]) -> bool:
    """Ending a share in which nothing changed hands gives the free action back: it must have been used."""
    turn = st["turn"]
    return turn is None or "share" in turn.get("free_used", [])


def _box_search_spec(st: dict[str, Any], content: Content, board: Board, step: Check) -> dict[str, Check]:
    """Option box_search_deck: {face: the die that found the card, 0 for a second draw}."""
    return {"face": _int(0, 6)}


def _box_encounter_spec(st: dict[str, Any], content: Content, board: Board, step: Check) -> dict[str, Check]:
    """Option box_encounter_deck (R-ENC-02): {side: the tile side the drawn card's minions go on}."""
    return {"side": _tile_side(board)}


def _placing(st: dict[str, Any], content: Content) -> Check:
    """The ``box_initiative`` step's argument: the same record as its decision's data."""
    spec = _box_initiative_spec(st, content, None, _any)  # type: ignore[arg-type]  # the board is not read

    def check(value: Any, where: str) -> None:
        _record(where, value, spec, frozenset(spec) - _OPTIONAL_DATA)

    return check


_OPTIONAL_DATA: Final = frozenset({"round_over"})  # decision data written only when it says something


def _box_initiative_spec(st: dict[str, Any], content: Content, board: Board, step: Check) -> dict[str, Check]:
    """Option box_initiative (R-ROUND-04/05): {left: the cards not placed yet, order: those placed so far, done:
    the cards that keep the top of the track, fresh: a fresh track or the bottom, new: the minion cards added,
    ambush: whether they ambush; round_over, only when true: the round's last card had acted, so the track placed is
    the next round's (issue 45)}."""
    card = _known("initiative card", lambda c: _is_initiative_card(c, st, content))
    cards = _list(card, 100)
    return {
        "left": _nonempty(cards), "order": cards, "done": cards, "fresh": _bool, "new": cards, "ambush": _bool,
        "round_over": _bool,
    }


def _story_choice_spec(st: dict[str, Any], content: Content, board: Board, step: Check) -> dict[str, Check]:
    """R-STORY-05: {choice: the id of one of the chapter's story choices}."""
    return {"choice": _known("story choice of the chapter", lambda c: c in _choice_ids(st, content))}


def _choice_ids(st: dict[str, Any], content: Content) -> set[str]:
    """The ids of the story choices (effect ``choose``) in the saved game's chapter."""
    chapter = content.chapters.get(str(st["chapter"]))
    if chapter is None:
        return set()
    effects = [e for r in chapter.all_rules() for _, e in walk_effects(r.do, "")]
    effects += [e for a in chapter.actions for _, e in walk_effects(a.do, "")]
    return {e.choose.id for e in effects if e.choose is not None}


def _search_deck_left(st: dict[str, Any], pending: dict[str, Any]) -> bool:
    return bool(st["search_deck"])


def _encounter_deck_left(st: dict[str, Any], pending: dict[str, Any]) -> bool:
    return bool(st["encounter_deck"])


def _disguises_held(st: dict[str, Any], pending: dict[str, Any]) -> bool:
    return "disguises" in st["stash"]


_PENDING_DATA: Final[dict[str, Callable[[dict[str, Any], Content, Board, Check], dict[str, Check]]]] = {
    "minion_space": _minion_space_spec,
    "boss_card": _boss_card_spec,
    "rescue": _spaces_spec,
    "shifting_cloak": _spaces_spec,
    "leave_hesster": _spaces_spec,
    "treasure": _treasure_spec,
    "found_card": _found_card_spec,
    "brodie_path": _brodie_path_spec,
    "sharing": _sharing_spec,
    "equipping": _equipping_spec,
    "disguises": _disguises_spec,
    "flip_landing": _flip_landing_spec,
    "exit_landing": _exit_landing_spec,
    "pilfer": _pilfer_spec,
    "rod_heal": _rod_heal_spec,
    "trap_dice": _trap_dice_spec,
    "next_attack": _next_attack_spec,
    "box_search_card": _box_search_spec,
    "box_encounter_card": _box_encounter_spec,
    "box_initiative": _box_initiative_spec,
    "story_choice": _story_choice_spec,
}
"""The data each decision kind carries; the kinds not named here (turn, pack_full, choose_ability,
before_turn) carry none."""

_PARTY_DECISIONS: Final = frozenset(
    {
        "minion_space",
        "boss_card",
        "brodie_path",
        "disguises",
        "flip_landing",
        "exit_landing",
        "box_encounter_card",
        "box_initiative",
    }
)
"""The decisions the whole party answers (actor 'party'); every other kind is one mouse's."""

_MUST_HOLD: Final[dict[str, tuple[str, Callable[[dict[str, Any], dict[str, Any]], bool], str]]] = {
    "sharing": ("state.turn.free_used", _share_counted, "must hold 'share' while a share is under way"),
    "disguises": ("state.stash", _disguises_held, "must hold 'disguises' while the disguises decision waits"),
    "box_search_card": ("state.search_deck", _search_deck_left, "must hold a card while one is drawn from it"),
    "box_encounter_card": ("state.encounter_deck", _encounter_deck_left, "must hold a card while one is drawn from it"),
}
"""What the rest of the state must hold while a kind waits (its answer uses it without looking)."""
