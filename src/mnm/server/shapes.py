"""The shapes of what the server sends that its OpenAPI leaves as "an object": the table view (issue 49).

``views.table_view`` builds the view as a plain dict (fast, no validation on the way out); these TypedDicts say
what it holds, once, for both sides of the wire. tests/server/test_view_shapes.py validates real views of played
games against them (an unlisted key, a missing one or a wrong type fails), and scripts/gen_web_types.py turns them
into the web client's ``TableView`` and friends in src/mnm/web/api_types.d.ts, which the client's JSDoc uses
(``tsc --noEmit``). Nested parts the client only passes on (cards, marks, the legend) stay ``dict[str, Any]``.
"""

from __future__ import annotations

from typing import Any, Literal, NotRequired

from pydantic import ConfigDict, TypeAdapter
from typing_extensions import TypedDict

_CLOSED = ConfigDict(extra="forbid", strict=True)
_OPEN = ConfigDict(extra="allow", strict=True)


class Text(TypedDict):
    """A text in both languages."""

    __pydantic_config__ = _CLOSED  # type: ignore[misc]
    en: str
    pt: str


Card = dict[str, Any]


class Ability(TypedDict):
    """An ability card a mouse holds (a name only when the content does not know it)."""

    __pydantic_config__ = _CLOSED  # type: ignore[misc]
    id: str
    name: Text | None
    text: NotRequired[Text | None]
    cost: NotRequired[int | None]


class Innate(TypedDict):
    """A mouse's own power printed on its card."""

    __pydantic_config__ = _CLOSED  # type: ignore[misc]
    id: str
    name: Text | None
    text: Text | None


class EventView(TypedDict):
    """One event of the log (``views.event_json``): its message id and values, the rule it follows, its sentence in
    both languages, and a story event's text."""

    __pydantic_config__ = _CLOSED  # type: ignore[misc]
    msg: str
    params: dict[str, Any]
    rule: NotRequired[str]
    text: Text
    story: NotRequired[Text | None]


class HeroView(TypedDict):
    """One mouse of the party: its card's numbers, where it stands, its wounds, cards and seat."""

    __pydantic_config__ = _CLOSED  # type: ignore[misc]
    id: str
    name: Text | None
    classes: list[str]
    battle: int
    defense: int
    lore: int
    move: int
    life: int
    space: str | None
    wounds: int
    poison: int
    cheese: int
    statuses: list[str]
    captured: bool
    equipped: list[Card]
    pack: list[Card]
    tricks: list[Card]
    abilities: list[Ability]
    innate: list[Innate]
    achievements: list[str]
    seat: int | None
    bot: str | None


class MinionView(TypedDict):
    """One minion on the board."""

    __pydantic_config__ = _CLOSED  # type: ignore[misc]
    id: str
    type: str
    name: Text
    space: str | None
    wounds: int
    statuses: list[str]
    life: int
    size: str
    attack: str
    battle: int
    defense: int
    flying: bool


class SeatView(TypedDict):
    """A seat: its mice, and the bot playing it (null: people)."""

    __pydantic_config__ = _CLOSED  # type: ignore[misc]
    seat: int
    heroes: list[str]
    bot: str | None


class ChapterView(TypedDict):
    """The chapter played: its words, its track, its special rules and trackers."""

    __pydantic_config__ = _CLOSED  # type: ignore[misc]
    id: str
    number: int | None
    name: Text | None
    objective: Text | None
    victory_text: Text | None
    defeat_text: Text | None
    track_pages: int
    next_chapter: str | None
    custom: bool
    rules: list[dict[str, Any]]
    goal_spaces: list[str]
    trackers: list[dict[str, Any]]


class TurnView(TypedDict):
    """The mouse whose turn it is and what its turn has used."""

    __pydantic_config__ = _CLOSED  # type: ignore[misc]
    mouse: str
    move_points: int
    acted: bool
    rolled: int  # the number rolled for movement this turn (0: not yet)


class EncounterView(TypedDict):
    """The encounter card up, and its surge."""

    __pydantic_config__ = _CLOSED  # type: ignore[misc]
    id: str
    name: Text
    surge: list[dict[str, Any]]


class DecisionView(TypedDict):
    """The engine's open decision: who decides, the options (each an action's text), and what the client shows
    with them (names, the question and its help, cards, explore destinations, confirmations, prices, move costs)."""

    __pydantic_config__ = _OPEN  # type: ignore[misc]
    kind: str
    actor: str
    options: list[str]
    data: dict[str, Any]
    names: dict[str, Text]
    question: Text
    help: Text
    cards: NotRequired[dict[str, Card]]
    explore: NotRequired[dict[str, dict[str, Any]]]
    confirm: NotRequired[dict[str, str]]
    prices: NotRequired[dict[str, int]]
    move_costs: NotRequired[dict[str, int]]
    explore_missing: NotRequired[dict[str, Any] | None]


class CampaignView(TypedDict):
    """After the chapter: the next chapter, the cards each mouse may keep, the table's picks and who picks."""

    __pydantic_config__ = _CLOSED  # type: ignore[misc]
    next_chapter: str | None
    keepable: dict[str, list[Card]]
    keep: dict[str, str | None]
    decides: dict[str, int | None]
    continued_to: str | None


