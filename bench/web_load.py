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
import random
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
    prefix = ["-m", "cProfile", "-o", os.environ["MNM_PROFILE"]] if os.environ.get("MNM_PROFILE") else []
    proc = subprocess.Popen(
        [sys.executable, *prefix, "-m", "mnm", "serve", "--host", "127.0.0.1", "--port", str(port), "--db", db],
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


async def hello(url: str, token: str | None, local: str = "127.0.0.1") -> Any:
    # the server limits how fast one address opens sockets: wait as long as it says, then sit down again
    for _ in range(200):
        ws = await websockets.connect(url, max_size=2**22, local_addr=(local, 0))
        await ws.send(json.dumps({"type": "hello", "token": token}))
        state = json.loads(await ws.recv())
        if state.get("error") != "rate_limited":
            assert state["type"] == "state", state
            return ws, state
        await ws.close()
        await asyncio.sleep(float(state.get("params", {}).get("retry_after_seconds", 0.05)) + random.random() * 0.05)
    raise SystemExit("the server kept refusing new sockets")


async def drain(ws: Any) -> None:
    try:
        async for _ in ws:
            pass
    except websockets.ConnectionClosed:
        pass


def table_address(index: int) -> str:
    """Each table's players connect from their own loopback address (127.0.0.0/8 is all loopback on Linux), as
    players at different homes would: the server's per-address limits then apply per table, not to the bench."""
    return f"127.0.{1 + index // 250}.{1 + index % 250}"


async def connect_table(base: str, made: dict[str, Any], index: int) -> tuple[list[Any], Any, dict[str, Any]]:
    """Two seat sockets and a spectator socket (the spectator's view is where play starts)."""
    ws_url = base.replace("http", "ws", 1) + f"/api/tables/{made['table']}/ws"
    local = table_address(index)
    seats = []
    for s in made["seats"]:
        ws, _ = await hello(ws_url, s["token"], local)
        seats.append(ws)
    spectator, state = await hello(ws_url, None, local)
    return seats, spectator, state["view"]


async def run_table(
    made: dict[str, Any],
    sockets: tuple[list[Any], Any, dict[str, Any]],
    max_actions: int,
    deadline: float,
    out: list[float],
    think: float = 0.0,
) -> int:
    rng = random.Random(made["table"])
    seats, spectator, view = sockets
    drains = [asyncio.create_task(drain(ws)) for ws in seats]  # the players read their acks and updates too
    owner = {h: i for i, heroes in enumerate(SEATS) for h in heroes}
    played = 0
    if think > 0:  # players do not all click at the same instant
        await asyncio.sleep(think * rng.random())
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
            if os.environ.get("MNM_BENCH_DEBUG") and out[-1] > 0.08:
                print(f"slow {out[-1] * 1000:.0f} ms: {action} ({len(msg['events'])} events)")
            view = msg["view"]
            played += 1
            if think > 0:  # a player looks at the board before the next click (jittered so tables interleave)
                await asyncio.sleep(think * (0.5 + rng.random()))
    finally:
        for task in drains:
            task.cancel()
        for ws in (*seats, spectator):
            await ws.close()
    return played


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process (Linux /proc), to report the server's own cost per action."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return float("nan")


async def main_async(args: argparse.Namespace, base: str, server_pid: int) -> None:
    async with httpx.AsyncClient(base_url=base, timeout=30) as client:
        made = []
        for _ in range(args.tables):  # the server draws each table's seed
            r = await client.post("/api/tables", json={"chapter": args.chapter, "party": PARTY, "seats": SEATS})
            r.raise_for_status()
            made.append(r.json())
    sockets = await asyncio.gather(*(connect_table(base, m, i) for i, m in enumerate(made)))  # everyone sits down first
    latencies: list[float] = []
    cpu_before = cpu_seconds(server_pid)
    start = time.perf_counter()
    deadline = time.monotonic() + args.seconds
    counts = await asyncio.gather(
        *(run_table(m, s, args.actions, deadline, latencies, args.think) for m, s in zip(made, sockets, strict=True))
    )
    wall = time.perf_counter() - start
    server_cpu = cpu_seconds(server_pid) - cpu_before
    total = sum(counts)
    lat = sorted(latencies)
    p50 = statistics.median(lat) * 1000 if lat else float("nan")
    p99 = lat[min(len(lat) - 1, int(len(lat) * 0.99))] * 1000 if lat else float("nan")
    print(f"tables={args.tables} think={args.think}s actions={total} wall={wall:.2f}s actions/s={total / wall:.1f}")
    print(f"action-to-broadcast latency: p50={p50:.2f} ms p99={p99:.2f} ms max={lat[-1] * 1000:.2f} ms")
    print(f"server CPU: {server_cpu * 1000 / max(total, 1):.2f} ms per action ({server_cpu / wall:.0%} of one core)")
    print(f"target p99 < 50 ms: {'met' if p99 < 50 else 'NOT met'}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--actions", type=int, default=40, help="actions per table (upper bound)")
    parser.add_argument("--seconds", type=float, default=60.0, help="stop after this long (upper bound)")
    parser.add_argument("--think", type=float, default=1.0, help="mean seconds a bot waits between its actions")
    parser.add_argument("--chapter", default="proving-grounds")
    parser.add_argument("--db", default=None, help="database URL; a throwaway SQLite file if omitted")
    args = parser.parse_args()
    args.tables = max(1, min(args.tables, 200))
    args.actions = max(1, min(args.actions, 1000))
    args.seconds = max(1.0, min(args.seconds, 600.0))
    args.think = max(0.0, min(args.think, 10.0))
    with tempfile.TemporaryDirectory() as tmp:
        db = args.db or f"sqlite:///{os.path.join(tmp, 'load.db')}"
        port = free_port()
        proc = start_server(db, port)
        try:
            asyncio.run(main_async(args, f"http://127.0.0.1:{port}", proc.pid))
        finally:
            proc.send_signal(2)  # SIGINT: uvicorn shuts down cleanly (and a profile gets written)
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()


if __name__ == "__main__":
    main()
