"""Issue 48's load: heavy-chapter bot tables and record-fetch loops beside human tables; prints health p99.

Starts ``mnm serve`` on a free 127.0.0.1 port (SQLite unless ``--db``), then

1. measures ``GET /api/health`` alone for ``--idle`` seconds (the yardstick of this run, on this machine);
2. starts ``--humans`` tables of people (``bench/web_load.py``'s players: two seat sockets and a spectator each,
   the first option every ``--think`` seconds), ``--bots`` tables where the heuristic bot plays every seat of the
   heaviest chapter file the server takes (every trigger's rules at the bound of effects, docs/chapters.md), and
   ``--fetchers`` loops fetching the record of a finished table of that chapter as fast as they are answered
   (each loop is one connection from one address, as the attack's four);
3. measures the health check again meanwhile, and prints p50/p99 of both, the records fetched (and bytes), the
   bot tables' actions and the server's CPU.

The finished table whose record is fetched is played before the server starts, by the library's own table
service on the same database (at no pace), so the loops start at once.

    .venv/bin/python bench/heavy_tables.py --humans 50 --bots 4 --fetchers 4 --seconds 30
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

try:  # first: runs this script again with .venv/bin/python when mnm is not importable
    import _venv
except ModuleNotFoundError:
    _venv = None
import httpx
from web_load import PARTY, SEATS, connect_table, cpu_seconds, free_port, run_table, start_server

ROOT = Path(__file__).resolve().parents[1]
BASE = (ROOT / "examples" / "chapters" / "kitchen-run.yaml").read_text(encoding="utf-8")
TRIGGERS = ("figure_enters", "movement_roll", "round_begins", "round_ends", "hourglass_page", "search", "surge")


def heavy_chapter() -> str:
    """The heaviest chapter file the server takes: the attack's shape (rules of 20 give/take effects on
    figure_enters) cut to the bound of effects per trigger, on as many triggers as the file's bound allows."""
    from mnm.chapters.file import MAX_EFFECTS, MAX_EFFECTS_PER_TRIGGER

    per_rule = 20
    rules = []
    total = 2  # the walk-through chapter's own two effects
    for when in TRIGGERS:
        room = min(MAX_EFFECTS_PER_TRIGGER - (1 if when == "figure_enters" else 0), MAX_EFFECTS - total)
        n = 0
        while room - n * per_rule >= per_rule:
            do = ", ".join(["counter: {name: heap, op: add, value: 1}"] * per_rule)
            rules.append(f"  - id: heavy-{when.replace('_', '-')}-{n}\n    when: {when}\n    do: [{do}]\n")
            n += 1
        total += n * per_rule
    return BASE.replace("\nrooms:", "\n" + "".join(rules) + "rooms:", 1)


def finished_heavy_table(db: str, rounds: int) -> str:
    """A heavy-chapter table the bots played until the server's rounds budget stopped it: its id."""
    from mnm.server.storage import Storage
    from mnm.server.tables import TableService

    async def play() -> str:
        service = TableService(Storage(db), bot_table_pace=0.0, bot_table_rounds=rounds)
        table, _tokens = await service.create(
            "", PARTY, [[p] for p in PARTY], 12345, False, bots=["heuristic"] * 4, chapter_file=heavy_chapter()
        )
        await service.settle(table)
        service.storage.close()
        return table.id

    return asyncio.run(play())


def health_samples(base: str, seconds: float) -> list[float]:
    """(In its own process) ``GET /api/health`` every 20 ms for ``seconds``: each answer's seconds."""
    out = []
    until = time.monotonic() + seconds
    with httpx.Client(timeout=30) as client:
        while time.monotonic() < until:
            sent = time.perf_counter()
            r = client.get(base + "/api/health")
            out.append(time.perf_counter() - sent)
            assert r.status_code == 200
            time.sleep(0.02)
    return out


async def health_loop(base: str, until: float, out: list[float]) -> None:
    """The health checker runs in a process of its own: the load generator's own event loop (50 tables' sockets)
    must not delay it and count as the server's latency."""
    proc = await asyncio.create_subprocess_exec(
        sys.executable, __file__, "--health-of", base, "--seconds", str(max(0.0, until - time.monotonic())),
        stdout=asyncio.subprocess.PIPE,
    )
    stdout, _ = await proc.communicate()
    out.extend(json.loads(stdout))


async def keep_bot_tables(base: str, n: int, until: float, made: list[str]) -> None:
    """Keep ``n`` heavy-chapter tables of bots playing: a new one as soon as one ends."""
    text = heavy_chapter()
    body = {"chapter_file": text, "party": PARTY, "bots": ["heuristic"] * 4}
    playing: list[str] = []
    async with httpx.AsyncClient(timeout=30) as client:
        while time.monotonic() < until:
            for table in list(playing):  # asked cheaply (no view rendered): its record is refused while it plays
                if (await client.get(f"{base}/api/tables/{table}/record")).status_code != 409:
                    playing.remove(table)
            while len(playing) < n:
                r = await client.post(base + "/api/tables", json=body)
                r.raise_for_status()
                playing.append(r.json()["table"])
                made.append(playing[-1])
            await asyncio.sleep(1.0)


async def fetch_loop(base: str, table: str, until: float, tally: dict[str, int], rate: float) -> None:
    async with httpx.AsyncClient(timeout=60) as client:  # httpx asks for gzip, as a browser does
        while time.monotonic() < until:
            if rate > 0:
                await asyncio.sleep(1.0 / rate)
            r = await client.get(f"{base}/api/tables/{table}/record")
            tally[str(r.status_code)] = tally.get(str(r.status_code), 0) + 1
            tally["bytes"] = tally.get("bytes", 0) + int(r.headers.get("content-length", len(r.content)))
            if r.status_code == 429:
                await asyncio.sleep(float(r.headers.get("retry-after", "1")))


