"""``mnm content`` (validate, stats, schema) and ``mnm board render``: the content and board tools."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from mnm.cli.root import app, fail

content_app = typer.Typer(
    help="Check, count and describe the game content.", no_args_is_help=True, rich_markup_mode=None
)
board_app = typer.Typer(help="Draw tile sides and chapter layouts.", no_args_is_help=True, rich_markup_mode=None)
app.add_typer(content_app, name="content")
app.add_typer(board_app, name="board")


@content_app.command("validate")
def content_validate(
    folder: Annotated[Path | None, typer.Argument(help="A content folder; the built-in content if omitted.")] = None,
) -> None:
    """Check every content file; print each problem with file, entry and field. Exit 1 on any problem."""
    from mnm.board.check import validate_folder
    from mnm.content.loader import builtin_dir

    root = folder or builtin_dir()
    issues = validate_folder(root)
    for issue in issues:
        typer.echo(str(issue))
    if issues:
        typer.echo(f"{len(issues)} problem(s) in {root}", err=True)
        raise typer.Exit(1)
    typer.echo(f"content OK: {root}")


@content_app.command("stats")
def content_stats(
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    folder: Annotated[Path | None, typer.Option("--dir", help="A content folder; built-in if omitted.")] = None,
) -> None:
    """Count heroes, minions, tile sides, cards and chapters."""
    from mnm.content.loader import ContentError, builtin_content, load_content

    try:
        content = load_content(folder) if folder else builtin_content()
    except ContentError as err:
        typer.echo(str(err), err=True)
        raise typer.Exit(1) from err
    stats = content.stats()
    if as_json:
        typer.echo(json.dumps(stats))
    else:
        for key, value in stats.items():
            typer.echo(f"{key:16} {value}")


@content_app.command("schema")
def content_schema(
    out: Annotated[Path, typer.Option("-o", "--out", help="Folder to write the JSON Schema files into.")] = Path(
        "schema"
    ),
) -> None:
    """Write JSON Schema files for every content file kind, for editor completion."""
    from mnm.content.schemafiles import write_schemas

    for path in write_schemas(out):
        typer.echo(str(path))


@board_app.command("render")
def board_render(
    target: Annotated[str, typer.Argument(help="A tile side number (5), 'all', or 'chapter:ID' for a layout.")],
    out: Annotated[
        Path | None,
        typer.Option("-o", "--out", help="An SVG file; for 'all' a folder [default: board.svg, or boards/ for all]."),
    ] = None,
) -> None:
    """Draw a tile side, every side, or a chapter layout as SVG."""
    from mnm.board.render import render_target

    every = target.strip() == "all"
    if out is None:
        out = Path("boards" if every else "board.svg")
    if every and (out.suffix.lower() == ".svg" or out.is_file()):
        fail(f"'all' draws one file per tile side into a folder: give -o a folder (e.g. -o boards), not {out}")
    if not every and out.is_dir():
        fail(f"{out} is a folder: give -o a file name ending in .svg")
    try:
        paths = render_target(target, out)
    except ValueError as err:
        fail(str(err))
    for path in paths:
        typer.echo(str(path))
