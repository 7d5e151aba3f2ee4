"""Tiny inline chapters on the one-tile Proving Grounds (side 5, the Guard Room), for the chapter language's tests."""

from __future__ import annotations

import dataclasses
from typing import Any

import yaml

from mnm.board.layout import Board
from mnm.content.loader import builtin_content
from mnm.content.schema import Chapter
from mnm.engine.context import Ctx
from mnm.engine.game import Game
from mnm.engine.rules.chapter_rules import compile_chapter
from mnm.engine.scenario import load_scenario


def chapter_with(text: str, base: str = "proving-grounds") -> Chapter:
    """The chapter ``base`` with the rules, rooms, victory and defeat written in ``text`` (YAML)."""
    data = builtin_content().chapters[base].model_dump(by_alias=True, exclude={"rules", "rooms", "victory", "defeat"})
    return Chapter.model_validate({**data, **yaml.safe_load(text)})


def game(text: str, **fields: Any) -> Game:
    """A Proving Grounds scenario (Collin on 5:15 unless told) whose chapter is the one ``text`` writes: set up
    with its victory and defeat only, its rules joining at the first decision (so that no rule fires in setup)."""
    chapter = chapter_with(text)
    content = builtin_content()
    quiet = chapter.model_copy(update={"rules": (), "rooms": ()})
    custom = dataclasses.replace(content, chapters={**content.chapters, chapter.id: quiet})
    data: dict[str, Any] = {"chapter": chapter.id, "heroes": {"collin": {"space": "5:15"}}, "minions": {}, **fields}
    g = load_scenario(data, content=custom)
    definition = dataclasses.replace(g.ctx.definition, chapter=chapter, rules=compile_chapter(chapter))
    if chapter.added_tiles:  # the quiet chapter's board lacks the tiles its rules lay (add_tile)
        full = dataclasses.replace(content, chapters={**content.chapters, chapter.id: chapter})
        definition = dataclasses.replace(definition, board=Board.for_chapter(full, chapter))
    g.ctx = Ctx(definition)
    return g
