"""The heuristic's speed work changes nothing it chooses (issue 43): the inlined shuffle draws the same bits and
gives the same order as ``random.Random.shuffle``."""

from __future__ import annotations

import random

from mnm.bots.policy import shuffle_like


def test_shuffle_like_is_random_shuffle() -> None:
    for seed in range(200):
        deck = [f"card-{i}" for i in range(seed % 70)]  # Chapter 1's search deck has 63 cards
        mine, theirs = random.Random(seed), random.Random(seed)
        a, b = deck.copy(), deck.copy()
        shuffle_like(mine, a)
        theirs.shuffle(b)
        assert a == b
        assert mine.getrandbits(64) == theirs.getrandbits(64)  # the same bits drawn: the stream goes on alike
