"""Hints: the best few options for the pending decision, with a chance of winning and a short reason.

Each option is tried in *playouts*: the option is taken on a copy of the game whose hidden dice and decks are
re-drawn (:func:`mnm.bots.policy.resample_hidden`, so a hint never reveals the real future), then the party
plays on to the end of the chapter with the heuristic bot's rules of thumb (:func:`mnm.bots.mcts.play_out`).
The chance shown is the share of those playouts the party won: "if you do this and play on sensibly".

The playouts are *paired*: in each round every option meets the same re-drawn future, so differences between
options come from the options, not from luck. The budget is spent by successive halving: every option gets a
few playouts, the better half gets more, and so on, so the top options' estimates are the most precise.

The reason is what the playouts of that option showed most often right after it was taken (a minion defeated,
a card found, a mouse wounded...), and what the lost playouts died of, in the player's language.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import dataclass, field

from mnm.bots.mcts import play_out
from mnm.bots.policy import HeuristicBot, resample_hidden
from mnm.engine import Action, Ctx, Event, Game, apply_action_in_place, make_ctx, render

__all__ = ["PLAYOUTS", "Hint", "hints"]

PLAYOUTS = 160  # the default budget: about 3 s at Chapter 1's start on this project's machines, less later on

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
PRIOR_WEIGHT = 4  # playouts' worth of belief in the average option
SEEN_OFTEN = 1 / 3  # an event is worth telling when at least this share of the option's playouts showed it


@dataclass(frozen=True)
class Hint:
    action: Action
    win_chance: float  # share of the option's playouts that the party won, 0..1
    playouts: int
    reason: str

    def to_json(self) -> dict[str, object]:
        return {
            "action": str(self.action),
            "win_chance": round(self.win_chance, 3),
            "playouts": self.playouts,
            "reason": self.reason,
        }


@dataclass
class _Tally:
    """What the playouts of one option showed."""

    playouts: int = 0
    wins: int = 0
    score: float = 0.0  # wins, plus a little for winning sooner: ranks options that all win
    spare: int = 0  # pages of the chapter track left over, summed over the won playouts
    seen: Counter[tuple[int, str]] = field(default_factory=Counter)  # (priority, sentence) -> playouts showing it
    losses: Counter[str] = field(default_factory=Counter)  # defeat reason -> playouts lost that way

    @property
    def chance(self) -> float:
        return self.wins / self.playouts if self.playouts else 0.0

    def rank(self, prior: float) -> float:
        """The mean score, pulled toward ``prior`` (the mean over all options) while playouts are few, so
        an option lucky in 2 playouts doesn't outrank one that held up over 30."""
        return (self.score + PRIOR_WEIGHT * prior) / (self.playouts + PRIOR_WEIGHT)


def hints(game: Game, count: int = 3, iterations: int = PLAYOUTS, seed: int = 0, lang: str = "en") -> list[Hint]:
    """The ``count`` best options for the pending decision, best first. ``iterations`` is the number of
    playouts to spend in all; ``seed`` makes the answer reproducible."""
    options = game.legal_actions()
    if game.decision() is None or not options:
        return []
    rng = random.Random(seed)
    ctx = make_ctx(game.ctx.content, game.ctx.chapter.id)
    tallies = {a: _Tally() for a in options}
    remaining = list(options)
    rounds = max(1, math.ceil(math.log2(len(options)))) if len(options) > count else 1
    per_round = max(len(options), iterations // rounds)
    for round_no in range(rounds):
        each = max(1, per_round // len(remaining))
        for _ in range(each):
            future = rng.getrandbits(64)
            for action in remaining:
                _try(ctx, game, action, future, tallies[action], lang)
        prior = sum(t.score for t in tallies.values()) / max(1, sum(t.playouts for t in tallies.values()))
        if round_no < rounds - 1:
            remaining.sort(key=lambda a: -tallies[a].rank(prior))
            remaining = remaining[: max(count, (len(remaining) + 1) // 2)]
    ranked = sorted(options, key=lambda a: (-tallies[a].rank(prior), -tallies[a].playouts))
    return [Hint(a, tallies[a].chance, tallies[a].playouts, _reason(tallies[a], lang, game)) for a in ranked[:count]]


def _try(ctx: Ctx, game: Game, action: Action, future: int, tally: _Tally, lang: str) -> None:
    """One playout of ``action`` against the re-drawn future numbered ``future``."""
    future_rng = random.Random(future)
    work = game.state.copy()
    resample_hidden(work, future_rng)
    ctx.events.clear()
    apply_action_in_place(ctx, work, action)
    shown: set[tuple[int, str]] = set()
    for ev in ctx.events:
        if ev.msg in TELLING and ev.msg not in ECHOES.get(action.verb, ()):
            shown.add((TELLING.index(ev.msg), render(ev, lang, ctx.content)))
    ctx.events.clear()
    tally.seen.update(shown)
    end, steps = play_out(ctx, work, HeuristicBot(seed=future_rng.getrandbits(32), samples=1), future_rng)
    tally.playouts += 1
    if end.status == "won":
        spare = max(0, end.end_page - end.hourglass)
        tally.wins += 1
        tally.spare += spare
        tally.score += 1 + SOONER_WEIGHT / (1 + steps / SOONER_STEPS)
    elif end.status == "lost":
        tally.losses[end.outcome or "lost"] += 1


def _reason(tally: _Tally, lang: str, game: Game) -> str:
    content = game.ctx.content
    parts = []
    often = [(p, text) for (p, text), n in tally.seen.items() if n >= SEEN_OFTEN * tally.playouts]
    if often:
        priority, text = min(often)
        n = tally.seen[(priority, text)]
        parts.append(Event("hint_seen", {"event": text.rstrip("."), "count": n, "total": tally.playouts}))
    if tally.wins:
        pages = f"{tally.spare / tally.wins:.1f}"
        parts.append(Event("hint_spare", {"pages": pages if lang == "en" else pages.replace(".", ",")}))
    lost = sum(tally.losses.values())
    if lost:
        cause, _ = tally.losses.most_common(1)[0]
        parts.append(Event("hint_losses", {"lost": lost, "reason": cause}))
    return " ".join(render(ev, lang, content) for ev in parts or [Event("hint_quiet")])
