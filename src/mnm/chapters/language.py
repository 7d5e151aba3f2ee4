"""The chapter language: a chapter's special rules as typed data (issue 22, docs/chapters.md).

A rule is *trigger -> conditions -> effects*::

    - id: old-crow
      rule: R-BATTLE-14
      when: movement_roll        # the trigger (Trigger); not ``on``: YAML 1.1 reads ``on`` as true
      where: {number: 1, side: 1}  # the trigger's own filters (TRIGGER_FILTERS says which it takes)
      if: [{not: {figure: {spaces: ["1:16"]}}}]   # conditions (Condition): all must hold
      do: [{wound: {who: figure, amount: 1, blockable: false}}]  # effects (Effect), in order
      once: false                # true: the rule fires at most once per game

Every vocabulary word is a StrEnum member; conditions and effects are written as one-key mappings
(``{kind: {parameters}}``) whose parameters are pydantic models, so an unknown word or parameter is refused
when content loads, naming file, entry and field. Each word has its sentence in English and Portuguese
(:data:`SENTENCES`), used by the generated reference in docs/chapters.md (:mod:`mnm.chapters.doc`).
The engine compiles a chapter's rules once per game (:mod:`mnm.engine.rules.chapter_rules`).
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum
from typing import Annotated, Any, Final, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from mnm.chapters.field_error import FieldError

__all__ = [
    "COUNTER_LIMIT",
    "END_MARKER_PAGES",
    "ENGINE_TOKEN_KINDS",
    "RESERVED_NAMES",
    "SENTENCES",
    "SUBJECT_WORDS",
    "TOKENS",
    "TRIGGER_FILTERS",
    "TRIGGER_SUBJECTS",
    "ActionWhere",
    "ChapterAction",
    "ChapterItem",
    "ChapterRule",
    "Compare",
    "Condition",
    "ConditionKind",
    "Effect",
    "EffectKind",
    "EventSpec",
    "RoomRules",
    "Select",
    "Subject",
    "Trigger",
    "Where",
    "Who",
    "effect_needs",
    "engine_token",
    "file_texts",
    "gate_reason",
    "sentence",
    "walk_effects",
]

COUNTER_LIMIT: Final = 999  # a chapter counter stays within -999..999 (its effects stop at the bound)
END_MARKER_PAGES: Final = 20  # a move_end_marker moves at most this many pages either way (the track has ~10)

SpaceId = Annotated[str, Field(pattern=r"^\d+:\d+$", description="side:space, e.g. 5:12")]
Ident = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_-]*$", max_length=40)]


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", str_strip_whitespace=True, populate_by_name=True)


class _Text(_Model):
    en: str = Field(min_length=1)
    pt: str = Field(min_length=1)


# --- the closed vocabularies ------------------------------------------------------------------------------


class Trigger(StrEnum):
    """When a rule is looked at (``when:``)."""

    CHAPTER_BEGINS = "chapter_begins"
    TILE_REVEALED = "tile_revealed"
    ROUND_BEGINS = "round_begins"
    ROUND_ENDS = "round_ends"
    FIGURE_ENTERS = "figure_enters"
    MOVEMENT_ROLL = "movement_roll"
    MINION_TURN = "minion_turn"
    MINION_WOUNDED = "minion_wounded"
    MINION_DEFEATED = "minion_defeated"
    MINION_ROLLED_CHEESE = "minion_rolled_cheese"
    SEARCH = "search"
    SURGE = "surge"
    HOURGLASS_PAGE = "hourglass_page"
    EXPLORE_ATTEMPT = "explore_attempt"
    CHAPTER_WON = "chapter_won"
    ITEM_FOUND = "item_found"


class ConditionKind(StrEnum):
    """What a rule, a victory or a defeat tests (``if:``, ``victory:``, ``defeat:``)."""

    ALL_FREE_MICE_ON = "all_free_mice_on"
    ANY_FREE_MOUSE = "any_free_mouse"
    TILE_FACE_UP = "tile_face_up"
    TILE_CLEAR = "tile_clear"
    NO_MINIONS = "no_minions"
    MINION_ON_BOARD = "minion_on_board"
    PARTY_HOLDS = "party_holds"
    TOKEN_ON = "token_on"
    HAS_ACHIEVEMENT = "has_achievement"
    COUNTER = "counter"
    FLAG = "flag"
    COMPARE = "compare"
    RAINING = "raining"
    SPECIAL_SEARCH_LEFT = "special_search_left"
    ALL_MICE_SEARCHED = "all_mice_searched"
    FIGURE = "figure"
    HOLDS_ITEM = "holds_item"
    HERO_PRESENT = "hero_present"
    CLASS_PRESENT = "class_present"
    MARKED = "marked"
    COUNT = "count"
    LOGGED = "logged"
    WEATHER = "weather"
    TIME_OF_DAY = "time_of_day"
    ANY = "any"
    ALL = "all"
    NOT = "not"


class EffectKind(StrEnum):
    """What a rule does (``do:``), in order."""

    STORY = "story"
    ANNOUNCE = "announce"
    PLACE_MINION = "place_minion"
    PLACE_MINIONS = "place_minions"
    RETURN_MINION = "return_minion"
    REMOVE_MINION = "remove_minion"
    WOUND = "wound"
    KNOCK_DOWN = "knock_down"
    STUN = "stun"
    CHEESE = "cheese"
    COUNTER = "counter"
    COUNTER_TO_WHEEL = "counter_to_wheel"
    SET_FLAG = "set_flag"
    MOVE_END_MARKER = "move_end_marker"
    STORY_ACHIEVEMENT = "story_achievement"
    PLACE_TOKEN = "place_token"
    REMOVE_TOKEN = "remove_token"
    ROLL = "roll"
    GATE = "gate"
    STEER = "steer"
    START_RAIN = "start_rain"
    NIGHTFALL = "nightfall"
    OLGA_CHARGES = "olga_charges"
    SET_WEATHER = "set_weather"
    SET_TIME_OF_DAY = "set_time_of_day"
    CHARACTER_CHARGES = "character_charges"
    GIVE_ITEM = "give_item"
    TAKE_ITEM = "take_item"
    GIVE_CARD = "give_card"
    MARK = "mark"
    UNMARK = "unmark"
    HEAL = "heal"
    MOVE_MOUSE = "move_mouse"
    CAPTURE = "capture"
    FREE = "free"
    CHOOSE = "choose"
    NEXT_CHAPTER = "next_chapter"
    FLIP_TILE = "flip_tile"
    BAR_SPACE = "bar_space"
    BAR_LINE = "bar_line"
    ADD_TILE = "add_tile"
    RECORD = "record"
    ENABLE_RULE = "enable_rule"
    DISABLE_RULE = "disable_rule"
    VICTORY = "victory"
    DEFEAT = "defeat"


class Who(StrEnum):
    """The figure of the trigger an effect acts on: ``figure`` (the one the trigger is about: the mouse that
    rolled or entered, the minion wounded, defeated or taking its turn) or ``mouse`` (the mouse involved: the one
    that defeated or wounded the minion, or that rolled)."""

    FIGURE = "figure"
    MOUSE = "mouse"


class Compare(StrEnum):
    EQ = "eq"
    NE = "ne"
    LT = "lt"
    LE = "le"
    GT = "gt"
    GE = "ge"


# --- triggers: the filters each takes (``where:``) ----------------------------------------------------------


class Where(_Model):
    """A trigger's own filters; each trigger takes only some of them (:data:`TRIGGER_FILTERS`)."""

    side: int | None = Field(default=None, description="the tile side it happens on")
    spaces: tuple[SpaceId, ...] = Field(default=(), description="the spaces it happens on (any of them)")
    minion: Ident | None = Field(default=None, description="the minion type concerned")
    roach: bool | None = Field(default=None, description="true: roaches only (R-ENC-10)")
    mouse: bool | None = Field(default=None, description="true: a mouse's roll or move only; false: a minion's only")
    number: int | None = Field(default=None, ge=1, le=3, description="the number the movement die shows")
    by_mouse: bool | None = Field(default=None, description="true: a mouse did it (not a card or the terrain)")
    what: Literal["exit", "flip"] | None = Field(default=None, description="what the mouse tries to explore")
    exit: int | None = Field(default=None, ge=0, le=7, description="this exit of the side only (0 = its first exit)")
    page: int | None = Field(default=None, ge=1, description="the hourglass page reached")
    item: Ident | None = Field(default=None, description="the chapter item or search card found")


