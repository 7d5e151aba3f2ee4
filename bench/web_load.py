"""Load test of the web server: N tables of bot players at once over WebSockets, on loopback only.

Starts ``mnm serve`` on free 127.0.0.1 ports (``--processes 2``: two processes on one PostgreSQL, a
throwaway one started by ``scripts/services.sh`` unless ``--db`` names one), creates the tables, and for each
table opens two seat sockets plus a spectator socket, spread over the processes (with two processes the
spectator of a table always listens on the other process than the first seat, so updates cross processes
through LISTEN/NOTIFY). Each table's bot plays the first legal option of whatever decision is pending, over
the socket of the seat that owns it. Measured per action: the time from sending it to the moment the
*spectator* socket receives the broadcast update (so it includes validation, the engine, the storage write
and the fan-out). Bounded by ``--actions`` per table and ``--seconds`` overall. Prints p50, p99 and
actions/s; ``--processes 1 2`` runs both and prints them side by side. ``--playtest N`` starts a workshop
play-test of N heuristic games of a three-tile chapter on the (first) server as the tables start, so the
tables' latency is measured while the play-test's worker processes take the CPU (issue 23).

    .venv/bin/python bench/web_load.py --tables 50 --actions 40
    .venv/bin/python bench/web_load.py --tables 100 --processes 1 2
    .venv/bin/python bench/web_load.py --tables 50 --playtest 1000
"""

from __future__ import annotations

import argparse
import asyncio
import gc
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

try:  # first: runs this script again with .venv/bin/python when mnm is not importable (issue 32)
    import _venv
