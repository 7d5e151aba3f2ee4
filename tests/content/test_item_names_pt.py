"""Issue 45: one Portuguese name per item. Wherever an English sentence of the message catalogs or of a shipped
chapter names a search card by its English name, the Portuguese sentence beside it names it by the card's one
Portuguese name (the Fishhook & Thread was "Barbante & Anzol" on its card and "Anzol e Linha" in Chapter 1)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import yaml

from mnm.content.loader import builtin_content
from mnm.engine import catalog as messages

DATA = Path(__file__).resolve().parents[2] / "src" / "mnm" / "content" / "data"


def _pairs(node: Any, where: str) -> Iterator[tuple[str, str, str]]:
    """Every {en: ..., pt: ...} text of a YAML tree, with where it is."""
    if isinstance(node, dict):
        if isinstance(node.get("en"), str) and isinstance(node.get("pt"), str):
            yield where, node["en"], node["pt"]
        for key, value in node.items():
            yield from _pairs(value, f"{where}.{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _pairs(value, f"{where}[{i}]")


def _mismatches(pairs: Iterator[tuple[str, str, str]]) -> list[str]:
    cards = builtin_content().search_cards.values()
    names = [(c.name.en, c.name.pt) for c in cards if c.name.en and c.name.pt and c.name.en != c.name.pt]
    bad = []
    for where, en, pt in pairs:
        for name_en, name_pt in names:
            if name_en in en and name_pt not in pt:
                bad.append(f"{where}: names {name_en!r} but not {name_pt!r}: {pt[:120]!r}")
    return bad


def test_the_message_catalogs_use_each_items_one_portuguese_name() -> None:
    en, pt = messages("en"), messages("pt_BR")
    assert _mismatches((key, en[key], pt[key]) for key in sorted(set(en) & set(pt))) == []


def test_the_shipped_chapters_use_each_items_one_portuguese_name() -> None:
    pairs = []
    for path in sorted((DATA / "chapters").glob("*.yaml")):
        pairs += list(_pairs(yaml.safe_load(path.read_text(encoding="utf-8")), path.name))
    assert pairs, "no chapter text found"
    assert _mismatches(iter(pairs)) == []
