"""Durable storage of tables: one row per table, one journal row per accepted action (SQLite or PostgreSQL).

The same SQLAlchemy Core code runs on both databases. A table row holds the table's setup (chapter, party,
seats, seed, dice mode), the hashes of its secret tokens, its version and a snapshot of the game; the journal
holds every accepted action (and undo) in order with the dice typed for it and the events it caused. An action
is one transaction: the journal row is inserted and the table row moved to the new version only if it still
had the old one, so two writers can never both win the same version.

A table is rebuilt after a restart by replaying its journal from the setup (which also restores the engine's
undo history); the snapshot is the fallback when a replay no longer reaches the same state. The snapshot is not
rewritten by every action (issue 50: encoding and storing the whole game was a sixth of an action's CPU): the
writer passes one when it is due (``mnm.server.tables.SNAPSHOT_EVERY``) and the version it was taken at is
kept inside it (:data:`SNAPSHOT_VERSION`; a snapshot without it is one written at the table's own version, as
every snapshot was before).
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import (
    Column,
    Engine,
    Float,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    and_,
    bindparam,
    create_engine,
    delete,
    event,
    func,
    insert,
    inspect,
    select,
    text,
    update,
)
from sqlalchemy.engine import Connection
from sqlalchemy.exc import DBAPIError, IntegrityError, NoSuchTableError
from sqlalchemy.pool import StaticPool

from mnm.server import wire

__all__ = ["CHANNEL", "KEEP_NOTICE", "JournalRow", "StaleVersion", "Storage", "TableRecord", "default_db_url"]

CHANNEL = "mnm_tables"  # PostgreSQL NOTIFY channel of accepted actions (mnm.server.fanout)
# the version word of a notice that a keep choice changed: "<origin> <table> -2" (three words, so a process of an
# older release reads it as an old version and lets it be)
KEEP_NOTICE = -2

metadata = MetaData()

tables_t = Table(
    "mnm_tables",
    metadata,
    Column("id", String(40), primary_key=True),
    Column("created", Float, nullable=False),
    Column("updated", Float, nullable=False),
    Column("setup", Text, nullable=False),  # JSON: chapter, party, seats, seed, dice, options, carry
    Column("secrets", Text, nullable=False),  # JSON: sha256 of the host, seat and spectator tokens
    Column("version", Integer, nullable=False),
    Column("status", String(16), nullable=False),
    Column("snapshot", Text, nullable=False),  # JSON: Game.to_json()
    Column("setup_events", Text, nullable=False),  # JSON: events of the setup (before the first decision)
)

journal_t = Table(
    "mnm_journal",
    metadata,
    Column("table_id", String(40), primary_key=True),
    Column("version", Integer, primary_key=True),  # the table's version after this row
    Column("kind", String(8), nullable=False),  # action | undo
    Column("action", String(256), nullable=False),
    Column("dice", Text, nullable=False),  # JSON list of faces typed by players (companion mode)
    Column("seat", Integer, nullable=False),  # -1: the host (hotseat)
    Column("events", Text, nullable=False),  # JSON list of events
    Column("created", Float, nullable=False),
)


continued_t = Table(
    "mnm_continued",
    metadata,
    Column("table_id", String(40), primary_key=True),  # the finished table: the campaign goes on from it once
    Column("next_id", String(40), nullable=False),
    Column("created", Float, nullable=False),
)


# Issue 45: the card each mouse keeps when the campaign goes on (R-CAMP-03), chosen at a finished table's end
# screen. Not a journal row: it is no game action (the replay, the record's dice, the version the seats act on
# and the library's play counts stay as they were), but it is acknowledged only once written here, so a restart
# or the other process of a two-process deployment knows it. Created on first start like every table here.
keep_t = Table(
    "mnm_keep",
    metadata,
    Column("table_id", String(40), primary_key=True),
    Column("hero", String(40), primary_key=True),
    Column("card", String(80), nullable=True),  # null: the mouse keeps nothing
    Column("seat", Integer, nullable=False),  # who chose (-1: the host)
    Column("updated", Float, nullable=False),
)


# A draft is its owner's: two editors may both name a draft "my-chapter" (issue 34, finding 5: the id alone was
# the key, so the second save was a 500 and told the second editor the id was taken).
drafts_t = Table(
    "mnm_workshop_drafts",
    metadata,
    Column("owner", String(64), primary_key=True),  # sha256 of the editor token (never the token)
    Column("id", String(40), primary_key=True),
    Column("updated", Float, nullable=False, index=True),
    Column("text", Text, nullable=False),  # the chapter file, as the workshop edits it
    # a hash of the client address that created it: any long enough string is a token, so drafts are counted
    # per address too (issue 34, finding 7)
    Column("address", String(64), nullable=False, server_default="", index=True),
)
LEGACY_DRAFTS = "mnm_drafts"  # the drafts table before issue 34 (id alone as its key): moved over at start


SNAPSHOT_VERSION = "snapshot_version"  # the key, inside a stored snapshot, of the version it was taken at


class StaleVersion(Exception):
    """The table moved on since the writer read it (another action won the race)."""


# the statements of a write, built once (Storage.append): the table row's guarded move, keeping the stored
# snapshot (it is not due) or with a new one
_APPEND_TABLE_KEEPING_SNAPSHOT = (
    update(tables_t)
    .where(and_(tables_t.c.id == bindparam("the_id"), tables_t.c.version == bindparam("old_version")))
    .values(version=bindparam("new_version"), status=bindparam("new_status"), updated=bindparam("new_updated"))
)
_APPEND_TABLE = _APPEND_TABLE_KEEPING_SNAPSHOT.values(snapshot=bindparam("new_snapshot"))
_APPEND_JOURNAL = insert(journal_t)


def _pg_append(with_snapshot: bool) -> str:
    """Storage.append on PostgreSQL as one statement (psycopg's named parameters)."""
    snapshot = ", snapshot = %(new_snapshot)s" if with_snapshot else ""
    return (
        "WITH moved AS (UPDATE mnm_tables SET version = %(new_version)s, status = %(new_status)s, "
        f"updated = %(new_updated)s{snapshot} WHERE id = %(the_id)s AND version = %(old_version)s RETURNING id), "
        "written AS (INSERT INTO mnm_journal (table_id, version, kind, action, dice, seat, events, created) "
        "SELECT moved.id, %(version)s::integer, %(kind)s::varchar, %(action)s::varchar, %(dice)s::text, "
        "%(seat)s::integer, %(events)s::text, %(created)s::double precision FROM moved RETURNING version) "
        "SELECT pg_notify(%(channel)s, %(payload)s) FROM written"
    )


_PG_APPEND = {True: _pg_append(True), False: _pg_append(False)}
_NOTIFY = text("SELECT pg_notify(:channel, :payload)")


@dataclass(frozen=True)
class _DriverStatement:
    """A statement compiled once into its database driver's own SQL and parameter style, run on the driver's
    cursor: a write is the server's hottest statement pair, and SQLAlchemy's execution layer cost more CPU
    than the database's own work (issue 50)."""

    sql: str
    order: tuple[str, ...] | None  # the parameters' order for a positional style (SQLite's ``?``); None: named

    @classmethod
    def of(cls, statement: Any, dialect: Any, keys: Iterator[str] | tuple[str, ...] | None = None) -> _DriverStatement:
        compiled = statement.compile(dialect=dialect, column_keys=list(keys) if keys is not None else None)
        order = tuple(compiled.positiontup) if dialect.positional else None
        return cls(str(compiled), order)

    def params(self, values: dict[str, Any]) -> Any:
        return values if self.order is None else tuple(values[name] for name in self.order)


@dataclass
class JournalRow:
    version: int
    kind: str
    action: str
    dice: list[int]
    seat: int
    events: list[dict[str, Any]]


@dataclass
class TableRecord:
    id: str
    setup: dict[str, Any]
    secrets: dict[str, Any]
    version: int
    status: str
    snapshot: dict[str, Any]
    setup_events: list[dict[str, Any]]
    journal: list[JournalRow] = field(default_factory=list)
    snapshot_version: int = -1  # the version ``snapshot`` was taken at (Storage.load: never -1)
    continued_to: str | None = None
    keep: dict[str, str | None] = field(default_factory=dict)  # the end screen's keep choices (issue 45)


def default_db_url() -> str:
    """An SQLite file in the user's data directory ($XDG_DATA_HOME/mnm, else ~/.local/share/mnm)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    folder = Path(base) / "mnm"
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'tables.db'}"


def _normalise_url(url: str) -> str:
    # "postgresql://" alone would pick psycopg2; we ship psycopg 3.
    if url.startswith("postgresql://"):
        return "postgresql+psycopg://" + url.removeprefix("postgresql://")
    if url.startswith("postgres://"):
        return "postgresql+psycopg://" + url.removeprefix("postgres://")
    return url


SCHEMA_LOCK = 0x6D6E6D5F736368  # "mnm_sch": the advisory lock that makes creating the tables one process at a time


def create_schema(engine: Engine, schema: MetaData) -> None:
    """Create ``schema``'s missing tables. On PostgreSQL under a transaction-scoped advisory lock: two server
    processes starting at once on a new database would otherwise both issue CREATE TABLE, and the loser stops
    with a unique violation in PostgreSQL's catalogue (``pg_type_typname_nsp_index``)."""
    with engine.begin() as conn:
        if engine.dialect.name == "postgresql":
            conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": SCHEMA_LOCK})
        schema.create_all(conn)


class Storage:
    """Tables and their journals in one database (thread-safe: each call uses its own connection)."""

    def __init__(self, url: str) -> None:
        self.url = _normalise_url(url)
        kwargs: dict[str, Any] = {}
        if self.url.startswith("sqlite"):
            kwargs["connect_args"] = {"check_same_thread": False}
            if self.url in ("sqlite://", "sqlite:///:memory:"):
                kwargs["poolclass"] = StaticPool
        self.engine: Engine = create_engine(self.url, **kwargs)
        self._write_lock: threading.Lock | contextlib.nullcontext[None] = (
            threading.Lock() if self.url.startswith("sqlite") else contextlib.nullcontext()
        )
        self._writer: Any = None  # SQLite: the connection appends write on (Storage.append)
        if self.url.startswith("sqlite"):
            event.listen(self.engine, "connect", _sqlite_pragmas)
        dialect = self.engine.dialect
        self._append_table = _DriverStatement.of(_APPEND_TABLE, dialect)
        self._append_table_keeping = _DriverStatement.of(_APPEND_TABLE_KEEPING_SNAPSHOT, dialect)
        self._append_journal = _DriverStatement.of(_APPEND_JOURNAL, dialect, tuple(journal_t.columns.keys()))
        self._postgresql = dialect.name == "postgresql"
        create_schema(self.engine, metadata)
        self._move_legacy_drafts()
        self.origin = secrets.token_hex(6)  # this process, in its own notices (mnm.server.fanout)

    def dsn(self) -> str:
        """The database URL for a plain psycopg connection (the LISTEN connection)."""
        return self.engine.url.set(drivername="postgresql").render_as_string(hide_password=False)

    def _notify(self, conn: Connection, *words: Any) -> None:
        """Tell the other processes, when this transaction commits (PostgreSQL only)."""
        if self.engine.dialect.name == "postgresql":
            conn.execute(_NOTIFY, self._notice(*words))

    def _notice(self, *words: Any) -> dict[str, str]:
        """A notice's parameters: this process's origin, then ``words`` (read by mnm.server.fanout.parse_notice)."""
        return {"channel": CHANNEL, "payload": " ".join(str(w) for w in (self.origin, *words))}

    @property
    def backend(self) -> str:
        return self.engine.dialect.name

    def close(self) -> None:
        with self._write_lock:
            if self._writer is not None:
                self._writer.close()
                self._writer = None
        self.engine.dispose()

    @contextmanager
    def _tx(self) -> Iterator[Connection]:
        # SQLite has one writer at a time; connections that collide wait in its busy handler, which sleeps
        # in growing steps (hundreds of ms under load). Taking turns in-process first avoids that entirely.
        with self._write_lock, self.engine.begin() as conn:
            yield conn

    # --- workshop drafts (issue 23) ----------------------------------------------------------------------

    def _move_legacy_drafts(self) -> None:
        """Schema migration: copy the drafts of the table keyed by id alone into the one keyed by owner and id,
        then drop the old table (once; a second process starting at the same time finds it gone)."""
        if LEGACY_DRAFTS not in inspect(self.engine).get_table_names():
            return
        try:
            legacy = Table(LEGACY_DRAFTS, MetaData(), autoload_with=self.engine)
        except NoSuchTableError:  # another process moved them in between
            return
        with contextlib.suppress(DBAPIError), self._tx() as conn:
            rows = conn.execute(select(legacy.c.id, legacy.c.owner, legacy.c.updated, legacy.c.text)).all()
            if rows:
                conn.execute(
                    insert(drafts_t),
                    [{"id": r.id, "owner": r.owner, "updated": r.updated, "text": r.text} for r in rows],
                )
            legacy.drop(conn)

    def save_draft(
        self, owner: str, draft_id: str, text_: str, max_drafts: int, address: str = "", per_address: int = 0
    ) -> str:
        """Write a draft of ``owner`` (created from ``address``, a hash): ``"saved"``, or nothing written and
        ``"token"`` / ``"address"`` when it would be one new draft too many for the token (``max_drafts``) or
        for the address (``per_address``; 0: no bound)."""
        try:
            return self._save_draft(owner, draft_id, text_, max_drafts, address, per_address)
        except IntegrityError:  # the same owner saved the same new id twice at once: the later save wins
            return self._save_draft(owner, draft_id, text_, max_drafts, address, per_address)

    def _save_draft(
        self, owner: str, draft_id: str, text_: str, max_drafts: int, address: str, per_address: int
    ) -> str:
        with self._tx() as conn:
            mine = and_(drafts_t.c.id == draft_id, drafts_t.c.owner == owner)
            if conn.execute(select(drafts_t.c.id).where(mine)).first() is not None:
                conn.execute(update(drafts_t).where(mine).values(text=text_, updated=time.time()))
                return "saved"
            if _count(conn, drafts_t.c.owner == owner) >= max_drafts:
                return "token"
            if per_address and _count(conn, drafts_t.c.address == address) >= per_address:
                return "address"
            conn.execute(
                insert(drafts_t).values(id=draft_id, owner=owner, updated=time.time(), text=text_, address=address)
            )
            return "saved"

    def drafts(self, owner: str) -> list[dict[str, Any]]:
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(drafts_t.c.id, drafts_t.c.updated, drafts_t.c.text)
                .where(drafts_t.c.owner == owner)
                .order_by(drafts_t.c.updated.desc())
            ).all()
        return [{"id": r.id, "updated": r.updated, "text": r.text} for r in rows]

    def has_draft(self, owner: str, draft_id: str) -> bool:
        with self.engine.connect() as conn:
            found = conn.execute(
                select(drafts_t.c.id).where(and_(drafts_t.c.id == draft_id, drafts_t.c.owner == owner))
            ).first()
        return found is not None

    def expire_drafts(self, cutoff: float) -> int:
        """Delete every draft last saved before ``cutoff`` (a Unix time); how many went."""
        with self._tx() as conn:
            return int(conn.execute(delete(drafts_t).where(drafts_t.c.updated < cutoff)).rowcount or 0)

    def delete_draft(self, owner: str, draft_id: str) -> bool:
        with self._tx() as conn:
            done = conn.execute(delete(drafts_t).where(and_(drafts_t.c.id == draft_id, drafts_t.c.owner == owner)))
            return bool(done.rowcount)

    # --- writing ---------------------------------------------------------------------------------------

    def create_table(
        self,
        table_id: str,
        setup: dict[str, Any],
        secrets: dict[str, Any],
        snapshot: dict[str, Any],
        setup_events: list[dict[str, Any]],
        status: str,
    ) -> None:
        now = time.time()
        with self._tx() as conn:
            conn.execute(
                insert(tables_t).values(
                    id=table_id,
                    created=now,
                    updated=now,
                    setup=json.dumps(setup),
                    secrets=json.dumps(secrets),
                    version=0,
                    status=status,
                    snapshot=json.dumps({**snapshot, SNAPSHOT_VERSION: 0}),
                    setup_events=json.dumps(setup_events),
                )
            )

    def append(
        self,
        table_id: str,
        row: JournalRow,
        snapshot: dict[str, Any] | None,
        status: str,
        events_text: str | None = None,
        carried: str | None = None,
    ) -> int:
        """Record one accepted action (``row.version`` = old version + 1) atomically, or raise StaleVersion;
        ``snapshot``: the game at ``row.version``, or None to keep the stored one (not due: see the module's
        docstring); ``events_text``: ``row.events`` already encoded (:func:`mnm.server.wire.dumps`), when the
        caller has it; ``carried``: what PostgreSQL's notice of the write carries after its version, for the other
        processes (:func:`mnm.server.fanout.action_notice`). Returns the length of the events' text, what the
        table's storage budget counts.
        The two statements (and PostgreSQL's notice) run on the driver's own cursor, compiled once, in one
        transaction committed before this returns (issue 50: SQLAlchemy's execution layer was most of a
        write's CPU); what is written, and when, is what the other writes of this class do."""
        now = time.time()
        guarded = {
            "the_id": table_id,
            "old_version": row.version - 1,
            "new_version": row.version,
            "new_status": status,
            "new_updated": now,
        }
        if snapshot is not None:  # a 128-bit seed inside: orjson refuses it
            guarded["new_snapshot"] = json.dumps({**snapshot, SNAPSHOT_VERSION: row.version})
        statement = self._append_table if snapshot is not None else self._append_table_keeping
        events = events_text if events_text is not None else wire.dumps(row.events)
        journal = {
            "table_id": table_id,
            "version": row.version,
            "kind": row.kind,
            "action": row.action,
            "dice": json.dumps(row.dice),
            "seat": row.seat,
            "events": events,
            "created": now,
        }
        if self._postgresql:  # the whole write is one statement
            words = (table_id, row.version) if carried is None else (table_id, row.version, carried)
            self._append_postgresql(table_id, {**guarded, **journal, **self._notice(*words)}, snapshot is not None)
            return len(events)
        with self._write_lock:
            # SQLite: one connection writes every action, kept open. A connection's page cache is dropped whenever
            # another connection has written since its last transaction, so writes taking turns over the pool's
            # connections (one per step thread) read the tables' pages again each time (issue 50).
            if self._writer is None:
                self._writer = self.engine.raw_connection()
            raw = self._writer
            try:
                cursor = raw.cursor()
                try:
                    cursor.execute(statement.sql, statement.params(guarded))
                    if cursor.rowcount != 1:
                        raise StaleVersion(table_id)
                    cursor.execute(self._append_journal.sql, self._append_journal.params(journal))
                finally:
                    cursor.close()
                raw.commit()
            except StaleVersion:
                raw.rollback()
                raise
            except BaseException:
                self._writer = None  # not knowing what state it is in: the next write takes a fresh one
                with contextlib.suppress(Exception):
                    raw.rollback()
                raw.close()
                raise
        return len(events)

    def _append_postgresql(self, table_id: str, values: dict[str, Any], with_snapshot: bool) -> None:
        """:meth:`append` on PostgreSQL: the table row's move, the journal row and the notice in one statement run
        as its own transaction (data-modifying ``WITH``: the journal row is inserted, and the notice sent, only
        if the table row still had the old version), one round trip instead of five (issue 50: psycopg's
        calls, not the database, were most of a write's CPU). psycopg prepares it on the server after a few runs."""
        raw = self.engine.raw_connection()
        try:
            driver = raw.driver_connection
            assert driver is not None
            driver.autocommit = True  # the statement is its own transaction: no BEGIN, no COMMIT round trips
            try:
                with driver.cursor() as cursor:
                    cursor.execute(_PG_APPEND[with_snapshot], values)
                    if cursor.rowcount != 1:
                        raise StaleVersion(table_id)
            finally:
                driver.autocommit = False
        finally:
            raw.close()  # back to the pool

    def claim_continue(self, table_id: str, next_id: str) -> bool:
        """Record that the campaign goes on from ``table_id`` to ``next_id``; False if it already did (one
        transaction, so of two processes racing exactly one wins)."""
        try:
            with self._tx() as conn:
                # one after the other with set_keep (the same row lock)
                conn.execute(select(tables_t.c.id).where(tables_t.c.id == table_id).with_for_update())
                conn.execute(insert(continued_t).values(table_id=table_id, next_id=next_id, created=time.time()))
                self._notify(conn, table_id, -1, next_id)
        except IntegrityError:
            return False
        return True

    def set_keep(self, table_id: str, hero: str, card: str | None, seat: int) -> bool:
        """Write the card ``hero`` keeps at ``table_id``'s end (issue 45); False, writing nothing, when the
        campaign already went on from it. The table's row is locked first (as :meth:`claim_continue` does), so a
        choice and "Next chapter" on two processes are one after the other: a choice written here is the one the
        next chapter reads, or it is refused."""
        with self._tx() as conn:
            conn.execute(select(tables_t.c.id).where(tables_t.c.id == table_id).with_for_update())
            if conn.execute(select(continued_t.c.next_id).where(continued_t.c.table_id == table_id)).first() is not None:
                return False
            mine = and_(keep_t.c.table_id == table_id, keep_t.c.hero == hero)
            values = {"card": card, "seat": seat, "updated": time.time()}
            if conn.execute(update(keep_t).where(mine).values(**values)).rowcount != 1:
                conn.execute(insert(keep_t).values(table_id=table_id, hero=hero, **values))
            self._notify(conn, table_id, KEEP_NOTICE)
        return True

    def keeps(self, table_id: str) -> dict[str, str | None]:
        """The keep choices written for ``table_id`` (mouse: card, None for nothing)."""
        with self.engine.connect() as conn:
            return _keeps(conn, table_id)

    def release_continue(self, table_id: str, next_id: str) -> None:
        """Undo :meth:`claim_continue` when the next table could not be created."""
        with self._tx() as conn:
            conn.execute(
                delete(continued_t).where(and_(continued_t.c.table_id == table_id, continued_t.c.next_id == next_id))
            )

    def expire(self, cutoff: float, keep: set[str]) -> list[str]:
        """Delete every table last changed before ``cutoff`` (a Unix time) and not in ``keep``, with its journal;
        returns their ids. A campaign step's record goes with the table it started from."""
        with self._tx() as conn:
            old = [r.id for r in conn.execute(select(tables_t.c.id).where(tables_t.c.updated < cutoff)) if r.id not in keep]
            for start in range(0, len(old), 500):
                chunk = old[start : start + 500]
                conn.execute(delete(journal_t).where(journal_t.c.table_id.in_(chunk)))
                conn.execute(delete(continued_t).where(continued_t.c.table_id.in_(chunk)))
                conn.execute(delete(keep_t).where(keep_t.c.table_id.in_(chunk)))
                conn.execute(delete(tables_t).where(tables_t.c.id.in_(chunk)))
        return old

    # --- reading ---------------------------------------------------------------------------------------

    def load(self, table_id: str) -> TableRecord | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(tables_t).where(tables_t.c.id == table_id)).first()
            if row is None:
                return None
            rows = conn.execute(
                select(journal_t).where(journal_t.c.table_id == table_id).order_by(journal_t.c.version)
            ).all()
            nxt = conn.execute(select(continued_t.c.next_id).where(continued_t.c.table_id == table_id)).first()
            keep = _keeps(conn, table_id)
        snapshot = json.loads(row.snapshot)
        taken_at = snapshot.pop(SNAPSHOT_VERSION, row.version) if isinstance(snapshot, dict) else row.version
        return TableRecord(
            id=row.id,
            setup=json.loads(row.setup),
            secrets=json.loads(row.secrets),
            version=row.version,
            status=row.status,
            snapshot=snapshot,
            snapshot_version=int(taken_at),
            setup_events=json.loads(row.setup_events),
            journal=[
                JournalRow(r.version, r.kind, r.action, json.loads(r.dice), r.seat, json.loads(r.events)) for r in rows
            ],
            continued_to=None if nxt is None else str(nxt.next_id),
            keep=keep,
        )

    def journal_after(self, table_id: str, version: int) -> list[JournalRow]:
        """The journal rows after ``version``, in order (what another process wrote since)."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(journal_t)
                .where(and_(journal_t.c.table_id == table_id, journal_t.c.version > version))
                .order_by(journal_t.c.version)
            ).all()
        return [JournalRow(r.version, r.kind, r.action, json.loads(r.dice), r.seat, json.loads(r.events)) for r in rows]

    def table_ids(self) -> list[str]:
        with self.engine.connect() as conn:
            return [r.id for r in conn.execute(select(tables_t.c.id).order_by(tables_t.c.created))]

    def version(self, table_id: str) -> int | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(tables_t.c.version).where(tables_t.c.id == table_id)).first()
        return None if row is None else int(row.version)


def _keeps(conn: Connection, table_id: str) -> dict[str, str | None]:
    rows = conn.execute(select(keep_t.c.hero, keep_t.c.card).where(keep_t.c.table_id == table_id)).all()
    return {str(r.hero): None if r.card is None else str(r.card) for r in rows}


def _count(conn: Connection, where: Any) -> int:
    return int(conn.execute(select(func.count()).select_from(drafts_t).where(where)).scalar_one())


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")  # readers never block the writer
    # WAL + NORMAL: a committed action survives the server process being killed at any moment (the log is
    # in the OS before commit returns); only a power cut may lose the last moments. FULL costs an fsync
    # (~15 ms here) per action.
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.execute("PRAGMA busy_timeout=5000")
    cur.close()
