"""Random play under the board's invariants (issue 47): ``python bench/invariants.py [games] [--chapters a,b]``.

Plays ``games`` (default 200) random games on every shipped chapter and checks, after every action, what no rule
may ever produce (:func:`board_violations`):

* no figure (mouse, minion, Brodie) and no token (party items, bees, leaves, Olga...) on a face-down side, nor on a
  tile not on the table, and no mousetrap marker there either (R-GEN-12, R-EXPLORE-06);
* no space over capacity: at most its capacity of small figures, a large figure alone (R-SPACE-01/02/06; Brodie
  and the creatures shown by tokens take no room, R-SPACE-05/07);
* no large figure knocked down (R-NEG-04);
* a mouse is on the board exactly when it is not captured (R-CAPT-02/03);
* a party token on the board or in the stash has its card beside the board (R-PARTY-01, R-SEARCH-15).

The policy is random but not uniform over options: it first picks a verb among those offered (move, explore,
act, place, end...), weighted toward exploring, a chapter's actions and battle, then one of that verb's options,
so that games reach the flips, landings and rescues. It also prints how often those happened. Prints one line per chapter (games, decisions, violations, the
first few) and exits 1 when any invariant broke. The same checker runs in CI on a few games per chapter
(``tests/engine/test_issue47_invariants.py``); this script is the long run.
"""

from __future__ import annotations

import random
import sys
import time
from collections import Counter

try:  # first: runs this script again with .venv/bin/python when mnm is not importable (issue 32)
    import _venv
except ModuleNotFoundError:  # imported by a test, or run by runpy from another folder
    _venv = None

from mnm.cli.bench import bench_party
from mnm.content.loader import builtin_content
from mnm.engine import Action, Ctx, Game, State, apply_action_in_place, legal_actions

PARTY_TOKEN_CARDS = {
    "fishhook": "fishhook-and-thread", "fork": "dinner-fork", "grape": "grape", "disguises": "disguises"
}


def _up(ctx: Ctx, st: State, space: str) -> bool:
    sp = ctx.board.spaces.get(space)
    return sp is not None and st.face_up.get(ctx.board.tile_of_side(sp.side)) == sp.side


def board_violations(ctx: Ctx, st: State) -> list[str]:
    """Every invariant of the board that does not hold in ``st`` (one sentence each; empty when all hold)."""
    out: list[str] = []
    small: Counter[str] = Counter()
    large: Counter[str] = Counter()
    for h in st.heroes.values():
        if (h.space is None) != h.captured:
            out.append(f"{h.id}: captured={h.captured} but space={h.space}")
        if h.space is None:
            continue
        if not _up(ctx, st, h.space):
            out.append(f"{h.id} stands on {h.space}, a face-down side")
        small[h.space] += 1
    for m in st.minions.values():
        spec = ctx.content.minions[m.type]
        if not _up(ctx, st, m.space):
            out.append(f"{m.id} stands on {m.space}, a face-down side")
        if spec.size == "large" and "knocked_down" in m.statuses:
            out.append(f"{m.id} is large and knocked down (R-NEG-04)")
        if spec.token:
            continue  # [EXP] R-EXP-16 / R-SPACE-07: a creature shown by tokens (Hesster) takes no room
        if spec.size == "large":
            large[m.space] += 1
        elif spec.size == "small":
            small[m.space] += 1
    for space, n in small.items():
        if n > ctx.board.spaces[space].capacity:
            out.append(f"{space} holds {n} small figures (capacity {ctx.board.spaces[space].capacity})")
        if large[space]:
            out.append(f"{space} holds a large figure and {n} small ones")
    out += [f"{space} holds {n} large figures" for space, n in large.items() if n > 1]
    for token, spaces in st.tokens.items():
        out += [f"token {token} lies on {s}, a face-down side" for s in spaces if not _up(ctx, st, s)]
    out += [f"a mousetrap lies on {s}, a face-down side" for s in st.traps if not _up(ctx, st, s)]
    cards = {c.split("/", 1)[0] for c in st.party_cards}
    for token, card in PARTY_TOKEN_CARDS.items():
        if (token in st.tokens or token in st.stash) and card not in cards:
            out.append(f"the {token} token is in play but the {card} card is not beside the board")
    return out


VERB_WEIGHTS = {"explore": 30.0, "act": 30.0, "battle": 8.0, "place": 4.0, "search": 4.0, "end": 0.5}


def choose(rng: random.Random, options: list[Action]) -> Action:
    """A verb first (exploring, a chapter's actions and battles far more often than ending the turn), then one of
    its options: random play that reaches the flips, landings and rescues the invariants are about."""
    by_verb: dict[str, list[Action]] = {}
    for a in options:
        by_verb.setdefault(a.verb, []).append(a)
    verbs = sorted(by_verb)
    picked = by_verb[rng.choices(verbs, weights=[VERB_WEIGHTS.get(v, 1.0) for v in verbs])[0]]
    return picked[rng.randrange(len(picked))]


WATCHED = ("tile_flipped", "trap_turned_away", "token_lost", "mouse_rescued", "mouse_placed", "chapter_action")


def play_checked(
    chapter: str, seed: int, max_decisions: int = 3000, seen: Counter[str] | None = None
) -> tuple[int, list[str]]:
    """One random game checked after every action: (decisions, violations with where they happened). ``seen``
    counts the events that exercise the rules under test (:data:`WATCHED`)."""
    rng = random.Random(seed)
    game = Game.new(chapter, bench_party(chapter), seed=seed)
    ctx, st = game.ctx, game.state
    found = [f"setup: {v}" for v in board_violations(ctx, st)]
    n = 0
    while st.status == "playing" and n < max_decisions and not found:
        options = legal_actions(ctx, st)
        if not options:
            break
        action = choose(rng, options)
        events = apply_action_in_place(ctx, st, action)
        if seen is not None:
            seen.update(e.msg for e in events if e.msg in WATCHED)
        n += 1
        found += [f"seed {seed}, decision {n} ({action}): {v}" for v in board_violations(ctx, st)]
    return n, found


def main(argv: list[str]) -> int:
    games = int(argv[0]) if argv and argv[0].isdigit() else 200
    chapters = list(builtin_content().chapters)
    if "--chapters" in argv:
        chapters = argv[argv.index("--chapters") + 1].split(",")
    broken = 0
    for chapter in chapters:
        start = time.process_time()
        decisions = 0
        problems: list[str] = []
        seen: Counter[str] = Counter()
        for seed in range(games):
            n, found = play_checked(chapter, seed, seen=seen)
            decisions += n
            problems += found
        broken += len(problems)
        took = time.process_time() - start
        print(f"{chapter}: {games} games, {decisions} decisions, {len(problems)} violations, {took:.1f} s CPU")
        print("  seen: " + ", ".join(f"{msg} {seen[msg]}" for msg in WATCHED))
        for line in problems[:5]:
            print(f"  {line}")
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
