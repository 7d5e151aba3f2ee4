"""The workshop's estimate before a play-test starts (issue 37): mnm.bots.cost for the chapter's end page, times
each bot's factor learnt from the jobs that finished on this server (bounded), shared by the workers that play at
once; the queue's expected waits add up the same estimate for each job ahead, on its own chapter."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mnm.bots.cost import DEFAULT_END_PAGE, FIT_SECONDS_PER_PAGE, playtest_seconds
from mnm.content.loader import builtin_content
from mnm.workshop import playtest as playtest_module
from mnm.workshop.playtest import FACTOR_BOUNDS, Job, PlaytestService

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = (ROOT / "examples" / "chapters" / "kitchen-run.yaml").read_text(encoding="utf-8")
PARTY = ["collin", "tilda", "filch", "maginos"]


def service(workers: int = 1, cores: int = 8, monkeypatch: pytest.MonkeyPatch | None = None) -> PlaytestService:
    """A service whose scheduler never starts (only its arithmetic and bookkeeping are tested here)."""
    if monkeypatch is not None:
        monkeypatch.setattr(playtest_module, "_usable_cores", lambda: cores)
    made = PlaytestService(workers=workers)
    made._ensure_thread = lambda: None  # type: ignore[method-assign]
    return made


@pytest.fixture
def one_worker() -> Iterator[PlaytestService]:
    made = service()
    yield made
    made.close()


def finished(bot: str, games: int, wall: float, end_page: int = 6) -> Job:
    """A job that played ``games`` games in ``wall`` seconds."""
    job = Job("j", "owner", EXAMPLE, tuple(PARTY), bot, games, ("normal",), 60.0, end_page=end_page)
    job.status, job.done, job.started, job.finished = "done", games, 100.0, 100.0 + wall
    return job


def test_a_chapter_ending_on_page_12_is_estimated_twice_one_ending_on_page_6(one_worker: PlaytestService) -> None:
    for bot in ("heuristic", "search"):
        assert one_worker.estimate(bot, 300, 12) == pytest.approx(2 * one_worker.estimate(bot, 300, 6), rel=0.01)
    # a draft without a known end page is estimated as Chapter 1
    chapter_one = next(c for c in builtin_content().chapters.values() if c.number == 1)
    assert chapter_one.end_page == DEFAULT_END_PAGE
    assert one_worker.estimate("search", 100) == one_worker.estimate("search", 100, chapter_one.end_page)


def test_the_estimate_is_the_cost_model_on_this_servers_engine_build(one_worker: PlaytestService) -> None:
    expected = playtest_seconds("search", 8, 100, 1, 1, one_worker.slowdown)
    assert one_worker.estimate("search", 100, 8) == pytest.approx(expected, abs=0.05)
    assert one_worker.times_slower("search", "heuristic", 8) > 5  # the search bot is much slower, said so


def test_workers_divide_the_estimate_up_to_the_usable_cores(monkeypatch: pytest.MonkeyPatch) -> None:
    one, four, many = (service(n, cores=4, monkeypatch=monkeypatch) for n in (1, 4, 16))
    try:
        assert four.estimate("heuristic", 3000, 6) == pytest.approx(one.estimate("heuristic", 3000, 6) / 4, rel=0.01)
        # the search bot's games are shared out too; each worker's fit of its value estimate is not
        fit = FIT_SECONDS_PER_PAGE["search"] * 6 * one.slowdown * one.factor("search")
        assert four.estimate("search", 300, 6) == pytest.approx((one.estimate("search", 300, 6) - fit) / 4 + fit, abs=0.2)
        assert many.estimate("search", 300, 6) == four.estimate("search", 300, 6)  # 16 workers on 4 cores: 4
    finally:
        for made in (one, four, many):
            made.close()


def test_the_learnt_factor_moves_the_estimate_and_stays_bounded(one_worker: PlaytestService) -> None:
    before = one_worker.estimate("search", 100, 6)
    estimated = playtest_seconds("search", 6, 20, 1, one_worker.parallel, one_worker.slowdown)
    one_worker._learn(finished("search", 20, 3 * estimated))  # this server is three times slower than the model
    assert one_worker.factor("search") == pytest.approx(0.7 + 0.3 * 3, abs=0.001)
    assert one_worker.estimate("search", 100, 6) == pytest.approx(1.6 * before, rel=0.01)
    assert one_worker.factor("heuristic") == 1.0  # each bot learns its own
    for _ in range(50):  # a server paused for hours, job after job
        one_worker._learn(finished("search", 20, 1e9))
    assert one_worker.factor("search") == FACTOR_BOUNDS[1]
    for _ in range(50):  # jobs that took no time at all
        one_worker._learn(finished("search", 20, 0.0))
    assert one_worker.factor("search") == FACTOR_BOUNDS[0]
    one_worker._learn(finished("heuristic", 5, 1e9))  # too few games to tell
    assert one_worker.factor("heuristic") == 1.0


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.integers(10, 1000), st.floats(0, 1e7), st.integers(1, 40)), min_size=1, max_size=12))
def test_any_run_of_finished_jobs_keeps_the_factor_in_its_bounds(jobs: list[tuple[int, float, int]]) -> None:
    made = service()
    try:
        for games, wall, end_page in jobs:
            made._learn(finished("heuristic", games, wall, end_page))
            assert FACTOR_BOUNDS[0] <= made.factor("heuristic") <= FACTOR_BOUNDS[1]
    finally:
        made.close()


def test_the_queue_waits_for_each_job_ahead_on_its_own_chapter(one_worker: PlaytestService) -> None:
    short = one_worker.submit("a", EXAMPLE, PARTY, "search", 10, ("normal",), "10.0.0.1", end_page=4)
    one_worker.submit("b", EXAMPLE, PARTY, "search", 10, ("easy", "hard"), "10.0.0.2", end_page=12)
    last = one_worker.submit("c", EXAMPLE, PARTY, "heuristic", 10, ("normal",), "10.0.0.3")
    assert last.end_page == DEFAULT_END_PAGE
    wait = one_worker.estimate("search", 10, 4) + one_worker.estimate("search", 20, 12)
    assert one_worker.queue_of(last) == {"position": 3, "wait_seconds": pytest.approx(wait, abs=0.05)}
    assert one_worker.queue_of(short)["wait_seconds"] == 0.0
