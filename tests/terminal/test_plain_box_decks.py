"""Plain mode with the box's own decks (issue 25): the card that came up is typed by number or by name."""

from __future__ import annotations

import io

from mnm.engine.game import Game
from mnm.terminal.plain import PlainClient
from scenariokit import box_explorer, box_searcher


def run_plain(game: Game, lines: list[str]) -> tuple[str, PlainClient]:
    out = io.StringIO()
    client = PlainClient(game, io.StringIO("".join(line + "\n" for line in lines)), out)
    client.run()
    return out.getvalue(), client


def test_plain_mode_asks_which_search_card_came_up_and_takes_its_name() -> None:
    text, client = run_plain(box_searcher(), ["search collin", "s", "xyz", "slin", "quit", "yes"])
    assert "Draw the top card of the box's search deck: which card is it?" in text
    assert "Choose Sling" in text and "[choose collin sling]" in text  # the list of the cards left
    assert "'s' fits several cards left in this deck" in text
    assert "'xyz' is not a card left in this deck" in text
    found = [e for e in client.game.events if e.msg == "card_found"]
    assert [e.params["card"] for e in found] == ["sling"]
    assert "Prince Collin searches (2: sword + star) and finds Sling." in text


def test_plain_mode_takes_the_encounter_card_by_number() -> None:
    game = box_explorer()
    game.apply("explore collin flip")
    d = game.decision()
    assert d is not None and d.kind == "box_encounter_card"
    number = 1 + [a.args[0] for a in d.options].index("rat-patrol")
    text, client = run_plain(game, [str(number), "quit", "yes"])
    assert "Encounter for page 1: Rat Patrol." in text
    assert client.game.state.encounter_up == "rat-patrol"


def test_plain_mode_takes_the_initiative_order_by_names() -> None:
    game = Game.new(
        "proving-grounds", ["collin", "tilda", "filch", "maginos"], seed=3, options={"box_initiative": True}
    )
    while (d := game.decision()) is not None and d.kind == "choose_ability":
        game.apply(d.options[0])
    text, client = run_plain(game, ["rat", "tilda", "zz", "filch", "maginos", "quit", "yes"])
    assert "Shuffle the box's initiative cards: which card came out next?" in text
    assert "Choose Prince Collin [choose party mouse:collin]" in text  # initiative cards by their names
    assert "'zz' is not a card left in this deck" in text
    laid = [e for e in client.game.events if e.msg == "initiative_shuffled"]
    assert laid[-1].params["track"] == [
        "minion:rat-warrior",
        "mouse:tilda",
        "mouse:filch",
        "mouse:maginos",
        "mouse:collin",
    ]
