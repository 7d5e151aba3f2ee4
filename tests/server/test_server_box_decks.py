"""The server with the box's own decks (issue 25): a companion table whose search deck is the players' own asks
which card came up, offers the cards left, refuses one not in the deck (nothing changes) and keeps the answer
in its journal (a restart replays it)."""

from __future__ import annotations

import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore", DeprecationWarning)
    from fastapi.testclient import TestClient
from web_helpers import create_body

from mnm.server.app import Limits, create_app

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

LIMITS = Limits(allow_seed=True, action_burst=1000, actions_per_second=1000.0)
SWORD_STAR = 2  # every die typed at this table: a star, so the search succeeds


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'tables.db'}"


def _send(c: TestClient, url: str, action: str, version: int, headers: dict[str, str]) -> Any:
    """Send ``action``, typing a SWORD+STAR for every die the table asks for (companion mode)."""
    given: list[int] = []
    for _ in range(30):
        r = c.post(url, json={"action": action, "version": version, "dice": given}, headers=headers)
        if r.status_code != 409 or r.json().get("error") != "need_dice":
            return r
        given = given + [SWORD_STAR] * r.json()["count"]
    raise AssertionError("the table kept asking for dice")


class _Table(NamedTuple):
    table: str
    host: dict[str, str]
    url: str
    current: Callable[[], dict[str, Any]]  # the table's view now


def _table_after_abilities(c: TestClient, option: str) -> _Table:
    """A companion table with ``option`` on, its abilities chosen (the first of each)."""
    r = c.post("/api/tables", json=create_body(companion=True, options=[option]))
    assert r.status_code == 201, r.text
    made = r.json()
    table, host = made["table"], {"X-Seat-Token": made["host_token"]}
    url = f"/api/tables/{table}/actions"

    def current() -> dict[str, Any]:
        return dict(c.get(f"/api/tables/{table}", headers=host).json()["view"])

    v = current()
    while v["decision"]["kind"] == "choose_ability":
        assert _send(c, url, v["decision"]["options"][0], v["version"], host).status_code == 200
        v = current()
    return _Table(table, host, url, current)


@pytest.mark.rule("R-SEARCH-01")
def test_a_companion_table_with_the_box_search_deck_asks_which_card_came_up(db_url: str) -> None:
    with TestClient(create_app(db_url, LIMITS)) as c:
        table, host, url, current = _table_after_abilities(c, "box_search_deck")
        v = current()
        assert v["decision"]["kind"] == "turn"
        hero = v["decision"]["actor"]
        r = _send(c, url, f"search {hero}", v["version"], host)
        assert r.status_code == 200, r.text
        assert not [e for e in r.json()["events"] if e["msg"] == "card_found"]  # the program drew nothing
        v = current()
        d = v["decision"]
        assert (d["kind"], d["actor"]) == ("box_search_card", hero)
        assert f"choose {hero} sling" in d["options"] and len(d["options"]) == len(set(d["options"])) > 20
        assert d["names"]["sling"] == {"en": "Sling", "pt": "Funda"}
        assert "box's search deck" in d["question"]["en"]
        r = c.post(url, json={"action": f"choose {hero} no-such-card", "version": v["version"]}, headers=host)
        assert r.status_code == 422 and r.json()["error"] == "illegal"
        assert "one still in the search deck" in r.json()["message"]
        assert current() == v  # refused: nothing changed
        r = c.post(url, json={"action": f"choose {hero} sling", "version": v["version"]}, headers=host)
        assert r.status_code == 200, r.text
        found = [e for e in r.json()["events"] if e["msg"] == "card_found"]
        assert [e["params"]["card"] for e in found] == ["sling"]
        after = current()
        assert after["decision"]["kind"] == "found_card"
        assert after["decks"]["search"] == v["decks"]["search"] - 1
    with TestClient(create_app(db_url, LIMITS)) as c2:  # the answer is in the journal: a restart replays it
        assert c2.get(f"/api/tables/{table}", headers=host).json()["view"] == after


@pytest.mark.rule("R-ROUND-04")
def test_a_table_with_the_box_initiative_asks_the_order_card_by_card(db_url: str) -> None:
    with TestClient(create_app(db_url, LIMITS)) as c:
        table, host, url, current = _table_after_abilities(c, "box_initiative")
        v = current()
        d = v["decision"]
        assert (d["kind"], d["actor"]) == ("box_initiative", "party")
        assert d["names"]["mouse:collin"] == {"en": "Prince Collin", "pt": "Príncipe Collin"}
        order = ["mouse:maginos", "minion:rat-warrior", "mouse:collin", "mouse:filch"]
        for n, card in enumerate(order):
            v = current()
            if n == 1:
                r = c.post(url, json={"action": "choose party mouse:maginos", "version": v["version"]}, headers=host)
                assert r.status_code == 422 and "one not placed yet" in r.json()["message"]
                assert current() == v
            r = _send(c, url, f"choose party {card}", v["version"], host)
            assert r.status_code == 200, r.text
        after = current()
        laid = [e for e in r.json()["events"] if e["msg"] == "initiative_shuffled"]
        assert laid[0]["params"]["track"] == [*order, "mouse:tilda"]
    with TestClient(create_app(db_url, LIMITS)) as c2:
        assert c2.get(f"/api/tables/{table}", headers=host).json()["view"] == after
