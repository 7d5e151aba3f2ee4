"""Search-card effects (R-SEARCH-02/03/08/09/12): the registry of every ``effect`` named in cards/search.yaml.

A card's data names an ``effect`` and its ``params``; this module maps each name to the engine's code. There are
three kinds (docs/effects.md lists every name, its params and its cards):

* **use** effects belong to items, scrolls and tricks. ``use <mouse> <card> [target]`` uses an item (from the
  pack) or a trick (kept beside it); ``read <mouse> <card> [target]`` reads a scroll. Each is single use: the
  card is discarded. Using one is not an action (R-SEARCH-09 for scrolls; the same ruling for items and tricks)
  unless its params say ``action: true``; it is never offered in the middle of another action, because turn
  verbs are only asked between actions. The mouse must meet the card's requirement (R-SEARCH-12).
* **found** effects act when the card is drawn: events (R-SEARCH-03) and Tinkerer's Treasure.
* **passive** effects belong to equipped weapons, armor and accessories; the rule module they change applies
  them (battle, search, traps, turn, movement, effects, minions) through :func:`battle.equipped_effects`. They are
  registered here too, with where they act, so that every effect name has one entry.

Several use effects also serve ability cards (:mod:`abilities`): their ``targets``/``apply`` take the params of
whichever card names them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Final

from mnm.board.layout import space_side
from mnm.content.schema import AttackKind, CardType, SearchCard
from mnm.engine.actions import Action, shared_action
from mnm.engine.context import Ctx, decision, push, step, turn_verb
from mnm.engine.dice import shuffle
from mnm.engine.i18n import with_article
from mnm.engine.query import (
    buff,
    buff_key,
    can_enter,
    card_of,
    hero_name,
    mice_in,
    mice_on_side,
    minions_in,
    requirement_blocker,
    requirement_met,
)
from mnm.engine.rules.battle import Weapon, attack_minion, mouse_targets
from mnm.engine.rules.capture import heal_hero, wound_hero
from mnm.engine.rules.effects import add_status
from mnm.engine.rules.encounters import place_minions, place_traps
from mnm.engine.rules.turn import action_available, spend_action
from mnm.engine.state import Hero, Pending, State, Turn

__all__ = [
    "CARD_EFFECTS",
    "CardEffect",
    "Params",
    "card_verb_options",
    "cure_poison",
    "on_found",
    "resolve_event",
]

Params = Mapping[str, int | str | bool]
Args = tuple[str, ...]
TargetsFn = Callable[[Ctx, State, Hero, Params], list[Args]]
ApplyFn = Callable[[Ctx, State, Hero, Params, Args], None]


@dataclass(frozen=True)
class CardEffect:
    """The engine side of a card ``effect``. ``targets`` lists the argument tuples it can be used with now
    (``[()]``: usable, no argument; ``[]``: not usable now); ``where`` names the module applying a passive one."""

    name: str
    kind: str  # use | found | passive
    summary: str
    apply: ApplyFn | None = None
    targets: TargetsFn | None = None
    where: str = ""


CARD_EFFECTS: Final[dict[str, CardEffect]] = {}


def _register(effect: CardEffect) -> None:
    if effect.name in CARD_EFFECTS:
        raise RuntimeError(f"card effect {effect.name!r} registered twice")
    CARD_EFFECTS[effect.name] = effect


def use_effect(name: str, summary: str, targets: TargetsFn) -> Callable[[ApplyFn], ApplyFn]:
    def register(fn: ApplyFn) -> ApplyFn:
        _register(CardEffect(name, "use", summary, fn, targets))
        return fn

    return register


def found_effect(name: str, summary: str) -> Callable[[ApplyFn], ApplyFn]:
    def register(fn: ApplyFn) -> ApplyFn:
        _register(CardEffect(name, "found", summary, fn))
        return fn

    return register


def passive(name: str, where: str, summary: str) -> None:
    _register(CardEffect(name, "passive", summary, where=where))


def _int(params: Params, key: str, default: int) -> int:
    return int(params.get(key, default))


def _turn(st: State, h: Hero) -> Turn | None:
    return st.turn if st.turn is not None and st.turn.mouse == h.id else None


def _always(ctx: Ctx, st: State, h: Hero, params: Params) -> list[Args]:
    return [()]


# --- healing (R-WOUND-05/06) ----------------------------------------------------------------------------


def _reach(ctx: Ctx, h: Hero, reach: str) -> list[str]:
    """The mouse's space, plus the spaces next to it when ``reach`` is ``adjacent``."""
    if h.space is None:
        return []
    if reach != "adjacent":
        return [h.space]
    graph = ctx.board.graph_of(h.space)
    return [h.space] + [s.id for s in graph.spaces if s.id != h.space and graph.mouse_adjacent(h.space, s.id)]


