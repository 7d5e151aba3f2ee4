"""Chapter 1, Flight to Barksburg: every special rule, with scripted dice (CONTENT.md §10, docs/rulings.md).

Positions are Chapter 1 scenarios (see ch1kit for the board). The first scripted die of a mouse's turn is its
movement roll.
"""

from __future__ import annotations

from typing import Any

import pytest
from ch1kit import (
    BOW,
    BOW_STAR,
    BY_THE_HOLE,
    CHAPTER,
    CHEESE,
    COUNTER,
    SHIELD,
    SHIELD_STAR,
    SWORD,
    TREE_ENTRANCE,
    of,
    scenario,
)

from mnm.content.loader import builtin_content
from mnm.engine.errors import IllegalAction
from mnm.engine.game import Game
from mnm.engine.rules.setup import card_of

SEWER_UP = {"tiles": {"3": 6}, "explored": [5, 6, 4, 2]}
KITCHEN_UP = {"tiles": {"3": 6, "2": 3}, "explored": [5, 6, 4, 3, 2]}
COURTYARD_UP = {"tiles": {"3": 6, "1": 1}, "explored": [5, 6, 4, 2, 1]}


def _quiet_standard_card() -> str:
    """A standard encounter card with no Ambush (no extra roll), so an explore needs no dice."""
    cards = builtin_content().encounter_cards
    return next(cid for cid, c in cards.items() if c.kind == "standard" and "ambush" not in c.keywords)


# --- setup --------------------------------------------------------------------------------------------------


@pytest.mark.rule("R-STORY-02")
def test_setup_matches_the_chapter() -> None:
    game = Game.new(CHAPTER, ["collin", "tilda", "filch", "maginos"], seed=5)
    st = game.state
    assert st.end_page == 6 and st.hourglass == 1
    assert st.face_up == {3: 5, 2: 4, 1: 2}
    assert all(h.space == "5:15" for h in st.heroes.values())
    assert of(game.events, "story")[0].params["moment"] == "opening"
    # the abilities are chosen first; then 3 rat warriors are placed normally on the Guard Room
    d = game.decision()
    while d is not None and d.kind in ("choose_ability", "minion_space"):  # tied entry spaces: the lowest
        game.apply(d.options[0])
        d = game.decision()
    rats = [m for m in game.state.minions.values() if m.type == "rat-warrior"]
    assert len(rats) == 3 and all(m.space.startswith("5:") for m in rats)
    assert "tinkerers-treasure" not in [card_of(c) for c in game.state.search_deck]
    assert "fishhook-and-thread" not in [card_of(c) for c in game.state.search_deck]
    kinds = {builtin_content().encounter_cards[c].kind for c in game.state.encounter_deck}
    assert kinds == {"standard"}


@pytest.mark.rule("R-STORY-02")
def test_lily_has_not_joined_yet_and_the_party_is_four() -> None:
    with pytest.raises(IllegalAction, match="may not adventure"):
        Game.new(CHAPTER, ["collin", "tilda", "filch", "lily"], seed=1)
    with pytest.raises(IllegalAction, match="party of 4"):
        Game.new(CHAPTER, ["collin", "tilda", "filch"], seed=1)


# --- Guard Room: the grate, Tinkerer's Treasure, the special surge ------------------------------------------------


@pytest.mark.rule("R-EXPLORE-06")
def test_sewer_grate_drops_the_mice_on_the_fishhook_ledge() -> None:
    game = scenario(heroes={"collin": {"space": "5:8"}, "tilda": {"space": "5:12"}}, explored=[5, 6], dice=[SHIELD])
    game.apply("explore collin flip")
    st = game.state
    assert st.face_up[3] == 6
    assert st.heroes["collin"].space == "6:4" and st.heroes["tilda"].space == "6:4"


