"""Browser tests: Playwright driving Debian's Chromium against a real `mnm serve` subprocess.

The sync Playwright fixtures leave an asyncio loop running for the rest of the session, so every test that
uses them is moved to the end of the run (after every asyncio/Textual test), as RECIPES.md says. Spread over
processes (pytest-xdist) that order is not kept, so scripts/test.sh runs them apart: ``MNM_TEST_PART=browser`` keeps
only the tests that drive a browser, ``MNM_TEST_PART=others`` every other test.
"""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "server"))
from web_helpers import ServerProcess

CHROMIUM = os.environ.get("CHROMIUM_PATH") or shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
HERE = Path(__file__).resolve().parent
# "page" alone is not a sign (other tests take a chapter-track page as a parameter); a real browser test uses
# one of these, or lives in this folder.
BROWSER_FIXTURES = {"browser", "context", "playwright", "new_context"}
PARTS = ("browser", "others")


def _uses_browser(item: pytest.Item) -> bool:
    if HERE in Path(str(item.path)).resolve().parents:
        return True
    return bool(BROWSER_FIXTURES & set(getattr(item, "fixturenames", ())))


@pytest.hookimpl(trylast=True)  # after pytest's own regrouping by parametrized session fixtures (browser_name)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    items.sort(key=_uses_browser)  # stable: everything else keeps its order, browser tests go last
    part = os.environ.get("MNM_TEST_PART", "")
    if not part:
        return
    if part not in PARTS:
        raise pytest.UsageError(f"MNM_TEST_PART must be one of {', '.join(PARTS)} (or unset), not {part!r}")
    keep = [item for item in items if _uses_browser(item) == (part == "browser")]
    dropped = [item for item in items if _uses_browser(item) != (part == "browser")]
    if dropped:
        config.hook.pytest_deselected(items=dropped)
    items[:] = keep


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def web_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    db = tmp_path_factory.mktemp("web") / "tables.db"
    server = ServerProcess(f"sqlite:///{db}").start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def base_url(web_server: ServerProcess) -> str:
    return web_server.url


@pytest.fixture(autouse=True)
def _close_contexts(request: pytest.FixtureRequest) -> Iterator[None]:
    """Close every browser context a test opened when it ends: the server caps open sockets per address (issue 26),
    and every browser test talks to it from 127.0.0.1."""
    yield
    if "browser" in request.fixturenames:
        for context in list(request.getfixturevalue("browser").contexts):
            context.close()
