"""Issue 48: the bots of the server's tables decide in worker processes, never on the serving process; they
choose there exactly what they would have chosen here (a table plays the same way), and a bot table's CPU is
capped as a play-test game's is."""

from __future__ import annotations

import time
import warnings
from pathlib import Path
from typing import Any

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from web_helpers import BOTS, ENDLESS, PARTY

from mnm.bots import make_bot
from mnm.chapters.file import added_chapter, read_chapter_text
from mnm.engine import Game
from mnm.records.record import game_from_setup
from mnm.server import tables as tables_module
from mnm.server.app import Limits, create_app
from mnm.server.bot_workers import choose_in_worker

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def limits(**over: Any) -> Limits:
    return Limits(**{"bot_table_pace": 0.0, "allow_seed": True, "bot_table_rounds": 3, **over})


def wait_over(client: TestClient, table: str, seconds: float = 60.0) -> dict[str, Any]:
    deadline = time.monotonic() + seconds
    while True:
        view = client.get(f"/api/tables/{table}").json()["view"]
        if view["status"] != "playing" or view["stopped"] or time.monotonic() > deadline:
            return view  # type: ignore[no-any-return]
        time.sleep(0.1)


def test_the_worker_chooses_what_the_live_game_would() -> None:
    content = read_chapter_text(ENDLESS)
    chapter = added_chapter(content)[0].id
    game = game_from_setup(
        {"chapter": chapter, "party": PARTY, "seats": [[p] for p in PARTY], "seed": 9, "dice": "seeded", "carry": None},
        content,
    )
    for n in range(60):
        here = make_bot("heuristic", n).choose(game)
        there, cpu = choose_in_worker(ENDLESS, game.to_json(), "heuristic", n)
        assert there == str(here) and cpu >= 0.0
        game.apply(here)
    assert isinstance(Game.from_json(game.to_json(), content), Game)


def journal_of(tmp_path: Path, name: str, workers: int, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    with TestClient(create_app(f"sqlite:///{tmp_path / name}", limits(bot_workers=workers))) as client:
        body = {"chapter_file": ENDLESS, "party": PARTY, "bots": BOTS, "seed": 4242}
        made = client.post("/api/tables", json=body)
        assert made.status_code == 201, made.text
        table = made.json()["table"]
        view = wait_over(client, table)
        assert view["stopped"] is not None
        record = client.get(f"/api/tables/{table}/record").json()
    return [row["action"] for row in record["journal"]]


def test_a_bot_table_plays_the_same_in_workers_and_never_decides_on_the_server(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    here = journal_of(tmp_path, "thread.db", 0, monkeypatch)

    def refuse(*_args: Any) -> Any:
        raise AssertionError("a bot decided on the serving process")

    monkeypatch.setattr(tables_module, "_bot_choice", refuse)
    there = journal_of(tmp_path, "workers.db", 1, monkeypatch)
    assert len(here) > 20 and there == here


def test_a_bot_table_over_its_cpu_is_stopped(tmp_path: Path) -> None:
    with TestClient(create_app(f"sqlite:///{tmp_path / 't.db'}", limits(playtest_game_seconds=0.05, bot_table_rounds=1000))) as client:
        made = client.post("/api/tables", json={"chapter_file": ENDLESS, "party": PARTY, "bots": BOTS}).json()
        view = wait_over(client, made["table"])
        assert view["stopped"] is not None and view["stopped"]["reason"] == "cpu", view["stopped"]
        assert "CPU" in view["stopped"]["text"]["en"] and "CPU" in view["stopped"]["text"]["pt"]
