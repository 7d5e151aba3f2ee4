"""A digest of random play, to prove a speed change exact: ``python bench/play_digest.py [seeds] [--per-chapter]``.

Plays ``seeds`` (default 10) random games on each built-in chapter (``apply_action_in_place``, choices from
``random.Random(seed)``) and hashes every listed action list, every event (as JSON) and each game's final state.
The same code gives the same digest; an engine change that is meant to change nothing must leave it unchanged
(on both builds: run it with ``MNM_ENGINE=pure`` and with the compiled build). It prints the digest and the
number of decisions; with ``--per-chapter`` it prints one line per chapter (its own digest and decisions) and then
the overall line, so a change to one chapter's rules shows which chapter moved. Not a test: the digest depends on
the dice stream, which may be replaced.
"""

from __future__ import annotations

import hashlib
import json
import sys

try:  # first: runs this script again with .venv/bin/python when mnm is not importable (issue 32)
    import _venv
except ModuleNotFoundError:  # run by runpy from another folder: the calling python imports mnm already
    _venv = None

from mnm import build_name
from mnm.cli.bench import play_random_game
from mnm.content.loader import builtin_content
from mnm.engine import Action, Event, State


class _Digest:
    """Hashes what :func:`mnm.cli.bench.play_random_game` reports: option lists, events, final states."""

    def __init__(self, *also: _Digest) -> None:
        self.hash = hashlib.sha256()
        self.also = also  # digests fed the same bytes (the overall digest beside a chapter's own)

    def _update(self, data: bytes) -> None:
        self.hash.update(data)
        for other in self.also:
            other.hash.update(data)

    def options(self, options: list[Action]) -> None:
        self._update(repr([str(a) for a in options]).encode())

    def events(self, events: list[Event]) -> None:
        self._update(json.dumps([e.to_json() for e in events], sort_keys=True).encode())

    def final(self, state: State) -> None:
        self._update(json.dumps(state.to_json(), sort_keys=True).encode())


def chapter_digests(seeds: int = 10, max_decisions: int = 5000) -> tuple[dict[str, tuple[str, int]], str, int]:
    """Per chapter (hex digest, decisions) of ``seeds`` random games, and the overall (digest, decisions) of
    them all in chapter order (the same as :func:`play_digest`)."""
    overall = _Digest()
    per: dict[str, tuple[str, int]] = {}
    total = 0
    for chapter in builtin_content().chapters:
        own = _Digest(overall)
        n = sum(play_random_game(chapter, seed, max_decisions, record=own) for seed in range(seeds))
        per[chapter] = (own.hash.hexdigest(), n)
        total += n
    return per, overall.hash.hexdigest(), total


def play_digest(seeds: int = 10, max_decisions: int = 5000) -> tuple[str, int]:
    """(hex digest, decisions played) of ``seeds`` random games per chapter."""
    _, digest, decisions = chapter_digests(seeds, max_decisions)
    return digest, decisions


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    per, digest, n = chapter_digests(int(args[0]) if args else 10)
    if "--per-chapter" in sys.argv:
        for chapter, (own, decisions) in per.items():
            print(f"{chapter} {own} {decisions}")
    print(f"{build_name()} {digest} {n}")
