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
from typing import TYPE_CHECKING, Any, Final

from mnm.board.layout import Board
from mnm.content.loader import Content
from mnm.content.schema import Chapter
from mnm.engine.actions import Action
from mnm.engine.dice import DiceTable
from mnm.engine.events import Event, Param

# A runtime import: mypyc's compiled GameDef needs ChapterRules' type object when this module initialises (with a
# type-checking-only import the compiled engine crashed at import). hooks names Ctx for type checking only, so
# nothing loads in a loop.
from mnm.engine.hooks import ChapterRules

if TYPE_CHECKING:
    from mnm.engine.state import Hero, Pending, State, Turn

__all__ = [
    "DECISIONS",
    "STEPS",
    "TURN_VERBS",
    "Caches",
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
