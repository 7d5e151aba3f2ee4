"""Rules audit: each test pins a place where the engine strayed from RULES.md or docs/rulings.md."""

from __future__ import annotations

import pytest
from flowkit import BOW_STAR, SWORD, moves, one

from mnm.engine.scenario import load_scenario


@pytest.mark.rule("R-TURN-05")
def test_r_turn_05_scurry_out_of_water_uses_the_whole_scurry_move() -> None:
    # A Scurry starts a new movement (R-TURN-05, docs/rulings.md R-MOVE-09): a mouse that walked into the water
    # may spend its whole scurry move climbing out (R-WATER-02), as it could have at the start of a turn.
    game = load_scenario(
        {
            "chapter": "flight-to-barksburg",
            "tiles": {"guard-room": 6},
            "heroes": {"collin": {"space": "6:5"}},
            "dice": [SWORD, SWORD, BOW_STAR],
        }
    )
    game.apply("move collin 6:8")
    assert moves(game) == set()
    game.apply("scurry collin")
    assert "6:9" in moves(game)
    ev = one(game.apply("move collin 6:9"), "leaves_water")
    assert ev.rule == "R-WATER-02"
    assert game.state.heroes["collin"].space == "6:9"
    assert game.state.turn is not None and game.state.turn.move_points == 0
