"""Abilities (R-ABIL-01..07, R-TURN-08): ability cards, their cost, timing and effects.

``ability <mouse> <card> [arg ...]`` uses an ability card in the mouse's turn. The card's data says what it
costs (``cost``, R-ABIL-01), when it is used (``timing``, R-ABIL-04) and what it does (``effect`` + ``params``):

* ``free``: as a free action (R-FREE-01's limits: not on water, not inside another action), any time in the turn;
* ``instead_of_battle`` / ``action``: it is the mouse's action (R-TURN-08);
* ``before_turn``: offered in a ``before_turn`` decision before the movement roll (``skip <mouse>`` declines);
* ``reaction``: used at the moment the card names; the rule owning that moment offers it (none yet).

At most one ability card per turn (R-ABIL-03), counting one used before the turn. Innate hero abilities
(R-ABIL-05) are not cards: each is a handler in :mod:`mnm.engine.effects.innates`, registered on the hook point
of the rule it changes (docs/content.md, "Adding an effect, an ability or a chapter").

**Adding a card.** Write its data in ``cards/abilities.yaml`` with an ``effect`` name and ``params``; if no
registered effect does what it says, register one here with :func:`ability_effect`: a ``uses`` function
listing the argument tuples the card can be used with now, an ``apply`` function, and optionally ``why_not``
explaining a refused use. The verb, cost, timing and once-per-turn checks come for free.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations
from typing import Any, Final

from mnm.content.schema import AbilityCard, AbilityTiming, AttackKind
from mnm.engine.actions import Action
from mnm.engine.context import Ctx, decision, push, step, turn_verb
from mnm.engine.hooks import OFFER_BEFORE_TURN, TURN_BEGINS
from mnm.engine.query import hero_name, mice_in, minion_name, minions_in
from mnm.engine.rules.battle import (
    Weapon,
    attack_minion,
    mouse_targets,
    ranged_targets,
    roll_mouse_attack,
    weapons_of,
)
from mnm.engine.rules.capture import heal_hero
from mnm.engine.rules.cards import CARD_EFFECTS, CardEffect
from mnm.engine.rules.free_actions import is_knife
from mnm.engine.rules.movement import mouse_neighbours
from mnm.engine.rules.turn import (
    action_available,
    extra_action_cost,
    free_action_allowed,
    free_action_available,
    spend_action,
)
from mnm.engine.state import Hero, Pending, State, Turn

__all__ = [
    "ABILITY_EFFECTS",
    "SHARED_EFFECTS",
    "AbilityEffect",
    "ability_cost",
    "ability_effect",
    "inspire_active",
    "offer_before_turn",
    "turn_begins",
    "turn_uses",
]

Args = tuple[str, ...]


@dataclass(frozen=True)
class AbilityEffect:
    """The engine side of an ability card's ``effect``."""

    name: str
    uses: Callable[[Ctx, State, Hero, AbilityCard], list[Args]]  # legal argument tuples now ([] = unusable)
    apply: Callable[[Ctx, State, Hero, AbilityCard, Args], None]
    why_not: Callable[[Ctx, State, Hero, AbilityCard, Args], str] | None = None


ABILITY_EFFECTS: Final[dict[str, AbilityEffect]] = {}


def ability_effect(
    name: str,
    uses: Callable[[Ctx, State, Hero, AbilityCard], list[Args]],
    apply: Callable[[Ctx, State, Hero, AbilityCard, Args], None],
    why_not: Callable[[Ctx, State, Hero, AbilityCard, Args], str] | None = None,
) -> None:
    """Register the implementation of an ability ``effect`` named in card data."""
    if name in ABILITY_EFFECTS:
        raise RuntimeError(f"ability effect {name!r} registered twice")
    ABILITY_EFFECTS[name] = AbilityEffect(name, uses, apply, why_not)


# The search cards' *use* effects (:mod:`cards`) that ability cards name too: Healing Touch heals like a Mint Leaf,
# Stand Firm wards like the Scroll of Warding, Float levitates like the Levitate Scroll... One implementation
# serves both, run with the ability card's params; this module adds the verb, cost, timing and once-per-turn checks.
SHARED_EFFECTS = (
    "antidote",
    "cure-status",
    "disarm-trap",
    "extra-action",
    "extra-move",
    "heal",
    "heal-all",
    "hide",
    "levitate",
    "search-again",
    "spell-attack",
    "ward",
)


