"""Encounters and minion placement (R-ENC-01..13, R-TRAP-01, R-PARTY-02).

Placement follows R-ENC-05 with the tie-breaks of docs/rulings.md: ranged minions go to the entry space
farthest from the mice (a red-bordered special entry area first), large minions to the empty entry space
nearest the mice, small melee minions one at a time to the entry space holding the fewest minions, then
nearest the mice; remaining ties go to the lowest space number.
"""

from __future__ import annotations

from typing import Any

from mnm.board.geometry import UNREACHABLE, TileGraph
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
    ctx: Ctx,
    st: State,
    side: int,
    counts: list[tuple[str, int]],
    then: list[Any],
    greedy: bool = False,
    reason: str = "encounter",
) -> None:
    """R-ENC-05: place minions on ``side``: small ranged, then large, then small melee, one figure at a time.

    Where several spaces are equally good, "players choose which space to use": the ``minion_space`` decision
    (option ``auto_pick_choices``: the lowest-numbered space). So placement is a step that can pause; when every
    figure is placed, the step ``then`` runs with one more argument: the types that got at least one figure."""
    wanted: list[str] = []
    for mtype, n in counts:
        avail = figures_available(ctx, st, mtype) - wanted.count(mtype)
        if n > avail:
            ctx.emit("not_enough_figures", "R-SURGE-04", minion=mtype, wanted=n, placed=max(0, avail))
        wanted.extend([mtype] * max(0, min(n, avail)))
    order = [_RANGED, _LARGE, _MELEE]
    queue = sorted(wanted, key=lambda t: order.index(_group(ctx, t)))  # stable: card order within a group
    push(st, ["place_minions", side, queue, greedy, reason, [], "", then])


_RANGED, _LARGE, _MELEE = "ranged", "large", "melee"
_WHY = {
    _LARGE: "large: empty entry nearest the mice",
    _MELEE: "melee: spread over the entry spaces, nearest the mice",
}


def _group(ctx: Ctx, mtype: str) -> str:
    spec = ctx.content.minions[mtype]
    if spec.size == "large":
        return _LARGE
    return _RANGED if spec.attack.value == "ranged" else _MELEE


def _best_spaces(ctx: Ctx, st: State, side: int, mtype: str) -> tuple[list[str], str]:
    """The entry spaces equally best for the next figure of ``mtype`` by R-ENC-05 (lowest number first: the
    order the options are listed in), and why they are best. Empty when no entry space has room."""
    graph = ctx.board.graph(side)
    group = _group(ctx, mtype)
    large = group == _LARGE
    entries = [sp for sp in graph.spaces if sp.entry and can_enter(ctx, st, sp.id, large=large)]
    if not entries:
        return [], ""
    dist = {sp.id: _mouse_distance(ctx, st, graph, sp.index) for sp in entries}
    keys: dict[str, tuple[int, ...]] = {}
    for sp in entries:
        if group == _RANGED:  # 1. farthest from the mice; a red-bordered special entry area first
            keys[sp.id] = (int(not (sp.special and sp.red_border)), -dist[sp.id])
        elif large:  # 2. the empty entry space nearest the mice
            keys[sp.id] = (dist[sp.id],)
        else:  # 3. spread out over the non-full entry spaces, nearest the mice first
            keys[sp.id] = (len(minions_in(st, sp.id)), dist[sp.id])
    best = min(keys.values())
    tied = [sp for sp in sorted(entries, key=lambda sp: sp.n) if keys[sp.id] == best]
    if group == _RANGED:
        red = tied[0].red_border
        return [sp.id for sp in tied], "ranged: red-bordered area" if red else "ranged: farthest entry from the mice"
    return [sp.id for sp in tied], _WHY[group]


_OVERFLOW = "no room on the entry spaces: the nearest space with room"


