"""Negative effects (RULES.md §21, R-NEG-01..11): stunned, webbed, knocked down, charmed, poisoned.

Guard Room (side 5) mouse adjacency used here: 15-12, 15-13, 15-17, 12-8, 12-13, 11-14, 11-10, 11-7, 11-16.
Collin: move 2, battle 2 + sword 1, defense 1 + breastplate 1. Filch: defense 2, no armor.
"""

from __future__ import annotations

import pytest
from rulekit import BOW, CHEESE, SHIELD, SHIELD_STAR, SWORD, of, one, options, scenario

from mnm.engine.errors import ScenarioError
from mnm.engine.game import Game


def collin_turn(statuses: list[str], dice: list[int], **fields: object) -> Game:
    return scenario(
        heroes={"collin": {"space": "5:15", "statuses": statuses}, "filch": {"space": "5:1"}},
        minions={"rat-warrior-1": {"space": "5:12"}},
        track=["mouse:collin", "mouse:filch", "minion:rat-warrior"],
        turn="mouse:collin",
        dice=dice,
        **fields,
    )


def verbs(g: Game) -> set[str]:
    return {a.verb for a in g.legal_actions()}


@pytest.mark.rule("R-NEG-01")
@pytest.mark.rule("R-NEG-09")
def test_r_neg_01_a_centipede_wound_puts_a_stun_marker_on_the_mouse() -> None:
    g = scenario(
        heroes={"collin": {"space": "5:15"}, "filch": {"space": "5:1"}},
        minions={"cave-centipede-1": {"space": "5:12"}},
        track=["minion:cave-centipede", "mouse:collin", "mouse:filch"],
        turn="minion:cave-centipede",
        # centipede movement (it stays next to Collin); 3 attack dice, 1 hit; Collin blocks nothing; his movement
        dice=[CHEESE, SWORD, BOW, BOW, CHEESE, BOW, BOW],
    )
    collin = g.state.heroes["collin"]
    assert collin.wounds == 1 and collin.statuses == ["stunned"]
    assert one(g.events, "status_added").params == {"figure": "collin", "status": "stunned"}


@pytest.mark.rule("R-NEG-09")
def test_r_neg_09_a_centipede_that_deals_no_wound_does_not_stun() -> None:
    g = scenario(
        heroes={"collin": {"space": "5:15"}, "filch": {"space": "5:1"}},
        minions={"cave-centipede-1": {"space": "5:12"}},
        track=["minion:cave-centipede", "mouse:collin", "mouse:filch"],
        turn="minion:cave-centipede",
        dice=[CHEESE, SWORD, BOW, BOW, SHIELD, BOW, BOW],  # 1 hit, blocked
    )
    assert g.state.heroes["collin"].statuses == []


@pytest.mark.rule("R-NEG-02")
def test_r_neg_02_a_stunned_mouse_moves_but_its_only_action_is_recover() -> None:
    g = collin_turn(["stunned"], [BOW])
    v = verbs(g)
    assert "move" in v and "recover" in v
    assert not v & {"battle", "search", "explore"}
    assert "unequip" in v  # free actions stay allowed (docs/rulings.md R-TURN-10)
    # Recover removes the stun marker with no roll (no die is scripted for it)
    events = g.apply("recover collin")
    assert g.state.heroes["collin"].statuses == []
    assert one(events, "recovers").params == {"hero": "collin", "status": "stunned"}
    # the action is spent, but Collin may still move with his roll (2 + 2)
    assert g.state.turn is not None and g.state.turn.move_points == 4
    assert "move collin 5:13" in options(g) and "battle" not in verbs(g)


@pytest.mark.rule("R-NEG-02")
@pytest.mark.rule("R-TURN-10")
def test_r_neg_02_the_strict_variant_bars_free_actions_too() -> None:
    g = collin_turn(["stunned"], [BOW], options={"stunned_no_free_actions": True})
    assert not verbs(g) & {"unequip", "equip", "share", "levelup"}
    assert "recover" in verbs(g)


@pytest.mark.rule("R-NEG-03")
def test_r_neg_03_a_webbed_mouse_cannot_move_but_may_act() -> None:
    g = collin_turn(["webbed"], [BOW])
    v = verbs(g)
    assert "move" not in v and "scurry" not in v
    assert {"battle", "recover", "search"} <= v  # [FAQ] every other action is allowed


@pytest.mark.rule("R-NEG-03")
def test_r_neg_03_recover_from_a_web_is_a_one_die_check() -> None:
    g = collin_turn(["webbed"], [BOW, SHIELD])  # no star: still webbed
    events = g.apply("recover collin")
    assert g.state.heroes["collin"].statuses == ["webbed"]
    assert one(events, "still_webbed").params["faces"] == [SHIELD]
    assert "move" not in verbs(g)
    g = collin_turn(["webbed"], [BOW, SHIELD_STAR])  # a star breaks the web
    events = g.apply("recover collin")
    assert g.state.heroes["collin"].statuses == []
    # docs/rulings.md R-NEG-03: free before moving, Collin moves with his roll (2 + 2)
    assert g.state.turn is not None and g.state.turn.move_points == 4
    assert "move collin 5:13" in options(g)


