"""The screenshots of Chapters 3 and 4 in docs/img/ (issue 15): every expansion marker showing, in the browser
(1440×1100) and in the terminal at 120×40. The positions are the showcase scenarios
examples/scenarios/exp-board-trickle.yaml and exp-board-ember-vault.yaml.

Starts its own ``mnm serve`` on a free port (the tests' helpers seat the scenarios in its storage) and needs
Debian's Chromium (/usr/bin/chromium):

    PYTHONPATH=src .venv/bin/python scripts/exp_screenshots.py
"""

from __future__ import annotations

import asyncio
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
for folder in ("tests", "tests/browser", "tests/server"):
    sys.path.insert(0, str(ROOT / folder))

from playwright.sync_api import sync_playwright  # noqa: E402
from scenario_tables import seat_scenario  # noqa: E402
from web_helpers import ServerProcess  # noqa: E402

from mnm.terminal.app import PlayApp  # noqa: E402
from mnm.terminal.screens import TextScreen  # noqa: E402
from scenariokit import scenario_game  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
SHOTS = {"exp-board-trickle": "chapter3-trickle", "exp-board-ember-vault": "chapter4-ember-vault"}
OUT = ROOT / "docs" / "img"


def web(server: ServerProcess) -> None:
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        for scenario, name in SHOTS.items():
            made = seat_scenario(server.db_url, scenario)
            context = browser.new_context(viewport={"width": 1440, "height": 1100}, base_url=server.url)
            context.add_init_script(f"localStorage.setItem('mnm.story.{made['table']}', '1')")
            page = context.new_page()
            page.goto(made["link"])
            page.wait_for_selector("#conn.ok")
            page.wait_for_selector("#board svg .overlay")
            page.wait_for_timeout(800)
            page.screenshot(path=str(OUT / f"web-{name}.png"))
            context.close()
        browser.close()


async def _terminal_svg(scenario: str, folder: Path) -> Path:
    app = PlayApp(scenario_game(scenario))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        while isinstance(app.screen, TextScreen):
            await pilot.press("enter")
            await pilot.pause()
        return Path(app.save_screenshot(filename=f"{scenario}.svg", path=str(folder)))


def terminal() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        for scenario, name in SHOTS.items():
            svg = asyncio.run(_terminal_svg(scenario, Path(tmp)))
            subprocess.run(
                [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", f"--screenshot={OUT / f'terminal-{name}.png'}",
                 "--window-size=1500,1000", svg.as_uri()],
                check=True,
                capture_output=True,
            )  # fmt: skip


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        server = ServerProcess(f"sqlite:///{tmp}/tables.db").start()
        try:
            web(server)
        finally:
            server.stop()
    terminal()
    for name in SHOTS.values():
        print(OUT / f"web-{name}.png", OUT / f"terminal-{name}.png")


if __name__ == "__main__":
    main()
