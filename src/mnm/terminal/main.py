"""``mnm play``: start or load a game, then hand it to the plain client or the Textual app."""

from __future__ import annotations

import sys
from pathlib import Path

from mnm.engine.errors import SaveError
from mnm.engine.game import Game
from mnm.terminal.session import load_game, new_game

__all__ = ["play_command"]


def play_command(
    chapter: str | None = None,
    party: str = "collin,tilda,filch,maginos",
    seed: int = 0,
    load: Path | None = None,
    plain: bool = False,
    dice: str = "seeded",
) -> int:
    """Exit code: 0 when played (or quit), 2 when the options or the save file are unusable."""
    game: Game
    try:
        game = load_game(load) if load is not None else new_game(chapter, party, seed, dice)
    except (SaveError, ValueError) as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    save_path = str(load) if load is not None else None
    if plain:
        from mnm.terminal.plain import PlainClient

        return PlainClient(game, sys.stdin, sys.stdout, save_path).run()
    from mnm.terminal.app import PlayApp

    app = PlayApp(game, save_path=save_path)
    app.run()
    return 0
