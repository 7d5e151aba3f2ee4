"""The heuristic bot's rules of thumb for the heroes' whole game (issue 44, ``mnm.bots.hero``, docs/bots.md "The
heroes' whole game"): one test per rule at a pinned position, each with the same position changed so the rule must
not fire, and a typical Chapter 1 game in which the bot uses abilities."""

from __future__ import annotations

from typing import Any

import pytest

from mnm.bots.hero import LEVEL_ORDER, RULES, rule_sentence
from mnm.bots.policy import HeuristicBot
from mnm.engine import Game, load_scenario

DICE = [3] * 60  # every roll: SWORD/SHIELD (3 movement)


def _game(heroes: dict[str, dict[str, Any]], minions: dict[str, dict[str, Any]], **more: Any) -> Game:
    data: dict[str, Any] = {"chapter": "proving-grounds", "heroes": heroes, "minions": minions, "dice": DICE}
    data.update(more)
    data.setdefault("turn", f"mouse:{next(iter(heroes))}")
    return load_scenario(data)


def _choose(game: Game) -> tuple[str, str]:
    bot = HeuristicBot(seed=1)
    action = bot.choose(game)
    return str(action), bot.rule


ACTED = {"acted": True, "movement_over": True, "moved": True}


def test_h_heal_heals_a_mouse_about_to_be_captured() -> None:
    rat = {"rat-warrior-1": {"space": "5:13"}}
    hurt = {
        "tilda": {"space": "5:15", "cheese": 2, "abilities": ["major-heal"]},
        "collin": {"space": "5:12", "wounds": 4},  # life 5: one wound from capture, a rat next to him
    }
    assert _choose(_game(hurt, rat)) == ("ability tilda major-heal collin", "H-HEAL")
    whole = {**hurt, "collin": {"space": "5:12", "wounds": 1}}
    action, rule = _choose(_game(whole, rat))
    assert rule != "H-HEAL" and "major-heal" not in action


def test_h_cure_cures_poison_before_it_captures() -> None:
    spider = {"spider-1": {"type": "spider", "space": "5:1"}}
    heroes = {
        "tilda": {"space": "5:15", "cheese": 2, "abilities": ["cure"]},
        "collin": {"space": "5:15", "wounds": 3, "poison": 3},
    }
    assert _choose(_game(heroes, spider)) == ("ability tilda cure collin", "H-CURE")
    mild = {**heroes, "collin": {"space": "5:15", "wounds": 1, "poison": 1}}
    assert _choose(_game(mild, spider))[1] != "H-CURE"


def test_h_ward_dodges_when_a_minion_will_reach() -> None:
    heroes = {
        "filch": {"space": "5:13", "cheese": 2, "abilities": ["dodge"]},
        "collin": {"space": "5:1"},
    }
    near = {"rat-warrior-1": {"space": "5:12"}}
    assert _choose(_game(heroes, near, turn_state=ACTED)) == ("ability filch dodge", "H-WARD")
    # the rat comes for Collin, not Filch: no dodge
    far = {"rat-warrior-1": {"space": "5:2"}}
    assert _choose(_game(heroes, far, turn_state=ACTED)) == ("end filch", "")
    # alone on the tile, a dodge changes nothing (a minion attacks a hidden mouse when there is no other)
    alone = {"filch": heroes["filch"]}
    assert _choose(_game(alone, near, turn_state=ACTED)) == ("end filch", "")


def test_h_ward_invisibility_and_resolve() -> None:
    near = {"rat-warrior-1": {"space": "5:12"}}
    mystic = {"maginos": {"space": "5:13", "cheese": 2, "abilities": ["invisibility"]}}
    assert _choose(_game(mystic, near, turn_state=ACTED)) == ("ability maginos invisibility", "H-WARD")
    warrior = {"collin": {"space": "5:13", "cheese": 2, "abilities": ["resolve"]}}
    assert _choose(_game(warrior, near, turn_state=ACTED)) == ("ability collin resolve", "H-WARD")


def test_h_area_on_a_group() -> None:
    collin = {"collin": {"space": "5:15", "cheese": 3, "abilities": ["backslash"]}}
    two = {"rat-warrior-1": {"space": "5:15"}, "rat-warrior-2": {"space": "5:15"}}
    assert _choose(_game(collin, two)) == ("ability collin backslash", "H-AREA")
    one = {"rat-warrior-1": {"space": "5:15"}}
    action, rule = _choose(_game(collin, one))
    assert action.startswith("battle collin") and rule == ""


def test_h_power_with_cheese_to_spare_and_h_save_without() -> None:
    one = {"rat-warrior-1": {"space": "5:15"}}
    rich = {"collin": {"space": "5:15", "cheese": 4, "abilities": ["battle-squeak", "resolve"]}}
    assert _choose(_game(rich, one)) == ("ability collin battle-squeak rat-warrior-1", "H-POWER")
    # two cheese: Battle Squeak would leave nothing for Resolve, his key ability (H-SAVE): the plain attack
    poor = {"collin": {**rich["collin"], "cheese": 2}}
    action, rule = _choose(_game(poor, one))
    assert action.startswith("battle collin") and rule == ""


