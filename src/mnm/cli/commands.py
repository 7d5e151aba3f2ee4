"""The ``mnm`` command line: content tools, board rendering, scenarios, benchmarks and the game clients."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn

import typer

from mnm import __version__
from mnm.chapters.cli import chapter_app, read_or_exit
from mnm.cli.library import library_app

if TYPE_CHECKING:
    from mnm.content.loader import Content
from mnm.cli.scenario import scenario_app

# Plain help (rich_markup_mode=None): no '<bool>' after flags, and nothing drawn a screen reader would spell out.
app = typer.Typer(
    help="Mice and Mystics, the digital edition.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)
content_app = typer.Typer(
    help="Check, count and describe the game content.", no_args_is_help=True, rich_markup_mode=None
)
board_app = typer.Typer(help="Draw tile sides and chapter layouts.", no_args_is_help=True, rich_markup_mode=None)
app.add_typer(content_app, name="content")
app.add_typer(board_app, name="board")
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


def _difficulty_help() -> str:
    """The --difficulty help: each preset with its measured win rate (docs/difficulty.md)."""
    from mnm.engine import DIFFICULTY_PRESETS

    rates = "; ".join(
        f"{p.id}: the heuristic bot wins {p.win_rate:.0%} of Chapter 1 ({p.games:,} games)" if p.games else p.id
        for p in DIFFICULTY_PRESETS.values()
    )
    return f"easy, normal or hard (docs/difficulty.md). Measured: {rates}."


DIFFICULTY_HELP = _difficulty_help()


def _check_difficulty(names: list[str]) -> None:
    from mnm.engine import DIFFICULTY_PRESETS

    for name in names:
        if name not in DIFFICULTY_PRESETS:
            fail(f"unknown difficulty {name!r}; difficulties: {', '.join(DIFFICULTY_PRESETS)}")


@app.command("bench")
def bench(
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    rounds: Annotated[int, typer.Option(min=1, help="Measurement rounds (figures are medians).")] = 3,
    games: Annotated[int, typer.Option(min=1, help="Random games per round.")] = 20,
    chapter: Annotated[str | None, typer.Option(help="Chapter to play (default: Chapter 1).")] = None,
) -> None:
    """Measure the engine: decisions/s, games/s, state copies/s, and python-chess moves/s as a yardstick.

    Measures the compiled engine when it is built (scripts/compile.sh); MNM_ENGINE=pure measures the pure one."""
    need("chess", "mnm bench (python-chess is its yardstick)")
    from mnm.cli.bench import run_bench

    figures = run_bench(rounds=rounds, games=games, chapter=chapter)
    if as_json:
        typer.echo(json.dumps(figures))
        return
    for key, value in figures.items():
        typer.echo(f"{key:>20}: {value}")


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
        typer.Option("--campaign", metavar="FILE", help="Go on from the saved end of a chapter into the next one."),
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

    _check_difficulty([difficulty])
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


def port_in_use(host: str, port: int) -> str | None:
    """Why ``mnm serve`` could not listen on ``host:port``, or None. The probe binds with SO_REUSEADDR as uvicorn
    does, so a restart right after a crash is not refused for the old connections still in TIME_WAIT (issue 26,
    finding 7); a port another process listens on is still refused."""
    import socket

    probe = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET)
    try:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        probe.bind((host, port))
        probe.listen()
    except OSError as err:
        return str(err.strerror or err)
    finally:
        probe.close()
    return None


@app.command("serve")
def serve_command(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="TCP port.")] = 8000,
    db: Annotated[
        str | None, typer.Option(help="Database URL (postgresql://...); an SQLite file in your data folder if omitted.")
    ] = None,
    proxy_headers: Annotated[
        bool, typer.Option(help="Believe X-Forwarded-For/-Proto from --forwarded-allow-ips (behind a proxy).")
    ] = False,
    forwarded_allow_ips: Annotated[
        str | None, typer.Option(help="Comma-separated addresses of the reverse proxies whose headers to believe.")
    ] = None,
    allow_seed: Annotated[
        bool, typer.Option(help="Accept a seed chosen by the table's creator (tests, bug reports).")
    ] = False,
    address_scale: Annotated[
        float, typer.Option(min=0.01, max=1000.0, help="Multiply the per-address limits (big NATs, load tests).")
    ] = 1.0,
    max_sockets: Annotated[
        int, typer.Option(min=1, max=1_000_000, help="Open WebSockets in all (each holds a file; docs/deploy.md).")
    ] = 768,
    sockets_per_address: Annotated[int, typer.Option(min=1, max=100_000, help="Open WebSockets per address.")] = 32,
    sockets_per_table: Annotated[int, typer.Option(min=1, max=100_000, help="Open WebSockets per table.")] = 64,
    tables_per_hour: Annotated[
        float, typer.Option(min=1.0, max=10_000_000.0, help="New tables from all addresses together, per hour.")
    ] = 3600.0,
    table_expiry_days: Annotated[
        float, typer.Option(min=0.0, max=36_500.0, help="Delete tables nobody played for this long (0: never).")
    ] = 30.0,
    playtest_backend: Annotated[
        str, typer.Option(help="Where the workshop's play-tests run: local (worker processes) or ray.")
    ] = "local",
    playtest_workers: Annotated[
        int, typer.Option(min=0, max=256, help="Play-test worker processes (0: one per CPU).")
    ] = 0,
    ray_address: Annotated[str | None, typer.Option(help="With --playtest-backend ray: a running cluster.")] = None,
    library_games: Annotated[
        int, typer.Option(min=1, max=1000, help="Bot games per difficulty preset measuring a published chapter.")
    ] = 20,
    bot_table_rounds: Annotated[
        int, typer.Option(min=1, max=100_000, help="Stop a table where bots play every seat after this many rounds.")
    ] = 100,
    bot_table_pace: Annotated[
        float, typer.Option(min=0.0, max=60.0, help="Seconds between two bot actions at a table of bots only.")
    ] = 0.25,
    draft_expiry_days: Annotated[
        float, typer.Option(min=0.0, max=36_500.0, help="Delete workshop drafts not saved for this long (0: never).")
    ] = 30.0,
) -> None:
    """Start the web server: open http://HOST:PORT/ in a browser to create and join tables, or
    http://HOST:PORT/workshop to build a chapter."""
    need("uvicorn", "mnm serve")
    need("fastapi", "mnm serve")
    if playtest_backend not in ("local", "ray"):
        fail("--playtest-backend must be local or ray")
    if playtest_backend == "ray":
        need("ray", "--playtest-backend ray")
    from mnm.server.app import Limits, serve

    why = port_in_use(host, port)
    if why is not None:  # reported before anything else is said or started
        fail(f"cannot serve on {host}:{port}: {why} (another server there? try --port {port + 1})")
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host  # an address a browser on this machine opens
    typer.echo(f"mnm {__version__}: serving on http://{host}:{port}/ (API docs at /docs)")
    typer.echo(f"Open http://{shown}:{port}/ in a browser to play. Ctrl+C stops the server.")
    serve(
        host=host,
        port=port,
        db=db,
        proxy_headers=proxy_headers,
        forwarded_allow_ips=forwarded_allow_ips,
        limits=Limits(
            allow_seed=allow_seed,
            address_scale=address_scale,
            sockets_total=max_sockets,
            sockets_per_address=sockets_per_address,
            sockets_per_table=sockets_per_table,
            tables_total_per_second=tables_per_hour / 3600.0,
            table_expiry_days=table_expiry_days,
            playtest_backend=playtest_backend,
            playtest_workers=playtest_workers,
            ray_address=ray_address,
            playtest_warm=True,
            library_games=library_games,
            bot_table_rounds=bot_table_rounds,
            bot_table_pace=bot_table_pace,
            draft_expiry_days=draft_expiry_days,
        ),
    )


