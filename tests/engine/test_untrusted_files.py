"""Issue 14, findings 7 and 8: saves and scenario files are untrusted input.

Every bad file ends in one clear error naming the field or the line (SaveError / ScenarioError), never a
traceback, and never after gigabytes of memory or minutes of work.
"""

from __future__ import annotations

import copy
import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from mnm.engine.errors import SaveError, ScenarioError
from mnm.engine.game import Game
from mnm.engine.savefile import read_save_text
from mnm.engine.scenario import load_scenario, scenario_from_yaml

PARTY = ["collin", "tilda", "filch", "maginos"]
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def save() -> dict[str, Any]:
    game = Game.new("proving-grounds", PARTY, seed=4)
    for _ in range(6):
        game.apply(game.legal_actions()[0])
    return game.to_json()


def broken(save: dict[str, Any], path: list[Any], value: Any) -> dict[str, Any]:
    data = copy.deepcopy(save)
    node = data
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return data


CASES = [
    (["state", "pending", "kind"], "no_such_decision", "state.pending.kind"),
    (["state", "pending", "actor"], "mr-nobody", "state.pending.actor"),
    (["state", "heroes", "collin", "space"], "99:99", "state.heroes.collin.space"),
    (["state", "heroes", "collin", "pack"], ["no-such-card/1"], "state.heroes.collin.pack[0]"),
    (["state", "stack"], [["no_such_step"]], "state.stack[0][0]"),
    (["state", "heroes", "collin", "wounds"], "three", "state.heroes.collin.wounds"),
    (["state", "heroes", "collin", "captured"], 1, "state.heroes.collin.captured"),
    (["state", "party"], ["collin", "nobody"], "state.party[1]"),
    (["state", "dice_queue"], [7], "state.dice_queue[0]"),
    (["state", "search_deck"], [5], "state.search_deck[0]"),
    (["state", "options"], {"cheat": True}, "state.options.cheat"),
    (["state", "minions"], {"rat-1": {"id": "rat-1", "type": "dragon", "space": "5:1"}}, "state.minions.rat-1.type"),
    (["state", "turn"], {"mouse": "collin", "bogus": 1}, "state.turn"),
    (["log"], ["move"], "log[0]"),
    (["state", "seed"], 2**2000, "bits"),
]


@pytest.mark.parametrize(("path", "value", "named"), CASES, ids=[c[2] for c in CASES])
def test_a_bad_save_is_one_error_naming_the_field(save: dict[str, Any], path: list[Any], value: Any, named: str) -> None:
    data = broken(save, path, value)
    with pytest.raises(SaveError) as err:
        Game.from_json(data)
    assert named in str(err.value) and "\n" not in str(err.value)


def test_a_good_save_still_loads(save: dict[str, Any]) -> None:
    assert Game.from_json(save).state.to_json() == save["state"]


def test_deep_nesting_and_huge_numbers_in_save_text_are_errors() -> None:
    for text in ("[" * 100_000 + "]" * 100_000, '{"state": ' + "9" * 5000 + "}", '{"a": ' * 60 + "1" + "}" * 60):
        with pytest.raises(SaveError):
            read_save_text(text)


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mnm", *args], capture_output=True, text=True, timeout=120, cwd=ROOT
    )


def test_mnm_hint_on_a_damaged_save_says_what_is_wrong(tmp_path: Path, save: dict[str, Any]) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(broken(save, ["state", "pending", "kind"], "nope")))
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000)
    for path, named in ((bad, "state.pending.kind"), (deep, "nest")):
        out = run_cli("hint", str(path))
        assert out.returncode == 1, out.stderr
        assert "Traceback" not in out.stderr and named in out.stderr
        assert len(out.stderr.strip().splitlines()) == 1


# --- scenario files ---------------------------------------------------------------------------------------------

BOMB = """\
a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]
b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]
c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]
d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]
e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]
f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]
g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]
h: &h [*g,*g,*g,*g,*g,*g,*g,*g,*g]
i: &i [*h,*h,*h,*h,*h,*h,*h,*h,*h]
"""


@pytest.mark.parametrize(
    ("text", "says"),
    [
        (BOMB, "aliases"),
        ("a: &x [*x]\n", "aliases"),
        ("chapter: proving-grounds\nseed: " + "7" * 5000 + "\n", "digits"),
        ("x: " + "[" * 200 + "]" * 200 + "\n", "nested"),
        ("chapter: proving-grounds\nwhen: !!timestamp 2001-12-14\n", "timestamp"),
        ("chapter: proving-grounds\nwhen: !!binary aGVsbG8=\n", "binary"),
        ("dice: [" + ",".join(["1"] * 150_000) + "]\n", "KB"),
        ("x: [" + ",".join(["1"] * 25_000) + "]\n", "values"),
    ],
    ids=["alias-bomb", "self-alias", "huge-int", "deep", "timestamp", "binary", "too-big", "too-many"],
)
def test_a_hostile_scenario_file_is_refused_quickly(text: str, says: str) -> None:
    start = time.monotonic()
    with pytest.raises(ScenarioError) as err:
        scenario_from_yaml(text)
    assert says in str(err.value) and "\n" not in str(err.value)
    assert time.monotonic() - start < 10


def test_an_implicit_date_stays_text_and_plain_files_still_load() -> None:
    data = scenario_from_yaml("chapter: proving-grounds\ndescription: 2001-12-14\nheroes: {filch: {}}\ndice: [2, 3]\n")
    assert data["description"] == "2001-12-14"
    assert load_scenario(data).state.dice_queue[:2] == [2, 3]


def test_too_many_scripted_dice_are_refused_by_name() -> None:
    with pytest.raises(ScenarioError, match="dice"):
        load_scenario({"chapter": "proving-grounds", "heroes": {"filch": {}}, "dice": [1] * 10_001})


def test_mnm_scenario_run_json_on_a_dated_file_gives_no_traceback(tmp_path: Path) -> None:
    path = tmp_path / "s.yaml"
    path.write_text("chapter: proving-grounds\nheroes: {filch: {}}\nwhen: !!timestamp 2001-12-14\n")
    out = run_cli("scenario", "run", str(path), "--json")
    assert out.returncode != 0 and "Traceback" not in out.stderr and "timestamp" in out.stderr
