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
        out += achievements._aim_options(ctx, st, h, t)
    out += turn._end_options(ctx, st, h, t)
    out += battle._battle_options(ctx, st, h, t)
    out += effects._recover_options(ctx, st, h, t)
    out += cards.card_verb_options(ctx, st, h, t, "use")
    out += cards.card_verb_options(ctx, st, h, t, "read")
    if items:
        out += turtles._whistle_options(ctx, st, h, t)
        out += leaves._paddle_options(ctx, st, h, t)
    out += movement._move_options(ctx, st, h, t)
    out += movement._scurry_options(ctx, st, h, t)
    out += search._options(ctx, st, h, t)
    out += free_actions._share_options(ctx, st, h, t)
    out += free_actions._equip_options(ctx, st, h, t)
    out += free_actions._unequip_options(ctx, st, h, t)
    out += free_actions._levelup_options(ctx, st, h, t)
    out += abilities._turn_uses(ctx, st, h, t)
    out += chapter_actions._act_options(ctx, st, h, t)
    if items:
        out += party_items._place_options(ctx, st, h, t)
        out += party_items._retrieve_options(ctx, st, h, t)
        out += party_items._catapult_options(ctx, st, h, t)
        out += party_items._launch_options(ctx, st, h, t)
    out += explore._options(ctx, st, h, t)
    out += trees._climb_options(ctx, st, h, t)
    if items:
        out += trees._glide_options(ctx, st, h, t)
    return out


# What direct_turn_options stands for: each verb's registered options function, in the same order. ``use`` and
# ``read`` are registered by rules/cards.py as closures over card_verb_options (a verb is registered only once).
_EXPECTED = (
    achievements._aim_options,
    turn._end_options,
    battle._battle_options,
    effects._recover_options,
    TURN_VERBS["use"].options,
    TURN_VERBS["read"].options,
    turtles._whistle_options,
    leaves._paddle_options,
    movement._move_options,
    movement._scurry_options,
    search._options,
    free_actions._share_options,
    free_actions._equip_options,
    free_actions._unequip_options,
    free_actions._levelup_options,
    abilities._turn_uses,
    chapter_actions._act_options,
    party_items._place_options,
    party_items._retrieve_options,
    party_items._catapult_options,
    party_items._launch_options,
    explore._options,
    trees._climb_options,
    trees._glide_options,
)

turn.install_direct_listing(_EXPECTED, direct_turn_options)