def _scope_mice(ctx: Ctx, st: State, h: Hero, scope: str) -> list[Hero]:
    """``space``: the mice in the user's space; ``tile``: every mouse on its tile."""
    if h.space is None:
        return []
    if scope == "tile":
        return mice_on_side(st, space_side(h.space))
    return mice_in(st, h.space)


def _heal_targets(ctx: Ctx, st: State, h: Hero, params: Params) -> list[Args]:
    spaces = _reach(ctx, h, str(params.get("reach", "space")))
    return [(x.id,) for x in st.mice_on_board() if x.space in spaces and x.wounds > x.poison]


@use_effect("heal", "remove up to `amount` ordinary wounds from one mouse in reach", _heal_targets)
def _heal(ctx: Ctx, st: State, h: Hero, params: Params, args: Args) -> None:
    heal_hero(ctx, st, st.heroes[args[0]], _int(params, "amount", 1))


def _heal_all_targets(ctx: Ctx, st: State, h: Hero, params: Params) -> list[Args]:
    hurt = [x for x in _scope_mice(ctx, st, h, str(params.get("scope", "space"))) if x.wounds > x.poison]
    return [()] if hurt else []


@use_effect("heal-all", "every mouse in the scope removes `amount` ordinary wounds", _heal_all_targets)
def _heal_all(ctx: Ctx, st: State, h: Hero, params: Params, args: Args) -> None:
    for x in _scope_mice(ctx, st, h, str(params.get("scope", "space"))):
        heal_hero(ctx, st, x, _int(params, "amount", 1))


def cure_poison(ctx: Ctx, st: State, x: Hero) -> None:
    """An antidote or cure: every poison wound comes off (R-WOUND-05); ordinary wounds stay."""
    if x.poison:
        cured = x.poison
        x.wounds -= cured
        x.poison = 0
        ctx.emit("poison_cured", "R-WOUND-05", hero=x.id, cured=cured, total=x.wounds)


def _antidote_targets(ctx: Ctx, st: State, h: Hero, params: Params) -> list[Args]:
    poisoned = [x for x in _scope_mice(ctx, st, h, "space") if x.poison]
    if params.get("scope", "one") == "space":
        return [()] if poisoned else []
    return [(x.id,) for x in poisoned]


@use_effect(
    "antidote", "remove every poison wound from one mouse in your space (scope one) or all (space)", _antidote_targets
)
def _antidote(ctx: Ctx, st: State, h: Hero, params: Params, args: Args) -> None:
    for x in [st.heroes[args[0]]] if args else _scope_mice(ctx, st, h, "space"):
        cure_poison(ctx, st, x)


_CURABLE = ("stunned", "webbed")


def _cure_targets(ctx: Ctx, st: State, h: Hero, params: Params) -> list[Args]:
    scope = str(params.get("scope", "one"))
    marked = [
        x for x in _scope_mice(ctx, st, h, "tile" if scope == "tile" else "space") if set(_CURABLE) & set(x.statuses)
    ]
    if scope == "one":
        return [(x.id,) for x in marked]
    return [()] if marked else []


@use_effect(
    "cure-status",
    "remove the stunned and webbed markers from one mouse in your space (or every mouse on the tile)",
    _cure_targets,
)
def _cure_status(ctx: Ctx, st: State, h: Hero, params: Params, args: Args) -> None:
    scope = str(params.get("scope", "one"))
    for x in [st.heroes[args[0]]] if args else _scope_mice(ctx, st, h, "tile" if scope == "tile" else "space"):
        for status in _CURABLE:
            if status in x.statuses:
                x.statuses.remove(status)
                ctx.emit("status_removed", "R-NEG-01", figure=x.id, status=status)


