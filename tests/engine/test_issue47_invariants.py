"""Random play keeps the board's invariants (issue 47): nothing on a face-down side, no space over capacity, no
large figure knocked down, a mouse on the board exactly when free, a party token in play with its card beside the
board. A lean property test (a few short games per shipped chapter); the long run is ``bench/invariants.py``
(200 games a chapter, its figures in the report of issue 47).
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mnm.content.loader import builtin_content
from mnm.engine.scenario import load_scenario

BENCH = Path(__file__).resolve().parents[2] / "bench" / "invariants.py"


def _checker() -> ModuleType:
    spec = importlib.util.spec_from_file_location("mnm_bench_invariants", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


INVARIANTS = _checker()
CHAPTERS = list(builtin_content().chapters)


@pytest.mark.rule("R-GEN-12")
@pytest.mark.rule("R-SPACE-02")
@pytest.mark.rule("R-NEG-04")
@pytest.mark.parametrize("chapter", CHAPTERS)
@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31 - 1))
def test_random_play_keeps_the_board_invariants(chapter: str, seed: int) -> None:
    decisions, violations = INVARIANTS.play_checked(chapter, seed, max_decisions=400)
    assert violations == []
    assert decisions > 0


@pytest.mark.rule("R-GEN-12")
@pytest.mark.rule("R-NEG-04")
def test_the_checker_sees_each_violation() -> None:
    """The checker can fail: a position breaking each invariant is reported, one sentence per break."""
    g = load_scenario({
        "chapter": "proving-grounds",
        "heroes": {"collin": {"space": "5:15"}},
        "minions": {"spider-1": {"space": "5:1"}, **{f"rat-warrior-{i}": {"space": "5:12"} for i in range(1, 4)}},
        "tokens": {"fork": ["5:14"]},
        "party_cards": ["dinner-fork"],
        "traps": ["5:9"],
    })
    ctx, state = g.ctx, g.state
    assert INVARIANTS.board_violations(ctx, state) == []
    state.minions["spider-1"].statuses.append("knocked_down")
    state.face_up[ctx.board.tile_of_side(5)] = 6  # the Guard Room turned face down under everything
    state.heroes["filch"] = state.heroes["collin"].copy()
    state.heroes["filch"].id = "filch"
    state.heroes["filch"].space = "5:12"
    state.heroes["collin"].space = "5:12"  # 3 rats + 2 mice on one space
    state.party_cards.clear()
    found = INVARIANTS.board_violations(ctx, state)
    assert "spider-1 is large and knocked down (R-NEG-04)" in found
    assert "collin stands on 5:12, a face-down side" in found and "spider-1 stands on 5:1, a face-down side" in found
    assert "5:12 holds 5 small figures (capacity 4)" in found
    assert "token fork lies on 5:14, a face-down side" in found and "a mousetrap lies on 5:9, a face-down side" in found
    assert "the fork token is in play but the dinner-fork card is not beside the board" in found