class TableView(TypedDict):
    """The public view of a table (``views.table_view``): the same for every seat and spectator."""

    __pydantic_config__ = _CLOSED  # type: ignore[misc]
    id: str
    version: int
    companion: bool
    options: list[dict[str, Any]]
    seats: list[SeatView]
    chapter: ChapterView
    status: str
    outcome: str | None
    round: int
    wheel: int
    hourglass: int
    end_page: int
    board_key: str
    traps: list[str]
    tokens: dict[str, list[str]]
    helpers: dict[str, dict[str, Any]]
    weather: dict[str, bool]
    marks: list[dict[str, Any]]
    unlaid: list[Any]
    legend: list[dict[str, Any]]
    base_legend: list[dict[str, Any]]
    stash: list[str]
    stash_names: dict[str, Text]
    stash_cards: dict[str, Card | None]
    minion_types: dict[str, dict[str, Any]]
    party_cards: list[Card]
    track: list[dict[str, Any]]
    turn_index: int
    acting: str | None
    turn: TurnView | None
    encounter_up: EncounterView | None
    decks: dict[str, int]
    story_achievements: list[str]
    heroes: list[HeroView]
    minions: list[MinionView]
    decision: DecisionView | None
    can_undo: bool
    undo_actor: str | None
    undo_reason: str | None
    events_total: int
    fairness: dict[str, Any]
    campaign_sheet: dict[str, Any] | None
    stopped: dict[str, Any] | None
    summary: NotRequired[dict[str, Any]]
    campaign: NotRequired[CampaignView]
    log_first: NotRequired[int]
    log: NotRequired[list[EventView]]


class You(TypedDict):
    """Who this connection is at the table: a seat (its mice), the host, or a spectator."""

    __pydantic_config__ = _CLOSED  # type: ignore[misc]
    seat: int
    role: str
    heroes: list[str]


class StateMessage(TypedDict):
    """The socket's answer to hello (and to sync): who you are and the whole view, with the log's last page."""

    __pydantic_config__ = _CLOSED  # type: ignore[misc]
    type: Literal["state"]
    you: You
    view: TableView


class UpdateMessage(TypedDict):
    """To every socket of the table after an action or an undo: its events and the view after it."""

    __pydantic_config__ = _CLOSED  # type: ignore[misc]
    type: Literal["update"]
    kind: str
    action: str
    seat: int
    version: int
    first_event: int
    events: list[EventView]
    view: TableView


class DeltaMessage(TypedDict):
    """To a socket whose hello said ``"deltas": true`` (issue 50), instead of an :class:`UpdateMessage` when the
    server has the view just before: the same fields without ``view``, and how to make it from the view of
    version ``base`` (the client's, or it asks ``sync``): ``patch`` replaces those top-level keys, ``removed``
    deletes those. The view made is the update's ``view`` (without the log, which the events extend)."""

    __pydantic_config__ = _CLOSED  # type: ignore[misc]
    type: Literal["update"]
    kind: str
    action: str
    seat: int
    version: int
    first_event: int
    events: list[EventView]
    base: int
    patch: dict[str, Any]
    removed: list[str]


class Variant(TypedDict):
    """A rule variant (a game option): its id and its sentence."""

    __pydantic_config__ = _CLOSED  # type: ignore[misc]
    id: str
    text: Text


class CatalogChapter(TypedDict):
    """A chapter a new table may play."""

    __pydantic_config__ = _CLOSED  # type: ignore[misc]
    id: str
    number: int | None
    name: Text
    objective: Text
    party_size: int
    forbidden_heroes: list[str]


class CatalogHero(TypedDict):
    """A mouse a party may take."""

    __pydantic_config__ = _CLOSED  # type: ignore[misc]
    id: str
    name: Text
    classes: list[str]


class Catalog(TypedDict):
    """``GET /api/catalog``: what a new table may be made of (chapters, mice, the die, variants, difficulties)."""

    __pydantic_config__ = _CLOSED  # type: ignore[misc]
    chapters: list[CatalogChapter]
    heroes: list[CatalogHero]
    die: list[dict[str, Any]]
    options: list[Variant]
    difficulties: list[dict[str, Any]]
    seeds_allowed: bool


class CreatedSeat(TypedDict):
    """A seat of a new table, with its token (shown this once)."""

    __pydantic_config__ = _CLOSED  # type: ignore[misc]
    seat: int
    heroes: list[str]
    token: str
    bot: str | None


class Created(TypedDict):
    """``POST /api/tables``: the new table, every token (the only time they are shown) and the links to share."""

    __pydantic_config__ = _CLOSED  # type: ignore[misc]
    table: str
    version: int
    commit: str
    host_token: str
    seats: list[CreatedSeat]
    links: dict[str, Any]


class SpaceGeometry(TypedDict):
    """Where a space is drawn (SVG pixels: its centre and each cell's) and what the board knows of it."""

    __pydantic_config__ = _CLOSED  # type: ignore[misc]
    x: float
    y: float
    cells: list[list[float]]
    water: bool
    capacity: int
    name: str
    side: int
    n: int
    entry: bool
    trap: bool
    start: bool
    flip: str | None
    terrain: str | None
    drift: str | None
    features: list[str]


class BoardGeometry(TypedDict):
    """``GET /api/tables/{id}/board`` (``mnm.board.picture.board_geometry``): the board's SVG for the sides face
    up, where each space and exit is on it, and the sides' names."""

    __pydantic_config__ = _CLOSED  # type: ignore[misc]
    key: str
    svg: str
    width: float
    height: float
    cell: float
    spaces: dict[str, SpaceGeometry]
    exits: list[dict[str, Any]]
    sides: dict[str, Text]
    outdoor: list[int]


# The shapes the web client's types are written from (scripts/gen_web_types.py), each a top-level declaration.
SHAPES: tuple[type, ...] = (TableView, You, StateMessage, UpdateMessage, DeltaMessage, Catalog, Created, BoardGeometry)

TABLE_VIEW: TypeAdapter[TableView] = TypeAdapter(TableView)
