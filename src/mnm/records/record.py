"""A table's full record, and checking its dice (``mnm verify RECORD``; issue 26, finding 8).

A web table publishes the hash of its secret seed when it is created and the seed itself when the chapter
ends. Its *record* (``GET /api/tables/{id}/record`` once the chapter is over, the "Check the dice" panel's
download) holds everything needed to replay it: the setup (chapter, party, options, dice mode and what a
continued campaign chapter carried over), the seed and its commitment, the events of the setup and every
journal row (action or undo, the faces typed in companion mode, the events it caused).

:func:`verify_record` checks that the seed hashes to the commitment, replays the setup and every row from the
seed with the engine, and compares each event the replay gives with the recorded one: every roll, every card
drawn, every minion placed. One difference is named by row and event.

A replay that matches proves only what the record let the seed decide (issue 34, findings 3 and 4), so the
verdict also says: whether the dice came from the seed or were typed by players (companion mode; how many,
by which seat), whether the record is complete (the chapter ended) or cut, or stopped by the server, whether a
player chose the seed, whether the chapter is the shipped one or an uploaded file (with the file's sha256),
and what a continued campaign chapter carried over. Its first line is the verdict; :attr:`Verdict.code` is the
exit code of ``mnm verify``: :data:`FAIR` 0 (a fair, complete game), :data:`FAILED` 1 (the record contradicts
itself or its seed, or is malformed), :data:`PARTIAL` 3 (every event matches, but the record proves less than
a fair game: see its first line).
"""

from __future__ import annotations

import hashlib
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from mnm.content.aliases import renamed, renamed_words
from mnm.content.loader import Content, builtin_content
from mnm.engine import EngineError, Game, NeedDice
from mnm.engine.sandbox import SANDBOX_ROW, sandbox_change

__all__ = [
    "FAILED",
    "FAIR",
    "PARTIAL",
    "RECORD_FORMAT",
    "Verdict",
    "game_from_setup",
    "replay_rows",
    "seed_commitment",
    "verify_record",
]

RECORD_FORMAT = "mnm-record/1"
FAIR, FAILED, PARTIAL = 0, 1, 3  # the exit codes of mnm verify (2: the file could not be read)
STOP = "stop"  # a journal row by which the server ended a bot table over its budget (mnm.server.tables)


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
    """Play journal rows ``(kind, action, typed dice)`` on ``game``; the events each caused (none for an undo,
    or for the server's stop of a bot table)."""
    out: list[list[dict[str, Any]]] = []
    for kind, action, dice in rows:
        if kind == "undo":
            game.undo()
            out.append([])
        elif kind == STOP:
            out.append([])
        elif kind == SANDBOX_ROW:  # a designer's hand-made change at a workshop table (issue 46)
            out.append([e.to_json() for e in sandbox_change(game, action)])
        else:
            out.append([e.to_json() for e in game.apply(action, dice=dice)])
    return out


@dataclass
class Verdict:
    """What :func:`verify_record` found. ``ok``: the commitment and every event match (nothing contradicts the
    record); ``limits``: what a matching replay still does not prove (typed dice, a cut record, a chosen seed,
    a modified chapter); ``lines``: the verdict first, then what was checked and found."""

    ok: bool
    lines: list[str] = field(default_factory=list)
    rows: int = 0
    events: int = 0
    limits: list[str] = field(default_factory=list)
    facts: dict[str, Any] = field(default_factory=dict)

    @property
    def code(self) -> int:
        if not self.ok:
            return FAILED
        return PARTIAL if self.limits else FAIR

    @property
    def headline(self) -> str:
        if not self.ok:
            return "NOT VERIFIED: the record does not match its seed or is malformed"
        if self.limits:
            return "PARTLY VERIFIED: every event matches, but this is not proof of a fair game: " + "; ".join(self.limits)
        return "VERIFIED: a fair, complete game: every die and card came from the committed seed"


def _failed(message: str) -> Verdict:
    verdict = Verdict(False, [message])
    verdict.lines.insert(0, verdict.headline)
    return verdict


