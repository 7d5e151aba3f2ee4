"""Free actions (R-FREE-01..06, R-TURN-04): Share, Equip and Level Up, each at most once per turn.

* ``share <mouse> <other>`` opens an exchange with a mouse in the same or an adjacent space (R-FREE-02):
  ``give <mouse> <card>``, ``take <mouse> <card>``, ``give <mouse> cheese``, ``take <mouse> cheese`` (one cheese
  each), then ``done <mouse>``. Cards given arrive in the pack (tricks beside it); a pack left over its limit
  is trimmed afterwards (R-SEARCH-10).
* ``equip <mouse> <card>`` / ``unequip <mouse> <card>`` open the mouse's Equip free action (R-FREE-03): more
  ``equip``/``unequip`` moves may follow, then ``done <mouse>``. A card is equipped only when it fits the free
  slots (R-SEARCH-11: two paws, one armor per body slot, one accessory; Filch's Prehensile Tail holds one
  extra one-paw knife) and its requirement is met (R-SEARCH-12).
* ``levelup <mouse> <ability>``: pay 6 cheese for an unowned ability card of one of the mouse's classes
  (R-FREE-04).

The three are never offered in the middle of another action (R-FREE-01, R-FREE-05): they are turn verbs, and
the turn decision is only asked between actions. Placing party tokens is not a free action (R-FREE-06, see
:mod:`party_items`).
"""

from __future__ import annotations

from typing import Any, Final

from mnm.content.schema import CardType, SearchCard
from mnm.engine.actions import Action, shared_action
from mnm.engine.context import Ctx, decision, push, step, turn_verb
from mnm.engine.hooks import PAWS_FIT, innate_handlers
from mnm.engine.i18n import with_article
from mnm.engine.query import card_of, hero_name, requirement_blocker, requirement_met
from mnm.engine.rules.movement import mouse_neighbours
from mnm.engine.rules.search import PACK_LIMIT, pack_load
from mnm.engine.rules.turn import free_action_allowed, free_action_available
from mnm.engine.state import Hero, Pending, State, Turn

__all__ = [
    "LEVEL_UP_COST",
    "PAWS",
    "ability_copies_left",
    "equip_allowed",
    "equip_blocker",
    "equip_options",
    "is_knife",
    "level_up_blocker",
    "levelup_options",
    "share_options",
    "unequip_options",
]

LEVEL_UP_COST: Final = 6  # R-FREE-04
PAWS: Final = 2  # R-SEARCH-11
_WEAPON: Final = CardType.WEAPON  # read as a C static by the compiled engine (mypyc), not the enum class and member


def _card(ctx: Ctx, inst: str) -> SearchCard:
    return ctx.content.search_cards[card_of(inst)]


def is_knife(ctx: Ctx, inst: str) -> bool:
    """A knife or dagger (Knife Strike, Prehensile Tail): a weapon whose data says ``params: {knife: true}``."""
    c = _card(ctx, inst)
    return c.type is CardType.WEAPON and bool(c.params.get("knife"))


# --- requirements and slots (R-SEARCH-11/12) ------------------------------------------------------------


def _paws_fit(ctx: Ctx, hero_id: str, weapons: list[str]) -> bool:
    """Two paws (R-SEARCH-11); an innate may make room for more (Filch's Prehensile Tail: a one-paw knife)."""
    used = sum(_card(ctx, w).paws for w in weapons)
    if used <= PAWS:
        return True
    cards = [_card(ctx, w) for w in weapons]
    return any(fn(ctx, hero_id, cards, used) for fn in innate_handlers(ctx, hero_id, PAWS_FIT))


def equip_allowed(ctx: Ctx, h: Hero, inst: str) -> bool:
    """Whether :func:`equip_blocker` finds nothing (the same checks, without building its sentences)."""
    card = _card(ctx, inst)
    if not card.equippable or not requirement_met(ctx, h.id, card):
        return False
    if card.type is _WEAPON:
        weapons = [w for w in h.equipped if _card(ctx, w).type is _WEAPON]
        return _paws_fit(ctx, h.id, [*weapons, inst])
    for other in h.equipped:
        oc = _card(ctx, other)
        if oc.type is not _WEAPON and oc.slot == card.slot:
            return False
    return True


