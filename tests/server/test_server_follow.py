"""Issue 50: a second process follows an action from PostgreSQL's notice alone.

Two table services (as two ``mnm serve`` processes would) share one PostgreSQL database. An action played on
the first is announced with the row and the update's delta; the second plays the row on its own copy and hands
its sockets the very delta text the first one's sockets got, and to a socket that wants whole views the whole
update, built from the view of the version before: no journal read and no view built. A notice that cannot be
followed (a version missed) falls back to reading the journal.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from mnm.server.fanout import PAYLOAD_BYTES, action_notice, parse_notice
from mnm.server.live import HOST, Caller, LiveTable
from mnm.server.storage import Storage
from mnm.server.tables import TableService
from mnm.server.views import table_view

PARTY = ["collin", "tilda", "filch", "maginos"]
SEATS = [["collin", "tilda"], ["filch", "maginos"]]

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


class Heard:
    """A socket's stand-in: every text it was sent."""

    def __init__(self) -> None:
        self.texts: list[str] = []
        self.arrived = asyncio.Event()

    async def __call__(self, message: dict[str, Any], text: str) -> None:
        self.texts.append(text)
        self.arrived.set()

    async def next_update(self) -> dict[str, Any]:
        while True:
            for i, text in enumerate(self.texts):
                if json.loads(text).get("type") == "update":
                    del self.texts[i]
                    return dict(json.loads(text))
            self.arrived.clear()
            await asyncio.wait_for(self.arrived.wait(), timeout=20)


def listen(table: LiveTable, deltas: bool) -> Heard:
    heard = Heard()
    table.listeners.add(heard)
    if deltas:
        table.deltas.add(heard)
    return heard


def public(view: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in view.items() if k not in ("log", "log_first")}


async def two_processes(url: str) -> tuple[TableService, TableService, LiveTable, LiveTable]:
    first, second = TableService(Storage(url)), TableService(Storage(url))
    await first.start()
    await second.start()
    made, _tokens = await first.create("proving-grounds", PARTY, SEATS, 7, False)
    copy = await second.get(made.id)
    await first.full_view(made)  # as a socket's hello does: the next update's delta starts at this view
    await second.full_view(copy)
    return first, second, made, copy


async def stop(*services: TableService) -> None:
    for service in services:
        await service.stop()
        service.storage.close()


def test_the_second_process_passes_on_the_first_ones_delta_without_reading_the_journal(postgres_url: str) -> None:
    async def play() -> None:
        first, second, made, copy = await two_processes(postgres_url)
        reads: list[int] = []
        journal_after = second.storage.journal_after

        def counted(table_id: str, version: int) -> Any:
            reads.append(version)
            return journal_after(table_id, version)

        second.storage.journal_after = counted  # type: ignore[method-assign]
        here, there, there_whole = listen(made, True), listen(copy, True), listen(copy, False)
        try:
            for _ in range(6):
                decision = made.decision()
                assert decision is not None
                sent = await first.act(made, Caller(HOST), str(decision.options[0]), made.version)
                got_here, got_there = await here.next_update(), await there.next_update()
                assert got_there == got_here and got_here["base"] == sent["version"] - 1  # the same delta
                whole = await there_whole.next_update()
                assert whole["view"] == public(sent["view"]) == public(table_view(copy))
                assert whole["events"] == sent["events"] and copy.version == made.version
            assert reads == []  # every row came with its notice
            assert copy.game.to_json() == made.game.to_json()
            assert copy.stored_bytes == made.stored_bytes and copy.stored_events == made.stored_events
        finally:
            await stop(first, second)

    asyncio.run(play())


def test_a_notice_after_a_missed_one_reads_the_journal(postgres_url: str) -> None:
    async def play() -> None:
        first, second, made, copy = await two_processes(postgres_url)
        there = listen(copy, True)
        try:
            second.fanout.stop()  # type: ignore[union-attr]  # the second process hears nothing for a while
            for _ in range(2):
                decision = made.decision()
                assert decision is not None
                await first.act(made, Caller(HOST), str(decision.options[0]), made.version)
            assert copy.version == made.version - 2
            decision = made.decision()
            assert decision is not None
            payload: list[str] = []
            append = first.storage.append

            def keep_notice(*args: Any, **kwargs: Any) -> int:
                payload.append(kwargs.get("carried") or args[5])
                return append(*args, **kwargs)

            first.storage.append = keep_notice  # type: ignore[method-assign]
            await first.act(made, Caller(HOST), str(decision.options[0]), made.version)
            await second.follow(copy, made.version, payload[0][1:])  # the notice as the fan-out hands it over
            assert copy.version == made.version and copy.game.to_json() == made.game.to_json()
            updates = [json.loads(t) for t in there.texts if json.loads(t)["type"] == "update"]
            assert [u["version"] for u in updates] == [made.version - 2, made.version - 1, made.version]
        finally:
            await stop(first, second)

    asyncio.run(play())


def test_an_action_notice_parses_back_and_leaves_out_a_delta_too_long_for_postgresql() -> None:
    row = {"kind": "action", "action": "move filch 5:12", "dice": [], "seat": 1, "size": 120}
    short = action_notice(row, '{"type":"update"}', 80)
    assert parse_notice(f"other t1 5 {short}", "me") == ("t1", 5, None, short[1:])
    head, _, delta = short[1:].partition("\n")
    assert json.loads(head) == row and delta == '{"type":"update"}'
    long = action_notice(row, "x" * PAYLOAD_BYTES, 80)
    assert long.endswith("\n") and json.loads(long[1:-1]) == row  # the row alone: the follower builds the update
    assert parse_notice("other t1 6 nexttable", "me") == ("t1", 6, "nexttable", None)  # the campaign went on
    assert parse_notice(f"me t1 5 {short}", "me") is None  # this process's own
