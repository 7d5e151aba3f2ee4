"""Precise exception classes. Every error leaves the game state untouched."""

from __future__ import annotations

from mnm.engine.events import Event

__all__ = [
    "DiceError",
    "EngineError",
    "IllegalAction",
    "MalformedAction",
    "NeedDice",
    "SaveError",
    "ScenarioError",
    "ScriptExhausted",
]


class EngineError(Exception):
    """Base of every error the engine raises on purpose."""


class MalformedAction(EngineError, ValueError):
    """The action text or object cannot be understood (unknown verb, wrong number of words)."""


class IllegalAction(EngineError):
    """The action is well formed but the rules do not allow it now; ``reason`` says exactly why (in English).
    ``message``, when the refusal has one, is the same reason as an event a client renders in its player's
    language (:func:`mnm.engine.i18n.render`), like every other engine message: a chapter gate's refusal, whose
    words come from the chapter file in both languages."""

    def __init__(self, reason: str, action: str = "", message: Event | None = None) -> None:
        self.reason = reason
        self.action = action
        self.message = message
        super().__init__(f"{action}: {reason}" if action else reason)


class NeedDice(EngineError):
    """Companion mode: the engine needs ``count`` physical dice rolled for ``purpose`` before it can go on.

    Nothing was changed. Roll the dice, then apply the same action again passing the faces shown.
    """

    def __init__(self, count: int, purpose: str) -> None:
        self.count = count
        self.purpose = purpose
        super().__init__(f"roll {count} di{'e' if count == 1 else 'ce'} for {purpose}")


class DiceError(MalformedAction):
    """Typed dice are refused: a face outside 1-6, or dice given to a game that rolls its own (seeded mode).

    Nothing was changed."""


class ScriptExhausted(EngineError):
    """Scripted dice ran out: a test or scenario did not script enough faces."""


class SaveError(EngineError, ValueError):
    """A saved game or scenario cannot be loaded: wrong version, missing field, impossible position."""


class ScenarioError(SaveError):
    """A scenario file is malformed or describes an impossible position."""
