"""Issue 46, item 5: the sandbox table. The designer of a draft sets a counter or a flag, fires a rule, jumps the
hourglass to a page (mnm.engine.sandbox): the chapter reacts as in play (its hourglass rules fire, its defeat
comes), a bad change is refused in words and changes nothing, the change is a journal row that a reload, the
record and the replay viewer play again, and ``mnm verify`` says the game was changed by hand. Only the host of a
workshop draft's table may do it."""

from __future__ import annotations

import sys
import warnings
from pathlib import Path
from typing import Any

import pytest

from mnm.chapters.file import read_chapter_text
from mnm.engine import Game, render
from mnm.engine.sandbox import SandboxError, parse_change, sandbox_change
from mnm.records.record import PARTIAL, seed_commitment, verify_record
from mnm.workshop.replay import record_frames

ROOT = Path(__file__).resolve().parents[2]
HALLS = (ROOT / "tests/bots/chapters/corpus/10-the-noisy-halls.yaml").read_text(encoding="utf-8")
PARTY = ["collin", "tilda", "filch", "nez"]


def halls(seed: int = 4) -> Game:
    return Game.new("the-noisy-halls", PARTY, seed=seed, content=read_chapter_text(HALLS, "halls"))


def test_a_counter_and_a_flag_are_set_in_words_and_undo_stops_there() -> None:
    game = halls()
    game.apply(game.legal_actions()[0])
    events = sandbox_change(game, "counter noise 5")
    assert game.state.chapter_vars["noise"] == 5
    assert [render(e, "en", game.ctx.content) for e in events] == ["Sandbox: the chapter's counter noise is set to 5."]
    assert render(events[0], "pt_BR", game.ctx.content) == "Mesa de testes: o contador noise do capítulo passa a 5."
    assert game.can_undo()[0] is False  # what came before a hand-made change is not taken back across it
    sandbox_change(game, "flag door_open on")
    assert game.state.chapter_vars["door_open"] is True
    sandbox_change(game, "flag door_open off")
    assert "door_open" not in game.state.chapter_vars
    assert game.decision() is not None and game.state.status == "playing"


def test_a_counter_that_reaches_the_defeat_loses_at_once() -> None:
    game = halls()
    while game.state.turn_index < 0:  # the abilities are chosen first: outcomes are read once the turns begin
        game.apply(game.legal_actions()[0])
    sandbox_change(game, "counter noise 8")
    assert game.state.status == "lost" and game.state.outcome == "chapter"
    with pytest.raises(SandboxError, match="over"):
        sandbox_change(game, "counter noise 1")


def test_a_rule_fired_by_hand_runs_its_effects() -> None:
    game = halls()
    pending = game.state.pending
    events = sandbox_change(game, "fire rattling-armour")
    assert game.state.chapter_vars["noise"] == 3
    assert render(events[0], "en", game.ctx.content) == "Sandbox: the chapter rule rattling armour fires by hand."
    assert game.state.pending == pending  # the decision that was pending is still the one to make


def test_jumping_forward_turns_the_pages_as_play_would_and_back_just_moves() -> None:
    game = halls()
    assert game.state.hourglass == 1
    sandbox_change(game, "page 4")
    assert game.state.hourglass == 4
    assert game.state.chapter_vars["noise"] == 3  # the chapter's hourglass rule fired for each page turned
    sandbox_change(game, "page 2")
    assert game.state.hourglass == 2 and game.state.chapter_vars["noise"] == 3
    sandbox_change(game, "page 9")  # the end marker
    assert game.state.status == "lost" and game.state.outcome in ("hourglass", "chapter")


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("counter noise lots", "whole number"),
        ("counter noise 5000", "between"),
        ("flag x maybe", "a change is"),
        ("fire no-such-rule", "no rule 'no-such-rule'"),
        ("page 0", "pages are 1 to 9"),
        ("page 10", "pages are 1 to 9"),
        ("explode", "a change is"),
    ],
)
def test_a_bad_change_is_refused_in_words_and_changes_nothing(text: str, said: str) -> None:
    game = halls()
    before, events = game.state, len(game.events)
    with pytest.raises(SandboxError, match=said):
        sandbox_change(game, text)
    assert game.state is before and len(game.events) == events


@pytest.mark.parametrize(
    ("text", "en", "pt"),
    [
        ("counter noise lots", "whole number, not 'lots'", "número inteiro, não 'lots'"),
        ("counter noise 5000", "between -999 and 999", "entre -999 e 999"),
        ("explode", "fires a rule or moves the hourglass", "dispara uma regra ou move a ampulheta"),
        ("fire no-such-rule", "no rule called no such rule", "não tem uma regra chamada no such rule"),
        ("page 10", "pages are 1 to 9", "vão de 1 a 9"),
    ],
)
def test_a_refusal_is_said_in_both_languages(text: str, en: str, pt: str) -> None:
    with pytest.raises(SandboxError) as caught:
        sandbox_change(halls(), text)
    assert en in render(caught.value.message, "en") and pt in render(caught.value.message, "pt_BR")
    assert caught.value.message.msg != render(caught.value.message, "pt_BR")  # a catalog entry, not the id


def test_parse_change() -> None:
    assert parse_change("counter noise -3") == ("counter", "noise", -3)
    assert parse_change("flag gate on") == ("flag", "gate", 1)
    assert parse_change("fire time-passes") == ("fire", "time-passes", 0)
    assert parse_change("page 3") == ("page", "", 3)


