"""The server's limits (:class:`Limits`): every cap and budget of docs/deploy.md in one frozen record, which
``mnm serve`` fills from its options and tests make small."""

from __future__ import annotations

from dataclasses import dataclass

from mnm.bots.hints import PLAYOUTS
from mnm.chapters.file import MAX_CHAPTER_BYTES

__all__ = ["Limits"]


@dataclass(frozen=True)
class Limits:
    """Abuse limits (tests make them small)."""

    max_body: int = 16 * 1024  # bytes of an HTTP request body
    # bytes of a body that may carry a chapter file (creating a table, continuing a campaign): the file's limit,
    # a quarter more for JSON's escapes (newlines, quotes; send non-ASCII as UTF-8), and room for the rest
    max_upload: int = MAX_CHAPTER_BYTES + MAX_CHAPTER_BYTES // 4 + 16 * 1024
    max_ws_message: int = 4 * 1024  # characters of one WebSocket message
    actions_per_second: float = 20.0  # sustained, per client address and per seat token (HTTP and WebSocket)
    action_burst: int = 40  # (a table takes three times these from all its seats together)
    tables_per_second: float = 1.0  # table creation, per client address
    table_burst: int = 60
    hints_per_second: float = 0.25  # hint searches, per client address (each costs about 3 CPU seconds)
    hint_burst: int = 3
    hint_iterations: int = PLAYOUTS  # the hints' own default
    ws_strikes: int = 20  # refused WebSocket messages before the socket is closed
    hello_timeout: float = 10.0
    allow_seed: bool = False  # accept a seed chosen by the creator (tests, bug reports): that table's dice are known
    sync_cost: float = 5.0  # a WebSocket sync answers the whole view: it costs this many actions
    hint_queue: int = 4  # hint searches waiting for a worker before more are refused (503 busy)
    max_live_tables: int = 500  # tables kept in memory; idle ones beyond are rebuilt from storage on demand
    table_idle_seconds: float = 900.0  # a table nobody watched or played for this long leaves memory
    body_timeout: float = 10.0  # seconds to send a request body
    limiter_keys: int = 10_000  # buckets kept per limiter (least recently used forgotten first)
    address_scale: float = 1.0  # multiplies the per-address limits (many players behind one NAT; load tests)
    # open WebSockets (each holds a file descriptor: docs/deploy.md says what file limit a deployment needs)
    sockets_per_address: int = 32
    sockets_per_table: int = 64
    sockets_total: int = 768  # under the usual 1,024 open files, with room for HTTP, storage and the client files
    # new tables (and campaign steps) from all addresses together: a budget no set of addresses can exceed
    tables_total_per_second: float = 1.0
    tables_total_burst: int = 300
    table_expiry_days: float = 30.0  # a table nobody played for this long is deleted (0: kept for ever)
    # the workshop (issue 23): drafts per editor token, play-test workers and their bounds
    max_drafts: int = 20
    playtest_workers: int = 0  # 0: one per CPU
    playtest_backend: str = "local"  # local (processes) or ray (as mnm simulate --backend ray)
    ray_address: str | None = None
    playtest_cpu_seconds: float = 120.0  # CPU time one play-test may spend over all its workers
    playtests_per_token: int = 1
    playtests_per_address: int = 2  # running or queued, whatever the tokens (issue 34: one address filled the queue)
    playtest_queue: int = 8
    playtest_game_seconds: float = 30.0  # CPU seconds one play-test game may take (checked between its decisions)
    draft_expiry_days: float = 30.0  # a draft nobody saved for this long is deleted (0: kept for ever)
    drafts_per_address: int = 200  # drafts kept from one address, whatever the tokens (each up to 128 KB)
    new_drafts_per_hour: float = 30.0  # new drafts one address may save (after a burst of new_draft_burst)
    new_draft_burst: int = 20
    # a table where bots play every seat (issue 34, finding 2): seconds between two of its bots' actions, and
    # the rounds it may last before the server stops it ("the chapter did not end within N rounds")
    bot_table_pace: float = 0.25
    bot_table_rounds: int = 100
    bot_tables_per_address: int = 4  # tables of bots only playing at once per creating address (issue 48)
    bot_workers: int = 1  # worker processes where the server's bots decide (0: a thread of the serving process)
    playtest_warm: bool = False  # start the play-test workers with the server (mnm serve does; tests need not)
    library_games: int = 20  # the chapter library (issue 36): bot games per preset measuring a published chapter
    # reads of large public documents (a finished table's record), per client address (issue 48)
    reads_per_second: float = 10.0
    read_burst: int = 40
