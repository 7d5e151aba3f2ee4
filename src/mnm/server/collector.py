"""The garbage collector of a serving process (issue 50).

CPython's cyclic collector runs a full collection whenever enough objects have outlived the younger
generations, and a full collection walks every object the process holds: with 200 tables in memory it took
40-140 ms, during which no table moved (it holds the GIL). Those pauses were the 200-table run's p99
(`bench/web_load.py`: p99 54-118 ms with them, 9 ms with the collector off). So a serving process

- freezes what it made at start (imports, content, routes: they live as long as the process), so no
  collection walks them again;
- keeps the young collections (cheap: they walk only new objects) but never starts a full one by itself;
- runs the full collection on its own clock, every :data:`FULL_COLLECTION_SECONDS`, from a thread of its
  own, so the cyclic garbage of the tables (freed by no reference count) is still freed, in one known pause
  a minute instead of several unforeseen ones;
- freezes what outlived that collection too, so the next one walks only what is newer: at 250 tables a full
  walk took 55-70 ms, and that pause a minute was the two-process 500-table run's p99 (a serving process
  makes next to no cyclic garbage: 0 unreachable objects in every collection measured). What was frozen is
  thawed and walked again every :data:`THAW_SECONDS`, so a cycle that became garbage after its freezing is
  freed within the hour. Reference counting frees everything else, frozen or not, at once.
"""

from __future__ import annotations

import gc
import threading
import time

__all__ = ["FULL_COLLECTION_SECONDS", "THAW_SECONDS", "tune_collector"]

FULL_COLLECTION_SECONDS = 60.0
THAW_SECONDS = 3600.0
_NEVER = 1_000_000_000  # young collections between two full ones: never reached


def tune_collector(every: float = FULL_COLLECTION_SECONDS, thaw_every: float = THAW_SECONDS) -> threading.Thread:
    """Set this process's collector up for serving (see the module's docstring); returns the thread that runs
    the full collections (a daemon: it ends with the process)."""
    gc.collect()
    gc.freeze()
    young, middle, _ = gc.get_threshold()
    gc.set_threshold(young, middle, _NEVER)
    thread = threading.Thread(
        target=_collect_now_and_then, args=(every, thaw_every), name="mnm-full-collection", daemon=True
    )
    thread.start()
    return thread


def _collect_now_and_then(every: float, thaw_every: float) -> None:
    thawed = time.monotonic()
    while True:
        time.sleep(every)
        if time.monotonic() - thawed >= thaw_every:
            gc.unfreeze()  # walk everything once more: cycles that became garbage while frozen are freed
            thawed = time.monotonic()
        gc.collect()
        gc.freeze()
