"""Achievements (RULES.md §26, R-ACH-01..06 and R-ACH-10; Fireproof, Marksman and Snake Charmer are [EXP]).

Collin attacks with 3 dice (battle 2 + sword 1) and defends with 2 (defense 1 + breastplate). Roaches: life 1,
defense 1, battle 2, steal cheese. The chapter end marker starts on page 6.
"""

from __future__ import annotations

from typing import Any

import pytest
from rulekit import BOW, CHEESE, SHIELD, SWORD, of, one, scenario

from mnm.engine.game import Game


def collin_rolls_three_cheese(options: dict[str, bool] | None = None, **heroes: Any) -> Game:
    g = scenario(
        heroes={"collin": {"space": "5:15"}, "filch": {"space": "5:1"}, **heroes},
        minions={"rat-warrior-1": {"space": "5:12"}, "rat-warrior-2": {"space": "5:3"}},
        turn="mouse:collin",
        options=options or {},
        dice=[BOW, CHEESE, CHEESE, CHEESE],  # movement; an attack of 3 CHEESE (no hit, no defense roll)
    )
    g.apply("battle collin rat-warrior-1")
    return g


@pytest.mark.rule("R-ACH-02")
def test_r_ach_02_three_cheese_in_one_roll_makes_the_cheesemaster() -> None:
    g = collin_rolls_three_cheese()
    assert g.state.heroes["collin"].achievements == ["cheesemaster"]
    assert g.state.heroes["collin"].cheese == 3
    assert g.state.end_page == 7
    assert one(g.events, "achievement").params == {
        "hero": "collin",
        "achievement": "cheesemaster",
        "end_page": 7,
    }


@pytest.mark.rule("R-ACH-02")
def test_r_ach_02_two_cheese_is_not_enough() -> None:
    g = scenario(
        heroes={"collin": {"space": "5:15"}},
        minions={"rat-warrior-1": {"space": "5:12"}, "rat-warrior-2": {"space": "5:3"}},
        turn="mouse:collin",
        dice=[BOW, CHEESE, CHEESE, BOW],
    )
    g.apply("battle collin rat-warrior-1")
    assert g.state.heroes["collin"].achievements == [] and g.state.end_page == 6


def rat_attacks_collin(collin: dict[str, Any], defense: list[int]) -> Game:
    return scenario(
        heroes={"collin": {"space": "5:15", **collin}, "filch": {"space": "5:1"}, "tilda": {"space": "5:1"}},
        minions={"rat-warrior-1": {"space": "5:15"}},
        track=["minion:rat-warrior", "mouse:collin", "mouse:filch", "mouse:tilda"],
        turn="minion:rat-warrior",
        dice=[SWORD, BOW, *defense, BOW],  # 1 hit; Collin's defense roll; his movement
    )


@pytest.mark.rule("R-ACH-02")
def test_r_ach_02_the_cheesemasters_defense_cheese_feeds_every_mouse() -> None:
    g = rat_attacks_collin({"achievements": ["cheesemaster"]}, [CHEESE, SHIELD])
    heroes = g.state.heroes
    assert heroes["collin"].cheese == 2  # 1 rolled + 1 as an active mouse
    assert heroes["filch"].cheese == 1 and heroes["tilda"].cheese == 1
    g = rat_attacks_collin({}, [CHEESE, SHIELD])  # an ordinary mouse keeps its cheese to itself
    assert [h.cheese for h in g.state.heroes.values()] == [1, 0, 0]


@pytest.mark.rule("R-ACH-02")
def test_r_ach_02_the_earning_roll_is_not_yet_a_cheesemasters_roll() -> None:
    # docs/rulings.md R-ACH-02: the holder's power starts after the roll that earns it
    g = rat_attacks_collin(
        {"equipped": ["collins-sword", "leather-breastplate", "thimble-helm"]}, [CHEESE, CHEESE, CHEESE]
    )
    assert g.state.heroes["collin"].achievements == ["cheesemaster"]
    assert g.state.heroes["collin"].cheese == 3 and g.state.heroes["filch"].cheese == 0


@pytest.mark.rule("R-ACH-01")
def test_r_ach_01_one_holder_per_chapter() -> None:
    g = collin_rolls_three_cheese(filch={"space": "5:1", "achievements": ["cheesemaster"]})
    assert g.state.heroes["collin"].achievements == []
    assert g.state.end_page == 6


@pytest.mark.rule("R-ACH-01")
def test_r_ach_01_individual_achievements_are_an_optional_module() -> None:
    g = collin_rolls_three_cheese(options={"no_achievements": True})
    assert g.state.heroes["collin"].achievements == [] and g.state.end_page == 6
    assert of(g.events, "achievement") == []


@pytest.mark.rule("R-ACH-03")
def test_r_ach_03_four_roaches_in_one_encounter_make_the_roachmaster() -> None:
    roaches = {f"roach-{i}": {"space": "5:15"} for i in (1, 2, 3)} | {"roach-4": {"space": "5:12"}}
    g = scenario(
        heroes={
            "collin": {"space": "5:15", "abilities": ["backslash"], "cheese": 3, "tricks": ["second-wind"]},
            "filch": {"space": "5:1"},
        },
        minions={**roaches, "rat-warrior-1": {"space": "5:3"}},
        turn="mouse:collin",
        # movement; Cleave's roll (3 hits) and three roach defenses; then a sword attack on the fourth
        dice=[BOW, SWORD, SWORD, SHIELD, BOW, BOW, BOW, SWORD, SWORD, SWORD, BOW],
    )
    g.apply("ability collin backslash")
    assert g.state.heroes["collin"].achievements == [] and g.state.end_page == 6  # three so far
    g.apply("use collin second-wind")  # the action comes back
    events = g.apply("battle collin roach-4")
    assert g.state.heroes["collin"].achievements == ["roachmaster"]
    assert one(events, "achievement").params["end_page"] == 7 and g.state.end_page == 7