def _overflow_space(ctx: Ctx, st: State, side: int, large: bool) -> str:
    """House rule ``entry_overflow_nearest``: the space with room nearest an entry space on the minion graph
    (ties: the lowest number); '' when the tile has none."""
    graph = ctx.board.graph(side)
    entries = [sp.index for sp in graph.spaces if sp.entry]
    best: tuple[int, int, str] | None = None
    for sp in graph.spaces:
        if sp.minions_barred or not can_enter(ctx, st, sp.id, large=large):
            continue
        d = min((graph.minion_dist[e][sp.index] for e in entries), default=UNREACHABLE)
        if d < UNREACHABLE and (best is None or (d, sp.n) < best[:2]):
            best = (d, sp.n, sp.id)
    return best[2] if best is not None else ""


@step("place_minions")
def _place_minions(ctx: Ctx, st: State, args: list[Any]) -> None:
    """R-ENC-05, figure by figure: args = [side, types still to place, greedy, reason, types placed, the space
    the last ranged figure took, the step to run after]. Small ranged minions all go on the space chosen for the
    first of them while it has room ("if the chosen space fills, choose again by the same rule")."""
    side, queue, greedy, reason = int(args[0]), [str(t) for t in args[1]], bool(args[2]), str(args[3])
    placed, ranged_at, then = [str(t) for t in args[4]], str(args[5]), list(args[6])
    while queue:
        mtype = queue[0]
        spaces, why = _best_spaces(ctx, st, side, mtype)
        group = _group(ctx, mtype)
        if ranged_at in spaces and group == _RANGED:
            spaces = [ranged_at]
        if len(spaces) > 1 and not st.options.get("auto_pick_choices") and not _fills_them_all(queue, spaces, group):
            ctx.emit("placement_tied", "R-ENC-05", minion=mtype, spaces=spaces)
            data = {"minion": mtype, "spaces": spaces, "why": why, "place": [side, queue, greedy, reason, placed, then]}
            st.pending = Pending("minion_space", "party", data)
            return
        queue.pop(0)
        if not spaces:  # every entry space is full (docs/rulings.md R-ENC-05): said, never dropped in silence
            near = _overflow_space(ctx, st, side, group == _LARGE) if st.options.get("entry_overflow_nearest") else ""
            if near:
                _put(ctx, st, mtype, near, _OVERFLOW, greedy, reason, placed)
            else:
                ctx.emit("no_room_to_enter", "R-ENC-05", minion=mtype, side=side)
            continue
        _put(ctx, st, mtype, spaces[0], why, greedy, reason, placed)
        if group == _RANGED:
            ranged_at = spaces[0]
    if greedy:
        for m in st.minions.values():
            if ctx.content.minions[m.type].roach:
                m.greedy = True
    push(st, [*then, placed])


def _fills_them_all(queue: list[str], spaces: list[str], group: str) -> bool:
    """Whether the figures of this type next in line take every tied space one each whatever the order (large
    or spread-out melee minions, at least as many as the spaces): then there is nothing for the players to
    choose (docs/rulings.md R-ENC-05)."""
    if group == _RANGED:
        return False
    same = 0
    while same < len(queue) and queue[same] == queue[0]:
        same += 1
    return same >= len(spaces)


def _put(ctx: Ctx, st: State, mtype: str, space: str, why: str, greedy: bool, reason: str, placed: list[str]) -> None:
    fig = _new_figure(ctx, st, mtype, space, greedy)
    if mtype not in placed:
        placed.append(mtype)
    ctx.emit("minion_placed", "R-ENC-05", minion=fig.id, space=space, why=why, reason=reason)


def _minion_space_options(ctx: Ctx, st: State, p: Pending) -> list[Action]:
    return [Action("choose", "party", (s,)) for s in p.data["spaces"]]


def _minion_space_apply(ctx: Ctx, st: State, p: Pending, a: Action) -> None:
    """The players chose where the figure enters (R-ENC-05); placement goes on with the next figure."""
    side, queue, greedy, reason, placed, then = p.data["place"]
    mtype, space = str(p.data["minion"]), a.args[0]
    placed = [str(t) for t in placed]
    _put(ctx, st, mtype, space, str(p.data["why"]), bool(greedy), str(reason), placed)
    ranged_at = space if _group(ctx, mtype) == _RANGED else ""
    push(st, ["place_minions", side, list(queue)[1:], greedy, reason, placed, ranged_at, then])


