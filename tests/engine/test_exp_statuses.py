"""[EXP] Cursed and On Fire (R-NEG-07, R-NEG-08, R-EXP-23), shallow water (R-EXP-22, R-WATER-09), rain and fire
(R-EXP-07), Fireproof (R-ACH-07), cursed cheese to the wheel (R-BATTLE-03's [EXP] clause).

Positions on Under the Bank (side 18, Chapter 4): 1 root hollow (start), 3 a shallow seep, 5 next to 3,
8 a toadstool ring; on The Trickle (side 17, Chapter 3, outdoors): 3 the west bank. Dice by die.yaml index.
"""

from __future__ import annotations

import pytest
from rulekit import BOW, CHEESE, SWORD, illegal, of, one, options, scenario

VAULT = "the-ember-vault"
TRICKLE = "the-trickle-crossing"


def _turn(chapter: str, heroes: dict[str, dict[str, object]], dice: list[int], **fields: object):
    first = next(iter(heroes))
    return scenario(
        chapter=chapter,
        heroes=heroes,
        minions=fields.pop("minions", {}),
        track=[f"mouse:{h}" for h in heroes] + list(fields.pop("extra_track", [])),
        turn=f"mouse:{first}",
        dice=dice,
        **fields,
    )


@pytest.mark.rule("R-NEG-08")
@pytest.mark.rule("R-EXP-23")
def test_r_neg_08_a_mouse_ending_its_turn_on_fire_takes_1_wound() -> None:
    g = _turn(VAULT, {"collin": {"space": "18:1", "statuses": ["on_fire"]}, "filch": {"space": "18:5"}},
              [CHEESE, CHEESE])
    ev = g.apply("end collin")
    assert one(ev, "fire_burns").rule == "R-NEG-08"
    collin = g.state.heroes["collin"]
    assert (collin.wounds, collin.statuses) == (1, ["on_fire"])  # the marker stays until a Recover removes it
    assert one(ev, "mouse_wounded").params["source"] == "fire"


@pytest.mark.rule("R-NEG-08")
def test_r_neg_08_recover_rolls_1_die_plus_1_per_other_mouse_in_the_space() -> None:
    g = _turn(VAULT, {"collin": {"space": "18:1", "statuses": ["on_fire"]}, "tilda": {"space": "18:1"}},
              [CHEESE, BOW, SWORD])
    assert "recover collin" in options(g)
    ev = g.apply("recover collin")
    out = one(ev, "fire_out")
    assert (out.params["dice"], out.params["faces"]) == (2, [BOW, SWORD])  # Tilda's die brings the STAR
    assert g.state.heroes["collin"].statuses == []


@pytest.mark.rule("R-NEG-08")
def test_r_neg_08_a_failed_recover_leaves_the_fire_burning() -> None:
    g = _turn(VAULT, {"collin": {"space": "18:1", "statuses": ["on_fire"]}}, [CHEESE, BOW])
    ev = g.apply("recover collin")
    assert one(ev, "still_burning").params["dice"] == 1
    assert g.state.heroes["collin"].statuses == ["on_fire"]


@pytest.mark.rule("R-EXP-22")
@pytest.mark.rule("R-WATER-09")
def test_r_exp_22_shallow_water_puts_out_fire_without_a_roll_and_does_not_slow_movement() -> None:
    g = _turn(VAULT, {"collin": {"space": "18:3", "statuses": ["on_fire"]}, "filch": {"space": "18:12"}},
              [CHEESE])
    assert g.ctx.board.spaces["18:3"].terrain.value == "shallow" and not g.ctx.board.spaces["18:3"].water
    ev = g.apply("recover collin")  # no die is scripted: none is rolled
    assert one(ev, "fire_out").params["dice"] == 0
    assert g.state.heroes["collin"].statuses == []
    # shallow water is an ordinary space for movement: Collin (move 2 + 1) walks through it and on
    g2 = _turn(VAULT, {"collin": {"space": "18:1"}, "filch": {"space": "18:12"}}, [CHEESE])
    assert {"move collin 18:3", "move collin 18:5"} <= options(g2)


@pytest.mark.rule("R-EXP-07")
@pytest.mark.rule("R-NEG-08")
def test_r_exp_07_rain_puts_out_fire_on_an_outdoor_tile_without_a_roll() -> None:
    on_fire = {"collin": {"space": "17:3", "statuses": ["on_fire"]}, "filch": {"space": "17:1"}}
    dry = _turn(TRICKLE, on_fire, [CHEESE, BOW])
    assert one(dry.apply("recover collin"), "still_burning").params["dice"] == 1  # no rain: the roll is needed
    wet = _turn(TRICKLE, on_fire, [CHEESE], chapter_data={"rain": True})
    assert one(wet.apply("recover collin"), "fire_out").params["dice"] == 0
    # the Ember Vault (side 20) is no outdoor tile: rain does not put out fire there
    cave = _turn(VAULT, {"collin": {"space": "20:1", "statuses": ["on_fire"]}, "filch": {"space": "20:3"}},
                 [CHEESE, BOW], chapter_data={"rain": True}, tiles={"10": 20})
    assert one(cave.apply("recover collin"), "still_burning").params["dice"] == 1


