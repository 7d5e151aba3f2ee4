"""What clients see: the public view of a table (never a token), events with their sentences, and the board.

Everything here reads the engine's public state and content; nothing changes the game.

Why it is longer than ~800 lines (issue 49): the table view is one document the web client reads whole
(src/mnm/server/shapes.py writes its shape), and its parts call each other (a decision's extras use the card and
event sentences the log uses; the fixed parts are cached per content beside the parts each state changes, issue
50). Split, each part would import the others back. What it leans on lives elsewhere: the words and places in
:mod:`mnm.presentation.info`, the board's drawing in :mod:`mnm.board.picture`.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from mnm.board.layout import Board
from mnm.board.picture import board_geometry, side_name
from mnm.content.loader import Content
from mnm.content.schema import Chapter, Text
from mnm.engine import Event, Game, chapter_words, hero_life, next_chapter_of
from mnm.engine import catalog as messages
from mnm.presentation import info
from mnm.presentation.trackers import trackers

if TYPE_CHECKING:
    from mnm.server.live import LiveTable

__all__ = ["LOG_WINDOW", "board_json", "event_json", "table_view"]

LOG_WINDOW = 300  # events sent with a full view; older ones are fetched page by page
# ...and at most about this many bytes of them (issue 34, finding 2: an uploaded chapter's long story text on
# every roll made a view of 300 events 4.85 MB); a page of GET /events is bounded the same way
LOG_BYTES = 64 * 1024
LANGS = ("en", "pt")


def _text(value: Text | None) -> dict[str, str] | None:
    return None if value is None else {"en": value.en, "pt": value.pt}


def event_json(event: Event, content: Content) -> dict[str, Any]:
    """An event as data plus its sentence in each language (``mnm.engine.i18n`` when present)."""
    out = event.to_json()
    out["text"] = _sentences(event, content)
    if event.msg == "story":
        chapter = content.chapters.get(str(event.params.get("chapter", "")))
        moment = str(event.params.get("moment", ""))
        if chapter is not None and moment in chapter.story:
            out["story"] = _text(chapter.story[moment])
    return out


# issue 50: an event's sentences depend only on its message, its parameters and the content, and most events
# repeat (a turn ended, the hourglass moved, the same minion's step): told once, then read from here. Bounded:
# emptied when full. The content object is kept with its sentences, so an id is never read for another content.
_SENTENCES: dict[tuple[Any, ...], tuple[Content, dict[str, str]]] = {}
_SENTENCES_MAX = 20_000
_BOOL, _FLOAT = object(), object()  # True == 1 == 1.0 as keys, yet they read "True", "1" and "1.0"


def _frozen(value: Any) -> Any:
    """``value`` as a key that tells apart everything a sentence could show differently; TypeError otherwise."""
    if value is None or type(value) in (str, int):
        return value
    if type(value) is bool:
        return (_BOOL, value)
    if type(value) is float:
        return (_FLOAT, value)
    if type(value) in (list, tuple):
        return (type(value), *(_frozen(v) for v in value))
    if type(value) is dict:
        return (dict, *((k, _frozen(v)) for k, v in value.items()))  # in order: a sentence may read the first key
    raise TypeError(f"no key for {type(value).__name__}")


def _sentences(event: Event, content: Content) -> dict[str, str]:
    """The event's sentence in each language, told once per message, parameters and content."""
    try:
        key: tuple[Any, ...] | None = (id(content), event.msg, _frozen(event.params))
    except TypeError:
        key = None
    if key is not None:
        known = _SENTENCES.get(key)
        if known is not None and known[0] is content:
            return dict(known[1])  # each event its own copy: a caller may change it
    text = _told(event, content)
    if key is not None:
        if len(_SENTENCES) >= _SENTENCES_MAX:
            _SENTENCES.clear()
        _SENTENCES[key] = (content, text)
    return dict(text)


def _told(event: Event, content: Content) -> dict[str, str]:
    try:
        from mnm.engine import render

        return {"en": render(event, "en", content), "pt": _contract_pt(render(event, "pt_BR", content))}
    except Exception:  # the catalogs are young: a missing or broken entry must not break the table
        shown = ", ".join(f"{k}={v}" for k, v in event.params.items())
        plain = event.msg.replace("_", " ") + (f" ({shown})" if shown else "")
        return {"en": plain, "pt": plain}


# Portuguese titles take the article: "de Príncipe Collin" reads "do Príncipe Collin" (issue 25).
_PT_TITLES = (("de Príncipe ", "do Príncipe "), ("de Capitão ", "do Capitão "))


def _contract_pt(text: str) -> str:
    for plain, contracted in _PT_TITLES:
        text = text.replace(plain, contracted)
    return text


def _card_of(instance: str) -> str:
    return instance.split("/", 1)[0]  # card instances are "<card>/<copy>"


