"""The terminal's own sentences in English and Portuguese (``term.`` keys of the message catalogs).

Every key the terminal clients say is in both catalogs, with the same fields; a Portuguese plain-mode session
(what a screen reader reads aloud) and the Portuguese full-screen app say nothing from the English catalogs.
"""

from __future__ import annotations

import ast
import io
import json
import re
import string
import tempfile
from pathlib import Path

import pytest
from textual.widgets import Footer, Static, TabbedContent
from tuikit import PARTY, play_greedy, run_in_thread
from typer.testing import CliRunner

import mnm.terminal
from mnm.cli import app as cli_app
from mnm.engine import LANGUAGES, catalog
from mnm.engine.game import Game
from mnm.presentation import info
from mnm.terminal import app as app_module
from mnm.terminal import screens as screens_module
from mnm.terminal.app import PlayApp
from mnm.terminal.lang import PREFIX, contract, lang_code, place_name, say
from mnm.terminal.plain import PlainClient
from mnm.terminal.screens import TextScreen

PG = "proving-grounds"
TERMINAL = Path(mnm.terminal.__file__).parent


def term_keys(lang: str) -> dict[str, str]:
    return {k.removeprefix(PREFIX): v for k, v in catalog(lang).items() if k.startswith(PREFIX)}


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def literal_keys() -> set[str]:
    """Every key the terminal's code asks for literally: ``say(lang, "k")``, ``self.t("k")``, ``known("k")``."""
    keys: set[str] = set()
    for path in TERMINAL.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            args = node.args[1:] if name == "say" else node.args if name in ("t", "known") else []
            if args and isinstance(args[0], ast.Constant) and isinstance(args[0].value, str):
                keys.add(args[0].value)
    return keys


def calls_with_fields() -> list[tuple[str, str, set[str]]]:
    """(where, key, keyword names given) for every call with a literal key and only named arguments."""
    out = []
    for path in TERMINAL.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or any(k.arg is None for k in node.keywords):
                continue
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            args = node.args[1:] if name == "say" else node.args if name == "t" else []
            if args and isinstance(args[0], ast.Constant) and isinstance(args[0].value, str):
                out.append((f"{path.name}:{node.lineno}", args[0].value, {k.arg for k in node.keywords if k.arg}))
    return out


def test_every_call_gives_the_fields_its_sentences_use() -> None:
    calls = calls_with_fields()
    assert len(calls) > 150
    for lang in LANGUAGES:
        words = term_keys(lang)
        missing = [
            (where, key, sorted(fields(words[key]) - given))
            for where, key, given in calls
            if key in words and not fields(words[key]) <= given
        ]
        assert missing == [], lang


def test_both_languages_have_the_same_terminal_keys_with_the_same_fields() -> None:
    en, pt = term_keys("en"), term_keys("pt_BR")
    assert len(en) > 250
    assert sorted(set(en) - set(pt)) == []
    assert sorted(set(pt) - set(en)) == []
    # Portuguese leaves out an English-only detail where the engine's reason is English (the web does the same)
    english_detail = {"not_allowed": {"why"}, "answer.not_understood": {"why"}, "load_failed": {"why"}}
    for key, text in en.items():
        assert pt[key].strip(), key
        assert fields(pt[key]) | english_detail.get(key, set()) >= fields(text), key
        assert fields(pt[key]) <= fields(text) | ({"path"} if key == "load_failed" else set()), key


def test_every_key_the_code_says_is_in_the_catalogs() -> None:
    used = literal_keys()
    assert {"plain.welcome", "moves_line", "dice.help", "quit.title"} <= used  # the scan finds the calls
    for lang in LANGUAGES:
        missing = sorted(k for k in used if k not in term_keys(lang))
        assert missing == [], f"{lang} lacks {missing}"


