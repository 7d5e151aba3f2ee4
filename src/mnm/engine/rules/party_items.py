"""Party items (R-PARTY-01..15): Fishhook & Thread, Dinner Fork, Grape (Disguises are in :mod:`encounters`).

Found party items put their card beside the board and their token in the stash (R-PARTY-01, in
:mod:`search`). In a mouse's turn, at no action cost and without using a free action (R-FREE-06):

* ``place <mouse> fishhook <space>``: one end on the mouse's space, the other on another space of the tile, at
  least one end not water (R-PARTY-03); mice then step between the ends (R-PARTY-04, :mod:`movement`);
* ``place <mouse> fork``: on the mouse's own space, not water (R-PARTY-07);
* ``place <mouse> grape <space>``: on an empty space next to the mouse, as roach bait (R-PARTY-11).

As the mouse's action:

* ``retrieve <mouse> fishhook|fork``: back to the stash from a space holding it (R-PARTY-05, R-PARTY-09);
* ``catapult <mouse> <other> <space>``: from the Dinner Fork's space, launch another mouse there to a space of
  the tile it can see (R-PARTY-08);
* ``launch <mouse> <minion>``: the Battle action from the Dinner Fork's space: the grape from the stash at a
  minion of the tile, no line of sight needed (R-PARTY-13).

The grape's flip uses one action die (docs/rulings.md R-PARTY-13): faces 1-3 are the *splat* side, 4-6 the
*grape* side. Minions: roaches go for a placed grape (R-PARTY-12), rats fire it (R-PARTY-14).
"""

from __future__ import annotations

from typing import Any, Final

from mnm.engine.actions import Action
from mnm.engine.context import Ctx, push, step, turn_verb
from mnm.engine.dice import roll, shuffle
from mnm.engine.hooks import MINION_GRAPE_TURN
from mnm.engine.query import can_enter, hero_name, is_large, mice_in, minion_name, minions_in, track_rank
from mnm.engine.rules.battle import defend_minion, mouse_defends
from mnm.engine.rules.effects import add_status
from mnm.engine.rules.initiative import remove_type_if_gone
from mnm.engine.rules.minions import path_toward
from mnm.engine.rules.turn import action_available, spend_action
from mnm.engine.state import Hero, Minion, State, Turn

__all__ = [
    "PLACEABLE",
    "SPLAT_FACES",
    "catapult_options",
    "flip_is_splat",
    "launch_options",
    "lose_token",
    "minion_grape_turn",
    "place_options",
    "retrieve_options",
    "return_card",
    "tokens_left_behind",
]

PLACEABLE: Final = ("fishhook", "fork", "grape")
RETRIEVABLE: Final = ("fishhook", "fork")
SPLAT_FACES = (1, 2, 3)  # the grape's coin flip read from one die (docs/rulings.md R-PARTY-13)
_TOKEN_NAME = {"fishhook": "the Fishhook & Thread", "fork": "the Dinner Fork", "grape": "the grape"}


def flip_is_splat(face: int) -> bool:
    return face in SPLAT_FACES


def return_card(ctx: Ctx, st: State, token: str, rule: str) -> None:
    """A party token lost or discarded: its card is shuffled back into the search deck (R-SEARCH-15)."""
    for inst in st.party_cards:
        if ctx.content.search_cards[inst.split("/", 1)[0]].party_token == token:
            st.party_cards.remove(inst)
            st.search_deck.append(inst)
            shuffle(st, st.search_deck)
            ctx.emit("party_card_reshuffled", rule, token=token, card=inst)
            return


def lose_token(ctx: Ctx, st: State, token: str, rule: str) -> None:
    st.tokens.pop(token, None)
    if token in st.stash:
        st.stash.remove(token)
    ctx.emit("token_lost", rule, token=token)
    return_card(ctx, st, token, rule)


def tokens_left_behind(ctx: Ctx, st: State, side: int) -> None:
    """R-EXPLORE-12, R-PARTY-05/09: a Fishhook & Thread or Dinner Fork left on a tile the mice leave is lost,
    and its card goes back into the search deck."""
    for token in RETRIEVABLE:
        spaces = st.tokens.get(token)
        if spaces and ctx.board.graph_of(spaces[0]).side == side:
            lose_token(ctx, st, token, "R-PARTY-09" if token == "fork" else "R-PARTY-05")