except ModuleNotFoundError:  # run by runpy from another folder: the calling python imports mnm already
    _venv = None
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
    # every bot plays from 127.0.0.1: the per-address limits are lifted as for players behind one big NAT
    serve = ["serve", "--host", "127.0.0.1", "--port", str(port), "--db", db, "--allow-seed", "--address-scale", "100"]
    command = [*(["taskset", "-c", os.environ["MNM_PIN"]] if os.environ.get("MNM_PIN") else []), sys.executable, *prefix, "-m", "mnm", *serve]
    if os.environ.get("MNM_PYSPY"):  # a sampling profile of the server (py-spy's raw format: one stack per line)
        spy = os.path.join(os.path.dirname(sys.executable), "py-spy")
        command = [spy, "record", "--format", "raw", "--rate", "250", *(["--gil"] if os.environ.get("MNM_PYSPY_GIL") else []), "-o", os.environ["MNM_PYSPY"], "--", *command]
    proc = subprocess.Popen(
        command,
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


YARDSTICK_GAP = 0.005  # seconds between the yardstick's actions
DELTAS = True  # ask for updates as deltas of the view (issue 50); --whole-views: the whole view every time


async def hello(url: str, token: str | None) -> Any:
    ws = await websockets.connect(url, max_size=2**22)
    await ws.send(json.dumps({"type": "hello", "token": token, "deltas": DELTAS}))
    state = json.loads(await ws.recv())
    assert state["type"] == "state", state
    return ws, state


async def drain(ws: Any) -> None:
    try:
        async for _ in ws:
            pass
    except websockets.ConnectionClosed:
        pass


async def connect_table(bases: list[str], index: int, made: dict[str, Any]) -> tuple[list[Any], Any, dict[str, Any]]:
    """Two seat sockets and a spectator socket (the spectator's view is where play starts), spread over the
    processes: seat i of table t on process (t + i) % N, the spectator on process (t + 1) % N."""
    n = len(bases)

    def ws_url(k: int) -> str:
        return bases[k % n].replace("http", "ws", 1) + f"/api/tables/{made['table']}/ws"

    seats = []
    for i, s in enumerate(made["seats"]):
        ws, _ = await hello(ws_url(index + i), s["token"])
        seats.append(ws)
    spectator, state = await hello(ws_url(index + 1), None)
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
            wanted = view["version"] + 1
            while True:  # the spectator hears the broadcast
                msg = json.loads(await spectator.recv())
                if msg["type"] == "update" and "view" in msg:
                    view = msg["view"]
                elif msg["type"] == "update" and msg["base"] == view["version"]:  # a delta: patch the view
                    view = {**view, **msg["patch"]}
                    for key in msg["removed"]:
                        view.pop(key, None)
                elif msg["type"] == "state":
                    view = msg["view"]
                elif msg["type"] in ("update", "reload"):  # a gap (or too many at once): ask for the whole view
                    await spectator.send(json.dumps({"type": "sync"}))
                    continue
                if view["version"] >= wanted:
                    break
            out.append(time.perf_counter() - sent)
            if os.environ.get("MNM_BENCH_DEBUG") and out[-1] > 0.04:
                print(f"slow {out[-1] * 1000:.0f} ms at action {played + 1}, {deadline - time.monotonic():.1f} s before the end: {action} ({len(msg.get('events', ()))} events)")
            played += 1
            if think > 0:  # a player looks at the board before the next click (jittered so tables interleave)
                await asyncio.sleep(think * (0.5 + rng.random()))
    finally:
        for task in drains:
            task.cancel()
        for ws in (*seats, spectator):
            await ws.close()
    return played


THREE_TILES = ROOT / "src" / "mnm" / "content" / "data" / "chapters" / "02-the-root-road.yaml"


async def start_playtest(base: str, games: int) -> tuple[dict[str, str], str, float]:
    """A workshop play-test of ``games`` heuristic games (normal) of a three-tile chapter; its token and id."""
    async with httpx.AsyncClient(timeout=30) as client:
        token = (await client.post(base + "/api/workshop/token")).json()["token"]
        headers = {"X-Editor-Token": token}
        body = {"text": THREE_TILES.read_text(encoding="utf-8"), "games": games, "presets": ["normal"]}
        r = await client.post(base + "/api/workshop/playtests", json=body, headers=headers)
        r.raise_for_status()
        return headers, r.json()["id"], time.perf_counter()


async def report_playtest(base: str, playtest: tuple[dict[str, str], str, float]) -> None:
    headers, job, started = playtest
    async with httpx.AsyncClient(timeout=30) as client:
        got = (await client.get(f"{base}/api/workshop/playtests/{job}", headers=headers)).json()
    print(
        f"play-test while the tables played: {got['done']}/{got['total']} games {got['status']} after "
        f"{time.perf_counter() - started:.1f} s (worker CPU {got['cpu_seconds']:.1f} s)"
    )


async def _yardstick(folder: str, chapter: str, actions: int = 200, gap: float = YARDSTICK_GAP) -> float:
    """Milliseconds of CPU one action costs the table service in this process (no sockets, SQLite), the actions
    ``gap`` seconds apart as a player's are: the same machine's cost of the same work at this moment, which
    moves by a third on this shared box as its caches stay warm or not between actions (issue 50)."""
    from mnm.server.live import HOST, Caller
    from mnm.server.storage import Storage
    from mnm.server.tables import TableService

    async def heard(message: dict[str, Any], text: str) -> None:
        return None

    service = TableService(Storage(f"sqlite:///{folder}/yardstick.db"))
    tables = [(await service.create(chapter, PARTY, SEATS, seed, False))[0] for seed in range(20)]
    for table in tables:
        table.listeners.add(heard)
        table.deltas.add(heard)
        await service.full_view(table)
    spent: list[float] = []
    for i in range(actions):
        table = tables[i % len(tables)]
        decision = table.decision()
        if decision is None or not decision.options:
            continue
        began = time.process_time()
        await service.act(table, Caller(HOST), str(decision.options[0]), table.version)
        spent.append(time.process_time() - began)
        await asyncio.sleep(gap)
    await service.stop()
    service.storage.close()
    return statistics.median(spent) * 1000


def yardstick(chapter: str) -> float:
    with tempfile.TemporaryDirectory() as folder:
        return asyncio.run(_yardstick(folder, chapter))


def engine_build() -> str:
    """The engine build the servers run: they choose it as this process does (same files, same MNM_ENGINE)."""
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # a stale build's warning: the name says it
        from mnm import ENGINE_BUILD
    return str(ENGINE_BUILD)


def cpu_times(pid: int) -> tuple[float, float]:
    """User and system CPU time of a process (Linux /proc), to report the server's own cost per action."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        tick = os.sysconf("SC_CLK_TCK")
        return int(fields[11]) / tick, int(fields[12]) / tick
    except (OSError, IndexError, ValueError):
        return float("nan"), float("nan")


def loop_thread_seconds(pid: int) -> float:
    """CPU time of a server's main thread, the one running the event loop (its thread id is the process id)."""
    try:
        fields = Path(f"/proc/{pid}/task/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return float("nan")


def machine_busy() -> tuple[float, float]:
    """(busy, total) jiffies of the whole machine so far (Linux /proc/stat): the database's and the load
    generator's CPU count too, so a saturated machine shows."""
    try:
        fields = [int(x) for x in Path("/proc/stat").read_text().splitlines()[0].split()[1:]]
    except (OSError, ValueError):
        return float("nan"), float("nan")
    idle = fields[3] + (fields[4] if len(fields) > 4 else 0)
    return float(sum(fields) - idle), float(sum(fields))


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process."""
    return sum(cpu_times(pid))


async def main_async(args: argparse.Namespace, bases: list[str], pids: list[int]) -> dict[str, float]:
    async with httpx.AsyncClient(timeout=30) as client:
        made = []
        for i in range(args.tables):
            r = await client.post(
                bases[i % len(bases)] + "/api/tables",
                json={"chapter": args.chapter, "party": PARTY, "seats": SEATS, "seed": i},
            )
            r.raise_for_status()
            made.append(r.json())
    sockets = await asyncio.gather(*(connect_table(bases, i, m) for i, m in enumerate(made)))  # everyone sits down
    latencies: list[float] = []
    # the load generator's own full collections (1,500 sockets and their views) would stall every reply it
    # is waiting for at once, and count as the server's latency: none while it measures
    gc.collect()
    gc.freeze()
    gc.disable()
    cpu_before = sum(cpu_seconds(pid) for pid in pids)
    system_before = sum(cpu_times(pid)[1] for pid in pids)
    loop_before = sum(loop_thread_seconds(pid) for pid in pids)
    machine_before = machine_busy()
    playtest = await start_playtest(bases[0], args.playtest) if args.playtest else None
    start = time.perf_counter()
    client_before = time.process_time()
    deadline = time.monotonic() + args.seconds
    counts = await asyncio.gather(
        *(run_table(m, s, args.actions, deadline, latencies, args.think) for m, s in zip(made, sockets, strict=True))
    )
    wall = time.perf_counter() - start
    client_cpu = time.process_time() - client_before
    if playtest is not None:
        await report_playtest(bases[0], playtest)
    server_cpu = sum(cpu_seconds(pid) for pid in pids) - cpu_before
    server_system = sum(cpu_times(pid)[1] for pid in pids) - system_before
    server_loop = sum(loop_thread_seconds(pid) for pid in pids) - loop_before
    machine_after = machine_busy()
    busy = (machine_after[0] - machine_before[0]) / max(machine_after[1] - machine_before[1], 1.0)
    total = sum(counts)
    lat = sorted(latencies)
    p50 = statistics.median(lat) * 1000 if lat else float("nan")
    p99 = lat[min(len(lat) - 1, int(len(lat) * 0.99))] * 1000 if lat else float("nan")
    print(
        f"processes={len(bases)} tables={args.tables} think={args.think}s actions={total} wall={wall:.2f}s "
        f"actions/s={total / wall:.1f}"
    )
    print(f"action-to-broadcast latency: p50={p50:.2f} ms p99={p99:.2f} ms max={lat[-1] * 1000:.2f} ms")
    per_action = server_cpu * 1000 / max(total, 1)
    system = server_system * 1000 / max(total, 1)
    print(
        f"server CPU: {per_action:.2f} ms per action ({server_cpu / wall:.0%} of one core; "
        f"user {per_action - system:.2f} ms, system {system:.2f} ms; the event loop's thread "
        f"{server_loop * 1000 / max(total, 1):.2f} ms, the other threads {(server_cpu - server_loop) * 1000 / max(total, 1):.2f} ms)"
    )
    # the bots' own process shares the machine: when it is busy, part of the latency is its own
    print(f"load generator CPU: {client_cpu / wall:.0%} of one core; the whole machine busy {busy:.0%} of its cores")
    print(
        f"load average while it ran: {os.getloadavg()[0]:.2f} ({os.cpu_count()} cores); "
        f"updates as {'deltas' if DELTAS else 'whole views'}; engine: {engine_build()}"
    )
    print(
        f"yardstick: one action of the table service in the load generator's process (no sockets, "
        f"{YARDSTICK_GAP * 1000:.0f} ms apart), median {args.yardstick:.2f} ms CPU; the server's CPU per action "
        f"is {per_action / args.yardstick:.2f} times that"
    )
    for line in targets(len(bases), args.tables, per_action, p99):
        print(line)
    return {
        "processes": len(bases),
        "tables": args.tables,
        "actions": total,
        "actions_s": total / wall,
        "p50": p50,
        "p99": p99,
    }


def targets(processes: int, tables: int, per_action: float, p99: float) -> list[str]:
    """Issue 50's targets, each met or not (or not measured by this run's shape)."""

    def said(ok: bool) -> str:
        return "met" if ok else "NOT met"

    lines = [f"target server CPU <= 1.5 ms per action: {said(per_action <= 1.5)} ({per_action:.2f} ms)"]
    if processes == 1:
        name, limit, enough = "200 tables, one process, p99 < 50 ms", 50.0, tables >= 200
    else:
        name, limit, enough = "500 tables, two processes on PostgreSQL, p99 < 100 ms", 100.0, tables >= 500 and processes == 2
    if enough:
        lines.append(f"target {name}: {said(p99 < limit)} ({p99:.1f} ms)")
    else:
        lines.append(f"target {name}: not measured ({tables} tables on {processes} process(es) here)")
    return lines


def run(args: argparse.Namespace, db: str, processes: int) -> dict[str, float]:
    ports = [free_port() for _ in range(processes)]
    procs = []
    try:
        for port in ports:
            procs.append(start_server(db, port))
        return asyncio.run(main_async(args, [f"http://127.0.0.1:{p}" for p in ports], [p.pid for p in procs]))
    finally:
        for proc in procs:
            proc.send_signal(2)  # SIGINT: uvicorn shuts down cleanly (and a profile gets written)
        for proc in procs:
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()


def postgres() -> tuple[str, str]:
    """A throwaway PostgreSQL (scripts/services.sh): its URL and the env file that stops it."""
    out = subprocess.run(
        ["bash", str(ROOT / "scripts" / "services.sh"), "start"], check=True, capture_output=True, text=True
    )
    env_file = out.stdout.strip().splitlines()[-1]
    for line in Path(env_file).read_text().splitlines():
        for part in line.removeprefix("export ").split():
            if part.startswith("DATABASE_URL="):
                return part.split("=", 1)[1], env_file
    raise SystemExit("PostgreSQL did not start")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--actions", type=int, default=40, help="actions per table (upper bound)")
    parser.add_argument("--seconds", type=float, default=60.0, help="stop after this long (upper bound)")
    parser.add_argument("--think", type=float, default=1.0, help="mean seconds a bot waits between its actions")
    parser.add_argument("--chapter", default="proving-grounds")
    parser.add_argument("--db", default=None, help="database URL; SQLite (1 process) or PostgreSQL if omitted")
    parser.add_argument("--processes", type=int, nargs="+", default=[1], help="server processes (1 2: both runs)")
    parser.add_argument("--playtest", type=int, default=0, help="a workshop play-test of this many games meanwhile")
    parser.add_argument("--whole-views", action="store_true", help="updates as whole views (no deltas)")
    args = parser.parse_args()
    global DELTAS
    DELTAS = not args.whole_views
    args.tables = max(1, min(args.tables, 500))
    args.actions = max(1, min(args.actions, 1000))
    args.seconds = max(1.0, min(args.seconds, 600.0))
    args.think = max(0.0, min(args.think, 10.0))
    args.yardstick = yardstick(args.chapter)  # before the servers start: the machine as quiet as at the run's start
    counts = [max(1, min(n, 8)) for n in args.processes]
    env_file = None
    with tempfile.TemporaryDirectory() as tmp:
        db = args.db
        if db is None and max(counts) == 1:
            db = f"sqlite:///{os.path.join(tmp, 'load.db')}"
        elif db is None:
            db, env_file = postgres()
        try:
            results = [run(args, db, n) for n in counts]
        finally:
            if env_file is not None:
                subprocess.run(["bash", str(ROOT / "scripts" / "services.sh"), "stop", env_file], check=False)
    if len(results) > 1:
        print("\n| processes | tables | actions | actions/s | p50 ms | p99 ms |\n|---|---|---|---|---|---|")
        for r in results:
            print(
                f"| {r['processes']} | {r['tables']} | {r['actions']} | {r['actions_s']:.1f} | {r['p50']:.1f} | "
                f"{r['p99']:.1f} |"
            )


if __name__ == "__main__":
    main()