def test_keys_made_from_ids_are_in_the_catalogs() -> None:
    """Keys the code builds from an id: the footer's key labels, the quit letters, edges, colours, statuses."""
    from mnm.engine import VERBS

    labels = set()
    ours = [
        c
        for module in (app_module, screens_module)
        for c in vars(module).values()
        if isinstance(c, type) and c.__module__ == module.__name__
    ]
    assert PlayApp in ours and TextScreen in ours
    for cls in ours:
        for b in vars(cls).get("BINDINGS", []):
            if getattr(b, "description", ""):
                labels.add("key." + re.sub(r"\W+", "_", b.action).strip("_"))
    made = labels | {f"quit.key_{w}" for w in ("quit", "save", "stay")} | {"key.answer_quit", "key.answer_save"}
    made |= {f"map.edge_{e}" for e in "nesw"} | {f"map.colour_{c}" for c in ("blue", "orange")}
    made |= {f"status.{s}" for s in ("playing", "won", "lost")}
    made |= {f"action.{v}" for v in VERBS if v != "share"}
    for lang in LANGUAGES:
        assert sorted(made - set(term_keys(lang))) == [], lang


def english_only_fragments() -> list[str]:
    """The literal pieces of the English catalogs (events, terminal, mnm.presentation.info) that no Portuguese text has."""
    pt_texts = list(catalog("pt_BR").values()) + list(info.LABELS["pt_BR"].values())
    pieces: set[str] = set()
    for text in [*catalog("en").values(), *info.LABELS["en"].values()]:
        for literal, _, spec, _ in string.Formatter().parse(text):
            for piece in [literal, *(spec.split("|") if spec and "|" in spec else [])]:
                piece = piece.strip(" .,:;()'\"?!-")
                if len(re.findall(r"[A-Za-z]{2,}", piece)) >= 2 or (len(piece) >= 6 and piece.isalpha()):
                    pieces.add(piece)
    return sorted(p for p in pieces if not any(p in t for t in pt_texts))


def english_in(out: str) -> list[str]:
    """The English-only fragments said in ``out`` (an action's text form in brackets is typed, not said)."""
    said = re.sub(r"\[[a-z]+ [^\]]*\]", "", out)
    return [p for p in english_only_fragments() if re.search(rf"(?<![\w-]){re.escape(p)}(?![\w-])", said)]


def test_the_english_fragments_are_found_in_english_output() -> None:
    """The check below can fail: an English session is full of them."""
    game = Game.new(PG, PARTY, seed=4)
    out = io.StringIO()
    PlainClient(game, io.StringIO("help\nchoices\nlook\nmap\n"), out).run()
    found = english_in(out.getvalue())
    assert any(p.startswith("Type the number of a choice, or an action in its text form") for p in found)
    assert "Minion wheel" in found


def test_a_portuguese_plain_game_says_nothing_in_english() -> None:
    """A whole won game in pt-BR with every command a player might type: every line is Portuguese (a screen
    reader user hears no English sentence)."""
    texts = play_greedy(Game.new(PG, PARTY, seed=4))
    commands = [
        "ajuda",
        "escolhas",
        "olhar",
        "mapa",
        "recentes",
        "examinar adaga",
        "examinar 5:3",
        "examinar",
        "xyz",
        "99",
        "",
        "move",
        "desfazer",
        "histórico",
    ]
    lines = commands + texts[:6] + ["choices", "help", "log"] + texts[6:]
    out = io.StringIO()
    client = PlainClient(Game.new(PG, PARTY, seed=4), io.StringIO("".join(f"{x}\n" for x in lines)), out, lang="pt_BR")
    assert client.run() == 0
    text = out.getvalue()
    assert client.game.state.status == "won"
    assert text.startswith("Mice and Mystics. Digite 'ajuda' em qualquer pergunta.\n")
    assert "Digite o número de uma escolha" in text  # ajuda
    assert "Roda dos lacaios: 0 de 6 queijos" in text  # olhar
    assert "Não há a escolha 99" in text and "Nada foi digitado" in text
    assert f"Vitória! {client.game.ctx.chapter.victory_text.get('pt_BR')}" in text
    assert english_in(text) == []


