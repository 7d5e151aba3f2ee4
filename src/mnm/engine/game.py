"""The game loop: apply an action, then run everything automatic until the next decision.

>>> from mnm.engine.game import Game
>>> game = Game.new("flight-to-barksburg", ["collin", "tilda", "filch", "maginos"], seed=7)
>>> game.state.status
'playing'
>>> len(game.legal_actions()) > 0
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from mypy_extensions import mypyc_attr

from mnm.board.layout import Board
from mnm.content.loader import Content, builtin_content
from mnm.engine import effects as _effects  # noqa: F401  (registers every effect handler)
from mnm.engine import rules as _rules  # noqa: F401  (registers every rule module)
from mnm.engine.actions import Action
from mnm.engine.context import DECISIONS, STEPS, Ctx, GameDef
from mnm.engine.dice import DiceTable, check_faces
from mnm.engine.errors import DiceError, EngineError, IllegalAction, MalformedAction
from mnm.engine.events import Event
from mnm.engine.hooks import CHAPTERS
from mnm.engine.rules.chapter_rules import compile_chapter
from mnm.engine.rules.setup import setup_state
from mnm.engine.rules.victory import check_victory
from mnm.engine.savefile import migrate_save, validate_save
from mnm.engine.state import State

__all__ = [
    "MAX_AUTOMATIC_STEPS",
    "Applied",
    "Decision",
    "Game",
    "apply",
    "apply_action",
    "apply_action_in_place",
    "events_until_stopped",
    "legal_actions",
]

MAX_AUTOMATIC_STEPS: Final = 100_000  # a guard against a rule bug looping forever
# Steps that change only the pending decision, the acting card and the step stack: never the figures, tiles,
# turn index or status a victory condition (R-WIN-01, chapter hook ``check_victory``) reads, so no victory
# check is needed after them when the previous step was checked. A chapter whose victory reads any of those
# three must take its step out of this set.
_OUTCOME_NEUTRAL_STEPS: Final = frozenset({"ask_turn", "card_turn"})


@dataclass(frozen=True)
class Decision:
    """What the game is waiting for: the kind of question, whose it is, and every legal answer."""

    kind: str
    actor: str
    options: tuple[Action, ...]
    data: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Applied:
    """What one :func:`apply` produced: the new state, its events, and whether it can be taken back (no die was
    rolled and no hidden card seen)."""

    state: State
    events: tuple[Event, ...]
    undoable: bool


def make_ctx(content: Content, chapter_id: str) -> Ctx:
    chapter = content.chapter(chapter_id)
    board = Board.for_chapter(content, chapter)
    # the chapter's rules, compiled once per game from its file (a chapter registered as Python code wins)
    code = CHAPTERS.get(chapter.id)
    rules = code() if code is not None else compile_chapter(chapter)
    return Ctx(GameDef(content, chapter, board, DiceTable(content.die), rules))


def legal_actions(ctx: Ctx, st: State) -> list[Action]:
    """Every legal action in ``st`` (empty when the game is over)."""
    if st.pending is None or st.status != "playing":
        return []
    options = DECISIONS[st.pending.kind].options(ctx, st, st.pending)
    # Remember what was listed for this very state, so that applying one of these very objects needs no
    # second check (see apply_action). A tuple: callers may reorder or trim the list they were given.
    ctx.definition.caches.listed = (st, st.pending, tuple(options))
    return options


def _was_listed(ctx: Ctx, st: State, action: Action) -> bool:
    """Whether ``action`` is among the actions :func:`legal_actions` just listed for this very state object.

    States are not changed after ``apply_action`` returns them (every apply works on a copy), so a listing
    stays true for its state; any other state (a copy, a loaded game) is checked in full."""
    listed = ctx.definition.caches.listed
    if listed is None or listed[0] is not st or listed[1] is not st.pending:
        return False
    return action in listed[2]


def explain_illegal(ctx: Ctx, st: State, action: Action) -> str:
    """Why ``action`` is not legal in ``st`` (a sentence for the player)."""
    if st.status != "playing":
        return f"the game is over ({st.outcome})"
    pending = st.pending
    if pending is None:
        return "the game is not waiting for a decision"
    kind = DECISIONS[pending.kind]
    if pending.actor != "party" and action.actor != pending.actor:
        who = ctx.content.heroes[pending.actor].name.en if pending.actor in ctx.content.heroes else pending.actor
        return f"it is not {action.actor}'s turn to decide: {who} is deciding ({pending.kind})"
    if kind.explain is not None:
        reason = kind.explain(ctx, st, pending, action)
        if reason:
            return reason
    return f"'{action}' is not one of the choices for this {pending.kind} decision"


def apply(ctx: Ctx, st: State, action: Action) -> Applied:
    """Apply ``action`` to a copy of ``st``: the new state, the events it caused and whether it can be undone.

    The apply runs on a fresh :class:`Ctx` of the same definition (``ctx`` itself is only read), so nothing of
    it stays behind and callers never clear anything. Raises :class:`IllegalAction` like :func:`apply_action`.

    >>> from mnm.engine import Game
    >>> game = Game.new("proving-grounds", ["collin", "tilda", "filch", "maginos"], seed=3)
    >>> done = apply(game.ctx, game.state, game.legal_actions()[0])
    >>> done.state is not game.state, game.ctx.events
    (True, [])
    """
    sink = ctx.fresh()
    _check_legal(sink, st, action)
    after = st.copy()
    _apply_legal(sink, after, action)
    # An action that ends the chapter is never undoable: the end reveals the seed (issue 26, finding 1).
    undoable = after.random_draws == st.random_draws and not sink.hidden_revealed and after.status == "playing"
    return Applied(after, tuple(sink.events), undoable)


def apply_action(ctx: Ctx, st: State, action: Action) -> State:
    """Apply ``action`` to a copy of ``st`` and run until the next decision; ``st`` is never changed.

    Raises :class:`IllegalAction` (with the reason) when the action is not legal now. Its events: :func:`apply`."""
    return apply(ctx, st, action).state


def apply_action_in_place(ctx: Ctx, st: State, action: Action) -> list[Event]:
    """Apply ``action`` to ``st`` itself and run until the next decision: :func:`apply` without the copy; returns
    the events it caused (a new list each time: callers keep or drop it, nothing is left on ``ctx``).

    For callers that own ``st`` and never look back (playouts, benchmarks), the way ``chess.Board.push`` or an
    OpenSpiel state's ``apply_action`` works; copy first to keep the state before. An illegal action raises
    :class:`IllegalAction` and changes nothing. ``st`` must roll seeded dice: with scripted or manual dice a
    die asked for mid-action (:class:`NeedDice`, :class:`ScriptExhausted`) would leave it half changed."""
    sink = ctx.fresh()
    _check_legal(sink, st, action)
    ctx.definition.caches.listed = None  # the listing was for the state as it was
    _apply_legal(sink, st, action)
    return sink.events


class _Preview:
    """How far a preview may show: up to the first step that drew or looked at a hidden card, so it shows only
    what the typed dice decide (issue 26, finding 10). A shuffle alone hides nothing: the initiative track lies
    face up on the table, and a deck's new order shows only when a card is drawn, which stops the preview."""

    def __init__(self, ctx: Ctx) -> None:
        self.ctx = ctx
        self.shown = 0
        self.open = True

    def check(self) -> bool:
        """Whether nothing hidden has happened yet; if so, every event so far may be shown."""
        if self.open and self.ctx.hidden_revealed:
            self.open = False
        if self.open:
            self.shown = len(self.ctx.events)
        return self.open


