"""The heuristic bot told where to go by hand: the yardstick of the planner's corpus (issue 29, docs/bots.md).

A **route** is a list of waypoints written for one chapter, in order; each says what to do where and until when
(a condition of the chapter language)::

    the-side-room-fork:
      - {do: search, side: 7, until: {party_holds: {token: fork}}}
    the-bell-and-the-guard:
      - {do: defeat, side: 3, minion: captain-vurst, until: {flag: {name: guard_down}}}
      - {do: enter, spaces: ["4:1", "4:3"], until: {counter: {name: bell, op: ge, value: 2}}}

``do`` is one of ``reveal``, ``stand``, ``enter``, ``search``, ``defeat``, ``clear``, ``wait``. The first
waypoint whose ``until`` does not hold yet is where the bot goes (the same rules of thumb as the heuristic bot,
:class:`~mnm.bots.policy.HeuristicBot`, with the planner's advice toward that place instead of the planner's own
sub-goal); when every waypoint is done, the bot heads for the victory's places like the planner's final stage.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from mnm.bots.plan import SubGoal
from mnm.bots.policy import HeuristicBot
from mnm.chapter_language import Condition
from mnm.engine import Ctx, State, condition_holds

__all__ = ["Waypoint", "WaypointBot", "load_routes", "route_goal", "waypoint_of"]

ACTS = ("reveal", "stand", "enter", "search", "defeat", "clear", "wait")


@dataclass(frozen=True)
class Waypoint:
    """Do ``act`` on ``side`` (at ``spaces``; a ``defeat`` names its ``minion``) until ``until`` holds."""

    act: str
    until: Condition
    side: int | None = None
    spaces: tuple[str, ...] = ()
    minion: str = ""


def waypoint_of(raw: dict[str, Any]) -> Waypoint:
    act = str(raw["do"])
    if act not in ACTS:
        raise ValueError(f"unknown waypoint act {act!r}; acts: {', '.join(ACTS)}")
    spaces = tuple(str(s) for s in raw.get("spaces", ()))
    side = raw.get("side")
    return Waypoint(
        act,
        Condition.model_validate(raw["until"]),
        int(side) if side is not None else None,
        spaces,
        str(raw.get("minion", "")),
    )


def load_routes(path: Path) -> dict[str, tuple[Waypoint, ...]]:
    """The routes of a waypoints file: chapter id -> its waypoints, in order."""
    data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    return {str(chapter): tuple(waypoint_of(w) for w in (points or ())) for chapter, points in data.items()}


def route_goal(ctx: Ctx, st: State, route: tuple[Waypoint, ...]) -> SubGoal | None:
    """The first waypoint not done yet as a sub-goal (None: every one is done, head for the victory)."""
    for w in route:
        if condition_holds(ctx, st, w.until):
            continue
        sides = (w.side,) if w.side is not None else tuple(sorted({int(s.split(":")[0]) for s in w.spaces}))
        spaces = w.spaces
        if w.act == "search" and not spaces and w.side is not None:
            spaces = tuple(sp.id for sp in ctx.board.graph(w.side).spaces)
        if w.act in ("defeat", "clear"):
            on = [m for m in st.minions.values() if (not w.minion or m.type == w.minion)]
            if w.act == "clear":
                on = [m for m in on if w.side is not None and m.space.startswith(f"{w.side}:")]
            if on:
                sides = tuple(dict.fromkeys(int(m.space.split(":")[0]) for m in on))
                spaces = tuple(m.space for m in on)
        return SubGoal(w.act, sides, spaces, w.minion, (f"waypoint: {w.act}", f"ponto de passagem: {w.act}"))
    return None


@dataclass
class WaypointBot(HeuristicBot):
    """The heuristic bot, told where to go by a hand-written route (:func:`route_goal`)."""

    route: tuple[Waypoint, ...] = ()
    name: str = "waypoints"

    def route_goal(self, ctx: Ctx, st: State) -> SubGoal | None:
        return route_goal(ctx, st, self.route)
