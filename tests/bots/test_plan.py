"""The planner reads each chapter's way through from its data: the goal from the victory conditions, the side
graph from the board, the gates from the rules (docs/bots.md, "The plan")."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import pytest

from mnm.bots import plan
from mnm.bots.policy import HeuristicBot
from mnm.content.loader import Content, builtin_dir, load_content
from mnm.engine import Action, Game
from mnm.sim.simulate import GameSpec, play_game, summarise

PARTY = ["collin", "tilda", "filch", "maginos"]


def _on(game: Game, side: int, spaces: list[str]) -> None:
    """Every mouse on ``side`` (face up), no minions anywhere: a quiet position to ask the plan about."""
    st = game.state
    st.face_up[game.ctx.board.tile_of_side(side)] = side
    if side not in st.explored:
        st.explored.append(side)
    st.minions.clear()
    for h, space in zip(st.heroes.values(), spaces * 4, strict=False):
        h.space = space


@pytest.mark.parametrize(
    ("chapter", "sides", "spaces", "defeat"),
    [
        ("1", (1,), ("1:16",), ()),
        ("2", (16,), ("16:5",), ()),
        ("3", (19,), ("19:13",), ()),
        ("4", (20,), (), ("molox",)),
    ],
)
def test_the_goal_comes_from_the_victory_conditions(
    chapter: str, sides: tuple[int, ...], spaces: tuple[str, ...], defeat: tuple[str, ...]
) -> None:
    game = Game.new(chapter, PARTY, seed=0)
    goal = plan.chapter_plan(game.ctx, game.state).goal
    assert (goal.sides, goal.spaces, goal.defeat) == (sides, spaces, defeat)


def test_chapter_1_way_from_the_cell_goes_down_the_sewer_grate() -> None:
    game = Game.new("1", PARTY, seed=0)
    ways = plan.advice(game.ctx, game.state, 5, "5:15", "collin")
    assert (ways[0].spaces, ways[0].verb) == (("5:8",), "flip")
    assert plan.progress(game.ctx, game.state) == pytest.approx(0.0)


def test_the_sewer_gate_is_opened_by_searching_the_water_for_the_fishhook() -> None:
    # R-EXPLORE-13 (Leaving the Sewers): the exit is gated until the party holds the fishhook token, and the
    # chapter's special search on the Sewer's water gives the card that carries it
    game = Game.new("1", PARTY, seed=0)
    _on(game, 6, ["6:4"])
    gates = plan.chapter_plan(game.ctx, game.state).gates
    assert [(g.side, g.what, g.tokens) for g in gates] == [(6, "exit", ("fishhook",))]
    first = plan.advice(game.ctx, game.state, 6, "6:4", "collin")[0]
    water = tuple(sp.id for sp in game.ctx.board.graph(6).spaces if sp.water)
    assert (first.spaces, first.verb) == (water, "search")
    game.state.stash.append("fishhook")
    first = plan.advice(game.ctx, game.state, 6, "6:4", "collin")[0]
    assert first.verb == "exit-0" and set(first.spaces) == {"6:9", "6:12"}


def test_progress_is_one_on_the_goal_and_grows_along_the_way() -> None:
    game = Game.new("1", PARTY, seed=0)
    _on(game, 2, ["2:4"])
    on_the_way = plan.progress(game.ctx, game.state)
    _on(game, 1, ["1:16"])
    assert 0.3 < on_the_way < plan.progress(game.ctx, game.state) == pytest.approx(1.0)


def test_a_gate_closed_for_good_removes_its_explores() -> None:
    # Chapter 2's rusted hatch: the Drain Pipe's flip is gated with no condition, so the plan has no flip there
    game = Game.new("2", PARTY, seed=0)
    edges = plan.chapter_plan(game.ctx, game.state).edges
    assert all(e.where != "flip" for e in edges[16])
    ways = plan.advice(game.ctx, game.state, 12, "12:13", "collin")
    assert (ways[0].spaces, ways[0].verb) == (("12:10",), "exit-1")


def test_a_defeat_goal_heads_for_the_side_that_brings_the_minion_then_for_the_minion() -> None:
    game = Game.new("4", PARTY, seed=0)
    ways = plan.advice(game.ctx, game.state, 18, "18:1", "collin")
    assert ways[0].verb == "exit-0"  # east, into the vault whose first reveal wakes Molox
    _on(game, 20, ["20:7"])
    game.state.minions.clear()
    from mnm.engine import Minion

    game.state.minions["molox-1"] = Minion("molox-1", "molox", "20:2")
    ways = plan.advice(game.ctx, game.state, 20, "20:7", "collin")
    assert (ways[0].spaces, ways[0].verb) == (("20:2",), "")


def test_the_heuristic_turn_follows_the_plan() -> None:
    game = Game.new("1", PARTY, seed=0)
    _on(game, 5, ["5:8"])
    game.state.heroes["collin"].searched.append(5)  # nothing left to search here
    hero = game.state.heroes["collin"]
    options = [Action("explore", "collin", ("flip",)), Action("end", "collin", ())]
    assert hero.space == "5:8"
    picked = HeuristicBot(seed=0).turn_choice(game.ctx, game.state, options)
    assert picked == Action("explore", "collin", ("flip",))


def test_board_names_where_each_exit_leads() -> None:
    game = Game.new("1", PARTY, seed=0)
    board = game.ctx.board
    assert board.exit_leads_to(4, 1) == (2,)  # the Kitchen Tunnels' east exit: the Tunnel Entrance
    assert board.exit_leads_to(6, 0) == (4,)  # out of the Sewer: the Kitchen Tunnels, not the Kitchen behind them
    assert board.exit_leads_to(3, 1) == (1,)  # the Kitchen's exit: the Courtyard on the Tunnel Entrance's back


# --- a chapter written only in the language (tests/bots/chapters/90-the-guard-post.yaml) ------------------------

GUARD_POST = Path(__file__).parent / "chapters" / "90-the-guard-post.yaml"


@pytest.fixture(scope="module")
def guard_post() -> Content:
    """The built-in content plus the test chapter."""
    root = Path(tempfile.mkdtemp(prefix="mnm-guard-post-"))
    try:
        shutil.copytree(builtin_dir(), root / "data")
        shutil.copy(GUARD_POST, root / "data" / "chapters")
        return load_content(root / "data")
    finally:
        shutil.rmtree(root, ignore_errors=True)


def test_the_guard_post_is_planned_from_its_data_alone(guard_post: Content) -> None:
    game = Game.new("the-guard-post", PARTY, seed=0, content=guard_post)
    got = plan.chapter_plan(game.ctx, game.state)
    assert (got.goal.sides, got.goal.defeat) == ((20,), ("captain-vurst",))  # the vault's reveal posts him
    assert [(g.side, g.what, g.tokens) for g in got.gates] == [(18, "exit", ("fishhook",))]
    game.state.minions.clear()
    # asked for the party (no mouse: the gate read from the data), the way east needs the fishhook first
    first = plan.advice(game.ctx, game.state, 18, "18:1")[0]
    assert first.verb == "search" and len(first.spaces) == len(game.ctx.board.graph(18).spaces)
    game.state.stash.append("fishhook")
    assert plan.advice(game.ctx, game.state, 18, "18:1")[0].verb == "exit-0"


def test_with_the_hourglass_near_the_end_the_heuristic_moves_on_instead_of_searching() -> None:
    game = Game.new("1", PARTY, seed=0)
    _on(game, 5, ["5:15"])
    options = [Action("search", "collin", ()), Action("move", "collin", ("5:12",)), Action("end", "collin", ())]
    bot = HeuristicBot(seed=0)
    assert bot.turn_choice(game.ctx, game.state, options) == options[0]  # time enough: a search for luck
    game.state.hourglass = game.state.end_page - 1
    assert bot.turn_choice(game.ctx, game.state, options) != options[0]


def test_the_heuristic_bot_wins_the_guard_post_sometimes_and_the_report_says_where_it_loses() -> None:
    text = GUARD_POST.read_text(encoding="utf-8")
    specs = [GameSpec("the-guard-post", tuple(PARTY), "heuristic", seed, chapter_text=text) for seed in range(10)]
    records = [play_game(spec) for spec in specs]
    report = summarise(records)
    assert report["wins"] >= 1
    lost = [r for r in records if r["status"] != "won"]
    assert sum(report["losses_by_side"].values()) == len(lost)
    assert all(r["explored"][:1] == [18] for r in records)
