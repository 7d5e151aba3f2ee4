"""Chapter files generated from the chapter language's own grammar (issue 29, item 3): every file is either refused,
each problem one line carrying its YAML line, or it plays: 20 heuristic bot games end with no exception and none
unfinished (the hourglass ends every game: Time is Short fills the wheel each round, and the end marker stays on
the track).

The strategies are built from the pydantic models and the vocabulary enums (a new word or parameter is drawn at
once); the values of fields that name things (minions, spaces, sides, counters...) are drawn mostly from what the
base chapter has, so that many files pass the checks and get played. ``MNM_GRAMMAR_EXAMPLES`` sets how many files
(6 here; more locally).
"""

from __future__ import annotations

import os
import types
import typing
from enum import Enum
from pathlib import Path
from typing import Any

import annotated_types
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import BaseModel

from mnm.chapter_language import TRIGGER_FILTERS, ChapterRule, Condition, Effect, Trigger, Where
from mnm.chapters.file import read_chapter_text, validate_chapter_text
from mnm.sim.simulate import GameSpec, play_game

ROOT = Path(__file__).resolve().parents[2]
BASE = yaml.safe_load((ROOT / "examples" / "chapters" / "kitchen-run.yaml").read_text(encoding="utf-8"))
EXAMPLES = int(os.environ.get("MNM_GRAMMAR_EXAMPLES", "6"))
GAMES = 20
PARTY = ("collin", "tilda", "filch", "maginos")
DEPTH = 2  # conditions and rolls nest at most this deep

SPACES = [f"{side}:{n}" for side in (4, 5) for n in range(1, 16)] + ["3:1", "9:99"]
NAMED: dict[str, st.SearchStrategy[Any]] = {
    "minion": st.sampled_from(["rat-warrior", "roach", "captain-vurst", "spider", "cave-bat", "nobody"]),
    "side": st.sampled_from([4, 5, 5, 3, 6, 99]),
    "token": st.sampled_from(["relic", "gem", "fishhook", "leaf-1"]),
    "name": st.sampled_from(["alarm", "noise", "rain", "hesster", "rules_fired", "bees"]),
    "moment": st.sampled_from(["opening", "tunnels", "missing"]),
    "card": st.sampled_from(["fishhook-and-thread", "no-such-card"]),
    "achievement": st.sampled_from(["miz-maggie-ally", "gone"]),
    "page": st.integers(1, 12),
    "why": st.just("chapter roll"),
    "source": st.just("chapter"),
    "reason": st.just({"en": "shut", "pt": "fechada"}),
    "event": st.none(),
}
SPACE = st.sampled_from(SPACES)


def _bounds(metadata: list[Any]) -> tuple[int, int]:
    low, high = -3, 12
    for m in metadata:
        low = m.ge if isinstance(m, annotated_types.Ge) else m.gt + 1 if isinstance(m, annotated_types.Gt) else low
        high = m.le if isinstance(m, annotated_types.Le) else m.lt - 1 if isinstance(m, annotated_types.Lt) else high
    return low, max(low, min(high, low + 20))


def for_annotation(annotation: Any, metadata: list[Any], name: str, depth: int) -> st.SearchStrategy[Any]:
    """A strategy for one field's type, as the YAML writes it."""
    if name in NAMED:
        return NAMED[name]
    if name in ("space", "toward"):
        return SPACE
    origin = typing.get_origin(annotation)
    args = typing.get_args(annotation)
    if origin is typing.Annotated:
        return for_annotation(args[0], [*metadata, *args[1:]], name, depth)
    if origin in (typing.Union, types.UnionType):
        options = [for_annotation(a, metadata, name, depth) for a in args if a is not type(None)]
        return st.one_of(options)
    if origin is typing.Literal:
        return st.sampled_from(list(args))
    if origin is tuple:
        if name == "spaces":
            return st.lists(SPACE, min_size=1, max_size=2).map(tuple)
        return st.lists(for_annotation(args[0], [], name, depth + 1), max_size=2 if depth < DEPTH else 0).map(tuple)
    if origin is dict:
        return st.just({})
    if annotation is bool:
        return st.booleans()
    if annotation is int:
        return st.integers(*_bounds(metadata))
    if annotation is str:
        return st.sampled_from(["x", "chapter"])
    if isinstance(annotation, type) and issubclass(annotation, Enum):
        return st.sampled_from([m.value for m in annotation])
    if annotation is Condition:
        return condition(depth)
    if annotation is Effect:
        return effect(depth)
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return model(annotation, depth)
    raise AssertionError(f"the grammar strategy does not know the type {annotation!r} (field {name}): add it")