@app.command("verify")
def verify_command(
    record: Annotated[Path, typer.Argument(help="A table's record (the 'Check the dice' panel's download).")],
) -> None:
    """Check a web table's record: the seed against the commitment published at the start, then every roll and
    card by replaying the record from the seed, and say what that proves: dice from the seed or typed by players
    (by whom), the record complete or cut (or stopped by the server), the seed drawn by the server or chosen by
    a player, the chapter shipped or an uploaded file (with its sha256). The first line is the verdict.

    Exit codes: 0 VERIFIED (a fair, complete game: every die and card from the committed seed); 1 NOT VERIFIED
    (the record contradicts its seed or is malformed); 2 the file cannot be read; 3 PARTLY VERIFIED (every event
    matches, but the record proves less than a fair game: typed dice, a cut or stopped record, a chosen seed or
    a modified shipped chapter; the first line says which)."""
    from mnm.engine import SaveError, read_save_text
    from mnm.records.record import verify_record

    try:
        data = read_save_text(record.read_text(encoding="utf-8"), "the record")
    except (OSError, UnicodeDecodeError) as err:
        fail(f"cannot read {record}: {getattr(err, 'strerror', None) or err}")
    except SaveError as err:
        fail(str(err))
    verdict = verify_record(data)
    for line in verdict.lines:
        typer.echo(line)
    raise typer.Exit(verdict.code)


