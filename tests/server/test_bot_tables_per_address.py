"""Issue 48: one address keeps at most N tables of bots playing at once (the attack: 20 bot tables from one
address held the server's health check at 1.3 s); a table with a person seat is not counted, and a finished
bot table frees its place."""

from __future__ import annotations

import time
import warnings
from pathlib import Path

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from web_helpers import PARTY

from mnm.server.app import Limits, create_app

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def test_one_address_plays_at_most_n_bot_tables_at_once(tmp_path: Path) -> None:
    limits = Limits(bot_tables_per_address=2, bot_table_pace=0.05, bot_table_rounds=2)
    with TestClient(create_app(f"sqlite:///{tmp_path / 'tables.db'}", limits)) as client:
        body = {"chapter": "flight-to-barksburg", "party": PARTY, "bots": ["heuristic"] * 4}
        first = [client.post("/api/tables", json=body) for _ in range(2)]
        assert [r.status_code for r in first] == [201, 201]
        third = client.post("/api/tables", json=body)
        assert third.status_code == 429 and third.json()["params"]["limit"] == 2 and third.headers["retry-after"]
        mixed = client.post("/api/tables", json={**body, "bots": ["heuristic", "heuristic", "heuristic", None]})
        assert mixed.status_code == 201  # a person plays there: not a bots' table
        library = client.post("/api/library/chapters/proving-grounds/tables", json={"bots": ["heuristic"] * 4})
        assert library.status_code == 429  # every way of making a table counts
        service = client.app.state.service  # type: ignore[attr-defined]
        deadline = time.monotonic() + 60
        while service.bot_tables and time.monotonic() < deadline:  # they stop after 2 rounds
            time.sleep(0.1)
        assert not service.bot_tables
        assert client.post("/api/tables", json=body).status_code == 201
