"""The data of a saved game's pending decision (issue 26, finding 6): what each decision kind carries, checked field
by field against the content and the board, and what the rest of the state must hold while it waits.

:data:`PENDING_DATA` gives each kind its fields (a kind not named carries none); :func:`check_pending_data` checks a
waiting decision's data, its actor (the party's decisions or one mouse's) and what its answer will read.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from mnm.board.layout import Board, space_side
from mnm.chapter_language import walk_effects
from mnm.content.loader import Content
from mnm.engine.errors import SaveError
from mnm.engine.save_fields import (
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
    non_empty,
    one_of,
    record,
    search_card,
    short_text,
    tile_side,
    whole,
)

__all__ = [
    "PENDING_DATA",
    "check_pending_data",
    "choice_ids",
    "placing_check",
]


# --- the data of a pending decision ---------------------------------------------------------------------------


def check_pending_data(st: dict[str, Any], content: Content, board: Board, step: Check) -> None:
    """The actor and the data of the waiting decision, by kind: every kind's answer acts on its data without
    looking again, so a tampered save fails here at load, naming the field, not when the decision is listed or
    answered. A kind without data must carry none."""
    pending = st["pending"]
    kind, data, where = pending["kind"], pending.get("data", {}), "state.pending.data"
    if kind in _PARTY_DECISIONS:
        if pending["actor"] != "party":
            raise bad("state.pending.actor", pending["actor"], f"must be 'party' for a {kind} decision")
    elif pending["actor"] not in st["party"]:
        raise bad("state.pending.actor", pending["actor"], f"must be a mouse of the party for a {kind} decision")
    checks = PENDING_DATA.get(kind)
    spec = {} if checks is None else checks(st, content, board, step)
    record(where, data, spec, frozenset(spec) - _OPTIONAL_DATA)
    if kind in _MUST_HOLD:
        field, holder, message = _MUST_HOLD[kind]
        if not holder(st, pending):
            raise fail(field, message)
    if kind == "minion_space":
        if data["place"][1][0] != data["minion"]:
            raise bad(f"{where}.place[1][0]", data["place"][1][0], f"must be the minion placed, {data['minion']!r}")
        side = data["place"][0]
        for i, s in enumerate(data["spaces"]):
            if space_side(s) != side:
                raise bad(f"{where}.spaces[{i}]", s, f"must be a space of tile side {side}")


def _minion_space_spec(st: dict[str, Any], content: Content, board: Board, step: Check) -> dict[str, Check]:
    """R-ENC-05's pause: {minion, spaces, why, place: [side, queue, greedy, reason, placed, then]}."""
    mtype = known_id("minion type", lambda m: m in content.minions)
    space, side = board_space(board), tile_side(board)

    def place(value: Any, where: str) -> None:
        if not isinstance(value, list) or len(value) != 6:
            raise bad(where, value, "must be [side, queue, greedy, reason, placed, then]")
        checks: tuple[Check, ...] = (side, non_empty(list_of(mtype, 500)), boolean, short_text, list_of(mtype, 500), step)
        for i, (check, v) in enumerate(zip(checks, value, strict=True)):
            check(v, f"{where}[{i}]")

    return {"minion": mtype, "spaces": non_empty(list_of(space, 100)), "why": short_text, "place": place}


def _boss_card_spec(st: dict[str, Any], content: Content, board: Board, step: Check) -> dict[str, Check]:
    """R-WOUND-03's question: {minion: a boss on the board, cards: its cards on the track, by: a mouse or ''}."""
    minions: dict[str, Any] = st["minions"]
    party: list[str] = st["party"]
    minion = known_id("minion on the board", lambda m: m in minions)
    own: list[str] = []

    def boss(value: Any, where: str) -> None:
        minion(value, where)
        spec = content.minions[minions[value]["type"]]
        if not spec.boss or spec.cards < 2:
            raise bad(where, value, "must be a boss with several initiative cards")
        own.extend(f"boss:{spec.id}:{i}" for i in range(1, spec.cards + 1))

    def card(value: Any, where: str) -> None:
        short_text(value, where)
        if value not in own or value not in st["track"]:
            raise bad(where, value, "must be one of the boss's cards on the track")

    by = known_id("mouse of the party (or '')", lambda h: h in party or h == "")
    return {"minion": boss, "cards": non_empty(list_of(card, 20)), "by": by}


