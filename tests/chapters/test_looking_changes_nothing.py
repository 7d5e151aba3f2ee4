"""Looking changes nothing (issue 29, item 4): listing the options (``legal_actions``, ``decision``) never fires a
chapter rule, never rolls a die and never changes the state.

For every shipped chapter and every chapter file in the repository, a game whose options are listed five extra
times before each choice ends in exactly the state (its exact JSON form) of the same game where they are not.
``MNM_LOOKING_EXAMPLES`` sets how many seeds each chapter gets (2 here; more locally).
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mnm.bots.policy import HeuristicBot
from mnm.chapters.file import added_chapter, read_chapter_file
from mnm.content.loader import Content, builtin_content
from mnm.engine import Game, apply_action_in_place, legal_actions

ROOT = Path(__file__).resolve().parents[2]
FOLDERS = (
    "examples/chapters",
    "examples/chapters/corpus",
    "tests/bots/chapters",
    "tests/bots/chapters/corpus",
    "tests/bots/chapters/patterns",
    "tests/chapters/files",
    "tests/chapters/corpus",
)
EXAMPLES = int(os.environ.get("MNM_LOOKING_EXAMPLES", "2"))
DECISIONS = 150  # enough to explore, fight and search on every chapter; the states are compared at the end
HEROES = ("collin", "tilda", "filch", "maginos", "nez", "lily")


def chapter_sources() -> list[tuple[str, Path | None]]:
    """(chapter id, its file) for the shipped chapters (no file) and every chapter file in the repository."""
    out: list[tuple[str, Path | None]] = [(cid, None) for cid in builtin_content().chapters]
    for folder in FOLDERS:
        for path in sorted((ROOT / folder).glob("*.yaml")):
            out.append((path.stem, path))
    return out


def _content(path: Path | None) -> tuple[Content, str]:
    if path is None:
        return builtin_content(), ""
    content = read_chapter_file(path)
    return content, added_chapter(content)[0].id


def play(content: Content, chapter: str, seed: int, looks: int) -> str:
    """A game of ``chapter`` played by a fixed chooser (the heuristic's turn choice, else a seeded pick), its
    options listed ``looks`` extra times before each choice; the final state's exact JSON form."""
    ch = content.chapters[chapter]
    party = [h for h in HEROES if h not in ch.forbidden_heroes][: ch.party_size]
    game = Game.new(chapter, party, seed=seed, content=content)
    ctx, state = game.ctx, game.state
    rng = random.Random(seed)
    bot = HeuristicBot(seed=seed, samples=1)
    for _ in range(DECISIONS):
        if state.status != "playing":
            break
        for _ in range(looks):
            legal_actions(ctx, state)
            Game(ctx, state).decision()
        legal = legal_actions(ctx, state)
        pick = None
        if state.pending is not None and state.pending.kind == "turn" and rng.random() < 0.8:
            pick = bot.turn_choice(ctx, state, legal)
        apply_action_in_place(ctx, state, pick or legal[rng.randrange(len(legal))])
    return json.dumps(state.to_json(), sort_keys=True)


@pytest.mark.parametrize(("chapter", "path"), chapter_sources(), ids=[c for c, _ in chapter_sources()])
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31))
def test_listing_options_five_extra_times_changes_nothing(chapter: str, path: Path | None, seed: int) -> None:
    content, file_chapter = _content(path)
    chapter = file_chapter or chapter
    assert play(content, chapter, seed, looks=5) == play(content, chapter, seed, looks=0)


def test_listing_covers_every_chapter_file_in_the_repository() -> None:
    """The chapter files the test plays (a new folder of chapters belongs in FOLDERS)."""
    files = {p for _, p in chapter_sources() if p is not None}
    every = {p for p in ROOT.glob("**/chapters/**/*.yaml") if ".venv" not in p.parts and "src" not in p.parts}
    assert every <= files, sorted(str(p.relative_to(ROOT)) for p in every - files)
