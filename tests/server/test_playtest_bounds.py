"""Play-test work bounded where it runs (issue 34, findings 1, 8 and 10): the CPU cap holds inside a running
chunk, cancel stops the workers within a second, ``cpu_seconds`` is honest while a chunk runs, a game stops at
its own CPU budget, one address cannot fill the queue, and refusals carry a real ``Retry-After`` header."""

from __future__ import annotations

import time
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from web_helpers import ROOT

from mnm.chapters.file import added_chapter, read_chapter_text
from mnm.server.app import Limits, create_app
from mnm.sim.simulate import GameSpec, play_game
from mnm.workshop.playtest import CHUNK, FIRST_CHUNK, Job, PlaytestError, PlaytestService, _alive, _cpu_seconds

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

EXAMPLE = (ROOT / "examples" / "chapters" / "kitchen-run.yaml").read_text(encoding="utf-8")
PARTY = ["collin", "tilda", "filch", "maginos"]


def until(condition: Callable[[], bool], seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return condition()


@pytest.fixture
def service() -> Iterator[PlaytestService]:
    playtests = PlaytestService(workers=1, cpu_seconds=1.0)
    playtests.warm(wait=True)
    try:
        yield playtests
    finally:
        playtests.close()


def search_job(service: PlaytestService, owner: str = "editor", address: str = "10.0.0.1") -> Job:
    """A play-test whose first chunk (two games of the search bot) takes far longer than the test's cap."""
    return service.submit(owner, EXAMPLE, PARTY, "search", 50, ("normal",), address)


def test_the_cpu_cap_stops_a_chunk_while_it_runs_and_cpu_seconds_is_counted_meanwhile(
    service: PlaytestService,
) -> None:
    job = search_job(service)
    # before: cpu_seconds stayed 0.0 until a chunk returned, and the cap was checked only then
    assert until(lambda: job.status == "running" and job.cpu > 0.2, 10), job.report()
    assert until(lambda: job.status == "capped", 10), job.report()
    report = job.report()
    # The compiled engine's search bot may finish the first small chunk (FIRST_CHUNK games) inside the cap; the
    # chunk running when the cap is crossed is stopped, not played to its end (that took several CPU seconds).
    assert report["done"] < FIRST_CHUNK + CHUNK and 1.0 < report["cpu_seconds"] < 3.0, report
    assert service.worker_pids() == []  # the workers playing the chunk were ended, not left to finish it
    # the next editor's job runs at once on fresh workers
    other = search_job(service, "another editor", "10.0.0.2")
    assert until(lambda: other.status == "running" and other.cpu > 0, 10), other.report()
    service.cancel(other)


def test_cancel_stops_the_workers_within_a_second(service: PlaytestService) -> None:
    job = search_job(service)
    service.cpu_seconds = 100.0
    assert until(lambda: job.cpu > 0.2, 10), job.report()
    pids = service.worker_pids()
    assert pids
    asked = time.monotonic()
    service.cancel(job)
    assert until(lambda: job.status == "cancelled" and not any(_alive(p) for p in pids), 1.0), job.report()
    assert time.monotonic() - asked < 1.0
    spent = job.cpu
    time.sleep(0.5)
    assert job.cpu == spent  # nothing plays on after the cancel


def test_a_game_stops_at_its_own_cpu_budget() -> None:
    content = read_chapter_text(EXAMPLE, "test")
    chapter = added_chapter(content)[0].id
    started = time.process_time()
    record = play_game(GameSpec(chapter, tuple(PARTY), "search", 1, "normal"), content, cpu_seconds=0.3)
    assert record["status"] == "unfinished" and record["outcome"] == "over_budget"
    assert time.process_time() - started < 10  # one decision past the budget at most
    assert 0 < record["decisions"] < 200


def test_one_address_cannot_fill_the_queue_with_invented_tokens() -> None:
    playtests = PlaytestService(workers=1, per_token=1, per_address=2, queue_limit=8)
    try:
        # the scheduler is not started for queued jobs to run: only the bookkeeping is tested here
        playtests._ensure_thread = lambda: None  # type: ignore[method-assign]
        for n in range(2):
            playtests.submit(f"token-{n}", EXAMPLE, PARTY, "heuristic", 5, ("normal",), "10.0.0.9")
        with pytest.raises(PlaytestError) as refused:
            playtests.submit("token-2", EXAMPLE, PARTY, "heuristic", 5, ("normal",), "10.0.0.9")
        assert refused.value.code == "limit" and "address" in str(refused.value)
        # another address still gets in: the queue (8) was not filled
        assert playtests.submit("token-3", EXAMPLE, PARTY, "heuristic", 5, ("normal",), "10.0.0.10").status == "queued"
    finally:
        playtests.close()


def test_playtest_refusals_carry_a_retry_after_header_not_a_body_field(tmp_path: Path) -> None:
    limits = Limits(playtest_workers=1, playtests_per_address=1)
    with TestClient(create_app(f"sqlite:///{tmp_path / 'tables.db'}", limits)) as client:
        client.app.state.playtests._ensure_thread = lambda: None  # type: ignore[attr-defined]
        tokens = [{"X-Editor-Token": client.post("/api/workshop/token").json()["token"]} for _ in range(2)]
        body = {"text": EXAMPLE, "games": 5, "presets": ["normal"]}
        assert client.post("/api/workshop/playtests", json=body, headers=tokens[0]).status_code == 202
        again = client.post("/api/workshop/playtests", json=body, headers=tokens[0])
        assert again.status_code == 429 and again.headers["Retry-After"] == "5"
        assert "headers" not in again.json() and "headers" not in again.json()["params"]
        other_token = client.post("/api/workshop/playtests", json=body, headers=tokens[1])  # same address
        assert other_token.status_code == 429 and "address" in other_token.json()["message"]
        assert other_token.headers["Retry-After"] == "5"


def test_worker_cpu_is_read_from_proc() -> None:
    import os

    spent = _cpu_seconds(os.getpid())
    assert spent is not None and spent > 0
    assert _cpu_seconds(2**22 + 12345) is None
