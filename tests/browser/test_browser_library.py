"""The chapter library in a real Chromium (issue 36): one person publishes a chapter from the workshop; another
finds it by searching, sees its measured difficulty, lets the bots play a table of it to the end and rates it;
the first sees the rating and the play count. Texts a visitor wrote show as text; axe-core, Portuguese."""

from __future__ import annotations

from pathlib import Path

from axe_scan import axe_serious
from playwright.sync_api import Browser, Page, expect
from web_helpers import TINY_CHAPTER

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "out" / "browser"
T = 15_000  # ms: the machine is shared


def shot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def publish(page: Page, title: str, folder: Path) -> None:
    page.goto("/workshop")
    expect(page.locator("#ws-gallery .ws-tile").first).to_be_visible(timeout=T)
    chapter = folder / "tiny-trial.yaml"
    chapter.write_text(TINY_CHAPTER, encoding="utf-8")
    page.locator("#ws-import").set_input_files(str(chapter))
    if page.locator("#ws-ask-yes").count():
        page.locator("#ws-ask-yes").click()
    expect(page.locator("#ws-text")).to_have_value(TINY_CHAPTER, timeout=T)
    expect(page.locator("#ws-problems .ws-ok")).to_be_visible(timeout=90_000)  # the check waits its turn on a busy machine
    page.locator("#ws-publish").click()
    dialog = page.locator("#publish-dialog")
    expect(dialog).to_be_visible()
    expect(page.locator("#pub-title")).to_be_focused()
    page.locator("#pub-title").fill(title)
    page.locator("#pub-description").fill("One rat & two tiles.")
    page.locator("#pub-mice").fill("2")
    page.locator("#pub-author").fill("Ana")
    page.locator("#pub-send").click()
    expect(page.locator("#pub-outcome")).to_contain_text("version 1", timeout=T)


def test_publish_find_play_rate(browser: Browser, base_url: str, tmp_path: Path) -> None:
    title = "Tiny <b>Trial</b>"
    author = browser.new_context(base_url=base_url, bypass_csp=True).new_page()
    publish(author, title, tmp_path)

    # another person finds it by searching, and sees the bots' measure once the play-test is done
    player = browser.new_context(base_url=base_url, bypass_csp=True).new_page()
    player.goto("/")
    player.locator("#library-link").click()
    expect(player.locator("#lib-title")).to_have_text("Chapter library", timeout=T)
    player.locator("#lib-q").fill("tiny trial")
    player.locator("#lib-q").press("Enter")
    item = player.locator('.lib-item[data-chapter="tiny-trial"]')
    expect(item).to_have_count(1, timeout=T)  # already true of the whole list, before the search answers
    expect(player.locator(".lib-item")).to_have_count(1, timeout=T)  # the search's answer: a busy machine is slow
    expect(item.locator("h3")).to_have_text(title)  # the visitor's text, shown as text
    assert item.locator("h3 b").count() == 0
    assert not axe_serious(player), axe_serious(player)
    shot(player, "library-search")
    item.locator("h3 a").click()
    expect(player.locator("#lib-chapter-title")).to_be_focused(timeout=T)
    for _ in range(90):  # the bots' play-test runs in the background (a few seconds for this chapter)
        if player.locator(".lib-facts .lib-badge[data-difficulty]").count():
            break
        player.wait_for_timeout(1000)
        player.reload()
    expect(player.locator(".lib-facts .lib-badge[data-difficulty]")).to_be_visible()
    # issue 44: every rate names its party: the badge's bucket is the new party's, the careful party's beside it,
    # each with its games; the chapter's skill depth (random bot, new party, careful party on the same seeds)
    badge = player.locator(".lib-facts .lib-badge[data-difficulty]")
    expect(badge).to_contain_text("a new party wins")
    expect(badge).to_contain_text("a careful party")
    expect(badge).to_contain_text("games")
    rates = player.locator(".lib-measured > .lib-rates")
    expect(rates.locator("thead")).to_contain_text("A new party's win rate")
    expect(rates.locator("thead")).to_contain_text("A careful party's win rate")
    expect(rates.locator('tr[data-preset="normal"] td[data-party="heuristic"]')).to_contain_text("games")
    expect(rates.locator('tr[data-preset="normal"] td[data-party="search"]')).to_contain_text("games")
    expect(rates.locator('tr[data-preset="easy"] td[data-party="search"]')).to_have_text("not measured")
    skill = player.locator("#lib-skill")
    expect(skill.locator("h4")).to_have_text("How much skill matters")
    for party in ("random", "heuristic", "search"):
        expect(skill.locator(f'tr[data-preset="normal"] td[data-party="{party}"]')).to_contain_text("games")
    expect(skill.locator('tr[data-preset="normal"] td[data-spread]')).to_contain_text("points")
    expect(player.locator("#lib-heat")).to_have_attribute("alt", r"The chapter's board. Red discs: where mice were wounded (normal); bigger and darker is more often.")
    expect(player.locator("#lib-objective")).to_have_text("Clear the second tile.")
    sheet = player.locator("#lib-printable")  # the workshop's printable sheet (issue 31), with the bots' measure
    expect(sheet).to_have_attribute("href", "/api/library/chapters/tiny-trial/sheet?version=1&lang=en")
    assert "Tiny Trial" in player.request.get(sheet.get_attribute("href") or "").text()
    expect(player.locator(".lib-story blockquote")).to_have_text("A rat blocks the road.")
    assert not axe_serious(player), axe_serious(player)
    shot(player, "library-chapter")

    # one click: a table of it, the bots play it to the end; nobody played it, so it offers no rating (issue 48)
    player.locator("#lib-play-bots").click()
    screen = player.locator("#end-screen")
    expect(screen).to_be_visible(timeout=120_000)
    expect(screen.locator("#rate-none")).to_contain_text("a table of bots gives no rating", timeout=T)
    assert screen.locator("#rate-chapter").count() == 0
    screen.locator("#rate-none").screenshot(path=str(SHOTS / "library-rate.png"))

    # the author sees no rating and the play count
    author.goto("/library?c=tiny-trial")
    expect(author.locator("body")).to_contain_text("Nobody has rated it yet.", timeout=T)
    expect(author.locator("#lib-tables")).to_have_text("Tables played: 1")
    expect(author.locator("#lib-players")).to_contain_text("of 1 finished tables")
    expect(author.locator("#lib-listed")).to_be_visible()  # the owner's control, in the owner's browser only
    assert player.locator("#lib-listed").count() == 0

    # the same page in Portuguese
    author.locator("#lang").click()
    expect(author.locator("#lib-measured-title")).to_have_text("Quão difícil é", timeout=T)
    expect(author.locator("#lib-skill h4")).to_have_text("Quanto a habilidade conta")
    expect(author.locator(".lib-facts .lib-badge[data-difficulty]")).to_contain_text("um grupo novo vence")
    shot(author, "library-chapter-pt")