# Names and card faces never change for a content set: compute each once (they dominate a view's cost).
_NAMES: dict[tuple[int, str], tuple[Content, dict[str, str]]] = {}
_CARDS: dict[tuple[int, str], dict[str, Any]] = {}
_CARD_INFO: dict[tuple[int, str], dict[str, Any] | None] = {}


# Issue 50: the parts of a view that depend only on the content (a mouse's card, an ability's text, a chapter's
# words and rules, a minion type's stat card), built once per content and shared by every view after (nobody
# changes them: each view copies what it adds to). Keyed by the content's id, checked by identity (a chapter
# file's content is its own).
_STATIC: dict[tuple[int, str, Any], tuple[Content, Any]] = {}


def _static(content: Content, kind: str, key: Any, build: Any) -> Any:
    cache_key = (id(content), kind, key)
    hit = _STATIC.get(cache_key)
    if hit is None or hit[0] is not content:
        if len(_STATIC) > 50_000:
            _STATIC.clear()
        hit = _STATIC[cache_key] = (content, build())
    return hit[1]


def _hero_static(content: Content, hid: str) -> dict[str, Any]:
    """What a mouse's line in the view says whatever the game: its name, classes, printed stats, innate abilities."""

    def build() -> dict[str, Any]:
        spec = content.heroes[hid]
        return {
            "name": _text(spec.name),
            "classes": [c.value for c in spec.classes],
            "battle": spec.battle,
            "defense": spec.defense,
            "lore": spec.lore,
            "move": spec.move,
        }

    built: dict[str, Any] = _static(content, "hero", hid, build)
    return built


def _innate(content: Content, hid: str) -> list[dict[str, Any]]:
    spec = content.heroes[hid]
    def build() -> list[dict[str, Any]]:
        return [{"id": i.id, "name": _text(i.name), "text": _text(i.text)} for i in spec.innate]

    built: list[dict[str, Any]] = _static(content, "innate", hid, build)
    return built


def _ability(content: Content, a: str) -> dict[str, Any]:
    def build() -> dict[str, Any]:
        card = content.ability_cards.get(a)
        if card is None:
            return {"id": a, "name": {"en": a, "pt": a}}
        return {"id": a, "name": _text(card.name), "text": _text(card.text), "cost": card.cost}

    built: dict[str, Any] = _static(content, "ability", a, build)
    return built


def _minion_static(content: Content, type_id: str) -> dict[str, Any]:
    """A minion's printed numbers (its type's): the same on every minion of the type."""

    def build() -> dict[str, Any]:
        spec_m = content.minions.get(type_id)
        return {
            "life": spec_m.life if spec_m else 1,
            "size": spec_m.size if spec_m else "small",
            "attack": spec_m.attack.value if spec_m else "melee",
            "battle": spec_m.battle if spec_m else 0,
            "defense": spec_m.defense if spec_m else 0,
            "flying": bool(spec_m.flying) if spec_m else False,  # [EXP] R-EXP-03
        }

    built: dict[str, Any] = _static(content, "minion", type_id, build)
    return built


def _held_card(content: Content, hero_id: str, instance: str) -> dict[str, Any]:
    """A card in a mouse's pack, with why the mouse cannot equip it when it cannot (issue 32: class limits)."""
    card = _search_card(content, instance)
    en = info.class_limit(content, hero_id, instance, "en")
    return {**card, "cannot_equip": {"en": en, "pt": info.class_limit(content, hero_id, instance, "pt_BR")}} if en else card


def _search_card(content: Content, instance: str) -> dict[str, Any]:
    key = (id(content), instance)
    hit = _CARDS.get(key)
    if hit is None:
        if len(_CARDS) > 50_000:
            _CARDS.clear()
        hit = _CARDS[key] = _search_card_uncached(content, instance)
    return hit


def _search_card_uncached(content: Content, instance: str) -> dict[str, Any]:
    card = content.search_cards.get(_card_of(instance))
    if card is None:
        return {"inst": instance, "id": _card_of(instance), "name": {"en": instance, "pt": instance}}
    return {
        "inst": instance,
        "id": card.id,
        "name": _text(card.name),
        "text": _text(card.text),
        "type": card.type.value,
        "slot": card.slot,
        "paws": card.paws,
        "bonus": card.bonus,
    }


def _name(content: Content, ident: str) -> dict[str, str]:
    key = (id(content), ident)
    hit = _NAMES.get(key)
    if hit is None or hit[0] is not content:  # a chapter's name differs between contents (chapter files)
        if len(_NAMES) > 50_000:
            _NAMES.clear()
        hit = _NAMES[key] = (content, _name_uncached(content, ident))
    return hit[1]


def _name_uncached(content: Content, ident: str) -> dict[str, str]:
    try:
        from mnm.engine import name_of

        return {"en": name_of(ident, content, "en"), "pt": name_of(ident, content, "pt_BR")}
    except Exception:
        return {"en": ident, "pt": ident}


