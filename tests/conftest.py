"""Session-wide checks shared by every test folder.

Every event the engine emits during the tests is rendered in both languages the first time its shape (message id
and which parameters are empty) is seen, against the very content of the game that emitted it: a sentence with a
placeholder left over, an empty name, or a raw ``None``/``True``/``False`` fails the test that emitted it (issue 11:
event sentences must never contradict or garble the state they describe).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from mnm.engine.context import Ctx
from mnm.engine.events import Event, Param
from mnm.engine.i18n import LANGUAGES, render

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
