"""The chapter library's API (issue 36): house chapters, publishing a chapter file as versions measured by the
bots, searching, one-click tables, ratings proved by seat tokens, unlisting and hiding."""

from __future__ import annotations

import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from web_helpers import TINY_CHAPTER, create_body, play_as_people, publish_body

from mnm.server import library as library_module
from mnm.server.app import Limits, create_app

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

LIMITS = Limits(playtest_workers=1, address_scale=50.0, library_games=3, bot_table_pace=0.0)


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'tables.db'}", LIMITS)) as c:
        yield c


def token(client: TestClient) -> dict[str, str]:
    return {"X-Editor-Token": client.post("/api/workshop/token").json()["token"]}


def measured_page(client: TestClient, chapter: str) -> dict[str, Any]:
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        page = client.get(f"/api/library/chapters/{chapter}").json()
        if page["measure"] != "measuring":
            return page  # type: ignore[no-any-return]
        time.sleep(0.2)
    raise AssertionError("the play-test never ended")


def published_elsewhere(client: TestClient, chapter: str) -> None:
    """As if the chapter had been published from another address than the test client's."""
    from sqlalchemy import update

    from mnm.server.library_store import entries_t

    store = client.app.state.library.store  # type: ignore[attr-defined]
    with store.storage._tx() as conn:
        conn.execute(update(entries_t).where(entries_t.c.chapter == chapter).values(address="elsewhere"))


def finished_table(client: TestClient, table: str) -> dict[str, Any]:
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        view = client.get(f"/api/tables/{table}").json()["view"]
        if view["status"] != "playing":
            return view  # type: ignore[no-any-return]
        time.sleep(0.2)
    raise AssertionError("the bots never finished the table")


def test_house_chapters_are_listed_and_playable(client: TestClient) -> None:
    found = client.get("/api/library", params={"sort": "name"}).json()["chapters"]
    house = {c["chapter"] for c in found if c["house"]}
    assert {"proving-grounds", "flight-to-barksburg"} <= house
    page = client.get("/api/library/chapters/flight-to-barksburg").json()
    # issue 44: the house chapter's figures name their party; the careful party's measured rates (MEASURED) are
    # shown beside the new party's with their games, and the skill depth from the two
    from mnm.engine import DIFFICULTY_PRESETS

    normal = DIFFICULTY_PRESETS["normal"].rate("flight-to-barksburg")
    assert normal is not None and normal.careful is not None
    assert page["party"] == "heuristic" and page["win_rates"]["normal"] == normal.win_rate
    assert page["games"]["normal"] == normal.games
    assert page["careful_rates"]["normal"] == normal.careful and page["careful_games"]["normal"] == normal.careful_games
    assert page["skill_depth"]["normal"]["search"] == {"win_rate": normal.careful, "games": normal.careful_games}
    # and the random bot's (skill depth's first leg), at every preset the table measured it
    assert normal.random is not None
    assert page["skill_depth"]["normal"]["random"] == {"win_rate": normal.random, "games": normal.random_games}
    assert set(page["skill_depth"]) == {"easy", "normal", "hard"}
    # a house row stored before issue 44 (the new party's rates only) still shows the careful party's from the table
    library = client.app.state.library  # type: ignore[attr-defined]
    stored = {k: v for k, v in library_module.house_measures()["flight-to-barksburg"].items() if k != "parties"}
    library.store.set_playtest("flight-to-barksburg", page["version"], "measured", stored)
    library._rows = None
    old = client.get("/api/library/chapters/flight-to-barksburg").json()
    assert old["careful_rates"] == page["careful_rates"] and old["skill_depth"] == page["skill_depth"]
    # a house row measured by `mnm library measure` before the random bot was in the table keeps its own figures
    # and gets the table's for the parties and presets it has not
    own = {"search": {"normal": {"games": 2, "wins": 2, "win_rate": 1.0, "ci95": [0.34, 1.0]}}}
    library.store.set_playtest("flight-to-barksburg", page["version"], "measured", {**stored, "parties": own})
    library._rows = None
    mixed = client.get("/api/library/chapters/flight-to-barksburg").json()["skill_depth"]
    assert mixed["normal"]["search"] == {"win_rate": 1.0, "games": 2}
    assert mixed["normal"]["random"] == page["skill_depth"]["normal"]["random"]
    assert mixed["hard"]["search"] == page["skill_depth"]["hard"]["search"]
    assert page["story"]["en"] and page["sheet"]["tiles"] and page["author"] == "Mice and Mystics"
    made = client.post("/api/library/chapters/proving-grounds/tables", json={})
    assert made.status_code == 201 and made.json()["library"] == {"chapter": "proving-grounds", "version": 1}
    assert client.get("/api/library/chapters/proving-grounds").json()["tables"] == 1


