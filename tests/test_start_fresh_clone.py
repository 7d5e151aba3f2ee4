"""Issue 45: the README's first command, ``bash scripts/start.sh``, run for real on a fresh clone.

The repository is cloned into a temporary folder (with this checkout's uncommitted changes to tracked files, so
the test checks what is being changed) and the real ``scripts/start.sh`` runs there: with no arguments on the
pure-Python engine (MNM_COMPILE=0), with no arguments and the background compile on a stub that finishes at
once (MNM_COMPILE_COMMAND), and with ``--port N``. Each time ``/`` must answer 200 after the script said where to
open it; then Ctrl+C (SIGINT to the script's process group, as a terminal sends it) must stop everything: the
script exits 130 and no process it started is left (every process carries a marker in its environment).

To stay fast the clone's ``.venv`` is made beforehand and sees this test run's packages (a ``.pth`` line), so
start.sh's ``pip install -e '.[web]'`` only installs the clone itself (the first run); the later runs find it
installed (start.sh's stamp). The port: ``MNM_PORT`` (``mnm serve``'s default port) is a free port, so no
argument at all reaches start.sh and a busy port 8000 on the machine cannot fail the test.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import sysconfig
import threading
import time
import urllib.request
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
MARK = "MNM_START_TEST_MARK"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def clone_here(dest: Path) -> None:
    """A fresh clone of this repository at this checkout's state (tracked files as they are now)."""
    inside = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "HEAD"], capture_output=True, text=True)
    if inside.returncode != 0:  # not a git checkout (an unpacked archive): a copy without what git ignores
        shutil.copytree(ROOT, dest, ignore=shutil.ignore_patterns(".venv", "build", ".cache", "*.so", "__pycache__"))
        return
    who = {"GIT_AUTHOR_NAME": "test", "GIT_AUTHOR_EMAIL": "test@localhost"}  # a CI checkout may have no identity
    who |= {"GIT_COMMITTER_NAME": "test", "GIT_COMMITTER_EMAIL": "test@localhost"}
    state = subprocess.run(
        ["git", "-C", str(ROOT), "stash", "create"],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, **who},
    )
    subprocess.run(["git", "clone", "-q", str(ROOT), str(dest)], check=True)
    if state.stdout.strip():  # uncommitted changes: the clone holds the object (a local clone copies them all)
        subprocess.run(["git", "-C", str(dest), "checkout", "-q", state.stdout.strip()], check=True)


@pytest.fixture(scope="module")
def fresh(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    root = tmp_path_factory.mktemp("fresh-clone")
    repo = root / "repo"
    clone_here(repo)
    # the clone's .venv, seeing this run's packages (pip among them) through a .pth line
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(repo / ".venv")], check=True)
    site = Path(sysconfig.get_paths(vars={"base": str(repo / ".venv")})["purelib"])
    site.mkdir(parents=True, exist_ok=True)
    mine = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
    (site / "zz_test_run_packages.pth").write_text("\n".join(sorted(mine)) + "\n", encoding="utf-8")
    (root / "home" / ".local" / "bin").mkdir(parents=True)
    yield repo


def marked_processes(mark: str) -> list[str]:
    """The processes still running whose environment carries the marker (every process start.sh started)."""
    found = []
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            if f"{MARK}={mark}".encode() in (proc / "environ").read_bytes().split(b"\0"):
                found.append(proc.name + " " + (proc / "cmdline").read_bytes().replace(b"\0", b" ").decode())
        except OSError:
            continue
    return found


