"""Property-based tests: random legal play from random seeds never raises, and the game's invariants hold after
every step (R-SPACE-02 capacity, cards conserved, wounds below life, the wheel emptied by surges, the initiative
track matching the board, no negative cheese); saves round-trip exactly and a seed plus an action log replays
byte for byte."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mnm.content.loader import builtin_content
from mnm.engine.game import Game
from mnm.engine.rules.initiative import card_of_minion_type
from mnm.engine.rules.setup import card_instances, card_of
from mnm.engine.state import State

CHAPTERS = [c for c in ("proving-grounds", "flight-to-barksburg") if c in builtin_content().chapters]
PARTY = ["collin", "tilda", "filch", "maginos"]
SETTINGS = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def card_places(state: State) -> Counter[str]:
    """Every search card instance the state holds anywhere, counted."""
    places: Counter[str] = Counter()
    for pile in (state.search_deck, state.search_discard, state.party_cards):
        places.update(pile)
    for h in state.heroes.values():
        places.update(h.equipped)
        places.update(h.pack)
        places.update(h.tricks)
    return places


def check_invariants(game: Game) -> None:
    state, ctx = game.state, game.ctx
    content = ctx.content
    # R-SPACE-02: no space over capacity; a large figure stands alone
    small: Counter[str] = Counter()
    large: Counter[str] = Counter()
    for h in state.mice_on_board():
        assert h.space is not None
        small[h.space] += 1
    for m in state.minions.values():
        size = content.minions[m.type].size
        if size == "large":
            large[m.space] += 1
        elif size == "small":
            small[m.space] += 1
    for space, n in small.items():
        assert n <= ctx.board.spaces[space].capacity, f"{space} holds {n} small figures"
        assert large[space] == 0, f"{space} holds a large figure and small ones"
    assert all(n <= 1 for n in large.values())
    # every search card is in one place at most, and only real cards exist
    places = card_places(state)
    assert all(n == 1 for n in places.values()), [c for c, n in places.items() if n > 1]
    assert set(places) <= set(card_instances(ctx))
    # wounds below life unless captured; cheese never negative
    for h in state.heroes.values():
        life = content.heroes[h.id].life
        assert h.cheese >= 0
        assert h.captured or h.wounds < life, f"{h.id} has {h.wounds} wounds of {life} and is not captured"
        assert 0 <= h.poison <= max(h.wounds, 0) or h.captured
        assert (h.space is None) == h.captured
    for m in state.minions.values():
        assert m.wounds < content.minions[m.type].life
    assert state.wheel >= 0
    if state.pending is not None:
        assert state.wheel < 6, "a surge must empty the wheel before anyone decides anything"
    # the initiative track matches the figures on the board (R-ROUND-05/07)
    for h in state.party:
        assert f"mouse:{h}" in state.track
    # (not while the players choose where a figure enters: the cards join once every figure is placed, R-ENC-05)
    if state.status == "playing" and state.pending is not None and state.pending.kind != "minion_space":
        for m in state.minions.values():
            assert any(c in state.track for c in card_of_minion_type(ctx, m.type)), f"{m.type} has no card"
        for card in state.track:
            if card.startswith("minion:"):
                mtype = card.split(":")[1]
                assert any(m.type == mtype for m in state.minions.values()), f"{card} has no figure"
    assert len(set(state.track)) == len(state.track)


def play(chapter: str, seed: int, choices: list[int], steps: int) -> Game:
    game = Game.new(chapter, PARTY, seed=seed)
    check_invariants(game)
    for i in range(steps):
        decision = game.decision()
        if decision is None:
            break
        pick = choices[i % len(choices)] if choices else 0
        game.apply(decision.options[pick % len(decision.options)])
        check_invariants(game)
        round_trip = State.from_json(json.loads(json.dumps(game.state.to_json())))
        assert round_trip.to_json() == game.state.to_json()
    return game


@pytest.mark.rule("R-SPACE-02")
@pytest.mark.parametrize("chapter", CHAPTERS)
@SETTINGS
@given(seed=st.integers(0, 2**31 - 1), choices=st.lists(st.integers(0, 1000), min_size=1, max_size=50))
def test_random_legal_play_keeps_every_invariant(chapter: str, seed: int, choices: list[int]) -> None:
    play(chapter, seed, choices, steps=200)


@pytest.mark.parametrize("chapter", CHAPTERS)
@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31 - 1), choices=st.lists(st.integers(0, 1000), min_size=1, max_size=30))
def test_a_seed_and_an_action_log_replay_byte_for_byte(chapter: str, seed: int, choices: list[int]) -> None:
    first = play(chapter, seed, choices, steps=150)
    again = Game.new(chapter, PARTY, seed=seed)
    for text in first.log:
        again.apply(text)
    assert json.dumps(again.state.to_json(), sort_keys=True) == json.dumps(first.state.to_json(), sort_keys=True)
    assert [e.to_json() for e in again.events] == [e.to_json() for e in first.events]


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_saved_games_continue_identically(chapter: str) -> None:
    game = play(chapter, 99, [3, 1, 4, 1, 5, 9, 2, 6], steps=80)
    loaded = Game.from_json(json.loads(json.dumps(game.to_json())))
    for _ in range(40):
        if game.decision() is None:
            break
        option = game.legal_actions()[0]
        game.apply(option)
        loaded.apply(str(option))
        assert loaded.state.to_json() == game.state.to_json()


def test_card_instances_name_real_cards() -> None:
    content = builtin_content()
    game = Game.new(CHAPTERS[0], PARTY, seed=1)
    assert all(card_of(i) in content.search_cards for i in card_instances(game.ctx))


@SETTINGS
@given(seed=st.integers(0, 100_000), chapter=st.sampled_from(CHAPTERS))
def test_applying_in_place_gives_exactly_the_states_a_copy_gives(seed: int, chapter: str) -> None:
    """apply_action_in_place (playouts, benchmarks) and apply_action (everyone else) are the same rules: the
    same action from the same state gives equal states, step after step of random play, and a refused action
    changes nothing in place either."""
    import random

    from mnm.engine.actions import Action
    from mnm.engine.errors import IllegalAction
    from mnm.engine.game import apply_action, apply_action_in_place, legal_actions

    game = Game.new(chapter, PARTY, seed=seed)
    ctx = game.ctx
    copied, in_place = game.state, game.state.copy()
    rng = random.Random(seed)
    for _ in range(250):
        options = legal_actions(ctx, copied)
        if not options:
            break
        action = options[rng.randrange(len(options))]
        before = json.dumps(in_place.to_json(), sort_keys=True)
        with pytest.raises(IllegalAction):
            apply_action_in_place(ctx, in_place, Action("move", action.actor, ("9:99",)))
        assert json.dumps(in_place.to_json(), sort_keys=True) == before
        copied = apply_action(ctx, copied, action)
        apply_action_in_place(ctx, in_place, action)
        assert in_place.to_json() == copied.to_json()
    assert copied.round > 1 or copied.status != "playing"