@pytest.mark.rule("R-EXPLORE-04")
def test_guard_room_east_exit_leads_nowhere() -> None:
    game = scenario(heroes={"collin": {"space": "5:4"}}, dice=[SHIELD])
    assert not [a for a in game.legal_actions() if a.verb == "explore"]
    with pytest.raises(IllegalAction, match="lined-up exit"):
        game.apply("explore collin exit-0")


@pytest.mark.rule("R-SEARCH-07")
def test_tinkerers_treasure_lets_the_mouse_pick_a_weapon_or_armor() -> None:
    game = scenario(heroes={"nez": {"space": "5:15"}}, dice=[SHIELD, SWORD])
    deck_before = list(game.state.search_deck)
    events = game.apply("search nez")
    assert of(events, "special_search")[0].params["card"] == "tinkerers-treasure"
    d = game.decision()
    assert d is not None and d.kind == "treasure" and d.actor == "nez"
    content = builtin_content()
    picked = [a.args[0] for a in d.options]
    assert picked and {content.search_cards[card_of(c)].type.value for c in picked} <= {"weapon", "armor"}
    expected = {card_of(c) for c in deck_before if content.search_cards[card_of(c)].type.value in ("weapon", "armor")}
    assert {card_of(c) for c in picked} == expected
    choice = picked[0]
    game.apply(f"take nez {choice}")
    st = game.state
    assert "tinkerers-treasure" in st.search_deck, "the card goes back into the search deck"
    assert choice not in st.search_deck
    d = game.decision()
    assert d is not None and d.kind == "found_card"
    game.apply(f"keep nez {choice}")
    assert choice in game.state.heroes["nez"].pack
    assert "tinkerers-treasure" in game.state.special_found


def _surge_at(space: str, card: str, bows: int, **fields: Any) -> Game:
    """Collin on ``space``, the wheel at 5 and ``card`` face up: ending his turn feeds the sixth cheese."""
    return scenario(
        heroes={"collin": {"space": space}},
        wheel=5,
        encounter_up=card,
        dice=[SHIELD] + [BOW] * bows,
        options={"auto_pick_choices": True},  # tied entry spaces: the lowest number (R-ENC-05)
        **fields,
    )


@pytest.mark.rule("R-SURGE-03")
def test_guard_room_special_surge_places_two_rat_warriors() -> None:
    card = _quiet_standard_card()
    game = _surge_at("5:15", card, 8)
    events = game.apply("end collin")  # Time is Short: the sixth cheese
    assert of(events, "special_surge")
    placed = [e.params["minion"] for e in of(events, "minion_placed")]
    assert len(placed) == 2 and all(str(p).startswith("rat-warrior") for p in placed)
    st = game.state
    assert st.hourglass == 2
    assert st.encounter_up == card, "the special surge replaces the card's surge; the card stays face up"


@pytest.mark.rule("R-SURGE-03")
def test_sewer_surge_uses_the_encounter_card() -> None:
    card = _quiet_standard_card()
    surge = builtin_content().encounter_cards[card].surge
    game = _surge_at("6:9", card, 16, **SEWER_UP)  # 12 before issue 44 added a rat to the surge line
    events = game.apply("end collin")
    assert not of(events, "special_surge") and of(events, "card_surge")
    placed = [str(e.params["minion"]).rsplit("-", 1)[0] for e in of(events, "minion_placed")]
    assert sorted(placed) == sorted(mc.minion for mc in surge for _ in range(mc.count))
    assert game.state.encounter_up is None


# --- Sewer: the water search and Leaving the Sewers ---------------------------------------------------------------


@pytest.mark.rule("R-WATER-08")
def test_sewer_special_search_in_water_finds_the_fishhook() -> None:
    game = scenario(heroes={"collin": {"space": "6:8"}}, dice=[SHIELD, SWORD, SHIELD], **SEWER_UP)
    events = game.apply("search collin")
    assert of(events, "special_search")[0].params["card"] == "fishhook-and-thread"
    st = game.state
    assert "fishhook" in st.stash and "fishhook-and-thread" in st.party_cards
    events = game.apply("end collin")
    assert of(events, "drifts")[0].params["dst"] == "6:11", "the current still carries the mouse on"


