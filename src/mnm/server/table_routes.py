"""The table routes of the API (``/api/tables/...``): create a table, read it (view, board, events, record,
hints), act, undo, go on with the campaign, choose what a mouse keeps, and the table's WebSocket. Added to the app
by :func:`mnm.server.app.create_app`, which owns what they share (the table service, the limits and budgets)."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Callable
from typing import Any

from fastapi import FastAPI, Header, Query, Request, Response, WebSocket

from mnm.server.asgi import error_statuses
from mnm.server.bodies import (
    ActionBody,
    ContinueBody,
    CreateTable,
    KeepBody,
    UndoBody,
    created_answer,
    share_links,
    you_are,
)
from mnm.server.config import Limits
from mnm.server.errors import ApiError, ErrorCode
from mnm.server.library import LibraryRouter
from mnm.server.limits import RateLimiter, SocketCaps, token_key
from mnm.server.record_store import RecordStore
from mnm.server.sockets import ActionBudget, serve_socket
from mnm.server.tables import HOST, TableService, new_seed, seed_commitment
from mnm.server.views import board_json, log_page

__all__ = ["add_table_routes"]


def add_table_routes(
    app: FastAPI,
    *,
    service: TableService,
    limits: Limits,
    budget: ActionBudget,
    sockets: SocketCaps,
    records: RecordStore,
    record_builds: asyncio.Semaphore,
    library: LibraryRouter,
    check_new_table: Callable[[Request], None],
    client_key: Callable[[Request], str],
    read_limit: RateLimiter,
    hint_limit: RateLimiter,
) -> None:
    """Add the table routes to ``app`` (in the order the OpenAPI document lists them)."""

    @app.post("/api/tables", status_code=201, tags=["tables"], responses=error_statuses(422, 503))
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
        return created_answer(table, tokens, seed)

    @app.get("/api/tables/{table_id}", tags=["tables"], responses=error_statuses(403, 404, 503))
    async def get_table(
        table_id: str, x_seat_token: str | None = Header(default=None, max_length=100)
    ) -> dict[str, Any]:
        """The table as everyone sees it, the last events, and which seat your token opens."""
        table = await service.get(table_id)
        caller = table.caller(x_seat_token)
        return {"you": you_are(table, caller), "view": await service.full_view(table)}

    @app.get("/api/tables/{table_id}/board", tags=["tables"], responses=error_statuses(404, 503))
    async def get_board(table_id: str) -> dict[str, Any]:
        """The board as SVG (the sides now face up) and each space's centre and cells in SVG pixels."""
        table = await service.get(table_id)
        return board_json(table)

    @app.get("/api/tables/{table_id}/events", tags=["tables"], responses=error_statuses(404, 503))
    async def get_events(
        table_id: str, start: int = Query(default=0, ge=0), limit: int = Query(default=100, ge=1, le=500)
    ) -> dict[str, Any]:
        """Events ``start`` .. ``start+limit`` of the log, each with its sentence in English and Portuguese."""
        table = await service.get(table_id)
        first, events = log_page(table.game.events, table.content, start, limit)  # at most ~LOG_BYTES of them
        return {"start": first, "total": len(table.game.events), "events": events}

    @app.get("/api/tables/{table_id}/record", tags=["tables"], responses={**error_statuses(404, 409, 503), 304: {"description": "not modified (If-None-Match)"}})
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

    @app.get("/api/tables/{table_id}/hints", tags=["tables"], responses=error_statuses(403, 404, 409, 503))
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

    @app.post("/api/tables/{table_id}/actions", tags=["tables"], responses=error_statuses(403, 404, 409, 422, 503))
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

    @app.post("/api/tables/{table_id}/undo", tags=["tables"], responses=error_statuses(403, 404, 409, 422, 503))
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
        "/api/tables/{table_id}/continue", status_code=201, tags=["tables"], responses=error_statuses(403, 404, 409, 422, 503)
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
            "you": you_are(new, caller),
            "link": f"/#t={new.id}&k={token}",  # the caller's own way in (its token is kept)
            "seats": [{"seat": i, "heroes": s, "bot": new.bot_names()[i]} for i, s in enumerate(seats)],
            "links": share_links(new.id, {"host": token if host else None, "seats": own}),
            "tokens": "kept",
        }

    @app.post("/api/tables/{table_id}/keep", tags=["tables"], responses=error_statuses(403, 404, 409, 422, 503))
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
            await serve_socket(websocket, table_id, service, limits, budget)
        finally:
            sockets.release(address, table_id[:64])
