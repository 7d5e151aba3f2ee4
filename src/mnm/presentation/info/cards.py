"""The cards, for :mod:`mnm.presentation.info`: a search, ability or encounter card's text and numbers, and who may
use it (:func:`class_limit`), as facts and sentences in both languages.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mnm.content.loader import Content
from mnm.presentation.info.words import Info, base_id, join_words, value_word, words_for

if TYPE_CHECKING:
    pass

__all__ = ["card", "class_limit"]


# --- cards -----------------------------------------------------------------------------------------------------


def class_limit(content: Content, hero_id: str, card_id: str, lang: str = "en") -> str:
    """Why a mouse may not equip a search card it holds (R-SEARCH-12: its class or name is not among the card's),
    in words; "" when it may (issue 32: Maginos and the Leather Breastplate)."""
    card_spec = content.search_cards.get(base_id(card_id))
    hero = content.heroes.get(hero_id)
    if card_spec is None or hero is None:
        return ""
    req = card_spec.requirement
    if not (req.classes or req.heroes) or set(req.classes) & set(hero.classes) or hero_id in req.heroes:
        return ""
    who = [value_word(x.value, lang) for x in req.classes] + [
        content.heroes[h].name.get(lang) for h in req.heroes if h in content.heroes
    ]
    return words_for(lang)["cannot_equip"].format(
        hero=hero.name.get(lang), who=join_words(who, lang), classes=join_words([value_word(x.value, lang) for x in hero.classes], lang)
    )


def card(content: Content, card_id: str, lang: str = "en") -> Info:
    """A search, ability or encounter card (by id or instance id): name, kind, numbers, text and ``lines``."""
    w = words_for(lang)
    cid = base_id(card_id)
    if cid in content.search_cards:
        c = content.search_cards[cid]
        kind = c.type.value
        head = w.get(kind, kind.replace("_", " ").capitalize())
        facts: list[str] = []
        if c.attack is not None:
            facts.append(w[c.attack.value])
        if c.damage is not None:
            facts.append(value_word(c.damage.value, lang))
        if c.paws:
            facts.append(f"{c.paws} {w['paw'] if c.paws == 1 else w['paws']}")
        if c.bonus:
            what = w["attack_die"] if c.type.value in ("weapon", "accessory") else w["defense_die"]
            facts.append(
                w["bonus"].format(n=c.bonus, what=what, e="e" if c.bonus == 1 else "ce", s="" if c.bonus == 1 else "s")
            )
        if c.slot:
            facts.append(w["slot"].format(slot=value_word(c.slot, lang)))
        lines = [c.name.get(lang), f"{head}: {', '.join(facts)}." if facts else f"{head}."]
        req = c.requirement
        if req.classes:
            lines.append(w["needs_class"].format(who=join_words([value_word(x.value, lang) for x in req.classes], lang)))
        if req.heroes:
            who = [content.heroes[h].name.get(lang) if h in content.heroes else h for h in req.heroes]
            lines.append(w["needs_hero"].format(who=join_words(who, lang)))
        lines.append(c.text.get(lang))
        return {
            "id": cid,
            "kind": kind,
            "name": c.name.get(lang),
            "text": c.text.get(lang),
            "attack": c.attack.value if c.attack else None,
            "damage": c.damage.value if c.damage else None,
            "paws": c.paws,
            "bonus": c.bonus,
            "slot": c.slot,
            "lines": lines,
        }
    if cid in content.ability_cards:
        a = content.ability_cards[cid]
        classes = [x.value for x in a.classes]
        lines = [a.name.get(lang), w["cost"].format(n=a.cost, timing=value_word(a.timing.value, lang))]
        if classes:
            lines.append(w["needs_class"].format(who=join_words([value_word(x, lang) for x in classes], lang)))
        lines.append(a.text.get(lang))
        return {
            "id": cid,
            "kind": "ability",
            "name": a.name.get(lang),
            "text": a.text.get(lang),
            "cost": a.cost,
            "timing": a.timing.value,
            "classes": classes,
            "lines": lines,
        }
    if cid in content.encounter_cards:
        e = content.encounter_cards[cid]

        def group(counts: Any) -> str:
            return (
                join_words(
                    [
                        f"{m.count} {content.minions[m.minion].name.get(lang) if m.minion in content.minions else m.minion}"
                        for m in counts
                    ],
                    lang,
                )
                or w["no_minions"]
            )

        lines = [e.name.get(lang), f"{w['encounter']} ({value_word(e.kind, lang)})."]
        lines += [
            w["encounter_rows"].format(first=r.pages[0], last=r.pages[1], minions=group(r.minions)) for r in e.rows
        ]
        if e.surge:
            lines.append(w["encounter_surge"].format(minions=group(e.surge)))
        return {"id": cid, "kind": "encounter", "name": e.name.get(lang), "text": "", "lines": lines}
    raise KeyError(card_id)
