"""``mnm chapter``: write and check chapter files (docs/chapters.md, "Writing a chapter")."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

if TYPE_CHECKING:
    from mnm.content.loader import Content

def read_or_exit(path: Path) -> Content:
    """The content with a chapter file's chapter added; every problem on its own line and exit 1 when bad."""
    from mnm.chapters.file import ChapterFileError, read_chapter_file

    try:
        return read_chapter_file(path)
    except ChapterFileError as err:
        for problem in err.problems:
            typer.echo(str(problem), err=True)
        raise typer.Exit(1) from err


chapter_app = typer.Typer(
    help="Write and check chapter files: a chapter of your own, played with --chapter-file.",
    no_args_is_help=True,
    rich_markup_mode=None,
)


@chapter_app.command("validate")
def validate(
    files: Annotated[list[Path], typer.Argument(help="Chapter files (YAML).")],
    as_json: Annotated[
        bool, typer.Option("--json", help="Print one JSON object: {file: [problems]} with field, line, en, pt.")
    ] = False,
    lang: Annotated[str, typer.Option(help="The problems' language: en or pt-BR.")] = "en",
) -> None:
    """Check chapter files: schema, ids, layout, reachability. One line per problem; exit 1 on any.

    A file that checks may still hold something the bots cannot plan for (issue 29's rule graph): each such
    thing is printed as a warning line (``warning: ...``), which does not fail the check, so a designer knows
    before a play-test why the bots would stand still."""
    from mnm.chapters.file import ChapterFileError, Problem, added_chapter, problem_at, read_chapter_file
    from mnm.chapters.rule_graph import cannot_plan

    report: dict[str, list[dict[str, object]]] = {}
    warnings: dict[str, list[dict[str, str]]] = {}
    bad = 0
    pt = lang.startswith("pt")
    for path in files:
        problems: list[Problem] = []
        gaps: list[dict[str, str]] = []
        try:
            content = read_chapter_file(path)  # the same reading as play and simulate: what passes here plays
            gaps = [{"word": str(g.word), "en": g.en, "pt": g.pt} for g in cannot_plan(added_chapter(content)[0], content)]
            from mnm.bots.plan_check import start_gaps, unwinnable

            proof = unwinnable(content, added_chapter(content)[0])  # a relaxed problem with no plan: an error
            if proof is not None:
                problems = [problem_at(Path(path).read_text(encoding="utf-8"), str(path), *proof)]
                gaps = [g for g in gaps if g["word"] != "victory"]  # the error says it
            elif not gaps:  # the file reads whole: does the planner have a way from the start? (issue 43)
                gaps = start_gaps(content, added_chapter(content)[0])
        except ChapterFileError as err:
            problems = err.problems
        bad += len(problems)
        report[str(path)] = [p.to_json() for p in problems]
        warnings[str(path)] = gaps
        if not as_json:
            for p in problems:
                typer.echo(p.text(lang))
            for g in gaps:
                typer.echo(f"{path}: {'aviso' if pt else 'warning'}: {g['pt'] if pt else g['en']}")
            if not problems:
                typer.echo(f"{path}: chapter OK" if not pt else f"{path}: capítulo OK")
    if as_json:
        typer.echo(json.dumps(report, ensure_ascii=False))
        for path_name, gaps in warnings.items():  # the JSON keeps its shape ({file: [problems]}); warnings aside
            for g in gaps:
                typer.echo(f"{path_name}: {'aviso' if pt else 'warning'}: {g['pt'] if pt else g['en']}", err=True)
    if bad:
        if not as_json:
            typer.echo(f"{bad} problem(s)", err=True)
        raise typer.Exit(1)


@chapter_app.command("new")
def new(
    out: Annotated[
        Path | None, typer.Option("-o", "--out", help="The file to write; the skeleton is printed if omitted.")
    ] = None,
    force: Annotated[bool, typer.Option("--force", help="Overwrite the file if it exists.")] = False,
) -> None:
    """Write a commented chapter skeleton that validates and plays; edit it from there."""
    from mnm.chapters.file import skeleton_text

    text = skeleton_text()
    if out is None:
        typer.echo(text, nl=False)
        return
    if out.exists() and not force:
        typer.echo(f"Error: {out} exists; give another name or --force", err=True)
        raise typer.Exit(2)
    out.write_text(text, encoding="utf-8")
    typer.echo(f"{out}: written. Next: mnm chapter validate {out}; mnm play --chapter-file {out}")


@chapter_app.command("render")
def render(
    file: Annotated[Path, typer.Argument(help="A chapter file (YAML).")],
    out: Annotated[Path, typer.Option("-o", "--out", help="The SVG file to write.")] = Path("chapter.svg"),
) -> None:
    """Draw a chapter file's layout as SVG: the sides face up at setup, with their space numbers."""
    from mnm.board.render import render_target
    from mnm.chapters.file import added_chapter

    content = read_or_exit(file)
    for path in render_target(f"chapter:{added_chapter(content)[0].id}", out, content):
        typer.echo(str(path))


@chapter_app.command("generate")
def generate_cmd(
    seed: Annotated[int, typer.Option("--seed", help="The seed: the same seed, words and mice give the same chapter.")],
    words: Annotated[
        str,
        typer.Option(
            "--words",
            help="Comma-separated constructs: one family (item-key, counter-bell, flag-step, guard, added-tile, "
            "flipped-tile, roads, rescue) and any of bars, minions, defeat. Default: drawn from the seed.",
        ),
    ] = "",
    mice: Annotated[int | None, typer.Option("--mice", min=1, max=4, help="The party size (default: from the seed).")] = None,
    out: Annotated[
        Path | None, typer.Option("-o", "--out", help="The file to write; the chapter is printed if omitted.")
    ] = None,
    force: Annotated[bool, typer.Option("--force", help="Overwrite the file if it exists.")] = False,
) -> None:
    """Compose a valid chapter from the language's constructs, with the solution it was built from.

    The file says its family and words, and carries its solution as a comment line (``# solution: [...]``: the
    waypoints the waypoint bot follows). It validates (mnm chapter validate) and plays (mnm play --chapter-file)."""
    from mnm.chapters.generate import generate

    try:
        made = generate(seed, [w.strip() for w in words.split(",") if w.strip()], mice)
    except ValueError as err:
        typer.echo(f"Error: {err}", err=True)
        raise typer.Exit(2) from err
    if out is None:
        typer.echo(made.text, nl=False)
        return
    if out.exists() and not force:
        typer.echo(f"Error: {out} exists; give another name or --force", err=True)
        raise typer.Exit(2)
    out.write_text(made.text, encoding="utf-8")
    typer.echo(
        f"{out}: {made.chapter_id}, family {made.family} ({', '.join(made.words)}), {made.mice} mice. "
        f"Next: mnm chapter validate {out}; mnm play --chapter-file {out}"
    )
