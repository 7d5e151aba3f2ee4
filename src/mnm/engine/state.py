"""The whole game as plain, mutable data, with a cheap hand-written copy and an exact JSON form.

Content (heroes, cards, tiles) is never copied: the state holds ids, and the immutable content is shared by
every copy. Lists and sets are copied shallowly; figures are small slotted objects copied field by field.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from mnm.engine.errors import SaveError

__all__ = ["ENGINE_CHAPTER_KEYS", "FORMAT_VERSION", "Hero", "Minion", "Pending", "State", "Turn", "engine_key"]

# 2: a chapter file's own counters and flags moved from ``chapter_data`` to ``chapter_vars`` (issue 29); a save of
# format 1 loads through :func:`mnm.engine.savefile.migrate_save`.
FORMAT_VERSION = 2

# The keys the engine itself keeps in ``State.chapter_data`` (the expansion's rules, the chapter interpreter's
# bookkeeping, a scenario's turn). A chapter file's counters and flags live apart, in ``State.chapter_vars``, so a
# chapter may name one ``rain`` or ``rules_fired`` and change nothing of the engine (issue 29).
ENGINE_CHAPTER_KEYS = frozenset(
    {
        "rain",
        "moon",
        "mortar_round",
        "inspire_round",
        "branches",
        "turtles",
        "hesster",
        "bees",
        "helpers",
        "rules_fired",
        "chapter_won",
        "_scenario_turn",
    }
)


def engine_key(key: str) -> bool:
    """Whether ``key`` of ``State.chapter_data`` is the engine's (a chapter's own names start with a letter and live
    in ``State.chapter_vars``; the engine's newer keys start with ``@``)."""
    return key in ENGINE_CHAPTER_KEYS or key.startswith("@")

# Status markers (R-NEG): stunned, webbed, charmed, knocked down.
STATUSES = ("stunned", "webbed", "charmed", "knocked_down", "cursed", "on_fire")  # [EXP] R-NEG-07/08: the last two


@dataclass(slots=True)
class Hero:
    """A hero mouse in play."""

    id: str
    space: str | None  # None while captured
    wounds: int = 0
    poison: int = 0  # how many of the wounds are poison wounds (R-WOUND-05)
    cheese: int = 0
    equipped: list[str] = field(default_factory=list)  # card instance ids
    pack: list[str] = field(default_factory=list)
    tricks: list[str] = field(default_factory=list)
    abilities: list[str] = field(default_factory=list)
    statuses: list[str] = field(default_factory=list)
    captured: bool = False
    captures: int = 0
    searched: list[int] = field(default_factory=list)  # tile sides searched successfully (R-SEARCH-05)
    achievements: list[str] = field(default_factory=list)
    # card effects lasting "until the start of your next turn" (ward, hide): ``name`` when the card was this
    # mouse's, ``name@owner`` when another mouse's card gave it (it ends when the owner's turn begins)
    buffs: dict[str, int] = field(default_factory=dict)

    def copy(self) -> Hero:
        # Slot by slot rather than through __init__ (about twice as fast; every state copy copies each
        # mouse). A field added to the class must be added here too (tests/engine/test_state_copy.py).
        new: Hero = Hero.__new__(Hero)
        new.id = self.id
        new.space = self.space
        new.wounds = self.wounds
        new.poison = self.poison
        new.cheese = self.cheese
        new.equipped = self.equipped.copy()
        new.pack = self.pack.copy()
        new.tricks = self.tricks.copy()
        new.abilities = self.abilities.copy()
        new.statuses = self.statuses.copy()
        new.captured = self.captured
        new.captures = self.captures
        new.searched = self.searched.copy()
        new.achievements = self.achievements.copy()
        new.buffs = self.buffs.copy()
        return new


@dataclass(slots=True)
class Minion:
    """One minion figure on the board (wounds tracked per figure, docs/rulings.md R-WOUND-02)."""

    id: str  # e.g. "rat-warrior-2"
    type: str
    space: str
    wounds: int = 0
    statuses: list[str] = field(default_factory=list)
    greedy: bool = False

    def copy(self) -> Minion:
        new: Minion = Minion.__new__(Minion)  # slot by slot, as Hero.copy
        new.id = self.id
        new.type = self.type
        new.space = self.space
        new.wounds = self.wounds
        new.statuses = self.statuses.copy()
        new.greedy = self.greedy
        return new


