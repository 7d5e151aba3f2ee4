"""The mouse turn's options listed with plain calls (R-TURN-01..05): the same list as asking every registered
turn verb in turn (rules/turn.py), written out so that the compiled engine (mypyc) calls each verb's options
function directly (a C call) instead of through a Python-level callable: about two dozen calls at every turn
decision, most of which find nothing.

``install_direct_listing`` offers it together with the very functions, in the very order, it stands for; the
turn decision uses it only while the registered verbs are exactly those (a verb registered later, or modules
imported in another order, fall back to the general loop, which gives the same answer).
"""

from __future__ import annotations

from mnm.engine.actions import Action
from mnm.engine.context import TURN_VERBS, Ctx
from mnm.engine.rules import (
    abilities,
    achievements,
    battle,
    cards,
    chapter_actions,
    effects,
    explore,
    free_actions,
    leaves,
    movement,
    party_items,
    search,
    trees,
    turn,
    turtles,
)
from mnm.engine.state import Hero, State, Turn

__all__ = ["direct_turn_options"]


def direct_turn_options(ctx: Ctx, st: State, h: Hero, t: Turn) -> list[Action]:
    """Every turn verb's options, in registration order (the order of ``_EXPECTED`` below).

    A verb is skipped only where its own first check would find nothing: the party items, paddle, whistle and
    glide need a token in the party stash or on the board; Aim needs an achievement."""
    out: list[Action] = []
    items = bool(st.stash) or bool(st.tokens)
    if h.achievements:
        out += achievements.aim_options(ctx, st, h, t)
    out += turn.end_options(ctx, st, h, t)
    out += battle.battle_options(ctx, st, h, t)
    out += effects.recover_options(ctx, st, h, t)
    out += cards.card_verb_options(ctx, st, h, t, "use")
    out += cards.card_verb_options(ctx, st, h, t, "read")
    if items:
        out += turtles.whistle_options(ctx, st, h, t)
        out += leaves.paddle_options(ctx, st, h, t)
    out += movement.move_options(ctx, st, h, t)
    out += movement.scurry_options(ctx, st, h, t)
    out += search.search_options(ctx, st, h, t)
    out += free_actions.share_options(ctx, st, h, t)
    out += free_actions.equip_options(ctx, st, h, t)
    out += free_actions.unequip_options(ctx, st, h, t)
    out += free_actions.levelup_options(ctx, st, h, t)
    out += abilities.turn_uses(ctx, st, h, t)
    out += chapter_actions.act_options(ctx, st, h, t)
    if items:
        out += party_items.place_options(ctx, st, h, t)
        out += party_items.retrieve_options(ctx, st, h, t)
        out += party_items.catapult_options(ctx, st, h, t)
        out += party_items.launch_options(ctx, st, h, t)
    out += explore.explore_options(ctx, st, h, t)
    out += trees.climb_options(ctx, st, h, t)
    if items:
        out += trees.glide_options(ctx, st, h, t)
    return out


# What direct_turn_options stands for: each verb's registered options function, in the same order. ``use`` and
# ``read`` are registered by rules/cards.py as closures over card_verb_options (a verb is registered only once).
_EXPECTED = (
    achievements.aim_options,
    turn.end_options,
    battle.battle_options,
    effects.recover_options,
    TURN_VERBS["use"].options,
    TURN_VERBS["read"].options,
    turtles.whistle_options,
    leaves.paddle_options,
    movement.move_options,
    movement.scurry_options,
    search.search_options,
    free_actions.share_options,
    free_actions.equip_options,
    free_actions.unequip_options,
    free_actions.levelup_options,
    abilities.turn_uses,
    chapter_actions.act_options,
    party_items.place_options,
    party_items.retrieve_options,
    party_items.catapult_options,
    party_items.launch_options,
    explore.explore_options,
    trees.climb_options,
    trees.glide_options,
)

turn.install_direct_listing(_EXPECTED, direct_turn_options)
