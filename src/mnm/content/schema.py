"""The schema of all game content: frozen, typed pydantic models.

Every entry names its ``source``: ``rulebook`` (the seed documents), ``fan-reference`` (the public fan tools
quoted in CONTENT.md's appendix) or ``authored`` (designed by us where the sources are silent; an authored
entry must carry a ``note`` saying why).

The models only check what a single entry can know. Checks across entries (a hero whose starting equipment
names a card that does not exist, a chapter that names an unknown tile side) live in :mod:`mnm.content.loader`,
and the board geometry checks in :mod:`mnm.board.geometry`.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt, field_validator, model_validator

from mnm.chapter_language import (
    TRIGGER_FILTERS,
    ChapterAction,
    ChapterItem,
    ChapterRule,
    Condition,
    RoomRules,
    walk_effects,
)
from mnm.chapter_language.field_error import FieldError

__all__ = [
    "SETUP_FIELDS",
    "AbilityCard",
    "AbilityTiming",
    "AttackKind",
    "CardType",
    "Chapter",
    "ChapterPlacement",
    "ChapterRule",
    "Condition",
    "DamageType",
    "Die",
    "DieFace",
    "EncounterCard",
    "EncounterRow",
    "Exit",
    "Feature",
    "FieldError",
    "Hero",
    "HeroClass",
    "Innate",
    "LineKind",
    "LineSpec",
    "Minion",
    "MinionCount",
    "Requirement",
    "RoomRules",
    "SearchCard",
    "Side",
    "Source",
    "SpaceKind",
    "SpaceSpec",
    "Symbol",
    "Terrain",
    "Text",
    "TileColour",
    "TileSide",
]

Source = Literal["rulebook", "fan-reference", "authored"]
Identifier = Annotated[str, Field(pattern=r"^[a-z][a-z0-9-]*$", max_length=40)]


class Model(BaseModel):
    """Base for every content model: frozen, and unknown fields are errors (a typo must not pass silently)."""

    model_config = ConfigDict(frozen=True, extra="forbid", str_strip_whitespace=True)


class Sourced(Model):
    """An entry that says where it comes from."""

    source: Source
    note: str = ""

    @model_validator(mode="after")
    def _authored_needs_note(self) -> Sourced:
        if self.source == "authored" and not self.note:
            raise FieldError("note", "an authored entry needs a note saying why it was designed this way")
        return self


class Text(Model):
    """A text shown to players, in English and Brazilian Portuguese."""

    en: str = Field(min_length=1)
    pt: str = Field(min_length=1)

    def get(self, lang: str) -> str:
        return self.pt if lang.lower().startswith("pt") else self.en


# --- dice ---------------------------------------------------------------------------------------------


class Symbol(StrEnum):
    """Symbols on the action die (R-GEN-05)."""

    SWORD = "sword"
    SWORD_SHIELD = "sword_shield"
    BOW = "bow"
    CHEESE = "cheese"
    STAR = "star"


class DieFace(Model):
    number: int = Field(ge=1, le=3)
    symbols: tuple[Symbol, ...] = Field(min_length=1)


class Die(Sourced):
    """The action die: six faces, each a number 1–3 and symbols (R-GEN-05)."""

    faces: tuple[DieFace, ...] = Field(min_length=6, max_length=6)
    count: int = Field(default=5, ge=1, description="dice in the box")


# --- heroes -------------------------------------------------------------------------------------------


class HeroClass(StrEnum):
    LEADER = "leader"
    WARRIOR = "warrior"
    HEALER = "healer"
    TINKERER = "tinkerer"
    SCAMP = "scamp"
    MYSTIC = "mystic"
    ARCHER = "archer"
    WILD = "wild"  # [EXP] R-GEN-13, R-EXP-18: gecko prints


class Innate(Model):
    """An innate ability printed on a hero card (R-ABIL-05). ``id`` names the engine's implementation."""

    id: Identifier
    name: Text
    text: Text


