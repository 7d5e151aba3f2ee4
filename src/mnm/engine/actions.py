"""Actions: what a player (or bot) does, with a text form that round-trips.

The text form is ``<verb> <actor> [arg ...]``, words separated by single spaces, for example::

    move filch 5:12       battle collin rat-warrior-2      search tilda
    explore nez exit-0    equip nez shortbow               end filch

>>> a = Action.parse("move filch 5:12")
>>> a.verb, a.actor, a.args
('move', 'filch', ('5:12',))
>>> str(a)
'move filch 5:12'
>>> Action.parse(str(a)) == a
True
"""

from __future__ import annotations

import re
from typing import Final, NamedTuple

from mnm.engine.errors import MalformedAction

__all__ = ["VERBS", "Action", "shared_action"]

# Every verb the engine understands; each belongs to one decision kind (see mnm.engine.decisions).
VERBS = frozenset(
    {
        # the mouse turn (R-TURN)
        "move",
        "scurry",
        "battle",
        "search",
        "recover",
        "explore",
        "share",
        "equip",
        "unequip",
        "levelup",
        "ability",
        "place",
        "retrieve",
        "catapult",
        "launch",
        "read",
        "use",
        "act",
        "end",
        # [EXP] expansion party items (R-EXP-06, R-EXP-09)
        "paddle",
        "whistle",
        "aim",
        "climb",
        "glide",
        # answers to questions asked in the middle of things
        "keep",
        "discard",
        "drop",
        "choose",
        "take",
        "give",
        "done",
        "skip",
    }
)

_WORD = re.compile(r"^[A-Za-z0-9:/_.+\-]+$")
MAX_ACTION_TEXT = 200


class Action(NamedTuple):
    """A move in the game: a verb, who does it, and its arguments. Hashable and comparable.

    A named tuple rather than a frozen dataclass: every decision lists dozens of actions, and a tuple is
    built, hashed and compared in C (several times faster; see docs/architecture.md, Performance)."""

    verb: str
    actor: str
    args: tuple[str, ...] = ()

    def __str__(self) -> str:
        return " ".join((self.verb, self.actor, *self.args))

    @classmethod
    def parse(cls, text: object) -> Action:
        """Parse the text form; raise :class:`MalformedAction` with the reason when it cannot (``text`` typed
        ``object``: a compiled build checks a ``str`` argument itself, with a TypeError, issue 26 finding 9)."""
        if not isinstance(text, str):
            raise MalformedAction(f"an action must be text, got {type(text).__name__}")
        if len(text) > MAX_ACTION_TEXT:
            raise MalformedAction(f"an action is at most {MAX_ACTION_TEXT} characters, got {len(text)}")
        words = text.split()
        if len(words) < 2:
            raise MalformedAction(f"{text!r}: an action is '<verb> <who> [arguments]', e.g. 'move filch 5:12'")
        for w in words:
            if not _WORD.match(w):
                raise MalformedAction(f"{text!r}: {w!r} has characters an action never uses")
        verb = words[0].lower()
        if verb not in VERBS:
            raise MalformedAction(f"{text!r}: unknown verb {verb!r}; known verbs: {', '.join(sorted(VERBS))}")
        return cls(verb, words[1].lower(), tuple(words[2:]))


_SHARED: Final[dict[tuple[str, str, tuple[str, ...]], Action]] = {}
_TUPLE_NEW: Final = tuple.__new__  # builds the named tuple in C: Action(...) runs its generated __new__ as Python


def shared_action(verb: str, actor: str, args: tuple[str, ...] = ()) -> Action:
    """The action ``Action(verb, actor, args)``, built once and shared (actions are values): listing the options
    of every decision builds the same few hundred actions over and over, and a lookup is cheaper than a build.

    >>> shared_action("end", "filch") == Action("end", "filch") and shared_action("end", "filch") is shared_action("end", "filch")
    True
    """
    key = (verb, actor, args)
    found = _SHARED.get(key)
    if found is None:
        found = _TUPLE_NEW(Action, key)
        if len(_SHARED) < 100_000:  # typed or generated ids are not all remembered
            _SHARED[key] = found
    return found
