"""Captured mice and rescue (RULES.md §22, R-CAPT-01..08).

Positions use ``flight-to-barksburg`` (Chapter 1, Guard Room side 5) when the board must be clear of minions
without the chapter being won (the proving grounds are won as soon as no minion is left). Guard Room mouse
adjacency used here: 12-8, 12-13, 12-15, 15-13, 15-17, 1-2, 1-5; entry spaces 1, 3, 10.
"""

from __future__ import annotations

from typing import Any

import pytest
from flowkit import sandbox
from rulekit import BOW, CHEESE, SHIELD, SWORD, of, one, options, scenario

from mnm.engine.game import Game

CH1 = "flight-to-barksburg"


def rat_beats_collin(**collin: Any) -> Game:
    """A rat warrior in Collin's space (5:15) hits twice; Collin (4 wounds, life 5) blocks nothing."""
    hero: dict[str, Any] = {"space": "5:15", "wounds": 4, **collin}
    return scenario(
        chapter=CH1,
        heroes={"collin": hero, "filch": {"space": "5:12"}},
        minions={"rat-warrior-1": {"space": "5:15"}},
        track=["minion:rat-warrior", "mouse:collin", "mouse:filch"],
        turn="minion:rat-warrior",
        # rat attack: 2 hits; Collin's defense (1 + breastplate + helm = 3 dice): no block; Filch's movement
        dice=[SWORD, SWORD, CHEESE, BOW, BOW, BOW],
    )


@pytest.mark.rule("R-CAPT-01")
@pytest.mark.rule("R-WOUND-04")
def test_r_capt_01_wounds_reaching_life_capture_the_mouse() -> None:
    g = rat_beats_collin()
    collin = g.state.heroes["collin"]
    wounded = one(g.events, "mouse_wounded")
    assert wounded.params["total"] == 6  # 4 + 2 >= life 5
    assert one(g.events, "mouse_captured").params["hero"] == "collin"
    assert collin.captured and collin.space is None and collin.captures == 1


@pytest.mark.rule("R-CAPT-01")
def test_r_capt_01_one_wound_short_of_life_is_no_capture() -> None:
    g = scenario(
        chapter=CH1,
        heroes={"collin": {"space": "5:15", "wounds": 3}, "filch": {"space": "5:12"}},
        minions={"rat-warrior-1": {"space": "5:15"}},
        track=["minion:rat-warrior", "mouse:collin", "mouse:filch"],
        turn="minion:rat-warrior",
        dice=[SWORD, CHEESE, BOW, BOW, BOW, BOW],  # 1 hit (CHEESE is no hit), no block; Collin's movement
    )
    collin = g.state.heroes["collin"]
    assert collin.wounds == 4 and not collin.captured and collin.space == "5:15"
    assert of(g.events, "mouse_captured") == []


@pytest.mark.rule("R-CAPT-02")
@pytest.mark.rule("R-NEG-10")
def test_r_capt_02_what_a_capture_takes_and_what_it_leaves() -> None:
    g = rat_beats_collin(
        poison=1,
        cheese=3,
        statuses=["stunned", "webbed"],
        equipped=["collins-sword", "leather-breastplate", "thimble-helm"],
        pack=["mint-leaf", "needle-rapier"],
    )
    st = g.state
    collin = st.heroes["collin"]
    # the initiative card stays on the track
    assert st.track == ["minion:rat-warrior", "mouse:collin", "mouse:filch"]
    # the figure leaves the board; cheese (3 + 1 just rolled) is lost
    assert collin.space is None and collin.cheese == 0
    # starting equipment stays equipped, the found helm is discarded, the pack is kept whole
    assert collin.equipped == ["collins-sword", "leather-breastplate"]
    assert st.search_discard == ["thimble-helm"]
    assert collin.pack == ["mint-leaf", "needle-rapier"]
    # wounds, poison wounds and every negative marker are removed (R-NEG-10)
    assert (collin.wounds, collin.poison, collin.statuses) == (0, 0, [])
    # the hourglass moves 1 page
    assert st.hourglass == 2
    assert one(g.events, "hourglass_moves").params == {"page": 2, "end_page": 6, "why": "capture"}


