"""Bots that play the heroes (random, heuristic, search), all through the engine's public API."""

from mnm.bots.policy import HeuristicBot, Policy, RandomBot, evaluate
from mnm.bots.registry import BOTS, make_bot

__all__ = ["BOTS", "HeuristicBot", "Policy", "RandomBot", "evaluate", "make_bot"]
