"""Issue 13, point 1: nothing is lost by accident. A bare Enter never ends a turn, quitting asks, every game
saves itself and ``mnm play --continue`` resumes it, and a hostile save is refused with one line from every
surface (in-game ``load``, ``--load``, ``--continue``, ``mnm hint``) while the game in progress stays."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from textual.widgets import Input, OptionList
from tuikit import PARTY, run_in_thread
from typer.testing import CliRunner

from mnm.cli import app
from mnm.engine.game import Game
from mnm.terminal.app import PlayApp
from mnm.terminal.plain import PlainClient
from mnm.terminal.screens import QuitScreen, TextScreen
from mnm.terminal.session import latest_autosave

PG = "proving-grounds"
CH1 = "flight-to-barksburg"


def _to_first_turn(game: Game) -> Game:
    """Answer the ability picks with the first choice, up to the first mouse's turn."""
    while (d := game.decision()) is not None and d.kind != "turn":
        game.apply(d.options[0])
    return game


def hostile_saves(tmp_path: Path) -> dict[str, Path]:
    """Saves a hostile or broken file could be: a hero on a space that does not exist, a wheel that is not a
    number, not JSON at all, JSON that is not a save, and a missing file."""
    good = Game.new(CH1, PARTY, seed=1).to_json()
    out: dict[str, Path] = {}
    bad_space = json.loads(json.dumps(good))
    bad_space["state"]["heroes"]["filch"]["space"] = "99:99"
    bad_wheel = json.loads(json.dumps(good))
    bad_wheel["state"]["wheel"] = "lots"
    for name, data in (
        ("space", json.dumps(bad_space)),
        ("wheel", json.dumps(bad_wheel)),
        ("text", "not json {"),
        ("list", "[1, 2, 3]"),
    ):
        path = tmp_path / f"{name}.json"
        path.write_text(data, encoding="utf-8")
        out[name] = path
    out["missing"] = tmp_path / "nowhere.json"
    return out


# --- bare Enter and quitting (full-screen app) -----------------------------------------------------------------


def test_bare_enter_never_ends_a_turn() -> None:
    game = _to_first_turn(Game.new(CH1, PARTY, seed=2))

    async def scenario() -> None:
        app = PlayApp(game)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            while isinstance(app.screen, TextScreen):
                await pilot.press("enter")
                await pilot.pause()
            choices = app.query_one("#choices", OptionList)
            # nothing is highlighted until the player picks: a bare Enter plays nothing
            assert app.highlighted_action() is None and choices.highlighted is None
            log_before = list(app.game.log)
            await pilot.press("enter")
            await pilot.pause()
            assert app.game.log == log_before and app.message.startswith("Enter plays the highlighted choice")
            end_at = next(i for i, (_, a) in enumerate(app._numbered) if a.verb == "end")
            await pilot.press(*["down"] * (end_at + 1))
            assert app.highlighted_action() is not None and app.highlighted_action().verb == "end"  # type: ignore[union-attr]
            await pilot.press("enter")  # a bare Enter on "End the turn"
            await pilot.pause()
            assert app.game.log == log_before
            assert app.message == "A bare Enter never ends a turn: type its number or 'end' to end it."
            await pilot.press(*"end", "enter")  # typed on purpose, it does
            await pilot.pause()
            assert app.game.log[len(log_before)].startswith("end ")

    run_in_thread(scenario)


def test_quit_with_progress_asks_and_no_stays(tmp_path: Path) -> None:
    game = Game.new(PG, PARTY, seed=3)

    async def scenario() -> None:
        app = PlayApp(game, autosave=tmp_path / "auto.json")
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            await pilot.press("1", "enter")
            await pilot.pause()
            assert len(app.game.log) == 1
            await pilot.press("ctrl+q")
            await pilot.pause()
            assert isinstance(app.screen, QuitScreen)
            assert str(tmp_path / "auto.json") in app.screen.kept and "--continue" in app.screen.kept
            await pilot.press("n")
            await pilot.pause()
            assert not isinstance(app.screen, QuitScreen) and app.is_running
            await pilot.press("ctrl+q")
            await pilot.pause()
            await pilot.press("y")
            await pilot.pause()
        assert app.return_code in (0, None)

    run_in_thread(scenario)


