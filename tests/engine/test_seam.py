"""The extension seam (docs/content.md, "Adding an effect, an ability or a chapter"): every id content may name
has a handler, unknown ids and parameters are refused when content loads, chapters are classes."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from mnm.content.loader import ContentError, ContentIssue, builtin_content, builtin_dir, load_content
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


def _the_one_issue(tmp_path: Path, file: str, old: str, new: str) -> ContentIssue:
    """Load a copy of the content with ``old`` replaced by ``new`` (once) in ``file``: the one issue refusing it."""
    root = _copy(tmp_path)
    text = (root / file).read_text(encoding="utf-8")
    assert text.count(old) == 1
    (root / file).write_text(text.replace(old, new), encoding="utf-8")
    with pytest.raises(ContentError) as err:
        load_content(root)
    (issue,) = err.value.issues
    return issue


def test_an_unknown_effect_parameter_is_refused(tmp_path: Path) -> None:
    issue = _the_one_issue(
        tmp_path, "cards/search.yaml", "effect: pierce\n  params: {dice: 1}", "effect: pierce\n  params: {dise: 1}"
    )
    assert (issue.file, issue.field) == ("cards/search.yaml", "params.dise")
    assert issue.message == "is not a parameter of effect 'pierce' (it takes: dice)"


def test_hook_points_have_distinct_names_and_summaries() -> None:
    names = [p.name for p in HOOK_POINTS]
    assert len(names) == len(set(names))
    for point in HOOK_POINTS:
        assert point.kind in ("effect", "innate", "ability")
        assert set(point.summaries) == set(point.handlers)
        assert all(point.summaries.values())


def test_every_chapter_with_special_rules_is_compiled_from_its_file() -> None:
    """Issue 22: chapters are data; their rules compile into a ChapterProgram (no chapter is a Python class)."""
    from mnm.engine.rules.chapter_rules import ChapterProgram

    content = builtin_content()
    for chapter_id in content.chapters:
        rules = chapter_rules_for(chapter_id)
        assert isinstance(rules, ChapterRules)
    assert set(CHAPTERS) <= set(content.chapters)
    assert not CHAPTERS  # no chapter needs Python code
    game = Game.new("flight-to-barksburg", ["collin", "tilda", "filch", "maginos"], seed=1)
    assert type(game.ctx.rules) is ChapterProgram
    assert type(chapter_rules_for("no-such-chapter")) is ChapterRules


@pytest.mark.rule("R-ABIL-01")
def test_an_ability_card_naming_a_search_card_effect_it_does_not_share_is_refused(tmp_path: Path) -> None:
    issue = _the_one_issue(tmp_path, "cards/abilities.yaml", "effect: first-aid\n", "effect: wheel-cheese\n")
    assert (issue.file, issue.field) == ("cards/abilities.yaml", "effect")
    assert issue.message == "names effect 'wheel-cheese', which has no handler in the engine"


def test_one_bridge_shares_the_search_card_use_effects_with_ability_cards() -> None:
    from mnm.engine.rules.abilities import ABILITY_EFFECTS, SHARED_EFFECTS
    from mnm.engine.rules.cards import CARD_EFFECTS

    assert all(CARD_EFFECTS[name].kind == "use" for name in SHARED_EFFECTS)
    assert set(SHARED_EFFECTS) <= set(ABILITY_EFFECTS)
    assert ABILITY_EFFECTS["heal"].name == "heal"
