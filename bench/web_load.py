"""Load test of the web server: N tables of bot players at once over WebSockets, on loopback only.

Starts ``mnm serve`` on a free 127.0.0.1 port with a throwaway SQLite file (or ``--db URL``), creates the
tables, and for each table opens two seat sockets plus a spectator socket. Each table's bot plays the first
legal option of whatever decision is pending, over the socket of the seat that owns it. Measured per action:
the time from sending it to the moment the *spectator* socket receives the broadcast update (so it includes
validation, the engine, the storage write and the fan-out). Bounded by ``--actions`` per table and
``--seconds`` overall. Prints p50, p99 and actions/s.

    .venv/bin/python bench/web_load.py --tables 50 --actions 40
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import websockets

ROOT = Path(__file__).resolve().parents[1]
PARTY = ["collin", "tilda", "filch", "maginos"]
SEATS = [["collin", "tilda"], ["filch", "maginos"]]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(db: str, port: int) -> subprocess.Popen[bytes]:
    proc = subprocess.Popen(
        [sys.executable, "-m", "mnm", "serve", "--host", "127.0.0.1", "--port", str(port), "--db", db],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=1).json() == {"ok": True}:
                return proc
        except (httpx.HTTPError, ValueError):
            time.sleep(0.1)
    proc.kill()
    raise SystemExit("the server did not start")


async def hello(url: str, token: str | None) -> Any:
    ws = await websockets.connect(url, max_size=2**22)
    await ws.send(json.dumps({"type": "hello", "token": token}))
    state = json.loads(await ws.recv())
    assert state["type"] == "state", state
    return ws, state


async def run_table(base: str, made: dict[str, Any], max_actions: int, deadline: float, out: list[float]) -> int:
    ws_url = base.replace("http", "ws") + f"/api/tables/{made['table']}/ws"
    seats = []
    for s in made["seats"]:
        ws, _ = await hello(ws_url, s["token"])
        seats.append(ws)
    spectator, state = await hello(ws_url, None)
    view = state["view"]
    owner = {h: i for i, heroes in enumerate(SEATS) for h in heroes}
    played = 0
    try:
        while played < max_actions and time.monotonic() < deadline and view["decision"] is not None:
            decision = view["decision"]
            actor = decision["actor"]
            action = decision["options"][0]
            who = owner.get(actor, owner.get(action.split()[1], 0))
            sent = time.perf_counter()
            await seats[who].send(json.dumps({"type": "action", "action": action, "version": view["version"]}))
            while True:  # the spectator hears the broadcast
                msg = json.loads(await spectator.recv())
                if msg["type"] == "update" and msg["version"] == view["version"] + 1:
                    break
            out.append(time.perf_counter() - sent)
            view = msg["view"]
            played += 1
            # drain the acting seat's ack and update so its buffer stays small
    finally:
        for ws in (*seats, spectator):
            await ws.close()
    return played


async def main_async(args: argparse.Namespace, base: str) -> None:
    async with httpx.AsyncClient(base_url=base, timeout=30) as client:
        made = []
        for i in range(args.tables):
            r = await client.post(
                "/api/tables", json={"chapter": args.chapter, "party": PARTY, "seats": SEATS, "seed": i}
            )
            r.raise_for_status()
            made.append(r.json())
    latencies: list[float] = []
    start = time.perf_counter()
    deadline = time.monotonic() + args.seconds
    counts = await asyncio.gather(*(run_table(base, m, args.actions, deadline, latencies) for m in made))
    wall = time.perf_counter() - start
    total = sum(counts)
    lat = sorted(latencies)
    p50 = statistics.median(lat) * 1000 if lat else float("nan")
    p99 = lat[min(len(lat) - 1, int(len(lat) * 0.99))] * 1000 if lat else float("nan")
    print(f"tables={args.tables} actions={total} wall={wall:.2f}s actions/s={total / wall:.1f}")
    print(f"action-to-broadcast latency: p50={p50:.2f} ms p99={p99:.2f} ms max={lat[-1] * 1000:.2f} ms")
    print(f"target p99 < 50 ms: {'met' if p99 < 50 else 'NOT met'}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--actions", type=int, default=40, help="actions per table (upper bound)")
    parser.add_argument("--seconds", type=float, default=60.0, help="stop after this long (upper bound)")
    parser.add_argument("--chapter", default="proving-grounds")
    parser.add_argument("--db", default=None, help="database URL; a throwaway SQLite file if omitted")
    args = parser.parse_args()
    args.tables = max(1, min(args.tables, 200))
    args.actions = max(1, min(args.actions, 1000))
    args.seconds = max(1.0, min(args.seconds, 600.0))
    with tempfile.TemporaryDirectory() as tmp:
        db = args.db or f"sqlite:///{os.path.join(tmp, 'load.db')}"
        port = free_port()
        proc = start_server(db, port)
        try:
            asyncio.run(main_async(args, f"http://127.0.0.1:{port}"))
        finally:
            proc.terminate()
            proc.wait(timeout=10)


if __name__ == "__main__":
    main()