def equip_blocker(ctx: Ctx, h: Hero, inst: str) -> str:
    """'' when ``inst`` (in the pack) can be equipped next to what the mouse already wears, else why not."""
    card = _card(ctx, inst)
    name = hero_name(ctx, h.id)
    if not card.equippable:
        return (
            f"{card.name.en} is {with_article(card.type.value)}, not a weapon, armor or accessory:"
            " it is not equipped (R-SEARCH-08)"
        )
    why = requirement_blocker(ctx, h.id, card)
    if why:
        return why
    if card.type is CardType.WEAPON:
        weapons = [w for w in h.equipped if _card(ctx, w).type is CardType.WEAPON]
        if not _paws_fit(ctx, h.id, [*weapons, inst]):
            used = sum(_card(ctx, w).paws for w in weapons)
            return (
                f"no free paw: {name} holds weapons in {used} paw(s) and {card.name.en} needs {card.paws} (R-SEARCH-11)"
            )
        return ""
    for other in h.equipped:
        oc = _card(ctx, other)
        if oc.type is not CardType.WEAPON and oc.slot == card.slot:
            return f"{name}'s {card.slot} slot is taken by {oc.name.en}: unequip it first (R-SEARCH-11)"
    return ""


# --- Share (R-FREE-02) ----------------------------------------------------------------------------------


def _partners(ctx: Ctx, st: State, h: Hero) -> list[Hero]:
    """Mice in the same or an adjacent space (adjacent as a mouse steps: lines and the Fishhook count)."""
    if h.space is None:
        return []
    if ctx.board.gecko_edges or st.tokens.get("fishhook"):
        near = {h.space, *mouse_neighbours(ctx, st, h.space, None)}
        return [x for x in st.mice_on_board() if x.id != h.id and x.space in near]
    # the tile's own lines only (what mouse_neighbours gives without gecko lines, the Fishhook or levitation)
    here = h.space
    lines = ctx.board.mouse_near.get(here)
    if lines is None:  # a board built without the sets: the neighbours themselves
        lines = frozenset(nb for nb, _ in ctx.board.mouse_nbrs[here])
    out = []
    for x in st.heroes.values():
        if x.id == h.id or x.captured or x.space is None:
            continue
        if x.space == here or x.space in lines:
            out.append(x)
    return out


def share_options(ctx: Ctx, st: State, h: Hero, t: Turn) -> list[Action]:
    if not free_action_allowed(ctx, st, h, t, "share"):
        return []
    return [shared_action("share", h.id, (x.id,)) for x in _partners(ctx, st, h)]


def _share_explain(ctx: Ctx, st: State, h: Hero, t: Turn, a: Action) -> str:
    if len(a.args) != 1:
        return "say with whom: 'share <mouse> <other mouse>'"
    why = free_action_available(ctx, st, h, t, "share")
    if why:
        return why
    other = st.heroes.get(a.args[0])
    if other is None or other.id == h.id:
        return f"{a.args[0]!r} is not another mouse of the party"
    if other.captured or other.space is None:
        return f"{hero_name(ctx, other.id)} is captured"
    return f"{hero_name(ctx, other.id)} is not on the same or an adjacent space (R-FREE-02)"


def _share_apply(ctx: Ctx, st: State, h: Hero, t: Turn, a: Action) -> None:
    t.free_used.append("share")
    ctx.emit("share_begins", "R-FREE-02", hero=h.id, other=a.args[0])
    st.pending = Pending("sharing", h.id, {"with": a.args[0], "moved": [], "cheese": ""})


turn_verb("share", share_options, _share_apply, _share_explain)


def _held(h: Hero) -> list[str]:
    return [*h.pack, *h.equipped, *h.tricks]