@pytest.mark.rule("R-SEARCH-07")
def test_sewer_search_on_dry_land_draws_normally() -> None:
    game = scenario(
        heroes={"collin": {"space": "6:9"}}, search_deck_top=["shifting-cloak"], dice=[SHIELD, SWORD], **SEWER_UP
    )
    events = game.apply("search collin")
    assert not of(events, "special_search")
    assert of(events, "card_found")[0].params["card"] == "shifting-cloak"
    assert "fishhook" not in game.state.stash


@pytest.mark.rule("R-SEARCH-05")
def test_failed_water_search_can_be_tried_again() -> None:
    game = scenario(heroes={"collin": {"space": "6:14"}}, dice=[SHIELD, SHIELD, SHIELD, SWORD], **SEWER_UP)
    game.apply("search collin")
    assert "fishhook" not in game.state.stash
    game.apply("end collin")  # the sump is still water: no drift; next turn, search again
    game.apply("search collin")
    assert "fishhook" in game.state.stash


@pytest.mark.rule("R-EXPLORE-13")
def test_leaving_the_sewers_needs_the_fishhook() -> None:
    game = scenario(heroes={"collin": {"space": "6:9"}, "tilda": {"space": "6:1"}}, dice=[SHIELD], **SEWER_UP)
    assert not [a for a in game.legal_actions() if a.verb == "explore"]
    with pytest.raises(IllegalAction, match="Leaving the Sewers"):
        game.apply("explore collin exit-0")
    assert game.state.heroes["collin"].space == "6:9", "a refused action changes nothing"


@pytest.mark.rule("R-EXPLORE-13")
def test_when_no_mouse_can_search_the_sewer_again_the_exit_opens_without_the_fishhook() -> None:
    """Every mouse searched the Sewer and nobody found the Fishhook & Thread: nobody may search there again
    (R-SEARCH-05), so Leaving the Sewers no longer asks for it (docs/rulings.md R-EXPLORE-13)."""
    searched = {"searched": [6]}
    heroes = {h: {"space": "6:9" if h == "collin" else "6:1", **searched} for h in ("collin", "tilda", "filch", "maginos")}
    game = scenario(heroes=heroes, dice=[SHIELD], **SEWER_UP)
    game.apply("explore collin exit-0")
    assert game.state.heroes["collin"].space == "4:8"


@pytest.mark.rule("R-EXPLORE-13")
@pytest.mark.parametrize("fishhook", [{"stash": ["fishhook"]}, {"tokens": {"fishhook": ["6:9", "6:12"]}}])
def test_with_the_fishhook_the_mice_climb_out(fishhook: dict[str, object]) -> None:
    game = scenario(
        heroes={"collin": {"space": "6:9"}, "tilda": {"space": "6:1"}}, dice=[SHIELD], **SEWER_UP, **fishhook
    )
    game.apply("explore collin exit-0")
    st = game.state
    assert st.heroes["collin"].space == "4:8" and st.heroes["tilda"].space == "4:8"


@pytest.mark.rule("R-EXPLORE-13")
def test_only_leaving_the_sewer_is_gated() -> None:
    game = scenario(heroes={"collin": {"space": "4:8"}}, dice=[SHIELD], **SEWER_UP)
    game.apply("explore collin exit-0")  # from the Kitchen Tunnels down into the Sewer: no fishhook needed
    game.apply("choose party 6:12")  # the Sewer's exit area borders 6:9 and 6:12: the party picks (R-EXPLORE-05)
    assert game.state.heroes["collin"].space == "6:12"