def _bridge(ce: CardEffect) -> AbilityEffect:
    """A search card's use effect as an ability effect (R-ABIL-01/04: the ability card's params, the same rule)."""
    targets, apply = ce.targets, ce.apply
    if ce.kind != "use" or targets is None or apply is None:
        raise RuntimeError(f"card effect {ce.name!r} is not a use effect: ability cards cannot share it")

    def uses(ctx: Ctx, st: State, h: Hero, card: AbilityCard) -> list[Args]:
        return targets(ctx, st, h, card.params)

    def run(ctx: Ctx, st: State, h: Hero, card: AbilityCard, args: Args) -> None:
        apply(ctx, st, h, card.params, args)

    return AbilityEffect(ce.name, uses, run)


def effect_of(card: AbilityCard) -> AbilityEffect | None:
    """The implementation of a card's ``effect`` (registered here, or a shared search-card effect)."""
    return ABILITY_EFFECTS.get(card.effect)


def _effect(card: AbilityCard) -> AbilityEffect:
    found = effect_of(card)
    assert found is not None, f"ability effect {card.effect!r} is not implemented"
    return found


def ability_cost(ctx: Ctx, hero_id: str, card: AbilityCard) -> int:
    """R-ABIL-01: the cheese to discard; ``params: {discount_class: healer, discount: 1}`` lowers it for a class
    (First Aid: healers pay 1 less)."""
    cost = card.cost
    discount_class = card.params.get("discount_class")
    if discount_class and discount_class in ctx.content.heroes[hero_id].classes:
        cost -= int(card.params.get("discount", 1))
    return max(0, cost)


# --- the generic checks (R-ABIL-01/03/04/07) ------------------------------------------------------------

# Timings as constants: the compiled engine (mypyc) reads a Final name directly, not the enum class and then its member.
_FREE: Final = AbilityTiming.FREE
_INSTEAD_OF_BATTLE: Final = AbilityTiming.INSTEAD_OF_BATTLE
_ACTION: Final = AbilityTiming.ACTION


def _common_blocker(ctx: Ctx, st: State, h: Hero, card_id: str, used: bool) -> str:
    if card_id not in h.abilities:
        known = ctx.content.ability_cards.get(card_id)
        return f"{hero_name(ctx, h.id)} does not have the ability card {known.name.en if known else card_id!r}"
    card = ctx.content.ability_cards[card_id]
    if used:
        return f"{hero_name(ctx, h.id)} has already used an ability card this turn (R-ABIL-03)"
    if "charmed" in h.statuses:
        return f"{hero_name(ctx, h.id)} is charmed and gets no benefit from abilities (R-ABIL-07)"
    cost = ability_cost(ctx, h.id, card)
    if h.cheese < cost:
        return f"{card.name.en} costs {cost} cheese and {hero_name(ctx, h.id)} has {h.cheese} (R-ABIL-01)"
    if effect_of(card) is None:
        return f"{card.name.en}'s effect {card.effect!r} is not implemented yet"
    return ""


def _timing_blocker(ctx: Ctx, st: State, h: Hero, t: Turn, card: AbilityCard) -> str:
    """Whether the card's timing allows using it now, in the mouse's turn (R-ABIL-04, R-TURN-08)."""
    name = hero_name(ctx, h.id)
    timing = card.timing
    if timing is AbilityTiming.FREE:
        # used "as a free action": R-FREE-01's limits, without using up Share, Equip or Level Up
        why = free_action_available(ctx, st, h, t, "ability")
        return why
    if timing in (AbilityTiming.INSTEAD_OF_BATTLE, AbilityTiming.ACTION):
        if not action_available(st, t):
            return f"{name} has already taken an action this turn"
        if "stunned" in h.statuses:
            return f"{name} is stunned: Recover is the only action allowed (R-NEG-02)"
        cost = ability_cost(ctx, h.id, card)
        extra = extra_action_cost(t)
        if extra and h.cheese < cost + extra:  # one purse pays both: never below 0 (R-ABIL-01)
            return (
                f"{card.name.en} costs {cost} cheese and its action is an extra one ({extra} cheese, Inspire): "
                f"{cost + extra} in all, and {name} has {h.cheese} (R-ABIL-01)"
            )
        return ""
    if timing is AbilityTiming.BEFORE_TURN:
        return f"{card.name.en} is used before {name}'s turn begins, not during it (R-ABIL-04)"
    return f"{card.name.en} is used at the moment its text names, not as a turn action (R-ABIL-04)"


