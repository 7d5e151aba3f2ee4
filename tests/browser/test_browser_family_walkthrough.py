"""Issue 45, item 8: two people at one table, a desktop (1280x800) and a phone (390x844), from the home page to
Chapter 2. Lean on CI time: the home page's new-table step starts a real table and the turn alert is checked on
its opening decisions; the middle of the chapter (an explore, a tap) and its end (one step from victory, with a
card to keep and an achievement earned) are positions written straight into storage, so no chapter is played
out. Asserted: the turn alert, Confirm in view after every tap, the board following the party after an
explore, no rule ID in the default log, and one shared keep carried into Chapter 2. Screenshots go to
out/browser/issue45-*.png.
"""

from __future__ import annotations

import hashlib
import re
import secrets
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Browser, Page, expect
from scenario_tables import NEAR_VICTORY

from mnm.engine import Game, load_scenario, scenario_from_yaml
from mnm.server.storage import Storage

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "out" / "browser"
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
RULE_ID = re.compile(r"\bR-[A-Z]+-\d+")

# Chapter 1 at the Guard Room's flip space: Collin (the phone's mouse) may explore by turning the tile over
AT_THE_FLIP = """
chapter: flight-to-barksburg
tiles: {courtyard: 1}
explored: [5]
heroes:
  collin: {space: "5:8", abilities: [first-aid]}
  tilda: {space: "5:8"}
  filch: {space: "5:9"}
  maginos: {space: "5:9"}
track: [mouse:collin, mouse:tilda, mouse:filch, mouse:maginos]
turn: mouse:collin
dice: [3, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2]
"""
# one step from victory, Tilda holding a card she may keep, Maginos with the Marksman achievement he earned
NEAR_VICTORY_WITH_GAINS = NEAR_VICTORY.replace(
    'tilda: {space: "1:16"}', 'tilda: {space: "1:16", pack: [levitate-scroll]}'
).replace('maginos: {space: "1:15"}', 'maginos: {space: "1:15", achievements: [marksman]}')


def write_table(db_url: str, game: Game, seats: list[list[str]]) -> dict[str, Any]:
    """A table at ``game``'s position with one token per seat, written into storage; the seat links."""
    st = game.state
    tokens = [secrets.token_urlsafe(16) for _ in range(len(seats) + 1)]
    digests = [hashlib.sha256(t.encode()).hexdigest() for t in tokens]
    table_id = f"fam-{secrets.token_hex(4)}"
    setup = {"chapter": st.chapter, "party": list(st.party), "seats": seats, "seed": 0, "dice": "seeded"}
    storage = Storage(db_url)
    try:
        storage.create_table(table_id, setup, {"host": digests[0], "seats": digests[1:]}, game.to_json(), [], st.status)
    finally:
        storage.close()
    return {"table": table_id, "links": [f"/#t={table_id}&k={t}" for t in tokens[1:]]}


def device(browser: Browser, base_url: str, viewport: dict[str, int]) -> Page:
    context = browser.new_context(base_url=base_url, viewport=viewport)
    context.add_init_script(
        "localStorage.setItem('mnm.speed', 'instant');"
        "const _get = Storage.prototype.getItem;"
        "Storage.prototype.getItem = function (k) { return k.startsWith('mnm.story.') ? '1' : _get.call(this, k); };"
    )
    return context.new_page()


def go(page: Page, link: str) -> None:
    page.goto(link)
    expect(page.locator("#conn.ok")).to_be_visible(timeout=15_000)


def shot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"issue45-{name}.png"))


def in_window(page: Page, selector: str) -> None:
    """The element is wholly inside the window (no scrolling needed to see it)."""
    box = page.locator(selector).bounding_box()
    size = page.viewport_size
    assert box is not None and size is not None
    assert box["x"] >= 0 and box["y"] >= 0, box
    assert box["x"] + box["width"] <= size["width"] + 1 and box["y"] + box["height"] <= size["height"] + 1, (box, size)


