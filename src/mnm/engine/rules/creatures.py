"""[EXP] Expansion creatures: Olga (R-EXP-10), the Clockwork Mortar (R-EXP-12), Shard Blast (R-EXP-13), Molox
(R-EXP-15, R-BOSS-04) and token creatures (R-EXP-16, R-SPACE-07).

Olga and the mortar are tokens (``State.tokens["olga"]``, ``["mortar"]``): a token takes no room in a space,
cannot be attacked and does not stop an explore, which is what the FAQ says of Olga (R-EXP-10, R-EXP-16).
Molox's three cards are handled by :mod:`initiative` (``minion:molox:1..3``, stacked in order).
"""

from __future__ import annotations

from mnm.board.layout import space_side
from mnm.engine.actions import Action
from mnm.engine.context import Ctx, decision, push
from mnm.engine.dice import roll
from mnm.engine.hooks import CREATURE_TURN, MINDLESS_FALLS, MOUSE_ON_HESSTER
from mnm.engine.query import (
    HESSTER,
    can_enter,
    hero_name,
    hesster_blocks,
    is_large,
    mice_in,
    mice_on_side,
    minion_name,
    track_rank,
)
from mnm.engine.rules.allies import helper_defends, helpers_on, wound_helper
from mnm.engine.rules.battle import (
    add_wheel_cheese,
    attack_dice,
    defeat_minion,
    defend_minion,
    defense_dice,
    mouse_defends,
    wound_minion,
)
from mnm.engine.rules.capture import wound_hero
from mnm.engine.rules.movement import mouse_neighbours
from mnm.engine.rules.spaces import barred, walk_next
from mnm.engine.state import Hero, Minion, Pending, State

__all__ = ["OLGA_REACH", "creature_turn", "mindless_falls", "mouse_must_leave_hesster", "olga_charges"]

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
    forks: list[str] = []
    walled = barred(st)
    for _ in range(OLGA_REACH):
        if here == h.space:
            break
        i = graph.by_id[here].index
        if walled:  # a chapter closed spaces or lines: she walks round them (docs/rulings.md)
            nexts = [graph.by_id[s].index for s in walk_next(ctx, st, here, h.space)]
        else:
            nexts = [j for j in graph.minion_adj[i] if graph.minion_dist[j][goal] < graph.minion_dist[i][goal]]
        if not nexts:
            break
        if len(nexts) > 1:
            forks.append(here)  # equally short ways split here: she takes the lowest-numbered space
        here = min((graph.spaces[j].id for j in nexts), key=lambda s: graph.by_id[s].n)
        path.append(here)
    if not path:
        return
    st.tokens[OLGA] = [here]
    mice_hit = [mice_in(st, sp) for sp in path]
    small_hit = [
        sorted((m for m in st.minions.values() if m.space == sp and ctx.content.minions[m.type].size == "small"),
               key=lambda m: m.id)
        for sp in path
    ]
    # the explanation: why she moved, where, and whom she tramples (R-EXP-10; docs/rulings.md R-EXP-10)
    trampled = [i for row_h, row_m in zip(mice_hit, small_hit, strict=True) for i in [*(x.id for x in row_h), *(x.id for x in row_m)]]
    ctx.emit("olga_charges", "R-EXP-10", trampled=trampled, hero=h.id, src=spaces[0], dst=here, path=list(path),
             steps=len(path), forks=forks)

    for sp, row_h, row_m in zip(path, mice_hit, small_hit, strict=True):
        for x in row_h:
            wound_hero(ctx, st, x, 1, source=OLGA)
        for m in row_m:
            if m.id in st.minions:
                ctx.emit("olga_tramples", "R-EXP-10", minion=m.id, space=sp)
                wound_minion(ctx, st, m, 1, None)
        if st.chapter_data.get("helpers"):
            for hid in helpers_on(st, {sp}):  # allies and pets are small creatures too
                wound_helper(ctx, st, hid, 1, OLGA)


# --- minion activations the expansion changes ----------------------------------------------------------------


def creature_turn(ctx: Ctx, st: State, m: Minion) -> bool:
    """A minion's activation changed by an expansion rule; True when it was played here (nothing more to do)."""
    spec = ctx.content.minions[m.type]
    if HESSTER not in spec.abilities and HESSTER in st.chapter_data and m.space in hesster_blocks(st):
        _minion_leaves_hesster(ctx, st, m)  # R-EXP-14: it begins its turn on Hesster: off first
    if spec.mindless and "knocked_down" in m.statuses:
        _reanimate_or_blast(ctx, st, m)
        return True
    if HESSTER in spec.abilities:
        _hesster_turn(ctx, st, m)
        return True
    return _fires_mortar(ctx, st, m)


CREATURE_TURN.provide(creature_turn)


