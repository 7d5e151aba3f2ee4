"""Chapter files: one chapter written as a YAML file outside the shipped content, checked and played.

A chapter file is untrusted input (it comes from a player's editor or a browser upload). Reading one goes
through these stages in order; a stage that finds problems stops the later ones (they would only echo them),
except that the meaning checks all run unless the board itself cannot be built, with one problem per field:

1. **the text** (:mod:`mnm.chapters.text`): at most :data:`MAX_CHAPTER_BYTES`, no NUL byte, valid UTF-8,
   bounded YAML (:mod:`mnm.content.bounded_yaml`: no aliases, bounded depth and values, no key written twice);
2. **sizes** (:mod:`mnm.chapters.text`): every list and mapping, text and number within :data:`LIMITS` (tiles,
   rules, effects...);
3. **the schema** (:mod:`mnm.chapters.schema_check`): the content's pydantic :class:`~mnm.content.schema.Chapter`;
   then the effects one trigger and the whole file may run;
4. **the meaning** (:mod:`mnm.chapters.meaning`, :mod:`mnm.chapters.rule_check`): every id it names exists (tile
   sides, spaces, minions, cards, heroes), the layout holds together (no two tiles on one position, one side per
   physical tile, the start space on a placed tile and marked start), and every space it names can be reached
   from the start by walking and exploring.

Each problem is a :class:`Problem` (:mod:`mnm.chapters.problems`): the field's dotted path, the file's line (kept while parsing), and the
message in English and Portuguese. :func:`validate_chapter_text` returns them (the web workshop calls it);
:func:`read_chapter_text` returns the chapter added to the content, or raises :class:`ChapterFileError`.

A chapter's **identity** is :func:`chapter_digest`: SHA-256 of its parsed data written canonically (sorted
keys, no spaces), so comments, layout and key order do not change it and any change of meaning does. Saves
of a chapter from a file record it (docs/chapters.md, "Saves and campaigns"). The contents made with a chapter
added are kept in :mod:`mnm.chapters.contents`. This module is the front door: the pipeline and its public
functions.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from mnm.chapters.contents import base_of, interned, recall_read, remember_read
from mnm.chapters.meaning import check_meaning
from mnm.chapters.problems import ChapterFileError, Collector, Problem, too_big
from mnm.chapters.schema_check import check_keys, read_schema
from mnm.chapters.text import (
    LIMITS,
    MAX_CHAPTER_BYTES,
    MAX_EFFECTS,
    MAX_EFFECTS_PER_TRIGGER,
    check_effect_load,
    check_sizes,
    parse,
)
from mnm.content.loader import ChapterFile, Content, builtin_content
from mnm.content.schema import Chapter

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

def chapter_digest(data: Any) -> str:
    """The identity of a chapter's content: SHA-256 of its parsed data, written canonically."""
    canonical = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def _check(
    text: str, file: str, content: Content, folder: Path | None
) -> tuple[Chapter | None, str, list[Problem]]:
    try:
        data, lines = parse(text, file)
    except ChapterFileError as err:
        return None, "", err.problems
    out = Collector(file, lines)
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
    check_sizes(data, out)
    check_keys(data, out)
    if out.problems:
        return None, "", out.problems
    chapter = read_schema(data, out)
    if chapter is None:
        return None, "", out.problems
    check_effect_load(chapter, out)
    if out.problems:
        return None, "", out.problems
    check_meaning(chapter, content, out, folder)
    return (None if out.problems else chapter), chapter_digest(data), out.problems


def validate_chapter_text(
    text: str, file: str = "chapter", content: Content | None = None, folder: Path | None = None
) -> list[Problem]:
    """Every problem of a chapter file's text (empty when it can be played). ``folder``: where the file lies,
    to find its ``next_chapter`` beside it. Never raises on any text."""
    return _check(text, file, content or builtin_content(), folder)[2]


def problem_at(text: str, file: str, field: str, en: str, pt: str) -> Problem:
    """A problem found after the file was read (issue 43: a chapter proved unwinnable), on ``field``'s line."""
    try:
        _, lines = parse(text, file)
    except ChapterFileError:
        lines = {}
    found = Collector(file, lines)
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
    hit = recall_read(seen)
    if hit is not None:
        return hit
    chapter, digest, problems = _check(text, file, base, folder)
    if chapter is None:
        raise ChapterFileError(problems)
    made = interned(base, chapter, ChapterFile(chapter.id, digest, source or file, text))
    remember_read(seen, made)
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
            raise too_big(size, MAX_CHAPTER_BYTES, str(p))
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
    return read_chapter_file(path, base_of(content))


def skeleton_text() -> str:
    """The commented skeleton ``mnm chapter new`` writes: a chapter that validates and plays."""
    from importlib import resources

    return resources.files("mnm.chapters").joinpath("chapter-skeleton.yaml").read_text(encoding="utf-8")


