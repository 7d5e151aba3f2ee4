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
import random
import sys

from mnm import _build
from mnm.bench import _party
from mnm.content.loader import builtin_content
from mnm.engine import Game, apply_action_in_place, legal_actions


def play_digest(seeds: int = 10, max_decisions: int = 5000) -> tuple[str, int]:
    """(hex digest, decisions played) of ``seeds`` random games per chapter."""
    h = hashlib.sha256()
    decisions = 0
    for chapter in builtin_content().chapters:
        for seed in range(seeds):
            rng = random.Random(seed)
            game = Game.new(chapter, _party(chapter), seed=seed)
            ctx, st = game.ctx, game.state
            n = 0
            while st.status == "playing" and n < max_decisions:
                options = legal_actions(ctx, st)
                h.update(repr([str(a) for a in options]).encode())
                if not options:
                    break
                events = apply_action_in_place(ctx, st, options[rng.randrange(len(options))])
                h.update(json.dumps([e.to_json() for e in events], sort_keys=True).encode())
                n += 1
            h.update(json.dumps(st.to_json(), sort_keys=True).encode())
            decisions += n
    return h.hexdigest(), decisions


if __name__ == "__main__":
    digest, n = play_digest(int(sys.argv[1]) if len(sys.argv) > 1 else 10)
    print(f"{_build.build_name()} {digest} {n}")
