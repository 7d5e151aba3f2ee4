"""Issue 26, finding 5: every number a save or a scenario carries has a range. ``move_points: 3000000000`` made
the movement search allocate gigabytes, and 2**63 was a traceback; now each is one error naming the field."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from mnm.engine import Game, load_scenario
from mnm.engine.errors import SaveError, ScenarioError

PARTY = ["collin", "tilda", "filch", "maginos"]
HUGE = (3_000_000_000, 2**63, -(2**63))


def _turn_save() -> dict[str, Any]:
    game = Game.new("proving-grounds", PARTY, seed=3)
    while (d := game.decision()) is not None and d.kind != "turn":
        game.apply(d.options[0])
    save = game.to_json()
    assert save["state"]["turn"] is not None
    return save


def _int_paths(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every whole number of a save (not in the pending decision's data or chapter_data, checked elsewhere)."""
    if isinstance(node, bool):
        return []
    if isinstance(node, int):
        return [path]
    if isinstance(node, dict):
        return [p for k, v in node.items() for p in _int_paths(v, (*path, k))]
    if isinstance(node, list):
        return [p for i, v in enumerate(node) for p in _int_paths(v, (*path, i))]
    return []


SAVE = _turn_save()
PATHS = [p for p in _int_paths(SAVE) if p[:2] != ("state", "format")]


def test_the_save_has_numbers_in_every_part() -> None:
    named = {p[1] for p in PATHS}
    assert {"seed", "rng", "wheel", "hourglass", "end_page", "turn", "heroes", "round"} <= named


@pytest.mark.parametrize("path", PATHS, ids=lambda p: ".".join(map(str, p)))
@pytest.mark.parametrize("value", HUGE)
def test_a_number_out_of_range_in_a_save_is_refused_by_name(path: tuple[Any, ...], value: int) -> None:
    if path[1] in ("seed", "rng") and value > 0:
        value = 2**130  # a seed (128 bits) and the dice stream's counter (64 bits) may be that big; not this
    bad = copy.deepcopy(SAVE)
    node = bad
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    with pytest.raises(SaveError) as err:
        Game.from_json(bad)
    assert str(err.value).startswith(".".join(map(str, path[:2]))), str(err.value)
    assert "\n" not in str(err.value)


def test_a_seed_over_128_bits_is_refused() -> None:
    bad = copy.deepcopy(SAVE)
    bad["state"]["seed"] = 2**130
    with pytest.raises(SaveError, match=r"^state\.seed"):
        Game.from_json(bad)


@pytest.mark.parametrize(
    "field",
    [
        {"turn_state": {"move_points": 3_000_000_000}},
        {"turn_state": {"move_points": 2**63}},
        {"turn_state": {"extra_actions": 10**9}},
        {"heroes": {"collin": {"wounds": 2**63}}},
        {"heroes": {"collin": {"cheese": 10**12}}},
        {"heroes": {"collin": {"buffs": {"attack": 2**63}}}},
        {"minions": {"rat-warrior-1": {"space": "5:1", "wounds": 10**10}}},
        {"round": 2**63},
        {"hourglass": 10**9},
        {"end_page": 2**63},
        {"seed": 2**200},
        {"explored": [2**63]},
    ],
)
def test_a_number_out_of_range_in_a_scenario_is_refused(field: dict[str, Any]) -> None:
    data: dict[str, Any] = {"chapter": "proving-grounds", "heroes": {"collin": {"space": "5:15"}}, "turn": "mouse:collin"}
    for key, value in field.items():
        if isinstance(value, dict) and isinstance(data.get(key), dict):
            merged = copy.deepcopy(data[key])
            for k, v in value.items():
                merged[k] = {**merged.get(k, {}), **v} if isinstance(v, dict) else v
            data[key] = merged
        else:
            data[key] = value
    with pytest.raises(ScenarioError, match=r"^scenario: "):
        load_scenario(data)
