"""The table WebSocket: a hello with the seat token first, then actions, undos, syncs and pings, each paid from
the same budget as HTTP actions; every update of the table is pushed through the socket's own outbox (a slow
reader never holds up the others). A socket whose hello says ``"deltas": true`` gets updates as deltas of the
view (issue 50: :func:`mnm.server.tables.encode_update`)."""

from __future__ import annotations

import asyncio
import collections
import contextlib
import json
import time
from typing import Any

from fastapi import WebSocket, WebSocketDisconnect

from mnm.server import wire
from mnm.server.bodies import you_are
from mnm.server.config import Limits
from mnm.server.errors import ApiError, ErrorCode
from mnm.server.limits import RateLimiter, token_key
from mnm.server.tables import (
    TableService,
)

__all__ = []  # the app wires serve_socket to its route; tests take Outbox


class ActionBudget:
    """The action budget of each request or WebSocket message: per client address, per seat token, per table."""

    def __init__(self, limits: Limits) -> None:
        rate, burst, keys = limits.actions_per_second, limits.action_burst, limits.limiter_keys
        scale = limits.address_scale
        self.address = RateLimiter(rate * scale, round(burst * scale), "requests from this address", keys)
        self.token = RateLimiter(rate, burst, "requests for this seat", keys)
        self.table = RateLimiter(3 * rate, 3 * burst, "requests at this table", keys)

    def spend(self, address: str, token: str | None, table_id: str, cost: float = 1.0, key: str | None = None) -> None:
        """``key``: the token's :func:`token_key` when the caller has it already (a socket hashes its token once)."""
        self.address.check(address, cost)
        if token:
            self.token.check(key or token_key(token), cost)
        self.table.check(table_id, cost)


class Outbox:
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
        self.queue.append((is_update, text if text is not None else wire.dumps(message)))
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


async def serve_socket(ws: WebSocket, table_id: str, service: TableService, limits: Limits, budget: ActionBudget) -> None:
    """One socket: hello (token) first, then actions; every update of the table is pushed to it. Every
    message (sync and ping too) is paid from the same budget as HTTP actions."""
    outbox = Outbox(ws)
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
        deltas = hello.get("deltas") is True  # issue 50: updates as deltas of the view (see mnm.server.tables)
    except ApiError as err:
        await refuse(err)
        await outbox.close(4403 if err.status == 403 else 4400)
        return
    strikes = 0
    key = token_key(token)  # the token's limiter key, hashed once for the socket's life
    try:
        await send({"type": "state", "you": you_are(table, caller), "view": await service.full_view(table)})
        table.listeners.add(send)
        if deltas:
            table.deltas.add(send)
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
                        400,
                        ErrorCode.MALFORMED,
                        f"unknown message type {str(kind)[:40]!r}: use action, undo, sync or ping",
                    )
                budget.spend(address, token, table.id, limits.sync_cost if kind == "sync" else 1.0, key)
                if kind == "ping":
                    await send({"type": "pong", "ref": ref})
                    continue
                current = await service.get(table_id)
                if current is not table:  # the table was reloaded from storage: follow it
                    table.listeners.discard(send)
                    table.deltas.discard(send)
                    table = current
                    table.listeners.add(send)
                    if deltas:
                        table.deltas.add(send)
                if kind == "sync":
                    await send({"type": "state", "you": you_are(table, caller), "view": await service.full_view(table)})
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
        table.deltas.discard(send)
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
        data = wire.loads(text)  # orjson: refuses NaN, lone surrogates and nesting past 1024 levels too
    except (ValueError, RecursionError) as err:  # a deeply nested message: refused like any malformed one
        raise ApiError(400, ErrorCode.MALFORMED, "a message must be a JSON object") from err
    if not isinstance(data, dict):
        raise ApiError(400, ErrorCode.MALFORMED, "a message must be a JSON object")
    return data
