"""The chapter language: a chapter's special rules as typed data, its words' sentences and reference doc (issue 22).

A rule is *trigger -> conditions -> effects*::

    - id: old-crow
      rule: R-BATTLE-14
      when: movement_roll        # the trigger (Trigger); not ``on``: YAML 1.1 reads ``on`` as true
      where: {number: 1, side: 1}  # the trigger's own filters (TRIGGER_FILTERS says which it takes)
      if: [{not: {figure: {spaces: ["1:16"]}}}]   # conditions (Condition): all must hold
      do: [{wound: {who: figure, amount: 1, blockable: false}}]  # effects (Effect), in order
      once: false                # true: the rule fires at most once per game

Every vocabulary word is a StrEnum member; conditions and effects are written as one-key mappings
(``{kind: {parameters}}``) whose parameters are pydantic models, so an unknown word or parameter is refused
when content loads, naming file, entry and field. Each word has its sentence in English and Portuguese
(:data:`SENTENCES`), used by the generated reference in docs/chapters.md (:mod:`mnm.chapter_language.doc`).

This package is the lowest floor of the house: the content schema (a chapter's rules are content) and the
engine's interpreter (:mod:`mnm.engine.rules.chapter_rules`) import it; it imports nothing of ``mnm`` but itself.
Reading a chapter file, checking it against the board and the rule graph live above, in :mod:`mnm.chapters`.

Its modules, bottom up: ``field_error`` (the shared :class:`FieldError`), ``words`` (the closed vocabularies and
each trigger's filters and subjects), ``conditions``, ``effects``, ``rules`` (rules, actions, items, room rules
and the checks of effects against triggers), ``sentences`` (each word's sentence, tokens, reserved names) and
``doc`` (the generated reference; not imported here). This ``__init__`` is the language's front door: every
name below, so importers need not know which module holds a word.
"""

from __future__ import annotations

from mnm.chapter_language.conditions import Condition, Select
from mnm.chapter_language.effects import Effect, EventSpec, walk_effects
from mnm.chapter_language.field_error import FieldError
from mnm.chapter_language.rules import (
    AFTER_THE_END,
    ENGINE_TOKEN_KINDS,
    ActionWhere,
    ChapterAction,
    ChapterItem,
    ChapterRule,
    RoomRules,
    effect_needs,
    effect_problem,
    engine_token,
    gate_reason,
)
from mnm.chapter_language.sentences import RESERVED_NAMES, SENTENCES, TOKENS, file_texts, sentence
from mnm.chapter_language.words import (
    COUNTER_LIMIT,
    END_MARKER_PAGES,
    SUBJECT_WORDS,
    TRIGGER_FILTERS,
    TRIGGER_SUBJECTS,
    Compare,
    ConditionKind,
    EffectKind,
    Subject,
    Trigger,
    Where,
    Who,
)

__all__ = [
    "AFTER_THE_END",
    "COUNTER_LIMIT",
    "END_MARKER_PAGES",
    "ENGINE_TOKEN_KINDS",
    "RESERVED_NAMES",
    "SENTENCES",
    "SUBJECT_WORDS",
    "TOKENS",
    "TRIGGER_FILTERS",
    "TRIGGER_SUBJECTS",
    "ActionWhere",
    "ChapterAction",
    "ChapterItem",
    "ChapterRule",
    "Compare",
    "Condition",
    "ConditionKind",
    "Effect",
    "EffectKind",
    "EventSpec",
    "FieldError",
    "RoomRules",
    "Select",
    "Subject",
    "Trigger",
    "Where",
    "Who",
    "effect_needs",
    "effect_problem",
    "engine_token",
    "file_texts",
    "gate_reason",
    "sentence",
    "walk_effects",
]