class Hero(Sourced):
    id: Identifier
    name: Text
    classes: tuple[HeroClass, ...] = Field(min_length=1, max_length=2)
    battle: int = Field(ge=0)
    defense: int = Field(ge=0)
    lore: int = Field(ge=0)
    move: int = Field(ge=0)
    life: int = Field(ge=1)
    innate: tuple[Innate, ...] = ()
    starting_equipment: tuple[Identifier, ...] = ()
    quote: Text | None = None
    expansion: bool = Field(default=False, description="[EXP] an expansion hero, not one of the base box's six")


# --- minions ------------------------------------------------------------------------------------------


class AttackKind(StrEnum):
    MELEE = "melee"
    RANGED = "ranged"


class MinionAbility(StrEnum):
    """The minion abilities the engine knows (each has handlers in ``mnm.engine.effects``; docs/content.md)."""

    STEAL = "steal"  # roaches: cheese instead of wounds (R-ENC-10)
    AGGRESSIVE = "aggressive"  # R-MINION-07
    PISTOLEER = "pistoleer"  # Captain Vurst (R-BOSS-02)
    POISON = "poison"  # spiders (R-NEG-03)
    STUN = "stun"  # R-NEG-02
    POUNCE = "pounce"  # the cat's cards (R-BRODIE-03..06)
    CHASE = "chase"
    IGNITE = "ignite"  # [EXP] Ember Beetles: a wounded mouse catches fire (R-NEG-08)
    CURSE = "curse"  # [EXP] Hex Moths: a wounded mouse is cursed (R-NEG-07)
    HESSTER = "hesster"  # [EXP] Hesster's Strikes and Coils (R-EXP-14)


class Minion(Sourced):
    """A minion type, boss or Brodie: one initiative card type (or several for a boss).

    ``figure_pool`` names the physical figures it uses (Elite Rat Warriors and Captain Vurst stand on rat
    figures with a token, R-ENC-07); ``max_figures`` is how many can be on the board at once (figures or
    tokens, whichever is fewer).
    """

    id: Identifier
    name: Text
    one: Text | None = Field(default=None, description="the name of one figure (singular), when it differs")
    attack: AttackKind
    battle: int = Field(ge=0)
    defense: int = Field(ge=0)
    life: int = Field(ge=1)
    size: Literal["small", "large", "none"] = "small"
    abilities: tuple[MinionAbility, ...] = ()
    ability_text: Text | None = None
    figure_pool: Identifier
    max_figures: int = Field(ge=1)
    boss: bool = False
    cards: int = Field(default=1, ge=1, description="initiative cards (bosses may have several)")
    kind: Literal["minion", "cat", "ally", "pet"] = "minion"
    rat: bool = Field(default=False, description="counts as a rat for rat-only effects (not bosses)")
    roach: bool = False
    # [EXP] expansion creatures (R-EXP, docs/expansion.md)
    expansion: bool = Field(default=False, description="an expansion creature, not one of the base box's figures")
    flying: bool = Field(default=False, description="a butterfly on its initiative card (R-EXP-03)")
    token: bool = Field(default=False, description="shown by a token: left out of space capacity (R-EXP-16)")
    card_names: tuple[Text, ...] = Field(default=(), description="names of its initiative cards, top first (Molox)")
    mindless: bool = Field(default=False, description="a mindless rat: Shard Blast when knocked down (R-EXP-13)")
    mortar_crew: bool = Field(default=True, description="may fire the Clockwork Mortar (R-EXP-12)")


# --- cards --------------------------------------------------------------------------------------------


class CardType(StrEnum):
    WEAPON = "weapon"
    ARMOR = "armor"
    ACCESSORY = "accessory"
    ITEM = "item"
    SCROLL = "scroll"
    TRICK = "trick"
    EVENT = "event"
    PARTY_ITEM = "party_item"


class DamageType(StrEnum):
    SHARP = "sharp"
    BLUNT = "blunt"
    MAGIC = "magic"


