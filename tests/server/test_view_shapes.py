"""The catalog, a new table's answer, the board's geometry, the table view and the socket's messages have the shape mnm.server.shapes writes down (issue 49), the one the web client's
types (src/mnm/web/api_types.d.ts) are generated from: every key listed, none unlisted, each of its type, through a
whole chapter played to its end (opening, turns, minion phases, the end screen's summary and campaign)."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pydantic import TypeAdapter, ValidationError

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient
from web_helpers import create_body

from mnm.bots import make_bot
from mnm.server.app import Limits, create_app
from mnm.server.shapes import (
    TABLE_VIEW,
    BoardGeometry,
    Catalog,
    Created,
    DeltaMessage,
    StateMessage,
    UpdateMessage,
    You,
)

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

LIMITS = Limits(action_burst=100000, actions_per_second=100000.0, allow_seed=True)


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'tables.db'}", LIMITS)) as c:
        yield c


def test_every_view_of_a_played_chapter_has_the_written_shape(client: TestClient) -> None:
    TypeAdapter(Catalog).validate_python(client.get("/api/catalog").json())
    made = TypeAdapter(Created).validate_python(client.post("/api/tables", json=create_body(seed=5)).json())
    table, token = made["table"], made["host_token"]
    service: Any = client.app.state.service  # type: ignore[attr-defined]
    you = TypeAdapter(You)
    kinds: set[str] = set()
    boards: set[str] = set()
    geometry = TypeAdapter(BoardGeometry)
    for n in range(3000):
        got = client.get(f"/api/tables/{table}", headers={"X-Seat-Token": token}).json()
        you.validate_python(got["you"])
        view = TABLE_VIEW.validate_python(got["view"])
        if view["board_key"] not in boards:  # each layout once (a flip or an explore lays a new one)
            boards.add(view["board_key"])
            geometry.validate_python(client.get(f"/api/tables/{table}/board").json())
        if view["decision"] is not None:
            kinds.add(view["decision"]["kind"])
        if view["status"] != "playing":
            assert "summary" in view and "campaign" in view
            break
        action = make_bot("heuristic", n).choose(service.live[table].game)
        r = client.post(
            f"/api/tables/{table}/actions",
            json={"action": str(action), "version": view["version"]},
            headers={"X-Seat-Token": token},
        )
        assert r.status_code in (200, 409), r.text
    else:
        raise AssertionError("the chapter did not end")
    assert {"turn", "choose_ability"} <= kinds
    assert boards  # each layout's geometry was checked


def test_an_unlisted_key_or_a_wrong_type_is_refused(client: TestClient) -> None:
    """The check can fail: the view with one key more, or a number where a text goes, does not validate."""
    made = client.post("/api/tables", json=create_body(seed=5)).json()
    view = client.get(f"/api/tables/{made['table']}").json()["view"]
    TABLE_VIEW.validate_python(view)
    with pytest.raises(ValidationError, match="extra"):
        TABLE_VIEW.validate_python({**view, "surprise": 1})
    with pytest.raises(ValidationError):
        TABLE_VIEW.validate_python({**view, "round": "3"})
    hero = {**view["heroes"][0], "wounds": None}
    with pytest.raises(ValidationError):
        TABLE_VIEW.validate_python({**view, "heroes": [hero]})


def test_the_sockets_messages_have_the_written_shape(client: TestClient) -> None:
    """hello gets a state message, an action an update message to every socket (and its ack), as shapes.py says."""
    made = client.post("/api/tables", json=create_body(seed=5)).json()
    service: Any = client.app.state.service  # type: ignore[attr-defined]
    with client.websocket_connect(f"/api/tables/{made['table']}/ws") as ws:
        ws.send_json({"type": "hello", "token": made["host_token"]})
        state = TypeAdapter(StateMessage).validate_python(ws.receive_json())
        action = make_bot("heuristic", 0).choose(service.live[made["table"]].game)
        ws.send_json({"type": "action", "action": str(action), "version": state["view"]["version"], "ref": 1})
        update = TypeAdapter(UpdateMessage).validate_python(ws.receive_json())
        assert update["version"] == state["view"]["version"] + 1 and update["action"] == str(action)
        assert ws.receive_json() == {"type": "ack", "ref": 1, "version": update["version"]}


def test_a_delta_sockets_updates_have_the_written_shape(client: TestClient) -> None:
    """Issue 50: a socket whose hello asks for deltas gets DeltaMessage updates; its patch on the state's view is a
    whole TableView again (without the log, which the events extend)."""
    made = client.post("/api/tables", json=create_body(seed=5)).json()
    service: Any = client.app.state.service  # type: ignore[attr-defined]
    with client.websocket_connect(f"/api/tables/{made['table']}/ws") as ws:
        ws.send_json({"type": "hello", "token": made["host_token"], "deltas": True})
        view: dict[str, Any] = dict(TypeAdapter(StateMessage).validate_python(ws.receive_json())["view"])
        view.pop("log"), view.pop("log_first")
        for ref in range(1, 4):
            action = make_bot("heuristic", 0).choose(service.live[made["table"]].game)
            ws.send_json({"type": "action", "action": str(action), "version": view["version"], "ref": ref})
            delta = TypeAdapter(DeltaMessage).validate_python(ws.receive_json())
            assert delta["base"] == view["version"] and delta["version"] == view["version"] + 1
            view = {k: v for k, v in {**view, **delta["patch"]}.items() if k not in delta["removed"]}
            TABLE_VIEW.validate_python(view)
            assert ws.receive_json() == {"type": "ack", "ref": ref, "version": delta["version"]}