def _usable_in_turn(ctx: Ctx, st: State, h: Hero, t: Turn, card_id: str) -> AbilityCard | None:
    """The card when neither :func:`_common_blocker` nor :func:`_timing_blocker` has a reason against using it
    now (the same conditions, without building the sentences the option listing would throw away)."""
    if card_id not in h.abilities or t.ability_used or "charmed" in h.statuses:
        return None
    card = ctx.content.ability_cards[card_id]
    cost = ability_cost(ctx, h.id, card)
    if h.cheese < cost or effect_of(card) is None:
        return None
    timing = card.timing
    if timing is _FREE:
        return card if free_action_allowed(ctx, st, h, t, "ability") else None
    if timing is _INSTEAD_OF_BATTLE or timing is _ACTION:
        if not action_available(st, t) or "stunned" in h.statuses:
            return None
        extra = extra_action_cost(t)
        return None if extra and h.cheese < cost + extra else card
    return None  # before the turn, or at the moment its text names: not a turn action (R-ABIL-04)


def turn_uses(ctx: Ctx, st: State, h: Hero, t: Turn) -> list[Action]:
    out: list[Action] = []
    if t.ability_used or "charmed" in h.statuses:
        return out  # _common_blocker refuses every card (R-ABIL-03, R-ABIL-07)
    for card_id in h.abilities:
        card = _usable_in_turn(ctx, st, h, t, card_id)
        if card is None:
            continue
        out += [Action("ability", h.id, (card_id, *args)) for args in _effect(card).uses(ctx, st, h, card)]
    return out


def _explain_use(ctx: Ctx, st: State, h: Hero, card_id: str, args: Args, used: bool, t: Turn | None) -> str:
    why = _common_blocker(ctx, st, h, card_id, used)
    if why:
        return why
    card = ctx.content.ability_cards[card_id]
    if t is not None:
        why = _timing_blocker(ctx, st, h, t, card)
        if why:
            return why
    effect = _effect(card)
    if effect.why_not is not None:
        why = effect.why_not(ctx, st, h, card, args)
        if why:
            return why
    uses = effect.uses(ctx, st, h, card)
    if not uses:
        return f"{card.name.en} has nothing to act on now"
    examples = ", ".join(" ".join(("ability", h.id, card_id, *u)) for u in uses[:3])
    return f"{card.name.en} cannot be used that way; for example: {examples}"


def _pay(ctx: Ctx, st: State, h: Hero, card: AbilityCard, args: Args) -> None:
    cost = ability_cost(ctx, h.id, card)
    if h.cheese < cost:  # _common_blocker checked it: a rule bug if not (cheese never goes below 0)
        raise RuntimeError(f"{h.id} cannot pay {cost} cheese for {card.id} with {h.cheese}")
    h.cheese -= cost
    ctx.emit("ability_used", "R-ABIL-01", hero=h.id, ability=card.id, cost=cost, total=h.cheese, args=list(args))


def _ability_apply(ctx: Ctx, st: State, h: Hero, t: Turn, a: Action) -> None:
    card = ctx.content.ability_cards[a.args[0]]
    t.ability_used = True
    if card.timing in (AbilityTiming.INSTEAD_OF_BATTLE, AbilityTiming.ACTION):
        spend_action(ctx, st, t)  # R-TURN-08: it is the mouse's action
    _pay(ctx, st, h, card, a.args[1:])
    _effect(card).apply(ctx, st, h, card, a.args[1:])


def _ability_explain(ctx: Ctx, st: State, h: Hero, t: Turn, a: Action) -> str:
    if not a.args:
        return "name the ability card: 'ability <mouse> <card> [targets]'"
    return _explain_use(ctx, st, h, a.args[0], a.args[1:], t.ability_used, t)


turn_verb("ability", turn_uses, _ability_apply, _ability_explain)


# --- before the turn (R-ABIL-04) ------------------------------------------------------------------------


def _before_uses(ctx: Ctx, st: State, h: Hero) -> list[Action]:
    out: list[Action] = []
    for card_id in h.abilities:
        card = ctx.content.ability_cards[card_id]
        if card.timing is not AbilityTiming.BEFORE_TURN or _common_blocker(ctx, st, h, card_id, False):
            continue
        out += [Action("ability", h.id, (card_id, *args)) for args in _effect(card).uses(ctx, st, h, card)]
    return out


def offer_before_turn(ctx: Ctx, st: State, h: Hero) -> bool:
    """Ask whether to use a before-turn ability (only when one is affordable); True when asked."""
    if not _before_uses(ctx, st, h):
        return False
    st.pending = Pending("before_turn", h.id)
    return True


OFFER_BEFORE_TURN.provide(offer_before_turn)


def _before_options(ctx: Ctx, st: State, p: Pending) -> list[Action]:
    h = st.heroes[p.actor]
    return [*_before_uses(ctx, st, h), Action("skip", h.id)]


