"""Battle (R-BATTLE-01..16, R-WOUND-01..03, R-TURN-06): mouse attacks, minion attacks, cheese from rolls.

``battle <mouse> <minion> [weapon]``: one attack with one equipped weapon. Melee reaches the mouse's own and
adjacent spaces; ranged reaches any minion it can see on its tile, but a minion in its own or an adjacent
space must be the target when there is one (R-BATTLE-07).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from mnm.content.schema import AttackKind, CardType
from mnm.engine.actions import Action, shared_action
from mnm.engine.context import Ctx, decision, push, step, turn_verb
from mnm.engine.dice import roll
from mnm.engine.hooks import (
    AFTER_HIT,
    ATTACK_CHEESE,
    CURSED_CHEESE,
    DEFENSE_DICE,
    EQUIPPED_ATTACK_DICE,
    INNATE_DEFENSE_DICE,
    MINDLESS_FALLS,
    MINION_AFTER_ATTACK,
    MINION_POISONS,
    MINION_ROLLED_CHEESE,
    MINION_WOUNDED_MOUSE,
    MINION_WOUNDS,
    ON_DEFEAT,
    RANGED_TARGETING,
    TARGET_DEFENSE_DICE,
    WEAPON_ATTACK,
    AttackRoll,
    ability_handlers,
    innate_handlers,
)
from mnm.engine.query import buff, card_of, equipped_effects, hero_name, minion_name
from mnm.engine.rules.achievements import held, marksman_roll, roach_defeated, snake_charmer
from mnm.engine.rules.bees import bees_on, host_attacked
from mnm.engine.rules.capture import wound_hero
from mnm.engine.rules.initiative import card_of_minion_type, remove_card, remove_type_if_gone
from mnm.engine.rules.turn import action_available, spend_action
from mnm.engine.state import Hero, Minion, Pending, State, Turn

__all__ = [
    "Weapon",
    "add_wheel_cheese",
    "attack_dice",
    "attack_minion",
    "attack_shape",
    "battle_options",
    "defeat_minion",
    "equipped_effects",
    "minion_attacks_mouse",
    "mouse_targets",
    "ranged_targets",
    "roll_mouse_attack",
    "weapons_of",
]


@dataclass(slots=True, init=False)
class Weapon:
    """An equipped weapon as used for one attack (Maginos' Staff counts as melee in his own space).

    Never changed once made (not declared frozen, with its ``__init__`` written out: every turn decision with a
    minion in reach makes these, and the compiled engine runs a generated or frozen ``__init__`` as Python)."""

    card: str  # instance id
    attack: AttackKind
    bonus: int
    effect: str | None

    def __init__(self, card: str, attack: AttackKind, bonus: int, effect: str | None) -> None:
        self.card = card
        self.attack = attack
        self.bonus = bonus
        self.effect = effect


def weapons_of(ctx: Ctx, h: Hero) -> list[Weapon]:
    out = []
    for inst in h.equipped:
        c = ctx.content.search_cards[card_of(inst)]
        if c.type is CardType.WEAPON and c.attack is not None:
            out.append(Weapon(inst, c.attack, c.bonus, c.effect))
    return out


def _weapon_params(ctx: Ctx, w: Weapon | None) -> Mapping[str, int | str | bool]:
    return ctx.content.search_cards[card_of(w.card)].params if w is not None else {}


def _adjacent_or_same(ctx: Ctx, a: str, b: str) -> bool:
    return a == b or ctx.board.graph_of(a).mouse_adjacent(a, b)


def mouse_targets(ctx: Ctx, st: State, h: Hero, w: Weapon) -> list[Minion]:
    """Minions the mouse may attack with ``w`` (R-BATTLE-05/07)."""
    if h.space is None:
        return []
    if w.attack is AttackKind.MELEE:
        graph = ctx.board.graph_of(h.space)
        return [m for m in st.minions.values() if m.space in graph.by_id and _adjacent_or_same(ctx, h.space, m.space)]
    return ranged_targets(ctx, st, h)


def ranged_targets(ctx: Ctx, st: State, h: Hero) -> list[Minion]:
    """Minions a ranged attack of the mouse may target (R-BATTLE-07/08): any it can see on its tile, but a minion
    in or next to its space must be the target when there is one. Every ranged attack (a bow, a spell, Chain
    Lightning's each target) obeys it."""
    if h.space is None:
        return []
    graph = ctx.board.graph_of(h.space)
    on_tile = [m for m in st.minions.values() if m.space in graph.by_id]
    near = [m for m in on_tile if _adjacent_or_same(ctx, h.space, m.space)]
    if near and not any(fn(ctx, st, h) for fn in innate_handlers(ctx, h.id, RANGED_TARGETING)):
        if st.options.get("ranged_target_most_minions"):
            return _on_most_crowded(near)
        return near  # R-BATTLE-07: a minion next to the archer must be the target
    return [m for m in on_tile if graph.can_see(h.space, m.space)]


def _on_most_crowded(near: list[Minion]) -> list[Minion]:
    """R-BATTLE-07, the FAQ refinement (option ``ranged_target_most_minions``): of the minions in or next to
    the archer's space, only those on the space holding the most minions (any of the tied spaces)."""
    counts: dict[str, int] = {}
    for m in near:
        counts[m.space] = counts.get(m.space, 0) + 1
    most = max(counts.values())
    return [m for m in near if counts[m.space] == most]


def battle_options(ctx: Ctx, st: State, h: Hero, t: Turn) -> list[Action]:
    if not action_available(st, t) or "stunned" in h.statuses or h.space is None:
        return []
    by_id = ctx.board.graph_of(h.space).by_id
    if not any(m.space in by_id for m in st.minions.values()):
        return []  # no minion on the mouse's tile: no weapon has a target (mouse_targets)
    weapons = weapons_of(ctx, h)
    out = []
    for w in weapons:
        for m in mouse_targets(ctx, st, h, w):
            args = (m.id, w.card) if len(weapons) > 1 else (m.id,)
            out.append(shared_action("battle", h.id, args))
    return out


def _battle_explain(ctx: Ctx, st: State, h: Hero, t: Turn, a: Action) -> str:
    name = hero_name(ctx, h.id)
    if not a.args:
        return "say whom to attack: 'battle <mouse> <minion> [weapon]'"
    if not action_available(st, t):
        return f"{name} has already taken an action this turn"
    if "stunned" in h.statuses:
        return f"{name} is stunned: Recover is the only action allowed (R-NEG-02)"
    weapons = weapons_of(ctx, h)
    if not weapons:
        return f"{name} has no weapon equipped (R-BATTLE-04)"
    if len(a.args) > 2:
        return f"'battle' takes a minion, and a weapon only when the mouse has several: 'battle {h.id} <minion> [weapon]'"
    if a.args[0] not in st.minions:
        return f"there is no minion {a.args[0]!r} on the board"
    if len(a.args) > 1:
        named = a.args[1]
        if named not in h.equipped:
            return f"{name} has no {named!r} equipped"
        if not any(w.card == named for w in weapons):
            card = ctx.content.search_cards[card_of(named)]
            return f"{card.name.en} is not a weapon: {name} can attack with {', '.join(w.card for w in weapons)}"
        if len(weapons) == 1:
            return f"{name} has only one weapon: leave it out, 'battle {h.id} {a.args[0]}'"
    elif len(weapons) > 1:
        return f"{name} has several weapons: say which, e.g. 'battle {h.id} {a.args[0]} {weapons[0].card}'"
    m = st.minions[a.args[0]]
    w = next((x for x in weapons if len(a.args) < 2 or x.card == a.args[1]), weapons[0])
    assert h.space is not None
    if w.attack is AttackKind.MELEE:
        return f"{minion_name(ctx, m)} is not in or next to {name}'s space (R-BATTLE-05)"
    if ctx.board.graph_of(h.space).by_id.get(m.space) is None:
        return f"{minion_name(ctx, m)} is on another tile"
    if not ctx.board.graph_of(h.space).can_see(h.space, m.space):
        return f"{name} cannot see {minion_name(ctx, m)} (R-BATTLE-08)"
    if st.options.get("ranged_target_most_minions") and _adjacent_or_same(ctx, h.space, m.space):
        return (
            "a ranged attack must target the nearby space with the most minions "
            "(R-BATTLE-07, option ranged_target_most_minions)"
        )
    return f"a minion is next to {name}: a ranged attack must target one of those (R-BATTLE-07)"


def _battle_apply(ctx: Ctx, st: State, h: Hero, t: Turn, a: Action) -> None:
    spend_action(ctx, st, t)
    weapons = weapons_of(ctx, h)
    w = next(x for x in weapons if len(a.args) < 2 or x.card == a.args[1])
    attack_minion(ctx, st, h, st.minions[a.args[0]], w)


turn_verb("battle", battle_options, _battle_apply, _battle_explain)


def add_wheel_cheese(ctx: Ctx, st: State, cheese: int, who: str) -> None:
    """R-BATTLE-03: cheese rolled for a minion goes to the wheel (one per roll in the FAQ variant)."""
    if cheese <= 0:
        return
    if st.options.get("minion_cheese_one_per_roll"):
        cheese = 1
    st.wheel += cheese
    ctx.emit("wheel_cheese", "R-BATTLE-03", amount=cheese, wheel=st.wheel, source=who)


def _mouse_cheese(ctx: Ctx, st: State, h: Hero, faces: list[int], attacking: bool) -> None:
    """R-BATTLE-02: a mouse gains 1 cheese per CHEESE it rolls attacking or defending (Draw Power: 2)."""
    n = sum(1 for f in faces if ctx.dice[f].cheese)
    if not n:
        return
    if "cursed" in h.statuses:  # [EXP] R-NEG-07: a cursed mouse's cheese goes to the wheel
        CURSED_CHEESE.call(ctx, st, h, n)
        return
    per = 1
    if attacking:
        for fn in innate_handlers(ctx, h.id, ATTACK_CHEESE):  # Draw Power
            per = max(per, fn(ctx, st, h))
    h.cheese += n * per
    ctx.emit("mouse_gains_cheese", "R-BATTLE-02", hero=h.id, amount=n * per, total=h.cheese)
    if n >= 3:
        _cheesemaster(ctx, st, h)


def _cheesemaster(ctx: Ctx, st: State, h: Hero) -> None:
    """R-ACH-02: the first mouse to roll 3+ cheese in one attack or defense roll; end marker +1."""
    if st.options.get("no_achievements") or any("cheesemaster" in x.achievements for x in st.heroes.values()):
        return
    h.achievements.append("cheesemaster")
    st.end_page += 1
    ctx.emit("achievement", "R-ACH-02", hero=h.id, achievement="cheesemaster", end_page=st.end_page)


def attack_shape(ctx: Ctx, st: State, h: Hero, m: Minion, w: Weapon | None) -> AttackRoll:
    """What the weapon makes of an attack on ``m`` (R-BATTLE-12): the stat the dice start from, the weapon's
    dice (its bonus and its effect's, such as the Roach Swatter's against roaches), melee or not, hits per BOW.
    No side effect: an area attack asks it again for each target."""
    shape = AttackRoll(ctx.content.heroes[h.id].battle, w.bonus if w is not None else 0, False)
    if w is not None:
        shape.melee = w.attack is AttackKind.MELEE
        weapon_fn = WEAPON_ATTACK.get(w.effect)
        if weapon_fn is not None:  # the weapon's own effect (R-BATTLE-12)
            weapon_fn(ctx, st, h, m, shape, _weapon_params(ctx, w))
    return shape


def attack_dice(st: State, figure: str, n: int) -> int:
    """The dice a figure (mouse, minion, ally or pet) rolls to attack, from ``n``: each bee following it takes
    one (R-EXP-08), never below 0. Every attack roll goes through here."""
    if st.chapter_data:
        n -= bees_on(st, figure)
    return max(0, n)


def roll_mouse_attack(
    ctx: Ctx, st: State, h: Hero, first: Minion, w: Weapon | None, dice: int | None = None, extra_dice: int = 0
) -> list[int] | None:
    """The one sizing and roll of every mouse attack (R-BATTLE-05/07/12): a normal attack, an area attack or a
    volley (sized against its first target), Chain Lightning, Knife Strike. ``dice`` replaces the usual dice (a
    spell); ``extra_dice`` adds to them (ability cards). The mouse gains its CHEESE (R-BATTLE-02). None when
    bees took every die (R-EXP-08): no attack is made."""
    return _sized_roll(ctx, st, h, first, w, attack_shape(ctx, st, h, first, w), dice, extra_dice)


def _sized_roll(
    ctx: Ctx, st: State, h: Hero, first: Minion, w: Weapon | None, shape: AttackRoll, dice: int | None, extra_dice: int
) -> list[int] | None:
    n = dice if dice is not None else shape.stat + shape.extra + _attack_bonus(ctx, st, h, first, w, shape.melee)
    n = attack_dice(st, h.id, n + extra_dice)
    if n == 0 and st.chapter_data and bees_on(st, h.id):
        ctx.emit("bees_spoil_mouse_attack", "R-EXP-08", hero=h.id, target=first.id)
        return None
    faces = roll(st, n, f"{h.id}'s attack")
    _mouse_cheese(ctx, st, h, faces, attacking=True)
    return faces


def attack_minion(
    ctx: Ctx,
    st: State,
    h: Hero,
    m: Minion,
    w: Weapon | None,
    dice: int | None = None,
    faces: list[int] | None = None,
    extra_dice: int = 0,
    pierce: int = 0,
) -> None:
    """A mouse attacks a minion (R-BATTLE-05/06/07). ``dice``/``extra_dice``: see :func:`roll_mouse_attack`;
    ``faces``: a roll already made against several targets (an area attack); ``pierce`` takes defense dice away
    (ability cards)."""
    assert h.space is not None
    shape = attack_shape(ctx, st, h, m, w)
    if faces is None:
        faces = _sized_roll(ctx, st, h, m, w, shape, dice, extra_dice)  # as roll_mouse_attack, shape made once
        if faces is None:
            return
    melee = shape.melee
    if melee:
        hits = sum(1 for f in faces if ctx.dice[f].melee_hit)
    else:
        per_bow = shape.per_bow
        hits = sum(per_bow for f in faces if ctx.dice[f].bow)
        hits = marksman_roll(ctx, st, h, faces, hits, per_bow)  # [EXP] R-ACH-08
    ctx.emit(
        "mouse_attacks",
        "R-BATTLE-05" if melee else "R-BATTLE-07",
        hero=h.id,
        target=m.id,
        weapon=w.card if w else None,
        faces=list(faces),
        hits=hits,
    )
    defend_minion(ctx, st, h, m, hits, w, pierce)
    if st.chapter_data.get("bees"):
        host_attacked(ctx, st, m.id, h.id)  # [EXP] R-EXP-08


def _attack_bonus(ctx: Ctx, st: State, h: Hero, m: Minion, w: Weapon | None, melee: bool) -> int:
    """Extra attack dice from the accessories worn (R-BATTLE-12) and a trick played this turn."""
    bonus = 0
    for inst in h.equipped:
        c = ctx.content.search_cards[card_of(inst)]
        if c.type is CardType.ACCESSORY:
            fn = EQUIPPED_ATTACK_DICE.get(c.effect)
            bonus += fn(ctx, st, h, m, c, melee) if fn is not None else c.bonus
    t = st.turn
    if t is not None and t.mouse == h.id:  # Feint: the next attack this turn rolls extra dice
        for flag in [f for f in t.flags if f.startswith("attack-bonus:")]:
            t.flags.remove(flag)
            bonus += int(flag.split(":", 1)[1])
    return bonus


def defend_minion(
    ctx: Ctx, st: State, h: Hero | None, m: Minion, hits: int, w: Weapon | None = None, pierce: int = 0
) -> None:
    """R-BATTLE-06: with at least one hit the minion rolls defense; each SWORD/SHIELD blocks one hit."""
    if hits <= 0:
        ctx.emit("attack_misses", "R-BATTLE-06", target=m.id)
        return
    spec = ctx.content.minions[m.type]
    dice = spec.defense
    if h is not None and spec.size == "large" and ("cat-tamer" in h.achievements or "snake-charmer" in h.achievements):
        dice -= 1  # R-ACH-06
    if h is not None and w is not None:
        target_fn = TARGET_DEFENSE_DICE.get(w.effect)  # the Dagger, the Toothpick Crossbow
        if target_fn is not None:
            dice += target_fn(ctx, st, h, m, _weapon_params(ctx, w))
    dice -= pierce  # an ability that slips past defenses (Backstab)
    if st.chapter_data.get("bees"):
        dice -= bees_on(st, m.id)  # [EXP] R-EXP-08
    faces = roll(st, max(0, dice), f"{minion_name(ctx, m)}'s defense")
    blocks = min(hits, sum(1 for f in faces if ctx.dice[f].shield))  # the hits blocked, not the shields rolled
    cheese = sum(1 for f in faces if ctx.dice[f].cheese)
    if spec.kind != "cat" and "hesster" not in spec.abilities:  # R-BRODIE-02; [EXP] R-EXP-14
        add_wheel_cheese(ctx, st, cheese, m.id)
        if cheese:
            ctx.rules.on_minion_cheese(ctx, st, m, cheese)
    wounds = hits - blocks
    ctx.emit("minion_defends", "R-BATTLE-06", target=m.id, faces=list(faces), blocks=blocks, wounds=wounds)
    if wounds:
        wound_minion(ctx, st, m, wounds, h)
    if h is not None and w is not None:
        after_fn = AFTER_HIT.get(w.effect)  # knockdown, cheese on defeat, heal on wound
        if after_fn is not None:
            after_fn(ctx, st, h, m, w.card, wounds, _weapon_params(ctx, w))


def wound_minion(ctx: Ctx, st: State, m: Minion, wounds: int, h: Hero | None) -> None:
    """R-WOUND-01/02/03: wounds per figure; at life the figure is defeated."""
    m.wounds += wounds
    spec = ctx.content.minions[m.type]
    life = spec.life
    if spec.boss and spec.cards > 1:
        _wound_boss_cards(ctx, st, m, h)
        return
    if m.wounds >= life and spec.mindless:
        if MINDLESS_FALLS.call(ctx, st, m):  # [EXP] R-EXP-13: struck down, it falls instead
            return
    if m.wounds >= life:
        defeat_minion(ctx, st, m, h)
    else:
        ctx.emit("minion_wounded", "R-WOUND-02", minion=m.id, wounds=m.wounds, life=life)
        ctx.rules.on_minion_wounded(ctx, st, m, h.id if h else None)  # a chapter may react (R-STORY-05)


def _wound_boss_cards(ctx: Ctx, st: State, m: Minion, h: Hero | None) -> None:
    """R-WOUND-03, R-BOSS-03: each initiative card of a multi-card boss has the card's life. Wounds fill one
    card at a time; a full card leaves the track, and the boss is defeated with its last card. "Each time a mouse
    inflicts a wound on that boss, choose which initiative card to place the wound on": the players choose which
    card the wounds filled (the ``boss_card`` decision; option ``auto_pick_choices``: the card due to act next).
    ``m.wounds`` holds the wounds on the card being filled."""
    life = ctx.content.minions[m.type].life
    while m.wounds >= life:
        cards = _boss_cards(ctx, st, m)
        if len(cards) <= 1:
            defeat_minion(ctx, st, m, h)
            return
        if not st.options.get("auto_pick_choices"):
            push(st, ["boss_card_full", m.id, h.id if h is not None else ""])  # asked once this attack is over
            return
        n = len(st.track)
        _lose_boss_card(ctx, st, m, min(cards, key=lambda c: (st.track.index(c) - st.turn_index - 1) % n))
    if m.wounds:
        ctx.emit("minion_wounded", "R-WOUND-03", minion=m.id, wounds=m.wounds, life=life)


def _boss_cards(ctx: Ctx, st: State, m: Minion) -> list[str]:
    own = card_of_minion_type(ctx, m.type)
    return [c for c in st.track if c in own]


def _lose_boss_card(ctx: Ctx, st: State, m: Minion, card: str) -> None:
    cards_left = len(_boss_cards(ctx, st, m)) - 1
    m.wounds -= ctx.content.minions[m.type].life
    remove_card(ctx, st, card, boss=True)
    ctx.emit("boss_card_lost", "R-WOUND-03", minion=m.id, card=card, cards_left=cards_left)


@step("boss_card_full")
def _boss_card_full(ctx: Ctx, st: State, args: list[Any]) -> None:
    """R-WOUND-03: a card's worth of wounds is on the boss: the players say which of its cards they filled."""
    m = st.minions.get(str(args[0]))
    if m is None or m.wounds < ctx.content.minions[m.type].life:
        return
    by = str(args[1])
    cards = _boss_cards(ctx, st, m)
    if len(cards) <= 1:
        defeat_minion(ctx, st, m, st.heroes.get(by))
        return
    st.pending = Pending("boss_card", "party", {"minion": m.id, "cards": cards, "by": by})


def _boss_card_options(ctx: Ctx, st: State, p: Pending) -> list[Action]:
    return [Action("choose", "party", (c,)) for c in p.data["cards"]]


def _boss_card_apply(ctx: Ctx, st: State, p: Pending, a: Action) -> None:
    m = st.minions[str(p.data["minion"])]
    _lose_boss_card(ctx, st, m, a.args[0])
    if m.wounds >= ctx.content.minions[m.type].life:
        push(st, ["boss_card_full", m.id, p.data["by"]])
    elif m.wounds:
        ctx.emit("minion_wounded", "R-WOUND-03", minion=m.id, wounds=m.wounds, life=ctx.content.minions[m.type].life)


def _boss_card_explain(ctx: Ctx, st: State, p: Pending, a: Action) -> str:
    return f"choose which of the boss's cards the wounds filled: {', '.join(p.data['cards'])}"


decision("boss_card", _boss_card_options, _boss_card_apply, _boss_card_explain, prompt="boss_card_prompt")


def defeat_minion(ctx: Ctx, st: State, m: Minion, h: Hero | None) -> None:
    """Remove a defeated figure; its card goes when it was the last of its type (R-ROUND-07)."""
    del st.minions[m.id]
    st.stat("minions_defeated")
    ctx.emit("minion_defeated", "R-WOUND-01", minion=m.id, by=h.id if h else None)
    spec = ctx.content.minions[m.type]
    if h is not None:
        for fn in innate_handlers(ctx, h.id, ON_DEFEAT):  # Filch's Pilfer
            fn(ctx, st, h, m)
        if spec.roach:
            roach_defeated(ctx, st, h)
        if spec.kind == "cat" and not st.options.get("no_achievements") and not held(st, "cat-tamer"):
            h.achievements.append("cat-tamer")
            ctx.emit("achievement", "R-ACH-06", hero=h.id, achievement="cat-tamer")
        if "hesster" in spec.abilities:
            snake_charmer(ctx, st, h)  # [EXP] R-ACH-09
    remove_type_if_gone(ctx, st, m.type)
    ctx.rules.on_minion_defeated(ctx, st, m, h.id if h else None)


# --- minions attacking mice (R-BATTLE-11) ----------------------------------------------------------------


def minion_attacks_mouse(
    ctx: Ctx, st: State, m: Minion, h: Hero, reason: str, tied: Sequence[str] = ()
) -> None:
    """A minion attacks a mouse: battle dice, then the mouse's defense (defense + armor), then wounds,
    with the minion's abilities (steal, poison, stun, pistoleer). ``reason``: why this mouse, a message value
    id (``value.REASON`` in the catalogs); ``tied``: the mice it was as near to, passed over as lower on the
    initiative track."""
    spec = ctx.content.minions[m.type]
    n = attack_dice(st, m.id, spec.battle)  # [EXP] R-EXP-08: each bee on the attacker takes a die
    if n == 0 and st.chapter_data.get("bees") and bees_on(st, m.id):
        ctx.emit("bees_spoil_attack", "R-EXP-08", minion=m.id, hero=h.id)
        return
    faces = roll(st, n, f"{minion_name(ctx, m)}'s attack")
    ranged = spec.attack is AttackKind.RANGED
    hits = sum(1 for f in faces if (ctx.dice[f].bow if ranged else ctx.dice[f].melee_hit))
    cheese = sum(1 for f in faces if ctx.dice[f].cheese)
    # ``tied`` before ``reason``: a catalog picks the variant of the first non-empty parameter that has one
    if faces:
        ctx.emit(
            "minion_attacks", "R-BATTLE-11", minion=m.id, hero=h.id, faces=list(faces), hits=hits, tied=list(tied),
            reason=reason,
        )
    else:  # a minion with no battle dice (an expansion's): the sentence must not show an empty roll
        ctx.emit("minion_attacks_no_dice", "R-BATTLE-11", minion=m.id, hero=h.id, hits=0, reason=reason)
    if spec.kind != "cat":
        used = False
        for cheese_fn in ability_handlers(ctx, m.type, MINION_ROLLED_CHEESE):  # Captain Vurst's Pistoleer
            used = cheese_fn(ctx, st, m, h, cheese) or used
        if not used:
            add_wheel_cheese(ctx, st, cheese, m.id)
            if cheese:
                ctx.rules.on_minion_cheese(ctx, st, m, cheese)
    mouse_defends(ctx, st, h, hits, m)
    if st.chapter_data.get("bees"):
        host_attacked(ctx, st, h.id, m.id)  # [EXP] R-EXP-08
    for after_fn in ability_handlers(ctx, m.type, MINION_AFTER_ATTACK):
        after_fn(ctx, st, m, h, cheese)


def defense_dice(ctx: Ctx, st: State, h: Hero, m: Minion | None) -> int:
    """R-BATTLE-11: the mouse's defense, its armour's bonus and what its worn cards and innate add."""
    dice = ctx.content.heroes[h.id].defense
    for inst in h.equipped:
        c = ctx.content.search_cards[card_of(inst)]
        if c.type is CardType.ARMOR:
            dice += c.bonus
        fn = DEFENSE_DICE.get(c.effect)  # the Warding Ring; the Moth-Wing Cloak against ranged attacks
        if fn is not None:
            dice += fn(ctx, st, h, m, c.params)
    if h.buffs:
        dice += buff(h, "ward")  # Scroll of Warding, Ward of Light... (until the caster's next turn)
    for innate_fn in innate_handlers(ctx, h.id, INNATE_DEFENSE_DICE):  # Nez's Heavy Lifting
        dice += innate_fn(ctx, st, h, m)
    if st.chapter_data.get("bees"):
        dice = max(0, dice - bees_on(st, h.id))  # [EXP] R-EXP-08
    return dice


def mouse_defends(ctx: Ctx, st: State, h: Hero, hits: int, m: Minion | None, attacker: str = "") -> None:
    """R-BATTLE-06/11: only after a hit; each SWORD/SHIELD blocks one; cheese to the mouse. ``attacker``: who
    attacks when it is not a minion (a charmed mouse), for the wound's source."""
    if hits <= 0:
        ctx.emit("attack_misses", "R-BATTLE-06", target=h.id)
        return
    faces = roll(st, defense_dice(ctx, st, h, m), f"{h.id}'s defense")
    cheesemaster = "cheesemaster" in h.achievements  # R-ACH-02: not on the roll that earns it (docs/rulings.md)
    _mouse_cheese(ctx, st, h, faces, attacking=False)
    if any(ctx.dice[f].cheese for f in faces) and cheesemaster:
        for x in st.mice_on_board():  # R-ACH-02: the Cheesemaster's defense cheese feeds every mouse
            x.cheese += 1
    blocks = min(hits, sum(1 for f in faces if ctx.dice[f].shield))  # the hits blocked, not the shields rolled
    wounds = hits - blocks
    ctx.emit("mouse_defends", "R-BATTLE-11", hero=h.id, faces=list(faces), blocks=blocks, wounds=wounds)
    if wounds == 0:
        if m is not None:
            ctx.rules.on_all_blocked(ctx, st, h.id, m.id)
            if equipped_effects(ctx, h, "shifting-cloak"):
                push(st, ["shifting_cloak", h.id])  # the wearer may move once this attack is over
        return
    poison = False
    if m is not None:
        for wounds_fn in ability_handlers(ctx, m.type, MINION_WOUNDS):  # roaches steal cheese instead
            wounds = wounds_fn(ctx, st, m, h, wounds)
        poison = any(fn(ctx, st, m, h) for fn in ability_handlers(ctx, m.type, MINION_POISONS))
    before = h.wounds
    wound_hero(ctx, st, h, wounds, poison=poison, source=m.id if m else attacker)
    if m is not None and h.wounds > before:
        for wounded_fn in ability_handlers(ctx, m.type, MINION_WOUNDED_MOUSE):  # the stun
            wounded_fn(ctx, st, m, h, h.wounds - before)

