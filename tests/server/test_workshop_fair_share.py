"""The workshop's storage shared fairly (issue 34, findings 5, 7, 9 and 10): drafts keyed by owner and id (a
collision is never a 500; older databases are migrated), drafts bounded per address as well as per token and
expiring like tables, the draft list rate-limited, and a lone surrogate answered 422."""

from __future__ import annotations

import asyncio
import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Column, Float, MetaData, String, Table, Text, create_engine, insert, inspect

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from mnm.server.app import Limits, create_app
from mnm.server.storage import LEGACY_DRAFTS, Storage
from mnm.server.workshop import BLANK_CHAPTER

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def app_client(tmp_path: Path, **over: Any) -> TestClient:
    limits = Limits(**{"max_drafts": 3, "address_scale": 50.0, **over})
    return TestClient(create_app(f"sqlite:///{tmp_path / 'tables.db'}", limits))


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with app_client(tmp_path) as c:
        yield c


def token(client: TestClient) -> dict[str, str]:
    return {"X-Editor-Token": client.post("/api/workshop/token").json()["token"]}


def test_two_editors_may_both_save_a_draft_of_the_same_id(client: TestClient) -> None:
    first, second = token(client), token(client)
    one = client.put("/api/workshop/drafts/my-chapter", json={"text": "id: one"}, headers=first)
    two = client.put("/api/workshop/drafts/my-chapter", json={"text": "id: two"}, headers=second)
    assert one.status_code == 200 and two.status_code == 200, two.text  # before: 500 (IntegrityError)
    assert [d["text"] for d in client.get("/api/workshop/drafts", headers=first).json()["drafts"]] == ["id: one"]
    assert [d["text"] for d in client.get("/api/workshop/drafts", headers=second).json()["drafts"]] == ["id: two"]
    assert client.delete("/api/workshop/drafts/my-chapter", headers=second).status_code == 200
    assert [d["text"] for d in client.get("/api/workshop/drafts", headers=first).json()["drafts"]] == ["id: one"]


