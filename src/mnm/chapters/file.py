"""Chapter files: one chapter written as a YAML file outside the shipped content, checked and played.

A chapter file is untrusted input (it comes from a player's editor or a browser upload). Reading one goes
through these stages in order; a stage that finds problems stops the later ones (they would only echo them),
except that the meaning checks all run unless the board itself cannot be built, with one problem per field:

1. **the text**: at most :data:`MAX_CHAPTER_BYTES`, no NUL byte, valid UTF-8, bounded YAML
   (:mod:`mnm.content.bounded_yaml`: no aliases, bounded depth and values, no key written twice);
2. **sizes**: every list and mapping, text and number within :data:`LIMITS` (tiles, rules, effects...);
3. **the schema**: the content's pydantic :class:`~mnm.content.schema.Chapter`;
4. **the meaning**: every id it names exists (tile sides, spaces, minions, cards, heroes), the layout holds
   together (no two tiles on one position, one side per physical tile, the start space on a placed tile and
   marked start), and every space it names can be reached from the start by walking and exploring.

Each problem is a :class:`Problem`: the field's dotted path, the file's line (kept while parsing), and the
message in English and Portuguese. :func:`validate_chapter_text` returns them (the web workshop calls it);
:func:`read_chapter_text` returns the chapter added to the content, or raises :class:`ChapterFileError`.

A chapter's **identity** is :func:`chapter_digest`: SHA-256 of its parsed data written canonically (sorted
keys, no spaces), so comments, layout and key order do not change it and any change of meaning does. Saves
of a chapter from a file record it (docs/chapters.md, "Saves and campaigns").
"""

from __future__ import annotations

import difflib
import hashlib
import json
import re
import typing
import weakref
from collections import OrderedDict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Final

from pydantic import BaseModel, ValidationError

from mnm.chapter_language import (
    RESERVED_NAMES,
    SUBJECT_WORDS,
    TRIGGER_SUBJECTS,
    ChapterRule,
    Condition,
    ConditionKind,
    Effect,
    EffectKind,
    Select,
    Subject,
    Trigger,
    engine_token,
    walk_effects,
)
from mnm.content.aliases import renamed
from mnm.content.bounded_yaml import load_bounded_with_lines
from mnm.content.loader import MESSAGES, ChapterFile, Content, ContentIssue, Reader, builtin_content, cross_check
from mnm.content.schema import SETUP_FIELDS, Chapter, FieldError, HeroClass

__all__ = [
    "LIMITS",
    "MAX_CHAPTER_BYTES",
    "MAX_EFFECTS",
    "MAX_EFFECTS_PER_TRIGGER",
    "ChapterFileError",
    "Problem",
    "added_chapter",
    "chapter_digest",
    "content_for_save",
    "next_chapter_content",
    "read_chapter_file",
    "read_chapter_text",
    "skeleton_text",
    "validate_chapter_text",
]

MAX_CHAPTER_BYTES: Final = 128 * 1024  # the longest shipped chapter is about 6 KB
MAX_TEXT: Final = 4_000  # characters of one text (a story moment is a few hundred)
MAX_ITEMS: Final = 200  # entries of any one list or mapping not named in LIMITS
MAX_NUMBER: Final = 10_000  # any whole number, in absolute value, unless the schema says less
# effects the rules of one trigger may hold in all (nested ones counted; issue 48: 95 rules of 20 effects on
# figure_enters ran ~1,900 effects on every move and made a 5 MB record); a chapter action's effects count alike
MAX_EFFECTS_PER_TRIGGER: Final = 60
MAX_EFFECTS: Final = 400  # effects of every rule and chapter action of the file together
MAX_CUSTOM_CHAPTERS: Final = 256  # chapter files' contents kept ready by one process (more are read again)
# Most entries one list or mapping may hold, by field path (``*``: any index or key).
LIMITS: Final[dict[str, int]] = {
    "setup.layout": 16,
    "story": 60,
    "setup.starting_minions": 40,
    "setup.special_searches": 40,
    "setup.special_surges": 40,
    "setup.tokens": 20,
    "setup.tokens.*": 40,
    "victory": 20,
    "defeat": 20,
    "rules": 100,
    "rules.*.do": 20,
    "rules.*.if": 20,
    "rooms": 16,
    "rooms.*.rules": 40,
    "rooms.*.rules.*.do": 20,
    "rooms.*.rules.*.if": 20,
}


@dataclass(frozen=True)
class Problem:
    """One thing wrong in a chapter file: where (field path, line) and what, in English and Portuguese."""

    field: str
    line: int | None
    en: str
    pt: str
    file: str = "chapter"

    def message(self, lang: str = "en") -> str:
        return self.pt if lang.lower().startswith("pt") else self.en

    def text(self, lang: str = "en") -> str:
        """``FILE:LINE: FIELD: message``, one line."""
        where = f"{self.file}:{self.line}" if self.line is not None else self.file
        return f"{where}: {self.field}: {self.message(lang)}" if self.field else f"{where}: {self.message(lang)}"

    def __str__(self) -> str:
        return self.text("en")

    def to_json(self) -> dict[str, Any]:
        return {"file": self.file, "field": self.field, "line": self.line, "en": self.en, "pt": self.pt}


class ChapterFileError(Exception):
    """A chapter file that cannot be played; ``problems`` lists why (one line each)."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = problems
        super().__init__("\n".join(str(p) for p in problems))


class _TextError(Exception):
    """The bounded YAML reader's refusal (its message names the line)."""


# --- messages in both languages ----------------------------------------------------------------------------

_PT_BY_TYPE: Final[dict[str, str]] = {
    "greater_than_equal": "deve ser ≥ {ge}, recebido {got}",
    "greater_than": "deve ser > {gt}, recebido {got}",
    "less_than_equal": "deve ser ≤ {le}, recebido {got}",
    "less_than": "deve ser < {lt}, recebido {got}",
    "missing": "é obrigatório",
    "extra_forbidden": "não é um campo conhecido",
    "int_type": "deve ser um número inteiro, recebido {got}",
    "int_parsing": "deve ser um número inteiro, recebido {got}",
    "string_type": "deve ser um texto, recebido {got}",
    "enum": "deve ser um de {expected}, recebido {got}",
    "literal_error": "deve ser um de {expected}, recebido {got}",
    "string_pattern_mismatch": "deve seguir o padrão {pattern}, recebido {got}",
    "too_short": "deve ter pelo menos {min_length} item(ns)",
    "too_long": "deve ter no máximo {max_length} item(ns)",
    "string_too_long": "deve ter no máximo {max_length} caracteres",
    "string_too_short": "deve ter pelo menos {min_length} caractere(s)",
}

# English messages of the shared content checks (mnm.content.loader, mnm.board.check, the schema's own
# checks) and their Portuguese, by pattern. A message no pattern knows keeps its English text in ``pt``.
_PT_PATTERNS: Final[tuple[tuple[str, str], ...]] = (
    (r"names tile side (\S+), which does not exist", r"nomeia o lado de peça \1, que não existe"),
    (r"names hero '(.+)', which does not exist", r"nomeia o herói '\1', que não existe"),
    (r"names minion '(.+)', which does not exist", r"nomeia o lacaio '\1', que não existe"),
    (r"names card '(.+)', which does not exist", r"nomeia a carta '\1', que não existe"),
    (r"names chapter '(.+)', which does not exist", r"nomeia o capítulo '\1', que não existe"),
    (r"physical tile (\d+) is laid twice", r"a peça física \1 foi colocada duas vezes (um lado cada vez)"),
    (r"side (\d+) is not face up in the layout", r"o lado \1 não está virado para cima no arranjo"),
    (r"side (\d+) has no space (\d+)", r"o lado \1 não tem o espaço \2"),
    (r"position \[(.+)\] already holds side (\d+)", r"a posição [\1] já tem o lado \2"),
    (r"space (\S+) is not marked start: true on its tile", r"o espaço \1 não está marcado start: true na sua peça"),
    (r"(\d+) is past the last track page (\d+)", r"\1 passa da última página da trilha, \2"),
    (r"'(.+)' is not a party item", r"'\1' não é um item do grupo"),
    (r"'(.+)' is not an ally or pet", r"'\1' não é um aliado nem um bichinho"),
    (
        r"an authored entry needs a note saying why it was designed this way",
        r"uma entrada autoral precisa de uma nota (note) dizendo por que foi feita assim",
    ),
)


