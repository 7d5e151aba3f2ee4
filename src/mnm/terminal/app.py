"""``mnm play``: the whole table in a terminal (Textual), for hotseat play with the keyboard alone.

Layout (80x24 and up): a status line; the board (scrolls when the chapter's tiles do not fit) beside tabs for
the table (initiative, wheel, chapter track, stash, legend), the heroes and the full log; the question; the
numbered choices beside the latest events; a command line. Every choice comes from the engine's decision list.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, ScrollableContainer, Vertical
from textual.screen import ModalScreen
from textual.suggester import Suggester
from textual.widgets import Footer, Input, OptionList, RichLog, Static, TabbedContent, TabPane
from textual.widgets.option_list import Option

from mnm.engine.actions import Action
from mnm.engine.dice import DiceTable
from mnm.engine.errors import IllegalAction, NeedDice, SaveError
from mnm.engine.events import Event
from mnm.engine.game import Decision, Game
from mnm.terminal.boardmap import CELL_W, FigureMarks, board_text, layout_size
from mnm.terminal.describe import KEYS_HELP, Describer
from mnm.terminal.plain import DEFAULT_SAVE
from mnm.terminal.session import COMMANDS, BadAnswer, load_game, parse_dice, read_answer, save_game

__all__ = ["PlayApp"]

MINION_MSGS = ("minion_", "surge", "wheel_", "roach_", "brodie_", "mouse_wounded", "mouse_captured", "defeat")


class ActionSuggester(Suggester):
    """Completes what is typed from the current choices' text forms and the commands."""

    def __init__(self, candidates: Callable[[], Iterable[str]]) -> None:
        super().__init__(use_cache=False, case_sensitive=False)
        self.candidates = candidates

    async def get_suggestion(self, value: str) -> str | None:
        if not value:
            return None
        low = value.lower()
        for text in self.candidates():
            if text.lower().startswith(low) and len(text) > len(value):
                return text
        return None


class CommandInput(Input):
    """The command line; Tab accepts the completion shown."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("tab", "complete", "Complete", show=False)]

    def action_complete(self) -> None:
        if self._suggestion and self._suggestion != self.value:
            self.value = self._suggestion
            self.cursor_position = len(self.value)
        else:
            self.app.action_focus_next()


class TextScreen(ModalScreen[None]):
    """A story text, the help, or the outcome: a framed text closed with Enter or Escape."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,escape,space", "close", "Continue"),
    ]
    DEFAULT_CSS = """
    TextScreen { align: center middle; }
    TextScreen > Vertical { width: 76; max-width: 95%; height: auto; max-height: 90%;
        border: thick $accent; background: $surface; padding: 0 1; }
    TextScreen .title { text-style: bold; color: $accent; }
    TextScreen ScrollableContainer { height: auto; max-height: 30; }
    TextScreen .hint { color: $text-muted; }
    """

    def __init__(self, title: str, body: str) -> None:
        super().__init__()
        self.title_text = title
        self.body = body

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.title_text, classes="title")
            with ScrollableContainer():
                yield Static(self.body, markup=False)
            yield Static("Enter: continue", classes="hint")

    def action_close(self) -> None:
        self.dismiss(None)