class Requirement(Model):
    """Who may use a card (R-SEARCH-12): any of ``classes``, or one of ``heroes``, and stat minimums."""

    classes: tuple[HeroClass, ...] = ()
    heroes: tuple[Identifier, ...] = ()
    min_stats: dict[Literal["battle", "defense", "lore", "move"], int] = Field(default_factory=dict)


class SearchCard(Sourced):
    id: Identifier
    name: Text
    type: CardType
    copies: int = Field(default=1, ge=1)
    text: Text
    requirement: Requirement = Requirement()
    # weapons
    attack: AttackKind | None = None
    damage: DamageType | None = None
    paws: int = Field(default=0, ge=0, le=2)
    # weapons and accessories add attack dice, armor adds defense dice (R-BATTLE-12)
    bonus: int = Field(default=0, ge=0)
    # armor and accessories take a body slot; weapons take paws (R-SEARCH-11)
    slot: Literal["head", "body", "cloak", "accessory"] | None = None
    effect: Identifier | None = Field(default=None, description="the engine effect implementing the text")
    params: dict[str, int | str | bool] = Field(default_factory=dict, description="parameters of the effect")
    party_token: Identifier | None = None
    deck: bool = Field(default=True, description="shuffled into the search deck ([EXP] items come from Party Setup)")

    @model_validator(mode="after")
    def _shape(self) -> SearchCard:
        if self.type is CardType.WEAPON:
            if self.attack is None:
                raise FieldError("attack", "a weapon needs attack: melee or ranged")
            if self.paws < 1:
                raise FieldError("paws", "a weapon needs paws: 1 or 2")
        elif self.attack is not None:
            raise FieldError("attack", f"only weapons have an attack kind, not a {self.type.value}")
        if self.type is CardType.ARMOR and self.slot not in ("head", "body", "cloak"):
            raise FieldError("slot", "armor needs slot: head, body or cloak")
        if self.type is CardType.ACCESSORY and self.slot != "accessory":
            raise FieldError("slot", "an accessory needs slot: accessory")
        if self.type is CardType.PARTY_ITEM and self.party_token is None:
            raise FieldError("party_token", "a party item needs party_token")
        return self

    @property
    def equippable(self) -> bool:
        return self.type in (CardType.WEAPON, CardType.ARMOR, CardType.ACCESSORY)


class AbilityTiming(StrEnum):
    FREE = "free"  # as a free action
    INSTEAD_OF_BATTLE = "instead_of_battle"  # replaces the Battle action
    BEFORE_TURN = "before_turn"  # before this mouse takes its turn
    ACTION = "action"  # costs the mouse its action ([FAQ] R-ABIL-04)
    REACTION = "reaction"  # at a moment the card names (after a roll, when wounded...)


class AbilityCard(Sourced):
    id: Identifier
    name: Text
    classes: tuple[HeroClass, ...] = Field(default=(), description="empty means any class")
    cost: int = Field(ge=0)
    timing: AbilityTiming
    text: Text
    effect: Identifier
    params: dict[str, int | str | bool] = Field(default_factory=dict, description="parameters of the effect")
    copies: int = Field(default=1, ge=1)


class MinionCount(Model):
    minion: Identifier
    count: int = Field(ge=1)


class EncounterRow(Model):
    pages: tuple[int, int] = Field(description="first and last chapter-track page this row is used on")
    minions: tuple[MinionCount, ...] = ()

    @field_validator("pages")
    @classmethod
    def _ordered(cls, v: tuple[int, int]) -> tuple[int, int]:
        if v[0] < 1 or v[1] < v[0]:
            raise ValueError(f"pages must be [first, last] with 1 ≤ first ≤ last, got {list(v)}")
        return v


class EncounterCard(Sourced):
    id: Identifier
    name: Text
    kind: Literal["standard", "difficult"]
    keywords: tuple[Literal["mousetraps", "ambush", "greedy-roaches"], ...] = ()
    rows: tuple[EncounterRow, ...] = Field(min_length=1)
    surge: tuple[MinionCount, ...] = ()

    @model_validator(mode="after")
    def _rows_cover_pages(self) -> EncounterCard:
        expected = 1
        for row in self.rows:
            if row.pages[0] != expected:
                raise FieldError(
                    "rows", f"rows must cover pages from 1 without gaps; expected a row from page {expected}"
                )
            expected = row.pages[1] + 1
        return self


