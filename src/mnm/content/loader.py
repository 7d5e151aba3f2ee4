"""Load a content folder into one frozen :class:`Content`, or report every error with file, entry and field.

A content folder holds::

    die.yaml            the action die
    heroes.yaml         hero id -> entry
    minions.yaml        minion id -> entry
    cards/search.yaml   search cards, card id -> entry
    cards/abilities.yaml
    cards/encounters.yaml
    tiles/*.yaml        one tile side per file
    chapters/*.yaml     one chapter per file

Nothing half-loaded is ever returned: :func:`load_content` either returns a complete, cross-checked
:class:`Content` or raises :class:`ContentError` listing every problem found.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar

import yaml
from pydantic import BaseModel, ValidationError

try:  # libyaml's parser is several times faster than the pure-Python one
    from yaml import CSafeLoader as _SafeLoader
except ImportError:  # pragma: no cover - PyYAML built without libyaml
    from yaml import SafeLoader as _SafeLoader  # type: ignore[assignment]

from mnm.content.schema import (
    SETUP_FIELDS,
    AbilityCard,
    CardType,
    Chapter,
    Die,
    EncounterCard,
    FieldError,
    Hero,
    Minion,
    SearchCard,
    TileSide,
)

__all__ = [
    "MESSAGES",
    "ChapterFile",
    "Content",
    "ContentCheck",
    "ContentError",
    "ContentIssue",
    "Reader",
    "add_content_check",
    "builtin_content",
    "builtin_dir",
    "cross_check",
    "load_content",
]

M = TypeVar("M", bound=BaseModel)


@dataclass(frozen=True)
class ContentIssue:
    """One problem in a content folder: which file, which entry, which field, and what is wrong."""

    file: str
    entry: str
    field: str
    message: str

    def __str__(self) -> str:
        parts = [self.file]
        if self.entry:
            parts.append(self.entry)
        if self.field:
            parts.append(self.field)
        return ": ".join(parts) + f" {self.message}" if self.field else ": ".join(parts) + f": {self.message}"


class ContentError(Exception):
    """Raised when a content folder has one or more problems; ``issues`` lists them all."""

    def __init__(self, issues: list[ContentIssue]) -> None:
        self.issues = issues
        super().__init__("\n".join(str(i) for i in issues))


@dataclass(frozen=True)
class ChapterFile:
    """Where a chapter played from a chapter file came from (``mnm play --chapter-file``, docs/chapters.md):
    the digest of its canonical content (what saves record), the file's name as given, and its text (so a
    simulation's workers, a server restart or a campaign can rebuild it)."""

    chapter: str
    digest: str
    file: str
    text: str = field(default="", repr=False)


@dataclass(frozen=True)
class Content:
    """All game content, validated and cross-checked. Immutable; shared by every game that uses it."""

    die: Die
    heroes: Mapping[str, Hero]
    minions: Mapping[str, Minion]
    search_cards: Mapping[str, SearchCard]
    ability_cards: Mapping[str, AbilityCard]
    encounter_cards: Mapping[str, EncounterCard]
    tile_sides: Mapping[int, TileSide]
    chapters: Mapping[str, Chapter]
    root: str = ""
    _files: Mapping[str, str] = field(default_factory=dict, repr=False)
    # chapters added from chapter files (not shipped), by chapter id: saves of them carry the digest
    chapter_files: Mapping[str, ChapterFile] = field(default_factory=dict)

    def stats(self) -> dict[str, int]:
        """Counts of each kind of content; card counts include every copy in the box."""
        return {
            "heroes": sum(1 for h in self.heroes.values() if not h.expansion),
            "expansion_heroes": sum(1 for h in self.heroes.values() if h.expansion),  # [EXP] Wild heroes
            "minions": len(self.minions),
            "tile_sides": sum(1 for s in self.tile_sides.values() if not s.expansion),
            "expansion_tile_sides": sum(1 for s in self.tile_sides.values() if s.expansion),  # [EXP]
            "search_cards": sum(c.copies for c in self.search_cards.values() if c.deck),
            "setup_items": sum(c.copies for c in self.search_cards.values() if not c.deck),  # [EXP] Party Setup
            "ability_cards": sum(c.copies for c in self.ability_cards.values()),
            "encounter_cards": len(self.encounter_cards),
            "chapters": len(self.chapters),
        }

    def chapter(self, key: str | int) -> Chapter:
        """A chapter by id (``flight-to-barksburg``) or number (``1``)."""
        if isinstance(key, str) and key in self.chapters:
            return self.chapters[key]
        for ch in self.chapters.values():
            if str(ch.number) == str(key):
                return ch
        raise KeyError(f"no chapter {key!r}; known: {', '.join(sorted(self.chapters))}")

    def file_of(self, kind: str, key: str) -> str:
        return self._files.get(f"{kind}:{key}", "")


