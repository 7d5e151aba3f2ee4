"""A printable chapter sheet: what a table needs to play a chapter with the physical box (issue 31).

One self-contained HTML page (no script; its own print stylesheet): the layout drawn by the table's renderer
with the tiles, their backs and the start space named, the setup, the victory and the defeat, the chapter's and
each room's rules in words (:func:`mnm.chapter_language.doc.rule_words`), every story text, and the difficulty
the bots measured when a play-test gave one. The workshop prints a draft's sheet; ``GET /chapters/{id}/sheet``
prints a shipped chapter's (the chapter library links to it).
"""

from __future__ import annotations

import re
from html import escape
from typing import Any

from mnm.board.layout import build_board
from mnm.board.render import render_layout_svg
from mnm.chapter_language.doc import condition_words, rule_words
from mnm.content.loader import Content
from mnm.content.schema import Chapter
from mnm.workshop.diagnose import OPS
from mnm.workshop.places import exit_name

__all__ = ["sheet_html"]

_RULE_IDS = re.compile(r"\s*\((?:R-[A-Z]+-\d+(?:,\s*)?)+\)")

_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "chapter": "Chapter",
        "objective": "Objective",
        "layout": "Layout",
        "tile": "side {side} ({name}) at column {x}, row {y}; its back is {back}",
        "no_back": "no other side",
        "start": "The mice start on {space}.",
        "setup": "Setup",
        "party": "Party: {n} mice",
        "barred": "These heroes may not play: {names}",
        "encounters": "Encounter deck: {kinds}",
        "end_page": "The chapter end marker goes on page {page} of {pages}.",
        "minions": "Starting minions: {list}",
        "minion": "{count} {name} on {side}",
        "placements": "Minions on a space: {list}",
        "tokens": "Tokens: {list}",
        "victory": "Victory",
        "victory_all": "The mice win when all of these hold:",
        "defeat": "Defeat",
        "defeat_general": "The mice lose when the hourglass runs out or every mouse is captured.",
        "defeat_all": "They also lose when all of these hold:",
        "rules": "Chapter rules",
        "rooms": "Room rules",
        "no_rules": "No special rules.",
        "story": "Story",
        "intro": "Introduction",
        "moment": "Moment “{name}”",
        "revealed": "When {side} is revealed",
        "victory_text": "Victory",
        "defeat_text": "Defeat",
        "defeat.hourglass": "Defeat when the hourglass reaches the end marker",
        "defeat.all_captured": "Defeat when every mouse is captured",
        "defeat.chapter": "Defeat by the chapter's own rule",
        "difficulty": "Measured difficulty",
        "difficulty_row": "{preset}: the {bot} bots won {rate} of {games} games",
        "not_measured": "Not measured yet: run a play-test in the workshop.",
        "side": "side {side} ({name})",
        "space": "space {space} of side {side} ({name})",
        "print": "Print this page with your browser (Ctrl+P or ⌘P).",
        "easy": "easy", "normal": "normal", "hard": "hard",
        "heuristic": "heuristic (a new party)", "search": "search (a careful party)", "random": "random",
        "standard": "standard", "difficult": "difficult",
    },
    "pt": {
        "chapter": "Capítulo",
        "objective": "Objetivo",
        "layout": "Arranjo",
        "tile": "lado {side} ({name}) na coluna {x}, linha {y}; o verso é {back}",
        "no_back": "nenhum outro lado",
        "start": "Os ratos começam no {space}.",
        "setup": "Preparação",
        "party": "Grupo: {n} ratos",
        "barred": "Estes heróis não podem jogar: {names}",
        "encounters": "Baralho de encontros: {kinds}",
        "end_page": "O marcador de fim do capítulo vai na página {page} de {pages}.",
        "minions": "Lacaios no início: {list}",
        "minion": "{count} {name} no {side}",
        "placements": "Lacaios num espaço: {list}",
        "tokens": "Fichas: {list}",
        "victory": "Vitória",
        "victory_all": "Os ratos vencem quando tudo isto vale:",
        "defeat": "Derrota",
        "defeat_general": "Os ratos perdem quando a ampulheta acaba ou todos os ratos são capturados.",
        "defeat_all": "Também perdem quando tudo isto vale:",
        "rules": "Regras do capítulo",
        "rooms": "Regras das salas",
        "no_rules": "Nenhuma regra especial.",
        "story": "História",
        "intro": "Introdução",
        "moment": "Momento “{name}”",
        "revealed": "Quando o {side} é revelado",
        "victory_text": "Vitória",
        "defeat_text": "Derrota",
        "defeat.hourglass": "Derrota quando a ampulheta chega ao marcador de fim",
        "defeat.all_captured": "Derrota quando todos os ratos são capturados",
        "defeat.chapter": "Derrota pela regra do próprio capítulo",
        "difficulty": "Dificuldade medida",
        "difficulty_row": "{preset}: os robôs ({bot}) venceram {rate} de {games} partidas",
        "not_measured": "Ainda não medida: faça um teste de jogo na oficina.",
        "side": "lado {side} ({name})",
        "space": "espaço {space} do lado {side} ({name})",
        "print": "Imprima esta página pelo navegador (Ctrl+P ou ⌘P).",
        "easy": "fácil", "normal": "normal", "hard": "difícil",
        "heuristic": "heurístico (um grupo novo)", "search": "de busca (um grupo cuidadoso)", "random": "aleatório",
        "standard": "padrão", "difficult": "difícil",
    },
}

