"""What one accepted action costs the server, piece by piece (issue 50): CPU time in one process, no sockets.

Plays ``--tables`` tables of the Proving Grounds through the table service's own step (the engine step, the
snapshot, the write, the update's view and events, the encoding), the first legal option of each decision,
and prints the median CPU per action of each piece and of the whole step. The sockets, the ASGI layers and
the event loop's hand-offs are what ``bench/web_load.py`` measures beyond this.

    .venv/bin/python bench/server_pieces.py
    MNM_ENGINE=pure .venv/bin/python bench/server_pieces.py --tables 20 --actions 40
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

try:  # first: runs this script again with .venv/bin/python when mnm is not importable
    import _venv
except ModuleNotFoundError:
    _venv = None

from mnm import ENGINE_BUILD
from mnm.server import tables as tables_mod
from mnm.server.storage import Storage
from mnm.server.tables import TableService
from mnm.server.views import event_json, table_view

PARTY = ["collin", "tilda", "filch", "maginos"]
SEATS = [["collin", "tilda"], ["filch", "maginos"]]


def timed(spent: dict[str, list[float]], name: str, fn: Any, *args: Any, **kwargs: Any) -> Any:
    began = time.thread_time()
    result = fn(*args, **kwargs)
    spent[name].append(time.thread_time() - began)
    return result


async def play(tables: int, actions: int, db: str) -> dict[str, list[float]]:
    service = TableService(Storage(db))
    spent: dict[str, list[float]] = defaultdict(list)
    made = [
        (await service.create("proving-grounds", PARTY, SEATS, seed, False))[0] for seed in range(tables)
    ]
    for table in made:
        table.deltas.add(lambda *_: None)  # one socket asks for deltas: the delta is built too
    for _ in range(actions):
        for table in made:
            decision = table.decision()
            if decision is None or not decision.options:
                continue
            action = decision.options[0]
            game = table.game
            began = time.thread_time()
            n_events = len(game.events)
            events = timed(spent, "engine step", game.apply, action)
            row = tables_mod.JournalRow(
                table.version + 1, "action", str(action), [], 0, [e.to_json() for e in events]
            )
            due = row.version % tables_mod.SNAPSHOT_EVERY == 0  # as the server stores it
            snapshot = timed(spent, "snapshot (to_json)", game.to_json) if due else None
            timed(spent, "write (journal + snapshot)", service.storage.append, table.id, row, snapshot, game.state.status)
            table.version = row.version
            texts = [timed(spent, "events' sentences", event_json, e, table.content) for e in events]
            view = timed(spent, "view", table_view, table)
            message = {"type": "update", "kind": "action", "action": str(action), "seat": 0,
                       "version": table.version, "first_event": n_events, "events": texts, "view": view}
            timed(spent, "encoding (whole + delta)", tables_mod.encode_update, table, message)
            spent["the whole step"].append(time.thread_time() - began)
    return spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--actions", type=int, default=40, help="actions per table")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        spent = asyncio.run(play(args.tables, args.actions, f"sqlite:///{Path(folder) / 'pieces.db'}"))
    steps = len(spent["the whole step"])
    print(f"engine build: {ENGINE_BUILD}; {steps} actions on {args.tables} tables")
    for name, values in sorted(spent.items(), key=lambda kv: -sum(kv[1])):
        per_action = sum(values) / steps * 1000
        ordered = sorted(values)
        p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))] * 1000
        print(
            f"{name:28s} {per_action:6.3f} ms per action (per call: median {statistics.median(values) * 1000:.3f} ms, "
            f"p99 {p99:.3f} ms, max {ordered[-1] * 1000:.3f} ms)"
        )


if __name__ == "__main__":
    main()
