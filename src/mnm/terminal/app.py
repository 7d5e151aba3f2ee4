"""``mnm play``: the whole table in a terminal (Textual), for hotseat play with the keyboard alone.

Layout (80x24 and up): a status line; the board (scrolls when the chapter's tiles do not fit) beside tabs for
the table (initiative, wheel, chapter track, stash, legend), the heroes and the full log; the question; the
numbered choices beside the latest events; a command line. Every choice comes from the engine's decision list.

This module is the main screen: :class:`PlayApp` and the widgets that call back into it (the command line and its
completion, the board's scroll box, the log panes). The screens that open over it (a text, the dice, quitting, a
list to pick from) are :mod:`mnm.terminal.screens`; the panes' texts (status line, Table and Heroes tabs, lives
line) are drawn by :mod:`mnm.terminal.panes`. Why it is longer than ~800 lines: :class:`PlayApp` is one
Textual app whose regions (status, board, panes, question, choices, logs) and handlers (keys, commands, bots,
hints) all read and change the same few fields (the pending decision, its stable numbering, the folds, the
highlight, the log rows); spreading one class's methods over files would hide which handler changes what. Its
sections (layout, drawing, events and story, playing, keys, bots and hints) read top-down.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, ScrollableContainer, Vertical
from textual.css.query import NoMatches
from textual.suggester import Suggester
from textual.widgets import Footer, Input, OptionList, RichLog, Static, TabbedContent, TabPane
from textual.widgets.option_list import Option

from mnm.bots.hints import Hint, hint_status, not_enough_text
from mnm.bots.hints import shown as measured_hints
from mnm.engine import Action, Decision, Event, Game, IllegalAction, NeedDice, SaveError
from mnm.terminal.boardmap import (
    BIG,
    FigureMarks,
    board_text,
    fit_layout,
    layout_size,
    legend_text,
)
from mnm.terminal.choices import FOLD, arrange, shared_words
from mnm.terminal.describe import Describer
from mnm.terminal.lang import say
from mnm.terminal.panes import heroes_text, lives_text, status_text, table_text
from mnm.terminal.screens import DiceScreen, HintScreen, PickScreen, QuitScreen, TextScreen, translate_keys
from mnm.terminal.seats import HINT_ITERATIONS, Seats, find_hints, hint_parts
from mnm.terminal.session import (
    ALIASES,
    COMMANDS,
    Autosave,
    BadAnswer,
    Numbering,
    campaign_tip,
    default_save_path,
    events_before_dice,
    load_game,
    read_answer,
    replay_command,
    save_game,
    typed_form,
    typed_names,
)

__all__ = ["PlayApp"]


# Footer keys left out first when the footer would not fit the terminal's width (all are on F1's help); Help and
# Quit always stay.
FOOTER_SPARE = ("toggle_bots", "next_tile", "next_tab", "history", "inspect", "hint", "undo", "save")


def footer_plan(keys: list[tuple[str, str, str]], width: int) -> tuple[bool, frozenset[str]]:
    """How the footer fits ``width`` columns: (compact style, actions left out), for ``keys`` = (action, key as
    shown, label) in footer order. The roomy style with every key when it fits, then the compact one, then the
    compact one without the spare keys, one at a time (:data:`FOOTER_SPARE`)."""

    def needed(compact: bool, out: frozenset[str]) -> int:
        shown = [(k, label) for action, k, label in keys if action not in out]
        # roomy: " key label " each; compact: "key label" and one space between keys
        return sum(len(k) + len(label) + (3 if not compact else 2) for k, label in shown) - compact

    if needed(False, frozenset()) <= width:
        return False, frozenset()
    out: frozenset[str] = frozenset()
    for action in ("", *FOOTER_SPARE):
        out = out | {action} - {""}
        if needed(True, out) <= width:
            break
    return True, out


MINION_MSGS = ("minion_", "surge", "wheel_", "roach_", "brodie_", "mouse_wounded", "mouse_captured", "defeat")


def _common_start(texts: list[str]) -> str:
    """The longest text every one of ``texts`` starts with."""
    first, last = min(texts), max(texts)
    n = 0
    while n < min(len(first), len(last)) and first[n] == last[n]:
        n += 1
    return first[:n]


class ActionSuggester(Suggester):
    """Completes what is typed from the current choices' text forms and the commands."""

    def __init__(self, candidates: Callable[[], Iterable[str]]) -> None:
        super().__init__(use_cache=False, case_sensitive=False)
        self.candidates = candidates

    async def get_suggestion(self, value: str) -> str | None:
        if not value:
            return None
        low = value.lower()
        texts = list(self.candidates())
        if any(t.lower() == low for t in texts):
            return None  # already a whole choice: suggest nothing longer
        return next((t for t in texts if t.lower().startswith(low)), None)


