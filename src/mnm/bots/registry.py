"""The bots by name (``random``, ``heuristic``, ``search``): above both the policies and the search bot, so
neither imports the other to be found."""

from __future__ import annotations

from mnm.bots.mcts import SearchBot
from mnm.bots.policy import HeuristicBot, Policy, RandomBot

__all__ = ["BOTS", "make_bot"]


BOTS: dict[str, type] = {"random": RandomBot, "heuristic": HeuristicBot}


def make_bot(name: str, seed: int = 0) -> Policy:
    """A bot by name (``random``, ``heuristic``, ``search``)."""
    if name == "search":
        return SearchBot(seed=seed)
    if name not in BOTS:
        raise ValueError(f"unknown bot {name!r}; bots: random, heuristic, search")
    bot: Policy = BOTS[name](seed=seed)
    return bot