@pytest.mark.rule("R-CAPT-03")
def test_r_capt_03_rescue_with_or_next_to_another_mouse() -> None:
    g = scenario(
        chapter=CH1,
        heroes={"collin": {"captured": True, "captures": 1}, "filch": {"space": "5:12"}},
        track=["mouse:collin", "mouse:filch"],
        turn="mouse:collin",
        dice=[BOW],  # Filch's movement roll after the rescue
    )
    d = g.decision()
    assert d is not None and d.kind == "rescue" and d.actor == "collin"
    # Filch's space and the spaces a mouse could step to from it
    assert options(g) == {"choose collin 5:12", "choose collin 5:8", "choose collin 5:13", "choose collin 5:15"}
    events = g.apply("choose collin 5:13")
    collin = g.state.heroes["collin"]
    assert not collin.captured and collin.space == "5:13"
    assert one(events, "mouse_rescued").params == {"hero": "collin", "space": "5:13"}
    # being rescued takes the whole turn: the next card (Filch) acts at once
    d = g.decision()
    assert d is not None and d.actor == "filch" and d.kind == "turn"
    assert one(events, "movement_roll").params["hero"] == "filch"


@pytest.mark.rule("R-CAPT-03")
def test_r_capt_03_a_full_space_is_no_rescue_spot() -> None:
    four = {h: {"space": "5:12"} for h in ("filch", "tilda", "maginos", "nez")}
    g = scenario(
        chapter=CH1,
        heroes={"collin": {"captured": True}, **four},
        track=["mouse:collin", "mouse:filch", "mouse:tilda", "mouse:maginos", "mouse:nez"],
        turn="mouse:collin",
        dice=[BOW],
    )
    assert options(g) == {"choose collin 5:8", "choose collin 5:13", "choose collin 5:15"}


@pytest.mark.rule("R-CAPT-04")
def test_r_capt_04_minions_on_the_board_mean_no_rescue_and_a_lost_turn() -> None:
    g = scenario(
        chapter=CH1,
        heroes={"collin": {"captured": True}, "filch": {"space": "5:12"}},
        minions={"rat-warrior-1": {"space": "5:1"}},
        track=["mouse:collin", "mouse:filch", "minion:rat-warrior"],
        turn="mouse:collin",
        dice=[BOW],  # Filch's movement: Collin's turn is skipped
    )
    assert one(g.events, "captured_waits").params == {"hero": "collin"}
    assert g.state.heroes["collin"].captured
    d = g.decision()
    assert d is not None and d.actor == "filch"


@pytest.mark.rule("R-CAPT-07")
def test_r_capt_07_a_minion_on_another_tile_still_blocks_the_rescue() -> None:
    # the rescuers' tile (Guard Room) is clear, but a rat is on the Kitchen Tunnels (side 4): the whole board
    g = scenario(
        chapter=CH1,
        heroes={"collin": {"captured": True}, "filch": {"space": "5:12"}},
        minions={"rat-warrior-1": {"space": "4:1"}},
        explored=[5, 4],
        track=["mouse:collin", "mouse:filch", "minion:rat-warrior"],
        turn="mouse:collin",
        dice=[BOW],
    )
    assert of(g.events, "captured_waits") != []
    assert g.state.heroes["collin"].captured
    d = g.decision()
    assert d is not None and d.kind == "turn" and d.actor == "filch"


@pytest.mark.rule("R-CAPT-05")
@pytest.mark.rule("R-WATER-04")
def test_r_capt_05_drifting_off_the_tile_captures() -> None:
    # Test Pool 97:8 is water whose current flows off the tile's east edge
    g = sandbox(
        heroes={"collin": {"space": "97:8", "cheese": 2}, "filch": {"space": "5:12"}},
        minions={"rat-warrior-1": {"space": "5:1"}},
        track=["mouse:collin", "mouse:filch", "minion:rat-warrior"],
        turn="mouse:collin",
        dice=[BOW, BOW],
    )
    events = g.apply("end collin")
    collin = g.state.heroes["collin"]
    assert collin.captured and collin.space is None and collin.cheese == 0
    assert of(events, "mouse_captured") != []
    assert g.state.hourglass == 2


