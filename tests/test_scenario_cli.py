"""``mnm scenario run``: examples load and play, JSON and text output, clear errors for bad files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from mnm.cli import app

runner = CliRunner()
EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "scenarios"


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["scenario", "run", *args])
    return result.exit_code, result.stdout, result.stderr


def write(tmp_path: Path, text: str, name: str = "s.yaml") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.yaml")), ids=lambda p: p.stem)
def test_every_example_runs(path: Path) -> None:
    code, out, err = run(str(path), "--json")
    assert code == 0, err
    report = json.loads(out)
    if report["status"] != "playing":  # an example whose actions end the chapter (its expect says so)
        assert "status: won" in path.read_text(encoding="utf-8") and report["decision"] is None
        return
    assert report["decision"]["options"]


@pytest.mark.rule("R-TRAP-04")
def test_mousetrap_example_json() -> None:
    code, out, _ = run(str(EXAMPLES / "mousetrap.yaml"), "--json")
    assert code == 0
    report = json.loads(out)
    filch = report["state"]["heroes"]["filch"]
    assert (filch["space"], filch["wounds"], filch["cheese"], filch["statuses"]) == ("5:9", 1, 1, ["knocked_down"])
    assert report["state"]["traps"] == []
    sprung = [e for e in report["events"] if e["msg"] == "trap_sprung"]
    assert len(sprung) == 1
    assert sprung[0]["rule"] == "R-TRAP-04"
    assert sprung[0]["after"] == "move filch 5:9"
    assert "Filch" in sprung[0]["text"] and "Guard Room 9" in sprung[0]["text"]
    assert report["events"][0]["after"] is None  # Filch's movement roll happened while loading
    assert report["decision"]["actor"] == "collin"
    assert report["actions"] == ["move filch 5:9"]


@pytest.mark.rule("R-MOVE-03")
def test_yellow_line_example_text_summary() -> None:
    code, out, _ = run(str(EXAMPLES / "yellow-line.yaml"))
    assert code == 0
    assert "collin: 5:13, 0 wound(s), 0 cheese" in out
    assert "(R-MOVE-01)" in out
    assert "decision: turn for collin; options:" in out
    assert "  end collin" in out


def test_extra_actions_follow_the_file_actions(tmp_path: Path) -> None:
    code, out, _ = run(str(EXAMPLES / "yellow-line.yaml"), "--action", "end collin", "--json")
    assert code == 0
    report = json.loads(out)
    assert report["actions"] == ["move collin 5:13", "end collin"]
    assert next(e["msg"] for e in report["events"] if e["after"] == "end collin") == "turn_ends"


def test_portuguese_sentences() -> None:
    code, out, _ = run(str(EXAMPLES / "mousetrap.yaml"), "--json", "--lang", "pt_BR")
    assert code == 0
    moved = next(e for e in json.loads(out)["events"] if e["msg"] == "mouse_moves")
    assert "para a Casa de Guarda 9" in moved["text"]  # the name's article contracts: "para a", "da", "na"


def test_illegal_action_is_exit_1_with_the_reason(tmp_path: Path) -> None:
    code, out, err = run(str(EXAMPLES / "yellow-line.yaml"), "--action", "move collin 5:1")
    assert code == 1
    assert out == ""
    assert "action 2 'move collin 5:1' is not legal" in err
    assert "out of reach" in err


def test_malformed_action(tmp_path: Path) -> None:
    code, _, err = run(str(EXAMPLES / "yellow-line.yaml"), "--action", "fly collin 5:1")
    assert code == 1
    assert "unknown verb 'fly'" in err


def test_missing_file(tmp_path: Path) -> None:
    code, _, err = run(str(tmp_path / "nope.yaml"))
    assert code == 1
    assert err.startswith("Error: cannot read")


def test_not_yaml(tmp_path: Path) -> None:
    code, _, err = run(write(tmp_path, "chapter: [unclosed"))
    assert code == 1
    assert "not valid YAML/JSON" in err


def test_not_a_mapping(tmp_path: Path) -> None:
    code, _, err = run(write(tmp_path, "- just\n- a list\n"))
    assert code == 1
    assert "a scenario is a mapping" in err


def test_unknown_field_is_named(tmp_path: Path) -> None:
    code, _, err = run(write(tmp_path, "chapter: proving-grounds\nheros: {}\n"))
    assert code == 1
    assert "unknown field(s) heros" in err


def test_unknown_space_is_named(tmp_path: Path) -> None:
    code, _, err = run(write(tmp_path, 'chapter: proving-grounds\nheroes: {collin: {space: "5:99"}}\n'))
    assert code == 1
    assert "heroes.collin.space" in err and "5:99" in err


def test_impossible_position(tmp_path: Path) -> None:
    text = 'chapter: proving-grounds\nheroes: {collin: {space: "5:3"}}\nminions:\n'
    text += "".join(f'  rat-warrior-{i}: {{space: "5:3"}}\n' for i in range(1, 5))
    code, _, err = run(write(tmp_path, text))
    assert code == 1
    assert "R-SPACE-02" in err


def test_dice_running_out(tmp_path: Path) -> None:
    code, _, err = run(write(tmp_path, "chapter: proving-grounds\nheroes: {filch: {}}\nminions: {roach-1: {space: '5:1'}}\ndice_mode: scripted\n"))
    assert code == 1
    assert "dice script ran out" in err


def test_json_file(tmp_path: Path) -> None:
    data = {"chapter": "proving-grounds", "heroes": {"nez": {"space": "5:12"}},
            "minions": {"rat-warrior-1": {"space": "5:1"}}, "dice": [6]}
    code, out, _ = run(write(tmp_path, json.dumps(data), "s.json"), "--json")
    assert code == 0
    report = json.loads(out)
    assert report["decision"]["actor"] == "nez"
    assert report["state"]["turn"]["move_points"] == 2  # Nez: move 1, rolled a 1


def test_loader_takes_turn_flags_and_buffs() -> None:
    from mnm.engine.errors import ScenarioError
    from mnm.engine.scenario import load_scenario

    game = load_scenario({
        "chapter": "proving-grounds",
        "heroes": {"tilda": {"space": "5:12"}, "collin": {"space": "5:15", "buffs": {"ward": 1}}},
        "minions": {"rat-warrior-1": {"space": "5:3"}},
        "track": ["mouse:tilda", "mouse:collin", "minion:rat-warrior"],
        "dice": [2],
        "turn_state": {"flags": ["levitate"], "extra_actions": 1},
    })
    assert game.state.turn is not None
    assert (game.state.turn.flags, game.state.turn.extra_actions) == (["levitate"], 1)
    assert game.state.heroes["collin"].buffs == {"ward": 1}  # kept until Collin's own turn begins
    with pytest.raises(ScenarioError, match=r"heroes.collin.buffs.ward: must be a whole number"):
        load_scenario({"chapter": "proving-grounds", "heroes": {"collin": {"buffs": {"ward": "x"}}}})


# --- expect: what a scenario file says must hold after its actions (issue 33) --------------------------------

# every issue-33 case, by file, with the rule IDs it shows (the files say why in their comments)
ISSUE_33 = {
    "brodie-pounces-minions": ["R-BRODIE-04"],
    "charmed-knocked-down": ["R-NEG-05", "R-NEG-04"],
    "charmed-webbed": ["R-NEG-05", "R-NEG-03"],
    "charmed-stunned": ["R-NEG-05", "R-NEG-02"],
    "charmed-old-crow": ["R-NEG-05", "R-BATTLE-14"],
    "charmed-tree-entrance": ["R-NEG-05", "R-STORY-03"],
    "keep-another-mouses-card": ["R-CAMP-03"],
    "ambush-mid-round": ["R-ENC-09"],
    "ambush-mid-round-house-rule": ["R-ENC-09"],
    "entry-spaces-full": ["R-ENC-05"],
    "entry-spaces-full-house-rule": ["R-ENC-05"],
    "fishhook-into-the-tree": ["R-PARTY-03", "R-STORY-03"],
    "fishhook-into-the-tree-house-rule": ["R-PARTY-03", "R-STORY-03"],
    "born-to-lead-captured": ["R-ROUND-13"],
    "born-to-lead-captured-house-rule": ["R-ROUND-13"],
    "grape-in-water": ["R-PARTY-13"],
    "grape-in-water-house-rule": ["R-PARTY-13"],
    "tinkerers-treasure": ["R-SEARCH-07"],
    "tinkerers-treasure-house-rule": ["R-SEARCH-07"],
}


@pytest.mark.rule("R-NEG-05")
@pytest.mark.rule("R-BRODIE-04")
@pytest.mark.rule("R-CAMP-03")
@pytest.mark.rule("R-ENC-09")
@pytest.mark.rule("R-ENC-05")
@pytest.mark.rule("R-PARTY-03")
@pytest.mark.rule("R-ROUND-13")
@pytest.mark.rule("R-PARTY-13")
@pytest.mark.rule("R-SEARCH-07")
@pytest.mark.parametrize("name", sorted(ISSUE_33))
def test_issue_33_scenarios_play_and_every_expectation_holds(name: str) -> None:
    code, out, err = run(str(EXAMPLES / f"{name}.yaml"))
    assert code == 0, err
    assert "expected: all" in out and "checks hold" in out
    for rule in ISSUE_33[name]:
        assert rule in (EXAMPLES / f"{name}.yaml").read_text(encoding="utf-8") or rule in out


def test_a_failed_expectation_is_one_clear_error(tmp_path: Path) -> None:
    text = (EXAMPLES / "charmed-webbed.yaml").read_text(encoding="utf-8").replace('space: "5:15", statuses: [webbed]', 'space: "5:12"')
    code, _, err = run(write(tmp_path, text))
    assert code == 1
    assert "not as expected: heroes.collin.space: expected '5:12', got '5:15'" in err


def test_expect_must_be_a_mapping(tmp_path: Path) -> None:
    code, _, err = run(write(tmp_path, "chapter: proving-grounds\nexpect: [wheel]\n"))
    assert code == 1 and "expect is a mapping" in err


def test_an_action_given_with_an_old_id_is_read_through_the_aliases(tmp_path: Path) -> None:
    """Issue 47: command lines pass through content/aliases.py as saves and files do ('dash' is Energy Rush now)."""
    path = write(
        tmp_path,
        "chapter: proving-grounds\nparty: [filch]\n"
        "heroes:\n  filch: {space: '5:15', abilities: [energy-rush], cheese: 5}\n"
        "minions: {rat-warrior-1: {space: '5:1'}}\nturn: mouse:filch\ndice: [1]\n",
    )
    code, out, err = run(path, "--action", "ability filch dash", "--json")
    assert code == 0, err
    report = json.loads(out)
    assert report["actions"] == ["ability filch dash"]
    assert [e["msg"] for e in report["events"] if e["after"] == "ability filch dash"] == [
        "ability_used", "extra_movement"
    ]  # Energy Rush, named by its old id
