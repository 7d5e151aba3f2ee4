"""A bot seat and the hint panel in a real Chromium: the bot's mice are labelled, the hint button shows the
search's best options with their chances and reasons, and clicking one plays it."""

from __future__ import annotations

from pathlib import Path

import httpx
from playwright.sync_api import Browser, expect

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "out" / "browser"
PARTY = ["collin", "tilda", "filch", "maginos"]
SEATS = [["collin", "tilda"], ["filch", "maginos"]]


def test_bot_seat_and_hint_panel(browser: Browser, base_url: str) -> None:
    r = httpx.post(
        f"{base_url}/api/tables",
        json={"chapter": "proving-grounds", "party": PARTY, "seats": SEATS, "seed": 3, "bots": [None, "heuristic"]},
    )
    assert r.status_code == 201, r.text
    made = r.json()
    assert [s["bot"] for s in made["seats"]] == [None, "heuristic"]
    page = browser.new_context(base_url=base_url, viewport={"width": 1280, "height": 900}).new_page()
    page.goto(made["links"]["seats"][0])
    expect(page.locator("#conn.ok")).to_be_visible(timeout=15_000)
    # the bot's mice say so on their cards; people's do not
    expect(page.locator('article[data-hero="filch"] .tag.bot')).to_contain_text("heuristic")
    expect(page.locator('article[data-hero="collin"] .tag.bot')).to_have_count(0)

    version = int(page.locator("body").get_attribute("data-version") or "0")
    with page.expect_response(lambda r: "/hints" in r.url, timeout=60_000) as answer:
        page.locator("#hint-button").click()
    answered = answer.value.json()
    found = [f for f in answered["hints"] if f["playouts"] >= 100 and f["chance"] is not None]
    if not found:  # issue 44: no option reached 100 playouts (a busy machine): said plainly, nothing ranked
        assert answered["status"] == "not_enough"
        expect(page.locator("#hints .waiting")).to_contain_text("Not enough")
        return
    hints = page.locator("#hints button.option.hint")
    expect(hints.first).to_be_visible(timeout=30_000)
    count = hints.count()
    assert 1 <= count <= 3 and count == len(found)
    # only options resting on 100 playouts are shown (issue 44), in a player's words; the numbers behind "details"
    expect(hints.first.locator(".chance")).to_contain_text(" in ")
    details = page.locator("#hints details.hint-details").first
    expect(details.locator(".numbers")).to_contain_text("%")
    expect(details.locator(".reason")).not_to_be_empty()
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "table-bot-hints.png"), full_page=True)

    played = hints.first.get_attribute("data-action")
    hints.first.click()
    # the hint was played (the version moves on; the bot may answer right after)
    expect(page.locator("body")).not_to_have_attribute("data-version", str(version), timeout=15_000)
    view = httpx.get(f"{base_url}/api/tables/{made['table']}").json()["view"]
    log = httpx.get(f"{base_url}/api/tables/{made['table']}/events", params={"limit": 500}).json()
    assert view["version"] > version and log["total"] > 0
    assert played


def test_a_table_of_bots_stopped_over_its_budget_says_so_in_both_languages(browser: Browser, tmp_path: Path) -> None:
    """Issue 34, finding 2: a chapter that never ends, every seat a bot: the server stops it after its rounds, and
    the table page says so where the decision would be, in English and in Portuguese."""
    from web_helpers import BOTS, ENDLESS, ServerProcess

    extra = ["--bot-table-rounds", "2", "--bot-table-pace", "0.05"]  # the first page sees the stop arrive live
    server = ServerProcess(f"sqlite:///{tmp_path / 'bots.db'}", extra=extra).start()
    try:
        made = httpx.post(f"{server.url}/api/workshop/tables", json={"text": ENDLESS, "bots": BOTS}).json()
        for lang, words in (("en", "did not end within 2 rounds"), ("pt", "não terminou em 2 rodadas")):
            context = browser.new_context(base_url=server.url, viewport={"width": 1280, "height": 900})
            context.add_init_script(f"localStorage.setItem('mnm.lang', '{lang}'); localStorage.setItem('mnm.speed', 'instant')")
            page = context.new_page()
            page.goto(made["links"]["host"])
            expect(page.locator("#stopped")).to_contain_text(words, timeout=30_000)
            expect(page.locator("#decision button.option")).to_have_count(0)
            if lang == "en":
                SHOTS.mkdir(parents=True, exist_ok=True)
                page.screenshot(path=str(SHOTS / "table-bots-stopped.png"), full_page=True)
            context.close()
    finally:
        server.stop()
