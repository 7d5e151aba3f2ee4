"""Bots choose only legal options; simulations are reproducible and their reports hold the right numbers."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mnm.bots import make_bot
from mnm.bots.mcts import rank_options
from mnm.engine.game import Game
from mnm.sim.report import write_report
from mnm.sim.simulate import GameSpec, play_game, run_simulation, summarise, wilson_interval

PARTY = ["collin", "tilda", "filch", "maginos"]
CHAPTER = "proving-grounds"


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), bot=st.sampled_from(["random", "heuristic"]))
def test_bots_only_choose_legal_options(seed: int, bot: str) -> None:
    game = Game.new(CHAPTER, PARTY, seed=seed)
    policy = make_bot(bot, seed)
    for _ in range(60):
        decision = game.decision()
        if decision is None:
            break
        choice = policy.choose(game)
        assert choice in decision.options
        game.apply(choice)


def test_search_bot_choice_is_legal_and_ranked() -> None:
    game = Game.new(CHAPTER, PARTY, seed=5)
    bot = make_bot("search", 5)
    decision = game.decision()
    assert decision is not None
    assert bot.choose(game) in decision.options
    import random

    ranked = rank_options(game.ctx, game.state, random.Random(1), iterations=len(decision.options) + 4, rollout=2)
    assert {a for a, _, _ in ranked} <= set(decision.options)
    assert all(0.0 <= v <= 1.0 for _, v, _ in ranked)


def test_bot_does_not_peek_at_the_dice() -> None:
    """The heuristic bot's choice must not depend on the real future dice: same state, different hidden rng."""
    game = Game.new(CHAPTER, PARTY, seed=11)
    other = Game.from_json(game.to_json())
    other.state.rng ^= 0x5555
    assert make_bot("heuristic", 3).choose(game) == make_bot("heuristic", 3).choose(other)


def test_a_game_record_is_a_pure_function_of_its_seed() -> None:
    spec = GameSpec(CHAPTER, tuple(PARTY), "random", 42)
    assert play_game(spec) == play_game(spec)


def test_simulation_is_identical_across_worker_counts(tmp_path: Path) -> None:
    one, recs1 = run_simulation(CHAPTER, PARTY, "random", 6, seed=100, workers=1)
    two, recs2 = run_simulation(CHAPTER, PARTY, "random", 6, seed=100, workers=2)
    assert one == two
    assert recs1 == recs2


def test_search_bot_simulation_is_identical_across_worker_counts() -> None:
    """The search bot too: its rollouts draw their randomness from the game's seed, never from what a worker
    process searched before, so how games are shared among workers changes nothing."""
    one, recs1 = run_simulation(CHAPTER, PARTY, "search", 3, seed=7, workers=1)
    two, recs2 = run_simulation(CHAPTER, PARTY, "search", 3, seed=7, workers=2)
    assert recs1 == recs2 and one == two
    assert one["games"] == 3


def test_simulation_resumes_from_its_results_file(tmp_path: Path) -> None:
    run_simulation(CHAPTER, PARTY, "random", 3, seed=0, out=tmp_path)
    lines = (tmp_path / "results.jsonl").read_text().splitlines()
    assert [json.loads(x)["seed"] for x in lines] == [0, 1, 2]
    (tmp_path / "results.jsonl").write_text("\n".join(lines) + "\n{torn")  # an interrupted write
    summary, records = run_simulation(CHAPTER, PARTY, "random", 5, seed=0, out=tmp_path)
    assert [r["seed"] for r in records] == [0, 1, 2, 3, 4]
    assert summary["games"] == 5
    fresh, _ = run_simulation(CHAPTER, PARTY, "random", 5, seed=0)
    assert fresh == summary


def _record(seed: int, status: str, outcome: str, pages: int, captures: dict[str, int]) -> dict[str, object]:
    return {
        "seed": seed,
        "status": status,
        "outcome": outcome,
        "decisions": 100,
        "rounds": 5,
        "pages": pages,
        "end_page": 6,
        "captures": captures,
        "surges": 1,
        "minions_defeated": 3,
        "wounds_by": {"rat-warrior": 2},
        "explored": [5],
    }


