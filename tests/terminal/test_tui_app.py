"""``mnm play``: the Textual app driven by a headless pilot with the keyboard alone.

Each test runs its pilot in its own thread and event loop (tuikit.run_in_thread).
"""

from __future__ import annotations

import json
from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import Input, OptionList, Static
from tuikit import PARTY, greedy, run_in_thread

from mnm.engine.actions import Action
from mnm.engine.game import Game
from mnm.terminal.app import PlayApp
from mnm.terminal.screens import DiceScreen, TextScreen

PG = "proving-grounds"


async def close_texts(pilot: Pilot[None], app: PlayApp) -> list[str]:
    """Close story / outcome screens with Enter; return the titles seen."""
    seen = []
    await pilot.pause()
    while isinstance(app.screen, TextScreen):
        seen.append(app.screen.title_text)
        await pilot.press("enter")
        await pilot.pause()
    return seen


async def type_line(pilot: Pilot[None], text: str) -> None:
    """Type a line and Enter. Long lines (file paths) are pasted into the command line in one go."""
    if len(text) > 12 and isinstance(pilot.app.focused, Input):
        pilot.app.focused.value = text
    else:
        await pilot.press(*list(text))
    await pilot.press("enter")
    await pilot.pause()


async def choose(pilot: Pilot[None], app: PlayApp, action: Action, how: str) -> None:
    """Pick ``action`` from the choices by its number, with the arrow keys, or by typing it (Tab completes)."""
    d = app.game.decision()
    assert d is not None
    numbered = dict((a, n) for n, a in app._numbered)
    index = [a for _, a in app._numbered].index(action)
    if how == "number":
        await type_line(pilot, f"#{numbered[action]}")
    elif how == "arrows":
        if app.query_one("#choices", OptionList).highlighted is None:  # nothing is lit until the player picks
            await pilot.press("down")
        at = app.query_one("#choices", OptionList).highlighted or 0
        for _ in range(abs(index - at)):
            await pilot.press("down" if index > at else "up")
        if action.verb == "end":  # a bare Enter never ends a turn: it is typed
            await type_line(pilot, "end")
        else:
            await pilot.press("enter")
            await pilot.pause()
    else:
        # type the shortest start that only this action has (or all of it), then Tab completes it
        text = str(action)
        others = [c for c in app.candidates() if c != text]
        unique = (text[:k] for k in range(1, len(text) + 1) if not any(o.startswith(text[:k]) for o in others))
        prefix = next(unique, text)
        await pilot.press(*list(prefix))
        await pilot.pause()
        await pilot.press("tab")
        await pilot.pause()
        assert app.query_one("#command", Input).value == text
        await pilot.press("enter")
        await pilot.pause()
    await close_texts(pilot, app)


def log_text(app: PlayApp) -> str:
    return "\n".join(app.log_lines)


WANTED = {"mouse_moves", "mouse_attacks", "minion_attacks"}


def seed_where_greedy_play_fights(actions: int = 14) -> int:
    """The first seed whose game, played greedily for ``actions`` actions, has mice moving and both sides
    attacking (searched here rather than pinned: what a seed rolls changes with the dice stream)."""
    for seed in range(200):
        game = Game.new(PG, PARTY, seed=seed)
        for _ in range(actions):
            if game.decision() is None:
                break
            game.apply(greedy(game))
        if {e.msg for e in game.events} >= WANTED:
            return seed
    raise AssertionError("no seed under 200 gives a fight in the first turns")