def test_a_portuguese_companion_game_asks_and_explains_in_portuguese() -> None:
    """--dice manual in pt-BR: the dice questions, their help and the errors are Portuguese."""
    game = Game.new(PG, PARTY, seed=4, dice="manual")
    d = game.decision()
    assert d is not None
    lines = ["1", "1", "1", "1", "ajuda", "7", "2", "2B", "1C"] + ["1"] * 12
    out = io.StringIO()
    PlainClient(game, io.StringIO("".join(f"{x}\n" for x in lines)), out, lang="pt_BR").run()
    text = out.getvalue()
    assert "Role 1 dado para movimento de " in text
    assert "Digite cada dado como está impresso: o número e depois os símbolos." in text
    assert "Letras: S espada, X espada e escudo, B arco, C queijo, + estrela" in text
    assert "'7' não é uma face do dado: os números do dado são 1, 2, 3." in text
    assert "O 2 está impresso em 2 faces" in text
    assert english_in(text) == []


def test_cli_lang_option() -> None:
    runner = CliRunner()
    done = runner.invoke(
        cli_app, ["play", "--plain", "--no-autosave", "--chapter", PG, "--lang", "pt-BR"], input="sair\n"
    )
    assert done.exit_code == 0, done.output
    assert done.output.startswith("Mice and Mystics. Digite 'ajuda' em qualquer pergunta.\n")
    assert done.output.rstrip().endswith("Até logo.")
    bad = runner.invoke(cli_app, ["play", "--plain", "--lang", "fr"], input="")
    assert bad.exit_code == 2
    assert "--lang is 'en' or 'pt-BR', not 'fr'" in bad.output


@pytest.mark.parametrize(("typed", "code"), [("en", "en"), ("pt-BR", "pt_BR"), ("pt_br", "pt_BR"), ("PT", "pt_BR")])
def test_lang_codes(typed: str, code: str) -> None:
    assert lang_code(typed) == code


def test_plurals_and_missing_keys() -> None:
    assert say("en", "choice.points", n=1) == "1 point"
    assert say("pt_BR", "choice.points", n=3) == "3 pontos"
    assert say("pt_BR", "no.such.key") == "no.such.key"
    # a field the caller left out: the English sentence if it can be said, else the key (never an error)
    assert say("pt_BR", "load_failed", why="x.json is not a save") == (
        "Could not load: x.json is not a save. The game in progress goes on."
    )
    assert say("en", "saved") == "saved"


def test_hostile_load_inside_a_portuguese_plain_game() -> None:
    """'carregar FILE' of a save that names a space the board lacks: one Portuguese line, the game goes on."""
    game = Game.new(PG, PARTY, seed=4)
    data = game.to_json()
    data["state"]["heroes"]["filch"]["space"] = "99:99"
    path = Path(tempfile.mkdtemp()) / "hostile.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    out = io.StringIO()
    client = PlainClient(game, io.StringIO(f"carregar {path}\n"), out, lang="pt_BR")
    assert client.run() == 1  # the input ended; nothing crashed
    said = out.getvalue()
    assert (
        f"Não foi possível carregar {path}: não é um jogo salvo que dê para usar. O jogo em andamento continua." in said
    )
    assert client.game is game and "Traceback" not in said


def test_the_app_in_portuguese() -> None:
    """The full-screen app with --lang pt-BR: tabs, status line, question, footer keys and help in Portuguese."""

    async def scenario() -> None:
        app = PlayApp(Game.new(PG, PARTY, seed=4), lang="pt_BR")
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            tabs = app.query_one("#side", TabbedContent)
            labels = [str(tab.label) for tab in tabs.query("Tab")]
            assert labels[:3] == ["Mesa", "Heróis", "Registro"]
            status = str(app.query_one("#status", Static).render())
            assert "Rodada 1  ampulheta 1/" in status
            question = str(app.query_one("#question", Static).render())
            assert "#5 pega a escolha 5" in question
            board = str(app.query_one("#board", Static).render())
            assert " A Casa de Guarda (5) " in board and "Guard Room" not in board
            table = str(app.query_one("#table", Static).render())
            assert "Roda dos lacaios" in table and "Legenda" in table
            footer = app.query_one(Footer)
            assert footer.display
            shown = {b.description for _, b, _, _ in app.active_bindings.values() if b.show}
            assert {"Ajuda", "Salvar", "Desfazer", "Dica", "Examinar", "Sair"} <= shown
            await pilot.press("f1")
            await pilot.pause()
            assert isinstance(app.screen, TextScreen) and app.screen.title_text == "Ajuda"
            assert english_in(app.screen.body) == []
            await pilot.press("escape")
            await pilot.press(*"xyz", "enter")
            await pilot.pause()
            assert app.message.startswith("Não entendi. Digite um número de 1 a ")

    run_in_thread(scenario)


