"""The hints' playouts play the heroes' whole game (issue 44): with ``hero`` a playout uses abilities and items by
the rules of thumb of :mod:`mnm.bots.hero`, without it none; and the hints' chapter weights for a shipped chapter
come from :mod:`mnm.bots.fits` without playing the fit's playouts."""

from __future__ import annotations

import random

from mnm.bots import fits, playout, value
from mnm.bots.mcts import rollout_bot
from mnm.bots.policy import resample_hidden
from mnm.engine import Action, Game, difficulty_options, legal_actions, make_ctx

PARTY = ["collin", "tilda", "filch", "maginos"]
USED = ("ability", "use", "read")


def _used(hero: bool, seeds: range) -> int:
    """Abilities, items and scrolls used over Chapter 1 playouts of ``seeds`` played to the end, decision by decision
    as :func:`playout.play_out` plays them (the actions read from :func:`playout.playout_step`, not patched in: the
    compiled build calls its own functions)."""
    taken: list[Action] = []
    for seed in seeds:
        game = Game.new("flight-to-barksburg", PARTY, seed=seed)
        ctx = make_ctx(game.ctx.content, game.ctx.chapter.id)
        rng = random.Random(seed)
        work = game.state.copy()
        resample_hidden(work, rng)
        bot = rollout_bot(seed)
        for _ in range(playout.PLAYOUT_LIMIT):
            legal = legal_actions(ctx, work)
            if work.status != "playing" or not legal:
                break
            taken.append(playout.playout_step(ctx, work, bot, rng, legal, hero))
        assert work.status != "playing"
    return sum(1 for a in taken if a.verb in USED)


def test_hint_playouts_use_abilities_and_items_only_with_the_hero_rules() -> None:
    assert _used(True, range(3)) > 0
    assert _used(False, range(3)) == 0


def test_hero_weights_of_a_shipped_chapter_are_read_not_fitted() -> None:
    """Read from the shipped table: nothing is fitted (the fitted cache gains no entry); another set of weights is."""
    game = Game.new("flight-to-barksburg", PARTY, seed=0, options=difficulty_options("normal"))
    key = fits.fit_key("flight-to-barksburg", game.state.party, game.state.options)
    assert key in fits.HERO_FITS

    def fitted(games: int, hero: bool) -> bool:
        """Whether this chapter, party and options were fitted in this process (the cache's key, exactly)."""
        st = game.state
        key = ("flight-to-barksburg", tuple(st.party), tuple(sorted(st.options.items())), games, hero)
        return any(k == key for _, k, _ in value._fitted)

    ctx = make_ctx(game.ctx.content, game.ctx.chapter.id)
    assert value.chapter_weights(ctx, game.state, hero=True) == fits.HERO_FITS[key]
    assert not fitted(value.FIT_GAMES, True)
    # another party (or the search bot's weights, without the hero rules) is fitted when first asked
    value.chapter_weights(ctx, game.state, hero=False, games=7)
    assert fitted(7, False)


def test_every_preset_of_the_chapters_fitted_ahead_has_hero_weights() -> None:
    from mnm.content.loader import builtin_content
    from mnm.engine import DIFFICULTY_PRESETS

    content = builtin_content()
    for chapter in fits.AHEAD:
        party = PARTY[: max(1, min(4, content.chapters[chapter].party_size))]
        for preset in DIFFICULTY_PRESETS:
            weights = fits.HERO_FITS.get(fits.fit_key(chapter, party, difficulty_options(preset)))
            assert weights is not None and len(weights) == len(value.FEATURES), (chapter, preset)
