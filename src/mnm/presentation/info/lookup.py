"""Anything by its name or id, for :mod:`mnm.presentation.info`: :func:`find` says what a typed word names (a card,
a minion, a mouse, a space, a token, a marker), :func:`describe` describes it with the module that owns that kind.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mnm.content.loader import Content
from mnm.presentation.info.cards import card
from mnm.presentation.info.figures import hero, minion, minion_type
from mnm.presentation.info.places import MARKERS, board_of, marker, space, token, token_name
from mnm.presentation.info.words import base_id, minion_name, words_for

if TYPE_CHECKING:
    from mnm.board.layout import Board
    from mnm.engine import State

__all__ = ["describe", "find"]


# --- anything --------------------------------------------------------------------------------------------------


def _key(text: str) -> str:
    return "".join(ch for ch in text.lower() if ch.isalnum())


def find(content: Content, state: State, what: str, lang: str = "en", board: Board | None = None) -> tuple[str, str]:
    """What a player typed (an id or a printed name, any case: ``dagger``, ``Rat Warrior 2``, ``5:12``, ``Fi``,
    ``lava``) as ``(kind, id)``, kind one of hero, minion, minion_type, card, space, token, marker. ``KeyError`` if
    nothing."""
    text = what.strip()
    low = text.lower()
    b = board or board_of(content, state.chapter)
    if low in b.spaces:
        return "space", low
    key = _key(text)
    for hid, spec in content.heroes.items():
        if key in (_key(hid), _key(spec.name.en), _key(spec.name.pt)) or (len(key) == 2 and _key(hid)[:2] == key):
            return "hero", hid
    for mid in state.minions:
        if key in (_key(mid), _key(minion_name(content, mid, "en")), _key(minion_name(content, mid, "pt_BR"))):
            return "minion", mid
    for tid, m in content.minions.items():
        names = [m.name, m.one] if m.one is not None else [m.name]
        if key == _key(tid) or any(key in (_key(n.en), _key(n.pt)) for n in names):
            return "minion_type", tid
    tokens = set(state.tokens) | set(state.stash)
    for tid in tokens:
        if key in (_key(tid), _key(token_name(content, tid, "en")), _key(token_name(content, tid, "pt_BR"))):
            return "token", tid
    for kind in MARKERS["en"]:  # [EXP] a marker by its name: lava, leaf, on fire, Hesster's tail, rain...
        if key in (_key(kind), _key(MARKERS["en"][kind][0]), _key(MARKERS["pt_BR"][kind][0])):
            return "marker", kind
    instances = {c for h in state.heroes.values() for c in h.equipped + h.pack + h.abilities}
    for deck in (content.search_cards, content.ability_cards, content.encounter_cards):
        for cid, c in deck.items():
            if key in (_key(cid), _key(c.name.en), _key(c.name.pt)) or any(
                _key(i) == key for i in instances if base_id(i) == cid
            ):
                return "card", cid
    raise KeyError(what)


def describe(content: Content, state: State, what: str, lang: str = "en", board: Board | None = None) -> list[str]:
    """Sentences about anything on the table named by ``what`` (see :func:`find`); one line saying so if
    nothing is called that."""
    try:
        kind, ident = find(content, state, what, lang, board)
    except KeyError:
        return [words_for(lang)["unknown"].format(what=what.strip())]
    if kind == "space":
        return list(space(content, state, ident, lang, board)["lines"])
    if kind == "hero":
        return list(hero(content, state, ident, lang)["lines"])
    if kind == "minion":
        return list(minion(content, state, ident, lang)["lines"])
    if kind == "minion_type":
        return list(minion_type(content, ident, lang)["lines"])
    if kind == "token":
        return list(token(content, state, ident, lang)["lines"])
    if kind == "marker":
        return list(marker(ident, lang)["lines"])
    return list(card(content, ident, lang)["lines"])
