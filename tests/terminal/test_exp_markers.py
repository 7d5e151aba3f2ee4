"""[EXP] The expansion's markers on the terminal (issue 15, point 4): the board draws lava, chasms, stalagmites and
shallow water with a pattern as well as a colour, leaves with the way they drift, turtles, bees, Olga, the mortar,
a branch, the tree-climb symbol, Hesster's tail and body, allies and pets, flying minions in their own colour, and
mice on fire or cursed on a coloured ground; a legend under the board names each one, the status line and the Table
tab say the weather, ``inspect`` says what each one does (mnm.presentation.info), and the plain mode (``mnm play --plain``)
describes them. Positions: the showcase scenarios examples/scenarios/exp-board-*.yaml."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.text import Text
from textual.widgets import Static
from tuikit import run_in_thread

from mnm.presentation import info
from mnm.terminal.app import PlayApp
from mnm.terminal.boardmap import CURSE_BG, FIRE_BG, FLYING, side_lines
from mnm.terminal.plain import PlainClient
from mnm.terminal.screens import TextScreen
from scenariokit import scenario_game

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "out" / "terminal"


def _style_of(lines: list[Text], mark: str) -> list[str]:
    """The styles of every place ``mark`` is written in the drawing (as text: colour and ground)."""
    out = []
    for line in lines:
        start = line.plain.find(mark)
        while start >= 0:
            out.append(str(line.get_style_at_offset(_console(), start)))
            start = line.plain.find(mark, start + 1)
    return out


def _console():  # type: ignore[no-untyped-def]
    from rich.console import Console

    return Console()


@pytest.mark.rule("R-EXP-05")
@pytest.mark.rule("R-NEG-07")
@pytest.mark.rule("R-NEG-08")
def test_the_trickle_side_draws_each_marker_in_its_own_mark() -> None:
    game = scenario_game("exp-board-trickle")
    trickle = side_lines(game, 17)
    text = "\n".join(line.plain for line in trickle)
    assert "L↓" in text  # leaf 1 (17:9) and leaf 2 (17:13) drift south
    for mark in ("Tt", "Be", "Al", "Pt"):
        assert mark in text, mark
    assert " ~ " in text  # the ford's shallow water has a pattern, not only a colour
    assert any(FIRE_BG in s for s in _style_of(trickle, "Ti"))  # Tilda on fire
    assert any(CURSE_BG in s for s in _style_of(trickle, "Co"))  # Collin cursed
    assert any(FLYING.lower() in s.lower() for s in _style_of(trickle, "x1"))  # the flying Hex Moth
    hollow = "\n".join(line.plain for line in side_lines(game, 19))
    assert "Og" in hollow and "Br" in hollow and "Tc" in hollow  # Olga, the branch, the tree-climb symbol
    assert "Gk" in hollow  # the gecko-print flip space (19:9)
    crown = "\n".join(line.plain for line in side_lines(game, 21))
    assert crown.count("Eb") == 2  # the Oak Crown's two exit branches (21:5, 21:8), R-EXP-20


@pytest.mark.rule("R-EXP-04")
@pytest.mark.rule("R-EXP-14")
@pytest.mark.rule("R-EXP-21")
def test_the_ember_vault_sides_draw_lava_chasm_stalagmites_and_hesster() -> None:
    game = scenario_game("exp-board-ember-vault")
    bank = "\n".join(line.plain for line in side_lines(game, 18))
    vault = "\n".join(line.plain for line in side_lines(game, 20))
    assert "≈t" in bank and bank.count("≈≈") == 2  # Hesster's tail (18:2) and two body segments (18:4, 18:7)
    assert "▲" in bank and "▲" in vault  # stalagmites
    assert " ≈ " in vault  # the lava flow's pattern
    assert "▚" in vault  # the chasm's
    assert "Mo" in vault  # the mortar


def _app_texts(name: str, lang: str = "en") -> dict[str, str]:
    game = scenario_game(name)
    out: dict[str, str] = {}

    async def scenario() -> None:
        app = PlayApp(game)
        app.words.lang = lang
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            while isinstance(app.screen, TextScreen):
                await pilot.press("enter")
                await pilot.pause()
            out["status"] = str(app.query_one("#status", Static).render())
            out["table"] = str(app.query_one("#table", Static).render())
            out["board"] = str(app.query_one("#board", Static).render())
            SHOTS.mkdir(parents=True, exist_ok=True)
            app.save_screenshot(filename=f"issue15-{name}.svg", path=str(SHOTS))
            for what in ("leaf 1", "lava", "on fire", "Hesster's tail"):
                app.inspect(what)
                await pilot.pause()
                screen = app.screen
                assert isinstance(screen, TextScreen)
                out[f"inspect {what}"] = screen.body
                await pilot.press("enter")
                await pilot.pause()

    run_in_thread(scenario)
    return out


@pytest.mark.rule("R-EXP-07")
@pytest.mark.rule("R-EXP-11")
def test_the_app_names_the_markers_in_its_legend_and_says_the_weather() -> None:
    seen = _app_texts("exp-board-trickle")
    assert "Rain, Nightfall" in seen["status"]
    assert "○○○○○☾" in seen["status"] and "○○○○○☾" in seen["table"]  # the moon fills the wheel's last place
    assert "Weather Rain, Nightfall" in seen["table"]
    for name in ("Shallow water", "Tree-climb symbol", "Tree branch", "Gecko print", "Leaf", "Turtle", "Pesky Bee", "Olga", "Ally",
                 "Pet", "Flying", "On fire", "Cursed"):  # fmt: skip
        assert name in seen["board"], name
    assert " L↓ Leaf " in seen["board"] and " Tt Turtle " in seen["board"] and " Co On fire " in seen["board"]
    assert "L↓" in seen["board"] and "Og" in seen["board"]
    game = scenario_game("exp-board-trickle")
    assert seen["inspect leaf 1"] == "\n".join(info.token(game.ctx.content, game.state, "leaf-1")["lines"])
    assert "It drifts south, into space 12." in seen["inspect leaf 1"]
    assert seen["inspect lava"] == info.marker("lava")["lines"][0]
    assert seen["inspect on fire"] == "On fire: 1 wound at the end of each of its turns until the fire is put out."
    assert seen["inspect Hesster's tail"].startswith("Hesster's tail: it stays put when he strikes")


def test_the_app_legend_of_the_ember_vault() -> None:
    seen = _app_texts("exp-board-ember-vault")
    for name in ("Lava", "Chasm", "Shallow water", "Stalagmite", "Clockwork Mortar", "Flying", "On fire", "Cursed",
                 "Hesster's head", "Hesster's body", "Hesster's tail", "Molox"):  # fmt: skip
        assert name in seen["board"], name
    assert "Weather" not in seen["table"]


def _plain(name: str, lines: list[str]) -> str:
    out = io.StringIO()
    PlainClient(scenario_game(name), io.StringIO("\n".join(lines) + "\n"), out).run()
    return out.getvalue()


@pytest.mark.rule("R-EXP-05")
@pytest.mark.rule("R-EXP-07")
@pytest.mark.rule("R-NEG-08")
def test_plain_mode_describes_fire_curse_weather_and_the_terrain_of_a_space() -> None:
    said = _plain("exp-board-trickle", ["look", "map 17", "look 17:9", "quit", "yes"])
    assert "Rain: every current is strong, so mice and leaves drift 2 spaces, and fire goes out outdoors." in said
    assert "Nightfall: the moon takes a place on the minion wheel until the next surge." in said
    assert "Tilda is on fire: 1 wound at the end of each of its turns until the fire is put out." in said
    assert "Prince Collin is cursed: every cheese it rolls in battle goes on the minion wheel" in said
    assert "Space 18 (the ford, Shallow water)" in said  # map: the terrain of each space
    assert "Space 9 (water, Leaf 1 → south)" in said
    assert "It drifts south, into space 12." in said  # look 17:9: the leaf's sentence


@pytest.mark.rule("R-EXP-14")
@pytest.mark.rule("R-EXP-21")
def test_plain_mode_says_where_hesster_lies_and_where_the_stalagmites_stand() -> None:
    said = _plain("exp-board-ember-vault", ["look", "map 18", "map 20", "quit", "yes"])
    assert (
        "Hesster lies on Under the Bank, space 2, Under the Bank, space 4, Under the Bank, space 7 and Under the "
        "Bank, space 9 (tail first, head last)." in said
    )
    assert "Space 2 (minion entry, Hesster's tail)" in said
    assert "Space 12 (lava flow, Lava)" in said and "Space 13 (the chasm, Chasm)" in said
    assert "Stalagmite next to spaces 7, 8, 11, 13: a spike of rock that nobody enters; it blocks the view." in said
    assert "Prince Collin is on fire" in said and "Tilda is cursed" in said


def test_plain_mode_in_portuguese_words_come_from_the_same_place() -> None:
    game = scenario_game("exp-board-trickle")
    assert info.weather(game.state, "pt_BR") == [
        "Chuva: toda correnteza é forte, então ratos e folhas descem 2 espaços, e o fogo se apaga ao ar livre.",
        "Anoitecer: a lua ocupa um lugar na roda dos lacaios até a próxima onda.",
    ]
    assert info.status_lines(game.ctx.content, game.state, "tilda", "pt_BR") == [
        "Tilda: em chamas. 1 ferimento no fim de cada turno até o fogo ser apagado."
    ]
    assert info.space_marks(game.ctx.content, game.state, "17:9", "pt_BR") == ["Folha 1 → sul"]


def test_every_marker_has_words_in_both_languages_and_a_terminal_mark() -> None:
    """mnm.presentation.info.MARKERS is the one list of markers: each has a name and a text in English and Portuguese, and the
    terminal's legend has a mark for each (the web's glyphs are checked in the browser test)."""
    from mnm.terminal.boardmap import FigureMarks, _legend_glyph

    assert set(info.MARKERS["en"]) == set(info.MARKERS["pt_BR"])
    for lang in ("en", "pt_BR"):
        for kind, (name, text) in info.MARKERS[lang].items():
            assert name and text and not text.endswith(".."), (lang, kind)
    game = scenario_game("exp-board-ember-vault")
    marks = FigureMarks.of(game.ctx.content)
    for kind in info.MARKERS["en"]:
        if kind in ("rain", "moon"):
            continue  # weather: said in words on the status line (and the moon on the wheel)
        glyph, _style = _legend_glyph(game, marks, kind)
        assert len(glyph) == 2 and glyph != "??", kind