def events_until_stopped(ctx: Ctx, st: State, action: Action) -> list[Event]:
    """What ``action`` does on a copy of ``st`` up to where it stops: the next decision, or the first die it
    lacks (companion mode, where the players roll by hand: what happened before they are asked to roll), and
    never past the first hidden card or shuffle (what the typed dice do not decide). Changes nothing; an illegal
    action has no events."""
    sink = ctx.fresh()
    work = st.copy()
    preview = _Preview(sink)
    try:
        _check_legal(sink, work, action)
        _apply_legal(sink, work, action, preview)
    except EngineError:  # NeedDice, ScriptExhausted: the next roll the players must make
        pass
    preview.check()
    return sink.events[: preview.shown]


def _check_legal(ctx: Ctx, st: State, action: Action) -> None:
    if st.status != "playing" or st.pending is None:
        raise IllegalAction(explain_illegal(ctx, st, action), str(action))
    kind = DECISIONS[st.pending.kind]
    legal = _was_listed(ctx, st, action) or (
        kind.is_legal(ctx, st, st.pending, action)
        if kind.is_legal is not None
        else action in kind.options(ctx, st, st.pending)
    )
    if not legal:
        reason = explain_illegal(ctx, st, action)
        raise IllegalAction(reason, str(action), _refusal_message(ctx, st, action, reason))


