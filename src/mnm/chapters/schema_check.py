"""Stage 3 of reading a chapter file (:mod:`mnm.chapters.file`): the content's pydantic
:class:`~mnm.content.schema.Chapter`. Every key must be a field name (YAML 1.1 reads ``on:`` as true), an unknown
field gets the one it most likely means, and pydantic's errors are said in English and Portuguese."""

from __future__ import annotations

import difflib
import typing
from typing import Any, Final

from pydantic import BaseModel, ValidationError

from mnm.chapters.problems import PT_BY_TYPE, Collector, short
from mnm.content.loader import MESSAGES
from mnm.content.schema import SETUP_FIELDS, Chapter, FieldError

# --- stage 3: the schema -----------------------------------------------------------------------------------


def read_schema(data: dict[str, Any], out: Collector) -> Chapter | None:
    try:
        return Chapter.model_validate(data)
    except ValidationError as err:
        for e in err.errors():
            path = ".".join(str(p) for p in e["loc"])
            ctx = dict(e.get("ctx") or {})
            cause = ctx.get("error")
            if isinstance(cause, FieldError):
                path = f"{path}.{cause.field}" if path else cause.field
                out.add(path, str(cause), cause.pt or None)
                continue
            if e["type"] == "extra_forbidden":
                key = str(e["loc"][-1])
                guess = _did_you_mean(key, _fields_at(e["loc"][:-1]))
                out.add(
                    path,
                    "is not a known field" + (f": did you mean {guess!r}?" if guess else ""),
                    "não é um campo conhecido" + (f": você quis dizer {guess!r}?" if guess else ""),
                )
                continue
            render = MESSAGES.get(e["type"])
            en = render(ctx, e.get("input")) if render is not None else e["msg"].removeprefix("Value error, ")
            pt_template = PT_BY_TYPE.get(e["type"])
            pt = pt_template.format(**{**ctx, "got": short(e.get("input"))}) if pt_template is not None else None
            out.add(path, en, pt)
        return None


_SYNONYMS: Final[dict[str, str]] = {"on": "when", "trigger": "when", "then": "do", "effects": "do", "conditions": "if"}
_YAML_BOOLEANS: Final = ("on", "On", "ON", "off", "Off", "OFF", "yes", "Yes", "YES", "no", "No", "NO", "y", "Y", "n", "N")


def _did_you_mean(key: str, known: list[str]) -> str:
    """The known field a mistyped or misremembered ``key`` most likely means ('' when none is close)."""
    synonym = _SYNONYMS.get(key.lower())
    if synonym is not None and (not known or synonym in known):
        return synonym
    close = difflib.get_close_matches(key, known, n=1, cutoff=0.6)
    return close[0] if close else ""


def _annotation_models(annotation: Any) -> list[type[BaseModel]]:
    """The pydantic models a field's type holds (inside Optional, tuples and dicts)."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [annotation]
    return [m for arg in typing.get_args(annotation) for m in _annotation_models(arg)]


def _fields_at(loc: tuple[Any, ...]) -> list[str]:
    """The field names (as written) of the model at a validation error's location in a chapter file."""
    models: list[type[BaseModel]] = [Chapter]
    for part in loc:
        if isinstance(part, int):
            continue  # an item of a list: the same model
        found: list[type[BaseModel]] = []
        for model in models:
            for name, f in model.model_fields.items():
                if part in (name, f.alias):
                    found += _annotation_models(f.annotation)
        if not found:
            return _ALL_FIELDS
        models = found
    return sorted({f.alias or name for m in models for name, f in m.model_fields.items()})


def _all_fields() -> list[str]:
    seen: set[type[BaseModel]] = set()
    todo: list[type[BaseModel]] = [Chapter]
    while todo:
        model = todo.pop()
        if model in seen:
            continue
        seen.add(model)
        for f in model.model_fields.values():
            todo += _annotation_models(f.annotation)
    return sorted({f.alias or name for m in seen for name, f in m.model_fields.items()} | set(SETUP_FIELDS) | {"setup"})


_ALL_FIELDS: Final = _all_fields()


def check_keys(data: Any, out: Collector) -> None:
    """Every key a field name (text): YAML 1.1 reads ``on:``, ``yes:``, ``no:`` as true or false, so a rule that
    writes ``on:`` for ``when:`` is told so, with the word it meant."""
    stack: list[tuple[Any, str, tuple[Any, ...]]] = [(data, "", ())]
    while stack:
        value, path, loc = stack.pop()
        if isinstance(value, list):
            stack += [(item, f"{path}.{i}" if path else str(i), (*loc, i)) for i, item in enumerate(value)]
        elif isinstance(value, dict):
            for key, item in value.items():
                if isinstance(key, str):
                    stack.append((item, f"{path}.{key}" if path else key, (*loc, key)))
                    continue
                prefix = f"{path}." if path else ""
                spelled = next((w for w in _YAML_BOOLEANS if f"{prefix}{w}" in out.lines), str(key).lower())
                guess = _did_you_mean(spelled, _fields_at(_schema_loc(loc)))
                also_en = f": did you mean {guess!r}?" if guess else ""
                also_pt = f": você quis dizer {guess!r}?" if guess else ""
                out.add(
                    f"{prefix}{spelled}",
                        f"{spelled!r} is read by YAML as {_yaml_word(key)}, not as a field name{also_en}",
                    f"{spelled!r} é lido pelo YAML como {_yaml_word(key)}, não como nome de campo{also_pt}",
                )


def _yaml_word(key: Any) -> str:
    return "true" if key is True else "false" if key is False else "null" if key is None else repr(key)


def _schema_loc(loc: tuple[Any, ...]) -> tuple[Any, ...]:
    """A file's path as the flat model reads it (the setup fields are the chapter's own)."""
    return loc[1:] if loc[:1] == ("setup",) else loc