async def side_load(base: str, record_table: str, args: argparse.Namespace) -> tuple[list[str], dict[str, int]]:
    """(In its own process) the heavy bot tables and the record-fetch loops, for ``args.seconds``."""
    until = time.monotonic() + args.seconds
    bots: list[str] = []
    tally: dict[str, int] = {}
    await asyncio.gather(
        keep_bot_tables(base, args.bots, until, bots),
        *(fetch_loop(base, record_table, until, tally, args.fetch_rate) for _ in range(args.fetchers)),
    )
    return bots, tally


def quantiles(samples: list[float]) -> tuple[float, float]:
    s = sorted(samples)
    if not s:
        return float("nan"), float("nan")
    return statistics.median(s) * 1000, s[min(len(s) - 1, int(len(s) * 0.99))] * 1000


async def main_async(args: argparse.Namespace, base: str, pid: int, record_table: str) -> None:
    idle: list[float] = []
    await health_loop(base, time.monotonic() + args.idle, idle)
    async with httpx.AsyncClient(timeout=30) as client:
        humans = []
        for i in range(args.humans):
            r = await client.post(base + "/api/tables", json={"chapter": "proving-grounds", "party": PARTY, "seats": SEATS, "seed": i})
            r.raise_for_status()
            humans.append(r.json())
    sockets = await asyncio.gather(*(connect_table([base], i, m) for i, m in enumerate(humans)))
    cpu0 = cpu_seconds(pid)
    start = time.monotonic()
    until = start + args.seconds
    loaded: list[float] = []
    human_lat: list[float] = []
    tally: dict[str, int] = {}
    side = await asyncio.create_subprocess_exec(  # its own process: the humans' driver must not slow it down
        sys.executable, __file__, "--side-load-of", base, "--record-table", record_table, "--bots", str(args.bots),
        "--fetchers", str(args.fetchers), "--seconds", str(args.seconds), "--fetch-rate", str(args.fetch_rate),
        stdout=asyncio.subprocess.PIPE,
    )
    await asyncio.gather(
        health_loop(base, until, loaded),
        *(run_table(m, s, 10_000, until, human_lat, args.think) for m, s in zip(humans, sockets, strict=True)),
    )
    side_out, _ = await side.communicate()
    bots, tally = json.loads(side_out)
    wall = time.monotonic() - start
    cpu = cpu_seconds(pid) - cpu0
    async with httpx.AsyncClient(timeout=30) as client:
        versions = [(await client.get(f"{base}/api/tables/{t}")).json()["view"]["version"] for t in bots]
    i50, i99 = quantiles(idle)
    l50, l99 = quantiles(loaded)
    h50, h99 = quantiles(human_lat)
    print(f"load average before the run: {args.uptime}")
    print(f"health alone:       p50 {i50:.1f} ms  p99 {i99:.1f} ms  ({len(idle)} requests)")
    print(f"health under load:  p50 {l50:.1f} ms  p99 {l99:.1f} ms  ({len(loaded)} requests)")
    print(f"human tables: {args.humans}, {len(human_lat)} actions, action-to-broadcast p50 {h50:.1f} ms p99 {h99:.1f} ms")
    print(f"heavy bot tables: {args.bots} at once ({len(bots)} in all), {sum(versions)} actions in {wall:.0f} s")
    fetched = sum(v for k, v in tally.items() if k.isdigit())
    print(f"record fetches: {fetched} ({tally}), {tally.get('bytes', 0) / 1e6:.1f} MB on the wire (loops at {args.fetch_rate:g}/s)")
    print(f"server CPU: {cpu / wall:.0%} of one core")
    print(f"target health p99 < 50 ms: {'met' if l99 < 50 else 'NOT met'}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--humans", type=int, default=50, help="tables of people (web_load's players)")
    parser.add_argument("--think", type=float, default=1.0, help="mean seconds a person waits between actions")
    parser.add_argument("--bots", type=int, default=4, help="heavy-chapter tables of bots only")
    parser.add_argument("--fetchers", type=int, default=4, help="record-fetch loops")
    parser.add_argument(
        "--fetch-rate", type=float, default=10.0,
        help="requests/s of each fetch loop (10: what one address may sustain; 0: as fast as answered, which the "
        "bench's --address-scale 100 lets through)",
    )
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--idle", type=float, default=5.0, help="seconds of health checks before the load")
    parser.add_argument("--record-rounds", type=int, default=12, help="rounds of the finished table whose record is fetched")
    parser.add_argument("--db", default=None)
    parser.add_argument("--health-of", default=None, help=argparse.SUPPRESS)  # the health checker's own process
    parser.add_argument("--side-load-of", default=None, help=argparse.SUPPRESS)  # bot tables and record fetches
    parser.add_argument("--record-table", default="", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.health_of:
        print(json.dumps(health_samples(args.health_of, args.seconds)))
        return
    if args.side_load_of:
        print(json.dumps(asyncio.run(side_load(args.side_load_of, args.record_table, args))))
        return
    args.uptime = subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()
    with tempfile.TemporaryDirectory() as tmp:
        db = args.db or f"sqlite:///{os.path.join(tmp, 'heavy.db')}"
        record_table = finished_heavy_table(db, args.record_rounds)
        port = free_port()
        proc = start_server(db, port)
        try:
            asyncio.run(main_async(args, f"http://127.0.0.1:{port}", proc.pid, record_table))
        finally:
            proc.send_signal(2)
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()


if __name__ == "__main__":
    sys.exit(main())