# --- tiles --------------------------------------------------------------------------------------------


class TileColour(StrEnum):
    BLUE = "blue"
    ORANGE = "orange"


class Side(StrEnum):
    """A tile edge. Every tile's orientation arrow points north (R-SETUP-05), so edges are absolute."""

    N = "n"
    E = "e"
    S = "s"
    W = "w"


class SpaceKind(StrEnum):
    NORMAL = "normal"
    WATER = "water"
    SPECIAL = "special"  # special area: own capacity (R-SPACE-03)


class Terrain(StrEnum):
    """[EXP] expansion terrain of a space (R-EXP-04, R-EXP-21, R-EXP-22)."""

    LAVA = "lava"  # never entered voluntarily; flying figures pass over but never land
    CHASM = "chasm"  # crossed only by flying figures, who never land
    SHALLOW = "shallow"  # shallow water: no movement penalty, but it puts out fire (R-WATER-09)


class SpaceSpec(Model):
    """One space of a tile side, named by a map character."""

    n: int = Field(ge=1, description="the space number printed on our board (5:12 is side 5, space 12)")
    kind: SpaceKind = SpaceKind.NORMAL
    name: str = ""
    capacity: int | None = Field(default=None, ge=1, description="special areas only (R-SPACE-03)")
    red_border: bool = False
    drift: str | None = Field(
        default=None,
        description="water with a current: the map character of the space it drifts into, or 'off-n/e/s/w'",
    )
    entry: bool = False  # minion entry space
    trap: bool = False  # red X mousetrap space
    flip: Literal["plain", "gear", "fishhook", "gecko"] | None = None
    start: bool = False
    minions_barred: bool = False  # e.g. the Courtyard's tree entrance
    features: tuple[str, ...] = Field(default=(), description="features drawn in the space (helmet, skull)")
    terrain: Terrain | None = Field(default=None, description="[EXP] lava, chasm or shallow water")

    @model_validator(mode="after")
    def _kind_fields(self) -> SpaceSpec:
        if self.kind is SpaceKind.SPECIAL and self.capacity is None:
            raise FieldError("capacity", "a special area needs a capacity")
        if self.kind is not SpaceKind.SPECIAL and (self.capacity is not None or self.red_border):
            raise FieldError("capacity", "only special areas have capacity and red_border")
        if self.drift is not None and self.kind is not SpaceKind.WATER:
            raise FieldError("drift", "only water spaces have a current (drift)")
        if self.terrain is not None and self.kind is not SpaceKind.NORMAL:
            raise FieldError("terrain", "only normal spaces have terrain (lava, chasm, shallow water)")
        return self


class LineKind(StrEnum):
    YELLOW = "yellow"  # R-MOVE-03: 1 with the arrow, 3 against; minions ignore
    RED = "red"  # R-MOVE-04: not adjacent for mice; minions ignore
    GAP = "gap"  # R-MOVE-06: the Pipes' dark gaps; nobody crosses without a red-line-crossing effect
    BRIDGE = "bridge"  # R-MOVE-02: spaces that do not touch on the map but a mouse's base bridges the gap


class LineSpec(Model):
    """A connection rule between two spaces (map characters). For yellow lines the arrow points a → b."""

    kind: LineKind
    a: str = Field(min_length=1, max_length=1)
    b: str = Field(min_length=1, max_length=1)
    gecko: bool = Field(
        default=False, description="[EXP] a gecko print: only with a Wild mouse in the party (R-EXP-18)"
    )


class Exit(Model):
    """An exit area on a tile edge, covering map cells ``start`` .. ``end`` (inclusive) along that edge."""

    edge: Side
    start: int = Field(ge=0)
    end: int = Field(ge=0)
    colour: TileColour

    @model_validator(mode="after")
    def _ordered(self) -> Exit:
        if self.end < self.start:
            raise FieldError("end", f"exit end ({self.end}) is before its start ({self.start})")
        return self


