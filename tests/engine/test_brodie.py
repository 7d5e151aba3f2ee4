"""Brodie the cat (RULES.md §19, R-BRODIE-01..07) on the Guard Room (side 5).

Brodie: battle 3, defense 4, life 6, cards ``cat:pounces`` and ``cat:chases``. He moves on the minion graph
(red and yellow lines do not stop him): 1-2, 1-5, 2-6, 6-9, 9-13 (red line), 13-15, 12-15, 12-13.
Brodie's melee hits are SWORD and SWORD/SHIELD faces.
"""

from __future__ import annotations

import pytest
from rulekit import BOW, CHEESE, SHIELD, SWORD, of, one, options, scenario

from mnm.engine.game import Game
from mnm.engine.rules.initiative import card_of_minion_type


def pounce(track: list[str], **fields: object) -> Game:
    """Filch and Tilda share 5:12, two rat warriors share 5:13, Collin is alone on 5:15; Brodie on 5:1."""
    data: dict[str, object] = {
        "heroes": {"collin": {"space": "5:15"}, "filch": {"space": "5:12"}, "tilda": {"space": "5:12"}},
        "minions": {
            "brodie-1": {"space": "5:1"},
            "rat-warrior-1": {"space": "5:13"},
            "rat-warrior-2": {"space": "5:13"},
        },
        "track": track,
        "turn": "cat:pounces",
        **fields,
    }
    return scenario(**data)


@pytest.mark.rule("R-BRODIE-01")
@pytest.mark.rule("R-SPACE-05")
def test_r_brodie_01_brodie_takes_no_room() -> None:
    four = {h: {"space": "5:12"} for h in ("filch", "tilda", "maginos", "nez")}
    g = scenario(
        heroes={"collin": {"space": "5:15"}, **four},
        minions={"brodie-1": {"space": "5:12"}},
        track=["mouse:collin", "mouse:filch", "mouse:tilda", "mouse:maginos", "mouse:nez", "cat:pounces"],
        turn="mouse:collin",
        dice=[BOW],
    )
    # four mice and the paw token share a space that holds four small figures
    assert g.state.minions["brodie-1"].space == "5:12"
    g2 = scenario(
        heroes={"collin": {"space": "5:15"}, "filch": {"space": "5:12"}},
        minions={"brodie-1": {"space": "5:12"}, "rat-warrior-1": {"space": "5:1"}},
        turn="mouse:collin",
        dice=[BOW],
    )
    assert "move collin 5:12" in options(g2)


@pytest.mark.rule("R-BRODIE-02")
@pytest.mark.rule("R-BRODIE-04")
def test_r_brodie_04_pounce_on_the_fullest_space_ties_to_the_figure_highest_on_the_track() -> None:
    track = ["cat:pounces", "mouse:collin", "minion:rat-warrior", "mouse:filch", "mouse:tilda", "cat:chases"]
    # Brodie's roll (one CHEESE: not for the wheel), then each rat defends on its own; Collin's movement
    g = pounce(track, dice=[SWORD, SWORD, CHEESE, BOW, BOW, SHIELD, BOW, BOW])
    assert one(g.events, "brodie_pounces").params == {"src": "5:1", "dst": "5:13", "figures": 2}
    attack = one(g.events, "brodie_attacks")
    assert attack.params["spaces"] == ["5:13"] and attack.params["hits"] == 2
    assert [e.params["target"] for e in of(g.events, "minion_defends")] == ["rat-warrior-1", "rat-warrior-2"]
    assert g.state.minions["brodie-1"].space == "5:13"
    assert g.state.wheel == 0  # R-BRODIE-02: Brodie's CHEESE feeds nothing
    assert set(g.state.minions) == {"brodie-1"}  # both rats fell (the second blocked 1 of 2 hits)


@pytest.mark.rule("R-BRODIE-04")
def test_r_brodie_04_the_tie_follows_the_track() -> None:
    track = ["cat:pounces", "mouse:filch", "mouse:collin", "minion:rat-warrior", "mouse:tilda", "cat:chases"]
    g = pounce(track, dice=[SWORD, BOW, BOW, SHIELD, BOW, SHIELD, BOW, BOW])  # Filch and Tilda defend
    assert one(g.events, "brodie_pounces").params["dst"] == "5:12"
    assert [e.params["hero"] for e in of(g.events, "mouse_defends")] == ["filch", "tilda"]


