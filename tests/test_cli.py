"""The console command: version, help, content tools."""

from __future__ import annotations

import json

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