def _bot_of(table: LiveTable, hero: str, bots: list[str | None] | None = None) -> str | None:
    seat = table.owner_of(hero)
    return (table.bot_names() if bots is None else bots)[seat] if seat is not None else None


def options_json(names: Iterable[str]) -> list[dict[str, Any]]:
    """Rule variants as clients show them: the id and its sentence in each language (the id if none)."""
    return [
        {
            "id": name,
            "text": {
                "en": messages("en").get(f"option.{name}", name),
                "pt": messages("pt_BR").get(f"option.{name}", name),
            },
        }
        for name in names
    ]


def difficulties_json() -> list[dict[str, Any]]:
    """The difficulty presets as the new-table form shows them (docs/difficulty.md): the id, the game options
    it switches on, its sentence in each language and the heuristic bot's measured win rates: Chapter 1's
    (``win_rate``) and every measured chapter's (``rates``, by chapter id)."""
    from mnm.engine import DEFAULT_DIFFICULTY, DIFFICULTY_PRESETS

    return [
        {
            "id": p.id,
            "default": p.id == DEFAULT_DIFFICULTY,
            "options": list(p.options),
            "text": {
                lang: messages(code).get(f"difficulty.{p.id}", p.id) for lang, code in (("en", "en"), ("pt", "pt_BR"))
            },
            "win_rate": p.win_rate,
            "ci95": list(p.ci95),
            "games": p.games,
            # issue 44: "win_rate" is a new party's (the heuristic bot), "careful" a careful party's (the search bot)
            "party": "new",
            "careful": p.rates[0].careful if p.rates else None,
            "rates": {
                r.chapter: {
                    "win_rate": r.win_rate,
                    "ci95": list(r.ci95),
                    "games": r.games,
                    "careful": r.careful,
                    "careful_games": r.careful_games,
                }
                for r in p.rates
            },
        }
        for p in DIFFICULTY_PRESETS.values()
    ]


