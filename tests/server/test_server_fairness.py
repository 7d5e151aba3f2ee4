"""Issue 14, findings 1-3: no seat chooses the dice, nobody sees the seed during play, the campaign goes on once (issue 32: any seat may take it on).

The seed is drawn by the server (128 bits), never sent while the table is played, published as a hash at
creation and revealed when the chapter is over (commit-reveal); the next chapter's seed is drawn afresh.
"""

from __future__ import annotations

import hashlib
import json
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient
from web_helpers import PARTY, SEATS, create_body

from mnm.engine.game import Game
from mnm.server.app import Limits, create_app

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 't.db'}", Limits())) as c:
        yield c


def new_table(client: TestClient, **over: Any) -> dict[str, Any]:
    body = create_body(**over)
    body.pop("seed", None)
    r = client.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    return r.json()


def host(made: dict[str, Any]) -> dict[str, str]:
    return {"X-Seat-Token": made["host_token"]}


def live(client: TestClient, table: str) -> Any:
    return client.app.state.service.live[table]  # type: ignore[attr-defined]


def test_a_seat_cannot_choose_the_dice_of_a_computer_rolled_table(client: TestClient) -> None:
    made = new_table(client)
    table = made["table"]
    option = client.get(f"/api/tables/{table}").json()["view"]["decision"]["options"][0]
    r = client.post(
        f"/api/tables/{table}/actions", json={"action": option, "version": 0, "dice": [5] * 10}, headers=host(made)
    )
    assert r.status_code == 403 and r.json()["error"] == "dice_not_allowed"
    assert live(client, table).version == 0 and live(client, table).game.state.dice_queue == []
    with client.websocket_connect(f"/api/tables/{table}/ws") as ws:
        ws.send_json({"type": "hello", "token": made["host_token"]})
        assert ws.receive_json()["type"] == "state"
        ws.send_json({"type": "action", "action": option, "version": 0, "dice": [5, 5], "ref": 1})
        answer = ws.receive_json()
        assert answer["type"] == "error" and answer["error"] == "dice_not_allowed" and answer["ref"] == 1
    assert live(client, table).version == 0


def test_a_companion_table_still_takes_typed_faces_1_to_6_only(client: TestClient) -> None:
    made = new_table(client, companion=True)
    table = made["table"]
    option = client.get(f"/api/tables/{table}").json()["view"]["decision"]["options"][0]
    for bad in ([0], [-1], [7], ["3"], [True]):
        r = client.post(
            f"/api/tables/{table}/actions", json={"action": option, "version": 0, "dice": bad}, headers=host(made)
        )
        assert r.status_code == 400 and r.json()["params"]["field"].startswith("dice"), bad


def test_the_seed_never_leaves_the_server_during_play(client: TestClient) -> None:
    made = new_table(client)
    table = made["table"]
    assert "seed" not in made
    setup = live(client, table).setup
    seed = int(setup["seed"])
    assert seed.bit_length() == 128  # secrets, top bit set: never inside a small search space
    assert made["commit"] == hashlib.sha256(f"mnm-seed:{seed}".encode()).hexdigest()
    answers = [json.dumps(made)]
    view = client.get(f"/api/tables/{table}").json()
    answers.append(json.dumps(view))
    assert view["view"]["fairness"] == {"commit": made["commit"], "seed": None, "seed_chosen": False, "record": None}
    # play a few moves over a socket and collect everything a reader receives
    with client.websocket_connect(f"/api/tables/{table}/ws") as ws:
        ws.send_json({"type": "hello", "token": made["host_token"]})
        state = ws.receive_json()
        answers.append(json.dumps(state))
        for _ in range(6):
            version = state["view"]["version"] if "view" in state else state["version"]
            options = live(client, table).game.legal_actions()
            ws.send_json({"type": "action", "action": str(options[-1]), "version": version})
            while True:
                msg = ws.receive_json()
                answers.append(json.dumps(msg))
                if msg["type"] == "ack":
                    state = msg
                    break
    answers.append(json.dumps(client.get(f"/api/tables/{table}/events", params={"limit": 500}).json()))
    rng = live(client, table).game.state.rng
    for text in answers:
        assert str(seed) not in text and format(seed, "x") not in text
        assert f'"rng": {rng}' not in text and '"rng"' not in text


