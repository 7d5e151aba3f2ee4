"""Issue 33: the full review of charmed mice (R-NEG-05), every other marker on a charmed mouse (R-NEG-02..08),
every chapter movement-roll rule with every way a mouse rolls for movement (the old crow, R-BATTLE-14; Olga,
R-EXP-10), and a charmed mouse whose target is on Chapter 1's tree entrance.

Guard Room (side 5): 15-12, 15-13, 15-17, 12-13, 12-8, 11-14, 11-10, 13-14. Courtyard (side 1): 10-5, 5-15,
15-16 (the tree entrance, 16, which minions never enter). Bramble Hollow (side 19): 7-10, 10-13, 13-14.
Collin: printed battle 2. Filch: defense 2, no armor.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
import yaml
from rulekit import BOW, CHEESE, SHIELD, SWORD, of, one, scenario

from mnm.content.loader import builtin_content
from mnm.content.schema import Chapter
from mnm.engine.context import Ctx
from mnm.engine.game import Game
from mnm.engine.rules.chapter_rules import compile_chapter

# --- every status x charmed (R-NEG-05 with R-NEG-02/03/04/06/07/08) -----------------------------------------


def charmed_collin(extra: list[str], dice: list[int], filch: str = "5:11", **hero: Any) -> Game:
    """Collin charmed (plus ``extra`` markers) on Guard Room 15, Filch on ``filch``, a far rat; Collin's card
    acts first, then Filch's turn begins (its movement roll is the last die of ``dice``)."""
    return scenario(
        heroes={"collin": {"space": "5:15", "statuses": ["charmed", *extra], **hero}, "filch": {"space": filch}},
        minions={"rat-warrior-1": {"space": "5:3"}},
        track=["mouse:collin", "mouse:filch", "minion:rat-warrior"],
        turn="mouse:collin",
        dice=dice,
    )


MOVE_ATTACK = [SHIELD, SWORD, CHEESE, BOW, BOW, BOW]  # move 3; attack SWORD+CHEESE; Filch 2 defense dice; his move


@pytest.mark.rule("R-NEG-05")
@pytest.mark.rule("R-NEG-02")
@pytest.mark.rule("R-NEG-03")
@pytest.mark.rule("R-NEG-04")
@pytest.mark.rule("R-NEG-06")
@pytest.mark.rule("R-NEG-07")
@pytest.mark.rule("R-NEG-08")
@pytest.mark.parametrize(
    ("extra", "hero", "dice", "where", "attacks", "left"),
    [
        # no other marker: walks 3 to Filch's space and attacks him (1 hit, 2 defense dice, no block)
        ([], {}, MOVE_ATTACK, "5:11", True, []),
        # R-NEG-02: stunned, it moves normally, but Recover is its only action: no attack (the stun stays)
        (["stunned"], {}, [SHIELD, BOW], "5:11", False, []),
        # R-NEG-03: webbed, it cannot move (no movement roll); Filch is out of reach: no attack (the web stays)
        (["webbed"], {}, [BOW], "5:15", False, []),
        # R-NEG-04: knocked down, it stands up instead of moving (no movement roll), then may attack: none in reach
        (["knocked_down"], {}, [BOW], "5:15", False, []),
        # R-NEG-06: poison wounds change nothing in how it acts
        ([], {"wounds": 1, "poison": 1}, MOVE_ATTACK, "5:11", True, []),
        # R-NEG-07: cursed, the CHEESE of its attack goes to the minion wheel
        (["cursed"], {}, MOVE_ATTACK, "5:11", True, []),
        # R-NEG-08: on fire, it takes 1 wound as its (charmed) turn ends
        (["on_fire"], {}, MOVE_ATTACK, "5:11", True, []),
    ],
    ids=["charmed", "stunned", "webbed", "knocked_down", "poisoned", "cursed", "on_fire"],
)
def test_r_neg_05_every_marker_still_holds_on_a_charmed_mouse(
    extra: list[str], hero: dict[str, int], dice: list[int], where: str, attacks: bool, left: list[int]
) -> None:
    g = charmed_collin(extra, dice, **hero)
    collin, filch = g.state.heroes["collin"], g.state.heroes["filch"]
    assert collin.space == where
    assert g.state.dice_queue == left  # exactly the dice the rules roll, no more
    assert bool(of(g.events, "charmed_attacks")) is attacks
    assert filch.wounds == (1 if attacks else 0)
    assert "charmed" not in collin.statuses and one(g.events, "charm_ends")
    d = g.decision()
    assert d is not None and d.actor == "filch"  # the charmed turn ended and the next card acts
    if "stunned" in extra:
        assert one(g.events, "charmed_stunned").rule == "R-NEG-02" and collin.statuses == ["stunned"]
    if "webbed" in extra:
        assert one(g.events, "charmed_webbed").rule == "R-NEG-03" and collin.statuses == ["webbed"]
    if where == "5:15":
        assert of(g.events, "charmed_moves") == []  # it did not move, and no event says it did
    if "knocked_down" in extra:
        assert one(g.events, "stands_up").rule == "R-NEG-04" and collin.statuses == []
    if hero:
        assert (collin.wounds, collin.poison) == (1, 1)
    if "cursed" in extra:
        assert g.state.wheel == 1 and one(g.events, "curse_feeds_wheel").params["amount"] == 1
        assert of(g.events, "wheel_cheese") == []  # the curse took it: not twice
    elif attacks:
        # R-NEG-05 with R-BATTLE-03: it attacks as a minion, so its CHEESE goes on the wheel (docs/rulings.md)
        assert g.state.wheel == 1 and one(g.events, "wheel_cheese").params == {"amount": 1, "wheel": 1, "source": "collin"}
    else:
        assert g.state.wheel == 0  # no attack, no roll
    if "on_fire" in extra:
        assert one(g.events, "fire_burns").rule == "R-NEG-08" and collin.wounds == 1
    elif not hero:
        assert collin.wounds == 0


