"""Issue 46, item 8: "tiles that fit here": the squares where a side's exits would join the laid tiles' exits,
counted as the workshop board counts joined exits (mnm.workshop.compose.draft_board)."""

from __future__ import annotations

from mnm.content.loader import builtin_content
from mnm.workshop.compose import draft_board
from mnm.workshop.fits import fits


def test_the_square_that_joins_comes_first_and_agrees_with_the_board() -> None:
    content = builtin_content()
    laid = [{"side": 5, "at": [0, 0]}, {"side": 4, "at": [1, 0]}]
    found = fits(content, laid, 2)
    assert found[0] == {"at": [2, 0], "joined": 1, "blocked": 0}
    assert {tuple(f["at"]) for f in found} == {(2, 0), (0, -1), (1, -1), (0, 1), (1, 1), (-1, 0)}
    for f in found:  # the count is the board's own
        board = draft_board(content, [*laid, {"side": 2, "at": f["at"]}])
        assert f["joined"] == sum(1 for e in board["exits"] if e["side"] == 2 and e["join"] == "joined")
        assert f["blocked"] == sum(1 for e in board["exits"] if e["side"] == 2 and e["join"] == "blocked")


def test_a_side_already_laid_is_tried_as_moved_and_nonsense_gives_nothing() -> None:
    content = builtin_content()
    laid = [{"side": 5, "at": [0, 0]}, {"side": 4, "at": [1, 0]}]
    back_of_5 = next(s for s, side in content.tile_sides.items() if side.tile == content.tile_sides[5].tile and s != 5)
    assert [1, 0] not in [f["at"] for f in fits(content, laid, back_of_5)]  # 4 stays where it is
    assert [0, 0] in [f["at"] for f in fits(content, laid, back_of_5)]  # its own tile's square is free for it
    assert fits(content, laid, 9999) == []
    assert fits(content, "not a layout", 2) == []
    assert fits(content, [], 2) == [{"at": [0, 0], "joined": 0, "blocked": 0}]
