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
import json
from collections.abc import Awaitable, Callable
from importlib import resources
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Header, Query, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from mnm import __version__
from mnm.engine import GAME_OPTIONS
from mnm.server.asgi import COMMON_ERRORS, _AsciiJSON, _BodyLimit, _errors, _validation_error
from mnm.server.bodies import ActionBody, ContinueBody, CreateTable, KeepBody, UndoBody, _created, _links, _you
from mnm.server.bot_workers import BotWorkers
from mnm.server.config import Limits
from mnm.server.errors import ApiError, ErrorCode, error_body
from mnm.server.library import LibraryRouter
from mnm.server.limits import RateLimiter, SocketCaps, token_key
from mnm.server.record_store import RecordStore
from mnm.server.sockets import _Budget, _serve_socket
from mnm.server.sockets import _Outbox as _Outbox  # tests reach it here
from mnm.server.storage import Storage, default_db_url
from mnm.server.tables import (
    CREATOR,
    HOST,
    TableService,
    new_seed,
    seed_commitment,
)
from mnm.server.views import board_json, difficulties_json, event_json, log_page, options_json
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
        return {"you": _you(table, caller), "view": await service.full_view(table)}

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
