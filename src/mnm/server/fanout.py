"""Updates between server processes: every accepted action is announced through PostgreSQL ``NOTIFY``.

Several ``mnm serve`` processes may share one PostgreSQL database. Each action is written in one transaction
under the table's version guard (:meth:`mnm.server.storage.Storage.append`), and the same transaction sends
``NOTIFY mnm_tables, '<origin> <table> <version>'`` (delivered only if it commits). Every process listens on
its own connection; a process holding that table in memory reads the new journal rows and tells its own
sockets, exactly as the writing process told its sockets. SQLite has one process only: no fan-out.

A player's action is announced with what the other processes need to follow it without reading the journal or
building the update again (issue 50: each action cost the second process as much as the first):
``'<origin> <table> <version> +<row>\n<delta>'``, where ``<row>`` is the journal row's JSON without its events
(kind, action, dice, seat, and the events' stored size) and ``<delta>`` the update's delta text as the writer's
delta sockets got it (empty when it did not build one or it would not fit PostgreSQL's 8,000-byte payload: then
the follower builds the update itself). :meth:`mnm.server.tables.TableService.follow` plays it.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import threading
from collections.abc import Callable

from mnm.server.storage import CHANNEL, Storage

__all__ = ["PAYLOAD_BYTES", "Fanout", "PgFanout", "action_notice", "make_fanout", "parse_notice"]

Callback = Callable[[str, int, str | None, str | None], None]  # table, version, continued to, what it carried

# PostgreSQL refuses a NOTIFY payload of 8,000 bytes or more (and with it the transaction): a notice carrying
# more than this leaves its delta out
PAYLOAD_BYTES = 7900


def parse_notice(payload: str, own_origin: str) -> tuple[str, int, str | None, str | None] | None:
    """``(table, version, continued_to, carried)`` of another process's notice (``carried``: the ``<row>\n<delta>``
    part of an action's notice, see the module's docstring); None for this process's own or a bad one."""
    parts = payload.split(" ", 3)
    if len(parts) < 3 or parts[0] == own_origin:
        return None
    try:
        version = int(parts[2])
    except ValueError:
        return None
    rest = parts[3] if len(parts) > 3 else None
    if rest is not None and rest.startswith("+"):
        return parts[1], version, None, rest[1:]
    return parts[1], version, rest, None


def action_notice(row: dict[str, object], delta: str | None, head: int) -> str:
    """The ``+<row>\n<delta>`` part of an action's notice; the delta left out when the whole payload (``head``
    bytes before it) would pass :data:`PAYLOAD_BYTES`."""
    carried = "+" + json.dumps(row, separators=(",", ":"), ensure_ascii=False) + "\n"
    if delta and head + len(carried.encode()) + len(delta.encode()) <= PAYLOAD_BYTES:
        carried += delta
    return carried


class Fanout:
    """Delivers other processes' notices to ``callback`` on the event loop."""

    def start(self) -> None:  # pragma: no cover - interface
        raise NotImplementedError

    def stop(self) -> None:  # pragma: no cover - interface
        raise NotImplementedError


class PgFanout(Fanout):
    """A thread with its own PostgreSQL connection doing ``LISTEN mnm_tables`` (reconnects if it drops)."""

    def __init__(self, storage: Storage, loop: asyncio.AbstractEventLoop, callback: Callback) -> None:
        self.storage, self.loop, self.callback = storage, loop, callback
        self.stopping = threading.Event()
        self.thread: threading.Thread | None = None
        self.listening = threading.Event()

    def start(self) -> None:
        self.thread = threading.Thread(target=self._run, name="mnm-listen", daemon=True)
        self.thread.start()
        self.listening.wait(timeout=10)

    def stop(self) -> None:
        self.stopping.set()
        if self.thread is not None:
            self.thread.join(timeout=5)

    def _run(self) -> None:
        import psycopg

        while not self.stopping.is_set():
            try:
                with psycopg.connect(self.storage.dsn(), autocommit=True) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    self.listening.set()
                    while not self.stopping.is_set():
                        for notice in conn.notifies(timeout=0.5):
                            self._deliver(notice.payload)
            except Exception:
                self.listening.set()
                self.stopping.wait(1.0)  # the database went away: try again shortly

    def _deliver(self, payload: str) -> None:
        parsed = parse_notice(payload, self.storage.origin)
        if parsed is not None:
            with contextlib.suppress(RuntimeError):  # the loop closed while shutting down
                self.loop.call_soon_threadsafe(self.callback, *parsed)


def make_fanout(storage: Storage, loop: asyncio.AbstractEventLoop, callback: Callback) -> Fanout | None:
    """The fan-out for this storage: PostgreSQL LISTEN/NOTIFY, or none (SQLite: one process)."""
    if storage.backend != "postgresql":
        return None
    return PgFanout(storage, loop, callback)
