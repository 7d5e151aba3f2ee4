"""Issue 43, item 3: generated chapters. A small fixed sample (one chapter per family, every extra word used): each
validates, carries its solution, says its family, is the same for the same seed, and its own solution (the
waypoint bot following the route it was built from) wins a good share of them. The benchmark over hundreds of
fresh seeds is bench/generated_corpus.py."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from mnm.chapters.file import read_chapter_text, validate_chapter_text
from mnm.chapters.generate import EXTRAS, FAMILIES, generate, solution_of

HEROES = ("collin", "tilda", "filch", "maginos")
# (seed, words, mice): every family once, every extra word at least twice, 1-4 mice
SAMPLE = [
    (11, ("item-key", "bars"), 3),
    (12, ("counter-bell", "defeat"), 4),
    (13, ("flag-step", "minions"), 3),
    (14, ("guard",), 4),
    (15, ("added-tile", "bars"), 4),
    (16, ("flipped-tile", "minions", "defeat"), 3),
    (17, ("roads",), 4),
    (18, ("rescue", "bars"), 2),
]


def _play(text: str, chapter_id: str, mice: int, route: list[dict[str, object]], seed: int) -> bool:
    from mnm.bots.waypoints import WaypointBot, waypoint_of
    from mnm.engine import Game

    content = read_chapter_text(text, f"{chapter_id}.yaml")
    game = Game.new(chapter_id, list(HEROES[:mice]), seed=seed, content=content)
    bot = WaypointBot(seed=seed, route=tuple(waypoint_of(w) for w in route))
    page, since, decisions = game.state.hourglass, game.state.round, 0
    while game.decision() is not None and decisions < 6000:
        game.apply(bot.choose(game))
        decisions += 1
        if game.state.hourglass != page:
            page, since = game.state.hourglass, game.state.round
        elif game.state.round - since >= 30:  # the workshop's stall rule: nothing left to do
            break
    return game.state.status == "won"


def test_every_family_and_word_of_the_sample_validates_with_its_solution_and_family() -> None:
    assert {w for _, words, _ in SAMPLE for w in words} == set(FAMILIES) | set(EXTRAS)
    for seed, words, mice in SAMPLE:
        made = generate(seed, words, mice)
        assert made.family == words[0] and made.words == words and made.mice == mice
        assert validate_chapter_text(made.text, f"{made.chapter_id}.yaml") == [], made.text
        assert solution_of(made.text) == made.route
        assert f"family {made.family}" in made.text.splitlines()[0]
        if made.family != "guard":  # a guard's way is a fight: the route names no place but the guard's side
            assert made.route, made.family
        content = read_chapter_text(made.text, "x.yaml")
        chapter = content.chapters[made.chapter_id]
        assert chapter.name.en.startswith("The ") and chapter.name.pt and chapter.objective.pt != chapter.objective.en


def test_the_same_seed_gives_the_same_chapter_and_another_seed_another() -> None:
    assert generate(7).text == generate(7).text
    assert generate(7, ["roads", "bars"], 2).text == generate(7, ["roads", "bars"], 2).text
    assert generate(7).text != generate(8).text


def test_an_unknown_word_or_party_size_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown word 'bridge'"):
        generate(1, ["bridge"])
    with pytest.raises(ValueError, match="mice must be 1-4"):
        generate(1, mice=5)


def test_its_own_solution_wins_a_good_share_of_the_sample() -> None:
    wins = [_play(m.text, m.chapter_id, m.mice, m.route, seed=3) for m in (generate(*s) for s in SAMPLE)]
    assert sum(wins) >= len(SAMPLE) // 2, wins


def test_mnm_chapter_generate_writes_a_file_that_validates(tmp_path: Path) -> None:
    from mnm.cli import app

    runner = CliRunner()
    out = tmp_path / "g.yaml"
    made = runner.invoke(app, ["chapter", "generate", "--seed", "4", "--words", "counter-bell,defeat", "--mice", "2",
                               "-o", str(out)])
    assert made.exit_code == 0, made.output
    assert "family counter-bell" in made.output and out.read_text(encoding="utf-8") == generate(
        4, ["counter-bell", "defeat"], 2
    ).text
    checked = runner.invoke(app, ["chapter", "validate", str(out)])
    assert checked.exit_code == 0 and "chapter OK" in checked.output, checked.output
    again = runner.invoke(app, ["chapter", "generate", "--seed", "4", "-o", str(out)])
    assert again.exit_code == 2  # never overwrites without --force
    bad = runner.invoke(app, ["chapter", "generate", "--seed", "4", "--words", "nope"])
    assert bad.exit_code == 2 and "unknown word" in bad.output
