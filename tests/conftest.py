"""Session-wide checks shared by every test folder.

Every event the engine emits during the tests is rendered in both languages the first time its shape (message id
and which parameters are empty) is seen, against the very content of the game that emitted it: a sentence with a
placeholder left over, an empty name, or a raw ``None``/``True``/``False`` fails the test that emitted it (issue 11:
event sentences must never contradict or garble the state they describe).
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from mnm.engine.context import Ctx
from mnm.engine.events import Event, Param
from mnm.engine.i18n import LANGUAGES, render

# Where the app would keep autosaves and tables outside the tests (the user's own): never touched by a test.
REAL_DATA_HOME = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")

_SEEN: set[tuple[str, tuple[str, ...]]] = set()
_BAD = re.compile(r"[{}]|\bNone\b|\bTrue\b|\bFalse\b|  |\( |\(\)| [,.;:!?)]|^\s|\s$")


def rendered_problems(event: Event, ctx: Ctx) -> list[str]:
    """What is wrong with ``event``'s sentences (empty when both languages read well)."""
    problems = []
    for lang in LANGUAGES:
        text = render(event, lang, ctx.content)
        if _BAD.search(text):
            problems.append(f"{lang}: {text!r} (params {event.params})")
    return problems


@pytest.fixture(autouse=True, scope="session")
def _render_every_event_shape() -> Iterator[None]:
    original = Ctx.emit

    def emit(self: Ctx, msg: str, rule: str = "", **params: Param) -> None:
        original(self, msg, rule, **params)
        shape = (msg, tuple(sorted(k for k, v in params.items() if v in (None, False, [], "", 0))))
        if shape in _SEEN:
            return
        _SEEN.add(shape)
        problems = rendered_problems(self.events[-1], self)
        assert not problems, f"event {msg!r} renders badly: " + "; ".join(problems)

    Ctx.emit = emit  # type: ignore[method-assign]
    yield
    Ctx.emit = original  # type: ignore[method-assign]


@pytest.fixture(autouse=True, scope="session")
def _session_data_home(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The app's data directory ($XDG_DATA_HOME: autosaves, the server's tables) is a temporary folder for the
    whole session, so servers and subprocesses started by session fixtures never write into the real home."""
    with pytest.MonkeyPatch.context() as mp:
        path = tmp_path_factory.mktemp("data-home")
        mp.setenv("XDG_DATA_HOME", str(path))
        yield path


@pytest.fixture(autouse=True)
def data_home(_session_data_home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Each test's own data directory (``tmp_path/data-home``): one test's autosave is never another's."""
    path = tmp_path / "data-home"
    monkeypatch.setenv("XDG_DATA_HOME", str(path))
    return path


@pytest.fixture
def real_data_home() -> Path:
    """The data directory the app would use outside the tests (to check that no test wrote there)."""
    return REAL_DATA_HOME
