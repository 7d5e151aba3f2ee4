"""Render events as sentences in the player's language (English ``en``, Brazilian Portuguese ``pt_BR``).

The catalogs are YAML files shipped in ``mnm/i18n/`` (read once, like content data): one entry per event
message id, a Python format string over the event's parameters. Figure, space and card ids in parameters are
turned into names first (``rat-warrior-2`` -> "Rat Warrior 2", ``5:12`` -> "Guard Room 12", ``filch`` ->
"Filch"); lists become "A, B and C". An entry ``msg.PARAM`` is a variant used instead when that parameter is
present and non-empty (for example ``minion_moves.tied`` when other mice were as close). A count takes the
singular or plural form of the words after it with a format spec ``{count:one|many}``: ``{wounds:wound|wounds}``
gives "1 wound" and "3 wounds"; a leading bar (``{left:|resta|restam}``) gives the word alone, for a verb that
agrees with a number said elsewhere. A message missing from the catalog falls back to English, then to the
message id with its parameters, so a client never crashes on text. Decision kinds have a question too, under the
kind's ``prompt`` id (``turn_prompt``...).

>>> from mnm.engine.events import Event
>>> render(Event("minion_moves", {"minion": "rat-warrior-2", "src": "5:3", "dst": "5:7", "steps": 2,
...        "roll": 3, "target": "filch", "tied": []}, "R-MINION-03"))
'Rat Warrior 2 moves 2 spaces, from Guard Room 3 to Guard Room 7, toward Filch, the closest mouse.'
"""

from __future__ import annotations

import re
import string
from functools import cache
from importlib import resources
from typing import Any

import yaml

from mnm.chapter_language import file_texts, gate_reason
from mnm.content.loader import Content, builtin_content
from mnm.content.schema import Chapter, Text
from mnm.engine.events import Event

__all__ = [
    "LANGUAGES",
    "catalog",
    "chapter_words",
    "contract",
    "format_message",
    "name_of",
    "render",
    "render_rule",
    "track_card_name",
    "with_article",
]

LANGUAGES = ("en", "pt_BR")
_AND = {"en": "and", "pt_BR": "e"}


@cache
def catalog(lang: str) -> dict[str, str]:
    """The message catalog of ``lang`` (empty for an unknown language)."""
    if lang not in LANGUAGES:
        return {}
    text = resources.files("mnm").joinpath("i18n", f"{lang}.yaml").read_text(encoding="utf-8")
    data = yaml.safe_load(text) or {}
    return {str(k): str(v) for k, v in data.items()}


def _lang_text(value: Text, lang: str) -> str:
    return value.get(lang)


def name_of(value: Any, content: Content, lang: str = "en") -> str:
    """A readable name for an id found in event parameters (hero, minion figure, space, card, side)."""
    if isinstance(value, bool) or value is None:
        return str(value)
    if isinstance(value, list):
        names = [name_of(v, content, lang) for v in value]
        if len(names) <= 1:
            return "".join(names)
        return f"{', '.join(names[:-1])} {_AND.get(lang, 'and')} {names[-1]}"
    text = str(value)
    if text in content.heroes:
        return _lang_text(content.heroes[text].name, lang)
    head, _, number = text.rpartition("-")
    if head in content.minions and number.isdigit():
        spec = content.minions[head]
        if spec.max_figures == 1:  # issue 45: one figure of its kind (Brodie, a boss): players say its name alone
            return _lang_text(spec.one or spec.name, lang)
        return f"{_lang_text(spec.one or spec.name, lang)} {number}"
    if text in content.minions:
        return _lang_text(content.minions[text].name, lang)
    if text in content.chapters:
        return _lang_text(content.chapters[text].name, lang)
    side, colon, space = text.partition(":")
    if colon and side.isdigit() and int(side) in content.tile_sides:
        return f"{_lang_text(content.tile_sides[int(side)].name, lang)} {space}"
    card = text.split("/", 1)[0]
    for deck in (content.search_cards, content.ability_cards, content.encounter_cards):
        if card in deck:
            return _lang_text(deck[card].name, lang)
    if text.startswith(("mouse:", "minion:", "boss:", "cat:")):
        return track_card_name(text, content, lang)
    choice = catalog(lang).get(f"choice.{text}") or catalog("en").get(f"choice.{text}")  # a decision's word
    return choice if choice is not None else text


