"""A chapter's rules, actions, items and room rules, built of the words, conditions and effects below them; and
the checks of a rule's effects against its trigger (what an effect needs that the trigger must give, what a
``chapter_won`` rule may still do, where a gate works)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from pydantic import Field, model_validator

from mnm.chapter_language.conditions import Condition, Select
from mnm.chapter_language.effects import Effect, walk_effects
from mnm.chapter_language.field_error import FieldError
from mnm.chapter_language.words import (
    SUBJECT_WORDS,
    TRIGGER_FILTERS,
    TRIGGER_SUBJECTS,
    EffectKind,
    Ident,
    SpaceId,
    Strict,
    Subject,
    Text,
    Trigger,
    Where,
    Who,
)


class ChapterRule(Strict):
    """A chapter special rule: when trigger ``when`` fires and passes ``where``, if every ``if`` holds, do ``do``."""

    id: Ident = Field(description="names the rule in events and docs")
    rule: str = Field(default="", pattern=r"^$|^R-[A-Z]+-\d+$", description="the rulebook rule ID its events carry")
    when: Trigger
    where: Where = Where()
    if_: tuple[Condition, ...] = Field(default=(), alias="if")
    do: tuple[Effect, ...] = ()
    once: bool = Field(default=False, description="fires at most once per game")
    enabled: bool = Field(default=True, description="false: off until an enable_rule effect turns it on")
    text: Text | None = Field(default=None, description="the rule as the storybook would say it (for players)")

    @model_validator(mode="after")
    def _filters_fit_trigger(self) -> ChapterRule:
        if not self.do:
            raise ValueError("a rule needs at least one effect (do)")
        allowed = TRIGGER_FILTERS[self.when]
        for name in self.where.model_fields_set:
            if name not in allowed:
                takes = ", ".join(allowed) or "no filters"
                raise FieldError(f"where.{name}", f"is not a filter of trigger {self.when.value!r} (it takes: {takes})")
        problem = effect_problem(self.when, self.do, "do", top=True)
        if problem is not None:
            raise FieldError(*problem)
        return self


class ActionWhere(Strict):
    """Where a mouse must stand to take a chapter action (any space when both are left out)."""

    side: int | None = Field(default=None, description="on this tile side")
    spaces: tuple[SpaceId, ...] = Field(default=(), description="on one of these spaces")


class ChapterAction(Strict):
    """A chapter action: something a mouse may choose to do with its action in its turn (an option listed with
    its text, ``act <mouse> <id>``), where ``where`` and every ``if`` hold; then ``do`` runs (a ``roll`` effect
    gives it a test)."""

    id: Ident = Field(description="the action's id (act <mouse> <id>)")
    text: Text = Field(description="the option as the players read it, e.g. Pull the lever")
    rule: str = Field(default="", pattern=r"^$|^R-[A-Z]+-\d+$", description="the rulebook rule ID its events carry")
    where: ActionWhere = ActionWhere()
    if_: tuple[Condition, ...] = Field(default=(), alias="if")
    do: tuple[Effect, ...] = Field(min_length=1)
    once: bool = Field(default=False, description="may be taken at most once per game")


class ChapterItem(Strict):
    """A chapter item: a named thing the mice find, carry and use up (give_item, take_item, holds_item)."""

    id: Ident
    name: Text
    text: Text | None = Field(default=None, description="what it is, for the players")


class RoomRules(Strict):
    """The rules of one room tile (the storybook's room rules): they apply to that tile side."""

    side: int
    rules: tuple[ChapterRule, ...] = ()


AFTER_THE_END: Final = frozenset(
    {
        EffectKind.STORY,
        EffectKind.ANNOUNCE,
        EffectKind.STORY_ACHIEVEMENT,
        EffectKind.COUNTER,
        EffectKind.SET_FLAG,
        EffectKind.RECORD,  # issue 30: the campaign log and the next chapter are written as the chapter ends
        EffectKind.NEXT_CHAPTER,
    }
)  # what a chapter_won rule may still do: the game is over, so nothing on the board moves again


def effect_needs(effect: Effect) -> frozenset[Subject]:
    """What the effect acts on that its trigger must give (its own, not the effects inside a roll)."""
    kind, p = effect.kind, effect.params
    if kind in (EffectKind.WOUND, EffectKind.KNOCK_DOWN, EffectKind.STUN):
        return frozenset({Subject.FIGURE if p.who is Who.FIGURE else Subject.MOUSE})
    if kind is EffectKind.CHEESE and p.to == "mouse":
        return frozenset({Subject.MOUSE})
    if kind is EffectKind.COUNTER_TO_WHEEL and p.amount == "cheese":
        return frozenset({Subject.CHEESE})
    if kind is EffectKind.PLACE_MINIONS and p.side is None:
        return frozenset({Subject.SIDE})
    if kind is EffectKind.RETURN_MINION:
        return frozenset({Subject.DEFEATED})
    if kind in (EffectKind.REMOVE_MINION, EffectKind.STEER):
        return frozenset({Subject.MINION})
    if kind in (EffectKind.OLGA_CHARGES, EffectKind.CHARACTER_CHARGES, EffectKind.GIVE_CARD):
        return frozenset({Subject.MOUSE})
    select = getattr(p, "select", None)
    if isinstance(select, Select) and select.who != "any":  # issue 30: the trigger's figure or mouse
        return frozenset({Subject.FIGURE if select.who == "trigger" else Subject.MOUSE})
    return frozenset()


def effect_problem(
    trigger: Trigger, effects: tuple[Effect, ...], path: str, top: bool
) -> tuple[str, str, str] | None:
    """The first effect of a ``trigger`` rule that could never act (field path, message in English and Portuguese),
    or None. A gate works only as an explore_attempt rule's own effect (decided before the explore, so never inside
    a roll)."""
    gives = TRIGGER_SUBJECTS[trigger]
    name = trigger.value
    for i, effect in enumerate(effects):
        kind = effect.kind
        at = f"{path}.{i}.{kind.value}"
        if kind is EffectKind.GATE and not (top and trigger is Trigger.EXPLORE_ATTEMPT):
            if trigger is Trigger.EXPLORE_ATTEMPT:
                where, onde = "inside a roll", "dentro de uma rolagem"
            else:
                where, onde = f"in a {name!r} rule", f"numa regra {name!r}"
            return (
                at,
                f"a gate works only as an explore_attempt rule's own effect, not {where}",
                f"um gate só funciona como efeito próprio de uma regra explore_attempt, não {onde}",
            )
        if trigger is Trigger.CHAPTER_WON and kind not in AFTER_THE_END:
            allowed = ", ".join(sorted(k.value for k in AFTER_THE_END))
            return (
                at,
                f"does nothing once the chapter is won (a chapter_won rule may: {allowed})",
                f"não faz nada depois que o capítulo foi vencido (uma regra chapter_won pode: {allowed})",
            )
        missing = sorted(effect_needs(effect) - gives)
        if missing:
            en, pt = SUBJECT_WORDS[missing[0]]
            given_en = ", ".join(SUBJECT_WORDS[s][0] for s in sorted(gives)) or "nothing"
            given_pt = ", ".join(SUBJECT_WORDS[s][1] for s in sorted(gives)) or "nada"
            return (
                at,
                f"needs {en}, which trigger {name!r} does not give (it gives: {given_en})",
                f"precisa de {pt}, que o gatilho {name!r} não dá (ele dá: {given_pt})",
            )
        if effect.roll is not None:
            inner = effect_problem(trigger, effect.roll.then, f"{at}.then", False) or effect_problem(
                trigger, effect.roll.else_, f"{at}.else", False
            )
            if inner is not None:
                return inner
        if effect.choose is not None:  # a story choice's options run as the asking rule's effects
            for j, option in enumerate(effect.choose.options):
                inner = effect_problem(trigger, option.do, f"{at}.options.{j}.do", False)
                if inner is not None:
                    return inner
    return None


ENGINE_TOKEN_KINDS: Final = ("leaf", "turtle", "bee", "olga", "mortar", "grape", "fork", "fishhook")
"""Tokens the engine's rules read: the expansion's markers (by the kind before ``-``) and the party items'."""


def engine_token(token: str, party_tokens: Iterable[str]) -> bool:
    """Whether a token is the engine's (a rule's place_token and remove_token are for the chapter's own tokens)."""
    return token.split("-", 1)[0] in ENGINE_TOKEN_KINDS or token in set(party_tokens)


def gate_reason(rules: tuple[ChapterRule, ...], rule_id: str) -> tuple[str, str] | None:
    """The refusal of rule ``rule_id``'s gate in English and Portuguese (None: no such rule, or it gates nothing):
    what a player reads when that rule refuses an explore (message ``explore_gated``)."""
    for rule in rules:
        if rule.id == rule_id:
            gates = [e.gate for _, e in walk_effects(rule.do, "") if e.gate is not None]
            if gates:
                return gates[0].reason.en, gates[0].reason.pt
    return None


ChapterAction.model_rebuild()
