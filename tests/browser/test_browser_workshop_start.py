"""A chapter imported while the workshop page is still starting stays: the page's own first (blank) chapter,
arriving after it, does not replace it (seen in CI: the blank came last under load and the import was lost)."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser, Route, expect
from web_helpers import TINY_CHAPTER

T = 15_000  # ms: the machine is shared
CHAPTER = TINY_CHAPTER.replace("id: tiny-trial", "id: tiny-early")


def test_a_chapter_imported_before_the_blank_arrives_stays(browser: Browser, base_url: str, tmp_path: Path) -> None:
    context = browser.new_context(base_url=base_url)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    held: list[Route] = []
    page.route("**/api/workshop/blank", lambda route: held.append(route))  # the blank waits until we say
    page.goto("/workshop")
    expect(page.locator("#ws-gallery .ws-tile").first).to_be_visible(timeout=T)
    for _ in range(150):  # the page asks for its blank chapter right after drawing the gallery
        if held:
            break
        page.wait_for_timeout(100)
    assert len(held) == 1  # asked, and not come yet
    chapter = tmp_path / "tiny-early.yaml"
    chapter.write_text(CHAPTER, encoding="utf-8")
    page.locator("#ws-import").set_input_files(str(chapter))
    expect(page.locator("#ws-text")).to_have_value(CHAPTER, timeout=T)
    held[0].continue_()  # now the blank arrives
    expect(page.locator("#ws-problems .ws-ok")).to_be_visible(timeout=60_000)
    expect(page.locator("#ws-id")).to_have_value("tiny-early", timeout=T)
    expect(page.locator("#ws-text")).to_have_value(CHAPTER)
    assert errors == []
    context.close()
