"""The layering of ``src/mnm``, written once in pyproject.toml (``[tool.importlinter]``) and checked here (issue 35).

The contracts: each layer imports only the layers below it (cli, server and terminal, workshop,
sim/records/presentation, bots/rl, chapter files, engine, board, content, chapter language); the engine imports no
client; the workshop imports no server; no import circle among the modules of any package. A new circle or an
arrow up fails this test with import-linter's report naming the import. ``if TYPE_CHECKING:`` imports count too
(issue 49); scripts/layers.py --check (tests/test_architecture.py) also refuses a circle between any modules.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src"


def _lint_imports(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    tool = Path(sys.executable).with_name("lint-imports")
    command = str(tool) if tool.exists() else shutil.which("lint-imports")
    assert command, "import-linter is missing: pip install -e '.[dev]'"
    env = {**os.environ, "PYTHONPATH": str(SRC)}  # this checkout's sources, not an installed copy
    return subprocess.run(
        [command, "--no-cache", *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=600, check=False
    )


def test_the_layering_contracts_hold() -> None:
    run = _lint_imports()
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    assert "0 broken" in run.stdout


def test_an_arrow_up_breaks_a_contract(tmp_path: Path) -> None:
    """The check can fail: the same tool, told that the content stands above the engine, names the import."""
    (tmp_path / "upside_down.toml").write_text(
        '[tool.importlinter]\nroot_package = "mnm"\n\n[[tool.importlinter.contracts]]\n'
        'name = "content above the engine"\ntype = "layers"\nlayers = ["mnm.content", "mnm.engine"]\n',
        encoding="utf-8",
    )
    run = _lint_imports(str(tmp_path / "upside_down.toml"), cwd=tmp_path)
    assert run.returncode != 0
    assert "BROKEN" in run.stdout and "mnm.engine" in run.stdout
