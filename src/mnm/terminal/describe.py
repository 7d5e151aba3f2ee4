"""Words for the terminal clients: names, event sentences, action labels, the state in sentences, help.

Event sentences come from the message catalogs (:func:`mnm.engine.i18n.render`) when those exist and know the
message; otherwise a small English fallback here turns the event's message id and parameters into a readable
sentence, so the terminal never shows raw data.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any, ClassVar

from mnm import info
from mnm.content.loader import Content
from mnm.engine import Action, Decision, DiceTable, Event, Game, Hero, Minion, State, catalog, name_of

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


def _join(words: list[str]) -> str:
    if not words:
        return ""
    if len(words) == 1:
        return words[0]
    return ", ".join(words[:-1]) + " and " + words[-1]


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


# Rules summaries for the help screen, by decision kind (our own words; rule IDs from RULES.md).
DECISION_HELP: dict[str, str] = {
    "turn": (
        "A mouse's turn (R-TURN): roll for movement, then move up to that many points and take ONE action: "
        "battle a minion in your space (melee) or in sight (ranged), search (once per tile side), scurry "
        "(roll again instead of acting), explore through an exit, or recover from a status. Sharing, equipping "
        "and levelling up are free. Moving stops when you enter a space with a minion (R-MOVE-08). "
        "Red lines cannot be crossed; a yellow line costs 1 with its arrow and 3 against it. "
        "'end' finishes the turn."
    ),
    "choose_ability": (
        "Setup (R-SETUP-03): each mouse picks a starting ability card of its class. Abilities cost cheese "
        "to use later; one ability per turn."
    ),
    "found_card": (
        "Search (R-SEARCH-02): you found a card. Keep it (it goes to your pack or can be equipped) or "
        "discard it (some cards can be traded for cheese)."
    ),
    "pack_full": ("Your pack is full (R-SEARCH-10): drop a card to make room for the new one, or drop the new one."),
    "rescue": ("Rescue (R-CAPT-03): a captured mouse may be rescued; choose where it comes back or pass."),
    "disguises": ("Disguises (R-PARTY-02): the party may use the disguises token now, or skip."),
    "minion_space": (
        "Placing minions (R-ENC-05): these entry spaces are equally good for the new minion, so the players "
        "choose where it enters."
    ),
}

KEYS_HELP = (
    "Keys: type a choice's number and Enter, or move with Up/Down (PageUp/PageDown) and press Enter; or type "
    "an action in its text form (Tab completes it, like a shell) and Enter. Ctrl+Z or 'undo' takes back the last "
    "action when no die was rolled and no card revealed; Ctrl+S or 'save [FILE]' saves; 'load [FILE]' loads; "
    "F1 or '?' shows this help; F2 switches the Table / Heroes / Log tabs; F3 scrolls the board to the next "
    "tile; F4 or 'hint' shows the 3 best choices with a chance and a reason (pick one to play it); F5 pauses or "
    "starts the bots (mnm play --bots); Ctrl+Q or 'quit' quits."
)

PLAIN_HELP = (
    "Type the number of a choice, or an action in its text form (for example 'move filch 5:12'). "
    "Other commands: look (describe the whole table), map (the spaces of the current tile), "
    "log (recent events again), hint (the 3 best choices with a chance and a reason), undo, save FILE, "
    "load FILE, help, quit."
)


class Describer:
    """Names and sentences for one content set, in one language (English unless the catalogs say more)."""

    def __init__(self, content: Content, lang: str = "en") -> None:
        self.content = content
        self.lang = lang
        self.dice = DiceTable(content.die)
        self._render = _catalog_render(content, lang)

    # --- names -------------------------------------------------------------------------------------------

    def hero(self, hero_id: Any) -> str:
        h = self.content.heroes.get(str(hero_id))
        return h.name.en if h is not None else str(hero_id)

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
        return ts.name.en if ts is not None else f"tile {side}"

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
            text = _S_POSSESSIVE.sub(r"\1'", text).replace(": , ", ": no dice, ")
        return text

    def possessive(self, name: str) -> str:
        return self.tidy(f"{name}'s")

    def purpose(self, text: str) -> str:
        """A dice purpose from the engine (``filch's movement``) with ids as names (``Filch's movement``)."""
        words = []
        for word in text.split(" "):
            base, sep, rest = word.partition("'")
            if base in self.content.heroes or base in self.content.minions or base.rpartition("-")[2].isdigit():
                base = self.figure(base)
            elif base in self.content.search_cards or base in self.content.ability_cards:
                base = self.card(base)
            words.append(base + sep + rest)
        return self.tidy(" ".join(words))

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
            if ranged:
                bits.append("ranged: only bows hit")
            else:
                bits.append("melee: swords hit, with or without a shield; bows do not")
        elif ev.msg in ("mouse_defends", "minion_defends"):
            bits.append("each sword-and-shield blocks one hit")
            if ev.msg == "minion_defends":
                spec = self.content.minions.get(str(p.get("target", "")).rpartition("-")[0])
                if spec is not None and len(faces) < spec.defense:
                    fewer = spec.defense - len(faces)
                    why = f" ({self.card(weapon)})" if weapon else ""
                    bits.append(f"{_plural(fewer, 'die')} fewer than its {spec.defense}{why}".replace("dies", "dice"))
        else:
            return ""
        if cheese:
            bits.append(f"{_plural(cheese, 'cheese')} rolled".replace("cheeses", "cheese"))
        return "(" + "; ".join(bits) + ")"

    def fallback(self, ev: Event) -> str:
        p = ev.params
        h = self.hero(p.get("hero", ""))
        m = self.minion(p.get("minion", ""))
        fmt = self._TEMPLATES.get(ev.msg)
        if fmt is not None:
            try:
                return fmt(self, p, h, m)
            except (KeyError, ValueError, TypeError):
                pass
        # Generic: the message id in words, then the parameters with names resolved.
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

    def _why(self, p: dict[str, Any], key: str = "reason") -> str:
        why = p.get(key)
        if not why:
            return ""
        words = catalog("en").get(f"value.{why}", str(why))  # short ids (nearest_not_attacked) become words
        return f" ({words})"

    _TEMPLATES: ClassVar[dict[str, Callable[[Describer, dict[str, Any], str, str], str]]] = {
        "chapter_begins": lambda d, p, h, m: f"The chapter begins with {_join([d.hero(x) for x in p['party']])}.",
        "ability_chosen": lambda d, p, h, m: f"{h} takes the ability {d.card(p['ability'])}.",
        "minion_placed": lambda d, p, h, m: f"{m} is placed on {d.space(p['space'])}{d._why(p, 'why')}.",
        "initiative_shuffled": lambda d, p, h, m: (
            "Initiative order: " + ", ".join(d.track_card(c) for c in p["track"]) + "."
        ),
        "born_to_lead": lambda d, p, h, m: f"{h} is born to lead: the mice act first.",
        "minion_card_turn": lambda d, p, h, m: (
            f"The {d.minion_type(str(p['minion']))} act: " + ", ".join(d.minion(x) for x in p["order"]) + "."
        ),
        "minion_moves": lambda d, p, h, m: (
            f"{m} moves {p['steps']} from {d.space(p['src'])} to {d.space(p['dst'])}"
            + (f" toward {d.hero(p['target'])}" if p.get("target") else "")
            + (f" (tied with {_join([d.hero(x) for x in p['tied']])})" if p.get("tied") else "")
            + "."
        ),
        "minion_holds": lambda d, p, h, m: f"{m} stays on {d.space(p['space'])}.",
        "minion_holds_ranged": lambda d, p, h, m: f"{m} stays on {d.space(p['space'])} to shoot.",
        "minion_attacks": lambda d, p, h, m: (
            f"{m} attacks {h}{d._why(p)}"
            + (f" (tied with {_join([d.hero(x) for x in p['tied']])}, higher on the track)" if p.get("tied") else "")
            + f": rolls {d.faces(p['faces'])}, {_plural(int(p['hits']), 'hit')}."
        ),
        "mouse_defends": lambda d, p, h, m: (
            f"{h} defends with {d.faces(p['faces'])}: "
            f"{_plural(int(p['blocks']), 'block')}, {_plural(int(p['wounds']), 'wound')}."
        ),
        "mouse_wounded": lambda d, p, h, m: (
            f"{h} takes {_plural(int(p['wounds']), 'wound')}"
            + (" (poison)" if p.get("poison") else "")
            + f" from {d.figure(p.get('source', '?'))}: {p['total']} in all."
        ),
        "mouse_gains_cheese": lambda d, p, h, m: f"{h} gains {p['amount']} cheese ({p['total']} now).",
        "wheel_cheese": lambda d, p, h, m: (
            f"{p['amount']} cheese goes on the minion wheel "
            f"({p['wheel']} of 6){' from ' + d.figure(p['source']) if p.get('source') else ''}."
        ),
        "movement_roll": lambda d, p, h, m: f"{h} rolls {d.face(p['face'])} for movement: {p['points']} points.",
        "mouse_moves": lambda d, p, h, m: (
            f"{h} moves from {d.space(p['src'])} to {d.space(p['dst'])} (cost {p['cost']}, {p['left']} left)."
        ),
        "stops_at_minion": lambda d, p, h, m: f"{h} stops: a minion is on {d.space(p['space'])}.",
        "turn_ends": lambda d, p, h, m: f"{h}'s turn ends.",
        "round_begins": lambda d, p, h, m: f"Round {p['round']} begins.",
        "mouse_attacks": lambda d, p, h, m: (
            f"{h} attacks {d.minion(p['target'])} with {d.card(p['weapon'])}: "
            f"rolls {d.faces(p['faces'])}, {_plural(int(p['hits']), 'hit')}."
        ),
        "minion_defends": lambda d, p, h, m: (
            f"{d.minion(p['target'])} defends with {d.faces(p['faces'])}: "
            f"{_plural(int(p['blocks']), 'block')}, {_plural(int(p['wounds']), 'wound')}."
        ),
        "attack_misses": lambda d, p, h, m: f"The attack on {d.figure(p['target'])} does no harm.",
        "minion_wounded": lambda d, p, h, m: f"{m} is wounded ({p['wounds']} of {p['life']}).",
        "minion_defeated": lambda d, p, h, m: (
            f"{m} is defeated" + (f" by {d.hero(p['by'])}" if p.get("by") else "") + "."
        ),
        "search_fails": lambda d, p, h, m: f"{h} searches and rolls {d.face(p['face'])}: nothing found.",
        "card_found": lambda d, p, h, m: f"{h} searches, rolls {d.face(p['face'])} and finds {d.card(p['card'])}.",
        "special_search": lambda d, p, h, m: f"{h} searches, rolls {d.face(p['face'])} and finds {d.card(p['card'])}.",
        "card_kept": lambda d, p, h, m: f"{h} keeps {d.card(p['card'])}.",
        "card_traded": lambda d, p, h, m: f"{h} trades {d.card(p['card'])} for cheese ({p['total']} now).",
        "card_dropped": lambda d, p, h, m: f"{h} drops {d.card(p['card'])}.",
        "party_item_found": lambda d, p, h, m: f"{h} finds {d.card(p['card'])} for the party stash.",
        "scurry": lambda d, p, h, m: f"{h} scurries: rolls {d.face(p['face'])}, {p['points']} points.",
        "hourglass_moves": lambda d, p, h, m: (
            f"The hourglass moves to page {p['page']} of {p['end_page']}"
            + (f" ({p['why']})" if p.get("why") else "")
            + "."
        ),
        "surge": lambda d, p, h, m: "Surge! The minion wheel is full.",
        "surge_no_minions": lambda d, p, h, m: "The surge brings no minions.",
        "mouse_captured": lambda d, p, h, m: f"{h} is captured" + (f" ({p['cause']})" if p.get("cause") else "") + ".",
        "captured_waits": lambda d, p, h, m: f"{h} is captured and waits.",
        "mouse_rescued": lambda d, p, h, m: f"{h} is rescued and placed on {d.space(p['space'])}.",
        "mouse_healed": lambda d, p, h, m: f"{h} heals {p['healed']} ({p['total']} wounds left).",
        "explores_exit": lambda d, p, h, m: f"{h} explores from {d.side(int(p['src']))} to {d.side(int(p['dst']))}.",
        "mouse_placed": lambda d, p, h, m: f"{h} is placed on {d.space(p['space'])}.",
        "tile_flipped": lambda d, p, h, m: (
            f"A tile is flipped: {d.side(int(p['src']))} becomes {d.side(int(p['dst']))}."
        ),
        "enters_water": lambda d, p, h, m: f"{h} enters the water on {d.space(p['space'])}.",
        "drifts": lambda d, p, h, m: f"{h} drifts from {d.space(p['src'])} to {d.space(p['dst'])}.",
        "encounter_drawn": lambda d, p, h, m: f"Encounter: {d.card(p['card'])}.",
        "encounter_face_up": lambda d, p, h, m: f"Next surge card: {d.card(p['card'])}.",
        "status_added": lambda d, p, h, m: (
            f"{d.figure(p.get('figure') or p.get('hero', '?'))} is {str(p.get('status', '?')).replace('_', ' ')}."
        ),
        "recovers": lambda d, p, h, m: f"{h} recovers from being {str(p['status']).replace('_', ' ')}.",
        "stands_up": lambda d, p, h, m: f"{d.figure(p['figure'])} stands up.",
        "trap_sprung": lambda d, p, h, m: (
            f"{h} springs the mousetrap on {d.space(p['space'])} (rolled {d.faces(p['faces'])})."
        ),
        "trap_passed": lambda d, p, h, m: (
            f"{h} gets past the mousetrap on {d.space(p['space'])} (rolled {d.faces(p['faces'])})."
        ),
        "mousetrap_set": lambda d, p, h, m: f"A mousetrap is set on {d.space(p['space'])}.",
        "achievement": lambda d, p, h, m: f"{h} earns the achievement {str(p['achievement']).replace('-', ' ')}.",
        "victory": lambda d, p, h, m: "Victory! The chapter is won.",
        "defeat": lambda d, p, h, m: (
            "Defeat"
            + (
                ": the hourglass ran out."
                if p.get("reason") == "hourglass"
                else ": every mouse is captured."
                if p.get("reason") == "all_captured"
                else "."
            )
        ),
        "time_is_short": lambda d, p, h, m: "Time is short: the minions gain cheese.",
        "old_crow": lambda d, p, h, m: f"The old crow strikes {d.figure(p['figure'])}.",
        "roach_to_counter": lambda d, p, h, m: f"{m} scuttles toward the counter, to {d.space(p['dst'])}.",
        "counter_cheese_eaten": lambda d, p, h, m: (
            f"The roaches eat {p['amount']} counter cheese ({p['left']} left; wheel {p['wheel']})."
        ),
        "story": lambda d, p, h, m: f"Story: {p['moment']}.",
    }

    # --- actions -----------------------------------------------------------------------------------------

    def action(self, a: Action, names: dict[str, str] | None = None, actor: str = "") -> str:
        """A label for an action, e.g. ``Move Filch to Guard Room, space 12``; shorter when ``actor`` (the one
        deciding, already named in the question) does it: ``Move to Guard Room, space 12``."""
        if actor and a.actor == actor:
            return self._short_action(a, names)
        who = self.figure(a.actor) if a.actor != "party" else "The party"
        arg = a.args[0] if a.args else ""
        verb = a.verb
        if verb == "move":
            return f"Move {who} to {self.space(arg, names)}"
        if verb == "battle":
            return f"{who} attacks {self.minion(arg)}" + (f" with {self.card(a.args[1])}" if len(a.args) > 1 else "")
        if verb == "search":
            return f"{who} searches"
        if verb == "scurry":
            return f"{who} scurries (rolls for more movement instead of an action)"
        if verb == "end":
            return f"End {self.possessive(who)} turn"
        if verb == "explore":
            return f"{who} explores through {arg.replace('-', ' ')}"
        if verb == "recover":
            return f"{who} recovers"
        if verb == "choose":
            return f"{who} chooses {self.space(arg, names) if ':' in arg else self.card(arg)}"
        if verb == "keep":
            return f"{who} keeps {self.card(arg)}"
        if verb == "discard":
            return f"{who} discards {self.card(arg)}"
        if verb == "drop":
            return f"{who} drops {self.card(arg)}"
        if verb == "equip":
            return f"{who} equips {self.card(arg)}"
        if verb == "unequip":
            return f"{who} unequips {self.card(arg)}"
        if verb == "share":
            rest = " ".join(self.figure(x) if x in self.content.heroes else self.card(x) for x in a.args)
            return f"{who} shares: {rest}"
        if verb == "ability":
            return f"{who} uses {self.card(arg)}" + (" " + " ".join(a.args[1:]) if len(a.args) > 1 else "")
        if verb == "levelup":
            return f"{who} levels up: {self.card(arg)}"
        if verb in ("skip", "done"):
            return f"{who}: {verb}"
        rest = " ".join(self.card(x) if ":" not in x else self.space(x, names) for x in a.args)
        return f"{who}: {verb} {rest}".rstrip()

    def _short_action(self, a: Action, names: dict[str, str] | None) -> str:
        arg = a.args[0] if a.args else ""
        table: dict[str, Callable[[], str]] = {
            "move": lambda: f"Move to {self.space(arg, names)}",
            "battle": lambda: (
                f"Attack {self.minion(arg)}" + (f" with {self.card(a.args[1])}" if len(a.args) > 1 else "")
            ),
            "search": lambda: "Search",
            "scurry": lambda: "Scurry (roll again for movement)",
            "end": lambda: "End the turn",
            "explore": lambda: f"Explore through {arg.replace('-', ' ')}",
            "recover": lambda: "Recover",
            "choose": lambda: f"Choose {self.space(arg, names) if ':' in arg else self.card(arg)}",
            "keep": lambda: f"Keep {self.card(arg)}",
            "discard": lambda: f"Discard {self.card(arg)}",
            "drop": lambda: f"Drop {self.card(arg)}",
            "equip": lambda: f"Equip {self.card(arg)}",
            "unequip": lambda: f"Unequip {self.card(arg)}",
            "levelup": lambda: f"Level up: {self.card(arg)}",
            "ability": lambda: (
                f"Use {self.card(arg)}"
                + (": " + ", ".join(self._arg_name(x, names) for x in a.args[1:]) if len(a.args) > 1 else "")
            ),
            "place": lambda: (
                f"Place the {self._token(arg)} token on " + ", ".join(self.space(x, names) for x in a.args[1:])
            ),
            "share": lambda: (
                f"Share with {self.figure(arg)}"
                + (f": {', '.join(self.card(x) for x in a.args[1:])}" if len(a.args) > 1 else "")
            ),
        }
        short = table.get(a.verb)
        if short is not None:
            return short()
        who = self.figure(a.actor)
        text = self.action(a, names).removeprefix(who + " ").removeprefix(who + ": ")
        return text[:1].upper() + text[1:]

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

    def who_is_on(self, game: Game, space: str) -> list[str]:
        st = game.state
        out = [self.hero(h.id) for h in st.heroes.values() if h.space == space and not h.captured]
        return out + [self.minion(m.id) for m in st.minions.values() if m.space == space]

    def move_extra(self, game: Game, space: str, cost: int | None) -> str:
        """``1 point, Rat Warrior 1 there``: what a move costs and who stands where it goes."""
        bits = [_plural(cost, "point")] if cost is not None else []
        who = self.who_is_on(game, space)
        if who:
            bits.append(f"{_join(who)} there")
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
            label = sp + (f" {names[sp]}" if sp in names else "") + (f" ({_join(who)} there)" if who else "")
            by_cost.setdefault(costs.get(sp), []).append(label)
        sides = sorted({int(a.args[0].split(":", 1)[0]) for a in moves})
        parts = [
            (f"{_plural(cost, 'point')}: " if cost is not None else "") + ", ".join(items)
            for cost, items in by_cost.items()
        ]
        where = ", ".join(self.side(s) for s in sides)
        return f"Move {self.figure(d.actor)} ({where}; type the space). " + ". ".join(parts) + "."

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
        if ":" in arg:
            return self.space(arg, names)
        if arg in self.content.heroes or arg.rpartition("-")[2].isdigit():
            return self.figure(arg)
        return self.card(arg)

    def _token(self, token: str) -> str:
        card = next((c for c in self.content.search_cards.values() if c.party_token == token), None)
        return card.name.get(self.lang) if card is not None else token.replace("-", " ")

    # --- decisions -----------------------------------------------------------------------------------------

    def question(self, game: Game, d: Decision) -> str:
        """The question a decision asks, in one sentence."""
        st = game.state
        who = self.figure(d.actor) if d.actor != "party" else "The party"
        if d.kind == "turn":
            t = st.turn
            if t is None:
                return f"{self.possessive(who)} turn."
            bits = [f"{t.move_points} movement point{'s' if t.move_points != 1 else ''} left"]
            bits.append("action taken" if t.acted else "action not taken yet")
            return f"{self.possessive(who)} turn: {', '.join(bits)}."
        if d.kind == "choose_ability":
            return f"{who}: choose a starting ability."
        if d.kind == "found_card":
            card = d.data.get("card", "")
            return f"{who} found {self.card(card)}: keep it or discard it?"
        if d.kind == "pack_full":
            return f"{self.possessive(who)} pack is full: what to drop?"
        if d.kind == "minion_space":
            spec = self.content.minions.get(str(d.data.get("minion", "")))
            return f"{who}: where does the next figure of {spec.name.en if spec else 'minions'} enter? (the spaces tie)"
        return f"{who}: {d.kind.replace('_', ' ')}."

    def decision_help(self, kind: str) -> str:
        return DECISION_HELP.get(kind, f"Decision '{kind.replace('_', ' ')}': pick one of the listed choices.")

    # --- the state in sentences ----------------------------------------------------------------------------

    def space_names(self, game: Game) -> dict[str, str]:
        """Space id -> its printed name (``the cell``), for every named space on the board."""
        return {sid: sp.name for sid, sp in game.ctx.board.spaces.items() if sp.name}

    def hero_sentence(self, game: Game, h: Hero) -> str:
        st = game.state
        spec = self.content.heroes[h.id]
        if h.captured or h.space is None:
            where = f"{spec.name.en} is captured."
        else:
            with_them = [self.minion(m.id) for m in st.minions.values() if m.space == h.space]
            where = f"{spec.name.en} is on {self.space(h.space, self.space_names(game))}"
            where += f", with {_join(with_them)}." if with_them else "."
        bits = [f"Wounds {h.wounds} of {spec.life}", f"cheese {h.cheese}"]
        if h.statuses:
            bits.append(", ".join(s.replace("_", " ") for s in h.statuses))
        out = f"{where} {'; '.join(bits)}."
        if h.equipped:
            out += f" Equipped: {', '.join(self.card(c) for c in h.equipped)}."
        if h.pack:
            out += f" Pack: {', '.join(self.card(c) for c in h.pack)}."
        if h.abilities:
            out += f" Abilities: {', '.join(self.card(c) for c in h.abilities)}."
        return out

    def minion_sentence(self, game: Game, m: Minion) -> str:
        spec = self.content.minions.get(m.type)
        life = spec.life if spec is not None else "?"
        out = f"{self.minion(m.id)} is on {self.space(m.space, self.space_names(game))}. Wounds {m.wounds} of {life}"
        if m.statuses:
            out += "; " + ", ".join(s.replace("_", " ") for s in m.statuses)
        return out + "."

    def table_sentences(self, st: State) -> list[str]:
        """Round, track, wheel, hourglass and stash."""
        out = [f"Round {st.round}."]
        if st.track:
            names = []
            for i, c in enumerate(st.track):
                name = self.track_card(c)
                if st.acting == c or (st.acting is None and i == st.turn_index):
                    name += " (acting)"
                names.append(name)
            out.append("Initiative: " + ", ".join(names) + ".")
        out.append(f"Minion wheel: {st.wheel} of 6 cheese; at 6 minions surge.")
        out.append(f"Hourglass on page {st.hourglass}; the chapter is lost when it passes page {st.end_page}.")
        if st.stash:
            out.append("Party stash: " + ", ".join(s.replace("-", " ") for s in st.stash) + ".")
        if st.encounter_up:
            out.append(f"Next surge card: {self.card(st.encounter_up)}.")
        return out

    def state_sentences(self, game: Game) -> list[str]:
        st = game.state
        chapter = game.ctx.chapter
        out = [f"{chapter.name.en}. Goal: {chapter.objective.en}"]
        variants = sorted(name for name, on in st.options.items() if on)
        if variants:
            out.append("Rule variants: " + ", ".join(variants) + " (docs/rulings.md).")
        out += self.table_sentences(st)
        out += [self.hero_sentence(game, h) for h in st.heroes.values()]
        if st.minions:
            out += [self.minion_sentence(game, m) for m in st.minions.values()]
        else:
            out.append("No minions are on the board.")
        return out

    def side_sentences(self, game: Game, side: int) -> list[str]:
        """The spaces of one tile side in words: neighbours, water, markers and who stands there."""
        g = game.ctx.board.graph(side)
        st = game.state
        out = [f"{g.name} (tile side {side}), {len(g.spaces)} spaces."]
        for sp in g.spaces:
            nbrs = [g.spaces[j].n for j in sorted(g.mouse_cost[sp.index])]
            bits = []
            if sp.name:
                bits.append(sp.name)
            if sp.water:
                bits.append("water")
            if sp.entry:
                bits.append("minion entry")
            if sp.trap or sp.id in st.traps:
                bits.append("mousetrap")
            if sp.start:
                bits.append("start")
            bits += list(sp.features)
            who = [self.hero(h.id) for h in st.heroes.values() if h.space == sp.id and not h.captured]
            who += [self.minion(m.id) for m in st.minions.values() if m.space == sp.id]
            line = f"Space {sp.n}"
            if bits:
                line += f" ({', '.join(bits)})"
            line += f": next to {', '.join(str(n) for n in nbrs)}" if nbrs else ": no neighbours"
            if who:
                line += f"; here: {_join(who)}"
            out.append(line + ".")
        for ex in g.exits:
            out.append(
                f"Exit {ex.index} on the {ex.edge.name} edge ({ex.colour.value}), from space"
                f"{'s' if len(ex.spaces) > 1 else ''} {', '.join(s.split(':')[1] for s in ex.spaces)}."
            )
        return out

    def outcome(self, game: Game) -> str:
        st = game.state
        ch = game.ctx.chapter
        if st.status == "won":
            return f"Victory! {ch.victory_text.en}"
        if st.status == "lost":
            return f"Defeat. {ch.defeat_text.en}"
        return ""

    def story(self, game: Game, ev: Event) -> str | None:
        """The story text an event announces, if it is a story moment this chapter has."""
        if ev.msg != "story":
            return None
        text = game.ctx.chapter.story.get(str(ev.params.get("moment", "")))
        return text.en if text is not None else None

    def events(self, evs: Iterable[Event]) -> list[str]:
        return [self.event(e) for e in evs if e.msg != "story"]
