"""``mnm play --bots``: bot seats in both clients, the hint key / command, and the board's wrapped layout."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from textual.containers import ScrollableContainer
from textual.widgets import Input
from tuikit import PARTY, run_in_thread
from typer.testing import CliRunner

from mnm.bots.hints import Hint
from mnm.cli import app as cli_app
from mnm.engine.game import Game
from mnm.terminal.app import PlayApp
from mnm.terminal.boardmap import BIG, CELL_W, fit_layout, grid, layout_size
from mnm.terminal.main import campaign_game
from mnm.terminal.plain import PlainClient
from mnm.terminal.screens import HintScreen, TextScreen
from mnm.terminal.seats import Seats, find_hints, parse_bots

PG = "proving-grounds"
CH1 = "flight-to-barksburg"
FEW = 24  # hint playouts in tests: fast, too few to show any option (issue 44)
ENOUGH = 600  # room to screen the first question's options, then three on 100 playouts each (issue 44, mnm.bots.hints.MIN_PLAYOUTS)


def plain(game: Game, lines: list[str], bots: str = "", seed: int = 0) -> tuple[int, str, PlainClient]:
    out = io.StringIO()
    client = PlainClient(game, io.StringIO("".join(x + "\n" for x in lines)), out, None, Seats.of(bots, game, seed))
    client.hint_iterations = FEW
    return client.run(), out.getvalue(), client


def decision_actors(chapter: str, seed: int, log: list[str]) -> list[str]:
    """Whose decision each logged action answered, replayed on a fresh game."""
    g = Game.new(chapter, PARTY, seed=seed)
    actors = []
    for text in log:
        d = g.decision()
        assert d is not None
        actors.append(d.actor)
        g.apply(text)
    return actors


# --- seats ---------------------------------------------------------------------------------------------------


def test_parse_bots_seats_and_clear_errors() -> None:
    assert parse_bots("filch=heuristic, Maginos=random", PARTY) == {"filch": "heuristic", "maginos": "random"}
    every = parse_bots("all=heuristic", PARTY)
    assert every == {**dict.fromkeys(PARTY, "heuristic"), "party": "heuristic"}
    assert parse_bots("all=random,filch=search", PARTY)["filch"] == "search"  # later pairs win
    assert parse_bots("", PARTY) == {}
    for bad, says in [("filch", "hero=bot"), ("filch=clever", "unknown bot"), ("nez=random", "not in the party")]:
        with pytest.raises(ValueError, match=says):
            parse_bots(bad, PARTY)


def test_plain_all_bots_play_chapter_one_then_save_it_for_the_campaign(tmp_path: Path) -> None:
    """Nobody answers a question; at the end the one line typed saves the game, and Chapter 2 starts from it."""
    save = tmp_path / "end.json"
    code, out, client = plain(Game.new(CH1, PARTY, seed=3), [f"save {save}"], "all=heuristic", seed=3)
    g = client.game
    assert code == 0
    assert g.decision() is None and g.state.status == "won"  # the heuristic bot wins this seed
    assert "Type a number (" not in out  # nobody was asked
    bot_lines = [x for x in out.splitlines() if " (bot): " in x]
    assert len(bot_lines) == len(g.log)  # every action was a bot's, each shown once
    assert bot_lines[0].startswith("Prince Collin (bot): ") and bot_lines[0].endswith(f"[{g.log[0]}]")
    assert client.words.outcome(g) in out
    assert "To go on to the next chapter: save, then mnm play --campaign " in out
    assert out.rstrip().endswith(f"Saved to {save}.")
    assert out.count("--seed 3 plays this same game again.") == 2  # at the start and the end (issue 32)
    keep = ",".join(f"{h}=none" for h in PARTY)
    chapter_two = campaign_game(save, keep)
    assert chapter_two.ctx.chapter.id == g.ctx.chapter.next_chapter


def test_plain_one_bot_seat_answers_only_its_mouse() -> None:
    """Filch is a random bot; a person answers '1' to every other question until the game ends."""
    code, out, client = plain(Game.new(PG, PARTY, seed=2), ["#1"] * 400, "filch=random", seed=2)
    g = client.game
    assert code == 0 and g.decision() is None
    actors = decision_actors(PG, 2, g.log)
    bot_lines = [x for x in out.splitlines() if " (bot): " in x]
    assert actors.count("filch") == len(bot_lines) > 0
    assert all(x.startswith("Filch (bot): ") for x in bot_lines)
    asked = out.count("Type a number (") + out.count("Type a choice's number (")
    assert asked == len(actors) - actors.count("filch")


def test_bots_play_the_same_way_for_the_same_seed() -> None:
    logs = [plain(Game.new(PG, PARTY, seed=5), [], "all=random", seed=9)[2].game.log for _ in range(2)]
    assert logs[0] == logs[1]


def test_undo_takes_back_the_bots_answers_too() -> None:
    """Undo at a person's question after a bot's answer goes back to the previous person's question (else the
    bot would at once answer again what was just taken back)."""
    game = Game.new(PG, PARTY, seed=2)
    seats = Seats.of("tilda=heuristic", game, 2)
    first = game.decision()
    assert first is not None and first.actor == "collin" and first.kind == "choose_ability"
    game.apply(first.options[0])
    bot_answer = seats.choose(game)
    assert bot_answer is not None and bot_answer.actor == "tilda"
    game.apply(bot_answer)
    assert game.decision().actor == "filch"  # type: ignore[union-attr]
    assert seats.choose(game) is None  # a person's
    taken = seats.undo(game)
    assert taken == [str(bot_answer), str(first.options[0])]
    assert game.decision() == first and game.log == []
    assert seats.undo(game) == []  # nothing left to take back


def test_cli_play_plain_with_bots_and_a_bad_seat() -> None:
    runner = CliRunner()
    done = runner.invoke(cli_app, ["play", "--plain", "--chapter", PG, "--bots", "all=heuristic"], input="")
    assert done.exit_code == 0, done.output
    assert "Prince Collin (bot): " in done.output and "Victory" in done.output
    bad = runner.invoke(cli_app, ["play", "--plain", "--seat", "nobody=random"], input="")
    assert bad.exit_code == 2
    assert "not in the party" in bad.output


# --- hints ---------------------------------------------------------------------------------------------------


@pytest.fixture
def untimed(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hints on a playout budget only (no time limit): the same answer on a loaded machine as on a quiet one."""
    from mnm.bots.hints import hints

    def find(game: Game, iterations: int = ENOUGH, count: int = 3, lang: str = "en") -> list[Hint]:
        return hints(game, count=count, iterations=iterations, seed=len(game.log), lang=lang, seconds=None)

    monkeypatch.setattr("mnm.terminal.plain.find_hints", find)
    monkeypatch.setattr("mnm.terminal.app.find_hints", find)
    monkeypatch.setattr(__name__ + ".find_hints", find)


