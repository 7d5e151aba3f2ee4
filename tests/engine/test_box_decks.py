"""Companion mode with the box's own decks (issue 25): options ``box_search_deck`` and ``box_encounter_deck``.

When the engine would draw from such a deck it asks instead: a decision whose options are the cards still in
the deck (docs/rulings.md, "Options"). The named card is drawn as if it had been on top.
"""

from __future__ import annotations

import json

import pytest
from flowkit import sandbox
from rulekit import CHEESE, SWORD, of, one, options, scenario

from mnm.engine.errors import IllegalAction
from mnm.engine.game import Game
from mnm.engine.rules.setup import card_of
from scenariokit import RAT, box_explorer, box_searcher


@pytest.mark.rule("R-SEARCH-01")
def test_r_search_01_box_deck_asks_which_card_came_up_among_those_left() -> None:
    g = box_searcher()
    deck = list(g.state.search_deck)
    ev = g.apply("search collin")
    assert of(ev, "card_found") == []  # nothing drawn by the program
    d = g.decision()
    assert d is not None and (d.kind, d.actor) == ("box_search_card", "collin")
    assert options(g) == {f"choose collin {c}" for c in {card_of(i) for i in deck}}
    assert g.state.search_deck == deck
    ev = g.apply("choose collin sling")  # not the top card: the box's deck is in the players' hands
    assert one(ev, "card_found").params == {"hero": "collin", "card": "sling", "face": SWORD}
    assert "sling" not in g.state.search_deck and len(g.state.search_deck) == len(deck) - 1
    d = g.decision()
    assert d is not None and (d.kind, d.actor) == ("found_card", "collin")


@pytest.mark.rule("R-SEARCH-01")
def test_r_search_01_box_deck_refuses_a_card_not_in_the_deck_and_changes_nothing() -> None:
    g2 = scenario(
        heroes={"collin": {"space": "5:15", "pack": ["sling"]}},
        minions=RAT,
        turn="mouse:collin",
        dice=[CHEESE, SWORD],
        options={"box_search_deck": True},
    )
    g2.apply("search collin")
    before = json.dumps(g2.to_json(), sort_keys=True)
    for bad, why in (
        ("choose collin sling", "one still in the search deck"),  # Collin holds the only Sling
        ("choose collin no-such-card", "one still in the search deck"),
        ("choose party paring-knife", "Prince Collin is deciding"),
    ):
        with pytest.raises(IllegalAction, match=why):
            g2.apply(bad)
        assert json.dumps(g2.to_json(), sort_keys=True) == before


@pytest.mark.rule("R-SEARCH-01")
def test_r_search_01_box_deck_decision_survives_a_save() -> None:
    g = box_searcher()
    g.apply("search collin")
    again = Game.from_json(json.loads(json.dumps(g.to_json())))
    assert again.decision() == g.decision()
    again.apply("choose collin sling")
    g.apply("choose collin sling")
    assert again.to_json() == g.to_json()


@pytest.mark.rule("R-ENC-02")
def test_r_enc_02_box_encounter_deck_asks_the_party_which_card_came_up() -> None:
    g = box_explorer()
    deck = sorted(g.state.encounter_deck)
    ev = g.apply("explore collin flip")
    assert of(ev, "encounter_drawn") == []
    d = g.decision()
    assert d is not None and (d.kind, d.actor) == ("box_encounter_card", "party")
    assert sorted(a.args[0] for a in d.options) == deck
    other = next(c for c in deck if c != "rat-patrol")
    ev = g.apply(f"choose party {other}")
    assert one(ev, "encounter_drawn").params["card"] == other
    assert other not in g.state.encounter_deck and "rat-patrol" in g.state.encounter_deck
    assert g.state.encounter_up == other


@pytest.mark.rule("R-ENC-02")
def test_r_enc_02_box_encounter_deck_refuses_a_card_already_drawn() -> None:
    g = box_explorer(encounter_up="quiet-corridor")
    g.apply("explore collin flip")
    before = json.dumps(g.to_json(), sort_keys=True)
    with pytest.raises(IllegalAction, match="still in the encounter deck"):
        g.apply("choose party quiet-corridor")
    assert json.dumps(g.to_json(), sort_keys=True) == before


def test_without_the_options_the_program_draws_as_before() -> None:
    g = scenario(
        heroes={"collin": {"space": "5:15"}},
        minions=RAT,
        turn="mouse:collin",
        search_deck_top=["paring-knife"],
        dice=[CHEESE, SWORD],
    )
    assert one(g.apply("search collin"), "card_found").params["card"] == "paring-knife"


