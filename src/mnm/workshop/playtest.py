"""Play-tests of a chapter draft: many bot games per difficulty preset, in worker processes, as bounded jobs.

A job plays ``games`` games of one chapter file for each preset (seeds 0..games-1, so a job is reproducible),
in chunks sent to a process pool (or to Ray when the server runs with ``backend="ray"``, as
``mnm simulate --backend ray``), never in the process that serves the tables. Jobs wait in one queue and run
one at a time; a token has at most ``per_token`` jobs queued or running, and a client address ``per_address``
(so one address cannot fill the queue with invented tokens).

Work is bounded where it runs (issue 34): each game stops after ``game_seconds`` of CPU time (checked between its
decisions); the job's CPU time is read from its worker processes while their chunks run (``/proc`` on Linux),
so the cap holds inside a chunk; a job over its cap or cancelled has its worker processes killed at once (the
next job gets fresh ones). Every worker watches the server's process and exits when the server is gone (a
``kill -9`` of the server leaves nothing playing), and a server that starts ends the workers a crashed run left
(:func:`end_leftovers`). Progress is counted in games from the start.

Before a job starts, its time is estimated (:meth:`PlaytestService.estimate`, the page's line and the queue's
waits) from :mod:`mnm.bots.cost` for the chapter's end page, times a factor per bot learnt from the jobs that
finished here.

The report per preset is :func:`mnm.sim.simulate.summarise` of the records, plus a heat map of where mice were
wounded and captured and where the party stood when the hourglass ran out (space id -> count).
"""

from __future__ import annotations

import concurrent.futures as cf
import contextlib
import multiprocessing
import os
import secrets
import signal
import sys
import threading
import time
from collections import Counter, deque
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mnm import ENGINE_BUILD
from mnm.bots.cost import DEFAULT_END_PAGE, PURE_SLOWDOWN, playtest_seconds, seconds_per_game
from mnm.chapters.file import added_chapter, read_chapter_text
from mnm.content.schema import Chapter
from mnm.sim.simulate import GameSpec, play_game, summarise
from mnm.workshop.diagnose import Watch, diagnose

__all__ = [
    "PRESETS",
    "Job",
    "PlaytestError",
    "PlaytestService",
    "default_party",
    "end_leftovers",
    "play_chunk",
    "start_forkserver",
    "start_worker",
]

PRESETS = ("easy", "normal", "hard")
CHUNK = 10  # games per task: small enough for a live progress bar and a quick cancel
FIRST_CHUNK = 2  # the first task of each worker: the bar moves within the first second
# A draft's game stops here, "unfinished" (a shipped chapter's games take a few hundred decisions; a draft whose
# bots find no way to its goal would otherwise wander for a long time before its cap)
MAX_DECISIONS = 1500
STALL_ROUNDS = 30  # rounds on one hourglass page: the bots found nothing to do (a shipped game turns pages faster)
HEAT_KINDS = ("wounds", "captures", "hourglass")
WATCH_GAMES = 6  # games per preset a report offers to watch (mnm.workshop.replay), lost ones first
# A bot's learnt factor (the wall seconds its play-tests took here over mnm.bots.cost's estimate) stays within
# these: one odd job (the machine paused, a job cancelled in its first second) cannot make every estimate absurd
FACTOR_BOUNDS = (0.2, 20.0)
GAME_SECONDS = 30.0  # CPU seconds one game may take (a search-bot game of a shipped chapter takes a few)
POLL = 0.2  # seconds between two looks at a running job's CPU time and cancel flag
# The environment variable naming the server process, inherited by the forkserver and every worker: a server
# that starts finds the processes a crashed server left by it (see end_leftovers)
SERVER_ENV = "MNM_PLAYTEST_SERVER"


class PlaytestError(Exception):
    """A play-test refused: ``code`` (``busy``, ``limit``, ``invalid``) and a sentence."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


def default_party(chapter_party_size: int, barred: tuple[str, ...], heroes: list[str]) -> list[str]:
    """The first heroes of the box the chapter allows, as many as its party size."""
    return [h for h in heroes if h not in barred][:chapter_party_size]


def play_chunk(
    text: str, party: tuple[str, ...], bot: str, preset: str, seeds: tuple[int, ...], game_seconds: float = GAME_SECONDS
) -> dict[str, Any]:
    """Worker side: play ``seeds`` of the chapter file ``text``; the records and the CPU seconds they took."""
    started = time.process_time()
    content = read_chapter_text(text, "workshop")  # read once per chunk (one content object per chapter)
    chapter = added_chapter(content)[0]
    records = [
        play_game(
            GameSpec(chapter.id, party, bot, s, preset), content, True, MAX_DECISIONS, STALL_ROUNDS, game_seconds, Watch(chapter)
        )
        for s in seeds
    ]
    return {"records": records, "cpu": time.process_time() - started}


def _usable_cores() -> int:
    """The cores this process may run on (its CPU affinity where the system tells it)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # no affinity on this system (macOS)
        return max(1, os.cpu_count() or 1)


