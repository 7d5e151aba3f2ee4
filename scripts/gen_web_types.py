"""Write the web client's API types (src/mnm/web/api_types.d.ts) from the server's OpenAPI schema (issue 49).

The server's pydantic request models and its error answer are the one place the wire's shapes are written; this
turns them into TypeScript declarations that the client's JSDoc (`// @ts-check`, `tsc --noEmit`) imports, so a
request body the server would refuse, or an error code it never sends, fails the client's type check.
``Endpoints`` maps each JSON route ("POST /api/tables") to its request body and its answer. The answers the server
declares only as "an object" come out as ``JsonObject`` (any key), except the ones mnm.server.shapes writes down
(the catalog, a new table, the table view and who you are at it, the board's geometry, the socket's messages), which come from those TypedDicts the same way.

    python scripts/gen_web_types.py          # write the file
    python scripts/gen_web_types.py --check  # exit 1 if the committed file is not what the schema gives

tests/test_web_checks.py runs the check.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
TARGET = ROOT / "src" / "mnm" / "web" / "api_types.d.ts"
METHODS = ("get", "post", "put", "delete", "patch")
_IDENT = re.compile(r"^[A-Za-z_$][A-Za-z0-9_$]*$")

Schema = dict[str, Any]


def _ref_name(ref: str) -> str:
    return ref.rsplit("/", 1)[-1]


def _key(name: str) -> str:
    return name if _IDENT.match(name) else json.dumps(name)


def _wrap(text: str) -> str:
    """A union or function type inside ``T[]`` needs parentheses."""
    return f"({text})" if " | " in text else text


def ts_type(schema: Schema | bool, indent: str = "") -> str:
    """The TypeScript type of one JSON schema (the subset pydantic and FastAPI write)."""
    if schema is True or schema == {}:
        return "any"
    if schema is False:
        return "never"
    assert isinstance(schema, dict)
    if "$ref" in schema:
        return _ref_name(schema["$ref"])
    if "const" in schema:
        return json.dumps(schema["const"])
    if "enum" in schema:
        return " | ".join(json.dumps(v) for v in schema["enum"])
    for word in ("anyOf", "oneOf"):
        if word in schema:
            parts: list[str] = []
            for sub in schema[word]:
                text = ts_type(sub, indent)
                if text not in parts:
                    parts.append(text)
            return " | ".join(parts)
    if "allOf" in schema:
        return " & ".join(_wrap(ts_type(sub, indent)) for sub in schema["allOf"])
    kind = schema.get("type")
    if isinstance(kind, list):
        return " | ".join(ts_type({**schema, "type": k}, indent) for k in kind)
    if kind == "string":
        return "string"
    if kind in ("integer", "number"):
        return "number"
    if kind == "boolean":
        return "boolean"
    if kind == "null":
        return "null"
    if kind == "array":
        items = schema.get("items", {})
        if "prefixItems" in schema:
            return "[" + ", ".join(ts_type(s, indent) for s in schema["prefixItems"]) + "]"
        return f"{_wrap(ts_type(items, indent))}[]"
    if kind == "object" or "properties" in schema:
        return _object(schema, indent)
    return "any"


def _doc(schema: Schema) -> str | None:
    text = schema.get("description")
    if not text:
        return None
    return " ".join(str(text).split()).replace("*/", "* /")


def _object(schema: Schema, indent: str) -> str:
    props: dict[str, Schema] = schema.get("properties", {})
    extra = schema.get("additionalProperties", not props)
    if not props:
        return "JsonObject" if extra is True else f"{{ [key: string]: {ts_type(extra, indent)} }}"
    return "{\n" + _members(schema, indent + "  ") + indent + "}"


def _members(schema: Schema, indent: str) -> str:
    props: dict[str, Schema] = schema.get("properties", {})
    required = set(schema.get("required", []))
    lines: list[str] = []
    for name, sub in props.items():
        doc = _doc(sub)
        if doc:
            lines.append(f"{indent}/** {doc} */")
        optional = "" if name in required else "?"
        lines.append(f"{indent}{_key(name)}{optional}: {ts_type(sub, indent)};")
    extra = schema.get("additionalProperties", False)
    if extra not in (False, None):
        lines.append(f"{indent}[key: string]: {ts_type(extra, indent)};")
    return "".join(line + "\n" for line in lines)


def _declaration(name: str, schema: Schema) -> str:
    head = ""
    doc = _doc(schema)
    if doc:
        head = f"/** {doc} */\n"
    if "properties" in schema:
        return f"{head}export interface {name} {{\n{_members(schema, '  ')}}}\n"
    return f"{head}export type {name} = {ts_type(schema)};\n"


def _json_schema(content: Schema | None) -> Schema | None:
    if not content or "application/json" not in content or len(content) > 1:
        return None  # no JSON, or JSON beside another kind (an SVG, a sheet's HTML): FastAPI's default entry
    schema = content["application/json"].get("schema")
    return schema if isinstance(schema, dict) else {}


# Answers the OpenAPI leaves as "an object" whose shape mnm.server.shapes writes down (tests/server/test_view_shapes.py
# validates real answers against them).
ANSWERS = {
    "GET /api/catalog": "Catalog",
    "POST /api/tables": "Created",
    "GET /api/tables/{table_id}": "{ you: You; view: TableView }",
    "GET /api/tables/{table_id}/board": "BoardGeometry",
}


def _endpoint(op: Schema) -> tuple[str, str] | None:
    """(body, answer) types of one operation; None when it answers no JSON (an SVG, a sheet's HTML)."""
    answer: str | None = None
    for status, response in sorted(op.get("responses", {}).items()):
        if str(status).startswith("2"):
            schema = _json_schema(response.get("content"))
            if schema is not None:
                answer = ts_type(schema, "    ")
                break
    if answer is None:
        return None
    body_schema = _json_schema(op.get("requestBody", {}).get("content"))
    body = ts_type(body_schema, "    ") if body_schema is not None else "undefined"
    return body, answer


def generate(spec: Schema) -> str:
    """The whole .d.ts file for one OpenAPI document."""
    out = [
        "// Generated by scripts/gen_web_types.py from the server's OpenAPI schema (mnm.server.app.create_app):",
        "// do not edit; run `python scripts/gen_web_types.py` after changing a request model or an error code.",
        "// tests/test_web_checks.py fails when this file and the schema disagree.",
        "",
        "/** A JSON object the server declares no more of. */",
        "export type JsonObject = { [key: string]: any };",
        "",
    ]
    for name, schema in sorted(spec.get("components", {}).get("schemas", {}).items()):
        out.append(_declaration(name, schema))
    out.append("/** Every JSON route, keyed by method and path: its request body and its answer. */")
    out.append("export interface Endpoints {")
    for path, ops in sorted(spec.get("paths", {}).items()):
        for method in METHODS:
            if method not in ops:
                continue
            shapes = _endpoint(ops[method])
            if shapes is None:
                continue
            body, answer = shapes
            answer = ANSWERS.get(f"{method.upper()} {path}", answer)
            out.append(f'  "{method.upper()} {path}": {{ body: {body}; answer: {answer} }};')
    out.append("}")
    out.append("")
    out.append("/** The request body of a route. */")
    out.append('export type Body<K extends keyof Endpoints> = Endpoints[K]["body"];')
    out.append("/** The answer of a route. */")
    out.append('export type Reply<K extends keyof Endpoints> = Endpoints[K]["answer"];')
    return "\n".join(out) + "\n"


def server_spec() -> Schema:
    """The server's OpenAPI document, with the shapes of mnm.server.shapes among its schemas."""
    from pydantic import TypeAdapter

    from mnm.server.app import create_app
    from mnm.server.shapes import SHAPES

    spec: Schema = create_app("sqlite://").openapi()
    schemas: Schema = spec.setdefault("components", {}).setdefault("schemas", {})
    for shape in SHAPES:
        one = TypeAdapter(shape).json_schema(ref_template="#/components/schemas/{model}")
        for name, sub in {**one.pop("$defs", {}), shape.__name__: one}.items():
            assert schemas.get(name, sub) == sub, f"two schemas named {name}"
            schemas[name] = sub
    return spec


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--check", action="store_true", help="exit 1 if the committed file differs")
    args = parser.parse_args(argv)
    text = generate(server_spec())
    if args.check:
        current = TARGET.read_text(encoding="utf-8") if TARGET.exists() else ""
        if current != text:
            print(f"{TARGET.relative_to(ROOT)} is stale: run python scripts/gen_web_types.py", file=sys.stderr)
            return 1
        return 0
    TARGET.write_text(text, encoding="utf-8")
    print(f"wrote {TARGET.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
