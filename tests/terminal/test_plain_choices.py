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


def test_a_card_is_typed_and_shown_by_its_name_not_its_id() -> None:
    """Issue 45: Feint's choice read ``[choose collin shield-bash]`` (its id). The text form shown names the card
    (``feint``), typing it picks Feint, and the id still works; a card whose name is its id stays as it is."""
    from mnm.engine.game import Game
    from mnm.terminal.session import typed_names

    game = Game.new("flight-to-barksburg", ["collin", "tilda", "filch", "maginos"], seed=3)
    names = typed_names(game.ctx.content)
    assert names["shield-bash"] == "feint" and "fishhook-and-thread" not in names
    out = io.StringIO()
    PlainClient(game, io.StringIO("choose collin feint\nchoose tilda first-aid\nquit\nyes\n"), out).run()
    said = out.getvalue()
    assert "#8 Choose Feint: " in said and "[choose collin feint]" in said
    assert "shield-bash" not in said
    assert "Prince Collin takes the ability Feint." in said
    assert game.state.heroes["collin"].abilities == ["shield-bash"]  # the engine keeps its id
    by_id = Game.new("flight-to-barksburg", ["collin", "tilda", "filch", "maginos"], seed=3)
    PlainClient(by_id, io.StringIO("choose collin shield-bash\nquit\nyes\n"), io.StringIO()).run()
    assert by_id.state.heroes["collin"].abilities == ["shield-bash"]