def _spaces_spec(st: dict[str, Any], content: Content, board: Board, step: Check) -> dict[str, Check]:
    """``rescue`` (R-CAPT-03), ``shifting_cloak`` (R-SEARCH-08), ``leave_hesster`` (R-EXP-14): {spaces}, the
    spaces the mouse may be placed on."""
    return {"spaces": non_empty(list_of(board_space(board), 100))}


def _treasure_spec(st: dict[str, Any], content: Content, board: Board, step: Check) -> dict[str, Check]:
    """R-SEARCH-03's Tinkerer's Treasure: {choices: cards of the search deck, one taken from it}."""
    card = search_card(content)

    def in_deck(value: Any, where: str) -> None:
        card(value, where)
        if value not in st["search_deck"]:
            raise bad(where, value, "must be a card of the search deck")

    return {"choices": non_empty(list_of(in_deck, 500))}


def _found_card_spec(st: dict[str, Any], content: Content, board: Board, step: Check) -> dict[str, Check]:
    """R-SEARCH-02: {card: the search card found, kept or traded}."""
    return {"card": search_card(content)}


def _brodie_path_spec(st: dict[str, Any], content: Content, board: Board, step: Check) -> dict[str, Check]:
    """R-BRODIE-05: {spaces: his next spaces, chase: [start, points, passed, reached, faces, goal]}."""
    space = board_space(board)
    mouse = known_id("mouse of the party", lambda h: h in st["party"])
    goal = known_id("mouse of the party (or '')", lambda h: h in st["party"] or h == "")
    die = whole(1, 6)

    def chase(value: Any, where: str) -> None:
        if not isinstance(value, list) or len(value) != 6:
            raise bad(where, value, "must be [start, points, passed, reached, faces, goal]")
        checks: tuple[Check, ...] = (
            space,
            whole(1, SMALL[1]),
            list_of(space, 1000),
            list_of(mouse, 6),
            list_of(die, 100),
            goal,
        )
        for i, (check, v) in enumerate(zip(checks, value, strict=True)):
            check(v, f"{where}[{i}]")

    return {"spaces": non_empty(list_of(space, 100)), "chase": chase}


def _sharing_spec(st: dict[str, Any], content: Content, board: Board, step: Check) -> dict[str, Check]:
    """R-FREE-02: {with: the other mouse, moved: cards that changed hands, cheese: '', 'give' or 'take'}."""
    actor = st["pending"]["actor"]
    other = known_id("mouse of the party other than the one sharing", lambda h: h in st["party"] and h != actor)
    return {"with": other, "moved": list_of(short_text, 500), "cheese": one_of("", "give", "take")}


def _equipping_spec(st: dict[str, Any], content: Content, board: Board, step: Check) -> dict[str, Check]:
    """R-FREE-03: {moved: the cards moved in this Equip}."""
    return {"moved": list_of(short_text, 500)}


def _disguises_spec(st: dict[str, Any], content: Content, board: Board, step: Check) -> dict[str, Check]:
    """R-PARTY-02: {card: the encounter card drawn, side: the tile side it is placed on}."""
    return {"card": known_id("encounter card", lambda c: c in content.encounter_cards), "side": tile_side(board)}


def _flip_landing_spec(st: dict[str, Any], content: Content, board: Board, step: Check) -> dict[str, Check]:
    """R-EXPLORE-10: {hero: the exploring mouse, side: the side left, spaces: flip spaces of the other side}."""
    side = tile_side(board, with_back=True)
    left = st["pending"]["data"].get("side")
    try:  # the spaces are checked against the side whatever the order of the fields (a bad side fails by name)
        side(left, "state.pending.data.side")
        landing_side = board.other_side(left)
    except SaveError:
        landing_side = None

    def landing(value: Any, where: str) -> None:
        board_space(board)(value, where)
        if landing_side is not None and space_side(value) != landing_side:
            raise bad(where, value, f"must be a space of tile side {landing_side}")

    return {
        "hero": known_id("mouse of the party", lambda h: h in st["party"]),
        "side": side,
        "spaces": non_empty(list_of(landing, 100)),
    }