# --- cheese, movement, actions ----------------------------------------------------------------------------


@use_effect("gain-cheese", "the user gains `amount` cheese", _always)
def _gain_cheese(ctx: Ctx, st: State, h: Hero, params: Params, args: Args) -> None:
    h.cheese += _int(params, "amount", 1)
    ctx.emit("card_cheese", "R-SEARCH-08", hero=h.id, amount=_int(params, "amount", 1), total=h.cheese)


def _move_targets(ctx: Ctx, st: State, h: Hero, params: Params) -> list[Args]:
    t = _turn(st, h)
    return [()] if t is not None and not t.movement_over and "webbed" not in h.statuses else []


@use_effect("extra-move", "`amount` more movement this turn, before the movement is over", _move_targets)
def _extra_move(ctx: Ctx, st: State, h: Hero, params: Params, args: Args) -> None:
    t = _turn(st, h)
    assert t is not None
    t.move_points += _int(params, "amount", 1)
    ctx.emit("extra_movement", "R-TURN-01", hero=h.id, amount=_int(params, "amount", 1), points=t.move_points)


def _levitate_targets(ctx: Ctx, st: State, h: Hero, params: Params) -> list[Args]:
    t = _turn(st, h)
    return [()] if t is not None and "levitate" not in t.flags else []


@use_effect(
    "levitate", "until the turn ends the mouse may cross red lines and the Pipes' gaps (R-MOVE-06)", _levitate_targets
)
def _levitate(ctx: Ctx, st: State, h: Hero, params: Params, args: Args) -> None:
    t = _turn(st, h)
    assert t is not None
    t.flags.append("levitate")
    ctx.emit("levitating", "R-MOVE-06", hero=h.id)


def _extra_action_targets(ctx: Ctx, st: State, h: Hero, params: Params) -> list[Args]:
    t = _turn(st, h)
    return [()] if t is not None and t.acted and not action_available(st, t) else []


@use_effect("extra-action", "after acting, the mouse may take 1 more action this turn", _extra_action_targets)
def _extra_action(ctx: Ctx, st: State, h: Hero, params: Params, args: Args) -> None:
    t = _turn(st, h)
    assert t is not None
    t.acted = False  # the action is available again; movement already closed by acting stays closed
    ctx.emit("one_more_action", "R-TURN-02", hero=h.id)


def _turn_targets(ctx: Ctx, st: State, h: Hero, params: Params) -> list[Args]:
    return [()] if _turn(st, h) is not None else []


@use_effect("attack-bonus-turn", "the mouse's next attack this turn rolls `dice` more dice", _turn_targets)
def _attack_bonus_turn(ctx: Ctx, st: State, h: Hero, params: Params, args: Args) -> None:
    t = _turn(st, h)
    assert t is not None
    t.flags.append(f"attack-bonus:{_int(params, 'dice', 1)}")  # used up by the next attack (battle._attack_bonus)
    ctx.emit("attack_readied", "R-BATTLE-12", hero=h.id, dice=_int(params, "dice", 1))


def _search_again_targets(ctx: Ctx, st: State, h: Hero, params: Params) -> list[Args]:
    return [()] if h.space is not None and space_side(h.space) in h.searched else []


@use_effect(
    "search-again",
    "the mouse may search its tile again although it searched it successfully (R-SEARCH-05)",
    _search_again_targets,
)
def _search_again(ctx: Ctx, st: State, h: Hero, params: Params, args: Args) -> None:
    assert h.space is not None
    h.searched.remove(space_side(h.space))
    ctx.emit("may_search_again", "R-SEARCH-05", hero=h.id, side=space_side(h.space))


# --- effects lasting to the mouse's next turn (Hero.buffs, cleared when its turn starts) ----------------


def _ward_mice(ctx: Ctx, st: State, h: Hero, params: Params) -> list[Hero]:
    return _scope_mice(ctx, st, h, "space") if params.get("scope") == "space" else [h]


