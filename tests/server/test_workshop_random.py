"""Issue 43: "a random chapter to start from": the workshop's endpoint answers a generated draft that checks, the
same one for the same seed, and the page offers it in both languages (the button's words)."""

from __future__ import annotations

import re
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from mnm.chapters.generate import FAMILIES, generate, solution_of
from mnm.server.app import Limits, create_app

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")
WEB = Path(__file__).resolve().parents[2] / "src" / "mnm" / "web"


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'tables.db'}", Limits(playtest_workers=1))) as c:
        yield c


def test_a_random_chapter_is_a_draft_that_checks_with_its_family_and_solution(client: TestClient) -> None:
    got = client.get("/api/workshop/random", params={"seed": 21})
    assert got.status_code == 200, got.text
    body = got.json()
    assert body["seed"] == 21 and body["family"] in FAMILIES and 1 <= body["mice"] <= 4
    assert body["text"] == generate(21).text and solution_of(body["text"]) == generate(21).route
    checked = client.post("/api/workshop/check", json={"text": body["text"]}).json()
    assert checked["problems"] == [], checked["problems"]
    fresh = client.get("/api/workshop/random").json()  # no seed: one drawn, and said
    assert isinstance(fresh["seed"], int) and fresh["text"] == generate(fresh["seed"]).text


def test_a_bad_seed_is_refused_and_changes_nothing(client: TestClient) -> None:
    assert client.get("/api/workshop/random", params={"seed": -1}).status_code == 400
    assert client.get("/api/workshop/random", params={"seed": "x"}).status_code == 400


def test_the_page_offers_it_in_both_languages() -> None:
    page = (WEB / "workshop.js").read_text(encoding="utf-8")
    assert 'id: "ws-random"' in page and '"/api/workshop/random"' in page
    strings = (WEB / "i18n.js").read_text(encoding="utf-8")
    found = re.findall(r'startRandom: "([^"]+)"', strings)
    assert found == ["A random chapter to start from", "Um capítulo aleatório para começar"], found
    assert len(re.findall(r"randomLoaded: \"[^\"]*\{family\}[^\"]*\{seed\}", strings)) == 2
