"""[EXP] Creatures with several initiative cards of their own (Hesster R-EXP-14, Molox R-EXP-15) show each card's
own name on the initiative track, in both languages, wherever the track is named (events, server view, terminal)."""

from __future__ import annotations

import pytest

from mnm.content.loader import builtin_content
from mnm.engine import name_of
from mnm.engine.i18n import track_card_name
from mnm.terminal.describe import Describer

CARDS = ["minion:hesster:1", "minion:hesster:2", "minion:molox:1", "minion:molox:2", "minion:molox:3"]


@pytest.mark.rule("R-EXP-14")
@pytest.mark.rule("R-EXP-15")
def test_r_exp_15_each_card_of_molox_and_hesster_has_its_own_name_on_the_track() -> None:
    content = builtin_content()
    assert [track_card_name(c, content, "en") for c in CARDS] == [
        "Hesster Strikes",
        "Hesster Coils",
        "Molox",
        "Angry Molox",
        "Enraged Molox",
    ]
    assert [name_of(c, content, "pt_BR") for c in CARDS] == [
        "Hesster Ataca",
        "Hesster se Enrola",
        "Molox",
        "Molox Irritado",
        "Molox Enfurecido",
    ]
    assert [Describer(content).track_card(c) for c in CARDS[:2]] == ["Hesster Strikes", "Hesster Coils"]
    # cards of other minions and of mice keep their names
    assert name_of("minion:rat-warrior", content) == content.minions["rat-warrior"].name.en
    assert name_of("mouse:collin", content) == "Prince Collin"
    assert Describer(content).track_card("minion:rat-warrior") == content.minions["rat-warrior"].name.en