def _refusal_message(ctx: Ctx, st: State, action: Action, reason: str) -> Event | None:
    """The refusal as an event in both languages, when a chapter gate is the reason (its words are the file's)."""
    if action.verb != "explore" or len(action.args) != 1:
        return None
    hero = st.heroes.get(action.actor)
    if hero is None or hero.space is None:
        return None
    where = action.args[0]
    if reason != ctx.rules.explore_precondition(ctx, st, hero.id, where):
        return None  # another reason came first (the mouse has acted, minions are on its tile...)
    return ctx.rules.explore_refusal(ctx, st, hero.id, where)


def _apply_legal(ctx: Ctx, st: State, action: Action, preview: _Preview | None = None) -> None:
    pending = st.pending
    assert pending is not None
    st.pending = None
    DECISIONS[pending.kind].apply(ctx, st, pending, action)
    run(ctx, st, preview)


def run(ctx: Ctx, st: State, preview: _Preview | None = None) -> None:
    """Run automatic steps until a decision is pending or the game ends (surges checked between steps).
    ``preview``: stop as soon as something hidden happened (:func:`events_until_stopped`)."""
    guard = 0
    check_victory(ctx, st)
    checked = True  # nothing changed since the last victory check
    while st.pending is None and st.status == "playing":
        if preview is not None and not preview.check():
            return
        guard += 1
        if guard > MAX_AUTOMATIC_STEPS:
            raise RuntimeError("the automatic flow did not reach a decision: a rule loops")
        if st.wheel >= 6 or (st.wheel >= 5 and st.chapter_data.get("moon")):  # [EXP] Nightfall: R-EXP-11 ruling
            STEPS["surge"](ctx, st, [])
            checked = False
            continue
        if not st.stack:
            raise RuntimeError("nothing left to run and no decision pending")
        item = st.stack.pop()
        STEPS[item[0]](ctx, st, item[1:])
        if item[0] in _OUTCOME_NEUTRAL_STEPS and checked:
            continue  # the state the last check saw has not changed in any way a victory condition reads
        check_victory(ctx, st)
        checked = True
    if not checked:
        check_victory(ctx, st)


