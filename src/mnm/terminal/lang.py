"""The terminal clients' own sentences (labels, prompts, help, errors) in the player's language.

They live in the message catalogs next to the engine's event sentences (``mnm/i18n/en.yaml`` and
``pt_BR.yaml``), under keys starting ``term.``, in the same format: a Python format string over named
parameters, with ``{count:one|many}`` for "1 one" / "2 many" (``{count:|one|many}`` gives the word alone).
``tests/terminal/test_terminal_words.py`` checks that both languages have every key the clients use.

>>> say("en", "plain.goodbye")
'Goodbye.'
>>> say("pt_BR", "choice.points", n=2)
'2 pontos'
>>> lang_code("pt-BR")
'pt_BR'
"""

from __future__ import annotations

import re
from functools import cache
from importlib import resources
from typing import Any

from mnm.engine import LANGUAGES, catalog, contract, format_message

__all__ = ["PREFIX", "contract", "has", "lang_code", "place_name", "say"]

PREFIX = "term."
# what people type for a language on the command line -> the catalogs' code
_CODES = {"en": "en", "en-us": "en", "en-gb": "en", "pt-br": "pt_BR", "pt": "pt_BR"}


def lang_code(text: str) -> str:
    """``en`` or ``pt-BR`` (also ``pt_BR``, ``pt``, any case) -> the catalogs' code; ``ValueError`` otherwise."""
    code = _CODES.get(text.strip().lower().replace("_", "-"))
    if code is None or code not in LANGUAGES:
        raise ValueError(f"--lang is 'en' or 'pt-BR', not {text!r}")
    return code


@cache
def _places_pt() -> dict[str, str]:
    """The Portuguese names of the places printed on the boards (``the cell`` -> ``a cela``): the web client's
    table (``PLACE_PT`` in ``mnm/web/i18n.js``), read here so both clients say the same names."""
    text = resources.files("mnm").joinpath("web", "i18n.js").read_text(encoding="utf-8")
    start = text.find("const PLACE_PT = {")
    body = text[start : text.find("};", start)] if start >= 0 else ""
    return dict(re.findall(r'"([^"]+)": "([^"]+)"', body))


def place_name(name: str, lang: str) -> str:
    """A place name printed on a board (English in the tile data) in ``lang``."""
    return _places_pt().get(name, name) if lang == "pt_BR" else name


def has(key: str) -> bool:
    """Whether the catalogs have the sentence ``term.<key>`` (the English one is always there)."""
    return PREFIX + key in catalog("en")


def say(lang: str, key: str, **params: Any) -> str:
    """The sentence ``term.<key>`` in ``lang`` with ``params`` filled in (English when the language lacks it,
    the key itself when no catalog has it: a client never crashes on text)."""
    for code in (lang, "en"):
        template = catalog(code).get(PREFIX + key)
        if template is None:
            continue
        try:
            return contract(format_message(template, **params), code)
        except (KeyError, IndexError, ValueError):  # a field the caller did not give: never crash on text
            continue
    return key
