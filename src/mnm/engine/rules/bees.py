"""[EXP] Pesky Bees (R-EXP-08), on tiles with a green orientation arrow (Downwood, R-EXP-17).

Bees are tokens (``State.tokens["bee-N"]``) that start on a flower or clover (their *home*);
``chapter_data["bees"]`` keeps, for each bee, its home and the figure it follows (its *host*). Rulings
(docs/rulings.md R-EXP-08):

* at the end of a mouse's turn, every bee without a host whose home lies within 2 spaces of that mouse (minion
  distance on the tile: bees fly over lines and water) starts following it; a bee stays on its host's space;
* after its host is attacked, the bee follows the attacker instead, unless the attacker is a boss;
* each bee on a figure takes 1 die from its attacks and 1 from its defense rolls (never below 0);
* when the party explores successfully, the bees following mice leave play; a bee whose host leaves the board
  (captured, defeated) flies home.
"""

from __future__ import annotations

from typing import Any

from mnm.board.layout import space_side
from mnm.engine.context import Ctx
from mnm.engine.state import State

__all__ = ["BEE_RANGE", "bees_leave_on_explore", "bees_on", "bees_turn_end", "host_attacked"]

BEE_RANGE = 2
KEY = "bees"


def _data(st: State) -> dict[str, dict[str, Any]]:
    """Bee -> {home, host}; built from the bee tokens the first time it is asked for."""
    data: dict[str, dict[str, Any]] | None = st.chapter_data.get(KEY)
    if data is None:
        data = {k: {"home": v[0], "host": None} for k, v in sorted(st.tokens.items()) if k.startswith("bee") and v}
        if data:
            st.chapter_data[KEY] = data
    return data


def bees_on(st: State, figure: str) -> int:
    """How many bees follow ``figure`` (a mouse or minion id)."""
    data: dict[str, dict[str, Any]] | None = st.chapter_data.get(KEY)
    if not data:
        return 0
    return sum(1 for b in data.values() if b["host"] == figure)


def _where(st: State, figure: str) -> str | None:
    if figure in st.heroes:
        h = st.heroes[figure]
        return None if h.captured else h.space
    m = st.minions.get(figure)
    return m.space if m is not None else None


def _follow_hosts(ctx: Ctx, st: State) -> None:
    """Keep each bee token on its host's space; a bee whose host is gone flies home."""
    for key, b in _data(st).items():
        if key not in st.tokens:
            continue
        host = b["host"]
        where = _where(st, host) if host is not None else None
        if host is not None and where is None:
            b["host"] = None
            ctx.emit("bee_goes_home", "R-EXP-08", bee=key, space=b["home"])
        st.tokens[key] = [where if where is not None else b["home"]]


def bees_turn_end(ctx: Ctx, st: State, hero_id: str) -> None:
    """R-EXP-08: a bee starts following a mouse that ends its turn within 2 spaces of the bee's home."""
    if not any(k.startswith("bee") for k in st.tokens):
        return
    _follow_hosts(ctx, st)
    h = st.heroes[hero_id]
    if h.captured or h.space is None:
        return
    graph = ctx.board.graph_of(h.space)
    if ctx.content.tile_sides[graph.side].region != "downwood":
        return  # only tiles with a green arrow have bees
    here = graph.by_id[h.space].index
    for key, b in _data(st).items():
        if key not in st.tokens or b["host"] is not None or space_side(b["home"]) != graph.side:
            continue
        if graph.minion_dist[graph.by_id[b["home"]].index][here] <= BEE_RANGE:
            b["host"] = h.id
            st.tokens[key] = [h.space]
            ctx.emit("bee_follows", "R-EXP-08", bee=key, figure=h.id)


def host_attacked(ctx: Ctx, st: State, target: str, attacker: str) -> None:
    """R-EXP-08: after its host is attacked, a bee follows the attacker, unless the attacker is a boss."""
    data: dict[str, dict[str, Any]] | None = st.chapter_data.get(KEY)
    if not data:
        return
    m = st.minions.get(attacker)
    if m is not None and ctx.content.minions[m.type].boss:
        return
    for key, b in data.items():
        if b["host"] == target and _where(st, attacker) is not None:
            b["host"] = attacker
            ctx.emit("bee_switches", "R-EXP-08", bee=key, src=target, dst=attacker)
    _follow_hosts(ctx, st)


def bees_leave_on_explore(ctx: Ctx, st: State) -> None:
    """R-EXP-08, R-EXPLORE-12: bees following mice leave play after a successful explore."""
    data: dict[str, dict[str, Any]] | None = st.chapter_data.get(KEY)
    if not data:
        return
    for key in sorted(data):
        if data[key]["host"] in st.heroes:
            del data[key]
            st.tokens.pop(key, None)
            ctx.emit("bee_leaves", "R-EXP-08", bee=key)