class DiceScreen(ModalScreen[list[int] | None]):
    """Companion mode: type the faces of the physical dice just rolled."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel")]
    DEFAULT_CSS = """
    DiceScreen { align: center middle; }
    DiceScreen > Vertical { width: 70; max-width: 95%; height: auto; border: thick $warning;
        background: $surface; padding: 0 1; }
    DiceScreen #dice-error { color: $error; }
    """

    def __init__(self, need: NeedDice, table: DiceTable) -> None:
        super().__init__()
        self.need = need
        self.table = table

    def compose(self) -> ComposeResult:
        faces = ", ".join(f"{f.index}={f.short()}" for f in self.table.faces)
        with Vertical():
            yield Static(f"Roll {self.need.count} di{'e' if self.need.count == 1 else 'ce'} for {self.need.purpose}.")
            yield Static(f"Type the faces, separated by spaces ({faces}).")
            yield Input(id="dice-input", placeholder="e.g. 3 5")
            yield Static("", id="dice-error")

    def on_mount(self) -> None:
        self.query_one("#dice-input", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        try:
            faces = parse_dice(event.value, self.table, self.need.count)
        except BadAnswer as err:
            self.query_one("#dice-error", Static).update(str(err))
            event.input.value = ""
            return
        self.dismiss(faces)

    def action_cancel(self) -> None:
        self.dismiss(None)


class PlayApp(App[None]):
    """Hotseat play of one game."""

    TITLE = "Mice and Mystics"
    CSS = """
    Screen { layout: vertical; }
    #status { height: 1; background: $primary-background; color: $text; padding: 0 1; }
    #top { height: 1fr; min-height: 8; }
    #board-scroll { width: 1fr; min-width: 30; scrollbar-size: 1 1; }
    #board { width: auto; height: auto; }
    #side { width: 40; }
    #side TabPane { padding: 0 0; }
    #side ContentSwitcher { height: 1fr; }
    .pane-scroll { scrollbar-size-vertical: 1; }
    #question { height: 2; padding: 0 1; background: $boost; }
    #bottom { height: 5; }
    #choices { width: 1fr; border: none; scrollbar-size-vertical: 1; padding: 0 0; }
    #log { width: 40; scrollbar-size-vertical: 1; padding: 0 0 0 1; border-left: solid $primary; }
    #command { height: 1; border: none; padding: 0 1; }
    #command:focus { border: none; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f1", "help", "Help"),
        Binding("ctrl+s", "save", "Save", priority=True),
        Binding("ctrl+z", "undo", "Undo", priority=True),
        Binding("f2", "next_tab", "Tabs"),
        Binding("f3", "next_tile", "Tile"),
        Binding("up", "choice(-1)", "Prev", show=False),
        Binding("down", "choice(1)", "Next", show=False),
        Binding("pageup", "choice(-5)", show=False),
        Binding("pagedown", "choice(5)", show=False),
    ]

    def __init__(self, game: Game, save_path: str | None = None) -> None:
        super().__init__()
        self.game = game
        self.save_path = save_path or DEFAULT_SAVE
        self.words = Describer(game.ctx.content)
        self.marks = FigureMarks.of(game.ctx.content)
        self.message = ""  # the last note or error shown (tests read it)
        self.tile_rows: dict[int, tuple[int, int]] = {}
        self.tile_cursor = -1
        self._decision: Decision | None = None
        self.log_lines: list[str] = []  # every event line shown, with its rule (the Log tab's text)

    # --- layout --------------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="status")
        with Horizontal(id="top"):
            with ScrollableContainer(id="board-scroll"):
                yield Static(id="board")
            with TabbedContent(id="side"):
                with TabPane("Table", id="tab-table"), ScrollableContainer(classes="pane-scroll"):
                    yield Static(id="table")
                with TabPane("Heroes", id="tab-heroes"), ScrollableContainer(classes="pane-scroll"):
                    yield Static(id="heroes")
                with TabPane("Log", id="tab-log"):
                    yield RichLog(id="full-log", wrap=True, markup=False, min_width=10)
        yield Static(id="question")
        with Horizontal(id="bottom"):
            yield OptionList(id="choices")
            yield RichLog(id="log", wrap=True, markup=False, min_width=10)
        yield CommandInput(
            id="command",
            placeholder="number, action (Tab completes), or help / undo / save / load FILE / quit",
            suggester=ActionSuggester(self._candidates),
        )
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#choices", OptionList).can_focus = False  # the command line keeps the keyboard
        self.query_one("#command", Input).focus()
        self.adapt(self.size.width, self.size.height)
        self.refresh_all()
        self.show_events(self.game.events)

    def on_resize(self, event: object) -> None:
        self.adapt(self.size.width, self.size.height)
        self.call_after_refresh(self.refresh_all)

    def adapt(self, width: int, height: int) -> None:
        """Give the choices and the log more room on tall terminals, the side panel more on wide ones."""
        self.query_one("#bottom").styles.height = 5 if height < 32 else 9 if height < 44 else 12
        side = 40 if width < 110 else 46
        self.query_one("#side").styles.width = side
        self.query_one("#log").styles.width = side

    # --- drawing -------------------------------------------------------------------------------------

    def refresh_all(self) -> None:
        self._decision = self.game.decision()
        self.draw_status()
        self.draw_board()
        self.draw_table()
        self.draw_heroes()
        self.draw_choices()
        self.draw_question()

    def draw_status(self) -> None:
        st = self.game.state
        ch = self.game.ctx.chapter
        wheel = "●" * min(st.wheel, 6) + "○" * max(0, 6 - st.wheel)
        d = self._decision
        now = self.words.figure(d.actor) if d is not None and d.actor != "party" else st.status.upper()
        self.query_one("#status", Static).update(
            Text.assemble(
                (ch.name.en, "bold"),
                f"  Round {st.round}  hourglass {st.hourglass}/{st.end_page}  wheel ",
                (wheel, "bold #ffd75f"),
                f" {st.wheel}/6  ",
                ("▶ " + now, "bold"),
            )
        )

    def highlighted_action(self) -> Action | None:
        d = self._decision
        ol = self.query_one("#choices", OptionList)
        if d is None or ol.highlighted is None or not (0 <= ol.highlighted < len(d.options)):
            return None
        return d.options[ol.highlighted]

    def highlight_spaces(self) -> list[str]:
        """The spaces the highlighted choice is about (a move's target, a minion's space)."""
        a = self.highlighted_action()
        if a is None:
            return []
        st = self.game.state
        out: list[str] = []
        for arg in a.args:
            if ":" in arg and arg.split(":", 1)[0].isdigit() and arg in self.game.ctx.board.spaces:
                out.append(arg)
            elif arg in st.minions:
                out.append(st.minions[arg].space)
            elif arg in st.heroes and st.heroes[arg].space:
                out.append(str(st.heroes[arg].space))
        return out

    def draw_board(self) -> None:
        area = self.query_one("#board-scroll", ScrollableContainer).size
        big = (5, 2)
        need_w, need_h = layout_size(self.game, big)
        scale = big if need_w <= area.width and need_h <= area.height else (CELL_W, 1)
        text, self.tile_rows = board_text(self.game, self.highlight_spaces(), self.marks, scale)
        self.query_one("#board", Static).update(text)

    def draw_table(self) -> None:
        st = self.game.state
        w = self.words
        t = Text()
        t.append("Initiative\n", "bold")
        for i, card in enumerate(st.track, start=1):
            acting = st.acting == card
            name = w.track_card(card)
            t.append(f" {i} ", "dim")
            t.append(("▶" if acting else " ") + name + "\n", "bold #ffffff" if acting else "")
        t.append("Minion wheel ", "bold")
        t.append("●" * min(st.wheel, 6) + "○" * max(0, 6 - st.wheel), "#ffd75f")
        t.append(f" {st.wheel}/6 (surge at 6)\n")
        t.append("Chapter track ", "bold")
        pages = max(self.game.ctx.chapter.track_pages, st.end_page)
        for p in range(1, pages + 1):
            if p == st.hourglass:
                t.append(str(p % 10), "bold reverse #ffd75f")
            else:
                t.append(str(p % 10), "bold #ff6b6b" if p == st.end_page else "dim")
        t.append(f"\n hourglass on page {st.hourglass}; lost after page {st.end_page}\n")
        t.append("Party stash ", "bold")
        t.append((", ".join(s.replace("-", " ") for s in st.stash) or "empty") + "\n")
        if st.encounter_up:
            t.append("Next surge ", "bold")
            t.append(w.card(st.encounter_up) + "\n")
        t.append("Goal ", "bold")
        t.append(self.game.ctx.chapter.objective.en + "\n")
        t.append("Legend\n", "bold")
        for hid, (mark, colour) in self.marks.heroes.items():
            if hid in st.heroes:
                t.append(f" {mark}", f"bold {colour}")
                t.append(f" {w.hero(hid)}")
        t.append("\n")
        types = sorted({m.type for m in st.minions.values()})
        for mtype in types:
            t.append(f" {self.marks.minion_letters.get(mtype, '?')}1", "bold #ff6b6b")
            t.append(f" {w.minion_type(mtype)}")
        if types:
            t.append("\n")
        t.append(" ┃▁", "bold #ff3b30")
        t.append(" red line: mice cannot cross\n")
        t.append(" ▸▾", "bold #ffd60a")
        t.append(" yellow line: 1 with the arrow, 3 against\n")
        t.append(" 0▶", "bold #ff9f40")
        t.append(" exit 0   ")
        t.append("XX", "bold #ff3b30")
        t.append(" mousetrap   ")
        t.append("░", "#6a5d4d")
        t.append(" feature\n")
        self.query_one("#table", Static).update(t)

    def draw_heroes(self) -> None:
        st = self.game.state
        w = self.words
        t = Text()
        for h in st.heroes.values():
            spec = self.game.ctx.content.heroes[h.id]
            mark, colour = self.marks.heroes.get(h.id, ("??", "#ffffff"))
            t.append(f"{mark} {spec.name.en}", f"bold {colour}")
            where = "captured" if h.captured or h.space is None else w.space(h.space)
            t.append(f"  {where}\n")
            hearts = "♥" * max(0, spec.life - h.wounds) + "♡" * min(spec.life, h.wounds)
            t.append(f" life {hearts} {spec.life - h.wounds}/{spec.life}  cheese {h.cheese}\n")
            t.append(f" battle {spec.battle} defense {spec.defense} lore {spec.lore} move {spec.move}\n", "dim")
            if h.equipped:
                t.append(" equipped: " + ", ".join(w.card(c) for c in h.equipped) + "\n")
            if h.pack:
                t.append(" pack: " + ", ".join(w.card(c) for c in h.pack) + "\n")
            if h.abilities:
                t.append(" abilities: " + ", ".join(w.card(c) for c in h.abilities) + "\n")
            if h.statuses:
                t.append(" " + ", ".join(s.replace("_", " ") for s in h.statuses) + "\n", "#ff6b6b")
        self.query_one("#heroes", Static).update(t)

    def draw_choices(self) -> None:
        ol = self.query_one("#choices", OptionList)
        ol.clear_options()
        d = self._decision
        if d is None:
            return
        names = self.words.space_names(self.game)
        opts = []
        wide = self.size.width >= 110
        for i, a in enumerate(d.options, start=1):
            label = Text.assemble(
                (f"{i:>2} ", "bold"),
                self.words.action(a, names, actor=d.actor),
                (f"  {a}", "dim") if wide else "",
            )
            opts.append(Option(label, id=f"o{i}"))
        ol.add_options(opts)
        ol.highlighted = 0 if opts else None

    def draw_question(self) -> None:
        d = self._decision
        if d is None:
            q = self.words.outcome(self.game) or "The game is over."
            hint = "Save with Ctrl+S, quit with Ctrl+Q."
        else:
            q = self.words.question(self.game, d)
            hint = "Number + Enter, ↑↓ + Enter, or type an action (Tab completes). F1 help."
        line2 = Text(self.message, "bold #ffd75f") if self.message else Text(hint, "dim")
        self.query_one("#question", Static).update(Text.assemble((q, "bold"), "\n", line2))

    def note(self, message: str) -> None:
        self.message = message
        self.draw_question()

    # --- events and story ------------------------------------------------------------------------------

    def show_events(self, events: Iterable[Event]) -> None:
        log = self.query_one("#log", RichLog)
        full = self.query_one("#full-log", RichLog)
        stories: list[str] = []
        for ev in events:
            story = self.words.story(self.game, ev)
            if story is not None:
                stories.append(story)
                continue
            if ev.msg == "story":
                continue
            line = self.words.event(ev)
            style = "#ff9b8b" if ev.msg.startswith(MINION_MSGS) else ""
            log.write(Text(line, style))
            ruled = line + (f" [{ev.rule}]" if ev.rule else "")
            self.log_lines.append(ruled)
            full.write(Text(ruled, style))
        screens: list[TextScreen] = [TextScreen("Story", s) for s in stories]
        outcome = self.words.outcome(self.game)
        if outcome and self._decision is None and any(e.msg in ("victory", "defeat") for e in events):
            screens.append(TextScreen("The chapter ends", outcome))
        for screen in reversed(screens):
            self.push_screen(screen)

    # --- playing -------------------------------------------------------------------------------------

    def _candidates(self) -> list[str]:
        d = self._decision
        out = [str(a) for a in d.options] if d is not None else []
        return out + list(COMMANDS)

    def play(self, action: Action, dice: list[int] | None = None) -> None:
        faces = list(dice or [])
        try:
            events = self.game.apply(action, dice=faces)
        except NeedDice as need:

            def rolled(more: list[int] | None) -> None:
                if more is None:
                    self.note("Dice not entered: nothing changed.")
                else:
                    self.play(action, faces + more)

            self.push_screen(DiceScreen(need, self.words.dice), rolled)
            return
        except IllegalAction as err:
            self.note(f"Not allowed: {err.reason}")
            return
        self.message = ""
        self.refresh_all()
        self.scroll_to_actor()
        self.show_events(events)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id != "command":
            return
        text = event.value
        event.input.value = ""
        d = self._decision
        if not text.strip():
            a = self.highlighted_action()
            if a is not None:
                self.play(a)
            else:
                self.note("Nothing to choose now." if d is None else "Type a number or an action.")
            return
        if d is None:
            # the game is over: commands only
            word, _, arg = text.strip().partition(" ")
            self.command(word.lower(), arg.strip())
            return
        try:
            ans = read_answer(text, d)
        except BadAnswer as err:
            self.note(str(err))
            return
        if ans.action is not None:
            self.play(ans.action)
        else:
            self.command(ans.command, ans.arg)

    def command(self, cmd: str, arg: str) -> None:
        if cmd == "help":
            self.action_help()
        elif cmd == "undo":
            self.action_undo()
        elif cmd == "save":
            self.do_save(arg or self.save_path)
        elif cmd == "load":
            self.do_load(arg or self.save_path)
        elif cmd == "quit":
            self.exit()
        elif cmd in ("look", "log"):
            self.query_one("#side", TabbedContent).active = "tab-log" if cmd == "log" else "tab-table"
        elif cmd == "map":
            self.action_next_tile()
        else:
            self.note(f"Unknown command {cmd!r}; try help.")

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.draw_board()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        d = self._decision
        if d is not None and 0 <= event.option_index < len(d.options):
            self.play(d.options[event.option_index])

    # --- actions (keys) --------------------------------------------------------------------------------

    def action_choice(self, delta: int) -> None:
        ol = self.query_one("#choices", OptionList)
        n = ol.option_count
        if not n:
            return
        cur = ol.highlighted if ol.highlighted is not None else 0
        ol.highlighted = max(0, min(n - 1, cur + delta))
        ol.scroll_to_highlight()

    def action_help(self) -> None:
        d = self._decision
        body = (self.words.decision_help(d.kind) + "\n\n" if d is not None else "") + KEYS_HELP
        body += (
            "\n\nThe board: each tile side is a map of numbered spaces; touching spaces have different shades, "
            "water is blue, dark cells are rock. Figures: two letters for a mouse (Fi = Filch), a letter and a "
            "number for a minion (r2 = Rat Warrior 2). The highlighted choice's space is lit. The Table tab "
            "has the initiative track, the minion wheel, the chapter track and a legend; the Heroes tab has "
            "each mouse's life, cheese and cards; the Log tab has every event with its rule."
        )
        self.push_screen(TextScreen("Help", body))

    def action_undo(self) -> None:
        ok, why = self.game.can_undo()
        if not ok:
            self.note(f"Cannot undo: {why}.")
            return
        last = self.game.log[-1]
        self.game.undo()
        self.refresh_all()
        self.note(f"Took back: {last}.")

    def action_save(self) -> None:
        self.do_save(self.save_path)

    def do_save(self, path: str) -> None:
        try:
            saved = save_game(self.game, path)
        except OSError as err:
            self.note(f"Could not save to {path}: {err.strerror or err}.")
            return
        self.save_path = str(saved)
        self.note(f"Saved to {saved}.")

    def do_load(self, path: str) -> None:
        try:
            game = load_game(Path(path), self.game.ctx.content)
        except SaveError as err:
            self.note(f"Could not load: {err}")
            return
        self.game = game
        self.save_path = path
        self.refresh_all()
        self.scroll_to_actor()
        self.note(f"Loaded {path}.")

    def action_next_tab(self) -> None:
        tabs = self.query_one("#side", TabbedContent)
        order = ["tab-table", "tab-heroes", "tab-log"]
        tabs.active = order[(order.index(tabs.active) + 1) % len(order)] if tabs.active in order else order[0]

    def action_next_tile(self) -> None:
        sides = sorted(self.tile_rows, key=lambda s: self.tile_rows[s][::-1])
        if not sides:
            return
        self.tile_cursor = (self.tile_cursor + 1) % len(sides)
        self.scroll_to_side(sides[self.tile_cursor])

    def scroll_to_side(self, side: int) -> None:
        x, y = self.tile_rows.get(side, (0, 0))
        self.query_one("#board-scroll", ScrollableContainer).scroll_to(x=x, y=y, animate=False)

    def scroll_to_actor(self) -> None:
        st = self.game.state
        d = self._decision
        h = st.heroes.get(d.actor) if d is not None else None
        if h is not None and h.space is not None:
            self.scroll_to_side(int(h.space.split(":", 1)[0]))
