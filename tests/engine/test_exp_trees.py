"""[EXP] Tree climbs (R-EXP-19) and exit tree branches (R-EXP-20).

Bramble Hollow (side 19): 15 oak roots shows the tree-climb symbol; the Oak Crown (side 21) is the branch
overlay laid over it: 1 the trunk top (its symbol), 2 the fork, 3 and 6 the boughs, 4 and 7 the twigs (entry
spaces, an air gap between them), 5 and 8 the exit branches, each with a leaf. The Trickle (side 17): a leaf on 9 (north
of the west lane); entry spaces 2 (reed bed, next to 9's lane), 5 and 8.
"""

from __future__ import annotations

import pytest
from rulekit import BOW, CHEESE, SHIELD, SWORD, illegal, of, one, options, scenario

TRICKLE = "the-trickle-crossing"


@pytest.mark.rule("R-EXP-19")
def test_r_exp_19_a_climb_lays_the_branch_and_puts_the_party_on_the_symbol() -> None:
    g = scenario(chapter=TRICKLE, tiles={"10": 19},
                 heroes={"collin": {"space": "19:15"}, "filch": {"space": "19:2"}, "tilda": {"space": "17:3"}},
                 minions={}, tokens={}, track=["mouse:collin", "mouse:filch", "mouse:tilda"], turn="mouse:collin",
                 dice=[CHEESE])
    assert "climb collin" in options(g)
    ev = g.apply("climb collin")
    climb = one(ev, "tree_climb")
    assert (climb.params["mice"], climb.params["dst"], climb.rule) == (["collin", "filch"], "21:1", "R-EXP-19")
    # up on the Oak Crown's trunk top (the overlay's symbol); Tilda, on another tile, stays
    assert g.state.heroes["filch"].space == "21:1" and g.state.heroes["tilda"].space == "17:3"
    assert g.state.chapter_data["branches"] == ["19:15"] and 21 in g.state.explored
    busy = scenario(chapter=TRICKLE, tiles={"10": 19}, heroes={"collin": {"space": "19:15"}},
                    minions={"roach-1": {"space": "19:1"}}, tokens={}, track=["mouse:collin", "minion:roach"],
                    turn="mouse:collin", dice=[CHEESE])
    assert "R-EXPLORE-01" in illegal(busy, "climb collin")


@pytest.mark.rule("R-EXP-20")
def test_r_exp_20_the_party_sails_off_on_a_leaf_toward_a_minion_entry_space() -> None:
    g = scenario(chapter=TRICKLE, heroes={"collin": {"space": "17:9"}, "filch": {"space": "17:9"}}, minions={},
                 tokens={"leaf-1": ["17:9"]}, track=["mouse:collin", "mouse:filch"], turn="mouse:collin",
                 dice=[CHEESE, SHIELD])  # the flight: 3 spaces
    ev = g.apply("glide collin")
    glide = one(ev, "leaf_glides")
    assert (glide.params["src"], glide.params["dst"], glide.rule) == ("17:9", "17:2", "R-EXP-20")
    assert g.state.tokens["leaf-1"] == ["17:2"]
    assert {h.space for h in g.state.heroes.values()} == {"17:2"}


@pytest.mark.rule("R-EXP-20")
def test_r_exp_20_everyone_aboard_and_with_minions_about_a_success_first() -> None:
    apart = scenario(chapter=TRICKLE, heroes={"collin": {"space": "17:9"}, "filch": {"space": "17:3"}}, minions={},
                     tokens={"leaf-1": ["17:9"]}, track=["mouse:collin", "mouse:filch"], turn="mouse:collin",
                     dice=[CHEESE])
    assert "every mouse must be on the leaf" in illegal(apart, "glide collin")
    g = scenario(chapter=TRICKLE, heroes={"collin": {"space": "17:9"}}, minions={"roach-1": {"space": "17:20"}},
                 tokens={"leaf-1": ["17:9"]}, track=["mouse:collin", "minion:roach"], turn="mouse:collin",
                 dice=[CHEESE, BOW])  # no STAR: the leaf stays
    ev = g.apply("glide collin")
    assert one(ev, "glide_fails").rule == "R-EXP-20"
    assert g.state.tokens["leaf-1"] == ["17:9"] and not of(ev, "leaf_glides")
    ok = scenario(chapter=TRICKLE, heroes={"collin": {"space": "17:9"}}, minions={"roach-1": {"space": "17:20"}},
                  tokens={"leaf-1": ["17:9"]}, track=["mouse:collin", "minion:roach"], turn="mouse:collin",
                  dice=[CHEESE, SWORD, CHEESE])  # a STAR, then a flight of 1
    assert one(ok.apply("glide collin"), "leaf_glides").params["path"] == ["17:10"]  # one space east


