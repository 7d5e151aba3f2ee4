"""Explore (RULES.md §13, R-EXPLORE-01..14) on Chapter 1's board.

Chapter 1 lays three physical tiles west to east: tile 3 (Guard Room 5, orange / Sewer 6, blue), tile 2
(Kitchen Tunnels 4, blue / Kitchen 3, orange) and tile 1 (Tunnel Entrance 2, blue / Courtyard 1, orange).
The Guard Room's east exit (by 5:4) does not line up with the Kitchen's west exit (the rulebook's example), so
the way on is the sewer grate (flip space 5:8). The Sewer's flip space 6:4 is a fishhook one; its east exit
(6:9, 6:12) lines up with the Kitchen Tunnels' west exit (4:8); their east exit (4:6) with the Tunnel
Entrance's west exit (2:4).
"""

from __future__ import annotations

from typing import Any

import pytest
from rulekit import CHEESE, SWORD, lab_content, of, one, options, scenario

from mnm.engine.errors import IllegalAction
from mnm.engine.game import Game
from mnm.engine.rules.explore import exit_target


def chapter1(heroes: dict[str, Any], **fields: Any) -> Game:
    fields.setdefault("turn", f"mouse:{next(iter(heroes))}")
    fields.setdefault("dice", [CHEESE, SWORD, SWORD, SWORD])
    fields.setdefault("encounter_deck_top", ["rat-patrol"])
    return scenario(chapter="flight-to-barksburg", heroes=heroes, **fields)


def explores(g: Game) -> set[str]:
    return {o for o in options(g) if o.startswith("explore ")}


@pytest.mark.rule("R-EXPLORE-01")
def test_r_explore_01_no_exploring_with_a_minion_on_the_tile() -> None:
    g = chapter1({"collin": {"space": "5:8"}}, minions={"rat-warrior-1": {"space": "5:1"}})
    assert explores(g) == set()
    with pytest.raises(IllegalAction, match=r"no exploring while minions are on this tile \(R-EXPLORE-01\)"):
        g.apply("explore collin flip")
    assert g.state.face_up[3] == 5
    # a minion on another tile does not stop it
    g = chapter1({"collin": {"space": "5:8"}}, minions={"rat-warrior-1": {"space": "4:1"}})
    assert explores(g) == {"explore collin flip"}


@pytest.mark.rule("R-EXPLORE-02")
def test_r_explore_02_only_from_a_flip_space_or_next_to_an_exit() -> None:
    g = chapter1({"collin": {"space": "5:15"}})
    assert explores(g) == set()
    with pytest.raises(IllegalAction, match=r"not on a flip space \(R-EXPLORE-02\)"):
        g.apply("explore collin flip")
    g = chapter1({"collin": {"space": "4:5"}}, tiles={"1": 2})
    with pytest.raises(IllegalAction, match=r"not next to exit-1 \(R-EXPLORE-02\)"):
        g.apply("explore collin exit-1")
    g = chapter1({"collin": {"space": "4:6"}})
    assert "explore collin exit-1" in explores(g)


@pytest.mark.rule("R-EXPLORE-03")
def test_r_explore_03_the_neighbour_must_have_a_lined_up_exit_of_the_same_colour() -> None:
    # the Guard Room doorway: the Kitchen (the orange side of the neighbour) has no exit facing rows 2-4
    g = chapter1({"collin": {"space": "5:4"}})
    assert explores(g) == set()
    with pytest.raises(IllegalAction, match=r"lined-up exit of the same colour \(R-EXPLORE-03/04\)"):
        g.apply("explore collin exit-0")
    assert exit_target(g.ctx, g.state, 5, 0) is None


@pytest.mark.rule("R-EXPLORE-04")
def test_r_explore_04_a_neighbour_showing_the_other_colour_is_flipped_first() -> None:
    # from the Kitchen Tunnels (blue) west: tile 3 shows the Guard Room (orange), so it turns to the Sewer
    g = chapter1({"collin": {"space": "4:8"}})
    assert exit_target(g.ctx, g.state, 4, 0) == (6, 0)
    ev = g.apply("explore collin exit-0")
    flip = one(ev, "tile_flipped")
    assert flip.params == {"tile": 3, "src": 5, "dst": 6}
    assert flip.rule == "R-EXPLORE-04"
    assert g.state.face_up[3] == 6
    g.apply("choose party 6:12")  # the Sewer's east exit area borders two spaces (R-EXPLORE-05)
    assert g.state.heroes["collin"].space == "6:12"


