"""Issue 50: nothing slow on the event loop. Engine steps, writes and views run on step threads, so a table whose
step is slow (a heavy chapter's thousands of effects) does not hold up another table's broadcast; and a socket may
take its updates as deltas of the view (only the parts that changed, with the version they apply to)."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import pytest
from web_helpers import CHAPTER, PARTY, SEATS

from mnm.server import tables as tables_module
from mnm.server import wire
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


def _patched(view: dict[str, Any], delta: dict[str, Any]) -> dict[str, Any]:
    assert delta["base"] == view["version"], "a delta for another version (the client would ask for a sync)"
    out = {**view, **delta["patch"]}
    for key in delta["removed"]:
        out.pop(key, None)
    return out


def test_a_socket_asking_for_deltas_rebuilds_every_view_and_others_get_whole_views(tmp_path: Path) -> None:
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from fastapi.testclient import TestClient

    from mnm.server.app import Limits, create_app

    limits = Limits(action_burst=1000, actions_per_second=1000.0, allow_seed=True)
    with TestClient(create_app(f"sqlite:///{tmp_path / 'deltas.db'}", limits)) as client:
        r = client.post("/api/tables", json={"chapter": CHAPTER, "party": PARTY, "seats": SEATS, "seed": 7})
        assert r.status_code == 201, r.text
        made = r.json()
        path = f"/api/tables/{made['table']}/ws"
        with (
            client.websocket_connect(path) as host,
            client.websocket_connect(path) as d,
            client.websocket_connect(path) as w,
        ):
            host.send_json({"type": "hello", "token": made["host_token"]})
            d.send_json({"type": "hello", "token": None, "deltas": True})
            w.send_json({"type": "hello", "token": None})
            seen = host.receive_json()["view"]
            by_delta = d.receive_json()["view"]
            whole = w.receive_json()["view"]
            sizes = []
            for _ in range(8):
                decision = seen["decision"]
                if decision is None:
                    break
                host.send_json({"type": "action", "action": decision["options"][0], "version": seen["version"]})
                seen = host.receive_json()["view"]  # the host asked for none: whole views, as before
                assert host.receive_json()["type"] == "ack"
                delta_text = d.receive_text()
                delta = wire.loads(delta_text)
                assert "view" not in delta and delta["version"] == seen["version"]
                by_delta = _patched(by_delta, delta)
                full = w.receive_json()
                whole = full["view"]
                # the log came with the hello (the events of each update extend it)
                assert {k: v for k, v in by_delta.items() if k not in ("log", "log_first")} == whole == seen
                sizes.append((len(delta_text), len(wire.dumps(full))))
            assert sizes and sum(a for a, _ in sizes) < 0.75 * sum(b for _, b in sizes)  # deltas are smaller
            # a gap: the client asks for the whole view again (sync) and goes on from it
            d.send_json({"type": "sync"})
            state = d.receive_json()
            assert state["type"] == "state" and state["view"]["version"] == seen["version"]


def test_view_delta_names_changed_and_removed_parts() -> None:
    old = {"version": 1, "a": [1, 2], "b": {"x": 1}, "gone": 3}
    new = {"version": 2, "a": [1, 2], "b": {"x": 2}, "c": None}
    patch, removed = wire.view_delta(old, new)
    assert patch == {"version": 2, "b": {"x": 2}, "c": None} and removed == ["gone"]
    assert wire.patched(old, patch, removed) == new and "gone" in old  # undone: the old view is left as it was


def test_the_whole_update_is_encoded_only_for_a_socket_that_wants_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every socket of the table takes deltas: no whole update is encoded. A socket wanting whole views joins:
    it gets the whole update, the other one still the delta."""
    encoded_views: list[int] = []
    dumps = wire.dumps

    def counting(value: Any) -> str:
        if isinstance(value, dict) and value.get("type") == "update" and "view" in value:
            encoded_views.append(value["version"])
        return dumps(value)

    monkeypatch.setattr(wire, "dumps", counting)

    async def play() -> None:
        service = _service(tmp_path)
        table, _tokens = await service.create(CHAPTER, PARTY, SEATS, 5, False)
        heard: dict[str, list[str]] = {"delta": [], "whole": []}

        async def delta_socket(message: dict[str, Any], text: str) -> None:
            heard["delta"].append(text)

        async def whole_socket(message: dict[str, Any], text: str) -> None:
            heard["whole"].append(text)

        await service.full_view(table)
        table.listeners.add(delta_socket)
        table.deltas.add(delta_socket)
        first = await service.act(table, Caller(HOST), _first_option(service, table), table.version)
        assert encoded_views == []  # the delta alone was encoded
        got = wire.loads(heard["delta"][-1])
        assert "view" not in got and got["base"] == first["version"] - 1
        table.listeners.add(whole_socket)  # a socket that wants whole views joins
        second = await service.act(table, Caller(HOST), _first_option(service, table), table.version)
        assert encoded_views == [second["version"]]
        assert wire.loads(heard["whole"][-1])["view"] == second["view"]
        assert wire.loads(heard["delta"][-1])["base"] == first["version"]
        await service.stop()
        service.storage.close()

    asyncio.run(play())


def test_encode_update_leaves_the_whole_text_out_when_every_socket_takes_deltas() -> None:
    class Table:
        def __init__(self, deltas: int, listeners: int) -> None:
            self.last_view: dict[str, Any] | None = {"version": 4, "a": 1, "b": 2}
            self.deltas = set(range(deltas))
            self.listeners = set(range(listeners))

    message = {"type": "update", "version": 5, "events": [], "view": {"version": 5, "a": 1, "b": 3}}
    only_deltas = Table(2, 2)
    whole, delta = tables_module.encode_update(only_deltas, message)  # type: ignore[arg-type]
    assert whole is None and delta is not None and wire.loads(delta)["patch"] == {"version": 5, "b": 3}
    assert only_deltas.last_view is message["view"]
    whole, delta = tables_module.encode_update(Table(1, 2), message)  # type: ignore[arg-type]
    assert whole is not None and wire.loads(whole) == message and delta is not None


def test_an_update_that_cannot_be_built_writes_nothing_and_the_table_is_rebuilt(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The update is built before the write (its notice carries it): a failure there leaves storage as it was,
    the caller is told nothing was played, and the next request finds the table as storage has it."""
    from mnm.server.errors import ApiError

    async def play() -> None:
        service = _service(tmp_path)
        table, _tokens = await service.create(CHAPTER, PARTY, SEATS, 5, False)
        version = table.version

        def broken(*args: Any) -> dict[str, Any]:
            raise RuntimeError("a view that cannot be built")

        with monkeypatch.context() as patched:
            patched.setattr(TableService, "_update", broken)
            try:
                await service.act(table, Caller(HOST), _first_option(service, table), version)
            except ApiError as err:
                assert err.status == 503
            else:
                raise AssertionError("the action was taken")
        again = await service.get(table.id)
        assert again is not table and again.version == version == service.storage.version(table.id)
        message = await service.act(again, Caller(HOST), _first_option(service, again), version)
        assert message["version"] == version + 1
        await service.stop()
        service.storage.close()

    asyncio.run(play())