@pytest.mark.rule("R-EXPLORE-07")
def test_fishhook_flip_back_to_the_guard_room() -> None:
    game = scenario(heroes={"collin": {"space": "6:4"}}, dice=[SHIELD], **SEWER_UP)
    with pytest.raises(IllegalAction, match="Fishhook"):
        game.apply("explore collin flip")
    game = scenario(heroes={"collin": {"space": "6:4"}}, stash=["fishhook"], dice=[SHIELD], **SEWER_UP)
    game.apply("explore collin flip")
    assert game.state.face_up[3] == 5 and game.state.heroes["collin"].space == "5:8"


# --- Kitchen: counter cheese and Miz Maggie ---------------------------------------------------------------------


@pytest.mark.rule("R-STORY-03")
def test_counter_cheese_is_set_when_the_kitchen_is_first_revealed() -> None:
    card = _quiet_standard_card()
    game = scenario(
        heroes={"collin": {"space": "4:14"}},
        tiles={"3": 6},
        explored=[5, 6, 4],
        encounter_deck_top=[card],
        dice=[SHIELD],
    )
    events = game.apply("explore collin flip")
    assert game.state.face_up[2] == 3 and game.state.heroes["collin"].space == "3:14"
    assert of(events, "counter_cheese_set")[0].params["amount"] == 3
    assert game.state.chapter_vars["counter"] == 3
    assert of(events, "encounter_drawn")[0].params["card"] == card


@pytest.mark.rule("R-STORY-03")
def test_counter_cheese_is_not_reset_on_a_second_visit() -> None:
    game = scenario(
        heroes={"collin": {"space": "4:14"}},
        tiles={"3": 6},
        explored=[5, 6, 4, 3],
        chapter_data={"counter": 1},
        dice=[SHIELD],
    )
    events = game.apply("explore collin flip")
    assert not of(events, "counter_cheese_set") and not of(events, "encounter_drawn")
    assert game.state.chapter_vars["counter"] == 1


@pytest.mark.rule("R-STORY-05")
def test_roaches_head_for_the_counter_instead_of_the_mice() -> None:
    # roach in 3:7, next to Collin in 3:8; it rolls 2 and runs 3:7 -> 3:3 -> the counter, attacking no one
    game = scenario(
        heroes={"collin": {"space": "3:8"}},
        minions={"roach-1": {"space": "3:7"}},
        chapter_data={"counter": 3},
        turn="minion:roach",
        dice=[BOW, SHIELD],
        **KITCHEN_UP,
    )
    assert of(game.events, "roach_to_counter")
    assert game.state.minions["roach-1"].space == COUNTER
    assert not of(game.events, "minion_attacks")


@pytest.mark.rule("R-STORY-05")
def test_a_roach_on_the_counter_eats_a_cheese_instead_of_attacking() -> None:
    game = scenario(
        heroes={"collin": {"space": "3:3"}},
        minions={"roach-1": {"space": COUNTER}},
        chapter_data={"counter": 3},
        wheel=2,
        turn="minion:roach",
        dice=[SHIELD],
        **KITCHEN_UP,
    )
    st = game.state
    assert st.chapter_vars["counter"] == 2 and st.wheel == 3
    assert not of(game.events, "minion_attacks")


@pytest.mark.rule("R-STORY-05")
def test_with_the_counter_empty_roaches_behave_normally() -> None:
    game = scenario(
        heroes={"collin": {"space": "3:8"}},
        minions={"roach-1": {"space": "3:7"}},
        chapter_data={"counter": 0},
        turn="minion:roach",
        dice=[BOW, BOW, BOW, SHIELD],  # move 2 (stops on Collin), attack 2 dice: both miss; Collin's roll
        **KITCHEN_UP,
    )
    assert not of(game.events, "roach_to_counter")
    assert game.state.minions["roach-1"].space == "3:8"
    assert of(game.events, "minion_attacks")[0].params["hero"] == "collin"


