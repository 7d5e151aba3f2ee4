"""Issue 46, item 8 in a real Chromium: the publish form starts from the chapter's names in both languages; a
second version says what changed, and the chapter's page lists it with its versions; the author page ("my
chapters") lists what this browser published, with its plays; a Portuguese reader sees the Portuguese title."""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import Browser, Page, expect
from web_helpers import TINY_CHAPTER

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "out" / "browser"
T = 15_000  # ms: the machine is shared
CHAPTER = TINY_CHAPTER.replace("id: tiny-trial", "id: tiny-mine")


def shot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def test_changelog_bilingual_titles_and_my_chapters(browser: Browser, base_url: str, tmp_path: Path) -> None:
    context = browser.new_context(base_url=base_url, bypass_csp=True)
    context.add_init_script("localStorage.setItem('mnm.lang', 'en')")
    page = context.new_page()
    page.goto("/workshop")
    expect(page.locator("#ws-gallery .ws-tile").first).to_be_visible(timeout=T)
    chapter = tmp_path / "tiny-mine.yaml"
    chapter.write_text(CHAPTER, encoding="utf-8")
    page.locator("#ws-import").set_input_files(str(chapter))
    if page.locator("#ws-ask-yes").count():
        page.locator("#ws-ask-yes").click()
    expect(page.locator("#ws-problems .ws-ok")).to_be_visible(timeout=90_000)
    page.locator("#ws-publish").click()
    # prefilled from the chapter, in both languages; a first version asks no changelog
    expect(page.locator("#pub-title")).to_have_value("Tiny Trial")
    expect(page.locator("#pub-title-pt")).to_have_value("Pequena Prova")
    expect(page.locator("#pub-description-pt")).to_have_value("Limpem o segundo quadro.")
    expect(page.locator("#pub-changes")).to_be_hidden()
    page.locator("#pub-author").fill("Ana")
    page.locator("#pub-send").click()
    expect(page.locator("#pub-outcome")).to_contain_text("version 1", timeout=T)
    page.keyboard.press("Escape")
    # publishing again: the form starts from the last version and asks what changed
    page.locator("#ws-publish").click()
    expect(page.locator("#pub-changes")).to_be_visible(timeout=T)
    expect(page.locator("#pub-author")).to_have_value("Ana")
    expect(page.locator("#pub-changes label")).to_contain_text("version 2")
    # the file itself changes through the API (the workshop's text editing is another engineer's part)
    token = page.evaluate("localStorage.getItem('mnm.workshop.token')")
    body = {
        "text": CHAPTER.replace("end_page: 8", "end_page: 7"),
        "title": "Tiny Trial",
        "title_pt": "Pequena Prova",
        "languages": ["en", "pt"],
        "author": "Ana",
        "licence": "CC BY 4.0",
        "changelog": "The hourglass ends a page sooner.",
    }
    made = page.evaluate(
        """async ([body, token]) => {
            const r = await fetch('/api/library', {method: 'POST', headers: {'Content-Type': 'application/json',
              'X-Editor-Token': token}, body: JSON.stringify(body)});
            return r.json();
        }""",
        [body, token],
    )
    assert made["version"] == 2, json.dumps(made)
    page.goto("/library?c=tiny-mine")
    versions = page.locator(".lib-versions li")
    expect(versions).to_have_count(2, timeout=T)
    expect(page.locator('.lib-versions li[data-version="2"] .lib-changelog')).to_contain_text(
        "The hourglass ends a page sooner."
    )
    expect(page.locator('.lib-versions li[data-version="1"] .lib-changelog')).to_have_count(0)
    # the author page
    page.goto("/library")
    page.locator("#lib-mine-link").click()
    item = page.locator('#lib-mine-list .lib-item[data-chapter="tiny-mine"]')
    expect(item).to_have_count(1, timeout=T)
    expect(item).to_contain_text("version 2")
    expect(item).to_contain_text("played 0 time(s)")
    shot(page, "library-mine-en")
    # a Portuguese reader sees the Portuguese title, here and on the author page
    page.evaluate("localStorage.setItem('mnm.lang', 'pt')")
    context.add_init_script("localStorage.setItem('mnm.lang', 'pt')")
    page.goto("/library?mine=1")
    expect(page.locator("#lib-mine-title")).to_have_text("Meus capítulos", timeout=T)
    expect(item.locator("h3 a")).to_have_text("Pequena Prova", timeout=T)
    shot(page, "library-mine-pt")
    # another browser has no chapters of its own
    other = browser.new_context(base_url=base_url, bypass_csp=True).new_page()
    other.goto("/library?mine=1")
    expect(other.locator("#lib-mine-none")).to_be_visible(timeout=T)
    other.context.close()
    context.close()