def _pt_of(en: str, patterns: tuple[tuple[str, str], ...] = _PT_PATTERNS) -> str:
    """The Portuguese of an English message by the first pattern that matches it (the English if none does)."""
    for pattern, template in patterns:
        m = re.fullmatch(pattern, en, flags=re.DOTALL)
        if m is not None:
            return m.expand(template)
    return en


def _short(value: Any) -> str:
    shown = repr(value)
    return shown if len(shown) <= 60 else shown[:57] + "..."


class _Collector:
    """Problems of one file, each placed on its line by the line map."""

    def __init__(self, file: str, lines: Mapping[str, int]) -> None:
        self.file = file
        self.lines = lines
        self.problems: list[Problem] = []
        # the model keeps the setup fields flat; the file may nest them under setup: (name them as written)
        self.nested = {f for f in SETUP_FIELDS if f"setup.{f}" in lines}

    def file_path(self, path: str) -> str:
        return f"setup.{path}" if path.split(".")[0] in self.nested else path

    def line_of(self, path: str) -> int | None:
        while True:
            if path in self.lines:
                return self.lines[path]
            if not path:
                return None
            path = path.rpartition(".")[0]

    def add(self, path: str, en: str, pt: str | None = None) -> None:
        path = self.file_path(path)
        if path and any(p.field == path for p in self.problems):
            return  # one problem per field: a later check would only say it again in other words
        line = self.line_of(path) or 1  # every problem carries a line (the whole file: its first)
        self.problems.append(Problem(path, line, en, pt if pt is not None else _pt_of(en), self.file))


# --- stage 1: the text -------------------------------------------------------------------------------------


def _parse(text: str, file: str) -> tuple[Any, dict[str, int]]:
    size = len(text.encode("utf-8", "surrogatepass"))
    if size > MAX_CHAPTER_BYTES:
        raise ChapterFileError(
            [
                Problem(
                    "",
                    1,
                    f"the file is {size // 1024} KB, over the {MAX_CHAPTER_BYTES // 1024} KB a chapter file may hold",
                    f"o arquivo tem {size // 1024} KB, mais que os {MAX_CHAPTER_BYTES // 1024} KB permitidos "
                    "a um arquivo de capítulo",
                    file,
                )
            ]
        )
    if "\x00" in text:  # said plainly (YAML's reader would call it an unacceptable character)
        nul_line = text.count("\n", 0, text.index("\x00")) + 1
        raise ChapterFileError(
            [
                Problem(
                    "",
                    nul_line,
                    "a NUL character (a binary file, not YAML text)",
                    "um caractere NUL (um arquivo binário, não texto YAML)",
                    file,
                )
            ]
        )
    try:
        data, lines = load_bounded_with_lines(text, file, _TextError, max_bytes=4 * MAX_CHAPTER_BYTES)
    except _TextError as err:
        message = str(err).removeprefix(f"{file}: ")
        m = re.match(r"line (\d+): (.*)", message)
        marked = re.search(r"line (\d+), column", message)  # YAML's own errors say where inside the text
        line = int(m.group(1)) if m else int(marked.group(1)) if marked else 1
        en = m.group(2) if m else message
        raise ChapterFileError([Problem("", line, en, _pt_of(en, _PT_YAML), file)]) from err
    return renamed(data), lines  # a chapter written before a content rename names old ids (issue 35)


_PT_YAML: Final[tuple[tuple[str, str], ...]] = (
    (r"YAML aliases \((\S+)\) are not allowed", r"apelidos YAML (\1) não são permitidos"),
    (r"nested more than (\d+) levels deep", r"aninhado em mais de \1 níveis"),
    (r"more than (\d+) values", r"mais de \1 valores"),
    (
        r"'(.+)' is written twice in one mapping \(first on line (\d+)\); YAML would keep only the last",
        r"'\1' aparece duas vezes no mesmo mapa (primeiro na linha \2); o YAML guardaria só o último",
    ),
    (r"a number of (\d+) digits \(at most (\d+)\)", r"um número de \1 algarismos (no máximo \2)"),
    (r"not valid YAML/JSON: (.*)", r"não é YAML/JSON válido: \1"),
    (r"(\S+) values are not allowed; write plain text", r"valores \1 não são permitidos; escreva texto simples"),
)


# --- stage 2: sizes ----------------------------------------------------------------------------------------


def _limit_of(path: str) -> int:
    parts = path.split(".") if path else []
    for pattern, limit in LIMITS.items():
        want = pattern.split(".")
        if len(want) == len(parts) and all(w in ("*", p) for w, p in zip(want, parts, strict=True)):
            return limit
    return MAX_ITEMS


def _check_sizes(data: Any, out: _Collector) -> None:
    """Every list, mapping, text and number within bounds, before the schema spends time on any of it."""
    stack: list[tuple[Any, str]] = [(data, "")]
    while stack:
        value, path = stack.pop()
        if isinstance(value, (list, dict)):
            limit = _limit_of(path)
            if len(value) > limit:
                out.add(
                    path,
                    f"has {len(value)} entries, more than the {limit} a chapter file may hold here",
                    f"tem {len(value)} entradas, mais que as {limit} permitidas aqui num arquivo de capítulo",
                )
                continue
            items = value.items() if isinstance(value, dict) else enumerate(value)
            for key, item in items:
                stack.append((item, f"{path}.{key}" if path else str(key)))
        elif isinstance(value, str) and len(value) > MAX_TEXT:
            out.add(
                path,
                f"is {len(value)} characters long, more than the {MAX_TEXT} a text may hold",
                f"tem {len(value)} caracteres, mais que os {MAX_TEXT} permitidos a um texto",
            )
        elif isinstance(value, bool) or value is None:
            continue
        elif isinstance(value, int) and abs(value) > MAX_NUMBER:
            out.add(
                path,
                f"is {value}, outside -{MAX_NUMBER}..{MAX_NUMBER}",
                f"é {value}, fora de -{MAX_NUMBER}..{MAX_NUMBER}",
            )
        elif isinstance(value, float):
            out.add(path, f"is {value}: numbers here are whole numbers", f"é {value}: aqui os números são inteiros")


# --- stage 3: the schema -----------------------------------------------------------------------------------


def _schema(data: dict[str, Any], out: _Collector) -> Chapter | None:
    try:
        return Chapter.model_validate(data)
    except ValidationError as err:
        for e in err.errors():
            path = ".".join(str(p) for p in e["loc"])
            ctx = dict(e.get("ctx") or {})
            cause = ctx.get("error")
            if isinstance(cause, FieldError):
                path = f"{path}.{cause.field}" if path else cause.field
                out.add(path, str(cause), cause.pt or None)
                continue
            if e["type"] == "extra_forbidden":
                key = str(e["loc"][-1])
                guess = _did_you_mean(key, _fields_at(e["loc"][:-1]))
                out.add(
                    path,
                    "is not a known field" + (f": did you mean {guess!r}?" if guess else ""),
                    "não é um campo conhecido" + (f": você quis dizer {guess!r}?" if guess else ""),
                )
                continue
            render = MESSAGES.get(e["type"])
            en = render(ctx, e.get("input")) if render is not None else e["msg"].removeprefix("Value error, ")
            pt_template = _PT_BY_TYPE.get(e["type"])
            pt = pt_template.format(**{**ctx, "got": _short(e.get("input"))}) if pt_template is not None else None
            out.add(path, en, pt)
        return None


_SYNONYMS: Final[dict[str, str]] = {"on": "when", "trigger": "when", "then": "do", "effects": "do", "conditions": "if"}
_YAML_BOOLEANS: Final = ("on", "On", "ON", "off", "Off", "OFF", "yes", "Yes", "YES", "no", "No", "NO", "y", "Y", "n", "N")


def _did_you_mean(key: str, known: list[str]) -> str:
    """The known field a mistyped or misremembered ``key`` most likely means ('' when none is close)."""
    synonym = _SYNONYMS.get(key.lower())
    if synonym is not None and (not known or synonym in known):
        return synonym
    close = difflib.get_close_matches(key, known, n=1, cutoff=0.6)
    return close[0] if close else ""