# A plain Python class in the compiled engine too (mypyc): clients and tests may set attributes on a game (a test
# replaces one game's ``apply``), which a native class refuses; the work is in the compiled functions it calls.
@mypyc_attr(native_class=False)
class Game:
    """A game in progress: the immutable definition, the current state, and the history for undo.

    Every client (web, terminal, bots, tests) drives the game the same way: read :meth:`decision`, pick one
    of its options (or type one in text form), call :meth:`apply`.
    """

    def __init__(self, ctx: Ctx, state: State) -> None:
        self.ctx = ctx
        self.state = state
        self.log: list[str] = []  # applied actions, in text form
        self._undo: list[tuple[State, int]] = []  # (state before, events count) for undoable actions
        self.events: list[Event] = []

    # --- creation ------------------------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        chapter: str | int,
        party: Sequence[str],
        seed: int = 0,
        content: Content | None = None,
        dice: str = "seeded",
        options: dict[str, bool] | None = None,
        carry: dict[str, Any] | None = None,
    ) -> Game:
        """Set up a chapter (R-SETUP) and run until the first decision."""
        content = content or builtin_content()
        chapter_id = content.chapter(chapter).id
        sink = make_ctx(content, chapter_id)
        st = setup_state(sink, list(party), seed, dice, options or {}, carry)
        run(sink, st)
        game = cls(sink.fresh(), st)
        game.events = sink.events
        return game

    @classmethod
    def from_state(cls, state: State, content: Content | None = None) -> Game:
        content = content or builtin_content()
        return cls(make_ctx(content, state.chapter), state)

    # --- playing -------------------------------------------------------------------------------------

    def decision(self) -> Decision | None:
        """The pending decision with its legal options, or None when the game is over."""
        st = self.state
        if st.pending is None or st.status != "playing":
            return None
        return Decision(st.pending.kind, st.pending.actor, tuple(legal_actions(self.ctx, st)), dict(st.pending.data))

    def legal_actions(self) -> list[Action]:
        return legal_actions(self.ctx, self.state)

    def apply(self, action: Action | str | object, dice: Sequence[int] = ()) -> list[Event]:
        """Apply one action; return the events it caused. ``dice``: faces rolled by hand (companion mode).

        Raises :class:`MalformedAction` or :class:`IllegalAction`; the state is then unchanged. (``action`` is
        typed to take anything: a compiled build would refuse a non-text action with a TypeError first.)"""
        if isinstance(action, str):
            action = Action.parse(action)
        elif not isinstance(action, Action):
            raise MalformedAction(f"an action must be an Action or text, got {type(action).__name__}")
        before = self.state
        if dice:
            # Only a game whose dice are rolled by hand (or scripted by a test) takes faces from outside:
            # a seeded game rolls its own, and faces queued ahead of its stream would be chosen dice.
            if before.dice_mode == "seeded":
                raise DiceError("this game rolls its own dice: typed dice are refused")
            faces = check_faces(dice)
            before = before.copy()
            before.dice_queue.extend(faces)
        done = apply(self.ctx, before, action)
        after, events = done.state, list(done.events)
        if done.undoable:
            self._undo.append((self.state, len(self.events)))
        else:
            self._undo.clear()
        self.state = after
        self.log.append(str(action))
        self.events.extend(events)
        return events

    def checkpoint(self) -> tuple[State, int, int, list[tuple[State, int]]]:
        """Where the game is now, for :meth:`rollback` (states are never changed in place: this is cheap)."""
        return self.state, len(self.log), len(self.events), list(self._undo)

    def rollback(self, point: tuple[State, int, int, list[tuple[State, int]]]) -> None:
        """Go back to a :meth:`checkpoint` (a server whose write of the action failed)."""
        self.state, n_log, n_events, undo = point
        del self.log[n_log:]
        del self.events[n_events:]
        self._undo = list(undo)

    def can_undo(self) -> tuple[bool, str]:
        """Whether the last action can be taken back, and if not, why."""
        if self.state.status != "playing":
            # the end of a chapter reveals its seed: taking the ending back would make every later roll known
            return False, "the chapter is over, so nothing can be taken back"
        if self._undo:
            return True, ""
        if not self.log:
            return False, "nothing has been played yet"
        return False, "the last action rolled dice or revealed a card, so it cannot be taken back"

    def undo(self) -> None:
        ok, why = self.can_undo()
        if not ok:
            raise IllegalAction(why, "undo")
        self.state, n_events = self._undo.pop()
        del self.events[n_events:]
        self.log.pop()

    # --- saving --------------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"state": self.state.to_json(), "log": list(self.log)}
        source = self.ctx.content.chapter_files.get(self.state.chapter)
        if source is not None:  # a chapter from a chapter file: the save reloads only with the same chapter
            out["chapter_file"] = {"id": source.chapter, "digest": source.digest, "file": source.file}
        return out

    @classmethod
    def from_json(cls, data: Any, content: Content | None = None) -> Game:
        content = content or builtin_content()
        data = migrate_save(data)  # a save of an earlier format (engine.state.FORMAT_VERSION)
        validate_save(data, content)  # untrusted: every field and id checked before any is used
        state = State.from_json(data["state"])
        game = cls.from_state(state, content)
        game.log = [str(a) for a in data.get("log", [])]
        return game
