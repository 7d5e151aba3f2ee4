"""JSON Schema files for content authors (``mnm content schema``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from mnm.content.schema import (
    SETUP_FIELDS,
    AbilityCard,
    Chapter,
    Die,
    EncounterCard,
    Hero,
    Minion,
    SearchCard,
    TileSide,
)

__all__ = ["write_schemas"]

# file kind -> (model, whether the file is a mapping of entries by id)
_KINDS: dict[str, tuple[type[BaseModel], bool]] = {
    "die": (Die, False),
    "heroes": (Hero, True),
    "minions": (Minion, True),
    "search-cards": (SearchCard, True),
    "ability-cards": (AbilityCard, True),
    "encounter-cards": (EncounterCard, True),
    "tile-side": (TileSide, False),
    "chapter": (Chapter, False),
}


def write_schemas(out: Path) -> list[Path]:
    """Write one ``<kind>.schema.json`` per content kind into ``out``; return the paths written."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for kind, (model, by_id) in _KINDS.items():
        schema = model.model_json_schema()
        if model is Chapter:
            schema = _nest_setup(schema)
        if by_id:
            defs = schema.pop("$defs", {})
            entry = dict(schema)
            entry.get("required", []).remove("id") if "id" in entry.get("required", []) else None
            schema = {"type": "object", "additionalProperties": entry, "$defs": defs}
        schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
        schema["title"] = f"Mice and Mystics {kind}"
        path = out / f"{kind}.schema.json"
        path.write_text(json.dumps(schema, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        written.append(path)
    return written


def _nest_setup(schema: dict[str, Any]) -> dict[str, Any]:
    """A chapter file writes its setup fields under ``setup:`` (the model keeps them flat): say so to editors."""
    props = schema["properties"]
    required = schema.get("required", [])
    setup = {
        "type": "object",
        "description": "the storybook's Setup section",
        "properties": {k: props.pop(k) for k in SETUP_FIELDS if k in props},
        "required": [k for k in required if k in SETUP_FIELDS],
        "additionalProperties": False,
    }
    props["setup"] = setup
    schema["required"] = [k for k in required if k not in SETUP_FIELDS] + ["setup"]
    return schema
