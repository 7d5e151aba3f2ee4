"""The contents made for chapter files: the content with one chapter added, one object per (base content,
chapter digest, file) while it is among the :data:`MAX_CUSTOM_CHAPTERS` used last, and the texts read lately
(the same upload read again is not checked again)."""

from __future__ import annotations

import weakref
from collections import OrderedDict
from dataclasses import replace
from typing import Final

from mnm.content.loader import ChapterFile, Content
from mnm.content.schema import Chapter

MAX_CUSTOM_CHAPTERS: Final = 256  # chapter files' contents kept ready by one process (more are read again)

# The contents made for chapter files, most recently used last; the oldest are let go beyond the limit (a game
# or a table holding one keeps it alive). Caches elsewhere that key on a content's id check that the object
# they hold is the one asked about, so an id handed on to a new content never serves the old one's data.
_INTERNED: Final[OrderedDict[tuple[int, str, str], Content]] = OrderedDict()
_BASES: Final[dict[int, tuple[weakref.ref[Content], Content]]] = {}  # id(made) -> (made, the content it extends)
_READ: Final[OrderedDict[tuple[int, str, str, str], Content]] = OrderedDict()  # (base, text's hash...) -> made


def with_chapter(content: Content, chapter: Chapter, source: ChapterFile) -> Content:
    return replace(
        content,
        chapters={**content.chapters, chapter.id: chapter},
        chapter_files={chapter.id: source},
    )


def interned(base: Content, chapter: Chapter, source: ChapterFile) -> Content:
    """One content object per (base content, chapter digest, file) while it is among the
    :data:`MAX_CUSTOM_CHAPTERS` used last (a server builds each table's content from its chapter's text)."""
    key = (id(base), source.digest, source.file)
    hit = _INTERNED.get(key)
    if hit is not None:
        _INTERNED.move_to_end(key)
        return hit
    made = with_chapter(base, chapter, source)
    _INTERNED[key] = made
    while len(_INTERNED) > MAX_CUSTOM_CHAPTERS:
        _INTERNED.popitem(last=False)
    for stale in [k for k, (ref, _) in _BASES.items() if ref() is None]:
        del _BASES[stale]
    _BASES[id(made)] = (weakref.ref(made), base)
    return made


def recall_read(key: tuple[int, str, str, str]) -> Content | None:
    """The content made lately from the same text, base and file (None: not read lately)."""
    hit = _READ.get(key)
    if hit is not None:
        _READ.move_to_end(key)
    return hit


def remember_read(key: tuple[int, str, str, str], made: Content) -> None:
    _READ[key] = made
    while len(_READ) > MAX_CUSTOM_CHAPTERS:
        _READ.popitem(last=False)


def base_of(content: Content) -> Content:
    """The content a chapter file's content extends (itself for any other content)."""
    hit = _BASES.get(id(content))
    return hit[1] if hit is not None and hit[0]() is content else content