# --- placing tokens (R-PARTY-03/07/11, R-FREE-06) -----------------------------------------------------------


def _place_targets(ctx: Ctx, st: State, h: Hero, token: str) -> list[str]:
    """Where ``token`` may be placed now (for the fork: the mouse's own space)."""
    if h.space is None or token not in st.stash:
        return []
    here = h.space
    graph = ctx.board.graph_of(here)
    water_here = ctx.board.spaces[here].water
    if token == "fork":
        return [] if water_here else [here]
    if token == "fishhook":
        # variant tree_entrance_no_fishhook: not even placed there (it never leads in or out: movement._hole_only)
        barred = bool(st.options.get("tree_entrance_no_fishhook"))
        return [
            sp.id
            for sp in graph.spaces
            if sp.id != here and not (water_here and sp.water) and not (barred and sp.minions_barred)
        ]
    occupied = {x.space for x in st.mice_on_board()} | {m.space for m in st.minions.values()}
    near = sorted(
        (sp.id for sp in graph.spaces if graph.mouse_adjacent(here, sp.id) and sp.id not in occupied),
        key=ctx.board.order.__getitem__,
    )
    return near


def place_options(ctx: Ctx, st: State, h: Hero, t: Turn) -> list[Action]:
    out: list[Action] = []
    if not st.stash:
        return out  # every token placed from the stash (_place_targets)
    for token in PLACEABLE:
        for space in _place_targets(ctx, st, h, token):
            out.append(Action("place", h.id, ("fork",) if token == "fork" else (token, space)))
    return out


def _place_explain(ctx: Ctx, st: State, h: Hero, t: Turn, a: Action) -> str:
    if not a.args or a.args[0] not in PLACEABLE:
        return "place what? 'place <mouse> fishhook <space>', 'place <mouse> fork' or 'place <mouse> grape <space>'"
    token = a.args[0]
    name = hero_name(ctx, h.id)
    if token not in st.stash:
        where = "is already placed" if token in st.tokens else "is not in the party stash"
        return f"{_TOKEN_NAME[token]} {where} (R-PARTY-01)"
    assert h.space is not None
    if token == "fork":
        if len(a.args) != 1:
            return f"the Dinner Fork goes on {name}'s own space: 'place {h.id} fork'"
        return "the Dinner Fork cannot be placed on a water space (R-PARTY-07)"
    if len(a.args) != 2:
        return f"say where: 'place {h.id} {token} <space>'"
    space = a.args[1]
    if space not in ctx.board.spaces:
        return f"there is no space {space!r} on this board"
    if ctx.board.graph_of(space).side != ctx.board.graph_of(h.space).side:
        return f"{space} is on another tile"
    if token == "fishhook":
        if space == h.space:
            return "the other end goes on another space of the tile (R-PARTY-03)"
        if ctx.board.spaces[space].minions_barred and st.options.get("tree_entrance_no_fishhook"):
            return "house rule: the Fishhook & Thread cannot end on the tree entrance, reached through its hole only"
        return "at least one end of the Fishhook & Thread must be on a non-water space (R-PARTY-03)"
    if not ctx.board.graph_of(space).mouse_adjacent(h.space, space):
        return f"the grape goes on an empty space next to {name} (R-PARTY-11)"
    return f"the grape goes on an empty space: {space} holds a figure (R-PARTY-11)"


def _place_apply(ctx: Ctx, st: State, h: Hero, t: Turn, a: Action) -> None:
    token = a.args[0]
    assert h.space is not None
    st.stash.remove(token)
    spaces = [h.space] if token == "fork" else [h.space, a.args[1]] if token == "fishhook" else [a.args[1]]
    st.tokens[token] = spaces
    rule = {"fishhook": "R-PARTY-03", "fork": "R-PARTY-07", "grape": "R-PARTY-11"}[token]
    ctx.emit("token_placed", rule, hero=h.id, token=token, spaces=list(spaces))


turn_verb("place", place_options, _place_apply, _place_explain)


# --- retrieving tokens (R-PARTY-05/09) ---------------------------------------------------------------------


