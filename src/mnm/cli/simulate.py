"""``mnm simulate`` and ``mnm bench``: bot games of a chapter and their report, and the engine benchmark."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from mnm.cli.chapter import read_or_exit
from mnm.cli.root import CHAPTER_FILE_HELP, DIFFICULTY_HELP, app, check_difficulty, fail, need

if TYPE_CHECKING:
    from mnm.content.loader import Content


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


@app.command("simulate")
def simulate(
    chapter: Annotated[str, typer.Option(help="Chapter id or number.")] = "1",
    party: Annotated[str, typer.Option(help="Heroes, comma-separated.")] = "collin,tilda,filch,maginos",
    bot: Annotated[
        str, typer.Option(help="random, heuristic or search; several, comma-separated, side by side.")
    ] = "heuristic",
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
    check_difficulty(levels)
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


def _simulate_side_by_side(
    chapter: str,
    party: str,
    bots: list[str],
    levels: list[str],
    games: int,
    workers: int,
    seed: int,
    out: Path | None,
    as_json: bool,
    chapter_file: Path | None = None,
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
                typer.echo(
                    f"{chapter_id}, bot {name}, {level}: won {summary['wins']} of {summary['games']} "
                    f"({summary['win_rate']:.1%}, 95% CI {lo:.1%}-{hi:.1%})"
                )
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