@pytest.mark.usefixtures("untimed")
def test_plain_hint_lists_three_choices_and_picking_one_plays_it() -> None:
    game = Game.new(PG, PARTY, seed=4)
    d = game.decision()
    assert d is not None
    expected = find_hints(game, ENOUGH)
    assert len(expected) == 3 and all(h.playouts >= 100 for h in expected)
    first = d.options.index(expected[0].action) + 1
    out = io.StringIO()
    client = PlainClient(game, io.StringIO(f"hint\n{first}\nquit\n"), out, None, Seats.of("", game, 0))
    client.hint_iterations = ENOUGH
    assert client.run() == 0
    lines = out.getvalue().splitlines()
    at = lines.index("Hints, best first (type the choice's number, or the space for a move):")
    shown = lines[at + 1 : at + 4]
    for line, h in zip(shown, expected, strict=True):
        assert line.startswith(f"Choice {d.options.index(h.action) + 1}: ")
        # a player's words first (issue 44), the numbers after
        assert f"[{h.action}]: {h.words} (" in line and f"{h.playouts} playouts" in line and h.reason in line
    assert client.game.log == [str(expected[0].action)]


@pytest.mark.usefixtures("untimed")
def test_plain_hint_on_too_few_playouts_says_not_enough_and_ranks_nothing() -> None:
    """Issue 44: under an artificially tiny budget the hint says it has not measured enough, instead of ranking."""
    game = Game.new(PG, PARTY, seed=4)
    code, out, client = plain(game, ["hint", "quit"])
    assert code == 0
    text = out
    assert "Not enough yet to tell the choices apart" in text and "100 playouts" in text
    assert "Hints, best first" not in text and client.game.log == []


@pytest.mark.usefixtures("untimed")
def test_hint_key_shows_three_and_picking_plays_it() -> None:
    game = Game.new(PG, PARTY, seed=4)
    expected = find_hints(game, ENOUGH)

    async def scenario() -> None:
        app = PlayApp(game)
        app.hint_iterations = ENOUGH
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            while isinstance(app.screen, TextScreen):
                await pilot.press("enter")
                await pilot.pause()
            await pilot.press("f4")
            await app.workers.wait_for_complete()
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, HintScreen)
            assert screen.actions == [h.action for h in expected]
            assert expected[0].words in str(screen.labels[0]) and str(expected[0].action) in str(screen.labels[0])
            # the second hint under its own choice number (issue 32: "1" is choice #1 everywhere, not hint 1)
            number = next(n for n, a in app.numbering.shown.items() if a == expected[1].action)
            assert str(screen.labels[1]).startswith(f"#{number}")
            await pilot.press(*str(number), "enter")
            await pilot.pause()
            assert app.game.log == [str(expected[1].action)]
            # the typed command works too, and Escape closes without playing
            app.query_one("#command", Input).value = "hint"
            await pilot.press("enter")
            await app.workers.wait_for_complete()
            await pilot.pause()
            assert isinstance(app.screen, HintScreen)
            await pilot.press("escape")
            await pilot.pause()
            assert len(app.game.log) == 1 and not isinstance(app.screen, HintScreen)

    run_in_thread(scenario)


