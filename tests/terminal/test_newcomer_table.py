"""Issue 25, Terminal 1-5: the terminal table as a newcomer meets it, driven by a Textual pilot at 80x24 and
120x40 (and plain mode where the point is about what is typed).

1. The highlight never moves by itself: after each action a bare Enter plays nothing until the player picks.
2. Choice numbers stay put within a turn (after an undo, after a search's card question) and are never taken
   for spaces: ``#5`` is a choice, ``s5`` a space, a bare ``5`` that could be both is refused with both readings.
3. Choices by kind (End and Explore first), repetitive ones folded into one entry, an Explore says where it
   leads, ``inspect exit 0`` answers.
4. Mice on a one-cell space (the tree entrance) are drawn; life left is on the main screen; a space out of reach
   says what it costs; a surge waits in a page; a long page is not closed half-read by Enter; ``--continue``
   shows the tile where the mouse to play stands.
5. Bot-only games never stop at a story page.
"""

from __future__ import annotations

import io

import pytest
from textual.widgets import OptionList, Static
from tuikit import PARTY, run_in_thread

from mnm.engine import Action, Event, Game
from mnm.terminal.app import PlayApp
from mnm.terminal.choices import FOLD
from mnm.terminal.plain import PlainClient
from mnm.terminal.screens import PickScreen, TextScreen
from mnm.terminal.seats import Seats
from mnm.terminal.session import BadAnswer, Numbering, read_answer

CH1 = "flight-to-barksburg"
SIZES = [(80, 24), (120, 40)]


def first_turn(game: Game) -> Game:
    while (d := game.decision()) is not None and d.kind != "turn":
        game.apply(d.options[0])
    return game


async def close_pages(pilot, app: PlayApp) -> None:  # type: ignore[no-untyped-def]
    await pilot.pause()
    while isinstance(app.screen, TextScreen):
        await pilot.press("escape")
        await pilot.pause()


# --- 1: the highlight ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("size", SIZES)
def test_after_an_action_a_bare_enter_plays_nothing_until_the_player_picks(size: tuple[int, int]) -> None:
    game = first_turn(Game.new(CH1, PARTY, seed=1))

    async def scenario() -> None:
        app = PlayApp(game, autosave=None)
        async with app.run_test(size=size) as pilot:
            await close_pages(pilot, app)
            choices = app.query_one("#choices", OptionList)
            assert choices.highlighted is None
            # pick a move with the arrows and play it with Enter: that is a choice made
            move_at = next(i for i, (_, a) in enumerate(app._numbered) if a.verb == "move")
            await pilot.press(*["down"] * (move_at + 1))
            picked = app.highlighted_action()
            assert picked is not None and picked.verb == "move"
            await pilot.press("enter")
            await close_pages(pilot, app)
            assert app.game.log[-1] == str(picked)
            # after the action nothing is lit, and Enter (pressed again and again) plays nothing
            assert choices.highlighted is None and app.highlighted_action() is None
            log = list(app.game.log)
            for _ in range(3):
                await pilot.press("enter")
                await pilot.pause()
            assert app.game.log == log
            assert app.message.startswith("Enter plays the highlighted choice: pick one first")
            app.save_screenshot(filename=f"newcomer-enter-{size[0]}x{size[1]}.svg", path="/tmp")

    run_in_thread(scenario)


# --- 2: numbers -------------------------------------------------------------------------------------------------


def test_numbers_stay_put_after_an_undo_and_after_the_question_a_search_asks() -> None:
    game = first_turn(Game.new(CH1, PARTY, seed=1))
    d = game.decision()
    assert d is not None
    numbering = Numbering()
    before = {a: n for n, a in numbering.number(game, d)}
    move = next(a for a in d.options if a.verb == "move")
    game.apply(move)
    numbering.number(game, game.decision())  # type: ignore[arg-type]
    game.undo()
    after_undo = {a: n for n, a in numbering.number(game, game.decision())}  # type: ignore[arg-type]
    assert after_undo == before
    # a question in between (a found card to keep) numbers on after the turn's numbers (issue 32: never from 1
    # again, so "1" keeps meaning the turn's #1); the turn comes back with its own
    other = Numbering()
    turn = {a: n for n, a in other.number(game, d)}
    card_question = type(d)("found_card", d.actor, (Action("keep", d.actor, ("dagger",)),), {"card": "dagger"})
    assert other.number(game, card_question) == [(max(turn.values()) + 1, Action("keep", d.actor, ("dagger",)))]
    assert {a: n for n, a in other.number(game, d)} == turn


