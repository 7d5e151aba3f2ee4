"""Issue 45, item 2: one shared end of chapter. The card each mouse keeps when the campaign goes on is the table's
state: the seat owning the mouse (or the host) chooses it, every seat hears the change at once, "Next chapter"
carries exactly the table's choices, and the campaign sheet keeps every individual achievement earned."""

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

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

LIMITS = Limits(action_burst=1000, actions_per_second=1000.0, allow_seed=True)


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'tables.db'}", LIMITS)) as c:
        yield c


def won_chapter_one(client: TestClient) -> dict[str, Any]:
    """A Chapter 1 table (seat 1: Collin and Tilda; seat 2: Filch and Maginos), won, with Tilda holding the
    Levitate Scroll and Maginos the Marksman achievement (as if earned in play)."""
    made = client.post("/api/tables", json=create_body(chapter="flight-to-barksburg", seed=7)).json()
    live = client.app.state.service.live[made["table"]]  # type: ignore[attr-defined]
    st = live.game.state
    st.heroes["tilda"].pack.append("levitate-scroll")
    st.heroes["maginos"].achievements.append("marksman")
    st.status = "won"
    return made


def seat(made: dict[str, Any], n: int) -> dict[str, str]:
    return {"X-Seat-Token": made["seats"][n]["token"]}


def hello(ws: Any, token: str | None) -> dict[str, Any]:
    ws.send_json({"type": "hello", "token": token})
    msg = ws.receive_json()
    assert msg["type"] == "state"
    return dict(msg)


@pytest.mark.rule("R-CAMP-03")
def test_a_keep_choice_is_the_tables_and_every_seat_hears_it(client: TestClient) -> None:
    made = won_chapter_one(client)
    table = made["table"]
    path = f"/api/tables/{table}/ws"
    with client.websocket_connect(path) as a, client.websocket_connect(path) as b:
        first = hello(a, made["seats"][0]["token"])
        hello(b, made["seats"][1]["token"])
        assert first["view"]["campaign"]["keep"]["tilda"] is None
        assert first["view"]["campaign"]["decides"] == {"collin": 0, "tilda": 0, "filch": 1, "maginos": 1}
        r = client.post(f"/api/tables/{table}/keep", json={"hero": "tilda", "card": "levitate-scroll"}, headers=seat(made, 0))
        assert r.status_code == 200, r.text
        for sock in (a, b):  # the phone sees the desktop's choice at once
            msg = sock.receive_json()
            assert msg["type"] == "keep" and msg["keep"]["tilda"] == "levitate-scroll", msg
    # the view says it to anyone who comes later
    view = client.get(f"/api/tables/{table}", headers=seat(made, 1)).json()["view"]
    assert view["campaign"]["keep"]["tilda"] == "levitate-scroll"
    # seat 2 goes on with no keep of its own: Tilda still carries the scroll into Chapter 2
    r = client.post(f"/api/tables/{table}/continue", json={"keep": {}}, headers=seat(made, 1))
    assert r.status_code == 201, r.text
    nxt = client.get(f"/api/tables/{r.json()['table']}", headers=seat(made, 0)).json()["view"]
    tilda = next(h for h in nxt["heroes"] if h["id"] == "tilda")
    held = [c["id"] for c in [*tilda["equipped"], *tilda["pack"], *tilda["tricks"]]]
    assert "levitate-scroll" in held, held


@pytest.mark.rule("R-CAMP-03")
def test_keep_refusals_change_nothing(client: TestClient) -> None:
    made = won_chapter_one(client)
    url = f"/api/tables/{made['table']}/keep"
    # another seat's mouse: only its seat (or the host) decides
    r = client.post(url, json={"hero": "tilda", "card": "levitate-scroll"}, headers=seat(made, 1))
    assert r.status_code == 403 and r.json()["error"] == "not_your_turn"
    assert client.post(url, json={"hero": "tilda", "card": "levitate-scroll"}).status_code == 403  # spectator
    r = client.post(url, json={"hero": "tilda", "card": "cork-mallet"}, headers=seat(made, 0))  # not held
    assert r.status_code == 422 and r.json()["error"] == "campaign"
    assert client.post(url, json={"hero": "nobody", "card": None}, headers=seat(made, 0)).status_code == 422
    assert client.post(url, json={"hero": "tilda", "card": 5}, headers=seat(made, 0)).status_code == 400
    # going on naming another seat's mouse is refused the same way, and nothing went on
    r = client.post(f"/api/tables/{made['table']}/continue", json={"keep": {"tilda": "levitate-scroll"}}, headers=seat(made, 1))
    assert r.status_code == 403
    view = client.get(f"/api/tables/{made['table']}").json()["view"]
    assert view["campaign"]["keep"]["tilda"] is None and view["campaign"]["continued_to"] is None
    # the host decides for anyone
    r = client.post(url, json={"hero": "tilda", "card": "levitate-scroll"}, headers={"X-Seat-Token": made["host_token"]})
    assert r.status_code == 200 and r.json()["keep"]["tilda"] == "levitate-scroll"


def test_a_keep_before_the_end_is_refused(client: TestClient) -> None:
    made = client.post("/api/tables", json=create_body(chapter="flight-to-barksburg", seed=7)).json()
    r = client.post(f"/api/tables/{made['table']}/keep", json={"hero": "tilda", "card": None}, headers=seat(made, 0))
    assert r.status_code == 422 and r.json()["error"] == "campaign"


@pytest.mark.rule("R-CAMP-04")
def test_the_campaign_sheet_keeps_achievements_of_earlier_chapters(client: TestClient) -> None:
    """Maginos' Marksman was missing from the sheet: R-CAMP-04 leaves individual achievements out of the next
    chapter's game, and the sheet read only the game. The history line of each chapter now keeps them."""
    made = won_chapter_one(client)
    end = client.get(f"/api/tables/{made['table']}").json()["view"]["campaign_sheet"]
    assert [a["id"] for a in end["achievements"]["maginos"]] == ["marksman"]
    r = client.post(f"/api/tables/{made['table']}/continue", json={}, headers=seat(made, 0))
    assert r.status_code == 201, r.text
    nxt = client.get(f"/api/tables/{r.json()['table']}").json()["view"]
    maginos = next(h for h in nxt["heroes"] if h["id"] == "maginos")
    assert maginos["achievements"] == []  # R-CAMP-04: the game itself does not carry it
    sheet = nxt["campaign_sheet"]["achievements"]["maginos"]
    assert [(a["id"], a["chapter"], a["en"]) for a in sheet] == [("marksman", 1, "Marksman")]
    assert sheet[0]["pt"] == "Atirador de Elite"
