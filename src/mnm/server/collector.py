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
  a minute instead of several unforeseen ones.
"""

from __future__ import annotations

import gc
import threading
import time

__all__ = ["FULL_COLLECTION_SECONDS", "tune_collector"]

FULL_COLLECTION_SECONDS = 60.0
_NEVER = 1_000_000_000  # young collections between two full ones: never reached


def tune_collector(every: float = FULL_COLLECTION_SECONDS) -> threading.Thread:
    """Set this process's collector up for serving (see the module's docstring); returns the thread that runs
    the full collections (a daemon: it ends with the process)."""
    gc.collect()
    gc.freeze()
    young, middle, _ = gc.get_threshold()
    gc.set_threshold(young, middle, _NEVER)
    thread = threading.Thread(target=_collect_now_and_then, args=(every,), name="mnm-full-collection", daemon=True)
    thread.start()
    return thread


def _collect_now_and_then(every: float) -> None:
    while True:
        time.sleep(every)
        gc.collect()
