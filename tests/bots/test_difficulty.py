"""Difficulty presets (docs/difficulty.md), the difficulty report's figures, and the hints' contract (TEAM
contract 3): intervals, groups, no chance under 100 playouts, no peeking."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from mnm.bots.hints import MIN_PLAYOUTS, group_options, hints, wilson
from mnm.content.loader import builtin_content
from mnm.engine import DIFFICULTY_PRESETS, GAME_OPTIONS, Game, IllegalAction, difficulty_options, with_difficulty
from mnm.engine.i18n import LANGUAGES, catalog
from mnm.engine.rules.encounters import current_row
from mnm.sim.report import write_comparison
from mnm.sim.simulate import run_simulation

PARTY = ["collin", "tilda", "filch", "maginos"]


def test_presets_are_documented_bundles_of_game_options() -> None:
    assert list(DIFFICULTY_PRESETS) == ["easy", "normal", "hard"]
    assert DIFFICULTY_PRESETS["normal"].options == ()  # normal is the chapter as calibrated
    for preset in DIFFICULTY_PRESETS.values():
        assert set(preset.options) <= set(GAME_OPTIONS)
        assert 0.0 <= preset.ci95[0] <= preset.win_rate <= preset.ci95[1] <= 1.0
        for lang in LANGUAGES:
            assert catalog(lang).get(f"difficulty.{preset.id}"), (preset.id, lang)
    doc = (Path(__file__).resolve().parents[2] / "docs" / "difficulty.md").read_text(encoding="utf-8")
    assert all(f"`{name}`" in doc for p in DIFFICULTY_PRESETS.values() for name in p.options)


def test_measured_presets_are_ordered_and_normal_is_a_challenge() -> None:
    """The figures shown to players (new-table form, `mnm play --help`) are the ones docs/difficulty.md measured."""
    easy, normal, hard = (DIFFICULTY_PRESETS[k] for k in ("easy", "normal", "hard"))
    assert all(p.games >= 1000 for p in (easy, normal, hard))
    assert 0.35 <= normal.win_rate <= 0.65
    assert easy.win_rate >= normal.win_rate + 0.15 and hard.win_rate <= normal.win_rate - 0.15


def test_every_chapter_has_a_measured_rate_per_preset_and_the_presets_are_ordered_on_each() -> None:
    """Players see the rate of the chapter they pick (new-table form), so every chapter was measured at every
    preset; and a preset means the same direction everywhere: easy never below normal, hard never above."""
    chapters = [c.id for c in builtin_content().chapters.values()]
    easy, normal, hard = (DIFFICULTY_PRESETS[k] for k in ("easy", "normal", "hard"))
    for chapter in chapters:
        e, n, h = (p.rate(chapter) for p in (easy, normal, hard))
        assert e is not None and n is not None and h is not None, chapter
        assert e.games == n.games == h.games >= 200
        assert e.win_rate >= n.win_rate >= h.win_rate, chapter
        for r in (e, n, h):
            assert r.ci95[0] <= r.win_rate <= r.ci95[1]


def test_an_unknown_difficulty_is_refused_by_name() -> None:
    with pytest.raises(IllegalAction, match="unknown difficulty 'nightmare'; difficulties: easy, normal, hard"):
        difficulty_options("nightmare")


@pytest.mark.parametrize(("difficulty", "shift"), [("easy", 1), ("normal", 0), ("hard", -1)])
def test_the_end_marker_moves_with_the_preset(difficulty: str, shift: int) -> None:
    chapter = builtin_content().chapter("1")
    game = Game.new("1", PARTY, seed=1, options=difficulty_options(difficulty))
    assert game.state.end_page == chapter.end_page + shift


def test_encounter_rows_are_read_a_page_up_or_down() -> None:
    content = builtin_content()
    # a card whose rows differ between pages 2 and 3 (found, not pinned: encounter rows are authored)
    card = next(
        cid
        for cid, c in content.encounter_cards.items()
        if [m.count for m in c.rows[0].minions] != [m.count for m in c.rows[1].minions]
    )
    rows = content.encounter_cards[card].rows
    page2 = [(m.minion, m.count) for m in rows[0].minions]
    page3 = [(m.minion, m.count) for m in rows[1].minions]
    game = Game.new("1", PARTY, seed=1)
    st = game.state
    st.hourglass = 2
    assert current_row(game.ctx, st, card) == page2
    st.options = {"encounters_page_up": True}
    assert current_row(game.ctx, st, card) == page3
    st.hourglass = 3
    st.options = {"encounters_page_down": True}
    assert current_row(game.ctx, st, card) == page2
    st.hourglass = 1  # never below page 1
    assert current_row(game.ctx, st, card) == page2


def test_with_difficulty_swaps_the_preset_of_a_saved_position() -> None:
    game = Game.new("1", PARTY, seed=1, options={**difficulty_options("hard"), "no_achievements": True})
    end = game.state.end_page
    with_difficulty(game.state, "easy")
    assert game.state.end_page == end + 2
    assert game.state.options == {
        "no_achievements": True,
        "end_marker_later": True,
        "encounters_page_down": True,
        "hero_life_plus_one": True,
    }


def test_simulation_records_carry_the_difficulty_and_where_games_were_lost(tmp_path: Path) -> None:
    summary, records = run_simulation("proving-grounds", PARTY, "random", 3, seed=5, difficulty="hard")
    assert all(r["difficulty"] == "hard" for r in records)
    lost = [r for r in records if r["status"] == "lost"]
    assert sum(summary["losses_by_page"].values()) == len(lost)
    assert sum(summary["losses_by_side"].values()) == len(lost)
    written = write_comparison(tmp_path, [({"chapter": "proving-grounds", "party": PARTY, "bot": "random",
                                            "difficulty": "hard"}, summary)])
    page = (tmp_path / "report.html").read_text(encoding="utf-8")
    assert "Where games are lost: the page" in page and "random-hard/report.html" in page
    assert {p.name for p in written} >= {"report.html", "win_rates.png", "lost_pages.png", "lost_sides.png"}
    assert json.loads((tmp_path / "comparison.json").read_text())[0]["difficulty"] == "hard"


def test_the_random_bot_is_measured_on_every_shipped_chapter_and_its_skill_depth_shows_in_the_report(
    tmp_path: Path,
) -> None:
    """Issue 44, skill depth: ``MEASURED`` keeps the random bot's rate and games beside the careful party's on every
    shipped chapter and preset, and a chapter report whose runs have no random bot shows the table's figure, named
    as such, in its skill-depth table."""
    for preset in DIFFICULTY_PRESETS.values():
        for rate in preset.rates:
            assert rate.random is not None and rate.random_games >= 400, (preset.id, rate.chapter)
            assert 0.0 <= rate.random <= rate.win_rate, (preset.id, rate.chapter)  # picking at random never beats a plan
    grounds = DIFFICULTY_PRESETS["normal"].rate("proving-grounds")
    assert grounds is not None and grounds.random is not None and grounds.random > 0  # the sandbox: 69 of 400
    summary, _ = run_simulation("proving-grounds", PARTY, "heuristic", 2, seed=0)
    write_comparison(tmp_path, [({"chapter": "proving-grounds", "party": PARTY, "bot": "heuristic"}, summary)])
    page = (tmp_path / "report.html").read_text(encoding="utf-8")
    assert "<h2>Skill depth</h2>" in page
    assert f"<td>{grounds.random:.1%} ({grounds.random_games} games, the difficulty table)</td>" in page
    # a run that played the random bot itself shows its own figure, not the table's
    own, _ = run_simulation("proving-grounds", PARTY, "random", 2, seed=0)
    write_comparison(tmp_path, [({"chapter": "proving-grounds", "party": PARTY, "bot": b}, s)
                                for b, s in (("random", own), ("heuristic", summary))])
    assert "the difficulty table)</td>" not in (tmp_path / "report.html").read_text(encoding="utf-8")


def test_groups_join_overlapping_intervals_to_their_leader() -> None:
    assert group_options([(0.6, 0.8), (0.55, 0.7), (0.4, 0.58), (0.1, 0.3)]) == [1, 1, 2, 3]
    assert group_options([]) == []
    low, high = wilson(50, 100)
    assert (round(low, 4), round(high, 4)) == (0.4038, 0.5962)


def _saved_game() -> Game:
    game = Game.new("proving-grounds", PARTY, seed=2)
    for _ in range(6):
        game.apply(game.legal_actions()[0])
    return game


def test_a_shown_chance_rests_on_100_playouts_with_its_interval() -> None:
    game = _saved_game()
    found = hints(game, count=2, iterations=400, seconds=None)
    assert found
    for h in found:
        if h.playouts >= MIN_PLAYOUTS:
            assert h.chance is not None and h.low is not None and h.high is not None and h.group is not None
            assert h.low <= h.chance <= h.high and h.chance == h.win_chance
        else:
            assert (h.chance, h.low, h.high, h.group) == (None, None, None, None)
    assert found[0].playouts >= MIN_PLAYOUTS
    shown = found[0].to_json()
    assert {"playouts", "wins", "chance", "low", "high", "group"} <= set(shown)
    few = hints(game, count=2, iterations=20, seconds=None)
    assert all(h.chance is None and h.playouts < MIN_PLAYOUTS for h in few)  # no chance under 100 playouts


def test_hints_do_not_peek_at_the_real_dice() -> None:
    game = _saved_game()
    first = [h.to_json() for h in hints(game, count=2, iterations=60, seconds=None, seed=3)]
    game.state.rng = random.Random(99).getrandbits(64) | 1  # only the real future changes
    again = [h.to_json() for h in hints(game, count=2, iterations=60, seconds=None, seed=3)]
    assert first == again


def test_the_server_catalog_offers_the_presets_with_their_measured_rates() -> None:
    from mnm.server.views import difficulties_json

    offered = difficulties_json()
    assert [d["id"] for d in offered] == ["easy", "normal", "hard"]
    assert [d["default"] for d in offered] == [False, True, False]
    for d in offered:
        preset = DIFFICULTY_PRESETS[str(d["id"])]
        assert d["options"] == list(preset.options) and d["win_rate"] == preset.win_rate and d["games"] == 1000
        assert d["rates"]["flight-to-barksburg"]["win_rate"] == preset.win_rate
        assert {c: r["win_rate"] for c, r in d["rates"].items()} == {r.chapter: r.win_rate for r in preset.rates}
        assert d["text"]["en"] and d["text"]["pt"] and d["text"]["en"] != d["text"]["pt"]


def _chapter1_turn() -> Game:
    """Chapter 1 played by the heuristic bot up to the first mouse's turn with a real choice of way."""
    from mnm.bots.registry import make_bot

    game = Game.new("1", PARTY, seed=4)
    bot = make_bot("heuristic", 4)
    while True:
        d = game.decision()
        assert d is not None
        if d.kind == "turn" and any(str(o).startswith("move") for o in d.options) and len(d.options) > 3:
            return game
        game.apply(bot.choose(game))


