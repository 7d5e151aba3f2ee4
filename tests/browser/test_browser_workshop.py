"""The chapter workshop in a real Chromium (issue 23): a two-tile chapter built from nothing (tiles, start,
minions, a victory condition, a room rule, a story line in both languages), a validation error that appears
and clears, a 100-game play-test with progress and a heat map, a table opened from it and its first turn,
export and re-import of the identical file; axe-core, Portuguese and a phone on the workshop page."""

from __future__ import annotations

import re
from pathlib import Path

from axe_scan import axe_serious
from playwright.sync_api import Browser, Page, expect

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "out" / "browser"
PHONE = {"width": 390, "height": 844}
T = 15_000  # ms: the machine is shared, a check or a click may wait its turn


def shot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def checked(page: Page) -> None:
    """Wait until the server has checked the current text and the chapter passes."""
    expect(page.locator("#ws-problems .ws-ok")).to_be_visible(timeout=15_000)


def lay(page: Page, side: int, at: str) -> None:
    page.locator(f'#ws-gallery [data-side="{side}"]').click()
    page.locator(f'#ws-grid [data-at="{at}"]').click()
    expect(page.locator(f'#ws-grid [data-remove="{side}"]')).to_be_visible(timeout=T)


def build_two_tiles(page: Page) -> None:
    page.goto("/workshop")
    expect(page.locator("#ws-gallery .ws-tile").first).to_be_visible(timeout=15_000)
    page.locator("#ws-blank").click()
    # a blank chapter names what it lacks, pinned to its field
    expect(page.locator('#ws-problems [data-problem="setup.layout"]')).to_be_visible(timeout=T)
    lay(page, 5, "0,0")  # the Guard Room, with its start space
    lay(page, 7, "1,0")  # the Dining Hall, east of it
    expect(page.locator("#ws-exits")).to_contain_text("2", timeout=T)
    expect(page.locator('.ws-exit-mark.joined')).to_have_count(2, timeout=T)
    expect(page.locator("#ws-start")).to_have_value("5:15", timeout=T)
    page.locator("#ws-add-minion").click()
    expect(page.locator('[data-field="setup.starting_minions.0.side"]')).to_have_value("7", timeout=T)
    page.locator("#ws-add-victory").click()
    page.locator('select[data-field="victory.0.tile_clear.side"]').select_option("7")
    expect(page.locator("#ws-victory-title ~ .ws-entry .ws-sentence")).to_contain_text("no minion is on side 7", timeout=T)
    page.locator("#ws-moment-name").fill("opening")
    page.locator("#ws-add-moment").click()
    page.locator('textarea[data-field="story.opening.en"]').fill("The mice slip into the guard room.")
    page.locator('textarea[data-field="story.opening.en"]').dispatch_event("change")
    page.locator('textarea[data-field="story.opening.pt"]').fill("Os ratos entram na casa de guarda.")
    page.locator('textarea[data-field="story.opening.pt"]').dispatch_event("change")
    # a room rule: the first time side 7 is revealed, read the opening (an effect picked from the vocabulary)
    page.locator("#ws-add-room").click()
    page.locator('.ws-add-rule[data-path="rooms.0.rules"]').click()
    page.locator('select[data-field="rooms.0.rules.0.do.0"]').select_option("story")
    page.locator('input[data-field="rooms.0.rules.0.do.0.story.moment"]').fill("opening")
    page.locator('input[data-field="rooms.0.rules.0.do.0.story.moment"]').dispatch_event("change")
    checked(page)