def test_a_bare_number_that_could_be_a_space_is_refused_with_both_readings() -> None:
    game = first_turn(Game.new(CH1, PARTY, seed=1))
    d = game.decision()
    assert d is not None
    numbering = Numbering()
    shown = dict(numbering.number(game, d))
    side = next(a.args[0].split(":")[0] for a in d.options if a.verb == "move")
    reachable = {int(a.args[0].split(":")[1]) for a in d.options if a.verb == "move"}
    clash = next(n for n, a in shown.items() if n in reachable and a != Action("move", d.actor, (f"{side}:{n}",)))
    with pytest.raises(BadAnswer, match=rf"#{clash} for the choice, or s{clash} to move to space {clash}"):
        read_answer(str(clash), d, numbering)
    assert read_answer(f"#{clash}", d, numbering).action == shown[clash]
    assert read_answer(f"s{clash}", d, numbering).action == Action("move", d.actor, (f"{side}:{clash}",))
    assert read_answer(f"{side}:{clash}", d, numbering).action == Action("move", d.actor, (f"{side}:{clash}",))


def test_plain_group_of_attacks_reads_as_names_not_bare_numbers() -> None:
    game = first_turn(Game.new(CH1, PARTY, seed=1))
    st = game.state
    d = game.decision()
    assert d is not None
    from mnm.engine.state import Minion

    target = next(a.args[0] for a in d.options if a.verb == "battle")  # Maginos shoots: a second rat there
    st.minions["rat-warrior-7"] = Minion("rat-warrior-7", "rat-warrior", st.minions[target].space)
    out = io.StringIO()
    PlainClient(game, io.StringIO("quit\nyes\n"), out, autosave=None).run()
    line = next(x for x in out.getvalue().splitlines() if x.startswith("Attack"))
    assert line.startswith("Attack: #") and "Rat Warrior 1; #" in line and "Rat Warrior 7" in line
    assert "= " not in line


# --- 3: grouped, folded, where an explore leads ------------------------------------------------------------------


@pytest.mark.parametrize("size", SIZES)
def test_choices_by_kind_with_the_placements_folded(size: tuple[int, int]) -> None:
    game = first_turn(Game.new(CH1, PARTY, seed=1))
    game.state.stash.append("fishhook")  # 16 spaces to place the Fishhook & Thread on

    async def scenario() -> None:
        app = PlayApp(game, autosave=None)
        async with app.run_test(size=size) as pilot:
            await close_pages(pilot, app)
            listed = [a for _, a in app._numbered]
            assert listed[0].verb == "end"  # ending the turn first, never below forty lines
            assert sum(1 for a in listed if a.verb == "place") == 0
            fold = next(a for a in listed if a.verb == FOLD)
            n = next(k for k, a in app._numbered if a == fold)
            label = str(app.query_one("#choices", OptionList).get_option_at_index(listed.index(fold)).prompt)
            assert "Place the Fishhook & Thread token on Guard Room: 16 choices" in label
            await pilot.press(*f"#{n}", "enter")
            await pilot.pause()
            assert isinstance(app.screen, PickScreen) and len(app.screen.actions) == 16
            app.save_screenshot(filename=f"newcomer-fold-{size[0]}x{size[1]}.svg", path="/tmp")
            # a number typed here is the choice's own number: #1 (ending the turn) is not in this list
            end = next(k for k, a in app._numbered if a.verb == "end")
            await pilot.press(*str(end), "enter")
            await pilot.pause()
            assert isinstance(app.screen, PickScreen) and "is not in this list" in str(
                app.screen.query_one("#pick-keys", Static).render()
            )
            second, picked = app.screen.numbers[1], app.screen.actions[1]
            await pilot.press(*str(second), "enter")
            await pilot.pause()
            assert app.game.log[-1] == str(picked)

    run_in_thread(scenario)