def _before_apply(ctx: Ctx, st: State, p: Pending, a: Action) -> None:
    h = st.heroes[p.actor]
    if a.verb == "skip":
        push(st, ["mouse_turn", h.id, "asked"])
        return
    card = ctx.content.ability_cards[a.args[0]]
    push(st, ["mouse_turn", h.id, "ability_used"])  # R-ABIL-03: it is this turn's ability card
    _pay(ctx, st, h, card, a.args[1:])
    _effect(card).apply(ctx, st, h, card, a.args[1:])


def _before_explain(ctx: Ctx, st: State, p: Pending, a: Action) -> str:
    h = st.heroes[p.actor]
    if a.verb not in ("ability", "skip") or (a.verb == "ability" and not a.args):
        return f"before {hero_name(ctx, h.id)}'s turn: 'ability {h.id} <card>' or 'skip {h.id}'"
    if a.verb == "skip":
        return "'skip' takes no arguments"
    card = ctx.content.ability_cards.get(a.args[0])
    if card is not None and card.timing is not AbilityTiming.BEFORE_TURN and a.args[0] in h.abilities:
        return f"{card.name.en} is not used before the turn; use it during the turn (R-ABIL-04)"
    return _explain_use(ctx, st, h, a.args[0], a.args[1:], False, None)


decision("before_turn", _before_options, _before_apply, _before_explain, prompt="before_turn_prompt")


def turn_begins(ctx: Ctx, st: State, h: Hero, t: Turn, args: list[Any]) -> None:
    """Called when a mouse's turn bookkeeping is created: carry a before-turn ability (R-ABIL-03) and give
    Inspire's paid extra action (at most one per mouse, R-ABIL-04)."""
    if len(args) > 1 and args[1] == "ability_used":
        t.ability_used = True
    if inspire_active(st):
        t.extra_actions = 1


TURN_BEGINS.provide(turn_begins)


# --- the four ability cards of the seeds ------------------------------------------------------------------

# First Aid: a free action removing 1 wound (params.heal) from a mouse in this mouse's space.


def _first_aid_uses(ctx: Ctx, st: State, h: Hero, card: AbilityCard) -> list[Args]:
    if h.space is None:
        return []
    return [(x.id,) for x in mice_in(st, h.space) if x.wounds > x.poison]


def _first_aid_why(ctx: Ctx, st: State, h: Hero, card: AbilityCard, args: Args) -> str:
    if len(args) != 1:
        return f"say whom to heal: 'ability {h.id} {card.id} <mouse>'"
    x = st.heroes.get(args[0])
    if x is None:
        return f"there is no mouse {args[0]!r}"
    if x.captured or x.space != h.space:
        return f"{hero_name(ctx, x.id)} is not in {hero_name(ctx, h.id)}'s space"
    if x.wounds == 0:
        return f"{hero_name(ctx, x.id)} has no wounds"
    if x.wounds == x.poison:
        return f"{hero_name(ctx, x.id)} has only poison wounds, which only antidotes and cures remove (R-WOUND-05)"
    return ""


def _first_aid_apply(ctx: Ctx, st: State, h: Hero, card: AbilityCard, args: Args) -> None:
    heal_hero(ctx, st, st.heroes[args[0]], int(card.params.get("heal", 1)))


ability_effect("first-aid", _first_aid_uses, _first_aid_apply, _first_aid_why)


# Several attacks in one action (Knife Strike, Double Shot): the first target is named with the card; each later
# attack's target is chosen once the previous attack is resolved, so a defeated target can be replaced.


def _weapon_targets(ctx: Ctx, st: State, h: Hero, inst: str) -> list[str]:
    w = next((w for w in weapons_of(ctx, h) if w.card == inst), None)
    return [] if w is None else [m.id for m in mouse_targets(ctx, st, h, w)]


def _attack_with(ctx: Ctx, st: State, h: Hero, inst: str, target: str) -> None:
    w = next(w for w in weapons_of(ctx, h) if w.card == inst)
    attack_minion(ctx, st, h, st.minions[target], w)


def _attack_series(ctx: Ctx, st: State, h: Hero, weapons: list[str], first_target: str) -> None:
    """Attack ``first_target`` with ``weapons[0]``, then ask for a target for each further weapon in turn."""
    push(st, ["next_attack", h.id, weapons[1:]])
    _attack_with(ctx, st, h, weapons[0], first_target)


