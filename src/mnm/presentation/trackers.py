"""The chapter's trackers at the table (issue 46): the counters and flags its victory or defeat read, with their
names and limits, so that players can follow "the mice lose when the alarm reaches 20" ("Alarm 7 of 20").

Read from the chapter's conditions (nested ``any``/``all``/``not`` too) and the game's chapter variables; a small,
self-contained part of the table view (``chapter.trackers``), drawn by web/trackers.js.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from mnm.chapter_language import Condition, ConditionKind

__all__ = ["trackers"]


def _label(name: str) -> str:
    """The designer's name as players read it: winch_turned -> Winch turned."""
    words = name.replace("_", " ").replace("-", " ").strip()
    return words[:1].upper() + words[1:]


def _walk(conditions: tuple[Condition, ...], wanted: bool, out: list[tuple[Condition, bool]]) -> None:
    for c in conditions:
        if c.kind in (ConditionKind.ANY, ConditionKind.ALL):
            _walk(c.params, wanted, out)
        elif c.kind is ConditionKind.NOT:
            _walk((c.params,), not wanted, out)
        elif c.kind in (ConditionKind.COUNTER, ConditionKind.FLAG):
            out.append((c, wanted))


# a chapter's counter and flag conditions, walked once (a table's view asks at every action: issue 50); the
# chapter is kept beside them so that its id is not another chapter's; the oldest go first past the bound
_LEAVES: OrderedDict[int, tuple[Any, tuple[tuple[str, tuple[tuple[Condition, bool], ...]], ...]]] = OrderedDict()
_LEAVES_KEPT = 256


def _leaves(chapter: Any) -> tuple[tuple[str, tuple[tuple[Condition, bool], ...]], ...]:
    """``(ends, ((condition, wanted), ...))`` for the chapter's victory, then its defeat."""
    kept = _LEAVES.get(id(chapter))
    if kept is not None and kept[0] is chapter:
        return kept[1]
    walked = []
    for ends, conditions in (("victory", chapter.victory), ("defeat", chapter.defeat)):
        leaves: list[tuple[Condition, bool]] = []
        _walk(tuple(conditions), True, leaves)
        walked.append((ends, tuple(leaves)))
    _LEAVES[id(chapter)] = (chapter, tuple(walked))
    while len(_LEAVES) > _LEAVES_KEPT:
        _LEAVES.popitem(last=False)
    return tuple(walked)


def trackers(chapter: Any, chapter_vars: dict[str, Any]) -> list[dict[str, Any]]:
    """One entry per counter or flag the chapter's victory or defeat reads, in the file's order:
    ``{kind, name, label, value, limits: [{op, value, ends}]}`` for a counter (``ends``: victory or defeat),
    ``{kind, name, label, value, ends, wanted}`` for a flag (``wanted``: the outcome comes when it is set)."""
    found: dict[str, dict[str, Any]] = {}
    for ends, leaves in _leaves(chapter):
        for c, wanted in leaves:
            p = c.params
            name = str(p.name)
            raw = chapter_vars.get(name)
            if c.kind is ConditionKind.COUNTER:
                entry = found.setdefault(
                    name,
                    {"kind": "counter", "name": name, "label": _label(name), "value": raw if isinstance(raw, int) and not isinstance(raw, bool) else 0, "limits": []},
                )
                if entry["kind"] == "counter" and str(p.op) != "unset":
                    entry["limits"].append({"op": str(p.op), "value": int(p.value), "ends": ends, "wanted": wanted})
            else:
                found.setdefault(
                    name,
                    {"kind": "flag", "name": name, "label": _label(name), "value": raw is True, "ends": ends, "wanted": wanted},
                )
    return list(found.values())
