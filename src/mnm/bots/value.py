"""A value estimate: the chance that the party wins from a position, without playing to the end.

A playout to the end of Chapter 1 takes about 170 decisions; hints and the search bot cannot afford hundreds of
them in a few seconds. So they play a *truncated* playout (the same rules of thumb, :data:`HORIZON` decisions)
and score the position reached with :func:`win_probability`: a logistic model over a few features of the
position (time left, how far along the chapter's way the party is, health, captures, minions, the wheel).

The weights are fitted by :func:`fit` on positions from playouts played to the end (their outcome known),
``python -m mnm.bots.value --games 400`` (docs/bots.md, "The value estimate", gives the fit's figures). A
finished playout scores 1 (won) or 0 (lost), so the estimate only stands in for the part not played.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from mnm.bots.plan import progress as plan_progress
from mnm.bots.policy import position_measures
from mnm.engine import Ctx, State

__all__ = ["FEATURES", "HORIZON", "WEIGHTS", "features", "fit", "win_probability"]

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
)

# Fitted by `python -m mnm.bots.value --games 120` (see the module docstring; issue 37, docs/bots.md); order as
# FEATURES.
WEIGHTS: tuple[float, ...] = (-4.5819, 0.9926, 2.535, 3.8798, -2.3833, 0.1377, -2.5922, -1.6373, -0.1163)


def features(ctx: Ctx, st: State) -> list[float]:
    """The position's features, in :data:`FEATURES` order."""
    explored, life, wounds, captured, minion_load = position_measures(ctx, st)
    progress = plan_progress(ctx, st, party=True) or explored  # a goal the plan cannot place: sides explored
    pages_left = st.end_page - st.hourglass
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
    ]


def win_probability(ctx: Ctx, st: State, weights: Sequence[float] = WEIGHTS) -> float:
    """The estimated chance of winning from ``st``: 1 or 0 when the chapter is over."""
    if st.status == "won":
        return 1.0
    if st.status != "playing":
        return 0.0
    z = sum(w * x for w, x in zip(weights, features(ctx, st), strict=True))
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


def fit(samples: list[tuple[list[float], int]], steps: int = 30, l2: float = 1e-4) -> tuple[float, ...]:
    """Logistic regression (numpy) on (features, won) samples by Newton's method (iteratively reweighted least
    squares), with a light L2 penalty; ``steps`` Newton steps (a dozen converge on these samples)."""
    import numpy as np

    x = np.array([f for f, _ in samples], dtype=float)
    y = np.array([won for _, won in samples], dtype=float)
    w = np.zeros(x.shape[1])
    for _ in range(steps):
        p = 1 / (1 + np.exp(-np.clip(x @ w, -30, 30)))
        hessian = x.T @ (x * (p * (1 - p))[:, None]) + l2 * np.eye(x.shape[1])
        w -= np.linalg.solve(hessian, x.T @ (p - y) + l2 * w)
    return tuple(round(float(v), 4) for v in w)


def _collect(
    chapter: str, games: int, seed: int, options: dict[str, bool], every: int = 6
) -> list[tuple[list[float], int]]:
    """Positions from playouts played to the end with :func:`mnm.bots.playout.play_out`'s rules, with the result."""
    from mnm.bots.playout import playout_step
    from mnm.bots.policy import HeuristicBot
    from mnm.engine import Game, legal_actions, make_ctx

    out: list[tuple[list[float], int]] = []
    for g in range(games):
        game = Game.new(chapter, ["collin", "tilda", "filch", "maginos"], seed=seed + g, options=options)
        ctx = make_ctx(game.ctx.content, game.ctx.chapter.id)
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
            playout_step(ctx, st, bot, rng, legal)
        won = int(st.status == "won")
        out.extend((f, won) for f in seen)
    return out


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


def win_probability_from(weights: Sequence[float], feats: Sequence[float]) -> float:
    z = sum(w * x for w, x in zip(weights, feats, strict=True))
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


if __name__ == "__main__":  # pragma: no cover
    _main()
