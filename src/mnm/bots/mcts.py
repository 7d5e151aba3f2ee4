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
from typing import Any

from mnm.bots.playout import play_out
from mnm.bots.policy import HeuristicBot, evaluate, feeds_defeat, resample_hidden, safe_moves
from mnm.bots.value import FIT_GAMES, WEIGHTS, chapter_weights, win_probability
from mnm.engine import Action, Ctx, Game, State, apply_action_in_place, legal_actions, make_ctx

__all__ = ["BUDGETS", "SearchBot", "rank_options", "rollout_bot"]


@dataclass
class _Node:
    visits: int = 0
    value: float = 0.0
    children: dict[str, _Node] = field(default_factory=dict)


def _uct(parent: _Node, child: _Node, c: float) -> float:
    if child.visits == 0:
        return math.inf
    return child.value / child.visits + c * math.sqrt(math.log(parent.visits + 1) / child.visits)


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
    rollout_player = rollout_bot(rng.getrandbits(32))
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
                pick = rollout_player.turn_choice(ctx, work, legal)
            apply_action_in_place(ctx, work, pick or legal[rng.randrange(len(legal))])
        value = evaluate(ctx, work)
        for n in path:
            n.visits += 1
            n.value += value
    ranked = []
    for text, child in root.children.items():
        if text in by_text and child.visits:
            ranked.append((by_text[text], child.value / child.visits, child.visits))
    ranked.sort(key=lambda r: (-r[2], -r[1]))
    return ranked


SEARCHED_VERBS = ("end", "search", "explore", "battle")
# Abilities and items a mouse may use in its turn (issue 37, fourth round): the heuristic's rules of thumb never
# pick one (healing, a spell, a dodge), so only the search can find when one is worth its cheese.
USED_VERBS = ("ability", "use")
SETTLED_VERBS = ("levelup", "recover")  # the heuristic's pick is kept when it is one of these
# The questions besides the turn the search checks: whether to use a before-turn ability (Collin's Battle Leader,
# for one), which the heuristic's one-step look always declines. Every option is a candidate.
QUESTIONS = ("before_turn",)

# The search bot's budgets by name (bench/search_strength.py measures each; docs/bots.md gives the figures).
# ``standard`` is the bot's default; ``quick`` checks only moves and attacks (two thirds of the cost); ``shipped``
# judges with the shipped weights; ``moves8`` is the first bot of issue 37 (moves only, 8-decision playouts),
# ``third`` the bot of its third round (no ability or item ever a candidate) and ``before`` the bot as it was before
# issue 37, kept as yardsticks.
BUDGETS: dict[str, dict[str, Any]] = {
    "quick": {"checked": ("move", "battle")},
    "standard": {},
    "moves8": {
        "horizon": 8,
        "checked": ("move",),
        "settled": ("battle", *SETTLED_VERBS),
        "tried": SEARCHED_VERBS,
        "questions": (),
        "rounds": 4,
    },
    "shipped": {"fit_games": 0},
    "third": {"tried": SEARCHED_VERBS, "questions": (), "rounds": 4},
    "before": {
        "fit_games": 0,
        "tried": SEARCHED_VERBS,
        "questions": (),
        "playouts": 4,
        "rounds": 3,
        "horizon": 16,
        "cut": False,
        "checked": None,
        "settled": ("battle", *SETTLED_VERBS),
    },
}


