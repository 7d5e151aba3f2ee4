"""The play-test time estimate (issue 37): what the workshop may show before a play-test starts."""

from __future__ import annotations

import pytest

from mnm.bots.cost import FIT_SECONDS_PER_PAGE, SECONDS_PER_PAGE, estimate_playtest_seconds, seconds_per_game
from mnm.content.loader import builtin_content


def test_search_costs_more_than_the_heuristic_and_longer_chapters_more() -> None:
    assert seconds_per_game("search", 6) > seconds_per_game("heuristic", 6) > 0
    assert seconds_per_game("search", 9) > seconds_per_game("search", 5)
    assert seconds_per_game("search", 6, slowdown=3.0) == pytest.approx(3 * seconds_per_game("search", 6))


def test_a_playtest_estimate_counts_games_presets_and_workers() -> None:
    chapter = builtin_content().chapters["flight-to-barksburg"]
    one = seconds_per_game("search", chapter.end_page)
    # every worker fits the search bot's value estimate once per preset, before its first game: not shared out
    fit = FIT_SECONDS_PER_PAGE["search"] * chapter.end_page * 3
    assert fit > 0
    assert estimate_playtest_seconds("search", chapter, games=100, presets=3, workers=1) == pytest.approx(300 * one + fit)
    assert estimate_playtest_seconds("search", chapter, games=100, presets=3, workers=2) == pytest.approx(150 * one + fit)
    # the heuristic fits nothing
    two = seconds_per_game("heuristic", chapter.end_page)
    assert estimate_playtest_seconds("heuristic", chapter, games=100, presets=3, workers=2) == pytest.approx(150 * two)


def test_an_unknown_bot_has_no_estimate() -> None:
    with pytest.raises(ValueError, match="unknown bot"):
        seconds_per_game("oracle", 6)
    assert set(SECONDS_PER_PAGE) >= {"heuristic", "search"}
