"""Play-tests of a chapter draft: many bot games per difficulty preset, in worker processes, as bounded jobs.

A job plays ``games`` games of one chapter file for each preset (seeds 0..games-1, so a job is reproducible),
in chunks sent to a process pool (or to Ray when the server runs with ``backend="ray"``, as
``mnm simulate --backend ray``), never in the process that serves the tables. Jobs wait in one queue and run
one at a time; a token has at most ``per_token`` jobs queued or running; a job stops when its workers have
spent ``cpu_seconds`` of CPU time (``capped``) or when cancelled. Progress is counted in games from the start.

The report per preset is :func:`mnm.sim.simulate.summarise` of the records, plus a heat map of where mice were
wounded and captured and where the party stood when the hourglass ran out (space id -> count).
"""

from __future__ import annotations

import concurrent.futures as cf
import contextlib
import multiprocessing
import os
import secrets
import threading
import time
from collections import Counter, deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from mnm.chapters.file import added_chapter, read_chapter_text
from mnm.sim.simulate import GameSpec, play_game, summarise

__all__ = ["PRESETS", "Job", "PlaytestError", "PlaytestService", "default_party", "play_chunk"]

PRESETS = ("easy", "normal", "hard")
CHUNK = 10  # games per task: small enough for a live progress bar and a quick cancel
FIRST_CHUNK = 2  # the first task of each worker: the bar moves within the first second
# A draft's game stops here, "unfinished" (a shipped chapter's games take a few hundred decisions; a draft whose
# bots find no way to its goal would otherwise wander for a long time before its cap)
MAX_DECISIONS = 1500
STALL_ROUNDS = 30  # rounds on one hourglass page: the bots found nothing to do (a shipped game turns pages faster)
HEAT_KINDS = ("wounds", "captures", "hourglass")


class PlaytestError(Exception):
    """A play-test refused: ``code`` (``busy``, ``limit``, ``invalid``) and a sentence."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


def default_party(chapter_party_size: int, barred: tuple[str, ...], heroes: list[str]) -> list[str]:
    """The first heroes of the box the chapter allows, as many as its party size."""
    return [h for h in heroes if h not in barred][:chapter_party_size]


def play_chunk(text: str, party: tuple[str, ...], bot: str, preset: str, seeds: tuple[int, ...]) -> dict[str, Any]:
    """Worker side: play ``seeds`` of the chapter file ``text``; the records and the CPU seconds they took."""
    started = time.process_time()
    content = read_chapter_text(text, "workshop")  # read once per chunk (one content object per chapter)
    chapter = added_chapter(content)[0]
    records = [play_game(GameSpec(chapter.id, party, bot, s, preset), content, True, MAX_DECISIONS, STALL_ROUNDS) for s in seeds]
    return {"records": records, "cpu": time.process_time() - started}


def _nice_worker() -> None:
    """Play-test workers yield the CPU to the server's own work (tables, hints)."""
    with contextlib.suppress(OSError):
        os.nice(10)


def _ready() -> bool:
    """A task that only makes a worker process start (and import the engine) before the first job."""
    return True


@dataclass
class Job:
    id: str
    owner: str  # the editor token's key
    text: str
    party: tuple[str, ...]
    bot: str
    games: int  # per preset
    presets: tuple[str, ...]
    cpu_limit: float
    status: str = "queued"  # queued, running, done, cancelled, capped, failed
    done: int = 0
    cpu: float = 0.0
    created: float = field(default_factory=time.monotonic)
    finished: float | None = None
    records: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    error: str = ""
    cancel_event: threading.Event = field(default_factory=threading.Event)

    @property
    def total(self) -> int:
        return self.games * len(self.presets)

    @property
    def active(self) -> bool:
        return self.status in ("queued", "running")

    def report(self) -> dict[str, Any]:
        """Progress, and per preset the summary and heat map of the games played so far."""
        presets: dict[str, Any] = {}
        for preset in self.presets:
            recs = self.records.get(preset, [])
            if not recs:
                continue
            heat: dict[str, Counter[str]] = {k: Counter() for k in HEAT_KINDS}
            for r in recs:
                for kind, spots in (r.get("heat") or {}).items():
                    heat[kind].update(spots)
            summary = summarise(recs)
            presets[preset] = {
                "games": summary["games"],
                "wins": summary["wins"],
                "win_rate": summary["win_rate"],
                "ci95": summary["ci95"],
                "defeat_causes": summary["defeat_causes"],
                "unfinished": summary["unfinished"],
                "pages_used": summary["pages_used"],
                "captures_per_mouse": summary["captures_per_mouse"],
                "captures_per_game": round(sum(sum(r["captures"].values()) for r in recs) / len(recs), 3),
                "losses_by_page": summary["losses_by_page"],
                "heat": {k: dict(v.most_common()) for k, v in heat.items()},
            }
        elapsed = (self.finished or time.monotonic()) - self.created
        return {
            "id": self.id,
            "status": self.status,
            "done": self.done,
            "total": self.total,
            "bot": self.bot,
            "party": list(self.party),
            "games": self.games,
            "cpu_seconds": round(self.cpu, 2),
            "seconds": round(elapsed, 2),
            "error": self.error,
            "presets": presets,
        }


Submit = Callable[[str, tuple[str, ...], str, str, tuple[int, ...]], "cf.Future[dict[str, Any]]"]