@pytest.mark.rule("R-EXP-19")
@pytest.mark.rule("R-EXP-03")
def test_r_exp_19_on_the_branches_mice_walk_the_boughs_not_the_gap_and_climb_back_down() -> None:
    g = scenario(chapter=TRICKLE, tiles={"10": 19, "11": 21},
                 heroes={"collin": {"space": "21:1"}, "filch": {"space": "21:4"}}, minions={},
                 tokens={"leaf-3": ["21:5"], "leaf-4": ["21:8"]}, explored=[17, 19, 21],
                 track=["mouse:collin", "mouse:filch"], turn="mouse:collin", dice=[SHIELD])  # 2 + 3 movement
    moves = {a for a in options(g) if a.startswith("move")}
    assert {"move collin 21:2", "move collin 21:3", "move collin 21:6", "move collin 21:7"} <= moves
    from mnm.engine.rules.movement import mouse_neighbours

    assert "21:7" not in mouse_neighbours(g.ctx, g.state, "21:4", None)  # the air gap: no walking across
    graph = g.ctx.board.graph(21)
    assert graph.fly_cost[graph.by_id["21:4"].index][graph.by_id["21:7"].index] == 2  # a flyer: one gap space
    # the same symbol takes the party back down (R-EXP-19: it "also serves for exploring into Downwood")
    ev = g.apply("climb collin")
    assert one(ev, "tree_climb").params["dst"] == "19:15"
    assert (g.state.heroes["collin"].space, g.state.heroes["filch"].space) == ("19:15", "19:15")


@pytest.mark.rule("R-EXP-20")
def test_r_exp_20_an_exit_branch_leaf_drops_to_the_roots_then_flies_toward_an_entry_space() -> None:
    g = scenario(chapter=TRICKLE, tiles={"10": 19, "11": 21},
                 heroes={"collin": {"space": "21:5"}, "filch": {"space": "21:5"}}, minions={},
                 tokens={"leaf-3": ["21:5"]}, explored=[17, 19, 21],
                 track=["mouse:collin", "mouse:filch"], turn="mouse:collin",
                 dice=[CHEESE, SHIELD])  # Collin's movement; the flight: 3 spaces
    ev = g.apply("glide collin")
    glide = one(ev, "leaf_glides")
    # first space: the oak roots under the branch (19:15); then toward the nearest entry space, 9, next to it
    assert (glide.params["src"], glide.params["path"], glide.params["dst"]) == ("21:5", ["19:15", "19:9"], "19:9")
    assert g.state.tokens["leaf-3"] == ["19:9"]
    assert (g.state.heroes["collin"].space, g.state.heroes["filch"].space) == ("19:9", "19:9")


@pytest.mark.rule("R-EXP-20")
def test_r_exp_20_the_plain_description_of_an_exit_branch_says_what_it_is_in_both_languages() -> None:
    from mnm.presentation import info

    g = scenario(chapter=TRICKLE, tiles={"10": 19, "11": 21}, heroes={"collin": {"space": "21:1"}}, minions={},
                 tokens={"leaf-3": ["21:5"]}, explored=[17, 19, 21], track=["mouse:collin"], turn="mouse:collin",
                 dice=[CHEESE])
    en = info.space(g.ctx.content, g.state, "21:5", "en")["lines"]
    pt = info.space(g.ctx.content, g.state, "21:5", "pt_BR")["lines"]
    assert "Exit tree branch: with every mouse on its leaf, the party may sail off on it to the ground." in en
    assert "Galho de saída: com todos os ratos na folha, o grupo pode planar nela até o chão." in pt