def test_an_explore_choice_names_where_it_leads_and_inspect_exit_answers() -> None:
    game = first_turn(Game.new(CH1, PARTY, seed=1))
    st = game.state
    d = game.decision()
    assert d is not None
    st.minions.clear()  # no exploring with minions on the tile
    board = game.ctx.board
    # a flip space on the mouse's side: Explore by flipping names the side it turns to
    side = board.graph_of(st.heroes[d.actor].space or "").side
    flip = next(sp.id for sp in board.graph(side).spaces if sp.flip == "plain")
    st.heroes[d.actor].space = flip
    d = game.decision()
    assert d is not None
    explore = next(a for a in d.options if a.verb == "explore")
    out = io.StringIO()
    PlainClient(game, io.StringIO("inspect exit 0\nquit\nyes\n"), out, autosave=None).run()
    text = out.getvalue()
    other = board.other_side(side)
    assert f"turns this tile over to {game.ctx.content.tile_sides[other].name.en} ({other})" in text, explore
    assert "not yet explored" in text
    assert f"Exit 0 of {game.ctx.content.tile_sides[side].name.en} (tile side {side})." in text
    assert "Nothing called" not in text


# --- 4: the board, life, reach, surges, pages, --continue --------------------------------------------------------


def tree_entrance_game() -> Game:
    game = first_turn(Game.new(CH1, PARTY, seed=1))
    st = game.state
    tile = game.ctx.board.tile_of_side(1)
    st.face_up[tile] = 1
    for h in ("collin", "tilda"):
        st.heroes[h].space = "1:16"
    return game


@pytest.mark.parametrize("size", SIZES)
def test_mice_on_the_tree_entrance_and_life_left_are_on_the_main_screen(size: tuple[int, int]) -> None:
    game = tree_entrance_game()
    game.state.heroes["filch"].wounds = 3  # one wound from capture

    async def scenario() -> None:
        app = PlayApp(game, autosave=None)
        async with app.run_test(size=size) as pilot:
            await close_pages(pilot, app)
            app.scroll_to_side(1)
            await pilot.pause()
            board = str(app.query_one("#board", Static).render())
            courtyard = [line for line in board.splitlines() if "Courtyard" in line]
            assert courtyard
            lines = board.splitlines()
            start = lines.index(courtyard[0])
            tile = "\n".join(lines[start : start + 40])
            assert "Co" in tile and "Ti" in tile  # both mice inside the tree are drawn (next to its one cell)
            lives = str(app.query_one("#lives", Static).render())
            assert "Fi 1/4" in lives and "Co 5/5" in lives
            region = app.query_one("#lives").region
            assert region.height == 1 and region.right <= size[0]
            app.save_screenshot(filename=f"newcomer-tree-{size[0]}x{size[1]}.svg", path="/tmp")

    run_in_thread(scenario)


def test_a_space_out_of_reach_says_what_it_costs() -> None:
    game = first_turn(Game.new(CH1, PARTY, seed=1))
    d = game.decision()
    assert d is not None
    side = next(a.args[0].split(":")[0] for a in d.options if a.verb == "move")
    reach = {a.args[0] for a in d.options if a.verb == "move"}
    far = next(sp for sp in game.ctx.board.graph(int(side)).spaces if sp.id not in reach and sp.id != "5:15")
    out = io.StringIO()
    PlainClient(game, io.StringIO(f"s{far.n}\n{far.id}\n3:2\nquit\nyes\n"), out, autosave=None).run()
    text = out.getvalue()
    assert f"Space {far.id} is out of reach: getting there takes " in text and "Maginos has 3 left" in text
    assert "Space 3:2 is on another tile: mice change tiles by exploring" in text
    assert "Not understood" not in text


