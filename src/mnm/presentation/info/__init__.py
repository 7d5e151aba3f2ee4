"""What is this thing: shared descriptions of cards, minions, heroes, spaces and tokens for every client.

Pure functions from (content, state, id, lang) to plain dicts: the facts as data (numbers, ids, names) and
``lines``, the same facts as short sentences ready to show or read aloud. The terminal (``inspect``/``look``)
and the web client both use them, so a card or a minion is described the same way everywhere. Nothing here
changes a state or reads a clock; ``lang`` is ``en`` or ``pt_BR``.

>>> from mnm.content.loader import builtin_content
>>> info = card(builtin_content(), "dagger")
>>> info["name"], info["kind"]
('Dagger', 'weapon')
>>> info["lines"][1]
'Weapon: melee, sharp, 1 paw.'

The package's modules, one concept each: :mod:`~mnm.presentation.info.words` (the labels in both languages and the
names of things), :mod:`~mnm.presentation.info.places` (a space, a token, the expansion's markers),
:mod:`~mnm.presentation.info.figures` (minions and heroes), :mod:`~mnm.presentation.info.cards`,
:mod:`~mnm.presentation.info.lookup` (anything by its name) and :mod:`~mnm.presentation.info.chapter` (a chapter's
rules, the base game's marks, what a decision is about). Clients import the package (``from mnm.presentation import
info``; ``info.card(...)``): the names below are its whole surface.
"""

from __future__ import annotations

from mnm.presentation.info.cards import card, class_limit
from mnm.presentation.info.chapter import base_legend, chapter_rules, decision_help, goal_spaces
from mnm.presentation.info.figures import hero, minion, minion_type
from mnm.presentation.info.lookup import describe, find
from mnm.presentation.info.places import (
    MARKERS,
    board_marks,
    hesster_lines,
    legend,
    legend_kinds,
    mark_sentence,
    marker,
    side_marks,
    space,
    space_marks,
    status_lines,
    status_word,
    token,
    unlaid_overlays,
    weather,
)
from mnm.presentation.info.words import LABELS, card_name, minion_name, space_name

__all__ = [
    "LABELS",
    "MARKERS",
    "base_legend",
    "board_marks",
    "card",
    "card_name",
    "chapter_rules",
    "class_limit",
    "decision_help",
    "describe",
    "find",
    "goal_spaces",
    "hero",
    "hesster_lines",
    "legend",
    "legend_kinds",
    "mark_sentence",
    "marker",
    "minion",
    "minion_name",
    "minion_type",
    "side_marks",
    "space",
    "space_marks",
    "space_name",
    "status_lines",
    "status_word",
    "token",
    "unlaid_overlays",
    "weather",
]