@use_effect(
    "ward",
    "until the start of its next turn the mouse (or every mouse in its space) rolls `dice` more defense dice",
    _always,
)
def _ward(ctx: Ctx, st: State, h: Hero, params: Params, args: Args) -> None:
    dice = _int(params, "dice", 1)
    for x in _ward_mice(ctx, st, h, params):
        key = buff_key(x, "ward", h.id)  # it lasts until the start of the caster's next turn (R-BATTLE-12)
        x.buffs[key] = max(x.buffs.get(key, 0), dice)
        ctx.emit("warded", "R-BATTLE-12", hero=x.id, dice=buff(x, "ward"))


@use_effect(
    "hide", "until the start of its next turn a minion attacks the mouse only if it can attack no other", _always
)
def _hide(ctx: Ctx, st: State, h: Hero, params: Params, args: Args) -> None:
    h.buffs["hide"] = 1
    ctx.emit("hidden", "R-MINION-05", hero=h.id)


# --- against minions --------------------------------------------------------------------------------------


def _spell_targets(ctx: Ctx, st: State, h: Hero, params: Params) -> list[Args]:
    """A spell is a ranged attack (R-BATTLE-07): any minion in sight, but a minion in or next to the mouse's
    space must be the target when there is one."""
    spell = Weapon("spell", AttackKind.RANGED, 0, None)
    return [(m.id,) for m in sorted(mouse_targets(ctx, st, h, spell), key=lambda m: (ctx.board.order[m.space], m.id))]


@use_effect(
    "spell-attack",
    "a ranged attack of `dice` dice (+ lore with `plus_lore`) that needs no weapon (R-BATTLE-04)",
    _spell_targets,
)
def _spell_attack(ctx: Ctx, st: State, h: Hero, params: Params, args: Args) -> None:
    dice = _int(params, "dice", 3) + (ctx.content.heroes[h.id].lore if params.get("plus_lore") else 0)
    attack_minion(ctx, st, h, st.minions[args[0]], None, dice=dice)


def _small_in_reach(ctx: Ctx, st: State, h: Hero, params: Params) -> list[str]:
    spaces = _reach(ctx, h, str(params.get("reach", "space")))
    return [
        m.id
        for s in spaces
        for m in minions_in(st, s)
        if ctx.content.minions[m.type].size == "small" and "knocked_down" not in m.statuses
    ]


def _knockdown_targets(ctx: Ctx, st: State, h: Hero, params: Params) -> list[Args]:
    return [()] if _small_in_reach(ctx, st, h, params) else []


@use_effect(
    "knockdown-area",
    "every small minion in the mouse's space (`reach: adjacent`: and next to it) is knocked down (R-NEG-04)",
    _knockdown_targets,
)
def _knockdown_area(ctx: Ctx, st: State, h: Hero, params: Params, args: Args) -> None:
    for mid in _small_in_reach(ctx, st, h, params):
        st.minions[mid].statuses.append("knocked_down")
        ctx.emit("minion_knocked_down", "R-NEG-04", minion=mid, card="")


def _trap_targets(ctx: Ctx, st: State, h: Hero, params: Params) -> list[Args]:
    spaces = _reach(ctx, h, "adjacent")
    return [(s,) for s in spaces if s in st.traps]


@use_effect("disarm-trap", "remove a mousetrap marker in or next to the mouse's space; gain `cheese`", _trap_targets)
def _disarm_trap(ctx: Ctx, st: State, h: Hero, params: Params, args: Args) -> None:
    st.traps.remove(args[0])
    h.cheese += _int(params, "cheese", 0)
    ctx.emit("trap_disarmed", "R-TRAP-01", hero=h.id, space=args[0], total=h.cheese)


# --- found effects: events (R-SEARCH-03) ----------------------------------------------------------------


@found_effect("cheese-tile", "every mouse on the finder's tile gains `amount` cheese")
def _cheese_tile(ctx: Ctx, st: State, h: Hero, params: Params, args: Args) -> None:
    for x in _scope_mice(ctx, st, h, "tile"):
        x.cheese += _int(params, "amount", 1)
        ctx.emit("card_cheese", "R-SEARCH-03", hero=x.id, amount=_int(params, "amount", 1), total=x.cheese)


@found_effect("wheel-cheese", "`amount` cheese on the minion wheel (a surge follows at 6, R-SURGE-02)")
def _wheel_cheese(ctx: Ctx, st: State, h: Hero, params: Params, args: Args) -> None:
    st.wheel += _int(params, "amount", 1)
    ctx.emit("wheel_cheese", "R-SURGE-01", amount=_int(params, "amount", 1), wheel=st.wheel, source="event")


