"""A chapter nobody can win is a blocking problem in the designer's words (issue 46): a defeat that already holds
at the start, a gate closed at the start that nothing opens. No shipped, corpus or example chapter is one."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from mnm.content.loader import builtin_content
from mnm.workshop.unwinnable import unwinnable

ROOT = Path(__file__).resolve().parents[2]
WINCH = ROOT / "tests/bots/chapters/corpus/15-the-winch-gate.yaml"
FILES = sorted(
    [
        *(ROOT / "src/mnm/content/data/chapters").glob("*.yaml"),
        *(ROOT / "tests/bots/chapters/corpus").glob("*.yaml"),
        *(ROOT / "examples/chapters").glob("*.yaml"),
    ]
)


@pytest.fixture(scope="module")
def content():  # type: ignore[no-untyped-def]
    return builtin_content()


def winch(change) -> str:  # type: ignore[no-untyped-def]
    data = yaml.safe_load(WINCH.read_text(encoding="utf-8"))
    change(data)
    return yaml.safe_dump(data, allow_unicode=True, sort_keys=False)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_no_shipped_corpus_or_example_chapter_is_called_unwinnable(path: Path, content) -> None:  # type: ignore[no-untyped-def]
    assert unwinnable(path.read_text(encoding="utf-8"), content) == []


def test_a_defeat_that_holds_at_the_start_is_blocking(content) -> None:  # type: ignore[no-untyped-def]
    text = winch(lambda d: d.__setitem__("defeat", [{"counter": {"name": "alarm", "op": "ge", "value": 0}}]))
    got = unwinnable(text, content)
    assert [(p["field"], p["blocking"]) for p in got] == [("defeat", True)]
    assert got[0]["en"].startswith("The chapter is lost before the first turn")
    assert "counter alarm ≥ 0" in got[0]["en"] and "contador alarm ≥ 0" in got[0]["pt"]
    # a value the start does not reach: no problem
    fine = winch(lambda d: d.__setitem__("defeat", [{"counter": {"name": "alarm", "op": "ge", "value": 20}}]))
    assert unwinnable(fine, content) == []


def test_a_gate_nothing_opens_is_blocking_and_named(content) -> None:  # type: ignore[no-untyped-def]
    def no_winch(d: dict) -> None:  # type: ignore[type-arg]
        del d["actions"]  # nothing sets winch_turned any more

    got = unwinnable(winch(no_winch), content)
    assert [p["field"] for p in got] == ["rooms.0.rules.0", "rooms.1.rules.0"]
    assert got[0]["en"].startswith("The gate of rule “tunnel-gate” never opens")
    assert "winch_turned has happened" in got[0]["en"]
    assert got[0]["pt"].startswith("O portão da regra “tunnel-gate” nunca abre")


def test_a_victory_behind_a_wall_is_blocking(content) -> None:  # type: ignore[no-untyped-def]
    """Issue 43: the relaxed problem's proof (a victory only a search behind a gate closed for good can make) is
    a blocking problem of the workshop's check too, in both languages."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("unwinnable_43", ROOT / "tests/chapters/test_chapter_unwinnable_43.py")
    assert spec is not None and spec.loader is not None
    texts = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(texts)
    WALLED, BELL = texts.WALLED, texts.BELL
    found = unwinnable(WALLED, content)
    assert [p["field"] for p in found] == ["victory.0"] and found[0]["blocking"]
    assert found[0]["en"].startswith("this chapter cannot be won: “fork has happened” can never hold")
    assert "o portão “wall” fica fechado para sempre" in found[0]["pt"]
    assert unwinnable(BELL, content) == []
