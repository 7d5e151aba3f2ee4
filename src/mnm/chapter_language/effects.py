"""The effects a rule does (``do:``), in order: one parameter model per
:class:`~mnm.chapter_language.words.EffectKind`, the event an effect fires (:class:`EventSpec`), :class:`Effect`
(the one-key mapping of them) and :func:`walk_effects`, which visits nested effects too (a roll's then/else, a
story choice's options)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, model_validator

from mnm.chapter_language.conditions import Select
from mnm.chapter_language.words import (
    COUNTER_LIMIT,
    END_MARKER_PAGES,
    EffectKind,
    Ident,
    SpaceId,
    Strict,
    Text,
    Who,
    attr_name,
    one_key,
    set_key,
)


class EventSpec(Strict):
    """The event an effect fires: its name in the event catalogue (mnm.presentation.info), its rule ID, literal parameters,
    and which of the effect's values it carries under which name (``take: {amount: moved}``); ``none: true``
    fires nothing beyond what the engine rule the effect calls fires itself."""

    name: Ident | None = None
    rule: str = Field(default="", pattern=r"^$|^R-[A-Z]+-\d+$")
    params: dict[str, int | str | bool] = Field(default_factory=dict)
    take: dict[str, str] | None = Field(default=None, description="event field -> effect value; none: all values")
    none: bool = False


class _EffectBase(Strict):
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
    reason: Text = Field(description="why not, shown to the player who tries")


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


class _ChoiceOption(Strict):
    id: Ident = Field(description="the option's id (its action: choose <mouse> <id>)")
    text: Text = Field(description="the option as the players read it")
    do: tuple[Effect, ...] = Field(min_length=1)


class _Choose(_EffectBase):
    """A story choice: the players choose one option; its effects run (a decision like any other)."""

    id: Ident = Field(description="the choice's id, unique in the file")
    prompt: Text = Field(description="the question the players read")
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


class Effect(Strict):
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
        one_key(self, "effect", EffectKind)
        if self.announce is not None and (self.announce.event is None or self.announce.event.name is None):
            raise ValueError("announce needs event.name: the event it fires")
        return self

    @property
    def kind(self) -> EffectKind:
        return EffectKind(set_key(self))

    @property
    def params(self) -> Any:
        return getattr(self, attr_name(set_key(self)))



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


_Roll.model_rebuild()
_ChoiceOption.model_rebuild()
_Choose.model_rebuild()
Effect.model_rebuild()
