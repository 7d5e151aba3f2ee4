"""The hints' playouts play the heroes' whole game (issue 44): with ``hero`` a playout uses abilities and items by
the rules of thumb of :mod:`mnm.bots.hero`, without it none; and the hints' chapter weights for a shipped chapter
come from :mod:`mnm.bots.fits` without playing the fit's playouts."""

from __future__ import annotations

import random

import pytest

from mnm.bots import fits, playout, value
from mnm.bots.mcts import rollout_bot
from mnm.bots.policy import resample_hidden
from mnm.engine import Action, Ctx, Game, State, apply_action_in_place, difficulty_options, make_ctx

PARTY = ["collin", "tilda", "filch", "maginos"]
USED = ("ability", "use", "read")


def _used(monkeypatch: pytest.MonkeyPatch, hero: bool, seeds: range) -> int:
    """Abilities, items and scrolls used over Chapter 1 playouts of ``seeds`` played to the end."""
    taken: list[Action] = []
    apply = apply_action_in_place

    def record(ctx: Ctx, st: State, action: Action) -> list[object]:
        taken.append(action)
        return list(apply(ctx, st, action))

    monkeypatch.setattr(playout, "apply_action_in_place", record)
    for seed in seeds:
        game = Game.new("flight-to-barksburg", PARTY, seed=seed)
        ctx = make_ctx(game.ctx.content, game.ctx.chapter.id)
        rng = random.Random(seed)
        work = game.state.copy()
        resample_hidden(work, rng)
        end, _ = playout.play_out(ctx, work, rollout_bot(seed), rng, hero=hero)
        assert end.status != "playing"
    monkeypatch.undo()
    return sum(1 for a in taken if a.verb in USED)


def test_hint_playouts_use_abilities_and_items_only_with_the_hero_rules(monkeypatch: pytest.MonkeyPatch) -> None:
    assert _used(monkeypatch, True, range(3)) > 0
    assert _used(monkeypatch, False, range(3)) == 0


def test_hero_weights_of_a_shipped_chapter_are_read_not_fitted(monkeypatch: pytest.MonkeyPatch) -> None:
    game = Game.new("flight-to-barksburg", PARTY, seed=0, options=difficulty_options("normal"))
    key = fits.fit_key("flight-to-barksburg", game.state.party, game.state.options)
    assert key in fits.HERO_FITS

    def no_fit(*args: object, **kwargs: object) -> list[object]:
        raise AssertionError("the fit's playouts were played")

    monkeypatch.setattr(value, "_collect_chapter", no_fit)
    ctx = make_ctx(game.ctx.content, game.ctx.chapter.id)
    assert value.chapter_weights(ctx, game.state, hero=True) == fits.HERO_FITS[key]
    # another party (or the search bot's weights, without the hero rules) is fitted when first asked
    with pytest.raises(AssertionError, match="fit's playouts"):
        value.chapter_weights(ctx, game.state, hero=False, games=7)


def test_every_preset_of_the_chapters_fitted_ahead_has_hero_weights() -> None:
    from mnm.content.loader import builtin_content
    from mnm.engine import DIFFICULTY_PRESETS

    content = builtin_content()
    for chapter in fits.AHEAD:
        party = PARTY[: max(1, min(4, content.chapters[chapter].party_size))]
        for preset in DIFFICULTY_PRESETS:
            weights = fits.HERO_FITS.get(fits.fit_key(chapter, party, difficulty_options(preset)))
            assert weights is not None and len(weights) == len(value.FEATURES), (chapter, preset)
