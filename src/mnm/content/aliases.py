"""Old content ids and the ids that replaced them: the one table that lets files written before a rename load.

A content id is the slug of the English name players read (``Backslash`` is ``backslash``), so a reader holding
the rulebook can grep for it (issue 35; ``tests/content/test_ids.py`` checks every entry). Saves, table
records, scenario files, chapter files and command lines written before a rename still name the old id: the
readers of those files pass what they read through :func:`renamed` (values that are ids) or
:func:`renamed_words` (action lines such as ``ability collin cleave``) before anything checks or uses it.

>>> canonical_id("cleave")
'backslash'
>>> canonical_id("first-aid")
'first-aid'
>>> renamed({"abilities": ["cleave", "first-aid"], "effect": "volley"})
{'abilities': ['backslash', 'first-aid'], 'effect': 'volley'}
>>> renamed_words("ability collin cleave rat-warrior-1")
'ability collin backslash rat-warrior-1'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

__all__ = ["ALIASES", "canonical_id", "renamed", "renamed_words"]

# old id -> new id. Append only: a file written with any id this table ever held must keep loading.
ALIASES: Final[Mapping[str, str]] = {
    # ability cards: ids given before the cards' printed names were known (CONTENT.md's appendix)
    "battle-plan": "battle-leader",
    "royal-command": "give-order",
    "mighty-blow": "battle-squeak",
    "cleave": "backslash",
    "stand-firm": "resolve",
    "healing-touch": "major-heal",
    "cleanse": "cure",
    "sanctuary": "fortify",
    "spring-launcher": "thundersqueak",
    "dash": "energy-rush",
    "backstab": "keen-eye",
    "vanish": "dodge",
    "arcane-bolt": "mystic-bolt",
    "ward-of-light": "invisibility",
    "volley": "preemptive-shot",
    "double-shot": "accurate-shot",
    "pinning-shot": "power-shot",
    # encounter and search cards
    "the-spider-lair": "the-spiders-lair",
    "quiet-moment": "a-quiet-moment",
}

# Fields whose value is a mechanism id (a hook point's key), never a content entry's id: ``volley`` is both an
# old card id and the effect the Preemptive Shot card uses.
_MECHANISM_FIELDS: Final = frozenset({"effect", "innate", "weapon", "hook"})


def canonical_id(content_id: str) -> str:
    """The id ``content_id`` is known by today (itself when it was never renamed)."""
    return ALIASES.get(content_id, content_id)


def renamed(data: Any) -> Any:
    """``data`` (parsed JSON or YAML) with every string value and mapping key that is an old id replaced by its
    new id; a new object, ``data`` is not changed. Prose is left alone (only whole values are ids)."""
    if isinstance(data, str):
        return ALIASES.get(data, data)
    if isinstance(data, Mapping):
        return {
            (ALIASES.get(k, k) if isinstance(k, str) else k): (
                v if k in _MECHANISM_FIELDS and isinstance(v, str) else renamed(v)
            )
            for k, v in data.items()
        }
    if isinstance(data, list):
        return [renamed(v) for v in data]
    return data


def renamed_words(line: str) -> str:
    """An action line (space-separated words) with every word that is an old id replaced by its new id."""
    words = line.split(" ")
    if not any(w in ALIASES for w in words):
        return line
    return " ".join(ALIASES.get(w, w) for w in words)