def _sharing_options(ctx: Ctx, st: State, p: Pending) -> list[Action]:
    h = st.heroes[p.actor]
    other = st.heroes[str(p.data["with"])]
    moved = p.data["moved"]  # no take-backs within one share (the exchange always ends; undo exists)
    out = [shared_action("give", h.id, (c,)) for c in _held(h) if c not in moved]
    out += [shared_action("take", h.id, (c,)) for c in _held(other) if c not in moved]
    if h.cheese > 0 and p.data["cheese"] != "take":
        out.append(shared_action("give", h.id, ("cheese",)))
    if other.cheese > 0 and p.data["cheese"] != "give":
        out.append(shared_action("take", h.id, ("cheese",)))
    out.append(shared_action("done", h.id))
    return out


def _move_card(ctx: Ctx, src: Hero, dst: Hero, inst: str) -> None:
    for where in (src.pack, src.equipped, src.tricks):
        if inst in where:
            where.remove(inst)
    (dst.tricks if _card(ctx, inst).type is CardType.TRICK else dst.pack).append(inst)


def _sharing_apply(ctx: Ctx, st: State, p: Pending, a: Action) -> None:
    h = st.heroes[p.actor]
    other = st.heroes[str(p.data["with"])]
    if a.verb == "done":
        if not p.data["moved"] and not p.data["cheese"] and st.turn is not None:
            st.turn.free_used.remove("share")  # nothing changed hands: the free action is not used up
        ctx.emit("share_ends", "R-FREE-02", hero=h.id, other=other.id)
        for x in (h, other):
            push(st, *[["pack_check", x.id]] * max(0, pack_load(ctx, x) - PACK_LIMIT))
        return
    src, dst = (h, other) if a.verb == "give" else (other, h)
    what = a.args[0]
    data = {"with": other.id, "moved": list(p.data["moved"]), "cheese": p.data["cheese"]}
    if what == "cheese":
        src.cheese -= 1
        dst.cheese += 1
        data["cheese"] = a.verb
    else:
        _move_card(ctx, src, dst, what)
        data["moved"].append(what)
    ctx.emit("shared", "R-FREE-02", src=src.id, dst=dst.id, item=what)
    st.pending = Pending("sharing", h.id, data)


def _sharing_explain(ctx: Ctx, st: State, p: Pending, a: Action) -> str:
    h = st.heroes[p.actor]
    other = st.heroes[str(p.data["with"])]
    if a.verb not in ("give", "take", "done"):
        return f"while sharing: 'give {h.id} <card|cheese>', 'take {h.id} <card|cheese>' or 'done {h.id}'"
    if a.verb == "done":
        return "'done' takes no arguments"
    if len(a.args) != 1:
        return f"'{a.verb}' names one card or 'cheese'"
    src = h if a.verb == "give" else other
    if a.args[0] in p.data["moved"] or (a.args[0] == "cheese" and p.data["cheese"] not in ("", a.verb)):
        return f"{a.args[0]} already changed hands in this share: no taking back (undo instead)"
    if a.args[0] == "cheese":
        return f"{hero_name(ctx, src.id)} has no cheese"
    return f"{hero_name(ctx, src.id)} does not carry {a.args[0]!r}"


decision("sharing", _sharing_options, _sharing_apply, _sharing_explain, prompt="sharing_prompt")


@step("pack_check")
def _pack_check(ctx: Ctx, st: State, args: list[Any]) -> None:
    """R-SEARCH-10: a pack over its limit after a share or an unequip sheds one card per check."""
    h = st.heroes[str(args[0])]
    if pack_load(ctx, h) > PACK_LIMIT:
        st.pending = Pending("pack_full", h.id)


# --- Equip (R-FREE-03) ----------------------------------------------------------------------------------


def _equip_moves(ctx: Ctx, h: Hero, moved: list[str] | None = None) -> list[Action]:
    """The equip/unequip moves; a card already moved in this Equip is not moved back (the session always ends)."""
    done = moved or []
    out = [shared_action("equip", h.id, (c,)) for c in h.pack if c not in done and equip_allowed(ctx, h, c)]
    out += [shared_action("unequip", h.id, (c,)) for c in h.equipped if c not in done]
    return out


