"""HTTP plumbing below the routes: the body-size and body-time guard, error answers as JSON, and the error
statuses the OpenAPI document lists."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Awaitable, Callable, MutableMapping, Sequence
from typing import Any

from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field

from mnm.server.errors import ApiError, ErrorCode, error_body

__all__ = ["COMMON_ERRORS", "ErrorAnswer", "Message", "Receive", "Scope", "Send"]

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]


class BodyLimit:
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


class AsciiJSON(JSONResponse):
    """Error answers as ASCII JSON: a refusal may quote what the client sent, and a lone surrogate the client
    sent ("\\ud800" in its JSON) stays an escape instead of failing to encode (issue 34, finding 9)."""

    def render(self, content: Any) -> bytes:
        return json.dumps(content, ensure_ascii=True, separators=(",", ":")).encode("ascii")


def _too_big(limit: int) -> dict[str, Any]:
    return error_body(ErrorCode.TOO_BIG, f"the request body is over {limit} bytes", limit=limit)


def validation_error(errors: Sequence[Any]) -> ApiError:
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


def error_statuses(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """OpenAPI ``responses`` for these error statuses, all answered as :class:`ErrorAnswer`."""
    return {s: {"model": ErrorAnswer, "description": _STATUS_TEXT[s]} for s in statuses}


COMMON_ERRORS = (400, 408, 413, 429, 431, 500)