def _alive(pid: int) -> bool:
    """Whether process ``pid`` exists and is not a zombie (a killed server its parent has not reaped yet)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return True  # no /proc: existing is all we can tell
    return stat.rsplit(")", 1)[-1].split()[0] != "Z"


def _watch_server(server: int) -> None:
    """Worker side: exit as soon as the server process is gone (it was killed: nobody will read our games)."""
    while True:
        time.sleep(0.25)
        if not _alive(server) or os.getppid() == 1:
            os._exit(0)


def start_worker(server: int) -> None:
    """Play-test workers yield the CPU to the server's own work (tables, hints), die with their parent on Linux
    and watch the server process (their parent is the forkserver, not the server)."""
    with contextlib.suppress(OSError):
        os.nice(10)
    _die_with_parent()
    threading.Thread(target=_watch_server, args=(server,), name="watch-server", daemon=True).start()


def _die_with_parent() -> None:
    """Linux: SIGKILL this process when its parent dies (prctl PR_SET_PDEATHSIG)."""
    if not sys.platform.startswith("linux"):
        return
    with contextlib.suppress(Exception):
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGKILL, 0, 0, 0)  # 1: PR_SET_PDEATHSIG


def _cpu_seconds(pid: int) -> float | None:
    """The CPU time (user + system) process ``pid`` has used, from /proc (None where there is none)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[-1].split()
    except (OSError, IndexError):
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def end_leftovers() -> list[int]:
    """Kill the play-test processes (forkserver, workers, resource tracker) a server that is gone left behind:
    they carry :data:`SERVER_ENV` naming a server process that no longer runs. Returns their pids."""
    ended: list[int] = []
    proc = Path("/proc")
    if not proc.is_dir():
        return ended
    me = os.getpid()
    marker = SERVER_ENV.encode() + b"="
    for entry in proc.iterdir():
        if not entry.name.isdigit() or int(entry.name) == me:
            continue
        try:
            environ = (entry / "environ").read_bytes()
        except OSError:
            continue  # another user's process, or gone
        for item in environ.split(b"\0"):
            if item.startswith(marker):
                server = item[len(marker) :].decode(errors="replace")
                if server.isdigit() and int(server) != me and not _alive(int(server)):
                    with contextlib.suppress(OSError):
                        os.kill(int(entry.name), signal.SIGKILL)
                        ended.append(int(entry.name))
                break
    return ended


def _ready() -> bool:
    """A task that only makes a worker process start (and import the engine) before the first job."""
    return True