def _annotation_models(annotation: Any) -> list[type[BaseModel]]:
    """The pydantic models a field's type holds (inside Optional, tuples and dicts)."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [annotation]
    return [m for arg in typing.get_args(annotation) for m in _annotation_models(arg)]


def _fields_at(loc: tuple[Any, ...]) -> list[str]:
    """The field names (as written) of the model at a validation error's location in a chapter file."""
    models: list[type[BaseModel]] = [Chapter]
    for part in loc:
        if isinstance(part, int):
            continue  # an item of a list: the same model
        found: list[type[BaseModel]] = []
        for model in models:
            for name, f in model.model_fields.items():
                if part in (name, f.alias):
                    found += _annotation_models(f.annotation)
        if not found:
            return _ALL_FIELDS
        models = found
    return sorted({f.alias or name for m in models for name, f in m.model_fields.items()})


def _all_fields() -> list[str]:
    seen: set[type[BaseModel]] = set()
    todo: list[type[BaseModel]] = [Chapter]
    while todo:
        model = todo.pop()
        if model in seen:
            continue
        seen.add(model)
        for f in model.model_fields.values():
            todo += _annotation_models(f.annotation)
    return sorted({f.alias or name for m in seen for name, f in m.model_fields.items()} | set(SETUP_FIELDS) | {"setup"})


_ALL_FIELDS: Final = _all_fields()


def _check_keys(data: Any, out: _Collector) -> None:
    """Every key a field name (text): YAML 1.1 reads ``on:``, ``yes:``, ``no:`` as true or false, so a rule that
    writes ``on:`` for ``when:`` is told so, with the word it meant."""
    stack: list[tuple[Any, str, tuple[Any, ...]]] = [(data, "", ())]
    while stack:
        value, path, loc = stack.pop()
        if isinstance(value, list):
            stack += [(item, f"{path}.{i}" if path else str(i), (*loc, i)) for i, item in enumerate(value)]
        elif isinstance(value, dict):
            for key, item in value.items():
                if isinstance(key, str):
                    stack.append((item, f"{path}.{key}" if path else key, (*loc, key)))
                    continue
                prefix = f"{path}." if path else ""
                spelled = next((w for w in _YAML_BOOLEANS if f"{prefix}{w}" in out.lines), str(key).lower())
                guess = _did_you_mean(spelled, _fields_at(_schema_loc(loc)))
                also_en = f": did you mean {guess!r}?" if guess else ""
                also_pt = f": você quis dizer {guess!r}?" if guess else ""
                out.add(
                    f"{prefix}{spelled}",
                        f"{spelled!r} is read by YAML as {_yaml_word(key)}, not as a field name{also_en}",
                    f"{spelled!r} é lido pelo YAML como {_yaml_word(key)}, não como nome de campo{also_pt}",
                )


def _yaml_word(key: Any) -> str:
    return "true" if key is True else "false" if key is False else "null" if key is None else repr(key)


def _schema_loc(loc: tuple[Any, ...]) -> tuple[Any, ...]:
    """A file's path as the flat model reads it (the setup fields are the chapter's own)."""
    return loc[1:] if loc[:1] == ("setup",) else loc


# --- stage 4: the meaning ----------------------------------------------------------------------------------


def _meaning(chapter: Chapter, content: Content, out: _Collector, folder: Path | None) -> None:
    from mnm.board.check import chapter_issues

    # the content folder's own cross checks, on this chapter alone (one place says what a chapter may name)
    reader = Reader(Path(content.root or "."))
    others = {cid: c for cid, c in content.chapters.items() if cid != chapter.id}
    if chapter.next_chapter is not None and chapter.next_chapter not in content.chapters:
        # resolved later from the chapter file's folder (docs/chapters.md): checked below, not here
        others[chapter.next_chapter] = chapter
    cross_check(
        reader,
        dict(content.heroes),
        dict(content.minions),
        dict(content.search_cards),
        dict(content.ability_cards),
        dict(content.encounter_cards),
        dict(content.tile_sides),
        {**others, chapter.id: chapter},
    )
    for issue in _own(reader.issues, chapter.id):
        out.add(issue.field, issue.message)
    if any(p.field.removeprefix("setup.").startswith(("layout", "start_space")) for p in out.problems):
        return  # no board to check the rest on
    trial = _with_chapter(content, chapter, ChapterFile(chapter.id, "", out.file))
    for issue in chapter_issues(trial, chapter.id):
        out.add(issue.field, issue.message)
    if any(p.field.removeprefix("setup.").startswith(("layout", "start_space")) for p in out.problems):
        return
    if not _reachability(trial, chapter, out):  # a tile out of reach: every place on it would say so again
        return
    _RuleCheck(trial, chapter, out).run()
    _next_chapter(chapter, content, out, folder)


def _own(issues: Iterable[ContentIssue], chapter_id: str) -> list[ContentIssue]:
    return [i for i in issues if i.entry == chapter_id]


def _reachability(content: Content, chapter: Chapter, out: _Collector) -> bool:
    """Every tile laid must be reachable from the start by walking and exploring (False when one is not)."""
    from mnm.board.reach import reachable_spaces

    reach = reachable_spaces(content, chapter)
    before = len(out.problems)
    reached_tiles = {content.tile_sides[s].tile for s in reach.sides}
    for i, placed in enumerate(chapter.layout):
        if content.tile_sides[placed.side].tile not in reached_tiles:
            out.add(
                f"layout.{i}",
                f"side {placed.side} at {list(placed.at)} can never be reached from the start space "
                f"{chapter.start_space}: no lined-up exit of the same colour leads to it",
                f"o lado {placed.side} em {list(placed.at)} nunca é alcançado a partir do espaço inicial "
                f"{chapter.start_space}: nenhuma saída alinhada da mesma cor leva até ele",
            )
    return len(out.problems) == before


