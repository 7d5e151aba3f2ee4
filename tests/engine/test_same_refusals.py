"""Issue 26, finding 9: the pure and the compiled engine refuse bad input with the same typed error: a non-text
action is a MalformedAction, a scenario with a tile given as a list or under a number key is a ScenarioError,
and a NUL byte in a scenario's text is a ScenarioError (it was an uncaught YAML ReaderError). The lead runs
this file on the compiled build too."""

from __future__ import annotations

import contextlib
from typing import Any

import pytest

from mnm.engine import Game, load_scenario, scenario_from_yaml
from mnm.engine.errors import MalformedAction, ScenarioError

PARTY = ["collin", "tilda", "filch", "maginos"]


@pytest.mark.parametrize("action", [5, None, b"move collin 5:12", ["move", "collin"], 3.5, {"verb": "move"}])
def test_a_non_text_action_is_malformed(action: Any) -> None:
    game = Game.new("proving-grounds", PARTY, seed=1)
    before = game.state.to_json()
    with pytest.raises(MalformedAction):
        game.apply(action)
    assert game.state.to_json() == before


@pytest.mark.parametrize(
    "tiles",
    [{5: [1]}, {"guard-room": [1]}, {5: 1}, {"guard-room": "five"}, {"guard-room": 99}],
)
def test_a_bad_tiles_entry_is_a_scenario_error(tiles: Any) -> None:
    with pytest.raises(ScenarioError, match=r"^scenario: tiles"):
        load_scenario({"chapter": "proving-grounds", "heroes": {"collin": {}}, "tiles": tiles})


@pytest.mark.parametrize(
    "field", [{"heroes": {5: {}}}, {"minions": {7: {"space": "5:1"}}}, {"tokens": {1: ["5:1"]}}, {"options": {1: 2}}]
)
def test_number_keys_are_scenario_errors_or_read_as_text(field: dict[str, Any]) -> None:
    with contextlib.suppress(ScenarioError):
        load_scenario({"chapter": "proving-grounds", "heroes": {"collin": {}}, **field})


@pytest.mark.parametrize("text", ["chapter: proving\x00-grounds\n", "chapter: \x07\n", "\ufffe"])
def test_unprintable_characters_in_a_scenario_are_a_scenario_error(text: str) -> None:
    with pytest.raises(ScenarioError, match=r"^scenario: not valid YAML/JSON"):
        scenario_from_yaml(text)
