"""[EXP] Tree climbs (R-EXP-19) and exit tree branches (R-EXP-20).

Bramble Hollow (side 19): 15 oak roots shows the tree-climb symbol. The Trickle (side 17): a leaf on 9 (north
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
    assert (climb.params["mice"], climb.rule) == (["collin", "filch"], "R-EXP-19")
    assert g.state.heroes["filch"].space == "19:15" and g.state.heroes["tilda"].space == "17:3"
    assert g.state.chapter_data["branches"] == ["19:15"]
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