def test_quit_without_progress_does_not_ask() -> None:
    async def scenario() -> None:
        app = PlayApp(Game.new(PG, PARTY, seed=3))
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            await pilot.press("ctrl+q")
            await pilot.pause()
            assert not isinstance(app.screen, QuitScreen)
            assert not app.is_running

    run_in_thread(scenario)


def test_plain_quit_asks_and_anything_but_yes_goes_on() -> None:
    out = io.StringIO()
    client = PlainClient(Game.new(PG, PARTY, seed=3), io.StringIO("1\nquit\nno\nquit\nyes\n"), out)
    assert client.run() == 0
    text = out.getvalue()
    assert text.count("Quit the game?") == 2
    assert len(client.game.log) == 1


# --- autosave and --continue ------------------------------------------------------------------------------------


def test_autosave_after_every_choice_and_continue_resumes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    runner = CliRunner()
    first = runner.invoke(app, ["play", "--plain", "--chapter", "0", "--seed", "5"], input="1\n1\nquit\nyes\n")
    assert first.exit_code == 0, first.output
    saved = latest_autosave()
    assert saved is not None and saved.parent == tmp_path / "mnm" / "autosave"
    data = json.loads(saved.read_text())
    assert len(data["log"]) == 2  # both choices, saved as they were made
    assert f"The game is kept in {saved}" in first.output

    again = runner.invoke(app, ["play", "--plain", "--continue"], input="1\nquit\nyes\n")
    assert again.exit_code == 0, again.output
    assert len(json.loads(saved.read_text())["log"]) == 3  # the same game, in the same file, one choice later
    assert latest_autosave() == saved


