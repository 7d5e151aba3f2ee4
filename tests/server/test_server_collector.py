"""A serving process never starts a full collection at an unforeseen moment, and still frees cyclic garbage on its
own clock (issue 50, mnm.server.collector). Run in a fresh interpreter: the collector's settings are the process's."""

from __future__ import annotations

import subprocess
import sys
import textwrap

# two objects holding each other: garbage only a full collection frees
PAIRS = textwrap.dedent(
    """
    class Node:
        pass

    def pair():
        a, b = Node(), Node()
        a.b, b.a = b, a
        return a
    """
)

PROBE = PAIRS + textwrap.dedent(
    """
    import gc, sys, time, weakref
    tuned = sys.argv[1] == "tuned"
    if tuned:
        from mnm.server.collector import tune_collector
        tune_collector(1.0, thaw_every=1.0)  # the hourly thaw, after a second
    full = []
    gc.callbacks.append(lambda phase, info: full.append(1) if phase == "stop" and info["generation"] == 2 else None)
    held = [pair() for _ in range(500)]
    for _ in range(3):
        gc.collect(1)  # the pairs outlive the young generations
    gone = [weakref.ref(p) for p in held]
    del held  # now garbage no reference count frees
    kept = [[i] for i in range(300_000)]  # a table's worth of long-lived objects, and more
    before = len(full)
    alive = sum(r() is not None for r in gone)
    time.sleep(1.6)
    print(before, alive, len(full), sum(r() is not None for r in gone), gc.get_threshold()[2])
    """
)


def probe(mode: str) -> list[int]:
    out = subprocess.run([sys.executable, "-c", PROBE, mode], capture_output=True, text=True, timeout=60, check=True)
    return [int(x) for x in out.stdout.split()]


def test_no_full_collection_comes_unasked_and_the_clock_frees_cycles() -> None:
    before, alive, full, alive_after, threshold = probe("tuned")
    assert before == 0  # 300,000 long-lived objects made, no full collection started by them
    assert alive == 500  # the cycles wait for the full collection...
    assert full >= 1 and alive_after == 0  # ...which came on the clock (the thaw's) and freed them
    assert threshold >= 10**9


def test_untuned_the_same_objects_bring_full_collections() -> None:
    before, alive, _full, _alive_after, _threshold = probe("plain")
    assert before >= 1  # what the tuning takes away: a full collection at the moment the objects were made
    assert alive == 0


THAW_PROBE = PAIRS + textwrap.dedent(
    """
    import gc, time, weakref
    from mnm.server.collector import tune_collector


    start = time.monotonic()
    tune_collector(0.5, thaw_every=4.0)
    held = [pair() for _ in range(500)]
    frozen_before = gc.get_freeze_count()
    time.sleep(1.2)  # clock collections at 0.5 and 1.0 s: the pairs outlive them, and are frozen
    frozen_after = gc.get_freeze_count()
    gone = [weakref.ref(p) for p in held]
    del held
    time.sleep(max(0.0, 1.8 - (time.monotonic() - start)))
    alive_frozen = sum(r() is not None for r in gone)  # the collections since did not walk them
    time.sleep(max(0.0, 6.0 - (time.monotonic() - start)))  # the thaw at 4 s walked everything again
    print(frozen_after - frozen_before, alive_frozen, sum(r() is not None for r in gone))
    """
)


def test_what_outlives_a_clock_collection_is_frozen_and_the_hourly_thaw_frees_its_cycles() -> None:
    out = subprocess.run([sys.executable, "-c", THAW_PROBE], capture_output=True, text=True, timeout=60, check=True)
    frozen, alive_frozen, alive_after_thaw = (int(x) for x in out.stdout.split())
    assert frozen >= 1000  # the 500 pairs (and their dicts) left the walked generations
    assert alive_frozen == 500  # so the minute's collection does not free their cycles...
    assert alive_after_thaw == 0  # ...the thaw's does
