"""Issue 48's library findings at small size: a rating means someone played (bot seats, the publisher, too
little play and floods from one address give no rating; the page counts distinct raters; house chapters too);
hidden means hidden (no version, table, replay, rating); 403 before 429; a failed measure shows no win rate; a
measure whose process died is claimed again by exactly one process; search reads a column, not the files."""

from __future__ import annotations

import threading
import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from sqlalchemy import update
from web_helpers import TINY_CHAPTER, play_as_people, publish_body

from mnm.server import library as library_module
from mnm.server.app import Limits, create_app
from mnm.server.library_store import Entry, LibraryStore, entries_t, jobs_t
from mnm.server.limits import RateLimiter
from mnm.server.storage import Storage

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

LIMITS = Limits(playtest_workers=1, address_scale=50.0, library_games=3, bot_table_pace=0.0)


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'tables.db'}", LIMITS)) as c:
        yield c


def editor(client: TestClient) -> dict[str, str]:
    return {"X-Editor-Token": client.post("/api/workshop/token").json()["token"]}


def elsewhere(client: TestClient, chapter: str) -> None:
    """As if the chapter had been published from another address than the test client's."""
    store = client.app.state.library.store  # type: ignore[attr-defined]
    with store.storage._tx() as conn:
        conn.execute(update(entries_t).where(entries_t.c.chapter == chapter).values(address="elsewhere"))


def wait_over(client: TestClient, table: str) -> dict[str, Any]:
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        view = client.get(f"/api/tables/{table}").json()["view"]
        if view["status"] != "playing" or view["stopped"]:
            return view  # type: ignore[no-any-return]
        time.sleep(0.1)
    raise AssertionError("the table never ended")


def rate(client: TestClient, table: str, token: str, stars: int = 5) -> Any:
    return client.post(f"/api/library/plays/{table}/rating", json={"stars": stars}, headers={"X-Seat-Token": token})


def test_a_bots_table_of_a_house_chapter_gives_no_rating(client: TestClient) -> None:
    """The attack: one bots table of a house chapter, its host's four one-star ratings."""
    made = client.post("/api/library/chapters/proving-grounds/tables", json={"bots": ["heuristic"] * 4}).json()
    wait_over(client, made["table"])
    answers = [rate(client, made["table"], made["host_token"], 1) for _ in range(4)]
    answers += [rate(client, made["table"], s["token"], 1) for s in made["seats"]]
    assert [a.status_code for a in answers] == [403] * 8, [a.text for a in answers]
    assert {a.json()["error"] for a in answers} == {"not_played"}
    page = client.get("/api/library/chapters/proving-grounds").json()
    assert page["rated"] == 0 and page["stars"] is None and page["raters"] == 0


