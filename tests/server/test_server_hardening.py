"""Issue 26 (hardening, third round) at the server: no undo past the end of a chapter, socket caps, the table
budget and expiry, bodies, and the dice check at the end."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient
from web_helpers import create_body

from mnm.server.app import Limits, create_app
from scenariokit import one_move_from_winning

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

LIMITS = Limits(action_burst=1000, actions_per_second=1000.0, allow_seed=True)


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'tables.db'}"


def make_table(client: TestClient, **over: Any) -> dict[str, Any]:
    r = client.post("/api/tables", json=create_body(**over))
    assert r.status_code == 201, r.text
    return r.json()


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(db_url, LIMITS)) as c:
        yield c


def test_the_winning_move_cannot_be_undone_at_the_server(client: TestClient) -> None:
    """Finding 1: the update that ends the chapter reveals the seed; an undo after it is refused, the table
    stays won (before the fix the undo was accepted and the table was back in play with its seed known)."""
    made = make_table(client, chapter="flight-to-barksburg")
    table = client.app.state.service.live[made["table"]]  # type: ignore[attr-defined]
    table.game, tree = one_move_from_winning()  # the table's game, one dice-free move from the end
    host = {"X-Seat-Token": made["host_token"]}
    r = client.post(f"/api/tables/{made['table']}/actions", json={"action": f"move collin {tree}", "version": 0}, headers=host)
    assert r.status_code == 200, r.text
    assert r.json()["view"]["status"] == "won" and r.json()["view"]["fairness"]["seed"] is not None
    assert r.json()["view"]["can_undo"] is False
    r = client.post(f"/api/tables/{made['table']}/undo", json={"version": 1}, headers=host)
    assert r.status_code == 422 and r.json()["error"] == "cannot_undo", r.text
    assert "over" in r.json()["message"]
    assert client.get(f"/api/tables/{made['table']}").json()["view"]["status"] == "won"