def mindless_falls(ctx: Ctx, st: State, m: Minion) -> bool:
    """R-EXP-13 (docs/rulings.md): a mindless rat struck down falls knocked down instead of being defeated,
    the first time. True when it fell (the caller does not defeat it)."""
    if not ctx.content.minions[m.type].mindless or "knocked_down" in m.statuses:
        return False
    m.statuses.append("knocked_down")
    m.wounds = 0  # it lies with its wounds gone: the next wound ends it (docs/rulings.md R-EXP-13)
    ctx.emit("mindless_falls", "R-EXP-13", minion=m.id)
    return True


MINDLESS_FALLS.provide(mindless_falls)


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
    graph = ctx.board.graph_of(m.space)
    near = {m.space} | {graph.spaces[j].id for j in graph.minion_adj[graph.by_id[m.space].index]}
    faces = roll(st, SHARD_BLAST_DICE, f"{m.id}'s Shard Blast")
    hits = sum(1 for f in faces if ctx.dice[f].melee_hit)
    ctx.emit("shard_blast", "R-EXP-13", minion=m.id, space=m.space, faces=list(faces), hits=hits)
    victims_m = sorted((x for x in st.minions.values() if x.space in near and x.id != m.id), key=lambda x: x.id)
    victims_h = sorted((h for h in st.mice_on_board() if h.space in near), key=lambda h: track_rank(st, f"mouse:{h.id}"))
    allies = helpers_on(st, near) if st.chapter_data.get("helpers") else []  # every figure, allies and pets too
    if m.id in st.minions:
        defeat_minion(ctx, st, m, None)  # removed before the blast lands: it cannot be hit by its own blast
    for h in victims_h:
        if not h.captured:
            mouse_defends(ctx, st, h, hits, None)
    for x in victims_m:
        if x.id in st.minions:
            defend_minion(ctx, st, None, x, hits)
    for hid in allies:
        helper_defends(ctx, st, hid, hits, m.id)


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
    far = graph.minion_dist[i][graph.by_id[target.space or ""].index]
    tied = [h.id for h in seen[1:] if graph.minion_dist[i][graph.by_id[h.space or ""].index] == far]
    st.chapter_data["mortar_round"] = st.round
    faces = roll(st, MORTAR_DICE, f"{minion_name(ctx, m)} firing the mortar")
    hits = sum(1 for f in faces if ctx.dice[f].bow)
    # the explanation: who fires, from where, at whom and why that mouse (R-EXP-12; docs/rulings.md R-EXP-12)
    ctx.emit("mortar_fires", "R-EXP-12", tied=tied, minion=m.id, space=m.space, hero=target.id,
             target_space=target.space, faces=list(faces), hits=hits)

    add_wheel_cheese(ctx, st, sum(1 for f in faces if ctx.dice[f].cheese), m.id)
    mouse_defends(ctx, st, target, hits, m)  # the mortar's attack is ranged, whatever its crew's card says
    return True


# --- Hesster (R-EXP-14) ----------------------------------------------------------------------------------------

HESSTER_BODY = 3  # body segments between tail and head (authored: the FAQ gives no count)


def hesster_spaces(st: State, m: Minion) -> list[str]:
    """Hesster's spaces, tail first and head last (``chapter_data["hesster"]``); at first all on one space:
    the tail on the entry space nearest the mice, the body stacked on it and the head on top."""
    data: dict[str, list[str]] = st.chapter_data.setdefault(HESSTER, {})
    if m.id not in data:
        data[m.id] = [m.space]
    return data[m.id]


def _hesster_turn(ctx: Ctx, st: State, m: Minion) -> None:
    strikes = st.acting is None or st.acting.endswith(":1")
    if strikes:
        _strikes(ctx, st, m)
    else:
        _coils(ctx, st, m)


def _touched(st: State, spaces: set[str], m: Minion) -> tuple[list[Hero], list[Minion], list[str]]:
    """Every creature on ``spaces`` but ``m``: mice (by the track), minions, and allies and pets (R-EXP-01: allies
    are creatures: "all creatures touched by Hesster are attacked")."""
    mice = sorted((h for h in st.mice_on_board() if h.space in spaces), key=lambda h: track_rank(st, f"mouse:{h.id}"))
    others = sorted((x for x in st.minions.values() if x.space in spaces and x.id != m.id), key=lambda x: x.id)
    return mice, others, helpers_on(st, spaces) if st.chapter_data.get("helpers") else []


