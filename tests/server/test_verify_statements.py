"""``mnm verify`` says what a record proves (issue 34, findings 3 and 4): dice from the seed or typed (and by
whom), complete or cut, a seed chosen by a player, a shipped chapter or an uploaded (or modified) file with its
hash, a carry-over a table could have; a record proving less than a fair game says so in its first line and
exits 3, a forged one exits 1."""

from __future__ import annotations

import asyncio
import copy
import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner
from web_helpers import CHAPTER, PARTY, SEATS

from mnm.bots import make_bot
from mnm.cli import app as cli
from mnm.content.loader import builtin_content, builtin_dir
from mnm.records.record import FAILED, FAIR, PARTIAL, verify_record
from mnm.server.errors import ErrorCode
from mnm.server.storage import Storage
from mnm.server.tables import HOST, ApiError, Caller, TableService, new_seed


async def _fair_record(service: TableService) -> dict[str, Any]:
    table, _ = await service.create(CHAPTER, PARTY, SEATS, new_seed(), False, bots=["heuristic", "heuristic"])
    await service.settle(table)
    return await service.record(table)


async def _companion_record(service: TableService) -> dict[str, Any]:
    """A companion table played to its end by the host, every die typed by hand (the attack's forged record)."""
    table, _ = await service.create(CHAPTER, PARTY, SEATS, new_seed(), True)
    bot = make_bot("heuristic", 7)
    faces = iter([1, 2, 3, 4, 5, 6] * 2000)
    for _ in range(2000):
        if table.game.state.status != "playing":
            break
        action = str(bot.choose(table.game))
        dice: list[int] = []
        while True:
            try:
                await service.act(table, Caller(HOST), action, table.version, dice or None)
                break
            except ApiError as err:
                assert err.code == ErrorCode.NEED_DICE, err.message
                dice += [next(faces) for _ in range(int(err.params["count"]))]
    return await service.record(table)


@pytest.fixture(scope="module")
def records(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, Any]]:
    async def make() -> dict[str, dict[str, Any]]:
        service = TableService(Storage(f"sqlite:///{tmp_path_factory.mktemp('verify') / 'tables.db'}"))
        return {"fair": await _fair_record(service), "companion": await _companion_record(service)}

    return asyncio.run(make())


def test_a_fair_complete_game_is_verified_and_says_why(records: dict[str, dict[str, Any]]) -> None:
    verdict = verify_record(records["fair"])
    assert verdict.code == FAIR, verdict.lines
    assert verdict.lines[0].startswith("VERIFIED: a fair, complete game")
    assert "dice: every die was rolled from the committed seed (no face was typed)" in verdict.lines
    assert any(line.startswith("end: complete") for line in verdict.lines)
    assert any(line.startswith("chapter: 'proving-grounds', as shipped") for line in verdict.lines)


def test_typed_dice_are_named_with_who_typed_them_and_prove_less(records: dict[str, dict[str, Any]]) -> None:
    record = records["companion"]
    typed = sum(len(r["dice"]) for r in record["journal"])
    assert typed > 5
    verdict = verify_record(record)
    assert verdict.ok and verdict.code == PARTIAL, verdict.lines  # before: VERIFIED, "every roll and card matches"
    assert verdict.lines[0].startswith("PARTLY VERIFIED") and f"{typed} dice were typed by players" in verdict.lines[0]
    assert verdict.facts["dice_typed"] == {"the host": typed}


def _cut(record: dict[str, Any], rows: int) -> dict[str, Any]:
    cut = copy.deepcopy(record)
    cut["journal"] = cut["journal"][:rows]
    cut["status"] = "playing"
    return cut


@pytest.mark.parametrize("rows", [0, 5])
def test_a_cut_record_says_it_is_cut(records: dict[str, dict[str, Any]], rows: int) -> None:
    verdict = verify_record(_cut(records["fair"], rows))
    assert verdict.code == PARTIAL and "the record is cut" in verdict.lines[0], verdict.lines
    assert verdict.facts["complete"] is False


def test_a_seed_chosen_by_a_player_proves_less(records: dict[str, dict[str, Any]]) -> None:
    record = copy.deepcopy(records["fair"])
    record["setup"]["seed_chosen"] = True
    verdict = verify_record(record)
    assert verdict.code == PARTIAL and "the seed was chosen by a player" in verdict.lines[0], verdict.lines


