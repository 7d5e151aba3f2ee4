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
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mnm.bots.hints import wilson
from mnm.bots.registry import make_bot
from mnm.content.loader import Content, builtin_content
from mnm.engine import Event, Game, State, apply_action_in_place, difficulty_options

__all__ = ["GameSpec", "paired_margin", "play_game", "run_simulation", "summarise", "wilson_interval"]

MAX_DECISIONS = 20_000  # a guard: no chapter needs this many decisions
# what play_game calls after every step (events) and at the end (None: its answer goes in the record)
Watcher = Callable[[Game, "list[Event] | None"], Any]


@dataclass(frozen=True)
class GameSpec:
    chapter: str
    party: tuple[str, ...]
    bot: str
    seed: int
    difficulty: str = "normal"  # a preset of mnm.engine.rules.setup.DIFFICULTY_PRESETS
    chapter_text: str = ""  # a chapter file's text, when the chapter is not a shipped one (docs/chapters.md)
    chapter_file: str = ""


def _content_of(spec: GameSpec) -> Content:
    """The content a game of ``spec`` is played with (a worker process reads the chapter file's text once)."""
    if not spec.chapter_text:
        return builtin_content()
    from mnm.chapters.file import read_chapter_text

    return read_chapter_text(spec.chapter_text, spec.chapter_file or "chapter")


def play_game(
    spec: GameSpec,
    content: Content | None = None,
    heat: bool = False,
    max_decisions: int = MAX_DECISIONS,
    stall_rounds: int = 0,
    cpu_seconds: float = 0.0,
    watch: Watcher | None = None,
) -> dict[str, Any]:
    """Play one game to its end with one bot for every seat; return its record. ``content``: the content the
    spec's chapter file was read into already (the workshop's workers read a draft once per chunk of games);
    ``heat``: also record where mice were wounded and captured, and where the party stood when the hourglass
    ran out (``record["heat"]``: kind -> space -> count); ``stall_rounds``: stop a game (``outcome: stalled``)
    when that many rounds pass with the hourglass on one page (bots with nothing to do in a draft);
    ``cpu_seconds``: stop a game (``outcome: over_budget``) once it has taken that much CPU time (checked between
    decisions: a draft whose rules make every decision slow cannot hold a worker for long); ``watch``: called
    after every step with the game and the step's events, and once at the end with ``None`` (the workshop's
    diagnostics); what it returns at the end is the record's ``watch``."""
    content = content or _content_of(spec)
    game = Game.new(
        spec.chapter, list(spec.party), seed=spec.seed, options=difficulty_options(spec.difficulty), content=content
    )
    chapter_source = content.chapter_files.get(spec.chapter)
    bot = make_bot(spec.bot, seed=spec.seed)
    decisions = 0
    spots: dict[str, Counter[str]] = {"wounds": Counter(), "captures": Counter(), "hourglass": Counter()}
    page, since = game.state.hourglass, game.state.round
    stalled = over_budget = False
    deadline = time.process_time() + cpu_seconds if cpu_seconds > 0 else None
    st = game.state
    # The game is played on its one state, changed in place (apply_action_in_place, as a playout does): no copy
    # per decision for an undo nobody asks for, and the pending decision read from the state, so the options are
    # listed once per decision (by the bot), not also by the loop (issue 43: the 1,000-game play-test).
    while st.pending is not None and st.status == "playing" and decisions < max_decisions:
        if deadline is not None and time.process_time() > deadline:
            over_budget = True
            break
        spaces = {h.id: h.space for h in st.heroes.values()} if heat else {}
        events = apply_action_in_place(game.ctx, st, bot.choose(game))
        game.events.extend(events)
        decisions += 1
        if heat:
            _heat(events, spaces, st, spots)
        if watch is not None:
            watch(game, events)
        if stall_rounds:
            if game.state.hourglass != page:
                page, since = game.state.hourglass, game.state.round
            elif game.state.round - since >= stall_rounds:
                stalled = True
                break
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
        "difficulty": spec.difficulty,
        "chapter_digest": chapter_source.digest if chapter_source is not None else "",  # a chapter file's identity
        "status": st.status if st.status != "playing" else "unfinished",
        "outcome": st.outcome or ("victory" if st.status == "won" else "stalled" if stalled else "over_budget" if over_budget else "unfinished"),
        "decisions": decisions,
        "rounds": st.round,
        "pages": st.hourglass,
        "end_page": st.end_page,
        "captures": {h: st.stats.get(f"captures:{h}", 0) for h in spec.party},
        "surges": st.stats.get("surges", 0),
        "minions_defeated": st.stats.get("minions_defeated", 0),
        "wounds_by": dict(wounds_by),
        "explored": list(st.explored),
        # where the party was when the game ended: the side most of the free mice stood on
        "last_side": _party_side(game),
        "minions_left": dict(Counter(m.type for m in st.minions.values())),
    } | ({"heat": _heat_end(game, spots)} if heat else {}) | ({"watch": watch(game, None)} if watch else {})


def _hero_space(before: dict[str, str | None], after: State, hero: str) -> str | None:
    """Where a mouse stood for an event of the last step: now, or before the step (``before``: each mouse's space
    then) if it left the board."""
    now = after.heroes.get(hero)
    if now is not None and now.space is not None:
        return now.space
    return before.get(hero)


