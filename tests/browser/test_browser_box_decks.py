"""The web table with the box's own search deck (issue 25), in a real Chromium: the card that came up is chosen
from a select of the cards left in the deck, in English and Portuguese. Screenshot: out/browser/."""

from __future__ import annotations

from typing import Any

import httpx
from playwright.sync_api import Browser, expect
from test_browser_companion_app import PHONE, create, open_page, shot, view_of

SWORD_STAR = 2


def _send(base_url: str, made: dict[str, Any], action: str, version: int) -> dict[str, Any]:
    """Send ``action`` over HTTP, typing a SWORD+STAR for every die asked for."""
    given: list[int] = []
    for _ in range(30):
        r = httpx.post(
            f"{base_url}/api/tables/{made['table']}/actions",
            json={"action": action, "version": version, "dice": given},
            headers={"X-Seat-Token": made["host_token"]},
        )
        if r.status_code == 200:
            view: dict[str, Any] = r.json()["view"]
            return view
        assert r.status_code == 409 and r.json()["error"] == "need_dice", r.text
        given = given + [SWORD_STAR] * r.json()["count"]
    raise AssertionError("the table kept asking for dice")


def _waiting_for_a_box_card(base_url: str) -> tuple[dict[str, Any], dict[str, Any]]:
    made = create(base_url, companion=True, options=["box_search_deck"])
    view = view_of(base_url, made["table"])
    while view["decision"]["kind"] == "choose_ability":
        view = _send(base_url, made, view["decision"]["options"][0], view["version"])
    view = _send(base_url, made, f"search {view['decision']['actor']}", view["version"])
    assert view["decision"]["kind"] == "box_search_card"
    return made, view


def test_the_card_from_the_box_is_chosen_from_the_cards_left(browser: Browser, base_url: str) -> None:
    made, view = _waiting_for_a_box_card(base_url)
    hero = view["decision"]["actor"]
    page = open_page(browser, base_url, made["links"]["host"])
    select = page.locator("#decision select#box-card")
    expect(select).to_be_visible()
    expect(select.locator("option")).to_have_count(len(view["decision"]["options"]))
    expect(page.locator("#decision label[for=box-card]")).to_contain_text(f"one of {len(view['decision']['options'])} different cards left")
    expect(page.locator("#decision button.option:not(#box-card-send)")).to_have_count(0)  # no wall of buttons
    expect(page.locator("#hint-button")).to_have_count(0)  # what came up is not a choice to advise on
    shot(page, "issue25-box-search-card-desktop")
    select.select_option(label="Sling")
    page.locator("#box-card-send").click()
    expect(page.locator("body")).to_have_attribute("data-version", str(view["version"] + 1))
    after = view_of(base_url, made["table"])
    assert (after["decision"]["kind"], after["decision"]["actor"]) == ("found_card", hero)
    assert after["decision"]["data"]["card"] == "sling"
    expect(page.locator(f'#decision button.option[data-action="keep {hero} sling"]')).to_be_visible()


def test_the_box_card_select_speaks_portuguese_on_a_phone(browser: Browser, base_url: str) -> None:
    made, _view = _waiting_for_a_box_card(base_url)
    page = open_page(browser, base_url, made["links"]["host"], viewport=PHONE, lang="pt")
    expect(page.locator("#decision label[for=box-card]")).to_contain_text("restam no baralho")
    expect(page.locator("#box-card-send")).to_have_text("Saiu esta carta")
    expect(page.locator("#box-card option", has_text="Funda")).to_have_count(1)
    page.locator("#box-card").scroll_into_view_if_needed()
    shot(page, "issue25-box-search-card-phone-pt")


def test_the_initiative_order_is_chosen_by_the_cards_names(browser: Browser, base_url: str) -> None:
    made = create(base_url, companion=True, options=["box_initiative"])
    view = view_of(base_url, made["table"])
    while view["decision"]["kind"] == "choose_ability":
        view = _send(base_url, made, view["decision"]["options"][0], view["version"])
    assert view["decision"]["kind"] == "box_initiative"
    page = open_page(browser, base_url, made["links"]["host"])
    select = page.locator("#decision select#box-card")
    expect(select.locator("option", has_text="Prince Collin")).to_have_count(1)
    expect(select.locator("option", has_text="Rat Warriors")).to_have_count(1)
    select.select_option(label="Tilda")
    page.locator("#box-card-send").click()
    expect(page.locator("body")).to_have_attribute("data-version", str(view["version"] + 1))
    expect(select.locator("option")).to_have_count(4)  # Tilda is laid: four cards left
    shot(page, "issue25-box-initiative-desktop")
