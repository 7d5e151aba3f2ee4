"""Mousetraps (R-TRAP-01..06). Markers are set by encounters and chapters (:func:`encounters.place_traps`);
here a mouse moving onto one rolls to pass (minions never do, R-TRAP-05). A Tinkerer whose lore differs from
its move is asked which to roll (``choose <mouse> move`` / ``choose <mouse> lore``, R-TRAP-02)."""

from __future__ import annotations

from typing import Any

from mnm.content.schema import HeroClass
from mnm.engine.actions import Action
from mnm.engine.context import Ctx, decision, push, step
from mnm.engine.dice import roll
from mnm.engine.query import equipped_effects, hero_name
from mnm.engine.rules.capture import wound_hero
from mnm.engine.rules.turn import end_mouse_turn
from mnm.engine.state import Pending, State

TRAP_STATS = ("move", "lore")

__all__: list[str] = []


@step("trap_check")
def _trap_check(ctx: Ctx, st: State, args: list[Any]) -> None:
    """R-TRAP-02..04: roll dice equal to move (a Tinkerer may use lore); a success passes, a failure springs
    the trap: marker removed, 1 wound, 1 cheese, knocked down, turn over. ``args[2]``, when given, is the
    stat the Tinkerer's player chose."""
    h = st.heroes[str(args[0])]
    space = str(args[1])
    if space not in st.traps or h.space != space or h.captured:
        return
    hero = ctx.content.heroes[h.id]
    stat = str(args[2]) if len(args) > 2 else "move"
    if len(args) <= 2 and HeroClass.TINKERER in hero.classes and hero.lore != hero.move:
        st.pending = Pending("trap_dice", h.id, {"space": space})  # R-TRAP-02: "a player can instead..."
        return
    dice = hero.lore if stat == "lore" else hero.move
    dice += sum(int(p.get("dice", 1)) for p in equipped_effects(ctx, h, "trap-sense"))  # the Tinker's Apron
    faces = roll(st, dice, f"{h.id}'s mousetrap")
    if any(ctx.dice[f].star for f in faces):
        ctx.emit("trap_passed", "R-TRAP-03", hero=h.id, space=space, faces=list(faces))
        return
    st.traps.remove(space)
    h.cheese += 1
    if "knocked_down" not in h.statuses:
        h.statuses.append("knocked_down")
    ctx.emit("trap_sprung", "R-TRAP-04", hero=h.id, space=space, faces=list(faces))
    wound_hero(ctx, st, h, 1, source="mousetrap")
    if st.turn is not None and st.turn.mouse == h.id:
        end_mouse_turn(ctx, st, h.id)


def _trap_dice_options(ctx: Ctx, st: State, p: Pending) -> list[Action]:
    return [Action("choose", p.actor, (stat,)) for stat in TRAP_STATS]


def _trap_dice_apply(ctx: Ctx, st: State, p: Pending, a: Action) -> None:
    push(st, ["trap_check", p.actor, str(p.data["space"]), a.args[0]])


def _trap_dice_explain(ctx: Ctx, st: State, p: Pending, a: Action) -> str:
    hero = ctx.content.heroes[p.actor]
    return (
        f"{hero_name(ctx, p.actor)} is on a mousetrap: roll move ({hero.move} dice) or, as a Tinkerer, lore "
        f"({hero.lore} dice): 'choose {p.actor} move' or 'choose {p.actor} lore' (R-TRAP-02)"
    )


decision("trap_dice", _trap_dice_options, _trap_dice_apply, _trap_dice_explain, prompt="trap_dice_prompt")
