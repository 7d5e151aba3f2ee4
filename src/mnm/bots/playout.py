"""Playouts: a game played on to its end by the heuristic's rules of thumb (no lookahead), the rarer questions at
random. Shared by the search bot (:mod:`mnm.bots.mcts`), the hints (:mod:`mnm.bots.hints`) and the value estimate's
fitting (:mod:`mnm.bots.value`), below all three."""

from __future__ import annotations

import random
from typing import Protocol

from mnm.bots.hero import question_rule, turn_rule
from mnm.engine import Action, Ctx, State, apply_action_in_place, legal_actions

__all__ = ["PLAYOUT_LIMIT", "TurnChooser", "play_out", "playout_step"]


class TurnChooser(Protocol):
    """What a playout asks of its bot: a mouse's turn by rules of thumb (:class:`mnm.bots.policy.HeuristicBot` is
    one). A protocol, so this module, below the policy, never names it (issue 49: no circle, even for the type
    checker: the policy's story-choice look-ahead plays out through this module)."""

    def turn_choice(self, ctx: Ctx, st: State, options: list[Action]) -> Action | None: ...

PLAYOUT_LIMIT = 5_000  # decisions; a guard only: Chapter 1 playouts take about 200


def playout_step(
    ctx: Ctx, st: State, bot: TurnChooser, rng: random.Random, legal: list[Action], hero: bool = False
) -> Action:
    """One decision of a playout: a mouse's turn by the heuristic's rules of thumb (no lookahead), the rarer
    questions (which card to keep, which ability to take...) at random from ``rng``. ``hero``: also the heroes'
    whole game (issue 44, :mod:`mnm.bots.hero`: abilities, items, scrolls, before-turn questions, level-up picks by
    their rules of thumb), as the new party plays; the hints' playouts play so, the search bot's not yet. Returns
    the action played."""
    pick = None
    pending = st.pending
    if pending is not None and pending.kind == "turn":
        pick = bot.turn_choice(ctx, st, legal)
        if hero:
            ruled = turn_rule(ctx, st, legal, pick)
            if ruled is not None:
                pick = ruled[0]
    elif hero and pending is not None:
        ruled = question_rule(ctx, st, pending.kind, legal)
        if ruled is not None:
            pick = ruled[0]
    action = pick or legal[rng.randrange(len(legal))]
    apply_action_in_place(ctx, st, action)
    return action


def play_out(
    ctx: Ctx, st: State, bot: TurnChooser, rng: random.Random, limit: int = PLAYOUT_LIMIT, hero: bool = False
) -> tuple[State, int]:
    """Play on from ``st`` to the end of the chapter (or ``limit`` decisions) by :func:`playout_step` (``hero``:
    with the heroes' rules of thumb); return the last state and the number of decisions taken. ``st`` may be
    changed."""
    work = st
    steps = 0
    for steps in range(limit + 1):
        if work.status != "playing" or steps == limit:
            break
        legal = legal_actions(ctx, work)
        if not legal:
            break
        playout_step(ctx, work, bot, rng, legal, hero)
    return work, steps