def test_the_search_bot_does_not_peek_and_answers_legally() -> None:
    from mnm.bots.mcts import SearchBot

    game = _chapter1_turn()
    other = Game.from_json(game.to_json())
    other.state.rng ^= 0x5555  # only the real future differs
    pick = SearchBot(seed=9).choose(game)
    assert pick in game.legal_actions()
    assert SearchBot(seed=9).choose(other) == pick


def test_the_value_estimate_is_a_chance_and_knows_the_end() -> None:
    from mnm.bots.value import FEATURES, WEIGHTS, features, win_probability

    game = _chapter1_turn()
    assert len(features(game.ctx, game.state)) == len(FEATURES) == len(WEIGHTS)
    p = win_probability(game.ctx, game.state)
    assert 0.0 < p < 1.0
    late = game.state.copy()
    late.hourglass = late.end_page - 1  # the same position with time running out looks worse
    assert win_probability(game.ctx, late) < p
    late.status = "won"
    assert win_probability(game.ctx, late) == 1.0
    late.status = "lost"
    assert win_probability(game.ctx, late) == 0.0


def test_two_bots_over_the_same_seeds_report_their_paired_margin(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from mnm.cli import app
    from mnm.sim.simulate import paired_margin

    result = CliRunner().invoke(app, ["simulate", "--chapter", "proving-grounds", "--bot", "random,heuristic",
                                      "--games", "4", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    runs = json.loads((tmp_path / "comparison.json").read_text())
    assert "paired" not in runs[0] and runs[1]["paired_vs"] == "random"
    by_bot = {b: [json.loads(line) for line in (tmp_path / f"{b}-normal" / "results.jsonl").read_text().splitlines()]
              for b in ("random", "heuristic")}
    only_h = sum(1 for a, b in zip(by_bot["random"], by_bot["heuristic"], strict=True)
                 if b["status"] == "won" and a["status"] != "won")
    only_r = sum(1 for a, b in zip(by_bot["random"], by_bot["heuristic"], strict=True)
                 if a["status"] == "won" and b["status"] != "won")
    paired = runs[1]["paired"]
    assert (paired["seeds"], paired["only_challenger"], paired["only_baseline"]) == (4, only_h, only_r)
    assert paired["margin"] == (only_h - only_r) / 4
    assert f"heuristic against random over the same 4 seeds: {paired['margin'] * 100:+.1f} points" in result.output
    report = (tmp_path / "report.html").read_text(encoding="utf-8")
    assert "Bots compared over the same seeds" in report
    # issue 44: every rate names its party, and the skill depth (random, new party, careful party) has its table
    assert "new party (heuristic bot) against random bot" in report
    assert "<h2>Skill depth</h2>" in report and "careful party" in report
    # no seed in common, nothing to compare
    assert paired_margin([{"seed": 1, "status": "won"}], [{"seed": 2, "status": "won"}])["seeds"] == 0