@pytest.mark.rule("R-STORY-03")
def test_cheese_rolled_for_a_kitchen_roach_moves_counter_cheese_to_the_wheel() -> None:
    # Collin (battle 2 + sword 1) hits once; the roach's defense die is a CHEESE: 1 to the wheel, plus 1 from the
    # counter. The Miz Maggie token is already held, so no attention roll follows the roach's defeat.
    game = scenario(
        heroes={"collin": {"space": "3:8"}},
        minions={"roach-1": {"space": "3:7"}},
        chapter_data={"counter": 3},
        story_achievements=["miz-maggie-ally"],
        dice=[SHIELD, SWORD, BOW, BOW, CHEESE],
        **KITCHEN_UP,
    )
    events = game.apply("battle collin roach-1")
    st = game.state
    assert st.wheel == 2 and st.chapter_vars["counter"] == 2
    assert of(events, "counter_cheese_eaten")[0].params["amount"] == 1
    assert "roach-1" not in st.minions


@pytest.mark.rule("R-STORY-04")
def test_miz_maggie_swats_a_mouse_when_the_roll_fails() -> None:
    game = scenario(
        heroes={"collin": {"space": "3:8"}},
        minions={"roach-1": {"space": "3:7"}, "rat-warrior-1": {"space": "3:16"}},
        chapter_data={"counter": 0},
        dice=[SHIELD, SWORD, SWORD, SWORD, BOW, SHIELD],  # move; 3 hits; roach blocks none; Maggie: no star
        **KITCHEN_UP,
    )
    events = game.apply("battle collin roach-1")
    st = game.state
    assert of(events, "miz_maggie_swats")
    # knocked down before moving: he spends this turn's move standing up (R-NEG-04, docs/rulings.md)
    assert of(events, "stands_up") and "knocked_down" not in st.heroes["collin"].statuses
    assert st.turn is not None and st.turn.movement_over
    assert st.minions["roach-1"].space == COUNTER, "the roach is put back on the counter"
    assert "minion:roach" in st.track
    assert st.story_achievements == [] and st.end_page == 6


@pytest.mark.rule("R-STORY-04")
def test_miz_maggie_becomes_an_ally_on_a_star() -> None:
    game = scenario(
        heroes={"collin": {"space": "3:8"}},
        minions={"roach-1": {"space": "3:7"}, "roach-2": {"space": "3:16"}},
        dice=[SHIELD, SWORD, SWORD, SWORD, BOW, BOW_STAR],  # Maggie: a star
        **KITCHEN_UP,
    )
    events = game.apply("battle collin roach-1")
    st = game.state
    assert of(events, "miz_maggie_ally")
    assert st.story_achievements == ["miz-maggie-ally"] and st.end_page == 7
    assert "roach-1" not in st.minions and "knocked_down" not in st.heroes["collin"].statuses


@pytest.mark.rule("R-STORY-04")
def test_no_more_rolls_for_miz_maggie_once_she_is_an_ally() -> None:
    # exactly the dice of the attack are scripted: an attention roll would run out of dice
    game = scenario(
        heroes={"collin": {"space": "3:8"}},
        minions={"roach-1": {"space": "3:7"}, "roach-2": {"space": "3:16"}},
        story_achievements=["miz-maggie-ally"],
        dice=[SHIELD, SWORD, SWORD, SWORD, BOW],
        **KITCHEN_UP,
    )
    events = game.apply("battle collin roach-1")
    assert not of(events, "miz_maggie_swats") and not of(events, "miz_maggie_ally")
    assert "roach-1" not in game.state.minions


@pytest.mark.rule("R-STORY-04")
def test_a_roach_defeated_outside_the_kitchen_calls_no_roll() -> None:
    game = scenario(
        heroes={"collin": {"space": "4:7"}},
        minions={"roach-1": {"space": "4:8"}, "roach-2": {"space": "4:1"}},
        tiles={"3": 6},
        explored=[5, 6, 4],
        dice=[SHIELD, SWORD, SWORD, SWORD, BOW],
    )
    events = game.apply("battle collin roach-1")
    assert not of(events, "miz_maggie_swats") and not of(events, "miz_maggie_ally")


