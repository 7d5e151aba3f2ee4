"""[EXP] Turtles and the Turtle Whistle (R-EXP-09). Seed 003 is garbled here; our reading is in
docs/rulings.md R-EXP-09:

* the box has 5 turtle tokens, all with a shell on top; underneath, 3 show a shell, 1 bubbles, 1 snapping
  jaws. The undersides are hidden: ``chapter_data["turtles"]`` keeps the bag (in shuffled order) and the
  underside of each turtle on the board; the board tokens are ``State.tokens["turtle-N"]``;
* a mouse next to the water may spend its action to blow the whistle (the party needs the Turtle Whistle):
  every turtle returns to the bag, the bag is shuffled, and 3 turtles come up in a straight line on empty
  water spaces of that tile (the mouse picks the line);
* a mouse that *moves* onto a turtle turns it over: a shell holds it (the turtle is now a known stepping
  stone: the mouse is out of the water and may go on moving); bubbles or snapping jaws tip it into the water
  and end its turn (snapping also deals 1 wound), and the turtle is reset: back into the bag, shuffled, and
  one drawn to take its place, underside hidden;
* the *current* carrying a mouse onto a turtle pushes that turtle 1 space downstream; a turtle that cannot
  go into an empty water space (or would leave the tile) is removed.
"""

from __future__ import annotations

import math
from typing import Any, Final

from mnm.engine.actions import Action
from mnm.engine.context import Ctx, turn_verb
from mnm.engine.dice import shuffle
from mnm.engine.query import hero_name, mice_in
from mnm.engine.rules.capture import wound_hero
from mnm.engine.rules.turn import action_available, end_mouse_turn, spend_action
from mnm.engine.state import Hero, State, Turn

__all__ = ["current_pushes_turtle", "mouse_steps_on", "safe_turtle_at", "turtle_at", "whistle_lines", "whistle_options"]

WHISTLE: Final = "whistle"  # the Turtle Whistle's token in the party stash
UNDERSIDES = ("shell", "shell", "shell", "bubbles", "snapping")
KEY = "turtles"


def _data(st: State) -> dict[str, Any]:
    data: dict[str, Any] | None = st.chapter_data.get(KEY)
    if data is None:
        data = {"bag": list(UNDERSIDES), "under": {}, "safe": []}
        st.chapter_data[KEY] = data
    return data


def turtle_at(st: State, space: str) -> str | None:
    for key, spaces in st.tokens.items():
        if key.startswith("turtle") and space in spaces:
            return key
    return None


def safe_turtle_at(st: State, space: str) -> bool:
    """A turtle turned over and found to be a shell: a stepping stone (its rider is out of the water)."""
    key = turtle_at(st, space)
    if key is None:
        return False
    data: dict[str, Any] = st.chapter_data.get(KEY) or {}
    return key in data.get("safe", [])


def _free_water(ctx: Ctx, st: State, space: str) -> bool:
    sp = ctx.board.spaces[space]
    return (
        sp.water
        and not mice_in(st, space)
        and not any(m.space == space for m in st.minions.values())
        and not any(space in v for k, v in st.tokens.items() if k.startswith(("leaf", "turtle")))
    )


def whistle_lines(ctx: Ctx, st: State, side: int) -> list[tuple[str, str, str]]:
    """Every 3 empty water spaces in a straight line on ``side``: a-b and b-c next to each other, centres on
    one line."""
    graph = ctx.board.graph(side)
    water = [sp for sp in graph.spaces if _free_water(ctx, st, sp.id)]
    ids = {sp.index for sp in water}
    out: list[tuple[str, str, str]] = []
    for b in water:
        nbrs = [graph.spaces[j] for j in graph.minion_adj[b.index] if j in ids]
        for a in nbrs:
            for c in nbrs:
                if a.n >= c.n:
                    continue
                (ax, ay), (bx, by), (cx, cy) = a.centre, b.centre, c.centre
                if math.isclose((bx - ax) * (cy - by) - (by - ay) * (cx - bx), 0.0, abs_tol=1e-6) and (
                    (bx - ax) * (cx - bx) + (by - ay) * (cy - by) > 0
                ):
                    out.append((a.id, b.id, c.id))
    return sorted(out, key=lambda line: tuple(ctx.board.order[s] for s in line))


