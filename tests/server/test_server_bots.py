"""Bot seats: the server plays a bot seat's decisions itself, stores each action, and goes on after a restart."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from web_helpers import CHAPTER, PARTY, SEATS

from mnm.server.storage import Storage
from mnm.server.tables import BOT, HOST, ApiError, Caller, TableService


def _service(tmp_path: Path) -> TableService:
    return TableService(Storage(f"sqlite:///{tmp_path / 'bots.db'}"))


def test_all_bot_table_plays_to_its_end_and_is_stored(tmp_path: Path) -> None:
    async def run() -> None:
        service = _service(tmp_path)
        table, _ = await service.create(CHAPTER, PARTY, SEATS, 5, False, bots=["random", "random"])
        await service.settle(table)
        assert table.game.decision() is None and table.game.state.status != "playing"
        record = service.storage.load(table.id)
        assert record is not None and record.version == table.version > 0
        assert all(row.seat == BOT for row in record.journal)
        # the same seed plays the same game
        again, _ = await service.create(CHAPTER, PARTY, SEATS, 5, False, bots=["random", "random"])
        await service.settle(again)
        assert again.game.log == table.game.log

    asyncio.run(run())


def test_bot_seat_answers_after_a_person_and_survives_a_restart(tmp_path: Path) -> None:
    async def run() -> None:
        service = _service(tmp_path)
        table, _ = await service.create(CHAPTER, PARTY, SEATS, 3, False, bots=[None, "random"])
        await service.settle(table)
        bot_heroes = set(SEATS[1])
        # the bots never leave one of their own decisions pending
        d = table.game.decision()
        assert d is not None and d.actor not in bot_heroes
        # people play the first option until a bot has answered something
        for _ in range(200):
            if any(row.seat == BOT for row in service.storage.load(table.id).journal):  # type: ignore[union-attr]
                break
            d = table.game.decision()
            assert d is not None
            await service.act(table, Caller(0 if d.actor not in bot_heroes else HOST), str(d.options[0]), table.version)
            await service.settle(table)
            d = table.game.decision()
            assert d is None or d.actor not in bot_heroes
        record = service.storage.load(table.id)
        assert record is not None and any(row.seat == BOT for row in record.journal)
        # a fresh server (empty memory) rebuilds the same table from storage
        fresh = TableService(service.storage)
        back = await fresh.get(table.id)
        await fresh.settle(back)
        assert back.game.log == table.game.log and back.version == table.version
        assert back.bot_names() == [None, "random"]

    asyncio.run(run())


def test_unknown_bot_is_refused(tmp_path: Path) -> None:
    async def run() -> None:
        service = _service(tmp_path)
        try:
            await service.create(CHAPTER, PARTY, SEATS, 3, False, bots=["clever"])
        except ApiError as err:
            assert err.status == 422 and err.code == "bad_table"
        else:
            raise AssertionError("an unknown bot name was accepted")

    asyncio.run(run())


def test_hints_api_gives_three_legal_options_and_refuses_spectators(tmp_path: Path) -> None:
    from fastapi.testclient import TestClient

    from mnm.server.app import Limits, create_app

    with TestClient(create_app(f"sqlite:///{tmp_path / 'h.db'}", Limits(hint_iterations=30, allow_seed=True))) as client:
        made = client.post("/api/tables", json={"chapter": CHAPTER, "party": PARTY, "seats": SEATS, "seed": 3}).json()
        url = f"/api/tables/{made['table']}/hints"
        assert client.get(url).status_code == 403  # a spectator
        got = client.get(url, headers={"X-Seat-Token": made["host_token"]})
        assert got.status_code == 200, got.text
        body = got.json()
        options = client.get(f"/api/tables/{made['table']}").json()["view"]["decision"]["options"]
        assert body["version"] == 0 and 1 <= len(body["hints"]) <= 3
        assert body["status"] == "not_enough"  # issue 44: 30 playouts rank nothing; the page says so
        for h in body["hints"]:
            assert h["action"] in options and 0 <= h["win_chance"] <= 1 and h["playouts"] > 0 and h["reason"]
        # a hint can be played as it is
        first = body["hints"][0]["action"]
        r = client.post(
            f"/api/tables/{made['table']}/actions",
            json={"action": first, "version": 0},
            headers={"X-Seat-Token": made["host_token"]},
        )
        assert r.status_code == 200, r.text
        # rate-limited: the burst is 3 searches
        codes = [client.get(url, headers={"X-Seat-Token": made["host_token"]}).status_code for _ in range(4)]
        assert 429 in codes


def test_companion_table_whose_setup_rolls_is_created(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A setup that rolls in manual mode (no built-in chapter does today) uses the seeded die for those rolls;
    the players type dice from the first decision on, and a restart rebuilds the same game."""
    import mnm.server.tables as tables
    from mnm.engine.errors import NeedDice
    from mnm.engine.game import Game

    real_new = Game.new

    def setup_rolls(*args: Any, **kwargs: Any) -> Game:
        if kwargs.get("dice") == "manual":
            raise NeedDice(1, "a minion's movement")
        return real_new(*args, **kwargs)

    monkeypatch.setattr(tables.Game, "new", setup_rolls)

    async def run() -> None:
        service = _service(tmp_path)
        table, _ = await service.create(CHAPTER, PARTY, SEATS, 3, True)
        assert table.game.state.dice_mode == "manual" and table.setup["dice"] == "manual"
        seeded = real_new(CHAPTER, PARTY, seed=3, dice="seeded")
        assert table.game.state.heroes.keys() == seeded.state.heroes.keys()
        assert [e.msg for e in table.game.events] == [e.msg for e in seeded.events]
        back = await TableService(service.storage).get(table.id)
        assert back.game.to_json() == table.game.to_json()

    asyncio.run(run())


def test_undo_takes_back_the_bots_answers_to_a_persons_decision(tmp_path: Path) -> None:
    async def run() -> None:
        service = _service(tmp_path)
        seats = [["collin", "filch", "maginos"], ["tilda"]]
        table, _ = await service.create(CHAPTER, PARTY, seats, 3, False, bots=[None, "random"])
        await service.settle(table)
        assert table.game.log == []  # collin (a person's mouse) chooses an ability first
        d = table.game.decision()
        assert d is not None and d.actor == "collin"
        await service.act(table, Caller(0), str(d.options[0]), table.version)
        await service.settle(table)
        # the bot chose tilda's ability at once; filch (a person's) decides now
        assert len(table.game.log) == 2 and table.game.log[1].startswith("choose tilda")
        assert table.game.decision().actor == "filch"  # type: ignore[union-attr]
        # undo takes back the bot's answer and the person's choice before it: back to collin's decision
        await service.undo(table, Caller(0), table.version)
        await service.settle(table)
        assert table.game.log == []
        assert table.game.decision().actor == "collin"  # type: ignore[union-attr]
        assert table.version == 4  # two actions, two undos, each its own journal row

    asyncio.run(run())