def test_publish_measure_search_play_rate(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(library_module, "MIN_RATING_ACTIONS", 3)  # the tiny chapter may end within 8 of a seat's
    editor = token(client)
    r = client.post("/api/library", json=publish_body(title="Two <b>Tiles</b>"), headers=editor)
    assert r.status_code == 201, r.text
    assert r.json() == {"chapter": "tiny-trial", "version": 1, "measure": "measuring"}
    page = measured_page(client, "tiny-trial")
    assert page["measure"] == "measured"
    assert set(page["win_rates"]) == {"easy", "normal", "hard"} and page["playtest"]["normal"]["games"] == 3
    assert page["difficulty"] in ("gentle", "fair", "hard") and page["rounds"] is not None
    # issue 44: the rates are the new party's; the careful party's (a few search-bot games) and the random bot's
    # were played on the first of the same seeds at normal, and the page shows the skill depth with the games
    assert page["party"] == "heuristic" and page["games"] == {"easy": 3, "normal": 3, "hard": 3}
    parties = page["playtest"]["parties"]
    assert parties["search"]["normal"]["games"] == min(3, library_module.CAREFUL_GAMES)
    assert parties["random"]["normal"]["games"] == 3 and set(parties["random"]) == {"normal"}
    assert page["careful_rates"] == {"normal": parties["search"]["normal"]["win_rate"]}
    assert page["careful_games"] == {"normal": parties["search"]["normal"]["games"]}
    depth = page["skill_depth"]["normal"]
    assert {"random", "heuristic", "search", "spread"} <= set(depth) and depth["heuristic"]["games"] == 3
    rates = [depth[b]["win_rate"] for b in ("random", "heuristic", "search")]
    assert depth["spread"] == round(max(rates) - min(rates), 4)
    assert page["title"] == "Two <b>Tiles</b>"  # kept as text: the page shows it as text
    svg = client.get("/api/library/chapters/tiny-trial/board.svg").text
    assert svg.startswith("<svg") or "<svg" in svg[:200]

    # found by name, party size, language; not by a wrong one
    def search(**params: Any) -> list[str]:
        return [c["chapter"] for c in client.get("/api/library", params=params).json()["chapters"]]

    assert search(q="two tiles") == ["tiny-trial"]
    assert "tiny-trial" in search(party=2, lang="pt", max_tiles=2)
    assert "tiny-trial" not in search(party=3)
    assert search(sort="newest")[0] == "tiny-trial"
    assert "tiny-trial" in search(difficulty=page["difficulty"])

    # a published version never changes: the same file again is refused, another token may not take the id
    again = client.post("/api/library", json=publish_body(), headers=editor)
    assert again.status_code == 409 and again.json()["params"]["reason"] == "unchanged"
    other = token(client)
    taken = client.post("/api/library", json=publish_body(), headers=other)
    assert taken.status_code == 409 and taken.json()["params"]["reason"] == "owner"
    changed = publish_body(text=TINY_CHAPTER.replace("count: 1", "count: 2"))
    v2 = client.post("/api/library", json=changed, headers=editor)
    assert v2.status_code == 201 and v2.json()["version"] == 2
    assert [v["version"] for v in client.get("/api/library/chapters/tiny-trial").json()["versions"]] == [1, 2]
    assert client.get("/api/library/chapters/tiny-trial", params={"version": 1}).json()["version"] == 1

    # one click: a table the bots play to the end; its seats are bots', so nobody rates it (issue 48)
    made = client.post("/api/library/chapters/tiny-trial/tables", json={"version": 1, "bots": ["heuristic"] * 2})
    assert made.status_code == 201, made.text
    table = made.json()["table"]
    seats = [s["token"] for s in made.json()["seats"]]
    early = client.post(f"/api/library/plays/{table}/rating", json={"stars": 4}, headers={"X-Seat-Token": seats[0]})
    finished_table(client, table)
    assert early.status_code in (403, 409)
    assert client.get(f"/api/library/plays/{table}").json()["chapter"] == "tiny-trial"
    nobody = client.post(f"/api/library/plays/{table}/rating", json={"stars": 5})
    assert nobody.status_code == 403
    for who in (seats[0], made.json()["host_token"]):
        bots = client.post(f"/api/library/plays/{table}/rating", json={"stars": 5}, headers={"X-Seat-Token": who})
        assert bots.status_code == 403 and bots.json()["error"] == "not_played", bots.text

    # people play a table: the host's token rates once for a seat that played; the address then has rated it
    published_elsewhere(client, "tiny-trial")  # (this client published it: its publisher may not rate)
    made = client.post("/api/library/chapters/tiny-trial/tables", json={"version": 1}).json()
    table = made["table"]
    host = {"X-Seat-Token": made["host_token"]}
    assert play_as_people(client, table, made["host_token"])["status"] in ("won", "lost")
    rated = client.post(f"/api/library/plays/{table}/rating", json={"stars": 4, "note": "short\x00 and\n sweet"}, headers=host)
    assert rated.status_code == 201, rated.text
    twice = client.post(f"/api/library/plays/{table}/rating", json={"stars": 1}, headers=host)
    assert twice.status_code == 409 and twice.json()["error"] == "already_rated"
    other_seat = {"X-Seat-Token": made["seats"][1]["token"]}
    assert client.post(f"/api/library/plays/{table}/rating", json={"stars": 2}, headers=other_seat).status_code == 409
    page = client.get("/api/library/chapters/tiny-trial").json()
    assert page["tables"] == 2 and page["players"]["finished"] == 2 and page["rated"] == 1 and page["raters"] == 1
    assert page["stars"] == 4.0 and page["players"]["win_rate"] in (0.0, 0.5, 1.0)
    assert [r["stars"] for r in page["ratings"]] == [4]
    assert "short and sweet" in [r["note"] for r in page["ratings"]]

    # a table not played from the library cannot rate anything
    plain = client.post("/api/tables", json={k: v for k, v in create_body().items() if k != "seed"}).json()
    refused = client.post(
        f"/api/library/plays/{plain['table']}/rating", json={"stars": 5}, headers={"X-Seat-Token": plain["host_token"]}
    )
    assert refused.status_code == 404 and refused.json()["error"] == "no_library_chapter"


def test_owner_unlists_operator_hides(client: TestClient) -> None:
    editor = token(client)
    assert client.post("/api/library", json=publish_body(), headers=editor).status_code == 201
    other = client.post("/api/library/chapters/tiny-trial/listed", json={"listed": False}, headers=token(client))
    assert other.status_code == 403 and other.json()["error"] == "not_owner"
    assert client.post("/api/library/chapters/tiny-trial/listed", json={"listed": False}, headers=editor).status_code == 200
    assert "tiny-trial" not in [c["chapter"] for c in client.get("/api/library").json()["chapters"]]
    assert client.get("/api/library/chapters/tiny-trial").status_code == 200  # its link still works
    client.app.state.library.store.set_flag("tiny-trial", hidden=1)  # type: ignore[attr-defined]
    assert client.get("/api/library/chapters/tiny-trial").status_code == 404
    assert client.post("/api/library/chapters/tiny-trial/tables", json={}).status_code == 404


def test_uploads_are_bounded_and_checked(client: TestClient) -> None:
    editor = token(client)
    bad = client.post("/api/library", json=publish_body(text="id: [unclosed"), headers=editor)
    assert bad.status_code == 422 and bad.json()["error"] == "bad_chapter"
    house = client.get("/api/workshop/chapters/proving-grounds").json()["text"]
    taken = client.post("/api/library", json=publish_body(text=house), headers=editor)
    assert taken.status_code == 409 and taken.json()["params"]["reason"] == "house"
    assert client.post("/api/library", json=publish_body()).status_code == 403
    huge = client.post("/api/library", json=publish_body(text="#" * 300_000), headers=editor)
    assert huge.status_code == 413
    assert client.post("/api/library", json=publish_body(mice=9), headers=editor).status_code == 400
    wrong = client.post("/api/library", json=publish_body(mice=3), headers=editor)
    assert wrong.status_code == 422 and wrong.json()["params"]["field"] == "mice"


def test_a_campaign_goes_on_into_a_published_chapter(client: TestClient) -> None:
    editor = token(client)
    first = TINY_CHAPTER.replace("rules: []", "rules: []\nnext_chapter: tiny-sequel")
    second = TINY_CHAPTER.replace("id: tiny-trial", "id: tiny-sequel").replace("number: 100", "number: 101")
    for text, title in ((first, "Part one"), (second, "Part two")):
        assert client.post("/api/library", json=publish_body(text=text, title=title), headers=editor).status_code == 201
    made = client.post("/api/library/chapters/tiny-trial/tables", json={"bots": ["heuristic"] * 2}).json()
    finished_table(client, made["table"])
    # no chapter file sent: the server takes the published chapter the finished one names
    went = client.post(f"/api/tables/{made['table']}/continue", json={}, headers={"X-Seat-Token": made["host_token"]})
    assert went.status_code == 201, went.text
    assert went.json()["chapter"] == "tiny-sequel"
    assert client.get(f"/api/library/plays/{went.json()['table']}").json()["chapter"] == "tiny-sequel"
    assert client.get("/api/library/chapters/tiny-sequel").json()["tables"] == 1


def test_the_operator_hides_a_chapter_from_the_command_line(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from mnm.cli import app

    db = f"sqlite:///{tmp_path / 'tables.db'}"
    with TestClient(create_app(db, LIMITS)) as c:
        assert c.post("/api/library", json=publish_body(), headers=token(c)).status_code == 201
        runner = CliRunner()
        hidden = runner.invoke(app, ["library", "hide", "tiny-trial", "--db", db])
        assert hidden.exit_code == 0, hidden.output
        assert c.get("/api/library/chapters/tiny-trial").status_code == 404
        assert "tiny-trial" not in [x["chapter"] for x in c.get("/api/library").json()["chapters"]]
        listed = runner.invoke(app, ["library", "list", "--db", db])
        assert "tiny-trial" in listed.output and "hidden" in listed.output
        assert runner.invoke(app, ["library", "hide", "no-such", "--db", db]).exit_code == 1
        assert runner.invoke(app, ["library", "unhide", "tiny-trial", "--db", db]).exit_code == 0
        assert c.get("/api/library/chapters/tiny-trial").status_code == 200


def test_versions_published_back_to_back_are_both_measured(client: TestClient) -> None:
    """An editor token runs one play-test at a time: the second version's waits for its turn, then runs."""
    editor = token(client)
    assert client.post("/api/library", json=publish_body(), headers=editor).status_code == 201
    changed = publish_body(text=TINY_CHAPTER.replace("end_page: 8", "end_page: 7"))
    assert client.post("/api/library", json=changed, headers=editor).json()["version"] == 2
    assert measured_page(client, "tiny-trial")["measure"] == "measured"  # the latest, version 2
    versions = client.get("/api/library/chapters/tiny-trial").json()["versions"]
    assert [v["measure"] for v in versions] == ["measured", "measured"]


def test_the_printable_sheet_when_the_server_has_it(client: TestClient) -> None:
    page = client.get("/api/library/chapters/flight-to-barksburg").json()
    sheet = client.get("/api/library/chapters/flight-to-barksburg/sheet", params={"lang": "pt"})
    if page["printable"]:
        assert sheet.status_code == 200 and sheet.headers["content-type"].startswith("text/html")
        assert "Fuga para Barksburg" in sheet.text or page["sheet"]["name"]["pt"] in sheet.text
    else:  # the workshop's sheet (issue 31) is not in this build yet
        assert sheet.status_code == 404


def test_a_version_no_database_integer_holds_is_refused_not_a_server_error(client: TestClient) -> None:
    """The schemathesis fuzz asked for version 2**70: SQLite could not bind it and the server answered 500."""
    chapter = "flight-to-barksburg"
    for url in (
        f"/api/library/chapters/{chapter}/board.svg?version={2**70}",
        f"/api/library/chapters/{chapter}?version={2**70}",
    ):
        r = client.get(url)
        assert r.status_code == 400 and r.json()["field"] == "version", (url, r.status_code, r.text)


def test_skill_depth_needs_two_parties_and_spreads_them() -> None:
    """Issue 44: the page's skill depth, per preset where two of the three parties were measured."""
    rate = lambda r, n: {"games": n, "wins": round(r * n), "win_rate": r, "ci95": [0, 1]}  # noqa: E731
    playtest = {
        "easy": rate(0.8, 20),
        "normal": rate(0.5, 20),
        "parties": {"random": {"normal": rate(0.05, 20)}, "search": {"normal": rate(0.6667, 6)}},
    }
    depth = library_module.skill_depth(playtest)
    assert set(depth) == {"normal"}  # easy has the new party alone
    assert depth["normal"] == {
        "heuristic": {"win_rate": 0.5, "games": 20},
        "random": {"win_rate": 0.05, "games": 20},
        "search": {"win_rate": 0.6667, "games": 6},
        "spread": 0.6167,
    }


def test_a_careful_party_that_did_not_finish_shows_no_figure(client: TestClient) -> None:
    """Issue 44: the careful party's job stopped (here cancelled, as the CPU cap would) leaves the new party's
    measure standing, without a careful figure."""
    playtests = client.app.state.library.playtests  # type: ignore[attr-defined]
    submit = playtests.submit

    def stopped_search(*args: Any, **kwargs: Any) -> Any:
        job = submit(*args, **kwargs)
        if args[3] == "search":
            playtests.cancel(job)
        return job

    playtests.submit = stopped_search
    try:
        r = client.post("/api/library", json=publish_body(), headers=token(client))
        assert r.status_code == 201, r.text
        page = measured_page(client, "tiny-trial")
    finally:
        playtests.submit = submit
    assert page["measure"] == "measured" and set(page["win_rates"]) == {"easy", "normal", "hard"}
    assert page["careful_rates"] == {} and "search" not in page["playtest"]["parties"]
    assert set(page["skill_depth"]["normal"]) == {"random", "heuristic", "spread"}
