"""The garbage collector of a serving process (issue 50).

CPython's cyclic collector runs a full collection whenever enough objects have outlived the younger
generations, and a full collection walks every object the process holds: with 200 tables in memory it took
40-140 ms, during which no table moved (it holds the GIL). Those pauses were the 200-table run's p99
(`bench/web_load.py`: p99 54-118 ms with them, 9 ms with the collector off). So a serving process

- freezes what it made at start (imports, content, routes: they live as long as the process), so no
  collection walks them again;
- keeps the young collections (cheap: they walk only new objects) but never starts a full one by itself;
- every :data:`FREEZE_SECONDS`, on a thread of its own, collects the young generations and freezes
  what outlived them, so the objects a full collection would walk never pile up;
- once every :data:`THAW_SECONDS` thaws everything and runs the one full collection, which frees the cyclic
  garbage that was frozen meanwhile (a cycle no reference count frees: a serving process makes next to none,
  0 unreachable objects in every full collection measured).

A full walk of 250 tables took 55-70 ms; run every minute it was the p99 of the two-process 500-table run
(bench/web_load.py), and its first run, a minute after the start, walked every table created since. Now that
pause comes once an hour. Reference counting frees everything else, frozen or not, at once.
"""

from __future__ import annotations

import gc
import threading
import time

__all__ = ["FREEZE_SECONDS", "THAW_SECONDS", "tune_collector"]

FREEZE_SECONDS = 60.0
THAW_SECONDS = 3600.0
_NEVER = 1_000_000_000  # young collections between two full ones: never reached


def tune_collector(every: float = FREEZE_SECONDS, thaw_every: float = THAW_SECONDS) -> threading.Thread:
    """Set this process's collector up for serving (see the module's docstring); returns the thread that runs
    the full collections (a daemon: it ends with the process)."""
    gc.collect()
    gc.freeze()
    young, middle, _ = gc.get_threshold()
    gc.set_threshold(young, middle, _NEVER)
    thread = threading.Thread(
        target=_collect_now_and_then, args=(every, thaw_every), name="mnm-collector", daemon=True
    )
    thread.start()
    return thread


def _collect_now_and_then(every: float, thaw_every: float) -> None:
    thawed = time.monotonic()
    while True:
        time.sleep(every)
        if time.monotonic() - thawed >= thaw_every:
            gc.unfreeze()  # walk everything once more: cycles that became garbage while frozen are freed
            gc.collect()
            thawed = time.monotonic()
        else:
            gc.collect(1)  # the young generations only: what outlives them goes to the oldest...
        gc.freeze()  # ...which is frozen: no walk until the next thaw