@pytest.mark.rule("R-NEG-03")
@pytest.mark.rule("R-NEG-05")
def test_r_neg_03_a_charmed_webbed_mouse_does_not_walk_but_attacks_a_mouse_next_to_it() -> None:
    # Filch on 12, next to Collin's 15: webbed, Collin cannot move, and attacks (a webbed mouse may still act)
    g = charmed_collin(["webbed"], [SWORD, CHEESE, BOW, BOW, BOW], filch="5:12")
    collin, filch = g.state.heroes["collin"], g.state.heroes["filch"]
    assert collin.space == "5:15" and collin.statuses == ["webbed"]
    assert one(g.events, "charmed_attacks").params["target"] == "filch" and filch.wounds == 1
    assert g.state.dice_queue == []


@pytest.mark.rule("R-NEG-04")
@pytest.mark.rule("R-NEG-05")
def test_r_neg_04_a_charmed_knocked_down_mouse_stands_up_instead_of_walking_then_attacks() -> None:
    g = charmed_collin(["knocked_down"], [SWORD, CHEESE, BOW, BOW, BOW], filch="5:12")
    collin, filch = g.state.heroes["collin"], g.state.heroes["filch"]
    assert collin.space == "5:15" and collin.statuses == []
    names = [e.msg for e in g.events]
    assert names.index("stands_up") < names.index("charmed_attacks")
    assert filch.wounds == 1 and g.state.dice_queue == []


# --- every chapter movement-roll rule x every way a mouse rolls for movement ---------------------------------

MOVEMENT_RULES: dict[str, dict[str, Any]] = {
    # Chapter 1's old crow (R-BATTLE-14): a 1 on the Courtyard, 1 unblockable wound
    "old_crow": {
        "chapter": "flight-to-barksburg",
        "tiles": {"1": 1},
        "spaces": ("1:10", "1:9", "1:5"),  # Collin, where he steps before a Scurry, Filch
        "minions": {"rat-warrior-1": {"space": "1:1"}},
    },
    # [EXP] Chapter 3's Olga (R-EXP-10): a mouse that rolls a 1 draws her charge
    "olga_charges": {
        "chapter": "the-trickle-crossing",
        "tiles": {"10": 19},
        "spaces": ("19:13", "19:14", "19:10"),
        "minions": {"roach-1": {"space": "19:1"}},
        "tokens": {"olga": ["19:7"]},
    },
}


