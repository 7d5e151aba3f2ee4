"""The terminal's modal screens (``mnm play``): what opens over the table and is closed to go on playing.

A text to read (a story moment, the help, the history, the outcome: :class:`TextScreen`), the faces of the
physical dice just rolled (:class:`DiceScreen`), quitting with unsaved choices (:class:`QuitScreen`), and a short
list to pick one choice from (a fold's choices, :class:`PickScreen`; the hints, :class:`HintScreen`). Each labels
its keys in the player's language (:func:`translate_keys`, which the table's own keys use too). The table itself
is :mod:`mnm.terminal.app`.
"""

from __future__ import annotations

import dataclasses
import re
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import ScrollableContainer, Vertical
from textual.dom import DOMNode
from textual.screen import ModalScreen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from mnm.engine import Action, DiceTable, NeedDice
from mnm.terminal.lang import has, say
from mnm.terminal.session import BadAnswer, faces_help, parse_dice

__all__ = ["DiceScreen", "HintScreen", "PickScreen", "QuitScreen", "TextScreen", "translate_keys"]


def translate_keys(node: DOMNode, lang: str) -> None:
    """The key labels the footer shows, in the player's language: each of our bindings' description is the
    catalogs' ``term.key.<action>`` (``answer('quit')`` -> ``key.answer_quit``); Textual's own stay as they are."""
    bindings = node._bindings.key_to_bindings
    for key, items in bindings.items():
        labels = ["key." + re.sub(r"\W+", "_", b.action).strip("_") for b in items]
        bindings[key] = [
            dataclasses.replace(b, description=say(lang, label)) if b.description and has(label) else b
            for b, label in zip(items, labels, strict=True)
        ]


