"""What both terminal clients share: starting or loading a game, reading a player's answer, saving safely.

A player's answer is one line: a choice number, an action in its text form, or a command (undo, save, load,
help, look, quit). :func:`read_answer` turns it into a typed :class:`Answer` or explains what is wrong, so
both clients ask the same question again after bad input and nothing changes.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import os
import re
import shlex
import tempfile
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from mnm.content.loader import Content, builtin_content
from mnm.engine import (
    DIFFICULTY_PRESETS,
    Action,
    Decision,
    DiceTable,
    Event,
    Game,
    IllegalAction,
    MalformedAction,
    NeedDice,
    SaveError,
    apply_action,
    catalog,
    events_until_stopped,
    next_chapter_of,
)
from mnm.terminal.lang import say

__all__ = [
    "ALIASES",
    "COMMANDS",
    "DEFAULT_PARTY",
    "Answer",
    "Autosave",
    "BadAnswer",
    "Numbering",
    "autosave_dir",
    "campaign_tip",
    "check_game",
    "data_dir",
    "default_chapter",
    "default_save_path",
    "events_before_dice",
    "faces_help",
    "latest_autosave",
    "load_game",
    "new_autosave_path",
    "new_game",
    "parse_dice",
    "parse_face",
    "read_answer",
    "save_game",
]

DEFAULT_PARTY = ("collin", "tilda", "filch", "maginos")
COMMANDS = ("undo", "save", "load", "help", "hint", "look", "inspect", "choices", "map", "log", "history", "quit")
# other words for a command, so a player's first guess works
ALIASES = {
    "?": "help",
    "h": "help",
    "q": "quit",
    "exit": "quit",
    "list": "choices",
    "options": "choices",
    "i": "inspect",
    "x": "inspect",
    "describe": "inspect",
    "messages": "history",
    # the commands in Portuguese (mnm play --lang pt-BR says these)
    "ajuda": "help",
    "escolhas": "choices",
    "opções": "choices",
    "opcoes": "choices",
    "desfazer": "undo",
    "salvar": "save",
    "carregar": "load",
    "dica": "hint",
    "olhar": "look",
    "examinar": "inspect",
    "mapa": "map",
    "recentes": "log",
    "histórico": "history",
    "historico": "history",
    "sair": "quit",
}
# a turn's one-word verbs in Portuguese (the rulebook's words: Buscar, Fugir, Recuperar)
VERB_ALIASES = {"encerrar": "end", "fim": "end", "buscar": "search", "fugir": "scurry", "recuperar": "recover"}
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
        return Game.new(
            chapter_id, members, seed=seed, content=content, dice=dice, options=dict.fromkeys(options, True)
        )
    except (KeyError, ValueError) as err:
        raise ValueError(f"cannot set up {chapter_id}: {err}") from err


# The checkout's examples/ (an editable install, as scripts/start.sh makes); absent in an installed wheel.
EXAMPLES = Path(__file__).resolve().parents[3] / "examples"


def shipped_save(path: Path) -> Path:
    """``path`` when it is a file; else a save shipped in examples/saves named by it, so the README's campaign
    example works from any folder (issue 45): ``chapter1-won``, ``chapter1-won.json`` or
    ``examples/saves/chapter1-won.json``. Unchanged when nothing fits (the error then names it)."""
    if path.is_file() or path.is_absolute():
        return path
    saves = EXAMPLES / "saves"
    for candidate in (EXAMPLES.parent / path, saves / path, saves / f"{path}.json"):
        if candidate.is_file():
            return candidate
    return path


def shipped_saves() -> list[str]:
    """The names of the saves shipped in examples/saves (empty when the checkout's examples are not here)."""
    folder = EXAMPLES / "saves"
    return sorted(p.stem for p in folder.glob("*.json")) if folder.is_dir() else []


def load_game(path: str | Path, content: Content | None = None, chapter_file: str | Path | None = None) -> Game:
    """Read a saved game; ``SaveError`` with the reason when the file is missing, not JSON or not a save.
    ``chapter_file``: the chapter file the save was played on (default: the one the save records, where it
    was; docs/chapters.md)."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as err:
        raise SaveError(f"cannot read {p}: {err.strerror or err}") from err
    except UnicodeDecodeError as err:
        raise SaveError(f"{p} is not a text file") from err
    from mnm.engine import read_save_text

    data: Any = read_save_text(text, str(p))  # bounded: size, nesting, numbers (issue 14)
    if content is None:
        from mnm.chapters.file import ChapterFileError, content_for_save

        try:
            content = content_for_save(data, chapter_file)
        except ChapterFileError as err:
            raise SaveError(f"{p} was played on a chapter file that cannot be read: {err}") from err
    try:
        game = Game.from_json(data, content)
        check_game(game)
    except SaveError as err:
        raise SaveError(f"{p} is not a usable saved game: {err}") from err
    except Exception as err:  # whatever a hostile file makes the engine raise, the game in progress stays
        raise SaveError(f"{p} is not a usable saved game: {type(err).__name__} {err}") from err
    return game


def check_game(game: Game) -> None:
    """Refuse a loaded game that could not be played: values of the wrong type, figures on spaces the board
    does not have, or a pending question whose choices fail. ``SaveError`` says what is wrong. (The engine's
    own save validation, where it exists, runs first in ``Game.from_json``.)"""
    st = game.state
    objects: list[tuple[Any, str]] = [
        (st, "state"),
        *((h, f"hero {h.id}") for h in st.heroes.values()),
        *((m, f"minion {m.id}") for m in st.minions.values()),
    ]
    for obj, what in objects:
        for f in dataclasses.fields(obj):
            default: Any = f.default_factory() if f.default_factory is not dataclasses.MISSING else f.default
            value = getattr(obj, f.name)
            if default is dataclasses.MISSING or default is None or value is None:
                continue
            kind = type(default)
            wrong = (
                type(value) is not kind
                if kind in (bool, int)
                else kind in (str, list, dict) and not isinstance(value, kind)
            )
            if wrong:
                raise SaveError(f"{what}: {f.name} is {value!r}, not a{'n' if kind is int else ''} {kind.__name__}")
    spaces = game.ctx.board.spaces
    for h in st.heroes.values():
        if h.space is not None and h.space not in spaces:
            raise SaveError(f"hero {h.id} is on space {h.space!r}, which this chapter's board does not have")
    for m in st.minions.values():
        if m.space not in spaces or m.type not in game.ctx.content.minions:
            raise SaveError(f"minion {m.id} ({m.type}) on {m.space!r} is not on this chapter's board")
    d = game.decision()
    for a in d.options if d is not None else ():
        probe = st.copy()
        probe.dice_mode, probe.dice_queue = "seeded", []
        with contextlib.suppress(NeedDice, IllegalAction):
            apply_action(game.ctx, probe, a)


def save_game(game: Game, path: str | Path, sync: bool = True) -> Path:
    """Write the game atomically: a temporary file in the same folder, then ``os.replace`` (``sync``: flush to
    the disk first; autosaves skip it, being written after every decision)."""
    p = Path(path)
    folder = p.parent if str(p.parent) else Path(".")
    if p.is_relative_to(data_dir()):
        folder.mkdir(parents=True, exist_ok=True)  # the data folder's saves/ is ours to make
    data = json.dumps(game.to_json(), indent=1)
    fd, tmp = tempfile.mkstemp(prefix=f".{p.name}.", suffix=".tmp", dir=folder)
    try:
        os.chmod(tmp, 0o644)  # mkstemp makes it private; a save is an ordinary file
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(data)
            if sync:
                fh.flush()
                os.fsync(fh.fileno())
        os.replace(tmp, p)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return p


class Numbering:
    """Choice numbers that stay the same while one question lasts: a mouse's whole turn keeps its numbers, so a
    number remembered (or heard) before a move still means the same choice after it. Choices that go away
    leave their number unused; new ones get the next free number. Each question's numbers are remembered, so a
    turn comes back with its own numbers after a question in between (a card found by a search) or an undo."""

    def __init__(self) -> None:
        self.episode: tuple[object, ...] = ()
        self.numbers: dict[Action, int] = {}
        self.shown: dict[int, Action] = {}
        self.memory: dict[tuple[object, ...], dict[Action, int]] = {}

    def number(
        self,
        game: Game,
        d: Decision,
        numbered: Sequence[Action] | None = None,
        order: Sequence[Action] | None = None,
    ) -> list[tuple[int, Action]]:
        """``(number, action)`` for the choices of ``d`` that get a number (all unless ``numbered`` says).
        ``order``: the order new choices get their numbers in (the order they are listed; default ``numbered``)."""
        st = game.state
        # a question other than the turn is also told apart by what it is about (two tied minion placements in a
        # row are two questions, R-ENC-05)
        about = "" if d.kind == "turn" else repr(sorted(d.data.items()))
        episode = (d.kind, d.actor, st.round, st.turn_index, st.acting, about)
        if episode != self.episode:
            self.episode = episode
            self.numbers = self.memory.setdefault(episode, {})
        # A question inside a turn (a card found, a target to pick) numbers on after the turn's own numbers, never
        # from 1 again: "1" keeps meaning the turn's choice #1 whatever is asked (issue 32).
        base = 0
        if d.kind != "turn":
            base = max(
                (n for key, nums in self.memory.items() if key[0] == "turn" and key[2:4] == episode[2:4] for n in nums.values()),
                default=0,
            )
        options = list(d.options if numbered is None else numbered)
        for a in [*(order if order is not None else options), *options]:
            if a not in self.numbers and a in options:
                self.numbers[a] = max(base, *self.numbers.values()) + 1 if self.numbers else base + 1
        self.shown = {self.numbers[a]: a for a in options}
        return sorted(((self.numbers[a], a) for a in options), key=lambda na: na[0])

    def reset(self) -> None:
        self.episode = ()
        self.numbers = {}
        self.shown = {}
        self.memory = {}


def _numbers_hint(shown: dict[int, Action], lang: str) -> str:
    if not shown:
        return say(lang, "answer.no_numbers")
    nums = sorted(shown)
    if nums == list(range(nums[0], nums[-1] + 1)):
        if len(nums) > 1:
            return say(lang, "answer.number_range", first=nums[0], last=nums[-1])
        return say(lang, "answer.number_one", n=nums[0])
    return say(lang, "answer.number_list", numbers=", ".join(str(n) for n in nums))


def typed_names(content: Content) -> dict[str, str]:
    """The cards typed by their name, not their id (issue 45: Feint's choice read ``[choose collin shield-bash]``):
    card id -> the English name as one lowercase word with hyphens (``shield-bash`` -> ``feint``), for each
    ability and search card with a word in its name that its id lacks (``fishhook-and-thread`` stays)."""
    out: dict[str, str] = {}
    for cards in (content.ability_cards, content.search_cards):
        for cid, card in cards.items():
            slug = re.sub(r"[^a-z0-9]+", "-", card.name.en.lower().replace("'", "").replace("’", "")).strip("-")
            if slug and not set(slug.split("-")) <= set(cid.split("-")):
                out[cid] = slug
    return out


def typed_form(action: Action, names: Mapping[str, str]) -> str:
    """``action``'s text form as a player types it: cards by their name (:func:`typed_names`)."""
    if not any(a in names for a in action.args):
        return str(action)
    return str(Action(action.verb, action.actor, tuple(names.get(a, a) for a in action.args)))


def _by_id(action: Action, decision: Decision, names: Mapping[str, str]) -> Action:
    """A typed action that names a card by its name (``choose collin feint``) as the choice it means, when that
    is a choice and the action as typed is not."""
    if action in decision.options or not names:
        return action
    ids = {name: cid for cid, name in names.items()}
    meant = Action(action.verb, action.actor, tuple(ids.get(a, a) for a in action.args))
    return meant if meant in decision.options else action


def read_answer(
    text: str,
    decision: Decision,
    numbering: Numbering | None = None,
    lang: str = "en",
    names: Mapping[str, str] | None = None,
) -> Answer:
    """A choice number (``5`` or ``#5``), a command, a space to move to (``s8`` on the mouse's own tile, or
    ``5:8``), or an action's text form. Raises :class:`BadAnswer`. With ``numbering`` the numbers are the
    stable ones shown (:class:`Numbering`).

    Choice numbers and spaces are never confused: a bare number is a choice, and when the deciding mouse could
    also move to the space of that number on its tile (and the choice is not that move), the answer is refused
    with both readings spelled out (``#5`` for the choice, ``s5`` for the space). ``names``: the cards typed
    by their name (:func:`typed_names`)."""
    line = text.strip()
    shown = numbering.shown if numbering is not None else dict(enumerate(decision.options, start=1))
    if not line:
        raise BadAnswer(say(lang, "answer.nothing", numbers=_numbers_hint(shown, lang)))
    word, _, rest = line.partition(" ")
    low = ALIASES.get(word.lower(), word.lower())
    if low in COMMANDS:
        return Answer(command=low, arg=rest.strip())
    marked = line.startswith("#") and line[1:].strip().isdigit()
    number = line[1:].strip() if marked else line
    if number.isdigit() or (number.startswith("-") and number[1:].isdigit()):
        n = int(number)
        if n in shown:
            space = _own_space(decision, n)
            if not marked and space and shown[n] != Action("move", decision.actor, (space,)):
                raise BadAnswer(say(lang, "answer.ambiguous", n=n))
            return Answer(action=shown[n])
        if not marked and _own_space(decision, n):
            raise BadAnswer(say(lang, "answer.space_not_choice", n=n, numbers=_numbers_hint(shown, lang)))
        raise BadAnswer(say(lang, "answer.no_choice", n=n, numbers=_numbers_hint(shown, lang)))
    spaced = re.fullmatch(r"(s|space|espa[çc]o)\d+", line.lower().replace(" ", ""))
    if spaced and decision.kind == "turn" and not _own_side(decision):
        raise BadAnswer(say(lang, "answer.no_moves"))
    move = _move_to(line, decision)
    if move is not None:
        return Answer(action=move)
    if decision.kind in BOX_CARD_DECISIONS and low != "choose":
        return Answer(action=_box_card(line, decision, shown, lang))
    try:
        action = Action.parse(line)
    except MalformedAction as err:
        hint = _numbers_hint(shown, lang)
        raise BadAnswer(say(lang, "answer.not_understood", why=err, numbers=hint[:1].upper() + hint[1:])) from err
    return Answer(action=_by_id(action, decision, names or {}))


# The decisions that ask which card came up from the box's own deck (options box_search_deck, box_encounter_deck)
BOX_CARD_DECISIONS: Final = ("box_search_card", "box_encounter_card", "box_initiative")


def _box_card(line: str, decision: Decision, shown: dict[int, Action], lang: str) -> Action:
    """A card drawn from the box, typed by its name or id (``rat patrol``, ``tilda's mace``, ``collin`` for his
    initiative card, or the start of one naming a single card): the option naming it, or :class:`BadAnswer` when
    no card left in the deck fits."""
    slug = re.sub(r"[^a-z0-9]+", "-", line.lower().replace("'", "").replace("’", "")).strip("-")
    # an initiative card is named without its kind: ``collin`` for ``mouse:collin``, ``rat warrior``
    fits = [a for a in decision.options if a.args and slug in (a.args[0], a.args[0].partition(":")[2])]
    fits = fits or [a for a in decision.options if a.args and slug and a.args[0].partition(":")[2].startswith(slug)]
    fits = fits or [a for a in decision.options if a.args and slug and a.args[0].startswith(slug)]
    if len(fits) == 1:
        return fits[0]
    key = "answer.not_in_deck" if not fits else "answer.several_cards"
    raise BadAnswer(say(lang, key, word=repr(line), numbers=_numbers_hint(shown, lang)))


def _own_side(decision: Decision) -> str:
    """The tile side the deciding mouse's moves are on (its moves name it), or ''."""
    return next((a.args[0].split(":", 1)[0] for a in decision.options if a.verb == "move" and a.args), "")


def _own_space(decision: Decision, n: int) -> str:
    """``side:n`` when the deciding mouse may move to space ``n`` of its tile now, else ''."""
    side = _own_side(decision)
    space = f"{side}:{n}"
    mine = Action("move", decision.actor, (space,))
    return space if side and decision.kind == "turn" and mine in decision.options else ""


def _move_to(line: str, decision: Decision) -> Action | None:
    """``5:8``, ``s8`` or ``move 5:8``: the move of the deciding mouse to that space (a move the engine may
    refuse, with its reason, when the space is out of reach); ``end`` (or another one-word verb like
    ``search``): that verb of the deciding mouse, when it is a choice."""
    words = line.lower().split()
    if len(words) == 2 and words[0] in ("s", "space", "espaço", "espaco"):
        words = ["s" + words[1]]
    if len(words) == 1 and words[0][:1] == "s" and words[0][1:].isdigit():
        side = _own_side(decision)
        return Action("move", decision.actor, (f"{side}:{int(words[0][1:])}",)) if side else None
    if len(words) == 1 and ":" not in words[0]:
        verb = VERB_ALIASES.get(words[0], words[0])
        return next((a for a in decision.options if a.verb == verb and a.actor == decision.actor and not a.args), None)
    if len(words) == 2 and words[0] in ("move", "m"):
        words = words[1:]
    if len(words) != 1 or ":" not in words[0]:
        return None
    side, _, n = words[0].partition(":")
    if decision.kind == "turn" and side.isdigit() and n.isdigit():
        return Action("move", decision.actor, (words[0],))
    return next((a for a in decision.options if a.verb == "move" and a.args and a.args[0] == words[0]), None)


# the letters typed for a die's symbols -> the symbol's name in the catalogs (face.<name>)
_SYMBOL_WORDS = {"C": "cheese", "S": "sword", "X": "sword_shield", "B": "bow", "+": "star"}


def _symbol(letter: str, lang: str) -> str:
    key = f"face.{_SYMBOL_WORDS[letter]}"
    return catalog(lang).get(key) or catalog("en").get(key, key)


def faces_help(table: DiceTable, lang: str = "en") -> str:
    """The six faces as printed, in the form typed at a dice question, with what each letter means."""
    joiner = say(lang, "dice.and")
    faces = "; ".join(
        f"{f.short()} = {f.number}, " + joiner.join(_symbol(c, lang) for c in f.short()[1:]) for f in table.faces
    )
    letters = ", ".join(f"{c} {_symbol(c, lang)}" for c in ("S", "X", "B", "C", "+"))
    return say(lang, "dice.help", faces=faces, letters=letters)


def parse_face(word: str, table: DiceTable, lang: str = "en") -> int:
    """One die as printed (``2S+``, ``2b``, ``3X``) -> its face index; a number alone only when one face has it."""
    t = word.strip().upper().replace("*", "+")
    digits = "".join(ch for ch in t if ch.isdigit())
    letters = sorted(ch for ch in t if not ch.isdigit())
    if not digits or not t.startswith(digits) or any(ch not in _SYMBOL_WORDS for ch in letters):
        raise BadAnswer(say(lang, "dice.not_a_face", word=repr(word), help=faces_help(table, lang)))
    same = [f for f in table.faces if f.number == int(digits)]
    if not same:
        numbers = ", ".join(map(str, sorted({f.number for f in table.faces})))
        raise BadAnswer(say(lang, "dice.no_number", word=repr(word), numbers=numbers, help=faces_help(table, lang)))
    shorts = ", ".join(f.short() for f in same)
    if not letters:
        if len(same) == 1:
            return same[0].index
        raise BadAnswer(say(lang, "dice.which_face", digits=digits, n=len(same), faces=shorts, example=same[0].short()))
    for f in same:
        if sorted(f.short()[1:]) == letters:
            return f.index
    raise BadAnswer(say(lang, "dice.no_such_face", word=repr(word), digits=digits, faces=shorts))


def parse_dice(text: str, table: DiceTable, count: int, lang: str = "en") -> list[int]:
    """Die faces typed by a player as printed (``3X 2B+``); exactly ``count`` of them."""
    words = text.replace(",", " ").split()
    if len(words) != count:
        example = " ".join(f.short() for f in table.faces[1 : 1 + count])
        raise BadAnswer(say(lang, "dice.count", count=count, example=example, got=len(words)))
    return [parse_face(w, table, lang) for w in words]


def events_before_dice(game: Game, action: Action, dice: Sequence[int]) -> list[Event]:
    """Companion mode: what ``action`` does before it needs the next physical die (with ``dice`` typed so
    far), so the table hears what happened before it is asked to roll. Nothing changes in ``game``."""
    st = game.state.copy()
    st.dice_queue.extend(dice)
    return events_until_stopped(game.ctx, st, action)


# --- autosave ---------------------------------------------------------------------------------------------------


def data_dir() -> Path:
    """The game's data folder: $XDG_DATA_HOME/mnm (~/.local/share/mnm)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "mnm"


def autosave_dir() -> Path:
    """Where games save themselves after every decision: the data folder's autosave/."""
    return data_dir() / "autosave"


def default_save_path(game: Game) -> Path:
    """Where Ctrl+S and a bare ``save`` write: the data folder's saves/, one file per chapter and seed (never
    the folder the game happened to be started in)."""
    return data_dir() / "saves" / f"{game.state.chapter}-seed{game.state.seed}.json"


def new_autosave_path(game: Game) -> Path:
    """A file of its own for this game, named after the chapter and the moment it started."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    folder = autosave_dir()
    path = folder / f"{game.state.chapter}-{stamp}.json"
    n = 2
    while path.exists():
        path = folder / f"{game.state.chapter}-{stamp}-{n}.json"
        n += 1
    return path


def latest_autosave() -> Path | None:
    """The game saved most recently by autosave (what ``mnm play --continue`` resumes)."""
    folder = autosave_dir()
    files = [p for p in folder.glob("*.json") if p.is_file()] if folder.is_dir() else []
    return max(files, key=lambda p: p.stat().st_mtime_ns) if files else None


def seats_file(autosave: Path) -> Path:
    """Where an autosaved game's seats are kept, next to it (``X.bots``; not ``*.json``, so never taken for a
    game by :func:`latest_autosave`)."""
    return autosave.with_suffix(".bots")


def save_seats(autosave: Path, names: dict[str, str]) -> None:
    """Keep who plays which mouse (hero id, or ``party``, -> bot name) for ``mnm play --continue`` (issue 45:
    it used to say "No bots at this table"). No bots: no file. A disk that refuses only loses the seats."""
    where = seats_file(autosave)
    try:
        if names:
            where.parent.mkdir(parents=True, exist_ok=True)
            where.write_text(json.dumps(names, sort_keys=True) + "\n", encoding="utf-8")
        else:
            where.unlink(missing_ok=True)
    except OSError:
        pass


def saved_seats(autosave: Path, game: Game) -> dict[str, str]:
    """The bots kept by :func:`save_seats` for ``game``; only the seats that still make sense (a mouse of the
    party or ``party``, a bot that exists), nothing when the file is missing or unreadable."""
    from mnm.presentation.seating import BOT_NAMES

    try:
        data = json.loads(seats_file(autosave).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict):
        return {}
    seated = (*game.state.heroes, "party")
    return {k: v for k, v in data.items() if k in seated and isinstance(v, str) and v in BOT_NAMES}


class Autosave:
    """Saves the game after every decision to one file per game; never stops play when the disk refuses."""

    def __init__(self, path: Path | None, lang: str = "en") -> None:
        self.path = path
        self.lang = lang
        self.failed = ""

    def __call__(self, game: Game) -> None:
        if self.path is None:
            return
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            save_game(game, self.path, sync=False)
            self.failed = ""
        except OSError as err:
            self.failed = say(self.lang, "autosave.failed", path=self.path, why=err.strerror or err)


def campaign_tip(game: Game, save_path: str, lang: str = "en") -> str:
    """After a chapter: how to go on with ``mnm play --campaign`` (the next chapter after a win, the same one
    again after a defeat, R-WIN-03), naming the cards each mouse may keep (R-CAMP-03). Empty while playing."""
    from mnm.engine import keepable_cards

    st = game.state
    if st.status == "playing":
        return ""
    won = st.status == "won"
    if won and next_chapter_of(game.state, game.ctx.chapter.next_chapter) is None:
        return ""
    choices = {h: keepable_cards(game.ctx, st, h) for h in st.party}
    keep = ",".join(f"{h}={cards[0]}" for h, cards in choices.items() if cards)
    command = f"mnm play --campaign {save_path}" + (f" --keep {keep}" if keep else "") + ("" if won else " --replay")
    lines = [say(lang, "campaign.next" if won else "campaign.again", command=command)]
    for h, cards in choices.items():
        if cards:
            lines.append("  " + say(lang, "campaign.keep", hero=h, cards=", ".join(cards)))
    return "\n".join(lines)


def replay_command(game: Game) -> str:
    """The command line that plays ``game`` again from its start (issue 32): its chapter, party, difficulty
    (or the rule variants it was started with) and seed, so the line alone is enough."""
    st = game.state
    on = {name for name, value in st.options.items() if value}
    preset = next((p.id for p in DIFFICULTY_PRESETS.values() if p.options and set(p.options) <= on), "normal")
    extra = sorted(on - set(DIFFICULTY_PRESETS[preset].options))
    source = game.ctx.content.chapter_files.get(st.chapter)
    # a chapter played from a file is played again from that file (issue 43: --chapter ID alone fails)
    which = f"--chapter-file {shlex.quote(source.file)}" if source is not None else f"--chapter {st.chapter}"
    parts = ["mnm play", which, f"--party {','.join(st.party)}", f"--difficulty {preset}"]
    parts += [f"--option {name}" for name in extra]
    return " ".join([*parts, f"--seed {st.seed}"])
