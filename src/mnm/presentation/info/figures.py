"""The figures, for :mod:`mnm.presentation.info`: a minion type's stat card, a minion on the board, a hero (its
card, its life, its cards in hand), as facts and sentences in both languages.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mnm.content.loader import Content
from mnm.engine import hero_life
from mnm.presentation.info.places import MARKERS, hesster_lines, marker, status_word
from mnm.presentation.info.words import Info, card_name, join_words, minion_name, space_name, value_word, words_for

if TYPE_CHECKING:
    from mnm.engine import State

__all__ = ["hero", "minion", "minion_type"]


# --- minions ---------------------------------------------------------------------------------------------------


def minion_type(content: Content, type_id: str, lang: str = "en") -> Info:
    """A minion type's stat card: attack kind, battle, defense, life and abilities."""
    w = words_for(lang)
    m = content.minions[type_id]
    lines = [
        w["minion_stats"].format(
            name=m.name.get(lang), attack=w[m.attack.value], battle=m.battle, defense=m.defense, life=m.life
        )
    ]
    if m.ability_text is not None:
        lines.append(m.ability_text.get(lang))
    if m.boss:
        lines.append(w["boss"])
    return {
        "id": type_id,
        "name": m.name.get(lang),
        "one": (m.one or m.name).get(lang),
        "attack": m.attack.value,
        "battle": m.battle,
        "defense": m.defense,
        "life": m.life,
        "boss": m.boss,
        "abilities": list(m.abilities),
        "ability_text": m.ability_text.get(lang) if m.ability_text else "",
        "lines": lines,
    }


def minion(content: Content, state: State, minion_id: str, lang: str = "en") -> Info:
    """One minion figure on the board: where it is, its wounds and statuses, then its type's stat card."""
    w = words_for(lang)
    m = state.minions[minion_id]
    t = minion_type(content, m.type, lang)
    name = minion_name(content, minion_id, lang)
    lines = [
        w["minion_here"].format(name=name, space=space_name(content, m.space, lang), wounds=m.wounds, life=t["life"])
    ]
    if m.statuses:
        lines.append(w["minion_status"].format(statuses=join_words([status_word(s, lang) for s in m.statuses], lang)))
        lines += [marker(s, lang)["lines"][0] for s in m.statuses if s in MARKERS["en"]]
    lines += hesster_lines(content, state, minion_id, lang)
    return {
        **t,
        "id": minion_id,
        "type": m.type,
        "name": name,
        "space": m.space,
        "wounds": m.wounds,
        "statuses": list(m.statuses),
        "lines": lines + t["lines"],
    }


# --- heroes ----------------------------------------------------------------------------------------------------


def hero(content: Content, state: State | None, hero_id: str, lang: str = "en") -> Info:
    """A hero: printed numbers and innate abilities, and (with a state) place, wounds, cheese and cards."""
    w = words_for(lang)
    spec = content.heroes[hero_id]
    name = spec.name.get(lang)
    classes = [c.value for c in spec.classes]
    life = hero_life(content, state.options, hero_id) if state is not None else spec.life
    lines = [
        w["hero_stats"].format(
            name=name,
            classes=join_words([value_word(x, lang) for x in classes], lang),
            battle=spec.battle,
            defense=spec.defense,
            lore=spec.lore,
            move=spec.move,
            life=life,
        )
    ]
    out: Info = {
        "id": hero_id,
        "name": name,
        "classes": classes,
        "battle": spec.battle,
        "defense": spec.defense,
        "lore": spec.lore,
        "move": spec.move,
        "life": life,
    }
    h = state.heroes.get(hero_id) if state is not None else None
    if h is not None:
        where = "hero_captured" if h.captured or h.space is None else "hero_where"
        lines.insert(
            0,
            w[where].format(
                name=name,
                space=space_name(content, h.space or "", lang),
                wounds=h.wounds,
                life=life,
                cheese=h.cheese,
            ),
        )
        if h.statuses:
            lines.append(
                w["hero_status"].format(name=name, statuses=join_words([status_word(s, lang) for s in h.statuses], lang))
            )
            lines += [marker(s, lang)["lines"][0] for s in h.statuses if s in MARKERS["en"]]  # [EXP] fire, curse
        for key, cards in (("equipped", h.equipped), ("pack", h.pack), ("abilities", h.abilities)):
            if cards:
                lines.append(w[key].format(cards=", ".join(card_name(content, c, lang) for c in cards)))
        out.update(
            space=h.space,
            captured=h.captured,
            wounds=h.wounds,
            cheese=h.cheese,
            statuses=list(h.statuses),
            equipped=list(h.equipped),
            pack=list(h.pack),
            abilities=list(h.abilities),
        )
    lines += [w["innate"].format(name=i.name.get(lang), text=i.text.get(lang)) for i in spec.innate]
    out["lines"] = lines
    return out
