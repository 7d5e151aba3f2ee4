"""Issue 26 (hardening, third round) at the server: no undo past the end of a chapter, socket caps, the table
budget and expiry, bodies, and the dice check at the end."""

from __future__ import annotations

import contextlib
import json
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from web_helpers import create_body

from mnm.server.app import Limits, create_app
from scenariokit import one_move_from_winning

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

LIMITS = Limits(action_burst=1000, actions_per_second=1000.0, allow_seed=True, bot_table_pace=0.0)


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


# --- finding 4: open WebSockets are capped per address, per table and in all ---------------------------------


def _refused(client: TestClient, table: str) -> dict[str, Any]:
    with client.websocket_connect(f"/api/tables/{table}/ws") as ws:
        message = ws.receive_json()
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
    assert closed.value.code == 4503
    # issue 34, finding 10: the close frame itself names the refusal (a client may see only the close)
    assert closed.value.reason == "too_many_sockets"
    return message


@pytest.mark.parametrize(
    ("caps", "per"),
    [({"sockets_per_address": 2}, "address"), ({"sockets_per_table": 2}, "table"), ({"sockets_total": 2}, "server")],
)
def test_sockets_over_a_cap_are_refused_with_a_clear_close_code(db_url: str, caps: dict[str, int], per: str) -> None:
    limits = Limits(allow_seed=True, **caps)
    with TestClient(create_app(db_url, limits)) as client, contextlib.ExitStack() as open_sockets:
        table = make_table(client)["table"]
        other = make_table(client)["table"]
        first = [open_sockets.enter_context(_socket(client, table)) for _ in range(2)]
        refused_on = other if per == "server" else table
        message = _refused(client, refused_on)
        assert message["type"] == "error" and message["error"] == "too_many_sockets"
        assert message["params"] == {"per": per, "limit": 2}
        assert client.get("/api/health").status_code == 200  # everyone else is still answered
        first[0].close()  # one closes: a new one is let in
        with _socket(client, refused_on):
            pass
        open_sockets.close()
        assert client.app.state.sockets.open == 0  # type: ignore[attr-defined]


@contextlib.contextmanager
def _socket(client: TestClient, table: str) -> Iterator[Any]:
    with client.websocket_connect(f"/api/tables/{table}/ws") as ws:
        ws.send_json({"type": "hello", "token": None})
        assert ws.receive_json()["type"] == "state"
        yield ws


# --- finding 10: one table budget for all addresses, and abandoned tables expire -------------------------------


def test_many_addresses_share_one_table_creation_budget(db_url: str) -> None:
    limits = Limits(allow_seed=True, tables_total_burst=5, tables_total_per_second=0.01)
    app = create_app(db_url, limits)
    with TestClient(app) as first:
        created = 0
        for i in range(8):  # a new address each time: the per-address budget alone would allow every one
            other = TestClient(app, client=(f"10.0.0.{i + 1}", 4000))
            r = other.post("/api/tables", json=create_body())
            if r.status_code == 201:
                created += 1
            else:
                assert r.status_code == 429 and r.json()["error"] == "rate_limited", r.text
                assert "new tables on this server" in r.json()["message"] and "Retry-After" in r.headers
        assert created == 5
        assert first.get("/api/health").status_code == 200


def test_abandoned_tables_expire_and_watched_ones_stay(db_url: str) -> None:
    import time

    limits = Limits(allow_seed=True, table_expiry_days=1.0)
    app = create_app(db_url, limits)
    with TestClient(app) as client:
        old = make_table(client)["table"]
        watched = make_table(client)["table"]
        service = app.state.service
        with client.websocket_connect(f"/api/tables/{watched}/ws") as ws:
            ws.send_json({"type": "hello", "token": None})
            assert ws.receive_json()["type"] == "state"
            later = time.time() + 2 * 86400
            gone = client.portal.call(service.expire_abandoned, later)  # type: ignore[union-attr]
            assert gone == 1
        assert client.get(f"/api/tables/{old}").status_code == 404
        assert client.get(f"/api/tables/{watched}").status_code == 200
        assert client.portal.call(service.expire_abandoned, time.time()) == 0  # type: ignore[union-attr]


