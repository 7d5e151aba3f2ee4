"""Live tables: the game of each table in memory, who may act for which mouse, and who is listening.

The server is authoritative. An action is checked in this order, and any failure changes nothing:
the caller's token names a seat of this table; the action is for the state version the caller saw; the
text parses; the deciding mouse (or, for a party decision, the acting mouse) belongs to the caller's seat;
the engine accepts it. Then the journal row is written to storage, and only then are listeners told.

Why it is longer than ~800 lines (issue 49): :class:`TableService` is one lock discipline — every path that
changes a table (an action, an undo, a keep, a campaign's next chapter, a bot's run, a sandbox change, a row
another process wrote) takes ``table.lock``, steps off the loop under ``table.state_lock``, writes before it tells,
and puts the table right when the write fails — and a reader checks that discipline best in one place. The
table's own state is :mod:`mnm.server.live`, its routes :mod:`mnm.server.table_routes`, its sockets
:mod:`mnm.server.sockets`, its views :mod:`mnm.server.views`.
"""

from __future__ import annotations

import asyncio
import concurrent.futures as cf
import contextlib
import contextvars
import functools
import hashlib
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from mnm.chapters.file import ChapterFileError, added_chapter, read_chapter_text
from mnm.content.loader import Content, builtin_content
from mnm.engine import (
    Action,
    DiceError,
    EngineError,
    Event,
    Game,
    IllegalAction,
    MalformedAction,
    NeedDice,
    check_faces,
)
from mnm.presentation.seating import BOT_NAMES, undo_goes_on
from mnm.records.record import RECORD_FORMAT, game_from_setup, replay_rows, seed_commitment
from mnm.server import wire
from mnm.server.bot_workers import BotWorkers
from mnm.server.errors import ApiError, ErrorCode
from mnm.server.fanout import Fanout, action_notice
from mnm.server.live import HOST, SPECTATOR, Caller, LiveTable, token_hash
from mnm.server.storage import KEEP_NOTICE, JournalRow, StaleVersion, Storage, TableRecord
from mnm.server.views import dice_preview, event_json

__all__ = ["ApiError", "Caller", "LiveTable", "TableService", "seed_commitment"]

BOT = -3  # the seat number journal rows carry when the server's bot played the action

BOT_RUN_LIMIT = 5000  # actions one bot run plays at most (a whole chapter is far fewer)
BOT_TABLE_ACTIONS = 5000  # actions a table where bots play every seat may take in all, restarts included
STOP = "stop"  # the kind of the journal row that ends a bot table over its budget (issue 34, finding 2)
# what one table's journal may hold in storage (issue 48: an uploaded chapter of thousands of effects per action
# left a 5 MB public record); past either, the table is stopped by a ``stop budget`` row
TABLE_BYTES = 2 * 1024 * 1024
TABLE_EVENTS = 50_000
TOKEN_BYTES = 18  # 144 bits, url-safe base64 (24 characters)
MAX_DICE = 40  # faces typed for one action in companion mode
MAX_SEATS = 4
SEED_BITS = 128
# the game's snapshot is stored with every SNAPSHOT_EVERY-th version and when the chapter ends, not with every
# action (issue 50): the journal alone is what makes an action durable; the snapshot is the fallback of a restore
# whose replay no longer reaches the same state (then the rows written after it are replayed on it)
SNAPSHOT_EVERY = 16
NOTICE_HEAD = 80  # bytes of a notice before what it carries: origin, table id, version (mnm.server.fanout)
_T = TypeVar("_T")


@dataclass
class _Step:
    """What a step thread did with one action: the engine's events, and either the write's failure or the
    update (the message and its text; None when nobody listens)."""

    row: JournalRow
    failed: Exception | None = None
    message: dict[str, Any] | None = None
    texts: tuple[str | None, str | None] | None = None  # the update's text, whole and as a delta (encode_update)


# the client address of the request that is creating a table (set by the server's new-table check): a table
# where bots play every seat is counted against it (issue 48: 20 bot tables from one address)
CREATOR: contextvars.ContextVar[str | None] = contextvars.ContextVar("mnm_table_creator", default=None)


def new_seed() -> int:
    """A table's secret seed: 128 bits from :mod:`secrets`, the top one set (so never a small number)."""
    return secrets.randbits(SEED_BITS) | (1 << (SEED_BITS - 1))