def _legacy_database(url: str) -> None:
    """A database as the server before issue 34 left it: drafts keyed by id alone."""
    engine = create_engine(url)
    legacy = Table(
        LEGACY_DRAFTS,
        MetaData(),
        Column("id", String(40), primary_key=True),
        Column("owner", String(64), nullable=False, index=True),
        Column("updated", Float, nullable=False),
        Column("text", Text, nullable=False),
    )
    legacy.drop(engine, checkfirst=True)
    legacy.create(engine)
    with engine.begin() as conn:
        conn.execute(insert(legacy).values(id="old-draft", owner="a" * 64, updated=time.time(), text="id: old"))
    engine.dispose()


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_an_older_database_is_migrated_to_drafts_keyed_by_owner_and_id(
    backend: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    url = f"sqlite:///{tmp_path / 'old.db'}" if backend == "sqlite" else request.getfixturevalue("postgres_url")
    dialect_url = url.replace("postgresql://", "postgresql+psycopg://", 1)
    _legacy_database(dialect_url)
    storage = Storage(url)
    try:
        assert LEGACY_DRAFTS not in inspect(storage.engine).get_table_names()
        assert [d["text"] for d in storage.drafts("a" * 64)] == ["id: old"]
        assert storage.save_draft("b" * 64, "old-draft", "id: b", 5) == "saved"  # the same id, another owner
        assert [d["text"] for d in storage.drafts("a" * 64)] == ["id: old"]
        Storage(url).close()  # a second start finds nothing more to migrate
    finally:
        storage.delete_draft("a" * 64, "old-draft")
        storage.delete_draft("b" * 64, "old-draft")
        storage.close()


def test_invented_tokens_cannot_fill_storage_from_one_address(tmp_path: Path) -> None:
    with app_client(tmp_path, address_scale=1.0, new_draft_burst=5, new_drafts_per_hour=10.0) as client:
        saved = refused = 0
        for n in range(4):  # four invented tokens: any long enough string is a token
            editor = {"X-Editor-Token": f"invented-token-number-{n:04d}"}
            for d in range(3):
                r = client.put(f"/api/workshop/drafts/d{d}", json={"text": "x" * 1000}, headers=editor)
                assert r.status_code in (200, 429), r.text
                saved += r.status_code == 200
                refused += r.status_code == 429
                if r.status_code == 429:
                    assert int(r.headers["Retry-After"]) > 0 and r.json()["error"] == "rate_limited"
        assert saved == 5 and refused == 7  # before: 12 drafts (3 per token, 4 tokens)
        # saving an existing draft again is not a new draft
        again = client.put("/api/workshop/drafts/d0", json={"text": "y"}, headers={"X-Editor-Token": "invented-token-number-0000"})
        assert again.status_code == 200


def test_drafts_kept_from_one_address_are_bounded_whatever_the_tokens(tmp_path: Path) -> None:
    with app_client(tmp_path, address_scale=1.0, drafts_per_address=4, max_drafts=3) as client:
        codes = []
        for n in range(3):
            editor = {"X-Editor-Token": f"invented-token-number-{n:04d}"}
            codes += [client.put(f"/api/workshop/drafts/d{d}", json={"text": "x"}, headers=editor).status_code for d in range(2)]
        assert codes == [200, 200, 200, 200, 409, 409]
        refused = client.put("/api/workshop/drafts/d9", json={"text": "x"}, headers={"X-Editor-Token": "invented-token-number-0009"})
        assert refused.status_code == 409 and "one address" in refused.json()["message"]


def test_drafts_expire_and_the_editor_is_told_when(tmp_path: Path) -> None:
    with app_client(tmp_path, draft_expiry_days=2.0) as client:
        editor = token(client)
        saved = client.put("/api/workshop/drafts/keep-me", json={"text": "id: x"}, headers=editor).json()
        assert abs(saved["expires"] - (time.time() + 2 * 86400)) < 60
        listed = client.get("/api/workshop/drafts", headers=editor).json()
        assert listed["expiry_seconds"] == 2 * 86400
        assert abs(listed["drafts"][0]["expires"] - saved["expires"]) < 5
        service = client.app.state.service  # type: ignore[attr-defined]
        assert asyncio.run(service.expire_drafts(now=time.time() + 86400)) == 0
        assert asyncio.run(service.expire_drafts(now=time.time() + 3 * 86400)) == 1
        assert client.get("/api/workshop/drafts", headers=editor).json()["drafts"] == []


def test_the_draft_list_is_rate_limited(tmp_path: Path) -> None:
    with app_client(tmp_path, address_scale=1.0) as client:
        editor = token(client)
        codes = [client.get("/api/workshop/drafts", headers=editor).status_code for _ in range(40)]
        assert codes.count(200) < 40 and codes[-1] == 429  # before: every one of them 200


def test_a_lone_surrogate_in_a_chapter_file_is_a_422_everywhere(client: TestClient) -> None:
    escaped = BLANK_CHAPTER.replace("note: built in the workshop", 'note: "\\ud800"')  # a YAML escape
    r = client.post("/api/workshop/check", json={"text": escaped})
    assert r.status_code == 422 and r.json()["error"] == "bad_chapter", r.text  # before: 500, connection reset
    raw = '{"text": "id: \\ud800"}'  # a lone surrogate in the JSON itself
    headers = {"content-type": "application/json", **token(client)}
    for method, path in (("post", "/api/workshop/check"), ("put", "/api/workshop/drafts/x"), ("post", "/api/workshop/tables")):
        r = client.request(method, path, content=raw, headers=headers)
        assert r.status_code in (400, 422) and r.json()["error"] in ("malformed", "bad_chapter"), (path, r.text)
    r = client.post("/api/workshop/check", content='{"\\udc80": 1}', headers=headers)  # in a field name
    assert r.status_code == 400 and r.json()["error"] == "malformed"
