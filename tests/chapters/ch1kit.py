"""Helpers for the Chapter 1 tests: scenario shortcuts, die faces, and a simple greedy policy.

Chapter 1 board (authored, see the tile files and docs/rulings.md): tile 3 = Guard Room 5 | Sewer 6 at [0,0],
tile 2 = Kitchen 3 | Kitchen Tunnels 4 at [1,0], tile 1 = Courtyard 1 | Tunnel Entrance 2 at [2,0].

* Guard Room 5: start 5:15, sewer grate 5:8 (plain flip to the Sewer), east exit (rows 2-4) lines up with nothing.
* Sewer 6: lands on 6:4 (fishhook flip); water 6:6 -> 6:8 -> 6:11 -> 6:14 (still sump); exit-0 by 6:9, 6:12.
* Kitchen Tunnels 4: exit-0 (west) by 4:8, exit-1 (east) by 4:6; plain flip 4:14 up into the Kitchen.
* Tunnel Entrance 2: exit-0 (west) by 2:4; traps 2:5, 2:10, 2:13; plain flip 2:14 (the crack) to the Courtyard.
* Kitchen 3: counter 3:1 (capacity 8, red border, entry); exit-0 (west) by 3:10, exit-1 (east) by 3:9, 3:12;
  plain flip 3:14.
* Courtyard 1: crack 1:3 (plain flip); exit-0 (west) by 1:8; entries 1:1, 1:11, 1:13; the space by the hole
  1:15 is the only neighbour of the tree entrance 1:16.

The greedy policy plays every mouse toward the chapter's route: fight what is on the tile, else head for the
next way out (grate, water search for the Fishhook & Thread, Sewer exit, east exit, crack, tree entrance).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from mnm.board.layout import space_side
from mnm.engine.actions import Action
from mnm.engine.errors import NeedDice
from mnm.engine.events import Event
from mnm.engine.game import Game
from mnm.engine.scenario import load_scenario

CHEESE = 1  # 1 CHEESE
SWORD = 2  # 2 SWORD + STAR
SHIELD = 3  # 3 SWORD/SHIELD
BOW = 4  # 2 BOW
SHIELD_STAR = 5  # 3 SWORD/SHIELD + STAR
BOW_STAR = 6  # 1 BOW + STAR

CHAPTER = "flight-to-barksburg"
PARTY = ["collin", "tilda", "filch", "maginos"]
TREE_ENTRANCE = "1:16"
BY_THE_HOLE = "1:15"
COUNTER = "3:1"


def scenario(**fields: Any) -> Game:
    """A Chapter 1 position at the first decision of its turn (see mnm.engine.scenario)."""
    return load_scenario({"chapter": CHAPTER, **fields})


def of(events: list[Event], msg: str) -> list[Event]:
    return [e for e in events if e.msg == msg]


# --- the greedy policy -----------------------------------------------------------------------------------

# Where each side's way onward is: (spaces to reach, the explore argument used there).
ROUTE: dict[int, tuple[tuple[str, ...], str]] = {
    5: (("5:8",), "flip"),
    6: (("6:9", "6:12"), "exit-0"),
    4: (("4:6",), "exit-1"),
    2: (("2:14",), "flip"),
    3: (("3:9", "3:12"), "exit-1"),
    1: ((TREE_ENTRANCE,), ""),
}
SEWER_WATER = ("6:6", "6:8", "6:11", "6:14")


def _dist(game: Game, a: str, goals: tuple[str, ...]) -> int:
    graph = game.ctx.board.graph_of(a)
    i = graph.by_id[a].index
    return min(graph.mouse_dist[i][graph.by_id[g].index] for g in goals if g in graph.by_id)


def _goals(game: Game, side: int) -> tuple[tuple[str, ...], str]:
    st = game.state
    if side == 6 and "fishhook" not in st.stash:
        return SEWER_WATER, "search"
    return ROUTE[side]


def _turn_choice(game: Game, options: tuple[Action, ...]) -> Action:
    st = game.state
    hero = st.heroes[options[0].actor]
    by_verb: dict[str, list[Action]] = {}
    for a in options:
        by_verb.setdefault(a.verb, []).append(a)
    end = by_verb["end"][0]
    assert hero.space is not None
    side = space_side(hero.space)
    minion_spaces = tuple(m.space for m in st.minions.values() if space_side(m.space) == side)
    if minion_spaces:
        if "battle" in by_verb:
            return by_verb["battle"][0]
        moves = by_verb.get("move", [])
        if moves:
            best = min(moves, key=lambda a: _dist(game, a.args[0], minion_spaces))
            if _dist(game, best.args[0], minion_spaces) < _dist(game, hero.space, minion_spaces):
                return best
        return end
    goals, verb = _goals(game, side)
    if verb == "search":
        if hero.space in goals and "search" in by_verb:
            return by_verb["search"][0]
    elif verb and hero.space in goals:
        for a in by_verb.get("explore", []):
            if a.args == (verb,):
                return a
    if hero.space in goals:
        return end
    moves = by_verb.get("move", [])
    if moves:
        best = min(moves, key=lambda a: (_dist(game, a.args[0], goals), game.ctx.board.order[a.args[0]]))
        if _dist(game, best.args[0], goals) < _dist(game, hero.space, goals):
            return best
    return end


def greedy_choice(game: Game) -> Action:
    """The policy's pick for the pending decision."""
    d = game.decision()
    assert d is not None and d.options, "the game is over or offers no option"
    if d.kind == "turn":
        return _turn_choice(game, d.options)
    if d.kind == "found_card":
        return next(a for a in d.options if a.verb == "discard")  # 1 cheese: no pack juggling
    if d.kind == "disguises":
        return next((a for a in d.options if a.args == ("disguises",)), d.options[0])
    return d.options[0]


