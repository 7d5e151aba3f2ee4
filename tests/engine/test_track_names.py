"""Issue 32: Brodie's initiative cards read as names on the track (R-BRODIE-03), never "cat:pounces"."""

from __future__ import annotations

import pytest

from mnm.content.loader import builtin_content
from mnm.engine.i18n import name_of


@pytest.mark.rule("R-BRODIE-03")
def test_brodies_cards_have_names_in_both_languages() -> None:
    content = builtin_content()
    assert name_of("cat:pounces", content) == "Brodie Pounces"
    assert name_of("cat:chases", content) == "Brodie Chases"
    assert name_of("cat:pounces", content, "pt_BR") == "Brodie Dá o Bote"
    assert name_of("12:12", content) == "Inside the Walls 12"
