"""Exits named as people name them, the same on the sheet and in the play-test's "why" (issue 46)."""

from __future__ import annotations

from pathlib import Path

from mnm.chapters.file import added_chapter, read_chapter_text
from mnm.content.loader import builtin_content
from mnm.workshop.places import exit_name
from mnm.workshop.sheet import sheet_html

WINCH = Path(__file__).resolve().parents[2] / "tests/bots/chapters/corpus/15-the-winch-gate.yaml"


def test_an_exit_is_named_by_its_edge_and_its_room_in_both_languages() -> None:
    assert exit_name(5, 0) == "the east exit of the Guard Room"
    assert exit_name(5, 0, "pt") == "a saída leste da Casa de Guarda"
    assert exit_name(4, 0) == "the west exit of the Kitchen Tunnels"
    assert exit_name(4, 1, "pt") == "a saída leste dos Túneis da Cozinha"
    assert exit_name(1, None) == "the exits of the Courtyard"
    assert exit_name(None, 2) == "an exit"


def test_the_sheet_names_a_gated_exit_as_the_form_does_never_by_its_number() -> None:
    added = read_chapter_text(WINCH.read_text(encoding="utf-8"), "winch", builtin_content())
    chapter = added_chapter(added)[0]
    en = sheet_html(added, chapter, "en")
    pt = sheet_html(added, chapter, "pt")
    assert "(through the east exit of the Kitchen Tunnels)" in en
    assert "(pela saída leste dos Túneis da Cozinha)" in pt
    assert "its exit 2" not in en and "saída 2" not in pt