@pytest.mark.rule("R-ACH-07")
@pytest.mark.rule("R-CAPT-08")
def test_r_ach_07_the_first_mouse_captured_on_fire_is_fireproof_and_fire_no_longer_wounds_it() -> None:
    life = 5
    g = _turn(VAULT, {"collin": {"space": "18:1", "statuses": ["on_fire"], "wounds": life - 1},
                      "filch": {"space": "18:5"}}, [CHEESE, CHEESE])
    ev = g.apply("end collin")
    assert one(ev, "mouse_captured").params["hero"] == "collin"
    assert one(ev, "achievement").params["achievement"] == "fireproof"
    assert g.state.heroes["collin"].achievements == ["fireproof"]
    g2 = _turn(VAULT, {"collin": {"space": "18:1", "statuses": ["on_fire"], "achievements": ["fireproof"]},
                       "filch": {"space": "18:5"}}, [CHEESE, CHEESE])
    ev2 = g2.apply("end collin")
    assert one(ev2, "fire_harmless").rule == "R-ACH-07"
    assert g2.state.heroes["collin"].wounds == 0


@pytest.mark.rule("R-NEG-07")
@pytest.mark.rule("R-BATTLE-03")
@pytest.mark.rule("R-EXP-23")
def test_r_neg_07_a_cursed_mouse_s_cheese_goes_to_the_minion_wheel() -> None:
    # Guard Room: Collin on 12 attacks the rat on 13 with 3 dice (battle 2 + sword 1): two CHEESE and a SWORD
    g = scenario(
        heroes={"collin": {"space": "5:12", "statuses": ["cursed"]}},
        minions={"rat-warrior-1": {"space": "5:13"}},
        track=["mouse:collin", "minion:rat-warrior"],
        turn="mouse:collin",
        dice=[CHEESE, CHEESE, CHEESE, SWORD, BOW, BOW],
    )
    ev = g.apply("battle collin rat-warrior-1")
    feed = one(ev, "curse_feeds_wheel")
    assert (feed.params["amount"], feed.rule) == (2, "R-NEG-07")
    assert (g.state.wheel, g.state.heroes["collin"].cheese) == (2, 0)
    assert not of(ev, "mouse_gains_cheese")


@pytest.mark.rule("R-NEG-07")
def test_r_neg_07_recover_on_a_toadstool_lifts_a_curse_and_nowhere_else() -> None:
    away = _turn(VAULT, {"collin": {"space": "18:1", "statuses": ["cursed"]}, "filch": {"space": "18:5"}}, [CHEESE])
    assert "recover collin" not in options(away)
    assert "toadstool" in illegal(away, "recover collin")
    g = _turn(VAULT, {"collin": {"space": "18:8", "statuses": ["cursed"]}, "filch": {"space": "18:5"}}, [CHEESE])
    ev = g.apply("recover collin")  # no die: a curse lifts without a roll
    assert one(ev, "curse_lifted").params["space"] == "18:8"
    assert g.state.heroes["collin"].statuses == []


@pytest.mark.rule("R-NEG-07")
@pytest.mark.rule("R-NEG-08")
def test_r_neg_07_08_ember_beetles_set_mice_on_fire_and_hex_moths_curse_them() -> None:
    # an Ember Beetle next to Collin steps in (movement 1) and hits twice; Collin blocks nothing
    g = scenario(
        chapter=VAULT,
        heroes={"collin": {"space": "18:3"}},
        minions={"ember-beetle-1": {"space": "18:5"}},
        track=["minion:ember-beetle", "mouse:collin"],
        dice=[CHEESE, SWORD, SWORD, BOW, BOW, CHEESE],
    )
    assert g.state.heroes["collin"].wounds == 2
    assert "on_fire" in g.state.heroes["collin"].statuses
    assert one(g.events, "status_added").params["status"] == "on_fire"
    # a Hex Moth (ranged) that already sees Tilda holds and shoots: 2 BOWs, no block: Tilda is cursed
    g2 = scenario(
        chapter=VAULT,
        heroes={"tilda": {"space": "18:1"}},
        minions={"hex-moth-1": {"space": "18:3"}},
        track=["minion:hex-moth", "mouse:tilda"],
        dice=[BOW, BOW, BOW, BOW, CHEESE],
    )
    assert g2.state.heroes["tilda"].statuses == ["cursed"]