def rolls_a_one(rule: str, way: str) -> Game:
    """Collin rolls a 1 for movement in ``way``: his turn's roll, a Scurry, or his charmed turn."""
    spec = MOVEMENT_RULES[rule]
    collin, step, filch = spec["spaces"]
    hero: dict[str, Any] = {"space": collin}
    if way == "charmed":
        hero["statuses"] = ["charmed"]
    fields = {k: v for k, v in spec.items() if k != "spaces"}
    minion_type = next(iter(spec["minions"])).rsplit("-", 1)[0]
    g = scenario(
        heroes={"collin": hero, "filch": {"space": filch}},
        track=["mouse:collin", "mouse:filch", f"minion:{minion_type}"],
        turn="mouse:collin",
        dice=[BOW, CHEESE] if way == "scurry" else [CHEESE],
        dice_mode="seeded",  # whatever follows the scripted 1 is not what is tested
        **fields,
    )
    if way == "scurry":
        g.apply(f"move collin {step}")
        g.apply("scurry collin")
    return g


@pytest.mark.rule("R-BATTLE-14")
@pytest.mark.rule("R-EXP-10")
@pytest.mark.rule("R-NEG-05")
@pytest.mark.parametrize("way", ["turn", "scurry", "charmed"])
@pytest.mark.parametrize("rule", sorted(MOVEMENT_RULES))
def test_every_chapter_movement_rule_applies_to_every_movement_roll_of_a_mouse(rule: str, way: str) -> None:
    g = rolls_a_one(rule, way)
    fired = one(g.events, rule)
    assert fired.params.get("figure", fired.params.get("hero")) == "collin"


@pytest.mark.rule("R-BATTLE-14")
@pytest.mark.rule("R-NEG-05")
def test_r_battle_14_the_old_crow_strikes_a_charmed_mouse_that_rolls_a_1() -> None:
    g = scenario(
        chapter="flight-to-barksburg",
        tiles={"1": 1},
        heroes={"collin": {"space": "1:10", "statuses": ["charmed"]}, "filch": {"space": "1:5"}},
        minions={"rat-warrior-1": {"space": "1:1"}},
        track=["mouse:collin", "mouse:filch", "minion:rat-warrior"],
        turn="mouse:collin",
        dice=[CHEESE, SWORD, CHEESE, BOW, BOW, BOW],  # a 1: the crow; he walks 1 into Filch's space and attacks
    )
    collin, filch = g.state.heroes["collin"], g.state.heroes["filch"]
    assert one(g.events, "old_crow").params["figure"] == "collin" and collin.wounds == 1
    assert of(g.events, "mouse_defends") == [] or all(
        e.params.get("hero") != "collin" for e in of(g.events, "mouse_defends")
    )
    assert collin.space == "1:5" and filch.wounds == 1 and g.state.dice_queue == []


# --- a charmed mouse and the tree entrance (R-NEG-05 with Chapter 1's tree entrance) -------------------------


@pytest.mark.rule("R-NEG-05")
@pytest.mark.rule("R-STORY-03")
def test_r_neg_05_a_charmed_mouse_closes_in_on_a_mouse_in_the_tree_and_attacks_it() -> None:
    g = scenario(
        chapter="flight-to-barksburg",
        tiles={"1": 1},
        heroes={"collin": {"space": "1:10", "statuses": ["charmed"]}, "filch": {"space": "1:16"}},
        minions={"rat-warrior-1": {"space": "1:1"}},
        track=["mouse:collin", "mouse:filch", "minion:rat-warrior"],
        turn="mouse:collin",
        dice=[SHIELD, SWORD, CHEESE, BOW, BOW, BOW],  # move 3: 10 -> 5 -> 15, next to the tree; attack
    )
    collin, filch = g.state.heroes["collin"], g.state.heroes["filch"]
    moved = one(g.events, "charmed_moves")
    assert (moved.params["dst"], moved.params["target"]) == ("1:15", "filch")
    assert collin.space == "1:15"  # never onto the tree entrance itself
    assert one(g.events, "charmed_attacks").params["target"] == "filch" and filch.wounds == 1
    assert g.state.dice_queue == []