class TextScreen(ModalScreen[None]):
    """A story text, the help, or the outcome: a framed text closed with Enter or Escape."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space", "more", "Continue"),
        Binding("escape", "close", "Close", show=False),
    ]
    DEFAULT_CSS = """
    TextScreen { align: center middle; }
    TextScreen > Vertical { width: 76; max-width: 95%; height: auto; max-height: 90%;
        border: thick $accent; background: $surface; padding: 0 1; }
    TextScreen .title { text-style: bold; color: $accent; }
    TextScreen ScrollableContainer { height: auto; max-height: 30; }
    TextScreen .hint { color: $text-muted; }
    """

    def __init__(self, title: str, body: str, lang: str = "en") -> None:
        super().__init__()
        self.title_text = title
        self.body = body
        self.lang = lang
        translate_keys(self, lang)

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.title_text, classes="title")
            with ScrollableContainer():
                yield Static(self.body, markup=False)
            yield Static(say(self.lang, "screen.text_keys"), classes="hint", id="text-keys")

    def on_mount(self) -> None:
        box = self.query_one(ScrollableContainer)
        box.styles.max_height = max(3, self.app.size.height - 9)  # keep the hint visible on small terminals
        box.focus()  # arrows and PageUp/PageDown scroll a long text
        self.call_after_refresh(self.say_keys)

    def more_below(self) -> bool:
        box = self.query_one(ScrollableContainer)
        return box.scroll_y < box.max_scroll_y

    def say_keys(self) -> None:
        """The keys line: ``Enter: more`` while part of the text is still below, ``Enter: continue`` after."""
        key = "screen.text_more" if self.more_below() else "screen.text_keys"
        self.query_one("#text-keys", Static).update(say(self.lang, key))

    def action_more(self) -> None:
        """Enter or Space: the next page while the text goes on below (a page never closes half-read), then
        close."""
        if self.more_below():
            box = self.query_one(ScrollableContainer)
            box.scroll_page_down(animate=False)
            self.call_after_refresh(self.say_keys)
            return
        self.dismiss(None)

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

    def __init__(self, need: NeedDice, table: DiceTable, purpose: str = "", lang: str = "en") -> None:
        super().__init__()
        self.need = need
        self.table = table
        self.purpose = purpose or need.purpose
        self.lang = lang
        translate_keys(self, lang)

    def compose(self) -> ComposeResult:
        n = self.need.count
        example = " ".join(f.short() for f in self.table.faces[1 : 1 + n])
        with Vertical():
            yield Static(say(self.lang, "dice.roll", count=n, purpose=self.purpose) + ".")
            yield Static(say(self.lang, "dice.how_one" if n == 1 else "dice.how_many"))
            yield Input(id="dice-input", placeholder=say(self.lang, "dice.example", example=example))
            yield Static("", id="dice-error")

    def on_mount(self) -> None:
        self.query_one("#dice-input", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if event.value.strip().lower() in ("help", "?", "h", "ajuda"):
            self.query_one("#dice-error", Static).update(faces_help(self.table, self.lang))
            event.input.value = ""
            return
        try:
            faces = parse_dice(event.value, self.table, self.need.count, self.lang)
        except BadAnswer as err:
            self.query_one("#dice-error", Static).update(str(err))
            event.input.value = ""
            return
        self.dismiss(faces)

    def action_cancel(self) -> None:
        self.dismiss(None)


class QuitScreen(ModalScreen[str]):
    """Quitting with choices made since the last save: say where the game is kept, and ask."""

    # the letters are the language's own (y/s/n, or s/g/n: "sim", "gravar", "não"): set in __init__
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "answer('stay')", "Stay")]
    DEFAULT_CSS = """
    QuitScreen { align: center middle; }
    QuitScreen > Vertical { width: 70; max-width: 95%; height: auto; border: thick $error;
        background: $surface; padding: 0 1; }
    QuitScreen .hint { color: $text-muted; }
    """

    def __init__(self, kept: str, lang: str = "en") -> None:
        super().__init__()
        self.kept = kept
        self.lang = lang
        for what in ("quit", "save", "stay"):
            self._bindings.bind(say(lang, f"quit.key_{what}"), f"answer('{what}')", what)
        translate_keys(self, lang)

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(say(self.lang, "quit.title"), classes="title")
            yield Static(self.kept)
            yield Static(say(self.lang, "quit.keys"), classes="hint")

    def action_answer(self, what: str) -> None:
        self.dismiss(what)


class PickScreen(ModalScreen[Action | None]):
    """A short list to pick one choice from (a fold's choices, the hints); picking one plays it. A number typed
    here is the choice's own number (the ``#n`` of the table's list), never its place in this list: "1" means
    choice #1 everywhere (issue 32)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Back"),
        Binding("backspace", "untype", show=False),
        *[Binding(str(d), f"type_digit('{d}')", show=False) for d in range(10)],
        Binding("number_sign", "type_digit('')", show=False),
    ]
    DEFAULT_CSS = """
    PickScreen { align: center middle; }
    PickScreen > Vertical { width: 100; max-width: 95%; height: auto; max-height: 90%;
        border: thick $success; background: $surface; padding: 0 1; }
    PickScreen .title { text-style: bold; color: $success; }
    PickScreen OptionList { height: auto; max-height: 16; border: none; }
    PickScreen .hint { color: $text-muted; }
    """

    def __init__(
        self,
        title: str,
        actions: list[Action],
        labels: list[Text],
        keys: str,
        lang: str = "en",
        numbers: list[int] | None = None,
    ) -> None:
        super().__init__()
        self.title_text = title
        self.actions = actions
        self.labels = labels
        self.keys = keys
        self.lang = lang
        self.numbers = numbers or []  # each action's choice number on the table (0: none)
        self.typed = ""
        translate_keys(self, lang)

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.title_text, classes="title")
            yield OptionList(*[Option(label, id=f"h{i}") for i, label in enumerate(self.labels, 1)])
            yield Static(self.keys, classes="hint", id="pick-keys")

    def on_mount(self) -> None:
        ol = self.query_one(OptionList)
        ol.highlighted = 0
        ol.focus()

    def action_type_digit(self, digit: str) -> None:
        self.typed += digit
        self.query_one("#pick-keys", Static).update(f"#{self.typed}  {self.keys}")

    def action_untype(self) -> None:
        self.typed = self.typed[:-1]
        self.query_one("#pick-keys", Static).update(f"#{self.typed}  {self.keys}" if self.typed else self.keys)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if self.typed:  # Enter after a typed number: that choice, wherever it is in this list
            typed, self.typed = self.typed, ""
            if int(typed) in self.numbers:
                self.action_pick(self.numbers.index(int(typed)))
                return
            self.query_one("#pick-keys", Static).update(say(self.lang, "pick.not_here", n=typed) + "  " + self.keys)
            return
        self.action_pick(event.option_index)

    def action_pick(self, index: int) -> None:
        if 0 <= index < len(self.actions):
            self.dismiss(self.actions[index])

    def action_cancel(self) -> None:
        self.dismiss(None)


class HintScreen(PickScreen):
    """The best few choices with their estimated chance and a reason, each under its choice number on the table;
    picking one (or typing its number) plays it."""

    def __init__(self, actions: list[Action], labels: list[Text], lang: str = "en", numbers: list[int] | None = None) -> None:
        super().__init__(say(lang, "hints.title"), actions, labels, say(lang, "hints.keys"), lang, numbers)
