"""What the bots' planner cannot plan for at a chapter's start, in the engine's world (issue 43).

:func:`mnm.chapters.rule_graph.cannot_plan` reads the file: a word with no way, a victory nothing makes true. A
file can read whole and still leave the bots nothing to do: a way on that a bar closes from the start, a gate
whose only opener the party cannot get to. :func:`start_gaps` sets the chapter up as a play-test would (the box's
first heroes it takes) and asks the planner there (:func:`mnm.bots.plan.stuck`): one line in each language, for
``mnm chapter validate`` beside the file's own lines. Not compiled (it builds a game): the planner it asks is.
"""

from __future__ import annotations

from typing import Any

from mnm.bots.plan import stuck
from mnm.engine import EngineError, Game

__all__ = ["start_gaps"]


def start_gaps(content: Any, chapter: Any) -> list[dict[str, str]]:
    """``[{"word": "planner", "en": ..., "pt": ...}]`` when the planner has no way from the chapter's start, else
    ``[]`` (also when the chapter cannot be set up: the file's own check says why)."""
    party = [h for h in content.heroes if h not in chapter.forbidden_heroes][: chapter.party_size]
    try:
        game = Game.new(chapter.id, party, seed=0, content=content)
    except (EngineError, ValueError, KeyError):
        return []
    said = stuck(game.ctx, game.state)
    if said is None:
        return []
    return [{"word": "planner", "en": f"at the start, {said[0]}", "pt": f"no início, {said[1]}"}]