@pytest.mark.rule("R-BRODIE-04")
def test_r_brodie_04_he_stays_when_his_own_space_holds_the_most() -> None:
    g = scenario(
        heroes={"collin": {"space": "5:15"}, "filch": {"space": "5:12"}, "tilda": {"space": "5:12"}},
        minions={"brodie-1": {"space": "5:12"}},
        track=["cat:pounces", "mouse:collin", "mouse:filch", "mouse:tilda", "cat:chases"],
        turn="cat:pounces",
        dice=[BOW, BOW, BOW, BOW],  # no hit; Collin's movement
    )
    assert one(g.events, "brodie_pounces").params == {"src": "5:12", "dst": "5:12", "figures": 2}
    assert one(g.events, "brodie_attacks").params["spaces"] == ["5:12"]


@pytest.mark.rule("R-BRODIE-05")
@pytest.mark.rule("R-BRODIE-06")
def test_r_brodie_05_chase_goes_on_to_the_next_mouse_and_attacks_his_whole_path() -> None:
    g = scenario(
        heroes={"collin": {"space": "5:15"}, "filch": {"space": "5:6"}},
        minions={"brodie-1": {"space": "5:1"}, "rat-warrior-1": {"space": "5:2"}, "roach-1": {"space": "5:17"}},
        track=["cat:chases", "mouse:collin", "minion:rat-warrior", "mouse:filch", "minion:roach", "cat:pounces"],
        turn="cat:chases",
        # movement 2 + 2 = 4; attack roll (2 hits); the rat on 5:2 defends, then Filch on 5:6; Collin's move
        dice=[SWORD, SWORD, SWORD, SHIELD, CHEESE, BOW, BOW, BOW, BOW, BOW],
        options={"auto_pick_choices": True},  # where his paths split, the lowest-numbered space
    )
    chase = one(g.events, "brodie_chases")
    # Filch (2 away) is nearest; the 2 points left carry him toward Collin, the next nearest
    assert chase.params["path"] == ["5:1", "5:2", "5:6", "5:9", "5:13"]
    attack = one(g.events, "brodie_attacks")
    assert attack.params["spaces"] == ["5:1", "5:2", "5:6", "5:9", "5:13"]
    assert attack.rule == "R-BRODIE-06"
    assert "rat-warrior-1" not in g.state.minions  # figures on his path defend, minions included
    assert g.state.heroes["filch"].wounds == 2
    assert g.state.heroes["collin"].wounds == 0  # not on his path: 5:15 was out of reach
    assert "roach-1" in g.state.minions


@pytest.mark.rule("R-BRODIE-05")
def test_r_brodie_05_chase_heads_for_the_mouse_highest_on_the_track_on_a_tie() -> None:
    def chase(track: list[str]) -> list[str]:
        g = scenario(
            heroes={"collin": {"space": "5:1"}, "filch": {"space": "5:3"}},  # both 1 step from 5:2
            minions={"brodie-1": {"space": "5:2"}, "rat-warrior-1": {"space": "5:17"}},
            track=track,
            turn="cat:chases",
            dice=[CHEESE, CHEESE, BOW, BOW, BOW, BOW],  # 2 points, no hit
        )
        return list(one(g.events, "brodie_chases").params["path"])

    assert chase(["cat:chases", "mouse:collin", "mouse:filch", "minion:rat-warrior"])[:2] == ["5:2", "5:1"]
    assert chase(["cat:chases", "mouse:filch", "mouse:collin", "minion:rat-warrior"])[:2] == ["5:2", "5:3"]


@pytest.mark.rule("R-BRODIE-05")
def test_r_brodie_05_every_mouse_in_his_space_means_no_move() -> None:
    g = scenario(
        heroes={"collin": {"space": "5:12"}, "filch": {"space": "5:12"}},
        minions={"brodie-1": {"space": "5:12"}, "rat-warrior-1": {"space": "5:1"}},
        track=["cat:chases", "mouse:collin", "mouse:filch", "minion:rat-warrior"],
        turn="cat:chases",
        dice=[SHIELD, SHIELD, BOW, BOW, BOW, BOW],
    )
    assert one(g.events, "brodie_stays").params == {"space": "5:12"}
    assert g.state.minions["brodie-1"].space == "5:12"
    assert one(g.events, "brodie_attacks").params["spaces"] == ["5:12"]


