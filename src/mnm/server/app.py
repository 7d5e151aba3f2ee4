"""The web server: JSON + WebSocket API over the tables, and the static browser client (``mnm serve``).

HTTP (OpenAPI at ``/docs``)::

    GET  /api/health                       {"ok": true}
    GET  /api/catalog                      chapters and heroes, for the new-table form
    POST /api/tables                       create a table -> its tokens and links (shown once)
    GET  /api/tables/{id}                  the table's view (+ which seat the X-Seat-Token opens)
    GET  /api/tables/{id}/board            the board SVG for the sides face up, and each space's position
    GET  /api/tables/{id}/events           the event log, a page at a time
    POST /api/tables/{id}/actions          {"action": "move filch 5:12", "version": 7, "dice": [..]}
    POST /api/tables/{id}/undo             {"version": 8}
    POST /api/tables/{id}/keep             {"hero": "tilda", "card": "levitate-scroll"}: the end screen's shared keep
    WS   /api/tables/{id}/ws               {"type": "hello", "token": ...} first; then action / undo / sync / ping

Seat tokens travel in the ``X-Seat-Token`` header (HTTP) or the hello message (WebSocket), never in a URL the
server sees: links carry them after ``#``. Every refusal is ``{"error": code, "message": sentence}`` with a
status code; nothing changes on a refusal. Bodies and messages are size-limited; actions are rate-limited.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import dataclasses
import gc
import json
import time
from collections.abc import Awaitable, Callable, MutableMapping, Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Header, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field
from starlette.exceptions import HTTPException as StarletteHTTPException

from mnm import __version__
from mnm.bots.hints import PLAYOUTS
from mnm.chapters.file import MAX_CHAPTER_BYTES
from mnm.engine import GAME_OPTIONS
from mnm.server.bot_workers import BotWorkers
from mnm.server.errors import ApiError, ErrorCode, error_body
from mnm.server.fits_routes import fits_router
from mnm.server.library import LibraryRouter
from mnm.server.limits import RateLimiter, SocketCaps, token_key
from mnm.server.record_store import RecordStore
from mnm.server.replay_routes import replay_router
from mnm.server.sandbox_routes import sandbox_router
from mnm.server.storage import Storage, default_db_url
from mnm.server.tables import (
    CREATOR,
    HOST,
    MAX_SEATS,
    SPECTATOR,
    Caller,
    LiveTable,
    TableService,
    new_seed,
    seed_commitment,
)
from mnm.server.views import board_json, difficulties_json, event_json, log_page, options_json, table_view
from mnm.server.workshop import workshop_router
from mnm.workshop.playtest import PlaytestService, end_leftovers

__all__ = ["Limits", "create_app", "serve"]

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]


@dataclass(frozen=True)
class Limits:
    """Abuse limits (tests make them small)."""

    max_body: int = 16 * 1024  # bytes of an HTTP request body
    # bytes of a body that may carry a chapter file (creating a table, continuing a campaign): the file's limit,
    # a quarter more for JSON's escapes (newlines, quotes; send non-ASCII as UTF-8), and room for the rest
    max_upload: int = MAX_CHAPTER_BYTES + MAX_CHAPTER_BYTES // 4 + 16 * 1024
    max_ws_message: int = 4 * 1024  # characters of one WebSocket message
    actions_per_second: float = 20.0  # sustained, per client address and per seat token (HTTP and WebSocket)
    action_burst: int = 40  # (a table takes three times these from all its seats together)
    tables_per_second: float = 1.0  # table creation, per client address
    table_burst: int = 60
    hints_per_second: float = 0.25  # hint searches, per client address (each costs about 3 CPU seconds)
    hint_burst: int = 3
    hint_iterations: int = PLAYOUTS  # the hints' own default
    ws_strikes: int = 20  # refused WebSocket messages before the socket is closed
    hello_timeout: float = 10.0
    allow_seed: bool = False  # accept a seed chosen by the creator (tests, bug reports): that table's dice are known
    sync_cost: float = 5.0  # a WebSocket sync answers the whole view: it costs this many actions
    hint_queue: int = 4  # hint searches waiting for a worker before more are refused (503 busy)
    max_live_tables: int = 500  # tables kept in memory; idle ones beyond are rebuilt from storage on demand
    table_idle_seconds: float = 900.0  # a table nobody watched or played for this long leaves memory
    body_timeout: float = 10.0  # seconds to send a request body
    limiter_keys: int = 10_000  # buckets kept per limiter (least recently used forgotten first)
    address_scale: float = 1.0  # multiplies the per-address limits (many players behind one NAT; load tests)
    # open WebSockets (each holds a file descriptor: docs/deploy.md says what file limit a deployment needs)
    sockets_per_address: int = 32
    sockets_per_table: int = 64
    sockets_total: int = 768  # under the usual 1,024 open files, with room for HTTP, storage and the client files
    # new tables (and campaign steps) from all addresses together: a budget no set of addresses can exceed
    tables_total_per_second: float = 1.0
    tables_total_burst: int = 300
    table_expiry_days: float = 30.0  # a table nobody played for this long is deleted (0: kept for ever)
    # the workshop (issue 23): drafts per editor token, play-test workers and their bounds
    max_drafts: int = 20
    playtest_workers: int = 0  # 0: one per CPU
    playtest_backend: str = "local"  # local (processes) or ray (as mnm simulate --backend ray)
    ray_address: str | None = None
    playtest_cpu_seconds: float = 120.0  # CPU time one play-test may spend over all its workers
    playtests_per_token: int = 1
    playtests_per_address: int = 2  # running or queued, whatever the tokens (issue 34: one address filled the queue)
    playtest_queue: int = 8
    playtest_game_seconds: float = 30.0  # CPU seconds one play-test game may take (checked between its decisions)
    draft_expiry_days: float = 30.0  # a draft nobody saved for this long is deleted (0: kept for ever)
    drafts_per_address: int = 200  # drafts kept from one address, whatever the tokens (each up to 128 KB)
    new_drafts_per_hour: float = 30.0  # new drafts one address may save (after a burst of new_draft_burst)
    new_draft_burst: int = 20
    # a table where bots play every seat (issue 34, finding 2): seconds between two of its bots' actions, and
    # the rounds it may last before the server stops it ("the chapter did not end within N rounds")
    bot_table_pace: float = 0.25
    bot_table_rounds: int = 100
    bot_tables_per_address: int = 4  # tables of bots only playing at once per creating address (issue 48)
    bot_workers: int = 1  # worker processes where the server's bots decide (0: a thread of the serving process)
    playtest_warm: bool = False  # start the play-test workers with the server (mnm serve does; tests need not)
    library_games: int = 20  # the chapter library (issue 36): bot games per preset measuring a published chapter
    # reads of large public documents (a finished table's record), per client address (issue 48)
    reads_per_second: float = 10.0
    read_burst: int = 40


class _Budget:
    """The action budget of each request or WebSocket message: per client address, per seat token, per table."""

    def __init__(self, limits: Limits) -> None:
        rate, burst, keys = limits.actions_per_second, limits.action_burst, limits.limiter_keys
        scale = limits.address_scale
        self.address = RateLimiter(rate * scale, round(burst * scale), "requests from this address", keys)
        self.token = RateLimiter(rate, burst, "requests for this seat", keys)
        self.table = RateLimiter(3 * rate, 3 * burst, "requests at this table", keys)

    def spend(self, address: str, token: str | None, table_id: str, cost: float = 1.0) -> None:
        self.address.check(address, cost)
        if token:
            self.token.check(token_key(token), cost)
        self.table.check(table_id, cost)


class _BodyLimit:
    """Refuse HTTP bodies over ``limit`` bytes with 413, whether or not Content-Length tells the size, and
    bodies not sent within ``timeout`` seconds with 408."""

    def __init__(self, app: Any, limit: int, timeout: float = 10.0, upload: int | None = None) -> None:
        self.app, self.base, self.timeout = app, limit, timeout
        self.upload = limit if upload is None else upload

    def limit_of(self, scope: Scope) -> int:
        """The larger ``upload`` limit for the requests that may carry a chapter file (the workshop's too)."""
        path = str(scope.get("path", ""))
        uploads = scope.get("method") in ("POST", "PUT") and (
            path in ("/api/tables", "/api/library") or path.endswith("/continue") or path.startswith("/api/workshop/")
        )
        return max(self.base, self.upload) if uploads else self.base

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = self.limit_of(scope)
        for name, value in scope.get("headers", []):
            if name == b"content-length":
                try:
                    too_big = int(value) > limit
                except ValueError:
                    too_big = True
                if too_big:
                    await _send_json(send, 413, _too_big(limit), close=True)
                    return
        # Read the whole body first (it is small by definition), then hand it on.
        body = bytearray()
        deadline = time.monotonic() + self.timeout
        while True:
            try:
                message = await asyncio.wait_for(receive(), timeout=max(0.0, deadline - time.monotonic()))
            except TimeoutError:
                message_ = error_body(ErrorCode.TIMEOUT, f"the request body was not sent within {self.timeout:g} s")
                await _send_json(send, 408, message_, close=True)
                return
            if message["type"] != "http.request":
                return  # the client went away
            body += message.get("body", b"")
            if len(body) > limit:
                await _send_json(send, 413, _too_big(limit), close=True)
                return
            if not message.get("more_body", False):
                break
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": bytes(body), "more_body": False}
            return await receive()

        await self.app(scope, replay, send)


class _AsciiJSON(JSONResponse):
    """Error answers as ASCII JSON: a refusal may quote what the client sent, and a lone surrogate the client
    sent ("\\ud800" in its JSON) stays an escape instead of failing to encode (issue 34, finding 9)."""

    def render(self, content: Any) -> bytes:
        return json.dumps(content, ensure_ascii=True, separators=(",", ":")).encode("ascii")


def _too_big(limit: int) -> dict[str, Any]:
    return error_body(ErrorCode.TOO_BIG, f"the request body is over {limit} bytes", limit=limit)


def _validation_error(errors: Sequence[Any]) -> ApiError:
    """A body, query or header that does not fit the API: which field, and why (the first problem)."""
    problems = []
    field = "body"
    for e in list(errors)[:5]:
        loc = [str(p) for p in e.get("loc", ())[1:]] if isinstance(e, dict) else []
        where = ".".join(loc) or "body"
        problems.append(f"{where}: {e.get('msg', '') if isinstance(e, dict) else e}")
    if errors and isinstance(errors[0], dict):
        field = ".".join(str(p) for p in errors[0].get("loc", ())[1:]) or "body"
    return ApiError(400, ErrorCode.MALFORMED, "; ".join(problems) or "malformed request", field=field)


async def _send_json(send: Send, status: int, body: dict[str, Any], close: bool = False) -> None:
    data = json.dumps(body).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(data)).encode())]
    if close:
        headers.append((b"connection", b"close"))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": data})


