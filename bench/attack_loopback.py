"""A short attack on ``mnm serve`` over loopback, bounded in count and time (issue 26's categories).

    python bench/attack_loopback.py [--quick]

Starts its own server on a free 127.0.0.1 port (SQLite in a temporary folder, open-file limit 1,024 as a
systemd unit would give it) and prints one line per category. Client addresses 127.0.0.2-127.0.0.99 stand for
many players (Linux routes all of 127/8 to loopback). Nothing leaves the machine.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import copy
import json
import os
import random
import resource
import socket
import subprocess
import sys
import tempfile
import threading
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


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(db: str, port: int) -> subprocess.Popen[bytes]:
    def low_file_limit() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (1024, 1024))

    proc = subprocess.Popen(
        [sys.executable, "-m", "mnm", "serve", "--port", str(port), "--db", db, "--allow-seed"],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        preexec_fn=low_file_limit,
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(url + "/api/health", timeout=1).status_code == 200:
                return proc
        time.sleep(0.1)
    raise RuntimeError("the server did not start")


def client(address: str) -> httpx.Client:
    return httpx.Client(transport=httpx.HTTPTransport(local_address=address), timeout=30)


def create(c: httpx.Client, url: str, **over: Any) -> httpx.Response:
    body = {"chapter": "proving-grounds", "party": PARTY, "seats": [PARTY[:2], PARTY[2:]], **over}
    return c.post(url + "/api/tables", json=body)


def play_to_end(c: httpx.Client, url: str, made: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    headers = {"X-Seat-Token": made["host_token"]}
    view = c.get(f"{url}/api/tables/{made['table']}").json()["view"]
    for _ in range(600):
        if view["decision"] is None:
            break
        r = c.post(
            f"{url}/api/tables/{made['table']}/actions",
            json={"action": rng.choice(view["decision"]["options"]), "version": view["version"]},
            headers=headers,
        )
        if r.status_code == 429:
            time.sleep(float(r.headers.get("Retry-After", "1")))
            continue
        view = r.json()["view"]
    return view


def undo_after_end(url: str, tables: int) -> str:
    """Finding 1: play tables to the end, then try to undo the ending."""
    accepted = refused = 0
    for n in range(tables):
        with client(f"127.0.4.{n + 1}") as c:  # one player per table: the per-address action budget is theirs
            made = create(c, url, seed=n + 1, chapter="flight-to-barksburg").json()
            view = play_to_end(c, url, made, random.Random(n))
            r = c.post(
                f"{url}/api/tables/{made['table']}/undo",
                json={"version": view["version"]},
                headers={"X-Seat-Token": made["host_token"]},
            )
            accepted += r.status_code == 200
            refused += r.status_code == 422 and r.json()["error"] == "cannot_undo"
    return f"1 undo after the end: {tables} tables played to the end, undo accepted {accepted}, refused {refused}"


def concurrent_hints(url: str, requests: int) -> str:
    """Finding 2: hint searches for two tables at once from many addresses; every answer for its own table."""
    tables = []
    with client("127.0.0.3") as c:
        for chapter in ("proving-grounds", "the-trickle-crossing"):
            tables.append(create(c, url, seed=5, chapter=chapter).json())
    legal = [
        set(httpx.get(f"{url}/api/tables/{t['table']}").json()["view"]["decision"]["options"]) for t in tables
    ]
    statuses: dict[int, int] = {}
    foreign = 0
    lock = threading.Lock()

    def ask(i: int) -> None:
        nonlocal foreign
        t = i % 2
        with client(f"127.0.1.{i + 1}") as c:
            r = c.get(
                f"{url}/api/tables/{tables[t]['table']}/hints",
                headers={"X-Seat-Token": tables[t]["host_token"]},
                timeout=120,
            )
        with lock:
            statuses[r.status_code] = statuses.get(r.status_code, 0) + 1
            if r.status_code == 200 and any(h["action"] not in legal[t] for h in r.json()["hints"]):
                foreign += 1

    threads = [threading.Thread(target=ask, args=(i,)) for i in range(requests)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    return f"2 concurrent hints: {requests} requests on 2 tables, statuses {dict(sorted(statuses.items()))}, answers naming the other table's options {foreign}"


def cached_moves(url: str, db: str, tables: int, actions: int) -> str:
    """Finding 3: random play on Chapter 3 tables (whistles and moves first), then each journal replayed from its
    seed with the library: an illegal move in a journal raises IllegalAction."""
    from mnm.content.loader import builtin_content
    from mnm.records.record import game_from_setup, replay_rows
    from mnm.server.storage import Storage

    ids = []
    played = 0
    for n in range(tables):
        with client(f"127.0.6.{n + 1}") as c:
            made = create(c, url, seed=100 + n, chapter="the-trickle-crossing").json()
            ids.append(made["table"])
            rng = random.Random(n)
            headers = {"X-Seat-Token": made["host_token"]}
            view = c.get(f"{url}/api/tables/{made['table']}").json()["view"]
            for _ in range(actions):
                if view["decision"] is None:
                    break
                options = view["decision"]["options"]
                weights = [3 if o.startswith(("whistle", "move")) else 1 for o in options]
                r = c.post(
                    f"{url}/api/tables/{made['table']}/actions",
                    json={"action": rng.choices(options, weights)[0], "version": view["version"]},
                    headers=headers,
                )
                if r.status_code == 200:
                    played += 1
                    view = r.json()["view"]
                elif r.status_code == 429:
                    time.sleep(1)
    store = Storage(db)
    content = builtin_content()
    failed = 0
    for table_id in ids:
        record = store.load(table_id)
        assert record is not None
        try:
            game = game_from_setup(record.setup, content)
            replay_rows(game, [(r.kind, r.action, r.dice) for r in record.journal])
        except Exception:
            failed += 1
    store.close()
    return f"3 cached reach: {tables} Chapter 3 tables, {played} actions accepted, journals that fail to replay {failed}"


async def _sockets(url: str, tables: list[str], addresses: int, per_address: int) -> tuple[int, dict[int, int], int]:
    ws_base = url.replace("http://", "ws://")
    opened: list[Any] = []
    closes: dict[int, int] = {}
    accepted = 0

    async def one(address: str, table: str) -> None:
        nonlocal accepted
        try:
            ws = await websockets.connect(f"{ws_base}/api/tables/{table}/ws", local_addr=(address, 0), open_timeout=20)
        except Exception:
            closes[-1] = closes.get(-1, 0) + 1
            return
        try:
            await ws.send(json.dumps({"type": "hello", "token": None}))
            first = json.loads(await asyncio.wait_for(ws.recv(), 20))
        except websockets.ConnectionClosed as err:
            code = err.rcvd.code if err.rcvd else -2
            closes[code] = closes.get(code, 0) + 1
            return
        if first.get("type") == "state":
            accepted += 1
            opened.append(ws)
        else:
            with contextlib.suppress(Exception):
                await ws.recv()
            code = ws.close_code or -3
            closes[code] = closes.get(code, 0) + 1

    for a in range(addresses):
        await asyncio.gather(*(one(f"127.0.2.{a + 1}", tables[(a * per_address + i) % len(tables)]) for i in range(per_address)))
    async with httpx.AsyncClient() as c:
        health = (await c.get(url + "/api/health", timeout=10)).status_code
    for ws in opened:
        with contextlib.suppress(Exception):
            await ws.close()
    return accepted, closes, health


def socket_flood(url: str, addresses: int, per_address: int) -> str:
    """Finding 4: many spectator sockets from many addresses against a server with 1,024 files."""
    with client("127.0.0.5") as c:
        tables = [create(c, url, seed=7).json()["table"] for _ in range(20)]
    accepted, closes, health = asyncio.run(_sockets(url, tables, addresses, per_address))
    return (
        f"4 sockets: {addresses * per_address} spectator sockets from {addresses} addresses on 20 tables "
        f"(server open-file limit 1,024): "
        f"{accepted} open, refusals by close code {dict(sorted(closes.items()))}, /api/health during the flood {health}"
    )


def tampered_saves(count: int) -> str:
    """Findings 5 and 6: tampered saves (numbers, chapter_data, track, stack, tokens) refused or playing."""
    from mnm.content.loader import builtin_content
    from mnm.engine import Game, IllegalAction, SaveError

    rng = random.Random(26)
    chapters = list(builtin_content().chapters)
    bases = []
    for n, chapter in enumerate(chapters * 2):
        game = Game.new(chapter, PARTY, seed=n)
        for _ in range(rng.randrange(5, 80)):
            d = game.decision()
            if d is None:
                break
            game.apply(rng.choice(list(d.options)))
        bases.append(game.to_json())
    junk: list[Any] = [3_000_000_000, 2**63, -(2**63), -1, None, "x", [], {}, ["no-such"], [[["deep"]]], True, 1.5]
    accepted = refused = crashed = 0
    examples: list[str] = []
    start = time.monotonic()
    for _ in range(count):
        save = copy.deepcopy(rng.choice(bases))
        paths: list[tuple[Any, ...]] = []
        _walk(save["state"], ("state",), paths)
        path = rng.choice(paths[1:])
        node = save
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = rng.choice(junk)
        try:
            game = Game.from_json(save)
        except SaveError as err:
            assert "\n" not in str(err)
            refused += 1
            continue
        accepted += 1
        try:
            for _ in range(8):
                d = game.decision()
                if d is None:
                    break
                with contextlib.suppress(IllegalAction):
                    game.apply(rng.choice(list(d.options)))
        except Exception as err:
            crashed += 1
            if len(examples) < 3:
                examples.append(f"{'.'.join(map(str, path))}: {type(err).__name__}")
    took = time.monotonic() - start
    return (
        f"5/6 saves: {count} tampered saves in {took:.0f} s: refused in one line {refused}, accepted {accepted}, "
        f"accepted and crashed within 8 moves {crashed} {examples}"
    )


def _walk(node: Any, path: tuple[Any, ...], paths: list[tuple[Any, ...]]) -> None:
    """Every path into ``node`` (the first six entries of each list)."""
    paths.append(path)
    if isinstance(node, dict):
        for k, v in node.items():
            _walk(v, (*path, k), paths)
    elif isinstance(node, list):
        for i, v in enumerate(node[:6]):
            _walk(v, (*path, i), paths)


def restart_at_once(db: str) -> str:
    """Finding 7: kill -9 the server with connections open, start it again on the same port at once."""
    port = free_port()
    proc = start_server(db, port)
    conns = [socket.create_connection(("127.0.0.1", port)) for _ in range(20)]
    for s in conns:
        s.sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n")
    time.sleep(0.5)
    proc.kill()
    proc.wait()
    for s in conns:
        s.close()
    started = time.monotonic()
    try:
        proc = start_server(db, port)
        took = time.monotonic() - started
        proc.terminate()
        proc.wait(timeout=10)
        return f"7 restart: started again on the same port {took:.1f} s after kill -9 (20 connections were open)"
    except RuntimeError:
        return "7 restart: did NOT start again"


def verify_finished(url: str, tables: int) -> str:
    """Finding 8: every finished table's record verifies from its seed."""
    from mnm.records.record import verify_record

    ok = 0
    for n in range(tables):
        with client(f"127.0.5.{n + 1}") as c:
            made = create(c, url, seed=300 + n).json()
            view = play_to_end(c, url, made, random.Random(n))
            record = c.get(url + view["fairness"]["record"]).json()
            ok += verify_record(record).ok
    return f"8 verify: {tables} finished tables, records verified {ok}"


