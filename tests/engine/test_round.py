"""Rounds and the initiative track (R-ROUND-01..13)."""

from __future__ import annotations

import pytest
from flowkit import BOW, BOW_STAR, CHEESE, SHIELD, SWORD, msgs, of, one, sandbox, scenario
from rulekit import row_count

from mnm.engine.game import Game


def new_game(seed: int) -> Game:
    """A fresh Proving Grounds game, past the opening ability choices (R-SETUP-03) to the first turn."""
    game = Game.new("proving-grounds", ["collin", "tilda", "filch", "maginos"], seed=seed)
    while (d := game.decision()) is not None and d.kind in ("choose_ability", "minion_space"):
        game.apply(d.options[0])  # a starting ability; tied entry spaces (R-ENC-05): the lowest number
    return game


def actor(game: Game) -> str:
    d = game.decision()
    assert d is not None
    return d.actor


@pytest.mark.rule("R-ROUND-01")
def test_r_round_01_cards_act_top_down_then_a_new_round() -> None:
    game = sandbox(
        heroes={"collin": {"space": "5:15"}, "tilda": {"space": "5:12"}, "nez": {"space": "5:13"}},
        track=["mouse:tilda", "mouse:collin", "mouse:nez"],
        dice=[SWORD, SWORD, SWORD, SWORD],
    )
    assert (actor(game), game.state.round) == ("tilda", 1)
    game.apply("end tilda")
    assert actor(game) == "collin"
    game.apply("end collin")
    assert actor(game) == "nez"
    events = game.apply("end nez")
    assert one(events, "round_begins").params["round"] == 2
    assert (actor(game), game.state.round) == ("tilda", 2)


@pytest.mark.rule("R-ROUND-02")
def test_r_round_02_every_figure_of_the_card_acts_separately() -> None:
    # Two rats on one card: each moves on its own roll (the one nearest the mice first, R-MINION-01).
    game = sandbox(
        heroes={"collin": {"space": "5:15"}},
        minions={"rat-warrior-1": {"space": "5:1"}, "rat-warrior-2": {"space": "5:11"}},
        track=["minion:rat-warrior", "mouse:collin"],
        turn="minion:rat-warrior",
        dice=[BOW_STAR, CHEESE, BOW_STAR],  # rat 2 moves 1, rat 1 moves 1, then Collin's movement roll
    )
    assert one(game.events, "minion_card_turn").params["order"] == ["rat-warrior-2", "rat-warrior-1"]
    moved = [(e.params["minion"], e.params["steps"]) for e in of(game.events, "minion_moves")]
    assert moved == [("rat-warrior-2", 1), ("rat-warrior-1", 1)]
    assert actor(game) == "collin"


@pytest.mark.rule("R-ROUND-03")
@pytest.mark.rule("R-ROUND-04")
def test_r_round_03_04_initiative_dealt_at_the_start_of_a_chapter() -> None:
    game = new_game(11)
    ev = one(game.events, "initiative_shuffled")
    assert ev.rule == "R-ROUND-04"
    assert sorted(ev.params["track"]) == sorted(  # type: ignore[arg-type]
        ["mouse:collin", "mouse:tilda", "mouse:filch", "mouse:maginos", "minion:rat-warrior"]
    )
    assert game.state.track == ev.params["track"]


@pytest.mark.rule("R-ROUND-03")
@pytest.mark.rule("R-ROUND-04")
def test_r_round_03_04_a_new_encounter_with_no_minion_card_reshuffles_everything() -> None:
    game = sandbox(
        heroes={"filch": {"space": "5:4"}, "collin": {"space": "5:15"}},
        track=["mouse:collin", "mouse:filch"],
        turn="mouse:filch",
        encounter_deck_top=["rat-patrol"],
        options={"auto_pick_choices": True},  # tied entry spaces: the lowest number (R-ENC-05)
        dice=[SWORD],
        dice_mode="seeded",
    )
    events = game.apply("explore filch exit-0")
    ev = one(events, "initiative_shuffled")
    assert sorted(ev.params["track"]) == ["minion:rat-warrior", "mouse:collin", "mouse:filch"]  # type: ignore[arg-type]
    assert game.state.track == ev.params["track"]


