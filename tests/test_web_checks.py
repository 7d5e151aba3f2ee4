"""The web client checked like the server (issue 49): syntax, types (``tsc --noEmit`` over JSDoc) and lint (ESLint).

src/mnm/web holds plain ES modules served as they are. Each one starts with ``// @ts-check`` (tsconfig.json checks
those files only, so a file without the line would go unchecked), ``tsc`` reports no error, ESLint reports no
problem, and the API's request shapes in api_types.d.ts are the ones the server's OpenAPI gives today
(scripts/gen_web_types.py). The tools come from package.json/package-lock.json, installed by scripts/test.sh
(``npm ci`` into node_modules); the tests never download them and fail, saying so, when they are missing.
"""

from __future__ import annotations

import fnmatch
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
WEB = ROOT / "src" / "mnm" / "web"
BIN = ROOT / "node_modules" / ".bin"


def _left_out(text: str) -> set[str]:
    """The web files a config leaves out: the globs under tsconfig.json's ``exclude`` or eslint.config.js's
    ``ignores`` that name src/mnm/web files."""
    lists = re.findall(r'(?:"exclude"|ignores)\s*:\s*\[(.*?)\]', text, flags=re.S)
    globs = {g for body in lists for g in re.findall(r'"(src/mnm/web/[^"]*)"', body)}
    return {p.name for p in WEB.glob("*.js") if any(fnmatch.fnmatch(f"src/mnm/web/{p.name}", g) for g in globs)}


sys.path.insert(0, str(ROOT / "scripts"))
import gen_web_types  # noqa: E402  (a script, not a package)


def _tool(name: str) -> str:
    path = BIN / name
    assert path.exists(), (
        f"{path.relative_to(ROOT)} is missing: run `npm ci` at the repository root (scripts/test.sh does)"
    )
    return str(path)


def _node() -> str:
    node = shutil.which("node")
    assert node, "node is missing: the web checks need Node.js (scripts/test.sh installs Debian's npm)"
    return node


def _checked_files() -> list[Path]:
    return sorted(WEB.glob("*.js"))


def test_no_web_module_is_left_out_of_the_checks() -> None:
    """Neither tsc nor ESLint leaves a web module out (the workshop's, the replay's and the sandbox's were, while
    issue 46's branch was in flight; issue 49 took them in)."""
    assert _left_out((ROOT / "tsconfig.json").read_text(encoding="utf-8")) == set()
    assert _left_out((ROOT / "eslint.config.js").read_text(encoding="utf-8")) == set()
    # the check can fail: a config that leaves the workshop out is seen
    assert _left_out('"exclude": ["src/mnm/web/workshop*.js"]') >= {"workshop.js", "workshop_state.js"}
    assert _left_out('ignores: [\n  "node_modules/**",\n  "src/mnm/web/replay.js",\n]') == {"replay.js"}


def _run(*command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(list(command), cwd=ROOT, capture_output=True, text=True, timeout=300, check=False)


@pytest.mark.parametrize("path", sorted(WEB.glob("*.js")), ids=lambda p: p.name)
def test_each_module_parses(path: Path) -> None:
    run = _run(_node(), "--check", str(path))
    assert run.returncode == 0, run.stderr


def test_every_checked_module_asks_for_the_type_check() -> None:
    missing = [p.name for p in _checked_files() if not p.read_text(encoding="utf-8").startswith("// @ts-check\n")]
    assert _checked_files(), "no web modules found"
    assert missing == [], f"start these with `// @ts-check` (tsconfig.json checks only such files): {missing}"


def test_tsc_finds_no_type_error() -> None:
    run = _run(_tool("tsc"), "-p", "tsconfig.json", "--pretty", "false")
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-2000:]


def test_eslint_finds_no_problem() -> None:
    run = _run(_tool("eslint"), "--max-warnings", "0", "src/mnm/web", "eslint.config.js")
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-2000:]


