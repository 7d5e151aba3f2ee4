"""Plain mode (what a screen reader reads) asks the choices issue 24 gave back to the players in words, in
English and Portuguese, and takes the answer by its number: where the party lands by an exit area bordering
several spaces (R-EXPLORE-05), Pilfer's cheese (R-ABIL-05) and the Hawthorn Rod's tie."""

from __future__ import annotations

import io

import pytest

from mnm.terminal.plain import PlainClient
from scenariokit import scenario_game

CASES = {
    "exit-landing": {
        "en": ("where does the party land?", "Choose The Sewer, space 9"),
        "pt_BR": ("onde o grupo aparece?", "Escolher O Esgoto, espaço 9"),
    },
    "pilfer-choice": {
        "en": ("from the minion wheel or from the supply?", "Choose from the supply"),
        "pt_BR": ("da roda dos lacaios ou da reserva?", "Escolher da reserva"),
    },
    "hawthorn-tie": {
        "en": ("Which one heals?", "Choose Filch"),
        "pt_BR": ("Qual deles se cura?", "Escolher Filch"),
    },
}


@pytest.mark.rule("R-EXPLORE-05")
@pytest.mark.rule("R-ABIL-05")
@pytest.mark.rule("R-BATTLE-12")
@pytest.mark.parametrize("lang", ["en", "pt_BR"])
@pytest.mark.parametrize("name", sorted(CASES))
def test_plain_mode_asks_the_new_choices_in_words(name: str, lang: str) -> None:
    game = scenario_game(name)
    d = game.decision()
    assert d is not None
    question, label = CASES[name][lang]
    options = [str(a) for a in d.options]
    out = io.StringIO()
    client = PlainClient(game, io.StringIO(""), out, lang=lang)
    client.ask(d)
    text = out.getvalue()
    assert question in text
    line = next(x for x in text.splitlines() if label in x)  # "#2 Choose from the supply" or the like
    number = line.strip().split(" ", 1)[0].removeprefix("#")
    assert number.isdigit()
    before = len(game.log)
    PlainClient(game, io.StringIO(f"#{number}\n"), io.StringIO(), lang=lang).run()
    assert len(game.log) > before and str(game.log[before]) == options[int(number) - 1]
