"""Words for the terminal clients: names, event sentences, action labels, the state in sentences, help.

Event sentences come from the message catalogs (:func:`mnm.engine.i18n.render`), which know every message the
engine emits (``tests/engine/test_messages.py``); a message they lack is said as its id and parameters, so the
terminal never shows raw data. The clients' own words are in the same catalogs under ``term.``
(:mod:`mnm.terminal.lang`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any

from mnm.content.loader import Content
from mnm.content.schema import Chapter
from mnm.engine import (
    Action,
    Decision,
    DiceTable,
    Event,
    Game,
    Hero,
    IllegalAction,
    Minion,
    State,
    catalog,
    chapter_words,
    hero_life,
    name_of,
)
from mnm.presentation import info
from mnm.terminal.lang import PREFIX, contract, place_name, say

__all__ = ["Describer"]


def _catalog_render(content: Content, lang: str) -> Callable[[Event], str | None]:
    """The engine's message catalogs (:mod:`mnm.engine.i18n`) for the messages they know; None otherwise."""
    try:
        from mnm.engine import catalog
        from mnm.engine import render as render_event
    except ImportError:  # the catalogs are optional for this client
        return lambda ev: None

    def render(ev: Event) -> str | None:
        try:
            known = ev.msg in catalog(lang) or ev.msg in catalog("en")
            return render_event(ev, lang, content) if known else None
        except Exception:  # a broken catalog entry must never stop play
            return None

    return render


_FACES_IN_BRACKETS = re.compile(r"\((\d \([^()]*\)(?:, \d \([^()]*\))*)\)")
_FACE = re.compile(r"(\d) \(([^()]*)\)")
_S_POSSESSIVE = re.compile(r"\b(\w*s)'s\b")
_CAT_CARD = re.compile(r"\bcat:(\w+)")
_EXIT = re.compile(r"^(?:exit|sa[íi]da)[ -]?(\d+)(?:\s+(?:of\s+|on\s+|de\s+)?(?:side\s+|lado\s+)?(\d+))?$")
# a dice purpose from the engine: "filch's movement", "rat-warrior-2's attack", "filch leaving the water"
_PURPOSE = re.compile(r"^(.*?)(?:'s | )([a-z][\w -]*)$", re.IGNORECASE)


