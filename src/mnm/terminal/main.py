"""``mnm play``: start or load a game, then hand it to the plain client or the Textual app."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

from mnm.engine import EngineError, Game, SaveError
from mnm.terminal.seats import Seats
from mnm.terminal.session import load_game, new_game

BOT_PAUSE = 0.6  # seconds the app waits before a bot's choice, so the table can be followed

__all__ = ["campaign_game", "play_command"]


def campaign_game(save: Path, keep: str, replay: bool = False, dice: str = "seeded") -> Game:
    """The next chapter of a campaign from the saved end of a chapter (R-CAMP, R-WIN-03)."""
    from mnm.engine import next_chapter_game, parse_keep

    return next_chapter_game(load_game(save), parse_keep(keep), replay=replay, dice=dice)


def play_command(
    chapter: str | None = None,
    party: str = "collin,tilda,filch,maginos",
    seed: int = 0,
    load: Path | None = None,
    plain: bool = False,
    dice: str = "seeded",
    campaign: Path | None = None,
    keep: str = "",
    replay: bool = False,
    bots: str = "",
    bot_pause: float | None = None,
    options: Sequence[str] = (),
) -> int:
    """Exit code: 0 when played (or quit), 2 when the options or the save file are unusable.

    ``campaign``: a save of a finished chapter; the game is the campaign's next chapter (or, with ``replay``,
    the same chapter again) with ``keep`` as the cards kept (R-CAMP, mnm.engine.rules.campaign).
    ``bots``: ``hero=bot,...`` or ``all=bot`` (mnm.terminal.seats); ``bot_pause``: seconds before each bot's
    choice (the app waits BOT_PAUSE by default, plain mode none); ``options``: rule variants for a new game."""
    game: Game
    try:
        if campaign is not None:
            game = campaign_game(campaign, keep, replay, dice)
        else:
            game = load_game(load) if load is not None else new_game(chapter, party, seed, dice, options=options)
    except (SaveError, ValueError, EngineError) as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    try:
        seats = Seats.of(bots, game, seed)
    except ValueError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    save_path = str(load) if load is not None else None
    if plain:
        from mnm.terminal.plain import PlainClient

        return PlainClient(game, sys.stdin, sys.stdout, save_path, seats, bot_pause or 0.0).run()
    from mnm.terminal.app import PlayApp

    app = PlayApp(game, save_path=save_path, seats=seats, bot_pause=BOT_PAUSE if bot_pause is None else bot_pause)
    app.run()
    return 0