@step("next_attack")
def _next_attack(ctx: Ctx, st: State, args: list[Any]) -> None:
    """The next attack of a series: ask for its target, or lose it when nothing is in reach."""
    h = st.heroes[str(args[0])]
    weapons = [str(k) for k in args[1] if str(k) in h.equipped]
    while weapons and not _weapon_targets(ctx, st, h, weapons[0]):
        ctx.emit("attack_lost", "R-ABIL-04", hero=h.id, weapon=weapons[0])
        weapons.pop(0)
    if weapons and not h.captured:
        st.pending = Pending("next_attack", h.id, {"weapons": weapons})


def _next_options(ctx: Ctx, st: State, p: Pending) -> list[Action]:
    h = st.heroes[p.actor]
    return [Action("choose", h.id, (m,)) for m in _weapon_targets(ctx, st, h, str(p.data["weapons"][0]))]


def _next_apply(ctx: Ctx, st: State, p: Pending, a: Action) -> None:
    _attack_series(ctx, st, st.heroes[p.actor], [str(k) for k in p.data["weapons"]], a.args[0])


def _next_explain(ctx: Ctx, st: State, p: Pending, a: Action) -> str:
    inst = str(p.data["weapons"][0])
    return f"the next attack, with {inst}: choose a minion it can reach: 'choose {p.actor} <minion>'"


decision("next_attack", _next_options, _next_apply, _next_explain, prompt="next_attack_prompt")


def _first_target_why(ctx: Ctx, st: State, h: Hero, card: AbilityCard, args: Args, weapons: list[str]) -> str:
    if len(args) != 1:
        return f"name the first target: 'ability {h.id} {card.id} <minion>'"
    if args[0] not in st.minions:
        return f"there is no minion {args[0]!r} on the board"
    if args[0] not in _weapon_targets(ctx, st, h, weapons[0]):
        return f"{minion_name(ctx, st.minions[args[0]])} is out of reach of {weapons[0]} (R-BATTLE-05, R-BATTLE-07)"
    return ""


# Knife Strike: instead of the battle action, one attack with each knife or dagger equipped.


def _knives(ctx: Ctx, h: Hero) -> list[str]:
    return [inst for inst in h.equipped if is_knife(ctx, inst)]


def _knife_strike_uses(ctx: Ctx, st: State, h: Hero, card: AbilityCard) -> list[Args]:
    knives = _knives(ctx, h)
    return [(m,) for m in _weapon_targets(ctx, st, h, knives[0])] if knives else []


def _knife_strike_why(ctx: Ctx, st: State, h: Hero, card: AbilityCard, args: Args) -> str:
    knives = _knives(ctx, h)
    if not knives:
        return f"{hero_name(ctx, h.id)} has no knife or dagger equipped"
    return _first_target_why(ctx, st, h, card, args, knives)


def _knife_strike_apply(ctx: Ctx, st: State, h: Hero, card: AbilityCard, args: Args) -> None:
    _attack_series(ctx, st, h, _knives(ctx, h), args[0])


ability_effect("knife-strike", _knife_strike_uses, _knife_strike_apply, _knife_strike_why)


# Chain Lightning: instead of the battle action, up to lore minions (visible on the tile) each suffer one
# ranged attack of params.dice dice, rolled once; each defends separately.


def _visible_minions(ctx: Ctx, st: State, h: Hero) -> list[str]:
    """The minions Chain Lightning may target, in board order: those a ranged attack may (R-BATTLE-07/08)."""
    order = ctx.board.order
    return [m.id for m in sorted(ranged_targets(ctx, st, h), key=lambda m: (order[m.space], m.id))]


def _chain_uses(ctx: Ctx, st: State, h: Hero, card: AbilityCard) -> list[Args]:
    visible = _visible_minions(ctx, st, h)
    lore = ctx.content.heroes[h.id].lore
    return [c for k in range(1, min(lore, len(visible)) + 1) for c in combinations(visible, k)]


def _chain_why(ctx: Ctx, st: State, h: Hero, card: AbilityCard, args: Args) -> str:
    lore = ctx.content.heroes[h.id].lore
    name = hero_name(ctx, h.id)
    if not args:
        return f"name up to {lore} minions: 'ability {h.id} {card.id} <minion> ...'"
    if len(args) > lore:
        return f"{name} may target at most {lore} minions (lore {lore})"
    if len(set(args)) != len(args):
        return "each minion is named once"
    visible = _visible_minions(ctx, st, h)
    for mid in args:
        if mid not in st.minions:
            return f"there is no minion {mid!r} on the board"
        if mid not in visible:
            m = st.minions[mid]
            assert h.space is not None
            graph = ctx.board.graph_of(h.space)
            if m.space in graph.by_id and graph.can_see(h.space, m.space):
                return f"a minion is next to {name}: a ranged attack must target one of those (R-BATTLE-07)"
            return f"{name} cannot see {minion_name(ctx, m)} on this tile (R-BATTLE-08)"
    if list(args) != [m for m in visible if m in args]:
        return f"name the minions in board order: {' '.join(m for m in visible if m in args)}"
    return ""


