"""The chapter library's tables (issue 36): published chapter versions, the tables played from them, ratings.

Kept apart from :mod:`mnm.server.storage` (its own tables, the same database and engine), so the library can
grow without touching the tables' storage. Every version of a chapter is one row, never changed after it is
written except for its measured difficulty, which the play-test fills in once. Whether a chapter is listed
(its owner's choice) or hidden (the operator's) holds for the whole chapter, in a row of its own.

Plays and wins are counted from the table rows themselves (``mnm_tables.status``), so every server process
sees the same numbers without telling the others anything.
"""

from __future__ import annotations

import contextlib
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
    delete,
    func,
    insert,
    inspect,
    or_,
    select,
    text,
    update,
)
from sqlalchemy.exc import IntegrityError

from mnm.server.storage import SCHEMA_LOCK, Storage, create_schema, journal_t, tables_t

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
    # issue 48 (added to older databases at start): the searched words, kept at publish time (search reads this
    # short column, never the file), and a hash of the publisher's address (its owner cannot rate it)
    Column("search", Text, nullable=False, server_default=""),
    Column("address", String(64), nullable=False, server_default=""),
    # issue 46 (added to older databases at start): the title and description in Portuguese ("" = as in English)
    # and what changed in this version, typed by its publisher when publishing it ("" for a first version)
    Column("title_pt", String(120), nullable=False, server_default=""),
    Column("description_pt", Text, nullable=False, server_default=""),
    Column("changelog", Text, nullable=False, server_default=""),
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
    Column("address", String(64), nullable=False, server_default=""),  # a hash of the rater's address (issue 48)
)

# a measure to run (issue 48): written with the publication, claimed by the process that runs it and kept alive
# by its heartbeat; a job whose heartbeat stopped (its process died) is claimed again by one other process
jobs_t = Table(
    "mnm_library_jobs",
    metadata,
    Column("chapter", String(64), primary_key=True),
    Column("version", Integer, primary_key=True),
    Column("claimer", String(40), nullable=False),
    Column("heartbeat", Float, nullable=False),
    Column("address", String(64), nullable=False),  # the publisher's address (the play-tests' per-address bound)
)

# columns added after a table first shipped: (table, column, DDL type and default)
ADDED_COLUMNS = (
    ("mnm_library", "search", "TEXT NOT NULL DEFAULT ''"),
    ("mnm_library", "address", "VARCHAR(64) NOT NULL DEFAULT ''"),
    ("mnm_library_ratings", "address", "VARCHAR(64) NOT NULL DEFAULT ''"),
    ("mnm_library", "title_pt", "VARCHAR(120) NOT NULL DEFAULT ''"),
    ("mnm_library", "description_pt", "TEXT NOT NULL DEFAULT ''"),
    ("mnm_library", "changelog", "TEXT NOT NULL DEFAULT ''"),
)
SUMMARY_COLUMNS = [c for c in entries_t.c if c.name != "text"]  # everything a search result shows


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
    search: str = ""  # the searched words (title, names, description, author, id), casefolded
    address: str = ""  # a hash of the publisher's address
    title_pt: str = ""  # issue 46: the title in Portuguese ("": the same as ``title``)
    description_pt: str = ""  # and the description
    changelog: str = ""  # what changed in this version, in its publisher's words

    @property
    def measured(self) -> bool:
        """Whether its play-test ended: only then are its win rates shown (a failed or partial one never)."""
        return self.measure == "measured"

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
        text=getattr(row, "text", ""),
        digest=row.digest,
        tiles=int(row.tiles),
        measure=row.measure,
        playtest=json.loads(row.playtest or "{}"),
        listed=listed,
        hidden=hidden,
        search=getattr(row, "search", "") or "",
        address=getattr(row, "address", "") or "",
        title_pt=getattr(row, "title_pt", "") or "",
        description_pt=getattr(row, "description_pt", "") or "",
        changelog=getattr(row, "changelog", "") or "",
    )