def figure_in_board(page: Page, hero: str) -> bool:
    return bool(
        page.evaluate(
            """(id) => { const b = document.querySelector('#board').getBoundingClientRect();
                const f = document.querySelector(`#board [data-figure="${id}"]`);
                if (!f) return false; const r = f.getBoundingClientRect();
                return r.left >= b.left - 1 && r.right <= b.right + 1 && r.top >= b.top - 1 && r.bottom <= b.bottom + 1; }""",
            hero,
        )
    )


def no_rule_ids_in_the_log(page: Page) -> None:
    text = page.locator("#log").inner_text()
    assert not RULE_ID.search(text), RULE_ID.search(text)


def tap_confirms_in_view(page: Page, space: str) -> None:
    page.locator(f'#board path.space.lit[data-space="{space}"]').dispatch_event("click")
    expect(page.locator("#confirm-choice")).to_be_visible()
    in_window(page, "#confirm-choice")


def test_two_people_from_the_home_page_to_chapter_two(browser: Browser, base_url: str, web_server: Any) -> None:
    desk = device(browser, base_url, DESKTOP)
    phone = device(browser, base_url, PHONE)
    # --- the home page: one screen sets the table up; two players, two mice each
    desk.goto("/")
    desk.locator('#chapter-cards article[data-chapter="flight-to-barksburg"] button').click()
    step = desk.locator("#new-table-step")
    expect(step.locator("#nt-rate")).to_contain_text("%")
    # issue 44: both yardsticks, each naming its party (Chapter 1 has the careful party measured at every preset)
    expect(step.locator("#nt-rate")).to_contain_text("a new party")
    expect(step.locator("#nt-rate")).to_contain_text("a careful party")
    step.locator("#nt-players").select_option("2")
    for hero, player in (("collin", "0"), ("tilda", "0"), ("filch", "1"), ("maginos", "1")):
        step.locator(f'select[data-hero="{hero}"]').select_option(player)
    shot(desk, "new-table-step-desktop")
    step.locator("#start-table").click()
    expect(desk.locator("#chapter-name")).to_contain_text("1.", timeout=15_000)
    links = desk.locator("#host-links input.seat-link").evaluate_all("xs => xs.map(x => x.value)")
    assert len(links) == 2, links
    go(desk, links[0])  # the desktop plays seat 1 (Collin, Tilda); the phone seat 2 (Filch, Maginos)
    go(phone, links[1])
    # --- the turn alert: the opening choice is Collin's, so the desktop is told and the phone is not
    expect(desk.locator("#turn-banner")).to_be_visible()
    expect(desk.locator("#turn-banner")).to_contain_text("Collin")
    assert desk.title().startswith("●")
    expect(phone.locator("#turn-banner")).to_be_hidden()
    assert not phone.title().startswith("●")
    expect(desk.locator("#sound-toggle")).to_have_attribute("aria-pressed", "false")  # the sound is off by default
    # seat 1 answers its two mice's opening choices (Collin's, Tilda's); then the phone is alerted for Filch's
    for version in ("1", "2"):
        desk.locator("#decision .options button.option").first.click()
        expect(desk.locator("body")).to_have_attribute("data-version", version)
    expect(phone.locator("#turn-banner")).to_be_visible()
    assert phone.title().startswith("●")
    expect(desk.locator("#turn-banner")).to_be_hidden()
    no_rule_ids_in_the_log(desk)
    no_rule_ids_in_the_log(phone)
    shot(phone, "turn-alert-phone")
    phone.locator("#to-choices").click()  # the banner takes the phone to its choices, below the board
    phone.wait_for_function("() => document.querySelector('#decision').getBoundingClientRect().top < window.innerHeight / 2")

    # --- the middle of the chapter: the phone's Collin at the Guard Room's flip space
    mid = write_table(web_server.db_url, load_scenario(scenario_from_yaml(AT_THE_FLIP)), [["filch", "maginos"], ["collin", "tilda"]])
    go(desk, mid["links"][0])
    go(phone, mid["links"][1])
    expect(phone.locator("#turn-banner")).to_be_visible()
    # player words: what a search needs, and an ability too dear shown greyed with its price
    expect(phone.locator('#decision button.option[data-action="search collin"] .option-effect')).to_contain_text("a star finds a card")
    expect(phone.locator('#decision button.option.unaffordable[data-ability="first-aid"]')).to_contain_text("needs 2 cheese (has 0)")
    # a tap on the board: Confirm next to it, in the window, on both screens' sizes
    lit = phone.locator("#board path.space.lit").first.get_attribute("data-space")
    assert lit is not None
    tap_confirms_in_view(phone, lit)
    shot(phone, "confirm-after-tap-phone")
    phone.locator("#cancel-choice").click()
    # the explore: the tile turns over, and the board follows the party to where it is now
    phone.locator('#decision button.option[data-action="explore collin flip"]').click()
    confirm = phone.locator("#confirm-yes")
    if confirm.count():
        confirm.click()
    expect(phone.locator("#board path.space[data-space^='6:']").first).to_be_attached(timeout=15_000)
    phone.wait_for_function(
        """() => { const b = document.querySelector('#board').getBoundingClientRect();
            const f = document.querySelector('#board [data-figure="collin"]'); if (!f) return false;
            const r = f.getBoundingClientRect();
            return r.left >= b.left - 1 && r.right <= b.right + 1 && r.top >= b.top - 1 && r.bottom <= b.bottom + 1; }""",
        timeout=10_000,
    )
    assert figure_in_board(phone, "collin")
    room = phone.locator(".modal.room-rules")
    if room.count():
        room.locator("[data-close]").click()
    in_window(phone, '#board [data-figure="collin"]')  # the page brought the board back, on the party
    shot(phone, "after-explore-phone")
    no_rule_ids_in_the_log(phone)

    # --- the end of Chapter 1: the phone wins it with a tap; one shared keep on both screens
    end = write_table(
        web_server.db_url, load_scenario(scenario_from_yaml(NEAR_VICTORY_WITH_GAINS)), [["collin", "tilda"], ["filch", "maginos"]]
    )
    go(desk, end["links"][0])
    go(phone, end["links"][1])
    tap_confirms_in_view(phone, "1:16")
    phone.locator("#confirm-choice").click()
    for page in (desk, phone):
        expect(page.locator("#end-screen #next-chapter")).to_be_visible(timeout=15_000)
    tilda_phone = phone.locator('#end-screen select[data-hero="tilda"]')
    expect(tilda_phone).to_be_disabled()  # Tilda is the desktop's mouse: its seat decides
    desk.locator('#end-screen select[data-hero="tilda"]').select_option("levitate-scroll")
    expect(tilda_phone).to_have_value("levitate-scroll")  # seen live on the phone
    expect(phone.locator("#keep-summary")).to_contain_text("Levitate Scroll")
    expect(desk.locator("#keep-summary")).to_contain_text("Levitate Scroll")
    shot(phone, "shared-keep-phone")
    shot(desk, "shared-keep-desktop")
    phone.locator("#end-screen #next-chapter").click()  # the phone goes on: Tilda keeps what the desktop chose
    for page in (desk, phone):
        expect(page.locator("#chapter-name")).to_contain_text("2.", timeout=15_000)
    chapter2 = phone.evaluate("new URLSearchParams(location.hash.slice(1)).get('t')")
    view = httpx.get(f"{base_url}/api/tables/{chapter2}").json()["view"]
    tilda = next(h for h in view["heroes"] if h["id"] == "tilda")
    assert "levitate-scroll" in [c["id"] for c in [*tilda["equipped"], *tilda["pack"], *tilda["tricks"]]]
    # the campaign sheet keeps Maginos' Marksman from Chapter 1
    desk.locator("#campaign-button").click()
    expect(desk.locator('#campaign-sheet tr[data-hero="maginos"]')).to_contain_text("Marksman")
    shot(desk, "campaign-sheet-chapter2-desktop")
    desk.keyboard.press("Escape")
    no_rule_ids_in_the_log(desk)
