"""Issue 14, point 4: two ``mnm serve`` processes on one PostgreSQL serve the same table.

Seat 1 plays through process A, seat 2 through process B, each over its own WebSocket; both sockets see the
same moves in the same order (PostgreSQL LISTEN/NOTIFY fan-out). Simultaneous answers to one version sent
to both processes have exactly one winner (the version guard, in one transaction). When process A is killed,
its client reconnects to B and finds every acknowledged move.
"""

from __future__ import annotations

import json
import queue
import threading
import time
from typing import Any

import httpx
import pytest
from web_helpers import SEATS, ServerProcess, create_body
from websockets.sync.client import ClientConnection, connect

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


class Socket:
    """A seat's WebSocket to one process, read by a thread into a queue."""

    def __init__(self, server: ServerProcess, table: str, token: str) -> None:
        self.ws: ClientConnection = connect(server.url.replace("http", "ws", 1) + f"/api/tables/{table}/ws")
        self.ws.send(json.dumps({"type": "hello", "token": token}))
        self.state = json.loads(self.ws.recv(timeout=30))
        assert self.state["type"] == "state", self.state
        self.inbox: queue.Queue[dict[str, Any]] = queue.Queue()
        self.updates: list[tuple[int, str]] = []
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        try:
            for text in self.ws:
                msg = json.loads(text)
                if msg["type"] == "update":
                    self.updates.append((msg["version"], msg["action"]))
                elif msg["type"] == "reload":  # as the web client does
                    self.ws.send(json.dumps({"type": "sync"}))
                elif msg["type"] == "state":
                    self.updates.append((msg["view"]["version"], "(state)"))
                self.inbox.put(msg)
        except Exception:
            pass

    def request(self, message: dict[str, Any]) -> dict[str, Any]:
        ref = f"r{time.monotonic_ns()}"
        self.ws.send(json.dumps({**message, "ref": ref}))
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            msg = self.inbox.get(timeout=30)
            if msg.get("ref") == ref:
                return msg
        raise AssertionError("no answer")

    def wait_version(self, version: int) -> None:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.updates and self.updates[-1][0] >= version:
                return
            time.sleep(0.01)
        raise AssertionError(f"version {version} never arrived (last {self.updates[-1:] or None})")

    def close(self) -> None:
        self.ws.close()


def seat_of(decision: dict[str, Any]) -> int:
    actor = decision["actor"]
    return 1 if actor in SEATS[1] else 0


def test_two_processes_one_table(postgres_url: str) -> None:
    a = ServerProcess(postgres_url).start()
    b = ServerProcess(postgres_url).start()
    try:
        body = create_body()
        body.pop("seed")
        made = httpx.post(a.url + "/api/tables", json=body).json()
        table, tokens = made["table"], [s["token"] for s in made["seats"]]
        host = {"X-Seat-Token": made["host_token"]}
        sockets = [Socket(a, table, tokens[0]), Socket(b, table, tokens[1])]
        version = 0
        played: list[str] = []
        for _ in range(16):
            view = httpx.get(f"{b.url}/api/tables/{table}").json()["view"]
            if view["decision"] is None:
                break
            assert view["version"] == version
            seat = seat_of(view["decision"])
            action = view["decision"]["options"][-1]
            answer = sockets[seat].request({"type": "action", "action": action, "version": version})
            assert answer["type"] == "ack", answer
            version = answer["version"]
            played.append(action)
            for s in sockets:
                s.wait_version(version)  # the other process's socket sees it too
        assert len(played) >= 8
        assert sockets[0].updates == sockets[1].updates  # the same moves, in the same order, on both processes
        assert all(action != "(state)" for _, action in sockets[0].updates)  # no reload was needed
        assert [v for v, _ in sockets[0].updates] == list(range(1, version + 1))

        # simultaneous answers to one version through both processes: exactly one winner each time
        for _ in range(5):
            view = httpx.get(f"{a.url}/api/tables/{table}").json()["view"]
            if view["decision"] is None:
                break
            action = view["decision"]["options"][0]
            results: list[int] = []

            def post(
                server: ServerProcess, action: str = action, version: int = version, results: list[int] = results
            ) -> None:
                r = httpx.post(
                    f"{server.url}/api/tables/{table}/actions",
                    json={"action": action, "version": version},
                    headers=host,
                    timeout=30,
                )
                results.append(r.status_code)

            threads = [threading.Thread(target=post, args=(s,)) for s in (a, b)]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            assert sorted(results) == [200, 409], results
            version += 1
            for s in sockets:
                s.wait_version(version)

        assert sockets[0].updates == sockets[1].updates  # the losers rolled back and caught up: no reload
        assert [v for v, _ in sockets[0].updates] == list(range(1, version + 1))

        # process A dies: its seat reconnects to B and finds every acknowledged move
        a.kill()
        sockets[0].close()
        again = Socket(b, table, tokens[0])
        assert again.state["view"]["version"] == version
        again.close()
        sockets[1].close()
    finally:
        a.stop()
        b.stop()
