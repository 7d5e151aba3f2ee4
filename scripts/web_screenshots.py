"""The README's screenshots of the web table (docs/img/): Chapter 1 a few rounds in, desktop and phone.

Needs a running server that accepts seeds (``python -m mnm serve --port 8712 --allow-seed``) and Debian's Chromium:

    .venv/bin/python scripts/web_screenshots.py --url http://127.0.0.1:8712
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path

import httpx
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]


def play_into(url: str, actions: int) -> dict[str, str]:
    made = httpx.post(
        f"{url}/api/tables",
        json={"chapter": "flight-to-barksburg", "party": ["collin", "tilda", "filch", "maginos"], "seed": 3},
    ).json()
    headers = {"X-Seat-Token": made["host_token"]}
    view = httpx.get(f"{url}/api/tables/{made['table']}").json()["view"]
    rng = random.Random(5)
    for _ in range(actions):
        d = view["decision"]
        if d is None:
            break
        options = [o for o in d["options"] if not o.startswith(("share", "give", "take", "unequip", "equip"))]
        options = options or d["options"]
        battle = [o for o in options if o.startswith("battle")]
        action = battle[0] if battle else rng.choice(options)
        r = httpx.post(
            f"{url}/api/tables/{made['table']}/actions",
            json={"action": action, "version": view["version"]},
            headers=headers,
        )
        view = r.json()["view"]
    # end on a mouse's turn, so the picture shows choices
    return {"table": made["table"], "link": made["links"]["host"]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--url", default="http://127.0.0.1:8712")
    parser.add_argument("--actions", type=int, default=60)
    args = parser.parse_args()
    made = play_into(args.url, args.actions)
    out = ROOT / "docs" / "img"
    out.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu"])
        for name, viewport in (("web-table-desktop", (1440, 900)), ("web-table-phone", (390, 844))):
            context = browser.new_context(viewport={"width": viewport[0], "height": viewport[1]}, base_url=args.url)
            context.add_init_script(f"localStorage.setItem('mnm.story.{made['table']}', '1')")
            page = context.new_page()
            page.goto(made["link"])
            page.wait_for_selector("#conn.ok")
            page.wait_for_timeout(1500)
            page.screenshot(path=str(out / f"{name}.png"))
            context.close()
        browser.close()


if __name__ == "__main__":
    main()
