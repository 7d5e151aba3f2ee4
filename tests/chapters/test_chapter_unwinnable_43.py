"""Issue 43 item 1: a relaxed problem with no plan proves the chapter cannot be won, and ``mnm chapter validate``
refuses it (an error on the victory's line, in plain words, both languages), not a bot note.

The relaxed problem (:func:`mnm.bots.plan_check.unwinnable`) ignores dice, minions, bars and anything once made
being undone; what it cannot read it takes as possible. So a chapter is refused only when even that cannot win:
here, a victory that needs a flag only a search behind a wall (a gate closed for good) sets. Every chapter the
project ships or keeps as a corpus, the examples and a sample of generated chapters still validate.
"""

from __future__ import annotations

import glob
from pathlib import Path

import pytest
from typer.testing import CliRunner

from mnm.bots.plan_check import unwinnable
from mnm.chapters.file import ChapterFileError, added_chapter, read_chapter_file, read_chapter_text
from mnm.chapters.generate import generate
from mnm.cli import app
from mnm.content.loader import builtin_content

ROOT = Path(__file__).resolve().parents[2]

# the fork is searched on side 7; the only way there leaves side 5, and a gate with no condition shuts it for good
WALLED = """\
id: walled-fork
number: 100
source: authored
note: the fork lies behind a wall
name: {en: The Walled Fork, pt: O Garfo Murado}
objective: {en: Find the fork., pt: Achem o garfo.}
victory_text: {en: Found!, pt: Achamos!}
defeat_text: {en: Too late., pt: Tarde demais.}
story: {}
setup:
  party_size: 2
  encounter_kinds: [standard]
  end_page: 3
  track_pages: 10
  layout:
    - {side: 5, at: [0, 0]}
    - {side: 7, at: [1, 0]}
  start_space: "5:15"
  starting_minions: []
victory:
  - flag: {name: fork}
rules:
  - id: wall
    when: explore_attempt
    where: {side: 5}
    do: [gate: {reason: {en: A wall of rubble., pt: Um muro de entulho.}}]
  - id: fork
    when: search
    where: {side: 7}
    do: [set_flag: {name: fork}]
"""
# the same gate shut until the fork is found: only the fork opens it, and the fork is behind it
SHUT = WALLED.replace("id: walled-fork", "id: shut-fork").replace(
    "    where: {side: 5}\n    do: [gate", "    where: {side: 5}\n    if: [not: {flag: {name: fork}}]\n    do: [gate"
)
# a bell rung twice on side 5 opens it: winnable, not refused
BELL = WALLED.replace("id: walled-fork", "id: bell-fork").replace(
    "    where: {side: 5}\n    do: [gate",
    "    where: {side: 5}\n    if: [not: {counter: {name: bells, op: ge, value: 2}}]\n    do: [gate",
) + "  - id: ring\n    when: search\n    where: {side: 5}\n    do: [counter: {name: bells, op: add, value: 1}]\n"


def _validate(tmp_path: Path, text: str, *args: str) -> tuple[int, str]:
    path = tmp_path / "chapter.yaml"
    path.write_text(text, encoding="utf-8")
    got = CliRunner().invoke(app, ["chapter", "validate", str(path), *args])
    return got.exit_code, got.output


@pytest.mark.parametrize("text", [WALLED, SHUT], ids=["wall", "shut-until-found"])
def test_a_victory_only_a_rule_behind_a_gate_closed_for_good_can_make_is_refused(tmp_path: Path, text: str) -> None:
    code, out = _validate(tmp_path, text)
    assert code == 1, out
    line = WALLED.splitlines().index("  - flag: {name: fork}") + 1
    assert f"chapter.yaml:{line}: victory.0: this chapter cannot be won: “fork has happened” can never hold" in out
    assert "the gate “wall” stays closed for good" in out and "warning" not in out
    code, out = _validate(tmp_path, text, "--lang", "pt-BR")
    assert code == 1 and "este capítulo não pode ser vencido" in out and "o portão “wall” fica fechado para sempre" in out


def test_a_gate_the_party_can_open_is_not_a_proof(tmp_path: Path) -> None:
    code, out = _validate(tmp_path, BELL)
    assert code == 0 and "chapter OK" in out, out


def _files() -> list[str]:
    found = glob.glob(str(ROOT / "tests/**/*.yaml"), recursive=True) + glob.glob(str(ROOT / "examples/**/*.yaml"), recursive=True)
    return sorted(found + glob.glob(str(ROOT / "src/mnm/**/*.yaml"), recursive=True))


def test_no_shipped_corpus_example_or_generated_chapter_is_proved_unwinnable() -> None:
    checked = 0
    for name in _files():
        try:
            content = read_chapter_file(name)
        except ChapterFileError:  # not a chapter file (content tables), or a broken draft kept for a test
            continue
        checked += 1
        assert unwinnable(content, added_chapter(content)[0]) is None, name
    shipped = builtin_content()
    for chapter in shipped.chapters.values():
        checked += 1
        assert unwinnable(shipped, chapter) is None, chapter.id
    for seed in range(12):
        made = generate(seed)
        content = read_chapter_text(made.text, "generated")
        checked += 1
        assert unwinnable(content, added_chapter(content)[0]) is None, seed
    assert checked >= 40  # the corpus, the examples and the shipped chapters were all read
