"""Hints: the best few options for the pending decision, each with its chance of winning, a 95% interval and
a short reason (TEAM contract 3; docs/bots.md says what the chance means).

Each option is tried in *playouts*: the option is taken on a copy of the game whose hidden dice and decks are
re-drawn (:func:`mnm.bots.policy.resample_hidden`, so a hint never reveals the real future), then the party
plays on to the end of the chapter with the heuristic bot's rules of thumb (:func:`mnm.bots.playout.play_out`),
the heroes' whole game included (abilities, items, scrolls: issue 44's new party). The chance is the share of those
playouts the party won: "if you do this and play on as a new party would".

- **Paired.** Playouts come in numbered *futures*; in each round every option still in the running meets the
  same futures, so differences between options come from the options, not from luck.
- **Successive halving.** Every option gets a few playouts, the better half more, and so on, until the
  options to show have at least :data:`MIN_PLAYOUTS` each. No chance is shown on fewer.
- **Intervals and groups.** Each shown option has a Wilson 95% interval. Options are ranked by their chance;
  an option whose interval overlaps the interval of its group's first option joins that group, shown as
  "about equal" to it rather than ranked below it.
- **Budget.** A number of playouts and, for interactive use, a time limit; ``workers`` processes (forked, so
  only from a single-threaded program such as ``mnm hint``) share the playouts.

The reason is what the playouts of that option showed most often right after it was taken (a minion defeated,
a card found, a mouse wounded...), and what the lost playouts died of, in the player's language.
"""

from __future__ import annotations

import math
import multiprocessing
import random
import time
from collections import Counter
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field

from mnm.bots.mcts import rollout_bot
from mnm.bots.plan import progress as plan_progress
from mnm.bots.playout import PLAYOUT_LIMIT, play_out
from mnm.bots.policy import resample_hidden
from mnm.bots.value import HORIZON, WEIGHTS, chapter_weights, win_probability
from mnm.engine import Action, Ctx, Event, Game, State, apply_action_in_place, make_ctx, render

__all__ = [
    "HALF_WIDTH",
    "MIN_PLAYOUTS",
    "PLAYOUTS",
    "SECONDS",
    "Hint",
    "chance_words",
    "group_options",
    "hint_status",
    "hints",
    "in_words",
    "min_playouts_for",
    "not_enough_text",
    "shown",
    "wilson",
]

# Issue 44: a hint never shows noise. The minimum is chosen from the interval width wanted: a shown option's 95%
# interval is at most about +-10 points wide (HALF_WIDTH) even at an even chance, the widest case:
# 1.96 * sqrt(1/4 / n) <= 0.10 needs n >= 97 (min_playouts_for), rounded up to 100.
HALF_WIDTH = 0.10


def min_playouts_for(half_width: float, z: float = 1.96) -> int:
    """The playouts an option needs for its 95% interval to be at most ``half_width`` wide either side at an even
    chance (the widest): ``(z / 2 / half_width)**2``, rounded up.

    >>> min_playouts_for(0.10)
    97
    """
    return math.ceil((z / 2 / half_width) ** 2)


MIN_PLAYOUTS = 100  # no option is shown, nor ranked, on fewer playouts (contract 3; issue 44: min_playouts_for(0.10))
PLAYOUTS = 400  # the default budget in playouts: the top 3 options at 100 each, and room to screen the rest
SECONDS = 2.2  # the default time budget: with start-up, `mnm hint` answers within 3 s on a 2-core machine
CHUNK = 4  # futures per task sent to a worker
SCREEN = 8  # playouts per option in the first screening round

# Events worth telling, most telling first.
TELLING = (
    "victory",
    "minion_defeated",
    "mouse_rescued",
    "card_found",
    "special_search",
    "tile_flipped",
    "explores_exit",
    "minion_wounded",
    "mouse_healed",
    "mouse_captured",
    "mouse_wounded",
    "mouse_attacks",
    "mouse_moves",
)
# What merely repeats the option itself ("Tilda moves to ...") is not a reason.
ECHOES = {"move": ("mouse_moves",), "battle": ("mouse_attacks",)}
# Among options that win alike, the one that wins sooner ranks first (time is what the hourglass takes away):
# a win now scores 1 + SOONER_WEIGHT, a win SOONER_STEPS decisions later 1 + SOONER_WEIGHT / 2.
SOONER_WEIGHT = 0.1
SOONER_STEPS = 20
PRIOR_WEIGHT = 4  # playouts' worth of belief in the average option, while screening
SEEN_OFTEN = 1 / 3  # an event is worth telling when at least this share of the option's playouts showed it


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score 95% interval of a share ``wins / n``."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def group_options(intervals: list[tuple[float, float]]) -> list[int]:
    """Group numbers (1, 2, ...) for options ranked best first by their intervals: an option joins the group
    of the option before it when its interval overlaps that group's first (best) option's interval."""
    groups: list[int] = []
    leader: tuple[float, float] | None = None
    for low, high in intervals:
        if leader is not None and high >= leader[0] and low <= leader[1]:
            groups.append(groups[-1])
            continue
        groups.append(groups[-1] + 1 if groups else 1)
        leader = (low, high)
    return groups


