"""``mnm play --plain``: whole games driven through standard input, bad input, manual dice, saving."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from tuikit import PARTY, play_greedy
from typer.testing import CliRunner

from mnm.cli import app
from mnm.engine.game import Game
from mnm.terminal.plain import PlainClient

PG = "proving-grounds"


def run_plain(game: Game, lines: list[str], save: str | None = None) -> tuple[int, str, PlainClient]:
    out = io.StringIO()
    client = PlainClient(game, io.StringIO("".join(line + "\n" for line in lines)), out, save)
    code = client.run()
    return code, out.getvalue(), client


def test_whole_game_by_action_text_ends_in_victory() -> None:
    """A script types every action of a winning game in text form; the plain client plays it to the end."""
    texts = play_greedy(Game.new(PG, PARTY, seed=4))
    reference = Game.new(PG, PARTY, seed=4)
    for t in texts:
        reference.apply(t)
    assert reference.state.status == "won"

    code, out, client = run_plain(Game.new(PG, PARTY, seed=4), texts)

    assert code == 0
    assert client.game.state.status == "won"
    assert client.game.state.to_json() == reference.state.to_json()
    assert client.game.log == texts
    assert out.rstrip().endswith(f"Victory! {client.game.ctx.chapter.victory_text.en}")
    # every question was asked once, with its numbered choices and their text forms
    assert out.count("Type a number (") + out.count("Type a choice's number (") == len(texts)
    assert re.search(r"^#1 .+ \[\w+ \w+", out, re.M)


def test_whole_game_by_numbers_to_its_end() -> None:
    """Always answering '1' is a complete (losing) policy: the game ends and the client says how."""
    reference = Game.new(PG, PARTY, seed=2)
    while reference.decision() is not None:
        reference.apply(reference.decision().options[0])  # type: ignore[union-attr]
    assert reference.state.status in ("won", "lost")

    code, out, client = run_plain(Game.new(PG, PARTY, seed=2), ["#1"] * (len(reference.log) + 5))

    assert code == 0
    assert client.game.state.to_json() == reference.state.to_json()
    assert client.game.state.status == "lost"
    assert f"Defeat. {client.game.ctx.chapter.defeat_text.en}" in out


def test_chapter_one_plays_through_plain_mode_to_its_end() -> None:
    """Chapter 1 (the default chapter) played by a script of numbers reaches an end."""
    game = Game.new("flight-to-barksburg", PARTY, seed=1)
    code, out, client = run_plain(game, ["#1"] * 3000)
    assert code == 0
    assert client.game.state.status in ("won", "lost")
    assert "Story: " in out  # the opening story text is read out at its moment
    assert "Flight to Barksburg" in out


def test_bad_input_gets_a_message_and_the_same_question() -> None:
    game = Game.new(PG, PARTY, seed=3)
    before = json.dumps(game.state.to_json(), sort_keys=True)
    d = game.decision()
    assert d is not None
    n = len(d.options)
    code, out, client = run_plain(game, ["", "hello", "0", "99", "move filch 9:9", "fly filch", "xyzzy"])
    assert code == 1  # the input ended before the game
    assert json.dumps(client.game.state.to_json(), sort_keys=True) == before
    assert "Nothing typed" in out
    assert "'hello': an action is '<verb> <who> [arguments]'" in out
    assert "There is no choice 0" in out
    assert f"There is no choice 99: type a number from 1 to {n}" in out
    assert "Not allowed: " in out
    assert "unknown verb 'fly'" in out
    assert out.count("Type a number (") == 1  # the list was not repeated after each mistake
    assert out.rstrip().endswith("Input ended before the game did.")


def test_commands_help_look_map_log_undo() -> None:
    game = Game.new(PG, PARTY, seed=3)
    while game.decision() is not None and game.decision().kind != "turn":  # type: ignore[union-attr]
        game.apply(game.decision().options[0])  # type: ignore[union-attr]
    d = game.decision()
    assert d is not None
    mover = d.actor
    move = next(a for a in d.options if a.verb == "move")
    start = game.state.heroes[mover].space
    code, out, client = run_plain(game, ["help", "look", "map", "map 99", "log", str(move), "undo", "undo", "quit"])
    assert code == 0
    assert "A mouse's turn (R-TURN)" in out
    assert "Hourglass on page" in out and "Initiative:" in out
    assert "Guard Room (tile side 5), 17 spaces." in out and "Space 15 (the cell, start)" in out
    assert "There is no tile side 99 on this board." in out
    assert f"Took back: {move}." in out
    assert "Cannot undo:" in out
    assert client.game.state.heroes[mover].space == start
    assert "Goodbye." in out


def test_save_and_load_in_plain_mode(tmp_path: Path) -> None:
    game = Game.new(PG, PARTY, seed=5)
    save = tmp_path / "g.json"
    broken = tmp_path / "broken.json"
    broken.write_text("{not json", encoding="utf-8")
    first = game.decision().options[0]  # type: ignore[union-attr]
    code, out, client = run_plain(
        game,
        [f"save {save}", str(first), f"load {broken}", f"load {tmp_path / 'missing.json'}", f"load {save}", "quit"],
    )
    assert code == 0
    assert f"Saved to {save}." in out
    assert "Could not load: " in out and "not JSON" in out and "cannot read" in out
    assert f"Loaded {save}." in out
    # after loading, the game is back where it was saved
    assert client.game.state.to_json() == Game.from_json(json.loads(save.read_text())).state.to_json()
    assert client.game.log == []
    assert not list(tmp_path.glob("*.tmp"))  # the atomic write left no temporary file


class DiceRoller(io.StringIO):
    """A player at the table: answers '1' to questions and types faces of 3 when asked to roll, after two
    mistakes (a face that does not exist, then too many faces)."""

    def __init__(self, out: io.StringIO) -> None:
        super().__init__()
        self.out = out
        self.mistakes = ["7", "1 2 3 4 5 6 1 2"]
        self.turns = 0

    def readline(self, size: int | None = -1) -> str:
        last = self.out.getvalue().rstrip("\n").rsplit("\n", 1)[-1]
        asked = re.match(r"Roll (\d+) di", last)  # printed again after each wrong answer
        if asked is not None:
            if self.mistakes:
                return self.mistakes.pop(0) + "\n"
            return " ".join(["3X"] * int(asked.group(1))) + "\n"
        self.turns += 1
        return "#1\n" if self.turns < 60 else ""


def test_manual_dice_asks_for_faces_and_uses_them() -> None:
    out = io.StringIO()
    client = PlainClient(Game.new(PG, PARTY, seed=3, dice="manual"), DiceRoller(out), out)
    client.run()
    text = out.getvalue()
    assert re.search(r"Roll [12] di(e|ce) for ", text)
    assert "'7' is not a die face" in text
    assert "got 8" in text  # eight faces typed where fewer were asked
    rolls = [e for e in client.game.events if e.msg == "movement_roll"]
    assert rolls and all(e.params["face"] == 3 for e in rolls)  # the faces typed, never a computer roll
    attacks = [e for e in client.game.events if e.msg == "minion_attacks"]
    assert attacks and all(set(e.params["faces"]) == {3} for e in attacks)  # type: ignore[arg-type]


def test_cli_play_plain_runs_a_game(tmp_path: Path) -> None:
    runner = CliRunner()
    result = runner.invoke(app, ["play", "--plain", "--chapter", "0", "--seed", "3"], input="#1\n" * 2000)
    assert result.exit_code == 0, result.output
    assert "The Proving Grounds" in result.output
    assert "Defeat." in result.output or "Victory!" in result.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--chapter", "99"], "no chapter '99'"),
        (["--party", "collin,bob"], "no hero 'bob'"),
        (["--dice", "loaded"], "--dice is 'seeded' or 'manual'"),
        (["--load", "/nonexistent/save.json"], "cannot read /nonexistent/save.json"),
    ],
)
def test_cli_play_bad_options_exit_2_with_a_message(args: list[str], message: str) -> None:
    result = CliRunner().invoke(app, ["play", "--plain", *args], input="")
    assert result.exit_code == 2
    assert message in result.output


def test_cli_play_loads_a_save(tmp_path: Path) -> None:
    game = Game.new(PG, PARTY, seed=7)
    save = tmp_path / "s.json"
    save.write_text(json.dumps(game.to_json()), encoding="utf-8")
    result = CliRunner().invoke(app, ["play", "--plain", "--load", str(save)], input="quit\n")
    assert result.exit_code == 0
    assert "The Proving Grounds" in result.output


def test_an_engine_failure_is_reported_and_the_game_goes_on(monkeypatch: pytest.MonkeyPatch) -> None:
    game = Game.new(PG, PARTY, seed=3)
    before = game.state.to_json()

    def broken(action: object, dice: object = ()) -> list[object]:
        raise RuntimeError("a rule loops")

    monkeypatch.setattr(game, "apply", broken)
    code, out, client = run_plain(game, ["1", "quit"])
    assert code == 0
    assert "The engine failed on choose collin" in out and "a rule loops" in out
    assert client.game.state.to_json() == before


def test_cli_play_defaults_to_chapter_one() -> None:
    result = CliRunner().invoke(app, ["play", "--plain"], input="look\nquit\n")
    assert result.exit_code == 0
    assert "Flight to Barksburg. Goal: Escape the castle." in result.output
    assert "Story: " in result.output


def test_undo_after_the_winning_move_is_refused_in_the_plain_client() -> None:
    """Issue 26, finding 1: once the chapter is over the terminal cannot take anything back either."""
    from scenariokit import one_move_from_winning

    game, tree = one_move_from_winning()
    out = io.StringIO()
    client = PlainClient(game, io.StringIO(""), out, None)
    assert client.play(f"move collin {tree}") and game.state.status == "won"
    assert client.undo() is False
    assert "the chapter is over" in out.getvalue()
    assert game.state.status == "won"


def test_quit_at_the_manual_dice_prompt_ends_the_game_and_says_the_seed() -> None:
    """Issue 32: ``quit`` typed where the dice are asked for was refused as a die face."""
    runner = CliRunner()
    result = runner.invoke(
        app,
        ["play", "--plain", "--no-autosave", "--chapter", "0", "--seed", "3", "--dice", "manual"],
        input="#1\n" * 20,  # choices until the first roll is asked for
    )
    text = result.output
    first_roll = text.find("Roll ")
    assert first_roll > 0, text
    answers = text[:first_roll].count("Type a number")  # questions answered before the dice were asked
    result = runner.invoke(
        app,
        ["play", "--plain", "--no-autosave", "--chapter", "0", "--seed", "3", "--dice", "manual"],
        input="#1\n" * answers + "quit\nyes\n",
    )
    assert result.exit_code == 0, result.output
    after = result.output[result.output.find("Roll ") :]
    assert "is not a die face" not in after
    assert "--seed 3 plays this same game again." in after
    assert after.rstrip().endswith("Goodbye."), after[-300:]
