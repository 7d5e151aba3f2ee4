"""A table's full record, and checking its dice (``mnm verify RECORD``; issue 26, finding 8).

A web table publishes the hash of its secret seed when it is created and the seed itself when the chapter
ends. Its *record* (``GET /api/tables/{id}/record`` once the chapter is over, the "Check the dice" panel's
download) holds everything needed to replay it: the setup (chapter, party, options, dice mode and what a
continued campaign chapter carried over), the seed and its commitment, the events of the setup and every
journal row (action or undo, the faces typed in companion mode, the events it caused).

:func:`verify_record` checks that the seed hashes to the commitment, replays the setup and every row from the
seed with the engine, and compares each event the replay gives with the recorded one: every roll, every card
drawn, every minion placed. One difference is named by row and event.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any

from mnm.content.loader import Content, builtin_content
from mnm.engine import EngineError, Game, NeedDice

__all__ = ["RECORD_FORMAT", "Verdict", "game_from_setup", "replay_rows", "seed_commitment", "verify_record"]

RECORD_FORMAT = "mnm-record/1"


def seed_commitment(seed: int) -> str:
    """The hash published when a table is created; the seed revealed at the end must hash to it."""
    return hashlib.sha256(f"mnm-seed:{seed}".encode()).hexdigest()


def game_from_setup(setup: dict[str, Any], content: Content) -> Game:
    """The game a table's setup starts (its seed, dice mode, options and campaign carry-over)."""

    def new(dice: str) -> Game:
        return Game.new(
            setup["chapter"],
            setup["party"],
            seed=int(setup["seed"]),
            content=content,
            dice=dice,
            carry=setup.get("carry"),
            options=dict.fromkeys(setup.get("options", ()), True),
        )

    try:
        return new(setup["dice"])
    except NeedDice:
        if setup["dice"] != "manual":
            raise
    # Companion mode, but the setup itself rolls (a minion acting before the first decision): nobody can
    # type faces before the table exists, so the setup's rolls use the table's seeded die (shown in the
    # log like any roll) and the players roll by hand from the first decision on. Deterministic from the
    # setup, so a restart rebuilds the same game.
    game = new("seeded")
    game.state.dice_mode = "manual"
    return game


def replay_rows(game: Game, rows: list[tuple[str, str, list[int]]]) -> list[list[dict[str, Any]]]:
    """Play journal rows ``(kind, action, typed dice)`` on ``game``; the events each caused (none for an undo)."""
    out: list[list[dict[str, Any]]] = []
    for kind, action, dice in rows:
        if kind == "undo":
            game.undo()
            out.append([])
        else:
            out.append([e.to_json() for e in game.apply(action, dice=dice)])
    return out


@dataclass
class Verdict:
    """What :func:`verify_record` found: ``ok`` when the commitment and every event match."""

    ok: bool
    lines: list[str] = field(default_factory=list)
    rows: int = 0
    events: int = 0


def verify_record(record: Any, content: Content | None = None) -> Verdict:
    """Check a table's record: the seed against its commitment, then every event of the setup and of each row
    against a replay from the seed. Never raises on a bad record: the verdict says what is wrong."""
    content = content or builtin_content()
    if not isinstance(record, dict) or record.get("format") != RECORD_FORMAT:
        return Verdict(False, [f"not a table record (format {RECORD_FORMAT!r} expected)"])
    try:
        setup = dict(record["setup"])
        seed = int(record["seed"])
        commit = str(record["commit"])
        journal = [(str(r["kind"]), str(r["action"]), [int(f) for f in r.get("dice", [])]) for r in record["journal"]]
        recorded = [list(r.get("events", [])) for r in record["journal"]]
        setup_events = list(record["setup_events"])
    except (KeyError, TypeError, ValueError) as err:
        return Verdict(False, [f"the record is incomplete or malformed: {type(err).__name__} {err}"])
    verdict = Verdict(True, rows=len(journal))
    if seed_commitment(seed) == commit:
        verdict.lines.append(f"the seed hashes to the commitment published at the start ({commit[:16]}...)")
    else:
        verdict.ok = False
        verdict.lines.append("the seed does NOT hash to the published commitment: the dice could have been chosen")
    setup["seed"] = seed
    try:
        if setup.get("chapter_file") is not None:  # a table of an uploaded chapter: its file is in the setup
            from mnm.chapters.file import ChapterFileError, read_chapter_text

            try:
                content = read_chapter_text(str(setup["chapter_file"]), "chapter file", content)
            except ChapterFileError as err:
                return Verdict(False, [f"the record's chapter file does not load: {err}"])
        game = game_from_setup(setup, content)
        replayed = [[e.to_json() for e in game.events]]
        replayed += replay_rows(game, journal)
    except (EngineError, KeyError, ValueError, TypeError, RuntimeError) as err:
        verdict.ok = False
        verdict.lines.append(f"the record does not replay from its seed: {type(err).__name__}: {err}")
        return verdict
    for row, (want, got) in enumerate(zip([setup_events, *recorded], replayed, strict=True)):
        where = "the setup" if row == 0 else f"row {row} ({journal[row - 1][1]})"
        for n in range(max(len(want), len(got))):
            verdict.events += 1
            mine = got[n] if n < len(got) else None
            theirs = want[n] if n < len(want) else None
            if mine != theirs:
                verdict.ok = False
                verdict.lines.append(f"{where}, event {n + 1}: the record says {theirs}, the seed gives {mine}")
                break
    status = str(record.get("status", ""))
    if status and status != game.state.status:
        verdict.ok = False
        verdict.lines.append(f"the record ends {status!r}, the replay ends {game.state.status!r}")
    if verdict.ok:
        verdict.lines.append(
            f"every roll and card matches: {verdict.rows} actions replayed, {verdict.events} events compared"
        )
    return verdict