TRIGGER_FILTERS: dict[Trigger, tuple[str, ...]] = {
    Trigger.CHAPTER_BEGINS: (),
    Trigger.TILE_REVEALED: ("side",),
    Trigger.ROUND_BEGINS: (),
    Trigger.ROUND_ENDS: (),
    Trigger.FIGURE_ENTERS: ("side", "spaces", "minion", "mouse"),
    Trigger.MOVEMENT_ROLL: ("side", "number", "mouse"),
    Trigger.MINION_TURN: ("side", "spaces", "minion", "roach"),
    Trigger.MINION_WOUNDED: ("side", "minion", "roach", "by_mouse"),
    Trigger.MINION_DEFEATED: ("side", "minion", "roach", "by_mouse"),
    Trigger.MINION_ROLLED_CHEESE: ("side", "minion", "roach"),
    Trigger.SEARCH: ("side", "spaces"),
    Trigger.SURGE: ("side",),
    Trigger.HOURGLASS_PAGE: ("page",),
    Trigger.EXPLORE_ATTEMPT: ("side", "what", "exit"),
    Trigger.CHAPTER_WON: (),
    Trigger.ITEM_FOUND: ("item",),
}


class Subject(StrEnum):
    """What a trigger's firing gives its effects to act on (an effect that needs one the trigger does not give
    would do nothing: the rule is refused, issue 29)."""

    FIGURE = "figure"  # a figure on the board the trigger is about (a mouse, or a minion)
    MOUSE = "mouse"  # the mouse involved (that rolled, entered, searched, explored, wounded or defeated)
    MINION = "minion"  # a minion on the board the trigger is about
    DEFEATED = "defeated"  # the minion just defeated (off the board)
    SIDE = "side"  # the tile side it happens on
    CHEESE = "cheese"  # the CHEESE rolled


_F, _M, _N, _D, _S, _C = Subject.FIGURE, Subject.MOUSE, Subject.MINION, Subject.DEFEATED, Subject.SIDE, Subject.CHEESE
TRIGGER_SUBJECTS: dict[Trigger, frozenset[Subject]] = {
    Trigger.CHAPTER_BEGINS: frozenset(),
    Trigger.TILE_REVEALED: frozenset({_S}),
    Trigger.ROUND_BEGINS: frozenset(),
    Trigger.ROUND_ENDS: frozenset(),
    Trigger.FIGURE_ENTERS: frozenset({_F, _M, _N, _S}),  # a mouse (the mouse) or a minion (the minion) enters
    Trigger.MOVEMENT_ROLL: frozenset({_F, _M, _S}),
    Trigger.MINION_TURN: frozenset({_F, _N, _S}),
    Trigger.MINION_WOUNDED: frozenset({_F, _M, _N, _S}),  # the mouse: when a mouse wounded it
    Trigger.MINION_DEFEATED: frozenset({_M, _D, _S}),
    Trigger.MINION_ROLLED_CHEESE: frozenset({_F, _N, _S, _C}),
    Trigger.SEARCH: frozenset({_F, _M, _S}),
    Trigger.SURGE: frozenset({_S}),
    Trigger.HOURGLASS_PAGE: frozenset(),
    Trigger.EXPLORE_ATTEMPT: frozenset({_F, _M, _S}),
    Trigger.CHAPTER_WON: frozenset(),
    Trigger.ITEM_FOUND: frozenset({_F, _M}),  # the mouse that found it (issue 30)
}
SUBJECT_WORDS: dict[Subject, tuple[str, str]] = {
    Subject.FIGURE: ("a figure on the board", "uma figura no tabuleiro"),
    Subject.MOUSE: ("a mouse", "um rato"),
    Subject.MINION: ("a minion on the board", "um lacaio no tabuleiro"),
    Subject.DEFEATED: ("a defeated minion", "um lacaio derrotado"),
    Subject.SIDE: ("a tile side", "um lado de peça"),
    Subject.CHEESE: ("the CHEESE rolled", "o QUEIJO rolado"),
}


# --- conditions ---------------------------------------------------------------------------------------------


class _None(_Model):
    """No parameters (write ``{}``)."""


class _Spaces(_Model):
    spaces: tuple[SpaceId, ...] = Field(min_length=1)


class _Side(_Model):
    side: int


class _MinionType(_Model):
    minion: Ident


class _PartyHolds(_Model):
    token: Ident = Field(description="a party token in the stash (a party item's token, e.g. fishhook)")


class _TokenOn(_Model):
    token: Ident
    side: int | None = Field(default=None, description="on this side (any side when left out)")


class _Achievement(_Model):
    achievement: Ident


class _CounterTest(_Model):
    name: Ident
    op: Compare | Literal["unset"] = Field(description="eq, ne, lt, le, gt, ge, or unset (never set)")
    value: int = Field(default=0, ge=-COUNTER_LIMIT, le=COUNTER_LIMIT)


class _Flag(_Model):
    name: Ident


class _CompareTest(_Model):
    what: Literal["round", "page", "surges"] = Field(description="rounds begun, hourglass page, surges so far")
    op: Compare
    value: int


class _Card(_Model):
    card: Ident


