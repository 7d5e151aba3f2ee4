"""Issue 14, findings 4-6 and 9: identity and limits.

Forwarded headers are believed only when asked; limiters are bounded LRU maps with no global flush; idle
tables leave memory and come back from the journal; hint searches queue within a bound; sync and ping are in
the budget; stale and not-your-turn are answers, not strikes; a big head is 431 and a slow one 408; a burst of
updates never cuts off a reader; a deeply nested message is refused with a close frame.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
import threading
import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from web_helpers import create_body, free_port

from mnm.server import tables as tables_module
from mnm.server.app import Limits, Outbox, create_app
from mnm.server.http import GuardedH11Protocol
from mnm.server.limits import RateLimiter

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def body() -> dict[str, Any]:
    b = create_body()
    b.pop("seed")
    return b


@contextlib.contextmanager
def running(app: Any, **config: Any) -> Iterator[str]:
    """The app under a real uvicorn on loopback, in a thread, with ``mnm serve``'s protocol."""
    import uvicorn

    port = free_port()
    cfg = uvicorn.Config(
        app, host="127.0.0.1", port=port, log_level="error", http=config.pop("http", GuardedH11Protocol), **config
    )
    server = uvicorn.Server(cfg)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(url + "/api/health", timeout=1).status_code == 200:
                break
        time.sleep(0.05)
    try:
        yield url
    finally:
        server.should_exit = True
        thread.join(timeout=10)


def raw(url: str, data: bytes, wait: float = 5.0) -> bytes:
    host, port = url.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=wait) as s:
        with contextlib.suppress(OSError):  # the server refused and closed while we were still sending
            s.sendall(data)
        out = b""
        with contextlib.suppress(OSError):
            while chunk := s.recv(65536):
                out += chunk
    return out


# --- finding 4: forwarded headers, limiter tables ------------------------------------------------------------


def test_forged_forwarded_for_is_not_believed_by_default(tmp_path: Path) -> None:
    limits = Limits(table_burst=3, tables_per_second=0.001)
    app = create_app(f"sqlite:///{tmp_path / 'a.db'}", limits)
    with running(app, proxy_headers=False, forwarded_allow_ips="") as url:
        codes = [
            httpx.post(url + "/api/tables", json=body(), headers={"X-Forwarded-For": f"10.0.{i}.1"}).status_code
            for i in range(5)
        ]
    assert codes == [201, 201, 201, 429, 429]  # one client (the TCP peer), whatever it claims


def test_forwarded_for_from_a_named_proxy_is_believed(tmp_path: Path) -> None:
    limits = Limits(table_burst=3, tables_per_second=0.001)
    app = create_app(f"sqlite:///{tmp_path / 'b.db'}", limits)
    with running(app, proxy_headers=True, forwarded_allow_ips="127.0.0.1") as url:
        codes = [
            httpx.post(url + "/api/tables", json=body(), headers={"X-Forwarded-For": f"10.0.{i}.1"}).status_code
            for i in range(5)
        ]
    assert codes == [201] * 5  # five clients behind the proxy


def test_a_flood_of_new_keys_does_not_reset_a_busy_client() -> None:
    limiter = RateLimiter(rate=0.001, burst=2, max_keys=1000)
    limiter.check("abuser")
    limiter.check("abuser")
    assert limiter.wait("abuser") > 0
    for i in range(10_050):
        limiter.wait(f"10.{i // 256}.{i % 256}.1")
        if i % 100 == 0:
            assert limiter.wait("abuser") > 0  # still limited: it stays recently used
    assert len(limiter.buckets) <= 1000


def test_rate_limited_answers_say_when_to_retry(tmp_path: Path) -> None:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'c.db'}", Limits(table_burst=1, tables_per_second=0.5))) as c:
        assert c.post("/api/tables", json=body()).status_code == 201
        r = c.post("/api/tables", json=body())
    assert r.status_code == 429 and r.json()["error"] == "rate_limited"
    assert 1 <= int(r.headers["Retry-After"]) <= 2


def test_limits_per_seat_token_and_per_table_as_well_as_per_address(tmp_path: Path) -> None:
    limits = Limits(action_burst=4, actions_per_second=0.001)
    with TestClient(create_app(f"sqlite:///{tmp_path / 'd.db'}", limits)) as c:
        made = c.post("/api/tables", json=body()).json()
        budget = c.app.state.budget  # type: ignore[attr-defined]
        url = f"/api/tables/{made['table']}/actions"
        token = {"X-Seat-Token": made["host_token"]}
        budget.address.max_keys = 10**6
        for i in range(4):
            budget.address.buckets.clear()  # as if each request came from a new address
            assert c.post(url, json={"action": "end x", "version": 0}, headers=token).status_code != 429, i
        budget.address.buckets.clear()
        r = c.post(url, json={"action": "end x", "version": 0}, headers=token)
        assert r.status_code == 429 and "seat" in r.json()["message"]  # the token's own budget
        # the table's budget (three times a seat's) holds for every token and address together
        for _ in range(20):
            budget.address.buckets.clear()
            budget.token.buckets.clear()
            r = c.post(url, json={"action": "end x", "version": 0}, headers=token)
        assert r.status_code == 429 and "table" in r.json()["message"]


