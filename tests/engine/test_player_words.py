"""Issue 45: figures named as players say them, in both languages. Brodie (one figure of his kind) is "Brodie",
never "Brodie 1"; staying put is not "pouncing from X to X"; an event card is drawn by a mouse, not "happening to"
it; an achievement is said by its name, never its id."""

from __future__ import annotations

from mnm.content.loader import builtin_content
from mnm.engine import Event, render
from mnm.presentation.info import minion_name


def both(event: Event) -> tuple[str, str]:
    return render(event, "en"), render(event, "pt_BR")


def test_one_figure_of_its_kind_is_named_alone() -> None:
    content = builtin_content()
    assert minion_name(content, "brodie-1") == "Brodie"
    assert minion_name(content, "rat-warrior-2") == "Rat Warrior 2"
    en, _ = both(Event("minion_defeated", {"minion": "brodie-1", "by": "collin"}))
    assert "Brodie 1" not in en and "Brodie" in en


def test_brodie_staying_put_does_not_pounce_from_a_space_to_itself() -> None:
    en, pt = both(Event("brodie_pounces", {"src": "14:16", "dst": "14:16", "figures": 3}))
    assert en == "Brodie stays on The Wine Cellar 16 and pounces on the 3 figures there."
    assert "fica" in pt and pt.count("Adega 16") == 1
    en, _ = both(Event("brodie_pounces", {"src": "14:16", "dst": "14:12", "figures": 1}))
    assert en == "Brodie pounces from The Wine Cellar 16 to The Wine Cellar 12, on 1 figure."


def test_events_and_achievements_in_players_words() -> None:
    en, pt = both(Event("event_resolved", {"hero": "tilda", "card": "rat-sentry/1", "effect": "x"}))
    assert en == "Tilda draws the event Rat Sentry: it takes effect at once." and "happens to" not in en
    assert "Sentinela" in pt
    en, pt = both(Event("achievement", {"hero": "maginos", "achievement": "marksman"}))
    assert en == "Maginos earns an achievement: Marksman!" and "Atirador de Elite" in pt
