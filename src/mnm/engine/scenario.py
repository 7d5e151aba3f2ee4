"""Scenarios: any position of any chapter, written as data, ready to play from (docs/scenarios.md).

A scenario is how rule disputes and bug reports are reproduced and how most rule tests are written: it names a
chapter, where every figure stands with its wounds, cheese, cards and effects, the initiative track and whose
turn begins, the wheel and hourglass, the cards on top of the decks, and the dice to roll. Loading one gives a
:class:`~mnm.engine.game.Game` waiting at the first decision of that turn.

>>> game = load_scenario({
...     "chapter": "proving-grounds",
...     "heroes": {"collin": {"space": "5:12"}, "filch": {"space": "5:13"}},
...     "minions": {"rat-warrior-1": {"space": "5:7"}},
...     "turn": "mouse:collin",
... })
>>> game.decision().actor
'collin'

Every field but ``chapter`` is optional. Unknown fields, unknown heroes, minions, spaces or cards, and impossible
positions (five small figures on one space) raise :class:`~mnm.engine.errors.ScenarioError` naming the field.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from pydantic import BaseModel, ValidationError

from mnm.content.aliases import renamed, renamed_words
from mnm.content.bounded_yaml import load_bounded
from mnm.content.loader import Content, ContentError, builtin_content
from mnm.content.schema import EncounterCard, SearchCard
from mnm.content.schema import Minion as MinionType
from mnm.engine.context import Ctx, push
from mnm.engine.effects import check_content
from mnm.engine.errors import IllegalAction, SaveError, ScenarioError
from mnm.engine.game import Game, make_ctx, run
from mnm.engine.rules.initiative import card_of_minion_type
from mnm.engine.rules.setup import card_instances, card_of, setup_state
from mnm.engine.save_fields import BUFF, COUNT, MOVE_POINTS, SEED, SMALL
from mnm.engine.savefile import validate_save
from mnm.engine.state import STATUSES, Hero, Minion, State, Turn, engine_key

__all__ = ["NO_TURNING", "SCENARIO_FIELDS", "load_scenario", "scenario_state"]

SCENARIO_FIELDS = frozenset(
    {
        "chapter", "party", "seed", "dice", "dice_mode", "options", "tiles", "explored", "heroes", "minions",
        "track", "turn", "round", "wheel", "hourglass", "end_page", "traps", "stash", "tokens", "party_cards",
        "search_deck_top", "encounter_deck_top", "encounter_up", "chapter_data", "chapter_vars",
        "story_achievements",
        "turn_state", "description", "actions", "minion_turn", "content",
    }
)
MINION_TURN_FIELDS = frozenset({"order", "attacked"})
CONTENT_FIELDS = frozenset({"minions", "encounter_cards", "search_cards"})
HERO_FIELDS = frozenset(
    {"space", "wounds", "poison", "cheese", "equipped", "pack", "tricks", "abilities", "statuses", "captured",
     "captures", "searched", "achievements", "buffs"}
)
MAX_SCRIPTED_DICE = 10_000  # issue 14: a million scripted dice took 18 s and 700 MB
MINION_FIELDS = frozenset({"type", "space", "wounds", "statuses", "greedy"})
MINION_STATUSES = ("knocked_down",)
TURN_FIELDS = frozenset(
    {"move_points", "moved", "movement_over", "acted", "free_used", "ability_used", "rolled", "extra_actions", "flags"}
)


def _fail(where: str, message: str) -> ScenarioError:
    return ScenarioError(f"scenario: {where}: {message}")


def _as_list(value: Any, where: str) -> list[Any]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise _fail(where, f"must be a list, got {type(value).__name__}")
    return value


def _as_int(value: Any, where: str, minimum: int = 0, maximum: int = SMALL[1]) -> int:
    """A whole number from ``minimum`` to ``maximum`` (every number has a range: issue 26, finding 5; the ranges
    are the save's, :mod:`mnm.engine.savefile`)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise _fail(where, f"must be a whole number, got {value!r}")
    if value < minimum:
        raise _fail(where, f"must be >= {minimum}, got {value}")
    if value > maximum:
        raise _fail(where, f"must be <= {maximum}, got {value}")
    return value


def _as_mapping(value: Any, where: str) -> Mapping[Any, Any]:
    # keys typed Any: a file may hold numbers as keys ('tiles: {5: [1]}'), and a compiled build would refuse a
    # key typed ``str`` with a TypeError instead of the ScenarioError every key gets below (issue 26, finding 9)
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise _fail(where, f"must be a mapping, got {type(value).__name__}")
    return value


# Words a scenario might use to turn a tile. Tiles never turn (docs/rulings.md R-SETUP-05): say so, and what to set.
_TURNING = frozenset({"orientation", "rotation", "rotate", "facing"})
NO_TURNING = (
    "tiles never turn: every orientation arrow points the same way, also after a flip (R-SETUP-05, R-EXPLORE-11); "
    "set which side of a tile is face up with 'tiles' (the chapter's layout says where each tile lies)"
)


def _refuse_turning(data: Mapping[str, Any], where: str) -> None:
    turning = sorted(str(k) for k in set(data) & _TURNING)
    if turning:
        raise _fail(f"{where}: {turning[0]}" if where != "top level" else turning[0], NO_TURNING)


def _check_fields(data: Mapping[str, Any], allowed: frozenset[str], where: str) -> None:
    _refuse_turning(data, where)
    extra = set(data) - allowed
    if extra:
        raise _fail(where, f"unknown field(s) {', '.join(sorted(map(str, extra)))}; allowed: {', '.join(sorted(allowed))}")


def _space(ctx: Ctx, value: Any, where: str) -> str:
    space = str(value)
    if space not in ctx.board.spaces:
        raise _fail(where, f"no space {space!r} on this chapter's board (spaces look like '5:12')")
    return space


class _Cards:
    """Hands out search-card instances: a card id takes the next free copy, an instance id that very copy."""

    def __init__(self, ctx: Ctx) -> None:
        self.free = card_instances(ctx)

    def take(self, value: Any, where: str) -> str:
        name = str(value)
        if name in self.free:
            self.free.remove(name)
            return name
        for inst in self.free:
            if card_of(inst) == name:
                self.free.remove(inst)
                return inst
        raise _fail(where, f"no search card {name!r} left (unknown card, or every copy is already placed)")


def scenario_state(data: Any, content: Content | None = None) -> tuple[Ctx, State]:
    """Build the state a scenario describes, before anything runs. Raises :class:`ScenarioError`."""
    if not isinstance(data, Mapping):
        raise _fail("top level", "a scenario is a mapping of fields")
    data = renamed(data)  # a scenario written before a content rename names old ids (issue 35)
    _check_fields(data, SCENARIO_FIELDS, "top level")
    content = _with_added_content(content or builtin_content(), data.get("content"))
    if "chapter" not in data:
        raise _fail("chapter", "missing (give a chapter id such as 'flight-to-barksburg' or its number)")
    try:
        chapter = content.chapter(data["chapter"])
    except KeyError:
        raise _fail("chapter", f"unknown chapter {data['chapter']!r}; known: {', '.join(content.chapters)}") from None
    ctx = make_ctx(content, chapter.id)
    heroes_data = _as_mapping(data.get("heroes"), "heroes")
    party = [str(h) for h in _as_list(data.get("party"), "party")] or [str(h) for h in heroes_data]
    if not party:
        raise _fail("heroes", "a scenario needs at least one mouse")
    for hid in party:
        if hid not in content.heroes:
            raise _fail("party", f"unknown hero {hid!r}; heroes: {', '.join(content.heroes)}")
    for hid in heroes_data:
        if hid not in party:
            raise _fail(f"heroes.{hid}", "this mouse is not in the party")
    dice = [_as_int(d, "dice", 1) for d in _as_list(data.get("dice"), "dice")]
    if len(dice) > MAX_SCRIPTED_DICE:
        raise _fail("dice", f"at most {MAX_SCRIPTED_DICE} scripted faces, got {len(dice)}")
    if any(d > 6 for d in dice):
        raise _fail("dice", "die faces are numbered 1 to 6")
    dice_mode = str(data.get("dice_mode", "scripted" if "dice" in data else "seeded"))
    if dice_mode not in ("seeded", "scripted", "manual"):
        raise _fail("dice_mode", f"must be seeded, scripted or manual, got {dice_mode!r}")
    seed = _as_int(data.get("seed", 0), "seed", SEED[0], SEED[1])
    options = {str(k): bool(v) for k, v in _as_mapping(data.get("options"), "options").items()}

    # A scenario may hold any number of mice (a rule dispute rarely needs the whole party).
    try:
        st = setup_state(ctx, party, seed, "seeded", options, None, check_party_size=False)
    except IllegalAction as exc:
        raise _fail("party", exc.reason) from exc
    ctx.events.clear()
    st.stack.clear()
    st.pending = None
    st.dice_mode = dice_mode
    st.dice_queue = dice
    cards = _Cards(ctx)

    for key, side in _as_mapping(data.get("tiles"), "tiles").items():
        where = f"tiles.{key}"
        if isinstance(side, Mapping):  # {side: 6, rotation: 180}: a side face up is all a tile has
            _refuse_turning(side, where)
            raise _fail(where, "a tile is given as the number of the side face up, e.g. 'guard-room: 6'")
        side_no = _as_int(side, where, 1)
        if side_no not in ctx.board.graphs:
            raise _fail(where, f"side {side_no} is not on this chapter's board")
        st.face_up[ctx.board.tile_of_side(side_no)] = side_no
    if "explored" in data:
        st.explored = [_as_int(s, "explored", 1) for s in _as_list(data["explored"], "explored")]

    for hid in party:
        hd = _as_mapping(heroes_data.get(hid), f"heroes.{hid}")
        _check_fields(hd, HERO_FIELDS, f"heroes.{hid}")
        st.heroes[hid] = _hero(ctx, hid, hd, cards, chapter.start_space)
    for mid, md in _as_mapping(data.get("minions"), "minions").items():
        st.minions[str(mid)] = _minion(ctx, str(mid), _as_mapping(md, f"minions.{mid}"))
    for m in st.minions.values():
        number = m.id.rsplit("-", 1)[-1]
        if number.isdigit():
            # minion_serial holds the last number used (encounters._new_figure takes the next one)
            st.minion_serial[m.type] = max(st.minion_serial.get(m.type, 0), int(number))
    _check_positions(ctx, st)

    # Decks: listed cards come off the top in the order given (the end of a deck list is its top).
    top = [cards.take(c, "search_deck_top") for c in _as_list(data.get("search_deck_top"), "search_deck_top")]
    special = {ss.card for ss in chapter.special_searches}
    rest = [i for i in st.search_deck if i in cards.free and card_of(i) not in special]
    st.search_deck = rest + list(reversed(top))
    enc_top = [str(c) for c in _as_list(data.get("encounter_deck_top"), "encounter_deck_top")]
    for cid in enc_top + ([str(data["encounter_up"])] if data.get("encounter_up") else []):
        if cid not in content.encounter_cards:
            raise _fail("encounter_deck_top", f"unknown encounter card {cid!r}")
    up = str(data["encounter_up"]) if data.get("encounter_up") else None
    st.encounter_deck = [c for c in st.encounter_deck if c not in enc_top and c != up] + list(reversed(enc_top))
    st.encounter_up = up

    st.track = _track(ctx, st, data)
    turn_card = str(data.get("turn", st.track[0]))
    if turn_card not in st.track:
        raise _fail("turn", f"{turn_card!r} is not on the initiative track {st.track}")
    st.turn_index = st.track.index(turn_card)
    st.round = _as_int(data.get("round", 1), "round", 1, COUNT[1])
    st.wheel = _as_int(data.get("wheel", 0), "wheel")
    if st.wheel >= 6:
        raise _fail("wheel", "the wheel holds at most 5 cheese between surges")
    st.hourglass = _as_int(data.get("hourglass", 1), "hourglass", 1)
    st.end_page = _as_int(data.get("end_page", st.end_page), "end_page", 1)
    st.traps = [_space(ctx, s, "traps") for s in _as_list(data.get("traps"), "traps")]
    st.stash = [str(t) for t in _as_list(data.get("stash"), "stash")]
    st.tokens = {str(k): [_space(ctx, s, f"tokens.{k}") for s in _as_list(v, f"tokens.{k}")]
                 for k, v in _as_mapping(data.get("tokens"), "tokens").items()}
    st.party_cards = [cards.take(c, "party_cards") for c in _as_list(data.get("party_cards"), "party_cards")]
    st.search_deck = [i for i in st.search_deck if i not in st.party_cards]
    # a key the engine does not keep is a chapter's counter or flag, as a save of format 1 kept it (issue 29)
    given = _as_mapping(data.get("chapter_data"), "chapter_data")
    st.chapter_data = {str(k): v for k, v in given.items() if engine_key(str(k))}
    st.chapter_vars = {str(k): v for k, v in given.items() if not engine_key(str(k))}
    st.chapter_vars.update({str(k): v for k, v in _as_mapping(data.get("chapter_vars"), "chapter_vars").items()})
    st.story_achievements = [str(a) for a in _as_list(data.get("story_achievements"), "story_achievements")]
    st.acting = None
    st.stack = [["card_turn"]]
    minion_turn = _as_mapping(data.get("minion_turn"), "minion_turn")
    if minion_turn:
        _start_inside_a_minion_turn(ctx, st, turn_card, minion_turn)
    turn_state = _as_mapping(data.get("turn_state"), "turn_state")
    if turn_state:
        _check_fields(turn_state, TURN_FIELDS, "turn_state")
        if not turn_card.startswith("mouse:"):
            raise _fail("turn_state", "only a mouse's turn can start part-way through")
        st.chapter_data["_scenario_turn"] = dict(turn_state)
    return ctx, st


def _hero(ctx: Ctx, hid: str, hd: Mapping[str, Any], cards: _Cards, start: str) -> Hero:
    where = f"heroes.{hid}"
    captured = bool(hd.get("captured", False))
    space = None if captured else _space(ctx, hd.get("space", start), f"{where}.space")
    hero = Hero(hid, space)
    hero.captured = captured
    life = ctx.content.heroes[hid].life
    hero.wounds = _as_int(hd.get("wounds", 0), f"{where}.wounds")
    if hero.wounds >= life and not captured:
        raise _fail(f"{where}.wounds", f"{hero.wounds} wounds would capture a mouse with {life} life")
    hero.poison = _as_int(hd.get("poison", 0), f"{where}.poison")
    if hero.poison > hero.wounds:
        raise _fail(f"{where}.poison", "poison wounds are counted among the wounds, so poison <= wounds")
    hero.cheese = _as_int(hd.get("cheese", 0), f"{where}.cheese", 0, COUNT[1])
    equipped = hd.get("equipped")
    names = ctx.content.heroes[hid].starting_equipment if equipped is None else _as_list(equipped, f"{where}.equipped")
    hero.equipped = [cards.take(c, f"{where}.equipped") for c in names]
    hero.pack = [cards.take(c, f"{where}.pack") for c in _as_list(hd.get("pack"), f"{where}.pack")]
    hero.tricks = [cards.take(c, f"{where}.tricks") for c in _as_list(hd.get("tricks"), f"{where}.tricks")]
    hero.abilities = [str(a) for a in _as_list(hd.get("abilities"), f"{where}.abilities")]
    for a in hero.abilities:
        if a not in ctx.content.ability_cards:
            raise _fail(f"{where}.abilities", f"unknown ability card {a!r}")
    hero.statuses = [str(s) for s in _as_list(hd.get("statuses"), f"{where}.statuses")]
    for s in hero.statuses:
        if s not in STATUSES:  # R-NEG-07: cursed and on fire are expansion effects (docs/rulings.md)
            raise _fail(f"{where}.statuses", f"unknown status {s!r}; statuses: {', '.join(STATUSES)}")
    hero.captures = _as_int(hd.get("captures", 0), f"{where}.captures", 0, COUNT[1])
    hero.searched = [_as_int(s, f"{where}.searched", 1) for s in _as_list(hd.get("searched"), f"{where}.searched")]
    hero.achievements = [str(a) for a in _as_list(hd.get("achievements"), f"{where}.achievements")]
    hero.buffs = {str(k): _as_int(v, f"{where}.buffs.{k}", BUFF[0], BUFF[1])
                  for k, v in _as_mapping(hd.get("buffs"), f"{where}.buffs").items()}
    return hero


def _minion(ctx: Ctx, mid: str, md: Mapping[str, Any]) -> Minion:
    where = f"minions.{mid}"
    _check_fields(md, MINION_FIELDS, where)
    mtype = str(md.get("type") or mid.rsplit("-", 1)[0])
    if mtype not in ctx.content.minions:
        raise _fail(f"{where}.type", f"unknown minion type {mtype!r}; types: {', '.join(ctx.content.minions)}")
    if "space" not in md:
        raise _fail(f"{where}.space", "missing")
    m = Minion(mid, mtype, _space(ctx, md["space"], f"{where}.space"))
    m.wounds = _as_int(md.get("wounds", 0), f"{where}.wounds")
    if m.wounds >= ctx.content.minions[mtype].life:
        raise _fail(f"{where}.wounds", "a minion with that many wounds would already be defeated")
    m.statuses = [str(s) for s in _as_list(md.get("statuses"), f"{where}.statuses")]
    for s in m.statuses:  # R-NEG-04: knocked down is the one status a minion can have, never a large one
        if s not in MINION_STATUSES:
            raise _fail(f"{where}.statuses", f"unknown minion status {s!r}; statuses: {', '.join(MINION_STATUSES)}")
        if ctx.content.minions[mtype].size == "large":
            raise _fail(f"{where}.statuses", f"a large minion cannot be {s.replace('_', ' ')} (R-NEG-04)")
    if len(set(m.statuses)) != len(m.statuses):
        raise _fail(f"{where}.statuses", "a status is listed twice")
    m.greedy = bool(md.get("greedy", False))
    return m


def _check_positions(ctx: Ctx, st: State) -> None:
    """R-SPACE-02: no space holds more than its capacity of small figures, or a large figure with others."""
    small: dict[str, int] = {}
    large: dict[str, int] = {}
    for h in st.mice_on_board():
        assert h.space is not None
        small[h.space] = small.get(h.space, 0) + 1
    for m in st.minions.values():
        if ctx.content.minions[m.type].token:
            continue  # [EXP] R-EXP-16: a creature shown by tokens (Hesster, Olga) takes no room
        size = ctx.content.minions[m.type].size
        if size == "large":
            large[m.space] = large.get(m.space, 0) + 1
        elif size == "small":
            small[m.space] = small.get(m.space, 0) + 1
    for space in set(small) | set(large):
        n_small, n_large = small.get(space, 0), large.get(space, 0)
        cap = ctx.board.spaces[space].capacity
        if n_large > 1 or (n_large and n_small) or n_small > cap:
            raise _fail("positions", f"space {space} holds {n_small} small and {n_large} large figures; "
                        f"it fits {cap} small figures or 1 large one (R-SPACE-02)")


def _track(ctx: Ctx, st: State, data: Mapping[str, Any]) -> list[str]:
    if "track" in data:
        track = [str(c) for c in _as_list(data["track"], "track")]
        for c in track:
            kind, _, rest = c.partition(":")
            ok = (kind == "mouse" and rest in st.heroes) or (
                kind in ("minion", "boss", "cat") and any(c in card_of_minion_type(ctx, t) for t in ctx.content.minions)
            )
            if not ok:
                raise _fail("track", f"unknown initiative card {c!r} (mouse:HERO, minion:TYPE, boss:TYPE:N, cat:...)")
        if len(set(track)) != len(track):
            raise _fail("track", "a card can be on the track only once")
        for h in st.heroes:
            if f"mouse:{h}" not in track:
                raise _fail("track", f"mouse:{h} is missing from the track")
        return track
    track = [f"mouse:{h}" for h in st.party]
    for m in st.minions.values():
        for c in card_of_minion_type(ctx, m.type):
            if c not in track:
                track.append(c)
    return track


def load_scenario(data: Any, content: Content | None = None) -> Game:
    """A game at the position ``data`` describes, run to its first decision; ``actions`` are then applied."""
    ctx, st = scenario_state(data, content)
    turn_state = st.chapter_data.pop("_scenario_turn", None)
    if turn_state:
        _start_turn_part_way(ctx, st, turn_state)
    else:
        run(ctx, st)
    game = Game(ctx.fresh(), st)
    try:  # the position as a whole passes what a save must (chapter data, track, steps: issue 26, finding 6)
        validate_save(game.to_json(), ctx.content)
    except SaveError as err:
        raise _fail("the position", str(err)) from err
    game.events = ctx.events
    for i, text in enumerate(_as_list(data.get("actions"), "actions")):
        if not isinstance(text, str):
            raise _fail(f"actions[{i}]", "each action is its text form, e.g. 'move collin 5:12'")
        game.apply(renamed_words(text))
    return game


def _start_inside_a_minion_turn(ctx: Ctx, st: State, card: str, fields: Mapping[str, Any]) -> None:
    """``minion_turn``: the minion card ``card`` is part-way through its activation: ``order`` lists the figures
    still to act, in order (the others have acted), ``attacked`` the mice they already attacked this card turn
    (R-MINION-05/06: the next figure prefers a mouse not yet attacked)."""
    _check_fields(fields, MINION_TURN_FIELDS, "minion_turn")
    kind, _, rest = card.partition(":")
    if kind not in ("minion", "boss"):
        raise _fail("minion_turn", f"the turn must be a minion's card, not {card!r}")
    mtype = rest.split(":")[0]
    order = [str(x) for x in _as_list(fields.get("order"), "minion_turn.order")]
    for mid in order:
        if mid not in st.minions or st.minions[mid].type != mtype:
            raise _fail("minion_turn.order", f"{mid!r} is not a {mtype} figure of this scenario")
    attacked = [str(x) for x in _as_list(fields.get("attacked"), "minion_turn.attacked")]
    for hid in attacked:
        if hid not in st.heroes:
            raise _fail("minion_turn.attacked", f"{hid!r} is not a mouse of this scenario")
    st.acting = card
    st.stack = [["end_card_turn", card], ["minion_act", order, attacked]]


def _with_added_content(content: Content, added: Any) -> Content:
    """``content``: entries a scenario adds to the game's content (a minion type, a boss with several cards, an
    encounter card, a search card), validated by the same schema and engine checks as the content files."""
    if added is None:
        return content
    fields = _as_mapping(added, "content")
    _check_fields(fields, CONTENT_FIELDS, "content")
    models: dict[str, type[BaseModel]] = {
        "minions": MinionType, "encounter_cards": EncounterCard, "search_cards": SearchCard,
    }
    merged: dict[str, dict[str, Any]] = {}
    for kind, model in models.items():
        entries = dict(getattr(content, kind))
        for key, body in _as_mapping(fields.get(kind), f"content.{kind}").items():
            where = f"content.{kind}.{key}"
            if key in entries:
                raise _fail(where, "already exists in the content: add a new id")
            try:
                entries[str(key)] = model.model_validate({**_as_mapping(body, where), "id": key})
            except ValidationError as exc:
                first = exc.errors()[0]
                loc = ".".join(str(p) for p in first["loc"])
                raise _fail(f"{where}.{loc}" if loc else where, first["msg"]) from None
        merged[kind] = entries
    bigger = replace(
        content,
        minions=merged["minions"],
        encounter_cards=merged["encounter_cards"],
        search_cards=merged["search_cards"],
    )
    issues = check_content(bigger)
    for kind in ("encounter_cards",):
        for cid, card in _as_mapping(fields.get(kind), f"content.{kind}").items():
            names = [mc["minion"] for row in card.get("rows", []) for mc in row.get("minions", [])]
            for name in names:
                if name not in bigger.minions:
                    raise _fail(f"content.{kind}.{cid}", f"names minion {name!r}, which does not exist")
    if issues:
        raise _fail("content", str(ContentError(issues)))
    return bigger


def _start_turn_part_way(ctx: Ctx, st: State, turn_state: Mapping[str, Any]) -> None:
    """Run the turn's start, then overwrite the turn bookkeeping (a move already made, an action spent...).

    A turn under way is past its before-turn question (R-ABIL-04), so that question is passed over (the
    ``ability_used`` field says whether an ability card was used), and it is past the start of the turn that
    ends "until your next turn" effects, so every mouse keeps the ``buffs`` the scenario gives it."""
    buffs = {hid: dict(h.buffs) for hid, h in st.heroes.items()}
    run(ctx, st)
    if st.turn is None and st.pending is not None and st.pending.kind == "before_turn":
        actor = st.pending.actor
        st.pending = None
        push(st, ["mouse_turn", actor, "asked"])
        run(ctx, st)
    if st.turn is not None:  # every mouse keeps them: the acting mouse's cards may have warded others too
        for hid, kept in buffs.items():
            st.heroes[hid].buffs = kept
        ctx.events[:] = [e for e in ctx.events if e.msg != "buffs_end"]
    if st.turn is None:
        raise _fail("turn_state", "the turn did not begin (the mouse is captured or the game is over)")
    t: Turn = st.turn
    for key, value in turn_state.items():
        current = getattr(t, key)
        if isinstance(current, bool):
            setattr(t, key, bool(value))
        elif isinstance(current, int):
            low, high = MOVE_POINTS if key == "move_points" else (0, COUNT[1] if key == "rolled" else SMALL[1])
            setattr(t, key, _as_int(value, f"turn_state.{key}", low, high))
        else:
            setattr(t, key, [str(v) for v in _as_list(value, f"turn_state.{key}")])


def scenario_from_yaml(text: str) -> Any:
    """Parse a scenario file's text (YAML or JSON; JSON is YAML), as untrusted input: within size, nesting and
    node bounds, without aliases, and with plain values only (text, numbers of a sane size, true/false, null,
    lists, mappings). See :mod:`mnm.content.bounded_yaml`."""
    return load_bounded(text, "scenario", ScenarioError)
