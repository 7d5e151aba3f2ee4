"""Issue 46: the sandbox's refusals come from the server in both languages (mnm.engine.sandbox.SandboxError's
event, rendered from the catalogs); the workshop's panel shows the player's language, never the English
sentence to a Portuguese reader."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

ROOT = Path(__file__).resolve().parents[2]
T = 30_000  # ms: the machine is shared
SAID = {
    "en": "Not changed: a counter's value is between -999 and 999",
    "pt": "Nada mudou: o valor de um contador fica entre -999 e 999",
}


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_a_refused_change_is_said_in_the_reader_s_language(browser: Browser, base_url: str, lang: str) -> None:
    halls = (ROOT / "tests/bots/chapters/corpus/10-the-noisy-halls.yaml").read_text(encoding="utf-8")
    context = browser.new_context(base_url=base_url, viewport={"width": 1280, "height": 900})
    context.add_init_script(f"localStorage.setItem('mnm.lang', '{lang}')")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto("/workshop")
    expect(page.locator("#ws-id")).to_be_visible(timeout=T)
    if not page.locator("#ws-file-box").evaluate("b => b.open"):
        page.locator("#ws-file-title").click()
    page.locator("#ws-text").fill(halls)
    expect(page.locator("#ws-id")).to_have_value("the-noisy-halls", timeout=T)
    expect(page.locator("#ws-text")).to_have_attribute("aria-busy", "false", timeout=T)
    page.locator("#ws-open-table").click()
    panel = page.locator("#ws-sandbox")
    expect(panel.locator("#ws-sandbox-var option")).to_have_count(1, timeout=T)
    panel.locator("#ws-sandbox-value").fill("5000")  # the server bounds it: its refusal, in words
    panel.locator("#ws-sandbox-set").click()
    expect(panel.locator("#ws-sandbox-status")).to_have_text(SAID[lang], timeout=T)
    assert not errors
    context.close()