def test_build_playtest_play_export_reimport(browser: Browser, base_url: str, tmp_path: Path) -> None:
    context = browser.new_context(base_url=base_url, viewport={"width": 1400, "height": 1000}, accept_downloads=True)
    context.add_init_script("localStorage.setItem('mnm.speed', 'instant')")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    build_two_tiles(page)
    text = page.locator("#ws-text").input_value()
    assert "tile_clear: {side: 7}" in text and "pt: Os ratos entram na casa de guarda." in text
    assert "when: tile_revealed" in text

    # a validation error appears at its field, then clears when the start is picked on the board
    page.locator("#ws-start").fill("5:99")
    page.locator("#ws-start").dispatch_event("change")
    pinned = page.locator('.ws-field-error[data-for="setup.start_space"]')
    expect(pinned).to_be_visible(timeout=10_000)
    expect(page.locator("#ws-start")).to_have_attribute("aria-invalid", "true", timeout=T)
    page.locator("#ws-pick-start").click()
    page.locator('#ws-board path.space[data-space="5:15"]').dispatch_event("click")
    checked(page)
    expect(pinned).to_have_count(0, timeout=T)
    assert page.locator("#ws-text").input_value() == text  # picked back to the same file

    # undo and redo step through the file's versions
    page.locator("#ws-undo").click()
    expect(page.locator("#ws-text")).to_have_value(re.compile(r'start_space: "5:99"'), timeout=T)
    page.locator("#ws-redo").click()
    expect(page.locator("#ws-text")).to_have_value(text, timeout=T)

    # play-test: 100 games at normal, progress from the start, results and a heat map
    page.locator("#ws-games").fill("100")
    page.locator('.ws-preset[value="easy"]').uncheck()
    page.locator('.ws-preset[value="hard"]').uncheck()
    page.locator("#ws-run").click()
    expect(page.locator("#ws-progress-box")).to_be_visible(timeout=T)
    expect(page.locator("#ws-progress-text")).to_contain_text("of 100 games", timeout=T)
    expect(page.locator("#ws-progress-text")).to_contain_text("done", timeout=120_000)
    expect(page.locator("#ws-progress")).to_have_attribute("value", "100", timeout=T)
    expect(page.locator('tr[data-preset="normal"] .ws-rate')).to_contain_text("%", timeout=T)
    page.locator('input[name="ws-heat-kind"][value="wounds"]').check()
    expect(page.locator("circle.ws-heat").first).to_be_attached(timeout=T)
    shot(page, "issue23-workshop-heat")

    # export, re-import: the identical file
    with page.expect_download() as download:
        page.locator("#ws-export").click()
    saved = tmp_path / "exported.yaml"
    download.value.save_as(saved)
    assert saved.read_text(encoding="utf-8") == text
    page.locator("#ws-blank").click()
    expect(page.locator("#ws-text")).not_to_have_value(text, timeout=T)
    page.locator("#ws-import").set_input_files(str(saved))
    expect(page.locator("#ws-text")).to_have_value(text, timeout=T)
    checked(page)
    with page.expect_download() as again:
        page.locator("#ws-export").click()
    second = tmp_path / "again.yaml"
    again.value.save_as(second)
    assert second.read_bytes() == saved.read_bytes()

    # play it: a table in one click; its page says the chapter is custom; the first mouse plays its turn
    page.locator("#ws-open-table").click()
    host = page.locator("#ws-links .host-link")
    expect(host).to_be_visible(timeout=15_000)
    table = context.new_page()
    table.goto(host.input_value())
    expect(table.locator("#custom-chapter")).to_be_visible(timeout=15_000)
    expect(table.locator("#chapter-name")).to_contain_text("My Chapter", timeout=T)
    first = table.locator("#decision button.option").first
    expect(first).to_be_visible(timeout=15_000)
    version = int(table.locator("body").get_attribute("data-version") or "0")
    end = table.locator('#decision button.option[data-action^="end "]')
    (end if end.count() else first).click()
    expect(table.locator("body")).not_to_have_attribute("data-version", str(version), timeout=15_000)
    assert errors == []
    context.close()


def test_workshop_axe_portuguese_phone_keyboard(browser: Browser, base_url: str) -> None:
    context = browser.new_context(base_url=base_url, viewport=PHONE, bypass_csp=True)
    page = context.new_page()
    page.goto("/workshop")
    expect(page.locator("#ws-gallery .ws-tile").first).to_be_visible(timeout=15_000)
    page.locator("#ws-blank").click()
    expect(page.locator('#ws-problems [data-problem="setup.layout"]')).to_be_visible(timeout=T)  # the blank is checked
    # keyboard alone: pick a side and lay it
    page.locator('#ws-gallery [data-side="5"]').focus()
    page.keyboard.press("Enter")
    page.locator('#ws-grid [data-at="0,0"]').focus()
    page.keyboard.press("Enter")
    expect(page.locator('#ws-grid [data-remove="5"]')).to_be_visible(timeout=T)
    expect(page.locator("#ws-board svg")).to_be_visible(timeout=T)
    # usable at 390x844: nothing wider than the screen but the board's own scrolling box
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], width
    shot(page, "issue23-workshop-phone")
    assert axe_serious(page) == []
    # Portuguese: no English sentence of the workshop left on the page
    page.locator("#lang").click()
    expect(page.locator(".ws-head h2")).to_have_text("Oficina de capítulos", timeout=T)
    english = page.evaluate(
        """async () => {
            const m = await import('/static/i18n.js');
            const keys = m.catalogueKeys('en').filter((k) => k.startsWith('ws.') || k === 'backHome');
            m.setLang('en');
            const en = keys.map((k) => m.t(k));
            m.setLang('pt');
            const pt = new Set(keys.map((k) => m.t(k)));
            return en.filter((s) => !pt.has(s) && s.length > 3 && !s.includes('{'));
        }"""
    )
    body = page.locator("#app").inner_text()  # the header's language button says "English" on purpose
    left = [s for s in english if re.search(rf"(?<!\w){re.escape(s)}(?!\w)", body)]
    assert left == [], left
    assert axe_serious(page) == []
    context.close()