class _RuleCheck:
    """The chapter language's ids and places (victory, defeat, rules, rooms): every tile side and space on the
    board and reachable, every minion, card and story moment known, every trigger able to fire, and a victory
    there is a way to."""

    def __init__(self, content: Content, chapter: Chapter, out: _Collector) -> None:
        from mnm.board.layout import Board
        from mnm.board.reach import reachable_spaces

        self.content, self.chapter, self.out = content, chapter, out
        self.board = Board.for_chapter(content, chapter)
        self.reach = reachable_spaces(content, chapter)
        self.appear = _minions_that_appear(content, chapter)

    def run(self) -> None:
        ch = self.chapter
        for path, side in _named_sides(ch):
            self.side(side, path)
        for i, cond in enumerate(ch.victory):
            self.condition(cond, f"victory.{i}")
            self.subjects(cond, f"victory.{i}", frozenset(), ("a victory condition", "uma condição de vitória"))
        for i, cond in enumerate(ch.defeat):
            self.condition(cond, f"defeat.{i}")
            self.subjects(cond, f"defeat.{i}", frozenset(), ("a defeat condition", "uma condição de derrota"))
        for i, rule in enumerate(ch.rules):
            self.rule(rule, f"rules.{i}")
        for i, room in enumerate(ch.rooms):
            if self.side(room.side, f"rooms.{i}.side"):
                for j, rule in enumerate(room.rules):
                    self.rule(rule, f"rooms.{i}.rules.{j}", room.side)
        for i, action in enumerate(ch.actions):
            at = f"actions.{i}"
            if action.where.side is not None:
                self.side(action.where.side, f"{at}.where.side")
            for k, space in enumerate(action.where.spaces):
                self.space(space, f"{at}.where.spaces.{k}")
            for k, cond in enumerate(action.if_):
                self.condition(cond, f"{at}.if.{k}")
            for k, effect in enumerate(action.do):
                self.effect(effect, f"{at}.do.{k}")
        for i, placement in enumerate(ch.placements):
            self.minion(placement.minion, f"placements.{i}.minion")
            self.space(placement.space, f"placements.{i}.space")
        self.names()
        wins = [e for r in ch.all_rules() for e in _effects(r.do) if e.kind is EffectKind.VICTORY]
        wins += [e for a in ch.actions for e in _effects(a.do) if e.kind is EffectKind.VICTORY]
        self.duplicate_ids()
        self.producible(wins)
        if not wins:
            self.barred_for_good()
        if not ch.victory and not wins:
            self.out.add(
                "victory",
                "the chapter has no victory condition and no rule with a victory effect: it can never be won",
                "o capítulo não tem condição de vitória nem regra com efeito de vitória: nunca pode ser vencido",
            )

    # --- bars that close the way for good ---

    def barred_for_good(self) -> None:
        """A victory place that the bars laid when the chapter begins (``bar_space``/``bar_line`` among a
        ``chapter_begins`` or ``round_begins`` rule's own effects, with no condition: in force before any mouse
        moves, for the whole game) cut off from the start is refused (issue 43), naming the bar. Bars laid later
        are not held against the chapter (the mice may be past them by then)."""
        barred: dict[str, str] = {}
        lines: dict[frozenset[str], str] = {}
        for path, rule in _rules_with_paths(self.chapter):
            if rule.when not in (Trigger.CHAPTER_BEGINS, Trigger.ROUND_BEGINS) or rule.if_ or not rule.enabled:
                continue
            for k, e in enumerate(rule.do):
                if e.bar_space is not None:
                    barred.setdefault(e.bar_space.space, f"{path}.do.{k}.bar_space")
                elif e.bar_line is not None:
                    lines.setdefault(frozenset(e.bar_line.spaces), f"{path}.do.{k}.bar_line")
        if not barred and not lines:
            return
        from mnm.board.reach import reachable_spaces

        reach = reachable_spaces(self.content, self.chapter, frozenset(barred), frozenset(lines))
        bars = ", ".join([*barred.values(), *lines.values()])
        for i, cond in enumerate(self.chapter.victory):
            p = cond.params
            at = f"victory.{i}.all_free_mice_on"
            if cond.kind is ConditionKind.ALL_FREE_MICE_ON:
                if any(sp in reach.spaces for sp in p.spaces) or not all(sp in self.reach.spaces for sp in p.spaces):
                    continue  # a way is left (or the plain reach check said it already)
                self.out.add(
                    f"{at}.spaces",
                    f"no mouse can ever stand on {', '.join(p.spaces)}: the bars laid as the chapter begins ({bars}) "
                    "close every way there for the whole game",
                    f"nenhum rato pode chegar a {', '.join(p.spaces)}: as barreiras postas no começo do capítulo "
                    f"({bars}) fecham todo caminho até lá pelo jogo inteiro",
                )

    # --- rule ids, and what conditions need ---

    def duplicate_ids(self) -> None:
        """Each rule id names one rule (a ``once`` rule's id is what the game remembers it by)."""
        first: dict[str, str] = {}
        for path, rule in _rules_with_paths(self.chapter):
            if rule.id in first:
                self.out.add(
                    f"{path}.id",
                    f"rule id {rule.id!r} is used twice (first at {first[rule.id]}): each rule needs its own id",
                    f"o id de regra {rule.id!r} aparece duas vezes (a primeira em {first[rule.id]}): cada regra precisa "
                    "do seu próprio id",
                )
            else:
                first[rule.id] = path

    def producible(self, wins: list[Effect]) -> None:
        """A victory, defeat or rule condition that needs a token, flag or counter value nothing in the file
        produces (no setup entry, no effect) is refused, saying what is missing. Victory conditions are not
        needed when a rule wins by its ``victory`` effect."""
        made = _Produced(self.content, self.chapter)
        lists: list[tuple[str, tuple[Condition, ...]]] = [] if wins else [("victory", self.chapter.victory)]
        lists.append(("defeat", self.chapter.defeat))
        lists += [(f"{path}.if", rule.if_) for path, rule in _rules_with_paths(self.chapter)]
        lists += [(f"actions.{i}.if", action.if_) for i, action in enumerate(self.chapter.actions)]
        for where, conditions in lists:
            for i, cond in enumerate(conditions):
                missing = made.missing(cond, f"{where}.{i}", True)
                if missing is not None:
                    self.out.add(*missing)

    # --- places and ids ---

    def side(self, side: int, path: str) -> bool:
        if side not in self.board.graphs:
            self.out.add(
                path,
                f"names tile side {side}, which is not on this chapter's board (no side of its tile is in the layout)",
                f"nomeia o lado de peça {side}, que não está no tabuleiro deste capítulo (nenhum lado da sua "
                "peça está no arranjo)",
            )
            return False
        if side not in self.reach.sides:
            self.out.add(
                path,
                f"names tile side {side}, which the mice cannot reach from the start space "
                f"{self.chapter.start_space} by walking and exploring",
                f"nomeia o lado de peça {side}, que os ratos não alcançam a partir do espaço inicial "
                f"{self.chapter.start_space} andando e explorando",
            )
            return False
        return True

    def space(self, space: str, path: str) -> None:
        side = int(space.split(":")[0])
        if not self.side(side, path):
            return
        if space not in self.board.spaces:
            self.out.add(
                path,
                f"names space {space}, which does not exist (side {side} has no space {space.split(':')[1]})",
                f"nomeia o espaço {space}, que não existe (o lado {side} não tem o espaço {space.split(':')[1]})",
            )
        elif space not in self.reach.spaces:
            self.out.add(
                path,
                f"names space {space}, which the mice cannot reach from the start space {self.chapter.start_space}",
                f"nomeia o espaço {space}, que os ratos não alcançam a partir do espaço inicial "
                f"{self.chapter.start_space}",
            )

    def minion(self, minion: str, path: str, must_appear: bool = False) -> None:
        if minion not in self.content.minions:
            self.out.add(path, f"names minion {minion!r}, which does not exist")
        elif must_appear and minion not in self.appear:
            self.out.add(
                path,
                f"names minion {minion!r}, which never comes into this chapter (not in its setup, its surges, "
                "its encounter cards or a rule's place_minion): the rule can never fire",
                f"nomeia o lacaio {minion!r}, que nunca entra neste capítulo (nem na preparação, nas ondas, nas "
                "cartas de encontro ou num place_minion de regra): a regra nunca dispara",
            )

    def page(self, page: int, path: str) -> None:
        """An hourglass page a trigger waits for: one the hourglass can move to while the game goes on (the
        end marker may move up to the track's last page, so that is the bound, not ``end_page``)."""
        last = self.chapter.track_pages - 1
        if not 2 <= page <= last:
            self.out.add(
                path,
                f"is page {page}: the hourglass starts on page 1 and the game is lost on the end marker, at the "
                f"latest page {last + 1}, so it never moves to page {page} while the game goes on (pages 2-{last} can)",
                f"é a página {page}: a ampulheta começa na página 1 e o jogo é perdido no marcador de fim, no máximo "
                f"na página {last + 1}, então ela nunca avança para a página {page} com o jogo em andamento (as "
                f"páginas 2-{last} podem)",
            )

    # --- the language ---

    def rule(self, rule: ChapterRule, path: str, room_side: int | None = None) -> None:
        where = rule.where
        start_side = int(self.chapter.start_space.split(":")[0])
        if rule.when is Trigger.TILE_REVEALED and (where.side or room_side) == start_side:
            self.out.add(
                f"{path}.when",
                f"tile_revealed on side {start_side} never fires: the start side is face up and explored from "
                "setup on (use chapter_begins)",
                f"tile_revealed no lado {start_side} nunca dispara: o lado inicial já começa revelado (use "
                "chapter_begins)",
            )
        if where.side is not None:
            self.side(where.side, f"{path}.where.side")
        for k, space in enumerate(where.spaces):
            self.space(space, f"{path}.where.spaces.{k}")
        if where.minion is not None:
            self.minion(where.minion, f"{path}.where.minion", must_appear=True)
        if where.page is not None:
            self.page(where.page, f"{path}.where.page")
        if where.item is not None and where.item not in self.content.search_cards:
            self.item(where.item, f"{path}.where.item")
        if where.exit is not None:
            sides = [where.side] if where.side is not None else [room_side] if room_side is not None else []
            for side in sides:
                exits = len(self.board.graphs[side].exits) if side in self.board.graphs else 0
                if where.exit >= exits:
                    self.out.add(
                        f"{path}.where.exit",
                        f"is exit {where.exit}, but side {side} has {exits} exit(s) (numbered from 0)",
                        f"é a saída {where.exit}, mas o lado {side} tem {exits} saída(s) (numeradas a partir de 0)",
                    )
            if not sides:
                self.out.add(
                    f"{path}.where.exit",
                    "an exit is one of a side's exits: say which side (where.side, or a room rule)",
                    "uma saída é uma das saídas de um lado: diga qual lado (where.side, ou uma regra de sala)",
                )
        for k, cond in enumerate(rule.if_):
            self.condition(cond, f"{path}.if.{k}")
            trig = (f"trigger {rule.when.value!r}", f"o gatilho {rule.when.value!r}")
            self.subjects(cond, f"{path}.if.{k}", TRIGGER_SUBJECTS[rule.when], trig)
        for k, effect in enumerate(rule.do):
            self.effect(effect, f"{path}.do.{k}")

    def subjects(self, cond: Condition, path: str, gives: frozenset[Subject], what: tuple[str, str]) -> None:
        """A ``count`` or ``marked`` that tests the trigger's mouse (``who: mouse``) or figure (``who: trigger``)
        where nothing gives one is always false (issue 43): refused, saying what gives none."""
        kind, params = cond.kind, cond.params
        at = f"{path}.{kind.value}"
        if kind in (ConditionKind.ANY, ConditionKind.ALL):
            for k, inner in enumerate(params):
                self.subjects(inner, f"{at}.{k}", gives, what)
            return
        if kind is ConditionKind.NOT:
            self.subjects(params, at, gives, what)
            return
        if kind is ConditionKind.COUNT:
            who, field = params.select.who, f"{at}.select.who"
        elif kind is ConditionKind.MARKED:
            who, field = params.who, f"{at}.who"
        else:
            return
        need = Subject.MOUSE if who == "mouse" else Subject.FIGURE if who == "trigger" else None
        if need is None or need in gives:
            return
        self.out.add(
            field,
            f"who: {who} tests {SUBJECT_WORDS[need][0]} of the trigger, which {what[0]} does not give: it would "
            "always count none (use who: any)",
            f"who: {who} testa {SUBJECT_WORDS[need][1]} do gatilho, que {what[1]} não dá: contaria sempre zero "
            "(use who: any)",
        )

    def condition(self, cond: Condition, path: str) -> None:
        kind, params = cond.kind, cond.params
        at = f"{path}.{kind.value}"
        if kind is ConditionKind.ALL_FREE_MICE_ON:
            for k, space in enumerate(params.spaces):
                self.space(space, f"{at}.spaces.{k}")
        elif kind in (ConditionKind.TILE_FACE_UP, ConditionKind.TILE_CLEAR, ConditionKind.ALL_MICE_SEARCHED) or (kind is ConditionKind.TOKEN_ON and params.side is not None):
            self.side(params.side, f"{at}.side")
        elif kind is ConditionKind.MINION_ON_BOARD:
            self.minion(params.minion, f"{at}.minion")
        elif kind is ConditionKind.SPECIAL_SEARCH_LEFT and params.card not in self.content.search_cards:
            self.out.add(f"{at}.card", f"names card {params.card!r}, which does not exist")
        elif kind is ConditionKind.FIGURE:
            if params.minion is not None:
                self.minion(params.minion, f"{at}.minion")
            if params.side is not None:
                self.side(params.side, f"{at}.side")
            for k, space in enumerate(params.spaces):
                self.space(space, f"{at}.spaces.{k}")
        elif kind is ConditionKind.HOLDS_ITEM:
            self.item(params.item, f"{at}.item")
        elif kind is ConditionKind.HERO_PRESENT and params.hero not in self.content.heroes:
            self.hero(params.hero, f"{at}.hero")
        elif kind is ConditionKind.CLASS_PRESENT and params.class_ not in _HERO_CLASSES:
            classes = ", ".join(_HERO_CLASSES)
            self.out.add(
                f"{at}.class",
                f"names class {params.class_!r}; the classes are: {classes}",
                f"nomeia a classe {params.class_!r}; as classes são: {classes}",
            )
        elif kind is ConditionKind.COUNT:
            self.select(params.select, f"{at}.select")
        elif kind in (ConditionKind.ANY, ConditionKind.ALL):
            for k, inner in enumerate(params):
                self.condition(inner, f"{at}.{k}")
        elif kind is ConditionKind.NOT:
            self.condition(params, at)

    def effect(self, effect: Effect, path: str) -> None:
        kind, params = effect.kind, effect.params
        at = f"{path}.{kind.value}"
        if kind is EffectKind.STORY and params.moment not in self.chapter.story:
            known = ", ".join(self.chapter.story) or "none"
            self.out.add(
                f"{at}.moment",
                f"names story moment {params.moment!r}, which the chapter's story does not have (it has: {known})",
                f"nomeia o momento de história {params.moment!r}, que a história do capítulo não tem "
                f"(ela tem: {known})",
            )
        elif kind is EffectKind.PLACE_MINION:
            self.minion(params.minion, f"{at}.minion")
            self.space(params.space, f"{at}.space")
        elif kind is EffectKind.PLACE_MINIONS:
            self.minion(params.minion, f"{at}.minion")
            if params.side is not None:
                self.side(params.side, f"{at}.side")
        elif kind in (EffectKind.RETURN_MINION, EffectKind.PLACE_TOKEN):
            self.space(params.space, f"{at}.space")
        if kind in (EffectKind.PLACE_TOKEN, EffectKind.REMOVE_TOKEN) and _engine_token(self.content, params.token):
            self.out.add(
                f"{at}.token",
                f"token {params.token!r} is the engine's (a party item's or an expansion marker's): a rule places and "
                "removes the chapter's own tokens (set the engine's up with setup tokens)",
                f"a ficha {params.token!r} é do jogo (de um item do grupo ou um marcador da expansão): uma regra "
                "coloca e retira as fichas do próprio capítulo (as do jogo vão nas fichas da preparação)",
            )
        elif kind is EffectKind.STEER:
            self.space(params.toward, f"{at}.toward")
        elif kind is EffectKind.ROLL:
            for k, inner in enumerate(params.then):
                self.effect(inner, f"{at}.then.{k}")
            for k, inner in enumerate(params.else_):
                self.effect(inner, f"{at}.else.{k}")
        elif kind is EffectKind.CHOOSE:
            for j, option in enumerate(params.options):
                for k, inner in enumerate(option.do):
                    self.effect(inner, f"{at}.options.{j}.do.{k}")
        elif kind in (EffectKind.GIVE_ITEM, EffectKind.TAKE_ITEM):
            self.item(params.item, f"{at}.item")
        elif kind is EffectKind.GIVE_CARD and params.card not in self.content.search_cards:
            self.out.add(
                f"{at}.card",
                f"names card {params.card!r}, which is not a search card",
                f"nomeia a carta {params.card!r}, que não é uma carta de busca",
            )
        elif kind in (EffectKind.MARK, EffectKind.UNMARK, EffectKind.HEAL, EffectKind.CAPTURE):
            self.select(params.select, f"{at}.select", kind)
        elif kind in (EffectKind.MOVE_MOUSE, EffectKind.FREE):
            self.select(params.select, f"{at}.select", kind)
            if params.space is not None:
                self.space(params.space, f"{at}.space")
        elif kind is EffectKind.BAR_SPACE:
            self.space(params.space, f"{at}.space")
        elif kind is EffectKind.BAR_LINE:
            self.line(params.spaces, f"{at}.spaces")
        elif kind is EffectKind.ADD_TILE:
            self.added_tile(params.side, params.at, at)
        elif kind is EffectKind.FLIP_TILE and params.side not in self.board.graphs:
            self.out.add(
                f"{at}.side",
                f"names tile side {params.side}, whose tile is not in this chapter's layout",
                f"nomeia o lado de peça {params.side}, cuja peça não está no arranjo deste capítulo",
            )
        elif kind in (EffectKind.ENABLE_RULE, EffectKind.DISABLE_RULE) and params.rule not in self.rule_ids():
            self.out.add(
                f"{at}.rule",
                f"names rule {params.rule!r}, which this file does not have",
                f"nomeia a regra {params.rule!r}, que este arquivo não tem",
            )
        elif kind is EffectKind.CHARACTER_CHARGES and params.character not in self.chapter.tokens:
            self.out.add(
                f"{at}.character",
                f"names {params.character!r}, who is not on the board: place its token in setup (tokens)",
                f"nomeia {params.character!r}, que não está no tabuleiro: coloque sua ficha na preparação (tokens)",
            )
        elif kind is EffectKind.NEXT_CHAPTER and params.chapter not in self.content.chapters:
            self.out.add(
                f"{at}.chapter",
                f"names chapter {params.chapter!r}, which is not a chapter of the game",
                f"nomeia o capítulo {params.chapter!r}, que não é um capítulo do jogo",
            )

    def added_tile(self, side: int, where: tuple[int, int], path: str) -> None:
        """An added tile: a side that exists, of a tile not in the layout, laid on a free place next to it."""
        sides = self.content.tile_sides
        layout = {sides[p.side].tile: p.at for p in self.chapter.layout if p.side in sides}
        x, y = where
        if side not in sides:
            self.out.add(f"{path}.side", f"names tile side {side}, which does not exist",
                         f"nomeia o lado de peça {side}, que não existe")
        elif sides[side].tile in layout:
            self.out.add(
                f"{path}.side",
                f"names tile side {side}, whose tile is already in the layout (flip_tile turns a laid tile over)",
                f"nomeia o lado de peça {side}, cuja peça já está no arranjo (flip_tile vira uma peça colocada)",
            )
        elif (x, y) in layout.values():
            self.out.add(f"{path}.at", f"lays the tile at [{x}, {y}], where the layout already has a tile",
                         f"coloca a peça em [{x}, {y}], onde o arranjo já tem uma peça")
        elif not any(abs(x - ax) + abs(y - ay) == 1 for ax, ay in layout.values()):
            self.out.add(f"{path}.at", f"lays the tile at [{x}, {y}], next to no tile of the layout",
                         f"coloca a peça em [{x}, {y}], longe de todas as peças do arranjo")

    def line(self, spaces: tuple[str, str], path: str) -> None:
        """A barred line: two spaces that exist, joined by a line (R-MOVE-03)."""
        a, b = spaces
        problems = len(self.out.problems)
        self.space(a, f"{path}.0")
        self.space(b, f"{path}.1")
        if len(self.out.problems) > problems or a not in self.board.spaces or b not in self.board.spaces:
            return
        if b not in self.board.mouse_near.get(a, frozenset()):
            self.out.add(
                path,
                f"names {a} and {b}, which no line joins (a barred line lies between two adjacent spaces)",
                f"nomeia {a} e {b}, que nenhuma linha liga (uma linha bloqueada fica entre dois espaços adjacentes)",
            )

    def item(self, item: str, path: str) -> None:
        if item not in {i.id for i in self.chapter.items}:
            known = ", ".join(i.id for i in self.chapter.items) or "none"
            self.out.add(
                path,
                f"names item {item!r}, which the chapter's items do not have (it has: {known})",
                f"nomeia o item {item!r}, que os itens do capítulo não têm (ele tem: {known})",
            )

    def hero(self, hero: str, path: str) -> None:
        self.out.add(path, f"names hero {hero!r}, which does not exist", f"nomeia o herói {hero!r}, que não existe")

    def select(self, sel: Select, path: str, mouse_effect: EffectKind | None = None) -> None:
        if mouse_effect is not None and (sel.kind == "minion" or sel.minion is not None):
            # issue 43: a mouse effect's selector picks mice; a minion selector there picked every mouse
            field = "kind" if sel.kind == "minion" else "minion"
            self.out.add(
                f"{path}.{field}",
                f"{mouse_effect.value} acts on mice, but this selector picks minions ({field}: "
                f"{sel.kind if field == 'kind' else sel.minion}): select mice (kind: mouse, hero, marked...)",
                f"{mouse_effect.value} age sobre ratos, mas este seletor escolhe lacaios ({field}: "
                f"{sel.kind if field == 'kind' else sel.minion}): escolha ratos (kind: mouse, hero, marked...)",
            )
            return
        if sel.hero is not None and sel.hero not in self.content.heroes:
            self.hero(sel.hero, f"{path}.hero")
        if sel.minion is not None:
            self.minion(sel.minion, f"{path}.minion")
        if sel.side is not None:
            self.side(sel.side, f"{path}.side")
        for k, space in enumerate(sel.spaces):
            self.space(space, f"{path}.spaces.{k}")
        if sel.holds_item is not None:
            self.item(sel.holds_item, f"{path}.holds_item")
        for name in ("adjacent_to", "in_sight_of"):
            target = getattr(sel, name)
            if target is not None:
                self.space(target, f"{path}.{name}")

    def rule_ids(self) -> set[str]:
        return {r.id for r in self.chapter.all_rules()}

    def names(self) -> None:
        """Names a file gives (rules, actions, items, choices, counters, flags, tokens, marks, log entries) must not
        be reserved words (docs/chapters.md), and ids of one kind must be unique."""
        ch = self.chapter
        named: list[tuple[str, str]] = [(f"rules.{i}.id", r.id) for i, r in enumerate(ch.rules)]
        named += [(f"actions.{i}.id", a.id) for i, a in enumerate(ch.actions)]
        named += [(f"items.{i}.id", item.id) for i, item in enumerate(ch.items)]
        named += [(f"tokens.{t}", t) for t in ch.tokens]
        sources = [(f"rules.{i}.do", r.do) for i, r in enumerate(ch.rules)]
        sources += [(f"rooms.{j}.rules.{i}.do", r.do) for j, room in enumerate(ch.rooms) for i, r in enumerate(room.rules)]
        sources += [(f"actions.{i}.do", a.do) for i, a in enumerate(ch.actions)]
        choice_ids: list[tuple[str, str]] = []
        option_ids: list[tuple[str, str]] = []
        for base, effects in sources:
            for path, e in walk_effects(effects, base):
                at = f"{path}.{e.kind.value}"
                if e.kind in (EffectKind.COUNTER, EffectKind.SET_FLAG):
                    named.append((f"{at}.name", e.params.name))
                elif e.kind in (EffectKind.PLACE_TOKEN, EffectKind.REMOVE_TOKEN):
                    named.append((f"{at}.token", e.params.token))
                elif e.kind in (EffectKind.MARK, EffectKind.UNMARK):
                    named.append((f"{at}.mark", e.params.mark))
                elif e.kind is EffectKind.RECORD:
                    named.append((f"{at}.entry", e.params.entry))
                elif e.kind is EffectKind.CHOOSE:
                    choice_ids.append((f"{at}.id", e.params.id))
                    option_ids += [(f"{at}.options.{k}.id", o.id) for k, o in enumerate(e.params.options)]
        for path, name in named + choice_ids + option_ids:
            if name in RESERVED_NAMES:
                self.out.add(
                    path,
                    f"{name!r} is a reserved word of the chapter language: choose another name",
                    f"{name!r} é uma palavra reservada da linguagem de capítulos: escolha outro nome",
                )
        for kind, ids in (
            ("action", [(f"actions.{i}.id", a.id) for i, a in enumerate(ch.actions)]),
            ("item", [(f"items.{i}.id", item.id) for i, item in enumerate(ch.items)]),
            ("story choice", choice_ids),
            ("story choice option", option_ids),
        ):
            seen: set[str] = set()
            for path, ident in ids:
                if ident in seen:
                    self.out.add(
                        path,
                        f"{kind} id {ident!r} is used twice: each must be unique in the file",
                        f"o id {ident!r} ({kind}) é usado duas vezes: cada um deve ser único no arquivo",
                    )
                seen.add(ident)


