"""Hero innate abilities (R-ABIL-05): one handler per innate id named in ``heroes.yaml``."""

from __future__ import annotations

from typing import Any

from mnm.content.schema import SearchCard
from mnm.engine.actions import Action
from mnm.engine.context import Ctx, decision, push, step
from mnm.engine.hooks import (
    ALLY_AFFLICTED,
    ATTACK_CHEESE,
    CARDS_PLACED,
    INNATE_DEFENSE_DICE,
    ON_DEFEAT,
    PAWS_FIT,
    RANGED_TARGETING,
)
from mnm.engine.rules.terrain import is_outdoor
from mnm.engine.state import Hero, Minion, Pending, State

PAWS = 2  # R-SEARCH-11: two paws for weapons


@ATTACK_CHEESE.register("draw-power", summary="Maginos: 2 cheese for every CHEESE he rolls attacking")
def _draw_power(ctx: Ctx, st: State, h: Hero) -> int:
    return 2


@INNATE_DEFENSE_DICE.register("heavy-lifting", summary="Nez: 1 more defense die against large minions")
def _heavy_lifting(ctx: Ctx, st: State, h: Hero, m: Minion | None) -> int:
    return 1 if m is not None and ctx.content.minions[m.type].size == "large" else 0


@INNATE_DEFENSE_DICE.register("thicket-sense", summary="Thistle (authored, [EXP]): 1 more defense die on an outdoor tile")
def _thicket_sense(ctx: Ctx, st: State, h: Hero, m: Minion | None) -> int:
    return 1 if h.space is not None and is_outdoor(ctx, h.space) else 0


@ON_DEFEAT.register("pilfer", summary="Filch: 1 cheese per minion he defeats; for a rat he may take it from the wheel")
def _pilfer(ctx: Ctx, st: State, h: Hero, m: Minion) -> None:
    """Pilfer: "Filch *may* take this cheese from the minion wheel" (for a rat, when the wheel has any): the
    player says where it comes from once the attack is over (decision ``pilfer``; option ``auto_pick_choices``:
    the wheel)."""
    if ctx.content.minions[m.type].rat and st.wheel > 0:
        if not st.options.get("auto_pick_choices"):
            push(st, ["pilfer_ask", h.id, m.id])
            return
        _pilfer_take(ctx, st, h, True)
        return
    _pilfer_take(ctx, st, h, False)


def _pilfer_take(ctx: Ctx, st: State, h: Hero, from_wheel: bool) -> None:
    h.cheese += 1
    if from_wheel and st.wheel > 0:
        st.wheel -= 1
        ctx.emit("pilfer_wheel", "R-ABIL-05", hero=h.id, total=h.cheese, wheel=st.wheel)
        return
    ctx.emit("pilfer", "R-ABIL-05", hero=h.id, total=h.cheese)


@step("pilfer_ask")
def _pilfer_ask(ctx: Ctx, st: State, args: list[Any]) -> None:
    h = st.heroes[str(args[0])]
    if st.wheel <= 0:  # emptied since (a surge): nothing to choose
        _pilfer_take(ctx, st, h, False)
        return
    st.pending = Pending("pilfer", h.id, {"minion": str(args[1])})


def _pilfer_options(ctx: Ctx, st: State, p: Pending) -> list[Action]:
    return [Action("choose", p.actor, ("wheel",)), Action("choose", p.actor, ("supply",))]


def _pilfer_apply(ctx: Ctx, st: State, p: Pending, a: Action) -> None:
    _pilfer_take(ctx, st, st.heroes[p.actor], a.args[0] == "wheel")


def _pilfer_explain(ctx: Ctx, st: State, p: Pending, a: Action) -> str:
    return f"Pilfer: take the cheese from the minion wheel or from the supply: 'choose {p.actor} wheel' or 'choose {p.actor} supply'"


decision("pilfer", _pilfer_options, _pilfer_apply, _pilfer_explain, prompt="pilfer_prompt")


@PAWS_FIT.register("prehensile-tail", summary="Filch: a third paw that only a one-paw knife may use")
def _prehensile_tail(ctx: Ctx, hero_id: str, weapons: list[SearchCard], used: int) -> bool:
    tail_knife = any(c.paws == 1 and bool(c.params.get("knife")) for c in weapons)
    return tail_knife and used - 1 <= PAWS


@RANGED_TARGETING.register("eagle-eyed", summary="Lily (authored): ranged attacks may pass over minions next to her")
def _eagle_eyed(ctx: Ctx, st: State, h: Hero) -> bool:
    return True


@CARDS_PLACED.register("born-to-lead", summary="Collin: 1 cheese when the cards are placed and he is not in spot 1")
def _born_to_lead(ctx: Ctx, st: State, h: Hero) -> None:
    if h.captured and st.options.get("born_to_lead_not_while_captured"):  # house rule (docs/rulings.md R-ROUND-13)
        return
    if st.track and st.track[0] != f"mouse:{h.id}":
        h.cheese += 1
        ctx.emit("born_to_lead", "R-ROUND-13", hero=h.id)


@ALLY_AFFLICTED.register(
    "empathetic-power", summary="Tilda: 1 cheese when another mouse on her tile is stunned, webbed, poisoned or cursed"
)
def _empathetic_power(ctx: Ctx, st: State, h: Hero, other: Hero, what: str) -> None:
    h.cheese += 1
    ctx.emit("empathetic_power", "", hero=h.id, target=other.id, what=what)
