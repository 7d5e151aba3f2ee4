"""A table survives killing the server process mid-game: nothing acknowledged is lost."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest
from web_helpers import ServerProcess, create_body


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    # SQLite here; PostgreSQL gets the same restart check in process (test_server_api) and the same storage
    # tests (test_server_storage): a second kill test on it would only double the time spent starting servers.
    return f"sqlite:///{tmp_path / 'tables.db'}"


def test_table_survives_kill_9(db_url: str) -> None:
    server = ServerProcess(db_url).start()
    try:
        made = httpx.post(server.url + "/api/tables", json=create_body()).json()
        table, headers = made["table"], {"X-Seat-Token": made["host_token"]}
        acked: list[dict[str, Any]] = []
        version = 0
        # play twelve actions, always the first option the engine offers; keep every acknowledgement
        for _ in range(12):
            view = httpx.get(f"{server.url}/api/tables/{table}").json()["view"]
            if view["decision"] is None:
                break
            action = view["decision"]["options"][0]
            r = httpx.post(
                f"{server.url}/api/tables/{table}/actions", json={"action": action, "version": version}, headers=headers
            )
            assert r.status_code == 200, r.text
            acked.append(r.json())
            version = r.json()["version"]
        last = acked[-1]["view"]
        server.kill()  # SIGKILL: no shutdown handler, no flush
        again = ServerProcess(db_url).start()
        try:
            got = httpx.get(f"{again.url}/api/tables/{table}", headers=headers).json()
            restored = {k: v for k, v in got["view"].items() if k not in ("log", "log_first")}
            assert restored == last  # exactly the last acknowledged state, decision and undo ability included
            assert got["you"]["role"] == "host"
            events = httpx.get(f"{again.url}/api/tables/{table}/events", params={"limit": 500}).json()
            assert events["total"] == last["events_total"]
            # and play goes on from there
            action = last["decision"]["options"][0]
            r = httpx.post(
                f"{again.url}/api/tables/{table}/actions", json={"action": action, "version": version}, headers=headers
            )
            assert r.status_code == 200 and r.json()["version"] == version + 1
        finally:
            again.stop()
    finally:
        server.stop()
