"""The extension seam (docs/content.md, "Adding an effect, an ability or a chapter"): every id content may name
has a handler, unknown ids and parameters are refused when content loads, chapters are classes."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from mnm.content.loader import ContentError, builtin_content, builtin_dir, load_content
from mnm.content.schema import MinionAbility
from mnm.engine import Game
from mnm.engine.effects import known_minion_abilities
from mnm.engine.hooks import CHAPTERS, HOOK_POINTS, ChapterRules, chapter_rules_for


def _copy(tmp_path: Path) -> Path:
    root = tmp_path / "content"
    shutil.copytree(builtin_dir(), root)
    return root


@pytest.mark.rule("R-MINION-07")
def test_every_minion_ability_has_a_handler() -> None:
    assert {a.value for a in MinionAbility} == known_minion_abilities()


def test_a_misspelt_minion_ability_is_refused_naming_file_and_field(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    text = (root / "minions.yaml").read_text(encoding="utf-8")
    (root / "minions.yaml").write_text(text.replace("abilities: [steal]", "abilities: [steel]"), encoding="utf-8")
    with pytest.raises(ContentError) as err:
        load_content(root)
    (issue,) = err.value.issues
    assert (issue.file, issue.field) == ("minions.yaml", "abilities.0")
    assert "steel" in issue.message


def test_an_unknown_effect_parameter_is_refused(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    text = (root / "cards" / "search.yaml").read_text(encoding="utf-8")
    assert "effect: pierce" in text
    text = text.replace("effect: pierce\n  params: {dice: 1}", "effect: pierce\n  params: {dise: 1}")
    (root / "cards" / "search.yaml").write_text(text, encoding="utf-8")
    with pytest.raises(ContentError) as err:
        load_content(root)
    (issue,) = err.value.issues
    assert (issue.file, issue.field) == ("cards/search.yaml", "params.dise")
    assert issue.message == "is not a parameter of effect 'pierce' (it takes: dice)"


def test_hook_points_have_distinct_names_and_summaries() -> None:
    names = [p.name for p in HOOK_POINTS]
    assert len(names) == len(set(names))
    for point in HOOK_POINTS:
        assert point.kind in ("effect", "innate", "ability")
        assert set(point.summaries) == set(point.handlers)
        assert all(point.summaries.values())


def test_every_chapter_with_special_rules_is_a_registered_class() -> None:
    content = builtin_content()
    for chapter_id in content.chapters:
        rules = chapter_rules_for(chapter_id)
        assert isinstance(rules, ChapterRules)
    assert set(CHAPTERS) <= set(content.chapters)
    game = Game.new("flight-to-barksburg", ["collin", "tilda", "filch", "maginos"], seed=1)
    assert type(game.ctx.rules) is CHAPTERS["flight-to-barksburg"]
    assert type(chapter_rules_for("no-such-chapter")) is ChapterRules
