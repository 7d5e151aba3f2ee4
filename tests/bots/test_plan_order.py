"""The victory's own preconditions are taken cheapest first (issue 43's leftover): the order a designer wrote
them in is no order of play."""

from __future__ import annotations

from mnm.bots import plan
from mnm.chapters.file import read_chapter_text, validate_chapter_text
from mnm.engine import Game

# Two levers, each pulled by stepping on its space; the far one (5:3, five steps from the start) is written first,
# the near one (5:12, one step) second.
TWO_LEVERS = """\
id: the-two-levers
number: 436
source: authored
note: "test chapter: two victory preconditions, the far one first in the file"
name: {en: "The Two Levers", pt: "As Duas Alavancas"}
objective: {en: "Pull both levers, then reach the Courtyard tree.", pt: "Puxem as duas alavancas e cheguem à árvore."}
victory_text: {en: The party made it. You win!, pt: O grupo conseguiu. Vitória!}
defeat_text: {en: The chapter is lost., pt: O capítulo está perdido.}
setup:
  party_size: 2
  encounter_kinds: []
  end_page: 12
  track_pages: 12
  layout:
    - {side: 5, at: [0, 0]}
    - {side: 4, at: [1, 0]}
    - {side: 2, at: [2, 0]}
  start_space: "5:15"
victory:
  - flag: {name: far_lever}
  - flag: {name: near_lever}
  - tile_face_up: {side: 2}
rules:
  - id: far
    when: figure_enters
    where: {spaces: ["5:3"], mouse: true}
    do: [set_flag: {name: far_lever}]
  - id: near
    when: figure_enters
    where: {spaces: ["5:12"], mouse: true}
    do: [set_flag: {name: near_lever}]
"""


def _game() -> Game:
    content = read_chapter_text(TWO_LEVERS, "two-levers.yaml")
    return Game.new("the-two-levers", ["collin", "tilda"], seed=0, content=content)


def test_the_chapter_validates() -> None:
    assert validate_chapter_text(TWO_LEVERS, "two-levers.yaml") == []


def test_the_nearer_precondition_comes_first_then_the_other() -> None:
    game = _game()
    first = plan.current_goal(game.ctx, game.state)
    assert first is not None and first.act == "enter" and first.spaces == ("5:12",)
    game.state.chapter_vars["near_lever"] = True
    second = plan.current_goal(game.ctx, game.state)
    assert second is not None and second.act == "enter" and second.spaces == ("5:3",)
