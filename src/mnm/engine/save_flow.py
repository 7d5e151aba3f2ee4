"""A saved game's flow (issue 26, finding 6): the initiative track, the chapter's own data, the steps waiting on the
stack and their arguments, and the chapter file a save carries.

Each check reads the whole parsed state (the fields are known to be well typed by then,
:func:`mnm.engine.savefile.validate_save`): the track names the party's mice and the board's minions, a waiting
decision has steps to run after it and the turn it belongs to, every step's arguments are what its rule reads.
"""

from __future__ import annotations

from typing import Any, Final

from mnm.board.layout import Board
from mnm.content.loader import Content
from mnm.engine.errors import SaveError
from mnm.engine.rules.turtles import UNDERSIDES as TURTLE_UNDERSIDES
from mnm.engine.save_fields import (
    CHAPTER_VALUE,
    COUNT,
    SMALL,
    Check,
    anything,
    bad,
    board_space,
    boolean,
    fail,
    is_initiative_card,
    known_id,
    list_of,
    mapping_of,
    non_empty,
    one_of,
    optional_of,
    ranged,
    record,
    search_card,
    short_text,
    tile_side,
    whole,
)
from mnm.engine.save_pending import choice_ids, placing_check

__all__ = [
    "chapter_value",
    "check_chapter_data",
    "check_chapter_file",
    "check_flow",
    "check_step_args",
    "check_track",
    "step_arg_specs",
    "token_spaces",
]


# --- the initiative track, the chapters' own data, the steps' arguments (issue 26, finding 6) -------------------


_TURN_DECISIONS: Final = frozenset({"turn", "equipping", "sharing"})
"""Decisions only ever asked inside the deciding mouse's own turn (their answers read ``state.turn``)."""


def check_flow(st: dict[str, Any]) -> None:
    """What the game loop needs around a waiting decision: steps to run after it, and the turn it belongs to."""
    pending = st["pending"]
    if st["status"] != "playing" or pending is None:
        return
    if not st["stack"]:
        raise fail("state.stack", "must not be empty while a decision waits (nothing would run after it)")
    if pending["kind"] in _TURN_DECISIONS:
        turn = st["turn"]
        if turn is None or turn.get("mouse") != pending["actor"]:
            raise fail("state.turn", f"must be {pending['actor']}'s turn while its {pending['kind']} decision waits")


def check_track(st: dict[str, Any], content: Content) -> None:
    """Every card on the track is an initiative card this state can play: a mouse of the party, Brodie's two
    cards, a minion type (``minion:<type>``, ``minion:<type>:<n>``) or a boss card (``boss:<type>:<n>``)."""
    track: list[str] = st["track"]
    for i, card in enumerate(track):
        if not is_initiative_card(card, st, content):
            where = f"state.track[{i}]"
            raise bad(
                where, card, "must be an initiative card (mouse:<mouse>, minion:<type>, boss:<type>:<n>, cat:...)"
            )
    if len(set(track)) != len(track):
        raise fail("state.track", "holds a card twice")
    placing = st["pending"] is not None and st["pending"].get("kind") == "box_initiative"  # the opening track
    if st["status"] == "playing" and not track and not placing:
        raise fail("state.track", "must not be empty while the chapter is played")
    if st["turn_index"] >= max(1, len(track)):
        raise bad("state.turn_index", st["turn_index"], f"must be below the track's length, {len(track)}")


def chapter_value(value: Any, where: str) -> None:
    """A chapter file's counter (a whole number within :data:`CHAPTER_VALUE`) or flag (true)."""
    if not isinstance(value, bool):
        ranged(CHAPTER_VALUE)(value, where)


