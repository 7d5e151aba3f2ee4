"""Chapter 1 played as a whole: a full game from setup to victory, the two defeats, and many random games.

The full game uses companion-mode dice answered by purpose (ch1kit.friendly_faces), so nothing is left to
chance and every step, from choosing abilities to the last mouse climbing into the tree, is a real action
chosen by the greedy policy of ch1kit. Random legal play almost never wins Chapter 1 (the mice wander
instead of searching the Sewer's water and heading for the tree), so wins are checked with the greedy policy
and seeded dice, losses and robustness with purely random play.
"""

from __future__ import annotations

import random

import pytest
from ch1kit import (
    CHAPTER,
    CHEESE,
    PARTY,
    SHIELD,
    TREE_ENTRANCE,
    apply_with_dice,
    friendly_faces,
    greedy_choice,
    of,
    play,
    random_policy,
    scenario,
)

from mnm.board.layout import space_side
from mnm.engine.actions import Action
from mnm.engine.game import Game


@pytest.mark.rule("R-WIN-01")
def test_a_whole_game_from_setup_to_the_tree() -> None:
    game = Game.new(CHAPTER, PARTY, seed=0, dice="manual")
    n = play(game, greedy_choice, 400, friendly_faces)
    st = game.state
    assert st.status == "won" and st.outcome == "victory", f"after {n} actions: {st.status} {st.outcome}"
    ev = game.events
    assert [e.params["moment"] for e in of(ev, "story")] == ["opening", "courtyard", "ending"]
    # the route: the grate down to the Sewer, out east with the fishhook, on to the crack and the Courtyard
    assert [(e.params["src"], e.params["dst"]) for e in of(ev, "tile_flipped")] == [(5, 6), (2, 1)]
    assert [(e.params["src"], e.params["dst"]) for e in of(ev, "explores_exit")] == [(6, 4), (4, 2)]
    found = of(ev, "special_search")
    assert [e.params["card"] for e in found] == ["fishhook-and-thread"]
    assert sorted(st.explored) == [1, 2, 4, 5, 6]
    # the end was played out for real: the Courtyard's minions fell in battle, then each mouse moved in
    courtyard_minions = {
        str(e.params["minion"]) for e in of(ev, "minion_placed") if str(e.params["space"]).startswith("1:")
    }
    defeated = {str(e.params["minion"]) for e in of(ev, "minion_defeated")}
    assert courtyard_minions and courtyard_minions <= defeated
    assert not [m for m in st.minions.values() if space_side(m.space) == 1]
    assert all(h.space == TREE_ENTRANCE for h in st.heroes.values())
    assert game.log[-1] == f"move {game.log[-1].split()[1]} {TREE_ENTRANCE}"
    assert sum(1 for a in game.log if a.endswith(f" {TREE_ENTRANCE}") and a.startswith("move ")) == 4
    again = Game.from_json(game.to_json())
    assert again.state.to_json() == st.to_json()


def test_replaying_the_whole_game_gives_the_same_state() -> None:
    first = Game.new(CHAPTER, PARTY, seed=0, dice="manual")
    play(first, greedy_choice, 400, friendly_faces)
    second = Game.new(CHAPTER, PARTY, seed=0, dice="manual")
    for text in first.log:
        apply_with_dice(second, text, friendly_faces)
    assert second.state.to_json() == first.state.to_json()


@pytest.mark.rule("R-WIN-02")
def test_defeat_when_the_hourglass_reaches_the_end_page() -> None:
    # no minions on the board: Collin's turn ends, Time is Short puts the sixth cheese on the wheel, the surge
    # moves the hourglass from page 5 onto the end marker on page 6
    game = scenario(
        heroes={"collin": {"space": "4:7"}}, tiles={"3": 6}, explored=[5, 6, 4], wheel=5, hourglass=5, dice=[SHIELD]
    )
    events = game.apply("end collin")
    st = game.state
    assert st.status == "lost" and st.outcome == "hourglass"
    assert of(events, "defeat")[0].params["reason"] == "hourglass"
    assert game.decision() is None and game.legal_actions() == []


@pytest.mark.rule("R-WIN-02")
def test_defeat_when_every_mouse_is_captured() -> None:
    # Tilda is already captured; Collin, one wound from capture, rolls a 1 on the Courtyard and the crow strikes
    game = scenario(
        heroes={"collin": {"space": "1:5", "wounds": 4}, "tilda": {"captured": True}},
        minions={"rat-warrior-1": {"space": "1:13"}},
        tiles={"3": 6, "1": 1},
        explored=[5, 6, 4, 2, 1],
        dice=[CHEESE],
    )
    st = game.state
    assert of(game.events, "old_crow") and of(game.events, "mouse_captured")
    assert st.status == "lost" and st.outcome == "all_captured"
    assert st.hourglass == 2


@pytest.mark.rule("R-WIN-02")
def test_a_party_that_never_leaves_the_cell_loses() -> None:
    game = Game.new(CHAPTER, PARTY, seed=3)

    def idle(g: Game) -> Action:
        d = g.decision()
        assert d is not None
        ends = [a for a in d.options if a.verb == "end"]
        return ends[0] if ends else d.options[0]

    play(game, idle, 2000)
    assert game.state.status == "lost" and game.state.outcome in ("hourglass", "all_captured")


def test_random_legal_play_never_raises_and_loses() -> None:
    outcomes: dict[str, int] = {}
    for seed in range(100):
        game = Game.new(CHAPTER, PARTY, seed=seed)
        play(game, random_policy(random.Random(seed)), 1500)
        key = game.state.outcome or "unfinished"
        outcomes[key] = outcomes.get(key, 0) + 1
    assert outcomes.get("hourglass", 0) + outcomes.get("all_captured", 0) > 50, outcomes


def test_greedy_play_wins_and_loses_over_many_seeds() -> None:
    outcomes: dict[str, int] = {}
    for seed in range(40):
        game = Game.new(CHAPTER, PARTY, seed=seed)
        play(game, greedy_choice, 1500)
        outcomes[game.state.outcome or "unfinished"] = outcomes.get(game.state.outcome or "unfinished", 0) + 1
    # and a greedy policy that sometimes blunders, for losses by a party that knows the way
    for seed in range(20):
        game = Game.new(CHAPTER, PARTY, seed=1000 + seed)
        play(game, random_policy(random.Random(seed), blunder=0.4), 1500)
        outcomes[game.state.outcome or "unfinished"] = outcomes.get(game.state.outcome or "unfinished", 0) + 1
    # 20 before issue 44's calibration for a party that heals and dodges (this greedy policy uses no ability): 14
    assert outcomes.get("victory", 0) >= 10, outcomes
    assert outcomes.get("hourglass", 0) + outcomes.get("all_captured", 0) >= 5, outcomes