ContentCheck = Callable[[Content], list[ContentIssue]]
# Checks a later layer adds (the engine: every effect, innate and parameter named has a handler). They run on
# every folder loaded after they were added; content stays free of engine imports.
_CHECKS: list[ContentCheck] = []


def add_content_check(check: ContentCheck) -> None:
    """Run ``check`` on every content folder loaded from now on; its issues refuse the content."""
    if check not in _CHECKS:
        _CHECKS.append(check)


def builtin_dir() -> Path:
    """The content folder shipped inside the package."""
    return Path(str(resources.files("mnm.content").joinpath("data")))


@cache
def builtin_content() -> Content:
    """The built-in content, loaded once per process."""
    return load_content(builtin_dir())


# pydantic error type -> our message for it; the chapter file reader (mnm.chapters.file) words its issues alike
MESSAGES: dict[str, Callable[[dict[str, Any], Any], str]] = {
    "greater_than_equal": lambda ctx, got: f"must be ≥ {ctx.get('ge')}, got {got!r}",
    "greater_than": lambda ctx, got: f"must be > {ctx.get('gt')}, got {got!r}",
    "less_than_equal": lambda ctx, got: f"must be ≤ {ctx.get('le')}, got {got!r}",
    "less_than": lambda ctx, got: f"must be < {ctx.get('lt')}, got {got!r}",
    "missing": lambda ctx, got: "is required",
    "extra_forbidden": lambda ctx, got: "is not a known field",
    "int_type": lambda ctx, got: f"must be a whole number, got {got!r}",
    "int_parsing": lambda ctx, got: f"must be a whole number, got {got!r}",
    "string_type": lambda ctx, got: f"must be text, got {got!r}",
    "enum": lambda ctx, got: f"must be one of {ctx.get('expected')}, got {got!r}",
    "literal_error": lambda ctx, got: f"must be one of {ctx.get('expected')}, got {got!r}",
    "string_pattern_mismatch": lambda ctx, got: f"must match {ctx.get('pattern')}, got {got!r}",
    "too_short": lambda ctx, got: f"must have at least {ctx.get('min_length')} item(s)",
    "too_long": lambda ctx, got: f"must have at most {ctx.get('max_length')} item(s)",
}


def _issues_from_validation(file: str, entry: str, err: ValidationError) -> Iterator[ContentIssue]:
    for e in err.errors():
        loc = ".".join(str(p) for p in e["loc"])
        cause = (e.get("ctx") or {}).get("error")
        render = MESSAGES.get(e["type"])
        if isinstance(cause, FieldError):
            # a check across fields names its own field, relative to the model that raised it
            loc = f"{loc}.{cause.field}" if loc else cause.field
            msg = str(cause)
        elif render is not None:
            msg = render(dict(e.get("ctx") or {}), e.get("input"))
        else:
            msg = e["msg"].removeprefix("Value error, ")
        yield ContentIssue(file, entry, loc, msg)


class _DuplicateKey(yaml.YAMLError):
    """A mapping names the same key twice."""

    def __init__(self, key: object, first_line: int, line: int) -> None:
        super().__init__(f"{key!r} is defined twice")
        self.key = key
        self.first_line = first_line
        self.line = line


class _UniqueKeyLoader(_SafeLoader):
    """A safe YAML loader that refuses duplicate keys (plain PyYAML silently keeps the last one)."""

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
        seen: dict[Any, int] = {}
        for key_node, _ in node.value:
            key = self.construct_object(key_node, deep=deep)
            if key in seen:
                raise _DuplicateKey(key, seen[key] + 1, key_node.start_mark.line + 1)
            seen[key] = key_node.start_mark.line
        return super().construct_mapping(node, deep=deep)


