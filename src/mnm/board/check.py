"""Whole-content checks that need the board: tile geometry and chapter layouts.

``mnm content validate`` runs :func:`validate_folder`: schema and cross-reference errors from the loader, then
the geometry of every tile side and the layout of every chapter, each reported with file, entry and field.
"""

from __future__ import annotations

from pathlib import Path

from mnm.board.geometry import compile_side, validate_side
from mnm.content.loader import Content, ContentError, ContentIssue, load_content

__all__ = ["chapter_issues", "check_content", "load_checked", "validate_folder"]


def check_content(content: Content) -> list[ContentIssue]:
    """Geometry and layout issues of already loaded content (empty when all is well)."""
    issues: list[ContentIssue] = []
    good: set[int] = set()
    for sid, side in content.tile_sides.items():
        found = validate_side(side, content.file_of("tile", str(sid)))
        issues += found
        if not found:
            good.add(sid)
    for chid in content.chapters:
        issues += chapter_issues(content, chid, good)
    return issues


def chapter_issues(content: Content, chid: str, good: set[int] | None = None) -> list[ContentIssue]:
    """Layout issues of one chapter: two tiles on one position, a start space not marked start. ``good``: the
    tile sides whose geometry holds (all when not given)."""
    ch = content.chapters[chid]
    issues: list[ContentIssue] = []
    file = content.file_of("chapter", chid)
    seen: dict[tuple[int, int], int] = {}
    for i, p in enumerate(ch.layout):
        if p.at in seen:
            issues.append(
                ContentIssue(file, chid, f"layout.{i}.at", f"position {list(p.at)} already holds side {seen[p.at]}")
            )
        seen[p.at] = p.side
    start_side = int(ch.start_space.split(":")[0])
    if start_side in content.tile_sides and (good is None or start_side in good):
        graph = compile_side(content.tile_sides[start_side])
        sp = graph.by_id.get(ch.start_space)
        if sp is not None and not sp.start:
            issues.append(
                ContentIssue(file, chid, "start_space", f"space {ch.start_space} is not marked start: true on its tile")
            )
    return issues


def load_checked(root: str | Path) -> Content:
    """Load a content folder and check its geometry and layouts too; all or nothing.

    :func:`~mnm.content.loader.load_content` cannot check tile geometry (the content layer knows nothing of the
    board), so a folder whose tiles load but do not hold together would come back from it; this does not.
    """
    content = load_content(root)
    issues = check_content(content)
    if issues:
        raise ContentError(issues)
    return content


def validate_folder(root: str | Path) -> list[ContentIssue]:
    """Every issue in a content folder: loading, cross references, geometry and layouts."""
    try:
        content = load_content(root)
    except ContentError as err:
        return err.issues
    return check_content(content)
