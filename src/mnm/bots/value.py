"""A value estimate: the chance that the party wins from a position, without playing to the end.

A playout to the end of Chapter 1 takes about 170 decisions; hints and the search bot cannot afford hundreds of
them in a few seconds. So they play a *truncated* playout (the same rules of thumb, :data:`HORIZON` decisions)
and score the position reached with :func:`win_probability`: a logistic model over a few features of the
position (time left, how far along the chapter's way the party is, health, captures, minions, the wheel).

The shipped weights (:data:`WEIGHTS`) are fitted by :func:`fit` on positions from Chapters 1 and 2's playouts
played to the end (their outcome known), ``MNM_ENGINE=pure python -m mnm.bots.value --games 120`` (the
compiled module has no code for ``-m``; docs/bots.md, "The value estimate", gives the fit's figures). The search bot and the hints use :func:`chapter_weights`: the same features
fitted again on the chapter being played (120 heuristic playouts, pulled toward the shipped weights), because what
a position is worth differs from one chapter to the next (issue 37: on a designer's chapter the shipped weights
judged worse than the base rate). A finished playout scores 1 (won) or 0 (lost), so the estimate only stands in
for the part not played.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Sequence

from mnm.bots.plan import progress as plan_progress
from mnm.bots.policy import position_measures
from mnm.chapter_language import Condition
from mnm.engine import Ctx, IllegalAction, State

__all__ = ["FEATURES", "FIT_GAMES", "HORIZON", "WEIGHTS", "chapter_weights", "features", "fit", "win_probability"]

HORIZON = 20  # decisions played before the estimate takes over (about two rounds of Chapter 1)

FEATURES = (
    "bias",
    "pages_left",  # end page minus hourglass: the time the party has
    # the plan's progress (0..1, mnm.bots.plan), the mean over the free mice (issue 37: a chapter's places want
    # every free mouse there; the mean fitted better than the furthest mouse's)
    "progress",
    "explored",  # share of the chapter's sides explored
    "wounds",  # wounds over the party's life
    "captured",  # share of the party captured
    "minion_load",  # minion life on the board, over 10
    "wheel",  # cheese on the wheel, over 6
    "time_x_progress",  # pages left times what remains of the way: late and far is worse than either
    # a chapter's own counters (issue 37: a designer's chapter may lose on a counter, "noise >= 8", before the
    # hourglass runs out): the nearest defeat counter's share of its limit, and the victory counters' mean share
    "defeat_counter",
    "victory_counter",
)

# Fitted by `MNM_ENGINE=pure python -m mnm.bots.value --games 120` (see the module docstring; issue 37, docs/bots.md); order as
# FEATURES.
# The shipped chapters have no counter in their victory or defeat: the counters' weights are 0 until a chapter's
# own fit (chapter_weights) gives them one.
WEIGHTS: tuple[float, ...] = (-4.5819, 0.9926, 2.535, 3.8798, -2.3833, 0.1377, -2.5922, -1.6373, -0.1163, 0.0, 0.0)


def features(ctx: Ctx, st: State) -> list[float]:
    """The position's features, in :data:`FEATURES` order."""
    explored, life, wounds, captured, minion_load = position_measures(ctx, st)
    progress = plan_progress(ctx, st, party=True) or explored  # a goal the plan cannot place: sides explored
    pages_left = st.end_page - st.hourglass
    defeat_limits, victory_targets = counter_limits(ctx)
    near_defeat = max((_share(st, name, limit) for name, limit in defeat_limits), default=0.0)
    toward_victory = (
        sum(_share(st, name, target) for name, target in victory_targets) / len(victory_targets)
        if victory_targets
        else 0.0
    )
    return [
        1.0,
        float(pages_left),
        progress,
        explored,
        wounds / max(1, life),
        captured,
        minion_load / 10,
        st.wheel / 6,
        pages_left * (1.0 - progress),
        near_defeat,
        toward_victory,
    ]


_LIMITS: dict[int, tuple[object, tuple[tuple[str, int], ...], tuple[tuple[str, int], ...]]] = {}


