"""The choices issue 24 gave back to the players, in a real Chromium: where the party lands by an exit area that
borders several spaces (exit_landing), Filch's Pilfer (wheel or supply) and the Hawthorn Rod's tie (rod_heal).
Each waits at an example scenario (examples/scenarios/), shows its question and its options in words in the
decisions panel, in English and Portuguese, and answering one plays it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect
from scenario_tables import seat_scenario

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "out" / "browser"

CASES = {
    "exit-landing": {
        "en": ("where to land", ["The Sewer 12", "The Sewer 9"]),
        "pt": ("onde aparecer", ["Esgoto 12", "Esgoto 9"]),
        "answer": "choose party 6:9",
    },
    "pilfer-choice": {
        "en": ("Pilfer", ["from the minion wheel", "from the supply"]),
        "pt": ("Furtar", ["da roda dos lacaios", "da reserva"]),
        "answer": "choose filch supply",
    },
    "hawthorn-tie": {
        "en": ("Hawthorn Rod", ["Prince Collin", "Filch"]),
        "pt": ("Bastão de Espinheiro", ["Príncipe Collin", "Filch"]),
        "answer": "choose tilda filch",
    },
}


def _open(browser: Browser, base_url: str, made: dict[str, Any], lang: str) -> Page:
    context = browser.new_context(base_url=base_url, viewport={"width": 1440, "height": 1000})
    context.add_init_script(
        f"localStorage.setItem('mnm.lang', '{lang}'); localStorage.setItem('mnm.speed', 'instant');"
        f"localStorage.setItem('mnm.story.{made['table']}', '1')"
    )
    page = context.new_page()
    page.goto(made["link"])
    expect(page.locator("#conn.ok")).to_be_visible(timeout=15_000)
    return page


@pytest.mark.rule("R-EXPLORE-05")
@pytest.mark.rule("R-ABIL-05")
@pytest.mark.rule("R-BATTLE-12")
@pytest.mark.parametrize("lang", ["en", "pt"])
@pytest.mark.parametrize("name", sorted(CASES))
def test_the_new_choices_are_asked_in_words_and_answered(
    browser: Browser, base_url: str, web_server: Any, name: str, lang: str
) -> None:
    made = seat_scenario(web_server.db_url, name)
    page = _open(browser, base_url, made, lang)
    kind, labels = CASES[name][lang]
    expect(page.locator("#prompt")).to_contain_text(kind)
    buttons = page.locator("#decision button.option")
    for label in labels:
        expect(buttons.filter(has_text=label)).to_have_count(1)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"issue24-{name}-{lang}.png"), full_page=True)
    answer = str(CASES[name]["answer"])
    page.locator(f'#decision button.option[data-action="{answer}"]').click()
    expect(page.locator(f'#decision button.option[data-action="{answer}"]')).to_have_count(0, timeout=15_000)
    page.context.close()
