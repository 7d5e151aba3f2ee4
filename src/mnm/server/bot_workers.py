"""The bots of tables where bots play every seat decide in worker processes, never on the serving process
(issue 48: each bot action of a heavy chapter ran thousands of effects on the process that answers players;
four such tables held everyone's health check at 2.1 s).

The serving process sends the game's snapshot (the JSON it stores anyway), the table's chapter file when it has
one, the bot's name and its seed; a worker rebuilds the game (``Game.from_json``, as the hints do), lets the bot
choose, and answers the action's text and the CPU seconds it took. The same bot with the same seed chooses the
same action on the rebuilt game as on the live one (tests/server/test_bot_workers.py), so a table plays the same
way wherever its bots decide. The serving process then applies the action once (bounded by the chapter's
effects per trigger, docs/chapters.md) and writes it.

Workers are forked from the play-tests' forkserver with their start-up (lower priority, dead with the server:
docs/deploy.md "Play-test workers"); ``Limits.bot_workers`` of them (1 by default), so all the bot tables of a
server together take at most that many cores. A table's bots may spend ``Limits.playtest_game_seconds`` CPU
seconds in all, as a play-test game may; past that the table is stopped (``stop cpu``).
"""

from __future__ import annotations

import asyncio
import concurrent.futures as cf
import multiprocessing
import os
import time
from collections import OrderedDict
from concurrent.futures.process import BrokenProcessPool
from typing import Any

__all__ = ["BotWorkers", "choose_in_worker"]

_CONTENT: OrderedDict[str, Any] = OrderedDict()  # in a worker: chapter files' contents, the last few


def _content(chapter_file: str | None) -> Any:
    from mnm.chapters.file import read_chapter_text
    from mnm.content.loader import builtin_content

    if chapter_file is None:
        return builtin_content()
    found = _CONTENT.get(chapter_file)
    if found is None:
        found = _CONTENT[chapter_file] = read_chapter_text(chapter_file, "chapter file")
        while len(_CONTENT) > 16:
            _CONTENT.popitem(last=False)
    else:
        _CONTENT.move_to_end(chapter_file)
    return found


def choose_in_worker(chapter_file: str | None, snapshot: dict[str, Any], bot: str, seed: int) -> tuple[str, float]:
    """(In a worker) the bot's action for the snapshot's decision, and the CPU seconds it took."""
    from mnm.bots import make_bot
    from mnm.engine import Game

    started = time.process_time()
    game = Game.from_json(snapshot, _content(chapter_file))
    action = make_bot(bot, seed).choose(game)
    return str(action), time.process_time() - started


class BotWorkers:
    """A small pool of worker processes for the bots of bot-only tables (started on first use)."""

    def __init__(self, workers: int = 1) -> None:
        self.workers = max(1, workers)
        self._pool: cf.ProcessPoolExecutor | None = None

    def _started(self) -> cf.ProcessPoolExecutor:
        if self._pool is None:
            from mnm.workshop.playtest import start_forkserver, start_worker

            context = multiprocessing.get_context("forkserver")
            start_forkserver(context)
            self._pool = cf.ProcessPoolExecutor(
                self.workers, mp_context=context, initializer=start_worker, initargs=(os.getpid(),)
            )
        return self._pool

    async def choose(
        self, chapter_file: str | None, snapshot: dict[str, Any], bot: str, seed: int
    ) -> tuple[str, float]:
        for attempt in (1, 2):
            pool = await asyncio.to_thread(self._started)
            try:
                future = pool.submit(choose_in_worker, chapter_file, snapshot, bot, seed)
                return await asyncio.wrap_future(future)
            except BrokenProcessPool:  # a worker died (killed, out of memory): start afresh, once
                if self._pool is pool:
                    self._pool = None
                    pool.shutdown(wait=False, cancel_futures=True)
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