@pytest.mark.rule("R-ROUND-05")
def test_r_round_05_new_types_go_to_the_bottom_and_known_types_add_nothing() -> None:
    # A rat idles on the Test Pool; exploring brings Elite Rat Warriors and (on a second reveal) more rats.
    game = sandbox(
        heroes={"filch": {"space": "5:4"}},
        minions={"rat-warrior-1": {"space": "97:1"}},
        track=["minion:rat-warrior", "mouse:filch"],
        turn="mouse:filch",
        encounter_deck_top=["elite-guard"],
        options={"auto_pick_choices": True},  # tied entry spaces: the lowest number (R-ENC-05)
        dice=[SWORD],
        dice_mode="seeded",
    )
    events = game.apply("explore filch exit-0")
    ev = one(events, "initiative_extended")
    assert ev.params["cards"] == ["minion:elite-rat-warrior"]
    assert game.state.track == ["minion:rat-warrior", "mouse:filch", "minion:elite-rat-warrior"]
    again = sandbox(
        heroes={"filch": {"space": "5:4"}},
        minions={"rat-warrior-1": {"space": "97:1"}},
        track=["minion:rat-warrior", "mouse:filch"],
        turn="mouse:filch",
        encounter_deck_top=["rat-patrol"],
        options={"auto_pick_choices": True},  # tied entry spaces: the lowest number (R-ENC-05)
        dice=[SWORD],
        dice_mode="seeded",
    )
    again.apply("explore filch exit-0")
    assert again.state.track == ["minion:rat-warrior", "mouse:filch"]  # rats already have their card
    assert sum(m.type == "rat-warrior" for m in again.state.minions.values()) == 1 + row_count("rat-patrol", "rat-warrior")


@pytest.mark.rule("R-ROUND-06")
def test_r_round_06_the_track_grows_past_its_printed_spots() -> None:
    heroes = {h: {"space": "5:12" if i < 3 else "5:13"} for i, h in
              enumerate(("collin", "tilda", "filch", "maginos", "nez", "lily"))}
    track = [f"mouse:{h}" for h in heroes] + ["minion:rat-warrior", "minion:roach", "minion:spider"]
    game = sandbox(
        heroes=heroes,
        minions={"rat-warrior-1": {"space": "97:1"}, "roach-1": {"space": "97:2"}, "spider-1": {"space": "97:3"}},
        track=track,
        turn="mouse:lily",
        dice=[SWORD, SWORD],
    )
    assert len(game.state.track) == 9
    game.apply("end lily")  # the three minion cards (idle: no mouse on their tile), then a new round
    assert actor(game) == "collin" and game.state.round == 2
    assert [e.params["minion"] for e in of(game.events, "minion_card_turn")] == ["rat-warrior", "roach", "spider"]


@pytest.mark.rule("R-ROUND-07")
def test_r_round_07_a_card_leaves_with_its_last_figure() -> None:
    game = sandbox(
        heroes={"collin": {"space": "5:4"}},
        minions={"rat-warrior-1": {"space": "5:3"}, "roach-1": {"space": "97:1"}},
        track=["minion:rat-warrior", "mouse:collin", "minion:roach"],
        turn="mouse:collin",
        dice=[SWORD, SWORD, SWORD, SWORD, BOW, BOW],  # movement; 3 attack dice; the rat's 2 defense dice
    )
    events = game.apply("battle collin rat-warrior-1")
    assert one(events, "card_removed").params["card"] == "minion:rat-warrior"
    assert game.state.track == ["mouse:collin", "minion:roach"]
    assert game.state.track[game.state.turn_index] == "mouse:collin"  # the gap closed, the turn order kept