@pytest.mark.rule("R-NEG-03")
def test_r_neg_03_breaking_the_web_after_an_action_cannot_act_again() -> None:
    g = collin_turn(["webbed"], [BOW, SWORD, BOW, BOW, SHIELD, BOW])  # 1 hit, blocked: the rat stays
    g.apply("battle collin rat-warrior-1")
    assert "rat-warrior-1" in g.state.minions and g.decision() is not None
    assert "recover" not in verbs(g) and "end" in verbs(g)
    assert g.state.heroes["collin"].statuses == ["webbed"]


@pytest.mark.rule("R-NEG-04")
def test_r_neg_04_standing_up_takes_the_whole_move_but_not_the_action() -> None:
    g = collin_turn(["knocked_down"], [SHIELD])
    collin = g.state.heroes["collin"]
    assert collin.statuses == []
    assert one(g.events, "stands_up").params == {"figure": "collin"}
    assert "move" not in verbs(g)
    assert "battle collin rat-warrior-1" in options(g)


@pytest.mark.rule("R-NEG-04")
def test_r_neg_04_being_down_does_not_change_defending() -> None:
    g = scenario(
        heroes={"collin": {"space": "5:15", "statuses": ["knocked_down"]}, "filch": {"space": "5:1"}},
        minions={"rat-warrior-1": {"space": "5:15"}},
        track=["minion:rat-warrior", "mouse:collin", "mouse:filch"],
        turn="minion:rat-warrior",
        dice=[SWORD, SWORD, SHIELD, SHIELD, BOW],  # 2 hits; Collin rolls his usual 2 dice and blocks both
    )
    defends = one(g.events, "mouse_defends")
    assert defends.params["faces"] == [SHIELD, SHIELD] and defends.params["wounds"] == 0


@pytest.mark.rule("R-NEG-04")
def test_r_neg_04_large_figures_are_never_knocked_down() -> None:
    def mallet_hits(target: str, space: str) -> list[str]:
        g = scenario(
            heroes={"collin": {"space": "5:15", "equipped": ["cork-mallet", "leather-breastplate"]}},
            minions={target: {"space": space}, "roach-1": {"space": "5:1"}},
            turn="mouse:collin",
            dice=[BOW, SWORD, BOW, BOW, BOW, BOW, BOW],  # 1 hit, not blocked
        )
        g.apply(f"battle collin {target}")
        return g.state.minions[target].statuses

    assert mallet_hits("captain-vurst-1", "5:12") == ["knocked_down"]  # small (life 3: still standing)
    assert mallet_hits("spider-1", "5:12") == []  # large


@pytest.mark.rule("R-NEG-04")
@pytest.mark.rule("R-MINION-08")
def test_r_neg_04_a_knocked_down_minion_stands_instead_of_moving_and_still_attacks() -> None:
    g = scenario(
        heroes={"collin": {"space": "5:15"}, "filch": {"space": "5:1"}},
        minions={"rat-warrior-1": {"space": "5:12", "statuses": ["knocked_down"]}},
        track=["minion:rat-warrior", "mouse:collin", "mouse:filch"],
        turn="minion:rat-warrior",
        dice=[SWORD, SWORD, BOW, BOW, BOW],  # no movement die: the attack comes first
    )
    assert g.state.minions["rat-warrior-1"].space == "5:12"
    assert g.state.minions["rat-warrior-1"].statuses == []
    assert one(g.events, "minion_attacks").params["hero"] == "collin"
    assert g.state.heroes["collin"].wounds == 2


@pytest.mark.rule("R-NEG-05")
def test_r_neg_05_a_charmed_mouse_acts_as_a_melee_minion_then_the_charm_ends() -> None:
    g = scenario(
        heroes={
            "collin": {"space": "5:15", "statuses": ["charmed"], "abilities": ["inspire"], "cheese": 3},
            "filch": {"space": "5:11"},
        },
        minions={"rat-warrior-1": {"space": "5:3"}},
        track=["mouse:collin", "mouse:filch", "minion:rat-warrior"],
        turn="mouse:collin",
        # 1 movement die (3), 2 attack dice = printed battle 2 (no sword bonus); Filch defends with 2; his move
        dice=[SHIELD, SWORD, SWORD, CHEESE, BOW, BOW],
    )
    collin, filch = g.state.heroes["collin"], g.state.heroes["filch"]
    assert one(g.events, "charmed_moves").params["target"] == "filch"
    assert collin.space == "5:11"  # stopped on entering Filch's space
    attack = one(g.events, "charmed_attacks")
    assert attack.params["faces"] == [SWORD, SWORD] and attack.params["hits"] == 2
    assert filch.wounds == 2 and filch.cheese == 1  # Filch defends as any mouse (his CHEESE counts)
    assert collin.statuses == [] and one(g.events, "charm_ends").params == {"hero": "collin"}
    # no ability was offered (R-ABIL-07) and the turn went on to Filch
    assert of(g.events, "ability_used") == []
    d = g.decision()
    assert d is not None and d.actor == "filch" and collin.cheese == 3