class LibraryStore:
    """The library's rows in the tables' database (thread-safe as :class:`Storage` is)."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.engine = storage.engine
        create_schema(self.engine, metadata)
        self._add_columns()

    def _add_columns(self) -> None:
        """Schema migration: the columns issue 48 added, on a database made before (once; a second process
        starting at the same time waits for the first's lock, then finds them there)."""
        with self.engine.begin() as conn:
            if self.engine.dialect.name == "postgresql":
                conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": SCHEMA_LOCK})
            have: dict[str, set[str]] = {}
            for table, column, ddl in ADDED_COLUMNS:
                if table not in have:
                    have[table] = {c["name"] for c in inspect(conn).get_columns(table)}
                if column not in have[table]:
                    conn.execute(text(f"ALTER TABLE {table} ADD COLUMN {column} {ddl}"))

    # --- writing ---------------------------------------------------------------------------------------

    def publish(self, entry: Entry, claimer: str = "", address: str = "") -> Entry | str:
        """Add the next version of ``entry.chapter``: the stored entry, or why not (``owner``: the chapter is
        someone else's; ``unchanged``: the latest version is this very file; ``hidden``: the operator hid the
        chapter). A version to measure gets its job row, claimed by ``claimer`` (this process), in the same
        transaction: a process that dies before the measure ends leaves the row for another to claim."""
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
                    if latest is not None:
                        flag = conn.execute(select(flags_t.c.hidden).where(flags_t.c.chapter == entry.chapter)).first()
                        if flag is not None and flag.hidden:
                            return "hidden"  # no new version until the operator unhides it (issue 48)
                    conn.execute(insert(entries_t).values(**_values(entry)))
                    if latest is None:
                        conn.execute(insert(flags_t).values(chapter=entry.chapter, listed=1, hidden=0))
                    if entry.measure == "measuring" and claimer:
                        conn.execute(
                            insert(jobs_t).values(
                                chapter=entry.chapter,
                                version=entry.version,
                                claimer=claimer,
                                heartbeat=time.time(),
                                address=address,
                            )
                        )
                    return entry
            except IntegrityError:
                continue  # another process took this version number at the same moment: read again
        return "busy"

    def ensure_house(self, entries: list[Entry]) -> None:
        """The shipped chapters as house entries: a new version whenever a shipped chapter's file changed."""
        for entry in entries:
            self.publish(entry)  # "unchanged" (or a race another process won) is fine

    def set_playtest(self, chapter: str, version: int, measure: str, playtest: dict[str, Any]) -> None:
        """Store a measure's outcome; its job is done (its row goes)."""
        with self.storage._tx() as conn:
            conn.execute(
                update(entries_t)
                .where(and_(entries_t.c.chapter == chapter, entries_t.c.version == version))
                .values(measure=measure, playtest=json.dumps(playtest))
            )
            conn.execute(delete(jobs_t).where(and_(jobs_t.c.chapter == chapter, jobs_t.c.version == version)))

    # --- measure jobs (issue 48) ------------------------------------------------------------------------

    def heartbeat(self, chapter: str, version: int, claimer: str) -> bool:
        """Keep a claimed job alive; False when another process took it over (this one should stop)."""
        with self.storage._tx() as conn:
            done = conn.execute(
                update(jobs_t)
                .where(and_(jobs_t.c.chapter == chapter, jobs_t.c.version == version, jobs_t.c.claimer == claimer))
                .values(heartbeat=time.time())
            )
            return bool(done.rowcount)

    def claim_stale(self, claimer: str, stale_after: float, now: float | None = None) -> list[tuple[Entry, str]]:
        """Claim every measure job whose heartbeat is older than ``stale_after`` seconds (its process died), and
        every version left "measuring" without a job (a database from before jobs): each claimed by exactly one
        process, by a conditional update on the heartbeat it read. Hidden chapters' jobs are dropped unmeasured.
        Returns the claimed entries (with their files) and their publishers' addresses."""
        now = time.time() if now is None else now
        with self.engine.connect() as conn:
            orphans = conn.execute(
                select(entries_t.c.chapter, entries_t.c.version)
                .select_from(
                    entries_t.join(
                        jobs_t,
                        and_(jobs_t.c.chapter == entries_t.c.chapter, jobs_t.c.version == entries_t.c.version),
                        isouter=True,
                    )
                )
                .where(and_(entries_t.c.measure == "measuring", jobs_t.c.chapter.is_(None)))
            ).all()
        for r in orphans:
            with contextlib.suppress(IntegrityError), self.storage._tx() as conn:
                conn.execute(
                    insert(jobs_t).values(chapter=r.chapter, version=r.version, claimer="", heartbeat=0.0, address="")
                )
        with self.engine.connect() as conn:
            stale = conn.execute(select(jobs_t).where(jobs_t.c.heartbeat < now - stale_after)).all()
        claimed: list[tuple[Entry, str]] = []
        for job in stale:
            with self.storage._tx() as conn:
                done = conn.execute(
                    update(jobs_t)
                    .where(
                        and_(
                            jobs_t.c.chapter == job.chapter,
                            jobs_t.c.version == job.version,
                            jobs_t.c.heartbeat == job.heartbeat,
                            jobs_t.c.claimer == job.claimer,
                        )
                    )
                    .values(claimer=claimer, heartbeat=now)
                )
                if done.rowcount != 1:
                    continue  # another process claimed it first
            entry = self.entry(job.chapter, int(job.version))
            if entry is None:
                continue
            if entry.hidden:
                self.set_playtest(entry.chapter, entry.version, "unmeasured", {})
                continue
            claimed.append((entry, str(job.address)))
        return claimed

    def jobs(self) -> list[dict[str, Any]]:
        with self.engine.connect() as conn:
            return [dict(r._mapping) for r in conn.execute(select(jobs_t))]

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

    def rate(
        self, table_id: str, seat: int, chapter: str, version: int, stars: int, note: str, address: str = ""
    ) -> bool:
        """One rating per seat of a table and per address at a table; False when this seat (or this address)
        already rated it."""
        try:
            with self.storage._tx() as conn:
                if address and conn.execute(
                    select(ratings_t.c.seat).where(and_(ratings_t.c.table_id == table_id, ratings_t.c.address == address))
                ).first():
                    return False
                conn.execute(
                    insert(ratings_t).values(
                        table_id=table_id,
                        seat=seat,
                        chapter=chapter,
                        version=version,
                        stars=stars,
                        note=note,
                        created=time.time(),
                        address=address,
                    )
                )
        except IntegrityError:
            return False
        return True

    # --- reading ---------------------------------------------------------------------------------------

    def _flags(self) -> dict[str, tuple[bool, bool]]:
        with self.engine.connect() as conn:
            return {r.chapter: (bool(r.listed), bool(r.hidden)) for r in conn.execute(select(flags_t))}

    def latest(self, with_text: bool = True) -> list[Entry]:
        """The latest version of every chapter (hidden and unlisted ones too: the caller filters). Without
        ``with_text`` the files are not read (search: issue 48, each is up to 128 KB)."""
        flags = self._flags()
        columns = list(entries_t.c) if with_text else SUMMARY_COLUMNS
        newest = (
            select(entries_t.c.chapter, func.max(entries_t.c.version).label("top"))
            .group_by(entries_t.c.chapter)
            .subquery()
        )
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(*columns).join(
                    newest, and_(entries_t.c.chapter == newest.c.chapter, entries_t.c.version == newest.c.top)
                )
            ).all()
        return [_entry(r, *flags.get(r.chapter, (True, False))) for r in rows]

    def search(
        self, words: list[str], mice: int | None = None, lang: str | None = None, max_tiles: int | None = None
    ) -> list[Entry]:
        """The latest version of each listed, visible chapter whose ``search`` column holds every word (and the
        filters), without the files: the database filters, only the matches are read (issue 48). Rows written
        before the column (empty) come back too, for the caller to match."""
        newest = (
            select(entries_t.c.chapter, func.max(entries_t.c.version).label("top"))
            .group_by(entries_t.c.chapter)
            .subquery()
        )
        query = (
            select(*SUMMARY_COLUMNS)
            .join(newest, and_(entries_t.c.chapter == newest.c.chapter, entries_t.c.version == newest.c.top))
            .join(flags_t, flags_t.c.chapter == entries_t.c.chapter, isouter=True)
            .where(func.coalesce(flags_t.c.hidden, 0) == 0, func.coalesce(flags_t.c.listed, 1) == 1)
        )
        for word in words:
            escaped = word.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
            query = query.where(or_(entries_t.c.search == "", entries_t.c.search.like(f"%{escaped}%", escape="\\")))
        if mice is not None:
            query = query.where(entries_t.c.mice == mice)
        if lang is not None:
            query = query.where(entries_t.c.languages.like(f"%{lang}%"))
        if max_tiles is not None:
            query = query.where(entries_t.c.tiles <= max_tiles)
        with self.engine.connect() as conn:
            rows = conn.execute(query).all()
        return [_entry(r) for r in rows]

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
                select(
                    entries_t.c.version,
                    entries_t.c.created,
                    entries_t.c.digest,
                    entries_t.c.measure,
                    entries_t.c.changelog,
                )
                .where(entries_t.c.chapter == chapter)
                .order_by(entries_t.c.version)
            ).all()
        return [
            {
                "version": r.version,
                "created": r.created,
                "digest": r.digest,
                "measure": r.measure,
                "changelog": r.changelog or "",
            }
            for r in rows
        ]

    def owned(self, owner: str) -> list[Entry]:
        """The latest version of every chapter ``owner`` published (its author page, issue 46: unlisted and
        hidden ones too, with their flags; without the files)."""
        return [e for e in self.latest(with_text=False) if e.owner == owner]

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
                select(
                    ratings_t.c.chapter,
                    func.count().label("n"),
                    func.avg(ratings_t.c.stars).label("mean"),
                    func.count(func.distinct(ratings_t.c.address)).label("raters"),
                ).group_by(ratings_t.c.chapter)
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
            row["raters"] = int(r.raters)  # distinct addresses the ratings came from (issue 48)
            row["stars"] = round(float(r.mean), 2) if r.mean is not None else None
        return out

    def played_rows(self, table_id: str) -> list[tuple[int, str]]:
        """(seat, action) of each action of a table's journal still in its game (an undone one is not): who
        played what, the rating's proof of play."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(journal_t.c.kind, journal_t.c.seat, journal_t.c.action)
                .where(journal_t.c.table_id == table_id)
                .order_by(journal_t.c.version)
            ).all()
        kept: list[tuple[int, str]] = []
        for r in rows:
            if r.kind == "undo":
                if kept:
                    kept.pop()
            elif r.kind == "action":
                kept.append((int(r.seat), str(r.action)))
        return kept

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
    return {"tables": 0, "finished": 0, "won": 0, "rated": 0, "raters": 0, "stars": None}


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
        "search": entry.search,
        "address": entry.address,
        "title_pt": entry.title_pt,
        "description_pt": entry.description_pt,
        "changelog": entry.changelog,
    }