def table_view(table: LiveTable, with_log: bool = False) -> dict[str, Any]:
    """The public view of a table: no token, the same for every seat and spectator."""
    game: Game = table.game
    content = table.content
    st = game.state
    chapter = content.chapters[st.chapter]
    heroes = []
    bots = table.bot_names()
    for hid in st.party:
        h = st.heroes[hid]
        heroes.append(
            {
                "id": hid,
                **_hero_static(content, hid),
                "life": hero_life(content, st.options, hid),
                "space": h.space,
                "wounds": h.wounds,
                "poison": h.poison,
                "cheese": h.cheese,
                "statuses": list(h.statuses),
                "captured": h.captured,
                "equipped": [_search_card(content, c) for c in h.equipped],
                "pack": [_held_card(content, hid, c) for c in h.pack],
                "tricks": [_search_card(content, c) for c in h.tricks],
                "abilities": [_ability(content, a) for a in h.abilities],
                "innate": _innate(content, hid),
                "achievements": list(h.achievements),
                "seat": table.owner_of(hid),
                "bot": _bot_of(table, hid, bots),
            }
        )
    minions = []
    for m in st.minions.values():
        minions.append(
            {
                "id": m.id,
                "type": m.type,
                "name": _name(content, m.id),
                "space": m.space,
                "wounds": m.wounds,
                "statuses": list(m.statuses),
                **_minion_static(content, m.type),
            }
        )
    decision = None if table.stopped is not None else table.decision()
    ok, why = game.can_undo() if table.stopped is None else (False, "the server stopped this table")
    view: dict[str, Any] = {
        "id": table.id,
        "version": table.version,
        "companion": table.setup.get("dice") == "manual",
        "options": options_json(sorted(k for k, on in st.options.items() if on)),
        "seats": [
            {"seat": i, "heroes": list(s), "bot": bot}
            for i, (s, bot) in enumerate(zip(table.setup["seats"], table.bot_names(), strict=True))
        ],
        "chapter": {
            **_chapter_static(content, chapter),
            "defeat_text": _text(chapter.defeat_words(st.outcome)),  # issue 46: the words of its cause, once lost
            # a chapter built in the workshop (issue 23), not one of the box's: the table page says so
            "custom": "chapter_file" in table.setup,
            # issue 25: the chapter's special rules (each with its room; revealed: that room has been seen) and
            # the spaces its objective names
            "rules": _chapter_rules(content, st),
            "goal_spaces": _static(content, "goal_spaces", st.chapter, lambda: info.goal_spaces(content, st.chapter)),
            # issue 46: the counters and flags its victory or defeat read, with their limits
            "trackers": trackers(chapter, st.chapter_vars),
        },
        "status": st.status,
        "outcome": st.outcome,
        "round": st.round,
        "wheel": st.wheel,
        "hourglass": st.hourglass,
        "end_page": st.end_page,
        "board_key": board_key(st.face_up),
        "traps": list(st.traps),
        "tokens": {k: list(v) for k, v in st.tokens.items()},
        # [EXP] allies and pets (R-EXP-01/02), rain and the moon (R-EXP-07, R-EXP-11)
        "helpers": {
            k: {"type": str(d["type"]), "space": str(d["space"]), "name": _text(content.minions[str(d["type"])].name)}
            for k, d in (st.chapter_data.get("helpers") or {}).items()
        },
        "weather": {"rain": bool(st.chapter_data.get("rain")), "moon": bool(st.chapter_data.get("moon"))},
        # [EXP] the markers the board draws and the legend, in mnm.presentation.info's words (the terminal says the same)
        "marks": _marks(content, st, game),
        "unlaid": info.unlaid_overlays(content, st, game.ctx.board),  # [EXP] overlays face down until the climb
        "legend": _legend(content, st, game),
        "base_legend": _base_legend(),  # issue 25: the base game's marks, one legend on every chapter
        "stash": list(st.stash),
        "stash_names": {tk: _party_token_name(content, tk) for tk in st.stash},
        "stash_cards": {tk: _party_token_card(content, tk) for tk in st.stash},  # issue 45: tap a stash item to read it
        "minion_types": _minion_types(content, st),
        "party_cards": [_search_card(content, c) for c in st.party_cards],
        "track": [{"card": c, "name": _name(content, c)} for c in st.track],
        "turn_index": st.turn_index,
        "acting": st.acting,
        "turn": None
        if st.turn is None
        else {
            "mouse": st.turn.mouse,
            "move_points": st.turn.move_points,
            "acted": st.turn.acted,
            "rolled": st.turn.rolled,
        },
        "encounter_up": None
        if st.encounter_up is None
        else {
            "id": st.encounter_up,
            "name": _name(content, st.encounter_up),
            "surge": _surge(content, st.encounter_up),
        },
        "decks": {"search": len(st.search_deck), "encounter": len(st.encounter_deck)},
        "story_achievements": list(st.story_achievements),
        "heroes": heroes,
        "minions": minions,
        "decision": None
        if decision is None
        else {
            "kind": decision.kind,
            "actor": decision.actor,
            "options": [str(a) for a in decision.options],
            "data": decision.data,
            "names": _option_names(content, decision.options, game.ctx.chapter),
            "question": _question(game, decision.kind, decision.data),  # issue 25: what is asked
            "help": {"en": info.decision_help(decision.kind, "en"), "pt": info.decision_help(decision.kind, "pt_BR")},
            **decision_extras(game, content, decision.options),
        },
        "can_undo": ok,
        # whose action an undo would take back (a seat may undo only its own mice's, issue 25)
        "undo_actor": game.log[-1].split(" ")[1] if game.log and " " in game.log[-1] else None,
        "undo_reason": why,
        "events_total": len(game.events),
    }
    view["fairness"] = table.fairness()  # issue 14: commit-reveal of the seed
    view["campaign_sheet"] = _campaign_sheet(table)  # issue 32: chapters, heroes' gains, achievements
    view["stopped"] = table.stopped  # issue 34: why the server ended the table before its chapter did
    if st.status != "playing":
        view["summary"] = _summary(game, chapter)  # issue 25: the end screen's account of the chapter
        view["campaign"] = _campaign(table)
        view["campaign"]["continued_to"] = table.continued_to  # the next table, once the host went on
    if with_log:
        first, log = log_page(game.events, content, max(0, len(game.events) - LOG_WINDOW), LOG_WINDOW, backwards=True)
        view["log_first"] = first
        view["log"] = log
    return view


def log_page(
    events: list[Event], content: Content, start: int, limit: int, backwards: bool = False
) -> tuple[int, list[dict[str, Any]]]:
    """Events ``start`` .. ``start + limit`` as JSON, at most about :data:`LOG_BYTES` of them (at least one):
    cut at the end, or with ``backwards`` at the start (a view keeps the newest). Returns the first index kept."""
    chosen = events[start : start + limit]
    out: list[dict[str, Any]] = []
    size = 0
    for ev in reversed(chosen) if backwards else chosen:
        item = event_json(ev, content)
        size += len(json.dumps(item))
        if out and size > LOG_BYTES:
            break
        out.append(item)
    if backwards:
        out.reverse()
        return start + len(chosen) - len(out), out
    return start, out


def _marks(content: Content, st: Any, game: Game) -> list[dict[str, Any]]:
    """[EXP] :func:`mnm.presentation.info.board_marks`, each with its sentence in both languages (the board's labels)."""
    board = game.ctx.board
    return [
        {
            **m,
            "label": {
                "en": info.mark_sentence(content, st, m, "en", board),
                "pt": info.mark_sentence(content, st, m, "pt_BR", board),
            },
        }
        for m in info.board_marks(content, st, board)
    ]