def model(cls: type[BaseModel], depth: int, only: tuple[str, ...] | None = None) -> st.SearchStrategy[dict[str, Any]]:
    """A mapping for a pydantic model: its required fields, and some of its optional ones."""
    required: dict[str, st.SearchStrategy[Any]] = {}
    optional: dict[str, st.SearchStrategy[Any]] = {}
    for name, f in cls.model_fields.items():
        if only is not None and name not in only:
            continue
        key = f.alias or name
        strategy = for_annotation(f.annotation, list(f.metadata), name, depth)
        (required if f.is_required() else optional)[key] = strategy
    return st.fixed_dictionaries(required, optional=optional)  # type: ignore[arg-type]


def _one_key(cls: type[BaseModel], depth: int) -> st.SearchStrategy[dict[str, Any]]:
    """One word of a vocabulary written as a one-key mapping (``{kind: {parameters}}``)."""
    choices = []
    for name, f in cls.model_fields.items():
        key = f.alias or name
        if depth >= DEPTH and key in ("any", "all", "not", "roll", "choose"):  # choose nests effects (issue 30)
            continue
        value = for_annotation(f.annotation, list(f.metadata), key, depth + 1)
        if key == "announce":
            value = st.just({"event": {"name": "cellar_cat_fed"}})
        choices.append(value.map(lambda v, k=key: {k: v}))
    return st.one_of(choices)


def condition(depth: int = 0) -> st.SearchStrategy[dict[str, Any]]:
    return _one_key(Condition, depth)


def effect(depth: int = 0) -> st.SearchStrategy[dict[str, Any]]:
    return _one_key(Effect, depth)


@st.composite
def rule(draw: st.DrawFn) -> dict[str, Any]:
    trigger = draw(st.sampled_from(list(Trigger)))
    filters = draw(st.lists(st.sampled_from(TRIGGER_FILTERS[trigger] or ("side",)), unique=True, max_size=2))
    out: dict[str, Any] = {
        "id": draw(st.sampled_from(["r1", "r2", "r3", "r4"])),  # sometimes twice
        "when": trigger.value,
        "do": draw(st.lists(effect(), min_size=1, max_size=3)),
    }
    where = draw(model(Where, 0, tuple(filters)))
    if where:
        out["where"] = where
    conditions = draw(st.lists(condition(), max_size=2))
    if conditions:
        out["if"] = conditions
    if draw(st.booleans()):
        out["once"] = True
    assert set(out) <= {f.alias or n for n, f in ChapterRule.model_fields.items()}
    return out


class _NoAliases(yaml.SafeDumper):
    """Writes a value drawn twice out twice (a chapter file may not hold YAML aliases)."""

    def ignore_aliases(self, data: Any) -> bool:
        return True


@st.composite
def chapter_file(draw: st.DrawFn) -> str:
    data = {k: v for k, v in BASE.items() if k not in ("rules", "rooms", "victory", "defeat")}
    data["setup"] = dict(BASE["setup"], party_size=draw(st.sampled_from([1, 2, 4])))
    data["victory"] = draw(st.lists(condition(), min_size=1, max_size=3))
    defeat = draw(st.lists(condition(), max_size=1))
    if defeat:
        data["defeat"] = defeat
    data["rules"] = draw(st.lists(rule(), max_size=4))
    return yaml.dump(data, Dumper=_NoAliases, allow_unicode=True, sort_keys=False)


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
@given(text=chapter_file())
def test_a_generated_chapter_file_is_refused_in_lines_or_plays_to_its_end(text: str) -> None:
    problems = validate_chapter_text(text, "generated.yaml")
    if problems:
        for p in problems:
            assert "\n" not in p.text("en") and "\n" not in p.text("pt"), p.text()
            assert p.en and p.pt
            assert p.line is not None or not p.field, p.to_json()
        return
    content = read_chapter_text(text, "generated.yaml")
    chapter = content.chapters[BASE["id"]]
    party = PARTY[: chapter.party_size]
    for seed in range(GAMES):
        record = play_game(GameSpec(chapter.id, party, "heuristic", seed), content, max_decisions=5_000)
        assert record["status"] in ("won", "lost"), (seed, record["outcome"], record["decisions"])
