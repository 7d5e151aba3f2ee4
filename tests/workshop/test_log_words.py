"""Issue 46: a chapter rule's effect in the table log is told in players' words, in both languages: "The chapter's
counter noise is now 2.", never "A chapter rule (creaking-boards): counter."."""

from __future__ import annotations

from pathlib import Path

from mnm.chapters.file import read_chapter_text
from mnm.engine import Event, Game, catalog, render
from mnm.engine.sandbox import sandbox_change

ROOT = Path(__file__).resolve().parents[2]
HALLS = (ROOT / "tests/bots/chapters/corpus/10-the-noisy-halls.yaml").read_text(encoding="utf-8")


def test_a_counter_rule_in_words_in_both_languages() -> None:
    content = read_chapter_text(HALLS, "halls")
    game = Game.new("the-noisy-halls", ["collin", "tilda", "filch", "nez"], seed=4, content=content)
    said = [e for e in sandbox_change(game, "fire creaking-boards") if e.msg == "chapter_rule"]
    assert [render(e, "en", content) for e in said] == ["The chapter's counter noise is now 2."]
    assert [render(e, "pt_BR", content) for e in said] == ["O contador noise do capítulo agora é 2."]


def test_every_effect_sentence_exists_in_both_languages_and_names_no_id() -> None:
    en = {k: v for k, v in catalog("en").items() if k.startswith("chapter_rule.do.")}
    pt = {k: v for k, v in catalog("pt_BR").items() if k.startswith("chapter_rule.do.")}
    assert len(en) >= 10 and set(en) == set(pt)
    # an effect without its own sentence still reads, and the rule's id is written as words
    other = Event("chapter_rule", {"chapter_rule": "alarm-rises", "effect": "no_such_effect"}, "R-STORY-05")
    assert render(other, "en") == "A chapter rule (alarm rises): no_such_effect."
    flag = Event("chapter_rule", {"name": "gate_open", "chapter_rule": "open-it", "effect": "set_flag"}, "R-STORY-05")
    assert render(flag, "en") == "The chapter's flag gate open is now set."
    assert render(flag, "pt_BR") == "O marcador gate open do capítulo agora está ligado."
