"""[EXP] Allies and pets (R-EXP-01, R-EXP-02, R-SEARCH-16, R-WATER-02's and R-BATTLE-03's [EXP] clauses).

Helpers (allies and pets) are kept apart from the minions, in ``chapter_data["helpers"]`` (see
:func:`mnm.engine.rules.expansion.helpers`), so that no rule about minions (explore, rescue, R-MOVE-08, Time
is Short) sees them. Rulings (docs/rulings.md R-EXP-01/02):

* a helper follows one mouse and acts, like a melee minion, at the end of that mouse's turn: it rolls a die,
  moves toward the nearest minion on its tile by the minion rules, and attacks a minion in or next to its
  space; the minion defends normally (its cheese feeds the wheel), the helper's own cheese is ignored;
* minions attack a helper only when they can attack no mouse (the FAQ says so of pets; allies too, since
  conditions and abilities that name mice do not touch them);
* a helper is shown by a token, so it takes no room (R-EXP-16);
* every helper leaves play when the party explores; a defeated helper does not move the hourglass.
"""

from __future__ import annotations

from typing import Any

from mnm.board.layout import space_side
from mnm.content.schema import AttackKind
from mnm.engine.context import Ctx, step
from mnm.engine.dice import roll
from mnm.engine.hooks import HELPER_ATTACKED
from mnm.engine.query import minion_distances, minions_on_side
from mnm.engine.rules.battle import add_wheel_cheese, attack_dice, defend_minion
from mnm.engine.rules.bees import bees_turn_end
from mnm.engine.rules.expansion import helpers
from mnm.engine.rules.minions import path_toward
from mnm.engine.state import Minion, State

__all__ = ["allies_in", "helper_attacked", "helper_defends", "helpers_leave", "helpers_on", "pet_in", "pets_in",
           "wound_helper"]


def _kind(ctx: Ctx, data: dict[str, Any]) -> str:
    return ctx.content.minions[str(data["type"])].kind


def allies_in(ctx: Ctx, st: State, space: str) -> list[str]:
    """Allies (not pets) in ``space``: they count as mice for leaving water and putting out fire (R-EXP-01)."""
    return [k for k, d in helpers(st).items() if d["space"] == space and _kind(ctx, d) == "ally"]


def pets_in(ctx: Ctx, st: State, space: str) -> list[str]:
    return [k for k, d in helpers(st).items() if d["space"] == space and _kind(ctx, d) == "pet"]


def pet_in(ctx: Ctx, st: State, space: str) -> bool:
    """R-SEARCH-16: a mouse searching in a space with a pet rolls 2 dice."""
    return bool(pets_in(ctx, st, space))


def helpers_leave(ctx: Ctx, st: State) -> None:
    """R-EXP-01/02, R-EXPLORE-12: allies and pets leave play when the party explores."""
    found = helpers(st)
    for hid in sorted(found):
        ctx.emit("helper_leaves", "R-EXPLORE-12", minion=hid)
    found.clear()


@step("helper_turn")
def _helper_turn(ctx: Ctx, st: State, args: list[Any]) -> None:
    """R-EXP-01/02: every helper following mouse ``args[0]`` moves and attacks like a melee minion."""
    owner = str(args[0])
    if st.tokens:
        bees_turn_end(ctx, st, owner)  # R-EXP-08: bees pick a mouse that ends its turn near their flower
    for hid in sorted(k for k, d in helpers(st).items() if d["owner"] == owner):
        if hid in helpers(st) and st.status == "playing":
            _helper_acts(ctx, st, hid)


def _helper_acts(ctx: Ctx, st: State, hid: str) -> None:
    data = helpers(st)[hid]
    space = str(data["space"])
    foes = minions_on_side(st, space_side(space))
    if not foes:
        return
    here = Minion(hid, str(data["type"]), space)  # a stand-in to walk the minion graph with
    dist = minion_distances(ctx, st, space)
    foes.sort(key=lambda m: (dist.get(m.space, 10**6), m.id))
    target = foes[0]
    if target.space != space:
        face = ctx.dice[roll(st, 1, f"{hid}'s movement")[0]]
        path = path_toward(ctx, st, here, target.space)
        steps: list[str] = []
        for sp in path[: face.number]:
            steps.append(sp)
            if any(m.space == sp for m in st.minions.values()):
                break  # entering a minion's space ends the move, as for a minion entering a mouse's
        if steps:
            data["space"] = steps[-1]
            ctx.emit("helper_moves", "R-EXP-01", minion=hid, src=space, dst=steps[-1], roll=face.number)
    _helper_attack(ctx, st, hid)