class Feature(Model):
    """A map character that is not a space: rock, walls, or a board feature between spaces (R-MOVE-05..07)."""

    name: str
    blocks_sight: bool = True


class TileSide(Sourced):
    """One side of a room tile, drawn as a character map of equal cells.

    Each map character is either a space (declared in ``spaces``), ``#`` (solid rock / wall: never entered,
    blocks sight) or a character declared in ``features``. Spaces whose cells share an edge are adjacent;
    ``lines`` change that (yellow, red, gap) or add adjacency across narrow gaps (bridge).
    """

    id: int = Field(ge=1, le=99)
    name: Text
    tile: int = Field(ge=1, description="the physical tile (two sides each)")
    colour: TileColour
    map: tuple[str, ...] = Field(min_length=4)
    spaces: dict[str, SpaceSpec]
    features: dict[str, Feature] = Field(default_factory=dict)
    lines: tuple[LineSpec, ...] = ()
    exits: tuple[Exit, ...] = ()
    description: Text | None = None
    expansion: bool = Field(default=False, description="[EXP] an expansion tile, not one of the base box's 8")
    region: Literal["downwood", "underwood", "upwood"] | None = Field(
        default=None, description="[EXP] outdoor tile: Downwood (green arrow), Underwood (blue), Upwood (R-EXP-17)"
    )
    overlay_of: str | None = Field(
        default=None,
        pattern=r"^\d+:\d+$",
        description="[EXP] an Upwood branch overlay laid over this tree-climb symbol (side:space) by a climb (R-EXP-19)",
    )

    @field_validator("map")
    @classmethod
    def _rectangular(cls, rows: tuple[str, ...]) -> tuple[str, ...]:
        width = len(rows[0])
        for i, row in enumerate(rows):
            if len(row) != width:
                raise FieldError(str(i), f"has {len(row)} cells, row 0 has {width}: the map must be rectangular")
        if width != len(rows):
            raise ValueError(f"the map must be square, got {width}×{len(rows)}")
        return rows

    @model_validator(mode="after")
    def _characters(self) -> TileSide:
        declared = set(self.spaces) | set(self.features) | {"#"}
        for key in self.spaces:
            if len(key) != 1 or key == "#":
                raise FieldError(f"spaces.{key}", "a space key must be one map character other than '#'")
            if key in self.features:
                raise FieldError(f"features.{key}", f"character {key!r} is both a space and a feature")
        for y, row in enumerate(self.map):
            for x, ch in enumerate(row):
                if ch not in declared:
                    raise FieldError(f"map.{y}", f"cell ({x},{y}) uses {ch!r}, which is neither a space nor a feature")
        used = {ch for row in self.map for ch in row}
        for key in self.spaces:
            if key not in used:
                raise FieldError(f"spaces.{key}", f"(space {self.spaces[key].n}) has no cell on the map")
        seen: dict[int, str] = {}
        for key, spec in self.spaces.items():
            if spec.n in seen:
                raise FieldError(f"spaces.{key}.n", f"number {spec.n} is already used by space {seen[spec.n]!r}")
            seen[spec.n] = key
        size = len(self.map)
        for i, ex in enumerate(self.exits):
            if ex.end >= size:
                raise FieldError(
                    f"exits.{i}.end", f"runs to cell {ex.end}, outside the {size}-cell edge (cells 0-{size - 1})"
                )
        for i, line in enumerate(self.lines):
            for end in (line.a, line.b):
                if end not in self.spaces:
                    raise FieldError(f"lines.{i}", f"names {end!r}, which is not a space of this side")
            if line.a == line.b:
                raise FieldError(f"lines.{i}", "joins a space to itself")
        for key, spec in self.spaces.items():
            if spec.drift is not None and not spec.drift.startswith("off-") and spec.drift not in self.spaces:
                raise FieldError(
                    f"spaces.{key}.drift", f"drifts into {spec.drift!r}, which is not a space of this side"
                )
            if spec.drift is not None and spec.drift.startswith("off-") and spec.drift[4:] not in ("n", "e", "s", "w"):
                raise FieldError(
                    f"spaces.{key}.drift", f"{spec.drift!r} must be a space or off-n, off-e, off-s or off-w"
                )
        return self