def test_play_turns_moves_battle_search_with_the_keyboard(tmp_path: Path) -> None:
    """Several turns with every input method: numbers, arrows, typed actions; a battle and a search happen."""
    seed = seed_where_greedy_play_fights()
    game = Game.new(PG, PARTY, seed=seed)
    reference = Game.new(PG, PARTY, seed=seed)

    async def scenario() -> None:
        app = PlayApp(game, save_path=str(tmp_path / "s.json"))
        async with app.run_test(size=(80, 24)) as pilot:
            await close_texts(pilot, app)
            played = 0
            typed: set[str] = set()
            while app.game.decision() is not None and played < 14:
                action = greedy(app.game)
                index = app.game.decision().options.index(action)  # type: ignore[union-attr]
                way = "arrows" if index in (1, 2) else "number"
                if action.verb in ("move", "battle") and action.verb not in typed:
                    way = "text"
                    typed.add(action.verb)
                await choose(pilot, app, action, way)
                reference.apply(action)
                played += 1
                assert app.game.state.to_json() == reference.state.to_json()
                # the board, the choices and the question follow the game
                d = app.game.decision()
                if d is not None:
                    assert app.query_one("#choices", OptionList).option_count == len(d.options)
            msgs = {e.msg for e in app.game.events}
            assert msgs >= WANTED
            text = log_text(app)
            assert "R-BATTLE-11" in text  # the minions' attacks, with their reasons and rules
            assert "nearest mouse" in text

    run_in_thread(scenario)


def test_search_from_the_choices() -> None:
    game = Game.new(PG, PARTY, seed=4)
    while game.decision().kind != "turn":  # type: ignore[union-attr]
        game.apply(game.decision().options[0])  # type: ignore[union-attr]

    async def scenario() -> None:
        app = PlayApp(game)
        async with app.run_test(size=(80, 24)) as pilot:
            await close_texts(pilot, app)
            d = app.game.decision()
            assert d is not None
            search = next(a for a in d.options if a.verb == "search")
            await choose(pilot, app, search, "number")
            found = [e for e in app.game.events if e.msg in ("search_fails", "card_found", "special_search")]
            assert len(found) == 1
            assert found[0].params["hero"] == d.actor
            if found[0].msg != "search_fails":
                assert app.game.decision().kind in ("found_card", "turn")  # type: ignore[union-attr]

    run_in_thread(scenario)


def test_bad_input_changes_nothing_and_says_why() -> None:
    game = Game.new(PG, PARTY, seed=3)

    async def scenario() -> None:
        app = PlayApp(game)
        async with app.run_test(size=(80, 24)) as pilot:
            await close_texts(pilot, app)
            before = json.dumps(app.game.state.to_json(), sort_keys=True)
            n = len(app.game.decision().options)  # type: ignore[union-attr]
            await type_line(pilot, "99")
            assert app.message == f"There is no choice 99: type a number from 1 to {n} ('choices' lists them again)."
            await type_line(pilot, "fly collin")
            assert "unknown verb 'fly'" in app.message
            await type_line(pilot, "move filch 5:99")
            assert app.message.startswith("Not allowed: ")
            await type_line(pilot, "frobnicate")
            assert "Not understood" in app.message
            await pilot.press("f5", "ctrl+y", "escape")  # unbound keys do nothing
            await pilot.pause()
            assert json.dumps(app.game.state.to_json(), sort_keys=True) == before
            question = str(app.query_one("#question", Static).render())
            assert "choose a starting ability" in question

    run_in_thread(scenario)