def _carry_problem(carry: Any, party: list[str], content: Content) -> str | None:
    """What is wrong with a setup's campaign carry-over (None: it is one the server could have written)."""
    if carry is None:
        return None
    if not isinstance(carry, dict):
        return "it is not an object"
    extra = set(carry) - {"from_chapter", "won", "abilities", "cards", "story_achievements", "campaign_log"}
    if extra:
        return f"unknown fields {sorted(map(str, extra))[:5]}"
    if carry.get("from_chapter") not in content.chapters:
        return f"it comes from no known chapter ({str(carry.get('from_chapter'))[:40]!r})"
    if not isinstance(carry.get("won", False), bool):
        return "'won' is not true or false"
    abilities, cards = carry.get("abilities") or {}, carry.get("cards") or {}
    achievements = carry.get("story_achievements") or []
    if not isinstance(abilities, dict) or not isinstance(cards, dict) or not isinstance(achievements, list):
        return "abilities, cards or story achievements are not of their kind"
    for hero, names in abilities.items():
        if hero not in party or not isinstance(names, list) or any(a not in content.ability_cards for a in names):
            return f"the abilities of {str(hero)[:40]!r} are not ability cards of this party's mice"
        if len(names) != len(set(names)):
            return f"{hero} carries the same ability twice"
    for hero, card in cards.items():
        if hero not in party or card not in content.search_cards:
            return f"{str(hero)[:40]!r} keeps {str(card)[:40]!r}, which is no search card of this party's mice"
    if any(not isinstance(a, str) or len(a) > 80 for a in achievements):
        return "a story achievement is not a short name"
    log = carry.get("campaign_log") or {}  # R-CAMP-01: entry -> count (-1 crossed out), issue 30
    if not isinstance(log, dict) or len(log) > 200:
        return "the campaign log is not a short list of entries"
    for entry, count in log.items():
        if not isinstance(entry, str) or len(entry) > 80 or type(count) is not int or not -1 <= count <= 999:
            return f"the campaign log entry {str(entry)[:40]!r} is not a name with a count"
    return None


def _seat_name(seat: int) -> str:
    return {-1: "the host", -3: "the server's bots"}.get(seat, f"seat {seat + 1}")


def verify_record(record: Any, content: Content | None = None) -> Verdict:
    """Check a table's record: the seed against its commitment, then every event of the setup and of each row
    against a replay from the seed, and say what that proves. Never raises on a bad record: the verdict says
    what is wrong."""
    content = content or builtin_content()
    if not isinstance(record, dict) or record.get("format") != RECORD_FORMAT:
        return _failed(f"not a table record (format {RECORD_FORMAT!r} expected)")
    try:
        # a record written before a content rename names old ids: read with today's (issue 35)
        setup = dict(renamed(record["setup"]))
        seed = int(record["seed"])
        commit = str(record["commit"])
        rows = list(record["journal"])
        journal = [
            (str(r["kind"]), renamed_words(str(r["action"])), [int(f) for f in r.get("dice") or []]) for r in rows
        ]
        seats = [int(r.get("seat", -1)) for r in rows]
        recorded = [renamed(list(r.get("events", []))) for r in rows]
        setup_events = renamed(list(record["setup_events"]))
        party = [str(h) for h in setup["party"]]
    except (KeyError, TypeError, ValueError) as err:
        return _failed(f"the record is incomplete or malformed: {type(err).__name__} {err}")
    verdict = Verdict(True, rows=len(journal))
    if seed_commitment(seed) == commit:
        verdict.lines.append(f"the seed hashes to the commitment published at the start ({commit[:16]}...)")
    else:
        verdict.ok = False
        verdict.lines.append("the seed does NOT hash to the published commitment: the dice could have been chosen")
    setup["seed"] = seed
    carry_problem = _carry_problem(setup.get("carry"), party, content)
    if carry_problem is not None:
        return _failed(f"the campaign carry-over in the setup is not one a table could have: {carry_problem}")
    shipped = content
    try:
        if setup.get("chapter_file") is not None:  # a table of an uploaded chapter: its file is in the setup
            from mnm.chapters.file import ChapterFileError, added_chapter, read_chapter_text

            text = str(setup["chapter_file"])
            try:
                content = read_chapter_text(text, "chapter file", content)
            except ChapterFileError as err:
                return _failed(f"the record's chapter file does not load: {err}")
            file_chapter = added_chapter(content)[0].id
            if file_chapter != setup.get("chapter"):
                return _failed(
                    f"the setup names chapter {str(setup.get('chapter'))[:40]!r} but its chapter file is chapter "
                    f"{file_chapter!r}"
                )
            digest = hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()
            verdict.facts["chapter"] = {"id": file_chapter, "shipped": False, "sha256": digest}
            if file_chapter in shipped.chapters:
                verdict.limits.append(f"the chapter is a modified copy of the shipped chapter {file_chapter!r}")
                verdict.lines.append(
                    f"chapter: {file_chapter!r} from the record's own file (sha256 {digest}), NOT the shipped one"
                )
            else:
                verdict.lines.append(f"chapter: {file_chapter!r}, an uploaded chapter file (sha256 {digest})")
        else:
            verdict.facts["chapter"] = {"id": setup.get("chapter"), "shipped": True}
            verdict.lines.append(f"chapter: {str(setup.get('chapter'))[:40]!r}, as shipped with this program")
        game = game_from_setup(setup, content)
        replayed = [[e.to_json() for e in game.events]]
        stops = [n for n, (kind, _a, _d) in enumerate(journal) if kind == STOP]
        if stops and stops != [len(journal) - 1]:
            raise ValueError("a stop row that is not the journal's last")
        replayed += replay_rows(game, journal)
    except (EngineError, KeyError, ValueError, TypeError, RuntimeError) as err:
        verdict.ok = False
        verdict.lines.append(f"the record does not replay from its seed: {type(err).__name__}: {err}")
        verdict.lines.insert(0, verdict.headline)
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
    _what_it_proves(verdict, setup, journal, seats, game)
    if verdict.ok:
        verdict.lines.append(f"every event matches: {verdict.rows} journal rows replayed, {verdict.events} events compared")
    verdict.lines.insert(0, verdict.headline)
    return verdict


