"""The chapter workshop in a real Chromium (issues 23 and 31): a shipped chapter copied, exported and imported
again identical, a form edit that keeps the file's comments, undo, the drafts list; axe-core, Portuguese and a
phone on the workshop page. The newcomer's walk-through is test_browser_workshop_newcomer.py."""

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


def copy_shipped(page: Page, chapter: str) -> None:
    """Open the workshop on a copy of a shipped chapter, checked."""
    page.goto("/workshop")
    expect(page.locator("#ws-gallery .ws-tile").first).to_be_visible(timeout=T)
    page.locator("#ws-copy-of").select_option(chapter)
    page.locator("#ws-copy").click()
    if page.locator("#ws-ask-yes").count():
        page.locator("#ws-ask-yes").click()
    checked(page)


def test_copy_export_reimport_identical_and_the_drafts_list(browser: Browser, base_url: str, tmp_path: Path) -> None:
    """A shipped chapter copied, exported and imported again byte for byte; each start is a draft of its own,
    listed with its name, opened, copied and deleted (after a question)."""
    context = browser.new_context(base_url=base_url, viewport={"width": 1280, "height": 900}, accept_downloads=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    copy_shipped(page, "the-root-road")
    text = page.locator("#ws-text").input_value()
    assert "# " in text  # the shipped file's comments came along
    with page.expect_download() as download:
        page.locator("#ws-export").click()
    saved = tmp_path / "exported.yaml"
    download.value.save_as(saved)
    assert saved.read_text(encoding="utf-8") == text
    expect(page.locator("#ws-saved")).to_have_text("Draft saved", timeout=T)  # saved: nothing to ask
    page.locator("#ws-import").set_input_files(str(saved))
    expect(page.locator("#ws-ask")).to_have_count(0)
    expect(page.locator("#ws-text")).to_have_value(text, timeout=T)
    checked(page)
    # a form edit keeps every comment of the file
    box = page.locator('#ws-forms textarea[data-field="objective.en"]')
    box.fill("Follow the roots.")
    box.press("Tab")
    expect(page.locator("#ws-text")).to_have_value(re.compile("en: Follow the roots."), timeout=T)
    edited = page.locator("#ws-text").input_value()
    assert [line for line in text.splitlines() if line.lstrip().startswith("#")] == [
        line for line in edited.splitlines() if line.lstrip().startswith("#")
    ]
    # undo takes the last form change back
    page.locator("#ws-undo").click()
    expect(page.locator("#ws-text")).to_have_value(text, timeout=T)
    # my drafts: the copy and the import, by name; delete asks first
    expect(page.locator("#ws-saved")).to_have_text("Draft saved", timeout=T)
    page.locator("#ws-drafts-box summary").click()
    rows = page.locator("#ws-drafts-list li")
    expect(rows).to_have_count(2, timeout=T)
    expect(rows.first).to_contain_text("The Root Road")
    other = page.locator("#ws-drafts-list li:not(.current)")
    other.locator("[data-delete]").click()
    expect(page.locator("#ws-ask")).to_contain_text("deleted for good")
    page.locator("#ws-ask [data-close]").click()  # no: nothing deleted
    expect(rows).to_have_count(2)
    other.locator("[data-delete]").click()
    page.locator("#ws-ask-yes").click()
    expect(rows).to_have_count(1, timeout=T)
    # the open draft deleted is gone for good: a blank chapter takes its place, and no edit brings it back (issue 46)
    page.locator("#ws-drafts-list li.current [data-delete]").click()
    page.locator("#ws-ask-yes").click()
    expect(page.locator("#ws-id")).to_have_value("my-chapter", timeout=T)
    expect(page.locator("#ws-drafts-list li")).not_to_contain_text("The Root Road", timeout=T)
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
    # the workshop's strings: every one in both languages (nothing falls back to English), and no Portuguese
    # text left the same as its English one but numbers, symbols and names
    missing, same = page.evaluate(
        """async () => {
            const m = await import('/static/i18n.js');
            const en = m.catalogueKeys('en').filter((k) => k.startsWith('ws.'));
            const pt = new Set(m.catalogueKeys('pt').filter((k) => k.startsWith('ws.')));
            m.setLang('en');
            const english = Object.fromEntries(en.map((k) => [k, m.t(k)]));
            m.setLang('pt');
            const same = en.filter((k) => pt.has(k) && m.t(k) === english[k] && /[a-z]{4,}/i.test(english[k]));
            return [en.filter((k) => !pt.has(k)).concat([...pt].filter((k) => !(k in english))), same];
        }"""
    )
    assert missing == [], missing
    assert [k for k in same if k not in {"ws.presets.normal"}] == [], same  # "normal" is Portuguese too
    body = page.locator("#app").inner_text()  # the header's language button says "English" on purpose
    left = [s for s in english if re.search(rf"(?<!\w){re.escape(s)}(?!\w)", body)]
    assert left == [], left
    assert axe_serious(page) == []
    context.close()


def seconds_said(estimate: str) -> int:
    """The seconds an estimate line says ("about 71 s", "about 2 min")."""
    found = re.search(r"about (\d+) (s|min)", estimate)
    assert found, estimate
    return int(found[1]) * (60 if found[2] == "min" else 1)


def test_every_tab_of_an_editor_sees_and_cancels_its_play_test(browser: Browser, base_url: str) -> None:
    context = browser.new_context(base_url=base_url, viewport={"width": 1280, "height": 900})
    first = context.new_page()
    first.goto("/workshop")
    expect(first.locator("#ws-gallery .ws-tile").first).to_be_visible(timeout=T)
    first.locator("#ws-copy-of").select_option("the-root-road")
    first.locator("#ws-copy").click()
    checked(first)
    # the search bot: its time on this chapter is said before it starts, and how many times slower it is
    estimate = first.locator("#ws-estimate")
    expect(estimate).to_have_attribute("role", "status")
    expect(estimate).to_contain_text(re.compile(r"Expected time with the heuristic bot: about \d+ (s|min)"), timeout=T)
    expect(estimate).not_to_contain_text("slower")
    first.locator("#ws-bot").select_option("search")
    first.locator("#ws-games").fill("100")
    first.locator("#ws-games").dispatch_event("change")
    said = re.compile(
        r"Expected time with the search bot: about \d+ (s|min)\. The search bot is slower: about \d+ times the "
        r"heuristic bot's time per game on this chapter\."
    )
    expect(estimate).to_have_text(said, timeout=T)
    SHOTS.mkdir(parents=True, exist_ok=True)
    first.locator("#ws-playtest").screenshot(path=str(SHOTS / "workshop-playtest-search-estimate.png"))
    # a chapter half as long (the end page from 8 to 4) is estimated anew, shorter
    long_chapter = seconds_said(estimate.inner_text())
    end_page = first.locator("[data-field='setup.end_page']")
    end_page.fill("4")
    end_page.dispatch_event("change")
    expect(estimate).not_to_contain_text(estimate.inner_text(), timeout=T)
    expect(estimate).to_have_text(said, timeout=T)
    assert seconds_said(estimate.inner_text()) < long_chapter
    first.locator("#ws-bot").select_option("heuristic")
    first.locator("#ws-games").fill("1000")
    first.locator("#ws-run").click()
    expect(first.locator("#ws-progress-box")).to_have_attribute("data-status", re.compile("queued|running"), timeout=T)
    # a second tab of the same browser finds the job, and cancels it
    second = context.new_page()
    second.goto("/workshop")
    expect(second.locator("#ws-progress-text")).to_contain_text("another tab", timeout=T)
    second.locator("#ws-cancel").click()
    expect(second.locator("#ws-progress-box")).to_have_attribute("data-status", "cancelled", timeout=T)
    expect(first.locator("#ws-progress-box")).to_have_attribute("data-status", "cancelled", timeout=T)
    expect(first.locator("#ws-run")).to_be_enabled(timeout=T)
    context.close()


def test_a_starting_minion_placed_on_a_space_picked_on_the_board(browser: Browser, base_url: str) -> None:
    """Issue 31: a starting minion on a space, not only on a side: picked on the board, written into the file's
    setup.placements through the comment-keeping edit, its minion changed in the form."""
    context = browser.new_context(base_url=base_url, viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    copy_shipped(page, "the-root-road")
    before = page.locator("#ws-text").input_value()
    space = page.locator("#ws-board path.space").nth(3)
    space_id = space.get_attribute("data-space")
    assert space_id
    page.locator("#ws-place-minion").click()
    expect(page.locator("#ws-picking")).to_contain_text("Place a minion on a space")
    space.dispatch_event("click")
    row = page.locator('#ws-forms [data-field="setup.placements.0"]')
    expect(row).to_be_visible(timeout=T)
    side, number = space_id.split(":")
    expect(row).to_contain_text(f"space {number} of")
    written = re.compile(rf'placements:\n\s+- \{{minion: [a-z-]+, space: "{side}:{number}"\}}')
    expect(page.locator("#ws-text")).to_have_value(written, timeout=T)
    # another minion chosen in the row: the same entry changes
    select = row.locator("select")
    other = select.locator("option").nth(1).get_attribute("value")
    assert other
    select.select_option(other)
    expect(page.locator("#ws-text")).to_have_value(re.compile(rf"minion: {re.escape(other)}"), timeout=T)
    checked(page)
    after = page.locator("#ws-text").input_value()
    assert [line for line in before.splitlines() if line.lstrip().startswith("#")] == [
        line for line in after.splitlines() if line.lstrip().startswith("#")
    ]  # the file's comments stayed
    assert errors == []
    context.close()


def test_a_redraw_while_typing_keeps_the_typing_and_the_caret(browser: Browser, base_url: str) -> None:
    """The forms are drawn again when a check answers; on a loaded server an older text's check can answer while
    a person types in a field. What was typed (not yet written: a field is written when it is left) and the caret
    stay: a CI run once typed a name in front of the old one ("the-bell-gatemy-chapter")."""
    context = browser.new_context(base_url=base_url, viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    copy_shipped(page, "the-root-road")
    # a first edit, so there is something to undo
    name_pt = page.locator('#ws-forms [data-field="name.pt"]')
    old_pt = name_pt.input_value()
    name_pt.fill("A Estrada")
    name_pt.press("Tab")
    expect(page.locator("#ws-text")).to_have_value(re.compile("A Estrada"), timeout=T)
    checked(page)
    # typing in the objective, not yet left: a redraw comes (undo clicked by script, so the keyboard stays)
    objective = page.locator('#ws-forms [data-field="objective.en"]')
    objective.click()
    objective.press("Control+End")  # the end of the text (End alone: the end of a wrapped line)
    page.keyboard.type(" Quickly")
    typed = objective.input_value()
    page.evaluate("document.querySelector('#ws-undo').click()")
    expect(page.locator("#ws-forms [data-field='name.pt']")).to_have_value(old_pt, timeout=T)  # redrawn: undone
    objective = page.locator('#ws-forms [data-field="objective.en"]')
    expect(objective).to_be_focused()
    expect(objective).to_have_value(typed)
    page.keyboard.type(" now")  # the caret is still at the end of the typing
    expect(objective).to_have_value(typed + " now")
    objective.press("Tab")
    expect(page.locator("#ws-text")).to_have_value(re.compile(re.escape(typed + " now")), timeout=T)
    assert errors == []
    context.close()
