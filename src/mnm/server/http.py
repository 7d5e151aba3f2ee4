"""The HTTP connection layer of ``mnm serve``: uvicorn's h11 protocol with a cap on request heads and a clock.

* A request head (request line and headers) over ``HEAD_LIMIT`` bytes is answered 431 and the connection is
  closed before more of it is read, so a 100 MB header never reaches memory.
* A request head not complete ``HEAD_TIMEOUT`` seconds after its first byte (or after the connection opened) is
  answered 408 and closed: half-sent requests are not held open. (Slow bodies are timed by the app.)

Both answers are the API's error JSON. uvicorn's default parser (httptools) has no such limit, so ``serve``
always uses this protocol.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from mnm.server.errors import ErrorCode, error_body

__all__ = ["HEAD_LIMIT", "HEAD_TIMEOUT", "GuardedH11Protocol"]

HEAD_LIMIT = 16 * 1024
HEAD_TIMEOUT = 10.0

_REASONS = {400: b"Bad Request", 408: b"Request Timeout", 431: b"Request Header Fields Too Large"}


class GuardedH11Protocol(H11Protocol):
    """uvicorn's h11 protocol, refusing heads over :data:`HEAD_LIMIT` (431) and slower than :data:`HEAD_TIMEOUT`
    (408)."""

    head_limit = HEAD_LIMIT
    head_timeout = HEAD_TIMEOUT

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._head_timer: asyncio.TimerHandle | None = self.loop.call_later(self.head_timeout, self._too_slow)

    def data_received(self, data: bytes) -> None:
        reading_head = self.conn.their_state is h11.IDLE
        if reading_head:
            if len(self.conn.trailing_data[0]) + len(data) > 4 * self.head_limit and not self._head_ends_in(data):
                self._refuse(431, ErrorCode.HEADERS_TOO_BIG, f"the request head is over {self.head_limit} bytes")
                return
            if self._head_timer is None:
                self._head_timer = self.loop.call_later(self.head_timeout, self._too_slow)
        super().data_received(data)
        if self.transport.is_closing():
            return
        if self.conn.their_state is not h11.IDLE:
            self._stop_timer()
        elif len(self.conn.trailing_data[0]) > self.head_limit:
            self._refuse(431, ErrorCode.HEADERS_TOO_BIG, f"the request head is over {self.head_limit} bytes")

    def _head_ends_in(self, data: bytes) -> bool:
        """Whether the head ends within :attr:`head_limit` bytes of what is buffered plus ``data``: the bytes
        after it are a body (too big a body is the app's 413, issue 26 finding 10), not more head."""
        buffered = self.conn.trailing_data[0]
        tail = bytes(buffered[-3:])
        end = (tail + data[: self.head_limit + 4]).find(b"\r\n\r\n")
        return end >= 0 and len(buffered) - len(tail) + end + 4 <= self.head_limit

    def send_400_response(self, msg: str) -> None:
        # h11 gives up on a head over its own buffer limit before our check after it runs, when the head arrives
        # in pieces smaller than the early check's bound: that is still a head too big, not a malformed request
        if len(self.conn.trailing_data[0]) > self.head_limit:
            self._refuse(431, ErrorCode.HEADERS_TOO_BIG, f"the request head is over {self.head_limit} bytes")
            return
        self._refuse(400, ErrorCode.MALFORMED, "this is not a valid HTTP request")

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_timer()
        super().connection_lost(exc)

    def _stop_timer(self) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None

    def _too_slow(self) -> None:
        self._head_timer = None
        if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
            if self.cycle is not None and not self.cycle.response_complete:
                return  # a response is still being written (keep-alive timing takes over after it)
            self._refuse(408, ErrorCode.TIMEOUT, f"the request was not sent within {self.head_timeout:g} seconds")

    def _refuse(self, status: int, code: ErrorCode, message: str) -> None:
        self._stop_timer()
        if self.transport.is_closing():
            return
        params: dict[str, Any] = {"limit": self.head_limit} if status == 431 else {}
        body = json.dumps(error_body(code, message, **params)).encode()
        head = (
            b"HTTP/1.1 %d %s\r\ncontent-type: application/json\r\ncontent-length: %d\r\nconnection: close\r\n\r\n"
            % (status, _REASONS[status], len(body))
        )
        self.transport.write(head + body)
        self.transport.close()