def test_choices_repeats_the_list_in_the_app() -> None:
    """'choices' (and 'list', 'escolhas') in the full-screen app shows the question and every numbered choice."""

    async def scenario() -> None:
        app = PlayApp(Game.new(PG, PARTY, seed=4))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            d = app.game.decision()
            assert d is not None
            for word in ("choices", "list", "escolhas"):
                await pilot.press(*word, "enter")
                await pilot.pause()
                assert isinstance(app.screen, TextScreen)
                assert app.screen.title_text == app.words.question(app.game, d)
                rows = app.screen.body.splitlines()
                assert len(rows) == len(d.options)
                assert rows[0] == f"#1  {app.words.action(app._numbered[0][1], actor=d.actor)}  [{app._numbered[0][1]}]"
                await pilot.press("enter")
                await pilot.pause()
                assert not isinstance(app.screen, TextScreen)

    run_in_thread(scenario)


def test_every_place_and_feature_on_the_boards_has_a_portuguese_name() -> None:
    """Places printed on the boards come from the web client's table (one list for both clients); features from
    the catalogs. A Portuguese map never says an English name."""
    from mnm.content.loader import builtin_content

    content = builtin_content()
    names, features = set(), set()
    for chapter in content.chapters:
        board = Game.new(chapter, PARTY, seed=1, content=content).ctx.board
        names |= {sp.name for sp in board.spaces.values() if sp.name}
        for side in board.graphs:
            features |= {f for sp in board.graph(side).spaces for f in sp.features}
    assert {"the cell", "sewer grate"} <= names and "helmet" in features
    assert sorted(n for n in names if place_name(n, "pt_BR") == n) == []
    assert sorted(f for f in features if f"feature.{f}" not in term_keys("pt_BR")) == []
    assert place_name("the cell", "pt_BR") == "a cela" and place_name("the cell", "en") == "the cell"


def test_portuguese_contractions() -> None:
    assert contract("Filch está em A Casa de Guarda, espaço 3.", "pt_BR") == "Filch está na Casa de Guarda, espaço 3."
    assert contract("de O Campo de Provas por A Cozinha", "pt_BR") == "do Campo de Provas pela Cozinha"
    assert contract("de A Casa 3 para A Casa 5 com Os Ratos", "pt_BR") == "da Casa 3 para a Casa 5 com os Ratos"
    assert contract("Filch is in A Room", "en") == "Filch is in A Room"


def test_no_figure_mark_reads_as_a_space_name() -> None:
    """Issue 45: roaches were drawn "s1", "s2", and ``s12`` is how a space is typed. No mark on the board (a
    mouse, a minion numbered 1-9, a marker) is ``s`` and a digit, in either case; the roaches are on the board
    with their own mark, named in the legend."""
    from mnm.engine.scenario import load_scenario, scenario_from_yaml
    from mnm.terminal.boardmap import TOKEN_MARKS, FigureMarks, board_text

    data = scenario_from_yaml(
        (Path(__file__).parents[2] / "examples/scenarios/ambush-mid-round.yaml").read_text(encoding="utf-8")
    )
    game = load_scenario({k: v for k, v in data.items() if k not in ("actions", "expect")})
    marks = FigureMarks.of(game.ctx.content)
    drawn = [mark for mark, _ in marks.heroes.values()] + [mark for mark, _ in TOKEN_MARKS.values()]
    drawn += [marks.minion(f"{mtype}-{n}", mtype) for mtype in game.ctx.content.minions for n in range(1, 10)]
    assert not [mark for mark in drawn if re.fullmatch(r"[sS]\d", mark)]
    assert len(set(marks.minion_letters.values())) == len(marks.minion_letters)  # one letter per minion type
    roach = marks.minion("roach-1", "roach")
    board, _ = board_text(game)
    assert roach in board.plain and "s1" not in board.plain

    async def table_tab() -> str:
        app = PlayApp(game)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            return str(app.query_one("#table", Static).render())

    assert f" {roach} Roaches" in run_in_thread(table_tab)  # the Table tab's legend names the mark
