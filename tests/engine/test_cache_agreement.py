"""Issue 26, finding 3: every engine cache answers what an uncached computation answers.

Random play of every chapter (the random choice leans towards the Turtle Whistle and moves, so turtles,
leaves, Hesster and the other expansion tokens come into play), and at every decision the options the game
lists through its caches are compared with those of a fresh definition (empty caches) on a copy of the same
state, and each mouse's cached reach with the uncached search."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from mnm.content.loader import builtin_content
from mnm.engine.game import Game, legal_actions, make_ctx
from mnm.engine.query import _minion_bfs, minion_distances
from mnm.engine.rules.movement import _reachable, _remembered_reach

PARTY = ["collin", "tilda", "filch", "maginos"]
CHAPTERS = list(builtin_content().chapters)
SEEDS = range(10)
STEPS = 200


def token_play(chapter: str, seed: int, steps: int) -> Iterator[Game]:
    """The game at each decision of random play (a whistle or a move three times likelier than another option,
    so turtles and leaves come into play and reach is asked often); the caller may look, not change."""
    rng = random.Random(seed)
    game = Game.new(chapter, PARTY, seed=seed)
    for _ in range(steps):
        d = game.decision()
        if d is None:
            return
        yield game
        options = list(d.options)
        game.apply(rng.choices(options, [3 if o.verb in ("whistle", "move") else 1 for o in options])[0])


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_cached_answers_match_uncached_ones_over_random_play(chapter: str) -> None:
    checked = 0
    for seed in SEEDS:
        for game in token_play(chapter, seed, STEPS):
            d = game.decision()
            assert d is not None
            cached = [str(a) for a in d.options]
            fresh = make_ctx(game.ctx.content, game.ctx.chapter.id)
            assert [str(a) for a in legal_actions(fresh, game.state.copy())] == cached, (chapter, seed, game.log)
            st, turn = game.state, game.state.turn
            if turn is not None and turn.mouse in st.heroes and st.heroes[turn.mouse].space is not None:
                h = st.heroes[turn.mouse]
                assert _remembered_reach(game.ctx, st, h, turn).reach == _reachable(fresh, st, h, turn), game.log
            for m in list(st.minions.values())[:3]:
                want = _minion_bfs(fresh, st, m.space, False, with_preds=False)[0]
                assert minion_distances(game.ctx, st, m.space) == want, (chapter, seed, game.log)
            checked += 1
    assert checked > 100
