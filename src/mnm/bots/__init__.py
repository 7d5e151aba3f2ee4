"""Bots that play the heroes (random, heuristic, search), all through the engine's public API."""

from mnm.bots.policy import BOTS, HeuristicBot, Policy, RandomBot, evaluate, make_bot

__all__ = ["BOTS", "HeuristicBot", "Policy", "RandomBot", "evaluate", "make_bot"]
