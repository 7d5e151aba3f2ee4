"""The chapter library's tables (issue 36): published chapter versions, the tables played from them, ratings.

Kept apart from :mod:`mnm.server.storage` (its own tables, the same database and engine), so the library can
grow without touching the tables' storage. Every version of a chapter is one row, never changed after it is
written except for its measured difficulty, which the play-test fills in once. Whether a chapter is listed
(its owner's choice) or hidden (the operator's) holds for the whole chapter, in a row of its own.

Plays and wins are counted from the table rows themselves (``mnm_tables.status``), so every server process
sees the same numbers without telling the others anything.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any

from sqlalchemy import (
    Column,
    Float,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    and_,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError

from mnm.server.storage import Storage, create_schema, tables_t

__all__ = ["HOUSE", "Entry", "LibraryStore", "Rating", "no_counts"]

HOUSE = "house"  # the owner of the shipped chapters

metadata = MetaData()

entries_t = Table(
    "mnm_library",
    metadata,
    Column("chapter", String(64), primary_key=True),  # the chapter file's id
    Column("version", Integer, primary_key=True),  # 1, 2, ... (a published version never changes)
    Column("owner", String(64), nullable=False),  # sha256 of the editor token, or "house"
    Column("created", Float, nullable=False),
    Column("title", String(120), nullable=False),
    Column("description", Text, nullable=False),
    Column("languages", String(32), nullable=False),  # "en,pt"
    Column("mice", Integer, nullable=False),
    Column("author", String(80), nullable=False),
    Column("licence", String(200), nullable=False),
    Column("text", Text, nullable=False),  # the chapter file ("" for a house chapter: the server ships it)
    Column("digest", String(64), nullable=False),
    Column("tiles", Integer, nullable=False),
    Column("measure", String(16), nullable=False),  # measuring | measured | failed | unmeasured
    Column("playtest", Text, nullable=False),  # JSON: per preset win rate, interval, mean rounds, heat map
)

flags_t = Table(
    "mnm_library_flags",
    metadata,
    Column("chapter", String(64), primary_key=True),
    Column("listed", Integer, nullable=False),  # the owner's choice: 0 = unlisted (found only by its link)
    Column("hidden", Integer, nullable=False),  # the operator's: 1 = gone from the library and not playable
)

plays_t = Table(
    "mnm_library_plays",
    metadata,
    Column("table_id", String(40), primary_key=True),
    Column("chapter", String(64), nullable=False, index=True),
    Column("version", Integer, nullable=False),
    Column("created", Float, nullable=False),
)

ratings_t = Table(
    "mnm_library_ratings",
    metadata,
    Column("table_id", String(40), primary_key=True),
    Column("seat", Integer, primary_key=True),  # the seat that rated (the hotseat host: the first seat not rated)
    Column("chapter", String(64), nullable=False, index=True),
    Column("version", Integer, nullable=False),
    Column("stars", Integer, nullable=False),
    Column("note", String(400), nullable=False),
    Column("created", Float, nullable=False),
)


@dataclass
class Entry:
    """One published version of a chapter."""

    chapter: str
    version: int
    owner: str
    created: float
    title: str
    description: str
    languages: list[str]
    mice: int
    author: str
    licence: str
    text: str
    digest: str
    tiles: int
    measure: str
    playtest: dict[str, Any]
    listed: bool = True
    hidden: bool = False

    @property
    def house(self) -> bool:
        return self.owner == HOUSE


@dataclass
class Rating:
    stars: int
    note: str
    created: float
    version: int


def _entry(row: Any, listed: bool = True, hidden: bool = False) -> Entry:
    return Entry(
        chapter=row.chapter,
        version=int(row.version),
        owner=row.owner,
        created=float(row.created),
        title=row.title,
        description=row.description,
        languages=[x for x in row.languages.split(",") if x],
        mice=int(row.mice),
        author=row.author,
        licence=row.licence,
        text=row.text,
        digest=row.digest,
        tiles=int(row.tiles),
        measure=row.measure,
        playtest=json.loads(row.playtest or "{}"),
        listed=listed,
        hidden=hidden,
    )


class LibraryStore:
    """The library's rows in the tables' database (thread-safe as :class:`Storage` is)."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.engine = storage.engine
        create_schema(self.engine, metadata)

    # --- writing ---------------------------------------------------------------------------------------

    def publish(self, entry: Entry) -> Entry | str:
        """Add the next version of ``entry.chapter``: the stored entry, or why not (``owner``: the chapter is
        someone else's; ``unchanged``: the latest version is this very file)."""
        for _attempt in range(5):
            try:
                with self.storage._tx() as conn:
                    latest = conn.execute(
                        select(entries_t.c.version, entries_t.c.owner, entries_t.c.digest)
                        .where(entries_t.c.chapter == entry.chapter)
                        .order_by(entries_t.c.version.desc())
                        .limit(1)
                    ).first()
                    if latest is not None and latest.owner != entry.owner:
                        return "owner"
                    if latest is not None and latest.digest == entry.digest:
                        return "unchanged"
                    entry.version = 1 if latest is None else int(latest.version) + 1
                    entry.created = time.time()
                    conn.execute(insert(entries_t).values(**_values(entry)))
                    if latest is None:
                        conn.execute(insert(flags_t).values(chapter=entry.chapter, listed=1, hidden=0))
                    return entry
            except IntegrityError:
                continue  # another process took this version number at the same moment: read again
        return "busy"

    def ensure_house(self, entries: list[Entry]) -> None:
        """The shipped chapters as house entries: a new version whenever a shipped chapter's file changed."""
        for entry in entries:
            self.publish(entry)  # "unchanged" (or a race another process won) is fine

    def set_playtest(self, chapter: str, version: int, measure: str, playtest: dict[str, Any]) -> None:
        with self.storage._tx() as conn:
            conn.execute(
                update(entries_t)
                .where(and_(entries_t.c.chapter == chapter, entries_t.c.version == version))
                .values(measure=measure, playtest=json.dumps(playtest))
            )

    def set_flag(self, chapter: str, **flags: int) -> bool:
        """Set ``listed`` or ``hidden`` of a chapter; False when there is no such chapter."""
        with self.storage._tx() as conn:
            done = conn.execute(update(flags_t).where(flags_t.c.chapter == chapter).values(**flags))
            return bool(done.rowcount)

    def record_play(self, table_id: str, chapter: str, version: int) -> None:
        with self.storage._tx() as conn:
            conn.execute(
                insert(plays_t).values(table_id=table_id, chapter=chapter, version=version, created=time.time())
            )

    def rate(self, table_id: str, seat: int, chapter: str, version: int, stars: int, note: str) -> bool:
        """One rating per seat of a table; False when this seat already rated."""
        try:
            with self.storage._tx() as conn:
                conn.execute(
                    insert(ratings_t).values(
                        table_id=table_id,
                        seat=seat,
                        chapter=chapter,
                        version=version,
                        stars=stars,
                        note=note,
                        created=time.time(),
                    )
                )
        except IntegrityError:
            return False
        return True

    # --- reading ---------------------------------------------------------------------------------------

    def _flags(self) -> dict[str, tuple[bool, bool]]:
        with self.engine.connect() as conn:
            return {r.chapter: (bool(r.listed), bool(r.hidden)) for r in conn.execute(select(flags_t))}

    def latest(self) -> list[Entry]:
        """The latest version of every chapter (hidden and unlisted ones too: the caller filters)."""
        flags = self._flags()
        newest = (
            select(entries_t.c.chapter, func.max(entries_t.c.version).label("top"))
            .group_by(entries_t.c.chapter)
            .subquery()
        )
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(entries_t).join(
                    newest, and_(entries_t.c.chapter == newest.c.chapter, entries_t.c.version == newest.c.top)
                )
            ).all()
        return [_entry(r, *flags.get(r.chapter, (True, False))) for r in rows]

    def entry(self, chapter: str, version: int | None = None) -> Entry | None:
        """A version of a chapter (the latest when ``version`` is None; None for a version no database integer holds)."""
        if version is not None and not 1 <= version <= 2**31 - 1:
            return None
        query = select(entries_t).where(entries_t.c.chapter == chapter)
        query = (
            query.where(entries_t.c.version == version)
            if version is not None
            else query.order_by(entries_t.c.version.desc()).limit(1)
        )
        with self.engine.connect() as conn:
            row = conn.execute(query).first()
            flag = conn.execute(select(flags_t).where(flags_t.c.chapter == chapter)).first()
        if row is None:
            return None
        return _entry(row, True if flag is None else bool(flag.listed), False if flag is None else bool(flag.hidden))

    def versions(self, chapter: str) -> list[dict[str, Any]]:
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(entries_t.c.version, entries_t.c.created, entries_t.c.digest, entries_t.c.measure)
                .where(entries_t.c.chapter == chapter)
                .order_by(entries_t.c.version)
            ).all()
        return [{"version": r.version, "created": r.created, "digest": r.digest, "measure": r.measure} for r in rows]

    def play_of(self, table_id: str) -> tuple[str, int] | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(plays_t).where(plays_t.c.table_id == table_id)).first()
        return None if row is None else (row.chapter, int(row.version))

    def counts(self) -> dict[str, dict[str, Any]]:
        """Per chapter: tables played, finished, won; ratings and their mean."""
        out: dict[str, dict[str, Any]] = {}
        with self.engine.connect() as conn:
            plays = conn.execute(
                select(plays_t.c.chapter, tables_t.c.status, func.count().label("n"))
                .select_from(plays_t.join(tables_t, tables_t.c.id == plays_t.c.table_id, isouter=True))
                .group_by(plays_t.c.chapter, tables_t.c.status)
            ).all()
            stars = conn.execute(
                select(ratings_t.c.chapter, func.count().label("n"), func.avg(ratings_t.c.stars).label("mean"))
                .group_by(ratings_t.c.chapter)
            ).all()
        for r in plays:
            row = out.setdefault(r.chapter, no_counts())
            row["tables"] += int(r.n)
            if r.status in ("won", "lost"):
                row["finished"] += int(r.n)
            if r.status == "won":
                row["won"] += int(r.n)
        for r in stars:
            row = out.setdefault(r.chapter, no_counts())
            row["rated"] = int(r.n)
            row["stars"] = round(float(r.mean), 2) if r.mean is not None else None
        return out

    def rated_seats(self, table_id: str) -> set[int]:
        with self.engine.connect() as conn:
            return {int(r.seat) for r in conn.execute(select(ratings_t.c.seat).where(ratings_t.c.table_id == table_id))}

    def ratings(self, chapter: str, limit: int = 20) -> list[Rating]:
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(ratings_t)
                .where(ratings_t.c.chapter == chapter)
                .order_by(ratings_t.c.created.desc())
                .limit(limit)
            ).all()
        return [Rating(int(r.stars), r.note, float(r.created), int(r.version)) for r in rows]


def no_counts() -> dict[str, Any]:
    return {"tables": 0, "finished": 0, "won": 0, "rated": 0, "stars": None}


def _values(entry: Entry) -> dict[str, Any]:
    return {
        "chapter": entry.chapter,
        "version": entry.version,
        "owner": entry.owner,
        "created": entry.created,
        "title": entry.title,
        "description": entry.description,
        "languages": ",".join(entry.languages),
        "mice": entry.mice,
        "author": entry.author,
        "licence": entry.licence,
        "text": entry.text,
        "digest": entry.digest,
        "tiles": entry.tiles,
        "measure": entry.measure,
        "playtest": json.dumps(entry.playtest),
    }