def check_chapter_data(st: dict[str, Any], content: Content, board: Board) -> None:
    """The chapters' and the expansion rules' own bookkeeping, key by key (a chapter file's own counters and
    flags are in ``chapter_vars``, checked by :func:`chapter_value`)."""
    data: dict[str, Any] = st["chapter_data"]
    space = board_space(board)
    minion_type = known_id("minion type", lambda m: m in content.minions)
    mouse = known_id("mouse of the party", lambda h: h in st["party"])
    figure = optional_of(short_text)  # a figure id: a host that has left the board is let go by the bee rules

    def turtles(value: Any, where: str) -> None:
        turtle_tokens = {k for k in st["tokens"] if k.startswith("turtle")}
        side = one_of(*sorted(set(TURTLE_UNDERSIDES)))
        record(
            where,
            value,
            {"bag": list_of(side, 5), "under": mapping_of(side, 5), "safe": list_of(short_text, 5)},
            frozenset({"bag", "under", "safe"}),
        )
        if set(value["under"]) != turtle_tokens:
            raise fail(f"{where}.under", "must name the underside of each turtle on the board, and only those")
        if len(value["bag"]) + len(value["under"]) != len(TURTLE_UNDERSIDES):  # a scenario may stack the undersides
            raise fail(
                f"{where}.bag", f"with the turtles on the board must be the box's {len(TURTLE_UNDERSIDES)} turtles"
            )
        if not set(value["safe"]) <= turtle_tokens:
            raise fail(f"{where}.safe", "must name turtles on the board")

    def hesster(value: Any, where: str) -> None:
        mapping_of(non_empty(list_of(space, 20)), 10)(value, where)

    def bees(value: Any, where: str) -> None:
        bee = {"home": space, "host": figure}
        mapping_of(lambda v, w: record(w, v, bee, frozenset(bee)), 20)(value, where)

    def helpers(value: Any, where: str) -> None:
        helper = {"type": minion_type, "space": space, "wounds": ranged(SMALL), "owner": mouse}
        mapping_of(lambda v, w: record(w, v, helper, frozenset(helper)), 20)(value, where)

    spec: dict[str, Check] = {
        "rain": boolean,
        "moon": boolean,
        "mortar_round": ranged(COUNT),
        "inspire_round": ranged(COUNT),
        "branches": list_of(short_text, 100),
        "turtles": turtles,
        "hesster": hesster,
        "bees": bees,
        "helpers": helpers,
        "rules_fired": list_of(short_text, 1000),  # a chapter file's rules that fire once (chapter_rules)
        "chapter_won": boolean,
        # the chapter language's newer words (mnm.engine.rules.chapter_state)
        "@items": mapping_of(one_of("party", *st["party"]), 100),
        "@marks": mapping_of(list_of(short_text, 20), 10),
        "@log": mapping_of(whole(-1, 99), 200),
        "@next": short_text,
        "@disabled": list_of(short_text, 1000),
        "@enabled": list_of(short_text, 1000),
        "@barred": list_of(space, 200),
        "@barred_lines": list_of(list_of(space, 2), 200),  # bar_line: [a, b] pairs
    }
    if len(data) > 1000:
        raise fail("state.chapter_data", f"has {len(data)} entries, more than 1000")
    for key, value in data.items():
        where = f"state.chapter_data.{key}"
        short_text(key, "state.chapter_data key")
        check = spec.get(key)
        if check is None:
            raise fail(where, "is not a key the engine keeps (a chapter's own counters and flags are in chapter_vars)")
        check(value, where)


