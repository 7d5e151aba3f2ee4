"""Issue 50: nothing slow on the event loop. Engine steps, writes and views run on step threads, so a table whose
step is slow (a heavy chapter's thousands of effects) does not hold up another table's broadcast; and a socket may
take its updates as deltas of the view (only the parts that changed, with the version they apply to)."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

from web_helpers import CHAPTER, PARTY, SEATS

from mnm.server.storage import Storage
from mnm.server.tables import HOST, Caller, TableService

SLOW = 1.0  # seconds of CPU one step of the slow table takes


def _service(tmp_path: Path) -> TableService:
    return TableService(Storage(f"sqlite:///{tmp_path / 'loop.db'}"))


def _first_option(service: TableService, table: Any) -> str:
    decision = table.game.decision()
    assert decision is not None
    return str(decision.options[0])


def test_a_slow_step_does_not_delay_another_tables_broadcast(tmp_path: Path) -> None:
    async def run() -> None:
        service = _service(tmp_path)
        slow, _ = await service.create(CHAPTER, PARTY, SEATS, 1, False)
        quick, _ = await service.create(CHAPTER, PARTY, SEATS, 2, False)
        real = slow.game.apply

        def busy_apply(*args: Any, **kwargs: Any) -> Any:  # CPU, holding the GIL but for its switches
            end = time.perf_counter() + SLOW
            while time.perf_counter() < end:
                pass
            return real(*args, **kwargs)

        slow.game.apply = busy_apply  # type: ignore[method-assign]
        heard: list[float] = []

        async def listener(message: dict[str, Any], text: str) -> None:
            heard.append(time.perf_counter())

        quick.listeners.add(listener)
        slow_task = asyncio.create_task(service.act(slow, Caller(HOST), _first_option(service, slow), 0))
        await asyncio.sleep(0.05)  # the slow step is under way
        started = time.perf_counter()
        await service.act(quick, Caller(HOST), _first_option(service, quick), 0)
        assert heard, "the quick table's listener heard nothing"
        waited = heard[0] - started
        assert not slow_task.done(), "the slow step ended before the quick table was served"
        await slow_task
        assert slow.version == 1 and quick.version == 1
        # on the event loop the quick table would wait the whole slow step; on its own thread it does not
        assert waited < SLOW / 2, f"the quick table's broadcast waited {waited:.2f} s behind the slow table"

    asyncio.run(run())
