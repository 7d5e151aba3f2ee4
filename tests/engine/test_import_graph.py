"""The engine's modules import each other in one direction only (issue 11, "no engine import cycle").

Every import between engine modules sits at module level (none hidden in a function body), and the graph of
those imports has no cycle: a rule module can be imported on its own, and reading its imports says what it
depends on. Imports made only for type checking (``if TYPE_CHECKING:``) are not run and do not count. Where a
rule low in the order must call a rule above it, it calls a :class:`~mnm.engine.hooks.RuleLink` that the
owning module provides.
"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import mnm.engine
from mnm.engine.hooks import RULE_LINKS

ENGINE = Path(mnm.engine.__file__).resolve().parent
SRC = ENGINE.parent.parent


def _modules() -> dict[str, Path]:
    out: dict[str, Path] = {}
    for path in sorted(ENGINE.rglob("*.py")):
        parts = path.relative_to(SRC).with_suffix("").parts
        out[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return out


MODULES = _modules()


def _target(base: str, name: str) -> str | None:
    """The engine module ``from base import name`` loads (``name`` may be a module of package ``base``)."""
    if f"{base}.{name}" in MODULES:
        return f"{base}.{name}"
    return base if base in MODULES else None


def _type_checking_only(node: ast.AST, parents: dict[ast.AST, ast.AST]) -> bool:
    while node in parents:
        node = parents[node]
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            return True
    return False


def _imports(path: Path) -> list[tuple[int, str, bool]]:
    """(line, engine module imported, whether inside a function body) for each runtime engine import."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    in_function = {
        id(sub)
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda)
        for sub in ast.walk(node)
    }
    found: list[tuple[int, str, bool]] = []
    for node in ast.walk(tree):
        if _type_checking_only(node, parents):
            continue
        targets: list[str | None] = []
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            targets = [_target(node.module, a.name) for a in node.names]
        elif isinstance(node, ast.Import):
            targets = [a.name if a.name in MODULES else None for a in node.names]
        found += [(node.lineno, t, id(node) in in_function) for t in targets if t is not None]
    return found


def _graph() -> dict[str, set[str]]:
    return {m: {t for _, t, _ in _imports(p) if t != m} for m, p in MODULES.items()}


def _cycle(graph: dict[str, set[str]]) -> list[str]:
    """One import cycle of ``graph`` (empty when there is none): depth-first search for a back edge."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(m: str) -> list[str]:
        state[m] = 1
        path.append(m)
        for t in sorted(graph[m]):
            if state.get(t) == 1:
                return [*path[path.index(t) :], t]
            if t not in state and (found := visit(t)):
                return found
        path.pop()
        state[m] = 2
        return []

    for m in sorted(graph):
        if m not in state and (found := visit(m)):
            return found
    return []


def test_no_engine_module_imports_another_inside_a_function() -> None:
    hidden = [
        f"{path.relative_to(SRC)}:{line} imports {target}"
        for path in MODULES.values()
        for line, target, inside in _imports(path)
        if inside
    ]
    assert hidden == []


def test_the_engine_import_graph_has_no_cycle() -> None:
    graph = _graph()
    assert graph["mnm.engine.rules.battle"] >= {"mnm.engine.rules.capture", "mnm.engine.query"}  # the walk sees
    assert _cycle(graph) == []


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == ["a", "b", "c", "a"]


def test_every_rule_link_is_provided_by_the_function_it_names() -> None:
    for link in RULE_LINKS:
        module, function = link.owner.split(".")
        assert link.call is getattr(importlib.import_module(f"mnm.engine.rules.{module}"), function), link.name
