"""``mnm play``: a game in the terminal (the Textual app, or ``--plain`` line by line)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from mnm.cli.root import CHAPTER_FILE_HELP, DIFFICULTY_HELP, app, check_difficulty


@app.command("play")
def play(
    chapter: Annotated[str | None, typer.Option(help="Chapter id or number [default: 1, Flight to Barksburg].")] = None,
    party: Annotated[
        str | None, typer.Option(help="Heroes, comma-separated [default: collin,tilda,filch,maginos].")
    ] = None,
    seed: Annotated[int | None, typer.Option(help="Seed for dice and shuffles [default: a new one, printed].")] = None,
    load: Annotated[Path | None, typer.Option("--load", metavar="FILE", help="Go on with a saved game.")] = None,
    resume: Annotated[
        bool,
        typer.Option("--continue", help="Go on with the game saved last by autosave (every game saves itself)."),
    ] = False,
    plain: Annotated[
        bool, typer.Option("--plain", help="No colours or drawing: sentences and numbered choices.")
    ] = False,
    dice: Annotated[
        str | None,
        typer.Option(help="'seeded' (the computer rolls) or 'manual' (type physical dice) [default: seeded]."),
    ] = None,
    campaign: Annotated[
        Path | None,
        typer.Option(
            "--campaign",
            metavar="FILE",
            help="Go on from the saved end of a chapter into the next one (a save file, or the name of a shipped "
            "example: chapter1-won).",
        ),
    ] = None,
    keep: Annotated[
        str,
        typer.Option(
            help="With --campaign: the card each mouse keeps (one it found), e.g. collin=antidote,tilda=none."
        ),
    ] = "",
    replay: Annotated[bool, typer.Option("--replay", help="With --campaign: play the same chapter again.")] = False,
    bots: Annotated[
        str,
        typer.Option("--bots", "--seat", help="Bots at some mice: filch=heuristic,maginos=random, or all=heuristic."),
    ] = "",
    bot_pause: Annotated[
        float | None, typer.Option(help="Seconds before each bot's choice (app default 0.6, --plain 0).")
    ] = None,
    option: Annotated[
        list[str] | None,
        typer.Option(
            "--option",
            metavar="NAME",
            help="Switch on a rule variant (repeatable), e.g. minion_cheese_one_per_roll; an unknown name lists "
            "them all (docs/rulings.md, Options).",
        ),
    ] = None,
    autosave: Annotated[
        bool, typer.Option("--autosave/--no-autosave", help="Save after every choice (for --continue).")
    ] = True,
    difficulty: Annotated[str, typer.Option(help=DIFFICULTY_HELP)] = "normal",
    lang: Annotated[
        str, typer.Option("--lang", metavar="LANG", help="The game's words: en (English) or pt-BR (Portuguese).")
    ] = "en",
    chapter_file: Annotated[
        Path | None,
        typer.Option(
            "--chapter-file",
            metavar="FILE",
            help=CHAPTER_FILE_HELP + " With --load, --continue or --campaign: the file the save was played on "
            "(default: the one the save names).",
        ),
    ] = None,
) -> None:
    """Play in the terminal: a full-screen table, or --plain for screen readers and scripts."""
    from mnm.engine import DIFFICULTY_PRESETS
    from mnm.terminal.main import play_command

    check_difficulty([difficulty])
    option = [*DIFFICULTY_PRESETS[difficulty].options, *(option or [])]

    raise typer.Exit(
        play_command(
            chapter=chapter,
            party=party,
            seed=seed,
            load=load,
            plain=plain,
            dice=dice,
            campaign=campaign,
            keep=keep,
            replay=replay,
            bots=bots,
            bot_pause=bot_pause,
            options=option or [],
            resume=resume,
            autosave=autosave,
            lang=lang,
            chapter_file=chapter_file,
        )
    )