@found_effect("place-minions", "`count` figures of `minion` placed on the finder's tile as for an encounter (R-ENC-05)")
def _place_minions(ctx: Ctx, st: State, h: Hero, params: Params, args: Args) -> None:
    if h.space is None:
        return
    counts = [(str(params["minion"]), _int(params, "count", 1))]
    place_minions(ctx, st, space_side(h.space), counts, ["new_minion_cards"], reason="event")


@found_effect("mousetraps", "a mousetrap marker on every red-X space of the finder's tile (R-TRAP-01)")
def _mousetraps(ctx: Ctx, st: State, h: Hero, params: Params, args: Args) -> None:
    if h.space is not None:
        place_traps(ctx, st, space_side(h.space))


@found_effect("wound", "the finder takes `amount` unblockable wounds (R-BATTLE-14)")
def _wound(ctx: Ctx, st: State, h: Hero, params: Params, args: Args) -> None:
    wound_hero(ctx, st, h, _int(params, "amount", 1), source="event")


@found_effect("status", "the finder gets the `status` marker (R-NEG-01)")
def _status(ctx: Ctx, st: State, h: Hero, params: Params, args: Args) -> None:
    add_status(ctx, st, h, str(params["status"]))  # in its own turn: turn.follow_statuses (R-NEG-03)


@found_effect("end-page", "the chapter end marker moves `amount` pages further away (R-WIN-04)")
def _end_page(ctx: Ctx, st: State, h: Hero, params: Params, args: Args) -> None:
    st.end_page += _int(params, "amount", 1)
    ctx.emit("end_marker_moves", "R-WIN-04", end_page=st.end_page)


@found_effect("draw-again", "the finder draws the next search card too (R-SEARCH-01)")
def _draw_again(ctx: Ctx, st: State, h: Hero, params: Params, args: Args) -> None:
    draw_search_card(ctx, st, h, 0)


def draw_search_card(ctx: Ctx, st: State, h: Hero, face: int) -> None:
    """R-SEARCH-01: ``h`` draws the top search card (``face``: the die that found it, 0 for none). With the option
    ``box_search_deck`` the players draw from the box's own deck and say which card came up: the
    ``box_search_card`` decision, whose options are the cards still in the deck (docs/rulings.md)."""
    if not st.search_deck:
        ctx.emit("search_deck_empty", "R-SEARCH-01", hero=h.id)
        return
    if st.options.get("box_search_deck"):
        st.pending = Pending("box_search_card", h.id, {"face": face})
        return
    _reveal_search_card(ctx, st, h.id, st.search_deck.pop(), face)


def _reveal_search_card(ctx: Ctx, st: State, hero: str, inst: str, face: int) -> None:
    ctx.hidden_revealed = True
    ctx.emit("card_found", "R-SEARCH-01", hero=hero, card=inst, face=face)
    push(st, ["card_found", hero, inst])


def box_cards(deck: list[str]) -> list[str]:
    """The cards a box deck can still turn up, one id per card whatever its copies, sorted: what players name."""
    return sorted({card_of(inst) for inst in deck})


def _box_search_options(ctx: Ctx, st: State, p: Pending) -> list[Action]:
    return [shared_action("choose", p.actor, (cid,)) for cid in box_cards(st.search_deck)]


def _box_search_apply(ctx: Ctx, st: State, p: Pending, a: Action) -> None:
    """The named card leaves the deck (its topmost copy: copies are alike) and is found as if drawn."""
    cid = a.args[0]
    inst = next(i for i in reversed(st.search_deck) if card_of(i) == cid)
    st.search_deck.remove(inst)
    _reveal_search_card(ctx, st, p.actor, inst, int(p.data["face"]))


def _box_search_explain(ctx: Ctx, st: State, p: Pending, a: Action) -> str:
    left = ", ".join(box_cards(st.search_deck))
    return f"name the search card drawn from the box, one still in the search deck: {left} ('choose {p.actor} <card>')"


decision("box_search_card", _box_search_options, _box_search_apply, _box_search_explain, prompt="box_search_card_prompt")


