"""Write a form's edit back into the chapter file the way a person would: comments, key order, quoting and
flow style of everything the form did not touch stay as they were (issue 31).

The page edits the parsed file and sends the whole new data with the old text; :func:`write_back` loads the old
text with ruamel.yaml's round-trip loader, changes only the values that differ (keys removed, added at the end
of their mapping, list items changed in place) and dumps it. The result is read back with the game's own bounded
reader and must give exactly ``data``; otherwise :class:`WriteBackError` (the page then writes the file afresh).
"""

from __future__ import annotations

import io
import re
from typing import Any

import yaml as pyyaml
from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.scalarstring import DoubleQuotedScalarString, PlainScalarString

from mnm.content.bounded_yaml import load_bounded_with_lines

__all__ = ["WriteBackError", "write_back"]

FLOW_WIDTH = 90  # a new mapping or list this short (and flat) is written on one line, as the page does


class WriteBackError(ValueError):
    """The old text cannot be edited in place (not YAML, or the result would not read back as the data)."""


def _yaml() -> YAML:
    y = YAML(typ="rt")
    y.preserve_quotes = True
    y.width = 4096  # never fold a long story text onto new lines
    y.indent(mapping=2, sequence=4, offset=2)  # the shipped files' style: "  - id: ..." under a key
    return y


def _plain_safe(text: str) -> bool:
    """Whether the game's YAML 1.1 reader reads ``text`` written plain back as the same string ("5:15" would
    be a number, "on" a boolean)."""
    if not text or text != text.strip() or "\n" in text:
        return False
    try:
        # alone and inside a flow mapping (where ':' ',' '[' mean more)
        return bool(pyyaml.safe_load(text) == text and pyyaml.safe_load(f"{{k: {text}}}") == {"k": text})
    except pyyaml.YAMLError:
        return False


def _is_flat(value: Any, depth: int = 0) -> bool:
    if not isinstance(value, dict | list):
        return True
    if depth > 2:
        return False
    items = value.values() if isinstance(value, dict) else value
    return all(_is_flat(v, depth + 1) for v in items) and len(repr(value)) <= FLOW_WIDTH


def _one_line(value: Any) -> bool:
    """Short flat mappings and lists of scalars go on one line (a list of mappings: one item a line)."""
    if isinstance(value, list) and any(isinstance(v, dict | list) for v in value):
        return False
    return _is_flat(value)


def _fresh(value: Any) -> Any:
    """A new value as ruamel nodes: short flat mappings and lists on one line, risky strings quoted."""
    if isinstance(value, dict | list):
        node = CommentedMap((k, _fresh(v)) for k, v in value.items()) if isinstance(value, dict) else CommentedSeq(_fresh(v) for v in value)
        if _one_line(value):
            node.fa.set_flow_style()
        return node
    if isinstance(value, str):
        # explicit either way: ruamel would otherwise give a new string the quotes of the one it replaces
        return PlainScalarString(value) if _plain_safe(value) else DoubleQuotedScalarString(value)
    return value


def _same_scalar(old: Any, new: Any) -> bool:
    """Equal and of the same kind (True == 1 in Python; ruamel's strings and numbers are subclasses)."""
    return isinstance(old, bool) == isinstance(new, bool) and isinstance(old, str) == isinstance(new, str) and old == new


def _unfold(node: Any, value: Any, was_empty: bool) -> Any:
    """A one-line mapping or list that grew past one line, or an empty one given its first items (``story: {}``
    given a moment), goes on its own lines as a new one would."""
    if node.fa.flow_style() and not (_is_flat(value) and (not was_empty or _one_line(value))):
        node.fa.set_block_style()
    return node


def _merge(old: Any, new: Any) -> Any:
    """``old`` (ruamel nodes) changed to equal ``new`` (plain data), keeping what did not change."""
    if isinstance(old, CommentedMap) and isinstance(new, dict):
        was_empty = not old
        for key in [k for k in old if k not in new]:
            del old[key]
        for key, value in new.items():
            old[key] = _merge(old[key], value) if key in old else _fresh(value)
        return _unfold(old, new, was_empty)
    if isinstance(old, CommentedSeq) and isinstance(new, list):
        was_empty = not old
        for i, value in enumerate(new[: len(old)]):
            old[i] = _merge(old[i], value)
        del old[len(new) :]
        for value in new[len(old) :]:
            old.append(_fresh(value))
        return _unfold(old, new, was_empty)
    if not isinstance(old, dict | list) and not isinstance(new, dict | list) and _same_scalar(old, new):
        return old  # untouched: keeps its quotes
    return _fresh(new)


_BLANK_TAIL = re.compile(r"\n{3,}$")


def write_back(text: str, data: Any) -> str:
    """The chapter file ``text`` edited to hold ``data``, comments and order kept. Raises
    :class:`WriteBackError` when ``text`` is not YAML or the edit would not read back as ``data``."""
    y = _yaml()
    try:
        doc = y.load(text) if text.strip() else None
    except Exception as err:  # ruamel raises many kinds: the page falls back to writing the file afresh
        raise WriteBackError("the file is not YAML yet") from err
    doc = _merge(doc, data) if doc is not None else _fresh(data)
    out = io.StringIO()
    y.dump(doc, out)
    result = _BLANK_TAIL.sub("\n", out.getvalue())
    try:
        again = load_bounded_with_lines(result, "workshop", ValueError, lines=False)[0]
    except ValueError as err:
        raise WriteBackError("the edited file does not read back") from err
    if again != data:
        raise WriteBackError("the edited file reads back differently")
    return result
