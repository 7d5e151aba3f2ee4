"""Event sentences and decision questions: plural forms, names of chapters and sides, full catalogs."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import mnm.engine
import mnm.engine.game
from mnm.engine.context import DECISIONS
from mnm.engine.events import Event, Param
from mnm.engine.i18n import LANGUAGES, catalog, render, with_article

ENGINE = Path(mnm.engine.__file__).parent


def emitted_ids() -> set[str]:
    """Every message id the engine emits: the literal first argument of each ``ctx.emit(...)`` call."""
    ids: set[str] = set()
    for path in ENGINE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "emit":
                first = node.args[0] if node.args else None
                assert isinstance(first, ast.Constant) and isinstance(first.value, str), (
                    f"{path.name}:{node.lineno}: emit a literal message id so the catalogs can be checked"
                )
                ids.add(first.value)
    return ids


def test_every_emitted_message_has_a_sentence_in_both_languages() -> None:
    ids = emitted_ids()
    assert {"chapter_begins", "mouse_wounded", "minion_moves"} <= ids  # the scan finds the calls
    for lang in LANGUAGES:
        missing = sorted(i for i in ids if i not in catalog(lang))
        assert missing == [], f"{lang} catalog lacks {missing}"


def test_every_decision_kind_has_a_question_in_both_languages() -> None:
    assert {"turn", "found_card", "rescue"} <= set(DECISIONS)
    for kind in DECISIONS.values():
        assert kind.prompt == f"{kind.name}_prompt", f"decision {kind.name!r} has prompt {kind.prompt!r}"
        for lang in LANGUAGES:
            assert kind.prompt in catalog(lang), f"{lang} catalog lacks {kind.prompt}"
            assert catalog(lang)[kind.prompt].endswith("?")


WOUNDED: dict[str, Param] = {"hero": "filch", "source": "rat-warrior-2", "total": 3}
MOVES: dict[str, Param] = {"minion": "rat-warrior-2", "src": "5:3", "dst": "5:7", "target": "filch", "tied": []}


@pytest.mark.parametrize(
    ("event", "lang", "text"),
    [
        (Event("mouse_wounded", {**WOUNDED, "wounds": 1}), "en", "Filch takes 1 wound from Rat Warrior 2 (3 in all)."),
        (Event("mouse_wounded", {**WOUNDED, "wounds": 2}), "en", "Filch takes 2 wounds from Rat Warrior 2 (3 in all)."),
        (Event("mouse_wounded", {**WOUNDED, "wounds": 1}), "pt_BR", "Filch sofre 1 ferimento de Guerreiro Ratazana 2 (3 no total)."),
        (Event("minion_moves", {**MOVES, "steps": 1}), "en", "Rat Warrior 2 moves 1 space, from Guard Room 3 to Guard Room 7, toward Filch, the closest mouse."),
        (Event("minion_moves", {**MOVES, "steps": 1}), "pt_BR", "Guerreiro Ratazana 2 anda 1 espaço, da Casa de Guarda 3 para a Casa de Guarda 7, na direção de Filch, o rato mais próximo."),
        (Event("mouse_moves", {"hero": "filch", "src": "5:3", "dst": "5:7", "cost": 1, "left": 1}), "pt_BR", "Filch anda da Casa de Guarda 3 para a Casa de Guarda 7 (custo 1, resta 1)."),
        (Event("mouse_moves", {"hero": "filch", "src": "5:3", "dst": "5:7", "cost": 1, "left": 2}), "pt_BR", "Filch anda da Casa de Guarda 3 para a Casa de Guarda 7 (custo 1, restam 2)."),
        (Event("wheel_cheese", {"amount": 1, "source": "rat-warrior-2", "wheel": 4}), "pt_BR", "1 queijo vai para a roda dos lacaios por Guerreiro Ratazana 2 (agora 4)."),
        (Event("chapter_begins", {"chapter": "flight-to-barksburg", "party": ["collin", "filch"]}), "en", "Flight to Barksburg begins with Prince Collin and Filch."),
        (Event("chapter_begins", {"chapter": "flight-to-barksburg", "party": ["collin"]}), "pt_BR", "Voo para Barksburg começa com Príncipe Collin."),
        (Event("special_surge", {"side": 6}), "en", "Special surge on The Sewer."),
        (Event("explores_exit", {"hero": "filch", "src": 5, "dst": 4}), "en", "Filch explores from Guard Room to Kitchen Tunnels."),
    ],
)
def test_sentences_use_singular_plural_and_names(event: Event, lang: str, text: str) -> None:
    assert render(event, lang) == text


def test_articles_in_explanations() -> None:
    assert [with_article(w) for w in ("item", "accessory", "armor", "weapon", "scroll")] == [
        "an item", "an accessory", "an armor", "a weapon", "a scroll",
    ]


def test_portuguese_minion_sentences_need_no_gender_agreement() -> None:
    """Minion names are masculine (Guerreiro Ratazana) or feminine (Barata): the Portuguese sentences about a
    minion are phrased so that both read right."""
    from mnm.engine.events import Event
    from mnm.engine.i18n import render

    assert render(Event("minion_defeated", {"minion": "roach-3", "by": "tilda"}), "pt_BR") == "Tilda derrota Barata 3."
    assert render(Event("minion_defeated", {"minion": "roach-3", "by": None}), "pt_BR") == "Barata 3 cai."
    assert render(Event("minion_defeated", {"minion": "roach-3", "by": None})) == "Roach 3 is defeated."
    assert render(Event("minion_knocked_down", {"minion": "rat-warrior-1"}), "pt_BR") == "Guerreiro Ratazana 1 vai ao chão."


def test_portuguese_place_names_contract_in_the_sentences_the_web_shows() -> None:
    """The web shows the engine's sentences (server ``event_json``): "de A Casa de Guarda" reads "da Casa de
    Guarda", as in the terminal (one ``contract`` for both, in ``mnm.engine.i18n``)."""
    from mnm.content.loader import builtin_content
    from mnm.server.views import event_json

    placed = Event("minion_placed", {"minion": "rat-warrior-2", "space": "5:3", "why": "", "reason": "surge"})
    moved = Event("minion_moves", {**MOVES, "steps": 2})
    assert event_json(placed, builtin_content())["text"] == {
        "en": "Rat Warrior 2 is placed on Guard Room 3.",
        "pt": "Guerreiro Ratazana 2 entra no tabuleiro na Casa de Guarda 3.",
    }
    assert event_json(moved, builtin_content())["text"]["pt"] == (
        "Guerreiro Ratazana 2 anda 2 espaços, da Casa de Guarda 3 para a Casa de Guarda 7, na direção de Filch, "
        "o rato mais próximo."
    )


