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
                                           ("deltas": true in the hello: updates carry base/patch/removed
                                           instead of the whole view; a gap in versions: send sync)

Seat tokens travel in the ``X-Seat-Token`` header (HTTP) or the hello message (WebSocket), never in a URL the
server sees: links carry them after ``#``. Every refusal is ``{"error": code, "message": sentence}`` with a
status code; nothing changes on a refusal. Bodies and messages are size-limited; actions are rate-limited.

This module builds the app and its routes (``create_app``) and runs it (``serve``); the rest lives by concept
(issue 49/50): :mod:`mnm.server.config` (the limits), :mod:`mnm.server.asgi` (body guard, error answers),
:mod:`mnm.server.bodies` (request bodies and answers), :mod:`mnm.server.sockets` (the table WebSocket),
:mod:`mnm.server.tables` (the tables themselves), :mod:`mnm.server.views` (what clients see).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import gc
from collections.abc import Awaitable, Callable
from importlib import resources
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from mnm import __version__
from mnm.engine import GAME_OPTIONS
from mnm.server.asgi import COMMON_ERRORS, AsciiJSON, BodyLimit, error_statuses, validation_error
from mnm.server.bodies import created_answer
from mnm.server.bot_workers import BotWorkers
from mnm.server.collector import tune_collector
from mnm.server.config import Limits
from mnm.server.errors import ApiError, ErrorCode, error_body
from mnm.server.fits_routes import fits_router
from mnm.server.library import LibraryRouter
from mnm.server.limits import RateLimiter, SocketCaps
from mnm.server.record_store import RecordStore
from mnm.server.replay_routes import replay_router
from mnm.server.sandbox_routes import sandbox_router
from mnm.server.sockets import ActionBudget
from mnm.server.sockets import Outbox as Outbox  # tests reach it here
from mnm.server.storage import Storage, default_db_url
from mnm.server.table_routes import add_table_routes
from mnm.server.tables import (
    CREATOR,
    TableService,
)
from mnm.server.views import difficulties_json, event_json, options_json
from mnm.server.workshop import workshop_router
from mnm.workshop.playtest import PlaytestService, end_leftovers

__all__ = ["Limits", "create_app", "serve"]



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
    budget = ActionBudget(limits)
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
        created=created_answer,
        check_new_table=check_new_table,
        responses=error_statuses(403, 404, 409, 422, 503),
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
        responses=error_statuses(*COMMON_ERRORS),
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
        return AsciiJSON(err.body(), status_code=err.status, headers=err.headers())

    @app.exception_handler(RequestValidationError)
    async def _invalid(_request: Request, err: RequestValidationError) -> JSONResponse:
        return AsciiJSON(validation_error(err.errors()).body(), status_code=400)

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
            return AsciiJSON(error_body(ErrorCode.BAD_CHAPTER, message), status_code=422)
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

    add_table_routes(
        app,
        service=service,
        limits=limits,
        budget=budget,
        sockets=sockets,
        records=records,
        record_builds=record_builds,
        library=library,
        check_new_table=check_new_table,
        client_key=client_key,
        read_limit=read_limit,
        hint_limit=hint_limit,
    )

    app.include_router(
        workshop_router(
            service,
            playtests,
            max_drafts=limits.max_drafts,
            drafts_per_address=round(limits.drafts_per_address * limits.address_scale),
            new_drafts_per_hour=limits.new_drafts_per_hour,
            new_draft_burst=limits.new_draft_burst,
            address_scale=limits.address_scale,
            created=created_answer,
            check_new_table=check_new_table,
            responses=error_statuses(403, 404, 409, 422, 503),
        )
    )

    app.include_router(library.router)
    app.include_router(replay_router(limits.address_scale), responses=error_statuses(403, 404, 409, 422, 503))  # issue 46: the replay viewer (mnm.server.replay_routes)
    app.include_router(sandbox_router(), responses=error_statuses(403, 404, 409, 422, 503))  # issue 46: the sandbox table (mnm.server.sandbox_routes)
    app.include_router(fits_router(limits.address_scale), responses=error_statuses(403, 404, 409, 422, 503))  # issue 46: tiles that fit here (mnm.server.fits_routes)

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
    app.add_middleware(BodyLimit, limit=limits.max_body, timeout=limits.body_timeout, upload=limits.max_upload)
    return app


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
    tune_collector()  # issue 50: no full collection at an unforeseen moment (mnm.server.collector)
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