# --- request bodies -----------------------------------------------------------------------------------


class ErrorAnswer(BaseModel):
    """Every refusal: a code to translate by, an English sentence, and the values the sentence names."""

    error: ErrorCode
    message: str
    params: dict[str, Any] = Field(default_factory=dict)


_STATUS_TEXT = {
    400: "malformed request",
    403: "the token does not allow this",
    404: "no such table",
    405: "method not allowed",
    408: "the request was not sent in time",
    409: "the table moved on, or more dice are needed",
    413: "body too big",
    422: "the rules or the setup refuse this",
    429: "too many requests (Retry-After)",
    431: "headers too big",
    500: "server bug; nothing changed",
    503: "storage or hint workers unavailable (Retry-After)",
}


def _errors(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """OpenAPI ``responses`` for these error statuses, all answered as :class:`ErrorAnswer`."""
    return {s: {"model": ErrorAnswer, "description": _STATUS_TEXT[s]} for s in statuses}


COMMON_ERRORS = (400, 408, 413, 429, 431, 500)

_ID = r"^[a-z0-9][a-z0-9-]{0,63}$"


class CreateTable(BaseModel):
    """A new table: chapter, party (mice in play), who holds which mice, seed, companion mode."""

    model_config = ConfigDict(extra="forbid", strict=True)

    chapter: str | None = Field(
        default=None, pattern=_ID, examples=["proving-grounds"], description="a shipped chapter's id (or the file's)"
    )
    chapter_file: str | None = Field(
        default=None,
        max_length=MAX_CHAPTER_BYTES,
        description="a chapter file's YAML text (docs/chapters.md), played instead of a shipped chapter; checked "
        "first (422 bad_chapter lists every problem with field, line and message in en and pt)",
    )
    party: list[str] = Field(min_length=1, max_length=6, examples=[["collin", "tilda", "filch", "maginos"]])
    seats: list[list[str]] | None = Field(
        default=None,
        max_length=MAX_SEATS,
        description="mice of each seat (1-4 seats, every party mouse in exactly one); one seat per mouse if omitted",
    )
    seed: int | None = Field(default=None, ge=0, le=2**62, description="random if omitted")
    companion: bool = Field(default=False, description="players roll real dice and type the faces")
    bots: list[str | None] | None = Field(
        default=None,
        max_length=MAX_SEATS,
        description="the bot playing each seat ('random', 'heuristic', 'search'; null: people)",
    )
    options: list[str] = Field(
        default_factory=list,
        max_length=16,
        description="rule variants switched on (ids from /api/catalog 'options'; docs/rulings.md)",
    )


class ActionBody(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    action: str = Field(max_length=200, examples=["move filch 5:12"])
    version: int = Field(description="the table version this action answers (from the last view or update)")
    dice: list[int] | None = Field(default=None, max_length=40, description="companion mode: faces 1-6 rolled")


class ContinueBody(BaseModel):
    """The campaign goes on: the one card each mouse keeps (null: none), and whether to replay this chapter."""

    model_config = ConfigDict(extra="forbid", strict=True)

    keep: dict[str, str | None] = Field(default_factory=dict, max_length=6)
    replay: bool = Field(default=False, description="play the same chapter again (after a defeat)")
    companion: bool | None = Field(default=None, description="companion mode; as before if omitted")
    chapter_file: str | None = Field(
        default=None,
        max_length=MAX_CHAPTER_BYTES,
        description="after a chapter file's chapter: the next chapter's file (its id is the next_chapter)",
    )


class KeepBody(BaseModel):
    """At a finished chapter's end: the card one mouse keeps when the campaign goes on (null: none; issue 45)."""

    model_config = ConfigDict(extra="forbid", strict=True)

    hero: str = Field(max_length=40, examples=["tilda"])
    card: str | None = Field(default=None, max_length=60, examples=["levitate-scroll"])


class UndoBody(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    version: int


def _links(table_id: str, tokens: dict[str, Any]) -> dict[str, Any]:
    """Links to share; a seat whose token the caller does not hold gets the bare table link (after a campaign
    goes on, every seat opens the next table with the token it already has)."""

    def link(token: str | None) -> str:
        return f"/#t={table_id}&k={token}" if token else f"/#t={table_id}"

    return {"host": link(tokens["host"]), "seats": [link(t) for t in tokens["seats"]], "spectator": link(None)}


def _created(table: LiveTable, tokens: dict[str, Any], seed: int) -> dict[str, Any]:
    """The answer to a new table: every token (the only time they are shown) and the links to share."""
    return {
        "table": table.id,
        "version": table.version,
        "commit": seed_commitment(seed),
        "host_token": tokens["host"],
        "seats": [
            {"seat": i, "heroes": s, "token": tokens["seats"][i], "bot": table.bot_names()[i]}
            for i, s in enumerate(table.setup["seats"])
        ],
        "links": _links(table.id, tokens),
    }


def _you(table: LiveTable, caller: Caller) -> dict[str, Any]:
    role = "host" if caller.seat == HOST else "spectator" if caller.seat == SPECTATOR else "seat"
    return {"seat": caller.seat, "role": role, "heroes": table.seat_heroes(caller.seat)}


def web_dir() -> Path:
    return Path(str(resources.files("mnm").joinpath("web")))


def create_app(db_url: str | None = None, limits: Limits | None = None, storage: Storage | None = None) -> FastAPI:
    """The application. ``db_url``: SQLAlchemy URL (``sqlite:///file``, ``postgresql://...``)."""
    limits = limits or Limits()
    store = storage or Storage(db_url or default_db_url())
    service = TableService(
        store,
        hint_queue=limits.hint_queue,
        max_live=limits.max_live_tables,
        idle_seconds=limits.table_idle_seconds,
        expiry_seconds=limits.table_expiry_days * 86400.0,
        draft_expiry_seconds=limits.draft_expiry_days * 86400.0,
        bot_table_pace=limits.bot_table_pace,
        bot_table_rounds=limits.bot_table_rounds,
        bot_tables_per_address=max(1, round(limits.bot_tables_per_address * limits.address_scale)),
    )
    if limits.bot_workers > 0:  # the bots decide in worker processes (issue 48)
        service.bot_workers = BotWorkers(limits.bot_workers)
    service.bot_cpu_seconds = limits.playtest_game_seconds
    budget = _Budget(limits)
    scale = limits.address_scale
    table_limit = RateLimiter(
        limits.tables_per_second * scale, round(limits.table_burst * scale), "new tables", limits.limiter_keys
    )
    hint_limit = RateLimiter(limits.hints_per_second, limits.hint_burst, "hint requests", limits.limiter_keys)
    all_tables_limit = RateLimiter(
        limits.tables_total_per_second, limits.tables_total_burst, "new tables on this server", 1
    )

    def check_new_table(request: Request) -> None:
        table_limit.check(client_key(request))
        all_tables_limit.check("all")  # issue 26, finding 10: many addresses share one budget
        CREATOR.set(client_key(request))  # a table of bots only counts against this address (issue 48)

    # reads of large public documents (records), per address: as the library's reads (issue 48)
    read_limit = RateLimiter(
        limits.reads_per_second * scale, round(limits.read_burst * scale), "requests for records", limits.limiter_keys
    )
    records = RecordStore(store)
    service.expire_hooks.append(records.forget)
    record_builds = asyncio.Semaphore(2)

    sockets = SocketCaps(round(limits.sockets_per_address * scale), limits.sockets_per_table, limits.sockets_total)

    playtests = PlaytestService(
        workers=limits.playtest_workers or None,
        backend=limits.playtest_backend,
        ray_address=limits.ray_address,
        per_token=limits.playtests_per_token,
        per_address=max(1, round(limits.playtests_per_address * limits.address_scale)),
        queue_limit=limits.playtest_queue,
        cpu_seconds=limits.playtest_cpu_seconds,
        game_seconds=limits.playtest_game_seconds,
    )

    library = LibraryRouter(
        service,
        playtests,
        games=limits.library_games,
        address_scale=limits.address_scale,
        created=_created,
        check_new_table=check_new_table,
        responses=_errors(403, 404, 409, 422, 503),
    )

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> Any:
        await asyncio.to_thread(_warm_up, service)
        await asyncio.to_thread(library.start)
        await service.start()
        resume = asyncio.get_running_loop().create_task(library.resume())  # measures a dead process left
        if limits.playtest_warm:  # mnm serve: end what a crashed run left playing, then start afresh
            await asyncio.to_thread(end_leftovers)
            await asyncio.to_thread(playtests.warm)
        yield
        resume.cancel()
        await library.stop()
        await asyncio.to_thread(playtests.close)
        await service.stop()
        if service.bot_workers is not None:
            await asyncio.to_thread(service.bot_workers.close)
        if storage is None:
            store.close()

    app = FastAPI(
        title="Mice and Mystics",
        version=__version__,
        description="Shared tables for 1-4 players: create a table, share its seat links, play.",
        lifespan=lifespan,
        responses=_errors(*COMMON_ERRORS),
    )
    app.state.service = service
    app.state.playtests = playtests
    app.state.library = library
    app.state.storage = store
    app.state.limits = limits
    app.state.budget = budget
    app.state.sockets = sockets
    app.state.records = records

    @app.exception_handler(ApiError)
    async def _api_error(_request: Request, err: ApiError) -> JSONResponse:
        return _AsciiJSON(err.body(), status_code=err.status, headers=err.headers())

    @app.exception_handler(RequestValidationError)
    async def _invalid(_request: Request, err: RequestValidationError) -> JSONResponse:
        return _AsciiJSON(_validation_error(err.errors()).body(), status_code=400)

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(_request: Request, err: StarletteHTTPException) -> JSONResponse:
        code = {404: ErrorCode.NOT_FOUND, 405: ErrorCode.METHOD_NOT_ALLOWED}.get(err.status_code, ErrorCode.MALFORMED)
        status = err.status_code if code is not ErrorCode.MALFORMED else 400
        message = {404: "there is nothing at this address", 405: "this address does not take this method"}.get(
            err.status_code, "the request is malformed"
        )
        return JSONResponse(error_body(code, message), status_code=status, headers=dict(err.headers or {}))

    @app.exception_handler(Exception)
    async def _bug(_request: Request, err: Exception) -> JSONResponse:
        if isinstance(err, UnicodeEncodeError):  # an answer echoing a lone surrogate the request carried in
            message = "the request holds text that is not valid Unicode (a lone surrogate)"
            return _AsciiJSON(error_body(ErrorCode.BAD_CHAPTER, message), status_code=422)
        return JSONResponse(error_body(ErrorCode.INTERNAL, "the server failed; nothing was changed"), status_code=500)

    @app.middleware("http")
    async def _headers(request: Request, call_next: Callable[[Request], Awaitable[Response]]) -> Response:
        response = await call_next(request)
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["Referrer-Policy"] = "no-referrer"
        if not request.url.path.startswith("/docs"):
            response.headers["Content-Security-Policy"] = (
                "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
                "connect-src 'self' ws: wss:; frame-ancestors 'none'"
            )
        return response

    def client_key(request: Request) -> str:
        return request.client.host if request.client else "?"

    # --- endpoints ---------------------------------------------------------------------------------

    @app.get("/api/health", tags=["server"])
    async def health() -> dict[str, Any]:
        """Liveness: ``{"ok": true}``."""
        return {"ok": True}

    @app.get("/api/catalog", tags=["server"])
    async def catalog() -> dict[str, Any]:
        """Chapters and heroes to choose from."""
        content = service.content
        return {
            "chapters": [
                {
                    "id": c.id,
                    "number": c.number,
                    "name": {"en": c.name.en, "pt": c.name.pt},
                    "objective": {"en": c.objective.en, "pt": c.objective.pt},
                    "party_size": c.party_size,
                    "forbidden_heroes": list(c.forbidden_heroes),
                }
                for c in sorted(content.chapters.values(), key=lambda c: c.number)
            ],
            "heroes": [
                {"id": h.id, "name": {"en": h.name.en, "pt": h.name.pt}, "classes": [c.value for c in h.classes]}
                for h in content.heroes.values()
            ],
            "die": [{"number": f.number, "symbols": [s.value for s in f.symbols]} for f in content.die.faces],
            "options": options_json(GAME_OPTIONS),
            "difficulties": difficulties_json(),  # presets: bundles of the options above
            "seeds_allowed": limits.allow_seed,  # the form offers a seed field only where one is accepted
        }

    @app.post("/api/tables", status_code=201, tags=["tables"], responses=_errors(422, 503))
    async def create_table(body: CreateTable, request: Request) -> dict[str, Any]:
        """Create a table. The answer holds every token; it is the only time they are shown."""
        check_new_table(request)
        party = [p.lower() for p in body.party]
        seats = [[p.lower() for p in s] for s in body.seats] if body.seats is not None else [[p] for p in party]
        if not seats or any(not s for s in seats):
            raise ApiError(400, ErrorCode.MALFORMED, "every seat needs at least one mouse")
        flat = [h for s in seats for h in s]
        if sorted(flat) != sorted(party) or len(set(flat)) != len(flat):
            raise ApiError(400, ErrorCode.MALFORMED, "every mouse of the party must sit at exactly one seat")
        if body.seed is not None and not limits.allow_seed:
            raise ApiError(
                400,
                ErrorCode.SEED_NOT_ALLOWED,
                "this server draws every table's seed itself (a chosen seed would tell its creator every roll)",
                field="seed",
            )
        seed = body.seed if body.seed is not None else new_seed()
        if body.chapter is None and body.chapter_file is None:
            raise ApiError(400, ErrorCode.MALFORMED, "say which chapter: chapter (an id) or chapter_file", field="chapter")
        table, tokens = await service.create(
            body.chapter or "",
            party,
            seats,
            seed,
            body.companion,
            bots=body.bots,
            options=body.options,
            seed_chosen=body.seed is not None,
            chapter_file=body.chapter_file,
        )
        return _created(table, tokens, seed)

    @app.get("/api/tables/{table_id}", tags=["tables"], responses=_errors(403, 404, 503))
    async def get_table(
        table_id: str, x_seat_token: str | None = Header(default=None, max_length=100)
    ) -> dict[str, Any]:
        """The table as everyone sees it, the last events, and which seat your token opens."""
        table = await service.get(table_id)
        caller = table.caller(x_seat_token)
        return {"you": _you(table, caller), "view": table_view(table, with_log=True)}

    @app.get("/api/tables/{table_id}/board", tags=["tables"], responses=_errors(404, 503))
    async def get_board(table_id: str) -> dict[str, Any]:
        """The board as SVG (the sides now face up) and each space's centre and cells in SVG pixels."""
        table = await service.get(table_id)
        return board_json(table)

    @app.get("/api/tables/{table_id}/events", tags=["tables"], responses=_errors(404, 503))
    async def get_events(
        table_id: str, start: int = Query(default=0, ge=0), limit: int = Query(default=100, ge=1, le=500)
    ) -> dict[str, Any]:
        """Events ``start`` .. ``start+limit`` of the log, each with its sentence in English and Portuguese."""
        table = await service.get(table_id)
        first, events = log_page(table.game.events, table.content, start, limit)  # at most ~LOG_BYTES of them
        return {"start": first, "total": len(table.game.events), "events": events}

    @app.get("/api/tables/{table_id}/record", tags=["tables"], responses={**_errors(404, 409, 503), 304: {"description": "not modified (If-None-Match)"}})
    async def get_record(
        table_id: str,
        request: Request,
        if_none_match: str | None = Header(default=None, max_length=200),
        accept_encoding: str | None = Header(default=None, max_length=200),
    ) -> Response:
        """Once the chapter is over: everything needed to check its dice (setup, seed, commitment, every action
        with its typed dice and events), as a file to download. ``mnm verify FILE`` replays it from the seed.
        Built once when first asked for after the end, then served as stored (issue 48): ``ETag`` and
        ``If-None-Match`` (304), gzip when the client takes it; rate-limited per address like the other reads."""
        read_limit.check(client_key(request))
        found = await asyncio.to_thread(records.load, table_id[:40]) if 1 <= len(table_id) <= 40 else None
        if found is None:
            table = await service.get(table_id)
            # two at once at most (a burst of first requests cannot fill the threads), and under the table's lock:
            # the action that ended the chapter is written before anything is built from storage
            async with record_builds, table.lock:
                if not table.over:
                    raise ApiError(409, ErrorCode.NOT_FINISHED, "the record (with the seed) is published when the chapter ends")
                found = await asyncio.to_thread(records.load, table.id)
                if found is None:
                    record = await service.record(table)
                    found = await asyncio.to_thread(records.save, table.id, record)
        etag = f'"{found.etag}"'
        headers = {
            "ETag": etag,
            "Cache-Control": "public, max-age=86400",
            "Vary": "Accept-Encoding",
            "Content-Disposition": f'attachment; filename="mnm-{found.table_id}-record.json"',
        }
        if if_none_match is not None and (if_none_match.strip() == "*" or etag in if_none_match):
            return Response(status_code=304, headers=headers)
        if accept_encoding is not None and "gzip" in accept_encoding.lower():
            headers["Content-Encoding"] = "gzip"
            return Response(found.gz, media_type="application/json", headers=headers)
        return Response(await asyncio.to_thread(found.plain), media_type="application/json", headers=headers)

    @app.get("/api/tables/{table_id}/hints", tags=["tables"], responses=_errors(403, 404, 409, 503))
    async def get_hints(
        table_id: str,
        request: Request,
        lang: str = Query(default="en", pattern="^(en|pt)$"),
        x_seat_token: str | None = Header(default=None, max_length=100),
    ) -> dict[str, Any]:
        """The 3 best options for the pending decision, each with its estimated chance to win, the playouts
        behind it and a reason (the search bot's playouts, hidden things re-sampled; run off the event loop).
        Seats only; rate-limited."""
        table = await service.get(table_id)
        caller = table.caller(x_seat_token)
        if not caller.can_act:
            raise ApiError(403, ErrorCode.SPECTATOR, "hints are for the players at the table")
        hint_limit.check(client_key(request))
        hint_limit.check("token:" + token_key(x_seat_token))
        return await service.hints(table, lang, limits.hint_iterations)

    @app.post("/api/tables/{table_id}/actions", tags=["tables"], responses=_errors(403, 404, 409, 422, 503))
    async def post_action(
        table_id: str,
        body: ActionBody,
        request: Request,
        x_seat_token: str | None = Header(default=None, max_length=100),
    ) -> dict[str, Any]:
        """Play one of the decision's options (text form). 409 ``stale`` if the table moved on, 409
        ``need_dice`` in companion mode until enough faces are given, 403 for another seat's decision."""
        budget.spend(client_key(request), x_seat_token, table_id[:64])
        table = await service.get(table_id)
        caller = table.caller(x_seat_token)
        return await service.act(table, caller, body.action, body.version, body.dice)

    @app.post("/api/tables/{table_id}/undo", tags=["tables"], responses=_errors(403, 404, 409, 422, 503))
    async def post_undo(
        table_id: str,
        body: UndoBody,
        request: Request,
        x_seat_token: str | None = Header(default=None, max_length=100),
    ) -> dict[str, Any]:
        """Take back the last action when the engine allows it (no dice rolled, no card revealed)."""
        budget.spend(client_key(request), x_seat_token, table_id[:64])
        table = await service.get(table_id)
        caller = table.caller(x_seat_token)
        return await service.undo(table, caller, body.version)

    @app.post(
        "/api/tables/{table_id}/continue", status_code=201, tags=["tables"], responses=_errors(403, 404, 409, 422, 503)
    )
    async def post_continue(
        table_id: str,
        body: ContinueBody,
        request: Request,
        x_seat_token: str | None = Header(default=None, max_length=100),
    ) -> dict[str, Any]:
        """After the chapter ends: a new table for the next chapter (R-CAMP), same seats, same tokens; the host or
        any seated player may ask (issue 32)."""
        check_new_table(request)
        table = await service.get(table_id)
        caller = table.caller(x_seat_token)
        if await asyncio.to_thread(library.hidden_play, table.id):  # hidden means hidden (issue 48): no replay
            raise ApiError(404, ErrorCode.NO_LIBRARY_CHAPTER, "the operator hid this table's chapter", chapter=table.setup["chapter"])
        published = None if body.replay or body.chapter_file else await asyncio.to_thread(library.next_file, table)
        new = await service.continue_campaign(
            table, caller, dict(body.keep), body.replay, body.companion, body.chapter_file or (published and published[0])
        )
        await asyncio.to_thread(library.record_continued, table.id, new, published and published[1])
        seats = new.setup["seats"]
        token = x_seat_token or ""
        host = caller.seat == HOST
        own = [token if i == caller.seat else None for i in range(len(seats))]
        return {
            "table": new.id,
            "chapter": new.setup["chapter"],
            "version": new.version,
            "commit": seed_commitment(int(new.setup["seed"])),
            "host_token": token if host else None,
            "you": _you(new, caller),
            "link": f"/#t={new.id}&k={token}",  # the caller's own way in (its token is kept)
            "seats": [{"seat": i, "heroes": s, "bot": new.bot_names()[i]} for i, s in enumerate(seats)],
            "links": _links(new.id, {"host": token if host else None, "seats": own}),
            "tokens": "kept",
        }

    @app.post("/api/tables/{table_id}/keep", tags=["tables"], responses=_errors(403, 404, 409, 422, 503))
    async def post_keep(
        table_id: str,
        body: KeepBody,
        request: Request,
        x_seat_token: str | None = Header(default=None, max_length=100),
    ) -> dict[str, Any]:
        """After the chapter ends: choose the card one mouse keeps (R-CAMP-03). The choice is the table's: every
        seat sees it at once (a ``keep`` message on the socket) and "Next chapter" carries it. The seat owning the
        mouse decides (or the host; any seat for a bot's mouse)."""
        budget.spend(client_key(request), x_seat_token, table_id[:64])
        table = await service.get(table_id)
        caller = table.caller(x_seat_token)
        message = await service.choose_keep(table, caller, body.hero, body.card)
        return {"keep": message["keep"]}

    @app.websocket("/api/tables/{table_id}/ws")
    async def table_socket(websocket: WebSocket, table_id: str) -> None:
        await websocket.accept()
        address = websocket.client.host if websocket.client else "?"
        try:
            sockets.admit(address, table_id[:64])
        except ApiError as err:  # accepted first, so the client reads why before the close code
            # the close frame names the code as well: a client that closes at once may not read the message
            # before the close (issue 34, finding 10)
            with contextlib.suppress(Exception):
                await websocket.send_text(json.dumps({"type": "error", **err.body()}))
            with contextlib.suppress(Exception):
                await websocket.close(code=4503, reason=err.code.value)
            return
        try:
            await _serve_socket(websocket, table_id, service, limits, budget)
        finally:
            sockets.release(address, table_id[:64])

    app.include_router(
        workshop_router(
            service,
            playtests,
            max_drafts=limits.max_drafts,
            drafts_per_address=round(limits.drafts_per_address * limits.address_scale),
            new_drafts_per_hour=limits.new_drafts_per_hour,
            new_draft_burst=limits.new_draft_burst,
            address_scale=limits.address_scale,
            created=_created,
            check_new_table=check_new_table,
            responses=_errors(403, 404, 409, 422, 503),
        )
    )

    app.include_router(library.router)
    app.include_router(replay_router(limits.address_scale))  # issue 46: the replay viewer (mnm.server.replay_routes)
    app.include_router(sandbox_router())  # issue 46: the sandbox table (mnm.server.sandbox_routes)
    app.include_router(fits_router(limits.address_scale))  # issue 46: tiles that fit here (mnm.server.fits_routes)

    # --- the client --------------------------------------------------------------------------------

    static = web_dir()

    @app.get("/", include_in_schema=False)
    async def index() -> FileResponse:
        return FileResponse(static / "index.html", headers={"Cache-Control": "no-cache"})

    @app.get("/workshop", include_in_schema=False)
    async def workshop_page() -> FileResponse:
        """The chapter workshop: the same page; the client routes by path."""
        return FileResponse(static / "index.html", headers={"Cache-Control": "no-cache"})

    @app.get("/library", include_in_schema=False)
    async def library_page() -> FileResponse:
        """The chapter library: the same page; the client routes by path."""
        return FileResponse(static / "index.html", headers={"Cache-Control": "no-cache"})

    app.mount("/static", StaticFiles(directory=static), name="static")
    return _wrap(app, limits)


def _warm_up(service: TableService) -> None:
    """Load the message catalogs before the first player waits for them."""
    from mnm.engine import Event

    event_json(Event("chapter_begins", {"chapter": "x", "party": []}), service.content)
    # The content (thousands of long-lived objects) never dies: keep the collector from re-scanning it on
    # every full collection, which otherwise shows up as pauses of tens of ms in the latency tail.
    gc.collect()
    gc.freeze()


def _wrap(app: FastAPI, limits: Limits) -> FastAPI:
    app.add_middleware(_BodyLimit, limit=limits.max_body, timeout=limits.body_timeout, upload=limits.max_upload)
    return app


class _Outbox:
    """What the server sends to one socket, in order, by its own task: a broadcast only queues the text, so
    a slow or stalled reader never holds up the table's other sockets.

    When more than ``LIMIT`` messages wait (a burst of bot moves, a slow link), the queued table updates are
    dropped for one ``reload`` message (the client then asks for the whole state): answers to the client's own
    requests are kept. Only a reader that has not taken a single message for ``STALL`` seconds is closed."""

    LIMIT = 256
    STALL = 30.0
    _RELOAD = json.dumps({"type": "reload", "message": "many updates at once: ask for the whole table"})

    def __init__(self, ws: WebSocket) -> None:
        self.ws = ws
        self.queue: collections.deque[tuple[bool, str | None]] = collections.deque()  # (is an update, text)
        self.ready = asyncio.Event()
        self.dead = False
        self.sending_since = time.monotonic()
        self.task = asyncio.create_task(self._run())

    async def _run(self) -> None:
        try:
            while True:
                while not self.queue:
                    self.ready.clear()
                    await self.ready.wait()
                _update, text = self.queue.popleft()
                if text is None:
                    return
                self.sending_since = time.monotonic()
                await self.ws.send_text(text)
                self.sending_since = 0.0
        except Exception:
            self.dead = True

    async def send(self, message: dict[str, Any], text: str | None = None) -> None:
        if self.dead:
            raise ConnectionError("the socket is gone")
        if len(self.queue) >= self.LIMIT:
            if self.sending_since and time.monotonic() - self.sending_since > self.STALL:
                self.dead = True
                asyncio.get_running_loop().create_task(self._abort())
                raise ConnectionError("the reader took nothing for too long")
            kept = [item for item in self.queue if not item[0]]
            self.queue.clear()
            self.queue.extend(kept[-self.LIMIT // 2 :])
            self.queue.append((False, self._RELOAD))
        is_update = message.get("type") == "update"
        self.queue.append((is_update, text if text is not None else json.dumps(message)))
        self.ready.set()

    async def _abort(self) -> None:
        self.task.cancel()
        with contextlib.suppress(Exception):
            await self.ws.close(code=4408)

    async def close(self, code: int) -> None:
        """Deliver what is queued, then close with ``code``."""
        self.queue.append((False, None))
        self.ready.set()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(asyncio.shield(self.task), timeout=5)
        with contextlib.suppress(Exception):
            await self.ws.close(code=code)

    def cancel(self) -> None:
        self.task.cancel()


# Refusals an honest client meets in normal play (a race with another seat, a roll to type): answered, never
# counted against the socket. Every other refusal is a strike; too many and the socket is closed.
_NOT_STRIKES = frozenset(
    {ErrorCode.STALE, ErrorCode.NOT_YOUR_TURN, ErrorCode.NEED_DICE, ErrorCode.ILLEGAL, ErrorCode.CANNOT_UNDO}
)


async def _serve_socket(
    ws: WebSocket, table_id: str, service: TableService, limits: Limits, budget: _Budget
) -> None:
    """One socket: hello (token) first, then actions; every update of the table is pushed to it. Every
    message (sync and ping too) is paid from the same budget as HTTP actions."""
    outbox = _Outbox(ws)
    send = outbox.send
    address = ws.client.host if ws.client else "?"

    async def refuse(err: ApiError, ref: Any = None) -> None:
        body = {"type": "error", **err.body()}
        if ref is not None:
            body["ref"] = ref
        await send(body)

    try:
        budget.spend(address, None, table_id[:64])
        table = await service.get(table_id)
    except ApiError as err:
        await refuse(err)
        await outbox.close(4429 if err.status == 429 else 4404)
        return
    # hello
    try:
        first = await asyncio.wait_for(_receive(ws), timeout=limits.hello_timeout)
    except (TimeoutError, WebSocketDisconnect, RuntimeError):
        await outbox.close(4408)
        return
    token: str | None = None
    try:
        hello = _decode(first, limits)
        if hello.get("type") != "hello":
            raise ApiError(400, ErrorCode.MALFORMED, "the first message must be {'type': 'hello', 'token': ...}")
        given = hello.get("token")
        if given is not None and not isinstance(given, str):
            raise ApiError(400, ErrorCode.MALFORMED, "the token must be text")
        token = given
        caller = table.caller(token)
    except ApiError as err:
        await refuse(err)
        await outbox.close(4403 if err.status == 403 else 4400)
        return
    strikes = 0
    try:
        await send({"type": "state", "you": _you(table, caller), "view": table_view(table, with_log=True)})
        table.listeners.add(send)
        while True:
            text = await _receive(ws)
            ref = None
            try:
                message = _decode(text, limits)
                ref = message.get("ref")
                if ref is not None and (not isinstance(ref, (int, str)) or len(str(ref)) > 40):
                    ref = None
                kind = message.get("type")
                if kind not in ("action", "undo", "sync", "ping"):
                    raise ApiError(
                        400, ErrorCode.MALFORMED, f"unknown message type {str(kind)[:40]!r}: use action, undo, sync or ping"
                    )
                budget.spend(address, token, table.id, limits.sync_cost if kind == "sync" else 1.0)
                if kind == "ping":
                    await send({"type": "pong", "ref": ref})
                    continue
                current = await service.get(table_id)
                if current is not table:  # the table was reloaded from storage: follow it
                    table.listeners.discard(send)
                    table = current
                    table.listeners.add(send)
                if kind == "sync":
                    await send({"type": "state", "you": _you(table, caller), "view": table_view(table, with_log=True)})
                    continue
                if kind == "action":
                    update = await service.act(
                        table, caller, message.get("action"), message.get("version"), message.get("dice")
                    )
                else:
                    update = await service.undo(table, caller, message.get("version"))
                await send({"type": "ack", "ref": ref, "version": update["version"]})
            except ApiError as err:
                await refuse(err, ref)
                if err.code in _NOT_STRIKES:
                    continue
                strikes += 1
                if strikes >= limits.ws_strikes:
                    await outbox.close(4429)
                    return
    except (WebSocketDisconnect, RuntimeError, ConnectionError):
        pass
    finally:
        table.listeners.discard(send)
        outbox.cancel()


async def _receive(ws: WebSocket) -> str | None:
    """The next text message; None for a binary one (refused as malformed); raises on disconnect."""
    message = await ws.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    text = message.get("text")
    return text if isinstance(text, str) else None


def _decode(text: str | None, limits: Limits) -> dict[str, Any]:
    if text is None:
        raise ApiError(400, ErrorCode.MALFORMED, "messages are JSON text, not binary")
    if len(text) > limits.max_ws_message:
        raise ApiError(413, ErrorCode.TOO_BIG, f"a message is at most {limits.max_ws_message} characters")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as err:  # a deeply nested message: refused like any malformed one
        raise ApiError(400, ErrorCode.MALFORMED, "a message must be a JSON object") from err
    if not isinstance(data, dict):
        raise ApiError(400, ErrorCode.MALFORMED, "a message must be a JSON object")
    return data


FILES_BESIDE_SOCKETS = 256  # HTTP connections, database connections, the client's files, the interpreter's own


def fit_file_limit(limits: Limits) -> Limits:
    """Raise this process's open-file limit towards what ``limits.sockets_total`` needs (the hard limit allows
    that without privileges); if it still falls short, lower the socket cap to fit and say so. Each open
    WebSocket holds one file: with no room left the server cannot even answer ``/api/health`` (issue 26,
    finding 4; docs/deploy.md)."""
    import resource
    import sys

    need = limits.sockets_total + FILES_BESIDE_SOCKETS
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < need:
        target = need if hard == resource.RLIM_INFINITY else min(need, hard)
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            soft = target
    if soft != resource.RLIM_INFINITY and soft < need:
        fitted = max(1, soft - FILES_BESIDE_SOCKETS)
        print(
            f"mnm serve: the open-file limit is {soft}: at most {fitted} WebSockets instead of "
            f"{limits.sockets_total} (raise LimitNOFILE / ulimit -n to {need}; docs/deploy.md)",
            file=sys.stderr,
        )
        return dataclasses.replace(limits, sockets_total=fitted)
    return limits


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    db: str | None = None,
    log_level: str = "info",
    proxy_headers: bool = False,
    forwarded_allow_ips: str | None = None,
    allow_seed: bool = False,
    address_scale: float = 1.0,
    limits: Limits | None = None,
) -> None:
    """Run the server until interrupted (``mnm serve``). ``limits`` (else the defaults with ``allow_seed`` and
    ``address_scale``): the caps of docs/deploy.md, and where the workshop's play-tests run
    (``playtest_backend``, ``playtest_workers``; ``mnm serve`` starts their workers with the server).

    The client address (for the per-address limits) is the TCP peer's. ``X-Forwarded-For`` is believed only
    with ``proxy_headers`` or ``forwarded_allow_ips`` (the reverse proxy's addresses): otherwise anyone could
    name any address. Several processes may serve one PostgreSQL database (updates
    reach every process's sockets through LISTEN/NOTIFY: ``mnm.server.fanout``)."""
    import uvicorn

    from mnm.server.http import GuardedH11Protocol

    limits = limits or Limits(allow_seed=allow_seed, address_scale=address_scale)
    limits = fit_file_limit(limits)
    app = create_app(db, limits)
    trust = proxy_headers or forwarded_allow_ips is not None
    # no per-message deflate: compressing each update for every socket costs more than it saves on a LAN
    uvicorn.run(
        app,
        host=host,
        port=port,
        http=GuardedH11Protocol,
        h11_max_incomplete_event_size=8 * 1024 * 1024,  # GuardedH11Protocol refuses long heads long before this
        ws_max_size=64 * 1024,
        ws_per_message_deflate=False,
        proxy_headers=trust,
        forwarded_allow_ips=(forwarded_allow_ips or "127.0.0.1") if trust else "",
        log_level=log_level,
        access_log=False,
        timeout_keep_alive=5,
    )
