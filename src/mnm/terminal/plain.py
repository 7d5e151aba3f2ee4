"""``mnm play --plain``: the game as sentences and numbered choices, one line in, lines out.

No colours, no cursor movement, nothing drawn: what a screen reader reads aloud and what a script can drive.
Every question is printed once with its numbered choices; a bad answer gets one clear line and the same
question again (nothing changes). With ``--dice manual`` the engine asks for the faces of physical dice.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from mnm.bots.hints import hint_status, not_enough_text, shown
from mnm.engine import Action, Decision, Event, Game, IllegalAction, NeedDice, SaveError
from mnm.terminal.choices import arrange, group_key, shared_words
from mnm.terminal.describe import Describer
from mnm.terminal.lang import say
from mnm.terminal.seats import HINT_ITERATIONS, Seats, find_hints, hint_text
from mnm.terminal.session import (
    ALIASES,
    Autosave,
    BadAnswer,
    Numbering,
    campaign_tip,
    default_save_path,
    events_before_dice,
    faces_help,
    load_game,
    parse_dice,
    read_answer,
    replay_command,
    save_game,
    typed_form,
    typed_names,
)

__all__ = ["PlainClient"]

GROUP_AT = 3  # this many choices of one kind in a turn are said on one line
RECENT = 12  # events repeated by the 'log' command ('history' repeats them all)


class _InputEnded(Exception):
    """Standard input closed before the game ended."""


class _Quit(Exception):
    """The player quit at a question that is not a decision (the dice to type, issue 32)."""


class PlainClient:
    """Plays one game over a pair of text streams."""

    replay_line: str | None = None  # a campaign chapter's own command (its carry-over is not in --chapter/--seed)

    def __init__(
        self,
        game: Game,
        inp: TextIO,
        out: TextIO,
        save_path: str | None = None,
        seats: Seats | None = None,
        bot_pause: float = 0.0,
        autosave: Path | None = None,
        lang: str = "en",
    ) -> None:
        self.game = game
        self.lang = lang
        self.inp = inp
        self.out = out
        self.save_path = save_path or str(default_save_path(game))
        self.words = Describer(game.ctx.content, lang, game.ctx.chapter)
        self.history: list[str] = []  # every event line told, in order ('history'; 'log' says the last few)
        self.seats = seats or Seats()
        self.bot_pause = bot_pause  # seconds before each bot's choice, so a person can follow
        self.hint_iterations = HINT_ITERATIONS
        self.numbering = Numbering()
        self.autosave = Autosave(autosave, lang)
        self.saved_at = len(game.log)  # the log's length at the last save the player asked for
        self.dice_explained = False  # companion mode: how to type a face was said once

    # --- output --------------------------------------------------------------------------------------

    def t(self, key: str, **params: object) -> str:
        """This client's sentence ``key`` in the player's language (:mod:`mnm.terminal.lang`)."""
        return say(self.lang, key, **params)

    def say(self, *lines: str) -> None:
        for line in lines:
            self.out.write(line + "\n")
        self.out.flush()

    def tell_events(self, events: Sequence[Event]) -> None:
        weapon = ""
        for ev in events:
            story = self.words.story(self.game, ev)
            if story is not None:
                self.say(self.t("plain.story", text=story))
                continue
            if ev.msg == "story":
                continue
            if ev.msg == "mouse_attacks":
                weapon = str(ev.params.get("weapon") or "")
            line = self.words.event(ev)
            why = self.words.explain(ev, weapon)
            if why:
                line += " " + why
            self.history.append(line)
            self.say(line)

    @property
    def recent(self) -> list[str]:
        return self.history[-RECENT:]

    def ask(self, d: Decision) -> None:
        g = self.game
        self.say("")
        if d.kind == "turn" and d.actor in g.state.heroes:
            self.say(self.words.hero_sentence(g, g.state.heroes[d.actor]))
        self.say(self.words.question(g, d))
        self.say(*self.choice_lines(d))
        self.prompt(d)

    def moves_of(self, d: Decision) -> list[Action]:
        """A turn's moves, said together on one line instead of one numbered choice each."""
        if d.kind != "turn":
            return []
        return [a for a in d.options if a.verb == "move" and a.actor == d.actor]

    def choice_lines(self, d: Decision) -> list[str]:
        """The numbered choices (numbers stay put while the question lasts), with a card's text where the
        choice names a card outside a turn, and the moves grouped on one line."""
        g = self.game
        names = self.words.space_names(g)
        moves = self.moves_of(d)
        numbered = arrange(d, fold=False, skip=moves).entries  # by kind: ending the turn and exploring first
        out = []
        groups: dict[tuple[str, str], list[tuple[int, Action]]] = {}
        for n, a in sorted(self.numbering.number(g, d, numbered), key=lambda na: numbered.index(na[1])):
            groups.setdefault(group_key(a), []).append((n, a))
        for items in groups.values():
            if len(items) >= GROUP_AT and d.kind == "turn":  # many choices of one kind: one line
                out.append(self.group_line(d, items))
                continue
            for n, a in items:
                line = f"#{n} {self.words.action(a, names, actor=d.actor)}"
                card = self.words.card_of_action(a) if d.kind != "turn" else ""
                text = self.words.card_text(card) if card else self.words.explore_extra(g, a)
                out.append(line + (f": {text}" if text else "") + f" [{typed_form(a, self.typed)}]")
        if moves:
            out.append(self.words.moves_line(g, d, moves))
        return out

    def group_line(self, d: Decision, items: list[tuple[int, Action]]) -> str:
        """``Attack: #2 Rat Warrior 1; #3 Rat Warrior 2.``: the words the choices share, said once, and each
        choice by its number and what sets it apart (never a bare number: a name keeps its words)."""
        names = self.words.space_names(self.game)
        labels = [self.words.action(a, names, actor=d.actor) for _, a in items]
        head = shared_words(labels)
        rests = [label[len(head) :].lstrip(" :,") for label in labels]
        said = "; ".join(f"#{n} {rest}" for (n, _), rest in zip(items, rests, strict=True))
        return self.t("plain.group", head=head.rstrip(" :,") or self.t("plain.choices"), choices=said)

    def prompt(self, d: Decision) -> None:
        nums = sorted(self.numbering.shown)
        numbers = ", ".join(str(n) for n in nums) if len(nums) <= 6 else f"{nums[0]}-{nums[-1]}"
        self.say(self.t("plain.prompt_moves" if self.moves_of(d) else "plain.prompt", numbers=numbers))

    def readline(self) -> str:
        line = self.inp.readline()
        if line == "":
            raise _InputEnded
        return line

    # --- the game loop ---------------------------------------------------------------------------------

    def run(self) -> int:
        """Play until the game ends (0), the player quits (0) or the input ends first (1)."""
        g = self.game
        self.say(self.t("plain.welcome"))
        self.say(self.seed_line())  # a new game or one gone on with (--continue): how to play it again
        if self.autosave.path is not None:
            self.say(self.t("plain.autosaves", path=self.autosave.path))
        self.tell_events(g.events)
        self.say(*self.words.state_sentences(g))
        try:
            while True:
                d = self.game.decision()
                if d is None:
                    self.say("", self.seed_line(), self.words.outcome(self.game) or self.t("game_over"))
                    self.offer_campaign_save()
                    return 0
                if not self.seats.paused and self.seats.bot_for(d) is not None:
                    self.bot_plays(d)
                    continue
                self.ask(d)
                if not self.answer(d):
                    kept = self.t("plain.kept", path=self.autosave.path) if self.autosave.path else ""
                    self.say(self.seed_line(), self.t("plain.goodbye") + (f" {kept}" if kept else ""))
                    return 0
        except _Quit:
            kept = self.t("plain.kept", path=self.autosave.path) if self.autosave.path else ""
            self.say(self.seed_line(), self.t("plain.goodbye") + (f" {kept}" if kept else ""))
            return 0
        except _InputEnded:
            self.say("", self.seed_line(), self.t("plain.input_ended"))
            return 1

    def seed_line(self) -> str:
        return self.t("seed", seed=self.game.state.seed, command=self.replay_line or replay_command(self.game))

    def offer_campaign_save(self) -> None:
        """After a chapter that leads on: how to go on, and one line to save the game for it."""
        tip = campaign_tip(self.game, self.save_path, self.lang)
        if not tip:
            return
        self.say(*tip.splitlines())
        self.say(self.t("plain.campaign_save"))
        try:
            line = self.readline().strip()
        except _InputEnded:
            return
        word, _, arg = line.partition(" ")
        if word.lower() == "save":
            self.save(arg.strip())

    @property
    def typed(self) -> dict[str, str]:
        """The cards typed by their name in this game's content (session.typed_names)."""
        return typed_names(self.game.ctx.content)

    def bot_plays(self, d: Decision) -> None:
        """The seated bot answers ``d``; the line says so, like 'Filch (bot): Search [search filch]'."""
        if self.bot_pause > 0:
            time.sleep(self.bot_pause)
        action = self.seats.choose(self.game)
        assert action is not None  # bot_for(d) said a bot sits here
        who = self.t("party") if d.actor not in self.game.state.heroes else self.words.hero(d.actor)
        what = self.words.action(action, self.words.space_names(self.game), actor=d.actor)
        self.say(self.t("bot_line", who=who, what=what) + f" [{typed_form(action, self.typed)}]")
        if not self.play(action):
            self.seats.paused = True  # a bot that cannot play must not loop: a person answers from here
            self.say(self.t("plain.bot_refused"))

    def hints(self, d: Decision) -> list[str]:
        """The 'hint' command: the best few choices with their numbers, chances and reasons."""
        found = find_hints(self.game, self.hint_iterations, lang=self.lang)
        if hint_status(self.game, found) == "not_enough":  # issue 44: no option measured enough to rank
            return [not_enough_text(self.lang)]
        found = shown(found)  # never an option measured on fewer than MIN_PLAYOUTS playouts
        if not found:
            return [self.t("no_hint")]
        out = [self.t("plain.hints_head")]
        numbers = {a: n for n, a in self.numbering.shown.items()}
        for i, h in enumerate(found):
            number = numbers.get(h.action)
            label = (
                self.t("plain.hint_choice", n=number)
                if number is not None
                else self.t("plain.hint_move", space=h.action.args[0])
                if h.action.verb == "move"
                else self.t("plain.hint_other")
            )
            out.append(f"{label}: {hint_text(self.words, self.game, h, found[i - 1] if i else None)}")
        return out

    def answer(self, d: Decision) -> bool:
        """Read lines until one changes the game (True) or asks to quit (False)."""
        while True:
            try:
                ans = read_answer(self.readline(), d, self.numbering, self.lang, self.typed)
            except BadAnswer as err:
                self.say(str(err))
                continue
            if ans.action is not None:
                if self.play(ans.action):
                    return True
                continue
            cmd = ans.command
            if cmd == "quit":
                if self.confirm_quit():
                    return False
            elif cmd == "help":
                self.say(self.words.decision_help(d.kind), self.t("plain.help"))
            elif cmd == "choices":
                self.say(self.words.question(self.game, d), *self.choice_lines(d))
            elif cmd == "hint":
                self.say(*self.hints(d))
            elif cmd in ("look", "inspect") and ans.arg:
                self.say(*self.words.inspect(self.game, ans.arg))
            elif cmd == "inspect":
                self.say(self.t("plain.inspect_what"))
            elif cmd == "look":
                self.say(*self.words.state_sentences(self.game))
            elif cmd == "map":
                self.say(*self.map_sentences(ans.arg))
            elif cmd == "log":
                self.say(*(self.recent or [self.t("nothing_yet")]))
            elif cmd == "history":
                self.say(*(self.history or [self.t("nothing_yet")]))
            elif cmd == "undo":
                if self.undo():
                    return True
            elif cmd == "save":
                self.save(ans.arg)
            elif cmd == "load":
                if self.load(ans.arg):
                    return True
            self.prompt(d)

    def confirm_quit(self) -> bool:
        """Quitting with choices made since the last save asks first (the autosave keeps them either way)."""
        if len(self.game.log) == self.saved_at:
            return True
        kept = (
            self.t("plain.quit_kept", path=self.autosave.path)
            if self.autosave.path is not None and not self.autosave.failed
            else self.t("plain.quit_lost")
        )
        self.say(self.t("plain.quit_ask", kept=kept))
        try:
            return self.readline().strip().lower() in ("y", "yes", "s", "sim")
        except _InputEnded:
            return True

    def map_sentences(self, arg: str) -> list[str]:
        g = self.game
        if arg.strip().isdigit():
            side = int(arg)
            if side not in g.ctx.board.graphs:
                return [self.t("plain.no_side", side=side)]
        else:
            side = self.current_side()
        return self.words.side_sentences(g, side)

    def current_side(self) -> int:
        st = self.game.state
        who = st.pending.actor if st.pending is not None else ""
        h = st.heroes.get(who)
        if h is None or h.space is None:
            h = next((x for x in st.heroes.values() if x.space is not None), None)
        if h is not None and h.space is not None:
            return int(h.space.split(":", 1)[0])
        return next(iter(st.face_up.values()))

    def play(self, action: Action) -> bool:
        """Apply an action, asking for physical dice in manual mode (saying first what happened up to the
        roll). False (and a message) if refused."""
        dice: list[int] = []
        told = 0
        while True:
            try:
                events = self.game.apply(action, dice=dice)
            except NeedDice as need:
                before = events_before_dice(self.game, action, dice)
                self.tell_events(before[told:])
                told = max(told, len(before))
                dice += self.ask_dice(need)
                continue
            except IllegalAction as err:
                self.say(self.words.refusal(self.game, action, err).rstrip(".") + ".")
                return False
            except Exception as err:  # a rule bug must not lose the game: apply changed nothing
                self.say(self.t("plain.engine_failed", action=action, error=repr(err)))
                return False
            self.tell_events(events[told:])
            self.autosave(self.game)
            if self.autosave.failed:
                self.say(self.t("plain.note", text=self.autosave.failed))
            return True

    def ask_dice(self, need: NeedDice) -> list[int]:
        table = self.words.dice
        count = need.count
        while True:
            how = ""
            if not self.dice_explained:  # the first time only: how to type a face (help repeats it)
                how = " " + self.t("plain.dice_how", first=table[2].short(), second=table[4].short())
            self.say(self.t("plain.roll", count=count, purpose=self.words.purpose(need.purpose)) + how + ":")
            line = self.readline()
            if line.strip().lower() in ("help", "?", "h", "ajuda"):
                self.say(faces_help(table, self.lang))
                continue
            if _is_quit(line):  # nothing is rolled yet, so nothing of this action is played
                if self.confirm_quit():
                    raise _Quit
                continue
            try:
                faces = parse_dice(line, table, count, self.lang)
            except BadAnswer as err:
                self.say(str(err))
                continue
            self.dice_explained = True
            return faces

    def undo(self) -> bool:
        ok, _ = self.game.can_undo()
        if not ok:
            self.say(self.words.cannot_undo(self.game))
            return False
        taken = self.seats.undo(self.game)
        self.say(self.t("took_back", actions=", ".join(taken)))
        self.autosave(self.game)
        return True

    def save(self, arg: str) -> None:
        path = arg or self.save_path
        try:
            saved = save_game(self.game, path)
        except OSError as err:
            self.say(self.t("save_failed", path=path, why=err.strerror or err))
            return
        self.save_path = str(saved)
        self.saved_at = len(self.game.log)
        self.say(self.t("saved", path=saved))

    def load(self, arg: str) -> bool:
        path = arg or self.save_path
        try:
            game = load_game(Path(path), self.game.ctx.content)
        except SaveError as err:
            self.say(self.t("load_failed", why=err, path=path))
            return False
        self.game = game
        self.save_path = path
        self.saved_at = len(game.log)
        self.numbering.reset()
        self.say(self.t("loaded", path=path), *self.words.state_sentences(game))
        self.autosave(game)
        return True


def _is_quit(line: str) -> bool:
    """``quit`` (or one of its words in either language) typed where the dice are asked for."""
    word = line.strip().lower()
    return word == "quit" or ALIASES.get(word) == "quit"
