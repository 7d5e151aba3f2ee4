"""Weapon effects (R-BATTLE-05..07, R-BATTLE-12, docs/effects.md): how a weapon shapes the attack it makes.

Each handler is registered under the ``effect`` a weapon names in ``cards/search.yaml``; the battle rules call
the handler of the weapon attacking and nothing else.
"""

from __future__ import annotations

from typing import Any

from mnm.engine.actions import Action
from mnm.engine.context import Ctx, decision, push, step
from mnm.engine.hooks import AFTER_HIT, TARGET_DEFENSE_DICE, WEAPON_ATTACK, AttackRoll, Params
from mnm.engine.query import mice_in, minion_card, track_rank
from mnm.engine.rules.capture import heal_hero
from mnm.engine.state import Hero, Minion, Pending, State


@WEAPON_ATTACK.register("tildas-mace", summary="+1 attack die per wounded mouse in the wielder's space")
def _tildas_mace(ctx: Ctx, st: State, h: Hero, m: Minion, roll: AttackRoll, params: Params) -> None:
    if h.space is not None:
        roll.extra += sum(1 for x in mice_in(st, h.space) if x.wounds > 0)


@WEAPON_ATTACK.register(
    "bonus-vs",
    params={"target": str, "dice": int},
    summary="`dice` more attack dice against a `target` (roach, rat or large) minion",
)
def _bonus_vs(ctx: Ctx, st: State, h: Hero, m: Minion, roll: AttackRoll, params: Params) -> None:
    """The Roach Swatter, the Splinter Lance."""
    spec = ctx.content.minions[m.type]
    target = params.get("target", "")
    if (
        (target == "roach" and spec.roach)
        or (target == "rat" and spec.rat)
        or (target == "large" and spec.size == "large")
    ):
        roll.extra += int(params.get("dice", 1))


@WEAPON_ATTACK.register("maginos-staff", summary="a melee (blunt) weapon against a figure in the wielder's own space")
def _maginos_staff(ctx: Ctx, st: State, h: Hero, m: Minion, roll: AttackRoll, params: Params) -> None:
    if m.space == h.space:
        roll.melee = True


@WEAPON_ATTACK.register("accurate-bow", summary="each BOW rolled counts as 2 hits")
def _accurate_bow(ctx: Ctx, st: State, h: Hero, m: Minion, roll: AttackRoll, params: Params) -> None:
    roll.per_bow = 2


@WEAPON_ATTACK.register("lore-attack", summary="attacks roll lore (not battle) plus the weapon's bonus")
def _lore_attack(ctx: Ctx, st: State, h: Hero, m: Minion, roll: AttackRoll, params: Params) -> None:
    """The Wand of Sparks."""
    roll.stat = ctx.content.heroes[h.id].lore


@TARGET_DEFENSE_DICE.register("dagger", summary="a minion below the attacker on the track rolls 1 fewer defense die")
def _dagger(ctx: Ctx, st: State, h: Hero, m: Minion, params: Params) -> int:
    return -1 if track_rank(st, minion_card(ctx, m)) > track_rank(st, f"mouse:{h.id}") else 0


@TARGET_DEFENSE_DICE.register("pierce", params={"dice": int}, summary="the target rolls `dice` fewer defense dice")
def _pierce(ctx: Ctx, st: State, h: Hero, m: Minion, params: Params) -> int:
    """The Toothpick Crossbow."""
    return -int(params.get("dice", 1))


@AFTER_HIT.register("knockdown", summary="a small minion hit at least once is knocked down, even if it blocks")
def _knockdown(ctx: Ctx, st: State, h: Hero, m: Minion, card: str, wounds: int, params: Params) -> None:
    if m.id in st.minions and ctx.content.minions[m.type].size == "small" and "knocked_down" not in m.statuses:
        m.statuses.append("knocked_down")  # R-NEG-04: large figures are immune
        ctx.emit("minion_knocked_down", "R-NEG-04", minion=m.id, card=card)


@AFTER_HIT.register(
    "cheese-on-defeat",
    params={"amount": int},
    summary="the wielder gains `amount` cheese when an attack defeats the target",
)
def _cheese_on_defeat(ctx: Ctx, st: State, h: Hero, m: Minion, card: str, wounds: int, params: Params) -> None:
    if m.id not in st.minions:
        h.cheese += int(params.get("amount", 1))
        ctx.emit("weapon_cheese", "R-BATTLE-02", hero=h.id, card=card, total=h.cheese)


@AFTER_HIT.register(
    "heal-on-wound",
    params={"amount": int},
    summary="when the weapon wounds, the most wounded mouse in the space heals `amount`",
)
def _heal_on_wound(ctx: Ctx, st: State, h: Hero, m: Minion, card: str, wounds: int, params: Params) -> None:
    """The Hawthorn Rod: the most wounded mouse in the wielder's space (ordinary wounds, the ones a heal takes
    off) heals. Several equally most wounded: the players choose, once the attack is over (decision
    ``rod_heal``, answered by the wielder's player; option ``auto_pick_choices``: the wielder, then party
    order)."""
    if not wounds or h.space is None or h.captured:
        return
    hurt = [x for x in mice_in(st, h.space) if x.wounds > x.poison]
    if not hurt:
        return
    most = max(x.wounds - x.poison for x in hurt)
    tied = [x for x in hurt if x.wounds - x.poison == most]
    amount = int(params.get("amount", 1))
    if len(tied) > 1 and not st.options.get("auto_pick_choices"):
        ids = sorted((x.id for x in tied), key=st.party.index)
        push(st, ["rod_heal_ask", h.id, ids, amount])
        return
    party = st.party
    best = min(tied, key=lambda x: (x.id != h.id, party.index(x.id)))
    heal_hero(ctx, st, best, amount)


@step("rod_heal_ask")
def _rod_heal_ask(ctx: Ctx, st: State, args: list[Any]) -> None:
    h = st.heroes[str(args[0])]
    mice = [str(x) for x in args[1] if not st.heroes[str(x)].captured and st.heroes[str(x)].space is not None]
    if h.captured or not mice:
        return
    st.pending = Pending("rod_heal", h.id, {"mice": mice, "amount": int(args[2])})


def _rod_heal_options(ctx: Ctx, st: State, p: Pending) -> list[Action]:
    return [Action("choose", p.actor, (str(x),)) for x in p.data["mice"]]


def _rod_heal_apply(ctx: Ctx, st: State, p: Pending, a: Action) -> None:
    heal_hero(ctx, st, st.heroes[a.args[0]], int(p.data["amount"]))


def _rod_heal_explain(ctx: Ctx, st: State, p: Pending, a: Action) -> str:
    mice = ", ".join(str(x) for x in p.data["mice"])
    return f"the Hawthorn Rod heals one of the equally most wounded mice: 'choose {p.actor} <mouse>' ({mice})"


decision("rod_heal", _rod_heal_options, _rod_heal_apply, _rod_heal_explain, prompt="rod_heal_prompt")