def _legend(content: Content, st: Any, game: Game) -> list[dict[str, Any]]:
    """[EXP] :func:`mnm.presentation.info.legend` in both languages: the markers this board shows now."""
    kinds = info.legend_kinds(content, st, game.ctx.board)  # found once, said in both languages
    shown = [k for k in info.MARKERS["en"] if k in kinds]
    en, pt = [info.marker(k, "en") for k in shown], [info.marker(k, "pt_BR") for k in shown]
    return [{"kind": a["kind"], **_both(a, b, "name", "text")} for a, b in zip(en, pt, strict=True)]


def _summary(game: Game, chapter: Any) -> dict[str, Any]:
    """What the end screen tells: the cause that ended the chapter, the story's ending, and counts from the
    events (rounds, hourglass page, surges, and each mouse's wounds, captures, minions defeated, cards found)."""
    st = game.state
    deeds = {hid: {"wounds": 0, "captured": 0, "defeated": 0, "found": 0, "rescued": 0} for hid in st.party}
    surges = 0
    for ev in game.events:
        p = ev.params
        if ev.msg == "surge":
            surges += 1
        elif ev.msg == "mouse_wounded" and p.get("hero") in deeds:
            deeds[str(p["hero"])]["wounds"] += int(str(p.get("wounds") or 0))
        elif ev.msg == "mouse_captured" and p.get("hero") in deeds:
            deeds[str(p["hero"])]["captured"] += 1
        elif ev.msg == "mouse_rescued" and p.get("hero") in deeds:
            deeds[str(p["hero"])]["rescued"] += 1
        elif ev.msg == "minion_defeated" and p.get("by") in deeds:
            deeds[str(p["by"])]["defeated"] += 1
        elif ev.msg in ("card_found", "special_search", "party_item_found") and p.get("hero") in deeds:
            deeds[str(p["hero"])]["found"] += 1
    ending = chapter.story.get("ending") if st.status == "won" else None
    return {
        "cause": st.outcome,
        "ending": _text(ending),
        "rounds": st.round,
        "hourglass": st.hourglass,
        "end_page": st.end_page,
        "surges": surges,
        "deeds": deeds,
    }


def _chapter_static(content: Content, chapter: Chapter) -> dict[str, Any]:
    """The chapter's words in the view: the same for every state of its game (built once per content)."""

    def build() -> dict[str, Any]:
        return {
            "id": chapter.id,
            "number": chapter.number,
            "name": _text(chapter.name),
            "objective": _text(chapter.objective),
            "victory_text": _text(chapter.victory_text),
            "defeat_text": _text(chapter.defeat_text),
            "track_pages": chapter.track_pages,
            "next_chapter": chapter.next_chapter,
        }

    built: dict[str, Any] = _static(content, "chapter", chapter.id, build)
    return built


def _chapter_rules(content: Content, st: Any) -> list[dict[str, Any]]:
    """:func:`mnm.presentation.info.chapter_rules` in both languages; ``revealed``: the rule's room has been seen (or the rule
    is the whole chapter's), so the page shows it. The rules' words are built once per chapter (issue 50)."""

    def build() -> list[dict[str, Any]]:
        en, pt = info.chapter_rules(content, st.chapter, "en"), info.chapter_rules(content, st.chapter, "pt_BR")
        return [
            {
                "side": a["side"],
                "room": None if a["side"] is None else side_name(content, a["side"]),
                "gate": a["gate"],
                "text": {"en": _why(a), "pt": _why(b)} if a["gate"] else {"en": a["text"], "pt": b["text"]},
            }
            for a, b in zip(en, pt, strict=True)
        ]

    words: list[dict[str, Any]] = _static(content, "rules", st.chapter, build)
    up = set(st.face_up.values())
    seen = set(st.explored) | up
    return [
        {
            **rule,
            # issue 45: a room's rules apply while its side faces up; once its tile flipped they are gone
            "revealed": rule["side"] is None or rule["side"] in up,
            "gone": rule["side"] is not None and rule["side"] in seen and rule["side"] not in up,
        }
        for rule in words
    ]


@functools.cache
def _base_legend() -> list[dict[str, Any]]:
    """The same for every table and version: built once, and the same object in every view (a delta skips it by
    identity). Nobody changes it."""
    en, pt = info.base_legend("en"), info.base_legend("pt_BR")
    return [{"kind": a["kind"], **_both(a, b, "name", "text")} for a, b in zip(en, pt, strict=True)]


def _prompt(kind: str) -> dict[str, str]:
    key = f"{kind}_prompt"
    return {lang: messages(code).get(key, "") for lang, code in (("en", "en"), ("pt", "pt_BR"))}


