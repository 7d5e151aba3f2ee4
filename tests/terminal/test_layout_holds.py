"""Issue 13, point 6: a layout that holds. Resizing in any order and back restores the layout, the command line
stays on screen down to 40x12, every pane scrolls from the keyboard with its focus visible, a log written while
hidden is rewrapped when shown, and typing always reaches the command line (no invisible focus trap)."""

from __future__ import annotations

from textual.widgets import Input, RichLog, TabbedContent
from tuikit import PARTY, run_in_thread

from mnm.engine.game import Game
from mnm.terminal.app import PlayApp
from mnm.terminal.screens import TextScreen

CH1 = "flight-to-barksburg"
PANES = ("#status", "#top", "#side", "#board-scroll", "#question", "#bottom", "#command")


async def _close(pilot: object, app: PlayApp) -> None:
    await pilot.pause()  # type: ignore[attr-defined]
    while isinstance(app.screen, TextScreen):
        await pilot.press("enter")  # type: ignore[attr-defined]
        await pilot.pause()  # type: ignore[attr-defined]


def test_resize_round_trips_restore_the_layout() -> None:
    async def scenario() -> None:
        app = PlayApp(Game.new(CH1, PARTY, seed=1))
        async with app.run_test(size=(80, 24)) as pilot:
            await _close(pilot, app)
            start = {p: app.query_one(p).region for p in PANES}
            board = app.query_one("#board").region
            for size in ((120, 40), (40, 12), (200, 60), (80, 24)):
                await pilot.resize_terminal(*size)
                await pilot.pause()
                await pilot.pause()
                command = app.query_one("#command").region
                assert 0 <= command.y < size[1] and command.height == 1, size  # the command line stays visible
                assert command.width == size[0]
            assert {p: app.query_one(p).region for p in PANES} == start
            assert app.query_one("#board").region == board  # redrawn at its old size, not left cut off

    run_in_thread(scenario)


def test_log_written_while_hidden_is_rewrapped_when_shown() -> None:
    async def scenario() -> None:
        app = PlayApp(Game.new(CH1, PARTY, seed=1))
        async with app.run_test(size=(100, 30)) as pilot:
            await _close(pilot, app)
            for _ in range(4):  # the ability picks write lines while the Log tab is hidden
                await pilot.press("1", "enter")
                await _close(pilot, app)
            app.query_one("#side", TabbedContent).active = "tab-log"
            await pilot.pause()
            await pilot.pause()
            full = app.query_one("#full-log", RichLog)
            widths = [line.cell_length for line in full.lines]
            assert widths and max(widths) > 20  # wrapped to the pane, not to 10 columns

    run_in_thread(scenario)


def test_every_pane_takes_the_focus_scrolls_and_typing_goes_back_to_the_command_line() -> None:
    async def scenario() -> None:
        app = PlayApp(Game.new(CH1, PARTY, seed=1))
        async with app.run_test(size=(80, 24)) as pilot:
            await _close(pilot, app)
            command = app.query_one("#command", Input)
            seen = []
            for _ in range(5):
                await pilot.press("shift+tab")
                await pilot.pause()
                focused = app.focused
                assert focused is not None and focused.region.area > 0  # never something invisible
                seen.append(focused.id or type(focused).__name__)
            assert {"log", "board-scroll"} <= set(seen)
            app.query_one("#board-scroll").focus()
            await pilot.pause()
            before = app.query_one("#board-scroll").scroll_y
            await pilot.press("pagedown")
            await pilot.pause()
            assert app.query_one("#board-scroll").scroll_y > before  # the board scrolls from the keyboard
            await pilot.press("h", "e")  # typing while a pane has the focus
            await pilot.pause()
            assert app.focused is command and command.value == "he"

    run_in_thread(scenario)
