"""The compiled engine (mypyc, scripts/compile.sh) and the pure-Python engine play the very same games.

Each build runs in its own subprocess (``MNM_ENGINE=pure`` / ``compiled``, src/mnm/_build.py) on the same
random seeds: random legal play through ``Game.apply`` and ``apply_action_in_place``, then each game's action
log replayed as text with an undo and a save/load on the way (tests/engine/buildkit.py). Every state's JSON,
every event (as data and as English and Portuguese sentences) and every list of legal actions must be equal.

The rest of the engine, chapter, bot and scenario tests run on both builds in scripts/test.sh (the whole
suite on the compiled build, those again with ``MNM_ENGINE=pure``).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import mnm
from mnm import _build
from mnm.content.loader import builtin_content
from mnm.engine.rules.setup import GAME_OPTIONS

SRC = Path(mnm.__file__).resolve().parent.parent
KIT = Path(__file__).with_name("buildkit.py")
CHAPTERS = [c for c in ("proving-grounds", "flight-to-barksburg", "the-root-road") if c in builtin_content().chapters]
PARTY = ["collin", "tilda", "filch", "maginos"]
# scripts/test.sh sets this: there the compiled build must exist, so its absence fails instead of skipping.
REQUIRED = os.environ.get("MNM_REQUIRE_COMPILED") == "1"


def _compiled_missing() -> str:
    """Why the compiled build cannot be compared ('' when it is built from the current sources)."""
    if not _build.compiled_modules_present():
        return "the compiled engine is not built (scripts/compile.sh)"
    if (_build.PACKAGE_DIR / _build.STAMP).read_text().strip() != _build.source_digest():
        return "the compiled engine is stale: its sources changed since it was built (scripts/compile.sh)"
    return ""


@pytest.fixture(scope="module")
def compiled_build() -> None:
    why = _compiled_missing()
    if why and REQUIRED:
        pytest.fail(why)
    if why:
        pytest.skip(why)


def run_build(build: str, job: dict[str, Any]) -> dict[str, Any]:
    env = dict(os.environ, MNM_ENGINE=build)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(SRC), env.get("PYTHONPATH", "")) if p)
    proc = subprocess.run(
        [sys.executable, str(KIT)], input=json.dumps(job), capture_output=True, text=True, env=env, timeout=900
    )
    assert proc.returncode == 0, proc.stderr[-4000:]
    out: dict[str, Any] = json.loads(proc.stdout)
    assert (out["build"], out["selected"]) == (build, build)
    return out


def first_difference(a: Any, b: Any, where: str = "") -> str:
    """Where two JSON values first differ ('' when equal): a path and both values, short."""
    if type(a) is not type(b):
        return f"{where}: {a!r:.200} != {b!r:.200}"
    if isinstance(a, dict):
        for key in sorted(set(a) | set(b), key=str):
            if key not in a or key not in b:
                return f"{where}.{key}: only in {'compiled' if key in b else 'pure'}"
            found = first_difference(a[key], b[key], f"{where}.{key}")
            if found:
                return found
        return ""
    if isinstance(a, list):
        for i, (x, y) in enumerate(zip(a, b, strict=False)):
            found = first_difference(x, y, f"{where}[{i}]")
            if found:
                return found
        return f"{where}: {len(a)} items != {len(b)} items" if len(a) != len(b) else ""
    return "" if a == b else f"{where}: {a!r:.200} != {b!r:.200}"


def test_first_difference_names_the_path() -> None:
    assert first_difference({"s": [1, {"w": 2}]}, {"s": [1, {"w": 3}]}) == ".s[1].w: 2 != 3"
    assert first_difference([1, 2], [1, 2, 3]) == ": 2 items != 3 items"
    assert first_difference({"a": 1}, {"a": 1, "b": 2}) == ".b: only in compiled"
    assert first_difference({"a": [True]}, {"a": [True]}) == ""


@pytest.mark.usefixtures("compiled_build")
@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seeds=st.lists(st.integers(0, 2**32 - 1), min_size=len(CHAPTERS), max_size=len(CHAPTERS)),
    choice_seed=st.integers(0, 2**32 - 1),
    options=st.sets(st.sampled_from(sorted(GAME_OPTIONS))),
)
def test_compiled_and_pure_builds_give_the_same_states_events_and_options(
    seeds: list[int], choice_seed: int, options: set[str]
) -> None:
    games = [
        {
            "chapter": chapter,
            "party": PARTY,
            "seed": seed,
            "options": dict.fromkeys(sorted(options), True),
            "choice_seed": choice_seed + i,
            "in_place": i % 2 == 1,
            "max_decisions": 120,
        }
        for i, (chapter, seed) in enumerate(zip(CHAPTERS, seeds, strict=True))
    ]
    pure = run_build("pure", {"games": games})
    compiled = run_build("compiled", {"games": games})
    for kind in ("games", "replays"):
        for job, a, b in zip(games, pure[kind], compiled[kind], strict=True):
            assert len(a["steps"]) > 1, f"{job['chapter']} seed {job['seed']}: no decision was played"
            assert a["log"] == b["log"], f"{kind} {job['chapter']} seed {job['seed']}: different actions"
            diff = first_difference(a["steps"], b["steps"])
            assert not diff, f"{kind} {job['chapter']} seed {job['seed']}: pure and compiled differ at steps{diff}"
