"""Every decision a Chapter 1 playout reaches lists its options (regression: the old crow capturing the mouse
whose turn was starting once left a position the engine could not list, and playouts hid it)."""

from __future__ import annotations

import random

import pytest

from mnm.bots.policy import HeuristicBot
from mnm.engine import Game, apply_action_in_place, legal_actions

PARTY = ["collin", "tilda", "filch", "maginos"]
GAMES = 300
DECISIONS = 3_000  # a guard: these games end in about 200 decisions


@pytest.mark.rule("R-CAPT-02")
def test_r_capt_02_every_decision_of_300_chapter_1_playouts_lists_its_options() -> None:
    crow_at_turn_start = 0
    for seed in range(GAMES):
        game = Game.new("flight-to-barksburg", PARTY, seed=seed)
        ctx, st = game.ctx, game.state
        rng = random.Random(seed)
        bot = HeuristicBot(seed=seed, samples=1)  # its turn choices reach the Courtyard, where the crow is
        for _ in range(DECISIONS):
            if st.status != "playing":
                break
            legal = legal_actions(ctx, st)  # must not raise
            assert legal, f"seed {seed}: a decision with no options ({st.pending})"
            pick = None
            if st.pending is not None and st.pending.kind == "turn" and rng.random() < 0.85:
                pick = bot.turn_choice(ctx, st, legal)
            events = apply_action_in_place(ctx, st, pick or legal[rng.randrange(len(legal))])
            msgs = [(e.msg, e.params.get("hero", e.params.get("figure"))) for e in events]
            for i in range(len(msgs) - 3):
                if (
                    msgs[i][0] == "movement_roll"
                    and msgs[i + 1][0] == "old_crow"
                    and msgs[i + 3][0] == "mouse_captured"
                ):
                    crow_at_turn_start += msgs[i][1] == msgs[i + 3][1]
        assert st.status != "playing", f"seed {seed}: not finished in {DECISIONS} decisions"
    assert crow_at_turn_start > 0  # the loop did meet the position this guards
