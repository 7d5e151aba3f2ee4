"""Storage on SQLite and on a real PostgreSQL (started by scripts/services.sh): the same tests for both."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import text
from web_helpers import ROOT

from mnm.server.storage import JournalRow, StaleVersion, Storage


@pytest.fixture(params=["sqlite", "postgresql"])
def storage(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Storage]:
    if request.param == "sqlite":
        store = Storage(f"sqlite:///{tmp_path / 'tables.db'}")
    else:
        store = Storage(request.getfixturevalue("postgres_url"))
        with store.engine.begin() as conn:  # each test starts empty
            conn.execute(text("DELETE FROM mnm_journal"))
            conn.execute(text("DELETE FROM mnm_tables"))
    assert store.backend == request.param
    yield store
    store.close()


SETUP = {"chapter": "proving-grounds", "party": ["a"], "seats": [["a"]], "seed": 1, "dice": "seeded", "carry": None}


def row(version: int, action: str = "end filch", kind: str = "action") -> JournalRow:
    return JournalRow(version, kind, action, [1, 6], 0, [{"msg": "m", "params": {"n": version, "s": "ção"}}])


def test_create_load_round_trip(storage: Storage) -> None:
    storage.create_table("t1", SETUP, {"host": "h", "seats": ["s"]}, {"state": {"x": 1}}, [{"msg": "begin"}], "playing")
    rec = storage.load("t1")
    assert rec is not None
    assert (rec.id, rec.version, rec.status) == ("t1", 0, "playing")
    assert rec.setup == SETUP and rec.secrets == {"host": "h", "seats": ["s"]}
    assert rec.snapshot == {"state": {"x": 1}} and rec.setup_events == [{"msg": "begin"}]
    assert rec.journal == []
    assert storage.load("missing") is None
    assert storage.version("missing") is None


def test_append_in_order_and_snapshot_follows(storage: Storage) -> None:
    storage.create_table("t1", SETUP, {}, {"state": 0}, [], "playing")
    storage.append("t1", row(1), {"state": 1}, "playing")
    storage.append("t1", row(2, "undo", "undo"), {"state": 2}, "playing")
    storage.append("t1", row(3), {"state": 3}, "won")
    rec = storage.load("t1")
    assert rec is not None
    assert [r.version for r in rec.journal] == [1, 2, 3]
    assert [r.kind for r in rec.journal] == ["action", "undo", "action"]
    assert rec.journal[0] == row(1)
    assert rec.snapshot == {"state": 3} and rec.version == 3 and rec.status == "won"
    assert storage.version("t1") == 3


def test_a_write_without_a_snapshot_keeps_the_stored_one_and_its_version(storage: Storage) -> None:
    """Issue 50: the snapshot is not rewritten by every action; the one stored says at which version it was taken
    (the creation's at 0), and an append returns the length of the events' text it stored."""
    storage.create_table("t1", SETUP, {}, {"state": 0}, [], "playing")
    assert storage.append("t1", row(1), None, "playing") == len('[{"msg":"m","params":{"n":1,"s":"ção"}}]')
    rec = storage.load("t1")
    assert rec is not None and rec.snapshot == {"state": 0} and rec.snapshot_version == 0 and rec.version == 1
    storage.append("t1", row(2), {"state": 2}, "playing")
    storage.append("t1", row(3), None, "won")
    rec = storage.load("t1")
    assert rec is not None and rec.snapshot == {"state": 2} and rec.snapshot_version == 2
    assert rec.version == 3 and rec.status == "won" and [r.version for r in rec.journal] == [1, 2, 3]


def test_stale_version_is_refused_and_changes_nothing(storage: Storage) -> None:
    storage.create_table("t1", SETUP, {}, {"state": 0}, [], "playing")
    storage.append("t1", row(1), {"state": 1}, "playing")
    with pytest.raises(StaleVersion):
        storage.append("t1", row(1, "end tilda"), {"state": "other"}, "playing")  # version 1 is taken
    with pytest.raises(StaleVersion):
        storage.append("t1", row(5), {"state": "gap"}, "playing")
    with pytest.raises(StaleVersion):
        storage.append("nope", row(1), {"state": 1}, "playing")
    rec = storage.load("t1")
    assert rec is not None and rec.snapshot == {"state": 1} and len(rec.journal) == 1
    assert rec.journal[0].action == "end filch"


def test_concurrent_writers_only_one_wins_each_version(storage: Storage) -> None:
    storage.create_table("t1", SETUP, {}, {"state": 0}, [], "playing")
    wins: list[str] = []
    lock = threading.Lock()

    def writer(name: str) -> None:
        try:
            storage.append("t1", row(1, f"end {name}"), {"state": name}, "playing")
            with lock:
                wins.append(name)
        except StaleVersion:
            pass
        except Exception:  # a unique-key clash inside the database counts as losing too
            pass

    threads = [threading.Thread(target=writer, args=(n,)) for n in ("a", "b", "c", "d")]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    rec = storage.load("t1")
    assert rec is not None
    assert len(wins) == 1 and rec.version == 1 and len(rec.journal) == 1
    assert rec.journal[0].action == f"end {wins[0]}" and rec.snapshot == {"state": wins[0]}


def test_table_ids_and_reopen(storage: Storage, tmp_path: Path) -> None:
    for i in range(3):
        storage.create_table(f"t{i}", SETUP, {}, {}, [], "playing")
    assert storage.table_ids() == ["t0", "t1", "t2"]
    reopened = Storage(storage.url)  # another process would see the same
    try:
        assert reopened.table_ids() == ["t0", "t1", "t2"]
    finally:
        reopened.close()


def test_default_url_is_in_the_user_data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from mnm.server.storage import default_db_url

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert default_db_url() == f"sqlite:///{tmp_path / 'mnm' / 'tables.db'}"
    assert (tmp_path / "mnm").is_dir()
    assert ROOT.exists()
