"""[EXP] Expansion creatures: Olga (R-EXP-10), token creatures (R-EXP-16, R-SPACE-07), the Clockwork Mortar
(R-EXP-12), Shard Blast (R-EXP-13), Molox (R-EXP-15, R-BOSS-04).

Bramble Hollow (side 19): 7 -> 10 -> 13 is a column down the west side. Under the Bank (side 18): 1 above 3
above 5. The Ember Vault (side 20): the mortar ledge 4 looks down over 6 onto 9.
"""

from __future__ import annotations

import pytest
from rulekit import BOW, CHEESE, SHIELD, SHIELD_STAR, SWORD, of, one, options, scenario

from mnm.content.loader import builtin_content
from mnm.engine import Game
from mnm.engine.rules.initiative import add_cards, cards_for_types

TRICKLE = "the-trickle-crossing"
VAULT = "the-ember-vault"


def olga_charge() -> Game:
    """Olga on Bramble Hollow 7; Filch and a roach on 10, Collin on 13 rolls a 1 for movement."""
    return scenario(
        chapter=TRICKLE, tiles={"10": 19},
        heroes={"collin": {"space": "19:13"}, "filch": {"space": "19:10"}},
        minions={"roach-1": {"space": "19:10"}},
        tokens={"olga": ["19:7"]},
        track=["mouse:collin", "mouse:filch", "minion:roach"],
        turn="mouse:collin",
        dice=[CHEESE],  # Collin rolls a 1 for movement
    )


@pytest.mark.rule("R-EXP-10")
def test_r_exp_10_olga_charges_a_mouse_that_rolls_a_1_and_tramples_small_figures() -> None:
    g = olga_charge()
    charge = one(g.events, "olga_charges")
    assert (charge.params["path"], charge.rule) == (["19:10", "19:13"], "R-EXP-10")
    assert g.state.tokens["olga"] == ["19:13"]
    assert (g.state.heroes["filch"].wounds, g.state.heroes["collin"].wounds) == (1, 1)  # no defense roll
    assert "roach-1" not in g.state.minions  # a roach (life 1) trampled on the way
    # a 2 for movement: Olga stays put
    g2 = scenario(chapter=TRICKLE, tiles={"10": 19}, heroes={"collin": {"space": "19:13"}}, minions={},
                  tokens={"olga": ["19:7"]}, track=["mouse:collin"], turn="mouse:collin", dice=[SWORD])
    assert not of(g2.events, "olga_charges") and g2.state.tokens["olga"] == ["19:7"]


@pytest.mark.rule("R-EXP-16")
@pytest.mark.rule("R-SPACE-07")
@pytest.mark.rule("R-EXP-10")
def test_r_exp_16_token_creatures_and_olga_take_no_room() -> None:
    # three mice and Olga in the hollow log: a fourth mouse still fits; Olga cannot be attacked
    g = scenario(
        chapter=TRICKLE, tiles={"10": 19},
        heroes={"filch": {"space": "19:10"}, "collin": {"space": "19:13"}, "tilda": {"space": "19:13"},
                "maginos": {"space": "19:13"}},
        minions={},
        tokens={"olga": ["19:13"], "bee-1": ["19:13"]},
        track=["mouse:filch", "mouse:collin", "mouse:tilda", "mouse:maginos"],
        turn="mouse:filch",
        dice=[SWORD],
    )
    assert "move filch 19:13" in options(g)
    assert not any(a.startswith("battle") for a in options(g))


def _mortar(minions: dict[str, dict[str, object]], heroes: dict[str, dict[str, object]], dice: list[int]):
    types = sorted({str(k).rsplit("-", 1)[0] for k in minions})
    return scenario(
        chapter=VAULT, tiles={"10": 20}, heroes=heroes, minions=minions, tokens={"mortar": ["20:4"]},
        track=[f"minion:{t}:1" if t == "molox" else f"minion:{t}" for t in types] + [f"mouse:{h}" for h in heroes],
        dice=dice,
    )


@pytest.mark.rule("R-EXP-12")
def test_r_exp_12_the_first_minion_on_the_mortar_fires_it_3_dice_ranged_once_a_round() -> None:
    # two beetles start on the mortar ledge: the first fires (no movement roll), the second moves and attacks
    g = _mortar(
        {"ember-beetle-1": {"space": "20:4"}, "ember-beetle-2": {"space": "20:4"}},
        {"collin": {"space": "20:9"}},
        [BOW, BOW, CHEESE, BOW, BOW,  # the mortar: 2 BOWs and a CHEESE; Collin's 2 defense dice: no block
         SWORD, BOW, BOW,  # the second beetle: movement 2 (4 -> 6 -> 9), then its attack misses
         CHEESE],  # Collin's movement
    )
    fire = one(g.events, "mortar_fires")
    assert (fire.params["minion"], fire.params["hero"], fire.params["hits"]) == ("ember-beetle-1", "collin", 2)
    assert g.state.heroes["collin"].wounds == 2
    assert g.state.wheel == 1  # the crew's CHEESE feeds the wheel
    assert g.state.minions["ember-beetle-1"].space == "20:4"
    assert g.state.minions["ember-beetle-2"].space == "20:9"
    assert g.state.chapter_data["mortar_round"] == g.state.round


