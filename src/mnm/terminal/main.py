"""``mnm play``: start or load a game, then hand it to the plain client or the Textual app."""

from __future__ import annotations

import secrets
import sys
from collections.abc import Sequence
from pathlib import Path

from mnm.chapters.file import added_chapter
from mnm.content.loader import Content
from mnm.engine import EngineError, Game, SaveError
from mnm.terminal.lang import lang_code, say
from mnm.terminal.seats import Seats
from mnm.terminal.session import (
    DEFAULT_PARTY,
    autosave_dir,
    latest_autosave,
    load_game,
    new_autosave_path,
    new_game,
    replay_command,
    resolve_chapter,
    save_seats,
    saved_seats,
    shipped_save,
    shipped_saves,
)

BOT_PAUSE = 0.6  # seconds the app waits before a bot's choice, so the table can be followed

__all__ = ["campaign_game", "conflicts_with_save", "play_command"]


def campaign_game(
    save: Path, keep: str, replay: bool = False, dice: str = "seeded", chapter_file: Path | None = None
) -> Game:
    """The next chapter of a campaign from the saved end of a chapter (R-CAMP, R-WIN-03). After a chapter
    from a chapter file, its ``next_chapter`` is the file of that name in the same folder, or a shipped
    chapter (:func:`mnm.chapters.file.next_chapter_content`)."""
    from mnm.chapters.file import ChapterFileError, next_chapter_content
    from mnm.engine import next_chapter_game, next_chapter_of, parse_keep

    game = load_game(save, chapter_file=chapter_file)
    try:
        following = next_chapter_of(game.state, game.ctx.chapter.next_chapter)
        content = game.ctx.content if replay else next_chapter_content(game.ctx.content, game.ctx.chapter, following)
    except ChapterFileError as err:
        raise ValueError(f"the campaign cannot go on: {err}") from err
    return next_chapter_game(game, parse_keep(keep), replay=replay, dice=dice, content=content)


def conflicts_with_save(
    game: Game,
    chapter: str | None,
    party: str | None,
    seed: int | None,
    dice: str | None,
    options: Sequence[str],
) -> list[str]:
    """The options given with ``--load``/``--continue`` that say something else than the save does."""
    st = game.state
    content = game.ctx.content
    out = []
    if chapter is not None:
        try:
            wanted = resolve_chapter(content, chapter)
        except ValueError:
            wanted = chapter
        if wanted != st.chapter:
            out.append(f"--chapter {chapter} (the save is of {st.chapter})")
    if party is not None and [p.strip().lower() for p in party.split(",") if p.strip()] != list(st.party):
        out.append(f"--party {party} (the save's party is {','.join(st.party)})")
    if seed is not None and seed != st.seed:
        out.append(f"--seed {seed} (the save's seed is {st.seed})")
    if dice is not None and dice != st.dice_mode:
        out.append(f"--dice {dice} (the save rolls {st.dice_mode} dice)")
    if options and set(options) != {k for k, on in st.options.items() if on}:
        out.append(f"--option {' '.join(options)} (the save's options are fixed when the game starts)")
    return out


def _chapter_file_content(path: Path) -> Content:
    """The content with a chapter file's chapter; ``ValueError`` with every problem, one line each."""
    from mnm.chapters.file import ChapterFileError, read_chapter_file

    try:
        return read_chapter_file(path)
    except ChapterFileError as err:
        raise ValueError(f"{path} cannot be played:\n{err}") from err


def draw_seed() -> int:
    """A fresh seed for a game started without ``--seed`` (six digits: easy to read out and type again)."""
    return secrets.randbelow(900_000) + 100_000


def has_terminal() -> bool:
    return sys.stdin.isatty() and sys.stdout.isatty()


def _error(message: str) -> int:
    print(f"Error: {message}", file=sys.stderr)
    return 2