@pytest.mark.rule("R-EXPLORE-04")
def test_r_explore_04_no_flipping_a_tile_with_mice_on_it() -> None:
    g = chapter1({"collin": {"space": "4:8"}, "filch": {"space": "5:15"}})
    assert explores(g) == set()
    assert exit_target(g.ctx, g.state, 4, 0) is None


@pytest.mark.rule("R-EXPLORE-05")
def test_r_explore_05_every_mouse_on_the_tile_goes_through_the_exit() -> None:
    g = chapter1(
        {"collin": {"space": "4:6"}, "filch": {"space": "4:1"}, "nez": {"space": "5:15"}},
        explored=[5, 4, 2],
    )
    ev = g.apply("explore collin exit-1")
    assert one(ev, "explores_exit").params == {"hero": "collin", "src": 4, "dst": 2}
    assert [e.params["hero"] for e in of(ev, "mouse_placed")] == ["collin", "filch"]
    spaces = {h: g.state.heroes[h].space for h in ("collin", "filch", "nez")}
    assert spaces == {"collin": "2:4", "filch": "2:4", "nez": "5:15"}  # 2:4 is by the lined-up west exit
    assert "2:4" in g.ctx.board.graph(2).exits[0].spaces
    assert of(ev, "encounter_drawn") == []  # side 2 was already explored


@pytest.mark.rule("R-EXPLORE-06")
def test_r_explore_06_flip_puts_every_mouse_on_the_revealed_flip_location() -> None:
    g = chapter1({"collin": {"space": "5:8"}, "filch": {"space": "5:15"}, "nez": {"space": "5:2"}}, explored=[5, 6])
    ev = g.apply("explore collin flip")
    assert one(ev, "tile_flipped").params == {"tile": 3, "src": 5, "dst": 6}
    assert g.state.face_up[3] == 6
    assert {h.space for h in g.state.heroes.values()} == {"6:4"}  # the Sewer's flip location
    assert g.ctx.board.spaces["6:4"].flip is not None


@pytest.mark.rule("R-EXPLORE-06")
def test_r_explore_06_a_fifth_mouse_spills_onto_an_adjacent_space() -> None:
    five = {h: {"space": "5:8" if h != "maginos" else "5:1"} for h in ("collin", "filch", "nez", "tilda", "maginos")}
    g = chapter1(five, explored=[5, 6])
    g.apply("explore collin flip")
    on_flip = [h for h, x in g.state.heroes.items() if x.space == "6:4"]
    assert on_flip == ["collin", "filch", "nez", "tilda"]
    spill = g.state.heroes["maginos"].space
    assert spill == "6:1" and g.ctx.board.graph(6).mouse_adjacent("6:4", spill)


@pytest.mark.rule("R-EXPLORE-07")
def test_r_explore_07_fishhook_flip_needs_the_fishhook_in_the_stash() -> None:
    sewer = {"tiles": {"3": 6}, "explored": [5, 6]}
    g = chapter1({"collin": {"space": "6:4"}}, **sewer)
    assert explores(g) == set()
    with pytest.raises(IllegalAction, match=r"Fishhook & Thread in the party stash \(R-EXPLORE-07\)"):
        g.apply("explore collin flip")
    # placed on the board, it is not "available" (docs/rulings.md R-EXPLORE-07)
    g = chapter1({"collin": {"space": "6:4"}}, tokens={"fishhook": ["6:4", "6:5"]}, **sewer)
    assert explores(g) == set()
    g = chapter1({"collin": {"space": "6:4"}}, stash=["fishhook"], **sewer)
    assert explores(g) == {"explore collin flip"}
    g.apply("explore collin flip")
    assert (g.state.face_up[3], g.state.heroes["collin"].space) == (5, "5:8")


@pytest.mark.rule("R-EXPLORE-09")
@pytest.mark.rule("R-ENC-02")
def test_r_explore_09_a_new_area_draws_an_encounter_an_explored_one_does_not() -> None:
    g = chapter1({"collin": {"space": "5:8"}}, encounter_deck_top=["scuttling-roaches"])
    ev = g.apply("explore collin flip")
    drawn = one(ev, "encounter_drawn")
    assert drawn.params == {"card": "scuttling-roaches", "page": 1}
    assert drawn.rule == "R-ENC-02"
    assert g.state.explored == [5, 6]
    assert sum(1 for m in g.state.minions.values() if m.type == "roach") == 3
    g = chapter1({"collin": {"space": "5:8"}}, explored=[5, 6])
    ev = g.apply("explore collin flip")
    assert of(ev, "encounter_drawn") == []
    assert g.state.minions == {}