def test_the_publisher_and_too_little_play_give_no_rating(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """The attack: stuffing one's own chapter with five-star ratings from tables nobody really played."""
    assert client.post("/api/library", json=publish_body(), headers=editor(client)).status_code == 201
    made = client.post("/api/library/chapters/tiny-trial/tables", json={}).json()
    play_as_people(client, made["table"], made["host_token"])
    own = rate(client, made["table"], made["host_token"])
    assert own.status_code == 403 and own.json()["error"] == "not_played"  # this address published it
    elsewhere(client, "tiny-trial")
    monkeypatch.setattr(library_module, "MIN_RATING_ACTIONS", 10_000)
    short = rate(client, made["table"], made["host_token"])
    assert short.status_code == 403 and short.json()["params"]["need"] == 10_000
    monkeypatch.setattr(library_module, "MIN_RATING_ACTIONS", 3)
    assert rate(client, made["table"], made["host_token"]).status_code == 201
    assert client.get("/api/library/chapters/tiny-trial").json()["raters"] == 1


def test_ratings_are_rate_limited_per_address_and_per_chapter(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(library_module, "MIN_RATING_ACTIONS", 1)
    assert client.post("/api/library", json=publish_body(), headers=editor(client)).status_code == 201
    elsewhere(client, "tiny-trial")
    library = client.app.state.library  # type: ignore[attr-defined]
    library.rate_limit = RateLimiter(0.0001, 1, "ratings")
    tables = []
    for _ in range(2):
        made = client.post("/api/library/chapters/tiny-trial/tables", json={}).json()
        play_as_people(client, made["table"], made["host_token"])
        tables.append(made)
    assert rate(client, tables[0]["table"], tables[0]["host_token"]).status_code == 201
    flood = rate(client, tables[1]["table"], tables[1]["host_token"])
    assert flood.status_code == 429 and flood.headers["retry-after"]
    library.rate_limit = RateLimiter(100, 100, "ratings")
    library.chapter_rate_limit = RateLimiter(0.0001, 0, "ratings of this chapter")
    assert rate(client, tables[1]["table"], tables[1]["host_token"]).status_code == 429
    assert client.get("/api/library/chapters/tiny-trial").json()["rated"] == 1


def test_hidden_means_hidden(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(library_module, "MIN_RATING_ACTIONS", 1)
    owner = editor(client)
    assert client.post("/api/library", json=publish_body(), headers=owner).status_code == 201
    elsewhere(client, "tiny-trial")
    made = client.post("/api/library/chapters/tiny-trial/tables", json={}).json()
    play_as_people(client, made["table"], made["host_token"])
    client.app.state.library.store.set_flag("tiny-trial", hidden=1)  # type: ignore[attr-defined]
    host = {"X-Seat-Token": made["host_token"]}
    replay = client.post(f"/api/tables/{made['table']}/continue", json={"replay": True}, headers=host)
    assert replay.status_code == 404 and replay.json()["error"] == "no_library_chapter"  # before: 201
    assert rate(client, made["table"], made["host_token"]).status_code == 404
    assert client.post("/api/library/chapters/tiny-trial/tables", json={}).status_code == 404
    v2 = client.post("/api/library", json=publish_body(text=TINY_CHAPTER.replace("end_page: 8", "end_page: 7")), headers=owner)
    assert v2.status_code == 409 and v2.json()["params"]["reason"] == "hidden"
    client.app.state.library.store.set_flag("tiny-trial", hidden=0)  # type: ignore[attr-defined]
    v2 = client.post("/api/library", json=publish_body(text=TINY_CHAPTER.replace("end_page: 8", "end_page: 7")), headers=owner)
    assert v2.status_code == 201


def test_a_publication_without_a_token_is_403_even_over_the_rate(client: TestClient) -> None:
    client.app.state.library.publish_limit = RateLimiter(0.0001, 1, "publications")  # type: ignore[attr-defined]
    assert client.post("/api/library", json=publish_body(), headers=editor(client)).status_code == 201
    assert client.post("/api/library", json=publish_body()).status_code == 403  # before: 429
    again = client.post("/api/library", json=publish_body(text=TINY_CHAPTER.replace("end_page: 8", "end_page: 7")), headers=editor(client))
    assert again.status_code == 429


def test_a_failed_measure_shows_no_win_rate(client: TestClient) -> None:
    assert client.post("/api/library", json=publish_body(), headers=editor(client)).status_code == 201
    deadline = time.monotonic() + 120
    while client.get("/api/library/chapters/tiny-trial").json()["measure"] == "measuring" and time.monotonic() < deadline:
        time.sleep(0.2)
    partial = {"bot": "heuristic", "easy": {"games": 4, "wins": 0, "win_rate": 0.0, "ci95": [0, 0.5], "unfinished": 0,
                                            "mean_rounds": 3, "heat": {}}}
    client.app.state.library.store.set_playtest("tiny-trial", 1, "failed", partial)  # type: ignore[attr-defined]
    client.app.state.library._rows = None  # type: ignore[attr-defined]
    page = client.get("/api/library/chapters/tiny-trial").json()
    assert page["measure"] == "failed" and page["win_rates"] == {} and page["difficulty"] is None
    assert page["playtest"] == {} and page["rounds"] is None
    found = [c for c in client.get("/api/library").json()["chapters"] if c["chapter"] == "tiny-trial"]
    assert found[0]["win_rates"] == {}  # before: easy 0.0 from 4 games


def _measuring(store: LibraryStore, chapter: str, heartbeat: float) -> None:
    """A publication whose process died while its measure ran: the version is "measuring", its job row old."""
    entry = Entry(chapter=chapter, version=0, owner="o" * 64, created=0.0, title="T", description="", languages=["en"],
                  mice=2, author="a", licence="l", text=TINY_CHAPTER.replace("tiny-trial", chapter), digest=chapter,
                  tiles=2, measure="measuring", playtest={})
    stored = store.publish(entry, claimer="dead", address="1.2.3.4")
    assert isinstance(stored, Entry)
    with store.storage._tx() as conn:
        conn.execute(update(jobs_t).where(jobs_t.c.chapter == chapter).values(heartbeat=heartbeat))


def test_a_measure_left_by_a_dead_process_resumes_when_a_server_starts(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'tables.db'}"
    storage = Storage(db)
    _measuring(LibraryStore(storage), "tiny-trial", time.time() - 3600)
    storage.close()
    with TestClient(create_app(db, LIMITS)) as c:
        deadline = time.monotonic() + 120
        page = c.get("/api/library/chapters/tiny-trial").json()
        while page["measure"] == "measuring" and time.monotonic() < deadline:
            time.sleep(0.3)
            page = c.get("/api/library/chapters/tiny-trial").json()
        assert page["measure"] == "measured" and set(page["win_rates"]) == {"easy", "normal", "hard"}
        assert c.app.state.library.store.jobs() == []  # type: ignore[attr-defined]


def _claim_race(url: str, chapter: str) -> None:
    stores = [LibraryStore(Storage(url)) for _ in range(4)]
    _measuring(stores[0], chapter, time.time() - 3600)
    claimed: list[list[Any]] = [[] for _ in stores]
    gate = threading.Barrier(len(stores))

    def claim(i: int) -> None:
        gate.wait()
        claimed[i] = [e.chapter for e, _a in stores[i].claim_stale(f"p{i}", 60.0) if e.chapter == chapter]

    threads = [threading.Thread(target=claim, args=(i,)) for i in range(len(stores))]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert sorted(len(c) for c in claimed) == [0, 0, 0, 1], claimed  # exactly one process runs it
    for s in stores:
        s.storage.close()


def test_a_stale_measure_job_is_claimed_by_exactly_one_process_sqlite(tmp_path: Path) -> None:
    _claim_race(f"sqlite:///{tmp_path / 'tables.db'}", "tiny-race")


def test_a_stale_measure_job_is_claimed_by_exactly_one_process_postgresql(postgres_url: str) -> None:
    import secrets

    _claim_race(postgres_url, f"tiny-{secrets.token_hex(4)}")


def test_search_reads_the_column_not_the_files(client: TestClient) -> None:
    store = client.app.state.library.store  # type: ignore[attr-defined]
    assert client.post("/api/library", json=publish_body(title="Walnut Hall"), headers=editor(client)).status_code == 201
    assert all(e.text == "" for e in store.latest(False))
    found = client.get("/api/library", params={"q": "walnut"}).json()["chapters"]
    assert [c["chapter"] for c in found] == ["tiny-trial"]
    assert [c["chapter"] for c in client.get("/api/library", params={"q": "barksburg"}).json()["chapters"]] == [
        "flight-to-barksburg"
    ]
    assert "walnut hall" in store.entry("tiny-trial").search


def test_a_database_from_before_issue_48_gets_the_new_columns(tmp_path: Path) -> None:
    """Schema migration: the library's and the ratings' tables made without ``search`` and ``address`` get them
    at start, and their rows read as before (search then matches them by their fields)."""
    from sqlalchemy import Column, MetaData, Table, insert

    from mnm.server.library_store import entries_t, ratings_t

    db = f"sqlite:///{tmp_path / 'old.db'}"
    storage = Storage(db)
    old = MetaData()
    later = ("search", "address", "title_pt", "description_pt", "changelog")  # issues 48 and 46
    for table in (entries_t, ratings_t):
        kept = [c for c in table.c if c.name not in later]
        Table(table.name, old, *[Column(c.name, c.type, primary_key=c.primary_key) for c in kept])
    old.create_all(storage.engine)
    row = {c.name: "x" for c in entries_t.c if c.name not in later}
    row.update(chapter="old-one", version=1, created=1.0, mice=2, tiles=2, languages="en", playtest="{}", title="Oaken Door")
    with storage.engine.begin() as conn:
        conn.execute(insert(old.tables["mnm_library"]).values(**row))
    store = LibraryStore(storage)  # adds the columns
    assert store.entry("old-one") is not None and store.entry("old-one").search == ""  # type: ignore[union-attr]
    with storage.engine.connect() as conn:
        names = {c.name for c in Table("mnm_library_ratings", MetaData(), autoload_with=conn).c}
    assert "address" in names
    LibraryStore(storage)  # a second start finds them there
    assert [e.chapter for e in store.search(["oaken"])] == ["old-one"]  # empty column: the caller matches it
    storage.close()


WIN_NOW = TINY_CHAPTER.replace("id: tiny-trial", "id: win-now").replace(
    "rules: []", "rules:\n  - id: at-once\n    when: movement_roll\n    do: [victory: {}]"
)


def test_a_win_now_chapter_stuffed_from_many_tables_gives_no_rating(client: TestClient) -> None:
    """The attack: 117 tables of a chapter won at its first roll, rated five stars from one address."""
    r = client.post("/api/library", json=publish_body(text=WIN_NOW, title="Win now"), headers=editor(client))
    assert r.status_code == 201, r.text
    elsewhere(client, "win-now")  # even from another address than the publisher's
    accepted = 0
    for _ in range(4):
        made = client.post("/api/library/chapters/win-now/tables", json={}).json()
        view = play_as_people(client, made["table"], made["host_token"])
        assert view["status"] == "won" and view["version"] < 2 * library_module.MIN_RATING_ACTIONS
        for token in [made["host_token"], *(s["token"] for s in made["seats"])]:
            accepted += rate(client, made["table"], token).status_code == 201
    assert accepted == 0
    assert client.get("/api/library/chapters/win-now").json()["rated"] == 0


def test_the_end_screen_knows_whether_a_table_may_rate(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    made = client.post("/api/library/chapters/proving-grounds/tables", json={"bots": ["heuristic"] * 4}).json()
    wait_over(client, made["table"])
    play = client.get(f"/api/library/plays/{made['table']}").json()
    assert play["rateable"] is False and play["min_actions"] == library_module.MIN_RATING_ACTIONS
    monkeypatch.setattr(library_module, "MIN_RATING_ACTIONS", 1)
    made = client.post("/api/library/chapters/proving-grounds/tables", json={}).json()
    assert client.get(f"/api/library/plays/{made['table']}").json()["rateable"] is False  # nobody played yet
    from mnm.bots import make_bot

    game = client.app.state.service.live[made["table"]].game  # type: ignore[attr-defined]
    action = str(make_bot("heuristic", 1).choose(game))
    r = client.post(f"/api/tables/{made['table']}/actions", json={"action": action, "version": 0}, headers={"X-Seat-Token": made["host_token"]})
    assert r.status_code == 200, r.text
    assert client.get(f"/api/library/plays/{made['table']}").json()["rateable"] is True
