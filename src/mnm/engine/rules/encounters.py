"""Encounters and minion placement (R-ENC-01..13, R-TRAP-01, R-PARTY-02).

Placement follows R-ENC-05 with the tie-breaks of docs/rulings.md: ranged minions go to the entry space
farthest from the mice (a red-bordered special entry area first), large minions to the empty entry space
nearest the mice, small melee minions one at a time to the entry space holding the fewest minions, then
nearest the mice; remaining ties go to the lowest space number.
"""

from __future__ import annotations

from typing import Any

from mnm.board.geometry import TileGraph
from mnm.engine.actions import Action
from mnm.engine.context import Ctx, decision, push, step
from mnm.engine.dice import shuffle
from mnm.engine.query import can_enter, mice_on_side, minions_in
from mnm.engine.rules.achievements import start_encounter
from mnm.engine.rules.initiative import add_cards, cards_for_types
from mnm.engine.state import Minion, Pending, State

__all__ = ["figures_available", "place_minions"]


def figures_available(ctx: Ctx, st: State, mtype: str) -> int:
    """How many more figures of ``mtype`` can enter the board (R-SURGE-04): limited by the type's own
    limit and by its figure pool (Elite Rats and Captain Vurst stand on rat figures, R-ENC-07)."""
    spec = ctx.content.minions[mtype]
    on_type = sum(1 for m in st.minions.values() if m.type == mtype)
    pool_size = max(m.max_figures for m in ctx.content.minions.values() if m.figure_pool == spec.figure_pool)
    on_pool = sum(1 for m in st.minions.values() if ctx.content.minions[m.type].figure_pool == spec.figure_pool)
    return max(0, min(spec.max_figures - on_type, pool_size - on_pool))


def _mouse_distance(ctx: Ctx, st: State, graph: TileGraph, space_index: int) -> int:
    mice = mice_on_side(st, graph.side)
    if not mice:
        return 0
    return min(graph.minion_dist[space_index][graph.by_id[h.space].index] for h in mice if h.space)


def _new_figure(ctx: Ctx, st: State, mtype: str, space: str, greedy: bool) -> Minion:
    n = st.minion_serial.get(mtype, 0) + 1
    st.minion_serial[mtype] = n
    fig = Minion(f"{mtype}-{n}", mtype, space, greedy=greedy and ctx.content.minions[mtype].roach)
    st.minions[fig.id] = fig
    return fig


def place_minions(
    ctx: Ctx, st: State, side: int, counts: list[tuple[str, int]], greedy: bool = False, reason: str = "encounter"
) -> list[str]:
    """Place minions on ``side`` by R-ENC-05; return the types that got at least one figure."""
    graph = ctx.board.graph(side)
    entries = [sp for sp in graph.spaces if sp.entry]
    dist = {sp.id: _mouse_distance(ctx, st, graph, sp.index) for sp in entries}
    wanted: list[str] = []
    for mtype, n in counts:
        avail = figures_available(ctx, st, mtype) - wanted.count(mtype)
        if n > avail:
            ctx.emit("not_enough_figures", "R-SURGE-04", minion=mtype, wanted=n, placed=max(0, avail))
        wanted.extend([mtype] * max(0, min(n, avail)))

    def spec(t: str) -> Any:
        return ctx.content.minions[t]

    ranged = [t for t in wanted if spec(t).attack.value == "ranged" and spec(t).size == "small"]
    large = [t for t in wanted if spec(t).size == "large"]
    melee = [t for t in wanted if t not in ranged and t not in large]
    placed_types: list[str] = []

    def put(t: str, space: str, why: str) -> None:
        fig = _new_figure(ctx, st, t, space, greedy)
        if t not in placed_types:
            placed_types.append(t)
        ctx.emit("minion_placed", "R-ENC-05", minion=fig.id, space=space, why=why, reason=reason)

    # 1. small ranged: farthest from the mice; a red-bordered special entry area first
    for t in ranged:
        options = [sp for sp in entries if can_enter(ctx, st, sp.id)]
        if not options:
            continue
        best = min(options, key=lambda sp: (not (sp.special and sp.red_border), -dist[sp.id], sp.n))
        put(t, best.id, "ranged: red-bordered area" if best.red_border else "ranged: farthest entry from the mice")
    # 2. large: the empty entry space nearest the mice
    for t in large:
        options = [sp for sp in entries if can_enter(ctx, st, sp.id, large=True)]
        if not options:
            continue
        best = min(options, key=lambda sp: (dist[sp.id], sp.n))
        put(t, best.id, "large: empty entry nearest the mice")
    # 3. small melee: spread out over the non-full entry spaces, nearest the mice first
    for t in melee:
        options = [sp for sp in entries if can_enter(ctx, st, sp.id)]
        if not options:
            continue
        best = min(options, key=lambda sp: (len(minions_in(st, sp.id)), dist[sp.id], sp.n))
        put(t, best.id, "melee: spread over the entry spaces, nearest the mice")
    if greedy:
        for m in st.minions.values():
            if ctx.content.minions[m.type].roach:
                m.greedy = True
    return placed_types