@dataclass(slots=True, init=False)
class Turn:
    """Bookkeeping of the mouse turn in progress (R-TURN)."""

    mouse: str
    move_points: int = 0
    moved: bool = False  # movement has begun
    movement_over: bool = False  # no more movement this turn (acted after moving, entered water...)
    acted: bool = False
    extra_actions: int = 0  # Inspire (paid extra actions still allowed)
    free_used: list[str] = field(default_factory=list)  # share / equip / levelup (R-TURN-04)
    ability_used: bool = False  # R-ABIL-03
    may_leave: bool = True  # R-MOVE-09, decided when movement begins
    rolled: int = 0  # the number rolled for movement this turn
    flags: list[str] = field(default_factory=list)  # effects lasting this turn (levitate...)

    # Written out rather than generated by @dataclass: the compiled engine (mypyc) compiles a hand-written
    # __init__ but runs a generated one as Python (the same for Pending and Event). Every field, as declared.
    def __init__(
        self,
        mouse: str,
        move_points: int = 0,
        moved: bool = False,
        movement_over: bool = False,
        acted: bool = False,
        extra_actions: int = 0,
        free_used: list[str] | None = None,
        ability_used: bool = False,
        may_leave: bool = True,
        rolled: int = 0,
        flags: list[str] | None = None,
    ) -> None:
        self.mouse = mouse
        self.move_points = move_points
        self.moved = moved
        self.movement_over = movement_over
        self.acted = acted
        self.extra_actions = extra_actions
        self.free_used = [] if free_used is None else free_used
        self.ability_used = ability_used
        self.may_leave = may_leave
        self.rolled = rolled
        self.flags = [] if flags is None else flags

    def copy(self) -> Turn:
        return Turn(
            self.mouse,
            self.move_points,
            self.moved,
            self.movement_over,
            self.acted,
            self.extra_actions,
            self.free_used.copy(),
            self.ability_used,
            self.may_leave,
            self.rolled,
            self.flags.copy(),
        )


@dataclass(slots=True, init=False)
class Pending:
    """The decision the game waits for: its kind, whose it is, and plain data the kind needs."""

    kind: str
    actor: str
    data: dict[str, Any] = field(default_factory=dict)

    def __init__(self, kind: str, actor: str, data: dict[str, Any] | None = None) -> None:  # as Turn.__init__
        self.kind = kind
        self.actor = actor
        self.data = {} if data is None else data

    def copy(self) -> Pending:
        return Pending(self.kind, self.actor, _copy_plain(self.data))


_ATOMIC = frozenset({str, int, bool, float, type(None)})  # shared as they are: immutable


