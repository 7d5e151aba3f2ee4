"""The rule defects of issue 11, each reproduced with a scenario and scripted dice (failing before the fix)."""

from __future__ import annotations

import pytest
from ch1kit import CHEESE, SHIELD, of, scenario

COURTYARD_UP = {"tiles": {"3": 6, "1": 1}, "explored": [5, 6, 4, 2, 1]}


@pytest.mark.rule("R-ACH-05")
def test_scaper_captured_a_third_time_by_the_crow_is_rescued_next_to_another_mouse() -> None:
    """Maginos, the Scaper (2 captures, 3 wounds of 4), rolls a 1 for movement on the Courtyard: the crow's wound
    captures him a third time. He is rescued at once (keeping his equipped cards) and placed with or next to
    another mouse: the players choose where; his turn is over."""
    game = scenario(
        heroes={
            "maginos": {"space": "1:5", "wounds": 3, "captures": 2, "achievements": ["scaper"]},
            "collin": {"space": "1:12"},
        },
        minions={"rat-warrior-1": {"space": "1:13"}},
        turn="mouse:maginos",
        dice=[CHEESE, SHIELD, SHIELD, SHIELD, SHIELD],
        **COURTYARD_UP,
    )
    st = game.state
    maginos = st.heroes["maginos"]
    assert of(game.events, "mouse_captured") and of(game.events, "scaper_rescued")
    assert maginos.captures == 3 and maginos.wounds == 0 and maginos.cheese == 0
    assert st.turn is None or st.turn.mouse != "maginos"
    d = game.decision()
    assert d is not None and d.kind == "rescue" and d.actor == "maginos"
    spaces = {a.args[0] for a in d.options}
    assert "1:12" in spaces and "1:5" not in spaces  # with or next to Collin, not left where he was
    game.apply("choose maginos 1:12")
    assert game.state.heroes["maginos"].space == "1:12" and not game.state.heroes["maginos"].captured
    assert game.state.heroes["maginos"].equipped  # the Scaper keeps his equipped search cards