def _helper_attack(ctx: Ctx, st: State, hid: str) -> None:
    data = helpers(st)[hid]
    space = str(data["space"])
    graph = ctx.board.graph_of(space)
    near = {space} | {graph.spaces[j].id for j in graph.minion_adj[graph.by_id[space].index]}
    targets = sorted((m for m in st.minions.values() if m.space in near), key=lambda m: (m.space != space, m.id))
    if not targets:
        return
    m = targets[0]
    spec = ctx.content.minions[str(data["type"])]
    faces = roll(st, attack_dice(st, hid, spec.battle), f"{hid}'s attack")
    hits = sum(1 for f in faces if ctx.dice[f].melee_hit)
    # R-EXP-01/02: the helper's own CHEESE is ignored (it feeds neither a mouse nor the wheel)
    ctx.emit("helper_attacks", "R-EXP-01", minion=hid, target=m.id, faces=list(faces), hits=hits)
    defend_minion(ctx, st, None, m, hits)


def helper_attacked(ctx: Ctx, st: State, m: Minion) -> bool:
    """R-EXP-02: a minion that could attack no mouse attacks a helper in or next to its space, if any.
    True when it did."""
    graph = ctx.board.graph_of(m.space)
    near = {m.space} | {graph.spaces[j].id for j in graph.minion_adj[graph.by_id[m.space].index]}
    cands = sorted((k for k, d in helpers(st).items() if d["space"] in near), key=lambda k: (helpers(st)[k]["space"] != m.space, k))
    if not cands:
        return False
    hid = cands[0]
    spec = ctx.content.minions[m.type]
    faces = roll(st, attack_dice(st, m.id, spec.battle), f"{m.id}'s attack")  # bees take dice (R-EXP-08)
    ranged = spec.attack is AttackKind.RANGED
    hits = sum(1 for f in faces if (ctx.dice[f].bow if ranged else ctx.dice[f].melee_hit))
    if spec.kind != "cat":
        add_wheel_cheese(ctx, st, sum(1 for f in faces if ctx.dice[f].cheese), m.id)
    ctx.emit("minion_attacks_helper", "R-EXP-02", minion=m.id, target=hid, faces=list(faces), hits=hits)
    helper_defends(ctx, st, hid, hits, m.id)
    return True


def helpers_on(st: State, spaces: set[str]) -> list[str]:
    """The allies and pets on ``spaces``, by id: creatures an attack on everything there attacks too."""
    return sorted(k for k, d in helpers(st).items() if d["space"] in spaces)


def helper_defends(ctx: Ctx, st: State, hid: str, hits: int, by: str) -> None:
    """An ally or pet defends against ``hits`` with its own defense; its cheese is ignored (R-EXP-01/02); at its
    life it leaves play, without moving the hourglass."""
    data = helpers(st).get(hid)
    if data is None or hits <= 0:
        return
    own = ctx.content.minions[str(data["type"])]
    block = roll(st, own.defense, f"{hid}'s defense")
    wounds = max(0, hits - sum(1 for f in block if ctx.dice[f].shield))
    data["wounds"] = int(data["wounds"]) + wounds
    ctx.emit("helper_defends", "R-EXP-01", minion=hid, faces=list(block), wounds=wounds, total=data["wounds"])
    _helper_falls_at_life(ctx, st, hid, by)


def wound_helper(ctx: Ctx, st: State, hid: str, wounds: int, by: str) -> None:
    """Unblockable wounds on an ally or pet (Olga's trampling, R-EXP-10)."""
    data = helpers(st).get(hid)
    if data is None or wounds <= 0:
        return
    data["wounds"] = int(data["wounds"]) + wounds
    ctx.emit("helper_wounded", "R-EXP-01", minion=hid, wounds=wounds, total=data["wounds"], by=by)
    _helper_falls_at_life(ctx, st, hid, by)


def _helper_falls_at_life(ctx: Ctx, st: State, hid: str, by: str) -> None:
    data = helpers(st)[hid]
    if int(data["wounds"]) >= ctx.content.minions[str(data["type"])].life:
        del helpers(st)[hid]
        # R-EXP-01: a defeated ally does not move the hourglass
        ctx.emit("helper_defeated", "R-EXP-01", minion=hid, by=by)


HELPER_ATTACKED.provide(helper_attacked)