def typed_errors() -> str:
    """Finding 9 (this build): non-text actions, number keys in scenarios, NUL bytes: typed errors only."""
    from mnm.engine import Game, MalformedAction, ScenarioError, load_scenario, scenario_from_yaml

    build = os.environ.get("MNM_ENGINE", "auto")
    other = 0
    cases = 0
    game = Game.new("proving-grounds", PARTY, seed=1)
    for bad in (5, None, b"x", ["move"], 3.5, {"a": 1}):
        cases += 1
        try:
            game.apply(bad)
        except MalformedAction:
            continue
        except Exception:
            other += 1
    for data in ({"tiles": {5: [1]}}, {"heroes": {5: {}}}, {"tokens": {1: ["5:1"]}}):
        cases += 1
        try:
            load_scenario({"chapter": "proving-grounds", "heroes": {"collin": {}}, **data})
        except ScenarioError:
            continue
        except Exception:
            other += 1
    for text in ("chapter: a\x00b", "\x07", "\ufffe"):
        cases += 1
        try:
            scenario_from_yaml(text)
        except ScenarioError:
            continue
        except Exception:
            other += 1
    return f"9 typed errors ({build} build): {cases} bad inputs, answered by another exception than the typed one {other}"


def creation_and_bodies(url: str, companion: int) -> str:
    """Finding 10: tables from 20 addresses at once; a large chunked body; companion previews with cards."""
    # companion tables: every need_dice preview checked for a card found before the dice were committed
    leaks = previews = 0
    for n in range(companion):
        with client(f"127.0.7.{n + 1}") as c:
            made = create(c, url, seed=500 + n, companion=True).json()
            headers = {"X-Seat-Token": made["host_token"]}
            rng = random.Random(n)
            view = c.get(f"{url}/api/tables/{made['table']}").json()["view"]
            for _ in range(60):
                if view["decision"] is None:
                    break
                action = rng.choice(view["decision"]["options"])
                faces: list[int] = []
                for _ in range(20):
                    r = c.post(
                        f"{url}/api/tables/{made['table']}/actions",
                        json={"action": action, "version": view["version"], "dice": faces},
                        headers=headers,
                    )
                    if r.status_code == 409 and r.json()["error"] == "need_dice":
                        previews += 1
                        preview = json.dumps(r.json()["params"].get("preview", []))
                        leaks += any(word in preview for word in ('"card_found"', '"encounter_drawn"', '"card_drawn"'))
                        faces = faces + [rng.randint(1, 6) for _ in range(r.json()["params"]["count"])]
                        continue
                    break
                if r.status_code == 200:
                    view = r.json()["view"]
                elif r.status_code == 429:
                    time.sleep(1)
                else:
                    view = c.get(f"{url}/api/tables/{made['table']}").json()["view"]
    created = limited = 0
    start = time.monotonic()
    for a in range(20):
        with client(f"127.0.3.{a + 1}") as c:
            for _ in range(60):
                r = create(c, url)
                created += r.status_code == 201
                limited += r.status_code == 429
    took = time.monotonic() - start
    head = b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
    piece = b"a" * 60_000
    body = b"".join(b"%x\r\n%s\r\n" % (len(piece), piece) for _ in range(8)) + b"0\r\n\r\n"
    host, port = url.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=10) as s:
        with contextlib.suppress(OSError):
            s.sendall(head + body)
        answer = s.recv(200).split(b"\r\n", 1)[0].decode()
    return (
        f"10 tables: 20 addresses x 60 in {took:.1f} s: created {created}, refused 429 {limited}; "
        f"a 480 KB chunked body: {answer}; companion previews {previews}, showing a card {leaks}"
    )