@pytest.mark.parametrize(
    ("event", "text"),
    [
        (Event("scurry", {"hero": "filch", "face": 3, "number": 3, "points": 7}), "Filch foge: 3 (espada e escudo) soma 3, total de 7 pontos de movimento."),
        (Event("card_found", {"hero": "filch", "face": 5, "card": "dagger"}), "Filch busca (3 (espada e escudo + estrela)) e encontra Adaga."),
        (Event("search_fails", {"hero": "filch", "face": 2}), "Filch busca (2 (espada + estrela)) e não encontra nada."),
        (Event("may_search_again", {"hero": "filch"}), "Filch pode buscar neste bloco de novo."),
    ],
)  # fmt: skip
def test_portuguese_search_and_scurry_sentences_use_the_rulebooks_words(event: Event, text: str) -> None:
    """The Portuguese rulebook's actions are Buscar (uma busca) and Fugir (uma fuga), as the terminal's and the
    web's action labels say; the event sentences follow them (not "procura", "corre")."""
    assert render(event, "pt_BR") == text


def _web_table(lang: str, table: str) -> dict[str, str]:
    """One flat table (``verbs``, ``purposes``) of the web client's strings (``mnm/web/i18n.js``) in ``lang``."""
    import re

    web = (Path(mnm.engine.__file__).parents[1] / "web" / "i18n.js").read_text(encoding="utf-8")
    part = web[web.index(f"{lang}: {{") :]
    return dict(re.findall(r'(\w+): "([^"]+)"', part[part.index(f"{table}: {{") :].split("}", 1)[0]))


def test_the_web_has_a_label_for_every_verb_in_both_languages() -> None:
    """An expansion action (climb, glide, paddle, aim, whistle) on the web said "verbs.climb"."""
    for lang in ("en", "pt"):
        assert sorted(mnm.engine.VERBS - set(_web_table(lang, "verbs"))) == [], lang


def test_the_web_says_search_and_scurry_as_the_terminal_and_the_events_do() -> None:
    purposes, verbs = _web_table("pt", "purposes"), _web_table("pt", "verbs")
    cat = catalog("pt_BR")
    assert (purposes["search"], purposes["scurry"]) == (cat["term.purpose.search"], cat["term.purpose.scurry"])
    assert (verbs["search"], verbs["scurry"]) == ("Buscar", "Fugir")
    assert cat["term.action.search"] == "Buscar" and cat["term.action.scurry"].startswith("Fugir ")