def _copy_plain(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: v if type(v) in _ATOMIC else _copy_plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [v if type(v) in _ATOMIC else _copy_plain(v) for v in value]
    return value


@dataclass(slots=True)
class State:
    """Everything about a game in progress. Plain data; see :meth:`copy`, :meth:`to_json`."""

    chapter: str
    party: list[str]
    seed: int
    rng: int
    dice_mode: str = "seeded"  # seeded | scripted | manual (mnm.engine.dice)
    dice_queue: list[int] = field(default_factory=list)
    random_draws: int = 0  # rolls and shuffles made so far (undo barrier)
    options: dict[str, bool] = field(default_factory=dict)  # rule variants (docs/rulings.md)

    heroes: dict[str, Hero] = field(default_factory=dict)
    minions: dict[str, Minion] = field(default_factory=dict)
    minion_serial: dict[str, int] = field(default_factory=dict)  # next figure number per type

    face_up: dict[int, int] = field(default_factory=dict)  # physical tile -> side up
    explored: list[int] = field(default_factory=list)  # sides revealed this chapter (R-ENC-02)
    traps: list[str] = field(default_factory=list)  # spaces holding a mousetrap marker
    tokens: dict[str, list[str]] = field(default_factory=dict)  # placed party tokens -> spaces
    stash: list[str] = field(default_factory=list)  # party tokens in the stash (R-PARTY-01)
    party_cards: list[str] = field(default_factory=list)  # party item cards beside the board

    search_deck: list[str] = field(default_factory=list)  # last = top
    search_discard: list[str] = field(default_factory=list)
    special_found: list[str] = field(default_factory=list)  # special-search cards already found
    encounter_deck: list[str] = field(default_factory=list)
    encounter_up: str | None = None  # the face-up encounter card (defines the next surge)
    encounter_discard: list[str] = field(default_factory=list)

    track: list[str] = field(default_factory=list)  # initiative cards, spot 1 first
    turn_index: int = 0  # which track card acts now
    acting: str | None = None  # the card whose turn is in progress
    round: int = 1
    wheel: int = 0  # cheese on the minion wheel
    hourglass: int = 1  # chapter track page
    end_page: int = 6

    turn: Turn | None = None
    pending: Pending | None = None
    stack: list[list[Any]] = field(default_factory=list)  # automatic steps still to run (last runs first)
    status: str = "playing"  # playing | won | lost
    outcome: str = ""  # why the game ended (message id)
    story_achievements: list[str] = field(default_factory=list)
    chapter_data: dict[str, Any] = field(default_factory=dict)  # the engine's chapter bookkeeping (ENGINE_CHAPTER_KEYS)
    chapter_vars: dict[str, int] = field(default_factory=dict)  # a chapter file's counters (numbers) and flags (True)
    stats: dict[str, int] = field(default_factory=dict)  # counters for reports (surges, captures...)

    def copy(self) -> State:
        """A deep-enough copy for search: figures and containers copied, content shared."""
        # Slot by slot, as Hero.copy (a field added to the class must be added here too).
        new: State = State.__new__(State)
        new.chapter = self.chapter
        new.party = self.party.copy()
        new.seed = self.seed
        new.rng = self.rng
        new.dice_mode = self.dice_mode
        new.dice_queue = self.dice_queue.copy()
        new.random_draws = self.random_draws
        new.options = self.options.copy()
        new.heroes = {k: h.copy() for k, h in self.heroes.items()}
        new.minions = {k: m.copy() for k, m in self.minions.items()}
        new.minion_serial = self.minion_serial.copy()
        new.face_up = self.face_up.copy()
        new.explored = self.explored.copy()
        new.traps = self.traps.copy()
        new.tokens = {k: v.copy() for k, v in self.tokens.items()}
        new.stash = self.stash.copy()
        new.party_cards = self.party_cards.copy()
        new.search_deck = self.search_deck.copy()
        new.search_discard = self.search_discard.copy()
        new.special_found = self.special_found.copy()
        new.encounter_deck = self.encounter_deck.copy()
        new.encounter_up = self.encounter_up
        new.encounter_discard = self.encounter_discard.copy()
        new.track = self.track.copy()
        new.turn_index = self.turn_index
        new.acting = self.acting
        new.round = self.round
        new.wheel = self.wheel
        new.hourglass = self.hourglass
        new.end_page = self.end_page
        new.turn = self.turn.copy() if self.turn is not None else None
        new.pending = self.pending.copy() if self.pending is not None else None
        new.stack = [[v if type(v) in _ATOMIC else _copy_plain(v) for v in step] for step in self.stack]
        new.status = self.status
        new.outcome = self.outcome
        new.story_achievements = self.story_achievements.copy()
        new.chapter_data = _copy_plain(self.chapter_data)
        new.chapter_vars = self.chapter_vars.copy()
        new.stats = self.stats.copy()
        return new

    # --- JSON -----------------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """Plain JSON-able data; :meth:`from_json` gives back an equal state."""
        out: dict[str, Any] = {"format": FORMAT_VERSION}
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name == "heroes":
                value = {k: _obj_json(h) for k, h in value.items()}
            elif f.name == "minions":
                value = {k: _obj_json(m) for k, m in value.items()}
            elif f.name == "face_up":
                value = {str(k): v for k, v in value.items()}
            elif f.name in ("turn", "pending"):
                value = _obj_json(value) if value is not None else None
            else:
                value = _copy_plain(value)
            out[f.name] = value
        return out

    @classmethod
    def from_json(cls, data: Any) -> State:
        """Rebuild a state; raise :class:`SaveError` with a clear message when the data is not a valid save."""
        if not isinstance(data, dict):
            raise SaveError("a saved game must be a JSON object")
        version = data.get("format")
        if version != FORMAT_VERSION:
            raise SaveError(f"this save has format {version!r}; this version of mnm reads format {FORMAT_VERSION} only")
        try:
            kwargs: dict[str, Any] = {}
            for f in fields(cls):
                if f.name not in data:
                    raise SaveError(f"the save is missing the field {f.name!r}")
                value = data[f.name]
                if f.name == "heroes":
                    value = {k: Hero(**v) for k, v in value.items()}
                elif f.name == "minions":
                    value = {k: Minion(**v) for k, v in value.items()}
                elif f.name == "face_up":
                    value = {int(k): int(v) for k, v in value.items()}
                elif f.name == "turn":
                    value = Turn(**value) if value is not None else None
                elif f.name == "pending":
                    value = Pending(**value) if value is not None else None
                kwargs[f.name] = value
            extra = set(data) - {f.name for f in fields(cls)} - {"format"}
            if extra:
                raise SaveError(f"the save has unknown field(s): {', '.join(sorted(extra))}")
            return cls(**kwargs)
        except SaveError:
            raise
        except (TypeError, ValueError, AttributeError) as exc:
            raise SaveError(f"the save is damaged: {exc}") from exc

    # --- helpers used everywhere -----------------------------------------------------------------------

    def mice_on_board(self) -> list[Hero]:
        """Uncaptured mice, in party order."""
        return [h for h in self.heroes.values() if not h.captured and h.space is not None]

    def stat(self, key: str, amount: int = 1) -> None:
        self.stats[key] = self.stats.get(key, 0) + amount


def _obj_json(obj: Hero | Minion | Turn | Pending) -> dict[str, Any]:
    # The dataclass fields, not __slots__: compiled (mypyc) classes have no __slots__.
    return {f.name: _copy_plain(getattr(obj, f.name)) for f in fields(obj)}
