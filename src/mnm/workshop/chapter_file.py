"""A chapter file as the workshop sees it: untrusted YAML text, bounded, parsed, checked against the box.

The text is the single source of truth: the workshop page edits it, the server checks it, play-tests and
tables are built from it, export gives it back byte for byte. :func:`check_chapter_text` answers every
problem with the field path it belongs to and the line it starts on, so the page pins it to its field.

A checked chapter joins the box's content in :func:`content_with` (the shipped tiles, cards and minions, plus
this chapter), kept per text digest so every game and board of the same draft shares one content object.
"""

from __future__ import annotations

import dataclasses
import hashlib
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

import yaml
from pydantic import ValidationError

from mnm.board import layout
from mnm.content.loader import Content, ContentError, builtin_content, check_extra_chapter, issues_from_validation
from mnm.content.schema import Chapter

__all__ = [
    "BLANK_CHAPTER",
    "MAX_CHAPTER_BYTES",
    "ChapterCheck",
    "Problem",
    "check_chapter_text",
    "content_with",
    "digest",
]

MAX_CHAPTER_BYTES = 64 * 1024  # a whole storybook chapter is a few kilobytes
MAX_YAML_EVENTS = 20_000  # scalars, mappings and sequences in one file
MAX_DEPTH = 24


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a chapter file: the field (``layout.1.side``; ``""`` for the whole file), the line
    it starts on (1-based; 0 when unknown) and a sentence."""

    field: str
    line: int
    message: str

    def json(self) -> dict[str, Any]:
        return {"field": self.field, "line": self.line, "message": self.message}


@dataclass(frozen=True)
class ChapterCheck:
    chapter: Chapter | None
    data: Any  # the parsed YAML (for the page's form), None when the text is not YAML
    problems: tuple[Problem, ...]

    @property
    def ok(self) -> bool:
        return self.chapter is not None and not self.problems


def digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def _bounded_events(text: str) -> Problem | None:
    """Refuse what safe YAML still allows that costs us: anchors and aliases (a few lines can stand for
    billions of nodes once validated), deep nesting, and too many nodes."""
    depth = count = 0
    try:
        for ev in yaml.parse(text, Loader=yaml.SafeLoader):
            count += 1
            if count > MAX_YAML_EVENTS:
                return Problem("", 0, f"has more than {MAX_YAML_EVENTS} values; a chapter needs far fewer")
            if isinstance(ev, yaml.AliasEvent) or getattr(ev, "anchor", None):
                line = ev.start_mark.line + 1 if ev.start_mark else 0
                return Problem("", line, "uses YAML anchors or aliases (& or *); write each value out")
            if isinstance(ev, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
                depth += 1
                if depth > MAX_DEPTH:
                    line = ev.start_mark.line + 1 if ev.start_mark else 0
                    return Problem("", line, f"nests deeper than {MAX_DEPTH} levels")
            elif isinstance(ev, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
                depth -= 1
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark
        line = mark.line + 1 if mark is not None else 0
        return Problem("", line, f"is not valid YAML: {exc.problem or exc}")
    except yaml.YAMLError as exc:
        return Problem("", 0, f"is not valid YAML: {exc}".replace("\n", " "))
    return None


def _lines(node: yaml.Node, path: tuple[str, ...], out: dict[str, int]) -> None:
    """Every field path of the document -> the line its value starts on."""
    out[".".join(path)] = node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            out.setdefault(".".join((*path, str(key.value))), key.start_mark.line + 1)
            _lines(value, (*path, str(key.value)), out)
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            _lines(item, (*path, str(i)), out)


def _line_of(lines: dict[str, int], field: str) -> int:
    """The line of ``field``, or of the nearest field above it (a missing field: its parent's line)."""
    parts = field.split(".") if field else []
    while parts:
        found = lines.get(".".join(parts))
        if found:
            return found
        parts.pop()
    return lines.get("", 1)


def check_chapter_text(text: str, content: Content | None = None) -> ChapterCheck:
    """Parse and check a chapter file against the box (``content``: the built-in content if omitted). Never
    raises on bad input: every problem comes back with its field and line."""
    content = content or builtin_content()
    size = len(text.encode("utf-8"))
    if size > MAX_CHAPTER_BYTES:
        return ChapterCheck(None, None, (Problem("", 0, f"is {size} bytes; a chapter file is at most {MAX_CHAPTER_BYTES}"),))
    bad = _bounded_events(text)
    if bad is not None:
        return ChapterCheck(None, None, (bad,))
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:  # duplicate-free parse already passed; a constructor error (bad date...)
        return ChapterCheck(None, None, (Problem("", 0, f"is not valid YAML: {exc}".replace("\n", " ")),))
    lines: dict[str, int] = {}
    if node is not None:
        _lines(node, (), lines)
    if not isinstance(data, dict):
        return ChapterCheck(None, data, (Problem("", 1, "must be a mapping of fields (id: ..., name: ...)"),))
    try:
        chapter = Chapter.model_validate(data)
    except ValidationError as err:
        invalid = issues_from_validation("chapter", str(data.get("id", "")), err)
        problems = tuple(Problem(i.field, _line_of(lines, i.field), i.message) for i in invalid)
        return ChapterCheck(None, data, problems)
    issues = check_extra_chapter(content, chapter)
    problems = tuple(Problem(i.field, _line_of(lines, i.field), i.message) for i in issues)
    return ChapterCheck(chapter, data, problems)


# --- the box plus one chapter --------------------------------------------------------------------------------

_DERIVED: OrderedDict[str, Content] = OrderedDict()
MAX_DERIVED = 64  # contents kept per process (each is small: it shares the box's mappings)


def content_with(chapter: Chapter, text_digest: str, base: Content | None = None) -> Content:
    """The box's content with ``chapter`` added (replacing a shipped chapter of the same id), one object per
    text digest. The object is kept until evicted, and its caches dropped then, so an id never stands for two
    contents (the board caches are keyed by ``id(content)``)."""
    base = base or builtin_content()
    key = f"{id(base)}:{text_digest}"
    found = _DERIVED.get(key)
    if found is not None:
        _DERIVED.move_to_end(key)
        return found
    derived = dataclasses.replace(base, chapters={**base.chapters, chapter.id: chapter})
    layout.share_compiled(derived, base)
    _DERIVED[key] = derived
    while len(_DERIVED) > MAX_DERIVED:
        _, old = _DERIVED.popitem(last=False)
        layout.forget_content(old)
    return derived


def load_chapter_text(text: str, base: Content | None = None) -> tuple[Content, Chapter]:
    """The content and chapter of a chapter file; raises :class:`ContentError` listing its problems."""
    from mnm.content.loader import ContentIssue

    check = check_chapter_text(text, base)
    if not check.ok or check.chapter is None:
        raise ContentError([ContentIssue("chapter", "", p.field, f"(line {p.line}) {p.message}") for p in check.problems])
    return content_with(check.chapter, digest(text), base), check.chapter


# A new chapter in the workshop: every field the schema needs, no tile laid yet (so it does not check until the
# first tile and the start space are placed: the page shows those two problems from the start).
BLANK_CHAPTER = """\
id: my-chapter
number: 100
source: authored
note: built in the workshop
name: {en: My Chapter, pt: Meu Capítulo}
objective: {en: Defeat every minion., pt: Derrote todos os lacaios.}
victory_text: {en: The way is clear., pt: O caminho está livre.}
defeat_text: {en: Time has run out., pt: O tempo acabou.}
story: {}
party_size: 4
forbidden_heroes: []
encounter_kinds: [standard]
end_page: 8
track_pages: 10
layout: []
start_space: "0:0"
starting_minions: []
"""
