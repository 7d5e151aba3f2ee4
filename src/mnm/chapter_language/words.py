"""The chapter language's closed vocabularies: the words a rule is written in (issue 22, docs/chapters.md).

Every word is a StrEnum member: the triggers (``when:``), the condition and effect kinds, who an effect acts on,
the comparisons; then each trigger's own filters (``where:``) and what it gives its effects (its subjects). Also
the base every model of the language stands on (:class:`Strict`: frozen, no unknown field) and the helpers of
the one-key mappings (``{kind: {parameters}}``) conditions and effects are written as.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Final, Literal

from pydantic import BaseModel, ConfigDict, Field

COUNTER_LIMIT: Final = 999  # a chapter counter stays within -999..999 (its effects stop at the bound)
END_MARKER_PAGES: Final = 20  # a move_end_marker moves at most this many pages either way (the track has ~10)

SpaceId = Annotated[str, Field(pattern=r"^\d+:\d+$", description="side:space, e.g. 5:12")]
Ident = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_-]*$", max_length=40)]


class Strict(BaseModel):
    """The base of every model of the language: frozen, no unknown field, stripped strings."""

    model_config = ConfigDict(frozen=True, extra="forbid", str_strip_whitespace=True, populate_by_name=True)


class Text(Strict):
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


class Where(Strict):
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


# --- one-key mappings: a condition or an effect is exactly one key of its vocabulary -------------------------------

def attr_name(key: str) -> str:
    return "not_" if key == "not" else "else_" if key == "else" else key


def set_key(model: BaseModel) -> str:
    for name in type(model).model_fields:
        if getattr(model, name) is not None:
            return "not" if name == "not_" else name
    raise ValueError("empty")


def one_key(model: BaseModel, what: str, vocab: type[StrEnum]) -> None:
    given = [name for name in type(model).model_fields if getattr(model, name) is not None]
    if len(given) != 1:
        words = ", ".join(v.value for v in vocab)
        raise ValueError(f"a {what} is one key of: {words} (got {len(given)})")