def step_arg_specs(
    st: dict[str, Any], content: Content, board: Board, step: Check
) -> dict[str, tuple[int, tuple[Check, ...]]]:
    """What each automatic step reads from its arguments: (how many it needs at least, a check per argument it
    may take). A step's arguments are read without looking again, so each is checked here, by what it names."""
    hero = known_id("mouse of the party", lambda h: h in st["party"])
    mtype = known_id("minion type", lambda m: m in content.minions)
    types = list_of(mtype, 100)
    space = board_space(board)
    side = tile_side(board)
    card = search_card(content)
    encounter = known_id("encounter card", lambda c: c in content.encounter_cards)
    text = short_text

    def counts(value: Any, where: str) -> None:  # [[minion type, how many], ...]
        list_of(lambda v, w: _pair(v, w, mtype, ranged(SMALL)), 20)(value, where)

    return {
        "fire_burns": (1, (hero,)),
        "mouse_turn": (1, (hero, text)),
        "ask_turn": (1, (hero,)),
        "shifting_cloak": (1, (hero,)),
        "boss_card_full": (2, (text, known_id("mouse of the party (or '')", lambda h: h in st["party"] or h == ""))),
        "charmed_turn": (1, (hero,)),
        "card_found": (2, (hero, card)),
        "brodie_turn": (1, (text,)),
        "surge": (0, ()),
        "grape_feast": (1, (text,)),
        "choose_abilities": (0, ()),
        "place_starting_minions": (0, (ranged(SMALL), types, types)),
        "pack_check": (1, (hero,)),
        "helper_turn": (1, (hero,)),
        "next_card": (0, ()),
        "card_turn": (0, ()),
        "new_round": (0, ()),
        "end_card_turn": (1, (text,)),
        "place_minions": (7, (side, types, boolean, text, types, text, _optional_step(step))),
        "new_minion_cards": (1, (types,)),
        "box_initiative": (1, (placing_check(st, content),)),
        "encounter": (1, (side,)),
        "resolve_encounter": (3, (encounter, side, counts)),
        "encounter_placed": (3, (encounter, side, types)),
        "scaper_rescue": (2, (hero, space)),
        "captured_turn": (1, (hero,)),
        "minion_turn": (1, (mtype,)),
        "minion_act": (2, (list_of(text, 100), list_of(hero, 100))),
        "explore_exit": (4, (hero, side, side, ranged(SMALL))),
        "explore_flip": (2, (hero, side, space)),
        "trap_check": (2, (hero, space, text)),
        "leave_water": (2, (hero, space)),
        "drift": (1, (hero,)),
        "next_attack": (2, (hero, list_of(text, 20))),
        "pilfer_ask": (2, (hero, text)),  # the minion is only named in the question
        "rod_heal_ask": (3, (hero, non_empty(list_of(hero, 4)), ranged(SMALL))),
        "story_choice": (2, (known_id("story choice of the chapter", lambda c: c in choice_ids(st, content)), hero)),
    }


def token_spaces(space: Check) -> Check:
    """A token's spaces: at least one (a token off the board has no entry), each once."""

    def check(value: Any, where: str) -> None:
        non_empty(list_of(space, 100))(value, where)
        if len(set(value)) != len(value):
            raise fail(where, "names a space twice")

    return check


def _pair(value: Any, where: str, first: Check, second: Check) -> None:
    if not isinstance(value, list) or len(value) != 2:
        raise bad(where, value, "must be a pair [minion type, count]")
    first(value[0], f"{where}[0]")
    second(value[1], f"{where}[1]")


def _optional_step(step: Check) -> Check:
    """The step to run after (an empty list: none)."""

    def check(value: Any, where: str) -> None:
        if value != []:
            step(value, where)

    return check


def check_step_args(item: list[Any], where: str, specs: dict[str, tuple[int, tuple[Check, ...]]]) -> None:
    """A step on the stack with the arguments it reads (the step's name was checked already)."""
    name, args = item[0], item[1:]
    spec = specs.get(name)
    if spec is None:
        if args:
            raise fail(where, f"the step {name!r} takes no arguments")
        return
    least, checks = spec
    if not least <= len(args) <= len(checks):
        wanted = str(least) if least == len(checks) else f"{least} to {len(checks)}"
        raise fail(where, f"the step {name!r} takes {wanted} argument(s), not {len(args)}")
    for j, (check, arg) in enumerate(zip(checks, args, strict=False), start=1):
        check(arg, f"{where}[{j}]")


def check_chapter_file(data: dict[str, Any], st: dict[str, Any], content: Content) -> None:
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
    record("chapter_file", recorded, {"id": short_text, "digest": short_text, "file": anything}, frozenset({"id", "digest", "file"}))
    if not isinstance(recorded["file"], str) or len(recorded["file"]) > 4096:
        raise bad("chapter_file.file", recorded["file"], "must be a file name")
    if recorded["id"] != chapter:
        raise bad("chapter_file.id", recorded["id"], f"must be the save's chapter {chapter!r}")
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