class Describer:
    """Names and sentences for one content set, in one language (``en`` or ``pt_BR``)."""

    def __init__(self, content: Content, lang: str = "en", chapter: Chapter | None = None) -> None:
        self.content = content
        self.lang = lang
        # a chapter file's actions, story choices and items in the players' words (issue 30)
        self.chapter_words = chapter_words(chapter) if chapter is not None else {}
        self.dice = DiceTable(content.die)
        self._render = _catalog_render(content, lang)

    def t(self, key: str, **params: Any) -> str:
        """The terminal's own sentence ``key`` in this language (:func:`mnm.terminal.lang.say`)."""
        return say(self.lang, key, **params)

    def known(self, key: str) -> bool:
        return PREFIX + key in catalog(self.lang)

    def join(self, words: list[str]) -> str:
        """``A, B and C`` (``A, B e C``)."""
        if len(words) <= 1:
            return "".join(words)
        return ", ".join(words[:-1]) + " " + self.t("and") + " " + words[-1]

    def value(self, word: str) -> str:
        """A short id the engine uses (a status like ``knocked_down``) in words (the catalogs' ``value.``)."""
        return catalog(self.lang).get(f"value.{word}") or catalog("en").get(f"value.{word}") or word.replace("_", " ")

    # --- names -------------------------------------------------------------------------------------------

    def hero(self, hero_id: Any) -> str:
        h = self.content.heroes.get(str(hero_id))
        return h.name.get(self.lang) if h is not None else str(hero_id)

    def minion_type(self, type_id: str, plural: bool = True) -> str:
        spec = self.content.minions.get(type_id)
        if spec is None:
            return type_id.replace("-", " ").title()
        return (spec.name if plural else spec.one or spec.name).get(self.lang)

    def minion(self, minion_id: Any) -> str:
        """``rat-warrior-2`` -> ``Rat Warrior 2``."""
        return info.minion_name(self.content, str(minion_id), self.lang)

    def figure(self, fid: Any) -> str:
        """A hero or a minion figure."""
        if str(fid) in self.content.heroes:
            return self.hero(fid)
        return self.minion(fid)

    def side(self, side: int) -> str:
        ts = self.content.tile_sides.get(side)
        return ts.name.get(self.lang) if ts is not None else self.t("tile", n=side)

    def space(self, space_id: Any, board_names: dict[str, str] | None = None) -> str:
        """``5:12`` -> ``Guard Room, space 12`` (plus the space's name when it has one)."""
        text = str(space_id)
        side_s, _, n = text.partition(":")
        if not side_s.isdigit() or not n:
            return text
        out = info.space_name(self.content, text, self.lang)
        name = (board_names or {}).get(text)
        if name:
            out += f" ({name})"
        return out

    def card(self, card_id: Any) -> str:
        """A search or ability card by id or instance id (``leather-breastplate/2``)."""
        return info.card_name(self.content, str(card_id), self.lang)

    def track_card(self, card: str) -> str:
        kind, _, who = card.partition(":")
        if kind == "mouse":
            return self.hero(who)
        if kind == "minion":  # a creature with several cards shows each card's name (Hesster, Molox)
            return name_of(card, self.content, self.lang)
        return card

    def faces(self, faces: Any) -> str:
        if not isinstance(faces, list):
            return str(faces)
        out = []
        for f in faces:
            try:
                out.append(self.dice[int(f)].short())
            except (ValueError, IndexError, TypeError):
                out.append(str(f))
        return " ".join(out)

    def face(self, face: Any) -> str:
        try:
            return self.dice[int(face)].short()
        except (ValueError, IndexError, TypeError):
            return str(face)

    # --- events ------------------------------------------------------------------------------------------

    def event(self, ev: Event) -> str:
        """One sentence for an event: the catalogs when they know it, else our fallback; then proof-read."""
        text = self._render(ev)
        return self.tidy(text if text else self.fallback(ev))

    def tidy(self, text: str) -> str:
        """Small wording fixes on any sentence: ``Maginos's`` -> ``Maginos'`` (English), and a face inside
        brackets ``(1 (bow + star), 2 (bow))`` -> ``(1: bow + star; 2: bow)``."""
        text = _FACES_IN_BRACKETS.sub(lambda m: "(" + _FACE.sub(r"\1: \2", m.group(1)).replace(", ", "; ") + ")", text)
        text = _CAT_CARD.sub(lambda m: f"Brodie ({m.group(1)})", text)
        text = text.replace(" (0)", "")  # a special search rolls no die
        if self.lang == "en":
            text = _S_POSSESSIVE.sub(r"\1'", text)
        text = contract(text, self.lang)  # Portuguese: "em A Casa de Guarda" -> "na Casa de Guarda"
        text = text.replace(": , ", f": {self.value('no_dice')}, ")
        return text

    def purpose(self, text: str) -> str:
        """A dice purpose from the engine (``filch's movement``) in words (``Filch's movement``, ``movimento de
        Filch``): the figure or card by its name, what the roll is for from the catalogs' ``term.purpose.``."""
        m = _PURPOSE.match(text)
        if m is None:
            return self.t(f"purpose.{text}") if self.known(f"purpose.{text}") else text
        who, what = m.group(1), m.group(2)
        possessive = text[len(who) :].startswith("'s ")
        who = self._figure_named(who)
        if self.known(f"purpose.{what.lower()}"):
            what = self.t(f"purpose.{what.lower()}")
        elif what in self.content.search_cards or what in self.content.ability_cards:
            what = self.card(what)
        return self.tidy(self.t("purpose_of" if possessive else "purpose_doing", who=who, what=what))

    def _figure_named(self, who: str) -> str:
        """A figure's id or English name (``rat-warrior-2``, ``Rat Warrior 2``) as its name in this language."""
        if who in self.content.heroes or (who.rpartition("-")[2].isdigit() and "-" in who):
            return self.figure(who)
        head, _, number = who.rpartition(" ")
        for tid, spec in self.content.minions.items():
            if number.isdigit() and head == (spec.one or spec.name).en:
                return self.minion(f"{tid}-{number}")
            if who == spec.name.en:
                return spec.name.get(self.lang)
        return who

    def explain(self, ev: Event, weapon: str = "") -> str:
        """What counted in a roll (R-BATTLE-05/06/07/11): which faces hit or blocked, cheese, and a defense
        roll with fewer dice than printed. Empty for events without dice."""
        p = ev.params
        listed = p.get("faces")
        faces = [int(f) for f in listed if str(f).isdigit()] if isinstance(listed, list) else []
        if not faces:
            return ""
        table = self.dice
        cheese = sum(1 for f in faces if table[f].cheese)
        bits: list[str] = []
        if ev.msg in ("mouse_attacks", "minion_attacks", "charmed_attacks"):
            ranged = ev.rule == "R-BATTLE-07"
            if ev.msg == "minion_attacks":
                spec = self.content.minions.get(str(p.get("minion", "")).rpartition("-")[0])
                ranged = spec is not None and spec.attack.value == "ranged"
            bits.append(self.t("explain.ranged" if ranged else "explain.melee"))
        elif ev.msg in ("mouse_defends", "minion_defends"):
            bits.append(self.t("explain.defense"))
            if ev.msg == "minion_defends":
                spec = self.content.minions.get(str(p.get("target", "")).rpartition("-")[0])
                if spec is not None and len(faces) < spec.defense:
                    fewer = spec.defense - len(faces)
                    why = f" ({self.card(weapon)})" if weapon else ""
                    bits.append(self.t("explain.fewer", n=fewer, printed=spec.defense) + why)
        else:
            return ""
        if cheese:
            bits.append(self.t("explain.cheese", n=cheese))
        return "(" + "; ".join(bits) + ")"

    def fallback(self, ev: Event) -> str:
        """A message the catalogs lack: its id in words, then the parameters with names resolved."""
        p = ev.params
        parts = []
        for key, value in p.items():
            parts.append(f"{key.replace('_', ' ')} {self._value(key, value)}")
        head = ev.msg.replace("_", " ").capitalize()
        return head + (": " + ", ".join(parts) if parts else "") + "."

    def _value(self, key: str, value: Any) -> str:
        if isinstance(value, list):
            if key == "faces":
                return self.faces(value)
            return ", ".join(self._value(key, v) for v in value)
        text = str(value)
        if key in ("hero",) or text in self.content.heroes:
            return self.hero(text)
        if key in ("minion", "target", "figure", "by") and text:
            return self.figure(text)
        if key in ("space", "src", "dst", "into") and ":" in text:
            return self.space(text)
        if key == "card":
            return self.card(text)
        return text

    # --- actions -----------------------------------------------------------------------------------------

    def action(self, a: Action, names: dict[str, str] | None = None, actor: str = "") -> str:
        """A label for an action, e.g. ``Move Filch to Guard Room, space 12``; shorter when ``actor`` (the one
        deciding, already named in the question) does it: ``Move to Guard Room, space 12``."""
        if actor and a.actor == actor:
            return self._short_action(a, names)
        short = self._short_action(a, names)
        if a.actor == "party":
            return self.t("action.party", what=short)
        return self.tidy(self.t("action.by", who=self.figure(a.actor), what=short))

    def _short_action(self, a: Action, names: dict[str, str] | None) -> str:
        """The label of an action without who does it: ``Move to Guard Room, space 12``, ``Search``."""
        arg = a.args[0] if a.args else ""
        rest = a.args[1:]
        with_card = self.t("action.with", card=self.card(rest[0])) if a.verb == "battle" and rest else ""
        target = self._arg_name(arg, names) if arg else ""  # a space, a figure, a decision's word or a card
        params: dict[str, Any] = {
            "space": self.space(arg, names),
            "minion": self.minion(arg),
            "card": self.card(arg),
            "target": target,
            "exit": arg.removeprefix("exit-"),
            "with": with_card,
            "verb": a.verb,
            "args": ", ".join(self._arg_name(x, names) for x in a.args),
        }
        if a.verb == "explore" and not arg.startswith("exit-"):
            return self.t("action.explore_flip")
        if a.verb == "ability" and rest:
            return self.t(
                "action.ability_on", card=self.card(arg), on=", ".join(self._arg_name(x, names) for x in rest)
            )
        if a.verb == "place":
            spaces = ", ".join(self.space(x, names) for x in rest)
            return self.t("action.place", token=self._token(arg), spaces=spaces)
        if a.verb == "share" and rest:
            return self.t("action.share_cards", who=self.figure(arg), cards=", ".join(self.card(x) for x in rest))
        if a.verb == "share":
            return self.t("action.share", who=self.figure(arg))
        if self.known(f"action.{a.verb}"):
            return self.t(f"action.{a.verb}", **params).strip().removesuffix(":")
        words = " ".join(self._arg_name(x, names) for x in a.args)
        return f"{a.verb[:1].upper()}{a.verb[1:]} {words}".rstrip()

    # --- moves and cards with the choices ------------------------------------------------------------------

    def move_costs(self, game: Game, actor: str) -> dict[str, int]:
        """Space -> movement it costs the mouse whose turn it is (R-MOVE), for every space it can move to."""
        from mnm.engine import reachable

        st = game.state
        h = st.heroes.get(actor)
        t = st.turn
        if h is None or t is None or t.mouse != actor or h.space is None:
            return {}
        try:
            return dict(reachable(game.ctx, st, h, t))
        except Exception:  # a description must never stop play
            return {}

    def refusal(self, game: Game, a: Action, err: IllegalAction) -> str:
        """Why the engine refused ``a``, in this language: for a move typed by its space, what the space is and
        what getting there costs; the refusal's own message when it has one (a chapter gate's, in the chapter
        file's words); the engine's reason otherwise."""
        reason = err.reason
        if err.message is not None:  # said in this language: every language shows it (not only English)
            return self.t("not_allowed_said", why=self.event(err.message))
        st = game.state
        h = st.heroes.get(a.actor)
        if a.verb == "move" and a.args and h is not None and h.space is not None and st.turn is not None:
            space = a.args[0]
            board = game.ctx.board
            if space not in board.spaces:
                return self.t("answer.move_no_space", space=space)
            g = board.graph_of(h.space)
            if space not in g.by_id:
                return self.t("answer.move_other_tile", space=space)
            cost = g.mouse_dist[g.by_id[h.space].index][g.by_id[space].index]
            left = st.turn.move_points
            if cost > left:
                return self.t("answer.move_cost", space=space, cost=cost, who=self.hero(h.id), left=left)
        return self.t("not_allowed", why=reason)

    def explore_extra(self, game: Game, a: Action) -> str:
        """Where an Explore choice leads: the tile side it reveals or turns to (mnm.engine.exit_target, the board's
        other side), and whether the party has been there (a side not yet explored brings an encounter)."""
        from mnm.engine import exit_target

        st = game.state
        h = st.heroes.get(a.actor)
        if a.verb != "explore" or not a.args or h is None or h.space is None:
            return ""
        board = game.ctx.board
        side = board.graph_of(h.space).side
        where = a.args[0]
        target: int | None
        if where == "flip":
            target = board.other_side(side)
        elif where.startswith("exit-") and where[5:].isdigit() and int(where[5:]) < len(board.graph(side).exits):
            found = exit_target(game.ctx, st, side, int(where[5:]))
            target = found[0] if found is not None else None
        else:
            target = None
        if target is None:
            return ""
        name = f"{self.side(target)} ({target})"
        head = self.t("choice.flips_to" if where == "flip" else "choice.leads_to", side=name)
        return head + ", " + self.t("choice.explored" if target in st.explored else "choice.unexplored")

    def who_is_on(self, game: Game, space: str) -> list[str]:
        st = game.state
        out = [self.hero(h.id) for h in st.heroes.values() if h.space == space and not h.captured]
        return out + [self.minion(m.id) for m in st.minions.values() if m.space == space]

    def move_extra(self, game: Game, space: str, cost: int | None) -> str:
        """``1 point, Rat Warrior 1 there``: what a move costs and who stands where it goes."""
        bits = [self.t("choice.points", n=cost)] if cost is not None else []
        who = self.who_is_on(game, space)
        if who:
            bits.append(self.t("choice.there", who=self.join(who)))
        return ", ".join(bits)

    def moves_line(self, game: Game, d: Decision, moves: list[Action]) -> str:
        """All the moves of a turn as one short line, by tile: ``Move Filch (type the space): Guard Room 5:8 (1
        point), 5:9 (2 points, Rat Warrior 1 there).``"""
        costs = self.move_costs(game, d.actor)
        names = self.space_names(game)
        order = game.ctx.board.order
        by_cost: dict[int | None, list[str]] = {}
        for a in sorted(moves, key=lambda a: (costs.get(a.args[0], 99), order.get(a.args[0], 0))):
            sp = a.args[0]
            who = self.who_is_on(game, sp)
            there = f" ({self.t('choice.there', who=self.join(who))})" if who else ""
            label = sp + (f" {names[sp]}" if sp in names else "") + there
            by_cost.setdefault(costs.get(sp), []).append(label)
        sides = sorted({int(a.args[0].split(":", 1)[0]) for a in moves})
        parts = [
            (self.t("choice.points", n=cost) + ": " if cost is not None else "") + ", ".join(items)
            for cost, items in by_cost.items()
        ]
        where = ", ".join(self.side(s) for s in sides)
        return self.t("moves_line", who=self.figure(d.actor), where=where, moves=". ".join(parts))

    def inspect(self, game: Game, what: str) -> list[str]:
        """What ``what`` is (a card, minion, mouse, space or token: :func:`mnm.presentation.info.describe`; an exit of the
        tile the deciding mouse is on, ``exit 0`` or ``exit 0 5`` for side 5's), in sentences."""
        exit_match = _EXIT.match(what.strip().lower())
        if exit_match is not None:
            return self.exit_lines(game, int(exit_match.group(1)), exit_match.group(2))
        lines = info.describe(game.ctx.content, game.state, what, lang=self.lang, board=game.ctx.board)
        return [contract(line, self.lang) for line in lines]

    def exit_lines(self, game: Game, index: int, side_text: str | None) -> list[str]:
        """An exit in words: where it is, its spaces, and where exploring through it leads (or why it cannot)."""
        st = game.state
        board = game.ctx.board
        if side_text is not None:
            side = int(side_text)
        else:
            who = st.pending.actor if st.pending is not None else ""
            h = st.heroes.get(who)
            if h is None or h.space is None:
                h = next((x for x in st.heroes.values() if x.space is not None), None)
            side = board.graph_of(h.space).side if h is not None and h.space is not None else -1
        if side not in board.graphs:
            return [self.t("plain.no_side", side=side)]
        g = board.graph(side)
        if not 0 <= index < len(g.exits):
            known = ", ".join(str(e.index) for e in g.exits) or "-"
            return [self.t("exit.none", n=index, side=self.side(side), known=known)]
        ex = g.exits[index]
        spaces = [s.split(":")[1] for s in ex.spaces]
        edge, colour = self.t(f"map.edge_{ex.edge.value}"), self.t(f"map.colour_{ex.colour.value}")
        out = [self.t("exit.head", n=index, side=self.side(side), number=side)]
        out.append(self.t("map.exit", n=index, edge=edge, colour=colour, count=len(spaces), spaces=", ".join(spaces)))
        from mnm.engine import exit_target

        target = exit_target(game.ctx, st, side, index)
        if target is None:
            out.append(self.t("exit.nowhere"))
        else:
            out.append(self.t("exit.leads", side=f"{self.side(target[0])} ({target[0]})"))
            out.append(
                self.t("choice.explored" if target[0] in st.explored else "choice.unexplored").capitalize() + "."
            )
        return out

    def names_something(self, game: Game, what: str) -> bool:
        try:
            info.find(game.ctx.content, game.state, what, self.lang, game.ctx.board)
        except KeyError:
            return False
        return True

    def card_of_action(self, a: Action) -> str:
        """The card an action names (to choose, keep, equip, use...), or empty."""
        for arg in a.args:
            cid = arg.split("/", 1)[0]
            if cid in self.content.search_cards or cid in self.content.ability_cards:
                return cid
        return ""

    def card_text(self, card_id: str) -> str:
        """A card's numbers and text in one line, e.g. ``Weapon: melee, sharp, 1 paw. A minion below ...``."""
        try:
            return " ".join(info.card(self.content, card_id, self.lang)["lines"][1:])
        except KeyError:
            return ""

    def _arg_name(self, arg: str, names: dict[str, str] | None) -> str:
        words = self.chapter_words.get(arg)
        if words is not None:
            return words[1] if self.lang == "pt_BR" else words[0]
        if arg.partition(":")[0] in ("mouse", "minion", "boss", "cat"):  # an initiative card (box_initiative)
            return self.track_card(arg)
        if ":" in arg:
            return self.space(arg, names)
        if arg in self.content.heroes or arg.rpartition("-")[2].isdigit():
            return self.figure(arg)
        choice = catalog(self.lang).get(f"choice.{arg}")  # a decision's own word (Pilfer: wheel or supply)
        return choice if choice is not None else self.card(arg)

    def _token(self, token: str) -> str:
        card = next((c for c in self.content.search_cards.values() if c.party_token == token), None)
        return card.name.get(self.lang) if card is not None else token.replace("-", " ")

    # --- decisions -----------------------------------------------------------------------------------------

    def question(self, game: Game, d: Decision) -> str:
        """The question a decision asks, in one sentence."""
        st = game.state
        who = self.figure(d.actor) if d.actor != "party" else self.t("party")
        if d.kind == "turn":
            t = st.turn
            if t is None:
                return self.tidy(self.t("question.turn_only", who=who))
            acted = self.t("question.acted" if t.acted else "question.not_acted")
            return self.tidy(self.t("question.turn", who=who, points=t.move_points, acted=acted))
        if d.kind == "found_card":
            return self.t("question.found_card", who=who, card=self.card(d.data.get("card", "")))
        if self.known(f"question.{d.kind}"):
            return self.tidy(self.t(f"question.{d.kind}", who=who))
        prompt = catalog(self.lang).get(f"{d.kind}_prompt") or catalog("en").get(f"{d.kind}_prompt")
        if d.kind == "story_choice":  # the chapter file's own question (R-STORY-05)
            prompt = self._arg_name(str(d.data.get("choice", "")), None)
        return f"{who}: {prompt or d.kind.replace('_', ' ') + '.'}"

    def cannot_undo(self, game: Game) -> str:
        """Why the last action cannot be taken back (Game.can_undo's three cases), in this language."""
        if game.state.status != "playing":
            return self.t("undo.over")
        return self.t("undo.nothing" if not game.log else "undo.locked")

    def decision_help(self, kind: str) -> str:
        """The rules summary for a decision kind (our own words; rule IDs from RULES.md)."""
        if self.known(f"help.{kind}"):
            return self.t(f"help.{kind}")
        return self.t("help.other", kind=kind.replace("_", " "))

    # --- the state in sentences ----------------------------------------------------------------------------

    def space_names(self, game: Game) -> dict[str, str]:
        """Space id -> its printed name (``the cell``, ``a cela``), for every named space on the board."""
        return {sid: place_name(sp.name, self.lang) for sid, sp in game.ctx.board.spaces.items() if sp.name}

    def feature(self, name: str) -> str:
        """A feature drawn on a space (``helmet``) in words."""
        return self.t(f"feature.{name}") if self.known(f"feature.{name}") else place_name(name, self.lang)

    def hero_sentence(self, game: Game, h: Hero) -> str:
        st = game.state
        spec = self.content.heroes[h.id]
        name = spec.name.get(self.lang)
        if h.captured or h.space is None:
            where = self.t("state.captured", who=name)
        else:
            with_them = [self.minion(m.id) for m in st.minions.values() if m.space == h.space]
            space = self.space(h.space, self.space_names(game))
            where = self.t(
                "state.hero_with" if with_them else "state.hero_on", who=name, space=space, others=self.join(with_them)
            )
        wounds = self.t("state.wounds", wounds=h.wounds, life=hero_life(self.content, st.options, h.id))
        bits = [wounds[:1].upper() + wounds[1:], self.t("state.cheese", n=h.cheese)]
        if h.statuses:
            bits.append(", ".join(self.value(s) for s in h.statuses))
        out = f"{where} {'; '.join(bits)}."
        for key, cards in (("equipped", h.equipped), ("pack", h.pack), ("abilities", h.abilities)):
            if cards:
                out += " " + self.t(f"state.{key}", cards=", ".join(self.card(c) for c in cards))
        return out

    def minion_sentence(self, game: Game, m: Minion) -> str:
        spec = self.content.minions.get(m.type)
        life = spec.life if spec is not None else "?"
        space = self.space(m.space, self.space_names(game))
        out = self.t("state.minion", who=self.minion(m.id), space=space) + " "
        out += self.t("state.wounds", wounds=m.wounds, life=life).capitalize()
        if m.statuses:
            out += "; " + ", ".join(self.value(s) for s in m.statuses)
        return out + "."

    def table_sentences(self, st: State) -> list[str]:
        """Round, track, wheel, hourglass and stash."""
        out = [self.t("state.round", n=st.round)]
        if st.track:
            names = []
            for i, c in enumerate(st.track):
                name = self.track_card(c)
                if st.acting == c or (st.acting is None and i == st.turn_index):
                    name += " " + self.t("state.acting")
                names.append(name)
            out.append(self.t("state.initiative", cards=", ".join(names)))
        out.append(self.t("state.wheel", n=st.wheel))
        out.append(self.t("state.hourglass", page=st.hourglass, end=st.end_page))
        if st.stash:
            out.append(self.t("state.stash", items=", ".join(self.stash_item(s) for s in st.stash)))
        if st.encounter_up:
            out.append(self.t("state.next_surge", card=self.card(st.encounter_up)))
        return out

    def stash_item(self, token: str) -> str:
        """A party token in the stash (``disguises``) by the name of its card."""
        return self._token(token)

    def state_sentences(self, game: Game) -> list[str]:
        st = game.state
        chapter = game.ctx.chapter
        out = [self.t("state.goal", chapter=chapter.name.get(self.lang), goal=chapter.objective.get(self.lang))]
        variants = sorted(name for name, on in st.options.items() if on)
        if variants:
            out.append(self.t("state.variants", variants=", ".join(self.variant(v) for v in variants)))
        out += self.table_sentences(st)
        out += info.weather(st, self.lang)  # [EXP] rain, Nightfall
        out += [self.hero_sentence(game, h) for h in st.heroes.values()]
        figures = [*st.heroes, *st.minions]  # [EXP] what fire and curse do
        out += [line for fid in figures for line in info.status_lines(self.content, st, fid, self.lang)]
        if st.minions:
            out += [self.minion_sentence(game, m) for m in st.minions.values()]
            out += [line for mid in st.minions for line in info.hesster_lines(self.content, st, mid, self.lang)]
        else:
            out.append(self.t("state.no_minions"))
        return out

    def variant(self, name: str) -> str:
        """A rule variant (game option): its sentence in the catalogs and its id (what --option takes)."""
        sentence = catalog(self.lang).get(f"option.{name}")
        return f"{sentence} ({name})" if sentence else name

    def side_sentences(self, game: Game, side: int) -> list[str]:
        """The spaces of one tile side in words: neighbours, water, markers and who stands there."""
        g = game.ctx.board.graph(side)
        st = game.state
        out = [self.t("map.head", name=self.side(side), side=side, n=len(g.spaces))]
        for sp in g.spaces:
            nbrs = [g.spaces[j].n for j in sorted(g.mouse_cost[sp.index])]
            bits = []
            if sp.name:
                bits.append(place_name(sp.name, self.lang))
            for flag, key in ((sp.water, "water"), (sp.entry, "entry"), (sp.trap or sp.id in st.traps, "trap")):
                if flag:
                    bits.append(self.t(f"map.{key}"))
            if sp.start:
                bits.append(self.t("map.start"))
            bits += [self.feature(f) for f in sp.features]
            bits += info.space_marks(self.content, st, sp.id, self.lang, game.ctx.board)  # [EXP] terrain, markers
            who = [self.hero(h.id) for h in st.heroes.values() if h.space == sp.id and not h.captured]
            who += [self.minion(m.id) for m in st.minions.values() if m.space == sp.id]
            line = self.t("map.space", n=sp.n)
            if bits:
                line += f" ({', '.join(bits)})"
            line += ": " + (
                self.t("map.next_to", spaces=", ".join(str(n) for n in nbrs)) if nbrs else self.t("map.alone")
            )
            if who:
                line += "; " + self.t("map.here", who=self.join(who))
            out.append(line + ".")
        out += info.side_marks(self.content, st, side, self.lang, game.ctx.board)  # [EXP] stalagmites
        for ex in g.exits:
            spaces = [s.split(":")[1] for s in ex.spaces]
            edge, colour = self.t(f"map.edge_{ex.edge.value}"), self.t(f"map.colour_{ex.colour.value}")
            out.append(
                self.t("map.exit", n=ex.index, edge=edge, colour=colour, count=len(spaces), spaces=", ".join(spaces))
            )
        return out

    def outcome(self, game: Game) -> str:
        st = game.state
        ch = game.ctx.chapter
        if st.status == "won":
            return self.t("victory", text=ch.victory_text.get(self.lang))
        if st.status == "lost":
            return self.t("defeat", text=ch.defeat_words(st.outcome).get(self.lang))
        return ""

    def story(self, game: Game, ev: Event) -> str | None:
        """The story text an event announces, if it is a story moment this chapter has."""
        if ev.msg != "story":
            return None
        text = game.ctx.chapter.story.get(str(ev.params.get("moment", "")))
        return text.get(self.lang) if text is not None else None

    def events(self, evs: Iterable[Event]) -> list[str]:
        return [self.event(e) for e in evs if e.msg != "story"]