def _record(game_rows: list[tuple[str, str]]) -> dict[str, Any]:
    game = halls(7)
    setup_events = [e.to_json() for e in game.events]
    rows: list[dict[str, Any]] = []
    for kind, action in game_rows:
        if kind == "sandbox":
            events = sandbox_change(game, action)
        else:
            action = str(game.legal_actions()[0])
            events = game.apply(action)
        rows.append({"kind": kind, "action": action, "events": [e.to_json() for e in events], "seat": -1})
    return {
        "format": "mnm-record/1",
        "setup": {
            "chapter": "the-noisy-halls",
            "party": PARTY,
            "seed": 7,
            "dice": "seeded",
            "options": [],
            "chapter_file": HALLS,
        },
        "seed": 7,
        "commit": seed_commitment(7),
        "setup_events": setup_events,
        "journal": rows,
        "status": game.state.status,
    }


def test_a_record_with_sandbox_changes_verifies_as_changed_by_hand_and_replays() -> None:
    # four abilities chosen and a first step, so the turns have begun (outcomes are read from then on)
    record = _record([*[("action", "")] * 5, ("sandbox", "counter noise 6"), ("action", ""), ("sandbox", "page 3")])
    verdict = verify_record(record)
    assert verdict.ok and verdict.code == PARTIAL
    assert verdict.facts["sandbox_changes"] == 2
    assert any("changed the game by hand 2 time(s)" in limit for limit in verdict.limits)
    frames = record_frames(record)["frames"][5:]  # frame n is the state after journal row n
    assert frames[1]["vars"]["noise"] == 6 and frames[1]["changed"] == ["noise"]
    turned = 3 - frames[2]["page"]
    assert turned == 2 and frames[3]["page"] == 3 and frames[3]["vars"]["noise"] == 8
    assert frames[3]["status"] == "lost"  # the noise reached the chapter's defeat
    # a record whose sandbox row was altered no longer matches
    record["journal"][5]["action"] = "counter noise 7"
    assert not verify_record(record).ok


def test_only_the_host_of_a_workshop_table_changes_it(tmp_path: Path) -> None:
    sys.path.insert(0, str(ROOT / "tests/server"))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from fastapi.testclient import TestClient
    from web_helpers import create_body  # type: ignore[import-not-found]

    from mnm.server.app import Limits, create_app

    db = f"sqlite:///{tmp_path / 'tables.db'}"
    with TestClient(create_app(db, Limits(action_burst=1000, actions_per_second=1000.0))) as client:
        made = client.post("/api/workshop/tables", json={"text": HALLS}).json()  # people only: the version holds
        table, host = made["table"], made["host_token"]
        seat = made["seats"][1]["token"]
        info = client.get(f"/api/workshop/sandbox/{table}").json()
        assert info["allowed"] is True and {"name": "noise", "kind": "counter", "value": None} in info["vars"]
        assert "time-passes" in info["rules"] and info["end_page"] == 9
        version = client.get(f"/api/tables/{table}").json()["view"]["version"]
        refused = client.post(
            f"/api/workshop/sandbox/{table}",
            json={"change": "counter noise 2", "version": version},
            headers={"X-Seat-Token": seat},
        )
        assert refused.status_code == 403
        said = refused.json()["params"]["text"]
        assert said["en"] == "only the table's host may change it in the sandbox"
        assert said["pt"] == "só o anfitrião da mesa pode mudá-la na mesa de testes"
        assert (
            client.post(
                f"/api/workshop/sandbox/{table}", json={"change": "counter noise 2", "version": version}
            ).status_code
            == 403
        )
        bad = client.post(
            f"/api/workshop/sandbox/{table}",
            json={"change": "page 99", "version": version},
            headers={"X-Seat-Token": host},
        )
        assert bad.status_code == 422 and "pages are 1 to 9" in bad.json()["message"]
        assert bad.json()["text"] == {
            "en": "the chapter track's pages are 1 to 9 (its end marker)",
            "pt": "as páginas da trilha do capítulo vão de 1 a 9 (o marcador de fim)",
        }
        stale = client.post(
            f"/api/workshop/sandbox/{table}",
            json={"change": "counter noise 2", "version": version + 5},
            headers={"X-Seat-Token": host},
        )
        assert stale.status_code == 409
        done = client.post(
            f"/api/workshop/sandbox/{table}",
            json={"change": "counter noise 2", "version": version},
            headers={"X-Seat-Token": host},
        )
        assert done.status_code == 200, done.text
        update = done.json()
        assert (
            update["kind"] == "sandbox"
            and update["events"][0]["text"]["en"] == "Sandbox: the chapter's counter noise is set to 2."
        )
        assert update["view"]["version"] == version + 1
        # a shipped chapter's table has no sandbox
        body = create_body()
        del body["seed"]  # the server draws it
        shipped = client.post("/api/tables", json=body).json()
        closed = client.get(f"/api/workshop/sandbox/{shipped['table']}").json()
        assert closed["allowed"] is False and closed["why_text"]["pt"].startswith("a mesa de testes é para mesas")
        no = client.post(
            f"/api/workshop/sandbox/{shipped['table']}",
            json={"change": "page 2", "version": 0},
            headers={"X-Seat-Token": shipped["host_token"]},
        )
        assert no.status_code == 403 and no.json()["text"]["pt"].startswith("a mesa de testes é para mesas")
    # a restart rebuilds the table from its journal, the change with it
    with TestClient(create_app(db, Limits())) as client:
        view = client.get(f"/api/tables/{table}", headers={"X-Seat-Token": host}).json()["view"]
        assert view["version"] >= version + 1
        trackers = view["chapter"]["trackers"]
        assert any(t["name"] == "noise" and t["value"] >= 2 for t in trackers)
