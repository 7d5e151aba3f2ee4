"""Issue 46, item 8: publishing like a workshop people know. Each version carries what changed in it (typed when
publishing, listed with the chapter's versions); a chapter has its title and description in both languages (the
library gives the reader's); the author page lists every chapter an editor token published with its plays and
ratings; a library database from before keeps loading."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from web_helpers import TINY_CHAPTER, publish_body

from mnm.server.app import Limits, create_app
from mnm.server.library_store import LibraryStore, entries_t
from mnm.server.storage import Storage

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

LIMITS = Limits(playtest_workers=1, address_scale=50.0, library_games=1, bot_table_pace=0.0)


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'tables.db'}", LIMITS)) as c:
        yield c


def editor(client: TestClient) -> dict[str, str]:
    return {"X-Editor-Token": client.post("/api/workshop/token").json()["token"]}


def test_each_version_says_what_changed_and_the_titles_are_in_both_languages(client: TestClient) -> None:
    me = editor(client)
    first = publish_body(title="Two Tiles", title_pt="Dois Ladrilhos", description_pt="Um rato, dois ladrilhos.")
    assert client.post("/api/library", json=first, headers=me).status_code == 201
    second = publish_body(
        text=TINY_CHAPTER.replace("end_page: 8", "end_page: 7"),
        title_pt="Dois Ladrilhos",
        changelog="The hourglass ends one page sooner.",
    )
    made = client.post("/api/library", json=second, headers=me)
    assert made.status_code == 201 and made.json()["version"] == 2
    page = client.get("/api/library/chapters/tiny-trial").json()
    assert [(v["version"], v["changelog"]) for v in page["versions"]] == [
        (1, ""),
        (2, "The hourglass ends one page sooner."),
    ]
    # the latest version's words: its Portuguese title kept, its description in Portuguese not given again
    assert page["name"] == {"en": "Two Tiles", "pt": "Dois Ladrilhos"}
    assert page["objective"] == {"en": "One rat, two tiles.", "pt": "One rat, two tiles."}
    first_page = client.get("/api/library/chapters/tiny-trial", params={"version": 1}).json()
    assert first_page["objective"]["pt"] == "Um rato, dois ladrilhos."
    # the Portuguese title is searched too
    found = client.get("/api/library", params={"q": "ladrilhos"}).json()["chapters"]
    assert [c["chapter"] for c in found] == ["tiny-trial"]
    # a changelog is bounded like every other field
    long = publish_body(text=TINY_CHAPTER.replace("end_page: 8", "end_page: 6"), changelog="x" * 1001)
    assert client.post("/api/library", json=long, headers=me).status_code == 400


def test_the_author_page_lists_my_chapters_with_plays_and_ratings(client: TestClient) -> None:
    me, other = editor(client), editor(client)
    assert client.post("/api/library", json=publish_body(), headers=me).status_code == 201
    someone = publish_body(text=TINY_CHAPTER.replace("id: tiny-trial", "id: not-mine"), title="Not Mine")
    assert client.post("/api/library", json=someone, headers=other).status_code == 201
    client.post("/api/library/chapters/tiny-trial/tables", json={})  # one table played from it
    client.post("/api/library/chapters/tiny-trial/listed", json={"listed": False}, headers=me)
    mine = client.get("/api/library/mine", headers=me).json()
    assert mine["count"] == 1
    (row,) = mine["chapters"]
    assert row["chapter"] == "tiny-trial" and row["version"] == 1 and row["listed"] is False
    assert row["tables"] == 1 and row["rated"] == 0 and row["stars"] is None and row["hidden"] is False
    assert [c["chapter"] for c in client.get("/api/library/mine", headers=other).json()["chapters"]] == ["not-mine"]
    nobody = client.get("/api/library/mine")
    assert nobody.status_code == 403 and nobody.json()["error"] == "bad_token"


def test_a_database_from_before_issue_46_keeps_loading(tmp_path: Path) -> None:
    """Schema migration: a library table made without the Portuguese title, description and changelog gets
    them at start; its rows read as before, with the new fields empty (the English words stand for both)."""
    from sqlalchemy import Column, MetaData, Table, insert

    db = f"sqlite:///{tmp_path / 'old.db'}"
    storage = Storage(db)
    old = MetaData()
    later = ("title_pt", "description_pt", "changelog")
    kept = [c for c in entries_t.c if c.name not in later]
    Table(entries_t.name, old, *[Column(c.name, c.type, primary_key=c.primary_key) for c in kept])
    old.create_all(storage.engine)
    row = {c.name: "x" for c in kept}
    row.update(chapter="old-one", version=1, created=1.0, mice=2, tiles=2, languages="en", playtest="{}", title="Oak")
    with storage.engine.begin() as conn:
        conn.execute(insert(old.tables["mnm_library"]).values(**row))
    store = LibraryStore(storage)  # adds the columns
    entry = store.entry("old-one")
    assert entry is not None and entry.title == "Oak" and (entry.title_pt, entry.changelog) == ("", "")
    assert store.versions("old-one")[0]["changelog"] == ""
    assert [e.chapter for e in store.owned("x")] == ["old-one"]
    LibraryStore(storage)  # a second start finds them there
    storage.close()
