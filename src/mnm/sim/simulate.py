"""Chapter simulations: many games played by bots, streamed to disk, summarised in a report.

Each game is a pure function of (chapter, party, bot, seed), so results are identical whatever the backend and
the number of workers: only the order in which finished games arrive differs, and the summary is computed from
the records sorted by seed. Records are appended to ``results.jsonl`` as games finish; a run pointed at the same
folder skips the seeds already there (resume after an interruption).
"""

from __future__ import annotations

import json
import math
import os
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mnm.bots.policy import make_bot
from mnm.engine import Game

__all__ = ["GameSpec", "play_game", "run_simulation", "summarise", "wilson_interval"]

MAX_DECISIONS = 20_000  # a guard: no chapter needs this many decisions


@dataclass(frozen=True)
class GameSpec:
    chapter: str
    party: tuple[str, ...]
    bot: str
    seed: int


def play_game(spec: GameSpec) -> dict[str, Any]:
    """Play one game to its end with one bot for every seat; return its record."""
    game = Game.new(spec.chapter, list(spec.party), seed=spec.seed)
    bot = make_bot(spec.bot, seed=spec.seed)
    decisions = 0
    while game.decision() is not None and decisions < MAX_DECISIONS:
        game.apply(bot.choose(game))
        decisions += 1
    st = game.state
    wounds_by: Counter[str] = Counter()
    for ev in game.events:
        if ev.msg == "mouse_wounded":
            source = str(ev.params.get("source") or "")
            mtype = next((m for m in game.ctx.content.minions if source.startswith(m + "-")), source or "other")
            wounds = ev.params.get("wounds")
            wounds_by[mtype] += wounds if isinstance(wounds, int) else 0
    return {
        "seed": spec.seed,
        "chapter": spec.chapter,
        "party": list(spec.party),
        "bot": spec.bot,
        "status": st.status if st.status != "playing" else "unfinished",
        "outcome": st.outcome or ("victory" if st.status == "won" else "unfinished"),
        "decisions": decisions,
        "rounds": st.round,
        "pages": st.hourglass,
        "end_page": st.end_page,
        "captures": {h: st.stats.get(f"captures:{h}", 0) for h in spec.party},
        "surges": st.stats.get("surges", 0),
        "minions_defeated": st.stats.get("minions_defeated", 0),
        "wounds_by": dict(wounds_by),
        "explored": list(st.explored),
    }


def wilson_interval(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a win rate (good at small counts and near 0 or 1).

    >>> wilson_interval(50, 100)
    (0.4038, 0.5962)
    """
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    return (round(max(0.0, centre - half), 4), round(min(1.0, centre + half), 4))


def summarise(records: Iterable[dict[str, Any]]) -> dict[str, Any]:
    """The difficulty report of a set of game records."""
    recs = sorted(records, key=lambda r: r["seed"])
    games = len(recs)
    wins = sum(1 for r in recs if r["status"] == "won")
    lo, hi = wilson_interval(wins, games)
    captures: Counter[str] = Counter()
    wounds_by: Counter[str] = Counter()
    for r in recs:
        captures.update(r["captures"])
        wounds_by.update(r["wounds_by"])
    defeats = Counter(r["outcome"] for r in recs if r["status"] == "lost")
    pages = Counter(r["pages"] for r in recs)
    rounds = Counter(r["rounds"] for r in recs)

    def mean(key: str) -> float:
        return round(sum(r[key] for r in recs) / games, 2) if games else 0.0

    return {
        "games": games,
        "wins": wins,
        "win_rate": round(wins / games, 4) if games else 0.0,
        "ci95": [lo, hi],
        "defeat_causes": dict(defeats),
        "unfinished": sum(1 for r in recs if r["status"] == "unfinished"),
        "pages_used": {str(k): v for k, v in sorted(pages.items())},
        "captures_per_mouse": {k: round(v / games, 3) for k, v in sorted(captures.items())} if games else {},
        "surges_per_game": mean("surges"),
        "wounds_by_minion": dict(wounds_by.most_common()),
        "mean_decisions": mean("decisions"),
        "mean_rounds": mean("rounds"),
        "rounds_played": {str(k): v for k, v in sorted(rounds.items())},
    }


def _local_map(fn: Callable[[GameSpec], dict[str, Any]], specs: list[GameSpec], workers: int) -> Iterator[dict[str, Any]]:
    if workers <= 1:
        for spec in specs:
            yield fn(spec)
        return
    from concurrent.futures import ProcessPoolExecutor, as_completed

    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(fn, s) for s in specs]
        for fut in as_completed(futures):
            yield fut.result()


def _ray_map(specs: list[GameSpec], workers: int, address: str | None) -> Iterator[dict[str, Any]]:
    import ray

    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    if not ray.is_initialized():
        if address:
            ray.init(address=address, ignore_reinit_error=True, log_to_driver=False)
        else:
            ray.init(num_cpus=max(1, workers), ignore_reinit_error=True, log_to_driver=False, include_dashboard=False)
    remote = ray.remote(play_game)
    pending = [remote.remote(s) for s in specs]
    while pending:
        done, pending = ray.wait(pending, num_returns=1)
        for ref in done:
            yield ray.get(ref)


def read_records(path: Path) -> list[dict[str, Any]]:
    """Records already in ``results.jsonl`` (a torn last line from an interrupted run is ignored)."""
    if not path.exists():
        return []
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            out.append(json.loads(line))
        except json.JSONDecodeError:
            continue
    return out


def run_simulation(
    chapter: str,
    party: list[str],
    bot: str,
    games: int,
    seed: int = 0,
    workers: int = 1,
    out: Path | None = None,
    backend: str = "local",
    ray_address: str | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Play ``games`` games (seeds ``seed`` .. ``seed + games - 1``); return (summary, records)."""
    seeds = list(range(seed, seed + games))
    records: list[dict[str, Any]] = []
    results_path = out / "results.jsonl" if out else None
    if results_path is not None:
        out.mkdir(parents=True, exist_ok=True)  # type: ignore[union-attr]
        wanted = set(seeds)
        records = [
            r for r in read_records(results_path)
            if r.get("seed") in wanted and r.get("bot") == bot and r.get("chapter") == chapter and r.get("party") == party
        ]
    done = {r["seed"] for r in records}
    specs = [GameSpec(chapter, tuple(party), bot, s) for s in seeds if s not in done]
    if progress:
        progress(len(records), games)
    stream = _ray_map(specs, workers, ray_address) if backend == "ray" else _local_map(play_game, specs, workers)
    handle = results_path.open("a", encoding="utf-8") if results_path is not None else None
    try:
        for rec in stream:
            records.append(rec)
            if handle is not None:
                handle.write(json.dumps(rec) + "\n")
                handle.flush()
            if progress:
                progress(len(records), games)
    finally:
        if handle is not None:
            handle.close()
    return summarise(records), sorted(records, key=lambda r: r["seed"])