@pytest.mark.rule("R-EXPLORE-11")
def test_r_explore_11_a_flipped_tile_keeps_its_place_and_orientation() -> None:
    # after the flip to the Sewer, the Sewer's east exit lines up with the Kitchen Tunnels' west exit
    g = chapter1({"collin": {"space": "5:8"}}, explored=[5, 6])
    g.apply("explore collin flip")
    board = g.ctx.board
    assert board.tile_of_side(6) == board.tile_of_side(5) == 3
    assert exit_target(g.ctx, g.state, 6, 0) == (4, 0)
    assert board.graph(6).exits[0].edge == board.graph(5).exits[0].edge  # both face east


@pytest.mark.rule("R-EXPLORE-12")
@pytest.mark.rule("R-PARTY-05")
def test_r_explore_12_a_dinner_fork_left_on_the_tile_is_lost() -> None:
    g = chapter1({"collin": {"space": "5:8"}}, explored=[5, 6], tokens={"fork": ["5:3"]})
    ev = g.apply("explore collin flip")
    assert one(ev, "token_lost").params == {"token": "fork"}
    assert "fork" not in g.state.tokens


@pytest.mark.rule("R-EXPLORE-13")
def test_r_explore_13_leaving_the_sewers_needs_the_fishhook() -> None:
    sewer = {"tiles": {"3": 6}, "explored": [5, 6, 4]}
    g = chapter1({"collin": {"space": "6:12"}}, **sewer)
    assert explores(g) == set()
    with pytest.raises(IllegalAction, match="Leaving the Sewers"):
        g.apply("explore collin exit-0")
    g = chapter1({"collin": {"space": "6:12"}}, stash=["fishhook"], **sewer)
    assert explores(g) == {"explore collin exit-0"}
    g.apply("explore collin exit-0")
    assert g.state.heroes["collin"].space == "4:8"


@pytest.mark.rule("R-EXPLORE-14")
def test_r_explore_14_mice_in_water_or_knocked_down_go_along() -> None:
    g = chapter1(
        {
            "collin": {"space": "6:12"},
            "filch": {"space": "6:8"},  # in the water channel
            "nez": {"space": "6:1", "statuses": ["knocked_down"]},
        },
        tiles={"3": 6},
        explored=[5, 6, 4],
        stash=["fishhook"],
    )
    assert g.ctx.board.spaces["6:8"].water
    g.apply("explore collin exit-0")
    assert {h.id: h.space for h in g.state.heroes.values()} == {"collin": "4:8", "filch": "4:8", "nez": "4:8"}


def lab(heroes: dict[str, Any], **fields: Any) -> Game:
    """The rules-lab chapter: The Pipes (15), whose flip space 10 is a gear one, over the Drain Pipe (16),
    given two flip spaces (4 and 17) for these tests."""
    fields.setdefault("turn", f"mouse:{next(iter(heroes))}")
    fields.setdefault("dice", [CHEESE])
    return scenario(lab_content(), chapter="rules-lab", heroes=heroes, explored=[15, 16], **fields)


@pytest.mark.rule("R-EXPLORE-08")
def test_r_explore_08_gear_flip_only_for_a_tinkerer_or_a_scamp() -> None:
    assert lab({"nez": {"space": "15:10"}}).ctx.board.spaces["15:10"].flip == "gear"
    for hero in ("nez", "filch"):  # tinkerer, scamp
        assert explores(lab({hero: {"space": "15:10"}})) == {f"explore {hero} flip"}
    for hero in ("collin", "tilda", "maginos"):  # leader/warrior, healer, mystic
        g = lab({hero: {"space": "15:10"}})
        assert explores(g) == set()
        with pytest.raises(IllegalAction, match=r"only a Tinkerer or a Scamp .*R-EXPLORE-08"):
            g.apply(f"explore {hero} flip")


@pytest.mark.rule("R-EXPLORE-10")
def test_r_explore_10_two_flip_spaces_the_party_picks_one_for_everyone() -> None:
    g = lab({"nez": {"space": "15:10"}, "collin": {"space": "15:2"}})
    g.apply("explore nez flip")
    d = g.decision()
    assert d is not None and (d.kind, d.actor) == ("flip_landing", "party")
    assert options(g) == {"choose party 16:4", "choose party 16:17"}
    with pytest.raises(IllegalAction, match=r"R-EXPLORE-10"):
        g.apply("choose party 16:9")
    ev = g.apply("choose party 16:17")
    assert one(ev, "tile_flipped").params == {"tile": 8, "src": 15, "dst": 16}
    assert {h.space for h in g.state.heroes.values()} == {"16:17"}