def test_undo_save_and_load(tmp_path: Path) -> None:
    game = Game.new(PG, PARTY, seed=3)
    while game.decision().kind != "turn":  # type: ignore[union-attr]
        game.apply(game.decision().options[0])  # type: ignore[union-attr]
    save = tmp_path / "game.json"
    broken = tmp_path / "broken.json"
    broken.write_text('{"state": {"format": 99}}', encoding="utf-8")

    async def scenario() -> None:
        app = PlayApp(game, save_path=str(save))
        async with app.run_test(size=(80, 24)) as pilot:
            await close_texts(pilot, app)
            d = app.game.decision()
            assert d is not None
            hero = d.actor
            start = app.game.state.heroes[hero].space
            move = next(a for a in d.options if a.verb == "move")
            await choose(pilot, app, move, "number")
            assert app.game.state.heroes[hero].space == move.args[0]
            await pilot.press("ctrl+z")
            await pilot.pause()
            assert app.game.state.heroes[hero].space == start
            assert app.message == f"Took back: {move}."
            await pilot.press("ctrl+z")
            await pilot.pause()
            assert app.message.startswith("Cannot undo:")
            # save with Ctrl+S (atomic: no temporary file left), move, then load the save back
            await pilot.press("ctrl+s")
            await pilot.pause()
            assert app.message == f"Saved to {save}."
            assert not list(tmp_path.glob("*.tmp"))
            saved = json.loads(save.read_text(encoding="utf-8"))
            assert saved["state"] == app.game.state.to_json()
            await choose(pilot, app, move, "text")
            assert app.game.state.heroes[hero].space == move.args[0]
            await type_line(pilot, f"load {broken}")
            assert app.message.startswith("Could not load: ")
            assert app.game.state.heroes[hero].space == move.args[0]
            await type_line(pilot, f"load {save}")
            assert app.message == f"Loaded {save}."
            assert app.game.state.heroes[hero].space == start
            assert app.game.state.to_json() == saved["state"]

    run_in_thread(scenario)


def test_tab_completes_like_a_shell() -> None:
    game = Game.new(PG, PARTY, seed=3)
    while game.decision().kind != "turn":  # type: ignore[union-attr]
        game.apply(game.decision().options[0])  # type: ignore[union-attr]
    actor = game.decision().actor  # type: ignore[union-attr]
    moves = [str(a) for a in game.decision().options if a.verb == "move"]  # type: ignore[union-attr]

    async def scenario() -> None:
        app = PlayApp(game)
        async with app.run_test(size=(80, 24)) as pilot:
            await close_texts(pilot, app)
            cmd = app.query_one("#command", Input)
            await pilot.press("m", "o", "tab")
            await pilot.pause()
            assert cmd.value == f"move {actor} 5:"  # the longest common start of every move
            assert app.message.startswith(f"{len(moves)} choices start with 'move {actor} 5:'")
            cmd.value = ""
            await pilot.press("z", "tab")
            await pilot.pause()
            assert cmd.value == "z" and app.message == "No choice starts with 'z'."
            cmd.value = ""
            await pilot.press("s", "e", "a", "tab", "enter")
            await pilot.pause()
            assert any(e.msg in ("search_fails", "card_found", "special_search") for e in app.game.events)

    run_in_thread(scenario)


def test_help_screen_and_tabs() -> None:
    game = Game.new(PG, PARTY, seed=3)

    async def scenario() -> None:
        app = PlayApp(game)
        async with app.run_test(size=(80, 24)) as pilot:
            await close_texts(pilot, app)
            await pilot.press("f1")
            await pilot.pause()
            assert isinstance(app.screen, TextScreen)
            assert "R-SETUP-03" in app.screen.body  # the rules summary for the current decision
            assert "Ctrl+S" in app.screen.body
            await pilot.press("escape")
            await pilot.pause()
            assert not isinstance(app.screen, TextScreen)
            await type_line(pilot, "?")
            assert isinstance(app.screen, TextScreen)
            await pilot.press("escape")  # Enter would show the next page of the long help first
            await pilot.pause()
            await pilot.press("f2")
            await pilot.pause()
            assert app.query_one("#side").active == "tab-heroes"  # type: ignore[attr-defined]
            heroes = str(app.query_one("#heroes", Static).render())
            assert "Prince Collin" in heroes and "life" in heroes and "Dagger" in heroes

    run_in_thread(scenario)


