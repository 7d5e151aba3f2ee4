"""The root of the ``mnm`` command line: the Typer app, the shared helpers of its commands, and ``main``."""

from __future__ import annotations

import importlib.util
import sys
from typing import Annotated, Any, NoReturn

import typer

from mnm import __version__
from mnm.cli.chapter import chapter_app
from mnm.cli.library import library_app
from mnm.cli.scenario import scenario_app

# Plain help (rich_markup_mode=None): no '<bool>' after flags, and nothing drawn a screen reader would spell out.
app = typer.Typer(
    help="Mice and Mystics, the digital edition.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)

# The command groups kept in packages of their own; the other commands register themselves on `app` from their
# modules of this package (mnm.cli's __init__ imports them all).
app.add_typer(scenario_app, name="scenario")
app.add_typer(chapter_app, name="chapter")
app.add_typer(library_app, name="library")

CHAPTER_FILE_HELP = "A chapter file of your own (docs/chapters.md) instead of a shipped chapter."


def fail(message: str, code: int = 2) -> NoReturn:
    """One line on stderr with the same prefix as the command line's own usage errors, then exit ``code``."""
    typer.echo(f"Error: {message}", err=True)
    raise typer.Exit(code)


# Optional packages by the extra that installs them (pyproject.toml).
EXTRAS = {"matplotlib": "sim", "ray": "ray", "chess": "bench", "uvicorn": "web", "fastapi": "web"}


def need(module: str, what: str) -> None:
    """Stop at once, before any work, when ``what`` needs an optional package that is not installed."""
    if importlib.util.find_spec(module) is None:
        extra = EXTRAS.get(module, module)
        # the project's own pip, so the package lands where mnm runs (issue 32: a bare `pip` may be the system's)
        fail(
            f"{what} needs {module}, which is not installed: .venv/bin/pip install -e '.[{extra}]' "
            f"(or .venv/bin/pip install {module})"
        )


def _version(value: bool) -> None:
    if value:
        typer.echo(f"mnm {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Print the version and exit.")
    ] = False,
) -> None:
    """Mice and Mystics, the digital edition."""


def _difficulty_help() -> str:
    """The --difficulty help: each preset with its measured win rate (docs/difficulty.md)."""
    from mnm.engine import DIFFICULTY_PRESETS

    def said(p: Any) -> str:
        # issue 44: every rate names its party: a new party (the heuristic bot), a careful party (the search bot)
        if not p.games:
            return str(p.id)
        text = f"{p.id}: a new party wins {p.win_rate:.0%} of Chapter 1 ({p.games:,} games)"
        careful = p.rates[0].careful
        if careful is not None:
            text += f", a careful party {careful:.0%} ({p.rates[0].careful_games:,})"
        return text

    rates = "; ".join(said(p) for p in DIFFICULTY_PRESETS.values())
    return f"easy, normal or hard (docs/difficulty.md). Measured: {rates}."


DIFFICULTY_HELP = _difficulty_help()


def check_difficulty(names: list[str]) -> None:
    """Stop with a usage error when a name is not a difficulty preset (``--difficulty``)."""
    from mnm.engine import DIFFICULTY_PRESETS

    for name in names:
        if name not in DIFFICULTY_PRESETS:
            fail(f"unknown difficulty {name!r}; difficulties: {', '.join(DIFFICULTY_PRESETS)}")


def main() -> None:
    """Console entry point."""
    try:
        app()
    except BrokenPipeError:  # pragma: no cover - e.g. `mnm ... | head`
        sys.exit(0)
