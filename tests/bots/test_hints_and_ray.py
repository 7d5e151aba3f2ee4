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
