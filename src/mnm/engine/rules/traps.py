"""Mousetraps (R-TRAP-01..06). Markers are set by encounters and chapters (:func:`encounters.place_traps`);
here a mouse moving onto one rolls to pass (minions never do, R-TRAP-05)."""

from __future__ import annotations

from typing import Any

from mnm.content.schema import HeroClass
from mnm.engine.context import Ctx, step
from mnm.engine.dice import roll
from mnm.engine.rules.capture import wound_hero
from mnm.engine.rules.turn import end_mouse_turn
from mnm.engine.state import State

__all__: list[str] = []


@step("trap_check")
def _trap_check(ctx: Ctx, st: State, args: list[Any]) -> None:
    """R-TRAP-02..04: roll dice equal to move (a Tinkerer may use lore); a success passes, a failure springs
    the trap: marker removed, 1 wound, 1 cheese, knocked down, turn over."""
    h = st.heroes[str(args[0])]
    space = str(args[1])
    if space not in st.traps or h.space != space or h.captured:
        return
    hero = ctx.content.heroes[h.id]
    dice = hero.move
    if HeroClass.TINKERER in hero.classes and hero.lore > dice:
        dice = hero.lore  # the better of the two (the player's obvious choice)
    from mnm.engine.rules.battle import equipped_effects

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