@found_effect(
    "tinkerers-treasure", "the finder takes any weapon or armor card from the search deck; this card is shuffled back"
)
def _tinkerers_treasure(ctx: Ctx, st: State, h: Hero, params: Params, args: Args) -> None:
    if st.options.get("tinkerers_treasure_tinkerers_only") and "tinkerer" not in ctx.content.heroes[h.id].classes:
        ctx.emit("treasure_not_tinkerer", "R-SEARCH-07", hero=h.id)  # house rule (docs/rulings.md R-SEARCH-07)
        return
    choices = _treasure_choices(ctx, st)
    ctx.hidden_revealed = True  # the deck has been looked through
    if choices:
        st.pending = Pending("treasure", h.id, {"choices": choices})
    else:
        ctx.emit("treasure_empty", "R-SEARCH-03", hero=h.id)


def _treasure_choices(ctx: Ctx, st: State) -> list[str]:
    """One instance (the topmost) of every weapon and armor card in the search deck."""
    seen: dict[str, str] = {}
    for inst in reversed(st.search_deck):
        c = ctx.content.search_cards[card_of(inst)]
        if c.type in (CardType.WEAPON, CardType.ARMOR) and c.id not in seen:
            seen[c.id] = inst
    return sorted(seen.values())


def _treasure_options(ctx: Ctx, st: State, p: Pending) -> list[Action]:
    return [Action("take", p.actor, (str(i),)) for i in p.data["choices"]]


def _treasure_apply(ctx: Ctx, st: State, p: Pending, a: Action) -> None:
    """The chosen card is found as if drawn (keep it or trade it, R-SEARCH-02)."""
    inst = a.args[0]
    st.search_deck.remove(inst)
    ctx.emit("treasure_taken", "R-SEARCH-03", hero=p.actor, card=inst)
    push(st, ["card_found", p.actor, inst])


def _treasure_explain(ctx: Ctx, st: State, p: Pending, a: Action) -> str:
    return (
        f"take one weapon or armor card from the search deck: {', '.join(p.data['choices'])} ('take {p.actor} <card>')"
    )


decision("treasure", _treasure_options, _treasure_apply, _treasure_explain, prompt="treasure_prompt")


def resolve_event(ctx: Ctx, st: State, h: Hero, inst: str) -> None:
    """R-SEARCH-03: an event is resolved at once, then discarded."""
    card = ctx.content.search_cards[card_of(inst)]
    ctx.emit("event_resolved", "R-SEARCH-03", hero=h.id, card=inst, effect=card.effect)
    st.search_discard.append(inst)
    effect = CARD_EFFECTS.get(card.effect or "")
    if effect is not None and effect.apply is not None:
        effect.apply(ctx, st, h, card.params, ())


def on_found(ctx: Ctx, st: State, h: Hero, inst: str) -> bool:
    """Cards that act when found instead of going to the pack; True when handled. Tinkerer's Treasure goes back
    into the search deck, shuffled, once its weapon or armor has been chosen."""
    card = ctx.content.search_cards[card_of(inst)]
    if card.effect != "tinkerers-treasure":
        return False
    st.search_deck.append(inst)
    shuffle(st, st.search_deck)
    ctx.emit("card_shuffled_back", "R-SEARCH-03", card=inst)
    _tinkerers_treasure(ctx, st, h, card.params, ())
    return True


# --- the use / read verbs (R-SEARCH-08/09/12) -------------------------------------------------------------

_VERB_TYPES: Final = {"use": (CardType.ITEM, CardType.TRICK), "read": (CardType.SCROLL,)}


def _held(h: Hero) -> list[str]:
    return h.pack + h.tricks


