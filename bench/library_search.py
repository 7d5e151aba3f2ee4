"""The library's search with many chapters (issue 48): the cost of one ``GET /api/library?q=...`` request.

Publishes ``--chapters`` versions (each a chapter file of ``--kb`` KB, as a workshop chapter with its story
texts) into a fresh SQLite database, then times one search request through the whole app (TestClient, the
rows cache off so every request reads the database) and, as the yardstick of the same run, the way search
worked before issue 48 (every latest version read with its file, the words matched against the fields joined at
request time).

    .venv/bin/python bench/library_search.py --chapters 1000
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
import warnings
from pathlib import Path

try:  # first: runs this script again with .venv/bin/python when mnm is not importable
    import _venv
except ModuleNotFoundError:
    _venv = None

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from mnm.server import library as library_module
from mnm.server.app import Limits, create_app
from mnm.server.library_measures import search_words
from mnm.server.library_store import Entry, LibraryStore
from mnm.server.storage import Storage


def fill(db: str, chapters: int, kb: int) -> None:
    storage = Storage(db)
    store = LibraryStore(storage)
    content = None
    padding = "# " + "story " * (kb * 1024 // 6) + "\n"
    for i in range(chapters):
        entry = Entry(
            chapter=f"walnut-{i:05d}",
            version=0,
            owner="o" * 64,
            created=0.0,
            title=f"Walnut Hall {i}",
            description="Cross the hall before the cat wakes. " * 3,
            languages=["en", "pt"],
            mice=2 + i % 3,
            author=f"author {i % 37}",
            licence="CC BY 4.0",
            text=padding + f"id: walnut-{i:05d}\n",
            digest=f"{i:064d}",
            tiles=2 + i % 5,
            measure="measured",
            playtest={"normal": {"games": 20, "wins": 10, "win_rate": 0.5, "ci95": [0.3, 0.7], "mean_rounds": 9}},
        )
        if content is None:
            from mnm.content.loader import builtin_content

            content = builtin_content()
        entry.search = search_words(entry, content)
        stored = store.publish(entry)
        assert isinstance(stored, Entry), stored
    storage.close()


def old_way(store: LibraryStore, words: list[str]) -> int:
    """Search before issue 48: every latest version with its file, the fields joined per request."""
    found = 0
    for entry in store.latest(True):
        haystack = " ".join([entry.title, entry.title, entry.description, entry.author, entry.chapter]).casefold()
        found += all(w in haystack for w in words)
    return found


def timed(fn: object, n: int) -> tuple[float, float]:
    samples = []
    for _ in range(n):
        start = time.perf_counter()
        fn()  # type: ignore[operator]
        samples.append(time.perf_counter() - start)
    return statistics.median(samples) * 1000, max(samples) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--chapters", type=int, default=1000)
    parser.add_argument("--kb", type=int, default=16, help="size of each chapter file")
    parser.add_argument("--requests", type=int, default=20)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        db = f"sqlite:///{Path(tmp) / 'library.db'}"
        start = time.perf_counter()
        fill(db, args.chapters, args.kb)
        print(f"{args.chapters} chapters of {args.kb} KB published in {time.perf_counter() - start:.1f} s")
        library_module.SEARCH_TTL = 0.0  # every request reads the database
        with TestClient(create_app(db, Limits(address_scale=1000.0))) as client:
            store = client.app.state.library.store  # type: ignore[attr-defined]
            now_p50, now_max = timed(lambda: client.get("/api/library", params={"q": "walnut hall 99"}), args.requests)
            found = client.get("/api/library", params={"q": "walnut hall 99", "limit": 200}).json()["count"]
            old_p50, old_max = timed(lambda: old_way(store, ["walnut", "hall", "99"]), args.requests)
            print(f"search request (whole app, no cache): p50 {now_p50:.1f} ms, max {now_max:.1f} ms ({found} found)")
            print(f"before issue 48 (files read, fields joined; store only): p50 {old_p50:.1f} ms, max {old_max:.1f} ms")


if __name__ == "__main__":
    main()