def _strikes(ctx: Ctx, st: State, m: Minion) -> None:
    """R-EXP-14 Strikes: the tail stays; the body is laid toward the nearest mouse, ignoring terrain; the head
    goes on the most crowded space within reach past the body; one roll against everything he touches, every
    wound poison."""
    spaces = hesster_spaces(st, m)
    tail = spaces[0]
    graph = ctx.board.graph_of(tail)
    mice = [h for h in mice_on_side(st, graph.side) if h.space is not None]
    if not mice:
        return
    ti = graph.by_id[tail].index
    mice.sort(key=lambda h: (graph.minion_dist[ti][graph.by_id[h.space or ""].index], track_rank(st, f"mouse:{h.id}")))
    target = mice[0]
    goal = graph.by_id[target.space or ""].index
    tied = [h.id for h in mice[1:] if graph.minion_dist[ti][graph.by_id[h.space or ""].index] == graph.minion_dist[ti][goal]]
    path = [tail]
    here = ti
    for _ in range(HESSTER_BODY):
        if here == goal:
            break
        nexts = [j for j in graph.fly_cost[here] if graph.minion_dist[j][goal] < graph.minion_dist[here][goal]]
        if not nexts:
            break
        here = min(nexts, key=lambda j: graph.spaces[j].n)
        path.append(graph.spaces[here].id)
    # the head: the space next to the body's end (or the end itself) holding the most mice
    end = graph.by_id[path[-1]].index
    reach = [path[-1], *(graph.spaces[j].id for j in graph.fly_cost[end])]
    head = max(reach, key=lambda s: (len(mice_in(st, s)), -graph.minion_dist[graph.by_id[s].index][goal], -graph.by_id[s].n))
    body = path if head == path[-1] else [*path, head]
    st.chapter_data[HESSTER][m.id] = body
    m.space = head
    faces = roll(st, attack_dice(st, m.id, ctx.content.minions[m.type].battle), "Hesster's strike")
    hits = sum(1 for f in faces if ctx.dice[f].melee_hit)
    victims, others, allies = _touched(st, set(body), m)
    # the explanation: toward whom, where the head landed and why, whom he touches (R-EXP-14; docs/rulings.md)
    ctx.emit("hesster_strikes", "R-EXP-14", missed=not victims and not others and not allies, tied=tied,
             minion=m.id, tail=tail, target=target.id, head=head, crowd=len(mice_in(st, head)), spaces=list(body),
             victims=[h.id for h in victims] + [x.id for x in others] + allies, faces=list(faces), hits=hits)
    for h in victims:  # his cheese never feeds the wheel: nothing is added for this roll
        if not h.captured:
            _poisoned_defense(ctx, st, h, hits, m)
    for x in others:
        if x.id in st.minions:
            defend_minion(ctx, st, None, x, hits)
    for hid in allies:
        helper_defends(ctx, st, hid, hits, m.id)


def _poisoned_defense(ctx: Ctx, st: State, h: Hero, hits: int, m: Minion) -> None:
    """A mouse defends against Hesster's strike: every wound it takes is a poison wound (R-EXP-14)."""
    if hits <= 0:
        ctx.emit("attack_misses", "R-BATTLE-06", target=h.id)
        return
    faces = roll(st, defense_dice(ctx, st, h, m), f"{h.id}'s defense")
    blocks = min(hits, sum(1 for f in faces if ctx.dice[f].shield))
    wounds = hits - blocks
    ctx.emit("mouse_defends", "R-BATTLE-11", hero=h.id, faces=list(faces), blocks=blocks, wounds=wounds)
    wound_hero(ctx, st, h, wounds, poison=True, source=m.id)


def _coils(ctx: Ctx, st: State, m: Minion) -> None:
    """R-EXP-14 Coils: the target is the mouse highest on the track on or next to Hesster's spaces; he coils up
    on his space nearest it (on the head's space when there is none) and one roll goes against every creature
    on or next to the coil; wounds are normal."""
    spaces = hesster_spaces(st, m)
    graph = ctx.board.graph_of(m.space)

    def around(space: str) -> set[str]:
        return {space} | {graph.spaces[j].id for j in graph.minion_adj[graph.by_id[space].index]}

    near = set().union(*(around(s) for s in spaces))
    cands = sorted((h for h in st.mice_on_board() if h.space in near), key=lambda h: track_rank(st, f"mouse:{h.id}"))
    coil = m.space
    if cands:
        tgt = graph.by_id[cands[0].space or ""].index
        coil = min(spaces, key=lambda s: (graph.minion_dist[graph.by_id[s].index][tgt], graph.by_id[s].n))
    st.chapter_data[HESSTER][m.id] = [coil]
    m.space = coil
    victims, others, allies = _touched(st, around(coil), m)
    if not victims and not others and not allies:
        ctx.emit("hesster_coils_alone", "R-EXP-14", minion=m.id, space=coil)
        return
    faces = roll(st, attack_dice(st, m.id, ctx.content.minions[m.type].battle), "Hesster's coils")
    hits = sum(1 for f in faces if ctx.dice[f].melee_hit)
    ctx.emit("hesster_coils", "R-EXP-14", minion=m.id, space=coil, faces=list(faces), hits=hits)
    for h in victims:
        if not h.captured:
            mouse_defends(ctx, st, h, hits, m)
    for x in others:
        if x.id in st.minions:
            defend_minion(ctx, st, None, x, hits)
    for hid in allies:
        helper_defends(ctx, st, hid, hits, m.id)