class _FigureTest(_Model):
    """Tests of the trigger's figure; every test given must hold."""

    mouse: bool | None = Field(default=None, description="true: a mouse; false: a minion")
    minion: Ident | None = None
    roach: bool | None = None
    side: int | None = None
    spaces: tuple[SpaceId, ...] = ()
    wounds_at_least: int | None = Field(default=None, ge=0)


class Select(_Model):
    """A figure selector: the figures a condition counts or an effect acts on; every test given must hold.

    ``who``: ``trigger`` (the trigger's figure), ``mouse`` (the trigger's mouse) or ``any`` (every figure of the
    kind on the board). Mice are the free ones unless ``captured: true``."""

    who: Literal["trigger", "mouse", "any"] = Field(default="any", description="trigger, mouse, or any figure")
    kind: Literal["mouse", "minion"] = Field(default="mouse", description="mice or minions")
    hero: Ident | None = Field(default=None, description="this hero only")
    minion: Ident | None = Field(default=None, description="minions of this type only")
    side: int | None = Field(default=None, description="standing on this tile side")
    spaces: tuple[SpaceId, ...] = Field(default=(), description="standing on one of these spaces")
    wounded: bool | None = Field(default=None, description="true: with at least one wound; false: unwounded")
    marked: Ident | None = Field(default=None, description="carrying this mark (mice)")
    holds_item: Ident | None = Field(default=None, description="holding this chapter item (mice)")
    adjacent_to: SpaceId | None = Field(default=None, description="on this space or next to it (R-MOVE-02)")
    in_sight_of: SpaceId | None = Field(default=None, description="on a space of its tile that can see it (R-BATTLE-08)")
    captured: bool = Field(default=False, description="true: captured mice only (to free them)")


class _HoldsItem(_Model):
    item: Ident = Field(description="a chapter item (items:), held by a mouse or the party")


class _HeroPresent(_Model):
    hero: Ident = Field(description="a hero id, e.g. maginos")


class _ClassPresent(_Model):
    class_: Ident = Field(alias="class", description="a hero class: leader, scout, warrior, healer, mystic...")


class _Marked(_Model):
    mark: Ident = Field(description="a per-mouse mark (set by the mark effect)")
    who: Literal["trigger", "mouse", "any"] = Field(default="any", description="the trigger's figure or mouse, or any")


class _Count(_Model):
    select: Select = Field(description="the figures counted")
    op: Compare = Compare.GE
    value: int = Field(default=1, ge=0, le=99)


class _Logged(_Model):
    entry: Ident = Field(description="a campaign log entry (record effect), kept from chapter to chapter")
    op: Compare | Literal["recorded", "crossed_out", "absent"] = Field(
        default="recorded", description="recorded, crossed_out, absent, or a comparison of its count"
    )
    value: int = Field(default=1, ge=0, le=99)


class _WeatherIs(_Model):
    state: Literal["rain", "clear"] = Field(description="the weather: rain or clear")


class _TimeIs(_Model):
    phase: Literal["day", "night"] = Field(description="day or night (night: the moon is on the wheel)")


class Condition(_Model):
    """One condition: exactly one of these keys, with its parameters."""

    all_free_mice_on: _Spaces | None = None
    any_free_mouse: _None | None = None
    tile_face_up: _Side | None = None
    tile_clear: _Side | None = None
    no_minions: _None | None = None
    minion_on_board: _MinionType | None = None
    party_holds: _PartyHolds | None = None
    token_on: _TokenOn | None = None
    has_achievement: _Achievement | None = None
    counter: _CounterTest | None = None
    flag: _Flag | None = None
    compare: _CompareTest | None = None
    raining: _None | None = None
    special_search_left: _Card | None = None
    all_mice_searched: _Side | None = None
    figure: _FigureTest | None = None
    holds_item: _HoldsItem | None = None
    hero_present: _HeroPresent | None = None
    class_present: _ClassPresent | None = None
    marked: _Marked | None = None
    count: _Count | None = None
    logged: _Logged | None = None
    weather: _WeatherIs | None = None
    time_of_day: _TimeIs | None = None
    any: tuple[Condition, ...] | None = None
    all: tuple[Condition, ...] | None = None
    not_: Condition | None = Field(default=None, alias="not")

    @model_validator(mode="after")
    def _exactly_one(self) -> Condition:
        _one_key(self, "condition", ConditionKind)
        return self

    @property
    def kind(self) -> ConditionKind:
        return ConditionKind(_set_key(self))

    @property
    def params(self) -> Any:
        return getattr(self, _attr(_set_key(self)))


# --- effects ------------------------------------------------------------------------------------------------


class EventSpec(_Model):
    """The event an effect fires: its name in the event catalogue (mnm.presentation.info), its rule ID, literal parameters,
    and which of the effect's values it carries under which name (``take: {amount: moved}``); ``none: true``
    fires nothing beyond what the engine rule the effect calls fires itself."""

    name: Ident | None = None
    rule: str = Field(default="", pattern=r"^$|^R-[A-Z]+-\d+$")
    params: dict[str, int | str | bool] = Field(default_factory=dict)
    take: dict[str, str] | None = Field(default=None, description="event field -> effect value; none: all values")
    none: bool = False


class _EffectBase(_Model):
    event: EventSpec | None = Field(default=None, description="the event fired (the effect's own when left out)")


class _Story(_EffectBase):
    moment: Ident


class _Announce(_EffectBase):
    """Only an event (``event.name`` required)."""


class _PlaceMinion(_EffectBase):
    minion: Ident
    space: SpaceId


class _PlaceMinions(_EffectBase):
    minion: Ident
    count: int = Field(default=1, ge=1, le=10)
    side: int | None = Field(default=None, description="the tile side (the trigger's side when left out)")


class _ReturnMinion(_EffectBase):
    space: SpaceId = Field(description="the defeated minion comes back here (if it may enter)")


class _RemoveMinion(_EffectBase):
    """The trigger's minion leaves the board (flees): no achievement, its cards leave the track if it was the
    last of its type."""


class _Wound(_EffectBase):
    who: Who = Who.FIGURE
    amount: int = Field(default=1, ge=1, le=10)
    blockable: bool = Field(default=False, description="false: no defense roll (R-BATTLE-14)")
    source: str = Field(default="chapter", description="what wounds it, in the wound's event")


class _Status(_EffectBase):
    who: Who = Who.MOUSE


class _Cheese(_EffectBase):
    to: Literal["wheel", "mouse"] = "wheel"
    amount: int = Field(default=1, ge=1, le=6)


class _Counter(_EffectBase):
    name: Ident
    op: Literal["set", "add", "sub"] = "set"
    value: int = Field(default=0, ge=-COUNTER_LIMIT, le=COUNTER_LIMIT)


