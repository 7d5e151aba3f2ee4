"""Reading a chapter-language condition against a state, for clients that plan (the bots' planner, issue 29).

A client may not reach into the rules tree (``mnm.engine.rules``), yet a planner must know whether a condition of
the chapter (a gate's, a victory's, a rule's) holds now. :func:`condition_holds` evaluates one with the
interpreter's own handlers, so a planner never keeps a second copy of what a word means (where a counter lives,
what "the party holds" reads). A condition about a trigger's figure (``figure``) has no figure here and does not
hold. Reading changes nothing.
"""

from __future__ import annotations

from typing import Any, Final

from mnm.engine.context import Ctx
from mnm.engine.rules.chapter_rules import FIRED, Fire, compile_condition
from mnm.engine.rules.chapter_state import DISABLED, ENABLED
from mnm.engine.state import State

__all__ = ["condition_holds", "rule_enabled", "rule_fired"]

_COMPILED: Final[dict[int, tuple[Any, Any]]] = {}  # id(condition) -> (the condition, its compiled form)
_NO_TRIGGER: Final = Fire()


def condition_holds(ctx: Ctx, st: State, condition: Any) -> bool:
    """Whether ``condition`` (a :class:`~mnm.chapters.language.Condition`) holds in ``st`` now."""
    found = _COMPILED.get(id(condition))
    if found is None or found[0] is not condition:
        if len(_COMPILED) > 4096:
            _COMPILED.clear()
        found = (condition, compile_condition(condition))
        _COMPILED[id(condition)] = found
    compiled = found[1]
    return bool(compiled.fn(ctx, st, _NO_TRIGGER, compiled.params))


def rule_fired(st: State, rule_id: str) -> bool:
    """Whether the chapter's ``once`` rule ``rule_id`` has fired in this game (it will not fire again)."""
    fired = st.chapter_data.get(FIRED) or []
    return rule_id in fired


def rule_enabled(st: State, rule_id: str, written_enabled: bool = True) -> bool:
    """Whether the chapter's rule ``rule_id`` is on now (R-STORY-05): not turned off by a disable_rule, and, for a
    rule written ``enabled: false`` (``written_enabled``), turned on by an enable_rule. The planner reads a
    disabled rule's effects as no way to its facts (issue 30)."""
    if written_enabled:
        return rule_id not in (st.chapter_data.get(DISABLED) or [])
    return rule_id in (st.chapter_data.get(ENABLED) or [])