def test_a_surge_waits_in_a_page() -> None:
    game = first_turn(Game.new(CH1, PARTY, seed=1))

    async def scenario() -> None:
        app = PlayApp(game, autosave=None)
        async with app.run_test(size=(80, 24)) as pilot:
            await close_pages(pilot, app)
            app.show_events([Event("surge", {"wheel": 6}, "R-SURGE-02")], pause=True)
            await pilot.pause()
            assert isinstance(app.screen, TextScreen) and app.screen.title_text.startswith("What happened")

    run_in_thread(scenario)


def test_enter_pages_through_a_long_what_happened_before_closing_it_at_80x24() -> None:
    game = first_turn(Game.new(CH1, PARTY, seed=1))
    events = [
        Event(
            "minion_moves",
            {"minion": "rat-warrior-1", "src": "5:1", "dst": "5:2", "steps": 1, "target": "maginos"},
            "R-MIN-03",
        )
    ] * 40

    async def scenario() -> None:
        app = PlayApp(game, autosave=None)
        async with app.run_test(size=(80, 24)) as pilot:
            await close_pages(pilot, app)
            app.show_events(events, pause=True)
            await pilot.pause()
            page = app.screen
            assert isinstance(page, TextScreen)
            assert "Enter: more below" in str(page.query_one("#text-keys", Static).render())
            app.save_screenshot(filename="newcomer-more-80x24.svg", path="/tmp")
            presses = 0
            while app.screen is page and presses < 20:
                assert presses == 0 or page.more_below() or presses > 0
                await pilot.press("enter")
                await pilot.pause()
                presses += 1
            assert presses > 1  # the first Enter showed the next page instead of closing it half-read
            assert app.screen is not page

    run_in_thread(scenario)


def test_continue_shows_the_tile_where_the_mouse_to_play_stands() -> None:
    game = tree_entrance_game()
    st = game.state
    d = game.decision()
    assert d is not None
    for h in st.heroes.values():
        h.space = "1:16" if h.id in ("collin", "tilda") else "1:15"
    saved = Game.from_json(game.to_json(), game.ctx.content)

    async def scenario() -> None:
        app = PlayApp(saved, autosave=None)
        async with app.run_test(size=(80, 24)) as pilot:
            await close_pages(pilot, app)
            await pilot.pause()
            x, y = app.tile_rows[1]
            scroll = app.query_one("#board-scroll")
            assert (scroll.scroll_x, scroll.scroll_y) == (x, y) and (x, y) != (0, 0)

    run_in_thread(scenario)


# --- 5: bot-only games ------------------------------------------------------------------------------------------


def test_a_bot_only_game_never_stops_at_a_story_page() -> None:
    game = Game.new(CH1, PARTY, seed=1)

    async def scenario() -> None:
        app = PlayApp(game, seats=Seats.of("all=heuristic", game, 1), bot_pause=0, autosave=None)
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(400):
                await pilot.pause(0.02)
                assert not isinstance(app.screen, TextScreen) or app.game.decision() is None
                if app.game.decision() is None or len(app.game.log) > 60:
                    break
            assert len(app.game.log) > 60 or app.game.decision() is None
            assert any(line.startswith("Story: ") for line in app.log_lines)

    run_in_thread(scenario)


# --- Newcomer 4: Ctrl+S ----------------------------------------------------------------------------------------


def test_ctrl_s_saves_into_the_data_folder_and_says_where() -> None:
    from mnm.terminal.session import data_dir

    async def scenario() -> None:
        app = PlayApp(Game.new("proving-grounds", PARTY, seed=3), autosave=None)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("ctrl+s")
            await pilot.pause()
            path = data_dir() / "saves" / "proving-grounds-seed3.json"
            assert path.is_file()
            assert app.message == f"Saved to {path}."

    run_in_thread(scenario)