def track_card_name(card: str, content: Content, lang: str = "en") -> str:
    """An initiative card's name: ``minion:molox:2`` -> ``Angry Molox``. A creature with several cards of its
    own (Hesster, Molox: ``card_names``) shows each card's name, so the track never reads "Hesster, Hesster"."""
    kind, _, rest = card.partition(":")
    if kind == "cat":  # Brodie's two cards (R-BRODIE-03): "Brodie Pounces", "Brodie Chases"
        word = catalog(lang).get(f"cat_card.{rest}") or catalog("en").get(f"cat_card.{rest}")
        return word if word is not None else card
    who, _, nth = rest.partition(":")
    spec = content.minions.get(who)
    if spec is not None and spec.card_names and nth.isdigit() and 1 <= int(nth) <= len(spec.card_names):
        return _lang_text(spec.card_names[int(nth) - 1], lang)
    return name_of(who, content, lang)


FACE_PARAMS = frozenset({"faces", "face"})
SIDE_PARAMS = frozenset({"side", "src", "dst"})  # a number here is a tile side (spaces are "side:number" text)


def _face_text(index: int, content: Content, lang: str) -> str:
    """``3 (sword)``: a die face's number and symbols, from the content's die."""
    if not 1 <= index <= len(content.die.faces):
        return str(index)
    face = content.die.faces[index - 1]
    cat, en = catalog(lang), catalog("en")
    words = [cat.get(f"face.{sym}", en.get(f"face.{sym}", str(sym))) for sym in (str(x) for x in face.symbols)]
    return f"{face.number} ({' + '.join(words)})"


def _param_text(key: str, value: Any, content: Content, lang: str) -> str:
    if key in SIDE_PARAMS and isinstance(value, int) and not isinstance(value, bool) and value in content.tile_sides:
        return _lang_text(content.tile_sides[value].name, lang)
    if key in FACE_PARAMS and not isinstance(value, bool):
        if isinstance(value, int):
            return _face_text(value, content, lang)
        if isinstance(value, list) and not value:  # every die taken away by a modifier
            return catalog(lang).get("faces.none") or catalog("en").get("faces.none", "no dice")
        if isinstance(value, list) and all(isinstance(v, int) for v in value):
            if not value:  # no die was rolled (no dice to roll): say so rather than leave a gap
                return catalog(lang).get("value.no_dice") or catalog("en").get("value.no_dice", "no dice")
            return ", ".join(_face_text(v, content, lang) for v in value)
    if key == "achievement" and isinstance(value, str):  # issue 45: its name, never its id ("marksman")
        named_ach = catalog(lang).get(f"ach.{value}") or catalog("en").get(f"ach.{value}")
        if named_ach is not None:
            return named_ach
    if isinstance(value, str):
        cat = catalog(lang)
        named = cat.get(f"value.{value}") or catalog("en").get(f"value.{value}")
        if named is not None and key not in ("hero", "minion", "target", "card", "figure"):
            return named
    return name_of(value, content, lang)


# Portuguese names that start with their article ("A Casa de Guarda", "O Campo de Provas"): after em/de/por the
# article joins the preposition (na, do, pela); after para/com it is just written small (para a, com o)
_PT_ARTICLES = ("A", "O", "As", "Os")
_PT_CONTRACTIONS = {
    **{("em", a): j for a, j in zip(_PT_ARTICLES, ("na", "no", "nas", "nos"), strict=True)},
    **{("de", a): j for a, j in zip(_PT_ARTICLES, ("da", "do", "das", "dos"), strict=True)},
    **{("por", a): j for a, j in zip(_PT_ARTICLES, ("pela", "pelo", "pelas", "pelos"), strict=True)},
    **{(p, a): f"{p} {a.lower()}" for p in ("para", "com") for a in _PT_ARTICLES},
}
_PT_CONTRACTION = re.compile(r"\b(em|de|por|para|com) (As|Os|A|O) (?=[A-ZÁÉÍÓÚÂÊÔÃÕ])")


def contract(text: str, lang: str) -> str:
    """Portuguese: ``em A Casa de Guarda`` -> ``na Casa de Guarda`` (a name's article joins the word before)."""
    if lang != "pt_BR":
        return text
    return _PT_CONTRACTION.sub(lambda m: _PT_CONTRACTIONS[(m.group(1), m.group(2))] + " ", text)


class _Formatter(string.Formatter):
    """``{count:one|many}`` picks the singular for exactly 1 and the plural otherwise (0 included)."""

    def format_field(self, value: Any, format_spec: str) -> str:
        if "|" not in format_spec:
            return str(super().format_field(value, format_spec))
        bare = format_spec.startswith("|")
        one, _, many = format_spec.removeprefix("|").partition("|")
        word = one if str(value).strip() == "1" else many
        return word if bare else f"{value} {word}"


_FORMATTER = _Formatter()


