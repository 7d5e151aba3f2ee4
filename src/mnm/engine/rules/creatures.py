"""[EXP] Expansion creatures: Olga (R-EXP-10), the Clockwork Mortar (R-EXP-12), Shard Blast (R-EXP-13), Molox
(R-EXP-15, R-BOSS-04) and token creatures (R-EXP-16, R-SPACE-07).

Olga and the mortar are tokens (``State.tokens["olga"]``, ``["mortar"]``): a token takes no room in a space,
cannot be attacked and does not stop an explore, which is what the FAQ says of Olga (R-EXP-10, R-EXP-16).
Molox's three cards are handled by :mod:`initiative` (``minion:molox:1..3``, stacked in order).
"""

from __future__ import annotations

from mnm.board.layout import space_side
from mnm.engine.context import Ctx
from mnm.engine.dice import roll
from mnm.engine.query import mice_in, mice_on_side, minion_name, track_rank
from mnm.engine.state import Hero, Minion, State

__all__ = ["OLGA_REACH", "creature_turn", "mindless_falls", "olga_charges"]

OLGA = "olga"
OLGA_REACH = 3  # R-EXP-10: up to 3 spaces
MORTAR = "mortar"
MORTAR_DICE = 3  # R-EXP-12: a ranged attack with 3 dice
SHARD_BLAST_DICE = 2  # R-EXP-13: a 2-die melee attack


# --- Olga (R-EXP-10) -----------------------------------------------------------------------------------------


def olga_charges(ctx: Ctx, st: State, h: Hero) -> None:
    """A mouse rolled a 1 for movement: Olga moves up to 3 spaces toward it (on its tile), and every small
    figure on a space she enters takes 1 wound, with no defense roll (docs/rulings.md R-EXP-10)."""
    spaces = st.tokens.get(OLGA)
    if not spaces or h.space is None or space_side(spaces[0]) != space_side(h.space):
        return
    graph = ctx.board.graph_of(h.space)
    here = spaces[0]
    goal = graph.by_id[h.space].index
    path: list[str] = []
    for _ in range(OLGA_REACH):
        if here == h.space:
            break
        i = graph.by_id[here].index
        nexts = [j for j in graph.minion_adj[i] if graph.minion_dist[j][goal] < graph.minion_dist[i][goal]]
        if not nexts:
            break
        here = min((graph.spaces[j].id for j in nexts), key=lambda s: graph.by_id[s].n)
        path.append(here)
    if not path:
        return
    st.tokens[OLGA] = [here]
    ctx.emit("olga_charges", "R-EXP-10", hero=h.id, src=spaces[0], dst=here, path=list(path))
    from mnm.engine.rules.battle import wound_minion
    from mnm.engine.rules.capture import wound_hero

    for sp in path:
        for x in mice_in(st, sp):
            wound_hero(ctx, st, x, 1, source=OLGA)
        for m in [m for m in st.minions.values() if m.space == sp]:
            if ctx.content.minions[m.type].size == "small":
                ctx.emit("olga_tramples", "R-EXP-10", minion=m.id, space=sp)
                wound_minion(ctx, st, m, 1, None)


# --- minion activations the expansion changes ----------------------------------------------------------------


def creature_turn(ctx: Ctx, st: State, m: Minion) -> bool:
    """A minion's activation changed by an expansion rule; True when it was played here (nothing more to do)."""
    spec = ctx.content.minions[m.type]
    if spec.mindless and "knocked_down" in m.statuses:
        _reanimate_or_blast(ctx, st, m)
        return True
    return _fires_mortar(ctx, st, m)


def mindless_falls(ctx: Ctx, st: State, m: Minion) -> bool:
    """R-EXP-13 (docs/rulings.md): a mindless rat struck down falls knocked down instead of being defeated,
    the first time. True when it fell (the caller does not defeat it)."""
    if not ctx.content.minions[m.type].mindless or "knocked_down" in m.statuses:
        return False
    m.statuses.append("knocked_down")
    ctx.emit("mindless_falls", "R-EXP-13", minion=m.id)
    return True


def _reanimate_or_blast(ctx: Ctx, st: State, m: Minion) -> None:
    """R-EXP-13: a knocked-down mindless rat rolls to reanimate: a STAR stands it up (wounds gone, its turn
    spent); none and it explodes: one 2-die melee roll against every figure in its space and the spaces next to
    it, each defending separately (R-BATTLE-13); then the rat is removed."""
    face = roll(st, 1, f"{m.id} reanimating")[0]
    if ctx.dice[face].star:
        m.statuses.remove("knocked_down")
        m.wounds = 0
        ctx.emit("mindless_rises", "R-EXP-13", minion=m.id, face=face)
        return
    from mnm.engine.rules.battle import defeat_minion, defend_minion, mouse_defends

    graph = ctx.board.graph_of(m.space)
    near = {m.space} | {graph.spaces[j].id for j in graph.minion_adj[graph.by_id[m.space].index]}
    faces = roll(st, SHARD_BLAST_DICE, f"{m.id}'s Shard Blast")
    hits = sum(1 for f in faces if ctx.dice[f].melee_hit)
    ctx.emit("shard_blast", "R-EXP-13", minion=m.id, space=m.space, faces=list(faces), hits=hits)
    victims_m = sorted((x for x in st.minions.values() if x.space in near and x.id != m.id), key=lambda x: x.id)
    victims_h = sorted((h for h in st.mice_on_board() if h.space in near), key=lambda h: track_rank(st, f"mouse:{h.id}"))
    if m.id in st.minions:
        defeat_minion(ctx, st, m, None)  # removed before the blast lands: it cannot be hit by its own blast
    for h in victims_h:
        if not h.captured:
            mouse_defends(ctx, st, h, hits, None)
    for x in victims_m:
        if x.id in st.minions:
            defend_minion(ctx, st, None, x, hits)


def _fires_mortar(ctx: Ctx, st: State, m: Minion) -> bool:
    """R-EXP-12: the first minion to begin its turn on the mortar's space fires it instead of moving: a 3-die
    ranged attack at a mouse it can see on its tile (the nearest, then highest on the track). Once a round;
    never by roaches or large minions, never with a mouse in that space."""
    spaces = st.tokens.get(MORTAR)
    if not spaces or m.space != spaces[0]:
        return False
    spec = ctx.content.minions[m.type]
    if spec.roach or spec.size != "small" or not spec.mortar_crew or spec.kind != "minion":
        return False
    if mice_in(st, m.space) or st.chapter_data.get("mortar_round") == st.round:
        return False
    graph = ctx.board.graph_of(m.space)
    seen = [h for h in mice_on_side(st, graph.side) if h.space is not None and graph.can_see(m.space, h.space)]
    if not seen:
        return False
    i = graph.by_id[m.space].index
    seen.sort(key=lambda h: (graph.minion_dist[i][graph.by_id[h.space or ""].index], track_rank(st, f"mouse:{h.id}")))
    target = seen[0]
    st.chapter_data["mortar_round"] = st.round
    faces = roll(st, MORTAR_DICE, f"{minion_name(ctx, m)} firing the mortar")
    hits = sum(1 for f in faces if ctx.dice[f].bow)
    ctx.emit("mortar_fires", "R-EXP-12", minion=m.id, hero=target.id, faces=list(faces), hits=hits)
    from mnm.engine.rules.battle import add_wheel_cheese, mouse_defends

    add_wheel_cheese(ctx, st, sum(1 for f in faces if ctx.dice[f].cheese), m.id)
    mouse_defends(ctx, st, target, hits, m)  # the mortar's attack is ranged, whatever its crew's card says
    return True
