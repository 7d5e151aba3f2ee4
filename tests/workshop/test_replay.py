"""Issue 46, item 5: "watch a lost game". A play-test game played again is the same game (same end, same number
of decisions as the play-test's record); its frames carry the chapter's counters and flags as they change, the
chapter actions and rules that fired, the minions' own events and the bots' sub-goal in players' words; a
finished table's record opens in the same viewer through the API."""

from __future__ import annotations

import sys
import warnings
from pathlib import Path
from typing import Any

import pytest

from mnm.content.loader import builtin_content, builtin_dir
from mnm.engine import Game
from mnm.sim.simulate import GameSpec, play_game
from mnm.workshop.replay import ReplayError, goal_words, playtest_frames, record_frames

ROOT = Path(__file__).resolve().parents[2]
PARTY = ("collin", "tilda", "filch", "nez")


@pytest.fixture(scope="module")
def old_mill() -> str:
    content = builtin_content()
    return (builtin_dir() / str(content.file_of("chapter", "the-old-mill"))).read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def replayed(old_mill: str) -> dict[str, Any]:
    return playtest_frames(old_mill, PARTY, "heuristic", "normal", 3)


def test_a_playtest_game_played_again_is_the_same_game(old_mill: str, replayed: dict[str, Any]) -> None:
    from mnm.chapters.file import added_chapter, read_chapter_text
    from mnm.workshop.playtest import MAX_DECISIONS, STALL_ROUNDS

    content = read_chapter_text(old_mill, "workshop")
    chapter = added_chapter(content)[0]
    record = play_game(
        GameSpec(chapter.id, PARTY, "heuristic", 3, "normal"), content, False, MAX_DECISIONS, STALL_ROUNDS
    )
    assert replayed["status"] == record["status"] == "lost"
    assert replayed["outcome"] == record["outcome"] == "hourglass"
    assert len(replayed["frames"]) - 1 == record["decisions"]  # frame 0 is the setup
    assert replayed["frames"][-1]["round"] == record["rounds"]
    assert replayed["playtest"] == {"bot": "heuristic", "preset": "normal", "seed": 3}


def test_frames_show_counters_rules_minions_and_the_bots_aim(replayed: dict[str, Any]) -> None:
    frames = replayed["frames"]
    assert [f["n"] for f in frames] == list(range(len(frames)))
    assert frames[0]["actor"] is None and frames[0]["events"]  # the setup's own events
    # the lever's flag: unset at the start, set by the step that pulled it, and named as the action that fired
    lever = next(f for f in frames if "lever_down" in f["changed"])
    assert lever["vars"]["lever_down"] is True and frames[lever["n"] - 1]["vars"].get("lever_down") is None
    assert "pull-lever" in lever["rules"]
    assert replayed["rules"]["pull-lever"] == {"en": "Pull the rusty lever", "pt": "Puxar a alavanca enferrujada"}
    assert {"name": "lever_down", "label": "Lever down"} in replayed["vars"]
    # the bots' sub-goal before the lever, in the chapter's words (no ids, no file notation)
    aims = [f["goal"] for f in frames[: lever["n"]] if f["goal"]]
    assert aims and aims[0]["en"].startswith("taking the action “Pull the rusty lever” on Under the Floorboards")
    assert aims[0]["pt"].startswith("fazendo a ação “Puxar a alavanca enferrujada” em Sob o Assoalho")
    assert all("`" not in a["en"] and "pull-lever" not in a["en"] for a in aims)
    # the minions' own events (their reasons) are set apart
    minion = [e for f in frames for e in f["events"] if e["minion"]]
    assert minion and any(e["rule"].startswith("R-MINION") for e in minion)
    # where the mice stand, by the tile's name
    at = frames[1]["mice"]["collin"]["at"]
    assert at == {"en": "Under the Floorboards 5", "pt": "Sob o Assoalho 5"}


def test_goal_words_replaces_ids_and_drops_the_file_notation() -> None:
    content = builtin_content()
    why = "taking the action pull-lever on side 8 for `holds_item millers-key`, needed for victory"
    assert goal_words(why, "en", content, "the-old-mill") == (
        "taking the action “Pull the rusty lever” on Under the Floorboards, needed for victory"
    )
    assert goal_words("nothing to replace", "en", content, "the-old-mill") == "nothing to replace"


def test_a_record_replays_and_a_bad_one_is_refused_in_words() -> None:
    with pytest.raises(ReplayError, match="not a table's record"):
        record_frames({"format": "something else"})
    with pytest.raises(ReplayError, match="incomplete"):
        record_frames({"format": "mnm-record/1", "setup": {}})
    game = Game.new("the-old-mill", list(PARTY), seed=5)
    from mnm.records.record import seed_commitment

    setup_events = [e.to_json() for e in game.events]
    rows: list[dict[str, Any]] = []
    for _ in range(6):
        action = game.legal_actions()[0]
        events = game.apply(action)
        rows.append({"kind": "act", "action": str(action), "events": [e.to_json() for e in events], "seat": -1})
    record = {
        "format": "mnm-record/1",
        "setup": {"chapter": "the-old-mill", "party": list(PARTY), "seed": 5, "dice": "seeded", "options": []},
        "seed": 5,
        "commit": seed_commitment(5),
        "setup_events": setup_events,
        "journal": rows,
        "status": "playing",
    }
    out = record_frames(record)
    assert len(out["frames"]) == 7 and out["status"] == "playing"
    assert out["frames"][1]["actor"] == {"en": "Prince Collin", "pt": "Príncipe Collin"}
    assert out["frames"][1]["events"][0]["rule"] == rows[0]["events"][0]["rule"]  # the same game, replayed
    assert out["frames"][1]["events"][0]["text"]["pt"] != out["frames"][1]["events"][0]["text"]["en"]


def test_the_api_replays_a_finished_table_and_a_playtest_game(tmp_path: Path, old_mill: str) -> None:
    sys.path.insert(0, str(ROOT / "tests/server"))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from fastapi.testclient import TestClient
    from test_record_cost import finished_bot_table, limits  # type: ignore[import-not-found]

    from mnm.server.app import create_app

    db = f"sqlite:///{tmp_path / 'tables.db'}"
    with TestClient(create_app(db, limits(bot_table_rounds=2))) as client:
        table = finished_bot_table(client)
        got = client.get(f"/api/workshop/replay/tables/{table}")
        assert got.status_code == 200, got.text
        body = got.json()
        record = client.get(f"/api/tables/{table}/record").json()
        stops = sum(1 for r in record["journal"] if r["kind"] == "stop")
        assert body["table"] == table and len(body["frames"]) == len(record["journal"]) - stops + 1
        assert client.get("/api/workshop/replay/tables/nosuchtable").status_code == 404
        again = client.post(
            "/api/workshop/replay/playtest",
            json={"text": old_mill, "party": list(PARTY), "bot": "heuristic", "preset": "normal", "seed": 3},
        )
        assert again.status_code == 200, again.text
        assert again.json()["outcome"] == "hourglass"
        bad = client.post(
            "/api/workshop/replay/playtest",
            json={"text": "title: [", "party": list(PARTY), "bot": "heuristic", "preset": "normal", "seed": 3},
        )
        assert bad.status_code == 422 and "check it first" in bad.json()["message"]
        wrong = client.post(
            "/api/workshop/replay/playtest",
            json={"text": old_mill, "party": list(PARTY), "bot": "heuristic", "preset": "brutal", "seed": 3},
        )
        assert wrong.status_code in (400, 422)