@dataclass(frozen=True)
class Hint:
    action: Action
    win_chance: float  # share of the option's playouts that the party won, 0..1 (even on few playouts)
    playouts: int
    reason: str
    wins: float = 0.0  # won playouts, an unfinished one counting as its estimated chance (mnm.bots.value)
    chance: float | None = None  # the win share, shown only on MIN_PLAYOUTS playouts or more
    low: float | None = None  # its Wilson 95% interval
    high: float | None = None
    group: int | None = None  # options sharing a group are about equal
    even: bool = False  # the reason already says it is even with another shown option (clients add no "about equal")
    words: str = ""  # the chance in a player's words (issue 44): "about 1 in 2 to win; could be 2 in 5 to 3 in 5"

    def to_json(self) -> dict[str, object]:
        def r(x: float | None) -> float | None:
            return None if x is None else round(x, 3)

        return {
            "action": str(self.action),
            "playouts": self.playouts,
            "wins": round(self.wins, 1),
            "chance": r(self.chance),
            "low": r(self.low),
            "high": r(self.high),
            "group": self.group,
            "even": self.even,
            "win_chance": round(self.win_chance, 3),
            "reason": self.reason,
            "words": self.words,
        }


@dataclass
class _Measures:
    """Where an option's playouts ended, summed over them (issue 25: a reason names what the option changes):
    the hourglass's page, mice captured, the chapter's progress (0..1), minions on the board, each mouse's
    wounds, and the rounds the won playouts took."""

    pages: float = 0.0
    captures: float = 0.0
    progress: float = 0.0
    minions: float = 0.0
    wounds: Counter[str] = field(default_factory=Counter)
    won_rounds: float = 0.0
    won: int = 0
    squares: Counter[str] = field(default_factory=Counter)  # measure -> sum of squares (its spread)

    def add(self, other: _Measures) -> None:
        self.pages += other.pages
        self.captures += other.captures
        self.progress += other.progress
        self.minions += other.minions
        self.wounds.update(other.wounds)
        self.won_rounds += other.won_rounds
        self.won += other.won
        self.squares.update(other.squares)


@dataclass
class _Tally:
    """What the playouts of one option showed."""

    playouts: int = 0
    wins: float = 0.0  # finished wins count 1, unfinished playouts the value estimate's chance
    won: int = 0  # playouts played to a win
    score: float = 0.0  # wins, plus a little for winning sooner: ranks options that all win
    spare: int = 0  # pages of the chapter track left over, summed over the won playouts
    seen: Counter[tuple[int, str]] = field(default_factory=Counter)  # (priority, sentence) -> playouts showing it
    losses: Counter[str] = field(default_factory=Counter)  # defeat reason -> playouts lost that way
    measured: _Measures = field(default_factory=lambda: _Measures())  # where its playouts ended, summed

    @property
    def chance(self) -> float:
        return self.wins / self.playouts if self.playouts else 0.0

    def add(self, other: _Tally) -> None:
        self.playouts += other.playouts
        self.wins += other.wins
        self.won += other.won
        self.score += other.score
        self.spare += other.spare
        self.seen.update(other.seen)
        self.losses.update(other.losses)
        self.measured.add(other.measured)

    def rank(self, prior: float) -> float:
        """The mean score, pulled toward ``prior`` (the mean over all options) while playouts are few, so
        an option lucky in 2 playouts doesn't outrank one that held up over 30."""
        return (self.score + PRIOR_WEIGHT * prior) / (self.playouts + PRIOR_WEIGHT)


