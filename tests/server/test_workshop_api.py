"""The workshop's API (issue 23): checking a chapter file field by field, the composer's board, drafts under an
editor token, play-tests in worker processes (progress, cancel, limits) and a table opened from a draft."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from web_helpers import create_body

from mnm.chapters.file import MAX_CHAPTER_BYTES
from mnm.content.loader import builtin_dir
from mnm.server.app import Limits, create_app
from mnm.server.workshop import BLANK_CHAPTER

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

LIMITS = Limits(max_drafts=2, playtest_workers=1, address_scale=50.0)
TWO_TILES = (
    BLANK_CHAPTER.replace("  layout: []", "  layout:\n    - {side: 5, at: [0, 0]}\n    - {side: 7, at: [1, 0]}")
    .replace('start_space: "0:0"', 'start_space: "5:15"')
    .replace("  starting_minions: []", "  starting_minions:\n    - {minion: rat-warrior, count: 2, side: 7}")
    .replace("victory: []", "victory:\n  - tile_clear: {side: 7}")
)


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'tables.db'}", LIMITS)) as c:
        yield c


@pytest.fixture
def editor(client: TestClient) -> dict[str, str]:
    r = client.post("/api/workshop/token")
    assert r.status_code == 201
    return {"X-Editor-Token": r.json()["token"]}


def check(client: TestClient, text: str) -> dict[str, Any]:
    r = client.post("/api/workshop/check", json={"text": text})
    assert r.status_code == 200, r.text
    return r.json()  # type: ignore[no-any-return]


def test_blank_chapter_names_its_two_missing_pieces_then_checks_once_tiles_are_laid(client: TestClient) -> None:
    blank = check(client, client.get("/api/workshop/blank").json()["text"])
    assert not blank["ok"]
    fields = {p["field"] for p in blank["problems"]}
    assert "setup.layout" in fields
    layout_line = next(p["line"] for p in blank["problems"] if p["field"] == "setup.layout")
    assert BLANK_CHAPTER.splitlines()[layout_line - 1].strip().startswith("layout:")
    two = check(client, TWO_TILES)
    assert two["ok"], two["problems"]
    joins = {(e["side"], e["edge"]): e["join"] for e in two["board"]["exits"]}
    assert joins[(5, "e")] == "joined" and joins[(7, "w")] == "joined" and joins[(7, "n")] == "loose"
    assert "5:15" in two["board"]["spaces"] and two["data"]["setup"]["start_space"] == "5:15"


def test_each_problem_is_pinned_to_its_field_and_line(client: TestClient) -> None:
    text = TWO_TILES.replace('start_space: "5:15"', 'start_space: "5:99"').replace("count: 2", "count: 0")
    got = check(client, text)
    assert [p["field"] for p in got["problems"]] == ["setup.starting_minions.0.count"]  # schema, then references
    line = got["problems"][0]["line"]
    assert "count: 0" in text.splitlines()[line - 1]
    got = check(client, TWO_TILES.replace('start_space: "5:15"', 'start_space: "5:99"'))
    assert [p["field"] for p in got["problems"]] == ["setup.start_space"]
    assert "start_space" in TWO_TILES.splitlines()[got["problems"][0]["line"] - 1]
    assert got["problems"][0]["en"] != got["problems"][0]["pt"]  # each problem in both languages
    laid_twice = check(client, TWO_TILES.replace("{side: 7, at: [1, 0]}", "{side: 6, at: [1, 0]}"))
    assert "setup.layout.1.side" in {p["field"] for p in laid_twice["problems"]}


def test_untrusted_files_are_bounded(client: TestClient) -> None:
    bomb = "a: &a [1, 2]\nb: &b [*a, *a]\nc: [*b, *b]\n"
    assert "aliases" in check(client, bomb)["problems"][0]["en"]
    deep = "x: " + "[" * 80 + "]" * 80
    assert "deep" in check(client, deep)["problems"][0]["en"]
    assert "cannot be read near line 1" in check(client, "id: [unclosed")["problems"][0]["en"]  # issue 46: plain words
    r = client.post("/api/workshop/check", json={"text": "x" * (MAX_CHAPTER_BYTES + 1)})
    assert r.status_code == 400
    r = client.post(
        "/api/tables/x/actions", content=b"{" + b" " * 20_000 + b"}", headers={"Content-Type": "application/json"}
    )
    assert r.status_code == 413  # the tables' actions keep their own small bound


def test_drafts_live_under_an_editor_token_and_are_bounded(client: TestClient, editor: dict[str, str]) -> None:
    assert client.get("/api/workshop/drafts").status_code == 403
    assert client.put("/api/workshop/drafts/one", json={"text": "id: [broken"}, headers=editor).status_code == 200
    assert client.put("/api/workshop/drafts/two", json={"text": TWO_TILES}, headers=editor).status_code == 200
    over = client.put("/api/workshop/drafts/three", json={"text": TWO_TILES}, headers=editor)
    assert over.status_code == 409 and over.json()["error"] == "too_many_drafts"
    assert client.put("/api/workshop/drafts/one", json={"text": TWO_TILES}, headers=editor).status_code == 200
    other = {"X-Editor-Token": client.post("/api/workshop/token").json()["token"]}
    assert client.get("/api/workshop/drafts", headers=other).json()["drafts"] == []
    mine = client.get("/api/workshop/drafts", headers=editor).json()["drafts"]
    assert sorted(d["id"] for d in mine) == ["one", "two"] and all(d["text"] == TWO_TILES for d in mine)
    assert client.delete("/api/workshop/drafts/one", headers=other).status_code == 404
    assert client.delete("/api/workshop/drafts/one", headers=editor).status_code == 200


def wait(client: TestClient, job: str, editor: dict[str, str], until: Any) -> dict[str, Any]:
    for _ in range(600):
        got: dict[str, Any] = client.get(f"/api/workshop/playtests/{job}", headers=editor).json()
        if until(got):
            return got
        time.sleep(0.1)
    raise AssertionError(f"the play-test never got there: {got}")


def test_playtest_runs_in_workers_with_progress_heat_and_a_per_token_limit(
    client: TestClient, editor: dict[str, str]
) -> None:
    proving = (builtin_dir() / "chapters" / "00-proving-grounds.yaml").read_text(encoding="utf-8")
    r = client.post(
        "/api/workshop/playtests", json={"text": proving, "games": 20, "presets": ["normal"]}, headers=editor
    )
    assert r.status_code == 202, r.text
    job = r.json()
    assert job["total"] == 20 and job["status"] in ("queued", "running")
    again = client.post("/api/workshop/playtests", json={"text": proving, "games": 5}, headers=editor)
    assert again.status_code == 429 and again.json()["error"] == "playtest_limit"
    done = wait(client, job["id"], editor, lambda j: j["status"] == "done")
    normal = done["presets"]["normal"]
    assert done["done"] == 20 and normal["games"] == 20
    assert 0 <= normal["ci95"][0] <= normal["win_rate"] <= normal["ci95"][1] <= 1
    assert sum(normal["pages_used"].values()) == 20
    spaces = set(check(client, proving)["board"]["spaces"])
    assert normal["heat"]["wounds"] and set(normal["heat"]["wounds"]) <= spaces
    assert client.get(f"/api/workshop/playtests/{job['id']}").status_code == 403  # another token's job: no token
    other = {"X-Editor-Token": client.post("/api/workshop/token").json()["token"]}
    assert client.get(f"/api/workshop/playtests/{job['id']}", headers=other).status_code == 404


def test_a_playtest_is_cancelled_and_a_broken_file_is_refused(client: TestClient, editor: dict[str, str]) -> None:
    refused = client.post("/api/workshop/playtests", json={"text": BLANK_CHAPTER, "games": 5}, headers=editor)
    assert refused.status_code == 422 and refused.json()["params"]["problems"][0]["field"]
    job = client.post("/api/workshop/playtests", json={"text": TWO_TILES, "games": 1000}, headers=editor).json()
    wait(client, job["id"], editor, lambda j: j["done"] > 0)
    client.post(f"/api/workshop/playtests/{job['id']}/cancel", headers=editor)
    got = wait(client, job["id"], editor, lambda j: j["status"] == "cancelled")
    assert 0 < got["done"] < 3000


def test_a_table_opens_from_a_draft_and_says_it_is_custom(client: TestClient) -> None:
    r = client.post("/api/workshop/tables", json={"text": TWO_TILES})
    assert r.status_code == 201, r.text
    made = r.json()
    view = client.get(f"/api/tables/{made['table']}", headers={"X-Seat-Token": made["host_token"]}).json()["view"]
    assert view["chapter"]["custom"] is True and view["chapter"]["id"] == "my-chapter"
    board = client.get(f"/api/tables/{made['table']}/board").json()
    assert set(board["sides"]) == {"5", "7"}
    body = create_body()
    del body["seed"]
    shipped = client.post("/api/tables", json=body).json()
    plain = client.get(f"/api/tables/{shipped['table']}", headers={"X-Seat-Token": shipped["host_token"]}).json()
    assert plain["view"]["chapter"]["custom"] is False


def test_a_workshop_table_is_rebuilt_after_a_restart_from_its_own_file(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'tables.db'}"
    with TestClient(create_app(db, LIMITS)) as first:
        made = first.post("/api/workshop/tables", json={"text": TWO_TILES}).json()
    with TestClient(create_app(db, LIMITS)) as second:  # a new process: only the database is left
        got = second.get(f"/api/tables/{made['table']}", headers={"X-Seat-Token": made["host_token"]})
        assert got.status_code == 200, got.text
        assert got.json()["view"]["chapter"]["custom"] is True


def test_mnm_plays_the_exported_file(tmp_path: Path) -> None:
    """What the workshop exports is what `mnm chapter validate` and `mnm play --chapter-file` take."""
    path = tmp_path / "my-chapter.yaml"
    path.write_text(TWO_TILES, encoding="utf-8")
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data"), "PYTHONPATH": os.pathsep.join(sys.path)}
    ok = subprocess.run(
        [sys.executable, "-m", "mnm", "chapter", "validate", str(path)], capture_output=True, text=True, env=env, timeout=120
    )
    assert ok.returncode == 0 and "chapter OK" in ok.stdout, ok.stdout + ok.stderr
    played = subprocess.run(
        [sys.executable, "-m", "mnm", "play", "--chapter-file", str(path), "--plain"],
        input="1\n1\nquit\nyes\n",
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert "Tilda takes the ability" in played.stdout, played.stdout[-2000:] + played.stderr[-2000:]


def test_a_form_edit_is_written_into_the_file_keeping_its_comments(client: TestClient) -> None:
    text = "# my notes\n" + TWO_TILES.replace("number: 0", "number: 0  # shown in lists")
    data = check(client, text)["data"]
    data["number"] = 7
    got = client.post("/api/workshop/write", json={"text": text, "data": data}).json()["text"]
    assert got.startswith("# my notes\n") and re.search(r"\nnumber: 7 +# shown in lists\n", got)
    assert client.post("/api/workshop/write", json={"text": "id: [", "data": {"id": "x"}}).json() == {"text": None}


def test_a_chapter_sheet_prints_layout_rules_story_and_difficulty(client: TestClient) -> None:
    text = TWO_TILES.replace("story: {}", "story:\n  introduction: {en: The bell is silent., pt: O sino está mudo.}")
    measured = {"bot": "heuristic", "presets": {"normal": {"games": 100, "win_rate": 0.42}}}
    html = client.post("/api/workshop/sheet", json={"text": text, "difficulty": measured}).json()["html"]
    assert "<svg" in html and "side 5 (Guard Room) at column 1, row 1; its back is side 6" in html
    assert "space 15 of side 5 (Guard Room)" in html and "no minion is on side 7" in html
    assert "The bell is silent." in html and "won 42% of 100 games" in html
    pt = client.post("/api/workshop/sheet", json={"text": text, "lang": "pt"}).json()["html"]
    assert "O sino está mudo." in pt and "Ainda não medida" in pt and "The bell" not in pt
    shipped = client.get("/api/workshop/chapters/the-root-road/sheet")
    assert shipped.status_code == 200 and shipped.headers["content-type"].startswith("text/html")
    assert "Chapter rules" in shipped.text


def test_the_queue_says_where_a_job_stands_and_every_tab_sees_and_cancels_it(
    client: TestClient, editor: dict[str, str]
) -> None:
    first = client.post("/api/workshop/playtests", json={"text": TWO_TILES, "games": 1000}, headers=editor).json()
    wait(client, first["id"], editor, lambda j: j["status"] == "running")
    other = {"X-Editor-Token": client.post("/api/workshop/token").json()["token"]}
    second = client.post("/api/workshop/playtests", json={"text": TWO_TILES, "games": 5}, headers=other).json()
    assert second["status"] == "queued" and second["position"] == 2 and second["wait_seconds"] > 0
    # another tab of the first editor: it finds the running job (and an estimate before starting one) ...
    mine = client.get("/api/workshop/playtests?bot=search&games=100&presets=1", headers=editor).json()
    assert [j["id"] for j in mine["jobs"]] == [first["id"]] and mine["jobs"][0]["position"] == 0
    assert mine["estimate_seconds"] > 0
    assert client.get("/api/workshop/playtests", headers=other).json()["jobs"][0]["id"] == second["id"]
    # ... and cancels it; the second editor's job moves up and runs
    client.post(f"/api/workshop/playtests/{first['id']}/cancel", headers=editor)
    wait(client, first["id"], editor, lambda j: j["status"] == "cancelled" and j["position"] is None)
    wait(client, second["id"], other, lambda j: j["status"] == "done")


def test_the_estimate_before_a_playtest_is_for_the_chapters_end_page_and_refuses_nonsense(
    client: TestClient, editor: dict[str, str]
) -> None:
    """Issue 37: the estimate scales with the chapter's end page and says how many times slower the search bot
    is; every number the client sends is bounded, and nonsense is refused with a clear error."""

    def estimate(query: str) -> dict[str, Any]:
        r = client.get(f"/api/workshop/playtests?{query}", headers=editor)
        assert r.status_code == 200, r.text
        return r.json()  # type: ignore[no-any-return]

    six, twelve = (estimate(f"bot=search&games=100&presets=3&end_page={page}") for page in (6, 12))
    assert twelve["estimate_seconds"] == pytest.approx(2 * six["estimate_seconds"], rel=0.02)
    assert six["bot"] == "search" and six["end_page"] == 6 and six["times_heuristic"] > 5
    assert estimate("bot=heuristic&games=100&presets=3")["end_page"] == 6  # no end page: Chapter 1's
    assert estimate("bot=heuristic&end_page=6")["times_heuristic"] == 1.0
    # a huge number of games or presets is bounded (the search bot's games to its cap of 100 per preset)
    assert estimate(f"bot=search&games={10**30}&presets={10**30}&end_page=6") == six
    for hostile in ("0", "-3", "41", str(10**30)):
        refused = client.get(f"/api/workshop/playtests?end_page={hostile}", headers=editor)
        assert refused.status_code == 422 and refused.json()["error"] == "bad_chapter", refused.text
        assert refused.json()["problems"][0]["field"] == "setup.end_page"
        assert "1 to 40" in refused.json()["message"]
    for malformed in ("end_page=six", "end_page=6.5", "bot=oracle", "games=many"):
        refused = client.get(f"/api/workshop/playtests?{malformed}", headers=editor)
        assert refused.status_code == 400 and refused.json()["error"] == "malformed", refused.text


def test_the_check_carries_what_the_planner_cannot_plan_for(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """The page's slot for issue 29's planner: every gap of ``cannot_plan`` comes back with the check."""
    from dataclasses import dataclass

    @dataclass(frozen=True)
    class Gap:
        word: str
        en: str
        pt: str

    assert check(client, TWO_TILES)["cannot_plan"] == []  # the real planner reads this chapter whole
    import mnm.server.workshop as workshop_routes

    monkeypatch.setattr(
        workshop_routes,
        "cannot_plan",
        lambda chapter, content=None: [Gap("counter", f"{chapter.id}: gap", f"{chapter.id}: lacuna")],
    )
    got = check(client, TWO_TILES)
    assert got["ok"] and got["cannot_plan"] == [{"word": "counter", "en": "my-chapter: gap", "pt": "my-chapter: lacuna"}]
    assert check(client, BLANK_CHAPTER)["cannot_plan"] == []  # only for a chapter that checks
