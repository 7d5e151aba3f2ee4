"""Issue 32, the first ten minutes from a fresh clone, tested on small fakes (the real compile takes minutes):

* ``scripts/test.sh`` runs every stage even when one fails, says which failed at the end and exits non-zero,
  and says it is still at a long stage (scripts/stages.sh);
* ``scripts/start.sh`` serves at once on the pure-Python engine while the engine compiles, and restarts on the
  compiled engine when it is built; a failed compile leaves the pure engine serving (scripts/progress.sh);
* ``python bench/x.py`` with a python that cannot import mnm runs again with ``.venv/bin/python``, or says to.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def bash(script: str, **env: str) -> subprocess.CompletedProcess[str]:
    base = {k: v for k, v in os.environ.items() if k != "MNM_ENGINE"}  # as on a fresh machine
    return subprocess.run(
        ["bash", "-c", script], env={**base, **env}, capture_output=True, text=True, timeout=60, check=False
    )


def test_every_stage_runs_and_the_failed_ones_are_named_at_the_end() -> None:
    done = bash(
        f". {ROOT / 'scripts/stages.sh'}\n"
        'stage "lint" true\n'
        'stage "types" false\n'
        "stage \"compile\" bash -c 'exit 3'\n"
        'stage "pytest" sleep 2.5\n'
        'stage "doctests" echo doctests-ran\n'
        "stages_report",
        STAGE_TICK="1",
    )
    assert done.returncode == 1
    assert [line for line in done.stdout.splitlines() if line.startswith("== ")] == [
        "== lint",
        "== types",
        "== compile",
        "== pytest",
        "== doctests",
    ]
    assert "doctests-ran" in done.stdout  # the stages after the failures ran
    assert "test.sh: still at 'pytest': 1 s so far" in done.stderr  # a long stage says it is still at it
    tail = done.stderr.splitlines()[-3:]
    assert tail == ["test.sh: 2 stage(s) failed:", "  - types (exit 1)", "  - compile (exit 3)"]
    passed = bash(f". {ROOT / 'scripts/stages.sh'}\nstage one true\nstages_report")
    assert passed.returncode == 0 and "every stage passed" in passed.stderr


def test_the_test_script_runs_its_checks_as_stages() -> None:
    script = (ROOT / "scripts/test.sh").read_text(encoding="utf-8")
    checks = script[script.index(". scripts/stages.sh") :]
    runs = [line.strip() for line in checks.splitlines() if line.strip().startswith((".venv/bin/", "MNM_ENGINE="))]
    assert runs == []  # every check is a stage: none can stop the others
    assert checks.count('stage "') == 8 and checks.rstrip().endswith("stages_report")
    started = re.findall(r'^stage_bg "([^"]+)"', checks, flags=re.M)
    waited = re.findall(r'^stage_wait "([^"]+)"', checks, flags=re.M)
    assert len(started) == 2 and sorted(started) == sorted(waited)  # every background stage is waited for
    assert all(checks.index(f'stage_wait "{name}"') < checks.index('stage "pytest: every') for name in started)


def test_a_background_stage_runs_beside_the_next_and_its_failure_is_named() -> None:
    done = bash(
        f". {ROOT / 'scripts/stages.sh'}\n"
        "stage_bg \"slow check\" \"$TMP/bg.log\" bash -c 'sleep 1; echo bg-ran; exit 4'\n"
        'stage "beside it" echo front-ran\n'
        'stage_wait "slow check"\n'
        "stages_report",
        TMP=tempfile.mkdtemp(),
    )
    assert done.returncode == 1
    out = done.stdout
    assert out.index("front-ran") < out.index("== slow check (ran in the background") < out.index("bg-ran")
    assert done.stderr.splitlines()[-2:] == ["test.sh: 1 stage(s) failed:", "  - slow check (exit 4)"]


# A fake `mnm serve`: says where to open the page as `mnm serve` does, answers 200 on / for SECONDS, then exits
# with STATUS (argv: SECONDS STATUS; SECONDS 0 dies before listening).
FAKE_SERVER = """
import http.server, os, sys, threading, time
seconds, status = float(sys.argv[1]), int(sys.argv[2])
print("serving on", os.environ.get("MNM_ENGINE") or "the built engine", flush=True)
if seconds == 0:
    print("Error: cannot serve", flush=True)
    sys.exit(status)