@dataclass(frozen=True)
class _Job:
    """One search's fixed inputs, handed to every chunk of playouts (never kept at module level: the server runs
    two searches at once in threads, and each must see only its own table, issue 26 finding 2)."""

    ctx: Ctx
    game: Game
    options: list[Action]
    lang: str
    horizon: int | None
    weights: tuple[float, ...]  # the value estimate's, fitted on this chapter (mnm.bots.value.chapter_weights)


def _run_chunk(job: _Job, index: int, futures: list[int]) -> tuple[int, _Tally]:
    tally = _Tally()
    for future in futures:
        _try(job.ctx, job.game, job.options[index], future, tally, job.lang, job.horizon, job.weights)
    return index, tally


# The job of a forked worker process: filled by the pool's initializer inside the child (a fork inherits its
# arguments without pickling), one job per pool, never written in the process that searches.
_FORKED_JOB: list[_Job] = []


def _install_forked_job(job: _Job) -> None:
    if multiprocessing.parent_process() is None:
        raise RuntimeError("only a forked hint worker keeps a job")
    _FORKED_JOB[:] = [job]


def _run_forked_chunk(index: int, futures: list[int]) -> tuple[int, _Tally]:
    return _run_chunk(_FORKED_JOB[0], index, futures)


def hints(
    game: Game,
    count: int = 3,
    iterations: int = PLAYOUTS,
    seed: int = 0,
    lang: str = "en",
    seconds: float | None = SECONDS,
    workers: int = 1,
    horizon: int | None = HORIZON,
) -> list[Hint]:
    """The ``count`` best options for the pending decision, best first. ``iterations`` caps the playouts
    spent in all, ``seconds`` the time (None: no time limit, so the answer depends only on ``seed``);
    ``workers`` > 1 forks that many processes (only from a single-threaded program). A playout stops after
    ``horizon`` decisions and the value estimate scores where it got (None: every playout to the end)."""
    options = game.legal_actions()
    if game.decision() is None or not options:
        return []
    rng = random.Random(seed)
    ctx = make_ctx(game.ctx.content, game.ctx.chapter.id)
    # the value estimate fitted on this chapter's own playouts (issue 37: the shipped weights misjudge a designer's
    # chapter); the first hint of a chapter pays for its playouts (about a second compiled), outside ``seconds``
    weights = chapter_weights(ctx, game.state, hero=True) if horizon is not None else WEIGHTS
    deadline = time.perf_counter() + seconds if seconds is not None else None
    tallies = [_Tally() for _ in options]
    live = list(range(len(options)))
    keep = min(count, len(options))
    # The budget: MIN_PLAYOUTS for each option to show is kept for the last round; the rest screens every option
    # (SCREEN playouts each, or fewer when options are many), then the better half again, and so on.
    screen_left = max(0, iterations - keep * MIN_PLAYOUTS) if len(options) > keep else 0
    target = max(2, min(SCREEN, screen_left // len(options))) if screen_left else MIN_PLAYOUTS
    futures_drawn: list[int] = []
    spent = 0
    pool: ProcessPoolExecutor | None = None
    job = _Job(ctx, game, options, lang, horizon, weights)
    try:
        if workers > 1:
            pool = ProcessPoolExecutor(
                workers,
                mp_context=multiprocessing.get_context("fork"),
                initializer=_install_forked_job,
                initargs=(job,),
            )
        while True:
            final = target >= MIN_PLAYOUTS
            # a budget too small for the target is shared evenly among the options still in the running
            target = min(target, min(tallies[i].playouts for i in live) + max(1, (iterations - spent) // len(live)))
            while len(futures_drawn) < target:
                futures_drawn.append(rng.getrandbits(64))
            chunks: list[tuple[int, int, list[int]]] = []
            for i in live:
                todo = futures_drawn[tallies[i].playouts : target]
                chunks += [(k, i, todo[k : k + CHUNK]) for k in range(0, len(todo), CHUNK)]
            # round-robin over the options, so that a time limit leaves them all about as far along
            tasks = [(i, f) for _, i, f in sorted(chunks, key=lambda c: (c[0], live.index(c[1])))]
            tasks = _within(tasks, iterations - spent)
            spent += _size(tasks)
            if not final:
                screen_left -= _size(tasks)
            if not tasks or not _run_tasks(job, tasks, tallies, pool, deadline) or final:
                break
            prior = sum(t.score for t in tallies) / max(1, sum(t.playouts for t in tallies))
            live.sort(key=lambda i: -tallies[i].rank(prior))
            live = _screen_idle_last(game, options, tallies, live, prior)
            live = live[: max(keep, (len(live) + 1) // 2)]
            more = min(MIN_PLAYOUTS, target * 2)
            if len(live) == keep or screen_left < len(live) * (more - target):
                live, target = live[:keep], MIN_PLAYOUTS
            else:
                target = more
    finally:
        if pool is not None:
            # Wait for the workers (at most one chunk each: the rest is cancelled). Left running, they outlived
            # the pool's pipes and the interpreter's exit printed "Exception ignored ... Bad file descriptor"
            # (issue 32: `mnm hint` failed 2 runs in 25 that way).
            pool.shutdown(wait=True, cancel_futures=True)
    prior = sum(t.score for t in tallies) / max(1, sum(t.playouts for t in tallies))
    order = sorted(
        range(len(options)),
        key=lambda i: (-(tallies[i].playouts >= MIN_PLAYOUTS), -tallies[i].chance, -tallies[i].rank(prior)),
    )
    ranked = _idle_last(game, options, tallies, order)[:count]
    sure = [i for i in ranked if tallies[i].playouts >= MIN_PLAYOUTS]
    intervals = {i: wilson(tallies[i].wins, tallies[i].playouts) for i in sure}
    groups = dict(zip(sure, group_options([intervals[i] for i in sure]), strict=True))
    out = []
    for i in ranked:
        t = tallies[i]
        low, high = intervals.get(i, (None, None))
        even = _even_reason(i, sure, groups, tallies, prior, lang, game)
        reason = _reason(t, lang, game, _others(tallies, i))
        out.append(
            Hint(
                options[i],
                t.chance,
                t.playouts,
                f"{even} {reason}" if even else reason,
                wins=t.wins,
                chance=t.chance if i in intervals else None,
                low=low,
                high=high,
                group=groups.get(i),
                even=bool(even),
                words=chance_words(t.chance, low, high, lang) if low is not None and high is not None else "",
            )
        )
    return out


# Shares as a player says them (issue 44): the nearest of these fractions.
_FRACTIONS = ((1, 10), (1, 5), (1, 4), (1, 3), (2, 5), (1, 2), (3, 5), (2, 3), (3, 4), (4, 5), (9, 10))


def in_words(x: float, lang: str = "en") -> str:
    """A share as a player says it: "1 in 2", "2 in 5" ("1 em 2" in Portuguese, `pt_BR`); "almost none" under 5%,
    "almost all" over 95%.

    >>> in_words(0.49), in_words(0.41), in_words(0.58, "pt_BR"), in_words(0.98)
    ('1 in 2', '2 in 5', '3 em 5', 'almost all')
    """
    if x < 0.05:
        return render(Event("hint_almost_none", {}), lang)
    if x > 0.95:
        return render(Event("hint_almost_all", {}), lang)
    a, b = min(_FRACTIONS, key=lambda f: (abs(f[0] / f[1] - x), f[1]))
    return render(Event("hint_fraction", {"a": a, "b": b}), lang)


def chance_words(chance: float, low: float, high: float, lang: str = "en") -> str:
    """The chance and its 95% interval in a player's words: "about 1 in 2 to win; could be 2 in 5 to 3 in 5"."""
    if chance > 0.95 and low > 0.85:
        return render(Event("hint_words_almost_sure", {}), lang)
    if chance < 0.05 and high < 0.15:
        return render(Event("hint_words_almost_never", {}), lang)
    lo, hi = in_words(low, lang), in_words(high, lang)
    if lo == hi:
        return render(Event("hint_words_sure", {"chance": in_words(chance, lang)}), lang)
    return render(Event("hint_words", {"chance": in_words(chance, lang), "low": lo, "high": hi}), lang)


def shown(found: list[Hint]) -> list[Hint]:
    """The hints a player is shown (issue 44): only the options measured on :data:`MIN_PLAYOUTS` playouts or more,
    in their order. :func:`hints` also returns the options it measured less (their ``chance`` is None), for tools
    and the JSON answers; no screen ranks them."""
    return [h for h in found if h.chance is not None and h.playouts >= MIN_PLAYOUTS]


def hint_status(game: Game, found: list[Hint]) -> str:
    """``over`` (nothing to choose), ``ready`` (an option measured enough to show, :func:`shown`) or ``not_enough``
    (a decision is pending but no option reached :data:`MIN_PLAYOUTS` playouts in the time: still thinking, the
    machine is busy)."""
    if game.decision() is None or not game.legal_actions():
        return "over"
    return "ready" if shown(found) else "not_enough"


def not_enough_text(lang: str = "en") -> str:
    """What a hint says when no option reached :data:`MIN_PLAYOUTS` playouts: plainly, that it needs more time."""
    return render(Event("hint_not_enough", {"playouts": MIN_PLAYOUTS}), lang)


def _even_reason(
    index: int, sure: list[int], groups: dict[int, int], tallies: list[_Tally], prior: float, lang: str, game: Game
) -> str:
    """For an option whose 95% interval overlaps another shown option's (same group): that the two are even, and
    why the bot still ranks them as it does (a few more playouts won, a gap within chance; or, the same share
    won, sooner wins and further progress). Never two equal numbers as a contrast. "" when it is alone."""
    if index not in groups:
        return ""
    mates = [j for j in sure if j != index and groups.get(j) == groups[index]]
    if not mates:
        return ""
    first = sure.index(index) < min(sure.index(j) for j in mates)
    other = tallies[mates[0]] if first else tallies[next(j for j in sure if groups.get(j) == groups[index])]
    mine = tallies[index]
    a, b = _percent_pair(mine.chance, other.chance, lang)
    if a != b:
        key = "hint_even_first" if first else "hint_even_below"
        return render(Event(key, {"mine": a, "others": b}), lang, game.ctx.content)
    key = "hint_even_first_tie" if first else "hint_even_below_tie"
    return render(Event(key, {"percent": a}), lang, game.ctx.content)


def _percent_pair(x: float, y: float, lang: str) -> tuple[str, str]:
    """Two shares as percentages with as many decimals (0 to 2) as it takes to tell them apart, if they differ."""
    for digits in (0, 1, 2):
        a, b = f"{x * 100:.{digits}f}%", f"{y * 100:.{digits}f}%"
        if a != b:
            break
    return (a, b) if lang == "en" else (a.replace(".", ","), b.replace(".", ","))


def _within(tasks: list[tuple[int, list[int]]], budget: int) -> list[tuple[int, list[int]]]:
    """The first tasks that fit in ``budget`` playouts."""
    out = []
    for i, futures in tasks:
        if budget <= 0:
            break
        out.append((i, futures[:budget]))
        budget -= len(futures[:budget])
    return out


def _size(tasks: list[tuple[int, list[int]]]) -> int:
    return sum(len(f) for _, f in tasks)


def _run_tasks(
    job: _Job,
    tasks: list[tuple[int, list[int]]],
    tallies: list[_Tally],
    pool: ProcessPoolExecutor | None,
    deadline: float | None,
) -> bool:
    """Run the tasks (option index, futures); False when the time ran out first (what finished still counts)."""
    if pool is None:
        for i, futures in tasks:
            if deadline is not None and time.perf_counter() >= deadline:
                return False
            tallies[i].add(_run_chunk(job, i, futures)[1])
        return True
    pending: set[Future[tuple[int, _Tally]]] = {pool.submit(_run_forked_chunk, i, f) for i, f in tasks}
    while pending:
        timeout = None if deadline is None else max(0.0, deadline - time.perf_counter())
        done, pending = wait(pending, timeout=timeout, return_when=FIRST_COMPLETED)
        for fut in done:
            i, tally = fut.result()
            tallies[i].add(tally)
        if not done and pending:
            for fut in pending:
                fut.cancel()
            return False
    return True


def _try(
    ctx: Ctx,
    game: Game,
    action: Action,
    future: int,
    tally: _Tally,
    lang: str,
    horizon: int | None,
    weights: tuple[float, ...] = WEIGHTS,
) -> None:
    """One playout of ``action`` against the re-drawn future numbered ``future``."""
    future_rng = random.Random(future)
    work = game.state.copy()
    resample_hidden(work, future_rng)
    shown: set[tuple[int, str]] = set()
    for ev in apply_action_in_place(ctx, work, action):
        if ev.msg in TELLING and ev.msg not in ECHOES.get(action.verb, ()):
            shown.add((TELLING.index(ev.msg), render(ev, lang, ctx.content)))
    tally.seen.update(shown)
    bot = rollout_bot(future_rng.getrandbits(32))
    end, steps = play_out(ctx, work, bot, future_rng, PLAYOUT_LIMIT if horizon is None else horizon, hero=True)
    tally.playouts += 1
    _measure(ctx, end, tally.measured)
    if end.status == "playing":
        chance = win_probability(ctx, end, weights)
        tally.wins += chance
        tally.score += chance
    elif end.status == "won":
        spare = max(0, end.end_page - end.hourglass)
        tally.wins += 1
        tally.won += 1
        tally.spare += spare
        tally.score += 1 + SOONER_WEIGHT / (1 + steps / SOONER_STEPS)
    elif end.status == "lost":
        tally.losses[end.outcome or "lost"] += 1


def _reason(tally: _Tally, lang: str, game: Game, others: _Tally | None = None) -> str:
    content = game.ctx.content
    parts = []
    changed = _difference(tally, others, game, lang) if others is not None else None
    if changed is not None:
        parts.append(changed)
    often = [(p, text) for (p, text), n in tally.seen.items() if n >= SEEN_OFTEN * tally.playouts]
    if often:
        priority, text = min(often)
        n = tally.seen[(priority, text)]
        parts.append(Event("hint_seen", {"event": text.rstrip("."), "count": n, "total": tally.playouts}))
    if tally.won:
        pages = f"{tally.spare / tally.won:.1f}"
        parts.append(Event("hint_spare", {"pages": pages if lang == "en" else pages.replace(".", ",")}))
    lost = sum(tally.losses.values())
    if lost:
        cause, _ = tally.losses.most_common(1)[0]
        parts.append(Event("hint_losses", {"lost": lost, "reason": cause}))
    if others is not None and changed is None and others.playouts:
        parts.insert(0, Event("hint_same", {}))  # measured, and nothing differed by much from the others
    return " ".join(render(ev, lang, content) for ev in parts or [Event("hint_quiet")])


# --- what an option changes (issue 25): measured against the other options' playouts ---------------------------

# The smallest differences worth telling, per playout on average, and what one unit of each is worth when they
# are weighed against each other (a capture weighs most; 20% of the chapter's way is worth a wound).
_THRESHOLDS = {"captures": 0.05, "pages": 0.1, "progress": 0.03, "wounds": 0.1, "minions": 0.1, "rounds": 0.2}
_WEIGHTS = {"captures": 3.0, "pages": 1.5, "progress": 5.0, "wounds": 1.0, "minions": 0.8, "rounds": 1.5}


def _measure(ctx: Ctx, end: State, into: _Measures) -> None:
    """Add where one playout ended to ``into``."""
    values = {
        "pages": float(end.hourglass),
        "captures": float(sum(1 for h in end.heroes.values() if h.captured)),
        "progress": plan_progress(ctx, end),
        "minions": float(len(end.minions)),
    }
    into.pages += values["pages"]
    into.captures += values["captures"]
    into.progress += values["progress"]
    into.minions += values["minions"]
    for h in end.heroes.values():
        if not h.captured:
            into.wounds[h.id] += h.wounds
            values[f"wounds:{h.id}"] = float(h.wounds)
    into.squares.update({k: v * v for k, v in values.items()})
    if end.status == "won":
        into.won += 1
        into.won_rounds += end.round


def _spread(a: _Measures, n: int, b: _Measures, m: int, key: str, mean_a: float, mean_b: float) -> float:
    """The standard error of the difference of the two means of measure ``key``."""
    var_a = max(0.0, a.squares[key] / n - mean_a * mean_a)
    var_b = max(0.0, b.squares[key] / m - mean_b * mean_b)
    return math.sqrt(var_a / n + var_b / m)


def _others(tallies: list[_Tally], index: int) -> _Tally:
    """The playouts of every option but ``index``, pooled: what the option is measured against."""
    pooled = _Tally()
    for i, t in enumerate(tallies):
        if i != index:
            pooled.add(t)
    return pooled


def _fmt(x: float, lang: str = "en") -> str:
    text = f"{x:.1f}"
    return text if lang == "en" else text.replace(".", ",")


def _fmt_pair(x: float, y: float, lang: str = "en") -> tuple[str, str]:
    """Two measures with one decimal, or two when one decimal would print the same number twice (issue 32:
    "0.1 against 0.1")."""
    for digits in (1, 2):
        a, b = f"{x:.{digits}f}", f"{y:.{digits}f}"
        if a != b:
            break
    return (a, b) if lang == "en" else (a.replace(".", ","), b.replace(".", ","))


def _difference(mine: _Tally, others: _Tally, game: Game, lang: str = "en") -> Event | None:
    """The one thing this option's playouts did most differently, for the better, from the other options'
    (averaged per playout), as a catalog event with the measured numbers; None when nothing stood out."""
    if not mine.playouts or not others.playouts:
        return None
    a, b = mine.measured, others.measured
    n, m = mine.playouts, others.playouts
    found: list[tuple[float, Event]] = []

    def consider(kind: str, gain: float, event: Event, key: str = "", means: tuple[float, float] = (0, 0)) -> None:
        # worth telling: past the threshold, and (for a measure with a spread) past twice its standard error
        noise = 2 * _spread(a, n, b, m, key, *means) if key else 0.0
        if gain >= _THRESHOLDS[kind] and gain > noise:
            found.append((gain * _WEIGHTS[kind], event))

    mc, oc = a.captures / n, b.captures / m
    consider(
        "captures",
        oc - mc,
        Event("hint_fewer_captures", dict(zip(("mine", "others"), _fmt_pair(mc, oc, lang), strict=True))),
        "captures",
        (mc, oc),
    )
    mp, op = a.pages / n, b.pages / m
    back = Event("hint_pages_back", {"pages": _fmt(op - mp, lang), **dict(zip(("mine", "others"), _fmt_pair(mp, op, lang), strict=True))})
    consider("pages", op - mp, back, "pages", (mp, op))
    mg, og = a.progress / n, b.progress / m
    consider("progress", mg - og, Event("hint_further", {"points": round((mg - og) * 100)}), "progress", (mg, og))
    for hero in game.state.heroes:
        mw, ow = a.wounds[hero] / n, b.wounds[hero] / m
        spared = Event("hint_spares", {"hero": hero, **dict(zip(("mine", "others"), _fmt_pair(mw, ow, lang), strict=True))})
        consider("wounds", ow - mw, spared, f"wounds:{hero}", (mw, ow))
    mm, om = a.minions / n, b.minions / m
    cleared = Event("hint_fewer_minions", dict(zip(("mine", "others"), _fmt_pair(mm, om, lang), strict=True)))
    consider("minions", om - mm, cleared, "minions", (mm, om))
    if a.won and b.won:
        mr, orr = a.won_rounds / a.won, b.won_rounds / b.won
        consider("rounds", orr - mr, Event("hint_sooner", {"rounds": _fmt(orr - mr, lang)}))
    if not found:
        return None
    return max(found, key=lambda f: f[0])[1]


def _idle(game: Game, action: Action) -> bool:
    """An option that changes nothing on the board: taking off a card, or ending the turn with movement left."""
    st = game.state
    if action.verb == "unequip":
        return True
    return action.verb == "end" and st.turn is not None and st.turn.move_points > 0


IDLE_LEAD = 0.1  # while screening, an idle option keeps its place only this far ahead of the best other one


def _screen_idle_last(
    game: Game, options: list[Action], tallies: list[_Tally], live: list[int], prior: float
) -> list[int]:
    """While screening: the idle options (:func:`_idle`) after the others, so the final round's playouts go to
    options that do something, unless an idle one leads the best other by :data:`IDLE_LEAD` or more."""
    doers = [i for i in live if not _idle(game, options[i])]
    if not doers:
        return live
    bar = tallies[doers[0]].rank(prior) + IDLE_LEAD
    ahead = [i for i in live if _idle(game, options[i]) and tallies[i].rank(prior) >= bar]
    return ahead + doers + [i for i in live if i not in ahead and i not in doers]


def _idle_last(game: Game, options: list[Action], tallies: list[_Tally], order: list[int]) -> list[int]:
    """``order`` with each idle option (:func:`_idle`) moved after every option with a chance shown that it does
    not truly beat (its whole 95% interval above the other's): an option that changes nothing is hinted first
    only when it is truly best."""
    out = [i for i in order if not _idle(game, options[i])]
    for i in order:
        if i in out:
            continue
        t = tallies[i]
        low = wilson(t.wins, t.playouts)[0] if t.playouts >= MIN_PLAYOUTS else -1.0
        not_beaten = [
            k
            for k, j in enumerate(out)
            if tallies[j].playouts >= MIN_PLAYOUTS and low <= wilson(tallies[j].wins, tallies[j].playouts)[1]
        ]
        out.insert(not_beaten[-1] + 1 if not_beaten else (0 if low >= 0 else len(out)), i)
    return out