def _action_blocker(ctx: Ctx, st: State, h: Hero, t: Turn) -> str:
    if not action_available(st, t):
        return f"{hero_name(ctx, h.id)} has already taken an action this turn"
    if "stunned" in h.statuses:
        return f"{hero_name(ctx, h.id)} is stunned: Recover is the only action allowed (R-NEG-02)"
    return ""


def retrieve_options(ctx: Ctx, st: State, h: Hero, t: Turn) -> list[Action]:
    if not st.tokens or _action_blocker(ctx, st, h, t):  # no token placed: nothing to retrieve
        return []
    return [Action("retrieve", h.id, (tk,)) for tk in RETRIEVABLE if h.space in st.tokens.get(tk, [])]


def _retrieve_explain(ctx: Ctx, st: State, h: Hero, t: Turn, a: Action) -> str:
    if len(a.args) != 1 or a.args[0] not in RETRIEVABLE:
        return "retrieve what? 'retrieve <mouse> fishhook' or 'retrieve <mouse> fork'"
    token = a.args[0]
    if token not in st.tokens:
        return f"{_TOKEN_NAME[token]} is not on the board"
    why = _action_blocker(ctx, st, h, t)
    if why:
        return why
    ends = "either end of " if token == "fishhook" else ""
    return f"{hero_name(ctx, h.id)} must be on the space of {ends}{_TOKEN_NAME[token]} (R-PARTY-05, R-PARTY-09)"


def _retrieve_apply(ctx: Ctx, st: State, h: Hero, t: Turn, a: Action) -> None:
    spend_action(ctx, st, t)
    token = a.args[0]
    del st.tokens[token]
    st.stash.append(token)
    ctx.emit("token_retrieved", "R-PARTY-09" if token == "fork" else "R-PARTY-05", hero=h.id, token=token)


turn_verb("retrieve", retrieve_options, _retrieve_apply, _retrieve_explain)


# --- the Dinner Fork's catapult (R-PARTY-08) ---------------------------------------------------------------


def _at_fork(st: State, h: Hero) -> bool:
    return h.space is not None and st.tokens.get("fork", [None])[0] == h.space


def _catapult_targets(ctx: Ctx, st: State, x: Hero) -> list[str]:
    assert x.space is not None
    graph = ctx.board.graph_of(x.space)
    here = x.space
    return [
        sp.id for sp in graph.spaces
        if sp.id != here and not sp.no_landing and graph.can_see(here, sp.id) and can_enter(ctx, st, sp.id)
    ]  # [EXP] R-EXP-04/21: never into lava or a chasm on purpose


def catapult_options(ctx: Ctx, st: State, h: Hero, t: Turn) -> list[Action]:
    if not _at_fork(st, h) or _action_blocker(ctx, st, h, t):
        return []
    assert h.space is not None
    out = []
    for x in mice_in(st, h.space):
        if x.id != h.id:
            out += [Action("catapult", h.id, (x.id, s)) for s in _catapult_targets(ctx, st, x)]
    return out


def _catapult_explain(ctx: Ctx, st: State, h: Hero, t: Turn, a: Action) -> str:
    if len(a.args) != 2:
        return "'catapult <mouse> <other mouse> <space>'"
    name = hero_name(ctx, h.id)
    if not _at_fork(st, h) or h.space is None:
        return f"{name} is not on the Dinner Fork's space (R-PARTY-08)"
    why = _action_blocker(ctx, st, h, t)
    if why:
        return why
    x = st.heroes.get(a.args[0])
    if x is None or x.id == h.id:
        return "the catapult launches another mouse of the party (R-PARTY-08)"
    if x.space != h.space:
        return f"{hero_name(ctx, x.id)} is not on the Dinner Fork's space (R-PARTY-08)"
    space = a.args[1]
    if space not in ctx.board.spaces or ctx.board.graph_of(space).side != ctx.board.graph_of(h.space).side:
        return f"{space!r} is not a space of this tile (R-PARTY-08)"
    if not ctx.board.graph_of(space).can_see(h.space, space):
        return f"{hero_name(ctx, x.id)} cannot see {space} (R-PARTY-08)"
    return f"space {space} is full (R-SPACE-02)"