class Quiet(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        self.send_response(200); self.end_headers(); self.wfile.write(b"<html>")
    def log_message(self, *args):
        pass
httpd = http.server.HTTPServer(("127.0.0.1", 0), Quiet)
print(f"Open http://127.0.0.1:{httpd.server_address[1]}/ in a browser to play.", flush=True)
threading.Thread(target=httpd.serve_forever, daemon=True).start()
time.sleep(seconds)
sys.exit(status)
"""


def fake_swap(tmp_path: Path, build: str, seconds: float, status: int = 0) -> subprocess.CompletedProcess[str]:
    server = tmp_path / "server.py"
    server.write_text(FAKE_SERVER, encoding="utf-8")
    return bash(
        f". {ROOT / 'scripts/progress.sh'}\n"
        f"serve_then_swap /dev/null '{build}' {tmp_path / 'server.log'} python3 {server} {seconds} {status}",
        PROGRESS_EVERY="1",
    )


def test_start_serves_at_once_then_swaps_to_the_compiled_engine(tmp_path: Path) -> None:
    done = fake_swap(tmp_path, "sleep 3; echo built", 5)
    assert done.returncode == 0, done.stderr
    served = [line for line in done.stdout.splitlines() if line.startswith("serving on")]
    assert served == ["serving on pure", "serving on the built engine"]
    assert re.search(
        r"still compiling the engine in the background: \d s so far .*the pure-Python engine serves", done.stderr
    )
    assert "restarting the server on it (open pages reconnect)" in done.stderr
    assert done.stderr.count("the page answers: open http://127.0.0.1:") == 2  # said once each page answered


def test_a_failed_compile_leaves_the_pure_engine_serving(tmp_path: Path) -> None:
    done = fake_swap(tmp_path, "exit 1", 2)
    assert done.returncode == 0
    assert [line for line in done.stdout.splitlines() if line.startswith("serving on")] == ["serving on pure"]
    assert "the compile failed" in done.stderr and "the pure-Python engine keeps serving" in done.stderr


def test_a_server_that_dies_at_once_is_never_said_to_serve(tmp_path: Path) -> None:
    """Issue 45: `mnm serve ''` died at once and start.sh said "the pure-Python engine serves meanwhile" every
    15 s for 14 minutes. Now the end of the server's log is shown, the compile stopped, and the status is 1."""
    done = fake_swap(tmp_path, "sleep 30", 0, 2)
    assert done.returncode == 1
    assert "serves meanwhile" not in done.stderr and "the page answers" not in done.stderr
    assert "  | Error: cannot serve" in done.stderr
    assert "the server stopped (exit status 2) before its page answered: nothing is served" in done.stderr


def test_a_server_that_stops_while_the_engine_compiles_stops_the_compile(tmp_path: Path) -> None:
    done = fake_swap(tmp_path, "sleep 30", 2, 3)
    assert done.returncode == 1
    assert "the page answers" in done.stderr
    assert "the server stopped (exit status 3) while the engine compiled: nothing is served" in done.stderr
    assert "compiled the engine" not in done.stderr


def test_the_start_script_says_the_expected_compile_time() -> None:
    said = bash(f". {ROOT / 'scripts/progress.sh'}; expected_compile_time")
    assert said.stdout.startswith("about 2.5 minutes on a quiet 2-core machine, 8-9 minutes on a busy one (load")
    start = (ROOT / "scripts/start.sh").read_text(encoding="utf-8")
    assert "serve_then_swap" in start and "expected_compile_time" in start


def _bench_copy(tmp_path: Path) -> Path:
    (tmp_path / "bench").mkdir()
    shutil.copy(ROOT / "bench/_venv.py", tmp_path / "bench/_venv.py")
    script = tmp_path / "bench/probe.py"
    script.write_text("import _venv  # noqa: F401\nimport mnm\nprint('measured')\n", encoding="utf-8")
    return script


def test_a_bench_script_under_a_python_without_mnm_says_which_python_to_use(tmp_path: Path) -> None:
    script = _bench_copy(tmp_path)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    done = subprocess.run([sys.executable, "-S", str(script)], env=env, capture_output=True, text=True, check=False)
    assert done.returncode == 1
    assert (
        "cannot import mnm: run the bench scripts with the project's virtualenv, .venv/bin/python bench/probe.py"
        in (done.stderr)
    )


def test_a_bench_script_runs_again_with_the_projects_venv(tmp_path: Path) -> None:
    script = _bench_copy(tmp_path)
    venv_bin = tmp_path / ".venv/bin"
    venv_bin.mkdir(parents=True)
    fake = venv_bin / "python"
    fake.write_text('#!/bin/sh\necho "the venv python runs $*"\n', encoding="utf-8")
    fake.chmod(0o755)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    done = subprocess.run([sys.executable, "-S", str(script)], env=env, capture_output=True, text=True, check=False)
    assert done.stdout.strip() == f"the venv python runs {script}", done.stderr


def test_a_bench_script_runs_again_with_a_real_venv_whose_python_is_a_link(tmp_path: Path) -> None:
    """Issue 45: a venv's python is a link to the system's, so comparing resolved interpreters found them the
    same and `python bench/sim_scaling.py` stopped; the environment (sys.prefix) is what differs."""
    script = _bench_copy(tmp_path)
    script.write_text("import _venv  # noqa: F401\nimport sys\nimport mnm\nprint('measured in', sys.prefix)\n")
    base = getattr(sys, "_base_executable", sys.executable)
    venv = tmp_path / ".venv"
    subprocess.run([base, "-m", "venv", "--without-pip", str(venv)], check=True)
    assert (venv / "bin/python").resolve() == Path(base).resolve()  # the same interpreter file
    site = Path(sysconfig.get_paths(vars={"base": str(venv)})["purelib"])
    site.mkdir(parents=True, exist_ok=True)
    (site / "mine.pth").write_text(f"{sysconfig.get_paths()['purelib']}\n{ROOT / 'src'}\n", encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "MNM_BENCH_VENV_AGAIN")}
    done = subprocess.run([base, "-S", str(script)], env=env, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"measured in {venv}"
