"""One module per section of the rulebook. Importing this package registers every rule."""

from mnm.engine.rules import (  # noqa: F401
    achievements,
    battle,
    brodie,
    campaign,
    capture,
    cards,
    effects,
    encounters,
    explore,
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