def counter_limits(ctx: Ctx) -> tuple[tuple[tuple[str, int], ...], tuple[tuple[str, int], ...]]:
    """The chapter's counters that rise toward a defeat and toward its victory, each with the value that ends it:
    ``counter: {name, op: ge|gt, value}`` conditions with a positive limit, read from the chapter's defeat (any of
    them, or inside an ``any``) and victory (every one, or inside an ``all``); cached per chapter object."""
    found = _LIMITS.get(id(ctx.chapter))
    if found is not None and found[0] is ctx.chapter:
        return found[1], found[2]
    defeat = tuple(_rising(c) for c in _opened(ctx.chapter.defeat))
    victory = tuple(_rising(c) for c in _opened(ctx.chapter.victory))
    got = (tuple(x for x in defeat if x is not None), tuple(x for x in victory if x is not None))
    if len(_LIMITS) > 256:
        _LIMITS.clear()
    _LIMITS[id(ctx.chapter)] = (ctx.chapter, got[0], got[1])
    return got


def _opened(conditions: Iterable[Condition]) -> list[Condition]:
    """The conditions with ``all`` and ``any`` groups opened (either way, each member's counter is a limit)."""
    out: list[Condition] = []
    for c in conditions:
        if c.kind.value in ("all", "any"):
            out += _opened(c.params)
        else:
            out.append(c)
    return out


def _rising(c: Condition) -> tuple[str, int] | None:
    """(counter, the value that makes ``c`` true) when ``c`` is a counter reaching a positive limit from below."""
    if c.kind.value != "counter":
        return None
    test = c.params
    limit = test.value + 1 if test.op == "gt" else test.value
    return (test.name, limit) if test.op in ("ge", "gt") and limit > 0 else None


def _share(st: State, name: str, limit: int) -> float:
    value = st.chapter_vars.get(name, 0)
    return max(0.0, min(1.0, float(value) / limit)) if not isinstance(value, bool) else 0.0


def win_probability(ctx: Ctx, st: State, weights: Sequence[float] = WEIGHTS) -> float:
    """The estimated chance of winning from ``st``: 1 or 0 when the chapter is over."""
    if st.status == "won":
        return 1.0
    if st.status != "playing":
        return 0.0
    return win_probability_from(weights, features(ctx, st))


def win_probability_from(weights: Sequence[float], feats: Sequence[float]) -> float:
    """The logistic model's chance for a position's features (:func:`win_probability` without the end's 1 or 0)."""
    z = sum(w * x for w, x in zip(weights, feats, strict=True))
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


def fit(
    samples: list[tuple[list[float], int]],
    steps: int = 30,
    l2: float = 1e-4,
    prior: Sequence[float] | None = None,
) -> tuple[float, ...]:
    """Logistic regression on (features, won) samples by Newton's method (iteratively reweighted least squares),
    with an L2 penalty pulling the weights toward ``prior`` (zero when None); ``steps`` Newton steps at most (a
    dozen converge on these samples). Plain Python: the bots need no numerical library, and eleven features or
    fewer make a small system.

    >>> fit([([1.0, 0.0], 0), ([1.0, 1.0], 1), ([1.0, 1.0], 0), ([1.0, 0.0], 0)], l2=0.0)[0] < 0
    True
    """
    k = len(samples[0][0]) if samples else len(FEATURES)
    centre = list(prior) if prior is not None else [0.0] * k
    w = [0.0] * k  # Newton's method from zero: from far weights (saturated chances) its first steps overshoot
    loss = _penalised_loss(samples, w, l2, centre)
    for _ in range(steps):
        grad = [l2 * (w[i] - centre[i]) for i in range(k)]
        hess = [[l2 if i == j else 0.0 for j in range(k)] for i in range(k)]
        for x, won in samples:
            p = win_probability_from(w, x)
            g = p - won
            h = p * (1.0 - p)
            for i in range(k):
                xi = x[i]
                if xi == 0.0:
                    continue
                grad[i] += g * xi
                row = hess[i]
                hx = h * xi
                for j in range(k):
                    row[j] += hx * x[j]
        step = _solve(hess, grad)
        # a step that does not lower the loss is halved (damped Newton): the fit cannot run away
        scale = 1.0
        for _ in range(20):
            trial = [wi - scale * si for wi, si in zip(w, step, strict=True)]
            trial_loss = _penalised_loss(samples, trial, l2, centre)
            if trial_loss <= loss:
                break
            scale /= 2
        else:
            break
        moved = max(abs(scale * si) for si in step)
        w, loss = trial, trial_loss
        if moved < 1e-6:
            break
    return tuple(round(v, 4) for v in w)