def format_message(template: str, **params: Any) -> str:
    """A catalog template with plain values filled in as they are (no ids turned into names), the plurals
    ``{count:one|many}`` included: for clients' own sentences kept in the catalogs (``term.`` keys)."""
    return _FORMATTER.vformat(template, (), params)


def with_article(word: str) -> str:
    """``a sword``, ``an item``: an English noun with its indefinite article (for engine explanations)."""
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"


@cache
def _compiled(template: str) -> tuple[tuple[str, str | None, str], ...]:
    """A template split once into (literal text, field name or None, format spec) pieces."""
    return tuple((literal, field, spec or "") for literal, field, spec, _ in _FORMATTER.parse(template))


def _fill(template: str, value_of: Any) -> str:
    """``template`` with each field's text from ``value_of(name)`` (only the fields it uses are worked out).
    The same result as ``string.Formatter.vformat`` for the simple fields catalogs use, several times faster
    (the web app renders every event it sends)."""
    out = []
    for literal, field, spec in _compiled(template):
        out.append(literal)
        if field is not None:
            out.append(_FORMATTER.format_field(value_of(field), spec))
    return "".join(out)


_WORDS: dict[int, tuple[Chapter, dict[str, tuple[str, str]]]] = {}


def chapter_words(chapter: Chapter) -> dict[str, tuple[str, str]]:
    """The players' words (English, Portuguese) of a chapter's actions, story choices, their options and its
    items, by id: what option buttons and the log show for ``act``/``choose`` and items."""
    hit = _WORDS.get(id(chapter))
    if hit is None or hit[0] is not chapter:
        if len(_WORDS) > 256:
            _WORDS.clear()
        hit = _WORDS[id(chapter)] = (chapter, file_texts(chapter.actions, chapter.items, chapter.all_rules()))
    return hit[1]


def render(event: Event, lang: str = "en", content: Content | None = None) -> str:
    """The sentence for ``event`` in ``lang``."""
    content = content or builtin_content()
    params = event.params

    def value_of(key: str) -> str:
        if key == "text" and event.msg == "story":
            chapter = content.chapters.get(str(params.get("chapter")))
            text = chapter.story.get(str(params.get("moment"))) if chapter else None
            return text.get(lang) if text else str(params.get("moment"))
        if key == "text" and event.msg == "explore_gated":  # a chapter gate's refusal, in the file's own words
            chapter = content.chapters.get(str(params.get("chapter")))
            reason = gate_reason(chapter.all_rules(), str(params.get("rule"))) if chapter else None
            return (reason[1] if lang == "pt_BR" else reason[0]) if reason else str(params.get("rule"))
        if key == "text" and "ref" in params:  # a chapter action, story choice or item: the file's own words
            chapter = content.chapters.get(str(params.get("chapter")))
            words = chapter_words(chapter).get(str(params["ref"])) if chapter else None
            return (words[1] if lang == "pt_BR" else words[0]) if words else str(params["ref"])
        if key not in params:
            return "{" + key + "}"
        if event.msg == "chapter_rule" and key in ("chapter_rule", "name"):  # a designer's id, read as words
            return str(params[key]).replace("_", " ").replace("-", " ")
        return _param_text(key, params[key], content, lang)

    # issue 45: Brodie staying where he is does not "pounce from X to X"
    stays = event.msg == "brodie_pounces" and params.get("src") == params.get("dst")
    # issue 46: a chapter rule's effect told by what it did ("The chapter's counter alarm is now 3."), not by the
    # rule's id and the effect's word ("A chapter rule (alarm-rises): counter.")
    effect = f"chapter_rule.do.{params.get('effect')}" if event.msg == "chapter_rule" else ""
    for code in (lang, "en"):
        cat = catalog(code)
        template = cat.get(f"{event.msg}.stays") if stays else cat.get(effect) if effect else None
        for key, value in params.items():
            if template is not None:
                break
            if value not in (None, False, [], "", 0) and f"{event.msg}.{key}" in cat:
                template = cat[f"{event.msg}.{key}"]
                break
        template = template or cat.get(event.msg)
        if template is not None:
            return contract(_fill(template, value_of), code)
    shown = ", ".join(f"{k}={value_of(k)}" for k in params)
    return f"{event.msg.replace('_', ' ')}" + (f" ({shown})" if shown else "")


def render_rule(event: Event, lang: str = "en", content: Content | None = None) -> str:
    """The sentence followed by the rule it applied, e.g. ``"... (R-MINION-03)"``."""
    text = render(event, lang, content)
    return f"{text} ({event.rule})" if event.rule else text
