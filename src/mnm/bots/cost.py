"""How long the bots take to play a chapter: the estimate a play-test shows before it starts (issue 37).

A game lasts at most until the hourglass reaches the chapter's end page, and the bots' decisions per page hardly
depend on the chapter, so a bot's cost is calibrated as CPU seconds per page of the chapter's track, one core,
compiled engine (``bench/search_strength.py`` measures seconds per game on the shipped chapters; docs/bots.md,
"Cost"). A loaded machine and the pure engine are slower: ``slowdown`` scales the estimate.
"""

from __future__ import annotations

import math

from mnm.content.schema import Chapter

__all__ = [
    "DEFAULT_END_PAGE",
    "FIT_SECONDS_PER_PAGE",
    "PURE_SLOWDOWN",
    "SECONDS_PER_PAGE",
    "estimate_playtest_seconds",
    "playtest_seconds",
    "seconds_per_game",
]

# CPU seconds per game per page of the chapter's end marker, compiled engine and bots, one core.
# Measured with bench/search_strength.py on Chapter 1 (end page 6), seeds 69000-69999, 2 workers on the 2-core
# machine (issue 37, fourth round; docs/difficulty.md): the heuristic 0.025 s a game and the search bot's default
# 0.76 s (30 times the heuristic; 0.38-0.41 s on Chapters 2-4, whose games end sooner than their end page).
SECONDS_PER_PAGE: dict[str, float] = {"random": 0.001, "heuristic": 0.0043, "search": 0.127}
# Once per worker process and preset, before its first game, the search bot fits its value estimate on the chapter's
# own playouts (mnm.bots.value.chapter_weights: 120 heuristic playouts, 1.3 s of CPU for Chapter 1 compiled).
FIT_SECONDS_PER_PAGE: dict[str, float] = {"search": 0.22}
# The pure-Python engine and bots against the compiled ones, for the search bot (the same five games: 6.2 s
# against 2.3 s of CPU, issue 37).
PURE_SLOWDOWN = 2.7
DEFAULT_END_PAGE = 6  # Chapter 1's end page: the estimate of a draft whose end page is unknown or invalid


def seconds_per_game(bot: str, end_page: int, slowdown: float = 1.0) -> float:
    """The estimated CPU seconds one game of a chapter whose end marker is on ``end_page`` takes ``bot``."""
    if bot not in SECONDS_PER_PAGE:
        raise ValueError(f"unknown bot {bot!r}; bots: {', '.join(SECONDS_PER_PAGE)}")
    return SECONDS_PER_PAGE[bot] * max(1, end_page) * slowdown


def estimate_playtest_seconds(
    bot: str, chapter: Chapter, games: int, presets: int = 1, workers: int = 1, slowdown: float = 1.0
) -> float:
    """The estimated wall seconds of a play-test: ``games`` games per preset for ``presets`` presets, shared by
    ``workers`` processes (each on a core of its own), before it starts."""
    return playtest_seconds(bot, chapter.end_page, games, presets, workers, slowdown)


def playtest_seconds(
    bot: str, end_page: int, games: int, presets: int = 1, workers: int = 1, slowdown: float = 1.0
) -> float:
    """:func:`estimate_playtest_seconds` of a chapter known by its end page only (a draft being written): the
    games shared by the workers, and each worker's fit of the search bot's value estimate for each preset."""
    per_game = seconds_per_game(bot, end_page, slowdown)
    fitting = FIT_SECONDS_PER_PAGE.get(bot, 0.0) * max(1, end_page) * slowdown * presets
    return per_game * math.ceil(games * presets / max(1, workers)) + fitting