@pytest.mark.rule("R-NEG-05")
@pytest.mark.rule("R-MINION-05")
def test_r_neg_05_a_charmed_mouse_attacks_a_hidden_mouse_only_when_it_can_attack_no_other() -> None:
    # Filch (first on the track) and Tilda are both next to Collin's 15; Filch has vanished (hide): Tilda is attacked
    g = scenario(
        heroes={
            "collin": {"space": "5:15", "statuses": ["charmed"]},
            "filch": {"space": "5:12", "buffs": {"hide": 1}},
            "tilda": {"space": "5:13"},
        },
        minions={"rat-warrior-1": {"space": "5:3"}},
        track=["mouse:collin", "mouse:filch", "mouse:tilda", "minion:rat-warrior"],
        turn="mouse:collin",
        dice=[BOW, SWORD, SWORD],  # Collin's movement (he enters Filch's space, 12); his attack: 2 hits
        dice_mode="seeded",  # Tilda's defense and what follows are not what is tested
    )
    assert one(g.events, "charmed_moves").params == {"hero": "collin", "dst": "5:12", "target": "filch"}
    attack = one(g.events, "charmed_attacks").params
    assert (attack["target"], attack["hits"]) == ("tilda", 2)  # 13 is next to 12; the hidden Filch is spared
    assert g.state.heroes["filch"].wounds == 0


def with_rules(rules: str, **fields: Any) -> Game:
    """A Proving Grounds position whose chapter also has the chapter-language ``rules`` (YAML), joining once the
    position is loaded (so none fires while it is set up)."""
    content = builtin_content()
    base = content.chapters["proving-grounds"]
    chapter = Chapter.model_validate({**base.model_dump(by_alias=True, exclude={"rules"}), **yaml.safe_load(rules)})
    g = scenario(**fields)
    g.ctx = Ctx(dataclasses.replace(g.ctx.definition, chapter=chapter, rules=compile_chapter(chapter)))
    return g


@pytest.mark.rule("R-NEG-05")
@pytest.mark.rule("R-STORY-05")
@pytest.mark.parametrize("charmed", [False, True])
def test_r_neg_05_a_charmed_mouse_walking_onto_a_space_fires_the_chapter_figure_enters_rules(charmed: bool) -> None:
    """Every way a mouse moves onto a space fires a chapter's figure_enters rules: its own move, and its charmed
    walk (Collin, charmed, walks 3 from 15 to Filch's 11, via 14)."""
    rules = 'rules: [{id: t, when: figure_enters, where: {spaces: ["5:11"], mouse: true}, do: [set_flag: {name: hit}]}]'
    g = with_rules(
        rules,
        heroes={"collin": {"space": "5:14"}, "filch": {"space": "5:11"}},
        minions={"rat-warrior-1": {"space": "5:3"}},
        track=["mouse:filch", "mouse:collin", "minion:rat-warrior"],
        turn="mouse:filch",
        dice=[BOW, SHIELD],  # Filch's movement; Collin's charmed walk (3: he stops on entering Filch's 11)
        dice_mode="seeded",  # what follows (his attack, the rat's turn) is not what is tested
    )
    if charmed:
        g.state.heroes["collin"].statuses.append("charmed")
        events = [e.msg for e in g.apply("end filch")]  # Collin's card: his charmed turn
        assert events.index("charmed_moves") < events.index("chapter_rule") < events.index("charm_ends")
    else:
        g.apply("end filch")
        g.apply("move collin 5:11")
    assert g.state.chapter_vars.get("hit") is True
