"""The game definition apart from what one apply produces (issue 11, "Ctx split"): every apply gathers its
events on a fresh context of the same definition, so callers never clear anything."""

from __future__ import annotations

from mnm.engine import Game, GameDef, apply, apply_action_in_place, events_until_stopped, legal_actions

PARTY = ["collin", "tilda", "filch", "maginos"]


def test_the_definition_is_fixed_and_shared_by_every_apply() -> None:
    game = Game.new("proving-grounds", PARTY, seed=3)
    assert isinstance(game.ctx.definition, GameDef)
    assert game.ctx.fresh().definition is game.ctx.definition
    assert game.ctx.fresh() is not game.ctx
    assert game.ctx.fresh().events == []


def test_game_apply_leaves_nothing_on_the_context_it_holds() -> None:
    game = Game.new("proving-grounds", PARTY, seed=3)
    assert game.events  # setup's events are the game's, not the context's
    assert game.ctx.events == []
    events = game.apply(game.legal_actions()[0])
    assert events == game.events[-len(events) :]
    assert game.ctx.events == []
    assert game.ctx.hidden_revealed is False


def test_in_place_applies_return_their_own_events_and_never_pile_up() -> None:
    game = Game.new("proving-grounds", PARTY, seed=3)
    st = game.state.copy()
    copy = game.state.copy()
    first_action = legal_actions(game.ctx, st)[0]
    first = apply_action_in_place(game.ctx, st, first_action)
    assert first == list(apply(game.ctx, copy, first_action).events)
    second = apply_action_in_place(game.ctx, st, legal_actions(game.ctx, st)[0])
    assert second and second != first
    assert game.ctx.events == []


def test_events_until_stopped_changes_nothing() -> None:
    game = Game.new("proving-grounds", PARTY, seed=3)
    before = game.state.to_json()
    action = game.legal_actions()[0]
    assert events_until_stopped(game.ctx, game.state, action) == list(apply(game.ctx, game.state, action).events)
    assert game.state.to_json() == before
    assert game.ctx.events == []
