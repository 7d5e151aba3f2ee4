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