@pytest.mark.rule("R-CAPT-06")
@pytest.mark.rule("R-WIN-02")
def test_r_capt_06_every_mouse_captured_at_once_loses_chapter_1() -> None:
    g = rat_beats_collin()
    assert g.state.status == "playing"  # Filch is still free
    g2 = scenario(
        chapter=CH1,
        heroes={"collin": {"space": "5:15", "wounds": 4}, "filch": {"captured": True}},
        minions={"rat-warrior-1": {"space": "5:15"}},
        track=["minion:rat-warrior", "mouse:collin", "mouse:filch"],
        turn="minion:rat-warrior",
        dice=[SWORD, SWORD, CHEESE, BOW, BOW],
    )
    assert g2.state.status == "lost" and g2.state.outcome == "all_captured"
    assert one(g2.events, "defeat").params == {"reason": "all_captured"}
    assert g2.decision() is None


@pytest.mark.rule("R-CAPT-08")
@pytest.mark.rule("R-ACH-05")
def test_r_capt_08_the_scapers_third_capture_keeps_its_cards_and_its_place() -> None:
    g = rat_beats_collin(
        captures=2,
        achievements=["scaper"],
        cheese=2,
        statuses=["stunned"],
        equipped=["collins-sword", "leather-breastplate", "thimble-helm"],
    )
    d = g.decision()  # rescued at once: placed with or next to another mouse, the players choose (R-CAPT-03)
    assert d is not None and (d.kind, d.actor) == ("rescue", "collin")
    assert {a.args[0] for a in d.options} == {"5:8", "5:12", "5:13", "5:15"}  # Filch's space and its neighbours
    g.apply("choose collin 5:12")
    st = g.state
    collin = st.heroes["collin"]
    assert not collin.captured and collin.space == "5:12"
    assert collin.equipped == ["collins-sword", "leather-breastplate", "thimble-helm"]
    assert (collin.cheese, collin.wounds, collin.statuses) == (0, 0, [])  # the other effects still apply
    assert collin.captures == 3
    assert one(g.events, "scaper_rescued").params == {"hero": "collin"}
    assert st.hourglass == 2  # docs/rulings.md R-ACH-05: the third capture still moves the hourglass
    assert st.search_discard == []


@pytest.mark.rule("R-CAPT-08")
@pytest.mark.rule("R-ACH-04")
def test_r_capt_08_the_poisonmasters_poison_wounds_are_normal() -> None:
    def spider_bites(achievements: list[str]) -> tuple[int, int]:
        g = scenario(
            heroes={"collin": {"space": "5:15", "achievements": achievements}, "filch": {"space": "5:1"}},
            minions={"spider-1": {"space": "5:12"}},
            track=["minion:spider", "mouse:collin", "mouse:filch"],
            turn="minion:spider",
            # spider movement (it stays next to Collin), 2 hits, no block (2 dice), Collin's movement
            dice=[CHEESE, SWORD, SWORD, CHEESE, BOW, BOW],
        )
        collin = g.state.heroes["collin"]
        return collin.wounds, collin.poison

    assert spider_bites([]) == (2, 2)  # every spider wound is a poison wound (R-NEG-09)
    assert spider_bites(["poisonmaster"]) == (2, 0)


@pytest.mark.rule("R-CAPT-02")
def test_r_capt_02_a_mouse_captured_in_its_own_turn_ends_it() -> None:
    # Collin (4 wounds) steps onto the mousetrap at 5:9 and fails the roll: captured, his turn is over
    g = scenario(
        chapter=CH1,
        heroes={"collin": {"space": "5:6", "wounds": 4}, "filch": {"space": "5:12"}},
        minions={"rat-warrior-1": {"space": "5:1"}},
        traps=["5:9"],
        track=["mouse:collin", "mouse:filch", "minion:rat-warrior"],
        turn="mouse:collin",
        dice=[BOW, CHEESE, SHIELD, BOW, BOW],  # movement; 3 trap dice without a star; Filch's movement
    )
    events = g.apply("move collin 5:9")
    assert g.state.heroes["collin"].captured
    assert of(events, "mouse_captured") != []
    d = g.decision()
    assert d is not None and d.actor == "filch"