def _catapult_apply(ctx: Ctx, st: State, h: Hero, t: Turn, a: Action) -> None:
    spend_action(ctx, st, t)
    x = st.heroes[a.args[0]]
    dest = a.args[1]
    src = x.space
    x.space = dest
    ctx.emit("catapulted", "R-PARTY-08", hero=h.id, mouse=x.id, src=src, dst=dest)
    if dest in st.traps:
        push(st, ["trap_check", x.id, dest])  # landing on a mousetrap is entering it (docs/rulings.md)
    ctx.rules.on_mouse_enters(ctx, st, x.id, dest)


turn_verb("catapult", catapult_options, _catapult_apply, _catapult_explain)


# --- the grape as a missile (R-PARTY-13/14) ----------------------------------------------------------------


def _tile_minions(ctx: Ctx, st: State, space: str) -> list[Minion]:
    graph = ctx.board.graph_of(space)
    order = ctx.board.order
    return sorted((m for m in st.minions.values() if m.space in graph.by_id), key=lambda m: (order[m.space], m.id))


def launch_options(ctx: Ctx, st: State, h: Hero, t: Turn) -> list[Action]:
    if "grape" not in st.stash or not _at_fork(st, h) or _action_blocker(ctx, st, h, t):
        return []
    assert h.space is not None
    return [Action("launch", h.id, (m.id,)) for m in _tile_minions(ctx, st, h.space)]


def _launch_explain(ctx: Ctx, st: State, h: Hero, t: Turn, a: Action) -> str:
    if len(a.args) != 1:
        return "'launch <mouse> <minion>': the grape from the Dinner Fork at a minion"
    if "grape" not in st.stash:
        return "the grape is not in the party stash (R-PARTY-13)"
    if not _at_fork(st, h):
        return f"{hero_name(ctx, h.id)} is not on the Dinner Fork's space (R-PARTY-13)"
    why = _action_blocker(ctx, st, h, t)
    if why:
        return why
    if a.args[0] not in st.minions:
        return f"there is no minion {a.args[0]!r} on the board"
    return f"{minion_name(ctx, st.minions[a.args[0]])} is on another tile"


def _launch_apply(ctx: Ctx, st: State, h: Hero, t: Turn, a: Action) -> None:
    spend_action(ctx, st, t)  # R-PARTY-13: it is the mouse's Battle action
    st.stash.remove("grape")
    m = st.minions[a.args[0]]
    ctx.emit("grape_launched", "R-PARTY-13", by=h.id, target=m.id, space=m.space)
    grape_lands(ctx, st, m.space, h)


def grape_lands(ctx: Ctx, st: State, space: str, by: Hero | None) -> None:
    """R-PARTY-13: flip the grape; every small figure in ``space`` is hit (splat) or knocked down (grape)."""
    face = roll(st, 1, "the grape's flip")[0]
    splat = flip_is_splat(face)
    minions = [m for m in minions_in(st, space) if not is_large(ctx, m)]
    mice = mice_in(st, space)
    ctx.emit("grape_flip", "R-PARTY-13", face=face, side="splat" if splat else "grape", space=space)
    if splat:
        for m in minions:
            if m.id in st.minions:
                defend_minion(ctx, st, by, m, 1)  # one automatic hit, defended normally
        for x in mice:
            if not x.captured:
                mouse_defends(ctx, st, x, 1, None)
        ctx.emit("grape_discarded", "R-PARTY-13")
        st.tokens.pop("grape", None)
        return_card(ctx, st, "grape", "R-PARTY-13")
        return
    for m in minions:
        if "knocked_down" not in m.statuses:
            m.statuses.append("knocked_down")
            ctx.emit("knocked_down", "R-PARTY-13", figure=m.id)
    for x in mice:
        add_status(ctx, st, x, "knocked_down")
    if ctx.board.spaces[space].water and st.options.get("grape_lost_in_water"):  # house rule (docs/rulings.md)
        ctx.emit("grape_sinks", "R-PARTY-13", space=space)
        st.tokens.pop("grape", None)
        return_card(ctx, st, "grape", "R-PARTY-13")
        return
    st.tokens["grape"] = [space]  # under them: now bait, or a rat's missile
    ctx.emit("token_placed", "R-PARTY-13", token="grape", spaces=[space])