def play_command(
    chapter: str | None = None,
    party: str | None = None,
    seed: int | None = None,
    load: Path | None = None,
    plain: bool = False,
    dice: str | None = None,
    campaign: Path | None = None,
    keep: str = "",
    replay: bool = False,
    bots: str = "",
    bot_pause: float | None = None,
    options: Sequence[str] = (),
    resume: bool = False,
    autosave: bool = True,
    lang: str = "en",
    chapter_file: Path | None = None,
) -> int:
    """Exit code: 0 when played (or quit), 2 when the options or the save file are unusable.

    ``campaign``: a save of a finished chapter; the game is the campaign's next chapter (or, with ``replay``,
    the same chapter again) with ``keep`` as the cards kept (R-CAMP, mnm.engine.campaign).
    ``bots``: ``hero=bot,...`` or ``all=bot`` (mnm.terminal.seats); ``bot_pause``: seconds before each bot's
    choice (the app waits BOT_PAUSE by default, plain mode none); ``options``: rule variants for a new game.
    ``resume``: go on with the game saved most recently by autosave (``--continue``); ``autosave``: save after
    every choice to a file of the game's own (session.autosave_dir); ``lang``: the words' language, ``en`` or
    ``pt-BR`` (mnm.terminal.lang); ``chapter_file``: play (or load a save of) a chapter file instead of a
    shipped chapter (docs/chapters.md)."""
    try:
        lang = lang_code(lang)
    except ValueError as err:
        return _error(str(err))
    if not plain and not has_terminal():
        return _error(
            "mnm play needs a terminal for its full-screen table; use 'mnm play --plain' to play line "
            "by line (screen readers, scripts, pipes)"
        )
    if resume and load is not None:
        return _error("--continue and --load both say which game to go on with: give one of them")
    if (resume or load is not None) and campaign is not None:
        return _error("--campaign starts a new chapter: it cannot go with --load or --continue")
    autosave_path: Path | None = None
    if resume:
        load = latest_autosave()
        if load is None:
            return _error(f"no autosaved game to continue in {autosave_dir()}; start one with 'mnm play'")
        autosave_path = load
    if chapter_file is not None and chapter is not None:
        return _error("--chapter and --chapter-file both say which chapter to play: give one of them")
    game: Game
    try:
        if campaign is not None:
            campaign = shipped_save(campaign)  # a file, or a shipped example by its name (chapter1-won)
            if not campaign.exists() and shipped_saves():
                return _error(f"no save {campaign}; the shipped examples are: {', '.join(shipped_saves())}")
            game = campaign_game(campaign, keep, replay, dice or "seeded", chapter_file)
        elif load is not None:
            game = load_game(load, chapter_file=chapter_file)
        else:
            content = None
            if chapter_file is not None:
                content = _chapter_file_content(chapter_file)
                chapter = added_chapter(content)[0].id
            if seed is None:  # every game its own: a seed drawn now, said so the game can be played again
                seed = draw_seed()
            game = new_game(chapter, party or ",".join(DEFAULT_PARTY), seed, dice or "seeded", content, options=options)
    except (SaveError, ValueError, EngineError) as err:
        return _error(str(err))
    if load is not None:
        conflicts = conflicts_with_save(game, chapter, party, seed, dice, options)
        if conflicts:
            return _error(
                f"{load} is a saved game; these options say otherwise: {'; '.join(conflicts)}. "
                "Leave them out to go on with the save, or start a new game without --load."
            )
    try:
        seats = Seats.of(bots, game, game.state.seed)
    except ValueError as err:
        return _error(str(err))
    if resume and not bots and autosave_path is not None:  # --continue: the bots sit where they sat (issue 45)
        seats = Seats(saved_seats(autosave_path, game), game.state.seed)
        if seats.names:
            print(say(lang, "continue.bots", bots=seats.describe() or "all"), file=sys.stderr)
    if autosave and autosave_path is None:
        autosave_path = new_autosave_path(game)
    if autosave and autosave_path is not None:
        save_seats(autosave_path, seats.names)
    save_path = str(load) if load is not None and not resume else None
    # a campaign chapter is played again from its save and the cards kept, not from --chapter and --seed
    again = (
        f"mnm play --campaign {campaign} --keep {keep or 'none'}{' --replay' if replay else ''}"
        if campaign is not None
        else None
    )
    if plain:
        from mnm.terminal.plain import PlainClient

        client = PlainClient(game, sys.stdin, sys.stdout, save_path, seats, bot_pause or 0.0, autosave_path, lang)
        client.replay_line = again
        return client.run()
    from mnm.terminal.app import PlayApp

    app = PlayApp(
        game,
        save_path=save_path,
        seats=seats,
        bot_pause=BOT_PAUSE if bot_pause is None else bot_pause,
        autosave=autosave_path,
        lang=lang,
    )
    app.replay_line = again
    app.run()
    # the app said it in its log; the screen is gone now, so once more where it stays (a new game or --continue)
    print(f"mnm play: this game's seed was {game.state.seed} (play it again with: {again or replay_command(game)})", file=sys.stderr)
    return app.return_code or 0  # 1 when the app stopped on an error, so a crash never looks like success