# --- bots in the app -----------------------------------------------------------------------------------------


def test_app_all_bots_play_a_whole_game_like_plain_mode() -> None:
    reference = plain(Game.new(PG, PARTY, seed=6), [], "all=heuristic", seed=6)[2].game
    game = Game.new(PG, PARTY, seed=6)

    async def scenario() -> None:
        app = PlayApp(game, seats=Seats.of("all=heuristic", game, 6))
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(2000):
                await pilot.pause()
                if isinstance(app.screen, TextScreen):
                    await pilot.press("enter")
                if app.game.decision() is None:
                    break
            assert app.game.decision() is None
            assert app.game.log == reference.log
            bot_lines = [x for x in app.log_lines if " (bot): " in x]
            assert len(bot_lines) == len(reference.log)

    run_in_thread(scenario)


def test_app_f5_pauses_the_bots_and_the_person_answers_for_them() -> None:
    game = Game.new(PG, PARTY, seed=6)

    async def scenario() -> None:
        app = PlayApp(game, seats=Seats.of("all=heuristic", game, 6), bot_pause=30.0)  # the bot never gets to it
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert app.bot_turn()
            await pilot.press("1", "enter")  # refused: the bot's decision
            await pilot.pause()
            assert app.game.log == [] and "bot" in app.message
            await pilot.press("f5")
            await pilot.pause()
            assert not app.bot_turn()
            d = app.game.decision()
            assert d is not None
            await pilot.press("1", "enter")
            await pilot.pause()
            assert app.game.log == [str(d.options[0])]

    run_in_thread(scenario)


# --- layout --------------------------------------------------------------------------------------------------


def test_board_wraps_tiles_onto_rows_when_narrower_than_the_layout() -> None:
    g = Game.new(CH1, PARTY, seed=1)
    small = (CELL_W, 1)
    assert layout_size(g, small) == (116, 14)  # three 38-column tiles and two gaps
    assert layout_size(g, small, 2) == (77, 28)
    assert fit_layout(g, 79, 28) == (small, 2)
    assert fit_layout(g, 39, 14) == (small, 1)
    assert fit_layout(g, 120, 20) == (small, None)
    assert fit_layout(g, 200, 60) == (BIG, None)
    tile_at = {xy: t for t, xy in grid(g).items()}
    wrapped = grid(g, 2)
    # reading order: the first two tiles stay side by side, the third starts the next row
    assert wrapped[tile_at[(0, 0)]] == (0, 0) and wrapped[tile_at[(1, 0)]] == (1, 0)
    assert wrapped[tile_at[(2, 0)]] == (0, 1)


@pytest.mark.parametrize(("size", "across"), [((120, 40), 2), ((80, 24), 1)])
def test_chapter_one_board_uses_the_screen(size: tuple[int, int], across: int) -> None:
    """At 120x40 Chapter 1 shows whole (two tiles, then one, no scrolling); at 80x24 it scrolls down only."""
    game = Game.new(CH1, PARTY, seed=1)

    async def scenario() -> None:
        app = PlayApp(game)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            while isinstance(app.screen, TextScreen):
                await pilot.press("enter")
                await pilot.pause()
            box = app.query_one("#board-scroll", ScrollableContainer)
            assert len({x for x, _ in app.tile_rows.values()}) == across
            assert box.max_scroll_x == 0  # nothing hidden sideways
            if size == (120, 40):
                assert box.max_scroll_y == 0  # and nothing below
                assert sorted(app.tile_rows.values()) == [(0, 0), (0, 14), (39, 0)]

    run_in_thread(scenario)


def test_cli_play_switches_on_rule_variants_and_refuses_unknown_ones() -> None:
    runner = CliRunner()
    done = runner.invoke(cli_app, ["play", "--plain", "--chapter", PG, "--option", "no_achievements"], input="quit\n")
    assert done.exit_code == 0, done.output
    assert "Rule variants: Play without individual achievements (no_achievements) (docs/rulings.md)." in done.output
    bad = runner.invoke(cli_app, ["play", "--plain", "--option", "ranged_targets_most"], input="")
    assert bad.exit_code == 2
    assert "unknown game option 'ranged_targets_most'" in bad.output
