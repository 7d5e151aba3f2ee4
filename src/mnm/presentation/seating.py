"""Seat, bot and undo policy shared by the server's tables and the terminal (issue 11: one place, not two).

* :data:`BOT_NAMES`: the bots a seat may hold, in the order they are offered.
* :func:`undo_goes_on`: after one action is taken back, whether to take back one more. Undo goes back to a
  person's decision: while the decision now pending is a bot's, the bot would at once play again what was just
  taken back, so its answer is taken back too (as long as undo allows: no die rolled, no card seen).
"""

from __future__ import annotations

from collections.abc import Callable

from mnm.engine import Decision, Game

__all__ = ["BOT_NAMES", "undo_goes_on"]

BOT_NAMES: tuple[str, ...] = ("random", "heuristic", "search")


def undo_goes_on(game: Game, answered_by_bot: Callable[[Decision], bool]) -> bool:
    """After an undo: True when the pending decision is a bot's (``answered_by_bot``) and undo is still allowed."""
    if not game.can_undo()[0]:
        return False
    d = game.decision()
    return d is not None and answered_by_bot(d)
