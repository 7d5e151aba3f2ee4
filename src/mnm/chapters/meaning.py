"""Stage 4 of reading a chapter file (:mod:`mnm.chapters.file`): the meaning. The content folder's own cross
checks on this chapter, the board's (:mod:`mnm.board.check`: the layout holds together), every tile laid reachable
from the start, then the chapter language's ids and places (:mod:`mnm.chapters.rule_check`) and the next chapter
a file names."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from mnm.chapters.contents import with_chapter
from mnm.chapters.problems import Collector
from mnm.chapters.rule_check import RuleCheck
from mnm.content.loader import ChapterFile, Content, ContentIssue, Reader, cross_check
from mnm.content.schema import Chapter

# --- stage 4: the meaning ----------------------------------------------------------------------------------


def check_meaning(chapter: Chapter, content: Content, out: Collector, folder: Path | None) -> None:
    from mnm.board.check import chapter_issues

    # the content folder's own cross checks, on this chapter alone (one place says what a chapter may name)
    reader = Reader(Path(content.root or "."))
    others = {cid: c for cid, c in content.chapters.items() if cid != chapter.id}
    if chapter.next_chapter is not None and chapter.next_chapter not in content.chapters:
        # resolved later from the chapter file's folder (docs/chapters.md): checked below, not here
        others[chapter.next_chapter] = chapter
    cross_check(
        reader,
        dict(content.heroes),
        dict(content.minions),
        dict(content.search_cards),
        dict(content.ability_cards),
        dict(content.encounter_cards),
        dict(content.tile_sides),
        {**others, chapter.id: chapter},
    )
    for issue in _own(reader.issues, chapter.id):
        out.add(issue.field, issue.message)
    if any(p.field.removeprefix("setup.").startswith(("layout", "start_space")) for p in out.problems):
        return  # no board to check the rest on
    trial = with_chapter(content, chapter, ChapterFile(chapter.id, "", out.file))
    for issue in chapter_issues(trial, chapter.id):
        out.add(issue.field, issue.message)
    if any(p.field.removeprefix("setup.").startswith(("layout", "start_space")) for p in out.problems):
        return
    if not _reachability(trial, chapter, out):  # a tile out of reach: every place on it would say so again
        return
    RuleCheck(trial, chapter, out).run()
    _next_chapter(chapter, content, out, folder)


def _own(issues: Iterable[ContentIssue], chapter_id: str) -> list[ContentIssue]:
    return [i for i in issues if i.entry == chapter_id]


def _reachability(content: Content, chapter: Chapter, out: Collector) -> bool:
    """Every tile laid must be reachable from the start by walking and exploring (False when one is not)."""
    from mnm.board.reach import reachable_spaces

    reach = reachable_spaces(content, chapter)
    before = len(out.problems)
    reached_tiles = {content.tile_sides[s].tile for s in reach.sides}
    for i, placed in enumerate(chapter.layout):
        if content.tile_sides[placed.side].tile not in reached_tiles:
            out.add(
                f"layout.{i}",
                f"side {placed.side} at {list(placed.at)} can never be reached from the start space "
                f"{chapter.start_space}: no lined-up exit of the same colour leads to it",
                f"o lado {placed.side} em {list(placed.at)} nunca é alcançado a partir do espaço inicial "
                f"{chapter.start_space}: nenhuma saída alinhada da mesma cor leva até ele",
            )
    return len(out.problems) == before


def _next_chapter(chapter: Chapter, content: Content, out: Collector, folder: Path | None) -> None:
    name = chapter.next_chapter
    if name is None or name in content.chapters:
        return
    if folder is None:
        return  # a text with no folder (an upload): its next chapter comes with the campaign's next step
    if not (folder / f"{name}.yaml").is_file():
        out.add(
            "next_chapter",
            f"names chapter {name!r}: neither a shipped chapter nor a file {name}.yaml in {folder}",
            f"nomeia o capítulo {name!r}: nem um capítulo do jogo nem um arquivo {name}.yaml em {folder}",
        )


