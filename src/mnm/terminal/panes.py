"""The table's panes in ``mnm play`` (:mod:`mnm.terminal.app`): the status line, the Table and Heroes tabs and the
lives line, each drawn from the game as a :class:`rich.text.Text` in the player's language.

Pure drawing: each function reads the game (and who decides, the seats, the figures' marks) and returns the text;
the app puts it in its widget.
"""

from __future__ import annotations

from rich.text import Text

from mnm.engine import Decision, Game, hero_life
from mnm.terminal.boardmap import FigureMarks, weather_words, wheel_dots
from mnm.terminal.describe import Describer
from mnm.terminal.lang import say
from mnm.terminal.seats import Seats

__all__ = ["heroes_text", "lives_text", "status_text", "table_text"]


def status_text(game: Game, decision: Decision | None, words: Describer, seats: Seats, lang: str) -> Text:
    """The status line: the chapter, the round and pages, the wheel, who decides now (and whether a bot does), the
    weather."""
    st = game.state
    ch = game.ctx.chapter
    wheel = wheel_dots(game)
    d = decision
    if d is not None:
        now = words.figure(d.actor) if d.actor != "party" else say(lang, "party")
    else:
        now = say(lang, f"status.{st.status}").upper()
    if d is not None and seats.is_bot(d.actor):
        now += " " + say(lang, "status.bot" if not seats.paused else "status.bot_paused")
    return Text.assemble(
        (ch.name.get(lang), "bold"),
        "  " + say(lang, "status.line", round=st.round, page=st.hourglass, end=st.end_page) + " ",
        (wheel, "bold #ffd75f"),
        f" {st.wheel}/6  ",
        ("▶ " + now, "bold"),
        (f"  {weather}" if (weather := weather_words(game, lang)) else "", "bold #8fd0ff"),
    )


def table_text(game: Game, words: Describer, marks: FigureMarks, lang: str) -> Text:
    """The Table tab: the initiative track, the wheel, the chapter track, the stash, the next surge, the weather, the
    goal, the variants and the legend."""
    st = game.state
    w = words
    t = Text()
    t.append(say(lang, "table.initiative") + "\n", "bold")
    for i, card in enumerate(st.track, start=1):
        acting = st.acting == card
        name = w.track_card(card)
        t.append(f" {i} ", "dim")
        t.append(("▶" if acting else " ") + name + "\n", "bold #ffffff" if acting else "")
    t.append(say(lang, "table.wheel") + " ", "bold")
    t.append(wheel_dots(game), "#ffd75f")
    t.append(" " + say(lang, "table.wheel_count", n=st.wheel) + "\n")
    t.append(say(lang, "table.track") + " ", "bold")
    pages = max(game.ctx.chapter.track_pages, st.end_page)
    for p in range(1, pages + 1):
        if p == st.hourglass:
            t.append(str(p % 10), "bold reverse #ffd75f")
        else:
            t.append(str(p % 10), "bold #ff6b6b" if p == st.end_page else "dim")
    t.append("\n " + say(lang, "table.hourglass", page=st.hourglass, end=st.end_page) + "\n")
    t.append(say(lang, "table.stash") + " ", "bold")
    t.append((", ".join(w.stash_item(s) for s in st.stash) or say(lang, "table.empty")) + "\n")
    if st.encounter_up:
        t.append(say(lang, "table.next_surge") + " ", "bold")
        t.append(w.card(st.encounter_up) + "\n")
    weather = weather_words(game, lang)  # [EXP] rain, Nightfall
    if weather:
        t.append(say(lang, "table.weather") + " ", "bold")
        t.append(weather + "\n", "bold #8fd0ff")
    t.append(say(lang, "table.goal") + " ", "bold")
    t.append(game.ctx.chapter.objective.get(lang) + "\n")
    variants = sorted(name for name, on in st.options.items() if on)
    if variants:
        t.append(say(lang, "table.variants") + " ", "bold")
        t.append(", ".join(w.variant(v) for v in variants) + "\n")
    t.append(say(lang, "table.legend") + "\n", "bold")
    for hid, (mark, colour) in marks.heroes.items():
        if hid in st.heroes:
            t.append(f" {mark}", f"bold {colour}")
            t.append(f" {w.hero(hid)}")
    t.append("\n")
    types = sorted({m.type for m in st.minions.values()})
    for mtype in types:
        t.append(f" {marks.minion_letters.get(mtype, '?')}1", "bold #ff6b6b")
        t.append(f" {w.minion_type(mtype)}")
    if types:
        t.append("\n")
    t.append(" ┃▁", "bold #ff3b30")
    t.append(" " + say(lang, "table.red_line") + "\n")
    t.append(" ▸▾", "bold #ffd60a")
    t.append(" " + say(lang, "table.yellow_line") + "\n")
    t.append(" 0▶", "bold #ff9f40")
    t.append(" " + say(lang, "table.exit") + "   ")
    t.append("XX", "bold #ff3b30")
    t.append(" " + say(lang, "table.trap") + "   ")
    t.append("░", "#6a5d4d")
    t.append(" " + say(lang, "table.feature") + "\n")
    return t


def lives_text(game: Game, marks: FigureMarks, lang: str) -> Text:
    """One line above the tabs: each mouse's mark and its life left (``Ti 1/5`` in red when one more wound
    captures it), so wounds are seen without opening the Heroes tab."""
    st = game.state
    t = Text(say(lang, "lives.head") + " ", "bold", no_wrap=True, overflow="ellipsis")
    for h in st.heroes.values():
        mark, colour = marks.heroes.get(h.id, ("??", "#ffffff"))
        life = hero_life(game.ctx.content, st.options, h.id)
        left = life - h.wounds
        t.append(mark, f"bold {colour}")
        if h.captured or h.space is None:
            t.append(" " + say(lang, "lives.captured") + "  ", "bold #ff6b6b")
        else:
            t.append(
                f" {left}/{life}  ", "bold reverse #ff3b30" if left <= 1 else "bold #ff9b8b" if h.wounds else ""
            )
    return t


def heroes_text(game: Game, words: Describer, marks: FigureMarks, lang: str) -> Text:
    """The Heroes tab: each mouse's name and place, life and CHEESE, stats, cards and statuses."""
    st = game.state
    w = words
    t = Text()
    for h in st.heroes.values():
        spec = game.ctx.content.heroes[h.id]
        mark, colour = marks.heroes.get(h.id, ("??", "#ffffff"))
        t.append(f"{mark} {spec.name.get(lang)}", f"bold {colour}")
        where = say(lang, "heroes.captured") if h.captured or h.space is None else w.space(h.space)
        t.append(f"  {where}\n")
        life = hero_life(game.ctx.content, st.options, h.id)
        hearts = "♥" * max(0, life - h.wounds) + "♡" * min(life, h.wounds)
        left = f"{life - h.wounds}/{life}"
        t.append(" " + say(lang, "heroes.life", hearts=hearts, left=left, cheese=h.cheese) + "\n")
        stats = say(lang, "heroes.stats", battle=spec.battle, defense=spec.defense, lore=spec.lore, move=spec.move)
        t.append(f" {stats}\n", "dim")
        for key, cards in (("equipped", h.equipped), ("pack", h.pack), ("abilities", h.abilities)):
            if cards:
                t.append(" " + say(lang, f"heroes.{key}", cards=", ".join(w.card(c) for c in cards)) + "\n")
        if h.statuses:
            t.append(" " + ", ".join(w.value(s) for s in h.statuses) + "\n", "#ff6b6b")
    return t
