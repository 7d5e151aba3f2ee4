"""A table of an uploaded chapter file, in a real Chromium (issue 22, item 4): the page shows the file's chapter,
its story and its board, as for a shipped chapter."""

from __future__ import annotations

from pathlib import Path

import httpx
from playwright.sync_api import Browser, expect

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "out" / "browser"
EXAMPLE = ROOT / "examples" / "chapters" / "kitchen-run.yaml"


def test_a_chapter_file_table_shows_its_chapter_story_and_board(browser: Browser, base_url: str) -> None:
    text = EXAMPLE.read_text(encoding="utf-8")
    r = httpx.post(f"{base_url}/api/tables", json={"chapter_file": text, "party": ["collin", "tilda", "filch", "maginos"]})
    assert r.status_code == 201, r.text
    context = browser.new_context(base_url=base_url, viewport={"width": 1280, "height": 900})
    context.add_init_script("localStorage.setItem('mnm.speed', 'instant')")
    page = context.new_page()
    page.goto(r.json()["links"]["host"])
    expect(page.locator("#conn.ok")).to_be_visible(timeout=15_000)
    expect(page.locator("#app")).to_contain_text("101. The Kitchen Run")
    expect(page.get_by_role("dialog", name="Story")).to_contain_text("The guards are asleep at last.")
    expect(page.locator('path.space[data-space="4:2"]')).to_have_count(1)  # the goal space on the file's board
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "chapter-file-table.png"))
    context.close()
