"""[EXP] Leaves and the Teaspoon Paddle (R-EXP-05, R-EXP-06, R-WATER-09's leaf clause).

Leaves are tokens (``State.tokens["leaf-N"] = [space]``) on water spaces. Rulings (docs/rulings.md R-EXP-05):

* a mouse that moves onto a leaf's space is aboard (it still stops there: the space is water, R-WATER-01);
* aboard, the mouse does not drift at the end of its turn: the leaf carries it when the leaf drifts, at the
  end of each round, 1 space with the current (2 in rain, R-EXP-07), whether or not mice ride it;
* stepping off a leaf needs no climbing roll (it is a boat, not a swim), and leaves a mouse its movement;
* a leaf that drifts off the tile is gone, and the mice on it are swept away (captured, as R-WATER-04);
  a leaf whose next space holds another leaf or cannot take its riders stays where it is.
"""

from __future__ import annotations

from typing import Final

from mnm.engine.actions import Action
from mnm.engine.context import Ctx, turn_verb
from mnm.engine.hooks import ROUND_ENDS
from mnm.engine.query import hero_name, mice_in, occupancy
from mnm.engine.rules.capture import capture
from mnm.engine.rules.terrain import forced_into
from mnm.engine.rules.turn import action_available, spend_action
from mnm.engine.rules.turtles import safe_turtle_at
from mnm.engine.rules.weather import drift_spaces
from mnm.engine.state import Hero, State, Turn

__all__ = ["afloat", "leaf_at", "leaves_drift", "on_leaf", "paddle_options"]

PADDLE: Final = "paddle"  # the Teaspoon Paddle's token in the party stash


def leaf_at(st: State, space: str) -> str | None:
    for key, spaces in st.tokens.items():
        if key.startswith("leaf") and space in spaces:
            return key
    return None


def room_for(ctx: Ctx, st: State, space: str, riders: int) -> bool:
    """Whether ``riders`` more small figures fit in ``space`` (R-SPACE-01/02: minions count too)."""
    small, large = occupancy(ctx, st, space)
    return not large and small + riders <= ctx.board.spaces[space].capacity


def on_leaf(st: State, space: str) -> bool:
    return leaf_at(st, space) is not None


def afloat(st: State, space: str) -> bool:
    """Standing on something that floats: a leaf, or a turtle showing its shell (R-EXP-09)."""
    return on_leaf(st, space) or safe_turtle_at(st, space)


def _taken(st: State, space: str) -> bool:
    """A water space a leaf cannot go into: another leaf or a turtle is there."""
    return any(space in v for k, v in st.tokens.items() if k.startswith(("leaf", "turtle")))


def leaves_drift(ctx: Ctx, st: State) -> None:
    """R-EXP-05: at the end of each round every leaf drifts with the current, carrying its riders. A leaf
    waits for the leaf ahead of it to move on first (so two leaves in one lane both drift)."""
    for _ in range(drift_spaces(st)):
        todo = sorted(k for k in st.tokens if k.startswith("leaf"))
        progress = True
        while todo and progress:
            progress = False
            for key in list(todo):
                result = _drift_leaf(ctx, st, key)
                if result != "blocked":
                    todo.remove(key)
                    progress = progress or result == "moved"
        for key in todo:
            here = st.tokens[key][0]
            ctx.emit("leaf_blocked", "R-EXP-05", leaf=key, space=here, into=ctx.board.spaces[here].drift)


ROUND_ENDS.provide(leaves_drift)


def _drift_leaf(ctx: Ctx, st: State, key: str) -> str:
    """One space of drift for one leaf: ``moved``, ``gone`` (off the tile), ``still`` or ``blocked``."""
    here = st.tokens[key][0]
    drift = ctx.board.spaces[here].drift
    if drift is None:
        return "still"
    riders = mice_in(st, here)
    if drift.startswith("off-"):
        del st.tokens[key]
        ctx.emit("leaf_drifts_off", "R-EXP-05", leaf=key, space=here, riders=[h.id for h in riders])
        for h in riders:
            capture(ctx, st, h, "current")
        return "moved"
    if _taken(st, drift) or not room_for(ctx, st, drift, len(riders)):
        return "blocked"
    st.tokens[key] = [drift]
    for h in riders:
        h.space = drift
    ctx.emit("leaf_drifts", "R-EXP-05", leaf=key, src=here, dst=drift, riders=[h.id for h in riders])
    for h in riders:
        forced_into(ctx, st, h.id, drift)
    return "moved"


# --- the Teaspoon Paddle (R-EXP-06) ----------------------------------------------------------------------


def _paddle_targets(ctx: Ctx, st: State, h: Hero) -> list[str]:
    if h.space is None or PADDLE not in st.stash or not on_leaf(st, h.space):
        return []
    graph = ctx.board.graph_of(h.space)
    out = []
    for j in graph.minion_adj[graph.by_id[h.space].index]:  # any neighbour, even against the current
        sp = graph.spaces[j]
        if sp.water and not _taken(st, sp.id) and not mice_in(st, sp.id) and not any(
            m.space == sp.id for m in st.minions.values()
        ):
            out.append(sp.id)
    return sorted(out, key=ctx.board.order.__getitem__)


def paddle_options(ctx: Ctx, st: State, h: Hero, t: Turn) -> list[Action]:
    if not action_available(st, t):
        return []
    return [Action("paddle", h.id, (sp,)) for sp in _paddle_targets(ctx, st, h)]


def _paddle_explain(ctx: Ctx, st: State, h: Hero, t: Turn, a: Action) -> str:
    name = hero_name(ctx, h.id)
    if len(a.args) != 1:
        return "say where to: 'paddle <mouse> <side:space>'"
    if PADDLE not in st.stash:
        return "the party has no Teaspoon Paddle (R-EXP-06)"
    if h.space is None or not on_leaf(st, h.space):
        return f"{name} is not on a leaf (R-EXP-06)"
    if not action_available(st, t):
        return f"{name} has already taken an action this turn"
    return f"{a.args[0]} is not an empty water space next to the leaf (R-EXP-06)"


def _paddle_apply(ctx: Ctx, st: State, h: Hero, t: Turn, a: Action) -> None:
    """R-EXP-06: the leaf, with every mouse on it, moves into the chosen water space."""
    spend_action(ctx, st, t)
    assert h.space is not None
    here = h.space
    key = leaf_at(st, here)
    assert key is not None
    dest = a.args[0]
    riders = mice_in(st, here)
    st.tokens[key] = [dest]
    for x in riders:
        x.space = dest
    ctx.emit("leaf_paddled", "R-EXP-06", hero=h.id, leaf=key, src=here, dst=dest, riders=[x.id for x in riders])


turn_verb("paddle", paddle_options, _paddle_apply, _paddle_explain)
