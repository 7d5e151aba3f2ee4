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
from rulekit import BOW, CHEESE, SHIELD, SWORD, lab_content, scenario

from mnm.engine.errors import SaveError, ScenarioError
from mnm.engine.game import Game
from mnm.engine.savefile import read_save_text
from mnm.engine.scenario import load_scenario, scenario_from_yaml
from scenariokit import tied_entry_game

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


# --- the data of a pending decision (polish, item 1): wrong data fails at load, not when the decision is answered


def _minion_space_save() -> dict[str, Any]:
    game = tied_entry_game()
    d = game.decision()
    assert d is not None and d.kind == "minion_space"
    return game.to_json()


def _boss_card_save() -> tuple[dict[str, Any], Any]:
    content = lab_content()
    g = scenario(
        content,
        heroes={"collin": {"space": "5:15"}},
        minions={"lab-warlord-1": {"space": "5:12"}, "rat-warrior-9": {"space": "5:1"}},
        track=["boss:lab-warlord:3", "mouse:collin", "boss:lab-warlord:1", "minion:rat-warrior"],
        turn="mouse:collin",
        dice=[CHEESE, SWORD, SWORD, SHIELD, BOW, BOW],
    )
    g.apply("battle collin lab-warlord-1")
    d = g.decision()
    assert d is not None and d.kind == "boss_card"
    return g.to_json(), content


PENDING_CASES = [
    ("minion_space", ["minion"], "dragon", "state.pending.data.minion"),
    ("minion_space", ["spaces"], ["5:1", "99:1"], "state.pending.data.spaces[1]"),
    ("minion_space", ["spaces"], [], "state.pending.data.spaces"),
    ("minion_space", ["why"], 3, "state.pending.data.why"),
    ("minion_space", ["place"], [5, ["rat-warrior"]], "state.pending.data.place"),
    ("minion_space", ["place", 0], 77, "state.pending.data.place[0]"),
    ("minion_space", ["place", 1], ["dragon"], "state.pending.data.place[1][0]"),
    ("minion_space", ["place", 1], [], "state.pending.data.place[1]"),
    ("minion_space", ["place", 2], "yes", "state.pending.data.place[2]"),
    ("minion_space", ["place", 5], ["no_such_step"], "state.pending.data.place[5][0]"),
    ("minion_space", ["bogus"], 1, "state.pending.data"),
    ("boss_card", ["minion"], "lab-warlord-9", "state.pending.data.minion"),
    ("boss_card", ["minion"], "rat-warrior-9", "state.pending.data.minion"),
    ("boss_card", ["cards"], ["boss:lab-warlord:2"], "state.pending.data.cards[0]"),
    ("boss_card", ["cards"], ["minion:rat-warrior"], "state.pending.data.cards[0]"),
    ("boss_card", ["cards"], [], "state.pending.data.cards"),
    ("boss_card", ["by"], "nobody", "state.pending.data.by"),
]


@pytest.mark.parametrize(("kind", "path", "value", "named"), PENDING_CASES, ids=[f"{c[0]}-{c[3]}" for c in PENDING_CASES])
def test_a_tampered_decision_fails_at_load_naming_the_field(kind: str, path: list[Any], value: Any, named: str) -> None:
    save, content = (_minion_space_save(), None) if kind == "minion_space" else _boss_card_save()
    assert Game.from_json(save, content).decision().kind == kind  # type: ignore[union-attr]  # untouched: loads
    data = broken(save, ["state", "pending", "data", *path], value)
    with pytest.raises(SaveError) as err:
        Game.from_json(data, content)
    message = str(err.value)
    assert message.startswith((named + ":", named + " ")) and "\n" not in message


def test_a_tampered_minion_space_spaces_off_the_side_is_refused() -> None:
    save = _minion_space_save()
    data = broken(save, ["state", "pending", "data", "spaces"], ["5:1", "6:1"])
    with pytest.raises(SaveError, match=r"state\.pending\.data\.spaces\[1\]: must be a space of tile side 5"):
        Game.from_json(data)