@pytest.mark.rule("R-CAPT-04")
@pytest.mark.rule("R-BRODIE-01")
def test_r_capt_04_brodie_on_the_board_also_keeps_the_captured_mouse_waiting() -> None:
    # docs/rulings.md R-CAPT-04: Brodie is on the minion track and attacks like one, so he counts
    g = scenario(
        chapter=CH1,
        heroes={"collin": {"captured": True}, "filch": {"space": "5:12"}},
        minions={"brodie-1": {"space": "5:1"}},
        track=["mouse:collin", "mouse:filch", "cat:pounces", "cat:chases"],
        turn="mouse:collin",
        dice=[BOW],
    )
    assert of(g.events, "captured_waits") != []
    d = g.decision()
    assert d is not None and d.actor == "filch"


# --- the old crow captures the mouse whose turn is starting (Chapter 1 Courtyard) -----------------------


def _crow_at_turn_start(**collin: Any) -> Game:
    """Collin, one wound short of capture on the Courtyard, starts his turn and rolls a 1: the old crow."""
    return scenario(
        chapter=CH1,
        tiles={"1": 1},
        heroes={"collin": {"space": "1:5", "wounds": 4, **collin}, "filch": {"space": "1:9"}},
        minions={"rat-warrior-1": {"space": "1:1"}},
        track=["mouse:collin", "mouse:filch", "minion:rat-warrior"],
        dice=[CHEESE, SWORD],  # Collin's movement roll (a 1), then Filch's (a 2)
    )


@pytest.mark.rule("R-CAPT-02")
@pytest.mark.rule("R-BATTLE-14")
def test_r_capt_02_the_old_crow_capturing_the_mouse_starting_its_turn_passes_play_to_the_next_card() -> None:
    g = _crow_at_turn_start()
    collin = g.state.heroes["collin"]
    assert [e.msg for e in g.events] == [
        "movement_roll", "old_crow", "mouse_wounded", "mouse_captured", "hourglass_moves", "movement_roll",
    ]
    assert one(g.events, "mouse_captured").params == {"hero": "collin", "cause": "old crow"}
    assert collin.captured and collin.space is None and collin.wounds == 0
    assert not of(g.events, "turn_ends")  # no turn was left to end: the capture ended it
    # Collin's turn cannot go on: the next card on the track, Filch's, is the one asked for
    assert g.state.pending is not None and (g.state.pending.kind, g.state.pending.actor) == ("turn", "filch")
    assert g.state.turn is not None and g.state.turn.mouse == "filch" and g.state.turn.rolled == 2
    listed = options(g)
    assert "end filch" in listed and not any("collin" in o for o in listed)


@pytest.mark.rule("R-CAPT-02")
@pytest.mark.rule("R-ACH-05")
def test_r_capt_02_the_old_crow_capturing_the_scaper_a_third_time_at_turn_start_asks_the_rescue_then_moves_on() -> None:
    g = _crow_at_turn_start(achievements=["scaper"], captures=2)
    assert [e.msg for e in g.events][-3:] == ["mouse_captured", "scaper_rescued", "hourglass_moves"]
    assert g.state.turn is None
    assert g.state.pending is not None and (g.state.pending.kind, g.state.pending.actor) == ("rescue", "collin")
    ev = g.apply("choose collin 1:9")
    assert one(ev, "mouse_rescued").params == {"hero": "collin", "space": "1:9"}
    # the rescue does not give the turn back (it ended with the capture): Filch's card comes next
    assert g.state.heroes["collin"].space == "1:9" and not g.state.heroes["collin"].captured
    assert g.state.pending is not None and (g.state.pending.kind, g.state.pending.actor) == ("turn", "filch")
    assert "end filch" in options(g)
