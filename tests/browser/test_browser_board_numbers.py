"""Issue 45: at 1280x800 the three-tile Chapter 1 board is ~880 px wide and its space numbers were ~9 px text.
The board now draws them at least 14 px on the screen (at most 0.62 of a cell), growing with the zoom; a phone
keeps its tap-size numbers. Screenshots: out/browser/issue45-numbers-*.png."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Browser, Page, expect

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "out" / "browser"
NUMBERS = "[...document.querySelectorAll('.board svg text.num')].map(t => t.getBoundingClientRect().height)"


def chapter_one(browser: Browser, base_url: str, viewport: dict[str, int]) -> Page:
    body = {"chapter": "flight-to-barksburg", "party": ["collin", "tilda", "filch", "maginos"], "seed": 3}
    made = httpx.post(base_url + "/api/tables", json={**body, "seats": [body["party"]]}).json()
    context = browser.new_context(base_url=base_url, viewport=viewport)
    context.add_init_script(
        f"localStorage.setItem('mnm.speed', 'instant'); localStorage.setItem('mnm.story.{made['table']}', '1')"
    )
    page = context.new_page()
    page.goto(f"/#t={made['table']}&k={made['host_token']}")
    expect(page.locator("#conn.ok")).to_be_visible(timeout=15_000)
    expect(page.locator(".board svg text.num").first).to_be_visible()
    return page


def test_space_numbers_are_readable_on_a_desktop_and_grow_with_the_zoom(browser: Browser, base_url: str) -> None:
    page = chapter_one(browser, base_url, {"width": 1280, "height": 800})
    heights: list[float] = page.evaluate(NUMBERS)
    assert len(heights) >= 40  # three tiles' spaces
    assert min(heights) >= 14, sorted(heights)[:5]  # was 11: ~9 px text
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "issue45-numbers-desktop.png"))
    page.click("#zoom-in")
    zoomed: list[float] = page.evaluate(NUMBERS)
    assert min(zoomed) >= min(heights) * 1.3  # they grow with the board


def test_a_phone_keeps_its_tap_size_numbers(browser: Browser, base_url: str) -> None:
    page = chapter_one(browser, base_url, {"width": 390, "height": 844})
    heights: list[Any] = page.evaluate(NUMBERS)
    assert min(heights) >= 20
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # the page itself does not scroll sideways
    page.screenshot(path=str(SHOTS / "issue45-numbers-phone.png"))
