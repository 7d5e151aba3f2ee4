"""The chapter language's vocabulary as the workshop's rule forms need it: every trigger, condition and effect
with its sentence in English and Portuguese (:func:`mnm.chapter_language.sentence`) and the fields of
its parameters, read from the pydantic models themselves so the forms cannot drift from the language."""

from __future__ import annotations

import re
import types
import typing
from enum import Enum
from typing import Any

from pydantic import BaseModel
from pydantic.fields import FieldInfo

from mnm.chapter_language import (
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
        if args and all(a is int for a in args) and Ellipsis not in args:
            return {"type": "ints", "size": len(args)}  # a place on the table: [x, y]
        if inner is str and (name == "spaces" or "side:space" in str(info.description or "") or "\\d+:\\d+" in str(typing.get_args(inner))):
            return {"type": "spaces"}
        if typing.get_origin(inner) is typing.Annotated and "pattern" in str(typing.get_args(inner)[1:]):
            return {"type": "spaces"} if "d+:" in str(typing.get_args(inner)[1:]) else {"type": "names"}
        if isinstance(inner, type) and issubclass(inner, Enum):
            return {"type": "names", "choices": [m.value for m in inner]}
        if typing.get_origin(inner) is typing.Literal:
            return {"type": "names", "choices": list(typing.get_args(inner))}
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
        en, pt = (_plain_words(x) for x in sentence(kind))  # type: ignore[arg-type]
        old = kind.value in OLD_WORDS
        out.append({"id": kind.value, "en": en, "pt": pt, "old": old, "params": params, "form": params is not None, "fields": schema})
    return out


OLD_WORDS = frozenset({"announce", "start_rain", "nightfall", "olga_charges", "raining"})
"""Words kept for files written before their newer form (issue 46): a form shows them where a file has them and
never offers them for a new condition or effect (``announce`` cannot be completed in a form at all)."""

_RULE_NOTE = re.compile(r"\s*\((?:[^()]*\b(?:R-[A-Z]+-\d+|old word|palavra antiga)\b[^()]*)\)")
_INLINE_RULE = re.compile(r"\s*\bR-[A-Z]+-\d+\b;?\s*")


def _plain_words(text: str) -> str:
    """A sentence as the designer reads it: no rulebook rule IDs and no "(old word: ...)" notes (issue 46)."""
    return _INLINE_RULE.sub(" ", _RULE_NOTE.sub("", text)).replace(" )", ")").replace("( ", "(").strip()


# the chapter's sections a form edits beyond setup, story, victory, defeat and rules (issue 46): with the path
# each lives at in the file (setup's own fields are nested under ``setup:``)
_MORE_TOP = ("next_chapter", "source", "note")
_MORE_SETUP = ("special_searches", "special_surges", "party_items", "helpers", "rain")


def _chapter_fields(names: tuple[str, ...], under: str) -> list[dict[str, Any]]:
    from mnm.content.schema import Chapter

    out = []
    for f in _fields(Chapter):
        if f["name"] in names:
            out.append({**f, "path": f"{under}{f['name']}"})
    return sorted(out, key=lambda f: names.index(f["name"]))


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
            # issue 46: every other section of the file, so that nothing is only in the text
            "more": {
                "en": "More of the chapter",
                "pt": "Mais do capítulo",
                "fields": _chapter_fields(_MORE_SETUP, "setup.") + _chapter_fields(_MORE_TOP, ""),
            },
        },
        "tokens": [{"id": token, "en": en, "pt": pt} for token, (en, pt) in TOKENS.items()],
        "reserved": sorted(RESERVED_NAMES),
    }