def _chain_apply(ctx: Ctx, st: State, h: Hero, card: AbilityCard, args: Args) -> None:
    # sized by the same function as every attack (bees take dice, R-EXP-08); Draw Power doubles its CHEESE
    faces = roll_mouse_attack(ctx, st, h, st.minions[args[0]], None, dice=int(card.params.get("dice", 3)))
    if faces is None:
        return
    ctx.emit(
        "chain_lightning", "R-ABIL-04", hero=h.id, targets=list(args), faces=list(faces), kind=AttackKind.RANGED.value
    )
    for mid in args:
        if mid in st.minions:
            attack_minion(ctx, st, h, st.minions[mid], None, faces=list(faces))


ability_effect("chain-lightning", _chain_uses, _chain_apply, _chain_why)


# Inspire: before the turn; for the rest of the round a mouse that has taken its action may pay 1 cheese for
# one more (turn.spend_action charges it).


def inspire_active(st: State) -> bool:
    return st.chapter_data.get("inspire_round") == st.round


def _inspire_uses(ctx: Ctx, st: State, h: Hero, card: AbilityCard) -> list[Args]:
    return [] if inspire_active(st) else [()]


def _inspire_why(ctx: Ctx, st: State, h: Hero, card: AbilityCard, args: Args) -> str:
    if args:
        return f"'ability {h.id} {card.id}' takes no targets"
    return "Inspire is already in effect this round" if inspire_active(st) else ""


def _inspire_apply(ctx: Ctx, st: State, h: Hero, card: AbilityCard, args: Args) -> None:
    st.chapter_data["inspire_round"] = st.round
    ctx.emit("inspire", "R-ABIL-04", hero=h.id, round=st.round)


ability_effect("inspire", _inspire_uses, _inspire_apply, _inspire_why)


# --- attack effects of the authored cards (params in cards/abilities.yaml) ---------------------------------


def _weapons_of_kind(ctx: Ctx, h: Hero, kind: str) -> list[Weapon]:
    return [w for w in weapons_of(ctx, h) if w.attack.value == kind]


def _weapon_target_uses(ctx: Ctx, st: State, h: Hero, weapons: list[Weapon]) -> list[Args]:
    """(minion,) per target in reach; (minion, weapon) when the mouse has several weapons to choose from."""
    out: list[Args] = []
    for w in weapons:
        out += [(m.id, w.card) if len(weapons) > 1 else (m.id,) for m in mouse_targets(ctx, st, h, w)]
    return out


def _no_weapon(ctx: Ctx, h: Hero, kind: str) -> str:
    return f"{hero_name(ctx, h.id)} has no {kind} weapon equipped (R-BATTLE-04)"


def _last_hits(ctx: Ctx) -> int:
    attacks = [e for e in ctx.events if e.msg == "mouse_attacks"]
    hits = attacks[-1].params.get("hits", 0) if attacks else 0
    return hits if isinstance(hits, int) else 0


def _knock_down_if_hit(ctx: Ctx, st: State, mid: str, card: AbilityCard) -> None:
    """``knockdown: true``: a small minion hit at least once is knocked down, even when it blocks (R-NEG-04)."""
    m = st.minions.get(mid)
    if m is None or ctx.content.minions[m.type].size != "small" or _last_hits(ctx) < 1:
        return
    if "knocked_down" not in m.statuses:
        m.statuses.append("knocked_down")
        ctx.emit("minion_knocked_down", "R-NEG-04", minion=m.id, card=card.id)


# empowered-attack {dice, attack: melee|ranged, knockdown, pierce}: one attack with an equipped weapon of that
# kind, with `dice` more dice; `pierce` takes defense dice from the target.


def _empowered_uses(ctx: Ctx, st: State, h: Hero, card: AbilityCard) -> list[Args]:
    return _weapon_target_uses(ctx, st, h, _weapons_of_kind(ctx, h, str(card.params.get("attack", "melee"))))


def _empowered_why(ctx: Ctx, st: State, h: Hero, card: AbilityCard, args: Args) -> str:
    kind = str(card.params.get("attack", "melee"))
    weapons = _weapons_of_kind(ctx, h, kind)
    if not weapons:
        return _no_weapon(ctx, h, kind)
    if not args or args[0] not in st.minions:
        return f"name a minion to attack: 'ability {h.id} {card.id} <minion>'"
    if len(weapons) > 1 and len(args) < 2:
        return f"{hero_name(ctx, h.id)} has several {kind} weapons: 'ability {h.id} {card.id} {args[0]} <weapon>'"
    return ""


