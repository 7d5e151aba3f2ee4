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


# --- the choices are stored when acknowledged (a restart, or another process, knows them) ------------------------


def store_finished(client: TestClient, table: str) -> None:
    """Write the test's finished game (status won, the scroll in Tilda's pack) as the table's snapshot, so a
    restart or another process loads it as finished (the replay of the journal differs, so the snapshot wins)."""
    import json

    from sqlalchemy import update

    from mnm.server.storage import tables_t

    service = client.app.state.service  # type: ignore[attr-defined]
    game = service.live[table].game
    with service.storage._tx() as conn:
        conn.execute(
            update(tables_t)
            .where(tables_t.c.id == table)
            .values(snapshot=json.dumps(game.to_json()), status=game.state.status)
        )


def carried(client: TestClient, made: dict[str, Any], nxt: str) -> list[str]:
    view = client.get(f"/api/tables/{nxt}", headers=seat(made, 0)).json()["view"]
    tilda = next(h for h in view["heroes"] if h["id"] == "tilda")
    return [c["id"] for c in [*tilda["equipped"], *tilda["pack"], *tilda["tricks"]]]


@pytest.mark.rule("R-CAMP-03")
def test_a_keep_choice_survives_a_restart(tmp_path: Path) -> None:
    db_url = f"sqlite:///{tmp_path / 'restart.db'}"
    with TestClient(create_app(db_url, LIMITS)) as first:
        made = won_chapter_one(first)
        table = made["table"]
        store_finished(first, table)
        r = first.post(f"/api/tables/{table}/keep", json={"hero": "tilda", "card": "levitate-scroll"}, headers=seat(made, 0))
        assert r.status_code == 200, r.text
        r = first.post(f"/api/tables/{table}/keep", json={"hero": "collin", "card": None}, headers=seat(made, 0))
        assert r.status_code == 200, r.text
    # the server restarts before anyone pressed "Next chapter"
    with TestClient(create_app(db_url, LIMITS)) as again:
        view = again.get(f"/api/tables/{table}", headers=seat(made, 1)).json()["view"]
        assert view["status"] == "won"
        assert view["campaign"]["keep"] == {"collin": None, "tilda": "levitate-scroll", "filch": None, "maginos": None}
        r = again.post(f"/api/tables/{table}/continue", json={}, headers=seat(made, 1))
        assert r.status_code == 201, r.text
        assert "levitate-scroll" in carried(again, made, r.json()["table"])
        # after the campaign went on, a choice is refused and nothing is written
        r = again.post(f"/api/tables/{table}/keep", json={"hero": "tilda", "card": None}, headers=seat(made, 0))
        assert r.status_code == 409 and r.json()["error"] == "already_continued"
        assert again.app.state.service.storage.keeps(table)["tilda"] == "levitate-scroll"  # type: ignore[attr-defined]


@pytest.mark.rule("R-CAMP-03")
def test_next_chapter_on_a_stale_copy_carries_the_stored_choice(tmp_path: Path) -> None:
    """Two servers on one database (here SQLite, which has no fan-out): the second holds the table in memory from
    before the choice, and its "Next chapter" still carries the choice the first one acknowledged."""
    db_url = f"sqlite:///{tmp_path / 'two.db'}"
    with TestClient(create_app(db_url, LIMITS)) as a, TestClient(create_app(db_url, LIMITS)) as b:
        made = won_chapter_one(a)
        table = made["table"]
        store_finished(a, table)
        assert b.get(f"/api/tables/{table}").json()["view"]["campaign"]["keep"]["tilda"] is None  # in b's memory now
        r = a.post(f"/api/tables/{table}/keep", json={"hero": "tilda", "card": "levitate-scroll"}, headers=seat(made, 0))
        assert r.status_code == 200, r.text
        r = b.post(f"/api/tables/{table}/continue", json={}, headers=seat(made, 1))
        assert r.status_code == 201, r.text
        assert "levitate-scroll" in carried(b, made, r.json()["table"])


@pytest.mark.rule("R-CAMP-03")
def test_a_keep_choice_reaches_the_other_process_postgresql(postgres_url: str) -> None:
    """Two servers on one PostgreSQL (the two-process deployment, lean: two apps in this process, each with its
    own connection pool and LISTEN connection): a choice made on one is heard at once by a seat on the other."""
    with TestClient(create_app(postgres_url, LIMITS)) as a, TestClient(create_app(postgres_url, LIMITS)) as b:
        made = won_chapter_one(a)
        table = made["table"]
        store_finished(a, table)
        with b.websocket_connect(f"/api/tables/{table}/ws") as phone:
            assert hello(phone, made["seats"][1]["token"])["view"]["campaign"]["keep"]["tilda"] is None
            r = a.post(f"/api/tables/{table}/keep", json={"hero": "tilda", "card": "levitate-scroll"}, headers=seat(made, 0))
            assert r.status_code == 200, r.text
            msg = phone.receive_json()  # through NOTIFY, from the other server
            assert msg["type"] == "keep" and msg["keep"]["tilda"] == "levitate-scroll", msg
        view = b.get(f"/api/tables/{table}").json()["view"]
        assert view["campaign"]["keep"]["tilda"] == "levitate-scroll"
        r = b.post(f"/api/tables/{table}/continue", json={}, headers=seat(made, 1))
        assert r.status_code == 201, r.text
        assert "levitate-scroll" in carried(b, made, r.json()["table"])


@pytest.mark.rule("R-CAMP-03")
def test_a_record_with_keep_choices_still_verifies(client: TestClient) -> None:
    """The choices are no journal row: the finished table's record replays and verifies as before."""
    from web_helpers import TINY_CHAPTER, play_as_people

    from mnm.records.record import verify_record

    body = {"party": ["collin", "tilda"], "seats": [["collin"], ["tilda"]], "seed": 5, "chapter_file": TINY_CHAPTER}
    made = client.post("/api/tables", json=body).json()
    table = made["table"]
    end = play_as_people(client, table, made["host_token"])
    assert end["status"] in ("won", "lost") and not end.get("stopped")
    for n, hero in enumerate(("collin", "tilda")):
        r = client.post(f"/api/tables/{table}/keep", json={"hero": hero, "card": None}, headers=seat(made, n))
        assert r.status_code == 200, r.text
    record = client.get(f"/api/tables/{table}/record").json()
    assert all(row["kind"] in ("action", "undo") for row in record["journal"])
    verdict = verify_record(record, client.app.state.service.content)  # type: ignore[attr-defined]
    assert verdict.ok, verdict.lines