# --- Courtyard: the old crow, the tree entrance, the story moment, victory ----------------------------------------


@pytest.mark.rule("R-BATTLE-14")
@pytest.mark.parametrize("face", [CHEESE, BOW_STAR])
def test_old_crow_wounds_a_mouse_rolling_a_one_on_the_courtyard(face: int) -> None:
    game = scenario(
        heroes={"collin": {"space": "1:5"}}, minions={"rat-warrior-1": {"space": "1:13"}}, dice=[face], **COURTYARD_UP
    )
    assert of(game.events, "old_crow")[0].params["figure"] == "collin"
    assert game.state.heroes["collin"].wounds == 1, "unblockable: no defense roll"


@pytest.mark.rule("R-BATTLE-14")
@pytest.mark.parametrize(
    ("space", "face"),
    [("1:5", SWORD), (TREE_ENTRANCE, CHEESE), ("2:9", CHEESE)],
    ids=["rolled-two", "safe-in-the-tree", "not-on-the-courtyard"],
)
def test_old_crow_leaves_other_mice_alone(space: str, face: int) -> None:
    tiles = COURTYARD_UP if space.startswith("1:") else SEWER_UP
    game = scenario(
        heroes={"collin": {"space": space}},
        minions={"rat-warrior-1": {"space": "1:13" if space.startswith("1:") else "2:1"}},
        dice=[face],
        **tiles,
    )
    assert not of(game.events, "old_crow")
    assert game.state.heroes["collin"].wounds == 0


@pytest.mark.rule("R-BATTLE-14")
def test_old_crow_strikes_a_scurry_roll_of_one() -> None:
    game = scenario(
        heroes={"collin": {"space": "1:2"}},
        minions={"rat-warrior-1": {"space": "1:13"}},
        dice=[SWORD, CHEESE],
        **COURTYARD_UP,
    )
    game.apply("move collin 1:4")
    game.apply("scurry collin")
    assert of(game.events, "old_crow") and game.state.heroes["collin"].wounds == 1


@pytest.mark.rule("R-BATTLE-14")
def test_old_crow_takes_a_minion_rolling_a_one() -> None:
    game = scenario(
        heroes={"collin": {"space": "1:12"}},
        minions={"rat-warrior-1": {"space": "1:1"}, "rat-warrior-2": {"space": "1:2"}},
        turn="minion:rat-warrior",
        dice=[CHEESE, CHEESE, SHIELD, SHIELD],  # both rats roll a 1 and the crow takes them; then Collin's roll
        **COURTYARD_UP,
    )
    crowed = [e.params["figure"] for e in of(game.events, "old_crow")]
    assert sorted(crowed) == ["rat-warrior-1", "rat-warrior-2"]
    assert not game.state.minions, "a rat has 1 life"


@pytest.mark.rule("R-STORY-03")
def test_the_tree_entrance_is_entered_only_from_the_space_by_the_hole() -> None:
    game = scenario(
        heroes={"collin": {"space": "1:5"}},
        minions={"rat-warrior-1": {"space": "1:13"}},
        dice=[SHIELD_STAR],
        **COURTYARD_UP,
    )
    # 1:5 -> 1:15 -> 1:16 costs 2; the tree touches no other space
    assert "move collin 1:16" in [str(a) for a in game.legal_actions()]
    game.apply("move collin 1:16")
    assert game.state.heroes["collin"].space == TREE_ENTRANCE


