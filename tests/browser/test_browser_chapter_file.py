"""A table of an uploaded chapter file, in a real Chromium (issue 22, item 4): the page shows the file's chapter,
its story and its board, as for a shipped chapter."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, expect

from mnm.chapters.file import skeleton_text

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "out" / "browser"
EXAMPLE = ROOT / "examples" / "chapters" / "kitchen-run.yaml"


def test_a_chapter_file_table_shows_its_chapter_story_and_board(browser: Browser, base_url: str) -> None:
    text = EXAMPLE.read_text(encoding="utf-8")
    r = httpx.post(f"{base_url}/api/tables", json={"chapter_file": text, "party": ["collin", "tilda", "filch", "maginos"]})
    assert r.status_code == 201, r.text
    context = browser.new_context(base_url=base_url, viewport={"width": 1280, "height": 900})
    context.add_init_script("localStorage.setItem('mnm.speed', 'instant')")
    page = context.new_page()
    page.goto(r.json()["links"]["host"])
    expect(page.locator("#conn.ok")).to_be_visible(timeout=15_000)
    expect(page.locator("#app")).to_contain_text("101. The Kitchen Run")
    expect(page.get_by_role("dialog", name="Story")).to_contain_text("The guards are asleep at last.")
    expect(page.locator('path.space[data-space="4:2"]')).to_have_count(1)  # the goal space on the file's board
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "chapter-file-table.png"))
    context.close()


@pytest.mark.rule("R-EXPLORE-13")
def test_r_explore_13_why_no_explore_gives_a_gates_words_in_portuguese(browser: Browser, base_url: str) -> None:
    """A Portuguese player's "Por que não explorar?" names the chapter gate in the file's Portuguese words."""
    text = skeleton_text().replace("  starting_minions:\n    - {minion: rat-warrior, count: 2, side: 5}\n", "")
    gate = "  - {id: shut, when: explore_attempt, do: [gate: {reason: {en: The door is barred, pt: A porta está trancada}}]}"
    text = text.replace("\nrooms:", f"{gate}\n\nrooms:", 1)
    r = httpx.post(f"{base_url}/api/tables", json={"chapter_file": text, "party": ["collin", "tilda", "filch", "maginos"]})
    assert r.status_code == 201, r.text
    made = r.json()
    url, host = f"{base_url}/api/tables/{made['table']}", {"X-Seat-Token": made["host_token"]}
    view = httpx.get(url).json()["view"]
    for _ in range(60):  # to a mouse beside the Guard Room's exit (5:4) or flip (5:8), on its turn
        d = view["decision"]
        if (d.get("explore_missing") or {}).get("code") == "chapter_rule":
            break
        near = [o for o in d["options"] if o.startswith("move ") and o.endswith((" 5:4", " 5:8"))]
        ends = [o for o in d["options"] if o.startswith("end ")]
        body = {"action": (near or ends or d["options"])[0], "version": view["version"]}
        assert httpx.post(f"{url}/actions", json=body, headers=host).status_code == 200
        view = httpx.get(url).json()["view"]
    assert view["decision"]["explore_missing"]["code"] == "chapter_rule"
    context = browser.new_context(base_url=base_url, viewport={"width": 1280, "height": 900})
    context.add_init_script("localStorage.setItem('mnm.lang', 'pt'); localStorage.setItem('mnm.speed', 'instant')")
    page = context.new_page()
    page.goto(made["links"]["host"])
    expect(page.locator("#conn.ok")).to_be_visible(timeout=15_000)
    why = page.locator("#why-explore")
    why.locator("summary").click()
    expect(why).to_contain_text("A porta está trancada")
    expect(why).not_to_contain_text("The door is barred")
    SHOTS.mkdir(parents=True, exist_ok=True)
    why.scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "chapter-gate-pt.png"))
    context.close()