class CommandInput(Input):
    """The command line; Tab accepts the completion shown."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("tab", "complete", "Complete", show=False)]

    def action_complete(self) -> None:
        """Complete like a shell: the only match, else the longest common start and how many match."""
        app = self.app
        if not isinstance(app, PlayApp):
            return
        typed = self.value
        if not typed.strip():
            app.note(app.t("complete.empty"))
            return
        matches = [c for c in app.candidates() if c.lower().startswith(typed.lower())]
        if not matches:
            app.note(app.t("complete.none", typed=repr(typed)))
            return
        common = _common_start([m.lower() for m in matches])
        if len(matches) == 1 or len(common) > len(typed):
            self.value = matches[0] if len(matches) == 1 else matches[0][: len(common)]
            self.cursor_position = len(self.value)
        if len(matches) > 1:
            shown = ", ".join(matches[:4]) + (", ..." if len(matches) > 4 else "")
            app.note(app.t("complete.many", n=len(matches), typed=repr(self.value), shown=shown))


class BoardScroll(ScrollableContainer):
    """The board's scrolling box: redraws the board at its new size whenever it is resized."""

    def on_resize(self, event: events.Resize) -> None:
        app = self.app
        if isinstance(app, PlayApp):
            app.call_after_refresh(app.draw_board)


class PaneLog(RichLog):
    """A log pane that rewraps its lines when its width changes (RichLog wraps once, when a line is written)."""

    _drawn_width = 0

    def on_resize(self, event: events.Resize) -> None:
        app = self.app
        if event.size.width != self._drawn_width and isinstance(app, PlayApp):
            self._drawn_width = event.size.width
            app.call_after_refresh(app.rewrap_logs)