# --- dice chosen by purpose, so that a whole game plays with nothing left to chance --------------------------


def friendly_faces(count: int, purpose: str) -> list[int]:
    """Faces that favour the mice: big movement rolls (never the crow's 1), hits for the mice, misses and no
    blocks for the minions, stars for every check."""
    p = purpose.lower()
    if "movement" in p or "scurry" in p:
        face = SHIELD_STAR  # 3
    elif "defense" in p and any(h in p for h in PARTY):
        face = SHIELD  # a mouse blocks
    elif "defense" in p:
        face = BOW  # a minion neither blocks nor rolls cheese
    elif "attack" in p and any(h in p for h in PARTY):
        face = SWORD  # a mouse hits
    elif "attack" in p:
        face = BOW  # a melee minion misses
    else:
        face = SWORD  # searches, water, traps, Miz Maggie: a star
    return [face] * count


def apply_with_dice(game: Game, action: Action | str, faces: Callable[[int, str], list[int]]) -> list[Event]:
    """Apply in manual dice mode, answering every NeedDice with ``faces(count, purpose)``."""
    dice: list[int] = []
    while True:
        try:
            return game.apply(action, dice=dice)
        except NeedDice as need:
            dice += faces(need.count, need.purpose)


def play(
    game: Game, choose: Callable[[Game], Action], limit: int, faces: Callable[[int, str], list[int]] | None = None
) -> int:
    """Play until the game ends or ``limit`` actions; return the number of actions applied."""
    n = 0
    while game.state.status == "playing" and n < limit:
        action = choose(game)
        if faces is None:
            game.apply(action)
        else:
            apply_with_dice(game, action, faces)
        n += 1
    return n


def random_policy(rng: random.Random, blunder: float = 1.0) -> Callable[[Game], Action]:
    """A random legal action with probability ``blunder``, else the greedy one."""

    def choose(game: Game) -> Action:
        if blunder >= 1.0 or rng.random() < blunder:
            return rng.choice(game.legal_actions())
        return greedy_choice(game)

    return choose
