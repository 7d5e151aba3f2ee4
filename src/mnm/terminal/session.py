"""What both terminal clients share: starting or loading a game, reading a player's answer, saving safely.

A player's answer is one line: a choice number, an action in its text form, or a command (undo, save, load,
help, look, quit). :func:`read_answer` turns it into a typed :class:`Answer` or explains what is wrong, so
both clients ask the same question again after bad input and nothing changes.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mnm.content.loader import Content, builtin_content
from mnm.engine import Action, Decision, DiceTable, Game, MalformedAction, SaveError

__all__ = [
    "COMMANDS",
    "DEFAULT_PARTY",
    "Answer",
    "BadAnswer",
    "campaign_tip",
    "default_chapter",
    "load_game",
    "new_game",
    "parse_dice",
    "read_answer",
    "save_game",
]

DEFAULT_PARTY = ("collin", "tilda", "filch", "maginos")
COMMANDS = ("undo", "save", "load", "help", "hint", "look", "map", "log", "quit")
CHAPTER_ONE = "flight-to-barksburg"
PRACTICE = "proving-grounds"


class BadAnswer(ValueError):
    """The line typed is not a choice, an action or a command; the message says what would be."""


@dataclass(frozen=True)
class Answer:
    """A parsed answer: an action to apply, or a command with its argument."""

    action: Action | None = None
    command: str = ""
    arg: str = ""


def default_chapter(content: Content) -> str:
    """Chapter 1 when the content has it, else the practice chapter."""
    if CHAPTER_ONE in content.chapters:
        return CHAPTER_ONE
    if PRACTICE in content.chapters:
        return PRACTICE
    return sorted(content.chapters.values(), key=lambda c: c.number)[0].id


def resolve_chapter(content: Content, key: str | None) -> str:
    """A chapter id from an id or a number; ``ValueError`` with the known ones when there is no such chapter."""
    if not key:
        return default_chapter(content)
    try:
        return content.chapter(int(key) if key.isdigit() else key).id
    except KeyError:
        known = ", ".join(f"{c.number} ({c.id})" for c in sorted(content.chapters.values(), key=lambda c: c.number))
        raise ValueError(f"no chapter {key!r}; known chapters: {known}") from None


def parse_party(content: Content, text: str) -> list[str]:
    party = [p.strip().lower() for p in text.split(",") if p.strip()]
    if not party:
        raise ValueError("the party needs at least one mouse, e.g. collin,tilda,filch,maginos")
    for p in party:
        if p not in content.heroes:
            raise ValueError(f"no hero {p!r}; known heroes: {', '.join(sorted(content.heroes))}")
    if len(set(party)) != len(party):
        raise ValueError("a hero can be in the party only once")
    return party


def new_game(
    chapter: str | None,
    party: str,
    seed: int,
    dice: str,
    content: Content | None = None,
    options: Sequence[str] = (),
) -> Game:
    """Start a game from the command line's words; ``ValueError`` with a clear message on bad words.
    ``options``: the rule variants switched on (``mnm.engine.rules.setup.GAME_OPTIONS``)."""
    content = content or builtin_content()
    if dice not in ("seeded", "manual"):
        raise ValueError(f"--dice is 'seeded' or 'manual', not {dice!r}")
    chapter_id = resolve_chapter(content, chapter)
    members = parse_party(content, party)
    try:
        return Game.new(chapter_id, members, seed=seed, content=content, dice=dice, options=dict.fromkeys(options, True))
    except (KeyError, ValueError) as err:
        raise ValueError(f"cannot set up {chapter_id}: {err}") from err


def load_game(path: str | Path, content: Content | None = None) -> Game:
    """Read a saved game; ``SaveError`` with the reason when the file is missing, not JSON or not a save."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as err:
        raise SaveError(f"cannot read {p}: {err.strerror or err}") from err
    except UnicodeDecodeError as err:
        raise SaveError(f"{p} is not a text file") from err
    try:
        data: Any = json.loads(text)
    except json.JSONDecodeError as err:
        raise SaveError(f"{p} is not a saved game (not JSON: {err.msg} at line {err.lineno})") from err
    try:
        return Game.from_json(data, content)
    except SaveError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError) as err:
        raise SaveError(f"{p} is not a usable saved game: {err}") from err


def save_game(game: Game, path: str | Path) -> Path:
    """Write the game atomically: a temporary file in the same folder, then ``os.replace``."""
    p = Path(path)
    folder = p.parent if str(p.parent) else Path(".")
    data = json.dumps(game.to_json(), indent=1)
    fd, tmp = tempfile.mkstemp(prefix=f".{p.name}.", suffix=".tmp", dir=folder)
    try:
        os.chmod(tmp, 0o644)  # mkstemp makes it private; a save is an ordinary file
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, p)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return p


def read_answer(text: str, decision: Decision) -> Answer:
    """A choice number (1-based), a command, or an action's text form. Raises :class:`BadAnswer`."""
    line = text.strip()
    if not line:
        raise BadAnswer(f"Nothing typed. Type a number from 1 to {len(decision.options)}, an action, or 'help'.")
    word, _, rest = line.partition(" ")
    low = word.lower()
    if low in ("?", "h"):
        return Answer(command="help")
    if low in ("q", "exit"):
        return Answer(command="quit")
    if low in COMMANDS:
        return Answer(command=low, arg=rest.strip())
    if line.isdigit() or (line.startswith("-") and line[1:].isdigit()):
        n = int(line)
        if 1 <= n <= len(decision.options):
            return Answer(action=decision.options[n - 1])
        raise BadAnswer(f"There is no choice {n}: type a number from 1 to {len(decision.options)}.")
    try:
        action = Action.parse(line)
    except MalformedAction as err:
        raise BadAnswer(f"Not understood: {err}. Type a number from 1 to {len(decision.options)}, or 'help'.") from err
    return Answer(action=action)


def parse_dice(text: str, table: DiceTable, count: int) -> list[int]:
    """Die faces typed by a player (``3 5`` or ``3X+ 2S+``); exactly ``count`` of them."""
    words = text.replace(",", " ").split()
    if len(words) != count:
        raise BadAnswer(
            f"Type {count} face{'s' if count != 1 else ''} (1-6 or like "
            f"{', '.join(f.short() for f in table.faces)}), separated by spaces; got {len(words)}."
        )
    try:
        return [table.parse(w) for w in words]
    except ValueError as err:
        raise BadAnswer(str(err)) from err


def campaign_tip(game: Game, save_path: str) -> str:
    """After a chapter: how to go on with ``mnm play --campaign`` (the next chapter after a win, the same one
    again after a defeat, R-WIN-03), naming the cards each mouse may keep (R-CAMP-03). Empty while playing."""
    from mnm.engine import keepable_cards

    st = game.state
    if st.status == "playing":
        return ""
    won = st.status == "won"
    if won and game.ctx.chapter.next_chapter is None:
        return ""
    choices = {h: keepable_cards(game.ctx, st, h) for h in st.party}
    keep = ",".join(f"{h}={cards[0]}" for h, cards in choices.items() if cards)
    command = f"mnm play --campaign {save_path}" + (f" --keep {keep}" if keep else "") + ("" if won else " --replay")
    lines = [f"To go on {'to the next chapter' if won else 'by playing this chapter again'}: save, then {command}"]
    for h, cards in choices.items():
        if cards:
            lines.append(f"  {h} may keep one of: {', '.join(cards)} (or none)")
    return "\n".join(lines)