class PlayApp(App[None]):
    """Hotseat play of one game."""

    replay_line: str | None = None  # a campaign chapter's own command (its carry-over is not in --chapter/--seed)

    TITLE = "Mice and Mystics"
    CSS = """
    Screen { layout: vertical; }
    #status { height: 1; background: $primary-background; color: $text; padding: 0 1; }
    #top { height: 1fr; min-height: 3; }
    #board-scroll { width: 1fr; min-width: 30; scrollbar-size: 1 1; }
    #board { width: auto; height: auto; }
    #side-col { width: 40; }
    #side { width: 100%; height: 1fr; }
    #lives { height: 1; padding: 0 1; background: $boost; }
    #side TabPane { padding: 0 0; }
    #side ContentSwitcher { height: 1fr; }
    .pane-scroll { scrollbar-size-vertical: 1; }
    #question { height: auto; max-height: 4; padding: 0 1; background: $boost; }
    #bottom { height: 5; }
    #choices { width: 1fr; border: none; scrollbar-size-vertical: 1; padding: 0 0; }
    #log { width: 40; scrollbar-size-vertical: 1; padding: 0 0 0 1; border-left: solid $primary; }
    #command { height: 1; border: none; padding: 0 1; }
    #command:focus { border: none; background: $boost; }
    .pane-scroll:focus, #board-scroll:focus, #full-log:focus, #log:focus { background-tint: $accent 8%; }
    #choices:focus { background-tint: $accent 8%; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f1", "help", "Help"),
        Binding("ctrl+s", "save", "Save", priority=True),
        Binding("ctrl+z", "undo", "Undo", priority=True),
        Binding("f2", "next_tab", "Tabs"),
        Binding("f3", "next_tile", "Tile"),
        Binding("f4", "hint", "Hint"),
        Binding("f5", "toggle_bots", "Bots"),
        Binding("f6", "inspect", "Inspect"),
        Binding("f7", "toggle_more", "Pause", show=False),
        Binding("f8", "history", "History"),
        Binding("ctrl+q", "quit", "Quit", priority=True),
        Binding("up", "choice(-1)", "Prev", show=False),
        Binding("down", "choice(1)", "Next", show=False),
        Binding("pageup", "choice(-5)", show=False),
        Binding("pagedown", "choice(5)", show=False),
    ]

    def __init__(
        self,
        game: Game,
        save_path: str | None = None,
        seats: Seats | None = None,
        bot_pause: float = 0.0,
        autosave: Path | None = None,
        more: bool = True,
        lang: str = "en",
    ) -> None:
        super().__init__()
        self.lang = lang
        translate_keys(self, lang)
        self._footer_actions = {b.action for items in self._bindings.key_to_bindings.values() for b in items if b.show}
        self.autosave = Autosave(autosave, lang)
        self.saved_at = len(game.log)  # the log's length at the last save the player asked for
        self.numbering = Numbering()
        self.more = more  # pause (--More--) after the minions' turns so nothing scrolls away unseen
        self.game = game
        self.seats = seats or Seats()
        self.bot_pause = bot_pause  # seconds before a bot's choice (0 in tests)
        self.hint_iterations = HINT_ITERATIONS
        self._bot_due = False  # a bot's move is scheduled
        self.save_path = save_path or str(default_save_path(game))
        self.words = Describer(game.ctx.content, lang, game.ctx.chapter)
        self.marks = FigureMarks.of(game.ctx.content)
        self.message = ""  # the last note or error shown (tests read it)
        self.tile_rows: dict[int, tuple[int, int]] = {}
        self.tile_cursor = -1
        self._decision: Decision | None = None
        self._shown_options: tuple[Action, ...] = ()
        self.log_lines: list[str] = []  # every event line shown, with its rule (the Log tab's text)
        self._numbered: list[tuple[int, Action]] = []  # the choices as listed, with their stable numbers
        self._folds: dict[Action, list[Action]] = {}  # a fold's stand-in -> its choices (mnm.terminal.choices)
        self._picked: Action | None = None  # the choice the player highlighted (the highlight never moves itself)
        self._log_rows: list[tuple[str, str, str]] = []  # (recent pane line, Log tab line, style), to rewrap

    def t(self, key: str, **params: object) -> str:
        """The app's sentence ``key`` in the player's language (:mod:`mnm.terminal.lang`)."""
        return say(self.lang, key, **params)

    # --- layout --------------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="status")
        with Horizontal(id="top"):
            with BoardScroll(id="board-scroll"):
                yield Static(id="board")
            with Vertical(id="side-col"):
                yield Static(id="lives")  # every mouse's life left, always in sight
                yield from self.compose_tabs()
        yield Static(id="question")
        with Horizontal(id="bottom"):
            yield OptionList(id="choices")
            yield PaneLog(id="log", wrap=True, markup=False, min_width=10)
        yield CommandInput(
            id="command",
            placeholder=self.t("command.placeholder"),
            suggester=ActionSuggester(self.candidates),
            select_on_focus=False,  # a letter typed in a pane and carried here must not be selected and replaced
        )
        yield Footer(show_command_palette=False)  # ctrl+p still opens Textual's own (English) palette

    def compose_tabs(self) -> ComposeResult:
        """The side panel's tabs: the table, the heroes, the full log."""
        with TabbedContent(id="side"):
            with TabPane(self.t("tab.table"), id="tab-table"), ScrollableContainer(classes="pane-scroll"):
                yield Static(id="table")
            with TabPane(self.t("tab.heroes"), id="tab-heroes"), ScrollableContainer(classes="pane-scroll"):
                yield Static(id="heroes")
            with TabPane(self.t("tab.log"), id="tab-log"):
                yield PaneLog(id="full-log", wrap=True, markup=False, min_width=10)

    def on_mount(self) -> None:
        self.query_one("#choices", OptionList).can_focus = False  # the command line keeps the keyboard
        self.query_one("#command", Input).focus()
        self.adapt(self.size.width, self.size.height)
        self.refresh_all()
        # a new game or one gone on with (--continue): its seed and the line that plays it again (issue 32)
        seed = self.t("seed", seed=self.game.state.seed, command=self.replay_line or replay_command(self.game))
        if not self.game.log:
            self.write_log(seed, seed, "dim")
        self.show_events(self.game.events)
        if not self.game.events and self.game.log:  # a loaded game: its messages are not in the save
            self.loaded_note(self.save_path)
        if self.game.log:
            self.write_log(seed, seed, "dim")
        self.call_after_refresh(self.scroll_to_actor)  # the tile where the mouse to play stands (--continue)

    def on_resize(self, event: events.Resize) -> None:
        self.adapt(event.size.width, event.size.height)  # the event's size: self.size may still be the old one
        self.call_after_refresh(self.refresh_all)
        self.call_after_refresh(self.rewrap_logs)

    def on_key(self, event: events.Key) -> None:
        """Typing always reaches the command line: a letter pressed while a pane has the focus (to scroll it)
        goes back to the command line instead of being swallowed."""
        command = self.query_one("#command", Input)
        if (
            event.is_printable
            and event.character
            and self.focused is not command
            and self.screen is self.screen_stack[0]
        ):
            if isinstance(self.focused, Input):
                return
            command.focus()
            command.insert_text_at_cursor(event.character)
            event.stop()
            event.prevent_default()

    def on_tabbed_content_tab_activated(self, event: TabbedContent.TabActivated) -> None:
        """A pane shown again is drawn at its width now (a log written while hidden wrapped at 10 columns)."""
        self.call_after_refresh(self.rewrap_logs)

    def rewrap_logs(self) -> None:
        full = self.query_one("#full-log", RichLog)
        log = self.query_one("#log", RichLog)
        for pane, rows in ((full, [r for _, r, _ in self._log_rows]), (log, [r for r, _, _ in self._log_rows])):
            pane.clear()
            for row, (_, _, style) in zip(rows, self._log_rows, strict=True):
                pane.write(Text(row, style))

    def adapt(self, width: int, height: int) -> None:
        """Give the choices and the log more room on tall terminals, the side panel more on wide ones; but
        the board first: a narrower side panel when it lets more tiles sit side by side, and fewer choice rows
        (down to 5) when that shows the whole board without scrolling (Chapter 1 at 120x40)."""
        bottom = 5 if height < 32 else 9 if height < 44 else 12
        side = 40 if width < 110 else 46
        small = height < 20  # e.g. 40x12: no footer, a short question, fewer choice rows; the command line stays
        fixed = 4 if small else 5  # status, question (2), command line, footer
        if small:
            bottom = max(2, min(5, height - fixed - 3))
        if width < 80:
            side = max(14, width // 2 - 1)
        self.query_one(Footer).display = not small
        self.fit_footer(width)
        self.query_one("#board-scroll").styles.min_width = 30 if width >= 80 else 10
        self.query_one("#question").styles.max_height = 2 if small else 4

        def tiles_across(side_w: int) -> int:
            scale, columns = fit_layout(self.game, width - side_w - 1, height - fixed - bottom)
            return 99 if scale == BIG else columns or len(self.game.ctx.board.positions)

        if side > 40 and tiles_across(side) < tiles_across(40):
            side = 40
        scale, columns = fit_layout(self.game, width - side - 1, height - fixed - bottom)
        need_w, need_h = layout_size(self.game, scale, columns)
        top = height - fixed - bottom
        if not small and top < need_h <= top + bottom - 5:
            bottom -= need_h - top
        self.query_one("#bottom").styles.height = bottom
        # columns the board leaves empty go to the side panel (fewer wrapped lines), up to 60
        self.query_one("#side-col").styles.width = max(side, min(60, width - need_w - 1)) if width >= 80 else side
        self.query_one("#log").styles.width = side

    def fit_footer(self, width: int) -> None:
        """The footer's keys within ``width`` columns in the player's language (:func:`footer_plan`): a narrow
        terminal shows the compact style and leaves the spare keys out; they all still work."""
        bindings = self._bindings.key_to_bindings
        shown = [b for items in bindings.values() for b in items if b.action in self._footer_actions]
        compact, out = footer_plan([(b.action, self.get_key_display(b), b.description) for b in shown], width)
        for key, items in bindings.items():
            bindings[key] = [
                dataclasses.replace(b, show=b.action not in out) if b.action in self._footer_actions else b
                for b in items
            ]
        self.query_one(Footer).compact = compact
        self.refresh_bindings()

    # --- drawing -------------------------------------------------------------------------------------

    def refresh_all(self) -> None:
        self._decision = self.game.decision()
        self.draw_status()
        self.draw_board()
        self.draw_table()
        self.draw_heroes()
        self.draw_lives()
        self.draw_choices()
        self.draw_question()
        self.schedule_bot()

    def draw_status(self) -> None:
        text = status_text(self.game, self._decision, self.words, self.seats, self.lang)
        self.query_one("#status", Static).update(text)

    def highlighted_action(self) -> Action | None:
        ol = self.query_one("#choices", OptionList)
        numbered = self._numbered
        if self._decision is None or ol.highlighted is None or not (0 <= ol.highlighted < len(numbered)):
            return None
        return numbered[ol.highlighted][1]

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
        try:
            area = self.query_one("#board-scroll", ScrollableContainer).size
        except NoMatches:  # the app is closing (a highlight or resize message arrived late)
            return
        scale, columns = fit_layout(self.game, area.width, area.height)
        d = self._decision
        reach = self.words.move_costs(self.game, d.actor) if d is not None and d.kind == "turn" else {}
        text, self.tile_rows = board_text(
            self.game, self.highlight_spaces(), self.marks, scale, columns, reach, self.lang
        )
        legend = legend_text(self.game, self.marks, self.lang, max(20, area.width - 1))  # [EXP] markers
        if legend.plain:
            text.append("\n")
            text.append_text(legend)
        self.query_one("#board", Static).update(text)

    def draw_table(self) -> None:
        self.query_one("#table", Static).update(table_text(self.game, self.words, self.marks, self.lang))

    def draw_lives(self) -> None:
        """One line above the tabs: each mouse's mark and its life left (:func:`~mnm.terminal.panes.lives_text`)."""
        self.query_one("#lives", Static).update(lives_text(self.game, self.marks, self.lang))

    def draw_heroes(self) -> None:
        self.query_one("#heroes", Static).update(heroes_text(self.game, self.words, self.marks, self.lang))

    def draw_choices(self) -> None:
        """The choices by kind (:mod:`mnm.terminal.choices`), each with its stable number. The highlight never
        moves by itself: it stays on the choice the player picked with the arrows while that choice is still
        offered, and is gone after each action, so a bare Enter plays nothing until the player picks again."""
        ol = self.query_one("#choices", OptionList)
        d = self._decision
        self._shown_options = d.options if d is not None else ()
        ol.clear_options()
        self._numbered = []
        self._folds = {}
        if d is None:
            ol.highlighted = None
            return
        names = self.words.space_names(self.game)
        costs = self.words.move_costs(self.game, d.actor) if d.kind == "turn" else {}
        wide = self.size.width >= 110
        listed = arrange(d)
        self._folds = listed.folds
        numbers = dict(
            (a, n)
            for n, a in self.numbering.number(
                self.game, d, [*listed.entries, *listed.hidden()], [*listed.entries, *listed.hidden()]
            )
        )
        self._numbered = [(numbers[a], a) for a in listed.entries]
        opts = [Option(self.choice_label(d, n, a, names, costs, wide), id=f"o{n}") for n, a in self._numbered]
        ol.add_options(opts)
        picked = next((i for i, (_, a) in enumerate(self._numbered) if a == self._picked), None)
        ol.highlighted = picked
        if picked is None:
            self._picked = None

    def choice_label(
        self, d: Decision, n: int, a: Action, names: dict[str, str], costs: dict[str, int], wide: bool
    ) -> Text:
        """One row of the choices: ``#n``, what it does, and what it costs, leads to or folds."""
        if a.verb == FOLD:
            items = self._folds[a]
            label = self.fold_label(d, items, names)
            return Text.assemble((f"#{n:<2} ", "bold"), (self.t("choice.fold", label=label, n=len(items)), "italic"))
        extra = ""
        what = self.words.action(a, names, actor=d.actor)
        mover = self.game.state.heroes.get(d.actor)
        here = mover.space.split(":")[0] if mover is not None and mover.space else ""
        if a.verb == "move" and a.args:
            extra = self.words.move_extra(self.game, a.args[0], costs.get(a.args[0]))
            side, _, number = a.args[0].partition(":")
            if side == here and a.actor == d.actor:  # the tile is the mouse's own: the space alone says it
                name = names.get(a.args[0])
                what = self.t("action.move_here", n=number, name=f" ({name})" if name else "")
        elif a.verb == "explore":
            extra = self.words.explore_extra(self.game, a)
        return Text.assemble(
            (f"#{n:<2} ", "bold"),
            what,
            (f" ({extra})", "#b8f5a8") if extra else "",
            (f"  {typed_form(a, self.typed)}", "dim") if wide else "",
        )

    def fold_label(self, d: Decision, items: list[Action], names: dict[str, str]) -> str:
        """What a fold's choices share, in words (``Place the Fishhook & Thread token on``)."""
        labels = [self.words.action(a, names, actor=d.actor) for a in items]
        return shared_words(labels).rstrip(" :,") or labels[0]

    def open_fold(self, fold: Action) -> None:
        """A fold picked: its choices in a list of their own, each with its stable number."""
        d = self._decision
        items = self._folds.get(fold, [])
        if d is None or not items:
            return
        names = self.words.space_names(self.game)
        numbers = {a: n for n, a in self.numbering.shown.items()}
        labels = [
            Text.assemble((f"#{numbers.get(a, 0):<2} ", "bold"), self.words.action(a, names, actor=d.actor))
            for a in items
        ]
        title = self.t("fold.title", label=self.fold_label(d, items, names))
        numbered = [numbers.get(a, 0) for a in items]
        self.push_screen(PickScreen(title, items, labels, self.t("fold.keys"), self.lang, numbered), self.hint_picked)

    def draw_question(self) -> None:
        d = self._decision
        if d is None:
            q = self.words.outcome(self.game) or self.t("game_over")
            hint = self.t("question.over_keys")
        elif self.bot_turn():
            q = self.words.question(self.game, d)
            hint = self.t("question.bot_keys")
        else:
            q = self.words.question(self.game, d)
            hint = self.t("question.keys")
        line2 = Text(self.message, "bold #ffd75f") if self.message else Text(hint, "dim")
        self.query_one("#question", Static).update(Text.assemble((q, "bold"), "\n", line2))

    def note(self, message: str) -> None:
        self.message = message
        self.draw_question()

    # --- events and story ------------------------------------------------------------------------------

    def show_events(self, events: Iterable[Event], pause: bool = False) -> None:
        """Write the events to the log panes; with ``pause`` (after a choice, when the minions acted) also show
        them all in order in a --More-- screen, so a whole minion turn can be read before it scrolls away."""
        stories: list[str] = []
        told: list[str] = []
        minions_acted = False
        weapon = ""
        for ev in events:
            story = self.words.story(self.game, ev)
            if story is not None:
                stories.append(story)
                continue
            if ev.msg == "story":
                continue
            if ev.msg == "mouse_attacks":
                weapon = str(ev.params.get("weapon") or "")
            line = self.words.event(ev)
            why = self.words.explain(ev, weapon)
            if why:
                line += " " + why
            minion = ev.msg.startswith(MINION_MSGS)
            minions_acted = minions_acted or ev.msg.startswith(
                ("minion_attacks", "minion_moves", "minion_card_turn", "surge")  # a surge waits to be read too
            )
            style = "#ff9b8b" if minion else ""
            ruled = line + (f" [{ev.rule}]" if ev.rule else "")
            self.write_log(line, ruled, style)
            told.append(line)
        if self.seats.all_bots(self.game):  # nobody at the table to close a page: the story goes to the log
            for story in stories:
                line = self.t("app.story_line", text=story)
                self.write_log(line, line, "italic")
            stories = []
        screens: list[TextScreen] = [TextScreen(self.t("screen.story"), s, self.lang) for s in stories]
        if pause and self.more and minions_acted and told and not self.seats.all_bots(self.game):
            body = "\n".join(f"• {line}" for line in told)
            screens.insert(0, TextScreen(self.t("screen.what_happened"), body, self.lang))
        outcome = self.words.outcome(self.game)
        if outcome and self._decision is None and any(e.msg in ("victory", "defeat") for e in events):
            tip = campaign_tip(self.game, self.save_path, self.lang)
            body = outcome + (f"\n\n{tip}" if tip else "")
            screens.append(TextScreen(self.t("screen.chapter_ends"), body, self.lang))
        for screen in reversed(screens):
            self.push_screen(screen)

    def write_log(self, line: str, ruled: str, style: str = "") -> None:
        """One message in the recent-events pane and (with its rule) in the Log tab and the history."""
        self.query_one("#log", RichLog).write(Text(line, style))
        self.query_one("#full-log", RichLog).write(Text(ruled, style))
        self.log_lines.append(ruled)
        self._log_rows.append((line, ruled, style))

    def rewrite_logs(self) -> None:
        """Both log panes again from the game's events (after an undo took some back, or a load)."""
        self.query_one("#log", RichLog).clear()
        self.query_one("#full-log", RichLog).clear()
        self.log_lines = []
        self._log_rows = []
        self.show_events(self.game.events)

    # --- playing -------------------------------------------------------------------------------------

    @property
    def typed(self) -> dict[str, str]:
        """The cards typed by their name in this game's content (session.typed_names)."""
        return typed_names(self.game.ctx.content)

    def candidates(self) -> list[str]:
        d = self._decision
        out = [typed_form(a, self.typed) for a in d.options] if d is not None else []
        return out + list(COMMANDS)

    def play(self, action: Action, dice: list[int] | None = None, told: int = 0) -> None:
        if action.verb == FOLD:  # a fold is not an action: its choices to pick from
            self.open_fold(action)
            return
        faces = list(dice or [])
        try:
            events = self.game.apply(action, dice=faces)
        except NeedDice as need:
            before = events_before_dice(self.game, action, faces)
            self.show_events(before[told:])  # what happened up to this roll, before the roll is asked
            told = max(told, len(before))

            def rolled(more: list[int] | None) -> None:
                if more is None:
                    if self.bot_turn():
                        self.seats.paused = True  # else the bot would ask for the same dice again at once
                        self.draw_status()
                    self.rewrite_logs()  # the events told before the roll did not happen after all
                    self.note(self.t("dice.cancelled"))
                else:
                    self.play(action, faces + more, told)

            self.push_screen(DiceScreen(need, self.words.dice, self.words.purpose(need.purpose), self.lang), rolled)
            return
        except IllegalAction as err:
            self.note(self.words.refusal(self.game, action, err))
            return
        except Exception as err:  # a rule bug must not lose the game: apply changed nothing, so go on
            self.note(self.t("app.engine_failed", action=action, error=repr(err)))
            return
        self.autosave(self.game)
        self.message = self.autosave.failed
        self._picked = None  # after each action the highlight is gone: Enter plays nothing until a new pick
        self.refresh_all()
        self.scroll_to_actor()
        self.show_events(events[told:], pause=not self.bot_turn() or self.bot_pause > 0)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id != "command":
            return
        text = event.value
        event.input.value = ""
        d = self._decision
        first = text.strip().lower().split(" ")[0] if text.strip() else ""
        first = ALIASES.get(first, first)  # 'ajuda', 'examinar'... are the same commands
        allowed = ("help", "?", "save", "undo", "quit", "q", "inspect", "look", "history", "log", "i", "x", "choices")
        if d is not None and self.bot_turn() and first not in allowed:
            self.note(self.t("app.bots_turn", who=self.words.figure(d.actor)))
            return
        if not text.strip():
            a = self.highlighted_action()
            if a is None and d is not None:
                self.note(self.t("app.pick_first"))
            elif a is not None and a.verb == "end":
                self.note(self.t("app.bare_enter"))
            elif a is not None:
                self.play(a)
            else:
                self.note(self.t("app.nothing_to_choose" if d is None else "app.type_something"))
            return
        if d is None:
            # the game is over: commands only
            word, _, arg = text.strip().partition(" ")
            self.command(word.lower(), arg.strip())
            return
        if text.strip().lower() == "end":
            end = next((a for a in d.options if a.verb == "end" and a.actor == d.actor), None)
            if end is not None:
                self.play(end)
                return
        try:
            ans = read_answer(text, d, self.numbering, self.lang, self.typed)
        except BadAnswer as err:
            self.note(str(err))
            return
        if ans.action is not None:
            self.play(ans.action)
        else:
            self.command(ans.command, ans.arg)

    def command(self, cmd: str, arg: str) -> None:
        cmd = {"?": "help", "h": "help", "q": "quit", "exit": "quit", "i": "inspect", "x": "inspect"}.get(cmd, cmd)
        if cmd == "help":
            self.action_help()
        elif cmd == "undo":
            self.action_undo()
        elif cmd == "save":
            self.do_save(arg or self.save_path)
        elif cmd == "load":
            self.do_load(arg or self.save_path)
        elif cmd == "quit":
            self.run_worker(self.action_quit())
        elif cmd in ("inspect", "look") and arg:
            self.inspect(arg)
        elif cmd == "inspect":
            self.action_inspect()
        elif cmd in ("look", "log"):
            self.query_one("#side", TabbedContent).active = "tab-log" if cmd == "log" else "tab-table"
        elif cmd in ("history", "messages"):
            self.action_history()
        elif cmd in ("choices", "list", "options"):
            self.action_choices()
        elif cmd == "map":
            self.action_next_tile()
        elif cmd == "hint":
            self.action_hint()
        else:
            self.note(self.t("app.unknown_command", command=repr(cmd)))

    def inspect(self, what: str) -> None:
        g = self.game
        lines = self.words.inspect(g, what)
        self.push_screen(TextScreen(self.t("screen.inspect", what=what), "\n".join(lines), self.lang))

    def action_inspect(self) -> None:
        """F6: describe what the highlighted choice is about (its card, minion, mouse or space)."""
        a = self.highlighted_action()
        if a is None:
            self.note(self.t("app.inspect_what"))
            return
        g = self.game
        parts: list[str] = []
        for arg in (*a.args, a.actor):
            if arg == "party":
                continue
            if self.words.names_something(g, arg):  # not an argument that names nothing (a number, an exit)
                parts.append("\n".join(self.words.inspect(g, arg)))
        title = self.t("screen.inspect", what=self.words.action(a, self.words.space_names(g)))
        self.push_screen(TextScreen(title, "\n\n".join(parts), self.lang))

    def action_history(self) -> None:
        """F8: every message so far, oldest first, in a scrollable screen."""
        body = "\n".join(self.log_lines) or self.t("nothing_yet")
        self.push_screen(TextScreen(self.t("screen.history"), body, self.lang))

    def action_choices(self) -> None:
        """'choices': the question and its numbered choices again, in a screen of their own (the list below the
        question may be too short to show them all)."""
        d = self._decision
        if d is None:
            self.note(self.t("app.nothing_to_choose"))
            return
        names = self.words.space_names(self.game)
        lines = []
        for n, a in self._numbered:
            for item in self._folds.get(a, [a]):  # a fold's choices each on its line, under their own numbers
                number = next((k for k, x in self.numbering.shown.items() if x == item), n)
                lines.append(f"#{number:<2} {self.words.action(item, names, actor=d.actor)}  [{item}]")
        self.push_screen(TextScreen(self.words.question(self.game, d), "\n".join(lines), self.lang))

    def action_toggle_more(self) -> None:
        self.more = not self.more
        self.note(self.t("app.more_on" if self.more else "app.more_off"))

    async def action_quit(self) -> None:
        """Ctrl+Q or 'quit': asks first when choices were made since the last save."""
        if len(self.game.log) == self.saved_at:
            self.exit()
            return
        kept = (
            self.t("quit.kept", path=self.autosave.path)
            if self.autosave.path is not None and not self.autosave.failed
            else self.t("quit.lost", path=self.save_path)
        )

        def answered(what: str | None) -> None:
            if what == "save":
                self.do_save(self.save_path)
                if len(self.game.log) == self.saved_at:
                    self.exit()
            elif what == "quit":
                self.exit()

        self.push_screen(QuitScreen(kept, self.lang), answered)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.draw_board()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        d = self._decision
        numbered = self._numbered
        if d is not None and not self.bot_turn() and 0 <= event.option_index < len(numbered):
            self.play(numbered[event.option_index][1])

    # --- actions (keys) --------------------------------------------------------------------------------

    def action_choice(self, delta: int) -> None:
        ol = self.query_one("#choices", OptionList)
        n = ol.option_count
        if not n:
            return
        if ol.highlighted is None:  # the first arrow pressed lights the first (or last) choice
            ol.highlighted = 0 if delta > 0 else n - 1
        else:
            ol.highlighted = max(0, min(n - 1, ol.highlighted + delta))
        ol.scroll_to_highlight()
        self._picked = self.highlighted_action()

    def action_help(self) -> None:
        d = self._decision
        body = (self.words.decision_help(d.kind) + "\n\n" if d is not None else "") + self.t("app.keys_help")
        body += "\n\n" + self.t("app.board_help")
        self.push_screen(TextScreen(self.t("screen.help"), body, self.lang))

    def action_undo(self) -> None:
        ok, _ = self.game.can_undo()
        if not ok:
            self.note(self.words.cannot_undo(self.game))
            return
        taken = self.seats.undo(self.game)
        self.autosave(self.game)
        self.refresh_all()
        self.rewrite_logs()  # the events taken back leave the log too
        self.note(self.t("took_back", actions=", ".join(taken)))

    def action_save(self) -> None:
        self.do_save(self.save_path)

    def do_save(self, path: str) -> None:
        try:
            saved = save_game(self.game, path)
        except OSError as err:
            self.note(self.t("save_failed", path=path, why=err.strerror or err))
            return
        self.save_path = str(saved)
        self.saved_at = len(self.game.log)
        self.note(self.t("saved", path=saved))

    def do_load(self, path: str) -> None:
        try:
            game = load_game(Path(path), self.game.ctx.content)
        except SaveError as err:
            self.note(self.t("load_failed", why=err, path=path))
            return
        self.game = game
        self.save_path = path
        self.saved_at = len(game.log)
        self.numbering.reset()
        self.autosave(game)
        self.adapt(self.size.width, self.size.height)
        self.refresh_all()
        self.scroll_to_actor()
        self.rewrite_logs()
        self.loaded_note(path)
        self.note(self.t("loaded", path=path))

    def loaded_note(self, path: str) -> None:
        """A save keeps the position, not the messages: say so in the log, then where everyone is."""
        lines = [self.t("app.loaded_log", path=path)]
        lines += self.words.state_sentences(self.game)[1:]
        for line in lines:
            self.write_log(line, line, "dim")

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
        """The board scrolled to the deciding mouse's tile (the first mouse on the board when the question is
        the party's)."""
        st = self.game.state
        d = self._decision
        h = st.heroes.get(d.actor) if d is not None else None
        if h is None or h.space is None:
            h = next((x for x in st.heroes.values() if x.space is not None and not x.captured), None)
        if h is not None and h.space is not None:
            self.scroll_to_side(int(h.space.split(":", 1)[0]))

    # --- bots and hints --------------------------------------------------------------------------------

    def bot_turn(self) -> bool:
        """Whether the pending decision is a (running) bot's."""
        return not self.seats.paused and self.seats.bot_for(self._decision) is not None

    def schedule_bot(self) -> None:
        """When a bot's decision is pending, have it chosen after the pause (once)."""
        if self._bot_due or not self.bot_turn():
            return
        self._bot_due = True
        if self.bot_pause > 0:
            self.set_timer(self.bot_pause, self.bot_step)
        else:
            self.call_later(self.bot_step)

    def bot_step(self) -> None:
        if len(self.screen_stack) > 1:  # a story, the help or the dice are open: wait until they close
            self.set_timer(max(self.bot_pause, 0.05), self.bot_step)
            return
        self._bot_due = False
        self._decision = d = self.game.decision()
        bot = None if self.seats.paused else self.seats.bot_for(d)
        if d is None or bot is None:
            return
        action = bot.choose(self.game)
        who = self.words.figure(d.actor) if d.actor in self.game.state.heroes else self.t("party")
        what = self.words.action(action, self.words.space_names(self.game), actor=d.actor)
        line = self.t("bot_line", who=who, what=what)
        self.write_log(line, f"{line} [{typed_form(action, self.typed)}]", "italic")
        before = len(self.game.log)
        self.play(action)
        if len(self.game.log) == before and not isinstance(self.screen, DiceScreen):
            self.seats.paused = True  # the bot's choice was refused: a person answers from here
            self.refresh_all()
            self.note(self.t("app.bot_refused"))

    def action_toggle_bots(self) -> None:
        if not self.seats.names:
            self.note(self.t("app.no_bots"))
            return
        self.seats.paused = not self.seats.paused
        self.refresh_all()
        self.note(self.t("app.bots_paused" if self.seats.paused else "app.bots_play"))

    def action_hint(self) -> None:
        d = self._decision
        if d is None:
            self.note(self.t("no_hint"))
            return
        if self.bot_turn():
            self.note(self.t("app.hint_bot"))
            return
        snapshot = Game.from_json(self.game.to_json(), self.game.ctx.content)  # the worker never sees a change
        at = len(self.game.log)
        iterations = self.hint_iterations
        self.note(self.t("app.thinking"))
        lang = self.lang

        def work() -> None:
            found = find_hints(snapshot, iterations, lang=lang)
            self.call_from_thread(self.show_hints, at, snapshot, found)

        self.run_worker(work, thread=True, exclusive=True, group="hints")

    def show_hints(self, at: int, snapshot: Game, found: list[Hint]) -> None:
        if at != len(self.game.log) or self.game.decision() != snapshot.decision():
            self.note(self.t("app.hints_stale"))
            return
        if hint_status(snapshot, found) == "not_enough":
            # issue 44: a pending decision with no option measured enough is "not enough yet", not "nothing to choose"
            self.note(not_enough_text(self.lang))
            return
        found = measured_hints(found)  # never an option measured on fewer than MIN_PLAYOUTS playouts
        if not found:
            self.note(self.t("no_hint"))
            return
        self.message = ""
        self.draw_question()
        labels = []
        shown = {a: n for n, a in self.numbering.shown.items()}
        numbers = [shown.get(h.action, 0) for h in found]
        for i, h in enumerate(found, start=1):
            what, why = hint_parts(self.words, self.game, h, found[i - 2] if i > 1 else None)
            mark = f"#{numbers[i - 1]:<2} " if numbers[i - 1] else "    "  # the choice's own number, as in the list
            labels.append(Text.assemble((f"{mark}{what}", "bold"), (f"  {h.action}", "dim"), f"\n   {why}"))
        self.push_screen(HintScreen([h.action for h in found], labels, self.lang, numbers), self.hint_picked)

    def hint_picked(self, action: Action | None) -> None:
        d = self.game.decision()
        if action is not None and d is not None and action in d.options:
            self.play(action)
