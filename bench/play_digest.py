"""A digest of random play, to prove a speed change exact: ``python bench/play_digest.py [seeds]``.

Plays ``seeds`` (default 10) random games on each built-in chapter (``apply_action_in_place``, choices from
``random.Random(seed)``) and hashes every listed action list, every event (as JSON) and each game's final state.
The same code gives the same digest; an engine change that is meant to change nothing must leave it unchanged
(on both builds: run it with ``MNM_ENGINE=pure`` and with the compiled build). It prints the digest and the
number of decisions. Not a test: the digest depends on the dice stream, which may be replaced.
"""

from __future__ import annotations

import hashlib
import json
import sys

from mnm import _build
from mnm.bench import play_random_game
from mnm.content.loader import builtin_content
from mnm.engine import Action, Event, State


class _Digest:
    """Hashes what :func:`mnm.bench.play_random_game` reports: option lists, events, final states."""

    def __init__(self) -> None:
        self.hash = hashlib.sha256()

    def options(self, options: list[Action]) -> None:
        self.hash.update(repr([str(a) for a in options]).encode())

    def events(self, events: list[Event]) -> None:
        self.hash.update(json.dumps([e.to_json() for e in events], sort_keys=True).encode())

    def final(self, state: State) -> None:
        self.hash.update(json.dumps(state.to_json(), sort_keys=True).encode())


def play_digest(seeds: int = 10, max_decisions: int = 5000) -> tuple[str, int]:
    """(hex digest, decisions played) of ``seeds`` random games per chapter."""
    digest = _Digest()
    decisions = sum(
        play_random_game(chapter, seed, max_decisions, record=digest)
        for chapter in builtin_content().chapters
        for seed in range(seeds)
    )
    return digest.hash.hexdigest(), decisions


if __name__ == "__main__":
    digest, n = play_digest(int(sys.argv[1]) if len(sys.argv) > 1 else 10)
    print(f"{_build.build_name()} {digest} {n}")