def _minion_space_explain(ctx: Ctx, st: State, p: Pending, a: Action) -> str:
    name = ctx.content.minions[str(p.data["minion"])].name.en
    return f"these entry spaces tie for the {name} (R-ENC-05): choose one of {', '.join(p.data['spaces'])}"


decision(
    "minion_space", _minion_space_options, _minion_space_apply, _minion_space_explain, prompt="minion_space_prompt"
)


@step("new_minion_cards")
def _new_minion_cards(ctx: Ctx, st: State, args: list[Any]) -> None:
    """R-ENC-05 step 4: the new minions' initiative cards join the track (R-ROUND-04/05); args = [types]."""
    add_cards(ctx, st, [], cards_for_types(ctx, st, [str(t) for t in args[-1]]))


def current_row(ctx: Ctx, st: State, card_id: str) -> list[tuple[str, int]]:
    """R-ENC-03: the row of an encounter card for the hourglass's page. The difficulty options
    ``encounters_page_down`` / ``encounters_page_up`` read the row one page lower / higher (docs/difficulty.md)."""
    card = ctx.content.encounter_cards[card_id]
    up = int(st.options.get("encounters_page_up", False)) - int(st.options.get("encounters_page_down", False))
    page = max(1, st.hourglass + up)
    for row in card.rows:
        if row.pages[0] <= page <= row.pages[1]:
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
    if st.options.get("box_encounter_deck"):  # the players draw from the box's deck and say which card came up
        st.pending = Pending("box_encounter_card", "party", {"side": side})
        return
    _reveal_encounter(ctx, st, side, st.encounter_deck.pop())


def _reveal_encounter(ctx: Ctx, st: State, side: int, card_id: str) -> None:
    """R-ENC-02..04 from the drawn card on: its minions, their initiative, the card face up."""
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


def _box_encounter_options(ctx: Ctx, st: State, p: Pending) -> list[Action]:
    return [Action("choose", "party", (cid,)) for cid in sorted(st.encounter_deck)]


def _box_encounter_apply(ctx: Ctx, st: State, p: Pending, a: Action) -> None:
    """Option ``box_encounter_deck`` (R-ENC-02): the card the players drew from the box leaves the deck."""
    card_id = a.args[0]
    st.encounter_deck.remove(card_id)
    _reveal_encounter(ctx, st, int(p.data["side"]), card_id)


def _box_encounter_explain(ctx: Ctx, st: State, p: Pending, a: Action) -> str:
    left = ", ".join(sorted(st.encounter_deck))
    return f"name the encounter card drawn from the box, one still in the encounter deck: {left} ('choose party <card>')"


decision(
    "box_encounter_card",
    _box_encounter_options,
    _box_encounter_apply,
    _box_encounter_explain,
    prompt="box_encounter_card_prompt",
)
decision("disguises", _disguises_options, _disguises_apply, prompt="disguises_prompt")


@step("resolve_encounter")
def _resolve_encounter(ctx: Ctx, st: State, args: list[Any]) -> None:
    card_id, side, counts = str(args[0]), int(args[1]), [(str(t), int(n)) for t, n in args[2]]
    card = ctx.content.encounter_cards[card_id]
    place_minions(ctx, st, side, counts, ["encounter_placed", card_id, side], greedy="greedy-roaches" in card.keywords)


@step("encounter_placed")
def _encounter_placed(ctx: Ctx, st: State, args: list[Any]) -> None:
    """R-ENC-04 after the minions are placed: initiative (with an ambush), mousetraps, the card face up."""
    card_id, side, types = str(args[0]), int(args[1]), [str(t) for t in args[2]]
    card = ctx.content.encounter_cards[card_id]
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