def test_idle_tables_leave_memory_and_come_back_from_the_journal(tmp_path: Path) -> None:
    limits = Limits(max_live_tables=2, action_burst=100, actions_per_second=100.0, table_burst=100)
    with TestClient(create_app(f"sqlite:///{tmp_path / 'e.db'}", limits)) as c:
        service = c.app.state.service  # type: ignore[attr-defined]
        first = c.post("/api/tables", json=body()).json()
        option = c.get(f"/api/tables/{first['table']}").json()["view"]["decision"]["options"][0]
        c.post(
            f"/api/tables/{first['table']}/actions",
            json={"action": option, "version": 0},
            headers={"X-Seat-Token": first["host_token"]},
        )
        before = c.get(f"/api/tables/{first['table']}").json()["view"]
        for _ in range(6):
            c.post("/api/tables", json=body())
        assert len(service.live) <= 2 and first["table"] not in service.live
        assert c.get(f"/api/tables/{first['table']}").json()["view"] == before  # rebuilt from the journal
        service.idle_seconds = 0.0
        service._last_sweep = 0.0
        c.post("/api/tables", json=body())
        assert len(service.live) <= 1


def test_the_hint_queue_is_bounded_with_retry_after(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    release = threading.Event()

    def slow(*_args: Any) -> list[dict[str, Any]]:
        release.wait(10)
        return []

    monkeypatch.setattr(tables_module, "_find_hints", slow)
    limits = Limits(hint_queue=2, hints_per_second=100.0, hint_burst=100)
    with TestClient(create_app(f"sqlite:///{tmp_path / 'f.db'}", limits)) as c:
        service = c.app.state.service  # type: ignore[attr-defined]
        made = c.post("/api/tables", json=body()).json()

        async def flood() -> list[Any]:
            table = await service.get(made["table"])
            tasks = [asyncio.create_task(service.hints(table, "en", 10)) for _ in range(4)]
            await asyncio.sleep(0.2)  # 2 running, 2 waiting
            refused = None
            try:
                await service.hints(table, "en", 10)
            except Exception as err:
                refused = err
            release.set()
            await asyncio.gather(*tasks)
            return [refused]

        (refused,) = c.portal.call(flood)  # type: ignore[union-attr]
    assert refused is not None and refused.status == 503 and refused.code == "busy"
    assert refused.headers()["Retry-After"] == "5"


# --- finding 5 and 9: the socket's budget, strikes and reader -------------------------------------------------


def hello(ws: Any, token: str | None) -> dict[str, Any]:
    ws.send_json({"type": "hello", "token": token})
    msg = ws.receive_json()
    assert msg["type"] == "state", msg
    return msg


def test_sync_and_ping_are_in_the_budget(tmp_path: Path) -> None:
    limits = Limits(action_burst=12, actions_per_second=0.001, sync_cost=5.0, ws_strikes=100)
    with TestClient(create_app(f"sqlite:///{tmp_path / 'g.db'}", limits)) as c:
        made = c.post("/api/tables", json=body()).json()
        with c.websocket_connect(f"/api/tables/{made['table']}/ws") as ws:  # opening: 1
            hello(ws, made["host_token"])
            ws.send_json({"type": "sync"})  # 5
            assert ws.receive_json()["type"] == "state"
            ws.send_json({"type": "sync"})  # 5: 11 spent
            assert ws.receive_json()["type"] == "state"
            ws.send_json({"type": "sync", "ref": 1})
            assert ws.receive_json()["error"] == "rate_limited"
            ws.send_json({"type": "ping", "ref": 2})  # 1: 12 spent
            assert ws.receive_json()["type"] == "pong"
            ws.send_json({"type": "ping", "ref": 3})
            assert ws.receive_json()["error"] == "rate_limited"


def test_stale_and_not_your_turn_are_answers_not_strikes(tmp_path: Path) -> None:
    limits = Limits(ws_strikes=2, action_burst=1000, actions_per_second=1000.0)
    with TestClient(create_app(f"sqlite:///{tmp_path / 'h.db'}", limits)) as c:
        made = c.post("/api/tables", json=body()).json()
        seat = made["seats"][1]["token"]  # filch and maginos: collin decides first
        option = c.get(f"/api/tables/{made['table']}").json()["view"]["decision"]["options"][0]
        with c.websocket_connect(f"/api/tables/{made['table']}/ws") as ws:
            hello(ws, seat)
            for i in range(10):
                ws.send_json({"type": "action", "action": option, "version": 5, "ref": i})
                assert ws.receive_json()["error"] == "stale"
                ws.send_json({"type": "action", "action": option, "version": 0, "ref": i})
                assert ws.receive_json()["error"] == "not_your_turn"
            ws.send_json({"type": "ping", "ref": "still"})
            assert ws.receive_json() == {"type": "pong", "ref": "still"}


def test_a_deeply_nested_message_is_refused_with_a_close_frame(tmp_path: Path) -> None:
    limits = Limits(max_ws_message=4096)
    with TestClient(create_app(f"sqlite:///{tmp_path / 'i.db'}", limits)) as c:
        made = c.post("/api/tables", json=body()).json()
        deep = "[" * 2000 + "]" * 2000
        with c.websocket_connect(f"/api/tables/{made['table']}/ws") as ws:
            ws.send_text(deep)
            assert ws.receive_json()["error"] == "malformed"
            with pytest.raises(WebSocketDisconnect) as info:
                ws.receive_json()
            assert info.value.code == 4400
        with c.websocket_connect(f"/api/tables/{made['table']}/ws") as ws:
            hello(ws, made["host_token"])
            ws.send_text('{"type": "action", "action": ' + deep + "}")
            assert ws.receive_json()["error"] == "malformed"
        assert c.get("/api/health").json() == {"ok": True}


def test_a_burst_of_updates_becomes_one_reload_not_a_cut_off() -> None:
    sent: list[str] = []

    class SlowSocket:
        async def send_text(self, text: str) -> None:
            await asyncio.sleep(0)  # reads, but not as fast as the burst arrives
            sent.append(text)

        async def close(self, code: int) -> None:
            sent.append(f"closed {code}")

    async def burst() -> None:
        outbox = Outbox(SlowSocket())  # type: ignore[arg-type]
        await outbox.send({"type": "ack", "ref": "mine"})
        for v in range(1000):
            await outbox.send({"type": "update", "version": v})
        await outbox.close(1000)

    asyncio.run(burst())
    kinds = [json.loads(t)["type"] for t in sent if not t.startswith("closed")]
    assert "ack" in kinds and "reload" in kinds  # the answer kept; the updates replaced by one reload
    assert sent[-1] == "closed 1000"  # closed by us at the end, not cut off for being behind
    assert len(kinds) < 1000


# --- finding 6: heads ----------------------------------------------------------------------------------------


def test_a_big_head_is_431_and_never_read_whole(tmp_path: Path) -> None:
    with running(create_app(f"sqlite:///{tmp_path / 'j.db'}")) as url:
        huge = b"GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * (2 * 1024 * 1024) + b"\r\n\r\n"
        answer = raw(url, huge)
        assert answer.startswith(b"HTTP/1.1 431 ")
        assert json.loads(answer.split(b"\r\n\r\n", 1)[1])["error"] == "headers_too_big"
        assert httpx.get(url + "/api/health").json() == {"ok": True}


def test_a_big_head_sent_in_small_pieces_is_431_too(tmp_path: Path) -> None:
    """h11 gives up on its own buffer limit before the server's check after it: still 431, not 400."""
    with running(create_app(f"sqlite:///{tmp_path / 'p.db'}")) as url:
        host, port = url.removeprefix("http://").split(":")
        head = b"GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * (200 * 1024) + b"\r\n\r\n"
        with socket.create_connection((host, int(port)), timeout=5) as s:
            with contextlib.suppress(OSError):  # refused and closed while we were still sending
                for start in range(0, len(head), 4096):
                    s.sendall(head[start : start + 4096])
                    time.sleep(0.001)  # one piece at a time reaches the server
            answer = b""
            with contextlib.suppress(OSError):
                while chunk := s.recv(65536):
                    answer += chunk
        assert answer.startswith(b"HTTP/1.1 431 ")
        assert json.loads(answer.split(b"\r\n\r\n", 1)[1])["error"] == "headers_too_big"


def test_a_half_sent_request_is_timed_out(tmp_path: Path) -> None:
    class Quick(GuardedH11Protocol):
        head_timeout = 0.5

    with running(create_app(f"sqlite:///{tmp_path / 'k.db'}", Limits(body_timeout=0.5)), http=Quick) as url:
        start = time.monotonic()
        answer = raw(url, b"GET /api/health HTTP/1.1\r\nHost: x\r\n")  # never finishes its head
        assert answer.startswith(b"HTTP/1.1 408 ") and time.monotonic() - start < 4
        start = time.monotonic()
        head = b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n"
        answer = raw(url, head + b'{"chapter"')  # the body never finishes
        assert b" 408 " in answer.split(b"\r\n", 1)[0] and time.monotonic() - start < 4
        assert json.loads(answer.split(b"\r\n\r\n", 1)[1])["error"] == "timeout"


def test_a_large_chunked_body_is_413_not_431(tmp_path: Path) -> None:
    """Issue 26, finding 10: a small head followed at once by a large chunked body is a body too big (413); the
    head check counted the body's bytes as head (431)."""
    with running(create_app(f"sqlite:///{tmp_path / 'c.db'}")) as url:
        head = b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
        piece = b"a" * 60_000  # six pieces: over Limits.max_upload too (a chapter file may ride POST /api/tables)
        chunks = b"".join(b"%x\r\n%s\r\n" % (len(piece), piece) for _ in range(6)) + b"0\r\n\r\n"
        answer = raw(url, head + chunks)
        assert answer.startswith(b"HTTP/1.1 413 "), answer[:80]
        assert json.loads(answer.split(b"\r\n\r\n", 1)[1])["error"] == "too_big"