def _card_blocker(ctx: Ctx, st: State, h: Hero, t: Turn, verb: str, inst: str) -> str:
    """'' when the card may be used now (targets aside), else why not."""
    name = hero_name(ctx, h.id)
    if inst not in _held(h):
        return f"{name} does not carry {inst!r}"
    card = ctx.content.search_cards[card_of(inst)]
    if card.type not in _VERB_TYPES[verb]:
        right = "read" if card.type is CardType.SCROLL else "use"
        if card.type in (CardType.ITEM, CardType.TRICK, CardType.SCROLL):
            return f"{card.name.en} is {with_article(card.type.value)}: '{right} {h.id} {inst}'"
        return f"{card.name.en} is {with_article(card.type.value)}, which is not used this way"
    effect = CARD_EFFECTS.get(card.effect or "")
    if effect is None or effect.kind != "use" or effect.targets is None:
        return f"{card.name.en} has no effect to use"
    if h.space is None:
        return f"{name} is not on the board"
    why = requirement_blocker(ctx, h.id, card)
    if why:
        return why
    if card.params.get("action"):
        if not action_available(st, t):
            return f"{name} has already taken an action this turn; using {card.name.en} is an action"
        if "stunned" in h.statuses:
            return f"{name} is stunned: Recover is the only action allowed (R-NEG-02)"
    return ""


def _card_usable(ctx: Ctx, st: State, h: Hero, t: Turn, inst: str, card: SearchCard) -> bool:
    """Whether :func:`_card_blocker` finds nothing for a carried card of the verb's types (the same checks,
    without building its sentences)."""
    effect = CARD_EFFECTS.get(card.effect or "")
    if effect is None or effect.kind != "use" or effect.targets is None or h.space is None:
        return False
    if not requirement_met(ctx, h.id, card):
        return False
    return not card.params.get("action") or (action_available(st, t) and "stunned" not in h.statuses)


def _card_targets(ctx: Ctx, st: State, h: Hero, inst: str) -> list[Args]:
    card = ctx.content.search_cards[card_of(inst)]
    effect = CARD_EFFECTS[card.effect or ""]
    assert effect.targets is not None
    return effect.targets(ctx, st, h, card.params)


def card_verb_options(ctx: Ctx, st: State, h: Hero, t: Turn, verb: str) -> list[Action]:
    """The ``use`` or ``read`` options (R-SEARCH-08/09): every carried card of the verb's types that may be used
    now, with each of its targets."""
    out: list[Action] = []
    if not h.pack and not h.tricks:
        return out
    types = _VERB_TYPES[verb]
    for inst in _held(h):  # held, so _card_blocker's first check holds
        card = ctx.content.search_cards[card_of(inst)]
        if card.type not in types or not _card_usable(ctx, st, h, t, inst, card):
            continue
        out += [Action(verb, h.id, (inst, *args)) for args in _card_targets(ctx, st, h, inst)]
    return out


def _verb_options(verb: str) -> Callable[[Ctx, State, Hero, Turn], list[Action]]:
    def options(ctx: Ctx, st: State, h: Hero, t: Turn) -> list[Action]:
        return card_verb_options(ctx, st, h, t, verb)

    return options


def _verb_apply(ctx: Ctx, st: State, h: Hero, t: Turn, a: Action) -> None:
    inst, args = a.args[0], a.args[1:]
    card = ctx.content.search_cards[card_of(inst)]
    if card.params.get("action"):
        spend_action(ctx, st, t)
    (h.tricks if inst in h.tricks else h.pack).remove(inst)
    st.search_discard.append(inst)  # single use (R-SEARCH-08)
    rule = "R-SEARCH-09" if card.type is CardType.SCROLL else "R-SEARCH-08"
    ctx.emit("card_used", rule, hero=h.id, card=inst, effect=card.effect, args=list(args))
    effect = CARD_EFFECTS[card.effect or ""]
    assert effect.apply is not None
    effect.apply(ctx, st, h, card.params, tuple(args))


def _verb_explain(verb: str) -> Callable[[Ctx, State, Hero, Turn, Action], str]:
    def explain(ctx: Ctx, st: State, h: Hero, t: Turn, a: Action) -> str:
        if not a.args:
            return f"name the card: '{verb} {h.id} <card> [target]'"
        inst = a.args[0]
        why = _card_blocker(ctx, st, h, t, verb, inst)
        if why:
            return why
        uses = _card_targets(ctx, st, h, inst)
        card = ctx.content.search_cards[card_of(inst)]
        if not uses:
            return f"{card.name.en} has nothing to act on now"
        examples = ", ".join(" ".join((verb, h.id, inst, *u)) for u in uses[:3])
        return f"{card.name.en} cannot be used that way; for example: {examples}"

    return explain


turn_verb("use", _verb_options("use"), _verb_apply, _verb_explain("use"))
turn_verb("read", _verb_options("read"), _verb_apply, _verb_explain("read"))


