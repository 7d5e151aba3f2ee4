"""No module reaches into another module's ``_private`` names (issue 49).

A name that starts with one underscore belongs to the module that defines it; a module whose name starts with one
(``mnm/_build.py``) belongs to its package. This check reads the sources with :mod:`ast` (standard library only) and
lists every place that takes such a name from elsewhere:

- ``from mnm.content.loader import _Reader`` (or the relative ``from .loader import _Reader``);
- ``loader._Reader`` where ``loader`` is a module of ``mnm`` bound by an import;
- ``import mnm._build`` / ``from mnm import _build`` from outside the package ``mnm`` (bench/, scripts/).

Read: ``src/mnm``, ``bench`` and ``scripts``. Not read: ``tests``, which may look inside a module to prove it.
Dunder names (``__version__``) are public. The mend is to make the name public in its module (drop the
underscore, add it to ``__all__`` where there is one) or to move the helper to the module that uses it.

    python scripts/privates.py            # list the places (exit 0)
    python scripts/privates.py --check    # exit 1 when there is one (scripts/test.sh runs this)
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
READ = ("src/mnm", "bench", "scripts")


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


class Tree:
    """The modules of one checkout: ``src/<package>/...`` by dotted name."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.src = root / "src"
        self.modules: set[str] = set()
        for path in self.src.rglob("*.py"):
            self.modules.add(self.module_name(path))

    def module_name(self, path: Path) -> str:
        parts = path.relative_to(self.src).with_suffix("").parts
        return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)

    def is_package(self, module: str) -> bool:
        return (self.src / module.replace(".", "/") / "__init__.py").is_file()

    def files(self) -> Iterator[Path]:
        for folder in READ:
            base = self.root / folder
            if base.is_dir():
                yield from sorted(p for p in base.rglob("*.py") if "__pycache__" not in p.parts)

    def importer(self, path: Path) -> str:
        """The dotted name of the module at ``path`` ('' for a script outside src/)."""
        return self.module_name(path) if path.is_relative_to(self.src) else ""


def _resolve(node: ast.ImportFrom, importer: str, is_package: bool) -> str:
    if not node.level:
        return node.module or ""
    package = importer.split(".") if is_package else importer.split(".")[:-1]
    anchor = package[: len(package) - node.level + 1]
    return ".".join([*anchor, node.module] if node.module else anchor)


def _owner_allows(owner: str, importer: str) -> bool:
    """Whether ``importer`` may use a private member of ``owner`` (a private module: anything in its package)."""
    return importer == owner or importer.startswith(owner + ".")


def _private_step(dotted: str, importer: str) -> str | None:
    """The first private module along ``dotted`` that ``importer`` stands outside of (None: none)."""
    parts = dotted.split(".")
    for i, part in enumerate(parts[1:], start=1):
        if _private(part) and not _owner_allows(".".join(parts[:i]), importer):
            return ".".join(parts[: i + 1])
    return None


def _chain(node: ast.Attribute) -> list[str] | None:
    """``a.b.c`` as ['a', 'b', 'c'] (None when the root is not a plain name)."""
    names = [node.attr]
    value = node.value
    while isinstance(value, ast.Attribute):
        names.append(value.attr)
        value = value.value
    if not isinstance(value, ast.Name):
        return None
    names.append(value.id)
    return names[::-1]


def violations(tree: Tree) -> list[str]:
    """Every place that takes another module's private name, as ``path:line: what``."""
    out: list[str] = []
    for path in tree.files():
        importer = tree.importer(path)
        is_package = path.name == "__init__.py"
        syntax = ast.parse(path.read_text(encoding="utf-8"), str(path))
        where = path.relative_to(tree.root)
        bound: dict[str, str] = {}  # a local name -> the module of this tree it is bound to
        for node in ast.walk(syntax):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name.split(".")[0] not in {m.split(".")[0] for m in tree.modules}:
                        continue
                    step = _private_step(alias.name, importer)
                    if step is not None:
                        out.append(f"{where}:{node.lineno}: imports {step}, a module private to its package")
                    local = alias.asname or alias.name.split(".")[0]
                    bound[local] = alias.name if alias.asname else alias.name.split(".")[0]
            elif isinstance(node, ast.ImportFrom):
                source = _resolve(node, importer, is_package)
                if source.split(".")[0] not in {m.split(".")[0] for m in tree.modules}:
                    continue
                step = _private_step(source, importer)
                if step is not None:
                    out.append(f"{where}:{node.lineno}: imports from {step}, a module private to its package")
                    continue
                for alias in node.names:
                    full = f"{source}.{alias.name}"
                    if full in tree.modules:
                        bound[alias.asname or alias.name] = full
                    if not _private(alias.name):
                        continue
                    if full in tree.modules:  # a private module: its package's own
                        if not _owner_allows(source, importer):
                            out.append(f"{where}:{node.lineno}: imports {full}, a module private to its package")
                    elif source != importer:
                        out.append(f"{where}:{node.lineno}: imports {alias.name}, private to {source}")
        for node in ast.walk(syntax):
            if not isinstance(node, ast.Attribute) or not _private(node.attr):
                continue
            names = _chain(node)
            if names is None or names[0] not in bound:
                continue
            dotted = ".".join([bound[names[0]], *names[1:-1]])
            if dotted in tree.modules and dotted != importer:
                out.append(f"{where}:{node.lineno}: uses {names[-1]}, private to {dotted}")
    return sorted(set(out))


def main(argv: list[str], root: Path = ROOT) -> int:
    found = violations(Tree(root))
    for line in found:
        print(line)
    if argv == ["--check"]:
        if found:
            print(f"{len(found)} place(s) take another module's private name: make it public or move it")
        return 1 if found else 0
    if argv:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