def _heat(events: list[Event], before: dict[str, str | None], after: State, spots: dict[str, Counter[str]]) -> None:
    for ev in events:
        kind = "wounds" if ev.msg == "mouse_wounded" else "captures" if ev.msg == "mouse_captured" else ""
        if not kind:
            continue
        space = _hero_space(before, after, str(ev.params.get("hero", "")))
        if space is not None:
            n = ev.params.get("wounds", 1) if kind == "wounds" else 1
            spots[kind][space] += n if isinstance(n, int) else 1


def _heat_end(game: Game, spots: dict[str, Counter[str]]) -> dict[str, dict[str, int]]:
    st = game.state
    if st.outcome == "hourglass":
        for h in st.heroes.values():
            if h.space is not None and not h.captured:
                spots["hourglass"][h.space] += 1
    return {kind: dict(c) for kind, c in spots.items()}


def _party_side(game: Game) -> int | None:
    sides = Counter(
        game.ctx.board.spaces[h.space].side
        for h in game.state.heroes.values()
        if h.space is not None and not h.captured
    )
    return sides.most_common(1)[0][0] if sides else None


def wilson_interval(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a win rate (good at small counts and near 0 or 1), rounded for reports.

    >>> wilson_interval(50, 100)
    (0.4038, 0.5962)
    """
    low, high = wilson(wins, games, z)
    return (round(low, 4), round(high, 4))


def paired_margin(
    baseline: Iterable[dict[str, Any]], challenger: Iterable[dict[str, Any]], z: float = 1.96
) -> dict[str, Any]:
    """How many points ``challenger`` wins more than ``baseline`` over the seeds both played (paired games:
    same chapter, party, preset and seed), with a 95% interval on the mean paired difference.

    Each seed gives a difference of +1 (only the challenger won), -1 (only the baseline won) or 0; the
    interval is the normal one on their mean (n-1 variance), which is sound from a few dozen seeds on.

    >>> a = [{"seed": s, "status": "won" if s < 5 else "lost"} for s in range(10)]
    >>> b = [{"seed": s, "status": "won" if s < 8 else "lost"} for s in range(10)]
    >>> m = paired_margin(a, b)
    >>> (m["seeds"], m["only_challenger"], m["only_baseline"], m["margin"], m["ci95"])
    (10, 3, 0, 0.3, [0.0006, 0.5994])
    """
    base = {r["seed"]: r["status"] == "won" for r in baseline}
    chal = {r["seed"]: r["status"] == "won" for r in challenger}
    seeds = sorted(base.keys() & chal.keys())
    n = len(seeds)
    only_chal = sum(1 for s in seeds if chal[s] and not base[s])
    only_base = sum(1 for s in seeds if base[s] and not chal[s])
    if n == 0:
        return {"seeds": 0, "only_challenger": 0, "only_baseline": 0, "margin": 0.0, "ci95": [-1.0, 1.0]}
    mean = (only_chal - only_base) / n
    var = ((only_chal + only_base) / n - mean * mean) * n / (n - 1) if n > 1 else 1.0
    half = z * math.sqrt(max(0.0, var) / n)
    return {
        "seeds": n,
        "only_challenger": only_chal,
        "only_baseline": only_base,
        "margin": round(mean, 4),
        "ci95": [round(max(-1.0, mean - half), 4), round(min(1.0, mean + half), 4)],
    }


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
    lost = [r for r in recs if r["status"] == "lost"]
    lost_wounds: Counter[str] = Counter()
    lost_left: Counter[str] = Counter()
    for r in lost:
        lost_wounds.update(r["wounds_by"])
        lost_left.update(r.get("minions_left") or {})
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
        # where games are lost: the page the hourglass stood on, the side the party stood on, and the minion
        # types that wounded the mice and that were left on the board in the lost games
        "losses_by_page": dict(sorted(Counter(str(r["pages"]) for r in lost).items())),
        "losses_by_side": dict(Counter(str(r.get("last_side")) for r in lost).most_common()),
        "lost_games_wounds_by_minion": dict(lost_wounds.most_common()),
        "lost_games_minions_left": dict(lost_left.most_common()),
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
    difficulty: str = "normal",
    content: Content | None = None,
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Play ``games`` games (seeds ``seed`` .. ``seed + games - 1``); return (summary, records). ``content``: one
    with a chapter file's chapter (its text goes to the workers), when ``chapter`` is not a shipped one."""
    source = content.chapter_files.get(chapter) if content is not None else None
    text, name = (source.text, source.file) if source is not None else ("", "")
    seeds = list(range(seed, seed + games))
    records: list[dict[str, Any]] = []
    results_path = out / "results.jsonl" if out else None
    if results_path is not None:
        out.mkdir(parents=True, exist_ok=True)  # type: ignore[union-attr]
        wanted = set(seeds)
        records = [
            r for r in read_records(results_path)
            if r.get("seed") in wanted and r.get("bot") == bot and r.get("chapter") == chapter and r.get("party") == party
            and r.get("difficulty", "normal") == difficulty
            and r.get("chapter_digest", "") == (source.digest if source is not None else "")
        ]
    done = {r["seed"] for r in records}
    specs = [GameSpec(chapter, tuple(party), bot, s, difficulty, text, name) for s in seeds if s not in done]
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
