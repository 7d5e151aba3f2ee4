"""Issue 43: the workshop's "A random chapter to start from" in a real Chromium: one click opens a generated
draft that the server checks as playable, the page says its family and seed, and the button speaks Portuguese."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Browser, expect

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "out" / "browser"
T = 15_000  # ms: the machine is shared


def test_a_random_chapter_opens_as_a_draft_that_checks(browser: Browser, base_url: str) -> None:
    page = browser.new_page(base_url=base_url)
    page.goto("/workshop")
    button = page.locator("#ws-random")
    expect(button).to_have_text("A random chapter to start from", timeout=T)
    button.click()
    if page.locator("#ws-ask-yes").count():
        page.locator("#ws-ask-yes").click()
    expect(page.locator("#ws-problems .ws-ok")).to_be_visible(timeout=T)  # the server checked it: it plays
    expect(page.get_by_text(re.compile(r"A random chapter \([a-z-]+, \d mice, seed \d+\)"))).to_be_visible(timeout=T)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "workshop-random.png"), full_page=False)
    page.locator("#lang").click()  # the page's language switch
    expect(page.locator("#ws-random")).to_have_text("Um capítulo aleatório para começar", timeout=T)
