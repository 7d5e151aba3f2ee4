"""Issue 26, finding 1: nothing may be undone once a chapter is won or lost (the end reveals the seed, so a
taken-back ending would let a player compute every later roll). The winning move here rolls no dice."""

from __future__ import annotations

import pytest

from mnm.engine.errors import IllegalAction
from mnm.engine.game import Game, apply
from scenariokit import one_move_from_winning


def won_by_a_move() -> Game:
    g, tree = one_move_from_winning()
    g.apply(f"move collin {tree}")
    return g


@pytest.mark.rule("R-WIN-01")
def test_the_move_that_wins_cannot_be_taken_back() -> None:
    g = won_by_a_move()
    assert g.state.status == "won"
    ok, why = g.can_undo()
    assert not ok and "over" in why
    with pytest.raises(IllegalAction):
        g.undo()
    assert g.state.status == "won"


@pytest.mark.rule("R-WIN-01")
def test_an_ending_apply_is_never_undoable() -> None:
    before, tree = one_move_from_winning()
    done = apply(before.ctx, before.state, next(a for a in before.legal_actions() if a.args == (tree,)))
    assert done.state.status == "won"
    assert done.undoable is False
