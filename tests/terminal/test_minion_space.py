"""The terminal says the tied-placement decision (R-ENC-05) in words: the question and each space by name."""

from __future__ import annotations

from mnm.terminal.describe import Describer
from scenariokit import tied_entry_game


def test_the_minion_space_decision_reads_as_a_question_with_named_spaces() -> None:
    game = tied_entry_game()
    d = game.decision()
    assert d is not None and d.kind == "minion_space"
    words = Describer(game.ctx.content)
    assert words.question(game, d) == "The party: Entry spaces tie: where does the new minion enter?"
    names = words.space_names(game)
    labels = [words.action(a, names) for a in d.options]
    assert labels == [f"The party: Choose {words.space(s, names)}" for s in ("5:1", "5:3", "5:10")]
    assert all("Guard Room" in label for label in labels)
    assert "R-ENC-05" in words.decision_help("minion_space")