def _equip_turn_moves(ctx: Ctx, h: Hero) -> tuple[tuple[Action, ...], tuple[Action, ...]]:
    """The equip and the unequip actions of :func:`_equip_moves` at the start of an Equip (nothing moved yet):
    the pack cards ``h`` could equip now, and every card it wears. :func:`equip_blocker` depends only on the
    content, the mouse and what it wears, so both are remembered per (mouse, pack, equipped): every turn
    decision asks."""
    key = (h.id, tuple(h.pack), tuple(h.equipped))
    known: dict[tuple[str, tuple[str, ...], tuple[str, ...]], tuple[tuple[Action, ...], tuple[Action, ...]]]
    cached = ctx.memo.get("equippable")
    if cached is None or len(cached[1]) > 4096:
        cached = ctx.memo["equippable"] = (None, {})
    known = cached[1]
    found = known.get(key)
    if found is None:
        equip = tuple(shared_action("equip", h.id, (c,)) for c in h.pack if equip_allowed(ctx, h, c))
        unequip = tuple(shared_action("unequip", h.id, (c,)) for c in h.equipped)
        found = known[key] = (equip, unequip)
    return found


def equip_options(ctx: Ctx, st: State, h: Hero, t: Turn) -> list[Action]:
    if not h.pack or not free_action_allowed(ctx, st, h, t, "equip"):
        return []
    return list(_equip_turn_moves(ctx, h)[0])  # the equip half of _equip_moves


def unequip_options(ctx: Ctx, st: State, h: Hero, t: Turn) -> list[Action]:
    if not h.equipped or not free_action_allowed(ctx, st, h, t, "equip"):
        return []
    return list(_equip_turn_moves(ctx, h)[1])  # the unequip half of _equip_moves


def _move_explain(ctx: Ctx, h: Hero, a: Action) -> str:
    if len(a.args) != 1:
        return f"name one card: '{a.verb} {h.id} <card>'"
    inst = a.args[0]
    if a.verb == "unequip":
        return f"{hero_name(ctx, h.id)} has no {inst!r} equipped"
    if inst not in h.pack:
        return f"{hero_name(ctx, h.id)} has no {inst!r} in the pack"
    return equip_blocker(ctx, h, inst)


def _equip_explain(ctx: Ctx, st: State, h: Hero, t: Turn, a: Action) -> str:
    return free_action_available(ctx, st, h, t, "equip") or _move_explain(ctx, h, a)


def _do_move(ctx: Ctx, h: Hero, a: Action) -> None:
    inst = a.args[0]
    if a.verb == "equip":
        h.pack.remove(inst)
        h.equipped.append(inst)
        ctx.emit("card_equipped", "R-FREE-03", hero=h.id, card=inst)
    else:
        h.equipped.remove(inst)
        h.pack.append(inst)
        ctx.emit("card_unequipped", "R-FREE-03", hero=h.id, card=inst)


def _equip_apply(ctx: Ctx, st: State, h: Hero, t: Turn, a: Action) -> None:
    t.free_used.append("equip")
    _do_move(ctx, h, a)
    st.pending = Pending("equipping", h.id, {"moved": [a.args[0]]})


turn_verb("equip", equip_options, _equip_apply, _equip_explain)
turn_verb("unequip", unequip_options, _equip_apply, _equip_explain)


def _equipping_options(ctx: Ctx, st: State, p: Pending) -> list[Action]:
    h = st.heroes[p.actor]
    return [*_equip_moves(ctx, h, p.data["moved"]), Action("done", h.id)]


def _equipping_apply(ctx: Ctx, st: State, p: Pending, a: Action) -> None:
    h = st.heroes[p.actor]
    if a.verb == "done":
        push(st, *[["pack_check", h.id]] * max(0, pack_load(ctx, h) - PACK_LIMIT))
        return
    _do_move(ctx, h, a)
    st.pending = Pending("equipping", h.id, {"moved": [*p.data["moved"], a.args[0]]})


