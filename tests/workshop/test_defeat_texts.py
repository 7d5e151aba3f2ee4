"""Issue 46, item 8: a defeat text per cause. A chapter may give ``defeat_texts`` by the cause of a defeat
(R-WIN-02: ``hourglass``, ``all_captured``, ``chapter``); the end of the game reads the cause's words (the table
view's ``defeat_text``, the terminal, the sheet), and ``defeat_text`` for a cause without its own."""

from __future__ import annotations

from pathlib import Path

import pytest

from mnm.chapters.file import ChapterFileError, read_chapter_text
from mnm.engine import Game
from mnm.engine.sandbox import sandbox_change
from mnm.terminal.describe import Describer
from mnm.workshop.sheet import sheet_html

ROOT = Path(__file__).resolve().parents[2]
HALLS = (ROOT / "tests/bots/chapters/corpus/10-the-noisy-halls.yaml").read_text(encoding="utf-8")
PARTY = ["collin", "tilda", "filch", "nez"]
TEXTS = """defeat_texts:
  chapter: {en: The castle woke to the noise., pt: O castelo acordou com o barulho.}
  all_captured: {en: Every mouse is caught., pt: Todos os ratos foram pegos.}
"""
WITH_TEXTS = HALLS.replace("setup:\n", TEXTS + "setup:\n", 1)


def started(text: str) -> Game:
    game = Game.new("the-noisy-halls", PARTY, seed=4, content=read_chapter_text(text, "halls"))
    while game.state.turn_index < 0:  # the abilities are chosen first: outcomes are read once the turns begin
        game.apply(game.legal_actions()[0])
    return game


@pytest.mark.rule("R-WIN-02")
def test_the_chapter_defeat_reads_its_own_words_and_the_hourglass_the_general_ones() -> None:
    game = started(WITH_TEXTS)
    chapter = game.ctx.chapter
    sandbox_change(game, "counter noise 8")  # the chapter's own defeat
    assert game.state.status == "lost" and game.state.outcome == "chapter"
    words = chapter.defeat_words(game.state.outcome)
    assert (words.en, words.pt) == ("The castle woke to the noise.", "O castelo acordou com o barulho.")
    assert "The castle woke to the noise." in Describer(game.ctx.content, "en", chapter).outcome(game)
    assert "O castelo acordou com o barulho." in Describer(game.ctx.content, "pt_BR", chapter).outcome(game)
    # the hourglass has no words of its own here: the chapter's defeat_text
    late = started(WITH_TEXTS)
    sandbox_change(late, "page 9")
    assert late.state.status == "lost" and late.state.outcome == "hourglass"
    assert late.ctx.chapter.defeat_words("hourglass").en == "The chapter is lost."
    assert late.ctx.chapter.defeat_words("all_captured").pt == "Todos os ratos foram pegos."


def test_a_file_without_them_reads_as_before_and_a_wrong_cause_is_refused() -> None:
    game = started(HALLS)
    sandbox_change(game, "counter noise 8")
    assert game.ctx.chapter.defeat_words(game.state.outcome).en == "The chapter is lost."
    with pytest.raises(ChapterFileError):
        read_chapter_text(WITH_TEXTS.replace("  all_captured:", "  dawn:"), "halls")
    with pytest.raises(ChapterFileError):  # both languages, as every text
        read_chapter_text(WITH_TEXTS.replace(", pt: Todos os ratos foram pegos.", ""), "halls")


def test_the_sheet_lists_each_cause_in_both_languages() -> None:
    game = started(WITH_TEXTS)
    en = sheet_html(game.ctx.content, game.ctx.chapter, "en")
    pt = sheet_html(game.ctx.content, game.ctx.chapter, "pt_BR")
    assert "Defeat by the chapter&#x27;s own rule" in en and "The castle woke to the noise." in en
    assert "Derrota quando todos os ratos são capturados" in pt and "Todos os ratos foram pegos." in pt


def test_the_table_view_gives_the_end_screen_the_causes_words(tmp_path: Path) -> None:
    """The end screen reads the view's ``defeat_text`` (web/end.js): once lost, the cause's words."""
    import sys
    import warnings

    sys.path.insert(0, str(ROOT / "tests/server"))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from fastapi.testclient import TestClient

    from mnm.server.app import Limits, create_app

    with TestClient(
        create_app(f"sqlite:///{tmp_path / 't.db'}", Limits(action_burst=1000, actions_per_second=1000.0))
    ) as client:
        made = client.post("/api/workshop/tables", json={"text": WITH_TEXTS}).json()
        table, host = made["table"], made["host_token"]
        view = client.get(f"/api/tables/{table}", headers={"X-Seat-Token": host}).json()["view"]
        assert view["chapter"]["defeat_text"]["en"] == "The chapter is lost."  # while playing: the general words
        game = client.app.state.service.live[table].game  # type: ignore[attr-defined]
        while game.state.turn_index < 0:
            version = client.get(f"/api/tables/{table}").json()["view"]["version"]
            action = str(game.legal_actions()[0])
            r = client.post(
                f"/api/tables/{table}/actions",
                json={"action": action, "version": version},
                headers={"X-Seat-Token": host},
            )
            assert r.status_code == 200, r.text
        version = client.get(f"/api/tables/{table}").json()["view"]["version"]
        r = client.post(
            f"/api/workshop/sandbox/{table}",
            json={"change": "counter noise 8", "version": version},
            headers={"X-Seat-Token": host},
        )
        assert r.status_code == 200, r.text
        view = client.get(f"/api/tables/{table}", headers={"X-Seat-Token": host}).json()["view"]
        assert view["status"] == "lost"
        assert view["chapter"]["defeat_text"] == {
            "en": "The castle woke to the noise.",
            "pt": "O castelo acordou com o barulho.",
        }