def test_summary_counts_a_hand_made_run() -> None:
    recs = [
        _record(0, "won", "victory", 3, {"collin": 0, "filch": 1}),
        _record(1, "lost", "hourglass", 6, {"collin": 1, "filch": 0}),
        _record(2, "lost", "all_captured", 4, {"collin": 1, "filch": 2}),
        _record(3, "won", "victory", 3, {"collin": 0, "filch": 0}),
    ]
    s = summarise(recs)
    assert (s["games"], s["wins"], s["win_rate"]) == (4, 2, 0.5)
    assert s["defeat_causes"] == {"hourglass": 1, "all_captured": 1}
    assert s["pages_used"] == {"3": 2, "4": 1, "6": 1}
    assert s["captures_per_mouse"] == {"collin": 0.5, "filch": 0.75}
    assert s["wounds_by_minion"] == {"rat-warrior": 8}
    assert s["ci95"] == list(wilson_interval(2, 4))
    assert s["rounds_played"] == {"5": 4} and s["mean_rounds"] == 5


def test_report_files(tmp_path: Path) -> None:
    s = summarise([_record(0, "won", "victory", 3, {"collin": 0}), _record(1, "lost", "hourglass", 6, {"collin": 2})])
    files = write_report(tmp_path, s, {"chapter": CHAPTER, "party": ["collin"], "bot": "random"})
    names = {"summary.json", "report.html", "pages.png", "rounds.png", "captures.png", "wounds.png"}
    assert {p.name for p in files} == names
    data = json.loads((tmp_path / "summary.json").read_text())
    assert data["wins"] == 1 and data["games"] == 2 and data["chapter"] == CHAPTER
    page = (tmp_path / "report.html").read_text()
    assert "50.0%" in page and "The Proving Grounds with Prince Collin" in page
    assert "1 game was lost: 1 because the hourglass reached the end marker." in page
    assert (tmp_path / "pages.png").read_bytes()[:4] == b"\x89PNG"


@pytest.mark.parametrize(("wins", "games", "expected"), [(0, 10, (0.0, 0.2775)), (10, 10, (0.7225, 1.0))])
def test_wilson_interval_edges(wins: int, games: int, expected: tuple[float, float]) -> None:
    assert wilson_interval(wins, games) == expected


def test_search_ranking_depends_only_on_its_inputs() -> None:
    """A ranking is a function of state and seed: searches run before it in the same process don't change it
    (so simulations give the same records whatever the worker count)."""
    import random

    game = Game.new("flight-to-barksburg", PARTY, seed=5)  # rat warriors close by: rollouts battle
    while game.decision() is not None and game.decision().kind != "turn":  # type: ignore[union-attr]
        game.apply(game.legal_actions()[0])
    first = rank_options(game.ctx, game.state, random.Random(7), iterations=40, rollout=30)
    rank_options(game.ctx, game.state, random.Random(99), iterations=40, rollout=30)  # unrelated work between
    again = rank_options(game.ctx, game.state, random.Random(7), iterations=40, rollout=30)
    assert [(str(a), v, n) for a, v, n in first] == [(str(a), v, n) for a, v, n in again]


@pytest.mark.parametrize(
    ("party", "why"),
    [("collin,filch", "party of 4 mice, got 2"), ("collin,tilda,filch,lily", "Lily may not adventure")],
)
def test_simulate_refuses_a_party_the_chapter_refuses(party: str, why: str) -> None:
    from typer.testing import CliRunner

    from mnm.cli import app

    result = CliRunner().invoke(app, ["simulate", "--chapter", "1", "--party", party, "--games", "2", "--json"])
    assert result.exit_code == 2
    assert why in result.output and "Traceback" not in result.output


def test_simulate_json_summary_for_a_small_run() -> None:
    from typer.testing import CliRunner

    from mnm.cli import app

    result = CliRunner().invoke(app, ["simulate", "--chapter", CHAPTER, "--bot", "random", "--games", "3", "--json"])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.output.strip().splitlines()[-1])
    assert summary["games"] == 3 and summary["wins"] + sum(summary["defeat_causes"].values()) + summary[
        "unfinished"
    ] == 3
    assert {"win_rate", "ci95", "games_per_s"} <= set(summary)