def _equipping_explain(ctx: Ctx, st: State, p: Pending, a: Action) -> str:
    h = st.heroes[p.actor]
    if a.verb not in ("equip", "unequip", "done"):
        return f"while equipping: 'equip {h.id} <card>', 'unequip {h.id} <card>' or 'done {h.id}'"
    if a.verb == "done":
        return "'done' takes no arguments"
    if a.args and a.args[0] in p.data["moved"]:
        return f"{a.args[0]} was already moved in this Equip: no moving it back (undo instead)"
    return _move_explain(ctx, h, a)


decision("equipping", _equipping_options, _equipping_apply, _equipping_explain, prompt="equipping_prompt")


# --- Level Up (R-FREE-04) -------------------------------------------------------------------------------


def ability_copies_left(ctx: Ctx, st: State, ability_id: str) -> int:
    """Copies of an ability card not held by any mouse of this game."""
    held = sum(x.abilities.count(ability_id) for x in st.heroes.values())
    return ctx.content.ability_cards[ability_id].copies - held


def level_up_blocker(ctx: Ctx, st: State, h: Hero, ability_id: str) -> str:
    """'' when the mouse may buy ``ability_id`` now (cheese and class), else why not."""
    name = hero_name(ctx, h.id)
    card = ctx.content.ability_cards.get(ability_id)
    if card is None:
        return f"there is no ability card {ability_id!r}"
    if ability_id in h.abilities:
        return f"{name} already has {card.name.en}"
    if ability_copies_left(ctx, st, ability_id) <= 0:
        return f"{card.name.en} is already held by another mouse"
    classes = ctx.content.heroes[h.id].classes
    if card.classes and not set(card.classes) & set(classes):
        need = " or ".join(c.value for c in card.classes)
        return f"{card.name.en} is a {need} card and {name} is {' and '.join(c.value for c in classes)} (R-FREE-04)"
    if h.cheese < LEVEL_UP_COST:
        return f"leveling up costs {LEVEL_UP_COST} cheese and {name} has {h.cheese} (R-FREE-04)"
    return ""


def _may_buy(ctx: Ctx, st: State, h: Hero, ability_id: str, classes: frozenset[str]) -> bool:
    """:func:`level_up_blocker` is '' (the mouse has the cheese: checked by the caller), without its sentences:
    a mouse rich in cheese with every card of its class held lists every card at each of its turns."""
    card = ctx.content.ability_cards[ability_id]
    if ability_id in h.abilities or ability_copies_left(ctx, st, ability_id) <= 0:
        return False
    return not card.classes or any(c.value in classes for c in card.classes)


def levelup_options(ctx: Ctx, st: State, h: Hero, t: Turn) -> list[Action]:
    if h.cheese < LEVEL_UP_COST or not free_action_allowed(ctx, st, h, t, "levelup"):
        return []
    classes = frozenset(c.value for c in ctx.content.heroes[h.id].classes)
    return [Action("levelup", h.id, (a,)) for a in ctx.content.ability_cards if _may_buy(ctx, st, h, a, classes)]


def _levelup_explain(ctx: Ctx, st: State, h: Hero, t: Turn, a: Action) -> str:
    if len(a.args) != 1:
        return "name the ability card: 'levelup <mouse> <ability>'"
    return free_action_available(ctx, st, h, t, "levelup") or level_up_blocker(ctx, st, h, a.args[0])


def _levelup_apply(ctx: Ctx, st: State, h: Hero, t: Turn, a: Action) -> None:
    t.free_used.append("levelup")
    h.cheese -= LEVEL_UP_COST
    h.abilities.append(a.args[0])
    ctx.emit("level_up", "R-FREE-04", hero=h.id, ability=a.args[0], cost=LEVEL_UP_COST, total=h.cheese)


turn_verb("levelup", levelup_options, _levelup_apply, _levelup_explain)