@app.command("simulate")
def simulate(
    chapter: Annotated[str, typer.Option(help="Chapter id or number.")] = "1",
    party: Annotated[str, typer.Option(help="Heroes, comma-separated.")] = "collin,tilda,filch,maginos",
    bot: Annotated[str, typer.Option(help="random, heuristic or search; several, comma-separated, side by side.")] = "heuristic",
    games: Annotated[int, typer.Option(min=1, help="How many games.")] = 100,
    workers: Annotated[int, typer.Option(min=1, help="Worker processes (or Ray workers).")] = 1,
    seed: Annotated[int, typer.Option(help="First seed; games use seed, seed+1, ...")] = 0,
    out: Annotated[Path | None, typer.Option(help="Folder for results.jsonl (resumable) and the report.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary as one JSON object.")] = False,
    backend: Annotated[str, typer.Option(help="local (processes) or ray.")] = "local",
    ray_address: Annotated[str | None, typer.Option(help="Address of a running Ray cluster.")] = None,
    difficulty: Annotated[
        str, typer.Option(help=DIFFICULTY_HELP + " Several, comma-separated, give the report side by side.")
    ] = "normal",
    chapter_file: Annotated[
        Path | None, typer.Option("--chapter-file", metavar="FILE", help=CHAPTER_FILE_HELP + " Replaces --chapter.")
    ] = None,
) -> None:
    """Play many games with bots and report how hard the chapter is for this party."""
    import time

    bots = [b.strip() for b in bot.split(",") if b.strip()]
    levels = [d.strip() for d in difficulty.split(",") if d.strip()]
    _check_difficulty(levels)
    if len(bots) * len(levels) > 1:
        if out is not None:
            need("matplotlib", "the report of --out (its plots)")
        _simulate_side_by_side(chapter, party, bots, levels, games, workers, seed, out, as_json, chapter_file)
        return
    bot, difficulty = bots[0], levels[0]

    if backend == "ray":
        need("ray", "--backend ray")
    if out is not None:
        need("matplotlib", "the report of --out (its plots)")

    from mnm.sim.simulate import run_simulation

    content, chapter_id, heroes = _simulated_chapter_and_party(chapter, party, chapter_file)
    if backend not in ("local", "ray"):
        fail("--backend must be local or ray")
    from mnm.engine import Game, IllegalAction, MalformedAction

    try:  # a party the chapter refuses is refused here, once, not by every worker
        Game.new(chapter_id, heroes, seed=seed, content=content)
    except (IllegalAction, MalformedAction) as err:
        fail(str(err))
    start = time.perf_counter()

    def progress(done: int, total: int) -> None:
        if not as_json:
            width = 30
            filled = width * done // max(1, total)
            typer.echo(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total}", nl=False, err=True)

    try:
        summary, _ = run_simulation(
            chapter_id, heroes, bot, games, seed, workers, out, backend, ray_address, progress, difficulty, content
        )
    except ValueError as err:
        typer.echo("", err=True)  # end the progress bar's line
        fail(str(err))
    elapsed = time.perf_counter() - start
    summary = {
        **summary,
        "chapter": chapter_id,
        "party": heroes,
        "bot": bot,
        "difficulty": difficulty,
        "seconds": round(elapsed, 2),
        "games_per_s": round(games / elapsed, 3) if elapsed else 0.0,
    }
    if out is not None:
        from mnm.sim.report import write_report

        write_report(out, summary, {"chapter": chapter_id, "party": heroes, "bot": bot, "difficulty": difficulty})
    if as_json:
        typer.echo(json.dumps(summary))
        return
    typer.echo("", err=True)
    lo, hi = summary["ci95"]
    typer.echo(
        f"{chapter_id} with {', '.join(heroes)}, bot {bot}, {difficulty}: won {summary['wins']} of {summary['games']} "
        f"({summary['win_rate']:.1%}, 95% CI {lo:.1%}-{hi:.1%})"
    )
    for key in (
        "defeat_causes",
        "pages_used",
        "captures_per_mouse",
        "surges_per_game",
        "wounds_by_minion",
        "mean_decisions",
        "mean_rounds",
        "games_per_s",
    ):
        typer.echo(f"  {key}: {summary[key]}")


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
            "--chapter-file", metavar="FILE", help="The chapter file the save was played on (default: the one it names)."
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
        _check_difficulty([difficulty])
        with_difficulty(game.state, difficulty)
    found = hints(game, count=count, iterations=iterations or PLAYOUTS, lang=lang, seconds=seconds, workers=workers)
    if as_json:
        typer.echo(json.dumps([h.to_json() for h in found]))
        return
    if not found:
        typer.echo("The game is over: nothing to suggest.")
    from mnm.engine import Event, render

    for i, h in enumerate(found, 1):
        same = i > 1 and h.group is not None and h.group == found[i - 2].group
        if h.chance is None or h.low is None or h.high is None:  # under MIN_PLAYOUTS: no chance shown
            won = render(Event("hint_few", {"playouts": h.playouts}), lang)
        else:
            won = render(Event("hint_chance", {"percent": f"{h.chance:.0%}", "playouts": h.playouts}), lang)
            won += f", {h.low:.0%}-{h.high:.0%}"
        equal = " " + render(Event("hint_about_equal", {}), lang) if same else ""
        typer.echo(f"{i}. {h.action}  ({won}){equal} {h.reason}")


