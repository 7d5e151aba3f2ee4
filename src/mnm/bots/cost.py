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
    "PURE_SLOWDOWN",
    "SECONDS_PER_PAGE",
    "estimate_playtest_seconds",
    "playtest_seconds",
    "seconds_per_game",
]

# CPU seconds per game per page of the chapter's end marker, compiled engine, one core of a quiet machine.
# Measured with bench/search_strength.py on Chapters 0-4 on a loaded machine (issue 37, docs/difficulty.md):
# there the heuristic took 0.041 s a Chapter 1 game (end page 6) against 13 ms on a quiet machine, and the search
# bot 22 to 26 times the heuristic's time on Chapters 1-3 (0.90 s a Chapter 1 game); the ratio is what carries
# over from one machine to another, so search = heuristic x 25, the heuristic at its quiet-machine cost.
SECONDS_PER_PAGE: dict[str, float] = {"random": 0.001, "heuristic": 0.0025, "search": 0.0625}
PURE_SLOWDOWN = 1.9  # the pure-Python engine against the compiled one, for the search bot (README, "Measured")
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
    """:func:`estimate_playtest_seconds` of a chapter known by its end page only (a draft being written)."""
    per_game = seconds_per_game(bot, end_page, slowdown)
    return per_game * math.ceil(games * presets / max(1, workers))
