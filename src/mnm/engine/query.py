"""Read-only questions about a state that many rules ask: who is where, is a space full, who is nearest.

Space capacity is R-SPACE-01..03 (with the R-SPACE-06 ruling: a large figure needs an otherwise empty
space); distances for minions are R-MINION-10 (path length on the minion graph, passing no full space).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Final

from mnm.board.geometry import TileGraph
from mnm.board.layout import space_side
from mnm.content.schema import SearchCard
from mnm.engine.context import Ctx
from mnm.engine.state import Hero, Minion, State

__all__ = [
    "BARRED_LINES",
    "HESSTER",
    "barred_steps",
    "blocked_spaces",
    "buff",
    "buff_key",
    "can_enter",
    "card_of",
    "engaging_minions_in",
    "enter_test",
    "equipped_effects",
    "hero_name",
    "hesster_blocks",
    "is_full",
    "is_large",
    "melee_reach",
    "mice_in",
    "mice_on_side",
    "minion_bfs",
    "minion_card",
    "minion_distances",
    "minion_name",
    "minions_in",
    "minions_on_side",
    "occupancy",
    "occupancy_map",
    "position_key",
    "requirement_blocker",
    "requirement_met",
    "track_rank",
]


def is_large(ctx: Ctx, m: Minion) -> bool:
    return ctx.content.minions[m.type].size == "large"


_CARD_OF: Final[dict[str, str]] = {}  # instance -> card id, parsed once per instance (asked many times per decision)


def buff(h: Hero, name: str) -> int:
    """The strongest ``name`` effect on the mouse, whoever's card gave it (two wards do not add up, the larger
    counts: docs/rulings.md R-BATTLE-12)."""
    best = 0
    for key, value in h.buffs.items():
        if (key == name or key.partition("@")[0] == name) and value > best:
            best = value
    return best


def buff_key(h: Hero, name: str, owner: str) -> str:
    """The ``Hero.buffs`` key of a ``name`` effect ``owner``'s card gives the mouse ``h``."""
    return name if owner == h.id else f"{name}@{owner}"


def card_of(instance: str) -> str:
    """The card id of a card instance (``leather-breastplate/2`` -> ``leather-breastplate``)."""
    card = _CARD_OF.get(instance)
    if card is None:
        card = instance.split("/", 1)[0]
        if len(_CARD_OF) < 100_000:  # ids typed by players are not all remembered
            _CARD_OF[instance] = card
    return card


def equipped_effects(ctx: Ctx, h: Hero, effect: str) -> list[Mapping[str, int | str | bool]]:
    """The params of every equipped card whose ``effect`` is ``effect`` (passive card effects, docs/effects.md).

    A read-only question many rule modules ask (turn, search, traps, movement, effects, battle): it lives here so
    that they need not import each other."""
    out: list[Mapping[str, int | str | bool]] = []
    cards = ctx.content.search_cards
    for inst in h.equipped:
        c = cards[card_of(inst)]
        if c.effect == effect:
            out.append(c.params)
    return out


def melee_reach(graph: TileGraph, space: str) -> set[str]:
    """The spaces a melee attack from ``space`` reaches, for mice and minions alike: its own and the adjacent
    ones. Spaces divided by a red line are not adjacent (R-MOVE-04); minions ignore red lines only when moving.
    A space minions may not enter is still next to its neighbours (Chapter 1's tree entrance)."""
    return {space} | {graph.spaces[j].id for j in graph.mouse_cost[graph.by_id[space].index]}


def minion_card(ctx: Ctx, m: Minion) -> str:
    """The initiative card a minion acts on (a multi-card boss: its first card)."""
    spec = ctx.content.minions[m.type]
    if spec.kind == "cat":
        return "cat:pounces"
    if spec.boss and spec.cards > 1:
        return f"boss:{m.type}:1"
    return f"minion:{m.type}"


def mice_in(st: State, space: str) -> list[Hero]:
    return [h for h in st.heroes.values() if h.space == space and not h.captured]


def minions_in(st: State, space: str) -> list[Minion]:
    """Every minion in ``space``, Brodie included (he can be attacked and defends, R-BRODIE-07).

    For what stops or holds a mouse (R-MOVE-08/09) use :func:`engaging_minions_in`: Brodie's paw token takes
    no room and other figures stand on it (R-SPACE-05, R-BRODIE-01)."""
    return [m for m in st.minions.values() if m.space == space]