def _simulate_side_by_side(
    chapter: str, party: str, bots: list[str], levels: list[str], games: int, workers: int, seed: int,
    out: Path | None, as_json: bool, chapter_file: Path | None = None,
) -> None:
    """Every bot at every difficulty over the same seeds; with --out, one report comparing them (docs/difficulty.md)."""
    from mnm.sim.report import write_comparison, write_report
    from mnm.sim.simulate import paired_margin, run_simulation

    content, chapter_id, heroes = _simulated_chapter_and_party(chapter, party, chapter_file)
    runs = []
    first_bot_records: dict[str, list[dict[str, Any]]] = {}  # difficulty -> the first bot's games there
    for name in bots:
        for level in levels:
            folder = out / f"{name}-{level}" if out is not None else None
            try:
                summary, records = run_simulation(
                    chapter_id, heroes, name, games, seed, workers, folder, difficulty=level, content=content
                )
            except ValueError as err:
                fail(str(err))
            meta: dict[str, Any] = {"chapter": chapter_id, "party": heroes, "bot": name, "difficulty": level}
            if level in first_bot_records:
                # the same seeds as the first bot: the paired margin says more than two separate intervals
                summary = {**summary, "paired_vs": bots[0], "paired": paired_margin(first_bot_records[level], records)}
            else:
                first_bot_records[level] = records
            if folder is not None:
                write_report(folder, summary, meta)
            runs.append((meta, summary))
            if not as_json:
                lo, hi = summary["ci95"]
                typer.echo(f"{chapter_id}, bot {name}, {level}: won {summary['wins']} of {summary['games']} "
                           f"({summary['win_rate']:.1%}, 95% CI {lo:.1%}-{hi:.1%})")
                if "paired" in summary:
                    typer.echo(_paired_sentence(name, summary["paired_vs"], summary["paired"]))
    if out is not None:
        write_comparison(out, runs)
    if as_json:
        typer.echo(json.dumps([{**m, **s} for m, s in runs]))


def _simulated_chapter_and_party(
    chapter: str, party: str, chapter_file: Path | None = None
) -> tuple[Content, str, list[str]]:
    """The content, chapter id and heroes of ``mnm simulate``'s --chapter (or --chapter-file) and --party (an
    unknown chapter or a bad chapter file fails)."""
    heroes = [h.strip() for h in party.split(",") if h.strip()]
    if chapter_file is not None:
        content = read_or_exit(chapter_file)
        from mnm.chapters.file import added_chapter

        return content, added_chapter(content)[0].id, heroes
    from mnm.content.loader import builtin_content

    content = builtin_content()
    try:
        chapter_id = content.chapter(chapter).id
    except KeyError:
        fail(f"unknown chapter {chapter!r}; chapters: {', '.join(content.chapters)}")
    return content, chapter_id, heroes


def _paired_sentence(bot: str, baseline: str, paired: dict[str, Any]) -> str:
    """One line for a paired comparison of two bots over the same seeds."""
    lo, hi = paired["ci95"]
    return (
        f"  {bot} against {baseline} over the same {paired['seeds']} seeds: {paired['margin'] * 100:+.1f} points "
        f"(95% CI {lo * 100:+.1f} to {hi * 100:+.1f}); won by {bot} only {paired['only_challenger']}, "
        f"by {baseline} only {paired['only_baseline']}"
    )


def main() -> None:
    """Console entry point."""
    try:
        app()
    except BrokenPipeError:  # pragma: no cover - e.g. `mnm ... | head`
        sys.exit(0)


if __name__ == "__main__":
    main()