def _candidates(
    ctx: Ctx,
    st: State,
    options: list[Action],
    pick: Action,
    bot: HeuristicBot,
    widen: float,
    tried: tuple[str, ...] = (*SEARCHED_VERBS, *USED_VERBS),
) -> list[Action]:
    """The options worth searching: every option whose verb is in ``tried``, and the moves by progressive
    widening: the ``widen * sqrt(moves)`` destinations the one-step evaluation likes best (and the heuristic's
    pick)."""
    moves = [a for a in options if a.verb == "move"]
    # the choices that decide where the party goes and how fast, and the abilities and items used on the way;
    # the other free actions (equip, share...) stay the heuristic's
    others = [a for a in options if a.verb in tried]
    # What feeds one of the chapter's defeats (a space whose entering, a side whose searching, raises a defeat's
    # counter) is no candidate, as the heuristic keeps off it (issue 37, the corpus): a short playout cannot see
    # the defeat coming.
    moves = safe_moves(ctx, moves)
    others = [a for a in others if not feeds_defeat(ctx, st, a)]
    if moves:
        keep = max(1, math.ceil(widen * math.sqrt(len(moves))))
        scored = sorted(moves, key=lambda a: -bot.score(ctx, st, a))
        moves = scored[:keep]
    out = [pick] + [a for a in others + moves if a != pick]
    return out


def paired_values(
    ctx: Ctx,
    st: State,
    options: list[Action],
    futures: list[int],
    horizon: int,
    weights: tuple[float, ...] = WEIGHTS,
) -> dict[Action, list[float]]:
    """For each option, its value (:func:`mnm.bots.value.win_probability` with ``weights`` after a truncated
    playout) against each re-drawn future: the same futures for every option, so their differences are paired."""
    out: dict[Action, list[float]] = {a: [] for a in options}
    for future in futures:
        # one re-drawn future a number: its decks and dice once, then every option plays on a copy of it with the
        # same stream for its rules of thumb
        future_rng = random.Random(future)
        imagined = st.copy()
        resample_hidden(imagined, future_rng)
        stream = future_rng.getrandbits(64)
        for action in options:
            rng = random.Random(stream)
            work = imagined.copy()
            apply_action_in_place(ctx, work, action)
            end, _ = play_out(ctx, work, rollout_bot(rng.getrandbits(32)), rng, horizon)
            out[action].append(win_probability(ctx, end, weights))
    return out


def rollout_bot(seed: int) -> HeuristicBot:
    """The rules of thumb that play a playout: one look per option, and only the dice re-drawn for it (the
    playout's state is already an imagined future)."""
    return HeuristicBot(seed=seed, samples=1, redraw_decks=False)


