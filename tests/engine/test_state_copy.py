"""State.copy (the hand-written fast copy used by every apply and by search bots) copies every field.

The figures are copied slot by slot for speed (docs/architecture.md, Performance): a field added to a class
but forgotten in its copy must fail here."""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from mnm.engine.game import Game
from mnm.engine.state import Hero, Minion, Pending, State, Turn

SAMPLE: dict[type, Any] = {str: "x", int: 7, bool: True}


def _filled(cls: type, **given: Any) -> Any:
    """An instance whose every field differs from its default, so that a field the copy drops shows."""
    values: dict[str, Any] = {}
    for f in fields(cls):
        if f.name in given:
            values[f.name] = given[f.name]
            continue
        # A string here; a type object when the class is compiled (mypyc gives dataclasses real annotations).
        kind = f.type if isinstance(f.type, str) else getattr(f.type, "__name__", str(f.type))
        if kind.startswith("list"):
            values[f.name] = [f"{f.name}-item"] if "int" not in kind else [3]
        elif kind.startswith("dict"):
            values[f.name] = {f"{f.name}-key": 2}
        elif "bool" in kind:
            values[f.name] = f.default is False
        elif kind.startswith("int") or kind == "int":
            values[f.name] = 5
        else:
            values[f.name] = f"{f.name}-value"
    return cls(**values)


def _assert_independent_copy(original: Any) -> None:
    copied = original.copy()
    assert copied == original
    assert copied is not original
    for f in fields(original):
        value = getattr(original, f.name)
        if isinstance(value, (list, dict)):
            assert getattr(copied, f.name) is not value, f"{type(original).__name__}.{f.name} is shared"


def test_hero_copy_copies_every_field() -> None:
    _assert_independent_copy(_filled(Hero))


def test_minion_copy_copies_every_field() -> None:
    _assert_independent_copy(_filled(Minion))


def test_turn_and_pending_copy_every_field() -> None:
    _assert_independent_copy(_filled(Turn))
    _assert_independent_copy(Pending("turn", "filch", {"moved": ["a"], "nested": {"k": [1]}}))


def test_state_copy_is_equal_and_shares_no_mutable_part() -> None:
    st: State = Game.new("flight-to-barksburg", ["collin", "tilda", "filch", "maginos"], seed=5).state
    st.stack.append(["minion_act", ["rat-warrior-1"], []])
    st.chapter_data["counter"] = {"left": [1, 2]}
    copied = st.copy()
    assert copied == st
    copied.stack[-1][1].append("changed")
    copied.chapter_data["counter"]["left"].append(3)
    for hero in copied.heroes.values():
        hero.pack.append("changed")
    assert st.stack[-1] == ["minion_act", ["rat-warrior-1"], []]
    assert st.chapter_data["counter"] == {"left": [1, 2]}
    assert all("changed" not in h.pack for h in st.heroes.values())