class _CounterToWheel(_EffectBase):
    name: Ident
    amount: Annotated[int, Field(ge=1, le=COUNTER_LIMIT)] | Literal["cheese"] = Field(
        default=1, description="a number, or cheese: the CHEESE rolled"
    )


class _SetFlag(_EffectBase):
    name: Ident


class _EndMarker(_EffectBase):
    pages: int = Field(
        default=1,
        ge=-END_MARKER_PAGES,
        le=END_MARKER_PAGES,
        description="pages further away (negative: nearer); the marker stays on the track, ahead of the hourglass",
    )


class _StoryAchievement(_EffectBase):
    achievement: Ident


class _PlaceToken(_EffectBase):
    token: Ident
    space: SpaceId


class _RemoveToken(_EffectBase):
    token: Ident


class _Roll(_EffectBase):
    dice: int = Field(default=1, ge=1, le=5)
    need: Literal["star", "cheese", "sword", "bow"] = "star"
    why: str = Field(default="chapter roll", description="the roll's label in the dice log")
    then: tuple[Effect, ...] = ()
    else_: tuple[Effect, ...] = Field(default=(), alias="else")


class _Gate(_EffectBase):
    reason: _Text = Field(description="why not, shown to the player who tries")


class _Steer(_EffectBase):
    toward: SpaceId


class _Outcome(_EffectBase):
    pass


class _SetWeather(_EffectBase):
    state: Literal["rain", "clear"] = Field(description="rain: currents turn strong (R-EXP-07); clear: they calm")


class _SetTimeOfDay(_EffectBase):
    phase: Literal["day", "night"] = Field(description="night: the moon goes on the wheel (R-EXP-11); day: it leaves")


class _CharacterCharges(_EffectBase):
    character: Literal["olga"] = Field(description="the named character that charges the trigger's mouse")


class _GiveItem(_EffectBase):
    item: Ident = Field(description="a chapter item (items:)")
    to: Literal["mouse", "party"] = Field(default="mouse", description="the trigger's mouse, or the party")


class _TakeItem(_EffectBase):
    item: Ident = Field(description="a chapter item, taken from whoever holds it (used up)")


class _GiveCard(_EffectBase):
    card: Ident = Field(description="a search card id: a reward card into the trigger's mouse's pack")


def _select_mouse() -> Select:
    return Select(who="mouse")


class _Mark(_EffectBase):
    mark: Ident = Field(description="the mark's name (carrying, cursed, rescued...)")
    select: Select = Field(default_factory=_select_mouse, description="the mice marked (the trigger's mouse)")


class _Heal(_EffectBase):
    select: Select = Field(default_factory=_select_mouse, description="the mice healed (the trigger's mouse)")
    amount: int = Field(default=1, ge=1, le=10)


class _MoveMouse(_EffectBase):
    select: Select = Field(default_factory=_select_mouse, description="the mice moved (the trigger's mouse)")
    space: SpaceId = Field(description="where they are put")


class _Capture(_EffectBase):
    select: Select = Field(default_factory=_select_mouse, description="the mice captured (the trigger's mouse)")


def _select_captured() -> Select:
    return Select(captured=True)


class _Free(_EffectBase):
    select: Select = Field(default_factory=_select_captured, description="the captured mice freed (every one)")
    space: SpaceId | None = Field(
        default=None,
        description="where they come back (left out, or on a face-down side: on or next to another mouse, R-CAPT-03)",
    )


class _ChoiceOption(_Model):
    id: Ident = Field(description="the option's id (its action: choose <mouse> <id>)")
    text: _Text = Field(description="the option as the players read it")
    do: tuple[Effect, ...] = Field(min_length=1)


class _Choose(_EffectBase):
    """A story choice: the players choose one option; its effects run (a decision like any other)."""

    id: Ident = Field(description="the choice's id, unique in the file")
    prompt: _Text = Field(description="the question the players read")
    options: tuple[_ChoiceOption, ...] = Field(min_length=2, max_length=4)


class _NextChapter(_EffectBase):
    chapter: Ident = Field(description="the chapter that comes next in the campaign (instead of next_chapter)")


class _FlipTile(_EffectBase):
    side: int = Field(description="the tile side turned face up (its tile's other side goes down)")


class _BarSpace(_EffectBase):
    space: SpaceId = Field(description="the space no figure may enter from now on")


class _AddTile(_EffectBase):
    """A tile laid on the table during the chapter (the board knows its place from the start; until a rule lays it
    it is not on the table: nothing explores into it and it is not drawn)."""

    side: int = Field(description="the tile side laid face up (its tile is not in the setup's layout)")
    at: tuple[int, int] = Field(description="where: [x, y] in tile units (x east, y south), next to a layout tile")


class _BarLine(_EffectBase):
    spaces: tuple[SpaceId, SpaceId] = Field(
        description="two adjacent spaces (side:space): no figure may step across the line between them from now on"
    )


class _Record(_EffectBase):
    entry: Ident = Field(description="the campaign log entry, kept from chapter to chapter")
    op: Literal["record", "cross_out", "add"] = Field(default="record", description="record, cross_out, or add")
    value: int = Field(default=1, ge=1, le=99, description="how much add adds")


class _RuleRef(_EffectBase):
    rule: Ident = Field(description="the id of another rule of this file")


class Effect(_Model):
    """One effect: exactly one of these keys, with its parameters."""

    story: _Story | None = None
    announce: _Announce | None = None
    place_minion: _PlaceMinion | None = None
    place_minions: _PlaceMinions | None = None
    return_minion: _ReturnMinion | None = None
    remove_minion: _RemoveMinion | None = None
    wound: _Wound | None = None
    knock_down: _Status | None = None
    stun: _Status | None = None
    cheese: _Cheese | None = None
    counter: _Counter | None = None
    counter_to_wheel: _CounterToWheel | None = None
    set_flag: _SetFlag | None = None
    move_end_marker: _EndMarker | None = None
    story_achievement: _StoryAchievement | None = None
    place_token: _PlaceToken | None = None
    remove_token: _RemoveToken | None = None
    roll: _Roll | None = None
    gate: _Gate | None = None
    steer: _Steer | None = None
    start_rain: _Outcome | None = None
    nightfall: _Outcome | None = None
    olga_charges: _Outcome | None = None
    set_weather: _SetWeather | None = None
    set_time_of_day: _SetTimeOfDay | None = None
    character_charges: _CharacterCharges | None = None
    give_item: _GiveItem | None = None
    take_item: _TakeItem | None = None
    give_card: _GiveCard | None = None
    mark: _Mark | None = None
    unmark: _Mark | None = None
    heal: _Heal | None = None
    move_mouse: _MoveMouse | None = None
    capture: _Capture | None = None
    free: _Free | None = None
    choose: _Choose | None = None
    next_chapter: _NextChapter | None = None
    flip_tile: _FlipTile | None = None
    bar_space: _BarSpace | None = None
    bar_line: _BarLine | None = None
    add_tile: _AddTile | None = None
    record: _Record | None = None
    enable_rule: _RuleRef | None = None
    disable_rule: _RuleRef | None = None
    victory: _Outcome | None = None
    defeat: _Outcome | None = None

    @model_validator(mode="after")
    def _exactly_one(self) -> Effect:
        _one_key(self, "effect", EffectKind)
        if self.announce is not None and (self.announce.event is None or self.announce.event.name is None):
            raise ValueError("announce needs event.name: the event it fires")
        return self

    @property
    def kind(self) -> EffectKind:
        return EffectKind(_set_key(self))

    @property
    def params(self) -> Any:
        return getattr(self, _attr(_set_key(self)))


