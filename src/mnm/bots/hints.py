"""Hints: the best few options for the pending decision, with an estimated chance and a short reason.

The estimate comes from the search bot's playouts (:func:`mnm.bots.mcts.rank_options`), which re-sample the
hidden dice and decks, so a hint never reveals the real future. The reason is the most telling thing that
happened in a sample playout of that option (a minion defeated, a card found, a mouse wounded...), in the
player's language.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from mnm.bots.mcts import rank_options
from mnm.bots.policy import resample_hidden
from mnm.engine.actions import Action
from mnm.engine.game import Game, apply_action, make_ctx
from mnm.engine.i18n import render

__all__ = ["Hint", "hints"]

# Events worth telling, most telling first.
TELLING = (
    "victory", "minion_defeated", "mouse_rescued", "card_found", "special_search", "tile_flipped", "explores_exit",
    "minion_wounded", "mouse_healed", "mouse_captured", "mouse_wounded", "mouse_attacks", "mouse_moves",
)


@dataclass(frozen=True)
class Hint:
    action: Action
    win_chance: float  # the search's estimate, 0..1
    playouts: int
    reason: str

    def to_json(self) -> dict[str, object]:
        return {"action": str(self.action), "win_chance": round(self.win_chance, 3), "playouts": self.playouts,
                "reason": self.reason}


def hints(game: Game, count: int = 3, iterations: int = 200, seed: int = 0, lang: str = "en") -> list[Hint]:
    """The ``count`` best options for the pending decision, best first."""
    if game.decision() is None:
        return []
    rng = random.Random(seed)
    ctx = make_ctx(game.ctx.content, game.ctx.chapter.id)
    ranked = rank_options(ctx, game.state, rng, iterations=iterations)
    out = []
    for action, value, visits in ranked[:count]:
        trial = game.state.copy()
        resample_hidden(trial, rng)
        ctx.events.clear()
        apply_action(ctx, trial, action)
        events = list(ctx.events)
        ctx.events.clear()
        reason = ""
        for msg in TELLING:
            ev = next((e for e in events if e.msg == msg), None)
            if ev is not None:
                reason = ("for example: " if lang == "en" else "por exemplo: ") + render(ev, lang, ctx.content)
                break
        out.append(Hint(action, value, visits, reason or ("keeps the party safe" if lang == "en" else "mantém o grupo seguro")))
    return out
