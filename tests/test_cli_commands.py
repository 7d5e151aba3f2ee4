"""Every ``mnm`` command and option of before the command line was split into one module per command group
(issue 35) is still there: the list below was read from ``mnm --help`` before the split. Commands and options
added since are welcome; one that disappears fails here."""

from __future__ import annotations

from typing import Any

import typer
from typer.testing import CliRunner

from mnm.cli import app

BEFORE_THE_SPLIT: dict[str, list[str]] = {
    "bench": ["--chapter", "--games", "--json", "--rounds"],
    "board render": ["--out", "-o", "target"],
    "chapter new": ["--force", "--out", "-o"],
    "chapter render": ["--out", "-o", "file"],
    "chapter validate": ["--json", "--lang", "files"],
    "content schema": ["--out", "-o"],
    "content stats": ["--dir", "--json"],
    "content validate": ["folder"],
    "hint": ["--chapter-file", "--count", "--difficulty", "--iterations", "--json", "--lang", "--seconds",
             "--workers", "savefile"],
    "play": ["--autosave", "--bot-pause", "--bots", "--campaign", "--chapter", "--chapter-file", "--continue",
             "--dice", "--difficulty", "--keep", "--lang", "--load", "--option", "--party", "--plain", "--replay",
             "--seat", "--seed"],
    "scenario run": ["--action", "--chapter-file", "--json", "--lang", "--seeded", "-a", "file"],
    "serve": ["--address-scale", "--allow-seed", "--bot-table-pace", "--bot-table-rounds", "--bot-tables-per-address", "--db",
              "--draft-expiry-days", "--forwarded-allow-ips", "--host", "--library-games", "--max-sockets", "--playtest-backend",
              "--playtest-workers", "--port", "--proxy-headers", "--ray-address", "--sockets-per-address",
              "--sockets-per-table", "--table-expiry-days", "--tables-per-hour"],
    "simulate": ["--backend", "--bot", "--chapter", "--chapter-file", "--difficulty", "--games", "--json", "--out",
                 "--party", "--ray-address", "--seed", "--workers"],
    "verify": ["record"],
    "library hide": ["--db", "chapter"],
    "library unhide": ["--db", "chapter"],
    "library list": ["--db"],
    "library measure": ["--chapter", "--db", "--games", "--workers"],
}  # fmt: skip


def _commands(command: Any, path: tuple[str, ...] = ()) -> dict[str, set[str]]:
    """Each leaf command's words (``"board render"``) and the names of its options and arguments."""
    if hasattr(command, "commands"):
        out: dict[str, set[str]] = {}
        for name, sub in command.commands.items():
            out.update(_commands(sub, (*path, name)))
        return out
    return {" ".join(path): {name for p in command.params for name in (getattr(p, "opts", None) or [p.name])}}


def test_every_command_and_option_of_before_the_split_is_still_there() -> None:
    now = _commands(typer.main.get_command(app))
    missing = {cmd: sorted(set(opts) - now.get(cmd, set())) for cmd, opts in BEFORE_THE_SPLIT.items()}
    assert not {cmd: opts for cmd, opts in missing.items() if opts or cmd not in now}, missing


def test_the_help_lists_every_top_level_command() -> None:
    result = CliRunner().invoke(app, ["--help"])
    assert result.exit_code == 0, result.output
    for word in {cmd.split()[0] for cmd in BEFORE_THE_SPLIT}:
        assert f" {word} " in result.output or f" {word}\n" in result.output, word
