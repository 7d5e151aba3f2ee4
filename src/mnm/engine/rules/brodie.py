"""Brodie the cat (R-BRODIE-01..07): two turns a round, Pounces and Chases."""

from __future__ import annotations

from typing import Any

from mnm.engine.context import Ctx, step
from mnm.engine.state import State

__all__: list[str] = []


@step("brodie_turn")
def _brodie_turn(ctx: Ctx, st: State, args: list[Any]) -> None:
    ctx.emit("brodie_turn", "R-BRODIE-03", card=str(args[0]))