@pytest.mark.rule("R-ACH-03")
@pytest.mark.rule("R-ENC-10")
def test_r_ach_03_roaches_on_the_roachmasters_tile_are_not_greedy() -> None:
    def wheel_after_theft(filch_achievements: list[str]) -> int:
        g = scenario(
            heroes={
                "collin": {"space": "5:15", "cheese": 2},
                "filch": {"space": "5:1", "achievements": filch_achievements},
            },
            minions={"roach-1": {"space": "5:15", "greedy": True}},
            track=["minion:roach", "mouse:collin", "mouse:filch"],
            turn="minion:roach",
            dice=[SWORD, SWORD, BOW, BOW, BOW],  # 2 hits, no block: 2 cheese stolen; Collin's movement
        )
        assert g.state.heroes["collin"].cheese == 0 and g.state.heroes["collin"].wounds == 0
        return g.state.wheel

    assert wheel_after_theft([]) == 2  # a greedy roach puts stolen cheese on the wheel
    assert wheel_after_theft(["roachmaster"]) == 0


@pytest.mark.rule("R-ACH-04")
def test_r_ach_04_the_first_mouse_captured_with_poison_is_the_poisonmaster() -> None:
    def capture(collin: dict[str, Any], filch_achievements: list[str]) -> list[str]:
        g = scenario(
            chapter="flight-to-barksburg",
            heroes={
                "collin": {"space": "5:15", "wounds": 4, **collin},
                "filch": {"space": "5:1", "achievements": filch_achievements},
            },
            minions={"rat-warrior-1": {"space": "5:15"}},
            track=["minion:rat-warrior", "mouse:collin", "mouse:filch"],
            turn="minion:rat-warrior",
            dice=[SWORD, BOW, BOW, BOW, BOW],
        )
        assert g.state.heroes["collin"].captured
        return g.state.heroes["collin"].achievements

    assert capture({"poison": 1}, []) == ["poisonmaster"]
    assert capture({}, []) == []  # no unhealed poison wound
    assert capture({"poison": 1}, ["poisonmaster"]) == []  # already held


@pytest.mark.rule("R-ACH-05")
def test_r_ach_05_the_second_capture_makes_the_scaper() -> None:
    g = scenario(
        chapter="flight-to-barksburg",
        heroes={"collin": {"space": "5:15", "wounds": 4, "captures": 1}, "filch": {"space": "5:1"}},
        minions={"rat-warrior-1": {"space": "5:15"}},
        track=["minion:rat-warrior", "mouse:collin", "mouse:filch"],
        turn="minion:rat-warrior",
        hourglass=3,
        dice=[SWORD, BOW, BOW, BOW, BOW],
    )
    collin = g.state.heroes["collin"]
    assert collin.captured and collin.captures == 2 and collin.achievements == ["scaper"]
    assert g.state.end_page == 7 and g.state.hourglass == 4  # end marker +1, and the capture's page


@pytest.mark.rule("R-ACH-06")
def test_r_ach_06_large_minions_roll_one_fewer_defense_die_against_the_cat_tamer() -> None:
    def spider_defense_dice(achievements: list[str]) -> int:
        g = scenario(
            heroes={"collin": {"space": "5:15", "achievements": achievements}},
            minions={"spider-1": {"space": "5:12"}, "roach-1": {"space": "5:1"}},
            turn="mouse:collin",
            dice=[BOW, SWORD, BOW, BOW, SHIELD, SHIELD, SHIELD],
        )
        events = g.apply("battle collin spider-1")
        return len(one(events, "minion_defends").params["faces"])

    assert spider_defense_dice([]) == 3
    assert spider_defense_dice(["cat-tamer"]) == 2


@pytest.mark.rule("R-ACH-10")
@pytest.mark.rule("R-STORY-04")
def test_r_ach_10_miz_maggie_ally_is_a_chapter_1_story_achievement() -> None:
    g = scenario(
        chapter="flight-to-barksburg",
        tiles={"kitchen": 3},
        explored=[5, 4, 3],
        heroes={"collin": {"space": "3:2"}, "filch": {"space": "5:1"}},
        minions={"roach-1": {"space": "3:2"}, "rat-warrior-1": {"space": "5:3"}},
        turn="mouse:collin",
        dice=[BOW, SWORD, BOW, BOW, BOW, SWORD],  # the roach falls; Miz Maggie's roll shows a star
    )
    events = g.apply("battle collin roach-1")
    assert g.state.story_achievements == ["miz-maggie-ally"]
    assert g.state.end_page == 7
    assert one(events, "miz_maggie_ally").rule == "R-ACH-10"
    assert g.state.heroes["collin"].achievements == []  # a story achievement belongs to the party


@pytest.mark.rule("R-ACH-03")
def test_r_ach_03_the_roach_count_starts_again_with_each_encounter() -> None:
    from mnm.engine.rules.achievements import roach_defeated, start_encounter

    g = scenario(heroes={"collin": {"space": "5:15"}}, minions={"roach-1": {"space": "5:1"}}, dice=[BOW])
    st = g.state.copy()
    collin = st.heroes["collin"]
    for _ in range(3):
        roach_defeated(g.ctx, st, collin)
    start_encounter(st)  # a new encounter card is revealed
    roach_defeated(g.ctx, st, collin)
    assert collin.achievements == [] and st.end_page == 6
    for _ in range(3):
        roach_defeated(g.ctx, st, collin)
    assert collin.achievements == ["roachmaster"] and st.end_page == 7
