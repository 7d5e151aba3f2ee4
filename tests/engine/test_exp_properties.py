"""[EXP] Chapters 3 and 4 under random play: 100 seeds each never raise, and the engine's invariants hold after
every step: capacity (R-SPACE-02, with token creatures and Olga left out, R-EXP-16), every search card in one
place, wounds below life, cheese never negative, the state's JSON round trip."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from test_properties import card_places

from mnm.engine.game import Game
from mnm.engine.rules.setup import card_instances
from mnm.engine.state import State

PARTY = ["collin", "tilda", "filch", "maginos"]
SEEDS = range(100)
STEPS = 250


def check(game: Game) -> None:
    state, ctx = game.state, game.ctx
    content = ctx.content
    small: Counter[str] = Counter()
    large: Counter[str] = Counter()
    for h in state.mice_on_board():
        assert h.space is not None
        small[h.space] += 1
    for m in state.minions.values():
        spec = content.minions[m.type]
        if spec.token:
            continue  # R-EXP-16: Hesster's tokens take no room
        if spec.size == "large":
            large[m.space] += 1
        elif spec.size == "small":
            small[m.space] += 1
    for space, n in small.items():
        assert n <= ctx.board.spaces[space].capacity, f"{space} holds {n} small figures"
        assert large[space] == 0, f"{space} holds a large figure and small ones"
    assert all(n <= 1 for n in large.values())
    assert not any(ctx.board.spaces[h.space].no_landing for h in state.mice_on_board() if h.space)
    for m in state.minions.values():
        assert not ctx.board.spaces[m.space].no_landing, f"{m.id} stands on lava or a chasm"
        assert m.wounds < content.minions[m.type].life
    places = card_places(state)
    assert all(n == 1 for n in places.values())
    assert set(places) <= set(card_instances(ctx))
    for h in state.heroes.values():
        assert h.cheese >= 0
        assert h.captured or h.wounds < content.heroes[h.id].life
    assert state.wheel >= 0
    assert json.loads(json.dumps(State.from_json(state.to_json()).to_json())) == state.to_json()


@pytest.mark.rule("R-EXP-16")
@pytest.mark.rule("R-SPACE-02")
@pytest.mark.parametrize("chapter", ["the-trickle-crossing", "the-ember-vault"])
def test_100_random_games_of_each_new_chapter_keep_the_invariants(chapter: str) -> None:
    outcomes: Counter[str] = Counter()
    for seed in SEEDS:
        game = Game.new(chapter, PARTY, seed=seed)
        rng = random.Random(seed)
        check(game)
        for _ in range(STEPS):
            decision = game.decision()
            if decision is None:
                break
            game.apply(rng.choice(decision.options))
            check(game)
        outcomes[game.state.status] += 1
    assert sum(outcomes.values()) == len(SEEDS)