class Start:
    """``bash scripts/start.sh ARGS`` in the clone, in its own process group, its output collected."""

    def __init__(self, repo: Path, args: list[str], **env: str) -> None:
        home = repo.parent / "home"
        self.mark = uuid.uuid4().hex
        drop = ("PYTHONPATH", "MNM_ENGINE", "MNM_REQUIRE_COMPILED", "VIRTUAL_ENV", "MNM_PORT", "MNM_COMPILE")
        base = {k: v for k, v in os.environ.items() if k not in drop}
        self.env = {
            **base,
            "HOME": str(home),
            "XDG_DATA_HOME": str(repo.parent / "data"),
            "PATH": f"{home / '.local/bin'}:{os.environ['PATH']}",
            "PROGRESS_EVERY": "2",
            MARK: self.mark,
            **env,
        }
        self.lines: list[str] = []
        self.times: list[float] = []  # when each line came
        self.proc = subprocess.Popen(
            ["bash", "scripts/start.sh", *args],
            cwd=repo,
            env=self.env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            start_new_session=True,
        )
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.times.append(time.monotonic())
            self.lines.append(line.rstrip("\n"))

    def seconds_between(self, first: str, then: str) -> float:
        """Seconds from the first line holding ``first`` to the first later one holding ``then``."""
        i = next(n for n, line in enumerate(self.lines) if first in line)
        j = next(n for n, line in enumerate(self.lines) if n > i and then in line)
        return self.times[j] - self.times[i]

    def output(self) -> str:
        return "\n".join(self.lines)

    def wait_for(self, text: str, count: int = 1, timeout: float = 150) -> None:
        end = time.monotonic() + timeout
        while sum(text in line for line in self.lines) < count:
            assert self.proc.poll() is None, f"start.sh stopped ({self.proc.returncode}):\n{self.output()}"
            assert time.monotonic() < end, f"no {text!r} after {timeout} s:\n{self.output()}"
            time.sleep(0.2)

    def ctrl_c(self) -> int:
        os.killpg(self.proc.pid, signal.SIGINT)  # what Ctrl+C in the terminal does
        try:
            return self.proc.wait(timeout=40)
        finally:
            self.cleanup()

    def cleanup(self) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait()
        for line in marked_processes(self.mark):
            os.kill(int(line.split()[0]), signal.SIGKILL)


def get(url: str) -> int:
    with urllib.request.urlopen(url, timeout=10) as answer:
        return int(answer.status)


def refused(url: str) -> bool:
    try:
        get(url)
    except OSError:
        return True
    return False


def served_then_stopped(start: Start, port: int, pages: int = 1) -> None:
    url = f"http://127.0.0.1:{port}/"
    try:
        start.wait_for(f"the page answers: open {url} in a browser to play. Ctrl+C stops the server.", pages)
        assert get(url) == 200
        status = start.ctrl_c()
    finally:
        start.cleanup()
    assert status == 130, start.output()
    assert start.output().endswith("start.sh: stopped")
    left = []
    for _ in range(25):  # every process start.sh started is gone (a moment for the last ones to be reaped)
        left = marked_processes(start.mark)
        if not left:
            break
        time.sleep(0.2)
    assert left == []
    assert refused(url)


def test_start_with_no_arguments_serves_the_page_and_ctrl_c_stops_everything(fresh: Path) -> None:
    port = free_port()
    start = Start(fresh, [], MNM_COMPILE="0", MNM_PORT=str(port))
    served_then_stopped(start, port)
    out = start.output()
    assert "Got unexpected extra argument" not in out
    assert "MNM_COMPILE=0: serving the pure-Python engine" in out
    # the goal: served within the install time plus 10 s (allowed 30 s here: CI machines run other work)
    served = start.seconds_between("start.sh: 'mnm' now runs", "the page answers")
    print(f"the page answered {served:.1f} s after the install")
    assert served < 30
    assert (fresh.parent / "home/.local/bin/mnm").resolve() == (fresh / ".venv/bin/mnm").resolve()


def test_start_with_the_background_compile_restarts_on_it_and_ctrl_c_stops_everything(fresh: Path) -> None:
    port = free_port()
    start = Start(fresh, [], MNM_PORT=str(port), MNM_COMPILE_COMMAND="sleep 3; echo built")
    served_then_stopped(start, port, pages=2)  # the page answers on the pure engine, then after the restart
    out = start.output()
    assert "compiling the engine with mypyc in the background" in out
    assert out.index("the page answers") < out.index("compiled the engine in") < out.rindex("the page answers")


def test_start_with_a_port_serves_there(fresh: Path) -> None:
    port = free_port()
    start = Start(fresh, ["--port", str(port)], MNM_COMPILE="0")
    served_then_stopped(start, port)
    assert "mnm and its web packages are installed in .venv" in start.output() or "done installing" in start.output()


def test_start_with_a_server_that_cannot_serve_says_so_and_fails(fresh: Path) -> None:
    with socket.socket() as busy:  # the port is taken: mnm serve refuses it at once
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        start = Start(fresh, ["--port", str(port)], MNM_COMPILE_COMMAND="sleep 60")
        try:
            status = start.proc.wait(timeout=150)
        finally:
            start.cleanup()
    out = start.output()
    assert status == 1, out
    assert f"  | Error: cannot serve on 127.0.0.1:{port}" in out
    assert "before its page answered: nothing is served" in out
    assert "serves meanwhile" not in out and "the page answers" not in out
    assert marked_processes(start.mark) == []  # the compile was stopped too
