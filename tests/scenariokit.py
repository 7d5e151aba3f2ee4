"""The example scenarios (examples/scenarios/*.yaml) as games, with their own actions played: what
``mnm scenario run`` shows, for the tests of the surfaces (web board, terminal board, plain mode)."""

from __future__ import annotations

from pathlib import Path

from mnm.engine import Game, load_scenario, scenario_from_yaml

SCENARIOS = Path(__file__).resolve().parents[1] / "examples" / "scenarios"


def scenario_game(name: str) -> Game:
    """``examples/scenarios/NAME.yaml`` loaded, with its own actions played."""
    data = scenario_from_yaml((SCENARIOS / f"{name}.yaml").read_text(encoding="utf-8"))
    actions = data.pop("actions", None) or []
    game = load_scenario(data)
    for action in actions:
        game.apply(action)
    return game


def tied_entry_game() -> Game:
    """Proving Grounds with the ``minion_space`` decision waiting (R-ENC-05): a surge places 2 rats and the
    entry spaces 5:1, 5:3 and 5:10 tie."""
    return load_scenario(
        {
            "chapter": "proving-grounds",
            "heroes": {"collin": {"space": "5:15"}},
            "minions": {"rat-warrior-1": {"space": "5:15"}},
            "track": ["minion:rat-warrior", "mouse:collin"],
            "wheel": 5,
            "dice": [2, 1, 3, 4, 1],  # the rat's attack rolls CHEESE: the surge places 2 rats
            "encounter_up": "quiet-corridor",
        }
    )
