"""Wounds on minions, bosses and mice (RULES.md §11, R-WOUND-01..06).

Collin attacks with 3 dice (battle 2 + his sword's 1) and defends with 2 (defense 1 + leather breastplate).
Rat warriors: life 1, defense 2. The spider: life 3, defense 3. Captain Vurst (a boss): life 3, defense 3.
"""

from __future__ import annotations

import pytest
from rulekit import BOW, CHEESE, SHIELD, SWORD, of, one, options, scenario

from mnm.engine.game import Game


def collin_attacks(target: str, minions: dict[str, dict[str, object]], dice: list[int]) -> tuple[Game, list[str]]:
    g = scenario(
        heroes={"collin": {"space": "5:15"}, "filch": {"space": "5:1"}},
        minions=minions,
        turn="mouse:collin",
        dice=[BOW, *dice],  # Collin's movement roll first
    )
    events = g.apply(f"battle collin {target}")
    return g, [e.msg for e in events]


@pytest.mark.rule("R-WOUND-01")
def test_r_wound_01_a_life_1_minion_falls_to_one_wound_and_its_last_figure_takes_the_card() -> None:
    minions = {"rat-warrior-1": {"space": "5:12"}, "roach-1": {"space": "5:3"}}
    # 3 hits (SWORD, SWORD, SHIELD), the rat blocks 2 (SHIELD, SHIELD): 1 wound is enough
    g, msgs = collin_attacks("rat-warrior-1", minions, [SWORD, SWORD, SHIELD, SHIELD, SHIELD])
    assert "rat-warrior-1" not in g.state.minions
    assert "minion_defeated" in msgs and "minion_wounded" not in msgs
    assert "minion:rat-warrior" not in g.state.track  # it was the last rat warrior
    assert "minion:roach" in g.state.track


@pytest.mark.rule("R-WOUND-01")
@pytest.mark.rule("R-WOUND-02")
def test_r_wound_01_the_card_stays_while_a_figure_of_its_type_remains() -> None:
    minions = {"rat-warrior-1": {"space": "5:12"}, "rat-warrior-2": {"space": "5:3"}}
    g, _ = collin_attacks("rat-warrior-1", minions, [SWORD, SWORD, SHIELD, SHIELD, SHIELD])
    assert set(g.state.minions) == {"rat-warrior-2"}
    assert "minion:rat-warrior" in g.state.track


@pytest.mark.rule("R-WOUND-02")
def test_r_wound_02_wounds_add_up_on_a_minion_with_more_life() -> None:
    minions = {"spider-1": {"space": "5:12", "wounds": 1}, "rat-warrior-1": {"space": "5:3"}}
    # 3 hits, the spider's 3 defense dice block 2: 1 more wound (2 of 3), still standing
    g, msgs = collin_attacks("spider-1", minions, [SWORD, SWORD, SHIELD, SHIELD, SHIELD, BOW])
    spider = g.state.minions["spider-1"]
    assert spider.wounds == 2 and "minion_defeated" not in msgs
    assert "minion:spider" in g.state.track
    # the next wound reaches life 3: defeated, and its card leaves the track
    minions = {"spider-1": {"space": "5:12", "wounds": 2}, "rat-warrior-1": {"space": "5:3"}}
    g, msgs = collin_attacks("spider-1", minions, [SWORD, SWORD, SHIELD, SHIELD, SHIELD, BOW])
    assert "spider-1" not in g.state.minions and "minion:spider" not in g.state.track


@pytest.mark.rule("R-WOUND-02")
def test_r_wound_02_wounds_beyond_life_still_defeat() -> None:
    minions = {"spider-1": {"space": "5:12", "wounds": 2}, "rat-warrior-1": {"space": "5:3"}}
    g, _ = collin_attacks("spider-1", minions, [SWORD, SWORD, SHIELD, BOW, BOW, BOW])  # 3 wounds, 5 > 3
    assert "spider-1" not in g.state.minions


@pytest.mark.rule("R-WOUND-03")
@pytest.mark.rule("R-BOSS-03")
def test_r_wound_03_a_one_card_boss_falls_when_its_card_is_full() -> None:
    # 3 hits, Vurst's 3 defense dice block 2: 1 wound a time
    dice = [SWORD, SWORD, SHIELD, SHIELD, SHIELD, BOW]
    g, msgs = collin_attacks("captain-vurst-1", {"captain-vurst-1": {"space": "5:12"}}, dice)
    assert g.state.minions["captain-vurst-1"].wounds == 1 and "minion:captain-vurst" in g.state.track
    assert "minion_defeated" not in msgs
    g, msgs = collin_attacks("captain-vurst-1", {"captain-vurst-1": {"space": "5:12", "wounds": 2}}, dice)
    assert "captain-vurst-1" not in g.state.minions and "minion_defeated" in msgs
    assert "minion:captain-vurst" not in g.state.track