# --- rules ----------------------------------------------------------------------------------------------------


class ChapterRule(_Model):
    """A chapter special rule: when trigger ``when`` fires and passes ``where``, if every ``if`` holds, do ``do``."""

    id: Ident = Field(description="names the rule in events and docs")
    rule: str = Field(default="", pattern=r"^$|^R-[A-Z]+-\d+$", description="the rulebook rule ID its events carry")
    when: Trigger
    where: Where = Where()
    if_: tuple[Condition, ...] = Field(default=(), alias="if")
    do: tuple[Effect, ...] = ()
    once: bool = Field(default=False, description="fires at most once per game")
    enabled: bool = Field(default=True, description="false: off until an enable_rule effect turns it on")
    text: _Text | None = Field(default=None, description="the rule as the storybook would say it (for players)")

    @model_validator(mode="after")
    def _filters_fit_trigger(self) -> ChapterRule:
        if not self.do:
            raise ValueError("a rule needs at least one effect (do)")
        allowed = TRIGGER_FILTERS[self.when]
        for name in self.where.model_fields_set:
            if name not in allowed:
                takes = ", ".join(allowed) or "no filters"
                raise FieldError(f"where.{name}", f"is not a filter of trigger {self.when.value!r} (it takes: {takes})")
        problem = effect_problem(self.when, self.do, "do", top=True)
        if problem is not None:
            raise FieldError(*problem)
        return self


class ActionWhere(_Model):
    """Where a mouse must stand to take a chapter action (any space when both are left out)."""

    side: int | None = Field(default=None, description="on this tile side")
    spaces: tuple[SpaceId, ...] = Field(default=(), description="on one of these spaces")


class ChapterAction(_Model):
    """A chapter action: something a mouse may choose to do with its action in its turn (an option listed with
    its text, ``act <mouse> <id>``), where ``where`` and every ``if`` hold; then ``do`` runs (a ``roll`` effect
    gives it a test)."""

    id: Ident = Field(description="the action's id (act <mouse> <id>)")
    text: _Text = Field(description="the option as the players read it, e.g. Pull the lever")
    rule: str = Field(default="", pattern=r"^$|^R-[A-Z]+-\d+$", description="the rulebook rule ID its events carry")
    where: ActionWhere = ActionWhere()
    if_: tuple[Condition, ...] = Field(default=(), alias="if")
    do: tuple[Effect, ...] = Field(min_length=1)
    once: bool = Field(default=False, description="may be taken at most once per game")


class ChapterItem(_Model):
    """A chapter item: a named thing the mice find, carry and use up (give_item, take_item, holds_item)."""

    id: Ident
    name: _Text
    text: _Text | None = Field(default=None, description="what it is, for the players")


class RoomRules(_Model):
    """The rules of one room tile (the storybook's room rules): they apply to that tile side."""

    side: int
    rules: tuple[ChapterRule, ...] = ()


# --- helpers ------------------------------------------------------------------------------------------------


def _attr(key: str) -> str:
    return "not_" if key == "not" else "else_" if key == "else" else key


def _set_key(model: BaseModel) -> str:
    for name in type(model).model_fields:
        if getattr(model, name) is not None:
            return "not" if name == "not_" else name
    raise ValueError("empty")


def _one_key(model: BaseModel, what: str, vocab: type[StrEnum]) -> None:
    given = [name for name in type(model).model_fields if getattr(model, name) is not None]
    if len(given) != 1:
        words = ", ".join(v.value for v in vocab)
        raise ValueError(f"a {what} is one key of: {words} (got {len(given)})")


_AFTER_THE_END: Final = frozenset(
    {
        EffectKind.STORY,
        EffectKind.ANNOUNCE,
        EffectKind.STORY_ACHIEVEMENT,
        EffectKind.COUNTER,
        EffectKind.SET_FLAG,
        EffectKind.RECORD,  # issue 30: the campaign log and the next chapter are written as the chapter ends
        EffectKind.NEXT_CHAPTER,
    }
)  # what a chapter_won rule may still do: the game is over, so nothing on the board moves again


def effect_needs(effect: Effect) -> frozenset[Subject]:
    """What the effect acts on that its trigger must give (its own, not the effects inside a roll)."""
    kind, p = effect.kind, effect.params
    if kind in (EffectKind.WOUND, EffectKind.KNOCK_DOWN, EffectKind.STUN):
        return frozenset({Subject.FIGURE if p.who is Who.FIGURE else Subject.MOUSE})
    if kind is EffectKind.CHEESE and p.to == "mouse":
        return frozenset({Subject.MOUSE})
    if kind is EffectKind.COUNTER_TO_WHEEL and p.amount == "cheese":
        return frozenset({Subject.CHEESE})
    if kind is EffectKind.PLACE_MINIONS and p.side is None:
        return frozenset({Subject.SIDE})
    if kind is EffectKind.RETURN_MINION:
        return frozenset({Subject.DEFEATED})
    if kind in (EffectKind.REMOVE_MINION, EffectKind.STEER):
        return frozenset({Subject.MINION})
    if kind in (EffectKind.OLGA_CHARGES, EffectKind.CHARACTER_CHARGES, EffectKind.GIVE_CARD):
        return frozenset({Subject.MOUSE})
    select = getattr(p, "select", None)
    if isinstance(select, Select) and select.who != "any":  # issue 30: the trigger's figure or mouse
        return frozenset({Subject.FIGURE if select.who == "trigger" else Subject.MOUSE})
    return frozenset()


