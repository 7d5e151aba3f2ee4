"""The direct turn listing (rules/turn_listing.py) gives exactly what asking every registered turn verb gives
(R-TURN-01), and the turn decision uses it."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mnm.content.loader import builtin_content
from mnm.engine import Game, apply_action_in_place, legal_actions
from mnm.engine.actions import Action
from mnm.engine.context import TURN_VERBS
from mnm.engine.rules.turn import direct_listing_active
from mnm.engine.rules.turn_listing import direct_turn_options

PARTY = ["collin", "tilda", "filch", "maginos"]
CHAPTERS = sorted(builtin_content().chapters)


def _every_verb(game: Game) -> list[Action]:
    st = game.state
    assert st.pending is not None and st.turn is not None
    h = st.heroes[st.pending.actor]
    return [a for tv in TURN_VERBS.values() for a in tv.options(game.ctx, st, h, st.turn)]


def test_the_turn_decision_lists_through_the_direct_listing() -> None:
    assert direct_listing_active()


@pytest.mark.rule("R-TURN-01")
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(chapter=st.sampled_from(CHAPTERS), seed=st.integers(0, 2**32 - 1), choices=st.integers(0, 2**32 - 1))
def test_direct_listing_equals_every_verb_asked_in_turn(chapter: str, seed: int, choices: int) -> None:
    game = Game.new(chapter, PARTY, seed=seed)
    rng = random.Random(choices)
    turns = 0
    for _ in range(400):
        st = game.state
        if st.status != "playing" or st.pending is None:
            break
        if st.pending.kind == "turn":
            assert st.turn is not None
            h = st.heroes[st.pending.actor]
            direct = direct_turn_options(game.ctx, st, h, st.turn)
            assert direct == _every_verb(game)
            assert legal_actions(game.ctx, st) == direct
            turns += 1
        options = legal_actions(game.ctx, st)
        apply_action_in_place(game.ctx, st, options[rng.randrange(len(options))])
    assert turns > 0