@pytest.mark.rule("R-BRODIE-03")
def test_r_brodie_03_two_cards_two_turns_a_round() -> None:
    g = scenario(
        heroes={"collin": {"space": "5:15"}, "filch": {"space": "5:6"}},
        minions={"brodie-1": {"space": "5:1"}},
        track=["mouse:collin", "cat:pounces", "mouse:filch", "cat:chases"],
        turn="mouse:collin",
        # Collin's move; pounce (onto Collin: 5:15 and 5:6 tie, Collin is higher), 3 dice no hit; Filch's move
        dice=[BOW, BOW, BOW, BOW, BOW],
    )
    assert card_of_minion_type(g.ctx, "brodie") == ["cat:pounces", "cat:chases"]
    events = g.apply("end collin")
    assert one(events, "brodie_pounces").params["dst"] == "5:15"
    events = g.apply("end filch", dice=[CHEESE, CHEESE, BOW, BOW, BOW, BOW])  # chase 2 points, no hit
    assert of(events, "brodie_chases") != []


@pytest.mark.rule("R-BRODIE-07")
@pytest.mark.rule("R-BRODIE-02")
@pytest.mark.rule("R-ACH-06")
def test_r_brodie_07_brodie_can_be_defeated_and_makes_a_cat_tamer() -> None:
    g = scenario(
        heroes={"collin": {"space": "5:15"}, "filch": {"space": "5:1"}},
        minions={"brodie-1": {"space": "5:15", "wounds": 5}, "rat-warrior-1": {"space": "5:3"}},
        track=["mouse:collin", "cat:pounces", "mouse:filch", "cat:chases", "minion:rat-warrior"],
        turn="mouse:collin",
        # 1 hit; Brodie's 4 defense dice (2 CHEESE: not for the wheel) block nothing
        dice=[BOW, SWORD, BOW, BOW, CHEESE, CHEESE, BOW, BOW],
    )
    assert g.ctx.content.minions["brodie"].defense == 4
    events = g.apply("battle collin brodie-1")
    assert len(one(events, "minion_defends").params["faces"]) == 4
    assert "brodie-1" not in g.state.minions
    assert g.state.wheel == 0
    assert "cat:pounces" not in g.state.track and "cat:chases" not in g.state.track
    assert g.state.heroes["collin"].achievements == ["cat-tamer"]


@pytest.mark.rule("R-BRODIE-05")
def test_r_brodie_05_the_players_decide_which_path_when_brodies_paths_split() -> None:
    """"If there are multiple paths of equal length, the players can decide which path": the engine asks."""
    g = scenario(
        heroes={"collin": {"space": "5:15"}, "filch": {"space": "5:6"}},
        minions={"brodie-1": {"space": "5:1"}, "rat-warrior-1": {"space": "5:2"}, "roach-1": {"space": "5:17"}},
        track=["cat:chases", "mouse:collin", "minion:rat-warrior", "mouse:filch", "minion:roach", "cat:pounces"],
        turn="cat:chases",
        dice=[SWORD, SWORD, SWORD, SHIELD, CHEESE, BOW, BOW, BOW, BOW, BOW],
    )
    d = g.decision()
    assert d is not None and (d.kind, d.actor) == ("brodie_path", "party")
    spaces = [a.args[0] for a in d.options]
    assert len(spaces) >= 2
    other = spaces[-1]  # not the lowest-numbered one the engine used to take
    g.apply(f"choose party {other}")
    while (d := g.decision()) is not None and d.kind == "brodie_path":
        g.apply(d.options[0])
    chase = one(g.events, "brodie_chases")
    assert other in chase.params["path"]  # type: ignore[operator]