@pytest.mark.rule("R-WOUND-04")
def test_r_wound_04_a_mouses_wounds_go_on_its_card() -> None:
    g = scenario(
        heroes={"collin": {"space": "5:15", "wounds": 1}, "filch": {"space": "5:1"}},
        minions={"rat-warrior-1": {"space": "5:15"}},
        track=["minion:rat-warrior", "mouse:collin", "mouse:filch"],
        turn="minion:rat-warrior",
        dice=[SWORD, SWORD, SHIELD, BOW, BOW],  # 2 hits, 1 blocked; Collin's movement
    )
    collin = g.state.heroes["collin"]
    assert collin.wounds == 2 and not collin.captured
    assert one(g.events, "mouse_wounded").params["total"] == 2


@pytest.mark.rule("R-WOUND-05")
@pytest.mark.rule("R-NEG-06")
def test_r_wound_05_poison_wounds_resist_ordinary_healing() -> None:
    g = scenario(
        heroes={"collin": {"space": "5:15", "wounds": 3, "poison": 2, "pack": ["mint-leaf", "antidote"]}},
        minions={"rat-warrior-1": {"space": "5:3"}},
        turn="mouse:collin",
        dice=[BOW],
    )
    events = g.apply("use collin mint-leaf collin")  # heals up to 2, but only 1 wound is not poison
    collin = g.state.heroes["collin"]
    assert (collin.wounds, collin.poison) == (2, 2)
    assert one(events, "mouse_healed").params["healed"] == 1
    events = g.apply("use collin antidote collin")  # an antidote removes poison wounds
    collin = g.state.heroes["collin"]
    assert (collin.wounds, collin.poison) == (0, 0)
    assert one(events, "poison_cured").params["cured"] == 2


@pytest.mark.rule("R-WOUND-05")
def test_r_wound_05_healing_is_not_offered_for_poison_wounds_only() -> None:
    g = scenario(
        heroes={"collin": {"space": "5:15", "wounds": 2, "poison": 2, "pack": ["mint-leaf", "antidote"]}},
        minions={"rat-warrior-1": {"space": "5:3"}},
        turn="mouse:collin",
        dice=[BOW],
    )
    assert "use collin mint-leaf collin" not in options(g)
    assert "use collin antidote collin" in options(g)


@pytest.mark.rule("R-WOUND-06")
def test_r_wound_06_healing_removes_wound_markers_up_to_its_amount() -> None:
    g = scenario(
        heroes={"collin": {"space": "5:15", "wounds": 3, "pack": ["mint-leaf"]}},
        minions={"rat-warrior-1": {"space": "5:3"}},
        turn="mouse:collin",
        dice=[BOW],
    )
    events = g.apply("use collin mint-leaf collin")  # Mint Leaf heals 2
    assert g.state.heroes["collin"].wounds == 1
    assert one(events, "mouse_healed").params == {"hero": "collin", "healed": 2, "total": 1}
    assert of(events, "poison_cured") == []


@pytest.mark.rule("R-WOUND-04")
def test_r_wound_04_a_spider_poisons_every_wound_it_deals() -> None:
    g = scenario(
        heroes={"collin": {"space": "5:15", "wounds": 1}, "filch": {"space": "5:1"}},
        minions={"spider-1": {"space": "5:12"}},
        track=["minion:spider", "mouse:collin", "mouse:filch"],
        turn="minion:spider",
        dice=[CHEESE, SWORD, SWORD, CHEESE, BOW, BOW],  # spider stays; 2 hits; no block; Collin's movement
    )
    collin = g.state.heroes["collin"]
    assert (collin.wounds, collin.poison) == (3, 2)


@pytest.mark.rule("R-WOUND-04")
@pytest.mark.parametrize(
    ("option", "wounds", "captured"),
    [
        (None, 4, True),  # Collin's life is 5: the fifth wound captures him
        ("hero_life_plus_one", 4, False),  # easy: one wound more before he is captured
        ("hero_life_minus_one", 3, True),  # hard: the fourth wound captures him
        ("hero_life_minus_one", 2, False),
    ],
)
def test_r_wound_04_the_difficulty_presets_move_the_wound_that_captures(
    option: str | None, wounds: int, captured: bool
) -> None:
    g = scenario(
        heroes={"collin": {"space": "5:15", "wounds": wounds}, "filch": {"space": "5:1"}},
        minions={"rat-warrior-1": {"space": "5:15"}},
        track=["minion:rat-warrior", "mouse:collin", "mouse:filch"],
        turn="minion:rat-warrior",
        options={option: True} if option else {},
        dice=[SWORD, SWORD, SHIELD, BOW, BOW],  # 2 hits, 1 blocked: 1 wound; then Collin's movement if he is free
    )
    collin = g.state.heroes["collin"]
    assert collin.captured == captured
    if not captured:
        assert collin.wounds == wounds + 1
    assert ("mouse_captured" in [e.msg for e in g.events]) == captured
