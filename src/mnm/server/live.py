"""A live table in memory: its game, its seats (who a token is) and its listeners. Below both the table service
(:mod:`mnm.server.tables`) and the views (:mod:`mnm.server.views`), which read it."""

from __future__ import annotations

import asyncio
import functools
import hashlib
import hmac
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from mnm.content.loader import Content
from mnm.engine import Action, Decision, Game
from mnm.records.record import seed_commitment
from mnm.server.errors import ApiError, ErrorCode

__all__ = ["HOST", "SPECTATOR", "Caller", "Listener", "LiveTable", "token_hash"]

HOST = -1  # the seat number of the host token: every seat at once (hotseat)
SPECTATOR = -2


@functools.lru_cache(maxsize=4096)
def _commitment(seed: int) -> str:
    return seed_commitment(seed)  # the same for a table's whole life: hashed once, not in every view (issue 50)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


@dataclass(frozen=True)
class Caller:
    """Who is asking: a seat number (HOST for the hotseat host, SPECTATOR for a reader)."""

    seat: int

    @property
    def can_act(self) -> bool:
        return self.seat != SPECTATOR


Listener = Callable[[dict[str, Any], str], Awaitable[None]]  # the message, and its JSON text (encoded once)


@dataclass
class LiveTable:
    id: str
    setup: dict[str, Any]
    secrets: dict[str, Any]
    game: Game
    version: int
    content: Content
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    # issue 50: held while a step thread changes the game (the holder of ``lock`` takes it around each change), so
    # whoever reads the game without ``lock`` (a socket's hello, a sync, GET of the table) waits only that long
    state_lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    listeners: set[Listener] = field(default_factory=set)
    deltas: set[Listener] = field(default_factory=set)  # the listeners that take updates as deltas (issue 50)
    setup_event_count: int = 0
    retired: bool = False  # replaced by a fresh copy from storage (a write failed)
    bot_task: asyncio.Task[None] | None = None  # the server playing its bot seats' decisions
    continued_to: str | None = None  # the table the campaign went on to (only once, by the host)
    touched: float = field(default_factory=time.monotonic)  # last asked for (idle tables leave memory)
    # why the server stopped this table before its chapter ended (a bot table over its budget): the journal's
    # last row, kind "stop", says so too, so a restart keeps it stopped
    stopped: dict[str, Any] | None = None
    # what its journal holds in storage (issue 48: the per-table budget of stored bytes and events)
    stored_bytes: int = 0
    stored_events: int = 0
    bot_cpu: float = 0.0  # CPU seconds its bots spent deciding in the workers (since it was loaded)
    snapshot: dict[str, Any] | None = None  # the game as last stored (at snapshot_version): the bots start there
    snapshot_version: int = -1
    # issue 45: the card each mouse will keep when the campaign goes on (R-CAMP-03), chosen at the end screen by
    # the seat owning the mouse (or the host) and seen live by every seat; a copy of what storage holds (mnm_keep)
    keep: dict[str, str | None] = field(default_factory=dict)
    # issue 50: the pending decision with its legal options, listed once per state (the view and the turn check
    # both need it), and the last view sent, so that sockets asking for deltas get only what changed
    _decision: tuple[tuple[int, int, int], Decision | None] | None = field(default=None, repr=False)
    last_view: dict[str, Any] | None = field(default=None, repr=False)

    def decision(self) -> Decision | None:
        """``game.decision()``, listed once per state: the key is the version, the log's and the events' lengths
        (an undo, a rollback or another process's row changes one of them)."""
        key = (self.version, len(self.game.log), len(self.game.events))
        cached = self._decision
        if cached is not None and cached[0] == key:
            return cached[1]
        decision = self.game.decision()
        self._decision = (key, decision)
        return decision

    @property
    def over(self) -> bool:
        """The chapter ended, or the server stopped the table: nothing more is played, the seed is public."""
        return self.game.state.status != "playing" or self.stopped is not None

    # --- fairness ----------------------------------------------------------------------------------------

    def fairness(self) -> dict[str, Any]:
        """Commit-reveal: the seed's hash from the start, the seed itself once the chapter is over (as text:
        128 bits do not fit a JavaScript number). Replaying the public actions from it gives the same dice."""
        seed = int(self.setup["seed"])
        over = self.over
        return {
            "commit": _commitment(seed),
            "seed": str(seed) if over else None,
            "seed_chosen": bool(self.setup.get("seed_chosen", False)),
            "record": f"/api/tables/{self.id}/record" if over else None,  # replay it: mnm verify RECORD
        }

    # --- bots ------------------------------------------------------------------------------------------

    def bot_names(self) -> list[str | None]:
        """The bot at each seat (None: people sit there)."""
        bots = self.setup.get("bots") or []
        return [bots[i] if i < len(bots) else None for i in range(len(self.setup["seats"]))]

    def bot_for_decision(self) -> str | None:
        """The bot that answers the pending decision, or None when a person does. A mouse's decision goes
        to its seat; a party-wide one goes to a bot only when every seat is a bot (nobody else can answer)."""
        bots = self.bot_names()
        pending = self.game.state.pending  # not decision(): that lists every legal option, and costs
        if not any(bots) or pending is None or self.over:
            return None
        owner = self.owner_of(pending.actor) if pending.actor in self.game.state.heroes else None
        if owner is not None:
            return bots[owner]
        return bots[0] if all(bots) else None

    # --- who is who ------------------------------------------------------------------------------------

    def caller(self, token: str | None) -> Caller:
        """The seat a token opens; no token means a spectator. A wrong token is refused (never guessed at)."""
        if not token:
            return Caller(SPECTATOR)
        if len(token) > 100:
            raise ApiError(403, ErrorCode.BAD_TOKEN, "this seat token is not valid for this table")
        digest = token_hash(token)
        if hmac.compare_digest(digest, self.secrets["host"]):
            return Caller(HOST)
        for i, seat_hash in enumerate(self.secrets["seats"]):
            if hmac.compare_digest(digest, seat_hash):
                return Caller(i)
        raise ApiError(403, ErrorCode.BAD_TOKEN, "this seat token is not valid for this table")

    def seat_heroes(self, seat: int) -> list[str]:
        if seat == HOST:
            return list(self.setup["party"])
        if seat < 0:
            return []
        return list(self.setup["seats"][seat])

    def owner_of(self, hero: str) -> int | None:
        for i, heroes in enumerate(self.setup["seats"]):
            if hero in heroes:
                return i
        return None

    def may_keep_for(self, caller: Caller, hero: str) -> bool:
        """Whether ``caller`` chooses the card ``hero`` keeps (issue 45): the host, the seat owning the mouse, and
        any seated player for a mouse a bot plays (nobody else would)."""
        if not caller.can_act:
            return False
        if caller.seat == HOST or hero in self.seat_heroes(caller.seat):
            return True
        owner = self.owner_of(hero)
        return owner is not None and self.bot_names()[owner] is not None

    def check_turn(self, caller: Caller, action: Action) -> None:
        """R-GEN (table rule): only the seat owning the deciding mouse may answer its decision."""
        if not caller.can_act:
            raise ApiError(403, ErrorCode.SPECTATOR, "spectators watch; they cannot act")
        if caller.seat == HOST:
            return
        mine = set(self.seat_heroes(caller.seat))
        decision = self.decision()
        if decision is None:
            return  # the engine explains that the game is over
        decider = decision.actor if decision.actor in self.game.state.heroes else action.actor
        if decider in self.game.state.heroes and decider not in mine:
            owner = self.owner_of(decider)
            raise ApiError(
                403,
                ErrorCode.NOT_YOUR_TURN,
                f"{decider} is deciding now, and {decider} belongs to seat {owner if owner is None else owner + 1}",
                hero=decider,
                seat=owner if owner is None else owner + 1,
            )
        # otherwise a party-wide question whose answer names no mouse: any seat may answer it
