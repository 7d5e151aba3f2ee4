"""Issue 32: a two-chapter campaign played through the page by two seats, neither reaching for a URL by hand.

Seat 1 (Collin and Tilda) and seat 2 (Filch and Maginos) each open their own seat link in their own browser
context. Seat 2 wins Chapter 1 with a click; seat 1 (not the host) starts the next chapter from the end screen;
both pages are taken to the new table; Chapter 2 runs out its hourglass; seat 2 goes on again, and the campaign
sheet lists both chapters. Screenshots go to out/browser/issue32-*.png.
"""

from __future__ import annotations

import hashlib
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
SEATS = [["collin", "tilda"], ["filch", "maginos"]]


def two_seat_table(db_url: str, game: Game) -> dict[str, Any]:
    """Write a table at ``game``'s position with two seats, each with its own token; the seat links."""
    st = game.state
    tokens = [secrets.token_urlsafe(16) for _ in range(3)]
    digests = [hashlib.sha256(t.encode()).hexdigest() for t in tokens]
    table_id = f"cmp-{secrets.token_hex(4)}"
    setup = {"chapter": st.chapter, "party": list(st.party), "seats": SEATS, "seed": 0, "dice": "seeded"}
    storage = Storage(db_url)
    try:
        storage.create_table(table_id, setup, {"host": digests[0], "seats": digests[1:]}, game.to_json(), [], st.status)
    finally:
        storage.close()
    return {"table": table_id, "tokens": tokens[1:], "links": [f"/#t={table_id}&k={t}" for t in tokens[1:]]}


def open_seat(browser: Browser, base_url: str, link: str, table: bool = True) -> Page:
    context = browser.new_context(base_url=base_url, viewport={"width": 1280, "height": 900})
    # instant playback; no opening story dialog over the table (every table of this campaign)
    context.add_init_script(
        "localStorage.setItem('mnm.speed', 'instant');"
        "const _set = Storage.prototype.getItem;"
        "Storage.prototype.getItem = function (k) { return k.startsWith('mnm.story.') ? '1' : _set.call(this, k); };"
    )
    page = context.new_page()
    page.goto(link)
    if table:
        expect(page.locator("#conn.ok")).to_be_visible(timeout=15_000)
    return page


def table_of(page: Page) -> str:
    return str(page.evaluate("new URLSearchParams(location.hash.slice(1)).get('t')"))


def shot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"issue32-{name}.png"), full_page=True)


def run_out_the_hourglass(base_url: str, table: str, token: str, owner: dict[str, str]) -> None:
    """Play the chapter to its end through the API: every mouse ends its turn at once (seat tokens by owner)."""
    view = httpx.get(f"{base_url}/api/tables/{table}").json()["view"]
    while view["decision"] is not None:
        options = view["decision"]["options"]
        action = next((o for o in options if o.startswith("end ")), options[0])
        seat = owner.get(view["decision"]["actor"], token)
        r = httpx.post(
            f"{base_url}/api/tables/{table}/actions",
            json={"action": action, "version": view["version"]},
            headers={"X-Seat-Token": seat},
        )
        assert r.status_code == 200, r.text
        view = r.json()["view"]