_STYLE = """
body { font: 15px/1.45 Georgia, serif; color: #222; max-width: 52em; margin: 1.5em auto; padding: 0 1em; }
h1 { margin: 0 0 .2em; } h2 { border-bottom: 2px solid #6b4a1f; margin-top: 1.4em; page-break-after: avoid; }
.board svg { width: 100%; height: auto; max-height: 60vh; }
section { page-break-inside: avoid; }
.story p { font-style: italic; }
.note { color: #555; }
@media print { .note { display: none; } body { margin: 0; max-width: none; } .board svg { max-height: 14cm; } }
@page { margin: 1.5cm; }
"""

_SPACE = re.compile(r"\b(\d+):(\d+)\b")


class _Sheet:
    def __init__(self, content: Content, chapter: Chapter, lang: str) -> None:
        self.content = content
        self.chapter = chapter
        self.lang = "pt" if lang.startswith("pt") else "en"
        self.w = _WORDS[self.lang]

    def say(self, key: str, **values: Any) -> str:
        return self.w[key].format(**values)

    def text(self, value: Any) -> str:
        return str(getattr(value, self.lang))

    def side(self, side: int) -> str:
        info = self.content.tile_sides.get(side)
        return self.say("side", side=side, name=self.text(info.name) if info else "?")

    def spaces(self, words: str) -> str:
        """'16:5' in a sentence read as 'space 5 of side 16 (name)'; rule ids a file's text cites for its
        designers, "(R-EXP-07)", left out: the sheet is for the players."""

        def one(m: re.Match[str]) -> str:
            side = int(m.group(1))
            info = self.content.tile_sides.get(side)
            return self.say("space", space=m.group(2), side=side, name=self.text(info.name) if info else "?")

        text = _SPACE.sub(one, _RULE_IDS.sub("", words))
        for op, symbol in OPS.items():  # the file writes ge, a player reads ≥
            text = text.replace(f" is {op} ", f" {symbol} ").replace(f" é {op} ", f" {symbol} ")
        return text.replace("..", ".")

    def minion(self, minion_id: str) -> str:
        m = self.content.minions.get(minion_id)
        return self.text(m.name) if m is not None else minion_id

    def heading(self) -> str:
        """"Chapter 3: The Old Mill"; a chapter numbered 0 (a chapter of its own, issue 46) by its name alone."""
        ch = self.chapter
        name = escape(self.text(ch.name))
        return f"{escape(self.say('chapter'))} {ch.number}: {name}" if ch.number else name

    def page(self, difficulty: dict[str, Any] | None) -> str:
        ch = self.chapter
        out = [
            f'<!doctype html><html lang="{"pt-BR" if self.lang == "pt" else "en"}"><head><meta charset="utf-8">'
            # issue 46: readable on a phone (it rendered 980 px wide at 390)
            '<meta name="viewport" content="width=device-width, initial-scale=1">',
            f"<title>{self.heading()}</title>",
            f"<style>{_STYLE}</style></head><body>",
            f'<p class="note">{escape(self.say("print"))}</p>',
            f"<h1>{self.heading()}</h1>",
            f"<p><strong>{escape(self.say('objective'))}:</strong> {escape(self.text(ch.objective))}</p>",
            *self.layout(),
            *self.setup(),
            *self.outcome(),
            *self.rules(),
            *self.story(),
            *self.difficulty(difficulty),
            "</body></html>",
        ]
        return "\n".join(out)

    def layout(self) -> list[str]:
        board = build_board(self.content, self.chapter.layout)
        svg = render_layout_svg(board, cell=28)
        xs = [p.at[0] for p in self.chapter.layout]
        ys = [p.at[1] for p in self.chapter.layout]
        items = []
        for p in self.chapter.layout:
            info = self.content.tile_sides[p.side]
            back = next((s for s, o in self.content.tile_sides.items() if o.tile == info.tile and s != p.side), None)
            back_words = self.side(back) if back is not None else self.say("no_back")
            items.append(
                self.say("tile", side=p.side, name=self.text(info.name), x=p.at[0] - min(xs) + 1, y=p.at[1] - min(ys) + 1, back=back_words)
            )
        return [
            f'<section id="sheet-layout"><h2>{escape(self.say("layout"))}</h2>',
            f'<div class="board">{svg}</div>',
            "<ul>" + "".join(f"<li>{escape(i)}</li>" for i in items) + "</ul>",
            f"<p>{escape(self.say('start', space=self.spaces(self.chapter.start_space)))}</p></section>",
        ]

    def setup(self) -> list[str]:
        ch = self.chapter
        lines = [self.say("party", n=ch.party_size)]
        if ch.forbidden_heroes:
            names = ", ".join(self.text(self.content.heroes[h].name) if h in self.content.heroes else h for h in ch.forbidden_heroes)
            lines.append(self.say("barred", names=names))
        lines.append(self.say("encounters", kinds=", ".join(self.w.get(k, k) for k in ch.encounter_kinds)))
        lines.append(self.say("end_page", page=ch.end_page, pages=ch.track_pages))
        if ch.starting_minions:
            each = [self.say("minion", count=m.count, name=self.minion(m.minion), side=self.side(m.side)) for m in ch.starting_minions]
            lines.append(self.say("minions", list="; ".join(each)))
        if ch.placements:
            each = [f"{self.minion(p.minion)}: {self.spaces(p.space)}" for p in ch.placements]
            lines.append(self.say("placements", list="; ".join(each)))
        if ch.tokens:
            each = [f"{name}: {', '.join(self.spaces(s) for s in spaces)}" for name, spaces in ch.tokens.items()]
            lines.append(self.say("tokens", list="; ".join(each)))
        return [f'<section id="sheet-setup"><h2>{escape(self.say("setup"))}</h2><ul>'] + [
            f"<li>{escape(x)}</li>" for x in lines
        ] + ["</ul></section>"]

    def conditions(self, conds: Any) -> str:
        return "<ul>" + "".join(f"<li>{escape(self.spaces(condition_words(c, self.lang)))}</li>" for c in conds) + "</ul>"

    def outcome(self) -> list[str]:
        ch = self.chapter
        out = [f'<section id="sheet-victory"><h2>{escape(self.say("victory"))}</h2>']
        if ch.victory:
            out += [f"<p>{escape(self.say('victory_all'))}</p>", self.conditions(ch.victory)]
        out += ["</section>", f'<section id="sheet-defeat"><h2>{escape(self.say("defeat"))}</h2>']
        out.append(f"<p>{escape(self.say('defeat_general'))}</p>")
        if ch.defeat:
            out += [f"<p>{escape(self.say('defeat_all'))}</p>", self.conditions(ch.defeat)]
        return [*out, "</section>"]

    def rule(self, r: Any, room_side: int | None) -> str:
        """A rule in words, its exit named as the form and the "why" name it (issue 46: "the east exit of the
        Guard Room", not "its exit 2")."""
        words = rule_words(r, self.lang)
        if r.text is None and r.where.exit is not None:
            side = r.where.side if r.where.side is not None else room_side
            name = exit_name(side, r.where.exit, self.lang)
            n = r.where.exit + 1
            if self.lang.startswith("pt"):
                words = words.replace(f"pela saída {n}", "pela " + name.removeprefix("a ")).replace("por uma saída, pela", "pela")
            else:
                words = words.replace(f"through its exit {n}", f"through {name}").replace("through an exit, through", "through")
        return words

    def rules(self) -> list[str]:
        ch = self.chapter
        out = [f'<section id="sheet-rules"><h2>{escape(self.say("rules"))}</h2>']
        if ch.rules:
            out.append("<ul>" + "".join(f"<li>{escape(self.spaces(self.rule(r, None)))}</li>" for r in ch.rules) + "</ul>")
        else:
            out.append(f"<p>{escape(self.say('no_rules'))}</p>")
        if ch.rooms:
            out.append(f"<h3>{escape(self.say('rooms'))}</h3>")
            for room in ch.rooms:
                words = "".join(f"<li>{escape(self.spaces(self.rule(r, room.side)))}</li>" for r in room.rules)
                out.append(f"<h4>{escape(self.side(room.side))}</h4><ul>{words}</ul>")
        return [*out, "</section>"]

    def story(self) -> list[str]:
        ch = self.chapter
        out = [f'<section id="sheet-story" class="story"><h2>{escape(self.say("story"))}</h2>']
        for moment, text in ch.story.items():
            m = re.fullmatch(r"side-(\d+)-revealed", moment)
            title = (
                self.say("intro") if moment == "introduction"
                else self.say("revealed", side=self.side(int(m.group(1)))) if m
                else self.say("moment", name=moment.replace("-", " "))
            )
            out.append(f"<h3>{escape(title)}</h3><p>{escape(self.text(text))}</p>")
        out.append(f"<h3>{escape(self.say('victory_text'))}</h3><p>{escape(self.text(ch.victory_text))}</p>")
        out.append(f"<h3>{escape(self.say('defeat_text'))}</h3><p>{escape(self.text(ch.defeat_text))}</p>")
        for cause, words in ch.defeat_texts.items():  # issue 46: the words of one cause of defeat
            out.append(f"<h3>{escape(self.say(f'defeat.{cause}'))}</h3><p>{escape(self.text(words))}</p>")
        return [*out, "</section>"]

    def difficulty(self, measured: dict[str, Any] | None) -> list[str]:
        out = [f'<section id="sheet-difficulty"><h2>{escape(self.say("difficulty"))}</h2>']
        rows = []
        for preset, got in (measured or {}).get("presets", {}).items():
            if not isinstance(got, dict) or not got.get("games"):
                continue
            rate = f"{round(100 * float(got.get('win_rate', 0)))}%"
            bot = self.w.get(str((measured or {}).get("bot", "heuristic")), "")
            rows.append(self.say("difficulty_row", preset=self.w.get(preset, preset), bot=bot, rate=rate, games=int(got["games"])))
        if rows:
            out.append("<ul>" + "".join(f"<li>{escape(r)}</li>" for r in rows) + "</ul>")
        else:
            out.append(f"<p>{escape(self.say('not_measured'))}</p>")
        return [*out, "</section>"]


def sheet_html(content: Content, chapter: Chapter, lang: str = "en", difficulty: dict[str, Any] | None = None) -> str:
    """The chapter's printable sheet as one HTML document; ``difficulty``: a play-test's report
    (``{"bot", "presets": {preset: {"games", "win_rate"}}}``), or None when none was measured."""
    return _Sheet(content, chapter, lang).page(difficulty)