@pytest.mark.rule("R-STORY-03")
def test_from_the_tree_a_mouse_sees_only_the_space_by_the_hole() -> None:
    game = scenario(
        heroes={"maginos": {"space": TREE_ENTRANCE}},
        minions={"rat-warrior-1": {"space": "1:5"}, "rat-warrior-2": {"space": "1:10"}},
        dice=[SHIELD],
        **COURTYARD_UP,
    )
    assert not [a for a in game.legal_actions() if a.verb == "battle"], "the staff cannot reach 1:5 or 1:10"
    game = scenario(
        heroes={"maginos": {"space": TREE_ENTRANCE}},
        minions={"rat-warrior-1": {"space": BY_THE_HOLE}, "rat-warrior-2": {"space": "1:10"}},
        dice=[SHIELD],
        **COURTYARD_UP,
    )
    assert [str(a) for a in game.legal_actions() if a.verb == "battle"] == ["battle maginos rat-warrior-1"]


@pytest.mark.rule("R-STORY-03")
def test_minions_never_enter_the_tree_but_attack_from_next_to_it() -> None:
    # the rat rolls 3: it walks 1:5 -> 1:15 and stops there; Collin in the tree is next to it and is attacked
    game = scenario(
        heroes={"collin": {"space": TREE_ENTRANCE}},
        minions={"rat-warrior-1": {"space": "1:10"}},
        turn="minion:rat-warrior",
        # move 3, two misses; the aggressive rat swaps above Collin and goes again (stays, two misses); Collin
        dice=[SHIELD_STAR, BOW, BOW, SHIELD, BOW, BOW, SHIELD],
        **COURTYARD_UP,
    )
    assert game.state.minions["rat-warrior-1"].space == BY_THE_HOLE
    assert of(game.events, "minion_attacks")[0].params["hero"] == "collin"


@pytest.mark.rule("R-STORY-03")
def test_courtyard_story_moment_on_first_exploring_it() -> None:
    card = _quiet_standard_card()
    game = scenario(
        heroes={"collin": {"space": "2:14"}},
        tiles={"3": 6},
        explored=[5, 6, 4, 2],
        encounter_deck_top=[card],
        dice=[SHIELD],
    )
    events = game.apply("explore collin flip")
    assert game.state.face_up[1] == 1 and game.state.heroes["collin"].space == "1:3"
    assert [e.params["moment"] for e in of(events, "story")] == ["courtyard"]
    assert of(events, "encounter_drawn")


@pytest.mark.rule("R-EXPLORE-04")
def test_kitchen_east_exit_flips_the_tunnel_entrance_to_the_courtyard() -> None:
    card = _quiet_standard_card()
    game = scenario(heroes={"collin": {"space": "3:12"}}, encounter_deck_top=[card], dice=[SHIELD], **KITCHEN_UP)
    events = game.apply("explore collin exit-1")
    assert game.state.face_up[1] == 1 and game.state.heroes["collin"].space == "1:8"
    assert [e.params["moment"] for e in of(events, "story")] == ["courtyard"]


@pytest.mark.rule("R-WIN-01")
def test_victory_needs_a_clear_courtyard_and_every_free_mouse_in_the_tree() -> None:
    # Tilda is captured: she does not need to reach the tree; a rat left on the Courtyard blocks the win
    heroes = {"collin": {"space": "1:5"}, "tilda": {"captured": True}, "filch": {"space": TREE_ENTRANCE}}
    game = scenario(heroes=heroes, minions={"rat-warrior-1": {"space": "1:13"}}, dice=[SWORD], **COURTYARD_UP)
    game.apply("move collin 1:16")
    assert game.state.status == "playing", "a minion is still on the Courtyard"
    game = scenario(heroes=heroes, minions={"rat-warrior-1": {"space": "4:1"}}, dice=[SWORD], **COURTYARD_UP)
    events = game.apply("move collin 1:15")
    assert game.state.status == "playing", "Collin is not in the tree yet"
    events = game.apply("move collin 1:16")
    assert game.state.status == "won" and game.state.outcome == "victory"
    assert [e.params["moment"] for e in of(events, "story")] == ["ending"]