@pytest.mark.rule("R-ROUND-07")
def test_r_round_07_a_captured_mouse_keeps_its_card() -> None:
    game = sandbox(
        heroes={"collin": {"space": "97:8"}, "tilda": {"space": "97:1"}},
        track=["mouse:collin", "mouse:tilda"],
        dice=[SWORD, SWORD],
    )
    game.apply("end collin")  # drifts off the Test Pool: captured
    assert game.state.heroes["collin"].captured
    assert game.state.track == ["mouse:collin", "mouse:tilda"]
    assert not of(game.events, "card_removed")


@pytest.mark.rule("R-ROUND-08")
def test_r_round_08_a_boss_with_several_cards_brings_two_and_ambushes_with_the_first() -> None:
    game = sandbox(
        heroes={"filch": {"space": "5:4"}},
        minions={"rat-warrior-1": {"space": "97:1"}},
        track=["mouse:filch", "minion:rat-warrior"],
        encounter_deck_top=["test-warlord-arrives"],
        options={"auto_pick_choices": True},  # tied entry spaces: the lowest number (R-ENC-05)
        dice=[SWORD, BOW_STAR],  # Filch's movement; the ambush roll (1 up)
        dice_mode="seeded",
    )
    events = game.apply("explore filch exit-0")
    boss_cards = [c for c in game.state.track if c.startswith("boss:")]
    assert len(boss_cards) == 2 and set(boss_cards) < {f"boss:test-warlord:{i}" for i in (1, 2, 3)}
    ambush = one(events, "ambush_moves_up")
    assert (ambush.params["card"], ambush.params["spaces"]) == (boss_cards[0], 1)
    assert game.state.track == ["mouse:filch", boss_cards[0], "minion:rat-warrior", boss_cards[1]]
    events = game.apply("end filch")
    turns = [e.params["minion"] for e in of(events, "minion_card_turn")]
    assert turns == ["test-warlord", "rat-warrior", "test-warlord"]  # one turn per card on the track


@pytest.mark.rule("R-ROUND-09")
def test_r_round_09_mouse_and_minion_turns_interleave_in_track_order() -> None:
    game = sandbox(
        heroes={"collin": {"space": "5:15"}, "tilda": {"space": "5:17"}},
        minions={"roach-1": {"space": "5:1"}},
        track=["mouse:collin", "minion:roach", "mouse:tilda"],
        dice=[SWORD, BOW_STAR, SWORD],  # Collin's movement; the roach's 1; Tilda's movement
    )
    events = game.apply("end collin")
    assert msgs(events)[:4] == ["turn_ends", "minion_card_turn", "minion_moves", "movement_roll"]
    assert actor(game) == "tilda"


@pytest.mark.rule("R-ROUND-10")
def test_r_round_10_time_is_short_after_the_last_mouse_card() -> None:
    game = sandbox(
        heroes={"collin": {"space": "5:15"}, "tilda": {"space": "5:12"}},
        track=["mouse:collin", "mouse:tilda"],
        wheel=2,
        dice=[SWORD, SWORD, SWORD],
    )
    game.apply("end collin")
    assert game.state.wheel == 2  # not the last mouse card
    events = game.apply("end tilda")
    ev = one(events, "time_is_short")
    assert (ev.rule, ev.params["wheel"]) == ("R-ROUND-10", 3)
    assert game.state.wheel == 3


@pytest.mark.rule("R-ROUND-10")
def test_r_round_10_not_while_minions_are_on_the_board() -> None:
    game = sandbox(
        heroes={"collin": {"space": "5:15"}},
        minions={"roach-1": {"space": "97:1"}},
        track=["minion:roach", "mouse:collin"],
        turn="mouse:collin",
        wheel=2,
        dice=[SWORD, SWORD],
    )
    events = game.apply("end collin")
    assert not of(events, "time_is_short")
    assert game.state.wheel == 2