def current_row(ctx: Ctx, st: State, card_id: str) -> list[tuple[str, int]]:
    """R-ENC-03: the row of an encounter card for the hourglass's page."""
    card = ctx.content.encounter_cards[card_id]
    for row in card.rows:
        if row.pages[0] <= st.hourglass <= row.pages[1]:
            return [(mc.minion, mc.count) for mc in row.minions]
    return [(mc.minion, mc.count) for mc in card.rows[-1].minions]


@step("encounter")
def _encounter(ctx: Ctx, st: State, args: list[Any]) -> None:
    """R-ENC-02..04: draw the top encounter card, place its minions, set initiative, lay it face up."""
    side = int(args[0])
    if ctx.rules.on_encounter(ctx, st, side):
        return  # the chapter replaces this encounter (R-STORY-05)
    if not st.encounter_deck and st.encounter_discard:
        st.encounter_deck = st.encounter_discard
        st.encounter_discard = []
        shuffle(st, st.encounter_deck)
        ctx.emit("encounter_deck_reshuffled", "R-ENC-02")
    if not st.encounter_deck:
        ctx.emit("no_encounter_cards", "R-ENC-02")
        return
    card_id = st.encounter_deck.pop()
    ctx.hidden_revealed = True
    start_encounter(st)  # R-ACH-03 counts roaches per encounter
    ctx.emit("encounter_drawn", "R-ENC-02", card=card_id, page=st.hourglass)
    counts = current_row(ctx, st, card_id)
    has_rats = any(_disguisable(ctx, t) for t, _ in counts)
    if has_rats and "disguises" in st.stash:
        if st.options.get("disguises_forced"):  # docs/rulings.md R-PARTY-02
            _use_disguises(ctx, st)
            counts = [(t, n) for t, n in counts if not _disguisable(ctx, t)]
        else:
            st.pending = Pending("disguises", "party", {"card": card_id, "side": side})
            return
    push(st, ["resolve_encounter", card_id, side, counts])


def _disguisable(ctx: Ctx, mtype: str) -> bool:
    """R-PARTY-02: the rats (rat warriors, elite rat warriors) are fooled; Captain Vurst, on a rat figure too, is
    "unaffected by any rules or powers that only affect rats" (R-BOSS-02)."""
    return ctx.content.minions[mtype].rat


def _use_disguises(ctx: Ctx, st: State) -> None:
    """R-PARTY-02: discard the token; its card goes back into the search deck, shuffled."""
    st.stash.remove("disguises")
    if "disguises" in st.party_cards:
        st.party_cards.remove("disguises")
        st.search_deck.append("disguises")
        shuffle(st, st.search_deck)
    ctx.emit("disguises_used", "R-PARTY-02")


def _disguises_options(ctx: Ctx, st: State, p: Pending) -> list[Action]:
    return [Action("choose", "party", ("disguises",)), Action("choose", "party", ("no",))]


def _disguises_apply(ctx: Ctx, st: State, p: Pending, a: Action) -> None:
    card_id = str(p.data["card"])
    counts = current_row(ctx, st, card_id)
    if a.args[0] == "disguises":
        _use_disguises(ctx, st)
        counts = [(t, n) for t, n in counts if not _disguisable(ctx, t)]
    push(st, ["resolve_encounter", card_id, int(p.data["side"]), counts])


decision("disguises", _disguises_options, _disguises_apply, prompt="disguises_prompt")


@step("resolve_encounter")
def _resolve_encounter(ctx: Ctx, st: State, args: list[Any]) -> None:
    card_id, side, counts = str(args[0]), int(args[1]), [(str(t), int(n)) for t, n in args[2]]
    card = ctx.content.encounter_cards[card_id]
    greedy = "greedy-roaches" in card.keywords
    types = place_minions(ctx, st, side, counts, greedy=greedy)
    new_cards = cards_for_types(ctx, st, types)
    add_cards(ctx, st, [], new_cards, ambush="ambush" in card.keywords)
    if "mousetraps" in card.keywords:
        place_traps(ctx, st, side)
    if st.encounter_up is not None:
        st.encounter_discard.append(st.encounter_up)
    st.encounter_up = card_id
    ctx.emit("encounter_face_up", "R-ENC-04", card=card_id)


def place_traps(ctx: Ctx, st: State, side: int) -> None:
    """R-TRAP-01: a mousetrap marker on every red-X space of the tile."""
    for sp in ctx.board.graph(side).spaces:
        if sp.trap and sp.id not in st.traps:
            st.traps.append(sp.id)
            ctx.emit("mousetrap_set", "R-TRAP-01", space=sp.id)