def _engine_token(content: Content, token: str) -> bool:
    return engine_token(token, (c.party_token for c in content.search_cards.values() if c.party_token is not None))


def _rules_with_paths(chapter: Chapter) -> list[tuple[str, ChapterRule]]:
    out = [(f"rules.{i}", r) for i, r in enumerate(chapter.rules)]
    out += [(f"rooms.{j}.rules.{i}", r) for j, room in enumerate(chapter.rooms) for i, r in enumerate(room.rules)]
    return out


_OPS: Final[dict[str, typing.Callable[[int, int], bool]]] = {
    "eq": lambda a, b: a == b,
    "ne": lambda a, b: a != b,
    "lt": lambda a, b: a < b,
    "le": lambda a, b: a <= b,
    "gt": lambda a, b: a > b,
    "ge": lambda a, b: a >= b,
}


class _Produced:
    """What a chapter file can produce: flags set, counters changed, tokens placed or held (a simple check: does
    any setup entry or effect produce it, whatever its trigger)."""

    def __init__(self, content: Content, chapter: Chapter) -> None:
        # a chapter action's effects produce as a rule's do (issue 43: "ring the bell three times" needs no rule)
        effects = [e for r in chapter.all_rules() for e in _effects(r.do)]
        effects += [e for a in chapter.actions for e in _effects(a.do)]
        self.flags = {e.params.name for e in effects if e.kind is EffectKind.SET_FLAG}
        self.counters = {e.params.name for e in effects if e.kind in (EffectKind.COUNTER, EffectKind.COUNTER_TO_WHEEL)}
        self.items = {e.params.item for e in effects if e.kind is EffectKind.GIVE_ITEM}
        self.marks = {e.params.mark for e in effects if e.kind is EffectKind.MARK}
        self.party_tokens = {c.party_token for c in content.search_cards.values() if c.party_token is not None}
        self.tokens = set(chapter.tokens) | self.party_tokens
        self.tokens |= {e.params.token for e in effects if e.kind is EffectKind.PLACE_TOKEN}

    def missing(self, cond: Condition, path: str, positive: bool) -> tuple[str, str, str] | None:
        """(field, English, Portuguese) when ``cond`` (or its negation, ``positive`` False) can never hold."""
        kind, p = cond.kind, cond.params
        at = f"{path}.{kind.value}"
        if kind is ConditionKind.NOT:
            return self.missing(p, at, not positive)
        if kind in (ConditionKind.ANY, ConditionKind.ALL):
            found = [self.missing(inner, f"{at}.{k}", positive) for k, inner in enumerate(p)]
            # any (or not all): one that can hold is enough; all (or not any): each must be able to
            every = (kind is ConditionKind.ANY) == positive
            problems = [f for f in found if f is not None]
            if every:
                return problems[0] if problems and len(problems) == len(found) else None
            return problems[0] if problems else None
        if kind is ConditionKind.FLAG and positive and p.name not in self.flags:
            return (
                f"{at}.name",
                f"needs flag {p.name!r}, which nothing in the file sets (no set_flag effect names it)",
                f"precisa da marca {p.name!r}, que nada no arquivo liga (nenhum efeito set_flag a nomeia)",
            )
        if kind is ConditionKind.COUNTER and p.name not in self.counters:
            holds_now = p.op == "unset" or _OPS[str(p.op)](0, int(p.value))  # a counter never set reads 0
            if holds_now != positive:
                return (
                    f"{at}.name",
                    f"needs counter {p.name!r} to change, which nothing in the file does (no counter effect names it)",
                    f"precisa que o contador {p.name!r} mude, o que nada no arquivo faz (nenhum efeito counter o "
                    "nomeia)",
                )
        if kind is ConditionKind.HOLDS_ITEM and positive and p.item not in self.items:
            return (
                f"{at}.item",
                f"needs item {p.item!r}, which nothing in the file gives (no give_item effect names it)",
                f"precisa do item {p.item!r}, que nada no arquivo dá (nenhum efeito give_item o nomeia)",
            )
        if kind is ConditionKind.MARKED and positive and p.mark not in self.marks:
            return (
                f"{at}.mark",
                f"needs mark {p.mark!r}, which nothing in the file gives (no mark effect names it)",
                f"precisa da marca {p.mark!r}, que nada no arquivo dá (nenhum efeito mark a nomeia)",
            )
        if kind is ConditionKind.PARTY_HOLDS and positive and p.token not in self.party_tokens:
            return (
                f"{at}.token",
                f"needs the party to hold token {p.token!r}, which is no party item's token",
                f"precisa que o grupo tenha a ficha {p.token!r}, que não é ficha de nenhum item do grupo",
            )
        if kind is ConditionKind.TOKEN_ON and positive and p.token not in self.tokens:
            return (
                f"{at}.token",
                f"needs token {p.token!r} on the board, which nothing in the file places (setup tokens, place_token, "
                "a party item)",
                f"precisa da ficha {p.token!r} no tabuleiro, que nada no arquivo coloca (fichas da preparação, "
                "place_token, um item do grupo)",
            )
        return None


