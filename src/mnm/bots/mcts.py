"""The search bot: Monte Carlo tree search over the engine with hidden information re-sampled.

Every iteration starts from a fresh *determinisation* of the real state (dice stream and deck order re-drawn
from the bot's own random stream, :func:`resample_hidden`), so the bot plans against futures it could
imagine, never the real one. Nodes are keyed by the action text path from the root; an option that is not legal
in some determinisation is simply not offered there. Leaves are scored by a short random rollout followed by
:func:`evaluate`. The budget is a number of iterations, or a time limit in seconds (only for interactive use:
time budgets make results depend on machine speed).
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field

from mnm.bots.policy import HeuristicBot, evaluate, resample_hidden
from mnm.engine import Action, Ctx, Game, State, apply_action_in_place, legal_actions, make_ctx

__all__ = ["PLAYOUT_LIMIT", "SearchBot", "play_out", "rank_options"]

PLAYOUT_LIMIT = 5_000  # decisions; a guard only: Chapter 1 playouts take about 200


@dataclass
class _Node:
    visits: int = 0
    value: float = 0.0
    children: dict[str, _Node] = field(default_factory=dict)


def _uct(parent: _Node, child: _Node, c: float) -> float:
    if child.visits == 0:
        return math.inf
    return child.value / child.visits + c * math.sqrt(math.log(parent.visits + 1) / child.visits)


def play_out(
    ctx: Ctx, st: State, bot: HeuristicBot, rng: random.Random, limit: int = PLAYOUT_LIMIT
) -> tuple[State, int]:
    """Play on from ``st`` to the end of the chapter (or ``limit`` decisions); return the last state and the
    number of decisions taken.

    Mice's turns follow the heuristic's rules of thumb (:meth:`HeuristicBot.turn_choice`); the rarer questions
    (which card to keep, which ability to take...) are answered at random from ``rng``. ``st`` may be changed."""
    work = st
    steps = 0
    for steps in range(limit + 1):
        if work.status != "playing" or steps == limit:
            break
        legal = legal_actions(ctx, work)
        if not legal:
            break
        pick = None
        if work.pending is not None and work.pending.kind == "turn":
            pick = bot.turn_choice(ctx, work, legal)
        apply_action_in_place(ctx, work, pick or legal[rng.randrange(len(legal))])
        ctx.events.clear()
    return work, steps


def rank_options(
    ctx: Ctx,
    st: State,
    rng: random.Random,
    iterations: int = 64,
    rollout: int = 6,
    seconds: float | None = None,
    c: float = 0.7,
) -> list[tuple[Action, float, int]]:
    """Every legal option with its estimated chance of winning and its visit count, best first."""
    root = _Node()
    # The heuristic's rules of thumb guide rollouts. Its random stream is drawn from ``rng`` on every call, so
    # a ranking depends only on its inputs, never on what was searched before in this process.
    rollout_bot = HeuristicBot(seed=rng.getrandbits(32), samples=1)
    options = legal_actions(ctx, st)
    by_text = {str(a): a for a in options}
    deadline = time.perf_counter() + seconds if seconds else None
    done = 0
    while done < iterations or (deadline is not None and time.perf_counter() < deadline):
        if deadline is not None and time.perf_counter() >= deadline and done >= len(options):
            break
        if deadline is None and done >= iterations:
            break
        done += 1
        work = st.copy()
        resample_hidden(work, rng)
        node = root
        path = [root]
        depth = 0
        # selection and expansion
        while work.status == "playing" and depth < 12:
            legal = legal_actions(ctx, work)
            if not legal:
                break
            texts = [str(a) for a in legal]
            unvisited = [t for t in texts if t not in node.children]
            if unvisited:
                text = unvisited[rng.randrange(len(unvisited))]
                node.children[text] = _Node()
                apply_action_in_place(ctx, work, legal[texts.index(text)])
                node = node.children[text]
                path.append(node)
                break
            text = max(texts, key=lambda t: _uct(node, node.children[t], c))
            apply_action_in_place(ctx, work, legal[texts.index(text)])
            node = node.children[text]
            path.append(node)
            depth += 1
        # rollout: the heuristic rules of thumb without lookahead (cheap), with a little randomness
        for _ in range(rollout):
            if work.status != "playing":
                break
            legal = legal_actions(ctx, work)
            if not legal:
                break
            pick = None
            if work.pending is not None and work.pending.kind == "turn" and rng.random() > 0.15:
                pick = rollout_bot.turn_choice(ctx, work, legal)
            apply_action_in_place(ctx, work, pick or legal[rng.randrange(len(legal))])
        value = evaluate(ctx, work)
        ctx.events.clear()
        for n in path:
            n.visits += 1
            n.value += value
    ranked = []
    for text, child in root.children.items():
        if text in by_text and child.visits:
            ranked.append((by_text[text], child.value / child.visits, child.visits))
    ranked.sort(key=lambda r: (-r[2], -r[1]))
    return ranked


@dataclass
class SearchBot:
    """The heuristic bot's judgement, checked by search: at a mouse's turn, MCTS (heuristic-guided rollouts,
    hidden information re-sampled) ranks the options, and the bot departs from the heuristic's pick only when
    the search finds an option clearly better over enough playouts. Budget: iterations (reproducible) or seconds
    (interactive)."""

    seed: int = 0
    iterations: int = 40
    rollout: int = 8
    seconds: float | None = None
    margin: float = 0.05
    name: str = "search"
    rng: random.Random = field(init=False)
    _ctx: Ctx | None = field(default=None, init=False)
    _heuristic: HeuristicBot = field(init=False)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)
        self._heuristic = HeuristicBot(seed=self.seed)

    def choose(self, game: Game) -> Action:
        options = game.legal_actions()
        if not options:
            raise ValueError("there is no decision to make: the game is over")
        fallback = self._heuristic.choose(game)
        decision = game.decision()
        if len(options) == 1 or decision is None or decision.kind != "turn":
            return fallback
        if self._ctx is None or self._ctx.chapter.id != game.ctx.chapter.id:
            self._ctx = make_ctx(game.ctx.content, game.ctx.chapter.id)
        ranked = rank_options(self._ctx, game.state, self.rng, self.iterations, self.rollout, self.seconds)
        values = {a: (v, n) for a, v, n in ranked}
        base = values.get(fallback, (0.0, 0))[0]
        best = max(ranked, key=lambda r: (r[1], r[2]), default=None)
        if best is not None and best[2] >= 6 and best[1] > base + self.margin:
            return best[0]
        return fallback