def effect_problem(
    trigger: Trigger, effects: tuple[Effect, ...], path: str, top: bool
) -> tuple[str, str, str] | None:
    """The first effect of a ``trigger`` rule that could never act (field path, message in English and Portuguese),
    or None. A gate works only as an explore_attempt rule's own effect (decided before the explore, so never inside
    a roll)."""
    gives = TRIGGER_SUBJECTS[trigger]
    name = trigger.value
    for i, effect in enumerate(effects):
        kind = effect.kind
        at = f"{path}.{i}.{kind.value}"
        if kind is EffectKind.GATE and not (top and trigger is Trigger.EXPLORE_ATTEMPT):
            if trigger is Trigger.EXPLORE_ATTEMPT:
                where, onde = "inside a roll", "dentro de uma rolagem"
            else:
                where, onde = f"in a {name!r} rule", f"numa regra {name!r}"
            return (
                at,
                f"a gate works only as an explore_attempt rule's own effect, not {where}",
                f"um gate só funciona como efeito próprio de uma regra explore_attempt, não {onde}",
            )
        if trigger is Trigger.CHAPTER_WON and kind not in _AFTER_THE_END:
            allowed = ", ".join(sorted(k.value for k in _AFTER_THE_END))
            return (
                at,
                f"does nothing once the chapter is won (a chapter_won rule may: {allowed})",
                f"não faz nada depois que o capítulo foi vencido (uma regra chapter_won pode: {allowed})",
            )
        missing = sorted(effect_needs(effect) - gives)
        if missing:
            en, pt = SUBJECT_WORDS[missing[0]]
            given_en = ", ".join(SUBJECT_WORDS[s][0] for s in sorted(gives)) or "nothing"
            given_pt = ", ".join(SUBJECT_WORDS[s][1] for s in sorted(gives)) or "nada"
            return (
                at,
                f"needs {en}, which trigger {name!r} does not give (it gives: {given_en})",
                f"precisa de {pt}, que o gatilho {name!r} não dá (ele dá: {given_pt})",
            )
        if effect.roll is not None:
            inner = effect_problem(trigger, effect.roll.then, f"{at}.then", False) or effect_problem(
                trigger, effect.roll.else_, f"{at}.else", False
            )
            if inner is not None:
                return inner
        if effect.choose is not None:  # a story choice's options run as the asking rule's effects
            for j, option in enumerate(effect.choose.options):
                inner = effect_problem(trigger, option.do, f"{at}.options.{j}.do", False)
                if inner is not None:
                    return inner
    return None


ENGINE_TOKEN_KINDS: Final = ("leaf", "turtle", "bee", "olga", "mortar", "grape", "fork", "fishhook")
"""Tokens the engine's rules read: the expansion's markers (by the kind before ``-``) and the party items'."""


def engine_token(token: str, party_tokens: Iterable[str]) -> bool:
    """Whether a token is the engine's (a rule's place_token and remove_token are for the chapter's own tokens)."""
    return token.split("-", 1)[0] in ENGINE_TOKEN_KINDS or token in set(party_tokens)


def _gates(effects: tuple[Effect, ...]) -> list[_Gate]:
    return [e.gate for _, e in walk_effects(effects, "") if e.gate is not None]


def walk_effects(effects: tuple[Effect, ...], path: str) -> list[tuple[str, Effect]]:
    """Every effect with its path, nested ones too (a roll's then/else, a choice's options)."""
    out: list[tuple[str, Effect]] = []
    for i, e in enumerate(effects):
        out.append((f"{path}.{i}", e))
        if e.roll is not None:
            out += walk_effects(e.roll.then, f"{path}.{i}.roll.then")
            out += walk_effects(e.roll.else_, f"{path}.{i}.roll.else")
        if e.choose is not None:
            for j, option in enumerate(e.choose.options):
                out += walk_effects(option.do, f"{path}.{i}.choose.options.{j}.do")
    return out


def gate_reason(rules: tuple[ChapterRule, ...], rule_id: str) -> tuple[str, str] | None:
    """The refusal of rule ``rule_id``'s gate in English and Portuguese (None: no such rule, or it gates nothing):
    what a player reads when that rule refuses an explore (message ``explore_gated``)."""
    for rule in rules:
        if rule.id == rule_id:
            gates = _gates(rule.do)
            if gates:
                return gates[0].reason.en, gates[0].reason.pt
    return None


Condition.model_rebuild()
_Roll.model_rebuild()
_ChoiceOption.model_rebuild()
_Choose.model_rebuild()
Effect.model_rebuild()
ChapterAction.model_rebuild()


# --- sentences: what each word means, in English and Portuguese (docs/chapters.md, the web's rules panel) ----

