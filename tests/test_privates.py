"""No module takes another module's ``_private`` name (issue 49): scripts/privates.py, run by scripts/test.sh, and
here on this checkout and on a planted tree that it must catch."""

from __future__ import annotations

import runpy
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PRIVATES = runpy.run_path(str(ROOT / "scripts" / "privates.py"), run_name="privates")


def _write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def test_no_module_takes_another_module_s_private_name() -> None:
    found = PRIVATES["violations"](PRIVATES["Tree"](ROOT))
    assert found == [], "make these names public in their module, or move the helper:\n" + "\n".join(found)


def test_a_planted_private_import_is_caught(tmp_path: Path) -> None:
    _write(
        tmp_path,
        {
            "src/mnm/__init__.py": "from mnm import _hidden\n",  # a package may use its own private module
            "src/mnm/_hidden.py": "VALUE = 1\n",
            "src/mnm/a.py": "_secret = 1\npublic = 2\n\n\ndef own() -> int:\n    return _secret\n",
            "src/mnm/pkg/__init__.py": "",
            "src/mnm/pkg/b.py": (
                "from mnm.a import _secret, public\n"  # 1: a private name by an absolute import
                "from ..a import _secret as again\n"  # 2: the same by a relative one
                "from mnm import a\n"
                "import mnm.a as aa\n"
                "import mnm\n"
                "from mnm import _hidden\n"  # inside the package mnm: allowed
                "x = a._secret + aa._secret + mnm.a._secret + a.public + a.__name__.count('a')\n"  # 3, 4, 5
            ),
            "bench/tool.py": "from mnm import _hidden\nimport mnm._hidden\n",  # 6, 7: outside the package
        },
    )
    found = PRIVATES["violations"](PRIVATES["Tree"](tmp_path))
    assert found == [
        "bench/tool.py:1: imports mnm._hidden, a module private to its package",
        "bench/tool.py:2: imports mnm._hidden, a module private to its package",
        "src/mnm/pkg/b.py:1: imports _secret, private to mnm.a",
        "src/mnm/pkg/b.py:2: imports _secret, private to mnm.a",
        "src/mnm/pkg/b.py:7: uses _secret, private to mnm.a",
    ]
    assert PRIVATES["main"](["--check"], tmp_path) == 1
    (tmp_path / "src/mnm/pkg/b.py").write_text("from mnm.a import public\n", encoding="utf-8")
    (tmp_path / "bench/tool.py").write_text("import mnm\n", encoding="utf-8")
    assert PRIVATES["main"](["--check"], tmp_path) == 0