def _effects(effects: Iterable[Effect]) -> Iterable[Effect]:
    """Effects and the effects inside rolls and story choices."""
    for _, effect in walk_effects(tuple(effects), ""):
        yield effect


_HERO_CLASSES: Final = tuple(c.value for c in HeroClass)


def _minions_that_appear(content: Content, chapter: Chapter) -> set[str]:
    """Minion types that can come onto this chapter's board: setup, special surges, the encounter cards of its
    deck kinds (rows and surges), and rules that place them (place_minion, place_minions)."""
    out = {m.minion for m in chapter.starting_minions}
    out |= {mc.minion for sg in chapter.special_surges for mc in sg.minions}
    out |= {h.minion for h in chapter.helpers}
    for card in content.encounter_cards.values():
        if card.kind in chapter.encounter_kinds:
            out |= {mc.minion for row in card.rows for mc in row.minions}
            out |= {mc.minion for mc in card.surge}
    placing = (EffectKind.PLACE_MINION, EffectKind.PLACE_MINIONS)
    out |= {e.params.minion for r in chapter.all_rules() for e in _effects(r.do) if e.kind in placing}
    out |= {e.params.minion for a in chapter.actions for e in _effects(a.do) if e.kind in placing}
    out |= {p.minion for p in chapter.placements}
    return out


