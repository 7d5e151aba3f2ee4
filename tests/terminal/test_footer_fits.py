"""A first-time player's footer: every key label in the player's language and within the terminal's width.

At 80 columns the footer used to run off the edge (the English one too, the Portuguese one by 27 columns) and
ended in Textual's own English "^p palette". Now it never shows the palette key, and a narrow terminal shows the
compact style without the spare keys (they all still work and are on F1's help).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Footer
from textual.widgets._footer import FooterKey
from tuikit import PARTY, run_in_thread

from mnm.engine.game import Game
from mnm.terminal.app import FOOTER_SPARE, PlayApp, footer_plan

ESSENTIAL = {
    "en": {"Help", "Quit", "Save", "Undo", "Hint"},
    "pt_BR": {"Ajuda", "Sair", "Salvar", "Desfazer", "Dica"},
}
ALL_KEYS = {
    "en": ESSENTIAL["en"] | {"Tabs", "Tile", "Bots", "Inspect", "History"},
    "pt_BR": ESSENTIAL["pt_BR"] | {"Abas", "Peça", "Robôs", "Examinar", "Histórico"},
}


def footer_shown(lang: str, size: tuple[int, int], shot: Path | None = None) -> tuple[list[str], int, int]:
    """(labels of the footer's keys, the rightmost column they reach, the tile cursor after F3)."""

    async def scenario() -> tuple[list[str], int, int]:
        app = PlayApp(Game.new("proving-grounds", PARTY, seed=4), lang=lang)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            footer = app.query_one(Footer)
            keys = list(footer.query(FooterKey))
            labels = [k.description for k in keys]
            right = max(k.region.right for k in keys)
            if shot is not None:
                app.save_screenshot(str(shot))
            before = app.tile_cursor
            await pilot.press("f3")  # next tile: left out of a narrow footer, still works
            await pilot.pause()
            return labels, right, app.tile_cursor - before

    result: tuple[list[str], int, int] = run_in_thread(scenario)
    return result


@pytest.mark.parametrize("lang", ["en", "pt_BR"])
def test_the_footer_fits_80_columns_in_the_players_language(lang: str, tmp_path: Path) -> None:
    labels, right, moved = footer_shown(lang, (80, 24), tmp_path / f"footer-{lang}.svg")
    assert right <= 80, labels
    assert ESSENTIAL[lang] <= set(labels) <= ALL_KEYS[lang]
    assert "palette" not in labels and "Commands" not in labels
    assert moved != 0
    assert (tmp_path / f"footer-{lang}.svg").read_text(encoding="utf-8").count("palette") == 0


@pytest.mark.parametrize("lang", ["en", "pt_BR"])
def test_a_wide_terminal_shows_every_key(lang: str) -> None:
    labels, right, _ = footer_shown(lang, (120, 40))
    assert set(labels) == ALL_KEYS[lang] and right <= 120


def test_footer_plan_roomy_then_compact_then_fewer_keys() -> None:
    keys = [(a, "f9", "Label") for a in ("help", "quit", *FOOTER_SPARE)]  # 10 keys: " f9 Label " roomy
    assert footer_plan(keys, 100) == (False, frozenset())
    assert footer_plan(keys, 99) == (True, frozenset())  # compact: "f9 Label" and a space between: 89
    assert footer_plan(keys, 88) == (True, frozenset({"toggle_bots"}))
    assert footer_plan(keys, 80) == (True, frozenset({"toggle_bots"}))
    assert footer_plan(keys, 79) == (True, frozenset({"toggle_bots", "next_tile"}))
    assert footer_plan(keys, 16) == (True, frozenset(FOOTER_SPARE))  # Help and Quit stay whatever the width
