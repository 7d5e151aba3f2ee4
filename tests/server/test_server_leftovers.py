"""No process outlives the server (issue 34, finding 6): ``kill -9`` of ``mnm serve`` while its play-test
workers play leaves nothing running (the workers watch the server; the forkserver and resource tracker follow),
and a server that starts ends what a crashed run left."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx
from web_helpers import ROOT, ServerProcess

from mnm.workshop.playtest import SERVER_ENV, _alive, end_leftovers

EXAMPLE = (ROOT / "examples" / "chapters" / "kitchen-run.yaml").read_text(encoding="utf-8")


def marked(server: int) -> list[int]:
    """The processes that carry the play-test marker naming ``server``."""
    found = []
    needle = f"{SERVER_ENV}={server}".encode()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if needle in (entry / "environ").read_bytes().split(b"\0") and _alive(int(entry.name)):
                    found.append(int(entry.name))
            except OSError:
                continue
    return found


def until(condition: object, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():  # type: ignore[operator]
            return True
        time.sleep(0.1)
    return bool(condition())  # type: ignore[operator]


def test_kill_9_of_the_server_leaves_no_playtest_process_running(tmp_path: Path) -> None:
    server = ServerProcess(f"sqlite:///{tmp_path / 'tables.db'}", extra=["--playtest-workers", "1"]).start()
    try:
        assert server.proc is not None
        pid = server.proc.pid
        editor = {"X-Editor-Token": httpx.post(server.url + "/api/workshop/token").json()["token"]}
        body = {"text": EXAMPLE, "games": 50, "bot": "search", "presets": ["normal"]}
        job = httpx.post(server.url + "/api/workshop/playtests", json=body, headers=editor, timeout=10).json()
        running = lambda: httpx.get(f"{server.url}/api/workshop/playtests/{job['id']}", headers=editor).json()  # noqa: E731
        assert until(lambda: running()["cpu_seconds"] > 0.2, 15), running()
        left = marked(pid)
        assert len(left) >= 2, left  # the forkserver and the worker playing (and the resource tracker)
        server.kill()
        # before: the forkserver, the resource tracker and the workers lived on (the workers went on playing)
        assert until(lambda: not any(_alive(p) for p in left), 5), [p for p in left if _alive(p)]
    finally:
        server.kill()


def test_a_starting_server_ends_what_a_crashed_run_left() -> None:
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()  # a server pid that no longer runs
    env = {**os.environ, SERVER_ENV: str(gone.pid)}
    leftover = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"], env=env)
    mine = {**os.environ, SERVER_ENV: str(os.getpid())}  # one whose server still runs is left alone
    living = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"], env=mine)
    try:
        time.sleep(0.2)
        ended = end_leftovers()
        assert leftover.pid in ended and living.pid not in ended
        assert leftover.wait(timeout=5) == -signal.SIGKILL
        assert living.poll() is None
    finally:
        for proc in (leftover, living):
            if proc.poll() is None:
                proc.kill()
                proc.wait()