def test_a_save_waiting_for_a_box_card_with_an_empty_deck_is_refused() -> None:
    from mnm.engine.errors import SaveError

    g = box_searcher()
    g.apply("search collin")
    bad = g.to_json()
    bad["state"]["search_deck"] = []
    with pytest.raises(SaveError, match=r"^state[.]search_deck: must hold"):
        Game.from_json(bad)
    bad = g.to_json()
    bad["state"]["pending"]["data"]["face"] = 9
    with pytest.raises(SaveError, match="face"):
        Game.from_json(bad)


# --- the initiative track from the box's own cards (option box_initiative) ----------------------------------


def _opening_box_initiative() -> Game:
    g = Game.new("proving-grounds", ["collin", "tilda", "filch", "maginos"], seed=3, options={"box_initiative": True})
    while (d := g.decision()) is not None and d.kind == "choose_ability":
        g.apply(d.options[0])
    return g


@pytest.mark.rule("R-ROUND-04")
def test_r_round_04_box_initiative_lays_the_track_in_the_order_typed() -> None:
    g = _opening_box_initiative()
    d = g.decision()
    assert d is not None and (d.kind, d.actor) == ("box_initiative", "party")
    cards = ["minion:rat-warrior", "mouse:collin", "mouse:filch", "mouse:maginos", "mouse:tilda"]
    assert options(g) == {f"choose party {c}" for c in cards}
    assert g.state.track == []  # nothing laid yet
    typed = ["mouse:tilda", "minion:rat-warrior", "mouse:filch", "mouse:maginos"]
    for n, card in enumerate(typed):
        if n == 2:  # a card already laid is refused and nothing changes
            before = json.dumps(g.to_json(), sort_keys=True)
            with pytest.raises(IllegalAction, match="one not placed yet"):
                g.apply("choose party mouse:tilda")
            assert json.dumps(g.to_json(), sort_keys=True) == before
            again = Game.from_json(json.loads(before))  # a save mid-way keeps the order so far
            assert again.decision() == g.decision()
        events = g.apply(f"choose party {card}")
    # the last card goes last by itself; Collin's Born to Lead (R-ROUND-13) then acts on the track as laid
    laid = one(events, "initiative_shuffled").params["track"]
    assert laid == [*typed, "mouse:collin"]
    d = g.decision()
    assert d is not None and d.kind != "box_initiative"


@pytest.mark.rule("R-ROUND-04")
def test_r_round_04_box_initiative_mid_round_keeps_the_cards_that_acted_on_top() -> None:
    g = scenario(
        chapter="flight-to-barksburg",
        turn="mouse:collin",
        heroes={"collin": {"space": "5:8"}, "filch": {"space": "5:8"}, "nez": {"space": "5:8"}},
        track=["mouse:filch", "mouse:collin", "mouse:nez"],
        encounter_deck_top=["rat-patrol"],
        dice=[CHEESE],
        options={"box_initiative": True},
    )
    g.apply("explore collin flip")
    d = g.decision()
    assert d is not None and d.kind == "box_initiative"
    assert sorted(a.args[0] for a in d.options) == ["minion:rat-warrior", "mouse:nez"]  # Filch and Collin acted
    events = g.apply("choose party mouse:nez")
    assert one(events, "initiative_shuffled").params["track"] == [
        "mouse:filch",
        "mouse:collin",
        "mouse:nez",
        "minion:rat-warrior",
    ]
    assert g.state.encounter_up == "rat-patrol"


@pytest.mark.rule("R-ROUND-05")
def test_r_round_05_box_initiative_asks_nothing_for_one_new_card() -> None:
    g = sandbox(  # as test_round's R-ROUND-05 test: Elite Rat Warriors join a track that holds a minion card
        heroes={"filch": {"space": "5:4"}},
        minions={"rat-warrior-1": {"space": "97:1"}},
        track=["minion:rat-warrior", "mouse:filch"],
        turn="mouse:filch",
        encounter_deck_top=["elite-guard"],
        options={"auto_pick_choices": True, "box_initiative": True},
        dice=[SWORD],
        dice_mode="seeded",
    )
    events = g.apply("explore filch exit-0")
    assert one(events, "initiative_extended").params["cards"] == ["minion:elite-rat-warrior"]
    assert g.decision() is not None and g.decision().kind != "box_initiative"  # type: ignore[union-attr]
