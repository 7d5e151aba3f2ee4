"""[EXP] Pesky Bees (R-EXP-08) on The Trickle (side 17: 6 buttercups, a bee's home, next to 5; 4 the east landing
by the exit), and the Marksman (R-ACH-08) and Snake Charmer (R-ACH-09) achievements.
"""

from __future__ import annotations

import pytest
from rulekit import BOW, CHEESE, SHIELD, SWORD, of, one, options, scenario

TRICKLE = "the-trickle-crossing"


def _bees(host: str | None, home: str = "17:6") -> dict[str, object]:
    return {"bees": {"bee-1": {"home": home, "host": host}}}


@pytest.mark.rule("R-EXP-08")
def test_r_exp_08_a_bee_follows_a_mouse_that_ends_its_turn_within_2_spaces_of_its_flower() -> None:
    g = scenario(chapter=TRICKLE, heroes={"collin": {"space": "17:5"}, "filch": {"space": "17:4"}}, minions={},
                 tokens={"bee-1": ["17:6"]}, track=["mouse:collin", "mouse:filch"], turn="mouse:collin",
                 dice=[CHEESE, CHEESE])
    ev = g.apply("end collin")
    assert one(ev, "bee_follows").params["figure"] == "collin"
    assert g.state.tokens["bee-1"] == ["17:5"]
    assert g.state.chapter_data["bees"]["bee-1"] == {"home": "17:6", "host": "collin"}
    ev2 = g.apply("end filch", dice=[CHEESE])  # Filch, far from the flower, draws no bee
    assert not of(ev2, "bee_follows")


@pytest.mark.rule("R-EXP-08")
def test_r_exp_08_each_bee_takes_a_die_from_its_host_s_attacks_and_defense() -> None:
    # Collin (battle 2 + sword 1) with a bee rolls 2 dice (1 hit); the roach defends with its 1 die
    g = scenario(chapter=TRICKLE, heroes={"collin": {"space": "17:5"}}, minions={"roach-1": {"space": "17:5"}},
                 tokens={"bee-1": ["17:5"]}, chapter_data=_bees("collin"),
                 track=["mouse:collin", "minion:roach"], turn="mouse:collin", dice=[CHEESE, SWORD, BOW, BOW])
    ev = g.apply("battle collin roach-1")
    assert one(ev, "mouse_attacks").params["faces"] == [SWORD, BOW]  # 3 dice less the bee
    assert g.state.heroes["collin"].wounds == 0
    from mnm.engine.rules.battle import defense_dice

    assert defense_dice(g.ctx, g.state, g.state.heroes["collin"], None) == 1  # defense 1 + armor 1 - bee 1


@pytest.mark.rule("R-EXP-08")
def test_r_exp_08_after_its_host_is_attacked_the_bee_follows_the_attacker_unless_a_boss() -> None:
    g = scenario(chapter=TRICKLE, heroes={"collin": {"space": "17:5"}}, minions={"roach-1": {"space": "17:5"}},
                 tokens={"bee-1": ["17:5"]}, chapter_data=_bees("collin"),
                 track=["minion:roach", "mouse:collin"], dice=[BOW, CHEESE, CHEESE])  # the roach misses
    sw = one(g.events, "bee_switches")
    assert (sw.params["src"], sw.params["dst"]) == ("collin", "roach-1")
    assert g.state.chapter_data["bees"]["bee-1"]["host"] == "roach-1"
    boss = scenario(chapter=TRICKLE, heroes={"collin": {"space": "17:5"}},
                    minions={"captain-vurst-1": {"space": "17:3"}}, tokens={"bee-1": ["17:5"]},
                    chapter_data=_bees("collin"), track=["minion:captain-vurst", "mouse:collin"],
                    dice=[BOW, BOW, BOW, SHIELD, SHIELD, CHEESE])
    assert one(boss.events, "minion_attacks").params["hero"] == "collin"
    assert not of(boss.events, "bee_switches")
    assert boss.state.chapter_data["bees"]["bee-1"]["host"] == "collin"


@pytest.mark.rule("R-EXP-08")
def test_r_exp_08_bees_following_mice_leave_after_a_successful_explore() -> None:
    g = scenario(chapter=TRICKLE, heroes={"collin": {"space": "17:4"}}, minions={}, tokens={"bee-1": ["17:4"]},
                 chapter_data=_bees("collin"), track=["mouse:collin"], turn="mouse:collin", dice=[CHEESE],
                 explored=[17, 19])  # no encounter to draw
    ev = g.apply("explore collin exit-0")
    assert one(ev, "bee_leaves").params["bee"] == "bee-1"
    assert "bee-1" not in g.state.tokens


@pytest.mark.rule("R-ACH-08")
def test_r_ach_08_3_bows_in_an_attack_make_the_marksman_whose_token_makes_every_die_a_bow() -> None:
    # Lily (battle 2 + bow 1) shoots the rat on the next space: three BOWs
    g = scenario(heroes={"lily": {"space": "5:12"}}, minions={"rat-warrior-1": {"space": "5:13"},
                                                                "rat-warrior-2": {"space": "5:15"}},
                 track=["mouse:lily", "minion:rat-warrior"], turn="mouse:lily",
                 dice=[CHEESE, BOW, BOW, BOW, CHEESE, CHEESE])
    ev = g.apply("battle lily rat-warrior-1")
    assert one(ev, "achievement").params["achievement"] == "marksman"
    assert g.state.heroes["lily"].achievements == ["marksman"]
    g2 = scenario(heroes={"lily": {"space": "5:12", "achievements": ["marksman"]}},
                  minions={"rat-warrior-1": {"space": "5:13"}},
                  track=["mouse:lily", "minion:rat-warrior"], turn="mouse:lily",
                  dice=[CHEESE, SWORD, SHIELD, CHEESE, BOW, BOW])
    assert "aim lily" in options(g2)
    g2.apply("aim lily")
    ev2 = g2.apply("battle lily rat-warrior-1")  # no BOW rolled, but all 3 dice count as BOWs
    assert one(ev2, "marksman_aims").params["hits"] == 3
    assert one(ev2, "mouse_attacks").params["hits"] == 3
    assert g2.state.heroes["lily"].achievements == ["marksman-spent"]
    assert "rat-warrior-1" not in g2.state.minions


@pytest.mark.rule("R-ACH-09")
def test_r_ach_09_the_snake_charmer_makes_large_minions_roll_1_fewer_defense_die() -> None:
    from mnm.engine.rules.achievements import snake_charmer

    g = scenario(chapter="the-ember-vault", tiles={"10": 20}, heroes={"collin": {"space": "20:4"}},
                 minions={"molox-1": {"space": "20:2"}}, tokens={}, track=["mouse:collin", "minion:molox:1"],
                 turn="mouse:collin", dice=[CHEESE, SWORD, BOW, BOW, BOW])
    snake_charmer(g.ctx, g.state, g.state.heroes["collin"])
    assert one(g.ctx.events, "achievement").rule == "R-ACH-09"
    ev = g.apply("battle collin molox-1")
    assert len(one(ev, "minion_defends").params["faces"]) == 1  # Molox's defense 2, less 1