def whistle_options(ctx: Ctx, st: State, h: Hero, t: Turn) -> list[Action]:
    if h.space is None or WHISTLE not in st.stash or not action_available(st, t):
        return []
    graph = ctx.board.graph_of(h.space)
    if not any(graph.spaces[j].water for j in graph.minion_adj[graph.by_id[h.space].index]):
        return []
    return [Action("whistle", h.id, line) for line in whistle_lines(ctx, st, graph.side)]


def _whistle_explain(ctx: Ctx, st: State, h: Hero, t: Turn, a: Action) -> str:
    if WHISTLE not in st.stash:
        return "the party has no Turtle Whistle (R-EXP-09)"
    if not action_available(st, t):
        return f"{hero_name(ctx, h.id)} has already taken an action this turn"
    if len(a.args) != 3:
        return "name three water spaces in a line: 'whistle <mouse> <a> <b> <c>'"
    return "the whistle needs a mouse next to the water and three empty water spaces in a straight line (R-EXP-09)"


def _whistle_apply(ctx: Ctx, st: State, h: Hero, t: Turn, a: Action) -> None:
    spend_action(ctx, st, t)
    data = _data(st)
    for key in sorted(k for k in st.tokens if k.startswith("turtle")):
        data["bag"].append(data["under"].pop(key))
        del st.tokens[key]
    data["safe"] = []
    shuffle(st, data["bag"])
    for i, space in enumerate(a.args, start=1):
        key = f"turtle-{i}"
        st.tokens[key] = [space]
        data["under"][key] = data["bag"].pop()
    ctx.emit("turtles_called", "R-EXP-09", hero=h.id, spaces=list(a.args))


turn_verb("whistle", whistle_options, _whistle_apply, _whistle_explain)


def _reset(ctx: Ctx, st: State, key: str) -> None:
    """Back into the bag, shuffled, and one drawn to take its place, underside hidden."""
    data = _data(st)
    data["bag"].append(data["under"][key])
    shuffle(st, data["bag"])
    data["under"][key] = data["bag"].pop()
    if key in data["safe"]:
        data["safe"].remove(key)
    ctx.emit("turtle_reset", "R-EXP-09", turtle=key)


def mouse_steps_on(ctx: Ctx, st: State, h: Hero, t: Turn, space: str) -> None:
    """A mouse moved onto a turtle: turn it over (see the module's rulings)."""
    key = turtle_at(st, space)
    if key is None:
        return
    data = _data(st)
    if key in data["safe"]:
        t.movement_over = t.move_points <= 0
        ctx.emit("turtle_holds", "R-EXP-09", hero=h.id, turtle=key, space=space)
        return
    under = data["under"][key]
    ctx.emit("turtle_flipped", "R-EXP-09", hero=h.id, turtle=key, space=space, side=under)
    if under == "shell":
        data["safe"].append(key)
        t.movement_over = t.move_points <= 0  # out of the water: it may go on moving
        return
    _reset(ctx, st, key)
    if under == "snapping":
        wound_hero(ctx, st, h, 1, source=key)
    if not h.captured and st.turn is not None and st.turn.mouse == h.id:
        end_mouse_turn(ctx, st, h.id)


def current_pushes_turtle(ctx: Ctx, st: State, space: str) -> None:
    """The current carried a mouse onto a turtle: the turtle moves 1 space downstream, or is removed."""
    key = turtle_at(st, space)
    if key is None:
        return
    drift = ctx.board.spaces[space].drift
    if drift is None or drift.startswith("off-") or not _free_water(ctx, st, drift):
        data = _data(st)
        data["bag"].append(data["under"].pop(key))
        if key in data["safe"]:
            data["safe"].remove(key)
        del st.tokens[key]
        ctx.emit("turtle_swept_away", "R-EXP-09", turtle=key, space=space)
        return
    st.tokens[key] = [drift]
    ctx.emit("turtle_pushed", "R-EXP-09", turtle=key, src=space, dst=drift)
