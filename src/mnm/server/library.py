"""The chapter library's HTTP API (issue 36): publish a chapter from the workshop, find one, play it, rate it.

    GET  /api/library                              search: q, party, lang, difficulty, max_tiles, max_rounds, sort
    POST /api/library                              publish a chapter file (X-Editor-Token): a new version
    GET  /api/library/chapters/{id}                a chapter's page: sheet, story, measured difficulty, plays, ratings
    GET  /api/library/chapters/{id}/board.svg      its board, with a play-test's heat map (preset, kind)
    POST /api/library/chapters/{id}/tables         a table of it in one click (version, bots, companion)
    POST /api/library/chapters/{id}/listed         {"listed": bool}: its owner (the editor token) lists or unlists it
    GET  /api/library/mine                         the author page (X-Editor-Token): every chapter it published, with
                                                   its plays and ratings (issue 46)
    GET  /api/library/plays/{table}                which library chapter a table plays (for the rating form)
    POST /api/library/plays/{table}/rating         {"stars": 1-5, "note"} with the X-Seat-Token of a finished table

A published version never changes: publishing again adds a version, and tables record the version they play.
Its file is checked again as any upload is, then played by bots in the workshop's play-test service (bounded the
same way) and the measured win rates are stored with it when the job ends. The shipped chapters are the "house"
chapters (measured by ``mnm library measure``). The operator hides a chapter with ``mnm library hide``.

Difficulty buckets (measured win rate of the *new party*, the heuristic bot, at ``normal``): ``gentle`` at least 60%,
``fair`` 30-60%, ``hard`` under 30% (docs/library.md). Beside it the *careful party*'s (the search bot, on a few of
the same seeds: :data:`CAREFUL_GAMES`) and, for the chapter's skill depth, the random bot's (issue 44).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import html
import re
import time
from collections.abc import Callable
from typing import Any, Literal

from fastapi import APIRouter, Header, Query, Request
from fastapi.responses import Response
from pydantic import BaseModel, ConfigDict, Field

from mnm.chapters.file import MAX_CHAPTER_BYTES, ChapterFileError, added_chapter, chapter_digest, read_chapter_text
from mnm.content.loader import Content
from mnm.content.schema import Chapter
from mnm.engine import Action, MalformedAction, load_bounded_with_lines
from mnm.server.errors import ApiError, ErrorCode
from mnm.server.library_measures import (
    difficulty_of,
    house_entries,
    house_measures,
    measured,
    party_rates,
    plain_text,
    printable_sheet,
    search_words,
    skill_depth,
)
from mnm.server.library_store import Entry, LibraryStore, no_counts
from mnm.server.limits import RateLimiter
from mnm.server.tables import HOST, SPECTATOR, LiveTable, TableService, new_seed
from mnm.workshop.compose import LayoutError, draft_board
from mnm.workshop.playtest import PRESETS, Job, PlaytestError, PlaytestService, default_party

__all__ = ["LibraryRouter", "difficulty_of", "house_entries", "measured", "plain_text", "skill_depth"]

_TOKEN = re.compile(r"^[A-Za-z0-9_-]{16,64}$")
HEAT_KINDS = ("wounds", "captures", "hourglass")
QUEUE_WAIT = 600.0  # seconds a publication's play-test waits for a place in the play-test queue
# a rating means someone played (issue 48): the rated seat is a person's (no bot plays it) and a person took at
# least this many actions for its mice at that table
MIN_RATING_ACTIONS = 8
JOB_HEARTBEAT = 10.0  # seconds between two heartbeats of a running measure job
JOB_STALE = 60.0  # a job whose heartbeat is older than this is claimed again (its process died)
SEARCH_TTL = 2.0  # seconds one process reuses the library's rows and counts for search
# Issue 44: a published chapter's measure also plays, at ``normal`` on the first seeds of the new party's, the random
# bot (skill depth) and this many careful-party (search bot) games: a few seconds of CPU each on the pure engine, so
# the three together stay within the play-test's CPU cap (what is left of it after the new party's games)
CAREFUL_GAMES = 6
OTHER_PARTIES = (("random", None), ("search", CAREFUL_GAMES))  # bot, games (None: the new party's count)
MAX_VERSION = 1_000_000  # a version number in a request: bounded so it fits every database's integer (a fuzzed 2**70 gave a 500)


class PublishBody(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    text: str = Field(max_length=MAX_CHAPTER_BYTES)
    title: str = Field(min_length=1, max_length=80)
    description: str = Field(default="", max_length=500)
    languages: list[Literal["en", "pt"]] = Field(min_length=1, max_length=2)
    mice: int | None = Field(default=None, ge=1, le=4, description="the chapter's party size (its file's if omitted)")
    author: str = Field(min_length=1, max_length=60)
    licence: str = Field(min_length=1, max_length=120)
    # issue 46: the title and description in Portuguese (empty: as in English), and what changed in this version
    title_pt: str = Field(default="", max_length=80)
    description_pt: str = Field(default="", max_length=500)
    changelog: str = Field(default="", max_length=1000, description="what changed since the last version")


class PlayBody(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    version: int | None = Field(default=None, ge=1, le=MAX_VERSION)
    bots: list[str | None] | None = Field(default=None, max_length=4)
    companion: bool = False


class ListedBody(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    listed: bool


class RatingBody(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    stars: int = Field(ge=1, le=5)
    note: str = Field(default="", max_length=280)


def address_hash(address: str) -> str:
    """What the library keeps of a client address (to count distinct raters, to know a publisher)."""
    return hashlib.sha256(f"mnm-library:{address}".encode()).hexdigest()[:32]


def _owner(token: str | None) -> str:
    if not token or not _TOKEN.match(token):
        raise ApiError(403, ErrorCode.BAD_TOKEN, "publishing needs the workshop's editor token (POST /api/workshop/token)")
    return hashlib.sha256(token.encode()).hexdigest()


def _no_chapter(chapter: str) -> ApiError:
    return ApiError(404, ErrorCode.NO_LIBRARY_CHAPTER, f"the library has no chapter {chapter[:64]!r}", chapter=chapter[:64])


def _text(value: Any) -> dict[str, str]:
    return {"en": value.en, "pt": value.pt}


class LibraryRouter:
    """The library's endpoints and the background work they start (the play-tests' watchers)."""

    def __init__(
        self,
        service: TableService,
        playtests: PlaytestService,
        *,
        games: int = 20,
        address_scale: float = 1.0,
        created: Callable[[LiveTable, dict[str, Any], int], dict[str, Any]],
        check_new_table: Callable[[Request], None],
        responses: dict[int | str, dict[str, Any]] | None = None,
    ) -> None:
        self.service = service
        self.content = service.content
        self.playtests = playtests
        self.store = LibraryStore(service.storage)
        self.games = games
        self.created = created
        self.check_new_table = check_new_table
        self.watchers: set[asyncio.Task[None]] = set()
        self.lost: set[tuple[str, int]] = set()
        self._house: dict[str, dict[str, Any]] | None = None  # house_measures(), read once  # measures another process took over while this one waited
        self.publish_limit = RateLimiter(0.05 * address_scale, max(1, round(5 * address_scale)), "publications")
        self.read_limit = RateLimiter(10 * address_scale, round(40 * address_scale), "library requests")
        # ratings (issue 48: one address posted 451 in 60 s): 10 at once then 10 an hour per address, 30 at once
        # then 60 an hour per chapter
        self.rate_limit = RateLimiter(10 / 3600 * address_scale, max(1, round(10 * address_scale)), "ratings")
        self.chapter_rate_limit = RateLimiter(60 / 3600, 30, "ratings of this chapter")
        self.claimer = service.storage.origin  # this process, in the measure jobs it claims
        self.job_stale = JOB_STALE
        self._rows: tuple[float, list[Entry], dict[str, Any]] | None = None
        self._counts: tuple[float, dict[str, Any]] | None = None
        self.router = APIRouter(prefix="/api/library", tags=["library"], responses=responses)
        self._routes()

    def start(self) -> None:
        self.store.ensure_house(house_entries(self.content))

    async def resume(self) -> None:
        """Claim the measures a dead process left (at start, then every half a stale period): each runs here."""
        while True:
            with contextlib.suppress(Exception):  # a database hiccup: try again next time
                for entry, address in await asyncio.to_thread(self.store.claim_stale, self.claimer, self.job_stale):
                    try:
                        _content, chapter = self.chapter_of(entry)
                    except ApiError:
                        await asyncio.to_thread(self.store.set_playtest, entry.chapter, entry.version, "failed", {})
                        continue
                    self.measure(entry, chapter, entry.owner, address or "?")
            await asyncio.sleep(self.job_stale / 2)

    async def counts(self) -> dict[str, Any]:
        """Every chapter's plays and ratings, read at most every :data:`SEARCH_TTL` seconds by this process."""
        now = time.monotonic()
        if self._counts is None or now - self._counts[0] > SEARCH_TTL:
            self._counts = (now, await asyncio.to_thread(self.store.counts))
        return self._counts[1]

    async def rows(self) -> tuple[list[Entry], dict[str, Any]]:
        """Every chapter's latest version (without its file) and the counts, read at most every
        :data:`SEARCH_TTL` seconds by this process (issue 48: search read every file on every request)."""
        now = time.monotonic()
        if self._rows is None or now - self._rows[0] > SEARCH_TTL:
            entries, counts = await asyncio.gather(asyncio.to_thread(self.store.latest, False), self.counts())
            for entry in entries:
                if not entry.search:  # published before the column: made once here
                    entry.search = search_words(entry, self.content)
            self._rows = (now, entries, counts)
        return self._rows[1], self._rows[2]

    async def stop(self) -> None:
        for task in list(self.watchers):
            task.cancel()
        for task in list(self.watchers):
            with contextlib.suppress(asyncio.CancelledError, Exception):  # shutting down: nobody to tell
                await task

    # --- helpers -----------------------------------------------------------------------------------------

    def spend(self, request: Request, limit: RateLimiter | None = None) -> None:
        (limit or self.read_limit).check(request.client.host if request.client else "?")

    def chapter_of(self, entry: Entry) -> tuple[Content, Chapter]:
        """The content a table of this entry plays, and the chapter."""
        if entry.house:
            return self.content, self.content.chapters[entry.chapter]
        try:
            made = read_chapter_text(entry.text, "library", self.content)
        except ChapterFileError as err:  # published under older rules this server no longer takes
            raise ApiError(
                422, ErrorCode.BAD_CHAPTER, f"chapter {entry.chapter!r} no longer checks on this server", chapter=entry.chapter
            ) from err
        return made, added_chapter(made)[0]

    def visible(self, chapter: str, version: int | None = None) -> Entry:
        entry = self.store.entry(chapter[:64], version)
        if entry is None or entry.hidden or (entry.house and entry.chapter not in self.content.chapters):
            raise _no_chapter(chapter)
        return entry

    def shown(self, entry: Entry) -> dict[str, Any]:
        """The measure a page shows: none unless it ended; a house chapter stored before issue 44 (or measured by
        ``mnm library measure``, the new party only) gets the careful party's and the random bot's figures of the
        difficulty table where its stored measure has none of its own (a party's own figures win, preset by preset)."""
        if not entry.measured:
            return {}
        if entry.house:
            if self._house is None:
                self._house = house_measures()
            table = self._house.get(entry.chapter, {}).get("parties") or {}
            stored = entry.playtest.get("parties") or {}
            if any(set(table.get(bot, {})) - set(stored.get(bot, {})) for bot in table):
                parties = {bot: {**table.get(bot, {}), **stored.get(bot, {})} for bot in {*table, *stored}}
                return {**entry.playtest, "parties": parties}
        return entry.playtest

    def summary(self, entry: Entry, counts: dict[str, Any]) -> dict[str, Any]:
        """An entry as a search result lists it (from its row: a house chapter's names from the content)."""
        playtest = self.shown(entry)  # a failed or partial measure shows no rate
        normal = playtest.get("normal") or {}
        careful = (playtest.get("parties") or {}).get("search") or {}
        house = self.content.chapters.get(entry.chapter) if entry.house else None
        return {
            "chapter": entry.chapter,
            "version": entry.version,
            "house": entry.house,
            "title": entry.title,
            "name": _text(house.name) if house else {"en": entry.title, "pt": entry.title_pt or entry.title},
            "objective": _text(house.objective)
            if house
            else {"en": entry.description, "pt": entry.description_pt or entry.description},
            "description": entry.description,
            "languages": entry.languages,
            "mice": entry.mice,
            "author": entry.author,
            "licence": entry.licence,
            "created": entry.created,
            "tiles": entry.tiles,
            "rounds": normal.get("mean_rounds"),
            "measure": entry.measure,
            "difficulty": difficulty_of(playtest),
            "party": "heuristic",  # whose the win rates and the bucket are: a new party's (issue 44)
            "win_rates": {p: playtest[p]["win_rate"] for p in PRESETS if p in playtest},
            "games": {p: playtest[p]["games"] for p in PRESETS if p in playtest},
            "careful_rates": {p: r["win_rate"] for p, r in careful.items() if p in PRESETS},
            "careful_games": {p: r["games"] for p, r in careful.items() if p in PRESETS},
            "listed": entry.listed,
            **counts,
        }

    async def _submit(
        self, owner: str, address: str, text: str, party: list[str], bot: str, games: int, presets: tuple[str, ...],
        chapter: str, version: int, end_page: int,
    ) -> Job | None:
        """Queue one play-test, waiting for a place while the owner's other play-test runs or the queue is full (up
        to :data:`QUEUE_WAIT` seconds, renewing the measure job's heartbeat); None: no place, or the job was taken
        over by another process (then ``self.lost`` holds the version)."""
        deadline = time.monotonic() + QUEUE_WAIT
        beat = time.monotonic()
        while True:
            try:
                return self.playtests.submit(f"library:{owner}", text, party, bot, games, presets, address, end_page)
            except PlaytestError:
                if time.monotonic() > deadline:
                    return None
                await asyncio.sleep(2.0)
                if time.monotonic() - beat > JOB_HEARTBEAT:  # waiting in the queue is alive too
                    beat = time.monotonic()
                    if not await asyncio.to_thread(self.store.heartbeat, chapter, version, self.claimer):
                        self.lost.add((chapter, version))
                        return None  # another process took the job over

    async def _follow(self, job: Job, chapter: str, version: int) -> bool:
        """Wait for ``job`` to end, renewing the measure job's heartbeat; False: another process took it over."""
        beat = time.monotonic()
        while job.active:
            await asyncio.sleep(0.25)
            if time.monotonic() - beat > JOB_HEARTBEAT:
                beat = time.monotonic()
                if not await asyncio.to_thread(self.store.heartbeat, chapter, version, self.claimer):
                    self.playtests.cancel(job)
                    return False  # another process took the job over (this one was thought dead)
        return True

    async def watch(
        self, owner: str, address: str, text: str, party: list[str], chapter: str, version: int, end_page: int
    ) -> None:
        """Queue the play-test of the new party (the heuristic bot, every preset), then the random bot's and a few
        careful-party games (:data:`OTHER_PARTIES`, at ``normal``, within what is left of the CPU cap), then store
        the measure. The jobs run in this process."""
        job = await self._submit(owner, address, text, party, "heuristic", self.games, PRESETS, chapter, version, end_page)
        if job is None:
            if (chapter, version) not in self.lost:
                await asyncio.to_thread(self.store.set_playtest, chapter, version, "unmeasured", {})
            return
        if not await self._follow(job, chapter, version):
            return
        result = measured(job)
        spent = job.cpu
        if job.status == "done":
            parties: dict[str, Any] = {}
            for bot, count in OTHER_PARTIES:
                left = job.cpu_limit - spent
                if left <= 0:
                    break
                games = min(count or self.games, self.games)
                other = await self._submit(owner, address, text, party, bot, games, ("normal",), chapter, version, end_page)
                if other is None:
                    if (chapter, version) in self.lost:
                        return
                    continue
                other.cpu_limit = left  # the measure's one CPU cap, shared by its parties
                if not await self._follow(other, chapter, version):
                    return
                spent += other.cpu
                if other.status == "done":  # a capped careful party shows no figure (as a failed measure)
                    parties[bot] = party_rates(other)
            if parties:
                result["parties"] = parties
        state = "measured" if job.status == "done" else "failed"
        await asyncio.to_thread(self.store.set_playtest, chapter, version, state, result)

    def measure(self, entry: Entry, chapter: Chapter, owner: str, address: str) -> None:
        """Start measuring a new version with the bots, in the background (the play-tests' per-token and
        per-address bounds hold: the publisher's address is the job's)."""
        party = default_party(chapter.party_size, chapter.forbidden_heroes, list(self.content.heroes))
        job = self.watch(owner, address, entry.text, party, entry.chapter, entry.version, chapter.end_page)
        task = asyncio.get_running_loop().create_task(job)
        self.watchers.add(task)
        task.add_done_callback(self.watchers.discard)

    # --- routes ----------------------------------------------------------------------------------------

    def _routes(self) -> None:
        router = self.router
        store = self.store

        @router.get("")
        async def search(
            request: Request,
            q: str = Query(default="", max_length=80),
            party: int | None = Query(default=None, ge=1, le=4),
            lang: Literal["en", "pt"] | None = None,
            difficulty: Literal["gentle", "fair", "hard"] | None = None,
            max_tiles: int | None = Query(default=None, ge=1, le=50),
            max_rounds: int | None = Query(default=None, ge=1, le=200),
            sort: Literal["newest", "played", "name", "easiest", "hardest", "rated"] = "newest",
            limit: int = Query(default=50, ge=1, le=200),
        ) -> dict[str, Any]:
            """Listed chapters (latest versions) that match every filter given."""
            self.spend(request)
            words = plain_text(q, 80).casefold().split()[:10]
            if words:  # the database filters by the search column: only the matches are read
                entries, counts = await asyncio.gather(
                    asyncio.to_thread(store.search, words, party, lang, max_tiles), self.counts()
                )
            else:
                entries, counts = await self.rows()
            found = []
            for entry in entries:
                if entry.hidden or not entry.listed or (entry.house and entry.chapter not in self.content.chapters):
                    continue
                if not entry.search:  # published before the column
                    entry.search = search_words(entry, self.content)
                if any(w not in entry.search for w in words):  # the column kept at publish time
                    continue
                row = self.summary(entry, counts.get(entry.chapter, no_counts()))
                if party is not None and row["mice"] != party:
                    continue
                if lang is not None and lang not in row["languages"]:
                    continue
                if difficulty is not None and row["difficulty"] != difficulty:
                    continue
                if max_tiles is not None and row["tiles"] > max_tiles:
                    continue
                if max_rounds is not None and (row["rounds"] is None or row["rounds"] > max_rounds):
                    continue
                found.append(row)

            def normal_rate(row: dict[str, Any]) -> float:
                return float(row["win_rates"].get("normal", 0.5))

            keys: dict[str, Callable[[dict[str, Any]], Any]] = {
                "newest": lambda r: -r["created"],
                "played": lambda r: -r["tables"],
                "name": lambda r: r["title"].casefold(),
                "easiest": lambda r: -normal_rate(r),
                "hardest": normal_rate,
                "rated": lambda r: -(r["stars"] or 0),
            }
            found.sort(key=keys[sort])
            return {"chapters": found[:limit], "count": len(found)}

        @router.post("", status_code=201)
        async def publish(
            body: PublishBody, request: Request, x_editor_token: str | None = Header(default=None, max_length=100)
        ) -> dict[str, Any]:
            """Publish a chapter file: checked again, stored as its chapter's next version, then measured by the
            bots in the background (``measure`` says how far)."""
            owner = _owner(x_editor_token)  # 403 before 429: a request without a token spends nothing
            self.spend(request, self.publish_limit)
            address = request.client.host if request.client else "?"
            try:
                made = await asyncio.to_thread(read_chapter_text, body.text, "library", self.content)
            except ChapterFileError as err:
                problems = [p.to_json() for p in err.problems[:20]]
                raise ApiError(422, ErrorCode.BAD_CHAPTER, "the chapter file does not check", problems=problems) from err
            chapter, source = added_chapter(made)
            if chapter.id in self.content.chapters:
                raise ApiError(409, ErrorCode.LIBRARY_REFUSED, f"{chapter.id!r} is a house chapter: give yours its own id", reason="house")
            if body.mice is not None and body.mice != chapter.party_size:
                raise ApiError(
                    422,
                    ErrorCode.BAD_CHAPTER,
                    f"the chapter is for {chapter.party_size} mice (setup.party_size), not {body.mice}",
                    field="mice",
                )
            data = load_bounded_with_lines(body.text, "library", ValueError, lines=False)[0]
            entry = Entry(
                chapter=chapter.id,
                version=0,
                owner=owner,
                created=0.0,
                title=plain_text(body.title, 80),
                description=plain_text(body.description, 500),
                languages=sorted(set(body.languages)),
                mice=chapter.party_size,
                author=plain_text(body.author, 60),
                licence=plain_text(body.licence, 120),
                text=body.text,
                digest=source.digest or chapter_digest(data),
                tiles=len(chapter.layout),
                measure="measuring",
                playtest={},
                title_pt=plain_text(body.title_pt, 80),
                description_pt=plain_text(body.description_pt, 500),
                changelog=plain_text(body.changelog, 1000),
            )
            if not entry.title or not entry.author or not entry.licence:
                raise ApiError(400, ErrorCode.MALFORMED, "a title, an author and a licence line are needed", field="title")
            entry.search = search_words(entry, self.content)
            entry.address = address_hash(address)
            stored = await asyncio.to_thread(store.publish, entry, self.claimer, address)
            if isinstance(stored, str):
                message = {
                    "owner": f"chapter {chapter.id!r} was published under another editor token: give yours its own id",
                    "unchanged": "this file is already the chapter's latest version",
                    "busy": "the library is busy; try again",
                    "hidden": "the operator hid this chapter: no new version until it is shown again",
                }[stored]
                raise ApiError(409, ErrorCode.LIBRARY_REFUSED, message, reason=stored)
            self._rows = self._counts = None
            self.measure(stored, chapter, owner, address)
            return {"chapter": stored.chapter, "version": stored.version, "measure": stored.measure}

        @router.get("/mine")
        async def mine(
            request: Request, x_editor_token: str | None = Header(default=None, max_length=100)
        ) -> dict[str, Any]:
            """The author page (issue 46): every chapter this editor token published, latest version first, each
            with its plays, wins and ratings (unlisted ones too, saying so; a hidden one says the operator hid it)."""
            owner = _owner(x_editor_token)
            self.spend(request)
            entries, counts = await asyncio.gather(asyncio.to_thread(store.owned, owner), self.counts())
            rows = [
                {**self.summary(e, counts.get(e.chapter, no_counts())), "hidden": e.hidden, "changelog": e.changelog}
                for e in sorted(entries, key=lambda e: -e.created)
            ]
            return {"chapters": rows, "count": len(rows)}

        @router.get("/chapters/{chapter_id}")
        async def page(
            chapter_id: str, request: Request, version: int | None = Query(default=None, ge=1, le=MAX_VERSION)
        ) -> dict[str, Any]:
            """A chapter's page: its sheet, story introduction, measured difficulty, plays, wins and ratings."""
            self.spend(request)
            entry = await asyncio.to_thread(self.visible, chapter_id, version)
            counts = (await asyncio.to_thread(store.counts)).get(entry.chapter, no_counts())
            _content, chapter = await asyncio.to_thread(self.chapter_of, entry)
            versions, ratings = await asyncio.gather(
                asyncio.to_thread(store.versions, entry.chapter), asyncio.to_thread(store.ratings, entry.chapter)
            )
            story = chapter.story.get("opening") or next(iter(chapter.story.values()), None)
            out = self.summary(entry, counts)
            out.update(
                {
                    "sheet": {
                        "name": _text(chapter.name),
                        "objective": _text(chapter.objective),
                        "party_size": chapter.party_size,
                        "forbidden_heroes": list(chapter.forbidden_heroes),
                        "tiles": [p.side for p in chapter.layout],
                        "start_space": chapter.start_space,
                        "end_page": chapter.end_page,
                        "track_pages": chapter.track_pages,
                        "starting_minions": sum(m.count for m in chapter.starting_minions),
                        "next_chapter": chapter.next_chapter,
                    },
                    "story": None if story is None else _text(story),
                    "printable": printable_sheet() is not None,
                    "playtest": self.shown(entry),
                    "skill_depth": skill_depth(self.shown(entry)),
                    "players": {
                        "tables": counts["tables"],
                        "finished": counts["finished"],
                        "won": counts["won"],
                        "win_rate": round(counts["won"] / counts["finished"], 4) if counts["finished"] else None,
                    },
                    "versions": versions,
                    "ratings": [{"stars": r.stars, "note": r.note, "created": r.created, "version": r.version} for r in ratings],
                }
            )
            return out

        @router.get("/chapters/{chapter_id}/board.svg", responses={200: {"content": {"image/svg+xml": {}}}})
        async def board_svg(
            chapter_id: str,
            request: Request,
            version: int | None = Query(default=None, ge=1, le=MAX_VERSION),
            preset: Literal["easy", "normal", "hard"] = "normal",
            kind: Literal["wounds", "captures", "hourglass"] = "wounds",
        ) -> Response:
            """The chapter's board, with the bots' heat map of ``kind`` at ``preset`` when it was measured."""
            self.spend(request)
            entry = await asyncio.to_thread(self.visible, chapter_id, version)
            content, chapter = await asyncio.to_thread(self.chapter_of, entry)
            layout = [{"side": p.side, "at": list(p.at)} for p in chapter.layout]
            try:
                geometry = await asyncio.to_thread(draft_board, content, layout)
            except LayoutError as err:
                raise _no_chapter(chapter_id) from err
            shown = entry.playtest if entry.measured else {}
            heat = ((shown.get(preset) or {}).get("heat") or {}).get(kind) or {}
            return Response(
                _with_heat(geometry, heat), media_type="image/svg+xml", headers={"Cache-Control": "max-age=60"}
            )

        @router.get("/chapters/{chapter_id}/sheet", responses={200: {"content": {"text/html": {}}}})
        async def sheet(
            chapter_id: str,
            request: Request,
            version: int | None = Query(default=None, ge=1, le=MAX_VERSION),
            lang: Literal["en", "pt"] = "en",
        ) -> Response:
            """The chapter's printable sheet (the workshop's), with the bots' measure."""
            self.spend(request)
            make = printable_sheet()
            if make is None:
                raise ApiError(404, ErrorCode.NOT_FOUND, "this server has no printable sheets yet")
            entry = await asyncio.to_thread(self.visible, chapter_id, version)
            content, chapter = await asyncio.to_thread(self.chapter_of, entry)
            shown = entry.playtest if entry.measured else {}
            measure = {
                "bot": shown.get("bot", "heuristic"),
                "presets": {p: shown[p] for p in PRESETS if p in shown},
            }
            page = await asyncio.to_thread(make, content, chapter, lang, measure if measure["presets"] else None)
            return Response(page, media_type="text/html; charset=utf-8")

        @router.post("/chapters/{chapter_id}/tables", status_code=201)
        async def play(chapter_id: str, body: PlayBody, request: Request) -> dict[str, Any]:
            """A table of this chapter in one click: one seat per mouse of its party, people unless ``bots``."""
            self.spend(request)
            self.check_new_table(request)
            entry = await asyncio.to_thread(self.visible, chapter_id, body.version)
            _content, chapter = await asyncio.to_thread(self.chapter_of, entry)
            party = default_party(chapter.party_size, chapter.forbidden_heroes, list(self.content.heroes))
            seed = new_seed()
            table, tokens = await self.service.create(
                chapter.id,
                party,
                [[p] for p in party],
                seed,
                body.companion,
                bots=body.bots,
                chapter_file=None if entry.house else entry.text,
            )
            await asyncio.to_thread(store.record_play, table.id, entry.chapter, entry.version)
            return {**self.created(table, tokens, seed), "library": {"chapter": entry.chapter, "version": entry.version}}

        @router.post("/chapters/{chapter_id}/listed")
        async def set_listed(
            chapter_id: str, body: ListedBody, x_editor_token: str | None = Header(default=None, max_length=100)
        ) -> dict[str, Any]:
            """Its owner lists or unlists a chapter (an unlisted chapter is not found by search; its link works)."""
            owner = _owner(x_editor_token)
            entry = await asyncio.to_thread(self.visible, chapter_id)
            if entry.owner != owner:
                raise ApiError(403, ErrorCode.NOT_OWNER, "only the editor token that published a chapter may unlist it")
            await asyncio.to_thread(store.set_flag, entry.chapter, listed=int(body.listed))
            return {"chapter": entry.chapter, "listed": body.listed}

        @router.get("/plays/{table_id}")
        async def play_of(table_id: str, request: Request) -> dict[str, Any]:
            """Which library chapter (and version) a table plays; 404 when it is not a library table."""
            self.spend(request)
            found = await asyncio.to_thread(store.play_of, table_id[:40])
            if found is None:
                raise _no_chapter(table_id)
            entry = await asyncio.to_thread(self.visible, found[0], found[1])
            # whether a person played a seat enough to rate (issue 48): the end screen offers the form only then
            table = await self.service.get(table_id)
            played = await asyncio.to_thread(self.played_by_seat, table)
            rateable = table.stopped is None and any(n >= MIN_RATING_ACTIONS for n in played.values())
            return {
                "table": table_id,
                "chapter": entry.chapter,
                "version": entry.version,
                "title": entry.title,
                "house": entry.house,
                "rateable": rateable,
                "min_actions": MIN_RATING_ACTIONS,
            }

        @router.post("/plays/{table_id}/rating", status_code=201)
        async def rate(
            table_id: str,
            body: RatingBody,
            request: Request,
            x_seat_token: str | None = Header(default=None, max_length=100),
        ) -> dict[str, Any]:
            """Rate the chapter a finished table played. A rating means someone played (issue 48): the seat is a
            person's (no bot plays it), a person took at least :data:`MIN_RATING_ACTIONS` actions for its mice,
            the rater is not the chapter's publisher (by address), one rating per seat and per address at a
            table; per address and per chapter rate-limited. The hotseat host rates for the first seat that
            qualifies and has not rated."""
            self.spend(request)
            table = await self.service.get(table_id)
            caller = table.caller(x_seat_token)
            if caller.seat == SPECTATOR or not caller.can_act:
                raise ApiError(403, ErrorCode.SPECTATOR, "only the players of this table may rate its chapter")
            found = await asyncio.to_thread(store.play_of, table.id)
            if found is None:
                raise _no_chapter(table.id)
            entry = await asyncio.to_thread(self.visible, found[0], found[1])  # a hidden chapter is not rated
            if table.game.state.status == "playing" or table.stopped is not None:
                raise ApiError(409, ErrorCode.NOT_FINISHED, "a chapter is rated once its table has finished it")
            address = request.client.host if request.client else "?"
            rater = address_hash(address)
            if not entry.house and entry.address and entry.address == rater:
                raise ApiError(403, ErrorCode.NOT_PLAYED, "the chapter's publisher does not rate it", need=MIN_RATING_ACTIONS, played=0)
            played = await asyncio.to_thread(self.played_by_seat, table)
            taken = await asyncio.to_thread(store.rated_seats, table.id)
            seats = range(len(table.setup["seats"])) if caller.seat == HOST else [int(caller.seat)]
            able = [i for i in seats if played.get(i, 0) >= MIN_RATING_ACTIONS]
            if not able:
                most = max((played.get(i, 0) for i in seats), default=0)
                raise ApiError(
                    403,
                    ErrorCode.NOT_PLAYED,
                    f"a rating needs a seat a person played (not a bot) for at least {MIN_RATING_ACTIONS} actions "
                    f"at this table ({most} played)",
                    need=MIN_RATING_ACTIONS,
                    played=most,
                )
            seat = next((i for i in able if i not in taken), -1)
            if seat < 0:
                raise ApiError(409, ErrorCode.ALREADY_RATED, "this seat already rated this table's chapter")
            self.rate_limit.check(address)
            self.chapter_rate_limit.check(entry.chapter)
            note = plain_text(body.note, 280)
            if not await asyncio.to_thread(store.rate, table.id, seat, found[0], found[1], body.stars, note, rater):
                raise ApiError(409, ErrorCode.ALREADY_RATED, "this seat (or this address) already rated this table's chapter")
            self._rows = self._counts = None
            return {"chapter": found[0], "version": found[1], "stars": body.stars, "rated": True}

    def played_by_seat(self, table: LiveTable) -> dict[int, int]:
        """Actions people took at a table, by the seat whose mice they moved (a bot seat's count stays 0: the
        server's bot writes its rows as seat ``BOT``; the hotseat host's rows count for the acting mouse's seat)."""
        bots = table.bot_names()
        out: dict[int, int] = {}
        for seat, action in self.store.played_rows(table.id):
            if seat == HOST:
                try:
                    actor = Action.parse(action).actor
                except MalformedAction:
                    continue
                owner = table.owner_of(actor) if actor else None
                seat = -100 if owner is None else owner
            if 0 <= seat < len(bots) and bots[seat] is None:
                out[seat] = out.get(seat, 0) + 1
        return out

    def hidden_play(self, table_id: str) -> bool:
        """Whether a table plays a library chapter the operator hid (no replay or campaign step from it)."""
        found = self.store.play_of(table_id)
        if found is None:
            return False
        entry = self.store.entry(found[0], found[1])
        return entry is not None and entry.hidden

    # --- campaigns -------------------------------------------------------------------------------------

    def next_file(self, table: LiveTable) -> tuple[str, Entry] | None:
        """The published file a finished table's ``next_chapter`` names, when it is no house chapter."""
        target = table.game.ctx.chapter.next_chapter
        if target is None or target in self.content.chapters:
            return None
        entry = self.store.entry(target)
        if entry is None or entry.hidden or entry.house:
            return None
        return entry.text, entry

    def record_continued(self, finished: str, new: LiveTable, published: Entry | None) -> None:
        """Count the campaign's next table as a play of its library chapter: the published chapter it was
        given, or the next chapter of a table that was itself played from the library."""
        entry = published
        if entry is None and self.store.play_of(finished) is not None:
            entry = self.store.entry(new.setup["chapter"])
        if entry is not None and entry.chapter == new.setup["chapter"]:
            self.store.record_play(new.id, entry.chapter, entry.version)


def _with_heat(geometry: dict[str, Any], heat: dict[str, int]) -> str:
    """The board's SVG with one disc per space of the heat map (size and strength by count)."""
    svg: str = geometry["svg"]
    if not heat:
        return svg
    top = max(1, *heat.values())
    discs = []
    for space, count in heat.items():
        where = geometry["spaces"].get(space)
        if where is None:
            continue
        radius = 10 + 26 * (count / top) ** 0.5
        opacity = 0.25 + 0.5 * (count / top)
        discs.append(
            f'<circle cx="{where["x"]}" cy="{where["y"]}" r="{radius:.1f}" fill="#c62828" '
            f'fill-opacity="{opacity:.2f}"><title>{html.escape(space)}: {int(count)}</title></circle>'
        )
    cut = svg.rindex("</svg>")
    return svg[:cut] + "<g class='heat'>" + "".join(discs) + "</g>" + svg[cut:]