def engaging_minions_in(ctx: Ctx, st: State, space: str) -> list[Minion]:
    """The minions in ``space`` that stop a mouse entering it and hold a mouse in it (R-MOVE-08/09): every
    minion but a paw token (Brodie, size ``none``), which takes no room (R-SPACE-05; docs/rulings.md)."""
    return [m for m in st.minions.values() if m.space == space and ctx.content.minions[m.type].size != "none"]


def mice_on_side(st: State, side: int) -> list[Hero]:
    return [h for h in st.heroes.values() if h.space is not None and not h.captured and space_side(h.space) == side]


def minions_on_side(st: State, side: int) -> list[Minion]:
    return [m for m in st.minions.values() if space_side(m.space) == side]


def occupancy(ctx: Ctx, st: State, space: str) -> tuple[int, bool]:
    """(small figures, whether a large figure is there) in ``space``. Brodie takes no room (R-SPACE-05)."""
    small = 0
    large = False
    for h in st.heroes.values():
        if h.space == space and not h.captured:
            small += 1
    for m in st.minions.values():
        if m.space == space:
            spec = ctx.content.minions[m.type]
            if spec.token:
                continue  # [EXP] R-EXP-16: a creature shown by tokens takes no room
            if spec.size == "large":
                large = True
            elif spec.size == "small":
                small += 1
    return small, large


def occupancy_map(ctx: Ctx, st: State) -> tuple[dict[str, int], set[str], set[str]]:
    """Small figures per space, spaces holding a large figure, spaces holding a minion that stops a mouse
    (R-MOVE-08: any but Brodie's paw token, see :func:`engaging_minions_in`), in one pass."""
    small: dict[str, int] = {}
    large: set[str] = set()
    minion_spaces: set[str] = set()
    for h in st.heroes.values():
        if h.space is not None and not h.captured:
            small[h.space] = small.get(h.space, 0) + 1
    minions = ctx.content.minions
    for m in st.minions.values():
        spec = minions[m.type]
        size = spec.size
        if size != "none":
            minion_spaces.add(m.space)
        if spec.token:
            continue  # [EXP] R-EXP-16: a creature shown by tokens takes no room
        if size == "large":
            large.add(m.space)
        elif size == "small":
            small[m.space] = small.get(m.space, 0) + 1
    return small, large, minion_spaces


def is_full(ctx: Ctx, st: State, space: str) -> bool:
    """R-SPACE-02: 4 small figures (or a special area's capacity) or 1 large figure fill a space."""
    small, large = occupancy(ctx, st, space)
    return large or small >= ctx.board.spaces[space].capacity


def can_enter(ctx: Ctx, st: State, space: str, large: bool = False) -> bool:
    """Whether a figure may enter ``space`` now (R-MOVE-10, R-SPACE-01..03, R-SPACE-06)."""
    small, has_large = occupancy(ctx, st, space)
    if has_large:
        return False
    if "hesster" in st.chapter_data:  # [EXP] R-EXP-14
        if space in hesster_blocks(st):
            return False
    if "@barred" in st.chapter_data and space in st.chapter_data["@barred"]:  # a chapter's bar_space (R-SPACE-01)
        return False
    if large:
        return small == 0
    return small < ctx.board.spaces[space].capacity


def blocked_spaces(
    ctx: Ctx, st: State, large: bool = False, occupancy: tuple[dict[str, int], set[str], set[str]] | None = None
) -> set[str]:
    """Every space a figure may not enter now: the complement of :func:`can_enter`, counted in one pass
    (or from ``occupancy``, an :func:`occupancy_map` of this position). Only occupied spaces can be blocked,
    so the set is small. Valid while no figure moves."""
    small, larges, _ = occupancy if occupancy is not None else occupancy_map(ctx, st)
    spaces = ctx.board.spaces
    blocked = set(larges)
    if "hesster" in st.chapter_data:  # [EXP] R-EXP-14: nothing walks into Hesster's spaces
        blocked |= hesster_blocks(st)
    if "@barred" in st.chapter_data:  # a chapter's bar_space (R-SPACE-01)
        blocked.update(st.chapter_data["@barred"])
    for space, n in small.items():
        if large or n >= spaces[space].capacity:  # a large figure needs an empty space (R-SPACE-06)
            blocked.add(space)
    return blocked


