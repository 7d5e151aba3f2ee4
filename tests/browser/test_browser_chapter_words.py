"""Chapter actions and story choices in a real Chromium (issue 30): options are buttons with the chapter file's own
words, in the player's language, like any other decision."""

from __future__ import annotations

from pathlib import Path

import httpx
from playwright.sync_api import Browser, expect
from scenario_tables import seat_game

from mnm.bots.registry import make_bot
from mnm.engine import Game

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "out" / "browser"
PARTY = ["collin", "tilda", "filch", "maginos"]


def test_a_chapter_action_is_a_button_with_its_text(browser: Browser, base_url: str) -> None:
    r = httpx.post(f"{base_url}/api/tables", json={"chapter": "the-old-mill", "party": PARTY, "seed": 1})
    assert r.status_code == 201, r.text
    made = r.json()
    url, host = f"{base_url}/api/tables/{made['table']}", {"X-Seat-Token": made["host_token"]}
    view = httpx.get(url).json()["view"]
    for _ in range(10):  # the abilities first: then the first mouse's turn offers the lever (side 8, anywhere)
        d = view["decision"]
        if d["kind"] == "turn":
            break
        body = {"action": d["options"][0], "version": view["version"]}
        assert httpx.post(f"{url}/actions", json=body, headers=host).status_code == 200
        view = httpx.get(url).json()["view"]
    act = next(o for o in view["decision"]["options"] if o.startswith("act "))
    assert view["decision"]["names"]["pull-lever"] == {"en": "Pull the rusty lever", "pt": "Puxar a alavanca enferrujada"}
    context = browser.new_context(base_url=base_url, viewport={"width": 1280, "height": 900})
    context.add_init_script("localStorage.setItem('mnm.speed', 'instant')")
    page = context.new_page()
    page.goto(made["links"]["host"])
    expect(page.locator("#conn.ok")).to_be_visible(timeout=15_000)
    button = page.locator(f'#decision button[data-action="{act}"]')
    expect(button).to_contain_text("Pull the rusty lever")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "chapter-action.png"))
    button.click()
    expect(page.locator(f'#decision button[data-action="{act}"]')).to_have_count(0)  # the action is spent
    context.close()


def _at_the_story_choice() -> Game:
    for seed in range(10):
        game = Game.new("the-old-mill", PARTY, seed=seed)
        bot = make_bot("heuristic", seed=seed)
        while (d := game.decision()) is not None and d.kind != "story_choice":
            game.apply(bot.choose(game))
        if d is not None:
            return game
    raise AssertionError("no seed reached the story choice")


def test_a_story_choice_is_a_decision_in_the_player_s_language(browser: Browser, web_server: object) -> None:
    game = _at_the_story_choice()
    made = seat_game(web_server.db_url, game)  # type: ignore[attr-defined]
    context = browser.new_context(base_url=web_server.url, viewport={"width": 1280, "height": 900})  # type: ignore[attr-defined]
    context.add_init_script("localStorage.setItem('mnm.lang', 'pt'); localStorage.setItem('mnm.speed', 'instant')")
    page = context.new_page()
    page.goto(made["link"])
    expect(page.locator("#conn.ok")).to_be_visible(timeout=15_000)
    expect(page.locator("#decision-help")).to_contain_text("Que caminho o grupo toma?")
    race = page.locator("#decision button.option", has_text="Descer a corrida do moinho até as terras baixas")
    expect(race).to_have_count(1)
    expect(page.locator("#decision button.option", has_text="Subir a escada")).to_have_count(1)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "story-choice-pt.png"))
    race.click()
    expect(page.locator("#decision button.option", has_text="Descer a corrida")).to_have_count(0)
    context.close()