# --- figures beginning their turn on Hesster's spaces must move away (R-EXP-14) ------------------------------


def _number(space: str) -> int:
    return int(space.split(":")[1])


def mouse_escapes(ctx: Ctx, st: State, h: Hero) -> list[str]:
    """The spaces next to ``h`` it may step off Hesster to: by its lines (R-MOVE-03/04), with room
    (R-SPACE-02), not his spaces, and neither water, lava, a chasm nor a mousetrap (a step it is made to take
    never walks into a hazard: docs/rulings.md R-EXP-14). Lowest number first."""
    assert h.space is not None
    board = ctx.board
    return sorted(
        (
            sp
            for sp in mouse_neighbours(ctx, st, h.space, st.turn)
            if can_enter(ctx, st, sp) and not board.spaces[sp].water and sp not in st.traps
        ),
        key=_number,
    )


def mouse_must_leave_hesster(ctx: Ctx, st: State, h: Hero) -> bool:
    """R-EXP-14: a mouse that begins its turn on one of Hesster's spaces must move away. Before anything else
    in its turn (its movement roll is made and kept) it steps to a space next to it, the player choosing among
    :func:`mouse_escapes` (decision ``leave_hesster``); the step costs no movement. True when that decision
    is now asked; False when the mouse is not on Hesster or has nowhere to go (it stays, and is told why)."""
    if h.space is None or h.space not in hesster_blocks(st):
        return False
    spaces = mouse_escapes(ctx, st, h)
    if not spaces:
        ctx.emit("hesster_pins", "R-EXP-14", figure=h.id, space=h.space)
        return False
    ctx.emit("must_leave_hesster", "R-EXP-14", figure=h.id, space=h.space, spaces=list(spaces))
    st.pending = Pending("leave_hesster", h.id, {"spaces": spaces})
    return True


MOUSE_ON_HESSTER.provide(mouse_must_leave_hesster)


def _leave_options(ctx: Ctx, st: State, p: Pending) -> list[Action]:
    return [Action("move", p.actor, (str(sp),)) for sp in p.data["spaces"]]


def _leave_apply(ctx: Ctx, st: State, p: Pending, a: Action) -> None:
    h = st.heroes[p.actor]
    src = h.space
    h.space = str(a.args[0])
    ctx.emit("leaves_hesster", "R-EXP-14", figure=h.id, src=src, dst=h.space)
    push(st, ["ask_turn", h.id])  # then its turn goes on as usual, its whole movement still to use


def _leave_explain(ctx: Ctx, st: State, p: Pending, a: Action) -> str:
    spaces = ", ".join(str(sp) for sp in p.data["spaces"])
    name = hero_name(ctx, p.actor)
    return f"{name} began its turn on Hesster and must move away first: 'move {p.actor} <space>' ({spaces}) (R-EXP-14)"


decision("leave_hesster", _leave_options, _leave_apply, _leave_explain, prompt="leave_hesster_prompt")


def _minion_leaves_hesster(ctx: Ctx, st: State, m: Minion) -> None:
    """R-EXP-14: a minion that begins its turn on Hesster steps off to the space next to it (on the minion
    graph, with room for it) nearest the nearest mouse, lowest number on ties; then it takes its turn as usual
    from there. With nowhere to go it stays, and is told why."""
    graph = ctx.board.graph_of(m.space)
    large = is_large(ctx, m)
    blocked = hesster_blocks(st)
    near = [
        graph.spaces[j].id
        for j in graph.minion_adj[graph.by_id[m.space].index]
        if graph.spaces[j].id not in blocked and can_enter(ctx, st, graph.spaces[j].id, large)
    ]
    if not near:
        ctx.emit("hesster_pins", "R-EXP-14", figure=m.id, space=m.space)
        return
    mice = [h for h in mice_on_side(st, graph.side) if h.space is not None]
    target: Hero | None = None
    if mice:
        i = graph.by_id[m.space].index
        mice.sort(key=lambda h: (graph.minion_dist[i][graph.by_id[h.space or ""].index], track_rank(st, f"mouse:{h.id}")))
        target = mice[0]

    def key(sp: str) -> tuple[int, int]:
        far = 0 if target is None else graph.minion_dist[graph.by_id[sp].index][graph.by_id[target.space or ""].index]
        return (far, _number(sp))

    src = m.space
    m.space = min(near, key=key)
    if target is None:
        ctx.emit("leaves_hesster", "R-EXP-14", figure=m.id, src=src, dst=m.space)
    else:
        ctx.emit("leaves_hesster", "R-EXP-14", target=target.id, figure=m.id, src=src, dst=m.space)
