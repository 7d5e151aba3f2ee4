"""Issue 45, item 5: rule IDs and the dice seal are details, off by default for players at a table being played and
on by default in a verify view (the chapter over, its seed public and "Check the dice" on the end screen), as at a
companion table. A player's own choice of the switch wins over either default."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Browser, expect
from scenario_tables import NEAR_VICTORY, seat_game

from mnm.engine import load_scenario, scenario_from_yaml


def test_details_are_off_while_playing_and_on_in_the_verify_view(browser: Browser, base_url: str, web_server: Any) -> None:
    made = seat_game(web_server.db_url, load_scenario(scenario_from_yaml(NEAR_VICTORY)))
    context = browser.new_context(base_url=base_url, viewport={"width": 1280, "height": 800})
    context.add_init_script(
        f"localStorage.setItem('mnm.speed', 'instant'); localStorage.setItem('mnm.story.{made['table']}', '1')"
    )
    page = context.new_page()
    page.goto(made["link"])
    expect(page.locator("#conn.ok")).to_be_visible(timeout=15_000)
    body = page.locator("body")
    expect(body).not_to_have_class("details-on")  # a player at a table being played
    expect(page.locator("#dice-sealed")).to_be_hidden()
    expect(page.locator("#details-toggle")).to_have_attribute("aria-pressed", "false")
    # Maginos reaches the goal: the chapter is won, its seed public
    page.locator('path.space.lit[data-space="1:16"]').dispatch_event("click")
    page.locator("#confirm-choice").click()
    expect(page.locator("#end-screen #dice-check")).to_be_visible()
    expect(body).to_have_class("details-on")  # the verify view: details on by default
    expect(page.locator("#details-toggle")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#dice-sealed")).to_contain_text("Dice sealed: ")
    assert page.locator("#log .rule").count() > 0  # the log's rule IDs are back
    # the player's own choice wins over the default, and stays
    page.evaluate("document.querySelector('#details-toggle').click()")
    expect(body).not_to_have_class("details-on")
    page.reload()
    expect(page.locator("#conn.ok")).to_be_visible(timeout=15_000)
    expect(page.locator("#details-toggle")).to_have_attribute("aria-pressed", "false")
    expect(body).not_to_have_class("details-on")