def _campaign(table: LiveTable) -> dict[str, Any]:
    """After the chapter: where the campaign goes and which card each mouse may keep (R-CAMP-03)."""
    from mnm.engine import keepable_cards

    game = table.game
    return {
        "next_chapter": next_chapter_of(game.state, game.ctx.chapter.next_chapter),
        "keepable": {
            hid: [_search_card(table.content, c) for c in keepable_cards(game.ctx, game.state, hid)]
            for hid in game.state.party
        },
        # issue 45: the table's choices (every seat sees the same), and which seat decides for each mouse
        "keep": {hid: table.keep.get(hid) for hid in game.state.party},
        "decides": {hid: table.owner_of(hid) for hid in game.state.party},
    }


def _campaign_sheet(table: LiveTable) -> dict[str, Any]:
    """The campaign so far (issue 32): every chapter played at the tables before this one and this one, the
    party's story achievements and each mouse's individual ones, by name. Heroes, abilities and items are in the
    view's ``heroes``; what each mouse carried in is in ``carried``."""
    content, st = table.content, table.game.state
    played = [*table.setup.get("history", ()), {"chapter": st.chapter, "status": st.status, "table": table.id}]
    chapters = []
    for line in played:
        chapter = content.chapters.get(line["chapter"])
        chapters.append(
            {
                **line,
                "number": chapter.number if chapter else None,
                "name": _text(chapter.name) if chapter else {"en": line["chapter"], "pt": line["chapter"]},
                "current": line["table"] == table.id,
            }
        )
    carry = table.setup.get("carry") or {}
    return {
        "chapters": chapters,
        "story_achievements": [achievement_name(a) for a in st.story_achievements],
        # every individual achievement earned in the campaign (issue 45): the earlier chapters' (R-CAMP-04 leaves
        # them behind in the game), each with its chapter's number, then this chapter's
        "achievements": {hid: _achievements_so_far(content, played, hid, h.achievements) for hid, h in st.heroes.items()},
        "carried": {hid: _search_card(content, c) for hid, c in (carry.get("cards") or {}).items()},
    }


def _achievements_so_far(
    content: Content, played: list[dict[str, Any]], hero: str, now: list[str]
) -> list[dict[str, Any]]:
    out = []
    for line in played[:-1]:
        chapter = content.chapters.get(line["chapter"])
        for ident in (line.get("achievements") or {}).get(hero, ()):
            out.append({**achievement_name(ident), "chapter": chapter.number if chapter else None})
    current = content.chapters.get(played[-1]["chapter"])
    out.extend({**achievement_name(a), "chapter": current.number if current else None} for a in now)
    return out


def achievement_name(ident: str) -> dict[str, Any]:
    """An achievement's id and its name in each language (the catalog's ``ach.<id>``, else the id in words)."""
    plain = ident.replace("-", " ").capitalize()
    return {"id": ident, "en": messages("en").get(f"ach.{ident}", plain), "pt": messages("pt_BR").get(f"ach.{ident}", plain)}


def _option_names(content: Content, options: Any, chapter: Chapter | None = None) -> dict[str, dict[str, str]]:
    """Readable names for the ids the options mention (cards, abilities, figures; a chapter action's or a story
    choice's words from the chapter file), for button labels."""
    names: dict[str, dict[str, str]] = {}
    words = chapter_words(chapter) if chapter is not None else {}
    for option in options:
        for arg in (option.actor, *option.args):
            if arg not in names:
                found = words.get(arg) if option.verb in ("act", "choose") else None
                names[arg] = {"en": found[0], "pt": found[1]} if found else _name(content, arg)
    return names


def _question(game: Game, kind: str, data: dict[str, Any]) -> dict[str, str]:
    """What a decision asks; a story choice asks the chapter file's own question (R-STORY-05)."""
    if kind == "story_choice":
        words = chapter_words(game.ctx.chapter).get(str(data.get("choice")))
        if words is not None:
            return {"en": words[0], "pt": words[1]}
    return _prompt(kind)


def board_key(face_up: dict[int, int]) -> str:
    return ",".join(f"{t}:{s}" for t, s in sorted(face_up.items()))


# Keyed by the content's id, holding the content: a chapter file's content let go may leave its id to another
# one whose chapter of the same id has another layout (mnm.chapters.file), which must not get this board.
_BOARDS: dict[tuple[int, str, str], tuple[Content, dict[str, Any]]] = {}


def _board_cached(chapter_id: str, key: str, content: Content) -> dict[str, Any]:
    cache_key = (id(content), chapter_id, key)
    hit = _BOARDS.get(cache_key)
    if hit is None or hit[0] is not content:
        if len(_BOARDS) > 4_096:
            _BOARDS.clear()
        hit = _BOARDS[cache_key] = (content, _board_build(chapter_id, key, content))
    return hit[1]


def _board_build(chapter_id: str, key: str, content: Content) -> dict[str, Any]:
    board = Board.for_chapter(content, content.chapters[chapter_id])
    up = {int(t): int(s) for t, s in (p.split(":") for p in key.split(",") if p)}
    return board_geometry(board, up, content, key)