# --- issue 34: the server's new surfaces (uploaded chapters, the workshop, leftovers) ----------------------

EXAMPLE = (ROOT / "examples" / "chapters" / "kitchen-run.yaml").read_text(encoding="utf-8")
# a chapter that does not end (the end marker moves on at every hourglass page), a long story on every roll
ENDLESS = EXAMPLE.replace(
    "rules:                    # trigger",
    "rules:\n  - id: every-roll\n    rule: R-STORY-03\n    when: movement_roll\n    do: [story: {moment: saga}]\n"
    "  - id: later\n    rule: R-STORY-03\n    when: hourglass_page\n    do: [move_end_marker: {pages: 1}]\n#",
    1,
).replace("story:                    # moments", "story:\n  saga: {en: '" + "A long story. " * 280 + "', pt: x}\n#", 1)


def _cpu(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def playtest_cancel(url: str) -> str:
    """Finding 1: a search-bot play-test: cpu_seconds counted while its first chunk runs; cancel ends it."""
    c = client("127.0.0.40")
    editor = {"X-Editor-Token": c.post(url + "/api/workshop/token").json()["token"]}
    body = {"text": EXAMPLE, "games": 50, "bot": "search", "presets": ["normal"]}
    job = c.post(url + "/api/workshop/playtests", json=body, headers=editor).json()
    seen: dict[str, Any] = {}
    for _ in range(300):
        seen = c.get(f"{url}/api/workshop/playtests/{job['id']}", headers=editor).json()
        if seen["cpu_seconds"] > 2:
            break
        time.sleep(0.1)
    asked = time.monotonic()
    c.post(f"{url}/api/workshop/playtests/{job['id']}/cancel", headers=editor)
    while c.get(f"{url}/api/workshop/playtests/{job['id']}", headers=editor).json()["status"] == "running":
        time.sleep(0.02)
    took = time.monotonic() - asked
    return f"34.1 play-test: {seen['cpu_seconds']} CPU-s counted with {seen['done']} games done; cancelled in {took:.2f} s"


def endless_bot_table(url: str, pid: int, seconds: float) -> str:
    """Finding 2: a bot-only table of a chapter that does not end: the server's CPU, the view's size."""
    c = client("127.0.0.41")
    made = c.post(url + "/api/workshop/tables", json={"text": ENDLESS, "bots": ["heuristic"] * 4}).json()
    before, start = _cpu(pid), time.monotonic()
    time.sleep(seconds)
    share = (_cpu(pid) - before) / (time.monotonic() - start)
    r = c.get(f"{url}/api/tables/{made['table']}")
    view = r.json()["view"]
    return (
        f"34.2 bot table of an endless chapter: {share:.0%} of a core over {seconds:.0f} s, version "
        f"{view['version']}, view {len(r.content) / 1024:.0f} KB, stopped: {bool(view['stopped'])}"
    )


def fills(url: str) -> str:
    """Findings 7 and 8: one address, invented tokens: drafts saved and play-tests queued."""
    c = client("127.0.0.42")
    drafts = queued = 0
    for n in range(10):
        editor = {"X-Editor-Token": f"invented-editor-token-{n:06d}"}
        for d in range(5):
            drafts += c.put(f"{url}/api/workshop/drafts/d{d}", json={"text": "x" * 4000}, headers=editor).status_code == 200
        body = {"text": EXAMPLE, "games": 1000, "presets": ["normal"]}
        queued += c.post(url + "/api/workshop/playtests", json=body, headers=editor).status_code == 202
    return f"34.7/8 one address, 10 invented tokens: {drafts} of 50 drafts saved, {queued} of 10 play-tests queued"


def leftovers_after_kill(tmp: str) -> str:
    """Finding 6: kill -9 of a server while a play-test plays: its helper processes still alive after 2 s."""
    port = free_port()
    proc = start_server(f"sqlite:///{Path(tmp) / 'kill.db'}", port)
    url = f"http://127.0.0.1:{port}"
    c = client("127.0.0.43")
    editor = {"X-Editor-Token": c.post(url + "/api/workshop/token").json()["token"]}
    c.post(url + "/api/workshop/playtests", json={"text": EXAMPLE, "games": 50, "bot": "search"}, headers=editor)
    time.sleep(3)
    marker = f"MNM_PLAYTEST_SERVER={proc.pid}".encode()
    helpers = []
    for entry in Path("/proc").iterdir():
        with contextlib.suppress(OSError):
            if entry.name.isdigit() and marker in (entry / "environ").read_bytes().split(b"\0"):
                helpers.append(int(entry.name))
    proc.kill()
    proc.wait()
    time.sleep(2)
    states = []
    for pid in helpers:
        with contextlib.suppress(OSError):
            states.append(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0])
    alive = [s for s in states if s != "Z"]  # a zombie runs nothing: it waits for its new parent to reap it
    return (
        f"34.6 kill -9 during a play-test: {len(helpers)} helper processes, {len(alive)} running 2 s later "
        f"({len(states) - len(alive)} zombies waiting to be reaped)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="smaller counts")
    parser.add_argument("--only", type=int, nargs="+", default=[1, 2, 3, 4, 5, 7, 8, 9, 10, 34], help="categories to run (34: issue 34's)")
    args = parser.parse_args()
    q, only = args.quick, set(args.only)
    with tempfile.TemporaryDirectory() as tmp:
        db = f"sqlite:///{Path(tmp) / 'attack.db'}"
        port = free_port()
        proc = start_server(db, port)
        url = f"http://127.0.0.1:{port}"
        try:
            for number, step in (
                (1, lambda: undo_after_end(url, 3 if q else 10)),
                (2, lambda: concurrent_hints(url, 10 if q else 30)),
                (3, lambda: cached_moves(url, db, 3 if q else 10, 60 if q else 150)),
                (8, lambda: verify_finished(url, 2 if q else 5)),
                (4, lambda: socket_flood(url, 10 if q else 37, 10 if q else 30)),
                (10, lambda: creation_and_bodies(url, 2 if q else 8)),
                (34, lambda: playtest_cancel(url)),
                (34, lambda: endless_bot_table(url, proc.pid, 5 if q else 20)),
                (34, lambda: fills(url)),
            ):
                if number in only:
                    print(step(), flush=True)
        finally:
            proc.terminate()
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(timeout=10)
            if proc.poll() is None:
                proc.kill()
        if 7 in only:
            print(restart_at_once(db), flush=True)
        if 34 in only:
            print(leftovers_after_kill(tmp), flush=True)
    if 5 in only:
        print(tampered_saves(300 if q else 3000), flush=True)
    if 9 in only:
        print(typed_errors(), flush=True)


if __name__ == "__main__":
    main()
