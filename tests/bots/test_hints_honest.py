"""Hints that never show noise (issue 44): no option is shown or ranked on fewer than MIN_PLAYOUTS playouts (chosen
from the interval width, HALF_WIDTH); under too small a budget a hint says plainly that it has not measured enough;
a shown chance is said in a player's words in both languages, the numbers beside it."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from mnm.bots.hints import (
    HALF_WIDTH,
    MIN_PLAYOUTS,
    chance_words,
    hint_status,
    hints,
    in_words,
    min_playouts_for,
    not_enough_text,
    shown,
    wilson,
)
from mnm.cli import app
from mnm.engine.game import Game

PARTY = ["collin", "tilda", "filch", "maginos"]


def _turn_game() -> Game:
    game = Game.new("proving-grounds", PARTY, seed=2)
    while game.decision() is not None and game.decision().kind != "turn":  # type: ignore[union-attr]
        game.apply(game.legal_actions()[0])
    return game


def test_the_minimum_comes_from_the_interval_width() -> None:
    assert min_playouts_for(HALF_WIDTH) <= MIN_PLAYOUTS == 100
    low, high = wilson(50, MIN_PLAYOUTS)  # an even chance: the widest interval
    assert (high - low) / 2 <= HALF_WIDTH + 0.001


def test_a_hint_under_a_tiny_cpu_budget_says_not_enough_instead_of_ranking(tmp_path: Path) -> None:
    game = _turn_game()
    for found in (
        hints(game, count=3, iterations=20, seconds=None),  # an artificially tiny budget in playouts
        hints(game, count=3, iterations=400, seconds=0.001),  # and in time: a busy machine
    ):
        assert hint_status(game, found) == "not_enough"
        assert shown(found) == []
    assert "Not enough" in not_enough_text("en") and "100" in not_enough_text("en")
    assert "ainda pensando" in not_enough_text("pt_BR")
    path = tmp_path / "save.json"
    path.write_text(json.dumps(game.to_json()))
    result = CliRunner().invoke(app, ["hint", str(path), "--iterations", "20", "--workers", "1"])
    assert result.exit_code == 0, result.output
    assert "Not enough yet to tell the choices apart" in result.output
    assert "1. " not in result.output  # nothing ranked


def test_a_measured_hint_is_said_in_a_players_words() -> None:
    assert chance_words(0.49, 0.39, 0.58) == "about 1 in 2 to win; could be 2 in 5 to 3 in 5"
    assert chance_words(0.49, 0.39, 0.58, "pt_BR") == "cerca de 1 em 2 de vencer; pode ser de 2 em 5 a 3 em 5"
    assert chance_words(0.99, 0.96, 1.0) == "almost sure to win"
    assert in_words(0.24) == "1 in 4" and in_words(0.02) == "almost none"
    game = _turn_game()
    found = shown(hints(game, count=2, iterations=400, seconds=None, seed=1))
    assert found and hint_status(game, found) == "ready"
    for h in found:
        assert h.playouts >= MIN_PLAYOUTS and h.words and h.to_json()["words"] == h.words