def _empowered_apply(ctx: Ctx, st: State, h: Hero, card: AbilityCard, args: Args) -> None:
    weapons = _weapons_of_kind(ctx, h, str(card.params.get("attack", "melee")))
    w = next(x for x in weapons if len(args) < 2 or x.card == args[1])
    extra, pierce = int(card.params.get("dice", 0)), int(card.params.get("pierce", 0))
    attack_minion(ctx, st, h, st.minions[args[0]], w, extra_dice=extra, pierce=pierce)
    if card.params.get("knockdown"):
        _knock_down_if_hit(ctx, st, args[0], card)


ability_effect("empowered-attack", _empowered_uses, _empowered_apply, _empowered_why)


# area-attack {reach: space}: one melee roll; every minion in the mouse's space defends against it separately.


def _area_uses(ctx: Ctx, st: State, h: Hero, card: AbilityCard) -> list[Args]:
    weapons = _weapons_of_kind(ctx, h, "melee")
    if h.space is None or not minions_in(st, h.space):
        return []
    return [(w.card,) for w in weapons] if len(weapons) > 1 else [()] if weapons else []


def _area_why(ctx: Ctx, st: State, h: Hero, card: AbilityCard, args: Args) -> str:
    if not _weapons_of_kind(ctx, h, "melee"):
        return _no_weapon(ctx, h, "melee")
    if h.space is None or not minions_in(st, h.space):
        return f"no minion is in {hero_name(ctx, h.id)}'s space"
    return ""


def _area_apply(ctx: Ctx, st: State, h: Hero, card: AbilityCard, args: Args) -> None:
    assert h.space is not None
    w = next(x for x in _weapons_of_kind(ctx, h, "melee") if not args or x.card == args[0])
    targets = sorted(minions_in(st, h.space), key=lambda m: m.id)
    faces = roll_mouse_attack(ctx, st, h, targets[0], w)  # one roll, sized against the first target
    if faces is None:
        return
    for m in targets:
        if m.id in st.minions:
            attack_minion(ctx, st, h, m, w, faces=list(faces))


ability_effect("area-attack", _area_uses, _area_apply, _area_why)


# volley {targets}: one ranged roll with the mouse's ranged weapon against up to `targets` minions it could
# shoot (R-BATTLE-07 applies to each); each defends separately.


def _volley_weapon(ctx: Ctx, h: Hero) -> Weapon | None:
    weapons = _weapons_of_kind(ctx, h, "ranged")
    return weapons[0] if weapons else None


def _volley_targets(ctx: Ctx, st: State, h: Hero) -> list[str]:
    w = _volley_weapon(ctx, h)
    if w is None:
        return []
    order = ctx.board.order
    return [m.id for m in sorted(mouse_targets(ctx, st, h, w), key=lambda m: (order[m.space], m.id))]


def _volley_uses(ctx: Ctx, st: State, h: Hero, card: AbilityCard) -> list[Args]:
    targets = _volley_targets(ctx, st, h)
    most = int(card.params.get("targets", 2))
    return [c for k in range(1, min(most, len(targets)) + 1) for c in combinations(targets, k)]


def _volley_why(ctx: Ctx, st: State, h: Hero, card: AbilityCard, args: Args) -> str:
    if _volley_weapon(ctx, h) is None:
        return _no_weapon(ctx, h, "ranged")
    most = int(card.params.get("targets", 2))
    if not args or len(args) > most or len(set(args)) != len(args):
        return f"name 1 to {most} different minions: 'ability {h.id} {card.id} <minion> ...'"
    targets = _volley_targets(ctx, st, h)
    bad = [mid for mid in args if mid not in targets]
    if bad:
        return f"{bad[0]} is not a minion {hero_name(ctx, h.id)} can shoot now (R-BATTLE-07, R-BATTLE-08)"
    if list(args) != [m for m in targets if m in args]:
        return f"name the minions in board order: {' '.join(m for m in targets if m in args)}"
    return ""


def _volley_apply(ctx: Ctx, st: State, h: Hero, card: AbilityCard, args: Args) -> None:
    w = _volley_weapon(ctx, h)
    assert w is not None
    faces = roll_mouse_attack(ctx, st, h, st.minions[args[0]], w)
    if faces is None:
        return
    for mid in args:
        if mid in st.minions:
            attack_minion(ctx, st, h, st.minions[mid], w, faces=list(faces))