def _named_sides(chapter: Chapter) -> list[tuple[str, int]]:
    """Every tile side a chapter's setup names, with its field."""
    out: list[tuple[str, int]] = []
    out += [(f"starting_minions.{i}.side", s.side) for i, s in enumerate(chapter.starting_minions)]
    out += [(f"special_searches.{i}.side", s.side) for i, s in enumerate(chapter.special_searches)]
    out += [(f"special_surges.{i}.side", s.side) for i, s in enumerate(chapter.special_surges)]
    for token, spaces in chapter.tokens.items():
        out += [(f"tokens.{token}.{i}", int(sp.split(":")[0])) for i, sp in enumerate(spaces) if ":" in sp]
    out += [(f"helpers.{i}.space", int(h.space.split(":")[0])) for i, h in enumerate(chapter.helpers)]
    return out


def _next_chapter(chapter: Chapter, content: Content, out: _Collector, folder: Path | None) -> None:
    name = chapter.next_chapter
    if name is None or name in content.chapters:
        return
    if folder is None:
        return  # a text with no folder (an upload): its next chapter comes with the campaign's next step
    if not (folder / f"{name}.yaml").is_file():
        out.add(
            "next_chapter",
            f"names chapter {name!r}: neither a shipped chapter nor a file {name}.yaml in {folder}",
            f"nomeia o capítulo {name!r}: nem um capítulo do jogo nem um arquivo {name}.yaml em {folder}",
        )


# --- the public functions ----------------------------------------------------------------------------------


def chapter_digest(data: Any) -> str:
    """The identity of a chapter's content: SHA-256 of its parsed data, written canonically."""
    canonical = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def _check(
    text: str, file: str, content: Content, folder: Path | None
) -> tuple[Chapter | None, str, list[Problem]]:
    try:
        data, lines = _parse(text, file)
    except ChapterFileError as err:
        return None, "", err.problems
    out = _Collector(file, lines)
    if data is None:
        out.add("", "the file is empty: start from mnm chapter new", "o arquivo está vazio: comece com mnm chapter new")
        return None, "", out.problems
    if not isinstance(data, dict):
        out.add(
            "",
            f"a chapter file is a mapping of fields (id, name, layout...), not {type(data).__name__}",
            f"um arquivo de capítulo é um mapa de campos (id, name, layout...), não {type(data).__name__}",
        )
        return None, "", out.problems
    _check_sizes(data, out)
    _check_keys(data, out)
    if out.problems:
        return None, "", out.problems
    chapter = _schema(data, out)
    if chapter is None:
        return None, "", out.problems
    _effect_load(chapter, out)
    if out.problems:
        return None, "", out.problems
    _meaning(chapter, content, out, folder)
    return (None if out.problems else chapter), chapter_digest(data), out.problems