def _penalised_loss(samples: list[tuple[list[float], int]], w: list[float], l2: float, centre: list[float]) -> float:
    """The fit's objective: the samples' negative log-likelihood plus the L2 pull toward ``centre``."""
    total = 0.5 * l2 * sum((wi - ci) ** 2 for wi, ci in zip(w, centre, strict=True))
    for x, won in samples:
        z = max(-30.0, min(30.0, sum(wi * xi for wi, xi in zip(w, x, strict=True))))
        # log(1 + e^z) - won * z, computed without overflow
        total += (z if z > 0 else 0.0) + math.log1p(math.exp(-abs(z))) - won * z
    return total


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """``a x = b`` by Gaussian elimination with partial pivoting (``a`` symmetric positive definite here); a
    singular column (a feature that never varies, without a penalty) gets 0."""
    n = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        if abs(m[col][col]) < 1e-12:
            continue
        for r in range(col + 1, n):
            f = m[r][col] / m[col][col]
            if f != 0.0:
                for c in range(col, n + 1):
                    m[r][c] -= f * m[col][c]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        if abs(m[r][r]) < 1e-12:
            continue
        x[r] = (m[r][n] - sum(m[r][c] * x[c] for c in range(r + 1, n))) / m[r][r]
    return x


# Issue 37: weights fitted on a chapter's own playouts. The shipped weights read Chapters 1 and 2; on a designer's
# chapter they can be worse than knowing nothing (held-out Brier 0.49 on the corpus's Two Keys against 0.22 for
# the base rate; 0.18 fitted on its own playouts), so the search bot fits its judge on the chapter it plays.
FIT_GAMES = 120  # heuristic playouts a chapter's own weights are fitted on (about 2,500 positions)
FIT_SEED = 900_000  # their seeds: fixed, so a chapter's weights (and every search game) replay identically
FIT_PRIOR = 5.0  # the pull toward the shipped weights: a chapter's playouts move them only as far as they show
_fitted: list[tuple[object, tuple[object, ...], tuple[float, ...]]] = []  # (origin, key, weights), newest last
_FITTED_KEPT = 16


def chapter_weights(ctx: Ctx, st: State, games: int = FIT_GAMES, hero: bool = False) -> tuple[float, ...]:
    """Weights fitted on ``games`` heuristic playouts of this chapter with this party and these rule options
    (:func:`_collect_chapter`), pulled toward the shipped :data:`WEIGHTS` (``FIT_PRIOR``); kept per chapter in the
    process, so a chapter's first search decision pays for the playouts (1.3 s for Chapter 1 compiled) and the
    rest do not.
    ``games`` 0, or a party the chapter would not set up (a scenario's): the shipped weights. ``hero``: fitted on
    playouts that play the heroes' whole game (issue 44; the hints' playouts), for a shipped chapter with the box's
    first heroes read from :data:`mnm.bots.fits.HERO_FITS` when it has them (the same numbers, fitted ahead: the
    first hint of a chapter need not wait for its playouts)."""
    if games <= 0:
        return WEIGHTS
    # a chapter file's chapter is known by its digest (the workshop's workers read a draft once per chunk of games:
    # a new content object, the same chapter); a shipped chapter by its content object
    source = ctx.content.chapter_files.get(ctx.chapter.id)
    origin: object = source.digest if source is not None else ctx.content
    key: tuple[object, ...] = (ctx.chapter.id, tuple(st.party), tuple(sorted(st.options.items())), games, hero)
    if hero and source is None and games == FIT_GAMES:
        from mnm.bots.fits import HERO_FITS, fit_key

        ahead = HERO_FITS.get(fit_key(ctx.chapter.id, st.party, st.options))
        if ahead is not None:
            return ahead
    for seen_origin, seen, weights in _fitted:
        same = seen_origin == origin if isinstance(origin, str) else seen_origin is origin
        if same and seen == key:
            return weights
    try:
        samples = _collect_chapter(ctx, list(st.party), st.options, games, FIT_SEED, hero=hero)
    except IllegalAction:  # a party the chapter would not set up (a scenario's, a puzzle's): the shipped weights
        samples = []
    weights = fit(samples, steps=12, l2=FIT_PRIOR, prior=WEIGHTS) if samples else WEIGHTS
    _fitted.append((origin, key, weights))
    del _fitted[:-_FITTED_KEPT]
    return weights


