"""Tables of a chapter file (issue 22, item 4): the uploaded text is checked before anything is stored, the
table keeps it (reloads and restarts play the same chapter), and the campaign goes on between chapter files."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient
from web_helpers import ROOT, create_body

from mnm.chapters.file import skeleton_text
from mnm.server.app import Limits, create_app

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

LIMITS = Limits(max_body=4096, action_burst=1000, actions_per_second=1000.0, allow_seed=True, hint_iterations=24)
EXAMPLE = (ROOT / "examples" / "chapters" / "kitchen-run.yaml").read_text(encoding="utf-8")


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'chapters.db'}", LIMITS)) as c:
        yield c


def create(client: TestClient, text: str, **over: Any) -> Any:
    body = {k: v for k, v in create_body(**over).items() if k != "chapter" or "chapter" in over}
    return client.post("/api/tables", json={**body, "chapter_file": text})


def test_a_table_plays_an_uploaded_chapter_file_and_keeps_it_across_a_restart(tmp_path: Path) -> None:
    db_url = f"sqlite:///{tmp_path / 'restart.db'}"
    with TestClient(create_app(db_url, LIMITS)) as c:
        r = create(c, EXAMPLE)
        assert r.status_code == 201, r.text
        made = r.json()
        v = c.get(f"/api/tables/{made['table']}").json()["view"]
        assert v["chapter"]["id"] == "kitchen-run" and v["chapter"]["name"]["en"] == "The Kitchen Run"
        first = v["decision"]["options"][0]
        r = c.post(
            f"/api/tables/{made['table']}/actions",
            json={"action": first, "version": 0},
            headers={"X-Seat-Token": made["host_token"]},
        )
        assert r.status_code == 200, r.text
        board = c.get(f"/api/tables/{made['table']}/board")
        assert board.status_code == 200
        hints = c.get(f"/api/tables/{made['table']}/hints", headers={"X-Seat-Token": made["host_token"]})
        assert hints.status_code == 200 and hints.json()["hints"], hints.text  # searched on the table's chapter
    with TestClient(create_app(db_url, LIMITS)) as c:  # a new server process rebuilds it from storage
        again = c.get(f"/api/tables/{made['table']}").json()["view"]
        assert again["chapter"]["id"] == "kitchen-run" and again["version"] == 1


def test_a_bad_chapter_file_is_refused_with_every_problem_and_nothing_is_stored(client: TestClient) -> None:
    live = dict(client.app.state.service.live)  # type: ignore[attr-defined]
    bad = skeleton_text().replace('spaces: ["4:2"]', 'spaces: ["4:42"]')
    r = create(client, bad)
    assert r.status_code == 422
    body = r.json()
    assert body["error"] == "bad_chapter"
    problem = body["problems"][0]
    assert problem["field"] == "victory.2.all_free_mice_on.spaces.0" and problem["line"] > 1
    assert "4:42" in problem["en"] and "4:42" in problem["pt"]
    bomb = "a: &a [x, x]\nb: &b [*a, *a]\nc: [*b, *b]\n"
    r = create(client, bomb)
    assert r.status_code == 422 and "aliases" in r.json()["message"]
    assert create(client, "id: x\x00").status_code == 422
    r = create(client, EXAMPLE, chapter="proving-grounds")  # the file is another chapter than the one named
    assert r.status_code == 422 and r.json()["field"] == "chapter"
    assert client.post("/api/tables", json={k: v for k, v in create_body().items() if k != "chapter"}).status_code == 400
    assert dict(client.app.state.service.live) == live  # type: ignore[attr-defined]


def test_an_upload_over_the_limit_is_refused_before_it_is_read(tmp_path: Path) -> None:
    small = Limits(max_body=4096, max_upload=8192, allow_seed=True)
    with TestClient(create_app(f"sqlite:///{tmp_path / 'small.db'}", small)) as c:
        r = create(c, EXAMPLE + "#" * 9000)
        assert r.status_code == 413
        assert c.post("/api/tables/x/actions", json={"action": "x" * 5000, "version": 0}).status_code == 413


def test_the_campaign_goes_on_to_an_uploaded_next_chapter(client: TestClient) -> None:
    first = skeleton_text().replace("id: my-chapter", "id: first\nnext_chapter: second")
    made = create(client, first).json()
    live = client.app.state.service.live[made["table"]]  # type: ignore[attr-defined]
    live.game.state.status = "won"
    url = f"/api/tables/{made['table']}/continue"
    host = {"X-Seat-Token": made["host_token"]}
    r = client.post(url, json={}, headers=host)
    assert r.status_code == 422 and r.json()["error"] == "campaign" and r.json()["chapter"] == "second"
    wrong = skeleton_text().replace("id: my-chapter", "id: third")
    assert client.post(url, json={"chapter_file": wrong}, headers=host).status_code == 422
    second = skeleton_text().replace("id: my-chapter", "id: second")
    r = client.post(url, json={"chapter_file": second}, headers=host)
    assert r.status_code == 201, r.text
    assert r.json()["chapter"] == "second"
    again = client.get(f"/api/tables/{r.json()['table']}").json()["view"]
    assert again["chapter"]["id"] == "second"


def test_a_chapter_file_near_the_size_limit_fits_the_upload(tmp_path: Path) -> None:
    from mnm.chapters.file import MAX_CHAPTER_BYTES

    moments = "".join(f"  m{i}:\n    en: \"{'a' * 1900}\"\n    pt: \"{'b' * 1900}\"\n" for i in range(30))
    text = EXAMPLE.replace("story:                    # moments read by the `story` effect (below), by name\n", "story:\n" + moments)
    assert MAX_CHAPTER_BYTES - 16 * 1024 < len(text.encode()) <= MAX_CHAPTER_BYTES
    with TestClient(create_app(f"sqlite:///{tmp_path / 'big.db'}", Limits(allow_seed=True))) as c:
        r = create(c, text)
        assert r.status_code == 201, r.text[:300]


@pytest.mark.rule("R-EXPLORE-13")
def test_r_explore_13_a_gates_refusal_is_answered_in_both_languages(client: TestClient) -> None:
    """An explore a chapter gate refuses: 422 illegal, the English reason as the message, and the gate's words from
    the file in both languages as ``text`` (the web shows ``text`` in the player's language)."""
    text = skeleton_text().replace("  starting_minions:\n    - {minion: rat-warrior, count: 2, side: 5}\n", "")
    gate = "  - {id: shut, when: explore_attempt, do: [gate: {reason: {en: The door is barred, pt: A porta está trancada}}]}"
    text = text.replace("\nrooms:", f"{gate}\n\nrooms:", 1)
    made = create(client, text).json()
    url, host = f"/api/tables/{made['table']}", {"X-Seat-Token": made["host_token"]}
    view = client.get(url).json()["view"]
    while view["decision"]["kind"] != "turn":  # the party's setup choices, the first that comes each time
        r = client.post(f"{url}/actions", json={"action": view["decision"]["options"][0], "version": view["version"]}, headers=host)
        assert r.status_code == 200, r.text
        view = client.get(url).json()["view"]
    mouse = view["decision"]["actor"]
    r = client.post(f"{url}/actions", json={"action": f"explore {mouse} exit-0", "version": view["version"]}, headers=host)
    assert r.status_code == 422, r.text
    body = r.json()
    assert body["error"] == "illegal" and body["message"] == "The door is barred"
    assert body["text"] == {"en": "The door is barred", "pt": "A porta está trancada"}