def board_json(table: LiveTable) -> dict[str, Any]:
    """The board drawn by :mod:`mnm.board.render` for the sides now face up, and where each space is."""
    st = table.game.state
    return _board_cached(st.chapter, board_key(st.face_up), table.content)


# --- what the players need at the point of decision (issue 12) ---------------------------------------------


def card_info(content: Content, ident: str) -> dict[str, Any] | None:
    """A card named by an option (search card, ability, encounter): its name, text, numbers and the sentences
    :mod:`mnm.presentation.info` says about it (the terminal's words), in both languages; None if the id names no card."""
    key = (id(content), ident)
    if key not in _CARD_INFO:
        if len(_CARD_INFO) > 50_000:
            _CARD_INFO.clear()
        _CARD_INFO[key] = _card_info_uncached(content, ident)
    return _CARD_INFO[key]


def _both(en: dict[str, Any], pt: dict[str, Any], *keys: str) -> dict[str, Any]:
    return {k: {"en": en[k], "pt": pt[k]} for k in keys}


def _card_info_uncached(content: Content, ident: str) -> dict[str, Any] | None:
    try:
        en, pt = info.card(content, ident, "en"), info.card(content, ident, "pt_BR")
    except KeyError:
        return None
    kind = en["kind"]
    out = {k: v for k, v in en.items() if k not in ("name", "text", "lines", "kind")}
    out["deck"] = kind if kind in ("ability", "encounter") else "search"
    if out["deck"] == "search":
        out["type"] = kind
    out.update(_both(en, pt, "name", "text", "lines"))
    return out


def _party_token_card(content: Content, token: str) -> dict[str, Any] | None:
    """The party item card whose token ``token`` is (its name and text, for the page to show), or None."""
    for card in content.search_cards.values():
        if card.party_token == token:
            return _search_card(content, card.id)
    return None


def _party_token_name(content: Content, token: str) -> dict[str, str]:
    for card in content.search_cards.values():
        if card.party_token == token:
            return {"en": card.name.en, "pt": card.name.pt}
    return {"en": token, "pt": token}


def minion_type_info(content: Content, type_id: str) -> dict[str, Any] | None:
    """A minion type's stat card (:func:`mnm.presentation.info.minion_type` in both languages, plus its size)."""
    spec = content.minions.get(type_id)
    if spec is None:
        return None
    en, pt = info.minion_type(content, type_id, "en"), info.minion_type(content, type_id, "pt_BR")
    out = {k: v for k, v in en.items() if k not in ("name", "one", "ability_text", "lines")}
    out.update(_both(en, pt, "name", "one", "ability_text", "lines"))
    out["size"] = spec.size
    out["kind"] = spec.kind
    return out


def _minion_types(content: Content, st: Any) -> dict[str, Any]:
    """Stat cards of every minion type on the board or on the initiative track."""
    types = {m.type for m in st.minions.values()}
    for card in st.track:
        kind, _, ident = str(card).partition(":")
        if kind in ("minion", "boss") and ident in content.minions:
            types.add(ident)
    if st.encounter_up is not None and st.encounter_up in content.encounter_cards:
        types.update(mc.minion for mc in content.encounter_cards[st.encounter_up].surge)
    cards = {t: _static(content, "minion_type", t, lambda t=t: minion_type_info(content, t)) for t in sorted(types)}
    return {t: card for t, card in cards.items() if card is not None}


def _surge(content: Content, encounter: str) -> list[dict[str, Any]]:
    card = content.encounter_cards.get(encounter)
    if card is None:
        return []
    return [{"minion": mc.minion, "count": mc.count, "name": _name(content, mc.minion)} for mc in card.surge]


def decision_extras(game: Game, content: Content, options: Any) -> dict[str, Any]:
    """What a button needs beyond its name: the text of every card an option names, where each Explore leads,
    which options are irreversible and unusual (to confirm), and why Explore is not offered."""
    from mnm.engine import LEVEL_UP_COST, exit_target

    ctx, st = game.ctx, game.state
    prices: dict[str, int] = {}
    cards: dict[str, Any] = {}
    explore: dict[str, Any] = {}
    confirm: dict[str, str] = {}
    for option in options:
        for arg in option.args:
            if arg not in cards and (info := card_info(content, arg)) is not None:
                cards[arg] = info
        if option.verb == "place" and option.args:
            confirm[str(option)] = "place_item"
        if option.verb == "levelup":
            prices[str(option)] = LEVEL_UP_COST  # R-FREE-04: the price of the new level, not the card's use cost
        if option.verb != "explore" or not option.args:
            continue
        hero = st.heroes.get(option.actor)
        if hero is None or hero.space is None:
            continue
        side = ctx.board.graph_of(hero.space).side
        target: int | None = None
        where = option.args[0]
        if where == "flip":
            target = ctx.board.other_side(side)
        elif where.startswith("exit-") and where[5:].isdigit():
            hit = exit_target(ctx, st, side, int(where[5:]))
            target = hit[0] if hit else None
        if target is None:
            continue
        again = target in st.explored
        explore[str(option)] = {
            "via": "flip" if where == "flip" else "exit",
            "side": target,
            "to": side_name(content, target),
            "explored": again,
        }
        if again and where == "flip":
            confirm[str(option)] = "flip_back"
    out: dict[str, Any] = {
        "cards": cards,
        "explore": explore,
        "confirm": confirm,
        "prices": prices,
        "move_costs": _move_costs(game, options),
    }
    missing = explore_missing(game, options)
    if missing is not None:
        out["explore_missing"] = missing
    return out


