"""Hints suggest legal options with reasons; the Ray backend gives exactly the local results."""

from __future__ import annotations

import json
import os
from pathlib import Path

from typer.testing import CliRunner

from mnm.bots.hints import hints
from mnm.cli import app
from mnm.engine.game import Game
from mnm.sim.simulate import run_simulation

PARTY = ["collin", "tilda", "filch", "maginos"]


def _saved_game(tmp_path: Path) -> tuple[Game, Path]:
    game = Game.new("proving-grounds", PARTY, seed=2)
    for _ in range(6):
        game.apply(game.legal_actions()[0])
    path = tmp_path / "save.json"
    path.write_text(json.dumps(game.to_json()))
    return game, path


def test_hints_are_legal_distinct_and_explained(tmp_path: Path) -> None:
    game, _ = _saved_game(tmp_path)
    decision = game.decision()
    assert decision is not None
    found = hints(game, count=3, iterations=60)
    assert 1 <= len(found) <= 3
    assert len({h.action for h in found}) == len(found)
    assert all(h.action in decision.options and 0.0 <= h.win_chance <= 1.0 and h.reason for h in found)


def test_hint_command_reads_a_save_and_refuses_garbage(tmp_path: Path) -> None:
    _, path = _saved_game(tmp_path)
    result = CliRunner().invoke(app, ["hint", str(path), "--iterations", "30", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data and {"action", "win_chance", "playouts", "reason"} <= set(data[0])
    bad = tmp_path / "bad.json"
    bad.write_text('{"state": {"format": 999}}')
    result = CliRunner().invoke(app, ["hint", str(bad)])
    assert result.exit_code == 1
    assert "format" in result.output


def test_ray_backend_matches_local_processes() -> None:
    import ray

    os.environ["RAY_USAGE_STATS_ENABLED"] = "0"
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, ignore_reinit_error=True)
    try:
        via_ray, recs_ray = run_simulation("proving-grounds", PARTY, "random", 4, seed=20, workers=2, backend="ray")
    finally:
        ray.shutdown()
    local, recs_local = run_simulation("proving-grounds", PARTY, "random", 4, seed=20, workers=1)
    assert via_ray == local
    assert recs_ray == recs_local


def test_hints_find_the_winning_step_and_say_so() -> None:
    """Last page of Chapter 1: Collin, last on the track, stands by the hole; one step into the tree wins
    (Filch is inside and the Courtyard is clear). Ending the turn instead ends the round with no minion on the
    board: time is short, the full wheel surges and the hourglass reaches the end marker. The hint must put the
    winning step first with every playout won, say why, and give ending the turn no chance."""
    from mnm.engine.scenario import load_scenario

    game = load_scenario(
        {
            "chapter": "flight-to-barksburg",
            "tiles": {"3": 6, "1": 1},
            "explored": [5, 6, 4, 2, 1],
            "heroes": {"filch": {"space": "1:16"}, "collin": {"space": "1:15"}},
            "track": ["mouse:filch", "mouse:collin"],
            "turn": "mouse:collin",
            "hourglass": 5,
            "end_page": 6,
            "wheel": 5,
        }
    )
    found = hints(game, count=40, iterations=40)
    best = found[0]
    assert str(best.action) == "move collin 1:16"
    assert best.win_chance == 1.0
    assert "Victory" in best.reason
    by_text = {str(h.action): h for h in found}
    assert by_text["end collin"].win_chance == 0.0
    assert "hourglass" in by_text["end collin"].reason
    assert hints(game, count=1, iterations=40, lang="pt_BR")[0].reason != best.reason  # told in Portuguese


def test_the_server_asks_for_as_many_playouts_as_the_hints_default() -> None:
    from mnm.bots.hints import PLAYOUTS
    from mnm.server.app import Limits

    assert Limits().hint_iterations == PLAYOUTS
