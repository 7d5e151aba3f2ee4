"""The replay viewer's HTTP API (issue 46, item 5): a finished game as frames (:mod:`mnm.workshop.replay`).

    GET  /api/workshop/replay/tables/{id}   a finished table's record, replayed (end screen, library page)
    POST /api/workshop/replay/playtest      {"text", "party", "bot", "preset", "seed"}: one play-test game again

(Under /api/workshop/ so that a chapter file's larger upload limit applies to the play-test's body.)

A replay costs CPU (a bot game of a shipped chapter: about a second on the pure engine), so replays run off the
event loop one at a time, are rate-limited per address, and the last few are kept in memory. Its own module,
registered by one line in :mod:`mnm.server.app`.
"""

from __future__ import annotations

import asyncio
import hashlib
from collections import OrderedDict
from typing import Any

from fastapi import APIRouter, Request
from pydantic import BaseModel, ConfigDict, Field

from mnm.chapters.file import MAX_CHAPTER_BYTES
from mnm.server.errors import ApiError, ErrorCode
from mnm.server.limits import RateLimiter
from mnm.workshop.replay import ReplayError, playtest_frames, record_frames

__all__ = ["replay_router"]

KEPT = 8  # replays kept in memory (the viewer asks again when a tab is reloaded)


class PlaytestGame(BaseModel):
    """One game of a play-test: the chapter file, the party, the bot, the preset and the seed it was played with."""

    model_config = ConfigDict(extra="forbid")
    text: str = Field(max_length=MAX_CHAPTER_BYTES)
    party: list[str] = Field(min_length=1, max_length=6)
    bot: str = Field(pattern="^(random|heuristic|search)$")
    preset: str = Field(pattern="^(easy|normal|hard)$")
    seed: int = Field(ge=0, le=1_000_000)


def replay_router(address_scale: float = 1.0) -> APIRouter:
    """The router; the app's services are read from ``request.app.state`` (records, tables)."""
    router = APIRouter(prefix="/api/workshop/replay", tags=["replay"])
    limiter = RateLimiter(0.5 * address_scale, round(6 * address_scale), "replays")
    one_at_a_time = asyncio.Semaphore(1)
    kept: OrderedDict[str, dict[str, Any]] = OrderedDict()

    def spend(request: Request) -> None:
        limiter.check(request.client.host if request.client else "?")

    async def cached(key: str, build: Any, *args: Any) -> dict[str, Any]:
        hit = kept.get(key)
        if hit is not None:
            kept.move_to_end(key)
            return hit
        async with one_at_a_time:
            again = kept.get(key)
            if again is not None:
                return again
            try:
                made: dict[str, Any] = await asyncio.to_thread(build, *args)
            except ReplayError as err:
                raise ApiError(422, ErrorCode.BAD_TABLE, str(err)) from err
            kept[key] = made
            while len(kept) > KEPT:
                kept.popitem(last=False)
        return made

    @router.get("/tables/{table_id}")
    async def table_replay(table_id: str, request: Request) -> dict[str, Any]:
        """A finished table's game, step by step (its record replayed from the seed)."""
        spend(request)
        if not 1 <= len(table_id) <= 40:
            raise ApiError(404, ErrorCode.NOT_FOUND, "no such table")
        records = request.app.state.records
        found = await asyncio.to_thread(records.load, table_id)
        if found is None:  # not built yet: as GET /api/tables/{id}/record builds it
            service = request.app.state.service
            table = await service.get(table_id)
            async with table.lock:
                if not table.over:
                    raise ApiError(409, ErrorCode.NOT_FINISHED, "a game can be watched once its chapter is over")
                found = await asyncio.to_thread(records.load, table.id)
                if found is None:
                    found = await asyncio.to_thread(records.save, table.id, await service.record(table))

        def build(plain: bytes) -> dict[str, Any]:
            import json

            return record_frames(json.loads(plain))

        out = await cached("table:" + found.etag, lambda: build(found.plain()))
        return {"table": table_id} | out

    @router.post("/playtest")
    async def playtest_replay(body: PlaytestGame, request: Request) -> dict[str, Any]:
        """One game of a play-test played again (the same bot, preset and seed give the same game)."""
        spend(request)
        key = hashlib.sha256(
            "\x00".join([body.text, ",".join(body.party), body.bot, body.preset, str(body.seed)]).encode(
                "utf-8", "surrogatepass"
            )
        ).hexdigest()
        return await cached(
            "playtest:" + key, playtest_frames, body.text, tuple(body.party), body.bot, body.preset, body.seed
        )

    return router