@pytest.mark.rule("R-EXP-12")
def test_r_exp_12_no_mortar_for_large_minions_or_with_a_mouse_on_it() -> None:
    # Molox moves 2 and attacks with his 2 dice (both miss); then Collin's movement roll
    big = _mortar({"molox-1": {"space": "20:4"}}, {"collin": {"space": "20:9"}}, [SWORD, BOW, BOW, CHEESE])
    assert not of(big.events, "mortar_fires") and big.state.dice_queue == []
    crowded = _mortar({"ember-beetle-1": {"space": "20:4"}}, {"collin": {"space": "20:4"}, "filch": {"space": "20:9"}},
                      [BOW, BOW, CHEESE, CHEESE])
    assert not of(crowded.events, "mortar_fires")
    assert one(crowded.events, "minion_attacks").params["hero"] == "collin"


@pytest.mark.rule("R-EXP-13")
@pytest.mark.rule("R-BATTLE-13")
def test_r_exp_13_a_struck_mindless_rat_falls_then_explodes_when_it_fails_to_reanimate() -> None:
    g = scenario(
        chapter=VAULT,
        heroes={"collin": {"space": "18:3"}, "tilda": {"space": "18:1"}, "filch": {"space": "18:12"}},
        minions={"mindless-rat-1": {"space": "18:3"}},
        track=["mouse:collin", "minion:mindless-rat", "mouse:tilda", "mouse:filch"],
        turn="mouse:collin",
        dice=[CHEESE, SWORD, SWORD, BOW, BOW],  # movement; 3 attack dice, 2 hits; the rat's 1 defense die
    )
    g.apply("battle collin mindless-rat-1")
    assert one(g.events, "mindless_falls").rule == "R-EXP-13"
    assert g.state.minions["mindless-rat-1"].statuses == ["knocked_down"]
    # its turn: the reanimation roll shows no STAR, so it explodes: 2 dice, 2 hits on Collin and Tilda
    ev = g.apply("end collin", dice=[BOW, SWORD, SHIELD, BOW, BOW, BOW, BOW, CHEESE])
    blast = one(ev, "shard_blast")
    assert (blast.params["hits"], blast.rule) == (2, "R-EXP-13")
    assert "mindless-rat-1" not in g.state.minions
    assert (g.state.heroes["collin"].wounds, g.state.heroes["tilda"].wounds, g.state.heroes["filch"].wounds) == (2, 2, 0)


@pytest.mark.rule("R-EXP-13")
def test_r_exp_13_a_star_raises_the_mindless_rat_instead() -> None:
    g = scenario(
        chapter=VAULT,
        heroes={"collin": {"space": "18:3"}},
        minions={"mindless-rat-1": {"space": "18:3", "statuses": ["knocked_down"]}},
        track=["minion:mindless-rat", "mouse:collin"],
        dice=[SHIELD_STAR, CHEESE],
    )
    assert one(g.events, "mindless_rises").rule == "R-EXP-13"
    rat = g.state.minions["mindless-rat-1"]
    assert (rat.statuses, rat.wounds) == ([], 0)
    assert not of(g.events, "minion_attacks")  # rising takes its turn


@pytest.mark.rule("R-EXP-15")
@pytest.mark.rule("R-BOSS-04")
def test_r_exp_15_molox_s_three_cards_stay_stacked_in_order_and_he_is_no_boss() -> None:
    g = scenario(chapter=VAULT, heroes={"collin": {"space": "18:1"}, "filch": {"space": "18:12"}},
                 minions={"mindless-rat-1": {"space": "18:10"}},
                 track=["mouse:collin", "mouse:filch", "minion:mindless-rat"], turn="mouse:collin", dice=[CHEESE])
    molox = g.ctx.content.minions["molox"]
    assert (molox.boss, molox.cards, [n.en for n in molox.card_names]) == (
        False, 3, ["Molox", "Angry Molox", "Enraged Molox"])
    cards = cards_for_types(g.ctx, g.state, ["molox"])
    assert cards == ["minion:molox:1", "minion:molox:2", "minion:molox:3"]  # all three: he is no boss (R-ROUND-08)
    add_cards(g.ctx, g.state, [], cards)
    track = g.state.track
    i = track.index("minion:molox:1")
    assert track[i:i + 3] == cards
    assert one(g.ctx.events, "cards_stacked").rule == "R-EXP-15"


@pytest.mark.rule("R-EXP-15")
@pytest.mark.rule("R-BOSS-04")
def test_r_exp_15_wounds_go_on_molox_s_figure_and_his_defeat_takes_all_three_cards() -> None:
    life = builtin_content().minions["molox"].life  # authored (calibrated in issue 44): read, not assumed
    g = scenario(chapter=VAULT, tiles={"10": 20}, heroes={"collin": {"space": "20:4"}},
                 minions={"molox-1": {"space": "20:2", "wounds": life - 1}}, tokens={},
                 track=["mouse:collin", "minion:molox:1", "minion:molox:2", "minion:molox:3"],
                 turn="mouse:collin", dice=[CHEESE, SWORD, SWORD, BOW, BOW, BOW], chapter_data={"molox_woke": True})
    g.apply("battle collin molox-1")  # 3 dice, 2 hits; Molox's 2 defense dice block none: life + 1 wounds
    assert "molox-1" not in g.state.minions
    assert not any(c.startswith("minion:molox") for c in g.state.track)
    assert g.state.status == "won"  # Chapter 4: Molox defeated