def _what_it_proves(
    verdict: Verdict, setup: dict[str, Any], journal: list[tuple[str, str, list[int]]], seats: list[int], game: Game
) -> None:
    """The dice, completeness and seed facts of a record whose replay was compared (issue 34)."""
    typed: Counter[str] = Counter()
    for (_kind, _action, dice), seat in zip(journal, seats, strict=True):
        if dice:
            typed[_seat_name(seat)] += len(dice)
    verdict.facts["dice_typed"] = dict(typed)
    if typed or setup.get("dice") == "manual":
        by = ", ".join(f"{who}: {n}" for who, n in typed.most_common()) or "none yet"
        verdict.limits.append(f"{sum(typed.values())} dice were typed by players, not rolled from the seed")
        verdict.lines.append(
            f"dice: typed by hand (companion mode), {sum(typed.values())} faces ({by}); the seed rolled only the "
            "setup's dice and shuffled the decks"
        )
    else:
        verdict.lines.append("dice: every die was rolled from the committed seed (no face was typed)")
    changed = sum(1 for kind, _a, _d in journal if kind == SANDBOX_ROW)
    verdict.facts["sandbox_changes"] = changed
    if changed:
        verdict.limits.append(f"the host changed the game by hand {changed} time(s) (a workshop sandbox table)")
        verdict.lines.append(f"sandbox: {changed} change(s) made by hand (counters, flags, rules fired, pages)")
    stopped = bool(journal) and journal[-1][0] == STOP
    if stopped:
        verdict.facts["complete"] = False
        verdict.limits.append("the server stopped the table before the chapter ended")
        verdict.lines.append(f"end: stopped by the server ({journal[-1][1]}): the chapter did not end by its rules")
    elif game.state.status == "playing":
        verdict.facts["complete"] = False
        verdict.limits.append("the record is cut: it ends before the chapter did")
        verdict.lines.append(f"end: the record is cut after {len(journal)} rows, the chapter still being played")
    else:
        verdict.facts["complete"] = True
        verdict.lines.append(f"end: complete, the chapter ended {game.state.status!r} ({game.state.outcome or '-'})")
    verdict.facts["seed_chosen"] = bool(setup.get("seed_chosen"))
    if setup.get("seed_chosen"):
        verdict.limits.append("the seed was chosen by a player, who could know every roll in advance")
        verdict.lines.append("seed: chosen by the table's creator (a test or replay table), not drawn by the server")
    else:
        verdict.lines.append("seed: drawn by the server and kept secret until the end")
    carry = setup.get("carry")
    if isinstance(carry, dict):
        verdict.lines.append(
            f"campaign: carried over from chapter {carry.get('from_chapter')!r} (check that chapter's own record)"
        )