def test_tsc_can_fail(tmp_path: Path) -> None:
    """The type check is real: a request body the server's model refuses (a number for the party) is an error."""
    bad = tmp_path / "bad.js"
    bad.write_text(
        "// @ts-check\n"
        f'/** @type {{import("{(WEB / "api_types").as_posix()}").Body<"POST /api/tables">}} */\n'
        "export const body = { party: 4 };\n",
        encoding="utf-8",
    )
    config = tmp_path / "tsconfig.json"
    base = (ROOT / "tsconfig.json").as_posix()
    config.write_text(json.dumps({"extends": base, "include": [bad.as_posix()], "exclude": []}), encoding="utf-8")
    run = _run(_tool("tsc"), "-p", str(config), "--pretty", "false")
    assert run.returncode != 0
    assert "bad.js" in run.stdout and "TS2322" in run.stdout, run.stdout
    # and a key the table view does not have (mnm.server.shapes), read by a function of the view
    bad.write_text(
        "// @ts-check\n"
        f'/** @param {{import("{(WEB / "api_types").as_posix()}").TableView}} v */\n'
        "export const pages = (v) => v.chapter.track_page;\n",
        encoding="utf-8",
    )
    run = _run(_tool("tsc"), "-p", str(config), "--pretty", "false")
    assert "TS2551" in run.stdout and "track_pages" in run.stdout, run.stdout


def test_the_api_types_match_the_server() -> None:
    committed = (WEB / "api_types.d.ts").read_text(encoding="utf-8")
    assert committed == gen_web_types.generate(gen_web_types.server_spec()), (
        "src/mnm/web/api_types.d.ts is stale: run python scripts/gen_web_types.py"
    )


def test_the_generated_types_follow_the_schema() -> None:
    """A small schema by hand: required and optional members, unions with null, arrays of unions, enums, refs."""
    spec = {
        "components": {
            "schemas": {
                "Kind": {"type": "string", "enum": ["a", "b"], "description": "which"},
                "Thing": {
                    "type": "object",
                    "required": ["kind"],
                    "properties": {
                        "kind": {"$ref": "#/components/schemas/Kind"},
                        "names": {
                            "anyOf": [
                                {"type": "array", "items": {"anyOf": [{"type": "string"}, {"type": "null"}]}},
                                {"type": "null"},
                            ]
                        },
                        "map": {"type": "object", "additionalProperties": {"type": "integer"}},
                    },
                },
            }
        },
        "paths": {
            "/api/things": {
                "post": {
                    "requestBody": {
                        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Thing"}}}
                    },
                    "responses": {
                        "201": {
                            "content": {
                                "application/json": {"schema": {"type": "object", "additionalProperties": True}}
                            }
                        }
                    },
                }
            },
            "/api/pic.svg": {
                "get": {"responses": {"200": {"content": {"application/json": {"schema": {}}, "image/svg+xml": {}}}}}
            },
        },
    }
    text = gen_web_types.generate(spec)
    assert '/** which */\nexport type Kind = "a" | "b";' in text
    assert (
        "export interface Thing {\n  kind: Kind;\n  names?: (string | null)[] | null;\n  map?: { [key: string]: number };\n}"
        in text
    )
    assert '"POST /api/things": { body: Thing; answer: JsonObject };' in text
    assert "pic.svg" not in text


def test_every_error_code_has_a_message_in_both_languages() -> None:
    """Each refusal code the server's OpenAPI names (ErrorCode) has ``errors.<code>`` in the client's en and pt
    catalogues, so ``errorText`` never falls back to "unknown" for a refusal the server really sends."""
    declared = re.search(r"export type ErrorCode = (.*);", (WEB / "api_types.d.ts").read_text(encoding="utf-8"))
    assert declared, "api_types.d.ts declares no ErrorCode"
    codes = re.findall(r'"([a-z_]+)"', declared.group(1))
    assert "stale" in codes
    script = (
        "globalThis.localStorage = { getItem: () => null, setItem: () => {} };"
        f"const m = await import({json.dumps((WEB / 'i18n.js').as_uri())});"
        "console.log(JSON.stringify({ en: m.catalogueKeys('en'), pt: m.catalogueKeys('pt') }));"
    )
    run = _run(_node(), "--input-type=module", "-e", script)
    assert run.returncode == 0, run.stderr
    keys = json.loads(run.stdout)
    for language in ("en", "pt"):
        missing = [code for code in codes if f"errors.{code}" not in keys[language]]
        assert missing == [], f"{language}: no message for {missing}"
