"""The chapter language's vocabulary as the workshop's rule forms need it: every trigger, condition and effect
with its sentence in English and Portuguese (:func:`mnm.chapters.language.sentence`) and the fields of
its parameters, read from the pydantic models themselves so the forms cannot drift from the language."""

from __future__ import annotations

import types
import typing
from enum import Enum
from typing import Any

from pydantic import BaseModel
from pydantic.fields import FieldInfo

from mnm.chapters.language import (
    RESERVED_NAMES,
    TOKENS,
    TRIGGER_FILTERS,
    ChapterAction,
    ChapterItem,
    Condition,
    ConditionKind,
    Effect,
    EffectKind,
    Trigger,
    Where,
    sentence,
)
from mnm.content.schema import NamedPlacement

__all__ = ["vocabulary"]

_SKIP = {"event"}  # an effect's event override: written in the file, not in the form


def _kind_of(name: str, info: FieldInfo) -> dict[str, Any] | None:
    """A form field for one parameter; None for what the form leaves to the text (nested conditions/effects)."""
    ann = info.annotation
    origin = typing.get_origin(ann)
    args = [a for a in typing.get_args(ann) if a is not type(None)]
    if origin in (typing.Union, types.UnionType) and len(args) == 1:
        ann, origin, args = args[0], typing.get_origin(args[0]), list(typing.get_args(args[0]))
    metadata = " ".join(str(m) for m in info.metadata)
    if origin is tuple:
        inner = args[0] if args else str
        if inner is str and (name == "spaces" or "side:space" in str(info.description or "") or "\\d+:\\d+" in str(typing.get_args(inner))):
            return {"type": "spaces"}
        if typing.get_origin(inner) is typing.Annotated and "pattern" in str(typing.get_args(inner)[1:]):
            return {"type": "spaces"}
        return None
    if typing.get_origin(ann) is typing.Annotated:
        return {"type": "space" if "\\d+:\\d+" in str(typing.get_args(ann)) else "text"}
    if isinstance(ann, type) and issubclass(ann, Enum):
        return {"type": "choice", "choices": [m.value for m in ann]}
    if origin is typing.Literal:
        return {"type": "choice", "choices": list(args)}
    if origin in (typing.Union, types.UnionType):
        choices: list[Any] = []
        for a in args:
            if isinstance(a, type) and issubclass(a, Enum):
                choices += [m.value for m in a]
            elif typing.get_origin(a) is typing.Literal:
                choices += list(typing.get_args(a))
            elif a is int:
                return {"type": "int"}
        return {"type": "choice", "choices": choices} if choices else None
    if ann is bool:
        return {"type": "bool"}
    if ann is int:
        return {"type": "side" if name == "side" else "int"}
    if ann is str:
        return {"type": "space" if "pattern" in metadata and ":" in metadata else "text"}
    if isinstance(ann, type) and issubclass(ann, BaseModel):
        return {"type": "text2"} if set(ann.model_fields) == {"en", "pt"} else None
    return None


def _params(model: Any) -> list[dict[str, Any]] | None:
    out = []
    for field_name, info in model.model_fields.items():
        if field_name in _SKIP:
            continue
        name = info.alias or field_name
        kind = _kind_of(name, info)
        if kind is None:
            return None  # a word the form cannot fill (it nests conditions or effects): the text editor writes it
        default = None if info.is_required() else info.get_default(call_default_factory=True)
        if isinstance(default, Enum):
            default = default.value
        if isinstance(default, tuple):
            default = list(default)
        out.append({"name": name, **kind, "required": info.is_required(), "default": default, "doc": info.description or ""})
    return out


