"""``mnm hint``: the best options for a saved game's pending decision."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from mnm.cli.root import DIFFICULTY_HELP, app, check_difficulty, fail


@app.command("hint")
def hint(
    savefile: Annotated[Path, typer.Argument(help="A saved game (JSON), as written by mnm play or the web app.")],
    count: Annotated[int, typer.Option(min=1, help="How many options to suggest.")] = 3,
    iterations: Annotated[
        int | None, typer.Option(min=1, help="Playouts in all (more is slower and surer). [default: 400]")
    ] = None,
    lang: Annotated[str, typer.Option(help="en or pt-BR.")] = "en",
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    seconds: Annotated[
        float, typer.Option(min=0.1, help="Time budget for the playouts (the start-up comes on top).")
    ] = 2.2,
    workers: Annotated[int, typer.Option(min=1, help="Processes sharing the playouts.")] = 2,
    difficulty: Annotated[
        str | None,
        typer.Option(help="Weigh the position at this difficulty instead of the save's own: " + DIFFICULTY_HELP),
    ] = None,
    chapter_file: Annotated[
        Path | None,
        typer.Option(
            "--chapter-file",
            metavar="FILE",
            help="The chapter file the save was played on (default: the one it names).",
        ),
    ] = None,
) -> None:
    """Suggest the best options for the pending decision of a saved game."""
    from mnm.bots.hints import PLAYOUTS, hints
    from mnm.engine import SaveError, with_difficulty
    from mnm.terminal.lang import lang_code
    from mnm.terminal.session import load_game

    try:
        lang = lang_code(lang)
    except ValueError as err:
        fail(str(err), 2)

    try:
        game = load_game(savefile, chapter_file=chapter_file)
    except SaveError as err:
        fail(str(err), 1)
    if difficulty is not None:
        check_difficulty([difficulty])
        with_difficulty(game.state, difficulty)
    found = hints(game, count=count, iterations=iterations or PLAYOUTS, lang=lang, seconds=seconds, workers=workers)
    if as_json:
        typer.echo(json.dumps([h.to_json() for h in found]))
        return
    from mnm.bots.hints import hint_status, not_enough_text, shown
    from mnm.engine import Event, render

    status = hint_status(game, found)
    if status == "over":
        typer.echo("The game is over: nothing to suggest.")
    elif status == "not_enough":  # issue 44: no option measured enough to rank; say so plainly
        typer.echo(not_enough_text(lang))
    found = shown(found)  # never an option measured on fewer than MIN_PLAYOUTS playouts

    for i, h in enumerate(found, 1):
        same = i > 1 and h.group is not None and h.group == found[i - 2].group and not h.even
        if h.chance is None or h.low is None or h.high is None:  # under MIN_PLAYOUTS: no chance shown
            won = render(Event("hint_few", {"playouts": h.playouts}), lang)
        else:
            won = render(Event("hint_chance", {"percent": f"{h.chance:.0%}", "playouts": h.playouts}), lang)
            won += f", {h.low:.0%}-{h.high:.0%}"
            if h.words:  # issue 44: a player's words first, the numbers after
                won = f"{h.words}; {won}"
        equal = " " + render(Event("hint_about_equal", {}), lang) if same else ""
        typer.echo(f"{i}. {h.action}  ({won}){equal} {h.reason}")