def _effect_load(chapter: Chapter, out: _Collector) -> None:
    """Refuse a file whose one action could run too many effects (issue 48): at most
    :data:`MAX_EFFECTS_PER_TRIGGER` effects (nested ones counted) in all the rules of one trigger, or in one
    chapter action, and :data:`MAX_EFFECTS` in the whole file."""
    per: dict[str, tuple[int, str]] = {}
    total = 0
    rules = [(f"rules.{i}", r) for i, r in enumerate(chapter.rules)]
    rules += [(f"rooms.{i}.rules.{j}", r) for i, room in enumerate(chapter.rooms) for j, r in enumerate(room.rules)]
    for path, rule in rules:
        n = len(walk_effects(rule.do, ""))
        total += n
        count, first = per.get(rule.when.value, (0, path))
        per[rule.when.value] = (count + n, first)
    for i, action in enumerate(chapter.actions):
        n = len(walk_effects(action.do, ""))
        total += n
        per[f"action {action.id}"] = (n, f"actions.{i}")
    for trigger, (count, path) in per.items():
        if count > MAX_EFFECTS_PER_TRIGGER:
            out.add(
                path,
                f"the rules of {trigger!r} hold {count} effects in all: at most {MAX_EFFECTS_PER_TRIGGER} may run "
                "for one trigger (docs/chapters.md, \"What a file cannot do to a game\")",
                f"as regras de {trigger!r} têm {count} efeitos ao todo: no máximo {MAX_EFFECTS_PER_TRIGGER} podem "
                "ocorrer por gatilho (docs/chapters.md)",
            )
    if total > MAX_EFFECTS:
        out.add(
            "rules",
            f"the file holds {total} effects: at most {MAX_EFFECTS} (docs/chapters.md)",
            f"o arquivo tem {total} efeitos: no máximo {MAX_EFFECTS} (docs/chapters.md)",
        )


def validate_chapter_text(
    text: str, file: str = "chapter", content: Content | None = None, folder: Path | None = None
) -> list[Problem]:
    """Every problem of a chapter file's text (empty when it can be played). ``folder``: where the file lies,
    to find its ``next_chapter`` beside it. Never raises on any text."""
    return _check(text, file, content or builtin_content(), folder)[2]


def problem_at(text: str, file: str, field: str, en: str, pt: str) -> Problem:
    """A problem found after the file was read (issue 43: a chapter proved unwinnable), on ``field``'s line."""
    try:
        _, lines = _parse(text, file)
    except ChapterFileError:
        lines = {}
    found = _Collector(file, lines)
    found.add(field, en, pt)
    return found.problems[0]


def read_chapter_text(
    text: str,
    file: str = "chapter",
    content: Content | None = None,
    folder: Path | None = None,
    source: str | None = None,
) -> Content:
    """The content with this chapter added (the same object for the same chapter, file and base content), or
    :class:`ChapterFileError` listing every problem. The chapter's id is ``result.chapter_files`` 's key.
    ``source``: the file name saves record (default ``file``; a file read from disk records its full path)."""
    base = content or builtin_content()
    # the same text read again (each simulated game, each table of the same upload) is not checked again
    seen = (id(base), hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest(), source or file, str(folder))
    hit = _READ.get(seen)
    if hit is not None:
        _READ.move_to_end(seen)
        return hit
    chapter, digest, problems = _check(text, file, base, folder)
    if chapter is None:
        raise ChapterFileError(problems)
    made = _interned(base, chapter, ChapterFile(chapter.id, digest, source or file, text))
    _remember_read(seen, made)
    return made


def content_for_save(data: Any, chapter_file: str | Path | None = None) -> Content:
    """The content a parsed save loads with: ``chapter_file`` when given, else the chapter file the save
    records when it is still where it was, else the shipped content (the save's own check then says what is
    missing). :class:`ChapterFileError` when the chapter file is bad."""
    if chapter_file is not None:
        return read_chapter_file(chapter_file)
    recorded = data.get("chapter_file") if isinstance(data, dict) else None
    name = recorded.get("file") if isinstance(recorded, dict) else None
    if isinstance(name, str) and 0 < len(name) <= 4096 and Path(name).is_file():
        return read_chapter_file(name)
    return builtin_content()


def read_chapter_file(path: str | Path, content: Content | None = None) -> Content:
    """:func:`read_chapter_text` of a file (its size checked before it is read)."""
    p = Path(path)
    try:
        size = p.stat().st_size
        if size > MAX_CHAPTER_BYTES:
            raise ChapterFileError(
                [
                    Problem(
                        "",
                        1,
                        f"the file is {size // 1024} KB, over the {MAX_CHAPTER_BYTES // 1024} KB a chapter file "
                        "may hold",
                        f"o arquivo tem {size // 1024} KB, mais que os {MAX_CHAPTER_BYTES // 1024} KB permitidos "
                        "a um arquivo de capítulo",
                        str(p),
                    )
                ]
            )
        raw = p.read_bytes()
    except OSError as err:
        why = err.strerror or str(err)
        raise ChapterFileError([Problem("", 1, f"cannot be read: {why}", f"não pode ser lido: {why}", str(p))]) from err
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as err:
        line = raw.count(b"\n", 0, err.start) + 1
        raise ChapterFileError(
            [Problem("", line, "is not UTF-8 text", "não é texto UTF-8", str(p))]
        ) from err
    return read_chapter_text(text, str(p), content, p.parent, source=str(p.resolve()))


def added_chapter(content: Content) -> tuple[Chapter, ChapterFile]:
    """The one chapter a content made by :func:`read_chapter_text` added, and where it came from."""
    source = next(iter(content.chapter_files.values()))
    return content.chapters[source.chapter], source


def next_chapter_content(content: Content, chapter: Chapter, name: str | None = None) -> Content:
    """The content in which ``chapter``'s ``next_chapter`` can be played: the same content when it holds it
    already (a shipped chapter), else the file ``<next_chapter>.yaml`` in the folder of ``chapter``'s file
    (docs/chapters.md, "Saves and campaigns"). :class:`ChapterFileError` when that file is missing or bad.
    ``name``: the next chapter a ``next_chapter`` effect chose (:func:`mnm.engine.next_chapter_of`)."""
    name = name or chapter.next_chapter
    source = content.chapter_files.get(chapter.id)
    if name is None or source is None:
        return content
    path = Path(source.file).parent / f"{name}.yaml"
    if not path.is_file():
        if name in content.chapters:
            return content
        raise ChapterFileError(
            [
                Problem(
                    "next_chapter",
                    1,
                    f"names chapter {name!r}: neither a shipped chapter nor a file {path}",
                    f"nomeia o capítulo {name!r}: nem um capítulo do jogo nem um arquivo {path}",
                    source.file,
                )
            ]
        )
    return read_chapter_file(path, _base_of(content))


def skeleton_text() -> str:
    """The commented skeleton ``mnm chapter new`` writes: a chapter that validates and plays."""
    from importlib import resources

    return resources.files("mnm.chapters").joinpath("chapter-skeleton.yaml").read_text(encoding="utf-8")


# --- contents with a chapter added -------------------------------------------------------------------------

# The contents made for chapter files, most recently used last; the oldest are let go beyond the limit (a game
# or a table holding one keeps it alive). Caches elsewhere that key on a content's id check that the object
# they hold is the one asked about, so an id handed on to a new content never serves the old one's data.
_INTERNED: Final[OrderedDict[tuple[int, str, str], Content]] = OrderedDict()
_BASES: Final[dict[int, tuple[weakref.ref[Content], Content]]] = {}  # id(made) -> (made, the content it extends)
_READ: Final[OrderedDict[tuple[int, str, str, str], Content]] = OrderedDict()  # (base, text's hash...) -> made


def _with_chapter(content: Content, chapter: Chapter, source: ChapterFile) -> Content:
    return replace(
        content,
        chapters={**content.chapters, chapter.id: chapter},
        chapter_files={chapter.id: source},
    )


def _interned(base: Content, chapter: Chapter, source: ChapterFile) -> Content:
    """One content object per (base content, chapter digest, file) while it is among the
    :data:`MAX_CUSTOM_CHAPTERS` used last (a server builds each table's content from its chapter's text)."""
    key = (id(base), source.digest, source.file)
    hit = _INTERNED.get(key)
    if hit is not None:
        _INTERNED.move_to_end(key)
        return hit
    made = _with_chapter(base, chapter, source)
    _INTERNED[key] = made
    while len(_INTERNED) > MAX_CUSTOM_CHAPTERS:
        _INTERNED.popitem(last=False)
    for stale in [k for k, (ref, _) in _BASES.items() if ref() is None]:
        del _BASES[stale]
    _BASES[id(made)] = (weakref.ref(made), base)
    return made


def _remember_read(key: tuple[int, str, str, str], made: Content) -> None:
    _READ[key] = made
    while len(_READ) > MAX_CUSTOM_CHAPTERS:
        _READ.popitem(last=False)


def _base_of(content: Content) -> Content:
    """The content a chapter file's content extends (itself for any other content)."""
    hit = _BASES.get(id(content))
    return hit[1] if hit is not None and hit[0]() is content else content