class _WorkerClock:
    """The CPU time a job's worker processes spent since it started, read while their chunks run: a worker
    already running when the job started counts from then, one started for the job from its start."""

    def __init__(self, pids: list[int]) -> None:
        self.start = {pid: cpu for pid in pids if (cpu := _cpu_seconds(pid)) is not None}
        self.last: dict[int, float] = {}  # every worker seen, with its last reading (a killed one keeps it)

    def read(self, pids: list[int]) -> float | None:
        """Seconds spent so far (None when /proc cannot tell: the chunks' own counts are used then)."""
        for pid in pids:
            now = _cpu_seconds(pid)
            if now is not None:
                self.last[pid] = now
        if not self.last:
            return None
        return sum(max(0.0, cpu - self.start.get(pid, 0.0)) for pid, cpu in self.last.items())


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
    address: str = "?"  # the client address that asked (jobs are limited per address too)
    end_page: int = DEFAULT_END_PAGE  # the chapter's end page: what its games cost (mnm.bots.cost)
    status: str = "queued"  # queued, running, done, cancelled, capped, failed
    done: int = 0
    cpu: float = 0.0
    created: float = field(default_factory=time.monotonic)
    started: float | None = None
    finished: float | None = None
    records: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    error: str = ""
    cancel_event: threading.Event = field(default_factory=threading.Event)
    _chapter: Chapter | None = field(default=None, repr=False)
    _diagnosed: dict[str, tuple[int, list[dict[str, Any]]]] = field(default_factory=dict, repr=False)

    @property
    def total(self) -> int:
        return self.games * len(self.presets)

    @property
    def active(self) -> bool:
        return self.status in ("queued", "running")

    def _diagnostics(self, preset: str, recs: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """Why the games of ``preset`` were lost (kept until more games come in: a page polls often)."""
        cached = self._diagnosed.get(preset)
        if cached is not None and cached[0] == len(recs):
            return cached[1]
        if self._chapter is None:
            self._chapter = added_chapter(read_chapter_text(self.text, "workshop"))[0]
        found = diagnose(self._chapter, recs)
        self._diagnosed[preset] = (len(recs), found)
        return found

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
                "diagnostics": self._diagnostics(preset, recs),
                # issue 46: games to watch in the replay viewer (mnm.workshop.replay), the lost ones first
                "watch": [
                    {"seed": r["seed"], "status": r["status"], "outcome": r["outcome"], "rounds": r["rounds"]}
                    for r in sorted(recs, key=lambda r: (r["status"] == "won", r["seed"]))[:WATCH_GAMES]
                ],
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
        per_address: int = 2,
        game_seconds: float = GAME_SECONDS,
    ) -> None:
        self.workers = max(1, workers or os.cpu_count() or 1)
        self.backend = backend
        self.ray_address = ray_address
        self.per_token = per_token
        self.per_address = per_address
        self.game_seconds = game_seconds
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
        self._ray_tasks: dict[cf.Future[dict[str, Any]], Any] = {}  # ray backend: each chunk's task
        # The estimates before a job starts (the page's, the queue's waits) are mnm.bots.cost's for the chapter's
        # end page, on the engine build this server runs, shared by the workers that play at once (a worker past
        # the usable cores adds no speed), times each bot's factor learnt from the jobs that finished here.
        self.slowdown = PURE_SLOWDOWN if ENGINE_BUILD == "pure" else 1.0
        self.parallel = self.workers if backend == "ray" else min(self.workers, _usable_cores())
        self.factors: dict[str, float] = {}

    # --- the server's side ---------------------------------------------------------------------------------

    def submit(
        self,
        owner: str,
        text: str,
        party: list[str],
        bot: str,
        games: int,
        presets: tuple[str, ...],
        address: str = "?",
        end_page: int = DEFAULT_END_PAGE,
    ) -> Job:
        with self._lock:
            mine = [j for j in self.jobs.values() if j.owner == owner and j.active]
            if len(mine) >= self.per_token:
                raise PlaytestError("limit", f"a draft token runs at most {self.per_token} play-test(s) at once")
            theirs = [j for j in self.jobs.values() if j.address == address and j.active]
            if len(theirs) >= self.per_address:
                raise PlaytestError("limit", f"one address runs at most {self.per_address} play-test(s) at once")
            if len(self._queue) >= self.queue_limit:
                raise PlaytestError("busy", "the play-test queue is full; try again in a minute")
            job = Job(secrets.token_hex(8), owner, text, tuple(party), bot, games, presets, self.cpu_seconds, address)
            job.end_page = end_page
            self.jobs[job.id] = job
            self._queue.append(job)
            self._forget_old()
            self._ensure_thread()
            self._wake.notify_all()
        return job

    def get(self, job_id: str) -> Job | None:
        return self.jobs.get(job_id)

    def of_owner(self, owner: str, most: int = 5) -> list[Job]:
        """An editor's jobs, newest first: every tab of the same editor sees (and may cancel) them."""
        mine = [j for j in self.jobs.values() if j.owner == owner]
        return sorted(mine, key=lambda j: j.created, reverse=True)[:most]

    def factor(self, bot: str) -> float:
        """Wall seconds over estimated seconds of ``bot``'s play-tests on this server (1 before any finished)."""
        return self.factors.get(bot, 1.0)

    def estimate(self, bot: str, games: int, end_page: int = DEFAULT_END_PAGE) -> float:
        """Wall seconds ``games`` games (all presets together) of ``bot`` on a chapter whose end marker is on
        ``end_page`` should take here."""
        base = playtest_seconds(bot, end_page, games, 1, self.parallel, self.slowdown)
        return round(base * self.factor(bot), 1)

    def times_slower(self, bot: str, than: str, end_page: int = DEFAULT_END_PAGE) -> float:
        """How many times ``than``'s time a game of ``bot`` takes here on a chapter ending on ``end_page``."""
        mine = seconds_per_game(bot, end_page, self.slowdown) * self.factor(bot)
        return mine / (seconds_per_game(than, end_page, self.slowdown) * self.factor(than))

    def queue_of(self, job: Job) -> dict[str, Any]:
        """Where ``job`` stands: ``position`` 0 while it runs, n when n-1 jobs (running or waiting) come before it
        (None when it is over),
        and the seconds expected before it starts."""
        with self._lock:
            if not job.active:
                return {"position": None, "wait_seconds": 0.0}
            if job.status == "running":
                return {"position": 0, "wait_seconds": 0.0}
            ahead = [j for j in self.jobs.values() if j.status == "running"] + list(self._queue)
            ahead = ahead[: ahead.index(job)] if job in ahead else ahead
        wait = sum(self.estimate(j.bot, j.total - j.done, j.end_page) for j in ahead)
        return {"position": len(ahead) + 1, "wait_seconds": round(wait, 1)}

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
        self._kill_pool()

    def worker_pids(self) -> list[int]:
        """The play-test worker processes running now (local backend)."""
        pool = self._pool
        processes = getattr(pool, "_processes", None) or {}  # the executor keeps no public list of them
        return [int(pid) for pid in list(processes)]

    def _kill_pool(self) -> None:
        """End every worker at once, whatever it is playing (a cancelled or capped job, a closing server); the
        next job starts fresh workers."""
        pool, self._pool = self._pool, None
        if pool is None:
            return
        processes = list((getattr(pool, "_processes", None) or {}).values())
        for process in processes:
            with contextlib.suppress(Exception):
                process.kill()
        pool.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            with contextlib.suppress(Exception):
                process.join(timeout=1)

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
                ref = remote.remote(*args, self.game_seconds)
                future: cf.Future[dict[str, Any]] = ref.future()
                self._ray_tasks[future] = ref  # to stop it: a future's cancel() cannot stop a running task
                return future

            return on_ray
        if self._pool is None:
            # forkserver: workers are forked from a clean process, never from the server's threads
            context = multiprocessing.get_context("forkserver")
            start_forkserver(context)
            self._pool = cf.ProcessPoolExecutor(
                self.workers, mp_context=context, initializer=start_worker, initargs=(os.getpid(),)
            )
        pool = self._pool

        def on_pool(
            text: str, party: tuple[str, ...], bot: str, preset: str, seeds: tuple[int, ...]
        ) -> cf.Future[dict[str, Any]]:
            return pool.submit(play_chunk, text, party, bot, preset, seeds, self.game_seconds)

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
                job.started = time.monotonic()
            try:
                self._play(job)
            except Exception as err:  # a worker crashed or the backend failed: the job says so, the server lives
                job.status = "failed"
                job.error = str(err)[:300] or type(err).__name__
            job.finished = time.monotonic()
            self._learn(job)

    def _learn(self, job: Job) -> None:
        """Fold a finished job's wall seconds over its estimate into its bot's factor (a moving average, bounded
        by :data:`FACTOR_BOUNDS`)."""
        if job.started is None or job.finished is None or job.done < 10:
            return
        estimated = playtest_seconds(job.bot, job.end_page, job.done, 1, self.parallel, self.slowdown)
        measured = (job.finished - job.started) / estimated
        low, high = FACTOR_BOUNDS
        self.factors[job.bot] = round(min(high, max(low, 0.7 * self.factor(job.bot) + 0.3 * measured)), 4)

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
        clock = _WorkerClock(self.worker_pids())
        counted = 0.0  # CPU seconds the finished chunks reported (where /proc cannot tell)
        stop = ""
        while todo or pending:
            while todo and len(pending) < window:
                preset, seeds = todo.popleft()
                pending[submit(job.text, job.party, job.bot, preset, seeds)] = preset
            finished, _ = cf.wait(list(pending), timeout=POLL, return_when=cf.FIRST_COMPLETED)
            for future in finished:
                preset = pending.pop(future)
                result = future.result()
                job.records.setdefault(preset, []).extend(result["records"])
                job.done += len(result["records"])
                counted += float(result["cpu"])
            measured = clock.read(self.worker_pids()) if self.backend == "local" else None
            job.cpu = max(counted, measured or 0.0)
            if job.cancel_event.is_set():
                stop = "cancelled"
            elif job.cpu > job.cpu_limit:
                stop = "capped"
            if stop:
                break
        if stop and pending:
            # chunks still running: stop them now, not when they return (a chunk of a slow draft can run for
            # minutes); their games are lost, the finished ones stay in the report
            for future in pending:
                future.cancel()
                ref = self._ray_tasks.pop(future, None)
                if ref is not None:
                    _cancel_ray_task(ref)
            if self.backend == "local":
                self._kill_pool()
                job.cpu = max(counted, clock.read([]) or 0.0)
        for future in list(self._ray_tasks):
            if future.done():
                del self._ray_tasks[future]
        job.status = stop or "done"


def _cancel_ray_task(ref: Any) -> None:
    """Ray backend: end a running chunk's task (force: its worker process is killed, as the local pool's are)."""
    with contextlib.suppress(Exception):
        import ray

        ray.cancel(ref, force=True)


_forkserver_lock = threading.Lock()


def start_forkserver(context: Any) -> None:
    """Start the forkserver (and its resource tracker) with :data:`SERVER_ENV` naming this process, so that
    they and every worker forked from them carry it (:func:`end_leftovers` finds them after a crash)."""
    from multiprocessing import forkserver

    with _forkserver_lock:
        context.set_forkserver_preload(["mnm.workshop.playtest"])
        before = os.environ.get(SERVER_ENV)
        os.environ[SERVER_ENV] = str(os.getpid())
        try:
            forkserver.ensure_running()
        finally:
            if before is None:
                os.environ.pop(SERVER_ENV, None)
            else:
                os.environ[SERVER_ENV] = before
