"""The top of ``src/mnm`` reads as a table of contents, and docs/architecture.md's layering picture is the code's
(issue 35)."""

from __future__ import annotations

import ast
import runpy
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "src" / "mnm"

# What may stand at the top of src/mnm beside the packages, and why.
NOT_PACKAGES = {
    "__init__.py": "the package itself",
    "__main__.py": "python -m mnm",
    "_build.py": "which engine build runs; setup.py and scripts/compile.sh load it by path before mnm imports",
    "_compiled.txt": "the compiled engine's stamp (generated, ignored by git)",
    "py.typed": "PEP 561 marker",
    "i18n": "data, not Python: the players' words in each language",
    "web": "data, not Python: the browser client the server serves",
}


def _entries() -> list[Path]:
    return sorted(
        p
        for p in PACKAGE.iterdir()
        if p.name != "__pycache__" and not p.name.endswith((".so", ".pyd")) and not p.name.startswith(".")
    )


def test_the_top_level_holds_packages_only() -> None:
    strays = [p.name for p in _entries() if p.name not in NOT_PACKAGES and not (p / "__init__.py").is_file()]
    assert not strays, f"put these in a package (or say in NOT_PACKAGES why they stay): {strays}"


def test_every_package_says_what_it_owns_in_its_first_line() -> None:
    missing = []
    for entry in _entries():
        init = entry / "__init__.py"
        if not init.is_file():
            continue
        doc = ast.get_docstring(ast.parse(init.read_text(encoding="utf-8"))) or ""
        first = doc.split("\n", 1)[0]
        if not first.strip() or not first.rstrip().endswith((".", ")")):  # a sentence on one line
            missing.append(f"{entry.name}: {first!r}")
    assert not missing, "each package's docstring opens with one line saying what it owns:\n" + "\n".join(missing)


def test_the_layering_picture_in_docs_is_the_code_s() -> None:
    layers = runpy.run_path(str(ROOT / "scripts" / "layers.py"), run_name="layers")
    assert layers["main"](["--check"]) == 0, "run: python scripts/layers.py --write"


def test_the_picture_draws_every_layer_and_no_arrow_up() -> None:
    layers = runpy.run_path(str(ROOT / "scripts" / "layers.py"), run_name="layers")
    text = layers["diagram"]()
    assert '["engine"]' in text and "engine --> content" in text
    assert "-.->" not in text  # an arrow up (the layers contract refuses it too)


def test_no_import_circle_and_no_package_pair_counting_every_import() -> None:
    """Issue 49: a circle closed only by an ``if TYPE_CHECKING:`` import is a circle too, between any modules."""
    layers = runpy.run_path(str(ROOT / "scripts" / "layers.py"), run_name="layers")
    assert layers["circles"]() == []
    assert layers["package_pairs"]() == []


def test_a_type_checking_import_closes_a_circle_the_check_finds() -> None:
    layers = runpy.run_path(str(ROOT / "scripts" / "layers.py"), run_name="layers")
    source = "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from mnm.engine.context import Ctx\n"
    imported = set(layers["_imports"](ast.parse(source), "mnm.engine.points", False))
    assert "mnm.engine.context" in imported  # the type checker's import is read as an arrow
    graph = {"mnm.a": {"mnm.b"}, "mnm.b": {"mnm.c"}, "mnm.c": {"mnm.a"}, "mnm.d": {"mnm.a"}}
    assert layers["circles"](graph) == [["mnm.a", "mnm.b", "mnm.c"]]
    assert layers["package_pairs"]({("mnm.x", "mnm.y"), ("mnm.y", "mnm.x"), ("mnm.y", "mnm.z")}) == [("mnm.x", "mnm.y")]