def test_two_seats_play_a_campaign_through_the_page(browser: Browser, base_url: str, web_server: Any) -> None:
    data = scenario_from_yaml(NEAR_VICTORY)
    game = load_scenario(data)
    made = two_seat_table(web_server.db_url, game)
    first, second = (open_seat(browser, base_url, link) for link in made["links"])
    # seat 2 wins Chapter 1 with its own click
    second.locator('path.space.lit[data-space="1:16"]').dispatch_event("click")
    second.locator("#confirm-choice").click()
    for page in (first, second):
        screen = page.locator("#end-screen")
        expect(screen).to_be_visible()
        expect(screen.locator("#next-chapter")).to_be_visible()
    shot(first, "end-chapter1-seat1")
    # seat 1, not the host, goes on: both pages are taken to the new table, each with its own key
    first.locator("#end-screen #next-chapter").click()
    for page in (first, second):
        expect(page.locator("#chapter-name")).to_contain_text("2.", timeout=15_000)
        expect(page.locator("#conn.ok")).to_be_visible(timeout=15_000)
    chapter2 = table_of(first)
    assert chapter2 != made["table"] and table_of(second) == chapter2
    expect(first.locator("#role")).to_contain_text("Collin")
    expect(second.locator("#role")).to_contain_text("Maginos")
    # the old table points to the new one
    old = httpx.get(f"{base_url}/api/tables/{made['table']}").json()["view"]
    assert old["campaign"]["continued_to"] == chapter2
    # the campaign sheet: Chapter 1 won, Chapter 2 being played
    second.locator("#campaign-button").click()
    sheet = second.locator("#campaign-sheet")
    expect(sheet.locator('li[data-chapter="flight-to-barksburg"]')).to_contain_text("won")
    expect(sheet.locator('li[data-chapter="the-root-road"]')).to_contain_text("playing")
    expect(sheet.locator('tr[data-hero="maginos"]')).to_be_visible()
    shot(second, "campaign-sheet-chapter2")
    second.keyboard.press("Escape")
    # Chapter 2 runs out of pages (played through the API: the point here is the campaign's way on)
    owner = {hero: made["tokens"][i] for i, heroes in enumerate(SEATS) for hero in heroes}
    run_out_the_hourglass(base_url, chapter2, made["tokens"][0], owner)
    for page in (first, second):
        expect(page.locator("#end-screen #go-on")).to_be_visible(timeout=15_000)
    second.locator("#end-screen #next-chapter").click()
    for page in (first, second):
        expect(page.locator("#chapter-name")).to_contain_text("3.", timeout=15_000)
    first.locator("#campaign-button").click()
    chapters = first.locator("#campaign-sheet li")
    expect(chapters).to_have_count(3)
    expect(chapters.nth(1)).to_contain_text("lost")
    shot(first, "campaign-sheet-chapter3")


def test_a_finished_table_points_to_the_next_and_chapter0_does_not_go_on(
    browser: Browser, base_url: str, web_server: Any
) -> None:
    data = scenario_from_yaml(NEAR_VICTORY)
    made = two_seat_table(web_server.db_url, load_scenario(data))
    owner = {hero: made["tokens"][i] for i, heroes in enumerate(SEATS) for hero in heroes}
    r = httpx.post(
        f"{base_url}/api/tables/{made['table']}/actions",
        json={"action": "move maginos 1:16", "version": 0},
        headers={"X-Seat-Token": owner["maginos"]},
    )
    assert r.status_code == 200, r.text
    r = httpx.post(
        f"{base_url}/api/tables/{made['table']}/continue", json={"keep": {}}, headers={"X-Seat-Token": owner["filch"]}
    )
    assert r.status_code == 201, r.text
    nxt = r.json()
    assert nxt["link"] == f"/#t={nxt['table']}&k={owner['filch']}" and nxt["host_token"] is None
    # someone who comes back to the old table later finds the way on
    page = open_seat(browser, base_url, made["links"][0])
    link = page.locator("#end-screen #next-table-link")
    expect(link).to_be_visible()
    link.click()
    expect(page.locator("#chapter-name")).to_contain_text("2.", timeout=15_000)
    # Chapter 0 (the proving grounds) has no next chapter: its end does not say the campaign goes on
    proving = httpx.post(
        f"{base_url}/api/tables", json={"chapter": "proving-grounds", "party": ["collin", "tilda", "filch", "maginos"]}
    ).json()
    run_out_the_hourglass(base_url, proving["table"], proving["host_token"], {})
    page.goto(proving["links"]["host"])
    screen = page.locator("#end-screen")
    expect(screen.locator("#campaign-ends")).to_be_visible(timeout=15_000)
    expect(screen.locator("#next-chapter")).to_have_count(0)
    expect(screen.locator("#go-on")).to_have_count(0)
    expect(screen.locator("#campaign h3")).not_to_contain_text("campaign goes on")


def test_play_this_chapter_starts_the_table(browser: Browser, base_url: str) -> None:
    page = open_seat(browser, base_url, "/", table=False)
    page.locator('#chapter-cards article[data-chapter="the-root-road"] button').click()
    # issue 45: one screen to set the table up first (defaults: every mouse on this device)
    step = page.locator("#new-table-step")
    expect(step.locator("#nt-rate")).to_contain_text("%")
    step.locator("#start-table").click()
    expect(page.locator("#chapter-name")).to_contain_text("2.", timeout=15_000)
    expect(page.locator("#role")).to_have_attribute("data-role", "host")
    # the share panel is on the table, and every seat link carries its key
    seat_links = page.locator("#host-links input.seat-link")
    expect(seat_links.first).to_be_visible()
    for value in seat_links.evaluate_all("xs => xs.map(x => x.value)"):
        assert "&k=" in value, value