# --- the Shifting Cloak (its wearer blocked every hit of a minion's attack) -------------------------------


def _cloak_spaces(ctx: Ctx, st: State, h: Hero) -> list[str]:
    """Ordinary spaces of the wearer's tile it may be placed on (not water, not special areas, not full)."""
    if h.space is None:
        return []
    graph = ctx.board.graph_of(h.space)
    return [
        s.id
        for s in graph.spaces
        if s.id != h.space and s.kind.value == "normal" and not s.minions_barred and can_enter(ctx, st, s.id)
    ]


@step("shifting_cloak")
def _shifting_cloak(ctx: Ctx, st: State, args: list[Any]) -> None:
    h = st.heroes[str(args[0])]
    if h.captured or st.status != "playing":
        return
    spaces = _cloak_spaces(ctx, st, h)
    if spaces:
        st.pending = Pending("shifting_cloak", h.id, {"spaces": spaces})


def _cloak_options(ctx: Ctx, st: State, p: Pending) -> list[Action]:
    return [*(Action("choose", p.actor, (str(s),)) for s in p.data["spaces"]), Action("skip", p.actor)]


def _cloak_apply(ctx: Ctx, st: State, p: Pending, a: Action) -> None:
    if a.verb == "skip":
        return
    h = st.heroes[p.actor]
    src = h.space
    h.space = a.args[0]  # placed, not moved: no movement, no mousetrap roll
    ctx.emit("cloak_shifts", "R-SEARCH-08", hero=h.id, src=src, dst=h.space)


def _cloak_explain(ctx: Ctx, st: State, p: Pending, a: Action) -> str:
    return f"Shifting Cloak: 'choose {p.actor} <space>' (an ordinary space of this tile) or 'skip {p.actor}'"


decision("shifting_cloak", _cloak_options, _cloak_apply, _cloak_explain, prompt="shifting_cloak_prompt")


# --- passive effects: applied by the rule they change --------------------------------------------------

passive("tildas-mace", "battle._attack_bonus", "+1 attack die per wounded mouse in the wielder's space")
passive("dagger", "battle.defend_minion", "a minion below the attacker on the track rolls 1 fewer defense die")
passive("maginos-staff", "battle.attack_minion", "a melee (blunt) weapon against a figure in the wielder's own space")
passive("accurate-bow", "battle.attack_minion", "each BOW rolled counts as 2 hits")
passive("melee-only-bonus", "battle._attack_bonus", "the accessory's bonus adds dice to melee attacks only")
passive("ranged-only-bonus", "battle._attack_bonus", "the accessory's bonus adds dice to ranged attacks only")
passive("bonus-vs", "battle._attack_bonus", "`dice` more attack dice against a `target` (roach, rat or large) minion")
passive("lore-attack", "battle.attack_minion", "attacks roll lore (not battle) plus the weapon's bonus")
passive("pierce", "battle.defend_minion", "the target rolls `dice` fewer defense dice")
passive("knockdown", "battle._after_weapon_hit", "a small minion hit at least once is knocked down, even if it blocks")
passive(
    "cheese-on-defeat",
    "battle._after_weapon_hit",
    "the wielder gains `amount` cheese when an attack defeats the target",
)
passive(
    "heal-on-wound",
    "battle._after_weapon_hit",
    "when the weapon wounds, the most wounded mouse in the space heals `amount`",
)
passive(
    "shifting-cloak",
    "battle.mouse_defends",
    "after blocking every hit of a minion attack, the wearer may be placed on any ordinary space of its tile",
)
passive("defense-bonus", "battle.defense_dice", "`dice` more defense dice")
passive("ranged-ward", "battle.defense_dice", "`dice` more defense dice against ranged attacks")
passive("poison-ward", "battle.mouse_defends", "poison wounds dealt to the wearer are ordinary wounds")
passive("ward-status", "effects.add_status", "the wearer never gets the `status` marker")
passive("trap-sense", "traps._trap_check", "`dice` more dice on mousetrap rolls")
passive("search-bonus", "search._apply", "`dice` more dice on search rolls; one success finds a card")
passive("move-bonus", "turn._mouse_turn, movement._scurry_apply", "`amount` more movement on every movement roll")