turn_verb("launch", launch_options, _launch_apply, _launch_explain)


# --- minions and the grape (R-PARTY-12/14) ----------------------------------------------------------------


def minion_grape_turn(ctx: Ctx, st: State, m: Minion) -> str:
    """What the grape does to a minion's turn: ``"done"`` (its whole turn: a rat fired the grape, or a roach
    feasted), ``"moved"`` (a roach went for the grape and attacks as usual) or ``""`` (no effect)."""
    grape = st.tokens.get("grape")
    if not grape or ctx.board.graph_of(grape[0]).side != ctx.board.graph_of(m.space).side:
        return ""
    spec = ctx.content.minions[m.type]
    if spec.rat and m.space == grape[0] and not mice_in(st, m.space):
        _rat_fires_grape(ctx, st, m)
        return "done"
    if spec.roach and "knocked_down" not in m.statuses and not mice_in(st, m.space):
        return _roach_to_grape(ctx, st, m, grape[0])
    return ""


MINION_GRAPE_TURN.provide(minion_grape_turn)


def _rat_fires_grape(ctx: Ctx, st: State, m: Minion) -> None:
    """R-PARTY-14: at the space with the most mice; ties: the one holding the mouse highest on the track."""
    if "knocked_down" in m.statuses:
        m.statuses.remove("knocked_down")  # it gets up, but does not move (docs/rulings.md)
        ctx.emit("stands_up", "R-MINION-08", figure=m.id)
    spaces: dict[str, list[Hero]] = {}
    side = ctx.board.graph_of(m.space).side
    for x in st.mice_on_board():
        if x.space is not None and ctx.board.graph_of(x.space).side == side:
            spaces.setdefault(x.space, []).append(x)

    def key(space: str) -> tuple[int, int]:
        return (-len(spaces[space]), min(track_rank(st, f"mouse:{x.id}") for x in spaces[space]))

    target = min(spaces, key=key)
    del st.tokens["grape"]
    ctx.emit("rat_fires_grape", "R-PARTY-14", minion=m.id, space=target, mice=[x.id for x in spaces[target]])
    grape_lands(ctx, st, target, None)


def _roach_to_grape(ctx: Ctx, st: State, m: Minion, grape: str) -> str:
    """R-PARTY-12: the roach spends its whole move heading for the grape, stopping on entering a mouse's space;
    on the grape it feasts: the roach and the grape leave play, and the grape card is reshuffled."""
    face = ctx.dice[roll(st, 1, f"{m.id}'s movement")[0]]
    ctx.rules.on_move_roll(ctx, st, m.id, face.index)
    if m.id not in st.minions:
        return "done"
    src = m.space
    for space in path_toward(ctx, st, m, grape)[: face.number]:
        m.space = space
        if mice_in(st, space):
            break
    ctx.emit("roach_to_grape", "R-PARTY-12", minion=m.id, src=src, dst=m.space, roll=face.number, grape=grape)
    if m.space != src:
        ctx.rules.on_minion_enters(ctx, st, m)
    if m.space != grape:
        return "moved"
    # It does not attack; the feast waits until every roach of the card has moved, so that all those ending
    # on the grape feast together (the step runs after the card's remaining figures: they are pushed later)
    feast = ["grape_feast", grape]
    if feast not in st.stack:
        st.stack.append(feast)
    return "done"


@step("grape_feast")
def _grape_feast(ctx: Ctx, st: State, args: list[Any]) -> None:
    """R-PARTY-12: discard the grape token and every roach that ended its turn on it; reshuffle the card."""
    grape = str(args[0])
    if st.tokens.get("grape") != [grape]:
        return  # the grape went another way in the meantime (a rat fired it)
    feasting = [m for m in st.minions.values() if m.space == grape and ctx.content.minions[m.type].roach]
    for m in feasting:
        del st.minions[m.id]
        ctx.emit("roach_feasts", "R-PARTY-12", minion=m.id, space=grape)
    st.tokens.pop("grape", None)
    return_card(ctx, st, "grape", "R-PARTY-12")
    for mtype in sorted({m.type for m in feasting}):
        remove_type_if_gone(ctx, st, mtype)