class Reader:
    """Collects issues while reading a folder, so that every error is reported, not just the first."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.issues: list[ContentIssue] = []
        self.files: dict[str, str] = {}
        # entries (kind -> ids) and whole kinds that failed to load: references to them are not reported again
        # as "does not exist", so one broken entry gives one clear issue rather than a cascade
        self.broken: dict[str, set[str]] = {}
        self.unreadable: set[str] = set()

    def missing(self, kind: str, key: object, known: Mapping[Any, Any]) -> bool:
        """Whether a reference to ``key`` of ``kind`` should be reported as not existing."""
        return key not in known and kind not in self.unreadable and str(key) not in self.broken.get(kind, set())

    def rel(self, path: Path) -> str:
        try:
            return str(path.relative_to(self.root))
        except ValueError:
            return str(path)

    def read_yaml(self, path: Path) -> Any:
        rel = self.rel(path)
        if not path.is_file():
            self.issues.append(ContentIssue(rel, "", "", "file is missing"))
            return None
        try:
            return yaml.load(path.read_text(encoding="utf-8"), Loader=_UniqueKeyLoader)
        except _DuplicateKey as dup:
            message = f"is defined twice (lines {dup.first_line} and {dup.line}); YAML would keep only the last"
            self.issues.append(ContentIssue(rel, str(dup.key), "", message))
            return None
        except yaml.MarkedYAMLError as exc:
            mark = exc.problem_mark
            where = f" (line {mark.line + 1}, column {mark.column + 1})" if mark is not None else ""
            self.issues.append(ContentIssue(rel, "", "", f"is not valid YAML{where}: {exc.problem or exc}"))
            return None
        except (yaml.YAMLError, UnicodeDecodeError) as exc:
            self.issues.append(ContentIssue(rel, "", "", f"is not valid YAML: {exc}".replace("\n", " ")))
            return None

    def build(self, model: type[M], file: str, entry: str, data: Any) -> M | None:
        if not isinstance(data, dict):
            self.issues.append(ContentIssue(file, entry, "", f"must be a mapping of fields, got {type(data).__name__}"))
            return None
        try:
            return model.model_validate(data)
        except ValidationError as err:
            self.issues.extend(_issues_from_validation(file, entry, err))
            return None

    def mapping_file(self, path: Path, model: type[M], kind: str, key_field: str | None = "id") -> dict[str, M]:
        """A file of ``id: {fields}`` entries; the key is copied into ``key_field``."""
        before = len(self.issues)
        data = self.read_yaml(path)
        rel = self.rel(path)
        out: dict[str, M] = {}
        if data is None:
            if len(self.issues) > before:
                self.unreadable.add(kind)
            return out
        if not isinstance(data, dict):
            self.issues.append(ContentIssue(rel, "", "", "must be a mapping of entries by id"))
            self.unreadable.add(kind)
            return out
        for key, body in data.items():
            if isinstance(body, dict) and key_field is not None:
                if key_field in body and str(body[key_field]) != str(key):
                    self.issues.append(
                        ContentIssue(rel, str(key), key_field, f"is {body[key_field]!r} but the key is {key!r}")
                    )
                    self.broken.setdefault(kind, set()).add(str(key))
                    continue
                body = {**body, key_field: key}
            item = self.build(model, rel, str(key), body)
            if item is not None:
                out[str(key)] = item
                self.files[f"{kind}:{key}"] = rel
            else:
                self.broken.setdefault(kind, set()).add(str(key))
        return out


def _setup_paths(r: Reader) -> None:
    """A chapter file writes its setup fields under ``setup:`` (the model keeps them flat): name them there."""
    for i, issue in enumerate(r.issues):
        if issue.file.startswith("chapters/") and issue.field.split(".")[0] in SETUP_FIELDS:
            r.issues[i] = ContentIssue(issue.file, issue.entry, f"setup.{issue.field}", issue.message)


def load_content(root: str | Path) -> Content:
    """Load and cross-check a content folder. Raises :class:`ContentError` listing every issue."""
    root = Path(root)
    r = Reader(root)
    if not root.is_dir():
        raise ContentError([ContentIssue(str(root), "", "", "is not a folder")])

    die_data = r.read_yaml(root / "die.yaml")
    die = r.build(Die, "die.yaml", "die", die_data) if die_data is not None else None
    heroes = r.mapping_file(root / "heroes.yaml", Hero, "hero")
    minions = r.mapping_file(root / "minions.yaml", Minion, "minion")
    search = r.mapping_file(root / "cards" / "search.yaml", SearchCard, "search")
    abilities = r.mapping_file(root / "cards" / "abilities.yaml", AbilityCard, "ability")
    encounters = r.mapping_file(root / "cards" / "encounters.yaml", EncounterCard, "encounter")

    tiles: dict[int, TileSide] = {}
    for path in sorted((root / "tiles").glob("*.yaml")):
        data = r.read_yaml(path)
        if data is None:
            continue
        rel = r.rel(path)
        side = r.build(TileSide, rel, f"side {data.get('id', '?')}" if isinstance(data, dict) else "", data)
        if side is None:
            if isinstance(data, dict):
                r.broken.setdefault("tile", set()).add(str(data.get("id")))
            continue
        if side.id in tiles:
            r.issues.append(
                ContentIssue(rel, f"side {side.id}", "id", f"is used twice (also {r.files[f'tile:{side.id}']})")
            )
            continue
        tiles[side.id] = side
        r.files[f"tile:{side.id}"] = rel

    chapters: dict[str, Chapter] = {}
    for path in sorted((root / "chapters").glob("*.yaml")):
        data = r.read_yaml(path)
        if data is None:
            continue
        rel = r.rel(path)
        chapter = r.build(Chapter, rel, str(data.get("id", "?")) if isinstance(data, dict) else "", data)
        if chapter is None:
            if isinstance(data, dict):
                r.broken.setdefault("chapter", set()).add(str(data.get("id")))
        elif chapter.id in chapters:
            r.issues.append(
                ContentIssue(rel, chapter.id, "id", f"is used twice (also {r.files[f'chapter:{chapter.id}']})")
            )
        else:
            chapters[chapter.id] = chapter
            r.files[f"chapter:{chapter.id}"] = rel

    cross_check(r, heroes, minions, search, abilities, encounters, tiles, chapters)
    _setup_paths(r)
    if r.issues or die is None:
        if die is None and not r.issues:
            r.issues.append(ContentIssue("die.yaml", "", "", "could not be read"))
        raise ContentError(r.issues)
    content = Content(
        die=die,
        heroes=heroes,
        minions=minions,
        search_cards=search,
        ability_cards=abilities,
        encounter_cards=encounters,
        tile_sides=dict(sorted(tiles.items())),
        chapters=chapters,
        root=str(root),
        _files=r.files,
    )
    later = [issue for check in _CHECKS for issue in check(content)]
    if later:
        raise ContentError(later)
    return content


def cross_check(
    r: Reader,
    heroes: dict[str, Hero],
    minions: dict[str, Minion],
    search: dict[str, SearchCard],
    abilities: dict[str, AbilityCard],
    encounters: dict[str, EncounterCard],
    tiles: dict[int, TileSide],
    chapters: dict[str, Chapter],
) -> None:
    """References between entries must resolve."""
    for hid, hero in heroes.items():
        for i, card in enumerate(hero.starting_equipment):
            if r.missing("search", card, search):
                r.issues.append(
                    ContentIssue(
                        "heroes.yaml", hid, f"starting_equipment.{i}", f"names card {card!r}, which does not exist"
                    )
                )
            elif card in search and not search[card].equippable:
                r.issues.append(
                    ContentIssue(
                        "heroes.yaml",
                        hid,
                        f"starting_equipment.{i}",
                        f"{card!r} is a {search[card].type.value}, not equipment",
                    )
                )
    for cid, scard in search.items():
        for i, h in enumerate(scard.requirement.heroes):
            if r.missing("hero", h, heroes):
                r.issues.append(
                    ContentIssue(
                        "cards/search.yaml", cid, f"requirement.heroes.{i}", f"names hero {h!r}, which does not exist"
                    )
                )
    for eid, enc in encounters.items():
        counts = [("rows", i, mc) for i, row in enumerate(enc.rows) for mc in row.minions]
        counts += [("surge", i, mc) for i, mc in enumerate(enc.surge)]
        for where, i, mc in counts:
            if r.missing("minion", mc.minion, minions):
                r.issues.append(
                    ContentIssue(
                        "cards/encounters.yaml",
                        eid,
                        f"{where}.{i}.minion",
                        f"names minion {mc.minion!r}, which does not exist",
                    )
                )
    # physical tiles have exactly two sides of different colours
    by_tile: dict[int, list[TileSide]] = {}
    for side in tiles.values():
        by_tile.setdefault(side.tile, []).append(side)
    for tile, sides in by_tile.items():
        file = r.files.get(f"tile:{sides[0].id}", "tiles")
        if len(sides) > 2:
            r.issues.append(
                ContentIssue(file, f"side {sides[0].id}", "tile", f"physical tile {tile} has {len(sides)} sides")
            )
        elif len(sides) == 2 and sides[0].colour == sides[1].colour:
            r.issues.append(
                ContentIssue(
                    file, f"side {sides[0].id}", "colour", f"both sides of tile {tile} are {sides[0].colour.value}"
                )
            )
    for chid, ch in chapters.items():
        file = r.files.get(f"chapter:{chid}", "chapters")
        placed_tiles: set[int] = set()
        placed_sides: set[int] = set()
        for i, p in enumerate(ch.layout):
            if p.side not in tiles:
                if r.missing("tile", p.side, tiles):
                    r.issues.append(
                        ContentIssue(file, chid, f"layout.{i}.side", f"names tile side {p.side}, which does not exist")
                    )
                placed_sides.add(p.side)  # reported (or broken) already: no second issue about the start space
                continue
            if tiles[p.side].tile in placed_tiles:
                r.issues.append(
                    ContentIssue(file, chid, f"layout.{i}.side", f"physical tile {tiles[p.side].tile} is laid twice")
                )
            placed_tiles.add(tiles[p.side].tile)
            placed_sides.add(p.side)
        side_s, _, space_s = ch.start_space.partition(":")
        if int(side_s) not in placed_sides:
            r.issues.append(ContentIssue(file, chid, "start_space", f"side {side_s} is not face up in the layout"))
        elif int(side_s) in tiles and int(space_s) not in {s.n for s in tiles[int(side_s)].spaces.values()}:
            r.issues.append(ContentIssue(file, chid, "start_space", f"side {side_s} has no space {space_s}"))
        for i, h in enumerate(ch.forbidden_heroes):
            if r.missing("hero", h, heroes):
                r.issues.append(
                    ContentIssue(file, chid, f"forbidden_heroes.{i}", f"names hero {h!r}, which does not exist")
                )
        for i, sm in enumerate(ch.starting_minions):
            if r.missing("minion", sm.minion, minions):
                r.issues.append(
                    ContentIssue(
                        file, chid, f"starting_minions.{i}.minion", f"names minion {sm.minion!r}, which does not exist"
                    )
                )
        for i, ss in enumerate(ch.special_searches):
            if r.missing("search", ss.card, search):
                r.issues.append(
                    ContentIssue(
                        file, chid, f"special_searches.{i}.card", f"names card {ss.card!r}, which does not exist"
                    )
                )
            if r.missing("tile", ss.side, tiles):
                r.issues.append(
                    ContentIssue(
                        file, chid, f"special_searches.{i}.side", f"names tile side {ss.side}, which does not exist"
                    )
                )
        for i, sg in enumerate(ch.special_surges):
            for j, mc in enumerate(sg.minions):
                if r.missing("minion", mc.minion, minions):
                    r.issues.append(
                        ContentIssue(
                            file,
                            chid,
                            f"special_surges.{i}.minions.{j}.minion",
                            f"names minion {mc.minion!r}, which does not exist",
                        )
                    )
        for i, pid in enumerate(ch.party_items):  # [EXP] Party Setup items
            if r.missing("search", pid, search):
                r.issues.append(
                    ContentIssue(file, chid, f"party_items.{i}", f"names card {pid!r}, which does not exist")
                )
            elif pid in search and search[pid].type is not CardType.PARTY_ITEM:
                r.issues.append(ContentIssue(file, chid, f"party_items.{i}", f"{pid!r} is not a party item"))
        for i, hp in enumerate(ch.helpers):  # [EXP] allies and pets
            if r.missing("minion", hp.minion, minions):
                r.issues.append(
                    ContentIssue(file, chid, f"helpers.{i}.minion", f"names minion {hp.minion!r}, which does not exist")
                )
            elif hp.minion in minions and minions[hp.minion].kind not in ("ally", "pet"):
                r.issues.append(ContentIssue(file, chid, f"helpers.{i}.minion", f"{hp.minion!r} is not an ally or pet"))
        if ch.next_chapter is not None and r.missing("chapter", ch.next_chapter, chapters):
            r.issues.append(
                ContentIssue(file, chid, "next_chapter", f"names chapter {ch.next_chapter!r}, which does not exist")
            )
    party = [c for c in search.values() if c.type is CardType.PARTY_ITEM]
    tokens = [c.party_token for c in party]
    for c in party:
        if tokens.count(c.party_token) > 1:
            r.issues.append(
                ContentIssue(
                    "cards/search.yaml", c.id, "party_token", f"token {c.party_token!r} is used by more than one card"
                )
            )
    del abilities  # ability cards have no references to check yet
