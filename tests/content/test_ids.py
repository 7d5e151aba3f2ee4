"""Content ids are the names players read (issue 35), and files written with the ids of before still load."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from mnm.chapters.file import read_chapter_text
from mnm.content.aliases import ALIASES, canonical_id, renamed, renamed_words
from mnm.content.loader import builtin_content, builtin_dir
from mnm.engine import Game, parse_keep

ROOT = Path(__file__).resolve().parents[2]
OLD_SAVE = Path(__file__).parent / "old_ids" / "chapter1-won-old-ids.json"

# id -> why it is not the slug of its English name. Keep short: each entry is a name a reader cannot grep for.
EXCEPTIONS: dict[str, str] = {
    "collin": "the hero's title is not part of his id: players and the rulebook call him Collin",
    "proving-grounds": "the edition's own training chapter (not the rulebook's); command lines and docs name it so",
    "cricket": "Chirp the Cricket is the box's one cricket; the id names the figure (its figure pool)",
    "shield-bash": "the warrior ability Feint: `feint` is already the search trick of that name, and card ids are "
    "one namespace across the decks (views and card lookups find a card by id alone)",
}


def slug(name: str) -> str:
    """The id a name gets: lower case, ``&`` read as ``and``, apostrophes dropped, other marks become ``-``."""
    text = name.lower().replace("&", " and ").replace("'", "").replace("\u2019", "")
    return re.sub(r"[^a-z0-9]+", "-", text).strip("-")


def _singular(word_slug: str) -> str:
    """A minion type's name is the plural the rulebook prints (Rat Warriors); its id is one figure's."""
    if word_slug.endswith(("ches", "shes")):
        return word_slug[:-2]
    return word_slug.removesuffix("s")


def _named_entries() -> list[tuple[str, str, str]]:
    """(file, id, English name) of every entry in the content data named by a ``name: {en: ...}``."""
    found: list[tuple[str, str, str]] = []

    def walk(file: str, node: Any) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                if isinstance(value, dict) and isinstance(value.get("name"), dict) and "en" in value["name"]:
                    found.append((file, str(key), str(value["name"]["en"])))
                walk(file, value)
        elif isinstance(node, list):
            for value in node:
                walk(file, value)

    for path in sorted(builtin_dir().rglob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))  # the shipped content: trusted
        file = str(path.relative_to(builtin_dir()))
        if isinstance(data, dict) and isinstance(data.get("id"), str) and isinstance(data.get("name"), dict):
            found.append((file, data["id"], str(data["name"]["en"])))  # a chapter: one entry per file
        walk(file, data)
    return found


def test_the_slug_rule() -> None:
    assert slug("Backslash") == "backslash"
    assert slug("Fishhook & Thread") == "fishhook-and-thread"
    assert slug("The Spider's Lair") == "the-spiders-lair"
    assert _singular("roaches") == "roach" and _singular("rat-warriors") == "rat-warrior"


def test_every_content_id_is_the_slug_of_its_english_name() -> None:
    entries = _named_entries()
    assert len(entries) > 100  # the walk reaches the cards, heroes and minions
    wrong = [
        f"{file}: {cid} is named {en!r} (slug {slug(en)!r})"
        for file, cid, en in entries
        if cid not in EXCEPTIONS and cid not in (slug(en), _singular(slug(en)) if file == "minions.yaml" else "")
    ]
    assert not wrong, "\n".join(wrong)


def test_exceptions_and_aliases_name_real_entries() -> None:
    ids = {cid for _, cid, _ in _named_entries()}
    assert set(EXCEPTIONS) <= ids
    assert set(ALIASES.values()) <= ids  # every old id leads to an entry that exists
    assert not set(ALIASES) & ids  # and no old id is still some entry's id
    content = builtin_content()
    assert content.ability_cards["backslash"].name.en == "Backslash"


def test_the_alias_table_rewrites_ids_not_prose_nor_mechanisms() -> None:
    assert canonical_id("cleave") == "backslash"
    assert renamed({"cleave": ["vanish", "the rats vanish"], "effect": "volley"}) == {
        "backslash": ["dodge", "the rats vanish"],
        "effect": "volley",
    }
    assert renamed_words("levelup filch vanish") == "levelup filch dodge"
    assert parse_keep("collin=quiet-moment") == {"collin": "a-quiet-moment"}


def test_a_save_written_with_old_ids_loads_as_the_same_game() -> None:
    old = json.loads(OLD_SAVE.read_text(encoding="utf-8"))
    assert "levelup filch vanish" in old["log"]  # the fixture really is the save of before the rename
    new = json.loads((ROOT / "examples" / "saves" / "chapter1-won.json").read_text(encoding="utf-8"))
    game = Game.from_json(old)
    assert game.to_json() == Game.from_json(new).to_json()
    assert "dodge" in game.state.heroes["filch"].abilities


def test_a_chapter_file_naming_an_old_id_loads() -> None:
    text = (ROOT / "examples" / "chapters" / "kitchen-run.yaml").read_text(encoding="utf-8")
    text = text.replace("  start_space:", "  special_searches:\n    - {side: 4, card: quiet-moment}\n  start_space:", 1)
    assert "quiet-moment" in text
    content = read_chapter_text(text, "old-ids.yaml")
    chapter = content.chapter("kitchen-run")
    assert [s.card for s in chapter.special_searches] == ["a-quiet-moment"]


@pytest.mark.parametrize("old", ["cleave", "vanish", "quiet-moment"])
def test_an_old_id_in_a_scenario_loads(old: str) -> None:
    from mnm.engine import load_scenario

    data: dict[str, Any] = {
        "chapter": 1,
        "party": ["collin", "filch"],
        "heroes": {"collin": {"space": "5:12", "abilities": [old] if old != "quiet-moment" else []}},
    }
    game = load_scenario(data)
    if old != "quiet-moment":
        assert game.state.heroes["collin"].abilities == [ALIASES[old]]


def test_card_ids_are_one_namespace_across_the_decks() -> None:
    """A card is found by its id alone (the views' card lookups, ``info.card``): no id may name two cards of
    different decks (a rename once made the ability Feint share `feint` with the search trick, and the table showed
    the trick's text on the ability's button)."""
    content = builtin_content()
    decks = {
        "search": set(content.search_cards),
        "ability": set(content.ability_cards),
        "encounter": set(content.encounter_cards),
    }
    names = list(decks)
    clashes = {
        (a, b): sorted(decks[a] & decks[b]) for i, a in enumerate(names) for b in names[i + 1 :] if decks[a] & decks[b]
    }
    assert clashes == {}
