"""What every rule function receives: the fixed game definition (:class:`GameDef`), and the event sink of one
``apply`` (:class:`Ctx`).

Rule modules register three kinds of things here:

* **steps** (``@step("name")``): automatic work run by the game loop between decisions. A step is plain
  data, ``[name, arg, ...]``, pushed on ``State.stack`` (last pushed runs first), so a paused game can be
  copied and saved in the middle of any sequence.
* **decision kinds** (``@decision("kind")``): a question with an ``options`` function listing every legal
  action, an ``apply`` function, and an ``explain`` function that says exactly why an action is not legal.
* **turn verbs** (``turn_verb``): what a mouse can do in its own turn (move, battle, search...), each with its
  options, apply and explain; the ``turn`` decision gathers them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Final

from mypy_extensions import mypyc_attr

from mnm.board.layout import Board
from mnm.content.loader import Content
from mnm.content.schema import Chapter
from mnm.engine.actions import Action
from mnm.engine.dice import DiceTable
from mnm.engine.events import Event, Param

if TYPE_CHECKING:
    from mnm.engine.state import Hero, Minion, Pending, State, Turn

__all__ = [
    "DECISIONS",
    "STEPS",
    "TURN_VERBS",
    "Caches",
    "ChapterRules",
    "Ctx",
    "DecisionKind",
    "GameDef",
    "TurnVerb",
    "decision",
    "push",
    "step",
    "turn_verb",
]

StepFn = Callable[["Ctx", "State", list[Any]], None]
STEPS: Final[dict[str, StepFn]] = {}


def step(name: str) -> Callable[[StepFn], StepFn]:
    """Register an automatic step handler under ``name``."""

    def register(fn: StepFn) -> StepFn:
        if name in STEPS:
            raise RuntimeError(f"step {name!r} registered twice")
        STEPS[name] = fn
        return fn

    return register


def push(st: State, *steps: list[Any]) -> None:
    """Schedule steps to run in the order given (the stack runs its last element first)."""
    if len(steps) == 1:  # the common case: no reversed copy of the steps
        st.stack.append(steps[0])
        return
    for s in steps[::-1]:  # not reversed(): mypyc (scripts/compile.sh)
        st.stack.append(s)


@dataclass(frozen=True)
class DecisionKind:
    name: str
    options: Callable[[Ctx, State, Pending], list[Action]]
    apply: Callable[[Ctx, State, Pending, Action], None]
    explain: Callable[[Ctx, State, Pending, Action], str] | None = None
    prompt: str = ""
    is_legal: Callable[[Ctx, State, Pending, Action], bool] | None = None  # faster than listing every option


DECISIONS: Final[dict[str, DecisionKind]] = {}


def decision(
    name: str,
    options: Callable[[Ctx, State, Pending], list[Action]],
    apply: Callable[[Ctx, State, Pending, Action], None],
    explain: Callable[[Ctx, State, Pending, Action], str] | None = None,
    prompt: str = "",
    is_legal: Callable[[Ctx, State, Pending, Action], bool] | None = None,
) -> None:
    """Register a decision kind."""
    if name in DECISIONS:
        raise RuntimeError(f"decision {name!r} registered twice")
    DECISIONS[name] = DecisionKind(name, options, apply, explain, prompt, is_legal)


@dataclass(frozen=True)
class TurnVerb:
    """Something a mouse may do in its turn. ``explain`` returns why ``action`` is illegal ('' if legal)."""

    verb: str
    options: Callable[[Ctx, State, Hero, Turn], Iterable[Action]]
    apply: Callable[[Ctx, State, Hero, Turn, Action], None]
    explain: Callable[[Ctx, State, Hero, Turn, Action], str]


TURN_VERBS: Final[dict[str, TurnVerb]] = {}


def turn_verb(
    verb: str,
    options: Callable[[Ctx, State, Hero, Turn], Iterable[Action]],
    apply: Callable[[Ctx, State, Hero, Turn, Action], None],
    explain: Callable[[Ctx, State, Hero, Turn, Action], str],
) -> None:
    if verb in TURN_VERBS:
        raise RuntimeError(f"turn verb {verb!r} registered twice")
    TURN_VERBS[verb] = TurnVerb(verb, options, apply, explain)


# --- the chapter's trigger points (R-STORY-05) -----------------------------------------------------------------
# Here, beside the GameDef that holds a chapter's rules and the Ctx its methods take (issue 49: the class had a
# module of its own, which named Ctx for the type checker: a circle, counting type-checking imports). mypyc's
# compiled GameDef needs the class object when this module initialises, so it is defined here, not imported.


# Chapter rules written as Python subclasses also work with the compiled engine (a test's chapter, or a chapter
# module mypyc left pure because it uses a class decorator): scripts/compile.sh, docs/architecture.md.
@mypyc_attr(allow_interpreted_subclasses=True)
class ChapterRules:
    """A chapter's special rules. Every method is a trigger point the rules call; the defaults do nothing.

    Chapters are data (docs/chapters.md): their files compile into a subclass of this class. A chapter whose
    rule the language cannot say may subclass it and register it after the class with
    ``chapter_rules("<chapter id>")(TheClass)`` (not as a class decorator: mypyc would compile a decorated class
    as a slow non-native class, and refuses one that subclasses this class)."""

    chapter_id: ClassVar[str] = ""

    # story and setup
    def on_setup(self, ctx: Ctx, st: State) -> None:
        """After setup, before the first decision."""

    def on_explore(self, ctx: Ctx, st: State, side: int) -> None:
        """A tile side is being revealed (called before it is marked explored)."""

    def on_encounter(self, ctx: Ctx, st: State, side: int) -> bool:
        """True: the chapter handled this tile's encounter itself (no card is drawn)."""
        return False

    def explore_precondition(self, ctx: Ctx, st: State, hero_id: str, where: str) -> str:
        """'' when the mouse may explore ``where`` (``exit-N`` or ``flip``), else why not."""
        return ""

    def explore_refusal(self, ctx: Ctx, st: State, hero_id: str, where: str) -> Event | None:
        """The refusal :meth:`explore_precondition` gives, as an event a client renders in its player's language
        (None when the mouse may explore ``where``, or the reason has no such event)."""
        return None

    def on_explore_attempt(self, ctx: Ctx, st: State, hero_id: str, where: str) -> None:
        """A mouse explores ``where`` (no precondition refused it). Not called while options are listed: listing
        changes nothing (issue 29)."""

    # victory
    def check_victory(self, ctx: Ctx, st: State) -> bool:
        """True when the chapter is won (checked after every automatic step)."""
        return False

    def on_victory(self, ctx: Ctx, st: State) -> None:
        """The chapter has just been won."""

    # figures
    def on_move_roll(self, ctx: Ctx, st: State, figure: str, face: int) -> None:
        """A figure (mouse or minion id) rolled ``face`` (1-6) for movement."""

    def on_mouse_enters(self, ctx: Ctx, st: State, hero_id: str, space: str) -> None:
        """A mouse moved into ``space``."""

    def on_minion_enters(self, ctx: Ctx, st: State, m: Minion) -> None:
        """A minion's move ended on ``m.space`` (walking, flying, heading for a grape or steered by a rule)."""

    def on_all_blocked(self, ctx: Ctx, st: State, hero_id: str, minion_id: str) -> None:
        """A mouse blocked every hit of a minion's attack."""

    def minion_turn_override(self, ctx: Ctx, st: State, m: Minion) -> bool:
        """True: the chapter played this minion's activation itself."""
        return False

    def on_minion_cheese(self, ctx: Ctx, st: State, m: Minion, cheese: int) -> None:
        """CHEESE faces were rolled for minion ``m`` (already added to the wheel)."""

    def on_minion_wounded(self, ctx: Ctx, st: State, m: Minion, hero_id: str | None) -> None:
        """A minion took wounds and is still standing."""

    def on_minion_defeated(self, ctx: Ctx, st: State, m: Minion, hero_id: str | None) -> None:
        """A minion was defeated (already off the board)."""

    def on_surge(self, ctx: Ctx, st: State, side: int, counts: list[tuple[str, int]]) -> list[tuple[str, int]] | None:
        """A surge is about to place ``counts`` on ``side``; return other counts to replace them."""
        return None

    def on_search(self, ctx: Ctx, st: State, hero_id: str, space: str) -> None:
        """A mouse searched successfully on ``space`` (before its card is drawn)."""

    def on_hourglass(self, ctx: Ctx, st: State) -> None:
        """The hourglass has moved to page ``st.hourglass`` (and the game is not lost)."""

    # rounds
    def on_round_begins(self, ctx: Ctx, st: State) -> None:
        """A new round has begun (R-ROUND-01)."""

    def on_round_ends(self, ctx: Ctx, st: State) -> None:
        """The last card of the round has acted."""

    # chapter actions and story choices (R-STORY-05): decisions the chapter's file adds
    def action_options(self, ctx: Ctx, st: State, hero_id: str) -> list[str]:
        """The ids of the chapter actions mouse ``hero_id`` may take now (its action unspent: the caller checks)."""
        return []

    def take_action(self, ctx: Ctx, st: State, hero_id: str, action_id: str) -> None:
        """Mouse ``hero_id`` takes chapter action ``action_id`` (listed by :meth:`action_options`)."""

    def choice_options(self, choice_id: str) -> list[str]:
        """The option ids of story choice ``choice_id``."""
        return []

    def make_choice(self, ctx: Ctx, st: State, hero_id: str, choice_id: str, option_id: str) -> None:
        """The players chose ``option_id`` of story choice ``choice_id``: its effects run."""

    def on_item_found(self, ctx: Ctx, st: State, hero_id: str, item: str) -> None:
        """A mouse found a chapter item or a search card (trigger item_found)."""


