"""Issue 26, finding 8 in a real Chromium: the end screen of every table has a "Check the dice" panel with the
commitment published at the start, the seed revealed at the end and a download of the full record, and the
downloaded record verifies."""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import Browser, expect
from test_browser_table import SHOTS, new_table, open_seat, play_to_end, wait_version

from mnm.records.record import verify_record


def test_the_end_screen_lets_anyone_check_the_dice(browser: Browser, base_url: str, tmp_path: Path) -> None:
    made = new_table(base_url, seed=11)
    view = play_to_end(base_url, made)
    spectator = open_seat(browser, base_url, made["links"]["spectator"])  # anyone watching can check too
    wait_version(spectator, view["version"])
    panel = spectator.locator("#end-screen #dice-check")
    expect(panel).to_be_visible()
    expect(panel.locator("h3")).to_have_text("Check the dice")
    expect(panel.locator("code.commit")).to_have_text(made["commit"])
    expect(panel.locator("code.seed")).to_have_text(view["fairness"]["seed"])
    link = panel.locator("a.record-link")
    with spectator.expect_download() as got:
        link.click()
    saved = tmp_path / "record.json"
    got.value.save_as(saved)
    record = json.loads(saved.read_text(encoding="utf-8"))
    verdict = verify_record(record)
    assert verdict.ok, verdict.lines
    SHOTS.mkdir(parents=True, exist_ok=True)
    panel.screenshot(path=str(SHOTS / "dice-check.png"))