def derived_seed(seed: int, purpose: str, n: int) -> int:
    """A 64-bit seed for something the server does with the table's randomness (its bots), which tells
    nothing about the table's own seed."""
    digest = hashlib.blake2b(f"{purpose}:{seed}:{n}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "little")


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def new_table_id() -> str:
    return secrets.token_urlsafe(9)


class TableService:
    """Creates, loads and changes tables; the single writer of each table (one lock per table)."""

    HINT_WORKERS = 2
    # threads where the engine steps, writes and views of the tables are made (issue 50: never on the event loop, so
    # one table's slow step does not hold up another's broadcast); two, so one slow table does not queue the rest.
    # Not more: only one runs Python at a time, and at 500 tables on two processes four threads contending for
    # the GIL with the loop gave p99 48-55 ms where two gave 35-39 ms (docs/deploy.md "Fourth round")
    STEP_THREADS = 2

    def __init__(
        self,
        storage: Storage,
        content: Content | None = None,
        hint_queue: int = 4,
        max_live: int = 500,
        idle_seconds: float = 900.0,
        expiry_seconds: float = 30 * 86400.0,
        draft_expiry_seconds: float = 30 * 86400.0,
        bot_table_pace: float = 0.0,
        bot_table_rounds: int = 100,
        bot_tables_per_address: int = 0,
    ) -> None:
        self.storage = storage
        self.expiry_seconds = expiry_seconds  # 0: tables are never deleted
        self.draft_expiry_seconds = draft_expiry_seconds  # 0: workshop drafts are never deleted
        # a table where bots play every seat: seconds between two bot actions, and rounds before it is stopped
        self.bot_table_pace = bot_table_pace
        self.bot_table_rounds = bot_table_rounds
        # tables of bots only playing at once per creating address (0: no bound), and which play now
        self.bot_tables_per_address = bot_tables_per_address
        self.bot_tables: dict[str, set[str]] = {}
        self.bot_workers: BotWorkers | None = None  # where the bots decide (None: a thread of this process)
        self.bot_cpu_seconds = 30.0  # CPU seconds the bots of a bot-only table may spend in all
        self._expiry_task: asyncio.Task[None] | None = None
        self.content = content or builtin_content()
        self.live: OrderedDict[str, LiveTable] = OrderedDict()  # least recently used first
        self._loading = asyncio.Lock()
        self._hint_slots = asyncio.Semaphore(self.HINT_WORKERS)
        self._steps = cf.ThreadPoolExecutor(self.STEP_THREADS, thread_name_prefix="mnm-step")
        self._hints_in = 0  # searches running or waiting
        self.hint_queue = hint_queue
        self.max_live = max_live
        self.idle_seconds = idle_seconds
        self._last_sweep = time.monotonic()
        self.fanout: Fanout | None = None
        # PostgreSQL tells the other processes of each write: the notice carries the action and its update
        self._notices = self.storage.backend == "postgresql"
        self.expire_hooks: list[Callable[[list[str]], Any]] = []

    # --- several processes --------------------------------------------------------------------------------

    async def start(self) -> None:
        """Listen for other processes' writes to the same database (PostgreSQL LISTEN/NOTIFY), so sockets
        here see every table's moves wherever they were played."""
        from mnm.server.fanout import make_fanout

        self.fanout = make_fanout(self.storage, asyncio.get_running_loop(), self._remote_change)
        if self.fanout is not None:
            await asyncio.to_thread(self.fanout.start)
        if self.expiry_seconds > 0 or self.draft_expiry_seconds > 0:
            self._expiry_task = asyncio.get_running_loop().create_task(self._expire_now_and_then())

    async def _expire_now_and_then(self) -> None:
        while True:
            with contextlib.suppress(Exception):  # a database hiccup: try again next hour
                await self.expire_abandoned()
            with contextlib.suppress(Exception):
                await self.expire_drafts()
            await asyncio.sleep(3600)

    async def expire_abandoned(self, now: float | None = None) -> int:
        """Delete the tables nobody played for ``expiry_seconds`` (issue 26, finding 10: tables were never
        deleted); a table someone is watching right now is kept. Returns how many went."""
        if self.expiry_seconds <= 0:
            return 0
        cutoff = (time.time() if now is None else now) - self.expiry_seconds
        watched = {t.id for t in self.live.values() if t.listeners or t.lock.locked()}
        gone = await asyncio.to_thread(self.storage.expire, cutoff, watched)
        for hook in self.expire_hooks:  # what else is kept per table (the stored records: issue 48)
            if gone:
                await asyncio.to_thread(hook, gone)
        for table_id in gone:
            table = self.live.pop(table_id, None)
            if table is not None:
                table.retired = True
        return len(gone)

    async def expire_drafts(self, now: float | None = None) -> int:
        """Delete the workshop drafts nobody saved for ``draft_expiry_seconds`` (issue 34, finding 7: drafts
        never expired). Returns how many went."""
        if self.draft_expiry_seconds <= 0:
            return 0
        cutoff = (time.time() if now is None else now) - self.draft_expiry_seconds
        return await asyncio.to_thread(self.storage.expire_drafts, cutoff)

    async def stop(self) -> None:
        if self._expiry_task is not None:
            self._expiry_task.cancel()
            self._expiry_task = None
        if self.fanout is not None:
            await asyncio.to_thread(self.fanout.stop)
            self.fanout = None
        self._steps.shutdown(wait=False)

    async def off_loop(self, table: LiveTable, fn: Callable[..., _T], *args: Any) -> _T:
        """``fn(*args)`` on a step thread, holding ``table.state_lock`` (the caller holds ``table.lock`` when
        ``fn`` changes the game): engine steps, writes and views never run on the event loop (issue 50)."""
        async with table.state_lock:
            return await asyncio.get_running_loop().run_in_executor(self._steps, functools.partial(fn, *args))

    async def full_view(self, table: LiveTable) -> dict[str, Any]:
        """The whole view with the last events (a hello, a sync, GET of the table), built off the loop at a moment
        no step is changing the game."""
        from mnm.server.views import table_view

        def build() -> dict[str, Any]:
            view = table_view(table, True)
            last = table.last_view
            if last is None or last.get("version", -1) < view["version"]:  # the next update's delta starts here
                table.last_view = {k: v for k, v in view.items() if k not in ("log", "log_first")}
            return view

        return await self.off_loop(table, build)

    def _remote_change(self, table_id: str, version: int, continued_to: str | None, carried: str | None = None) -> None:
        """Another process wrote ``table_id`` (called on the event loop); ``carried``: the action it played and
        the update it sent, when its notice carried them (:mod:`mnm.server.fanout`)."""
        table = self.live.get(table_id)
        if table is None:
            return  # not in memory here: the next request loads it fresh
        if version == KEEP_NOTICE:
            asyncio.get_running_loop().create_task(self._keeps_changed(table))
            return
        if continued_to is not None:
            table.continued_to = continued_to
            return
        if version > table.version and not table.retired:
            if carried is not None:
                asyncio.get_running_loop().create_task(self.follow(table, version, carried))
            else:
                asyncio.get_running_loop().create_task(self._catch_up(table))

    async def follow(self, table: LiveTable, version: int, carried: str) -> None:
        """Play the action another process wrote as ``version``, from its notice, and pass its update on to this
        process's sockets: the delta as that process sent it, the whole update built from the view of the
        version before (issue 50: no journal read, no view built, nothing encoded again). A notice this copy
        cannot follow (a version missed, a row it plays otherwise) falls back to reading the journal, or to
        rebuilding the table from storage."""
        async with table.lock:
            if table.retired or version <= table.version:
                return  # played already (a catch-up read it from the journal)
            if version == table.version + 1:
                try:
                    message, texts = await self.off_loop(table, self._follow_row, table, version, carried)
                except Exception:  # this copy and the notice disagree: rebuild it from storage
                    await self._retire(table)
                    return
                await self._broadcast(table, message, texts)
                return
        await self._catch_up(table)  # a notice went missing in between: the journal has every row

    def _follow_row(
        self, table: LiveTable, version: int, carried: str
    ) -> tuple[dict[str, Any], tuple[str | None, str | None]]:
        """(On a step thread) :meth:`follow`'s work: the row played on this copy, the update and its texts."""
        head, _, delta_text = carried.partition("\n")
        row = wire.loads(head)
        if row.get("kind") != "action":
            raise ValueError("only a player's action is carried by a notice")
        game = table.game
        n_events = len(game.events)
        events = game.apply(str(row["action"]), dice=[int(f) for f in row["dice"]])
        table.version = version
        table.stored_bytes += int(row["size"])
        table.stored_events += len(events)
        if not delta_text:  # the writer sent no delta: build the update here
            message = self._update(table, "action", str(row["action"]), int(row["seat"]), n_events, events)
            return message, encode_update(table, message)
        delta = wire.loads(delta_text)
        if (delta.get("base"), delta.get("version"), delta.get("first_event")) != (version - 1, version, n_events) or len(
            delta.get("events", ())
        ) != len(events):
            raise ValueError("the notice's update is not this copy's")
        last = table.last_view
        if last is None or last.get("version") != version - 1:  # no view of the version before here: build it
            message = self._update(table, "action", str(row["action"]), int(row["seat"]), n_events, events)
        else:
            message = {k: v for k, v in delta.items() if k not in ("base", "patch", "removed")}
            message["view"] = wire.patched(last, delta["patch"], delta["removed"])
        table.last_view = message["view"]
        whole = None if len(table.deltas) >= len(table.listeners) else wire.dumps(message)
        return message, (whole, delta_text)

    async def _catch_up(self, table: LiveTable) -> None:
        """Play the journal rows another process wrote, and tell this process's listeners as that one did."""
        async with table.lock:
            if table.retired:
                return
            rows = await asyncio.to_thread(self.storage.journal_after, table.id, table.version)
            for row in rows:
                if row.version != table.version + 1:
                    break
                try:
                    message, texts = await self.off_loop(table, self._replay_row, table, row)
                except Exception:  # the journal and this copy disagree: rebuild it from storage
                    await self._retire(table)
                    return
                await self._broadcast(table, message, texts)

    def _replay_row(self, table: LiveTable, row: JournalRow) -> tuple[dict[str, Any], tuple[str | None, str | None]]:
        """(On a step thread) play one journal row another process wrote; the update, encoded."""
        game = table.game
        n_events = len(game.events)
        events: list[Event] = []
        if row.kind == STOP:
            taken_back = row.action
            table.stopped = stop_reason(row.action)
        elif row.kind == "undo":
            taken_back = game.log[-1]
            game.undo()
        else:
            taken_back = row.action
            events = game.apply(row.action, dice=row.dice)
        table.version = row.version
        table.stored_bytes += len(wire.dumps(row.events))
        table.stored_events += len(row.events)
        message = self._update(table, row.kind, taken_back, row.seat, n_events, events)
        return message, encode_update(table, message)

    async def _keeps_changed(self, table: LiveTable) -> None:
        """Another process wrote a keep choice of ``table``: read them, and tell this process's seats."""
        async with table.lock:
            if table.retired:
                return
            keep = await asyncio.to_thread(self.storage.keeps, table.id)
            changed = [hero for hero in keep if hero not in table.keep or table.keep[hero] != keep[hero]]
            table.keep = keep
            for hero in changed:
                message = {"type": "keep", "keep": dict(keep), "hero": hero, "card": keep[hero], "seat": None}
                await self._broadcast(table, message)

    async def _retire(self, table: LiveTable) -> None:
        table.retired = True
        if self.live.get(table.id) is table:
            del self.live[table.id]
        await self._broadcast(table, {"type": "reload", "message": "the table is being reloaded"})

    # --- memory ----------------------------------------------------------------------------------------

    def _evict(self) -> None:
        """Forget tables nobody is using: beyond ``max_live`` (least recently used first) or idle for
        ``idle_seconds``. They stay in storage and are rebuilt from the journal when asked for again."""
        now = time.monotonic()
        if len(self.live) <= self.max_live and now - self._last_sweep < 30:
            return
        self._last_sweep = now
        for table_id, table in list(self.live.items()):
            over = len(self.live) > self.max_live
            if not over and now - table.touched < self.idle_seconds:
                continue
            busy = table.listeners or table.lock.locked() or (table.bot_task is not None and not table.bot_task.done())
            if not busy:
                del self.live[table_id]

    # --- creating --------------------------------------------------------------------------------------

    async def create(
        self,
        chapter: str,
        party: Sequence[str],
        seats: Sequence[Sequence[str]],
        seed: int,
        companion: bool,
        carry: dict[str, Any] | None = None,
        bots: Sequence[str | None] | None = None,
        options: Sequence[str] = (),
        seed_chosen: bool = False,
        table_id: str | None = None,
        hashed: dict[str, Any] | None = None,
        chapter_file: str | None = None,
        history: Sequence[dict[str, Any]] = (),
    ) -> tuple[LiveTable, dict[str, Any]]:
        """A new table; returns it and its tokens (shown once, to the creator only). ``bots[i]`` names the
        bot playing seat i (None: people); the server plays those seats itself. ``hashed``: the token hashes
        of a finished table whose campaign goes on (each seat keeps its token; no new token is handed out).
        ``chapter_file``: a chapter file's text (docs/chapters.md), checked before anything is stored; the
        table's setup keeps it, so a reload or a restart plays the same chapter (``chapter`` is then its id)."""
        bot_list = list(bots or [])
        if len(bot_list) > len(seats) or any(b is not None and b not in BOT_NAMES for b in bot_list):
            raise ApiError(422, ErrorCode.BAD_TABLE, f"bots: one per seat at most, each one of {', '.join(BOT_NAMES)} or null")
        creator = CREATOR.get()
        all_bots = len(bot_list) == len(seats) and all(bot_list)
        if all_bots and creator is not None and self.bot_tables_per_address > 0:
            playing = self.bot_tables.get(creator, set())
            if len(playing) >= self.bot_tables_per_address:
                raise ApiError(
                    429,
                    ErrorCode.RATE_LIMITED,
                    f"at most {self.bot_tables_per_address} tables of bots play at once for one address; "
                    "wait until one ends",
                    retry_after=30.0,
                    limit=self.bot_tables_per_address,
                )
        setup: dict[str, Any] = {
            "chapter": chapter,
            "party": list(party),
            "seats": [list(s) for s in seats],
            "seed": seed,
            "dice": "manual" if companion else "seeded",
            "carry": carry,
        }
        if any(bot_list):
            setup["bots"] = bot_list
        if options:
            setup["options"] = sorted(set(options))
        if seed_chosen:
            setup["seed_chosen"] = True
        if history:
            setup["history"] = list(history)  # the campaign's earlier chapters, for its sheet (the engine ignores it)
        if chapter_file is not None:
            content = await asyncio.to_thread(self._chapter_content, chapter_file)
            chapter_id = added_chapter(content)[0].id
            if chapter not in ("", chapter_id):
                raise ApiError(
                    422,
                    ErrorCode.BAD_TABLE,
                    f"the chapter file is chapter {chapter_id!r}, not {chapter!r}",
                    field="chapter",
                )
            setup["chapter"] = chapter_id
            setup["chapter_file"] = chapter_file
        try:
            game = await asyncio.to_thread(self._new_game, setup)
        except (EngineError, KeyError, ValueError) as err:
            raise ApiError(422, ErrorCode.BAD_TABLE, f"cannot set up this table: {err}") from err
        table_id = table_id or new_table_id()
        tokens: dict[str, Any] = {"host": None, "seats": [None for _ in seats], "table": table_id}
        if hashed is None:
            host_token, seat_tokens = new_token(), [new_token() for _ in seats]
            tokens = {"host": host_token, "seats": seat_tokens, "table": table_id}
            hashed = {"host": token_hash(host_token), "seats": [token_hash(t) for t in seat_tokens]}
        setup_events = [e.to_json() for e in game.events]
        await asyncio.to_thread(
            self.storage.create_table, table_id, setup, hashed, game.to_json(), setup_events, game.state.status
        )
        table = LiveTable(table_id, setup, hashed, game, 0, game.ctx.content, setup_event_count=len(game.events))
        self.live[table_id] = table
        self._evict()
        self.start_bots(table)
        if all_bots and creator is not None and table.bot_task is not None and not table.bot_task.done():
            playing = self.bot_tables.setdefault(creator, set())
            playing.add(table_id)

            def done(_task: object, creator: str = creator, table_id: str = table_id) -> None:
                left = self.bot_tables.get(creator)
                if left is not None:
                    left.discard(table_id)
                    if not left:
                        del self.bot_tables[creator]

            table.bot_task.add_done_callback(done)
        return table, tokens

    def _chapter_content(self, text: Any) -> Content:
        """The content with an uploaded chapter file's chapter; :class:`ApiError` naming every problem."""
        if not isinstance(text, str):
            raise ApiError(422, ErrorCode.BAD_CHAPTER, "a chapter file is YAML text", field="chapter_file")
        try:
            return read_chapter_text(text, "chapter file", self.content)
        except ChapterFileError as err:
            shown = "; ".join(str(p) for p in err.problems[:5])
            raise ApiError(
                422,
                ErrorCode.BAD_CHAPTER,
                f"the chapter file cannot be played: {shown}",
                field="chapter_file",
                problems=[p.to_json() for p in err.problems[:50]],
            ) from err

    def content_of(self, setup: dict[str, Any]) -> Content:
        """The content a table's setup plays: the server's, plus the table's chapter file when it has one."""
        text = setup.get("chapter_file")
        return self.content if text is None else self._chapter_content(text)

    def _new_game(self, setup: dict[str, Any]) -> Game:
        return game_from_setup(setup, self.content_of(setup))

    async def choose_keep(self, table: LiveTable, caller: Caller, hero: Any, card: Any) -> dict[str, Any]:
        """Issue 45: the card ``hero`` keeps when the campaign goes on (None: none) is the table's, not one
        device's: the seat owning the mouse (or the host; any seat for a bot's mouse) sets it, every seat is told
        at once (a ``keep`` message), and "Next chapter" carries exactly these choices. Refused, changing
        nothing, while the chapter is being played, after the campaign went on, or for a card the mouse cannot
        keep (R-CAMP-03/04)."""
        from mnm.engine import keepable_cards

        if not caller.can_act:
            raise ApiError(403, ErrorCode.SPECTATOR, "spectators watch; they cannot choose what a mouse keeps")
        if not isinstance(hero, str) or (card is not None and not isinstance(card, str)):
            raise ApiError(400, ErrorCode.MALFORMED, "give 'hero' (a mouse's id) and 'card' (a card's id, or null)")
        async with table.lock:
            _check_live(table)
            game = table.game
            if game.state.status == "playing":
                raise ApiError(422, ErrorCode.CAMPAIGN, "the chapter is not over yet: keep a card at its end")
            if hero not in game.state.party:
                raise ApiError(422, ErrorCode.CAMPAIGN, f"{hero[:40]!r} is not a mouse of this party", field="hero")
            if not table.may_keep_for(caller, hero):
                owner = table.owner_of(hero)
                who = table.content.heroes[hero].name.en
                raise ApiError(
                    403,
                    ErrorCode.NOT_YOUR_TURN,
                    f"the seat of {who} (seat {owner + 1 if owner is not None else '?'}) chooses what {who} keeps",
                    hero=hero,
                )
            if card is not None and card not in keepable_cards(game.ctx, game.state, hero):
                raise ApiError(422, ErrorCode.CAMPAIGN, f"{hero} cannot keep {card[:60]!r} (R-CAMP-03)", field="card")
            if table.continued_to is not None:
                raise ApiError(409, ErrorCode.ALREADY_CONTINUED, "the campaign already went on", table=table.continued_to)
            # written before it is acknowledged or shown (a restart, or the other process, knows it)
            try:
                written = await asyncio.to_thread(self.storage.set_keep, table.id, hero, card, caller.seat)
            except Exception as err:
                raise ApiError(503, ErrorCode.STORAGE, "the choice could not be saved; try again") from err
            if not written:
                raise ApiError(409, ErrorCode.ALREADY_CONTINUED, "the campaign already went on", table=table.continued_to)
            table.keep[hero] = card
            message = {"type": "keep", "keep": dict(table.keep), "hero": hero, "card": card, "seat": caller.seat}
            await self._broadcast(table, message)
        return message

    async def continue_campaign(
        self,
        table: LiveTable,
        caller: Caller,
        keep: dict[str, str | None],
        replay: bool,
        companion: bool | None,
        chapter_file: str | None = None,
    ) -> LiveTable:
        """R-CAMP: a new table for the campaign's next chapter (or the same one again after a defeat), with
        the same seats; each mouse carries its abilities and the one card it keeps. Any seated player may do it
        (the rulebook's "the players" decide, R-CAMP-01; issue 32), or the host, and only once per finished table;
        every seat keeps its token, so nobody is handed anyone else's, and everyone at the old table is told
        where the campaign went (a ``continued`` message).
        After a chapter file's chapter, the next chapter is a shipped one of its ``next_chapter`` id, or the
        uploaded ``chapter_file`` of that id (the server has no folder to look in); a replay plays the same
        file again."""
        from mnm.engine import carry_over, next_chapter_game, next_chapter_of

        if not caller.can_act:
            raise ApiError(403, ErrorCode.SPECTATOR, "spectators watch; they cannot continue the campaign")
        # issue 45: what the table chose (live, shared by every seat); a card the caller names for a mouse it may
        # decide for is chosen first, as if at the end screen (an older client, or the command line)
        for hero, card in keep.items():
            if table.keep.get(hero, None) != card:
                await self.choose_keep(table, caller, hero, card)
        game = table.game
        next_file = table.setup.get("chapter_file") if replay else chapter_file
        content = self.content if next_file is None else await asyncio.to_thread(self._chapter_content, next_file)
        target = game.ctx.chapter.id if replay else next_chapter_of(game.state, game.ctx.chapter.next_chapter)
        if target is not None and target not in content.chapters:
            raise ApiError(
                422,
                ErrorCode.CAMPAIGN,
                f"the next chapter is {target!r}, which this server does not ship: send its chapter file "
                "(chapter_file) to go on",
                field="chapter_file",
                chapter=target,
            )
        dice = table.setup.get("dice") == "manual" if companion is None else companion
        next_id = new_table_id()
        if table.continued_to is not None or not await asyncio.to_thread(
            self.storage.claim_continue, table.id, next_id
        ):
            raise ApiError(
                409, ErrorCode.ALREADY_CONTINUED, "the campaign already went on from this table", table=table.continued_to
            )
        try:
            # the choices as stored once the campaign is claimed: every acknowledged one (from any process) is in,
            # and none can come after (set_keep refuses then); a mouse nobody chose for keeps nothing
            stored = await asyncio.to_thread(self.storage.keeps, table.id)
            table.keep = stored
            keep = {hid: stored.get(hid) for hid in game.state.party}
            try:
                # only its chapter is used (create() sets the game up again in the table's dice mode)
                following = next_chapter_game(game, keep, replay=replay, dice="seeded", content=content)
                carry = carry_over(game.ctx, game.state, keep)
            except EngineError as err:
                raise ApiError(422, ErrorCode.CAMPAIGN, str(err)) from err
            new, _tokens = await self.create(
                following.state.chapter,
                table.setup["party"],
                table.setup["seats"],
                new_seed(),  # drawn fresh: nothing about the finished chapter's dice tells the next one's
                dice,
                carry,
                table.setup.get("bots"),
                table.setup.get("options", ()),
                table_id=next_id,
                hashed=table.secrets,
                chapter_file=next_file,
                history=[*table.setup.get("history", ()), _chapter_played(table)],
            )
        except BaseException:
            await asyncio.to_thread(self.storage.release_continue, table.id, next_id)
            raise
        table.continued_to = new.id
        await self._broadcast(table, {"type": "continued", "table": new.id, "chapter": new.setup["chapter"]})
        return new

    async def record(self, table: LiveTable) -> dict[str, Any]:
        """The table's full record for ``mnm verify`` (issue 26, finding 8): only once the chapter is over (the
        seed is then public); the setup includes what a continued campaign chapter carried over."""
        if not table.over:
            raise ApiError(409, ErrorCode.NOT_FINISHED, "the record (with the seed) is published when the chapter ends")
        stored = await asyncio.to_thread(self.storage.load, table.id)
        if stored is None:
            raise ApiError(404, ErrorCode.NO_TABLE, "there is no such table")
        setup = {k: v for k, v in stored.setup.items() if k != "seed"}
        seed = int(stored.setup["seed"])
        return {
            "format": RECORD_FORMAT,
            "table": stored.id,
            "setup": setup,
            "seed": str(seed),
            "commit": seed_commitment(seed),
            "setup_events": stored.setup_events,
            "journal": [
                {"version": r.version, "kind": r.kind, "action": r.action, "dice": r.dice, "seat": r.seat, "events": r.events}
                for r in stored.journal
            ],
            "status": stored.status,
            "verify": "mnm verify RECORD.json",
        }

    # --- loading ---------------------------------------------------------------------------------------

    async def get(self, table_id: str) -> LiveTable:
        if not isinstance(table_id, str) or not 1 <= len(table_id) <= 40:
            raise ApiError(404, ErrorCode.NO_TABLE, "there is no such table")
        table = self.live.get(table_id)
        if table is not None:
            self.live.move_to_end(table_id)
            table.touched = time.monotonic()
            return table
        async with self._loading:
            table = self.live.get(table_id)
            if table is not None:
                return table
            record = await asyncio.to_thread(self.storage.load, table_id)
            if record is None:
                raise ApiError(404, ErrorCode.NO_TABLE, "there is no such table")
            table = await asyncio.to_thread(self._restore, record)
            self.live[table_id] = table
            self._evict()
            self.start_bots(table)  # a bot table goes on playing after a restart
            return table

    def _restore(self, record: TableRecord) -> LiveTable:
        """Rebuild a table: replay its journal from the setup (restores undo), checked against the snapshot when
        the replay reaches the snapshot's version; else the snapshot, and the rows written after it replayed on
        it (it is not stored with every action: :data:`SNAPSHOT_EVERY`)."""
        game: Game | None
        rows = [row for row in record.journal if row.kind != STOP]
        taken_at = record.snapshot_version if record.snapshot_version >= 0 else record.version
        before = [(row.kind, row.action, row.dice) for row in rows if row.version <= taken_at]
        after = [(row.kind, row.action, row.dice) for row in rows if row.version > taken_at]
        try:
            game = self._new_game(record.setup)
            replay_rows(game, before)
            if game.to_json()["state"] != record.snapshot["state"]:
                game = None
            else:
                replay_rows(game, after)
        except (EngineError, KeyError, ValueError, RuntimeError):
            game = None
        if game is None:
            game = Game.from_json(record.snapshot, self.content_of(record.setup))
            replay_rows(game, after)
            game.events = [Event.from_json(e) for e in _surviving_events(record)]
        return LiveTable(
            record.id,
            record.setup,
            record.secrets,
            game,
            record.version,
            game.ctx.content,
            setup_event_count=len(record.setup_events),
            continued_to=record.continued_to,
            keep=dict(record.keep),
            stopped=stop_reason(record.journal[-1].action) if record.journal and record.journal[-1].kind == STOP else None,
            stored_bytes=sum(len(wire.dumps(r.events)) for r in record.journal),
            stored_events=sum(len(r.events) for r in record.journal),
        )

    # --- changing --------------------------------------------------------------------------------------

    async def act(self, table: LiveTable, caller: Caller, text: Any, version: Any, dice: Any = None) -> dict[str, Any]:
        """Apply one action for ``caller``; write it; tell every listener. Returns the update message."""
        action = _parse(text)
        faces = _dice(dice)
        if faces and table.setup.get("dice") != "manual":
            raise ApiError(
                403, ErrorCode.DICE_NOT_ALLOWED, "the computer rolls the dice at this table; typed dice are refused"
            )
        async with table.lock:
            _check_live(table)
            _check_version(table, version)
            _check_not_stopped(table)
            table.check_turn(caller, action)
            game = table.game
            point = game.checkpoint()
            try:
                step = await self.off_loop(table, self._step, table, action, faces, caller.seat, True)
            except NeedDice as err:
                raise ApiError(
                    409,
                    ErrorCode.NEED_DICE,
                    f"roll {err.count} more di{'e' if err.count == 1 else 'ce'} for {err.purpose}",
                    count=err.count,
                    purpose=err.purpose,
                    given=faces,
                    preview=dice_preview(game, action, faces),
                ) from err
            except IllegalAction as err:
                if err.message is not None:  # a chapter gate: its words in both languages, as the events carry them
                    text = event_json(err.message, game.ctx.content)["text"]
                    raise ApiError(422, ErrorCode.ILLEGAL, err.reason, action=str(action), text=text) from err
                raise ApiError(422, ErrorCode.ILLEGAL, err.reason, action=str(action)) from err
            except DiceError as err:
                raise ApiError(400, ErrorCode.MALFORMED, str(err), field="dice") from err
            except MalformedAction as err:
                raise ApiError(400, ErrorCode.MALFORMED, str(err)) from err
            except EngineError as err:
                raise ApiError(422, ErrorCode.ILLEGAL, str(err), action=str(action)) from err
            if step.failed is not None:
                await self._write_failed(table, step.failed, point)
            assert step.message is not None
            message = step.message
            await self._broadcast(table, message, step.texts)
            await self._check_budget(table)
        self.start_bots(table)
        return message

    # --- bot seats ---------------------------------------------------------------------------------------

    def start_bots(self, table: LiveTable) -> None:
        """Let the server's bots answer every decision that is theirs, in the background (the person's
        request is answered at once; the bots' actions arrive as updates like anyone's)."""
        if table.bot_task is not None and not table.bot_task.done():
            return
        if table.retired or table.bot_for_decision() is None:
            return
        table.bot_task = asyncio.get_running_loop().create_task(self._run_bots(table))

    async def hints(self, table: LiveTable, lang: str, iterations: int) -> dict[str, Any]:
        """The best few options for the pending decision, searched on a copy in a worker thread (at most
        two searches at once, so hints cannot starve the tables)."""
        if self._hints_in >= self.HINT_WORKERS + self.hint_queue:
            raise ApiError(
                503, ErrorCode.BUSY, "every hint worker is busy; ask again in a few seconds", retry_after=5.0
            )
        self._hints_in += 1
        try:
            async with table.lock:
                version = table.version
                snapshot = table.game.to_json()
            async with self._hint_slots:
                found = await asyncio.to_thread(_find_hints, snapshot, table.content, lang, iterations, version)
        finally:
            self._hints_in -= 1
        # issue 44: "not_enough" when a decision is pending but no option reached the minimum playouts (a busy
        # machine): the client says so plainly instead of ranking noise
        measured = any(h.get("chance") is not None for h in found)
        status = "ready" if measured else ("not_enough" if found else "over")
        return {"version": version, "hints": found, "status": status}

    async def settle(self, table: LiveTable) -> None:
        """Wait until the bots have nothing left to answer (tests, and a clean shutdown)."""
        while table.bot_task is not None and not table.bot_task.done():
            await table.bot_task

    async def _run_bots(self, table: LiveTable) -> None:
        bots_only = all(table.bot_names())
        for _ in range(BOT_RUN_LIMIT):
            async with table.lock:
                if table.retired:
                    return
                name = table.bot_for_decision()
                if name is None:
                    return
                game = table.game
                if bots_only and (game.state.round > self.bot_table_rounds or table.version >= BOT_TABLE_ACTIONS):
                    await self._stop(table, self.bot_table_rounds)
                    return
                # a fresh bot per decision, seeded by the table's seed and the game's length: the same
                # table plays the same way, also after a restart rebuilt it from the journal
                seed = derived_seed(int(table.setup["seed"]), "bot", len(game.log))
                if self.bot_workers is not None:  # in a worker process, never on this one (issue 48)
                    snapshot = table.snapshot if table.snapshot_version == table.version else None
                    if snapshot is None:
                        snapshot = await asyncio.to_thread(game.to_json)
                    try:
                        chosen, cpu = await self.bot_workers.choose(table.setup.get("chapter_file"), snapshot, name, seed)
                        action = Action.parse(chosen)
                    except Exception:
                        return  # a worker that died (the server shutting down): the next request starts it again
                    table.bot_cpu += cpu
                    if bots_only and table.bot_cpu > self.bot_cpu_seconds:
                        await self._stop(table, 0, f"stop cpu {self.bot_cpu_seconds:g}")
                        return
                else:
                    action = await asyncio.to_thread(_bot_choice, name, seed, game)
                try:
                    step = await self.off_loop(table, self._step, table, action, [], BOT, bool(table.listeners))
                except EngineError:
                    return  # companion dice, or a bot bug: the table waits for a person
                if step.failed is not None:
                    try:
                        await self._write_failed(table, step.failed, None)
                    except ApiError:
                        return
                if step.message is not None:  # nobody watching: no update to render (issue 48)
                    await self._broadcast(table, step.message, step.texts)
                if await self._check_budget(table):
                    return
            # let people's requests and other tables in between; a table nobody plays goes at a bounded pace
            await asyncio.sleep(self.bot_table_pace if bots_only else 0)

    async def _check_budget(self, table: LiveTable) -> bool:
        """Stop a table whose journal passed :data:`TABLE_BYTES` or :data:`TABLE_EVENTS` in storage (called
        holding its lock, after a write); True when it stopped it."""
        if table.stopped is not None or table.game.state.status != "playing":
            return False
        if table.stored_bytes <= TABLE_BYTES and table.stored_events <= TABLE_EVENTS:
            return False
        await self._stop(table, 0, f"stop budget {TABLE_BYTES // (1024 * 1024)} {TABLE_EVENTS}")
        return True

    async def _stop(self, table: LiveTable, rounds: int, action: str | None = None) -> None:
        """End a bot table over its budget (called holding its lock): a journal row of kind ``stop`` says why,
        so the view, the record and a restart all know the chapter did not end by its rules."""
        row = JournalRow(table.version + 1, STOP, action or f"stop {rounds}", [], BOT, [])
        try:
            await self._write(table, row)
        except ApiError:
            return
        table.version = row.version
        table.stopped = stop_reason(row.action)
        message, texts = await self.off_loop(table, self._rendered, table, STOP, row.action, BOT, len(table.game.events))
        await self._broadcast(table, message, texts)

    async def undo(self, table: LiveTable, caller: Caller, version: Any) -> dict[str, Any]:
        async with table.lock:
            _check_live(table)
            _check_version(table, version)
            _check_not_stopped(table)
            if not caller.can_act:
                raise ApiError(403, ErrorCode.SPECTATOR, "spectators watch; they cannot act")
            game = table.game
            ok, why = game.can_undo()
            if not ok:
                raise ApiError(422, ErrorCode.CANNOT_UNDO, why)
            last = Action.parse(game.log[-1])
            if (
                caller.seat != HOST
                and last.actor in game.state.heroes
                and last.actor not in table.seat_heroes(caller.seat)
                and not _bot_seat(table, last.actor)
            ):
                who = table.content.heroes[last.actor].name.en  # a person reads the refusal: the name, not the id
                raise ApiError(403, ErrorCode.NOT_YOUR_TURN, f"only the seat of {who} can take back that action")
            while True:
                # as at the terminal: take back the bots' answers too, back to a person's decision, or
                # the bot would at once play again what was just taken back
                async with table.state_lock:
                    game.undo()
                row = JournalRow(table.version + 1, "undo", "undo", [], caller.seat, [])
                await self._write(table, row)
                table.version = row.version
                message, texts = await self.off_loop(
                    table, self._rendered, table, "undo", str(last), caller.seat, len(game.events)
                )
                await self._broadcast(table, message, texts)
                if all(table.bot_names()) or not undo_goes_on(game, lambda d: table.bot_for_decision() is not None):
                    break
                last = Action.parse(game.log[-1])
        self.start_bots(table)  # undo stopped at a bot's decision (dice barrier): the bot answers again
        return message

    async def apply_change(
        self, table: LiveTable, kind: str, text: str, seat: int, change: Callable[[Game], list[Event]]
    ) -> dict[str, Any]:
        """(The caller holds ``table.lock``.) Change the game by ``change``, which is not a player's action (the
        workshop sandbox's hand changes, issue 46), write it as a ``kind`` row and tell every listener, as
        :meth:`act` does an action: off the event loop, written before anyone is told. An error ``change`` raises
        must leave the game as it was; it reaches the caller."""
        game = table.game
        n_events = len(game.events)
        point = game.checkpoint()
        events = await self.off_loop(table, change, game)
        row = JournalRow(table.version + 1, kind, text, [], seat, [e.to_json() for e in events])
        await self._write(table, row, point)
        table.version = row.version

        def render() -> tuple[dict[str, Any], tuple[str | None, str | None]]:
            message = self._update(table, kind, text, seat, n_events, events)
            return message, encode_update(table, message)

        message, texts = await self.off_loop(table, render)
        await self._broadcast(table, message, texts)
        return message

    async def _write(self, table: LiveTable, row: JournalRow, point: Any = None) -> None:
        """Write before telling anyone. If another process wrote this version first, go back to ``point`` and
        play what it wrote (the caller is told the table moved on). If the write fails otherwise the
        in-memory game is ahead of storage: retire this copy (its listeners are told to reload) so the next
        request rebuilds the table from storage."""
        game = table.game
        try:
            snapshot = game.to_json() if _snapshot_due(row.version, game.state.status) else None
            size = await asyncio.to_thread(self.storage.append, table.id, row, snapshot, game.state.status)
        except Exception as err:
            await self._write_failed(table, err, point)
        self._written(table, row, snapshot, size)

    def _written(self, table: LiveTable, row: JournalRow, snapshot: dict[str, Any] | None, size: int) -> None:
        if snapshot is not None:
            table.snapshot, table.snapshot_version = snapshot, row.version  # the bots' next decision starts here
        table.stored_bytes += size
        table.stored_events += len(row.events)

    async def _write_failed(self, table: LiveTable, err: Exception, point: Any) -> None:
        """A write failed: raise the :class:`ApiError` for it, after putting the table right (see :meth:`_write`)."""
        if isinstance(err, StaleVersion):
            if point is None:
                await self._retire(table)
            else:
                async with table.state_lock:
                    table.game.rollback(point)
                asyncio.get_running_loop().create_task(self._catch_up(table))
            raise ApiError(409, ErrorCode.STALE, "the table has moved on; reload", version=-1) from err
        await self._retire(table)
        raise ApiError(503, ErrorCode.STORAGE, "the action could not be saved, so it was not played; try again") from err

    def _step(self, table: LiveTable, action: Action, faces: list[int], seat: int, render: bool) -> _Step:
        """(On a step thread, holding the table's lock) apply ``action``, write it, and, when ``render``, build the
        update and encode it once for every socket. An engine refusal is raised with nothing changed; a failed
        write is handed back (the event loop puts the table right: :meth:`_write_failed`). The update is built
        before the write, so that PostgreSQL's notice of the write carries it to the other processes
        (:meth:`follow`); the sockets are told only once it is written."""
        game = table.game
        n_events = len(game.events)
        events = game.apply(action, dice=faces)
        row = JournalRow(table.version + 1, "action", str(action), faces, seat, [e.to_json() for e in events])
        events_text = wire.dumps(row.events)
        message: dict[str, Any] | None = None
        whole: str | None = None
        delta: str | None = None
        if render:
            before = table.version
            table.version = row.version  # the version the update shows
            try:
                message = self._update(table, row.kind, row.action, seat, n_events, events)
                whole, delta = _update_texts(table, message)
            except Exception as err:  # nothing written: the copy, ahead of storage, is retired (_write_failed)
                return _Step(row, failed=err)
            finally:
                table.version = before
        carried = None
        if self._notices:
            head = {"kind": row.kind, "action": row.action, "dice": faces, "seat": seat, "size": len(events_text)}
            carried = action_notice(head, delta, NOTICE_HEAD)
        try:
            snapshot = game.to_json() if _snapshot_due(row.version, game.state.status) else None
            size = self.storage.append(table.id, row, snapshot, game.state.status, events_text, carried)
        except Exception as err:
            return _Step(row, failed=err)
        self._written(table, row, snapshot, size)
        table.version = row.version
        if message is None:
            return _Step(row)
        table.last_view = message["view"]
        return _Step(row, message=message, texts=(whole, delta))

    def _rendered(
        self, table: LiveTable, kind: str, action: str, seat: int, first_event: int
    ) -> tuple[dict[str, Any], tuple[str | None, str | None]]:
        """(On a step thread) an update without events (an undo, a stop), and its texts."""
        message = self._update(table, kind, action, seat, first_event, [])
        return message, encode_update(table, message)

    def _update(
        self, table: LiveTable, kind: str, action: str, seat: int, first_event: int, events: list[Event]
    ) -> dict[str, Any]:
        from mnm.server.views import event_json, table_view

        return {
            "type": "update",
            "kind": kind,
            "action": action,
            "seat": seat,
            "version": table.version,
            "first_event": first_event,
            "events": [event_json(e, table.content) for e in events],
            "view": table_view(table),
        }

    async def _broadcast(
        self, table: LiveTable, message: dict[str, Any], texts: tuple[str | None, str | None] | None = None
    ) -> None:
        """Tell every socket of the table: the same text for all (encoded once), or for the sockets that asked
        for deltas the update's delta when there is one."""
        whole, delta = texts if texts is not None else encode_update(table, message)
        for listener in list(table.listeners):
            if delta is not None and listener in table.deltas:
                text = delta
            else:  # the whole text is left out when every socket took the delta: one joined since
                if whole is None:
                    whole = wire.dumps(message)
                text = whole
            try:
                await listener(message, text)
            except Exception:  # a dead socket must not stop the others
                table.listeners.discard(listener)
                table.deltas.discard(listener)


def encode_update(table: LiveTable, message: dict[str, Any]) -> tuple[str | None, str | None]:
    """A message's text, and for an update the text of its delta: the update without its view, with ``base`` (the
    version the delta applies to), ``patch`` (the view's top-level parts that changed) and ``removed`` (keys the
    view lost). The delta is None when no socket asked for deltas or the last view sent is not the version just
    before (a client seeing a ``base`` that is not its version asks for the whole view: ``sync``). The whole text
    is None when there is a delta and every socket of the table asked for deltas (issue 50: encoding the whole
    view nobody reads was a twentieth of an action's CPU); :meth:`TableService._broadcast` encodes it if a
    socket that wants it joined meanwhile. The update's view becomes the table's last view sent."""
    texts = _update_texts(table, message)
    if message.get("type") == "update" and "view" in message:
        table.last_view = message["view"]
    return texts


def _update_texts(table: LiveTable, message: dict[str, Any]) -> tuple[str | None, str | None]:
    """:func:`encode_update`'s texts, the table left as it was."""
    if message.get("type") != "update" or "view" not in message:
        return wire.dumps(message), None
    last = table.last_view
    if not table.deltas or last is None or last.get("version") != message["version"] - 1:
        return wire.dumps(message), None
    patch, removed = wire.view_delta(last, message["view"])
    delta = {k: v for k, v in message.items() if k != "view"}
    delta.update(base=last["version"], patch=patch, removed=removed)
    # deltas is a subset of listeners; both change on the event loop only, and len() reads them whole
    whole = None if len(table.deltas) >= len(table.listeners) else wire.dumps(message)
    return whole, wire.dumps(delta)


def _snapshot_due(version: int, status: str) -> bool:
    """Whether the write of ``version`` stores the game's snapshot too (see :data:`SNAPSHOT_EVERY`)."""
    return version % SNAPSHOT_EVERY == 0 or status != "playing"


def _chapter_played(table: LiveTable) -> dict[str, Any]:
    """One line of the campaign sheet: the chapter a finished table played, how it ended, and where, and the
    individual achievements each mouse earned in it (issue 45: R-CAMP-04 does not carry them into the next
    chapter's game, so the sheet lost them, Maginos' Marksman among them, once the campaign went on)."""
    st = table.game.state
    earned = {hid: list(h.achievements) for hid, h in st.heroes.items() if h.achievements}
    return {"chapter": table.game.ctx.chapter.id, "status": st.status, "table": table.id, "achievements": earned}


def _find_hints(
    snapshot: dict[str, Any], content: Content, lang: str, iterations: int, seed: int
) -> list[dict[str, Any]]:
    from mnm.bots.hints import hints

    game = Game.from_json(snapshot, content)
    return [
        h.to_json()  # contract 3: playouts, wins, chance, low, high, group (and win_chance, reason)
        for h in hints(game, count=3, iterations=iterations, seed=seed, lang=lang)
    ]


def _bot_seat(table: LiveTable, hero: str) -> bool:
    """Whether a bot plays ``hero`` (any person at the table may take back a bot's answer)."""
    seat = table.owner_of(hero)
    return seat is not None and table.bot_names()[seat] is not None


def _bot_choice(name: str, seed: int, game: Game) -> Action:
    from mnm.bots import make_bot

    return make_bot(name, seed).choose(game)


def _surviving_events(record: TableRecord) -> list[dict[str, Any]]:
    """The events still in the log after undos: the setup's, then each action's, minus undone ones."""
    stack: list[list[dict[str, Any]]] = []
    for row in record.journal:
        if row.kind == "undo":
            if stack:
                stack.pop()
        else:
            stack.append(row.events)
    return [*record.setup_events, *(e for chunk in stack for e in chunk)]


def _parse(text: Any) -> Action:
    if not isinstance(text, str):
        raise ApiError(400, ErrorCode.MALFORMED, "the action must be text, like 'move filch 5:12'")
    try:
        return Action.parse(text)
    except MalformedAction as err:
        raise ApiError(400, ErrorCode.MALFORMED, str(err)) from err


def _dice(dice: Any) -> list[int]:
    if dice is None:
        return []
    if not isinstance(dice, list) or len(dice) > MAX_DICE:
        raise ApiError(400, ErrorCode.MALFORMED, f"dice must be a list of at most {MAX_DICE} faces, each 1-6")
    try:
        return check_faces(dice)
    except DiceError as err:
        raise ApiError(400, ErrorCode.MALFORMED, "each die face is a number from 1 to 6", field="dice") from err


def stop_reason(action: str) -> dict[str, Any]:
    """What a ``stop N`` journal row means, for the view (both languages) and the record."""
    words = action.split()
    if len(words) > 1 and words[1] == "cpu":
        seconds = words[2] if len(words) > 2 else "?"
        return {
            "reason": "cpu",
            "rounds": 0,
            "text": {
                "en": f"Stopped: the bots spent the server's budget of {seconds} CPU seconds for a table of bots.",
                "pt": f"Parada: os robôs gastaram o limite do servidor de {seconds} segundos de CPU para uma mesa de robôs.",
            },
        }
    if len(words) > 1 and words[1] == "budget":
        mb = words[2] if len(words) > 2 else "?"
        events = words[3] if len(words) > 3 else "?"
        return {
            "reason": "budget",
            "rounds": 0,
            "text": {
                "en": f"Stopped: the table passed the server's budget ({mb} MB or {events} events stored).",
                "pt": f"Parada: a mesa passou do limite do servidor ({mb} MB ou {events} eventos guardados).",
            },
        }
    rounds = int(words[1]) if len(words) > 1 and words[1].isdigit() else 0
    return {
        "reason": "rounds",
        "rounds": rounds,
        "text": {
            "en": f"Stopped: the chapter did not end within {rounds} rounds (the server's budget for a table of bots).",
            "pt": f"Parada: o capítulo não terminou em {rounds} rodadas (o limite do servidor para uma mesa de robôs).",
        },
    }


def _check_not_stopped(table: LiveTable) -> None:
    if table.stopped is not None:
        raise ApiError(422, ErrorCode.ILLEGAL, str(table.stopped["text"]["en"]), action="")


def _check_live(table: LiveTable) -> None:
    if table.retired:
        raise ApiError(409, ErrorCode.STALE, "the table was reloaded; reload and try again", version=-1)


def _check_version(table: LiveTable, version: Any) -> None:
    if isinstance(version, bool) or not isinstance(version, int):
        raise ApiError(400, ErrorCode.MALFORMED, "'version' (the state version you saw) must be a whole number")
    if version != table.version:
        raise ApiError(
            409,
            ErrorCode.STALE,
            f"the table has moved on (version {table.version}, you saw {version}); reload",
            version=table.version,
        )


__all__ += ["BOT", "BOT_NAMES", "CREATOR", "HOST", "SPECTATOR", "StaleVersion"]