def test_a_modified_shipped_chapter_is_named_with_its_hash(records: dict[str, dict[str, Any]]) -> None:
    content = builtin_content()
    text = (builtin_dir() / content.file_of("chapter", CHAPTER)).read_text(encoding="utf-8")
    record = copy.deepcopy(records["fair"])
    record["setup"]["chapter_file"] = text.replace("note:", "note: changed;", 1) if "note:" in text else text + "\n# changed\n"
    verdict = verify_record(record)
    assert verdict.code == PARTIAL and "modified copy of the shipped chapter" in verdict.lines[0], verdict.lines
    assert verdict.facts["chapter"]["shipped"] is False and len(verdict.facts["chapter"]["sha256"]) == 64
    record["setup"]["chapter"] = "the-garden"  # the setup and its file disagree on the chapter
    assert verify_record(record).code == FAILED


@pytest.mark.parametrize(
    "carry",
    [
        "garbage",
        {"from_chapter": "no-such-chapter", "won": True, "abilities": {}, "cards": {}, "story_achievements": []},
        {"from_chapter": CHAPTER, "won": True, "abilities": {"collin": ["not-an-ability"]}},
        {"from_chapter": CHAPTER, "won": True, "cards": {"nobody": "cork-mallet"}},
        {"from_chapter": CHAPTER, "won": "yes"},
        {"from_chapter": CHAPTER, "extra": 1},
        {"from_chapter": CHAPTER, "campaign_log": {"bridge-burned": "many"}},
        {"from_chapter": CHAPTER, "campaign_log": ["bridge-burned"]},
    ],
)
def test_a_carry_over_no_table_could_have_is_refused(records: dict[str, dict[str, Any]], carry: Any) -> None:
    record = copy.deepcopy(records["fair"])
    record["setup"]["carry"] = carry
    verdict = verify_record(record)
    assert verdict.code == FAILED and verdict.lines[0].startswith("NOT VERIFIED"), verdict.lines
    assert "carry-over" in verdict.lines[1]


def test_mnm_verify_exit_codes_and_first_lines(records: dict[str, dict[str, Any]], tmp_path: Path) -> None:
    runner = CliRunner()

    def run(record: Any) -> tuple[int, str]:
        path = tmp_path / "record.json"
        path.write_text(json.dumps(record), encoding="utf-8")
        result = runner.invoke(cli, ["verify", str(path)])
        return result.exit_code, result.output.splitlines()[0]

    assert run(records["fair"]) == (0, "VERIFIED: a fair, complete game: every die and card came from the committed seed")
    code, first = run(records["companion"])
    assert code == 3 and first.startswith("PARTLY VERIFIED")
    code, first = run(_cut(records["fair"], 3))
    assert code == 3 and "cut" in first
    forged = copy.deepcopy(records["fair"])
    forged["seed"] = str(int(forged["seed"]) + 1)
    code, first = run(forged)
    assert code == 1 and first.startswith("NOT VERIFIED")
    (tmp_path / "bad.json").write_text("{", encoding="utf-8")
    assert runner.invoke(cli, ["verify", str(tmp_path / "bad.json")]).exit_code == 2
    helped = runner.invoke(cli, ["verify", "--help"]).output
    assert "Exit codes" in helped and "3 PARTLY VERIFIED" in " ".join(helped.split())


def test_a_record_written_with_old_content_ids_is_still_verified(records: dict[str, dict[str, Any]]) -> None:
    """A record from before issue 35's renames names ``cleave`` where today's content says ``backslash``."""
    from mnm.content.aliases import ALIASES

    old_of = {new: old for old, new in ALIASES.items()}

    def back(value: Any) -> Any:  # today's record, its ids written the old way (whole values and action words)
        if isinstance(value, str):
            return " ".join(old_of.get(w, w) for w in value.split(" "))
        if isinstance(value, dict):
            return {old_of.get(k, k): back(v) for k, v in value.items()}
        if isinstance(value, list):
            return [back(v) for v in value]
        return value

    record = records["fair"]
    old = back(record)
    assert json.dumps(old) != json.dumps(record), "the record names no renamed id: the test would prove nothing"
    verdict = verify_record(old)
    assert verdict.code == FAIR, verdict.lines
