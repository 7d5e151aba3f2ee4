"""One module per section of the rulebook. Importing this package registers every rule."""

from mnm.engine.rules import (  # noqa: F401
    abilities,
    achievements,
    battle,
    brodie,
    campaign,
    capture,
    card_abilities,
    cards,
    effects,
    encounters,
    explore,
    free_actions,
    initiative,
    minions,
    movement,
    party_items,
    search,
    setup,
    surges,
    traps,
    turn,
    victory,
    water,
)
from mnm.engine.rules import allies, creatures, flying, leaves, statuses, terrain, turtles, weather  # noqa: F401  [EXP]