@dataclass(slots=True)
class Caches:
    """Answers remembered from one apply to the next. Each is keyed by what it answers for (a state object, a
    hero id), so none can go stale; they live with the definition because every apply of one game shares them."""

    memo: dict[str, tuple[Any, Any]] = field(default_factory=dict)  # one-entry caches of pure queries
    # (state, its pending, the actions listed for it): the last answer of game.legal_actions
    listed: tuple[State, Pending | None, tuple[Action, ...]] | None = None
    # (hook point name, hero id) -> that hero's innate handlers for it (hooks.innate_handlers)
    innate: dict[tuple[str, str], tuple[Any, ...]] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class GameDef:
    """The fixed definition of one game: what never changes while it is played (and caches of pure queries)."""

    content: Content
    chapter: Chapter
    board: Board
    dice: DiceTable
    rules: ChapterRules  # the chapter's special rules (R-STORY-05)
    caches: Caches = field(default_factory=Caches, compare=False, repr=False)


class Ctx:
    """What every rule function receives: the game's definition (its fields at hand) and the sink of one apply.

    Each apply (``game.apply``, ``apply_action_in_place``) runs on a fresh ``Ctx`` of the same definition and
    hands back the events it gathered, so nothing of one apply is left for the next, and no caller clears
    anything. The ``Ctx`` a client holds (``game.ctx``) is for asking questions; its sink stays empty.
    """

    def __init__(self, definition: GameDef) -> None:
        self.definition = definition
        self.content: Content = definition.content
        self.chapter: Chapter = definition.chapter
        self.board: Board = definition.board
        self.dice: DiceTable = definition.dice
        self.rules: ChapterRules = definition.rules
        self.memo: dict[str, tuple[Any, Any]] = definition.caches.memo
        self.innate_cache: dict[tuple[str, str], tuple[Any, ...]] = definition.caches.innate
        self.events: list[Event] = []  # what this apply did, in order
        self.hidden_revealed = False  # a card was drawn or a deck looked at (undo barrier)

    def fresh(self) -> Ctx:
        """A new context of the same definition, with an empty sink (one per apply)."""
        return Ctx(self.definition)

    def emit(self, msg: str, rule: str = "", **params: Param) -> None:
        self.events.append(Event(msg, params, rule))