def test_serve_fits_the_socket_cap_under_the_open_file_limit(capsys: pytest.CaptureFixture[str]) -> None:
    """Finding 4: each socket holds a file; a cap beyond what the process may open is lowered, and said."""
    import resource

    from mnm.server.app import FILES_BESIDE_SOCKETS, fit_file_limit

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    assert hard != resource.RLIM_INFINITY
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (1024, hard))  # a systemd unit's default soft limit
        assert fit_file_limit(Limits(sockets_total=900)).sockets_total == 900  # raised towards the hard limit
        assert resource.getrlimit(resource.RLIMIT_NOFILE)[0] >= 900 + FILES_BESIDE_SOCKETS
        fitted = fit_file_limit(Limits(sockets_total=hard + 1000))  # beyond what may ever be opened
        assert fitted.sockets_total == hard - FILES_BESIDE_SOCKETS
        assert "LimitNOFILE" in capsys.readouterr().err
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


# --- finding 8: the dice can be checked at the end of every table ---------------------------------------------


def _finish(client: TestClient, table_id: str) -> dict[str, Any]:
    service = client.app.state.service  # type: ignore[attr-defined]
    client.portal.call(service.settle, service.live[table_id])  # type: ignore[union-attr]
    view = client.get(f"/api/tables/{table_id}").json()["view"]
    assert view["status"] in ("won", "lost")
    return view


def test_a_finished_campaign_chapter_is_verified_from_its_record(client: TestClient, tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from mnm.cli import app as cli
    from mnm.records.record import verify_record

    bots = ["heuristic", "heuristic"]
    first = make_table(client, chapter="flight-to-barksburg", bots=bots)
    assert client.get(f"/api/tables/{first['table']}/record").status_code == 409  # not while it is played
    ended = _finish(client, first["table"])
    host = {"X-Seat-Token": first["host_token"]}
    r = client.post(f"/api/tables/{first['table']}/continue", json={"replay": ended["status"] == "lost"}, headers=host)
    assert r.status_code == 201, r.text
    second = r.json()["table"]
    view = _finish(client, second)
    assert view["fairness"]["seed"] is not None and view["fairness"]["record"] == f"/api/tables/{second}/record"
    r = client.get(view["fairness"]["record"])
    assert r.status_code == 200 and "attachment" in r.headers["content-disposition"]
    record = r.json()
    assert record["setup"]["carry"], "a continued chapter publishes what it carried over"
    assert record["commit"] == view["fairness"]["commit"] and record["seed"] == view["fairness"]["seed"]
    verdict = verify_record(record)
    assert verdict.ok, verdict.lines
    assert verdict.rows == len(record["journal"]) > 10 and verdict.events > verdict.rows
    path = tmp_path / "record.json"
    path.write_text(r.text, encoding="utf-8")
    run = CliRunner().invoke(cli, ["verify", str(path)])
    assert run.exit_code == 0 and run.output.startswith("VERIFIED: a fair, complete game"), run.output
    assert "every event matches" in run.output and "dice: every die was rolled from the committed seed" in run.output
    # an event changed after the fact (a roll's, where the journal names dice), or another seed: found and named
    with_events = [i for i, row in enumerate(record["journal"]) if row["events"]]
    rolled = next((i for i in with_events if any("dice" in str(e) for e in record["journal"][i]["events"])), None)
    changed = with_events[0] if rolled is None else rolled  # the server draws the seed: not every game names dice
    record["journal"][changed]["events"][0]["params"]["bogus"] = 1
    assert not verify_record(record).ok
    path.write_text(json.dumps({**r.json(), "seed": str(int(record["seed"]) + 1)}), encoding="utf-8")
    run = CliRunner().invoke(cli, ["verify", str(path)])
    assert run.exit_code == 1 and "does NOT hash" in run.output and "NOT VERIFIED" in run.output