def _exit_landing_spec(st: dict[str, Any], content: Content, board: Board, step: Check) -> dict[str, Check]:
    """R-EXPLORE-05: {hero: the exploring mouse, side: the side left, target: the side arrived at, exit: its
    exit's index there, spaces: spaces of that exit area}."""
    data = st["pending"]["data"]
    target = data.get("target")
    exits = board.graph(target).exits if isinstance(target, int) and target in board.graphs else ()

    def exit_index(value: Any, where: str) -> None:
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < len(exits):
            raise bad(where, value, f"must be an exit of tile side {target}")

    def landing(value: Any, where: str) -> None:
        board_space(board)(value, where)
        idx = data.get("exit")
        area = exits[idx].spaces if isinstance(idx, int) and not isinstance(idx, bool) and 0 <= idx < len(exits) else ()
        if value not in area:
            raise bad(where, value, f"must be a space of exit {idx} of tile side {target}")

    return {
        "hero": known_id("mouse of the party", lambda h: h in st["party"]),
        "side": tile_side(board),
        "target": tile_side(board),
        "exit": exit_index,
        "spaces": non_empty(list_of(landing, 20)),
    }


def _pilfer_spec(st: dict[str, Any], content: Content, board: Board, step: Check) -> dict[str, Check]:
    """Pilfer (R-ABIL-05): {minion: the rat figure Filch defeated (off the board now)}."""
    return {"minion": known_id("minion figure", lambda m: m.rpartition("-")[0] in content.minions)}


def _rod_heal_spec(st: dict[str, Any], content: Content, board: Board, step: Check) -> dict[str, Check]:
    """The Hawthorn Rod's tie: {mice: the equally most wounded mice, amount: wounds it heals}."""
    return {
        "mice": non_empty(list_of(known_id("mouse of the party", lambda h: h in st["party"]), 6)),
        "amount": whole(1),
    }


def _trap_dice_spec(st: dict[str, Any], content: Content, board: Board, step: Check) -> dict[str, Check]:
    """R-TRAP-02: {space: the mousetrap's space}."""
    return {"space": board_space(board)}


def _next_attack_spec(st: dict[str, Any], content: Content, board: Board, step: Check) -> dict[str, Check]:
    """R-ABIL-04: {weapons: the weapons still to attack with, worn by the mouse}."""
    worn = st["heroes"][st["pending"]["actor"]].get("equipped", [])
    weapon = known_id("card the mouse has equipped", lambda c: c in worn)
    return {"weapons": non_empty(list_of(weapon, 20))}


def _share_counted(st: dict[str, Any], pending: dict[str, Any]) -> bool:
    """Ending a share in which nothing changed hands gives the free action back: it must have been used."""
    turn = st["turn"]
    return turn is None or "share" in turn.get("free_used", [])


def _box_search_spec(st: dict[str, Any], content: Content, board: Board, step: Check) -> dict[str, Check]:
    """Option box_search_deck: {face: the die that found the card, 0 for a second draw}."""
    return {"face": whole(0, 6)}


def _box_encounter_spec(st: dict[str, Any], content: Content, board: Board, step: Check) -> dict[str, Check]:
    """Option box_encounter_deck (R-ENC-02): {side: the tile side the drawn card's minions go on}."""
    return {"side": tile_side(board)}


def placing_check(st: dict[str, Any], content: Content) -> Check:
    """The ``box_initiative`` step's argument: the same record as its decision's data."""
    spec = _box_initiative_spec(st, content, None, anything)  # type: ignore[arg-type]  # the board is not read

    def check(value: Any, where: str) -> None:
        record(where, value, spec, frozenset(spec) - _OPTIONAL_DATA)

    return check


_OPTIONAL_DATA: Final = frozenset({"round_over"})  # decision data written only when it says something


def _box_initiative_spec(st: dict[str, Any], content: Content, board: Board, step: Check) -> dict[str, Check]:
    """Option box_initiative (R-ROUND-04/05): {left: the cards not placed yet, order: those placed so far, done:
    the cards that keep the top of the track, fresh: a fresh track or the bottom, new: the minion cards added,
    ambush: whether they ambush; round_over, only when true: the round's last card had acted, so the track placed is
    the next round's (issue 45)}."""
    card = known_id("initiative card", lambda c: is_initiative_card(c, st, content))
    cards = list_of(card, 100)
    return {
        "left": non_empty(cards), "order": cards, "done": cards, "fresh": boolean, "new": cards, "ambush": boolean,
        "round_over": boolean,
    }


def _story_choice_spec(st: dict[str, Any], content: Content, board: Board, step: Check) -> dict[str, Check]:
    """R-STORY-05: {choice: the id of one of the chapter's story choices}."""
    return {"choice": known_id("story choice of the chapter", lambda c: c in choice_ids(st, content))}


def choice_ids(st: dict[str, Any], content: Content) -> set[str]:
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


PENDING_DATA: Final[dict[str, Callable[[dict[str, Any], Content, Board, Check], dict[str, Check]]]] = {
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
