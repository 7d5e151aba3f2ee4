"""The conditions a rule, a victory or a defeat tests (``if:``, ``victory:``, ``defeat:``): one parameter model
per :class:`~mnm.chapter_language.words.ConditionKind`, the figure selector (:class:`Select`) effects use too, and
:class:`Condition`, the one-key mapping of them."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, model_validator

from mnm.chapter_language.words import (
    COUNTER_LIMIT,
    Compare,
    ConditionKind,
    Ident,
    SpaceId,
    Strict,
    attr_name,
    one_key,
    set_key,
)


class _None(Strict):
    """No parameters (write ``{}``)."""


class _Spaces(Strict):
    spaces: tuple[SpaceId, ...] = Field(min_length=1)


class _Side(Strict):
    side: int


class _MinionType(Strict):
    minion: Ident


class _PartyHolds(Strict):
    token: Ident = Field(description="a party token in the stash (a party item's token, e.g. fishhook)")


class _TokenOn(Strict):
    token: Ident
    side: int | None = Field(default=None, description="on this side (any side when left out)")


class _Achievement(Strict):
    achievement: Ident


class _CounterTest(Strict):
    name: Ident
    op: Compare | Literal["unset"] = Field(description="eq, ne, lt, le, gt, ge, or unset (never set)")
    value: int = Field(default=0, ge=-COUNTER_LIMIT, le=COUNTER_LIMIT)


class _Flag(Strict):
    name: Ident


class _CompareTest(Strict):
    what: Literal["round", "page", "surges"] = Field(description="rounds begun, hourglass page, surges so far")
    op: Compare
    value: int


class _Card(Strict):
    card: Ident


class _FigureTest(Strict):
    """Tests of the trigger's figure; every test given must hold."""

    mouse: bool | None = Field(default=None, description="true: a mouse; false: a minion")
    minion: Ident | None = None
    roach: bool | None = None
    side: int | None = None
    spaces: tuple[SpaceId, ...] = ()
    wounds_at_least: int | None = Field(default=None, ge=0)


class Select(Strict):
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


class _HoldsItem(Strict):
    item: Ident = Field(description="a chapter item (items:), held by a mouse or the party")


class _HeroPresent(Strict):
    hero: Ident = Field(description="a hero id, e.g. maginos")


class _ClassPresent(Strict):
    class_: Ident = Field(alias="class", description="a hero class: leader, scout, warrior, healer, mystic...")


class _Marked(Strict):
    mark: Ident = Field(description="a per-mouse mark (set by the mark effect)")
    who: Literal["trigger", "mouse", "any"] = Field(default="any", description="the trigger's figure or mouse, or any")


class _Count(Strict):
    select: Select = Field(description="the figures counted")
    op: Compare = Compare.GE
    value: int = Field(default=1, ge=0, le=99)


class _Logged(Strict):
    entry: Ident = Field(description="a campaign log entry (record effect), kept from chapter to chapter")
    op: Compare | Literal["recorded", "crossed_out", "absent"] = Field(
        default="recorded", description="recorded, crossed_out, absent, or a comparison of its count"
    )
    value: int = Field(default=1, ge=0, le=99)


class _WeatherIs(Strict):
    state: Literal["rain", "clear"] = Field(description="the weather: rain or clear")


class _TimeIs(Strict):
    phase: Literal["day", "night"] = Field(description="day or night (night: the moon is on the wheel)")


class Condition(Strict):
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
        one_key(self, "condition", ConditionKind)
        return self

    @property
    def kind(self) -> ConditionKind:
        return ConditionKind(set_key(self))

    @property
    def params(self) -> Any:
        return getattr(self, attr_name(set_key(self)))




Condition.model_rebuild()