def enter_test(ctx: Ctx, st: State, large: bool = False) -> Callable[[str], bool]:
    """:func:`can_enter` for many spaces of one unchanging position: the occupancy is counted once.
    Only valid while no figure moves (build a new one after any change)."""
    blocked = blocked_spaces(ctx, st, large)
    return lambda space: space not in blocked


def position_key(st: State) -> tuple[object, ...]:
    """Everything occupancy depends on: where each figure stands (and its type, which fixes its size), and the
    spaces Hesster bars (R-EXP-14), as one flat tuple (the party is fixed, and every list's length comes first, so
    two positions never share a key)."""
    key: list[object] = []
    for h in st.heroes.values():
        key.append(h.space if not h.captured else None)
    key.append(len(st.minions))
    for m in st.minions.values():
        key.append(m.space)
        key.append(m.type)
    if HESSTER in st.chapter_data:
        key.append(tuple(sorted(hesster_blocks(st))))
    if BARRED_LINES in st.chapter_data:  # a chapter's bar_line: fewer steps (count first: keys never collide)
        lines: list[list[str]] = st.chapter_data[BARRED_LINES]
        key.append(len(lines))
        key.extend(f"{a}|{b}" for a, b in lines)
    return tuple(key)


BARRED_LINES: Final = "@barred_lines"  # a chapter's bar_line (mnm.engine.rules.chapter_state keeps the same key)


def barred_steps(st: State) -> set[tuple[str, str]]:
    """The steps across a chapter's barred lines, both ways (bar_line, R-MOVE-03): no figure takes them."""
    out: set[tuple[str, str]] = set()
    for a, b in st.chapter_data.get(BARRED_LINES) or ():
        out.add((a, b))
        out.add((b, a))
    return out


def tokens_key(st: State) -> tuple[object, ...]:
    """Every token on the board (leaves, turtles, the Fishhook...) and which turtles are known shells, flattened
    (issue 26, finding 3: a cache of anything that reads tokens is keyed on them)."""
    key: list[object] = [len(st.tokens)]
    for name, spaces in st.tokens.items():
        key.append(name)
        key.append(len(spaces))
        key.extend(spaces)
    turtles = st.chapter_data.get("turtles")
    if isinstance(turtles, dict):
        safe = turtles.get("safe") or ()
        key.append(len(safe))
        key.extend(safe)
    return tuple(key)


def track_rank(st: State, figure_card: str) -> int:
    """Position of an initiative card on the track (0 = spot 1, the highest); large if absent."""
    try:
        return st.track.index(figure_card)
    except ValueError:
        return 10**6


def minion_bfs(
    ctx: Ctx, st: State, start: str, large: bool = False
) -> tuple[dict[str, int], dict[str, tuple[str, ...]]]:
    """Minion distances from ``start`` on its tile (R-MINION-10) and, for each space, its predecessors on
    shortest paths. Full spaces may be reached but not passed through; barred spaces are never entered.
    The rules ask :func:`minion_distances` (no predecessors, no copy)."""
    dist, preds = _minion_bfs(ctx, st, start, large, with_preds=True)
    return dist, {k: tuple(v) for k, v in preds.items()}


def minion_distances(ctx: Ctx, st: State, start: str, large: bool = False) -> dict[str, int]:
    """The distances of :func:`minion_bfs`, remembered for the current position: the dict itself, which
    callers must not change (copy it first)."""
    # A minion card's turn asks this many times of the same position (ordering the figures, moving,
    # choosing a target): remember the answers for the current position.
    key = position_key(st)
    cached = ctx.memo.get("minion_bfs")
    if cached is None or cached[0] != key:
        cached = (key, {})
        ctx.memo["minion_bfs"] = cached
    known: dict[tuple[str, bool], dict[str, int]] = cached[1]
    found = known.get((start, large))
    if found is None:
        found = known[(start, large)] = _minion_bfs(ctx, st, start, large, with_preds=False)[0]
    return found


_SPACE_IDS: Final[dict[int, tuple[TileGraph, tuple[str, ...]]]] = {}  # id(graph) -> (graph, its space ids by index)


