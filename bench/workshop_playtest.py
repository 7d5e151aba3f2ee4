"""Play-test speed of the chapter workshop (issue 23): N heuristic games of a three-tile chapter, played by the
workshop's own job service (worker processes, chunks of games, progress), timed from the click.

Reports the seconds to the first progress, the wall time of the whole job, games/s and the CPU seconds the
workers spent (on a shared machine the wall time depends on the load: CPU seconds / workers is the time on
idle cores), with the machine's load average before and after. The goal is 1,000 games in 15 s on a
2-core machine with the compiled engine (MNM_ENGINE=compiled, scripts/compile.sh); on the pure engine the
figure and the engine ratio of ``bench/builds.py`` give the estimate.

    .venv/bin/python bench/workshop_playtest.py --games 1000
    .venv/bin/python bench/workshop_playtest.py --games 200 --chapter-file my-chapter.yaml --workers 2
"""

from __future__ import annotations

import argparse
import os
import time
from pathlib import Path

try:  # first: runs this script again with .venv/bin/python when mnm is not importable (issue 32)
    import _venv
except ModuleNotFoundError:  # run by runpy from another folder: the calling python imports mnm already
    _venv = None

from mnm.content.loader import builtin_dir
from mnm.workshop.playtest import PlaytestService

THREE_TILES = builtin_dir() / "chapters" / "02-the-root-road.yaml"  # sides 12, 14 and 16
PARTY = ["collin", "tilda", "filch", "maginos"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--workers", type=int, default=0, help="worker processes (0: one per CPU)")
    parser.add_argument("--preset", default="normal")
    parser.add_argument("--chapter-file", type=Path, default=THREE_TILES)
    args = parser.parse_args()
    text = args.chapter_file.read_text(encoding="utf-8")
    service = PlaytestService(workers=args.workers or None, cpu_seconds=3600.0)
    service.warm(wait=True)  # as mnm serve does at start-up
    load_before = os.getloadavg()
    start = time.perf_counter()
    job = service.submit("bench", text, PARTY, "heuristic", max(1, min(args.games, 10_000)), (args.preset,))
    first = None
    while job.active:
        if first is None and job.done > 0:
            first = time.perf_counter() - start
        time.sleep(0.05)
    wall = time.perf_counter() - start
    report = job.report()
    service.close()
    preset = report["presets"].get(args.preset, {})
    print(
        f"engine={os.environ.get('MNM_ENGINE', 'auto')} workers={service.workers} chapter={args.chapter_file.name} "
        f"games={report['done']} status={report['status']}"
    )
    print(
        f"first progress after {first if first is not None else float('nan'):.2f} s; whole job {wall:.2f} s "
        f"({report['done'] / wall:.1f} games/s); worker CPU {report['cpu_seconds']:.1f} s"
    )
    print(f"win rate {preset.get('win_rate')} ci95 {preset.get('ci95')}")
    print(f"load average before {load_before[0]:.2f}, after {os.getloadavg()[0]:.2f} (2 cores shared)")
    print(f"on idle cores: {report['cpu_seconds'] / service.workers:.1f} s (worker CPU / workers)")
    print(f"target 1,000 games <= 15 s: {'met' if wall * 1000 / max(report['done'], 1) <= 15 else 'NOT met'}")


if __name__ == "__main__":
    main()
