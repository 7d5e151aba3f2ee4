"""How the server writes JSON (issue 50): once per action, with ``orjson`` when it is installed.

A table's update is encoded once and the same text goes to every socket of the table; the journal row and the
snapshot are encoded once per write. ``orjson`` is several times faster than :mod:`json` on our views (the
profile in docs/deploy.md); :mod:`json` is the fallback when it is missing or the value has something orjson
refuses (an integer over 64 bits, such as a table's 128-bit seed). Both write plain JSON any reader takes.

Updates to sockets that asked for them (``"deltas": true`` in their hello) carry only the top-level parts of the
view that changed since the version before (:func:`view_delta`); the others get the whole view as before.
"""

from __future__ import annotations

import json
from typing import Any

try:
    import orjson
except ModuleNotFoundError:  # pragma: no cover - a server without orjson still works, more slowly
    orjson = None  # type: ignore[assignment]

__all__ = ["dumps", "loads", "patched", "view_delta"]

_OPTIONS = 0 if orjson is None else orjson.OPT_NON_STR_KEYS


def dumps(value: Any) -> str:
    """``value`` as JSON text (UTF-8 characters, not ``\\u`` escapes: the same data)."""
    if orjson is not None:
        try:
            return orjson.dumps(value, option=_OPTIONS).decode("utf-8")
        except TypeError:  # orjson.JSONEncodeError: an integer over 64 bits, or a type orjson does not know
            pass
    return json.dumps(value, ensure_ascii=False)


def loads(text: str | bytes) -> Any:
    if orjson is not None:
        return orjson.loads(text)
    return json.loads(text)


def view_delta(old: dict[str, Any], new: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """The top-level parts of ``new`` that differ from ``old`` (compared by value; a part built from the same
    object, such as the base legend, costs only an identity check), and the keys ``new`` no longer has."""
    changed = {k: v for k, v in new.items() if k not in old or (old[k] is not v and old[k] != v)}
    return changed, [k for k in old if k not in new]


def patched(old: dict[str, Any], patch: dict[str, Any], removed: list[str]) -> dict[str, Any]:
    """:func:`view_delta` undone: ``old`` with the ``patch``'s parts and without the ``removed`` keys (a new dict)."""
    new = {**old, **patch}
    for key in removed:
        new.pop(key, None)
    return new
