"""No problem text the workshop shows contains a programmer's word (issue 46): pydantic's and the YAML reader's
phrases, rule IDs, "(old word: ...)", code quotes, English left in the Portuguese. Checked over the check of many
broken drafts, the blocking problems, and every word's sentence in the forms, in both languages."""

from __future__ import annotations

import re
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from mnm.chapters.file import skeleton_text
from mnm.server.app import Limits, create_app
from mnm.workshop.vocabulary import vocabulary

ROOT = Path(__file__).resolve().parents[2]
WINCH = (ROOT / "tests/bots/chapters/corpus/15-the-winch-gate.yaml").read_text(encoding="utf-8")

PROGRAMMER = re.compile(
    r"String should|Input should|Value error|pydantic|model_|while parsing|while scanning|<unicode string>|"
    r"flow sequence|\bR-[A-Z]+-\d+\b|old word|palavra antiga:|`|\(it has: |\(ele tem: none\)|\bnone\)|"
    r"\bis recorded \d|\bé recorded\b|Traceback"
)
# English words that give away a Portuguese text left untranslated
ENGLISH_IN_PT = re.compile(r"\b(the|which|should|must|has|have|none|recorded)\b")


def variant(base: str, change: Callable[[dict[str, Any]], None]) -> str:
    data = yaml.safe_load(base)
    change(data)
    return yaml.safe_dump(data, allow_unicode=True, sort_keys=False)


SKELETON = skeleton_text()
DRAFTS: dict[str, str] = {
    "empty name": variant(SKELETON, lambda d: d["name"].__setitem__("en", "")),
    "unclosed bracket": "id: [unclosed\nname: {en: x",
    "unclosed list at the end": "victory: [a, b\n",
    "a tab": "id:\tx\n",
    "an unknown word": variant(SKELETON, lambda d: d["victory"].append({"frobnicate": {}})),
    "an item not in the chapter": variant(WINCH, lambda d: d["actions"][0]["do"].append({"give_item": {"item": "gate-key"}})),
    "an old announce": variant(WINCH, lambda d: d["actions"][0]["do"].append({"announce": {}})),
    "a story moment not written": variant(WINCH, lambda d: d["actions"][0]["do"].append({"story": {"moment": "winch-turns"}})),
    "a word for a number": variant(SKELETON, lambda d: d["setup"].__setitem__("party_size", "three")),
    "a name for an id": variant(SKELETON, lambda d: d.__setitem__("id", "Bell Gate")),
    "a defeat true at the start": variant(WINCH, lambda d: d.__setitem__("defeat", [{"counter": {"name": "alarm", "op": "ge", "value": 0}}])),
    "a gate nothing opens": variant(WINCH, lambda d: d.pop("actions")),
}


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    db = tmp_path_factory.mktemp("words") / "tables.db"
    with TestClient(create_app(f"sqlite:///{db}", Limits(max_drafts=2, playtest_workers=1, address_scale=50.0))) as c:
        yield c


def words_wrong(en: str, pt: str) -> list[str]:
    out = [f"en: {m.group(0)!r} in {en!r}" for m in PROGRAMMER.finditer(en)]
    out += [f"pt: {m.group(0)!r} in {pt!r}" for m in PROGRAMMER.finditer(pt)]
    out += [f"pt: English {m.group(0)!r} in {pt!r}" for m in ENGLISH_IN_PT.finditer(pt)]
    return out


@pytest.mark.parametrize("name", DRAFTS)
def test_every_problem_of_a_broken_draft_is_in_plain_words(client: TestClient, name: str) -> None:
    r = client.post("/api/workshop/check", json={"text": DRAFTS[name]})
    assert r.status_code == 200, r.text
    problems = r.json()["problems"]
    assert problems, name  # each draft is broken: the measure sees something
    wrong = [w for p in problems for w in words_wrong(p["en"], p["pt"])]
    assert wrong == []


def test_the_measure_finds_programmer_words() -> None:
    assert words_wrong("title: String should have at least 1 character", "(ele tem: none)")
    assert words_wrong("place 2 rats as for an encounter (R-ENC-05)", "o mouse recebe o item which")


def test_every_word_of_the_forms_reads_without_rule_ids_or_old_words() -> None:
    v = vocabulary()
    wrong = [w for kind in ("triggers", "conditions", "effects") for word in v[kind] for w in words_wrong(word["en"], "")]
    wrong += [w for kind in ("triggers", "conditions", "effects") for word in v[kind] for w in words_wrong("", word["pt"]) if "English" not in w]
    assert wrong == []
