"""``mnm play`` (the Textual app) with the box's own decks (issue 25): the list shows the cards left in the deck
and the card that came up is typed by its name."""

from __future__ import annotations

from test_tui_app import close_texts, type_line
from textual.widgets import OptionList
from tuikit import run_in_thread

from mnm.terminal.app import PlayApp
from scenariokit import box_searcher


def test_the_terminal_lists_the_cards_left_and_takes_the_one_typed_by_name() -> None:
    game = box_searcher()
    game.apply("search collin")
    left = len(game.decision().options)  # type: ignore[union-attr]

    async def scenario() -> None:
        app = PlayApp(game)
        async with app.run_test(size=(100, 30)) as pilot:
            await close_texts(pilot, app)
            assert app.query_one("#choices", OptionList).option_count >= left
            await type_line(pilot, "zzz")
            assert app.message.startswith("'zzz' is not a card left in this deck")
            assert app.game.decision().kind == "box_search_card"  # type: ignore[union-attr]
            await type_line(pilot, "sling")
            found = [e.params["card"] for e in app.game.events if e.msg == "card_found"]
            assert found == ["sling"]
            assert app.game.decision().kind == "found_card"  # type: ignore[union-attr]

    run_in_thread(scenario)