# --- chapters -----------------------------------------------------------------------------------------


class ChapterPlacement(Model):
    """A physical tile laid out for a chapter: which side is up and where (in tile units, x east, y south)."""

    side: int
    at: tuple[int, int]


class StartingMinions(Model):
    minion: Identifier
    count: int = Field(ge=1)
    side: int
    how: Literal["normal"] = "normal"


class NamedPlacement(Model):
    """A minion placed on a named space at setup (R-SETUP-08, R-STORY-03): its cards join the track."""

    minion: Identifier
    space: str = Field(pattern=r"^\d+:\d+$", description="side:space, e.g. 5:3")


class SpecialSearch(Model):
    """R-SEARCH-07 / R-STORY-03: searching here finds a named card (once), instead of a random draw."""

    side: int
    card: Identifier
    where: Literal["tile", "water"] = "tile"
    classes: tuple[HeroClass, ...] = ()


class SpecialSurge(Model):
    """R-SURGE-03 step 2: while the mice are on this side, a surge places these minions instead."""

    side: int
    minions: tuple[MinionCount, ...]


class StartingHelper(Model):
    """[EXP] an ally or pet that starts next to a mouse (R-EXP-01/02)."""

    minion: Identifier
    space: str = Field(pattern=r"^\d+:\d+$")


# The fields a chapter file writes under ``setup:`` (the storybook's Setup section). The model keeps them as
# flat attributes (``chapter.end_page``...), so every reader stays as it was; the file nests them.
SETUP_FIELDS: tuple[str, ...] = (
    "party_size",
    "forbidden_heroes",
    "encounter_kinds",
    "end_page",
    "track_pages",
    "layout",
    "start_space",
    "starting_minions",
    "special_searches",
    "special_surges",
    "party_items",
    "rain",
    "tokens",
    "helpers",
    "placements",
)