def _collect_chapter(
    ctx: Ctx, party: list[str], options: dict[str, bool], games: int, seed: int, every: int = 6, hero: bool = False
) -> list[tuple[list[float], int]]:
    """Positions (every ``every``-th decision) from ``games`` playouts of ``ctx``'s chapter played to the end by
    :func:`mnm.bots.playout.playout_step`'s rules (``hero``: with the heroes' rules of thumb), each with the
    game's result (1 won)."""
    from mnm.bots.playout import playout_step
    from mnm.bots.policy import HeuristicBot
    from mnm.engine import Game, legal_actions

    out: list[tuple[list[float], int]] = []
    for g in range(games):
        game = Game.new(ctx.chapter.id, party, seed=seed + g, options=options, content=ctx.content)
        st = game.state.copy()
        rng = random.Random(seed + g)
        bot = HeuristicBot(seed=seed + g, samples=1)
        seen: list[list[float]] = []
        for step in range(5000):
            if st.status != "playing":
                break
            legal = legal_actions(ctx, st)
            if not legal:
                break
            if step % every == 0:
                seen.append(features(ctx, st))
            playout_step(ctx, st, bot, rng, legal, hero)
        won = int(st.status == "won")
        out.extend((f, won) for f in seen)
    return out


def _collect(
    chapter: str, games: int, seed: int, options: dict[str, bool], every: int = 6
) -> list[tuple[list[float], int]]:
    """Positions from Chapter ``chapter``'s playouts with the four heroes of the box (the shipped weights' fit)."""
    from mnm.engine import Game, make_ctx

    game = Game.new(chapter, ["collin", "tilda", "filch", "maginos"], seed=seed, options=options)
    ctx = make_ctx(game.ctx.content, game.ctx.chapter.id)
    return _collect_chapter(ctx, list(game.state.party), options, games, seed, every)


def _main() -> None:  # pragma: no cover - an offline fitting tool
    import argparse
    import json

    parser = argparse.ArgumentParser(description="Fit the value estimate's weights from playouts.")
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=500_000)
    args = parser.parse_args()
    from mnm.engine import DIFFICULTY_PRESETS

    samples: list[tuple[list[float], int]] = []
    held: list[tuple[list[float], int]] = []
    for i, preset in enumerate(DIFFICULTY_PRESETS.values()):
        for chapter in ("1", "2"):
            got = _collect(chapter, args.games, args.seed + 10_000 * i, preset.option_flags())
            cut = len(got) * 4 // 5
            samples += got[:cut]
            held += got[cut:]
    weights = fit(samples)
    brier = sum((win_probability_from(weights, f) - y) ** 2 for f, y in held) / max(1, len(held))
    base = sum(y for _, y in held) / max(1, len(held))
    print(
        json.dumps(
            {
                "weights": weights,
                "samples": len(samples),
                "held_out": len(held),
                "brier": round(brier, 4),
                "brier_of_base_rate": round(base * (1 - base), 4),
            }
        )
    )


if __name__ == "__main__":  # pragma: no cover
    _main()