_SENTENCES: tuple[tuple[StrEnum, tuple[str, str]], ...] = (
    (
        Trigger.CHAPTER_BEGINS,
        (
            "When the chapter begins (after setup)",
            "Quando o capítulo começa (depois da preparação)",
        ),
    ),
    (
        Trigger.TILE_REVEALED,
        (
            "The first time the mice reveal a tile side",
            "Na primeira vez que os ratos revelam um lado de peça",
        ),
    ),
    (Trigger.ROUND_BEGINS, ("When a round begins", "Quando uma rodada começa")),
    (Trigger.ROUND_ENDS, ("When a round ends", "Quando uma rodada termina")),
    (
        Trigger.FIGURE_ENTERS,
        (
            "When a mouse moves into a space, or a minion's move ends on one",
            "Quando um rato entra num espaço, ou o movimento de um lacaio termina num",
        ),
    ),
    (
        Trigger.MOVEMENT_ROLL,
        (
            "When a figure rolls the movement die",
            "Quando uma figura rola o dado de movimento",
        ),
    ),
    (
        Trigger.MINION_TURN,
        (
            "When a minion begins its activation (a rule that fires takes the whole activation)",
            "Quando um lacaio começa sua ativação (uma regra que dispara toma a ativação inteira)",
        ),
    ),
    (
        Trigger.MINION_WOUNDED,
        (
            "When a minion takes wounds and is still standing",
            "Quando um lacaio sofre ferimentos e continua de pé",
        ),
    ),
    (Trigger.MINION_DEFEATED, ("When a minion is defeated", "Quando um lacaio é derrotado")),
    (
        Trigger.MINION_ROLLED_CHEESE,
        (
            "When CHEESE is rolled for a minion's attack",
            "Quando sai QUEIJO no ataque de um lacaio",
        ),
    ),
    (
        Trigger.SEARCH,
        (
            "When a mouse searches successfully (a STAR), before the card is drawn",
            "Quando um rato vasculha com sucesso (uma ESTRELA), antes de a carta ser tirada",
        ),
    ),
    (
        Trigger.SURGE,
        ("When a surge happens (after the hourglass moved)", "Quando ocorre uma onda (depois da ampulheta)"),
    ),
    (Trigger.HOURGLASS_PAGE, ("When the hourglass moves to a page", "Quando a ampulheta avança para uma página")),
    (
        Trigger.EXPLORE_ATTEMPT,
        (
            "When a mouse would explore (a gate may refuse it)",
            "Quando um rato vai explorar (um portão pode recusar)",
        ),
    ),
    (Trigger.CHAPTER_WON, ("When the chapter is won", "Quando o capítulo é vencido")),
    (
        Trigger.ITEM_FOUND,
        (
            "When a mouse finds a chapter item or a search card",
            "Quando um rato encontra um item do capítulo ou uma carta de busca",
        ),
    ),
    (
        ConditionKind.ALL_FREE_MICE_ON,
        (
            "every free mouse stands on one of {spaces}",
            "todo rato livre está em um de {spaces}",
        ),
    ),
    (ConditionKind.ANY_FREE_MOUSE, ("at least one mouse is free", "pelo menos um rato está livre")),
    (ConditionKind.TILE_FACE_UP, ("side {side} is face up", "o lado {side} está virado para cima")),
    (ConditionKind.TILE_CLEAR, ("no minion is on side {side}", "nenhum lacaio está no lado {side}")),
    (ConditionKind.NO_MINIONS, ("no minion is on the board", "nenhum lacaio está no tabuleiro")),
    (ConditionKind.MINION_ON_BOARD, ("a {minion} is on the board", "um {minion} está no tabuleiro")),
    (ConditionKind.PARTY_HOLDS, ("the party holds the {token} token", "o grupo tem a ficha {token}")),
    (ConditionKind.TOKEN_ON, ("the {token} token is on side {side}", "a ficha {token} está no lado {side}")),
    (
        ConditionKind.HAS_ACHIEVEMENT,
        (
            "the party has the {achievement} story achievement",
            "o grupo tem a conquista de história {achievement}",
        ),
    ),
    (ConditionKind.COUNTER, ("counter {name} is {op} {value}", "o contador {name} é {op} {value}")),
    (ConditionKind.FLAG, ("{name} has happened", "{name} já aconteceu")),
    (ConditionKind.COMPARE, ("the {what} is {op} {value}", "o(a) {what} é {op} {value}")),
    (ConditionKind.RAINING, ("it is raining (old word: weather)", "está chovendo (palavra antiga: weather)")),
    (
        ConditionKind.SPECIAL_SEARCH_LEFT,
        (
            "the special search {card} can still be found",
            "a busca especial {card} ainda pode ser encontrada",
        ),
    ),
    (
        ConditionKind.ALL_MICE_SEARCHED,
        (
            "every mouse has searched side {side} (nobody may search it again)",
            "todo rato já vasculhou o lado {side} (ninguém pode vasculhá-lo de novo)",
        ),
    ),
    (ConditionKind.FIGURE, ("the figure {tests}", "a figura {tests}")),
    (ConditionKind.HOLDS_ITEM, ("a mouse or the party holds the {item}", "um rato ou o grupo tem o item {item}")),
    (ConditionKind.HERO_PRESENT, ("{hero} is in the party", "{hero} está no grupo")),
    (ConditionKind.CLASS_PRESENT, ("a {class} is in the party", "um(a) {class} está no grupo")),
    (ConditionKind.MARKED, ("a mouse is marked {mark}", "um rato está marcado {mark}")),
    (
        ConditionKind.COUNT,
        ("the figures chosen by {select} number {op} {value}", "as figuras escolhidas por {select} são {op} {value}"),
    ),
    (
        ConditionKind.LOGGED,
        ("the campaign log says {entry} is {op} {value}", "o registro da campanha diz que {entry} é {op} {value}"),
    ),
    (ConditionKind.WEATHER, ("the weather is {state}", "o tempo está {state}")),
    (ConditionKind.TIME_OF_DAY, ("it is {phase}", "é {phase}")),
    (ConditionKind.ANY, ("any of: {conditions}", "qualquer um de: {conditions}")),
    (ConditionKind.ALL, ("all of: {conditions}", "todos de: {conditions}")),
    (ConditionKind.NOT, ("not ({condition})", "não ({condition})")),
    (EffectKind.STORY, ("read the story moment {moment}", "leia o momento de história {moment}")),
    (EffectKind.ANNOUNCE, ("announce {event}", "anuncie {event}")),
    (
        EffectKind.PLACE_MINION,
        (
            "place a {minion} on {space}; its cards join the track",
            "coloque um {minion} em {space}; suas cartas entram na trilha",
        ),
    ),
    (
        EffectKind.PLACE_MINIONS,
        (
            "place {count} {minion} on side {side} as for an encounter (R-ENC-05); their cards join the track",
            "coloque {count} {minion} no lado {side} como num encontro (R-ENC-05); suas cartas entram na trilha",
        ),
    ),
    (
        EffectKind.RETURN_MINION,
        (
            "the defeated minion comes back on {space}",
            "o lacaio derrotado volta em {space}",
        ),
    ),
    (EffectKind.REMOVE_MINION, ("the minion flees the board", "o lacaio foge do tabuleiro")),
    (EffectKind.WOUND, ("the {who} takes {amount} wound(s)", "a {who} sofre {amount} ferimento(s)")),
    (EffectKind.KNOCK_DOWN, ("the {who} is knocked down", "o {who} é derrubado")),
    (EffectKind.STUN, ("the {who} is stunned", "o {who} fica atordoado")),
    (EffectKind.CHEESE, ("{amount} cheese to the {to}", "{amount} queijo para {to}")),
    (EffectKind.COUNTER, ("counter {name}: {op} {value}", "contador {name}: {op} {value}")),
    (
        EffectKind.COUNTER_TO_WHEEL,
        (
            "move {amount} from counter {name} to the minion wheel",
            "mova {amount} do contador {name} para a roda dos lacaios",
        ),
    ),
    (EffectKind.SET_FLAG, ("remember that {name} happened", "lembre que {name} aconteceu")),
    (EffectKind.MOVE_END_MARKER, ("move the end marker {pages} page(s)", "mova o marcador de fim {pages} página(s)")),
    (
        EffectKind.STORY_ACHIEVEMENT,
        (
            "the party earns the {achievement} story achievement",
            "o grupo ganha a conquista de história {achievement}",
        ),
    ),
    (EffectKind.PLACE_TOKEN, ("place the {token} token on {space}", "coloque a ficha {token} em {space}")),
    (EffectKind.REMOVE_TOKEN, ("remove the {token} token", "retire a ficha {token}")),
    (
        EffectKind.ROLL,
        (
            "roll {dice} die/dice: with a {need}, {then}; otherwise {else}",
            "role {dice} dado(s): com {need}, {then}; senão {else}",
        ),
    ),
    (EffectKind.GATE, ("the mouse may not explore: {reason}", "o rato não pode explorar: {reason}")),
    (
        EffectKind.STEER,
        (
            "the minion heads for {toward} instead of the mice",
            "o lacaio vai para {toward} em vez de atacar os ratos",
        ),
    ),
    (
        EffectKind.START_RAIN,
        ("the rain begins (R-EXP-07; old word: set_weather)", "a chuva começa (R-EXP-07; palavra antiga: set_weather)"),
    ),
    (
        EffectKind.NIGHTFALL,
        (
            "night falls: the moon goes on the wheel (R-EXP-11; old word: set_time_of_day)",
            "anoitece: a lua vai para a roda (R-EXP-11; palavra antiga: set_time_of_day)",
        ),
    ),
    (
        EffectKind.OLGA_CHARGES,
        (
            "Olga charges the mouse (R-EXP-10; old word: character_charges)",
            "Olga avança contra o rato (R-EXP-10; palavra antiga: character_charges)",
        ),
    ),
    (
        EffectKind.SET_WEATHER,
        ("the weather turns to {state} (R-EXP-07)", "o tempo muda para {state} (R-EXP-07)"),
    ),
    (
        EffectKind.SET_TIME_OF_DAY,
        ("the time of day turns to {phase} (R-EXP-11)", "a hora do dia passa a {phase} (R-EXP-11)"),
    ),
    (
        EffectKind.CHARACTER_CHARGES,
        ("{character} charges the mouse (R-EXP-10)", "{character} avança contra o rato (R-EXP-10)"),
    ),
    (EffectKind.GIVE_ITEM, ("the {to} gets the {item}", "o {to} recebe o item {item}")),
    (EffectKind.TAKE_ITEM, ("the {item} is used up", "o item {item} é gasto")),
    (EffectKind.GIVE_CARD, ("the mouse gets the {card} card", "o rato recebe a carta {card}")),
    (EffectKind.MARK, ("the chosen mice are marked {mark}", "os ratos escolhidos ficam marcados {mark}")),
    (EffectKind.UNMARK, ("the chosen mice lose the mark {mark}", "os ratos escolhidos perdem a marca {mark}")),
    (EffectKind.HEAL, ("the chosen mice heal {amount} wound(s)", "os ratos escolhidos curam {amount} ferimento(s)")),
    (EffectKind.MOVE_MOUSE, ("the chosen mice are put on {space}", "os ratos escolhidos vão para {space}")),
    (EffectKind.CAPTURE, ("the chosen mice are captured", "os ratos escolhidos são capturados")),
    (EffectKind.FREE, ("the chosen captured mice are freed", "os ratos capturados escolhidos são libertados")),
    (
        EffectKind.CHOOSE,
        ("the players choose: {prompt}", "os jogadores escolhem: {prompt}"),
    ),
    (EffectKind.NEXT_CHAPTER, ("the campaign goes on to {chapter}", "a campanha segue para {chapter}")),
    (EffectKind.FLIP_TILE, ("the tile turns to show side {side}", "a peça vira e mostra o lado {side}")),
    (EffectKind.BAR_SPACE, ("no figure may enter {space}", "nenhuma figura pode entrar em {space}")),
    (EffectKind.ADD_TILE, ("tile side {side} is laid at {at}", "o lado de peça {side} é colocado em {at}")),
    (EffectKind.BAR_LINE, ("no figure may cross the line {spaces}", "nenhuma figura pode cruzar a linha {spaces}")),
    (EffectKind.RECORD, ("campaign log: {op} {entry}", "registro da campanha: {op} {entry}")),
    (EffectKind.ENABLE_RULE, ("rule {rule} is turned on", "a regra {rule} é ligada")),
    (EffectKind.DISABLE_RULE, ("rule {rule} is turned off", "a regra {rule} é desligada")),
    (EffectKind.VICTORY, ("the mice win the chapter", "os ratos vencem o capítulo")),
    (EffectKind.DEFEAT, ("the mice lose the chapter", "os ratos perdem o capítulo")),
)

