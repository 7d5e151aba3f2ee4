"""A table where bots play every seat of an uploaded chapter (issue 34, finding 2): it plays at a bounded pace,
ends when its budget of rounds is spent with a clear outcome at the table (both languages) and in the record,
stays ended after a restart, and its view stays bounded in size however long its story texts."""

from __future__ import annotations

import json
import time
import warnings
from pathlib import Path
from typing import Any

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from web_helpers import BOTS, ENDLESS

from mnm.records.record import PARTIAL, verify_record
from mnm.server.app import Limits, create_app
from mnm.server.views import LOG_BYTES

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")



def limits(**over: Any) -> Limits:
    return Limits(**{"action_burst": 1000, "actions_per_second": 1000.0, "bot_table_pace": 0.0, **over})


def view_of(client: TestClient, table: str) -> dict[str, Any]:
    r = client.get(f"/api/tables/{table}")
    assert r.status_code == 200, r.text
    return r.json()["view"]  # type: ignore[no-any-return]


def wait_view(client: TestClient, table: str, done: Any, seconds: float = 15.0) -> dict[str, Any]:
    deadline = time.monotonic() + seconds
    view = view_of(client, table)
    while not done(view) and time.monotonic() < deadline:
        time.sleep(0.1)
        view = view_of(client, table)
    return view


def test_an_endless_bot_table_stops_within_its_rounds_and_says_so_in_view_and_record(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'tables.db'}"
    with TestClient(create_app(db, limits(bot_table_rounds=3))) as client:
        r = client.post("/api/workshop/tables", json={"text": ENDLESS, "bots": BOTS})
        assert r.status_code == 201, r.text
        made = r.json()
        view = wait_view(client, made["table"], lambda v: v["stopped"] is not None)
        stopped = view["stopped"]
        assert stopped is not None, (view["version"], view["round"])  # before: it played on to 5,000 actions
        assert stopped["rounds"] == 3 and view["round"] == 4 and view["status"] == "playing"
        assert "did not end within 3 rounds" in stopped["text"]["en"] and "3 rodadas" in stopped["text"]["pt"]
        assert view["decision"] is None and view["can_undo"] is False
        assert view["fairness"]["seed"] is not None  # nothing more is played: the seed is public
        host = {"X-Seat-Token": made["host_token"]}
        pending = client.app.state.service.live[made["table"]].game.decision()  # type: ignore[attr-defined]
        action = {"action": str(pending.options[0]), "version": view["version"]}
        refused = client.post(f"/api/tables/{made['table']}/actions", json=action, headers=host)
        assert refused.status_code == 422 and "did not end" in refused.json()["message"]
        undo = client.post(f"/api/tables/{made['table']}/undo", json={"version": view["version"]}, headers=host)
        assert undo.status_code == 422
        # the view stays bounded however long the story texts: before, 300 events of ~16 KB each went every time
        assert view["events_total"] > 20 and len(json.dumps(view["log"])) <= LOG_BYTES + 20_000
        page = client.get(f"/api/tables/{made['table']}/events", params={"start": 0, "limit": 500}).json()
        assert 0 < len(page["events"]) < page["total"] and len(json.dumps(page["events"])) <= LOG_BYTES + 20_000
        record = client.get(f"/api/tables/{made['table']}/record")
        assert record.status_code == 200, record.text
        verdict = verify_record(record.json())
        assert verdict.ok and verdict.code == PARTIAL, verdict.lines
        assert verdict.lines[0].startswith("PARTLY VERIFIED") and "stopped" in verdict.lines[0]
        version = view["version"]
    with TestClient(create_app(db, limits(bot_table_rounds=3))) as client:  # a restart: still stopped
        time.sleep(0.3)
        again = view_of(client, made["table"])
        time.sleep(0.3)
        again = view_of(client, made["table"])
        assert again["stopped"] == stopped and again["version"] == version


def test_a_bot_table_plays_at_a_bounded_pace(tmp_path: Path) -> None:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'tables.db'}", limits(bot_table_pace=0.5))) as client:
        made = client.post("/api/workshop/tables", json={"text": ENDLESS, "bots": BOTS}).json()
        time.sleep(1.0)
        # at most one action per half second (before: hundreds a second); a slow machine plays fewer, never more
        assert view_of(client, made["table"])["version"] <= 3


def test_another_process_catches_up_with_the_stop(tmp_path: Path) -> None:
    """Two processes on one database: the one that did not play the table reads the stop row from the journal
    (as a PostgreSQL notice makes it do) and shows the table stopped too."""
    import asyncio

    from mnm.server.storage import Storage
    from mnm.server.tables import TableService

    async def run() -> None:
        storage = Storage(f"sqlite:///{tmp_path / 'tables.db'}")
        playing = TableService(storage, bot_table_rounds=2)
        table, _ = await playing.create("", ["collin", "tilda", "filch", "maginos"], [["collin"], ["tilda"], ["filch"], ["maginos"]], 5, False, bots=BOTS, chapter_file=ENDLESS)
        record = await asyncio.to_thread(storage.load, table.id)
        assert record is not None
        watching = TableService(storage)
        copy = await asyncio.to_thread(watching._restore, record)  # loaded before the bots played on
        await playing.settle(table)
        assert table.stopped is not None and copy.stopped is None
        await watching._catch_up(copy)
        assert copy.stopped == table.stopped and copy.version == table.version
        assert copy.game.log == table.game.log

    asyncio.run(run())