def test_an_explicit_seed_is_refused_unless_the_server_allows_it(client: TestClient, tmp_path: Path) -> None:
    r = client.post("/api/tables", json=create_body(seed=3))
    assert r.status_code == 400 and r.json()["error"] == "seed_not_allowed"
    with TestClient(create_app(f"sqlite:///{tmp_path / 'r.db'}", Limits(allow_seed=True))) as c:
        made = c.post("/api/tables", json=create_body(seed=3)).json()
        assert c.get(f"/api/tables/{made['table']}").json()["view"]["fairness"]["seed_chosen"] is True
        game = live(c, made["table"]).game
        assert game.state.to_json() == Game.new("proving-grounds", PARTY, seed=3).state.to_json()  # replay


def test_the_seed_is_revealed_at_the_end_and_replays_the_public_actions(client: TestClient) -> None:
    made = new_table(client)
    table = made["table"]
    played = []
    for _ in range(8):
        t = live(client, table)
        action = str(t.game.legal_actions()[-1])
        r = client.post(
            f"/api/tables/{table}/actions", json={"action": action, "version": t.version}, headers=host(made)
        )
        assert r.status_code == 200, r.text
        played.append(action)
    live(client, table).game.state.status = "lost"  # as if the chapter had just ended
    fair = client.get(f"/api/tables/{table}").json()["view"]["fairness"]
    assert fair["seed"] is not None
    assert hashlib.sha256(f"mnm-seed:{fair['seed']}".encode()).hexdigest() == made["commit"]
    # anyone can check the dice: the public actions from the revealed seed give the same game
    replay = Game.new("proving-grounds", PARTY, seed=int(fair["seed"]))
    for action in played:
        replay.apply(action)
    mine = [e["msg"] for e in client.get(f"/api/tables/{table}/events", params={"limit": 500}).json()["events"]]
    assert [e.msg for e in replay.events] == mine


def test_a_seat_continues_once_and_the_next_seed_is_fresh(client: TestClient) -> None:
    """Finding 3: any seat could continue, as often as it liked, and got every new token and the seed."""
    made = new_table(client, chapter="flight-to-barksburg")
    table = made["table"]
    t = live(client, table)
    client.post(
        f"/api/tables/{table}/actions",
        json={"action": str(t.game.legal_actions()[0]), "version": 0},
        headers=host(made),
    )
    t.game.state.status = "won"
    url = f"/api/tables/{table}/continue"
    seat = {"X-Seat-Token": made["seats"][1]["token"]}
    r = client.post(url, json={}, headers=seat)  # a seated player may go on (issue 32), once
    assert r.status_code == 201, r.text
    nxt = r.json()
    assert "seed" not in nxt and all("token" not in s for s in nxt["seats"])
    assert nxt["host_token"] is None and nxt["link"].endswith(made["seats"][1]["token"])  # only its own token
    assert nxt["links"]["seats"][0] == f"/#t={nxt['table']}"  # nobody else's key
    again = client.post(url, json={}, headers=host(made))
    assert again.status_code == 409 and again.json()["error"] == "already_continued"
    assert client.get(f"/api/tables/{table}").json()["view"]["campaign"]["continued_to"] == nxt["table"]
    old_seed, new_seed = int(t.setup["seed"]), int(live(client, nxt["table"]).setup["seed"])
    assert new_seed != old_seed + 1 and new_seed.bit_length() == 128
    # each seat opens the next table with the token it already holds
    for i, heroes in enumerate(SEATS):
        you = client.get(f"/api/tables/{nxt['table']}", headers={"X-Seat-Token": made["seats"][i]["token"]}).json()
        assert you["you"]["heroes"] == heroes
