"""A chapter file whose counters and flags are named like the engine's keys (issue 29): ``POST /api/tables`` makes
the table, its view and board read, and an all-bot table of it plays to its end (it once answered 500 and froze)."""

from __future__ import annotations

import asyncio
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient
from web_helpers import ROOT

from mnm.server.app import Limits, create_app
from mnm.server.storage import Storage
from mnm.server.tables import TableService

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

LIMITS = Limits(max_body=8192, action_burst=1000, actions_per_second=1000.0, allow_seed=True, hint_iterations=24)
TEXT = (ROOT / "tests" / "chapters" / "files" / "engine-names.yaml").read_text(encoding="utf-8")
PARTY = ["collin", "tilda"]
SEATS = [["collin"], ["tilda"]]


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'names.db'}", LIMITS)) as c:
        yield c


def test_a_table_of_a_chapter_with_engine_named_flags_is_made_and_its_view_reads(client: TestClient) -> None:
    r = client.post("/api/tables", json={"party": PARTY, "seats": [PARTY], "seed": 3, "chapter_file": TEXT})
    assert r.status_code == 201, r.text
    made = r.json()
    view = client.get(f"/api/tables/{made['table']}")
    assert view.status_code == 200, view.text
    v = view.json()["view"]
    assert v["chapter"]["id"] == "engine-names" and v["weather"]["rain"] is False  # the chapter's `rain` is its own
    for _ in range(12):  # play on: every later view reads too
        decision = client.get(f"/api/tables/{made['table']}").json()["view"]["decision"]
        if decision is None:
            break
        r = client.post(
            f"/api/tables/{made['table']}/actions",
            json={"action": decision["options"][0], "version": v["version"]},
            headers={"X-Seat-Token": made["host_token"]},
        )
        assert r.status_code == 200, r.text
        v = client.get(f"/api/tables/{made['table']}").json()["view"]
    assert client.get(f"/api/tables/{made['table']}/board").status_code == 200


def test_an_all_bot_table_of_that_chapter_plays_to_its_end(tmp_path: Path) -> None:
    async def run() -> None:
        service = TableService(Storage(f"sqlite:///{tmp_path / 'bots.db'}"))
        table, _ = await service.create(
            "engine-names", PARTY, SEATS, 5, False, bots=["random", "random"], chapter_file=TEXT
        )
        await service.settle(table)
        assert table.game.decision() is None and table.game.state.status in ("won", "lost")
        assert service.storage.load(table.id) is not None

    asyncio.run(run())
