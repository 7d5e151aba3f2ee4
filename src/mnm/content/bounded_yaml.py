"""YAML from untrusted files, within bounds (issue 14, finding 7): scenario files and the like.

PyYAML's safe loader still expands aliases (a 1 KB "billion laughs" file reaches gigabytes), nests as deep as
the file says, builds integers of any length and turns dates into ``datetime`` objects that JSON cannot hold.
:func:`load_bounded` refuses all of that with a one-line error naming the line:

* aliases (``*name``) are refused (anchors alone are harmless);
* at most ``MAX_DEPTH`` levels of nesting and ``MAX_NODES`` values, and ``MAX_BYTES`` of text;
* integers of at most ``MAX_INT_DIGITS`` digits;
* only plain values: text, numbers, true/false, null, lists and mappings (``!!timestamp``, ``!!binary``,
  ``!!set``, ``!!omap``, ``!!pairs`` and implicit dates stay text or are refused).
"""

from __future__ import annotations

from typing import Any, Final

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

__all__ = ["MAX_BYTES", "MAX_DEPTH", "MAX_INT_DIGITS", "MAX_NODES", "load_bounded", "load_bounded_with_lines"]

MAX_BYTES: Final = 256 * 1024  # scenarios are a few KB; PyYAML reads about 100 KB/s here
MAX_DEPTH: Final = 32
MAX_NODES: Final = 20_000
MAX_INT_DIGITS: Final = 40


class _Refused(Exception):
    """Raised inside the loader; turned into the caller's error type with the file's name."""


class _BoundedLoader(yaml.SafeLoader):
    """SafeLoader without aliases, deep nesting, huge node counts, huge integers or non-plain types."""

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self.nodes = 0
        self.depth = 0

    def compose_node(self, parent: Node | None, index: Any) -> Node | None:
        if self.check_event(yaml.AliasEvent):
            event = self.peek_event()  # type: ignore[no-untyped-call]
            raise _Refused(f"line {event.start_mark.line + 1}: YAML aliases (*{event.anchor}) are not allowed")
        self.nodes += 1
        if self.nodes > MAX_NODES:
            raise _Refused(f"more than {MAX_NODES} values")
        self.depth += 1
        if self.depth > MAX_DEPTH:
            mark = self.peek_event().start_mark  # type: ignore[no-untyped-call]
            raise _Refused(f"line {mark.line + 1}: nested more than {MAX_DEPTH} levels deep")
        try:
            return super().compose_node(parent, index)
        finally:
            self.depth -= 1

    def construct_yaml_int(self, node: ScalarNode) -> int:
        digits = sum(ch.isdigit() for ch in str(node.value))
        if digits > MAX_INT_DIGITS:
            raise _Refused(f"line {node.start_mark.line + 1}: a number of {digits} digits (at most {MAX_INT_DIGITS})")
        return super().construct_yaml_int(node)


def _check_keys(root: Node, path: str, where: dict[str, int], lines: bool) -> None:
    """Refuse duplicate keys and note each value's line, without recursion (depth is bounded, but a stack is
    as clear)."""
    stack: list[tuple[Node, str, int]] = [(root, path, root.start_mark.line + 1)]
    while stack:
        node, at, line = stack.pop()
        if lines:
            where[at] = line  # a mapping's entry stands on its key's line
        if isinstance(node, MappingNode):
            seen: dict[str, int] = {}
            for key, value in node.value:
                name = str(key.value) if isinstance(key, ScalarNode) else "?"
                if name in seen:
                    raise _Refused(
                        f"line {key.start_mark.line + 1}: {name!r} is written twice in one mapping (first on line "
                        f"{seen[name]}); YAML would keep only the last"
                    )
                seen[name] = key.start_mark.line + 1
                stack.append((value, f"{at}.{name}" if at else name, key.start_mark.line + 1))
        elif isinstance(node, SequenceNode):
            for i, item in enumerate(node.value):
                stack.append((item, f"{at}.{i}" if at else str(i), item.start_mark.line + 1))


def _refuse_tag(loader: yaml.SafeLoader, node: Node) -> Any:
    raise _Refused(f"line {node.start_mark.line + 1}: {node.tag} values are not allowed; write plain text")


# Dates and times stay text (a scenario has none; JSON has no date type).
_BoundedLoader.yaml_implicit_resolvers = {
    first: [(tag, regexp) for tag, regexp in resolvers if tag != "tag:yaml.org,2002:timestamp"]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
_BoundedLoader.add_constructor("tag:yaml.org,2002:int", _BoundedLoader.construct_yaml_int)
for _tag in ("timestamp", "binary", "set", "omap", "pairs"):
    _BoundedLoader.add_constructor(f"tag:yaml.org,2002:{_tag}", _refuse_tag)


def load_bounded(text: str, what: str, error: type[Exception], max_bytes: int = MAX_BYTES) -> Any:
    """Parse ``text`` within the bounds; ``error(f"{what}: ...")`` when it is not valid or goes beyond them."""
    return load_bounded_with_lines(text, what, error, max_bytes, lines=False)[0]


def load_bounded_with_lines(
    text: str, what: str, error: type[Exception], max_bytes: int = MAX_BYTES, lines: bool = True
) -> tuple[Any, dict[str, int]]:
    """:func:`load_bounded`, and where each value stands: ``{"layout.0.side": 12, ...}``, the 1-based line of
    every value by its dotted path (list items by index; ``""`` is the whole document). A key written twice in
    one mapping is refused (plain YAML would silently keep the last one)."""
    if len(text) > max_bytes:
        raise error(f"{what}: the file is over {max_bytes // 1024} KB")
    loader: _BoundedLoader | None = None
    try:
        loader = _BoundedLoader(text)  # reads the text at once: a NUL byte is refused here (issue 26, finding 9)
        node = loader.get_single_node()
        where: dict[str, int] = {}
        if node is not None:
            _check_keys(node, "", where, lines)
        return (loader.construct_document(node) if node is not None else None), where
    except _Refused as exc:
        raise error(f"{what}: {exc}") from exc
    except RecursionError as exc:
        raise error(f"{what}: nested too deeply") from exc
    except yaml.YAMLError as exc:
        raise error(f"{what}: not valid YAML/JSON: {' '.join(str(exc).split())}") from exc
    except ValueError as exc:  # e.g. an integer too long to convert
        raise error(f"{what}: {exc}") from exc
    finally:
        if loader is not None:
            loader.dispose()
