"""``mnm library``: the operator's hand on the chapter library (issue 36) of a server's database."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Annotated, Any

import typer

if TYPE_CHECKING:
    from mnm.server.library_store import LibraryStore

__all__ = ["library_app"]

library_app = typer.Typer(
    help="The chapter library of a server's database: list, hide, unhide, measure.", no_args_is_help=True, rich_markup_mode=None
)

Db = Annotated[str | None, typer.Option(help="Database URL (postgresql://...); the server's SQLite file if omitted.")]


def _store(db: str | None) -> LibraryStore:
    from mnm.content.loader import builtin_content
    from mnm.server.library_measures import house_entries
    from mnm.server.library_store import LibraryStore
    from mnm.server.storage import Storage, default_db_url

    store = LibraryStore(Storage(db or default_db_url()))
    store.ensure_house(house_entries(builtin_content()))
    return store


def _flag(chapter: str, db: str | None, hidden: int) -> None:
    store = _store(db)
    if not store.set_flag(chapter, hidden=hidden):
        typer.echo(f"Error: the library has no chapter {chapter!r}", err=True)
        raise typer.Exit(1)
    typer.echo(f"{chapter}: {'hidden' if hidden else 'shown again'}")


@library_app.command("hide")
def hide(chapter: Annotated[str, typer.Argument(help="The chapter's id.")], db: Db = None) -> None:
    """Hide a chapter: gone from search and its page, no new table of it (its old tables play on)."""
    _flag(chapter, db, 1)


@library_app.command("unhide")
def unhide(chapter: Annotated[str, typer.Argument(help="The chapter's id.")], db: Db = None) -> None:
    """Show a hidden chapter again."""
    _flag(chapter, db, 0)


@library_app.command("list")
def list_chapters(db: Db = None) -> None:
    """Every chapter (latest version): id, version, state, plays, title."""
    store = _store(db)
    counts = store.counts()
    for entry in sorted(store.latest(), key=lambda e: e.chapter):
        state = "hidden" if entry.hidden else "unlisted" if not entry.listed else "listed"
        plays = counts.get(entry.chapter, {}).get("tables", 0)
        typer.echo(f"{entry.chapter:28} v{entry.version:<3} {state:9} {entry.measure:10} {plays:5} plays  {entry.title}")


@library_app.command("measure")
def measure(
    db: Db = None,
    chapter: Annotated[str | None, typer.Option(help="One chapter; every unmeasured one if omitted.")] = None,
    games: Annotated[int, typer.Option(min=1, max=1000, help="Bot games per difficulty preset.")] = 50,
    workers: Annotated[int, typer.Option(min=1, max=64, help="Worker processes.")] = 2,
) -> None:
    """Measure chapters with the bots (the house chapters have no play-test until this runs)."""
    from mnm.chapters.file import added_chapter, read_chapter_text
    from mnm.content.loader import builtin_content, builtin_dir
    from mnm.server.library import OTHER_PARTIES
    from mnm.server.library_measures import measured, party_rates
    from mnm.workshop.playtest import PRESETS, PlaytestService, default_party

    store = _store(db)
    content = builtin_content()
    todo = [
        e for e in store.latest() if not e.hidden and (e.chapter == chapter if chapter else e.measure != "measured")
    ]
    service = PlaytestService(workers=workers, cpu_seconds=3600.0 * workers, per_token=1)
    try:
        for entry in todo:
            text = entry.text or (builtin_dir() / content.file_of("chapter", entry.chapter)).read_text(encoding="utf-8")
            spec = content.chapters.get(entry.chapter) or added_chapter(read_chapter_text(text, "library", content))[0]
            party = default_party(spec.party_size, spec.forbidden_heroes, list(content.heroes))
            job = service.submit("operator", text, party, "heuristic", games, PRESETS, end_page=spec.end_page)
            while job.active:
                time.sleep(0.5)
            result = measured(job)
            # issue 44: the random bot and a few careful-party (search bot) games at normal, as the server measures
            parties: dict[str, Any] = {}
            for bot, count in OTHER_PARTIES if job.status == "done" else ():
                other = service.submit("operator", text, party, bot, min(count or games, games), ("normal",), end_page=spec.end_page)
                while other.active:
                    time.sleep(0.5)
                if other.status == "done":
                    parties[bot] = party_rates(other)
            if parties:
                result["parties"] = parties
            store.set_playtest(entry.chapter, entry.version, "measured" if job.status == "done" else "failed", result)
            rates = ", ".join(f"{p} {job.report()['presets'].get(p, {}).get('win_rate', '?')}" for p in PRESETS)
            careful = parties.get("search", {}).get("normal", {})
            more = f"; careful party at normal {careful['win_rate']} of {careful['games']}" if careful else ""
            typer.echo(f"{entry.chapter} v{entry.version}: {job.status} (new party: {rates}{more})")
    finally:
        service.close()
