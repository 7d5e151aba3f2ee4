"""The unwinnability proof reads ``disable_rule`` (issue 43's leftover: chapters with it were not judged): a gate
some rule may turn off is never taken as closed for good, and a chapter whose wall nothing turns off is still
proved unwinnable when another rule is turned off."""

from __future__ import annotations

from mnm.bots.plan_check import unwinnable
from mnm.chapters.file import added_chapter, read_chapter_text

# the fork is searched on side 7; the only way there leaves side 5, where a gate with no condition is a wall
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
  - id: draft
    when: round_ends
    do: [counter: {name: drafts, op: add, value: 1}]
"""
# searching side 5 turns the wall off: winnable
LEVER = WALLED + "  - id: lever\n    when: search\n    where: {side: 5}\n    do: [disable_rule: {rule: wall}]\n"
# searching side 5 turns off only the draft: the wall stands for good
DRAFT = WALLED + "  - id: lever\n    when: search\n    where: {side: 5}\n    do: [disable_rule: {rule: draft}]\n"


def _unwinnable(text: str) -> tuple[str, str, str] | None:
    content = read_chapter_text(text, "chapter.yaml")
    return unwinnable(content, added_chapter(content)[0])


def test_a_gate_a_rule_turns_off_is_not_a_wall() -> None:
    assert _unwinnable(LEVER) is None


def test_a_chapter_with_disable_rule_is_judged_and_its_wall_proved() -> None:
    got = _unwinnable(DRAFT)
    assert got is not None and got[0] == "victory.0"
    assert "cannot be won" in got[1] and "“wall”" in got[1] and "não pode ser vencido" in got[2]
    assert _unwinnable(WALLED) is not None  # the same without any disable_rule, as before


# issue 43's leftover, the two other effects: a move_mouse onto side 7 from side 5 makes the fork reachable
MOVED = WALLED + (
    "  - id: chute\n    when: search\n    where: {side: 5}\n    do: [move_mouse: {space: \"7:3\"}]\n"
)
# a tile laid beside the start (side 2 below side 5) adds a way, not past the wall: still unwinnable
LAID = WALLED + (
    "  - id: stairs\n    when: search\n    where: {side: 5}\n    do: [add_tile: {side: 2, at: [0, 1]}]\n"
)


def test_a_mouse_moved_past_the_wall_makes_the_chapter_winnable() -> None:
    assert _unwinnable(MOVED) is None


def test_a_chapter_with_add_tile_is_judged() -> None:
    got = _unwinnable(LAID)
    assert got is not None and got[0] == "victory.0" and "“wall”" in got[1]


def test_a_chapter_with_move_mouse_is_judged() -> None:
    home = MOVED.replace('move_mouse: {space: "7:3"}', 'move_mouse: {space: "5:3"}')
    got = _unwinnable(home)  # the mouse is put back on side 5: the wall still stands
    assert got is not None and got[0] == "victory.0"