class Chapter(Sourced):
    """A chapter, shaped like the storybook's sections: ``setup`` (nested in the file, flat attributes here),
    ``story`` (moments), ``victory`` and ``defeat`` (conditions), ``rules`` (special rules) and ``rooms`` (each
    tile's rules). The rules are the chapter language (:mod:`mnm.chapter_language`, docs/chapters.md)."""

    id: Identifier
    number: int = Field(ge=0)
    name: Text
    objective: Text
    victory_text: Text
    defeat_text: Text
    # issue 46: the words read at a defeat, by its cause (R-WIN-02): the hourglass reached the end marker, every
    # mouse captured, or the chapter's own defeat (its ``defeat`` conditions or a rule's ``defeat`` effect); a
    # cause without its own words reads ``defeat_text`` (docs/chapters.md, "Defeat texts")
    defeat_texts: dict[Literal["hourglass", "all_captured", "chapter"], Text] = Field(
        default_factory=dict, description="the defeat's words by its cause: hourglass, all_captured, chapter"
    )
    story: dict[str, Text] = Field(default_factory=dict, description="story texts by moment")
    party_size: StrictInt = Field(ge=1, le=4, description="a whole number 1-4 (not true: issue 29)")
    forbidden_heroes: tuple[Identifier, ...] = ()
    encounter_kinds: tuple[Literal["standard", "difficult"], ...] = ("standard",)
    end_page: int = Field(ge=2)
    track_pages: int = Field(default=10, ge=2, le=20, description="pages printed on the chapter track")
    layout: tuple[ChapterPlacement, ...] = Field(min_length=1)
    start_space: str = Field(pattern=r"^\d+:\d+$", description="side:space, e.g. 5:3")
    starting_minions: tuple[StartingMinions, ...] = ()
    special_searches: tuple[SpecialSearch, ...] = ()
    special_surges: tuple[SpecialSurge, ...] = ()
    next_chapter: Identifier | None = None
    # [EXP] expansion setup (docs/expansion.md)
    party_items: tuple[Identifier, ...] = Field(default=(), description="party item cards given at Party Setup")
    rain: bool = Field(default=False, description="it rains from the start (R-EXP-07)")
    tokens: dict[Identifier, tuple[str, ...]] = Field(
        default_factory=dict, description="tokens on the board at setup (leaf-1: [side:space], mortar: [...])"
    )
    helpers: tuple[StartingHelper, ...] = Field(default=(), description="allies and pets with the party at setup")
    # the chapter language (issue 22)
    victory: tuple[Condition, ...] = Field(default=(), description="the mice win when all of these hold (R-WIN-01)")
    defeat: tuple[Condition, ...] = Field(
        default=(), description="besides the general defeats (R-WIN-02), the mice lose when all of these hold"
    )
    rules: tuple[ChapterRule, ...] = Field(default=(), description="the chapter's special rules (R-STORY-05)")
    rooms: tuple[RoomRules, ...] = Field(default=(), description="each room tile's rules (R-STORY-03)")
    actions: tuple[ChapterAction, ...] = Field(
        default=(), description="chapter actions: what a mouse may choose to do with its action (R-STORY-05)"
    )
    items: tuple[ChapterItem, ...] = Field(default=(), description="the chapter's named items (give_item, take_item)")
    placements: tuple[NamedPlacement, ...] = Field(default=(), description="minions on named spaces at setup")

    @property
    def added_tiles(self) -> tuple[ChapterPlacement, ...]:
        """The tiles rules lay during the chapter (``add_tile``), each once, in the file's order: the board knows
        their places from the start (mnm.board.layout), the game lays them (issue 30)."""
        sources = [r.do for r in self.rules] + [r.do for room in self.rooms for r in room.rules]
        sources += [a.do for a in self.actions]
        out: dict[int, ChapterPlacement] = {}
        laid = {p.side for p in self.layout}
        for effects in sources:
            for _, e in walk_effects(effects, ""):
                if e.add_tile is not None and e.add_tile.side not in laid:
                    out.setdefault(e.add_tile.side, ChapterPlacement(side=e.add_tile.side, at=e.add_tile.at))
        return tuple(out.values())

    @model_validator(mode="before")
    @classmethod
    def _lift_setup(cls, data: object) -> object:
        """The file's ``setup:`` section holds the setup fields; the model keeps them flat."""
        if not isinstance(data, dict) or "setup" not in data:
            return data
        setup = data["setup"]
        if not isinstance(setup, dict):
            raise FieldError("setup", "must be a mapping of setup fields")
        out = {k: v for k, v in data.items() if k != "setup"}
        for key, value in setup.items():
            if key not in SETUP_FIELDS:
                raise FieldError(f"setup.{key}", f"is not a setup field (they are: {', '.join(SETUP_FIELDS)})")
            if key in out:
                raise FieldError(key, "is given both in setup and at the top: write it once, under setup")
            out[key] = value
        return out

    @model_validator(mode="after")
    def _end_on_track(self) -> Chapter:
        if self.end_page > self.track_pages:
            raise FieldError("end_page", f"{self.end_page} is past the last track page {self.track_pages}")
        return self

    def defeat_words(self, cause: str) -> Text:
        """The words read at a defeat of this ``cause`` (a state's ``outcome``): its own, else ``defeat_text``."""
        for known, words in self.defeat_texts.items():
            if known == cause:
                return words
        return self.defeat_text

    def all_rules(self) -> tuple[ChapterRule, ...]:
        """The chapter's rules, then each room's (a room rule whose trigger takes a side and names none gets the
        room's side)."""
        out = list(self.rules)
        for room in self.rooms:
            for rule in room.rules:
                if "side" in TRIGGER_FILTERS[rule.when] and rule.where.side is None:
                    rule = rule.model_copy(update={"where": rule.where.model_copy(update={"side": room.side})})
                out.append(rule)
        return tuple(out)