def test_chapter_one_story_and_board_at_80x24(tmp_path: Path) -> None:
    """Chapter 1 opens with its story text; the table fits an 80x24 terminal; a screenshot is written."""
    game = Game.new("flight-to-barksburg", PARTY, seed=1)

    async def scenario() -> None:
        app = PlayApp(game)
        async with app.run_test(size=(80, 24)) as pilot:
            seen = await close_texts(pilot, app)
            assert seen == ["Story"]
            for wid in ("#status", "#board-scroll", "#side", "#question", "#choices", "#log", "#command"):
                region = app.query_one(wid).region
                assert region.height > 0 and region.bottom <= 24 and region.right <= 80, wid
            assert app.query_one("#board-scroll").region.height >= 14  # one whole tile side is visible
            board = str(app.query_one("#board", Static).render())
            assert "Guard Room (5)" in board and "Kitchen Tunnels (4)" in board
            assert "Co" in board and "Ma" in board and "15" in board
            svg = app.save_screenshot(filename="board.svg", path=str(tmp_path))
            assert "Guard&#160;Room&#160;(5)" in Path(svg).read_text(encoding="utf-8")
            # the tiles are stacked (one fits across), so F3 scrolls the board down to the next tile
            await pilot.press("f3", "f3")
            await pilot.pause()
            box = app.query_one("#board-scroll")
            assert box.scroll_y > 0 and box.scroll_x == 0

    run_in_thread(scenario)


def test_manual_dice_screen() -> None:
    game = Game.new(PG, PARTY, seed=3, dice="manual")

    async def scenario() -> None:
        app = PlayApp(game)
        async with app.run_test(size=(80, 24)) as pilot:
            await close_texts(pilot, app)
            asked = 0
            for _ in range(60):
                if isinstance(app.screen, DiceScreen):
                    need = app.screen.need.count
                    if asked == 0:
                        await type_line(pilot, "9")
                        assert isinstance(app.screen, DiceScreen)  # a bad face: asked again
                        error = str(app.screen.query_one("#dice-error", Static).render())
                        assert "'9' is not a die face" in error
                    await type_line(pilot, " ".join(["3X"] * need))
                    asked += 1
                elif app.game.decision() is not None and app.game.decision().kind == "turn":  # type: ignore[union-attr]
                    break
                else:
                    await type_line(pilot, "1")
            assert asked > 0
            rolls = [e for e in app.game.events if e.msg == "movement_roll"]
            assert rolls and all(e.params["face"] == 3 for e in rolls)

    run_in_thread(scenario)


def test_game_over_shows_the_outcome() -> None:
    game = Game.new(PG, PARTY, seed=4)
    while True:
        a = greedy(game)
        probe = Game.from_json(game.to_json())
        probe.apply(a)
        if probe.decision() is None:
            break
        game.apply(a)
    last = greedy(game)

    async def scenario() -> None:
        app = PlayApp(game)
        async with app.run_test(size=(80, 24)) as pilot:
            await close_texts(pilot, app)
            await type_line(pilot, str(last))
            assert app.game.state.status == "won"
            assert isinstance(app.screen, TextScreen) and app.screen.title_text == "The chapter ends"
            assert "Victory!" in app.screen.body
            await pilot.press("enter")
            await pilot.pause()
            assert "Victory!" in str(app.query_one("#question", Static).render())
            await type_line(pilot, "1")
            assert app.message == "Unknown command '1'; try help."

    run_in_thread(scenario)


def test_table_tab_names_the_rule_variants_in_play() -> None:
    game = Game.new("proving-grounds", PARTY, seed=1, options={"ranged_target_most_minions": True})
    plain = Game.new("proving-grounds", PARTY, seed=1)

    async def scenario() -> None:
        for g, expected in ((game, True), (plain, False)):
            app = PlayApp(g)
            async with app.run_test(size=(100, 40)) as pilot:
                await pilot.pause()
                table = str(app.query_one("#table", Static).render())
                assert (
                    "Rule variants Ranged attacks at nearby minions target the most crowded nearby space (FAQ) "
                    "(ranged_target_most_minions)" in table
                ) is expected, table

    run_in_thread(scenario)