def _move_costs(game: Game, options: Any) -> dict[str, int]:
    """Move option -> the movement points it spends (R-MOVE-01..03: water, yellow lines), for the move buttons
    (issue 32); the points left are the turn's ``move_points``."""
    from mnm.engine import reachable

    st = game.state
    turn = st.turn
    hero = st.heroes.get(turn.mouse) if turn is not None else None
    if turn is None or hero is None or hero.space is None or not any(o.verb == "move" for o in options):
        return {}
    costs = dict(reachable(game.ctx, st, hero, turn))
    return {str(o): costs[o.args[0]] for o in options if o.verb == "move" and o.args and o.args[0] in costs}


def explore_missing(game: Game, options: Any) -> dict[str, Any] | None:
    """Why the mouse whose turn it is has no Explore option: a code the client translates, and its params."""
    from mnm.content.schema import HeroClass
    from mnm.engine import action_available, minions_on_side

    ctx, st = game.ctx, game.state
    if st.turn is None or any(o.verb == "explore" for o in options):
        return None
    hero = st.heroes.get(st.turn.mouse)
    if hero is None or hero.space is None or not any(o.verb != "explore" and o.actor == hero.id for o in options):
        return None
    if not action_available(st, st.turn):
        return {"code": "acted", "params": {"hero": hero.id}}
    if "stunned" in hero.statuses:
        return {"code": "stunned", "params": {"hero": hero.id}}
    space = ctx.board.spaces[hero.space]
    if minions_on_side(st, space.side):
        return {"code": "minions", "params": {}}
    graph = ctx.board.graph_of(hero.space)
    # issue 25: a chapter rule that refuses this exit or flip is the reason, named in the chapter's words
    wheres = [f"exit-{ex.index}" for ex in graph.exits if hero.space in ex.spaces]
    if space.flip is not None:
        wheres.append("flip")
    for where in wheres:
        reason = ctx.rules.explore_precondition(ctx, st, hero.id, where)
        if reason:
            refusal = ctx.rules.explore_refusal(ctx, st, hero.id, where)
            said = {"en": reason, "pt": reason} if refusal is None else event_json(refusal, ctx.content)["text"]
            return {
                "code": "chapter_rule",
                "params": {},
                "text": _gate_text(ctx.content, st, space.side, where, said),
            }
    if space.flip is not None:
        if space.flip == "gear" and not {HeroClass.TINKERER, HeroClass.SCAMP} & set(
            ctx.content.heroes[hero.id].classes
        ):
            return {"code": "gear", "params": {"hero": hero.id}}
        if space.flip == "fishhook" and "fishhook" not in st.stash:
            return {"code": "fishhook", "params": {}}
        return {"code": "other", "params": {}}
    if any(hero.space in ex.spaces for ex in graph.exits):
        return {"code": "no_tile", "params": {}}
    return {"code": "not_at_exit", "params": {}}


def _why(rule: dict[str, Any]) -> str:
    """A gate's refusal, then the rule's sentence when it says more."""
    reason, text = str(rule["reason"]).rstrip("."), str(rule["text"])
    return f"{reason}." if text.rstrip(".") == reason else f"{reason}. {text}"


def _gate_text(content: Content, st: Any, side: int, where: str, reason: dict[str, str]) -> dict[str, str]:
    """The chapter rule on ``side`` that gates ``where`` (an exit or the flip), in both languages; the gate's
    refusal alone (``reason``, both languages) when no rule there has a sentence that says more."""
    gate = "flip" if where == "flip" else "exit"
    en, pt = info.chapter_rules(content, st.chapter, "en"), info.chapter_rules(content, st.chapter, "pt_BR")
    for a, b in zip(en, pt, strict=True):
        if a["side"] == side and a["gate"] == gate:
            return {"en": _why(a), "pt": _why(b)}
    return reason


def dice_preview(game: Game, action: Any, faces: list[int]) -> list[dict[str, Any]]:
    """Companion mode: what the faces typed so far already did (events up to the next roll asked for), played
    on a copy, so the players can move the real figures one roll at a time. Changes nothing."""
    from mnm.engine import events_until_stopped

    st = game.state.copy()
    st.dice_queue.extend(int(f) for f in faces)
    events = events_until_stopped(game.ctx, st, action)
    return [event_json(e, game.ctx.content) for e in events]