ability_effect("volley", _volley_uses, _volley_apply, _volley_why)


# multi-attack {attacks, attack}: `attacks` attacks one after the other with the first weapon of that kind.


def _multi_weapon(ctx: Ctx, h: Hero, card: AbilityCard) -> list[str]:
    weapons = _weapons_of_kind(ctx, h, str(card.params.get("attack", "ranged")))
    return [weapons[0].card] * int(card.params.get("attacks", 2)) if weapons else []


def _multi_uses(ctx: Ctx, st: State, h: Hero, card: AbilityCard) -> list[Args]:
    series = _multi_weapon(ctx, h, card)
    return [(m,) for m in _weapon_targets(ctx, st, h, series[0])] if series else []


def _multi_why(ctx: Ctx, st: State, h: Hero, card: AbilityCard, args: Args) -> str:
    series = _multi_weapon(ctx, h, card)
    if not series:
        return _no_weapon(ctx, h, str(card.params.get("attack", "ranged")))
    return _first_target_why(ctx, st, h, card, args, series)


def _multi_apply(ctx: Ctx, st: State, h: Hero, card: AbilityCard, args: Args) -> None:
    _attack_series(ctx, st, h, _multi_weapon(ctx, h, card), args[0])


ability_effect("multi-attack", _multi_uses, _multi_apply, _multi_why)


# command-attack: another mouse in or next to this mouse's space makes one attack at once, without using its
# own action (a stunned mouse, whose only action is Recover, cannot be commanded).


def _commanded(ctx: Ctx, st: State, h: Hero) -> list[Hero]:
    if h.space is None:
        return []
    near = {h.space, *mouse_neighbours(ctx, st, h.space, None)}
    return [x for x in st.mice_on_board() if x.id != h.id and x.space in near and "stunned" not in x.statuses]


def _command_uses(ctx: Ctx, st: State, h: Hero, card: AbilityCard) -> list[Args]:
    return [
        (x.id, *args) for x in _commanded(ctx, st, h) for args in _weapon_target_uses(ctx, st, x, weapons_of(ctx, x))
    ]


def _command_why(ctx: Ctx, st: State, h: Hero, card: AbilityCard, args: Args) -> str:
    if not args:
        return f"name the mouse and its target: 'ability {h.id} {card.id} <mouse> <minion> [weapon]'"
    if args[0] not in {x.id for x in _commanded(ctx, st, h)}:
        return f"{args[0]!r} is not a mouse (not stunned) in or next to {hero_name(ctx, h.id)}'s space"
    return ""


def _command_apply(ctx: Ctx, st: State, h: Hero, card: AbilityCard, args: Args) -> None:
    x = st.heroes[args[0]]
    weapons = weapons_of(ctx, x)
    w = next(w for w in weapons if len(args) < 3 or w.card == args[2])
    ctx.emit("commanded_attack", "R-ABIL-04", hero=h.id, mouse=x.id, target=args[1])
    attack_minion(ctx, st, x, st.minions[args[1]], w)


ability_effect("command-attack", _command_uses, _command_apply, _command_why)


# delay-minion (before the turn): one minion initiative card below this mouse's card goes to the bottom of the
# track; it still acts this round, later.


def _delayable(st: State, h: Hero) -> list[str]:
    mine = f"mouse:{h.id}"
    if mine not in st.track:
        return []
    below = st.track[st.track.index(mine) + 1 :]
    return [c for c in below[:-1] if c.startswith(("minion:", "boss:"))]


def _delay_uses(ctx: Ctx, st: State, h: Hero, card: AbilityCard) -> list[Args]:
    return [(c,) for c in _delayable(st, h)]


def _delay_why(ctx: Ctx, st: State, h: Hero, card: AbilityCard, args: Args) -> str:
    if len(args) != 1 or args[0] not in _delayable(st, h):
        cards = ", ".join(_delayable(st, h)) or "none"
        return f"name a minion card below {hero_name(ctx, h.id)} on the track, not already last: {cards}"
    return ""


def _delay_apply(ctx: Ctx, st: State, h: Hero, card: AbilityCard, args: Args) -> None:
    st.track.remove(args[0])
    st.track.append(args[0])
    ctx.emit("card_delayed", "R-ABIL-04", hero=h.id, card=args[0], track=list(st.track))


ability_effect("delay-minion", _delay_uses, _delay_apply, _delay_why)


for _name in SHARED_EFFECTS:  # an effect this module registers itself keeps its own implementation
    if _name not in ABILITY_EFFECTS:
        ABILITY_EFFECTS[_name] = _bridge(CARD_EFFECTS[_name])
