"""Handlers keyed by content id, registered on the hook points of :mod:`mnm.engine.hooks` when imported.

Importing this package registers every handler and the content check that refuses, when content loads, a
search card, ability card or hero naming an effect or innate ability nothing handles, or giving an effect a
parameter it does not take (see docs/content.md, "Adding an effect").

>>> import mnm.engine
>>> from mnm.engine.effects import effect_kind
>>> effect_kind("dagger"), effect_kind("heal"), effect_kind("no-such-effect")
('passive', 'use', '')
"""

from __future__ import annotations

from collections.abc import Iterator

from mnm.content.loader import Content, ContentIssue, add_content_check
from mnm.engine.effects import equipment, expansion, innates, minion_abilities, weapons  # noqa: F401  (registers handlers)
from mnm.engine.hooks import HOOK_POINTS, ParamSpec
from mnm.engine.rules.abilities import ABILITY_EFFECTS
from mnm.engine.rules.cards import CARD_EFFECTS

__all__ = [
    "CARD_PARAMS",
    "check_content",
    "effect_kind",
    "effect_params",
    "known_effects",
    "known_innates",
    "known_minion_abilities",
]

# Parameters any card may carry whatever its effect: they describe the card, not the effect
CARD_PARAMS: dict[str, type] = {"knife": bool, "action": bool}


def known_effects() -> set[str]:
    """Every card effect id the engine handles: use and found effects, ability effects, passive hook handlers."""
    names = set(CARD_EFFECTS) | set(ABILITY_EFFECTS)
    for point in HOOK_POINTS:
        if point.kind == "effect":
            names |= set(point.handlers)
    return names


def known_minion_abilities() -> set[str]:
    """Every minion ability id some hook point handles."""
    return {a for point in HOOK_POINTS if point.kind == "ability" for a in point.handlers}


def known_innates() -> set[str]:
    """Every innate ability id some hook point handles."""
    return {i for point in HOOK_POINTS if point.kind == "innate" for i in point.handlers}


def effect_kind(name: str) -> str:
    """``use``, ``found`` or ``passive`` for a card effect; '' when nothing handles it."""
    if name in CARD_EFFECTS:
        return CARD_EFFECTS[name].kind
    if any(name in point for point in HOOK_POINTS if point.kind == "effect"):
        return "passive"
    return ""


def effect_params(name: str) -> ParamSpec | None:
    """The parameters effect ``name`` declares (None: not declared yet, so not checked)."""
    spec: dict[str, type] = {}
    declared = False
    for point in HOOK_POINTS:
        if point.kind == "effect" and name in point.params:
            spec.update(point.params[name])
            declared = True
    return spec if declared else None


def _param_issues(file: str, entry: str, effect: str, params: dict[str, int | str | bool]) -> Iterator[ContentIssue]:
    spec = effect_params(effect)
    if spec is None:
        return
    for key, value in params.items():
        want = spec.get(key) or CARD_PARAMS.get(key)
        if want is None:
            known = ", ".join(sorted(spec)) or "none"
            yield ContentIssue(
                file, entry, f"params.{key}", f"is not a parameter of effect {effect!r} (it takes: {known})"
            )
        elif not isinstance(value, want) or (want is int and isinstance(value, bool)):
            yield ContentIssue(file, entry, f"params.{key}", f"must be {want.__name__}, got {value!r}")


def check_content(content: Content) -> list[ContentIssue]:
    """Every effect, innate and parameter the content names must have a handler here (none is silently ignored)."""
    effects = known_effects()
    innate_ids = known_innates()
    issues: list[ContentIssue] = []
    for cid, card in content.search_cards.items():
        file = content.file_of("search", cid) or "cards/search.yaml"
        if card.effect is not None and card.effect not in effects:
            issues.append(
                ContentIssue(file, cid, "effect", f"names effect {card.effect!r}, which has no handler in the engine")
            )
        elif card.effect is not None:
            issues.extend(_param_issues(file, cid, card.effect, dict(card.params)))
    for aid, acard in content.ability_cards.items():
        file = content.file_of("ability", aid) or "cards/abilities.yaml"
        if acard.effect not in ABILITY_EFFECTS:  # its own, or a search card's use effect it shares
            issues.append(
                ContentIssue(file, aid, "effect", f"names effect {acard.effect!r}, which has no handler in the engine")
            )
    abilities = known_minion_abilities()
    for mid, minion in content.minions.items():
        file = content.file_of("minion", mid) or "minions.yaml"
        for i, ability in enumerate(minion.abilities):
            if ability not in abilities:
                issues.append(
                    ContentIssue(
                        file, mid, f"abilities.{i}", f"names ability {ability!r}, which has no handler in the engine"
                    )
                )
    for hid, hero in content.heroes.items():
        file = content.file_of("hero", hid) or "heroes.yaml"
        for i, innate in enumerate(hero.innate):
            if innate.id not in innate_ids:
                issues.append(
                    ContentIssue(
                        file,
                        hid,
                        f"innate.{i}.id",
                        f"names innate ability {innate.id!r}, which has no handler in the engine",
                    )
                )
    return issues


add_content_check(check_content)