def cat_among_rats(card: str, dice: list[int]) -> Game:
    """Chapter 1: Brodie on Guard Room 1, two rats on 5:13 and one on 5:12, no mouse on his tile (both mice in
    the Corridor, side 4); ``card`` acts first (issue 33)."""
    return scenario(
        chapter="flight-to-barksburg",
        explored=[5, 4],
        heroes={"collin": {"space": "4:1"}, "filch": {"space": "4:1"}},
        minions={
            "brodie-1": {"space": "5:13" if card == "cat:chases" else "5:1"},
            "rat-warrior-1": {"space": "5:13"},
            "rat-warrior-2": {"space": "5:13"},
            "rat-warrior-3": {"space": "5:12"},
        },
        track=[card, "mouse:collin", "mouse:filch", "minion:rat-warrior"],
        turn=card,
        dice=dice,
    )


@pytest.mark.rule("R-BRODIE-04")
def test_r_brodie_04_he_pounces_on_minions_when_no_mouse_is_on_his_tile() -> None:
    # "the most figures, minions included": the two rats on 5:13. One roll (3 dice, 1 hit), each rat defends
    # (rat 1 blocks, rat 2 does not); Collin's movement
    g = cat_among_rats("cat:pounces", [SWORD, BOW, BOW, SHIELD, BOW, BOW, BOW, BOW])
    assert one(g.events, "brodie_pounces").params == {"src": "5:1", "dst": "5:13", "figures": 2}
    assert one(g.events, "brodie_attacks").params["hits"] == 1
    assert [e.params["target"] for e in of(g.events, "minion_defends")] == ["rat-warrior-1", "rat-warrior-2"]
    assert set(g.state.minions) == {"brodie-1", "rat-warrior-1", "rat-warrior-3"}  # the second rat fell
    assert of(g.events, "minion_idle") == [] and g.state.dice_queue == []


@pytest.mark.rule("R-BRODIE-05")
@pytest.mark.rule("R-BRODIE-06")
def test_r_brodie_05_with_no_mouse_on_his_tile_his_chase_stays_and_attacks_his_space() -> None:
    # no mouse to chase: he does not move (2 dice rolled for the card), one roll (3 dice, 1 hit) at the figures
    # of his space; rat 1 blocks, rat 2 does not; Collin's movement
    g = cat_among_rats("cat:chases", [BOW, BOW, SWORD, BOW, BOW, SHIELD, BOW, BOW, BOW, BOW])
    assert one(g.events, "brodie_stays").params == {"space": "5:13"}
    assert one(g.events, "brodie_attacks").params["spaces"] == ["5:13"]
    assert "rat-warrior-2" not in g.state.minions and g.state.dice_queue == []


@pytest.mark.rule("R-BRODIE-04")
@pytest.mark.rule("R-MINION-11")
def test_r_brodie_04_with_nobody_on_his_tile_he_waits() -> None:
    g = scenario(
        chapter="flight-to-barksburg",
        explored=[5, 4],
        heroes={"collin": {"space": "4:1"}},
        minions={"brodie-1": {"space": "5:1"}, "rat-warrior-1": {"space": "4:5"}},
        track=["cat:pounces", "mouse:collin", "minion:rat-warrior"],
        turn="cat:pounces",
        dice=[BOW],  # Collin's movement only: the cat rolls nothing
    )
    assert one(g.events, "minion_idle").params == {"minion": "brodie-1"}
    assert of(g.events, "brodie_pounces") == []


@pytest.mark.rule("R-BRODIE-05")
def test_r_brodie_05_with_no_mouse_on_his_tile_and_nobody_in_his_space_his_chase_attacks_no_one() -> None:
    g = scenario(
        chapter="flight-to-barksburg",
        explored=[5, 4],
        heroes={"collin": {"space": "4:1"}},
        minions={"brodie-1": {"space": "5:1"}, "rat-warrior-1": {"space": "5:12"}},
        track=["cat:chases", "mouse:collin", "minion:rat-warrior"],
        turn="cat:chases",
        dice=[BOW, BOW, BOW],  # his 2 chase dice, then Collin's movement: no attack roll at an empty space
    )
    assert one(g.events, "brodie_stays").params == {"space": "5:1"}
    assert of(g.events, "brodie_attacks") == [] and g.state.dice_queue == []