@pytest.mark.rule("R-ROUND-11")
def test_r_round_11_minion_turns_need_no_player_decision() -> None:
    # The engine runs the rat's whole turn (move and attack) between Collin's decisions.
    game = sandbox(
        heroes={"collin": {"space": "5:15"}},
        minions={"roach-1": {"space": "5:15"}},
        track=["mouse:collin", "minion:roach"],
        dice=[SWORD, BOW, BOW, SWORD],  # Collin; the roach stays on him and attacks (2 bows, no hit); Collin again
    )
    events = game.apply("end collin")
    assert "minion_attacks" in msgs(events)
    assert actor(game) == "collin" and game.state.round == 2


@pytest.mark.rule("R-ROUND-12")
def test_r_round_12_the_minion_defense_is_rolled_automatically() -> None:
    game = scenario(
        heroes={"collin": {"space": "5:4"}},
        minions={"rat-warrior-1": {"space": "5:3"}, "rat-warrior-2": {"space": "5:1"}},
        dice=[SWORD, SWORD, BOW, BOW, SHIELD, SHIELD],  # movement; 3 attack dice (1 hit); 2 blocks
    )
    events = game.apply("battle collin rat-warrior-1")
    ev = one(events, "minion_defends")
    assert (ev.params["faces"], ev.params["wounds"]) == ([SHIELD, SHIELD], 0)
    assert actor(game) == "collin"


@pytest.mark.rule("R-ROUND-13")
def test_r_round_13_born_to_lead_when_collin_is_not_first() -> None:
    # Chapter start: Collin gains 1 cheese when the deal does not put him in spot 1.
    firsts = set()
    for seed in range(12):
        game = new_game(seed)
        first = game.state.track[0] == "mouse:collin"
        firsts.add(first)
        assert game.state.heroes["collin"].cheese == (0 if first else 1), seed
        assert len(of(game.events, "born_to_lead")) == (0 if first else 1)
    assert firsts == {True, False}  # both cases were seen


@pytest.mark.rule("R-ROUND-13")
def test_r_round_13_born_to_lead_again_when_the_track_is_extended() -> None:
    game = sandbox(
        heroes={"filch": {"space": "5:4"}, "collin": {"space": "5:15", "cheese": 2}},
        minions={"rat-warrior-1": {"space": "97:1"}},
        track=["minion:rat-warrior", "mouse:filch", "mouse:collin"],
        turn="mouse:filch",
        encounter_deck_top=["elite-guard"],
        options={"auto_pick_choices": True},  # tied entry spaces: the lowest number (R-ENC-05)
        dice=[SWORD],
        dice_mode="seeded",
    )
    events = game.apply("explore filch exit-0")
    assert one(events, "born_to_lead").rule == "R-ROUND-13"
    assert game.state.heroes["collin"].cheese == 3


@pytest.mark.rule("R-ROUND-04")
def test_r_round_04_a_surge_after_the_rounds_last_card_begins_a_counted_round() -> None:
    """Issue 45: Time is Short fills the wheel after the last mouse's turn, the surge's minions reshuffle a track of
    mice: that track is the next round's, whose number is counted (it stayed on the old one for a whole round)."""
    game = scenario(
        chapter="flight-to-barksburg",
        tiles={"courtyard": 1},
        explored=[5],
        heroes={"collin": {"space": "5:1"}, "tilda": {"space": "5:1"}},
        track=["mouse:collin", "mouse:tilda"],
        turn="mouse:tilda",
        wheel=5,
        round=5,
        dice=[SWORD] * 20,
    )
    events = game.apply("end tilda")
    names = msgs(events)
    assert "time_is_short" in names and "surge" in names and "initiative_shuffled" in names
    assert one(events, "round_begins").params["round"] == 6
    assert names.index("round_begins") > names.index("initiative_shuffled")
    assert game.state.round == 6