class PlaytestService:
    """The queue of play-test jobs and the workers that play them."""

    def __init__(
        self,
        workers: int | None = None,
        backend: str = "local",
        ray_address: str | None = None,
        per_token: int = 1,
        queue_limit: int = 8,
        cpu_seconds: float = 120.0,
        keep: int = 200,
    ) -> None:
        self.workers = max(1, workers or os.cpu_count() or 1)
        self.backend = backend
        self.ray_address = ray_address
        self.per_token = per_token
        self.queue_limit = queue_limit
        self.cpu_seconds = cpu_seconds
        self.keep = keep
        self.jobs: dict[str, Job] = {}
        self._queue: deque[Job] = deque()
        self._lock = threading.Lock()
        self._wake = threading.Condition(self._lock)
        self._pool: cf.ProcessPoolExecutor | None = None
        self._thread: threading.Thread | None = None
        self._stopping = False

    # --- the server's side ---------------------------------------------------------------------------------

    def submit(
        self, owner: str, text: str, party: list[str], bot: str, games: int, presets: tuple[str, ...]
    ) -> Job:
        with self._lock:
            mine = [j for j in self.jobs.values() if j.owner == owner and j.active]
            if len(mine) >= self.per_token:
                raise PlaytestError("limit", f"a draft token runs at most {self.per_token} play-test(s) at once")
            if len(self._queue) >= self.queue_limit:
                raise PlaytestError("busy", "the play-test queue is full; try again in a minute")
            job = Job(secrets.token_hex(8), owner, text, tuple(party), bot, games, presets, self.cpu_seconds)
            self.jobs[job.id] = job
            self._queue.append(job)
            self._forget_old()
            self._ensure_thread()
            self._wake.notify_all()
        return job

    def get(self, job_id: str) -> Job | None:
        return self.jobs.get(job_id)

    def cancel(self, job: Job) -> None:
        with self._lock:
            job.cancel_event.set()
            if job.status == "queued":
                job.status = "cancelled"
                job.finished = time.monotonic()
                if job in self._queue:
                    self._queue.remove(job)

    def close(self) -> None:
        with self._lock:
            self._stopping = True
            for job in self.jobs.values():
                job.cancel_event.set()
            self._wake.notify_all()
        if self._thread is not None:
            self._thread.join(timeout=10)
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)

    def _forget_old(self) -> None:
        finished = [j for j in self.jobs.values() if not j.active]
        for job in sorted(finished, key=lambda j: j.created)[: max(0, len(self.jobs) - self.keep)]:
            del self.jobs[job.id]

    def _ensure_thread(self) -> None:
        if self._thread is None or not self._thread.is_alive():
            self._thread = threading.Thread(target=self._run, name="playtest-jobs", daemon=True)
            self._thread.start()

    # --- the scheduler thread ------------------------------------------------------------------------------

    def warm(self, wait: bool = False) -> None:
        """Start the worker processes now (a server at start-up), so the first play-test's games start at once;
        ``wait``: until every worker is up."""
        if self.backend == "local":
            self._submitter()
            assert self._pool is not None
            started = [self._pool.submit(_ready) for _ in range(self.workers)]
            if wait:
                cf.wait(started)

    def _submitter(self) -> Submit:
        if self.backend == "ray":
            import ray

            os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
            if not ray.is_initialized():
                if self.ray_address:
                    ray.init(address=self.ray_address, ignore_reinit_error=True, log_to_driver=False)
                else:
                    ray.init(
                        num_cpus=self.workers, ignore_reinit_error=True, log_to_driver=False, include_dashboard=False
                    )
            remote = ray.remote(play_chunk)

            def on_ray(*args: Any) -> cf.Future[dict[str, Any]]:
                future: cf.Future[dict[str, Any]] = remote.remote(*args).future()
                return future

            return on_ray
        if self._pool is None:
            # forkserver: workers are forked from a clean process, never from the server's threads
            context = multiprocessing.get_context("forkserver")
            context.set_forkserver_preload(["mnm.workshop.playtest"])
            self._pool = cf.ProcessPoolExecutor(self.workers, mp_context=context, initializer=_nice_worker)
        pool = self._pool

        def on_pool(*args: Any) -> cf.Future[dict[str, Any]]:
            return pool.submit(play_chunk, *args)

        return on_pool

    def _run(self) -> None:
        while True:
            with self._lock:
                while not self._queue and not self._stopping:
                    self._wake.wait()
                if self._stopping:
                    return
                job = self._queue.popleft()
                job.status = "running"
            try:
                self._play(job)
            except Exception as err:  # a worker crashed or the backend failed: the job says so, the server lives
                job.status = "failed"
                job.error = str(err)[:300] or type(err).__name__
            job.finished = time.monotonic()

    def _play(self, job: Job) -> None:
        submit = self._submitter()
        tasks: list[tuple[str, tuple[int, ...]]] = []
        for preset in job.presets:
            start = 0
            while start < job.games:
                size = FIRST_CHUNK if len(tasks) < self.workers else CHUNK
                tasks.append((preset, tuple(range(start, min(job.games, start + size)))))
                start += size
        window = 2 * self.workers  # tasks in flight: enough to keep every worker busy, few to cancel
        pending: dict[cf.Future[dict[str, Any]], str] = {}
        todo = deque(tasks)
        stop = ""
        while todo or pending:
            while todo and len(pending) < window and not stop:
                preset, seeds = todo.popleft()
                pending[submit(job.text, job.party, job.bot, preset, seeds)] = preset
            if not pending:
                break
            finished, _ = cf.wait(list(pending), timeout=0.2, return_when=cf.FIRST_COMPLETED)
            for future in finished:
                preset = pending.pop(future)
                result = future.result()
                job.records.setdefault(preset, []).extend(result["records"])
                job.done += len(result["records"])
                job.cpu += float(result["cpu"])
            if job.cancel_event.is_set() and not stop:
                stop = "cancelled"
            elif job.cpu > job.cpu_limit and not stop:
                stop = "capped"
            if stop:
                for future in pending:
                    future.cancel()
                todo.clear()
                pending = {f: p for f, p in pending.items() if not f.cancelled()}
        job.status = stop or "done"