def test_h_order_buys_another_mouse_an_attack() -> None:
    heroes = {
        "collin": {"space": "5:13", "cheese": 3, "abilities": ["give-order"]},
        "filch": {"space": "5:15"},
    }
    rat = {"rat-warrior-1": {"space": "5:12"}}
    action, rule = _choose(_game(heroes, rat))
    assert action.startswith("ability collin give-order filch") and rule == "H-ORDER"
    poor = {**heroes, "collin": {**heroes["collin"], "cheese": 2}}
    assert _choose(_game(poor, rat))[1] != "H-ORDER"


TRACK = ["mouse:collin", "minion:rat-warrior", "mouse:filch", "mouse:tilda"]


def test_h_leader_when_it_buys_an_attack() -> None:
    heroes = {
        "collin": {"space": "5:1", "cheese": 2, "abilities": ["battle-leader"]},
        "filch": {"space": "5:13"},
        "tilda": {"space": "5:2"},
    }
    rat = {"rat-warrior-1": {"space": "5:12"}}
    game = _game(heroes, rat, track=TRACK)
    assert game.decision() is not None and game.decision().kind == "before_turn"  # type: ignore[union-attr]
    assert _choose(game) == ("ability collin battle-leader minion:rat-warrior", "H-LEADER")
    # Filch and Tilda act before the rats anyway: no attack to buy, keep the cheese
    early = _game(
        heroes, rat, track=["mouse:collin", "mouse:filch", "mouse:tilda", "minion:rat-warrior", "minion:roach"]
    )
    assert _choose(early) == ("skip collin", "H-SAVE")


def test_h_inspire_when_several_mice_can_fight() -> None:
    heroes = {
        "collin": {"space": "5:13", "cheese": 3, "abilities": ["inspire"]},
        "filch": {"space": "5:15", "cheese": 1},
        "tilda": {"space": "5:12", "cheese": 1},
    }
    rat = {"rat-warrior-1": {"space": "5:17"}}
    assert _choose(_game(heroes, rat)) == ("ability collin inspire", "H-INSPIRE")
    broke = {**heroes, "filch": {"space": "5:15"}, "tilda": {"space": "5:12"}}
    assert _choose(_game(broke, rat)) == ("skip collin", "H-SAVE")


def test_h_level_picks_the_ability_that_helps_most() -> None:
    tilda = {"tilda": {"space": "5:15", "cheese": 6, "abilities": ["first-aid"]}}
    action, rule = _choose(_game(tilda, {"rat-warrior-1": {"space": "5:1"}}))
    assert (action, rule) == ("levelup tilda major-heal", "H-LEVEL")
    assert LEVEL_ORDER.index("major-heal") < LEVEL_ORDER.index("fortify")


def _hasty(points: int) -> Game:
    """Chapter 1, Filch in the Sewer (side 5, searched) with ``points`` movement left; the plan's way on is the flip
    space 5:8, two steps away."""
    return load_scenario(
        {
            "chapter": "flight-to-barksburg",
            "heroes": {"filch": {"space": "5:1", "cheese": 1, "abilities": ["energy-rush"], "searched": [5]}},
            "minions": {},
            "turn": "mouse:filch",
            "dice": DICE,
            "turn_state": {"move_points": points, "moved": True},
        }
    )


def test_h_haste_when_the_way_on_is_just_out_of_reach() -> None:
    assert _choose(_hasty(1)) == ("ability filch energy-rush", "H-HASTE")
    action, rule = _choose(_hasty(2))  # within reach: no haste
    assert action.startswith("move filch") and rule == ""


def test_every_rule_has_both_languages_and_is_documented() -> None:
    from pathlib import Path

    doc = (Path(__file__).resolve().parents[2] / "docs" / "bots.md").read_text(encoding="utf-8")
    for rule, (en, pt) in RULES.items():
        assert en and pt and en != pt
        assert f"`{rule}`" in doc, f"docs/bots.md does not list {rule}"
        assert rule_sentence(rule, "pt_BR").endswith(f"({rule})")


def test_the_plain_heuristic_still_uses_nothing() -> None:
    """The yardstick of before issue 44 (``hero_rules=False``) keeps its one-step look: no rule names its choice."""
    heroes = {
        "tilda": {"space": "5:15", "cheese": 2, "abilities": ["major-heal"]},
        "collin": {"space": "5:12", "wounds": 4},
    }
    bot = HeuristicBot(seed=1, hero_rules=False)
    bot.choose(_game(heroes, {"rat-warrior-1": {"space": "5:13"}}))
    assert bot.rule == "" and bot.explain_choice() == ""


@pytest.mark.parametrize("seed", [0, 1])
def test_the_heuristic_uses_abilities_in_a_typical_chapter_1_game(seed: int) -> None:
    game = Game.new(1, ["collin", "tilda", "filch", "maginos"], seed=seed)
    bot = HeuristicBot(seed=seed)
    used = 0
    explained = set()
    while game.decision() is not None:
        action = bot.choose(game)
        if action.verb == "ability":
            used += 1
        if bot.rule:
            explained.add(bot.explain_choice())
        game.apply(action)
    assert used >= 1
    assert any("(H-" in e for e in explained)