@pytest.mark.rule("R-NEG-06")
@pytest.mark.rule("R-NEG-09")
def test_r_neg_06_a_spider_wound_is_a_poison_wound() -> None:
    g = scenario(
        heroes={"filch": {"space": "5:15"}, "collin": {"space": "5:1"}},
        minions={"spider-1": {"space": "5:12"}},
        track=["minion:spider", "mouse:filch", "mouse:collin"],
        turn="minion:spider",
        dice=[CHEESE, SWORD, BOW, BOW, BOW, BOW],  # stays; 1 hit; Filch (2 dice) blocks nothing; his movement
    )
    filch = g.state.heroes["filch"]
    assert (filch.wounds, filch.poison) == (1, 1)
    assert one(g.events, "mouse_wounded").params["poison"] == 1  # how many of the wounds are poison


@pytest.mark.rule("R-NEG-07")
def test_r_neg_07_cursed_is_an_expansion_status_and_unknown_ones_are_refused() -> None:
    # docs/rulings.md R-NEG-07: no base card curses a mouse; the [EXP] marker is tested in test_exp_statuses.py
    with pytest.raises(ScenarioError, match="unknown status 'doomed'"):
        collin_turn(["doomed"], [BOW])


@pytest.mark.rule("R-NEG-09")
def test_r_neg_09_a_sprung_mousetrap_knocks_the_mouse_down() -> None:
    g = scenario(
        heroes={"collin": {"space": "5:6"}, "filch": {"space": "5:1"}},
        minions={"rat-warrior-1": {"space": "5:3"}},
        traps=["5:9"],
        track=["mouse:collin", "mouse:filch", "minion:rat-warrior"],
        turn="mouse:collin",
        dice=[BOW, CHEESE, SHIELD, BOW],  # movement; 3 trap dice, no star
    )
    g.apply("move collin 5:9")
    assert g.state.heroes["collin"].statuses == ["knocked_down"]


@pytest.mark.rule("R-NEG-11")
def test_r_neg_11_no_knocked_unconscious_a_mouse_at_life_is_captured() -> None:
    g = scenario(
        heroes={"collin": {"space": "5:15", "wounds": 4, "pack": ["mint-leaf"]}, "filch": {"space": "5:1"}},
        minions={"rat-warrior-1": {"space": "5:15"}},
        track=["minion:rat-warrior", "mouse:collin", "mouse:filch"],
        turn="minion:rat-warrior",
        dice=[SWORD, BOW, BOW, BOW, BOW],
    )
    collin = g.state.heroes["collin"]
    assert collin.captured and collin.space is None  # not lying unconscious on the board
    assert collin.pack == ["mint-leaf"] and collin.statuses == []  # no random item lost, not prone


@pytest.mark.rule("R-NEG-05")
@pytest.mark.rule("R-MINION-03")
def test_r_neg_05_a_charmed_mouse_sharing_a_space_with_a_mouse_holds_and_attacks_it() -> None:
    g = scenario(
        heroes={"collin": {"space": "5:15", "statuses": ["charmed"]}, "filch": {"space": "5:15"}},
        minions={"rat-warrior-1": {"space": "5:3"}},
        track=["mouse:collin", "mouse:filch", "minion:rat-warrior"],
        turn="mouse:collin",
        dice=[SWORD, BOW, SHIELD, BOW, BOW],  # no movement die: 1 hit; Filch blocks it; Filch's movement
    )
    assert g.state.heroes["collin"].space == "5:15"
    assert one(g.events, "charmed_attacks").params["faces"] == [SWORD, BOW]
    assert g.state.heroes["filch"].wounds == 0


@pytest.mark.rule("R-NEG-04")
def test_r_neg_04_a_scenario_minion_can_only_be_knocked_down_and_never_a_large_one() -> None:
    placed = scenario(
        heroes={"collin": {"space": "5:6"}},
        minions={"rat-warrior-1": {"space": "5:3", "statuses": ["knocked_down"]}},
        turn="mouse:collin",
        dice=[BOW],
    )
    assert placed.state.minions["rat-warrior-1"].statuses == ["knocked_down"]
    with pytest.raises(ScenarioError, match=r"minions.rat-warrior-1.statuses: unknown minion status 'stunned'"):
        scenario(heroes={"collin": {"space": "5:6"}}, minions={"rat-warrior-1": {"space": "5:3", "statuses": ["stunned"]}})
    with pytest.raises(ScenarioError, match=r"a large minion cannot be knocked down \(R-NEG-04\)"):
        scenario(
            heroes={"collin": {"space": "5:6"}},
            minions={"cave-centipede-1": {"space": "5:3", "statuses": ["knocked_down"]}},
        )