@dataclass
class SearchBot:
    """The heuristic bot's judgement, checked by search. At a mouse's turn with a choice, the candidate options
    (those whose verb is in ``tried``: ending the turn, searching, exploring, attacking, and since issue 37's
    fourth round using an ability or an item, which the heuristic never does; and the best move destinations by
    progressive widening), and at a question named in ``questions`` every answer, meet the same re-drawn
    futures (hidden dice and decks re-drawn from the bot's own stream: no peeking) in truncated playouts scored
    by the value estimate (:mod:`mnm.bots.value`); after each round a candidate that has not beaten the pick is
    dropped (``cut``, issue 37), then the weaker half (successive halving). Only the picks in ``checked`` are
    searched (None, the default: every pick but levelling up and recovering, ``settled``, which are rarely
    wrong). The bot departs from the heuristic's pick only when the best candidate beats it, paired, by more than
    ``margin`` and by ``sureness`` standard errors. Other decisions go to the heuristic."""

    seed: int = 0
    playouts: int = 2  # futures per candidate in the first round; doubled each round
    # 2, 4 and 8 futures (issue 37, fourth round: a fourth round of 16 cost a fifth more and measured no stronger)
    rounds: int = 3
    horizon: int = 4  # issue 37: 4-decision playouts played at least as well as 8, 12 or 16 (docs/difficulty.md)
    widen: float = 0.7
    margin: float = 0.02
    sureness: float = 2.5
    cut: bool = True  # drop after each round the candidates that have not beaten the pick (issue 37)
    checked: tuple[str, ...] | None = None  # the picks search checks (None: every pick not settled)
    settled: tuple[str, ...] = SETTLED_VERBS  # picks kept as they are, even when ``checked`` names them
    # the verbs of the options that are candidates besides moves (issue 37, fourth round: abilities and items too)
    tried: tuple[str, ...] = (*SEARCHED_VERBS, *USED_VERBS)
    questions: tuple[str, ...] = QUESTIONS  # the decisions besides the turn that are checked, every option a candidate
    # the value estimate's weights are fitted on this many heuristic playouts of the chapter being played (issue 37,
    # mnm.bots.value.chapter_weights: the shipped weights misjudge a designer's chapter); 0: the shipped weights
    fit_games: int = FIT_GAMES
    seconds: float | None = None  # unused: the budget is in playouts, so games replay identically
    name: str = "search"
    rng: random.Random = field(init=False)
    _ctx: Ctx | None = field(default=None, init=False)
    _heuristic: HeuristicBot = field(init=False)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)
        self._ctx = None  # set here too: the compiled bot (mypyc) leaves an init=False field unset
        self._heuristic = HeuristicBot(seed=self.seed)

    def choose(self, game: Game) -> Action:
        options = game.legal_actions()
        if not options:
            raise ValueError("there is no decision to make: the game is over")
        fallback = self._heuristic.choose(game)
        decision = game.decision()
        if len(options) == 1 or decision is None:
            return fallback
        turn = decision.kind == "turn"
        if not turn and decision.kind not in self.questions:
            return fallback
        if self._ctx is None or self._ctx.chapter.id != game.ctx.chapter.id:
            self._ctx = make_ctx(game.ctx.content, game.ctx.chapter.id)
        ctx = self._ctx
        if turn and fallback.verb in self.settled:
            return fallback  # levelling up and recovering are rarely wrong
        if turn and self.checked is not None and fallback.verb not in self.checked:
            return fallback  # a cheaper budget: only the picks it names are checked
        # one stream per decision, drawn from the bot's: a choice depends on the state and the seed only
        rng = random.Random(self.rng.getrandbits(64))
        if turn:
            scorer = HeuristicBot(seed=rng.getrandbits(32), samples=1)
            live = _candidates(ctx, game.state, options, fallback, scorer, self.widen, self.tried)
        else:
            live = [fallback, *(a for a in options if a != fallback)]  # a question: every answer is a candidate
        if len(live) == 1:
            return fallback
        return self._search(ctx, game.state, live, rng)

    def _search(self, ctx: Ctx, st: State, live: list[Action], rng: random.Random) -> Action:
        """The candidate ``live[0]`` (the heuristic's pick) stands unless another clearly beats it in paired
        truncated playouts, by rounds of successive halving (the class's docstring)."""
        fallback = live[0]
        weights = chapter_weights(ctx, st, self.fit_games)
        values: dict[Action, list[float]] = {a: [] for a in live}
        for r in range(self.rounds):
            more = [rng.getrandbits(64) for _ in range(self.playouts << r)]
            got = paired_values(ctx, st, live, more, self.horizon, weights)
            for a in live:
                values[a] += got[a]
            if r == self.rounds - 1:
                break
            pick_total = sum(values[fallback])
            if self.cut:
                # a challenger that has not beaten the pick on the futures so far (after the first round: by the
                # margin it must clear in the end) is dropped: the last rounds' playouts go to options that may
                # yet clear the bar, and none left means the pick stands
                bar = pick_total + (self.margin * len(values[fallback]) if r else 0.0)
                live = [fallback, *(a for a in live[1:] if sum(values[a]) > bar)]
                if len(live) == 1:
                    return fallback
            if len(live) > 2:
                ranked = sorted(live[1:], key=lambda a: -sum(values[a]) / len(values[a]))
                live = [fallback, *ranked[: max(1, (len(ranked) + 1) // 2)]]  # the pick stays: the yardstick
        best, gain, sure = fallback, 0.0, False
        base = values[fallback]
        for a in live[1:]:
            diffs = [x - y for x, y in zip(values[a], base, strict=False)]
            n = len(diffs)
            mean = sum(diffs) / n
            sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / max(1, n - 1))
            if mean > gain and mean > self.margin and mean > self.sureness * sd / math.sqrt(n):
                best, gain, sure = a, mean, True
        return best if sure else fallback
