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
    "SENTENCES",
    "SUBJECT_WORDS",
    "TRIGGER_FILTERS",
    "TRIGGER_SUBJECTS",
    "ChapterRule",
    "Compare",
    "Condition",
    "ConditionKind",
    "Effect",
    "EffectKind",
    "EventSpec",
    "RoomRules",
    "Subject",
    "Trigger",
    "Where",
    "Who",
    "effect_needs",
    "engine_token",
    "gate_reason",
    "sentence",
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
    page: int | None = Field(default=None, ge=1, description="the hourglass page reached")


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
    Trigger.EXPLORE_ATTEMPT: ("side", "what"),
    Trigger.CHAPTER_WON: (),
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
    {EffectKind.STORY, EffectKind.ANNOUNCE, EffectKind.STORY_ACHIEVEMENT, EffectKind.COUNTER, EffectKind.SET_FLAG}
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
    if kind is EffectKind.OLGA_CHARGES:
        return frozenset({Subject.MOUSE})
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
    return None


ENGINE_TOKEN_KINDS: Final = ("leaf", "turtle", "bee", "olga", "mortar", "grape", "fork", "fishhook")
"""Tokens the engine's rules read: the expansion's markers (by the kind before ``-``) and the party items'."""


def engine_token(token: str, party_tokens: Iterable[str]) -> bool:
    """Whether a token is the engine's (a rule's place_token and remove_token are for the chapter's own tokens)."""
    return token.split("-", 1)[0] in ENGINE_TOKEN_KINDS or token in set(party_tokens)


def _gates(effects: tuple[Effect, ...]) -> list[_Gate]:
    out: list[_Gate] = []
    for e in effects:
        if e.gate is not None:
            out.append(e.gate)
        if e.roll is not None:
            out += _gates(e.roll.then) + _gates(e.roll.else_)
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
Effect.model_rebuild()


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
    (ConditionKind.RAINING, ("it is raining", "está chovendo")),
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
    (EffectKind.START_RAIN, ("the rain begins (R-EXP-07)", "a chuva começa (R-EXP-07)")),
    (
        EffectKind.NIGHTFALL,
        (
            "night falls: the moon goes on the wheel (R-EXP-11)",
            "anoitece: a lua vai para a roda (R-EXP-11)",
        ),
    ),
    (
        EffectKind.OLGA_CHARGES,
        (
            "Olga charges the mouse (R-EXP-10)",
            "Olga avança contra o rato (R-EXP-10)",
        ),
    ),
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