def _nested(ann: Any, depth: int = 0) -> dict[str, Any]:
    """Any parameter's form description, nested ones too (issue 30): ``group`` (a model's fields, e.g. a figure
    selector), ``list`` (of a group), ``conditions`` or ``effects`` (a nested list of words), or a plain field as
    :func:`_kind_of` describes it. The page renders what it knows and leaves the rest to the text editor."""
    origin = typing.get_origin(ann)
    args = [a for a in typing.get_args(ann) if a is not type(None)]
    if origin in (typing.Union, types.UnionType) and len(args) == 1:
        return _nested(args[0], depth)
    if origin is tuple and args:
        inner = args[0]
        name = getattr(inner, "__name__", str(inner))
        if name in ("Effect", "Condition") or inner in ("Effect", "Condition"):
            return {"type": "effects" if "Effect" in str(inner) else "conditions"}
        if isinstance(inner, type) and issubclass(inner, BaseModel):
            return {"type": "list", "of": _fields(inner, depth + 1)}
    if isinstance(ann, type) and issubclass(ann, BaseModel) and set(ann.model_fields) != {"en", "pt"}:
        return {"type": "group", "fields": _fields(ann, depth + 1)}
    if "ForwardRef('Effect')" in str(ann) or str(ann) == "Effect":
        return {"type": "effects"}
    if "Condition" in str(ann) and "tuple" in str(ann):
        return {"type": "conditions"}
    info = FieldInfo.from_annotation(ann)
    return _kind_of("", info) or {"type": "text"}


def _fields(model: type[BaseModel], depth: int = 0) -> list[dict[str, Any]]:
    """Every field of ``model`` (nested ones described by :func:`_nested`)."""
    out = []
    for field_name, info in model.model_fields.items():
        if field_name in _SKIP:
            continue
        name = info.alias or field_name
        kind = _kind_of(name, info) if depth < 4 else None
        if kind is None:
            kind = _nested(info.annotation, depth) if depth < 4 else {"type": "text"}
        default = None if info.is_required() else info.get_default(call_default_factory=True)
        if isinstance(default, Enum):
            default = default.value
        if isinstance(default, tuple):
            default = list(default)
        if isinstance(default, BaseModel):
            default = default.model_dump(mode="json", exclude_defaults=True)
        out.append({"name": name, **kind, "required": info.is_required(), "default": default, "doc": info.description or ""})
    return out


def _words(container: type[BaseModel], kinds: type[Enum]) -> list[dict[str, Any]]:
    out = []
    for kind in kinds:
        field = container.model_fields["not_" if kind.value == "not" else kind.value]
        args = [a for a in typing.get_args(field.annotation) if a is not type(None)]
        model = args[0] if args else None
        params = _params(model) if isinstance(model, type) and issubclass(model, BaseModel) else None
        if isinstance(model, type) and issubclass(model, BaseModel):
            schema = _fields(model)
        else:  # any, all (a list of conditions), not (one condition)
            schema = [{"name": kind.value, "type": "conditions", "required": True, "default": None, "doc": ""}]
        en, pt = sentence(kind)  # type: ignore[arg-type]
        out.append({"id": kind.value, "en": en, "pt": pt, "params": params, "form": params is not None, "fields": schema})
    return out


def vocabulary() -> dict[str, Any]:
    """Triggers (with the filters each takes), conditions and effects, each with its sentence and fields."""
    where = {f["name"]: f for f in (_params(Where) or [])}
    return {
        "triggers": [
            {
                "id": t.value,
                "en": sentence(t)[0],
                "pt": sentence(t)[1],
                "filters": [where[name] for name in TRIGGER_FILTERS[t] if name in where],
            }
            for t in Trigger
        ],
        "conditions": _words(Condition, ConditionKind),
        "effects": _words(Effect, EffectKind),
        # issue 30: the sections a chapter file adds beside its rules, with their forms
        "sections": {
            "actions": {"en": "Chapter actions", "pt": "Ações do capítulo", "fields": _fields(ChapterAction)},
            "items": {"en": "Chapter items", "pt": "Itens do capítulo", "fields": _fields(ChapterItem)},
            "placements": {"en": "Minions on named spaces", "pt": "Lacaios em espaços nomeados", "fields": _fields(NamedPlacement)},
        },
        "tokens": [{"id": token, "en": en, "pt": pt} for token, (en, pt) in TOKENS.items()],
        "reserved": sorted(RESERVED_NAMES),
    }
