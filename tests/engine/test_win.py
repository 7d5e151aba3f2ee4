"""Winning and losing (RULES.md §24, R-WIN-01..05). The chapter end marker starts on page 6."""

from __future__ import annotations

from typing import Any

import pytest
from rulekit import BOW, CHEESE, SHIELD, SWORD, of, one, scenario

from mnm.engine.campaign import carry_over
from mnm.engine.game import Game
from mnm.engine.state import State


def last_rat_falls(**fields: Any) -> Game:
    """Collin (5:15) defeats the last rat warrior (5:12) on the proving grounds."""
    g = scenario(
        heroes={"collin": {"space": "5:15"}, "filch": {"space": "5:1"}},
        minions={"rat-warrior-1": {"space": "5:12"}},
        turn="mouse:collin",
        dice=[BOW, SWORD, BOW, BOW, BOW, BOW],  # movement; 1 hit; no block
        **fields,
    )
    g.apply("battle collin rat-warrior-1")
    return g


def rat_hits_collin(**fields: Any) -> Game:
    """A rat warrior wounds Collin (4 wounds, life 5) in his space: he is captured (hourglass +1)."""
    data: dict[str, Any] = {"heroes": {"collin": {"space": "5:15", "wounds": 4}, "filch": {"space": "5:1"}}}
    data.update(fields)
    return scenario(
        chapter="flight-to-barksburg",
        minions={"rat-warrior-1": {"space": "5:15"}},
        track=["minion:rat-warrior", "mouse:collin", "mouse:filch"],
        turn="minion:rat-warrior",
        dice=[SWORD, BOW, BOW, BOW, BOW],
        **data,
    )


@pytest.mark.rule("R-WIN-01")
def test_r_win_01_completing_the_victory_condition_wins_before_the_end_marker() -> None:
    g = last_rat_falls(hourglass=5)  # one page before the end marker
    assert g.state.status == "won" and g.state.outcome == "victory"
    assert one(g.events, "victory").params == {"chapter": "proving-grounds"}
    assert g.decision() is None and g.legal_actions() == []


@pytest.mark.rule("R-WIN-01")
@pytest.mark.rule("R-STORY-02")
def test_r_win_01_chapter_1_needs_the_courtyard_clear_and_every_free_mouse_in_the_tree() -> None:
    # Courtyard (side 1) face up; the tree entrance is the minions-barred space by the trunk
    def play(filch_space: str, minions: dict[str, Any]) -> Game:
        g = scenario(
            chapter="flight-to-barksburg",
            tiles={"courtyard": 1},
            explored=[5, 4, 2, 1],
            heroes={"collin": {"space": "1:15"}, "filch": {"space": filch_space}},
            minions=minions,
            turn="mouse:collin",
            dice=[BOW, BOW, BOW],
        )
        return g

    g = play("1:15", {"rat-warrior-1": {"space": "5:1"}})
    tree = next(sp.id for sp in g.ctx.board.graph(1).spaces if sp.minions_barred)
    g.apply(f"move collin {tree}")
    assert g.state.status == "playing"  # Filch is not in the tree yet
    g = play(tree, {"rat-warrior-1": {"space": "1:1"}})
    g.apply(f"move collin {tree}")
    assert g.state.status == "playing"  # a rat is still on the Courtyard
    g = play(tree, {"rat-warrior-1": {"space": "5:1"}})  # a minion elsewhere does not matter
    events = g.apply(f"move collin {tree}")
    assert g.state.status == "won" and of(events, "victory") != []


@pytest.mark.rule("R-WIN-02")
@pytest.mark.rule("R-GEN-11")
def test_r_win_02_the_hourglass_reaching_the_end_marker_loses_at_once() -> None:
    g = rat_hits_collin(hourglass=5)
    assert g.state.hourglass == 6
    assert g.state.status == "lost" and g.state.outcome == "hourglass"
    assert one(g.events, "defeat").params == {"reason": "hourglass"}
    assert g.decision() is None  # at once: Filch's turn never comes
    assert of(g.events, "movement_roll") == []


@pytest.mark.rule("R-WIN-02")
def test_r_win_02_one_page_short_of_the_end_marker_plays_on() -> None:
    g = rat_hits_collin(hourglass=4)
    assert g.state.hourglass == 5 and g.state.status == "playing"


@pytest.mark.rule("R-WIN-03")
def test_r_win_03_after_a_defeat_replay_the_chapter_or_go_on() -> None:
    g = rat_hits_collin(hourglass=5)
    assert g.state.status == "lost"
    carry = carry_over(g.ctx, g.state)
    assert carry["won"] is False and carry["from_chapter"] == "flight-to-barksburg"
    party = ["collin", "filch", "tilda", "maginos"]
    replay = Game.new("flight-to-barksburg", party, seed=1, carry=carry)
    assert replay.state.status == "playing" and replay.state.hourglass == 1
    onward = Game.new("proving-grounds", party, seed=1, carry=carry)  # any other chapter may follow
    assert onward.state.status == "playing" and onward.state.chapter == "proving-grounds"


@pytest.mark.rule("R-WIN-04")
@pytest.mark.rule("R-SURGE-08")
def test_r_win_04_a_surge_moves_the_hourglass_one_page() -> None:
    g = scenario(
        heroes={"collin": {"space": "5:15", "wounds": 1}, "filch": {"space": "5:1"}},
        minions={"rat-warrior-1": {"space": "5:15"}},
        track=["minion:rat-warrior", "mouse:collin", "mouse:filch"],
        turn="minion:rat-warrior",
        wheel=5,
        hourglass=4,
        dice=[SWORD, CHEESE, SHIELD, BOW, BOW],  # the rat's CHEESE fills the wheel; Collin blocks the hit
    )
    assert one(g.events, "hourglass_moves").params == {"page": 5, "end_page": 6, "why": "surge"}
    assert g.state.hourglass == 5 and g.state.status == "playing"


@pytest.mark.rule("R-WIN-04")
def test_r_win_04_a_capture_moves_the_hourglass_and_an_achievement_the_end_marker() -> None:
    g = rat_hits_collin(
        hourglass=5,
        end_page=6,
        heroes={"collin": {"space": "5:15", "wounds": 4, "captures": 1}, "filch": {"space": "5:1"}},
    )
    # the second capture makes Collin the Scaper: the end marker moves to 7 before the hourglass reaches 6
    assert g.state.end_page == 7 and g.state.hourglass == 6
    assert g.state.status == "playing"


@pytest.mark.rule("R-WIN-05")
def test_r_win_05_there_is_no_score_only_won_or_lost() -> None:
    won, lost = last_rat_falls(), rat_hits_collin(hourglass=5)
    assert (won.state.status, lost.state.status) == ("won", "lost")
    fields = set(State.__dataclass_fields__)
    assert not {f for f in fields if "score" in f or "points" in f}