def test_continue_keeps_the_bots_in_their_seats(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 45: ``--continue`` used to drop the bots ("No bots at this table"); the seats are kept beside the
    autosave and the bots go on playing their mice."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    runner = CliRunner()
    first = runner.invoke(
        app, ["play", "--plain", "--chapter", "0", "--seed", "5", "--bots", "maginos=random"], input="1\n1\nquit\nyes\n"
    )
    assert first.exit_code == 0, first.output
    assert "Maginos (bot):" not in first.output  # quit at Filch's pick, before Maginos's
    saved = latest_autosave()
    assert saved is not None and json.loads(saved.with_suffix(".bots").read_text()) == {"maginos": "random"}

    again = runner.invoke(app, ["play", "--plain", "--continue"], input="1\nquit\nyes\n")
    assert again.exit_code == 0, again.output
    assert "Going on with the bots in the seats they had: maginos=random" in again.output
    assert "Maginos (bot): Choose " in again.output  # the bot answered Maginos's pick, not a person
    assert latest_autosave() == saved

    # --bots given with --continue seats those instead (and keeps them for the next --continue)
    other = runner.invoke(app, ["play", "--plain", "--continue", "--bots", "all=random"], input="quit\nyes\n")
    assert "Going on with the bots" not in other.output
    assert set(json.loads(saved.with_suffix(".bots").read_text())) == {*PARTY, "party"}


def test_continue_without_autosave_says_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    result = CliRunner().invoke(app, ["play", "--plain", "--continue"], input="")
    assert result.exit_code == 2
    assert result.output.startswith("Error: no autosaved game to continue")


# --- hostile saves ----------------------------------------------------------------------------------------------


def test_plain_load_of_hostile_saves_keeps_the_game(tmp_path: Path) -> None:
    saves = hostile_saves(tmp_path)
    game = Game.new(PG, PARTY, seed=3)
    before = json.dumps(game.state.to_json(), sort_keys=True)
    lines = [f"load {p}" for p in saves.values()] + ["1"]
    out = io.StringIO()
    client = PlainClient(game, io.StringIO("".join(x + "\n" for x in lines)), out)
    client.run()
    text = out.getvalue()
    refusals = [line for line in text.splitlines() if line.startswith("Could not load: ")]
    assert len(refusals) == len(saves)
    assert all(line.endswith("The game in progress goes on.") for line in refusals)
    assert "state.heroes.filch.space" in text and "'99:99'" in text and "state.wheel" in text and "'lots'" in text
    assert "Traceback" not in text
    assert client.game is game and len(game.log) == 1  # the game went on with the next answer
    assert json.loads(before)["chapter"] == game.state.chapter


def test_app_load_of_hostile_saves_keeps_the_game(tmp_path: Path) -> None:
    saves = hostile_saves(tmp_path)
    game = Game.new(PG, PARTY, seed=3)

    async def scenario() -> None:
        app = PlayApp(game)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            before = json.dumps(app.game.state.to_json(), sort_keys=True)
            for path in saves.values():
                app.query_one("#command", Input).value = f"load {path}"
                await pilot.press("enter")
                await pilot.pause()
                assert app.message.startswith("Could not load: ")
                assert "\n" not in app.message
                assert app.game is game
                assert json.dumps(app.game.state.to_json(), sort_keys=True) == before
            await pilot.press("1", "enter")  # and the game goes on
            await pilot.pause()
            assert len(app.game.log) == 1

    run_in_thread(scenario)


@pytest.mark.parametrize("name", ["space", "wheel", "text", "list", "missing"])
def test_cli_refuses_hostile_saves_in_one_line(tmp_path: Path, name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    path = hostile_saves(tmp_path)[name]
    runner = CliRunner()
    for args in (["play", "--plain", "--load", str(path)], ["hint", str(path)]):
        result = runner.invoke(app, args, input="quit\n")
        assert result.exit_code != 0
        assert "Traceback" not in result.output
        assert result.exception is None or isinstance(result.exception, SystemExit)
        lines = result.output.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("Error: "), result.output
    # the newest autosave is hostile: --continue refuses it the same way
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    folder = tmp_path / "mnm" / "autosave"
    folder.mkdir(parents=True, exist_ok=True)
    if path.exists():
        (folder / "x.json").write_bytes(path.read_bytes())
        result = runner.invoke(app, ["play", "--plain", "--continue"], input="quit\n")
        assert result.exit_code == 2 and result.output.startswith("Error: ") and len(result.output.splitlines()) == 1


# --- --load with options that say otherwise ---------------------------------------------------------------------


def test_load_refuses_options_that_contradict_the_save(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    save.write_text(json.dumps(Game.new(PG, PARTY, seed=7).to_json()))
    runner = CliRunner()
    for extra, word in (
        (["--chapter", "1"], "--chapter 1"),
        (["--seed", "8"], "--seed 8"),
        (["--dice", "manual"], "--dice manual"),
        (["--party", "filch"], "--party filch"),
    ):
        result = runner.invoke(app, ["play", "--plain", "--load", str(save), *extra], input="quit\n")
        assert result.exit_code == 2
        assert result.output.startswith(f"Error: {save} is a saved game; these options say otherwise: {word}")
    same = runner.invoke(app, ["play", "--plain", "--load", str(save), "--seed", "7", "--chapter", "0"], input="quit\n")
    assert same.exit_code == 0, same.output


def test_play_without_a_terminal_exits_at_once_with_a_hint() -> None:
    result = CliRunner().invoke(app, ["play"], input="quit\n")
    assert result.exit_code == 2
    assert result.output.strip() == (
        "Error: mnm play needs a terminal for its full-screen table; use 'mnm play --plain' to play line by "
        "line (screen readers, scripts, pipes)"
    )
