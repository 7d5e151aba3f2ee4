"""Finished tables' records, built once and kept compressed (issue 48: ``GET /api/tables/{id}/record`` rebuilt
and JSON-encoded the whole record on every request; four connections fetching a 5 MB record 40 times held
everyone's health check at 1.6 s).

A table's record never changes once its chapter is over (nothing more is played, the seed is public), so the
first request after the end builds it (off the event loop), compresses it with gzip and stores it in its own
table of the tables' database with its ETag (the SHA-256 of the JSON); every later request, in any process, is
served from there: a conditional GET (``If-None-Match``) is answered ``304`` with no body, a client that takes
gzip gets the stored bytes as they are, and a small in-memory cache of the records asked for last spares even
the database read. The stored row goes when its table expires.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Column, Float, Integer, LargeBinary, MetaData, String, Table, delete, insert, select
from sqlalchemy.exc import IntegrityError

from mnm.server.storage import Storage, create_schema

__all__ = ["RecordFile", "RecordStore"]

metadata = MetaData()

records_t = Table(
    "mnm_records",
    metadata,
    Column("table_id", String(40), primary_key=True),
    Column("etag", String(64), nullable=False),
    Column("size", Integer, nullable=False),  # bytes of the JSON before compression
    Column("body", LargeBinary, nullable=False),  # the JSON, gzip-compressed
    Column("created", Float, nullable=False),
)

CACHE_BYTES = 16 * 1024 * 1024  # compressed records kept in memory, least recently asked for dropped first


@dataclass(frozen=True)
class RecordFile:
    table_id: str
    etag: str
    size: int
    gz: bytes

    def plain(self) -> bytes:
        return gzip.decompress(self.gz)


def pack(table_id: str, record: dict[str, Any]) -> RecordFile:
    """A record as stored: its JSON (compact), the JSON's SHA-256 as the ETag, gzip-compressed."""
    data = json.dumps(record, separators=(",", ":")).encode()
    return RecordFile(table_id, hashlib.sha256(data).hexdigest(), len(data), gzip.compress(data, compresslevel=6))


class RecordStore:
    """The stored records (thread-safe: call it from worker threads)."""

    def __init__(self, storage: Storage, cache_bytes: int = CACHE_BYTES) -> None:
        self.storage = storage
        self.engine = storage.engine
        create_schema(self.engine, metadata)
        self.cache: OrderedDict[str, RecordFile] = OrderedDict()
        self.cache_bytes = cache_bytes
        self._held = 0
        self._lock = threading.Lock()
        self.built = 0  # records built in this process (tests: the second request builds nothing)

    def _keep(self, found: RecordFile) -> RecordFile:
        with self._lock:
            if found.table_id not in self.cache and len(found.gz) <= self.cache_bytes:
                self.cache[found.table_id] = found
                self._held += len(found.gz)
                while self._held > self.cache_bytes:
                    _id, old = self.cache.popitem(last=False)
                    self._held -= len(old.gz)
        return found

    def cached(self, table_id: str) -> RecordFile | None:
        with self._lock:
            found = self.cache.get(table_id)
            if found is not None:
                self.cache.move_to_end(table_id)
            return found

    def load(self, table_id: str) -> RecordFile | None:
        """The stored record of a table (memory first, then the database), or None when none was built yet."""
        found = self.cached(table_id)
        if found is not None:
            return found
        with self.engine.connect() as conn:
            row = conn.execute(select(records_t).where(records_t.c.table_id == table_id)).first()
        if row is None:
            return None
        return self._keep(RecordFile(table_id, row.etag, int(row.size), bytes(row.body)))

    def save(self, table_id: str, record: dict[str, Any]) -> RecordFile:
        """Pack and store a finished table's record (another process that stored it first wins: its row is
        the same record)."""
        made = pack(table_id, record)
        self.built += 1
        try:
            with self.storage._tx() as conn:
                conn.execute(
                    insert(records_t).values(
                        table_id=table_id, etag=made.etag, size=made.size, body=made.gz, created=time.time()
                    )
                )
        except IntegrityError:
            stored = self.load(table_id)
            if stored is not None:
                return stored
        return self._keep(made)

    def forget(self, table_ids: list[str]) -> None:
        """Drop the records of expired tables."""
        with self._lock:
            for table_id in table_ids:
                old = self.cache.pop(table_id, None)
                if old is not None:
                    self._held -= len(old.gz)
        with self.storage._tx() as conn:
            for start in range(0, len(table_ids), 500):
                conn.execute(delete(records_t).where(records_t.c.table_id.in_(table_ids[start : start + 500])))
