"""The README's screenshots of ``mnm play`` (docs/img/terminal-*.png): Chapter 1 a round in, at 80x24 and
120x40, in English and in Portuguese. Textual draws the app headless to SVG; Debian's Chromium turns the SVG
into a PNG.

    .venv/bin/python scripts/terminal_screenshots.py [--out docs/img]
"""

from __future__ import annotations

import argparse
import asyncio
import subprocess
import tempfile
from pathlib import Path

from textual.widgets import OptionList

from mnm.bots import make_bot
from mnm.engine import Game
from mnm.terminal.app import PlayApp
from mnm.terminal.screens import TextScreen

ROOT = Path(__file__).resolve().parents[1]
PARTY = ["collin", "tilda", "filch", "maginos"]
SIZES = ((80, 24), (120, 40))
LANGS = (("en", "en"), ("pt", "pt_BR"))


def game_a_round_in(decisions: int = 8) -> Game:
    """Chapter 1, seed 3, with the heuristic bot's first choices played: minions on the board, a mouse to move."""
    game = Game.new("flight-to-barksburg", PARTY, seed=3)
    bot = make_bot("heuristic", 5)
    for _ in range(decisions):
        d = game.decision()
        if d is None:
            break
        game.apply(bot.choose(game))
    while (d := game.decision()) is not None and not (
        d.kind == "turn" and game.state.turn is not None and not game.state.turn.moved
    ):  # stop at the start of a mouse's turn: the spaces it can reach are shaded with their cost
        game.apply(bot.choose(game))
    return game


async def shoot(lang: str, size: tuple[int, int], svg: Path) -> None:
    app = PlayApp(game_a_round_in(), lang=lang, autosave=None)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        while isinstance(app.screen, TextScreen):
            await pilot.press("enter")
            await pilot.pause()
        moves = [i for i, (_, a) in enumerate(app._numbered) if a.verb == "move"]
        app.query_one("#choices", OptionList).highlighted = moves[len(moves) // 2]  # its space lit on the board
        await pilot.pause(0.3)
        app.save_screenshot(filename=svg.name, path=str(svg.parent))


def to_png(svg: Path, png: Path, size: tuple[int, int]) -> None:
    width, height = size[0] * 12 + 40, size[1] * 25 + 60  # Textual's SVG cell size, plus its frame
    subprocess.run(
        [
            "chromium",
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--hide-scrollbars",
            f"--screenshot={png}",
            f"--window-size={width},{height}",
            svg.as_uri(),
        ],
        check=True,
        capture_output=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "img")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        for short, lang in LANGS:
            for size in SIZES:
                name = f"terminal-{size[0]}x{size[1]}-{short}"
                svg = Path(tmp) / f"{name}.svg"
                asyncio.run(shoot(lang, size, svg))
                to_png(svg, args.out / f"{name}.png", size)
                print(args.out / f"{name}.png")


if __name__ == "__main__":
    main()