# keyed by (vocabulary, word): ``counter`` is both a condition and an effect, and StrEnum members equal their value
SENTENCES: dict[tuple[str, str], tuple[str, str]] = {}
for _word, _pair in _SENTENCES:
    SENTENCES[(type(_word).__name__, _word.value)] = _pair


def sentence(word: StrEnum) -> tuple[str, str]:
    """The word's sentence in English and Portuguese."""
    return SENTENCES[(type(word).__name__, word.value)]


# --- tokens a file may place, and the names a file may not use ------------------------------------------------

TOKENS: dict[str, tuple[str, str]] = {
    "mortar": ("the Clockwork Mortar: fires at the mice each round (R-EXP-16)", "o Morteiro de Corda (R-EXP-16)"),
    "olga": ("Olga: charges mice that end near her (R-EXP-10)", "Olga: avança contra ratos perto dela (R-EXP-10)"),
    "leaf-N": ("a leaf on water: a raft the mice paddle (R-EXP-05)", "uma folha na água: uma jangada (R-EXP-05)"),
    "turtle-N": ("a turtle: a stepping stone with a hidden underside (R-EXP-08)", "uma tartaruga (R-EXP-08)"),
    "bee-N": ("a bee: leaves its flower to sting a mouse (R-EXP-12)", "uma abelha (R-EXP-12)"),
    "fishhook": ("the fishhook: a line to climb (party item)", "o anzol: uma linha para escalar (item do grupo)"),
    "fork": ("the fork: a lever (party item)", "o garfo: uma alavanca (item do grupo)"),
    "grape": ("a grape: bait or a missile (party item)", "uma uva: isca ou projétil (item do grupo)"),
    "(any other id)": (
        "a marker of the chapter's own: it does nothing by itself; rules test it with token_on",
        "um marcador do próprio capítulo: não faz nada sozinho; as regras o testam com token_on",
    ),
}
"""The token ids a chapter file may place (setup ``tokens``, ``place_token``), with what the engine does with
each; ``-N`` stands for a number (leaf-1, leaf-2...)."""

RESERVED_NAMES: frozenset[str] = frozenset(
    {
        # words the language itself uses for who and what (a file's counters and flags have their own namespace,
        # apart from the engine's keys, so the engine's names are free to use: issue 29)
        "party", "mouse", "minion", "figure", "trigger", "any", "all", "none", "not", "true", "false", "yes", "no",
        "on", "off",
    }
)  # fmt: skip
"""Names a chapter may not give a counter, flag, token, rule, item, mark or log entry (docs/chapters.md)."""


def file_texts(
    actions: tuple[ChapterAction, ...], items: tuple[ChapterItem, ...], rules: tuple[ChapterRule, ...]
) -> dict[str, tuple[str, str]]:
    """The players' words of a file's chapter actions, items, story choices and their options, by id (English,
    Portuguese): what an option button, the terminal and the game log show for ``act``/``choose`` and items."""
    out: dict[str, tuple[str, str]] = {}
    for item in items:
        out[item.id] = (item.name.en, item.name.pt)
    for action in actions:
        out[action.id] = (action.text.en, action.text.pt)
    effects = [e for rule in rules for _, e in walk_effects(rule.do, "")]
    effects += [e for action in actions for _, e in walk_effects(action.do, "")]
    for e in effects:
        if e.choose is not None:
            out[e.choose.id] = (e.choose.prompt.en, e.choose.prompt.pt)
            for option in e.choose.options:
                out[option.id] = (option.text.en, option.text.pt)
    return out