def _space_ids(graph: TileGraph) -> tuple[str, ...]:
    entry = _SPACE_IDS.get(id(graph))
    if entry is None or entry[0] is not graph:
        entry = _SPACE_IDS[id(graph)] = (graph, tuple(sp.id for sp in graph.spaces))
    return entry[1]


def _minion_bfs(
    ctx: Ctx, st: State, start: str, large: bool, with_preds: bool
) -> tuple[dict[str, int], dict[str, list[str]]]:
    # over space indices (lists, no string hashing); converted to ids once at the end, in discovery order
    graph = ctx.board.graph_of(start)
    ids = _space_ids(graph)
    adj = graph.minion_adj
    start_i = graph.by_id[start].index
    by_id = graph.by_id
    blocked = {by_id[s].index for s in blocked_spaces(ctx, st, large) if s in by_id}
    blocked.discard(start_i)
    cut: set[tuple[int, int]] = set()  # steps across a chapter's barred lines (bar_line), as index pairs
    if BARRED_LINES in st.chapter_data:
        cut = {(by_id[a].index, by_id[b].index) for a, b in barred_steps(st) if a in by_id and b in by_id}
    dist = [-1] * len(ids)
    dist[start_i] = 0
    order = [start_i]
    for u in order:  # breadth first: the list grows while it is walked
        if u in blocked:
            continue  # reached, but not passed through
        du = dist[u] + 1
        for v in adj[u]:
            if dist[v] < 0 and not (cut and (u, v) in cut):
                dist[v] = du
                order.append(v)
    distances = {ids[i]: dist[i] for i in order}
    if not with_preds:
        return distances, {}
    preds: dict[str, list[str]] = {ids[i]: [] for i in order}
    for u in order:  # u's neighbours one step further on than u have u on a shortest path
        if u in blocked:
            continue
        for v in adj[u]:
            if dist[v] == dist[u] + 1 and not (cut and (u, v) in cut):
                preds[ids[v]].append(ids[u])
    return distances, preds


def hero_name(ctx: Ctx, hero_id: str) -> str:
    return ctx.content.heroes[hero_id].name.en


def minion_name(ctx: Ctx, m: Minion) -> str:
    """``Rat Warrior 2`` style name for events (singular type name + figure number)."""
    spec = ctx.content.minions[m.type]
    base = (spec.one or spec.name).en
    return f"{base} {m.id.rsplit('-', 1)[-1]}"


def requirement_met(ctx: Ctx, hero_id: str, card: SearchCard) -> bool:
    """Whether :func:`requirement_blocker` finds nothing (the same checks, without building its sentence)."""
    hero = ctx.content.heroes[hero_id]
    req = card.requirement
    if req.classes or req.heroes:
        if not (set(req.classes) & set(hero.classes)) and hero_id not in req.heroes:
            return False
    return all(int(getattr(hero, stat)) >= minimum for stat, minimum in req.min_stats.items())


def requirement_blocker(ctx: Ctx, hero_id: str, card: SearchCard) -> str:
    """'' when the mouse meets the card's requirement (R-SEARCH-12), else why not. Classes and heroes are
    alternatives ("WARRIOR or HEALER", "TILDA"); stat minimums must all hold."""
    hero = ctx.content.heroes[hero_id]
    req = card.requirement
    name = hero.name.en
    if req.classes or req.heroes:
        by_class = bool(set(req.classes) & set(hero.classes))
        by_name = hero_id in req.heroes
        if not (by_class or by_name):
            who = [c.value for c in req.classes] + [
                ctx.content.heroes[x].name.en for x in req.heroes if x in ctx.content.heroes
            ]
            return f"{card.name.en} requires {' or '.join(who)}, and {name} is not (R-SEARCH-12)"
    for stat, minimum in req.min_stats.items():
        value = int(getattr(hero, stat))
        if value < minimum:
            return f"{card.name.en} requires {stat} {minimum}; {name} has {value} (R-SEARCH-12)"
    return ""


HESSTER: Final = "hesster"  # the ability id, and the key of its spaces in ``State.chapter_data``


def hesster_blocks(st: State) -> set[str]:
    """R-EXP-14: non-flying figures cannot enter any of Hesster's spaces."""
    data: dict[str, list[str]] | None = st.chapter_data.get(HESSTER)
    if not data:
        return set()
    return {sp for mid, spaces in data.items() if mid in st.minions for sp in spaces}
