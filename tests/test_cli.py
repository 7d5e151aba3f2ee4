"""The console command: version, help, content tools."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from mnm import __version__
from mnm.cli import app

runner = CliRunner()


def test_version() -> None:
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0
    assert result.output.strip() == f"mnm {__version__}"


def test_help_lists_every_command() -> None:
    result = runner.invoke(app, ["--help"])
    assert result.exit_code == 0
    for command in ("content", "board"):
        assert command in result.output


def test_content_validate_builtin_is_clean() -> None:
    result = runner.invoke(app, ["content", "validate"])
    assert result.exit_code == 0, result.output
    assert "content OK" in result.output


def test_content_stats_json() -> None:
    result = runner.invoke(app, ["content", "stats", "--json"])
    assert result.exit_code == 0
    stats = json.loads(result.output)
    assert stats["heroes"] == 6
    for key in ("minions", "tile_sides", "search_cards", "ability_cards", "encounter_cards", "chapters"):
        assert key in stats


# --- issue 13, point 9: a command line without surprises --------------------------------------------------------

COMMANDS = [
    ["play"],
    ["serve"],
    ["simulate"],
    ["hint"],
    ["bench"],
    ["board", "render"],
    ["content", "validate"],
    ["content", "stats"],
    ["content", "schema"],
    ["scenario", "run"],
]


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: " ".join(c))
def test_help_shows_flags_without_type_words(command: list[str]) -> None:
    result = runner.invoke(app, [*command, "--help"], terminal_width=120)
    assert result.exit_code == 0
    assert "<bool>" not in result.output and "<list" not in result.output
    assert "--help" in result.output


def test_every_error_has_one_prefix(tmp_path: Path) -> None:
    cases = [
        ["simulate", "--chapter", "99"],
        ["simulate", "--backend", "spark"],
        ["board", "render", "99"],
        ["play", "--plain", "--chapter", "99"],
        ["hint", str(tmp_path / "missing.json")],
        ["play", "--nonsense"],  # the command line's own usage error
    ]
    for args in cases:
        result = runner.invoke(app, args, input="")
        assert result.exit_code != 0, args
        text = result.output
        assert "error:" not in text, args  # never a lowercase second style
        assert "Error: " in text, args
        assert "Traceback" not in text


def test_board_render_all_writes_into_a_folder_and_refuses_a_file_name(tmp_path: Path) -> None:
    refused = runner.invoke(app, ["board", "render", "all", "-o", str(tmp_path / "boards.svg")])
    assert refused.exit_code == 2
    assert refused.output.startswith("Error: 'all' draws one file per tile side into a folder")
    assert not (tmp_path / "boards.svg").exists()
    done = runner.invoke(app, ["board", "render", "all", "-o", str(tmp_path / "boards")])
    assert done.exit_code == 0
    assert len(list((tmp_path / "boards").glob("side-*.svg"))) == len(done.output.split())
    single = runner.invoke(app, ["board", "render", "5", "-o", str(tmp_path / "boards")])
    assert single.exit_code == 2 and "is a folder" in single.output


@pytest.mark.parametrize(
    ("args", "module", "extra"),
    [
        (["simulate", "--games", "1", "--out", "OUT"], "matplotlib", "sim"),
        (["simulate", "--games", "1", "--backend", "ray"], "ray", "ray"),
        (["bench", "--games", "1", "--rounds", "1"], "chess", "bench"),
        (["serve", "--port", "1"], "uvicorn", "web"),
    ],
)
def test_a_missing_extra_is_named_before_any_work(
    args: list[str], module: str, extra: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == module else real(name, *a))
    out = tmp_path / "out"
    result = runner.invoke(app, [str(out) if a == "OUT" else a for a in args])
    assert result.exit_code == 2
    assert result.output.strip().splitlines() == [result.output.strip().splitlines()[0]] and result.output.startswith(
        "Error: "
    )
    assert f".venv/bin/pip install -e '.[{extra}]'" in result.output and module in result.output
    assert not out.exists()  # nothing was played or written first


def test_a_busy_port_is_reported_before_anything_else() -> None:
    import socket

    busy = socket.socket()
    busy.bind(("127.0.0.1", 0))
    busy.listen(1)
    port = busy.getsockname()[1]
    try:
        result = runner.invoke(app, ["serve", "--port", str(port)])
    finally:
        busy.close()
    assert result.exit_code == 2
    assert result.output.startswith(f"Error: cannot serve on 127.0.0.1:{port}: ")
    assert "serving on" not in result.output


def test_license_and_package_metadata() -> None:
    import tomllib

    root = Path(__file__).resolve().parents[1]
    assert (root / "LICENSE").read_text().startswith("MIT License")
    meta = tomllib.loads((root / "pyproject.toml").read_text())
    assert meta["project"]["license"] == "MIT" and meta["project"]["license-files"] == ["LICENSE"]
    assert "setuptools>=77" in meta["build-system"]["requires"]  # the first setuptools that reads license = "MIT"
    classifiers = meta["project"]["classifiers"]
    assert "Topic :: Games/Entertainment :: Board Games" in classifiers
    assert any(c.startswith("Programming Language :: Python :: 3.11") for c in classifiers)


def test_campaign_example_from_the_readme_works(tmp_path: Path) -> None:
    from mnm.bots import make_bot
    from mnm.engine.game import Game
    from mnm.terminal.session import save_game

    for seed in range(20):  # a chapter the heuristic bot won (it wins about 9 in 10)
        game = Game.new("flight-to-barksburg", ["collin", "tilda", "filch", "maginos"], seed=seed)
        bot = make_bot("heuristic", seed)
        while game.decision() is not None:
            game.apply(bot.choose(game))
        if game.state.status == "won":
            break
    assert game.state.status == "won"
    save = tmp_path / "chapter1.json"
    save_game(game, save)
    from mnm.engine.campaign import keepable_cards
    from mnm.terminal.session import campaign_tip

    printed = campaign_tip(game, str(save)).splitlines()[0].split("then ", 1)[1].split()  # the command shown
    assert printed[:4] == ["mnm", "play", "--campaign", str(save)]
    nothing = ",".join(f"{h}=none" for h in game.state.party if keepable_cards(game.ctx, game.state, h))
    for keep in (printed[4:], ["--keep", nothing]):
        result = runner.invoke(
            app, ["play", "--plain", "--no-autosave", "--campaign", str(save), *keep], input="quit\nyes\n"
        )
        assert result.exit_code == 0, result.output
        assert "The Root Road" in result.output


def _autosaves(folder: Path) -> set[str]:
    autosave = folder / "mnm" / "autosave"
    return {p.name for p in autosave.iterdir()} if autosave.is_dir() else set()


def test_the_tests_autosave_into_their_own_data_home_never_the_real_one(data_home: Path, real_data_home: Path) -> None:
    from mnm.terminal.session import latest_autosave

    before = _autosaves(real_data_home)
    result = runner.invoke(app, ["play", "--plain", "--chapter", "0", "--seed", "5"], input="1\nquit\nyes\n")
    assert result.exit_code == 0, result.output
    saved = latest_autosave()
    assert saved is not None and saved.parent == data_home / "mnm" / "autosave"
    assert data_home != real_data_home and _autosaves(real_data_home) == before
