"""Encounters and minion placement (RULES.md §14, R-ENC-01..13).

Placement is checked on the Guard Room (entry spaces 1, 3, 10) with Collin in 16, which puts the entries at
minion distances 10: 2, 3: 3, 1: 4 from him; encounters are drawn by exploring Chapter 1's sewer grate
(5:8 -> the Sewer, side 6, entry spaces 1, 3, 15).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest
from rulekit import BOW, CHEESE, SHIELD, SWORD, illegal, of, one, options, row_count, scenario

from mnm.content.loader import builtin_content
from mnm.engine.actions import Action
from mnm.engine.context import DECISIONS, STEPS
from mnm.engine.events import Event
from mnm.engine.game import Game
from mnm.engine.rules.encounters import figures_available, place_minions
from mnm.engine.rules.setup import card_of
from mnm.engine.state import State


def place(g: Game, side: int, counts: list[tuple[str, int]], choices: Sequence[str] = ()) -> tuple[State, list[Event]]:
    """Run R-ENC-05 placement on a copy of the position, answering tied entry spaces with ``choices`` in turn
    (the lowest number once they run out): the position after it, and its events."""
    st = g.state.copy()
    st.stack, st.pending = [], None
    ctx = g.ctx.fresh()
    place_minions(ctx, st, side, counts, ["new_minion_cards"])
    answers = list(choices)
    while st.stack or st.pending is not None:
        if st.pending is not None:
            assert st.pending.kind == "minion_space"
            pending, st.pending = st.pending, None
            space = answers.pop(0) if answers else str(pending.data["spaces"][0])
            DECISIONS["minion_space"].apply(ctx, st, pending, Action("choose", "party", (space,)))
            continue
        item = st.stack.pop()
        STEPS[item[0]](ctx, st, item[1:])
    assert answers == []
    return st, ctx.events


def placed(g: Game, side: int, counts: list[tuple[str, int]]) -> list[tuple[str, str]]:
    """(figure, space) in placement order, ties broken by the lowest number."""
    _, events = place(g, side, counts)
    return [(str(e.params["minion"]), str(e.params["space"])) for e in events if e.msg == "minion_placed"]


def guard_room(**fields: Any) -> Game:
    fields.setdefault("heroes", {"collin": {"space": "5:16"}})
    return scenario(turn="mouse:collin", dice=[CHEESE], **fields)


def explore_sewer(card: str, **fields: Any) -> tuple[Game, list[Any]]:
    """Collin (with Filch and Nez by him) opens the sewer grate and draws ``card``."""
    fields.setdefault("heroes", {"collin": {"space": "5:8"}, "filch": {"space": "5:8"}, "nez": {"space": "5:8"}})
    dice = fields.pop("dice", [CHEESE])
    g = scenario(chapter="flight-to-barksburg", turn="mouse:collin", encounter_deck_top=[card], dice=dice, **fields)
    return g, g.apply("explore collin flip")


@pytest.mark.rule("R-ENC-01")
@pytest.mark.rule("R-ENC-13")
def test_r_enc_01_chapter_1_deck_holds_standard_cards_only() -> None:
    g = Game.new("flight-to-barksburg", ["collin", "tilda", "filch", "maginos"], seed=11)
    kinds = {g.ctx.content.encounter_cards[c].kind for c in g.state.encounter_deck}
    assert kinds == {"standard"}
    standard = [c for c, card in g.ctx.content.encounter_cards.items() if card.kind == "standard"]
    assert sorted(g.state.encounter_deck) == sorted(standard)
    assert any(card.kind == "difficult" for card in g.ctx.content.encounter_cards.values())
    assert g.state.encounter_up is None  # the starting rats come from setup, not from a card (R-ENC-13)


@pytest.mark.rule("R-ENC-13")
def test_r_enc_13_chapter_1_draws_from_the_encounter_deck_on_exploring() -> None:
    g, ev = explore_sewer("rat-patrol")
    assert one(ev, "encounter_drawn").params["card"] == "rat-patrol"
    assert g.state.encounter_up == "rat-patrol"
    assert "rat-patrol" not in g.state.encounter_deck


@pytest.mark.rule("R-ENC-03")
def test_r_enc_03_the_row_for_the_hourglass_page_is_used() -> None:
    card = builtin_content().encounter_cards["rat-patrol"]
    expected = {}
    for page in (1, 3, 5, 9):
        rows = [r for r in card.rows if r.pages[0] <= page <= r.pages[1]]
        assert len(rows) == 1, page  # every page has exactly one row
        expected[page] = sum(mc.count for mc in rows[0].minions)
    assert len(set(expected.values())) > 1  # the card does change with the page
    for page, rats in expected.items():
        _g, ev = explore_sewer("rat-patrol", hourglass=page, end_page=10)
        assert one(ev, "encounter_drawn").params["page"] == page
        assert len(of(ev, "minion_placed")) == rats, page


@pytest.mark.rule("R-ENC-04")
def test_r_enc_04_place_then_initiative_then_face_up_discarding_the_old_card() -> None:
    g, ev = explore_sewer("rat-patrol", encounter_up="quiet-corridor")
    msgs = [e.msg for e in ev]
    last_placed = max(i for i, m in enumerate(msgs) if m == "minion_placed")
    assert last_placed < msgs.index("initiative_shuffled") < msgs.index("encounter_face_up")
    assert g.state.encounter_up == "rat-patrol"
    assert g.state.encounter_discard == ["quiet-corridor"]
    assert sorted(g.state.track) == ["minion:rat-warrior", "mouse:collin", "mouse:filch", "mouse:nez"]


@pytest.mark.rule("R-ENC-05")
def test_r_enc_05_small_melee_minions_spread_nearest_first() -> None:
    g = guard_room(minions={"rat-warrior-9": {"space": "5:15"}})
    assert placed(g, 5, [("rat-warrior", 3)]) == [
        ("rat-warrior-10", "5:10"),  # nearest (2 steps)
        ("rat-warrior-11", "5:3"),  # then the next empty one (3 steps)
        ("rat-warrior-12", "5:1"),
    ]


@pytest.mark.rule("R-ENC-05")
def test_r_enc_05_ranged_farthest_large_nearest_empty_then_melee() -> None:
    g = guard_room(minions={"rat-warrior-9": {"space": "5:15"}})
    got = placed(g, 5, [("rat-warrior", 1), ("spider", 1), ("elite-rat-warrior", 2)])
    assert got == [
        ("elite-rat-warrior-1", "5:1"),  # 1. ranged: the farthest entry (4 steps), not full, so again
        ("elite-rat-warrior-2", "5:1"),
        ("spider-1", "5:10"),  # 2. large: the empty entry nearest the mice
        ("rat-warrior-10", "5:3"),  # 3. melee: the remaining entry that is not full
    ]
    _, events = place(g, 5, [("elite-rat-warrior", 1)])
    assert one(events, "minion_placed").params["why"] == "ranged: farthest entry from the mice"


@pytest.mark.rule("R-ENC-05")
@pytest.mark.rule("R-SPACE-04")
def test_r_enc_05_ranged_minions_go_to_a_red_bordered_entry_area_first() -> None:
    # the Kitchen's counter (3:1) is a red-bordered special area with an entry symbol
    g = scenario(
        chapter="flight-to-barksburg",
        heroes={"collin": {"space": "3:15"}},
        tiles={"2": 3},
        turn="mouse:collin",
        dice=[CHEESE],
    )
    assert g.ctx.board.spaces["3:1"].red_border
    got = placed(g, 3, [("elite-rat-warrior", 2)])
    assert got == [("elite-rat-warrior-1", "3:1"), ("elite-rat-warrior-2", "3:1")]


@pytest.mark.rule("R-ENC-05")
def test_r_enc_05_large_minion_skips_an_entry_that_is_not_empty() -> None:
    # a rat already stands on 10, the nearest entry: the centipede takes the nearest empty one, 3
    g = guard_room(minions={"rat-warrior-1": {"space": "5:10"}})
    assert placed(g, 5, [("cave-centipede", 1)]) == [("cave-centipede-1", "5:3")]


@pytest.mark.rule("R-ENC-06")
@pytest.mark.rule("R-SETUP-06")
def test_r_enc_06_chapter_1_starting_rats_are_placed_normally() -> None:
    g = Game.new("flight-to-barksburg", ["collin", "tilda", "filch", "maginos"], seed=5)
    while g.decision() is not None and g.decision().kind != "turn":  # type: ignore[union-attr]
        g.apply(g.decision().options[0])  # type: ignore[union-attr]
    # from the cell (15) the three entries are all 4 steps away: one rat on each
    assert sorted(m.space for m in g.state.minions.values()) == ["5:1", "5:10", "5:3"]
    assert {e.params["reason"] for e in of(g.events, "minion_placed")} == {"setup"}
    assert all(e.rule == "R-ENC-05" for e in of(g.events, "minion_placed"))


@pytest.mark.rule("R-ENC-07")
def test_r_enc_07_elite_rats_stand_on_rat_figures() -> None:
    # 6 rat figures in the box; 4 are Rat Warriors on the board, so only 2 Elite Rats can come
    rats = {f"rat-warrior-{i}": {"space": "5:2"} for i in range(1, 5)}
    g = guard_room(minions=rats)
    assert figures_available(g.ctx, g.state, "elite-rat-warrior") == 2
    assert figures_available(g.ctx, g.state, "captain-vurst") == 1
    assert len(placed(g, 5, [("elite-rat-warrior", 3)])) == 2


@pytest.mark.rule("R-ENC-08")
@pytest.mark.rule("R-TRAP-01")
def test_r_enc_08_mousetraps_keyword_sets_the_tile_traps() -> None:
    g, ev = explore_sewer("centipede-ambush", dice=[CHEESE, SWORD])
    trap_spaces = sorted(sp.id for sp in g.ctx.board.graph(6).spaces if sp.trap)
    assert sorted(e.params["space"] for e in of(ev, "mousetrap_set")) == trap_spaces
    assert sorted(g.state.traps) == trap_spaces
    g, ev = explore_sewer("rat-patrol")
    assert of(ev, "mousetrap_set") == [] and g.state.traps == []


@pytest.mark.rule("R-ENC-09")
def test_r_enc_09_ambush_rolls_for_every_minion_card_on_the_track() -> None:
    """"Roll an action die for each minion initiative card on the initiative track, one at a time": the roach card
    already there rolls too, not only the new rat card (issue 11). One at a time from the top of the track
    (docs/rulings.md R-ENC-09): the roach's card (spot 4) up 1, then the rats' card (spot 5) up 3."""
    g, ev = explore_sewer(
        "centipede-ambush",
        minions={"roach-1": {"space": "4:1"}},
        track=["mouse:collin", "mouse:filch", "mouse:nez", "minion:roach"],
        dice=[CHEESE, CHEESE, SHIELD],
    )
    assert one(ev, "initiative_extended").params["cards"] == ["minion:rat-warrior"]
    assert [e.params for e in of(ev, "ambush_moves_up")] == [
        {"card": "minion:roach", "spaces": 1, "spot": 3},
        {"card": "minion:rat-warrior", "spaces": 3, "spot": 2},
    ]
    assert g.state.track == ["mouse:collin", "minion:rat-warrior", "mouse:filch", "minion:roach", "mouse:nez"]
    # the ambush changes nothing on the card: its surge still brings the centipede
    surge = g.ctx.content.encounter_cards["centipede-ambush"].surge
    assert [(mc.minion, mc.count) for mc in surge] == [("cave-centipede", 1)]


@pytest.mark.rule("R-ENC-10")
def test_r_enc_10_greedy_roaches_make_every_roach_greedy() -> None:
    g, _ev = explore_sewer("greedy-swarm", minions={"roach-1": {"space": "4:1"}})
    roaches = [m for m in g.state.minions.values() if m.type == "roach"]
    assert len(roaches) == 3  # the old one and 2 new ones
    assert all(m.greedy for m in roaches)
    assert g.state.track.count("minion:roach") == 1  # greedy roaches share the roach card


@pytest.mark.rule("R-ENC-11")
@pytest.mark.rule("R-PARTY-02")
@pytest.mark.rule("R-SEARCH-15")
def test_r_enc_11_disguises_cancel_the_rat_warriors_of_an_encounter() -> None:
    g, ev = explore_sewer("rat-patrol", stash=["disguises"], party_cards=["disguises"])
    d = g.decision()
    assert d is not None and d.kind == "disguises"
    assert options(g) == {"choose party disguises", "choose party no"}
    ev = g.apply("choose party disguises")
    assert of(ev, "minion_placed") == []
    assert "disguises" not in g.state.stash and g.state.party_cards == []
    assert "disguises" in [card_of(c) for c in g.state.search_deck]  # the card goes back into the deck
    assert g.state.encounter_up == "rat-patrol"
    # declining keeps the token and the rats come
    g, ev = explore_sewer("rat-patrol", stash=["disguises"], party_cards=["disguises"])
    ev = g.apply("choose party no")
    assert len(of(ev, "minion_placed")) == row_count("rat-patrol", "rat-warrior")
    assert g.state.stash == ["disguises"]


@pytest.mark.rule("R-ENC-12")
def test_r_enc_12_an_encounter_places_what_figures_remain() -> None:
    rats = {f"rat-warrior-{i}": {"space": "4:2"} for i in range(1, 5)} | {"rat-warrior-5": {"space": "4:1"}}
    _g, ev = explore_sewer("rat-patrol", minions=rats)
    wanted = row_count("rat-patrol", "rat-warrior")
    assert wanted >= 2 and one(ev, "not_enough_figures").params == {"minion": "rat-warrior", "wanted": wanted, "placed": 1}
    assert len(of(ev, "minion_placed")) == 1


@pytest.mark.rule("R-ENC-02")
def test_r_enc_02_each_new_area_draws_the_top_card() -> None:
    g, ev = explore_sewer("scuttling-roaches", encounter_up=None)
    assert one(ev, "encounter_drawn").params == {"card": "scuttling-roaches", "page": 1}
    assert g.state.encounter_deck[-1] != "scuttling-roaches"


# --- R-ENC-05: "Players choose which space to use if multiple options are available" (issue 11, defect 9) -------
# Collin in the Guard Room's cell (5:15): the three entry spaces 1, 3 and 10 are equally far from him.


def cell() -> Game:
    return guard_room(heroes={"collin": {"space": "5:15"}})


@pytest.mark.rule("R-ENC-05")
def test_r_enc_05_players_choose_between_tied_entry_spaces_for_each_melee_minion() -> None:
    st, events = place(cell(), 5, [("rat-warrior", 2), ("roach", 1)], choices=["5:3", "5:10"])
    assert [e.params["spaces"] for e in of(events, "placement_tied")] == [["5:1", "5:3", "5:10"], ["5:1", "5:10"]]
    assert all(e.rule == "R-ENC-05" for e in of(events, "placement_tied"))
    # the roach has one space left with no minion: spreading out leaves nothing to choose
    assert [(e.params["minion"], e.params["space"]) for e in of(events, "minion_placed")] == [
        ("rat-warrior-1", "5:3"),
        ("rat-warrior-2", "5:10"),
        ("roach-1", "5:1"),
    ]
    assert {"minion:rat-warrior", "minion:roach"} <= set(st.track)  # step 4: the cards join once all are placed


@pytest.mark.rule("R-ENC-05")
def test_r_enc_05_nothing_to_choose_when_as_many_like_figures_as_tied_spaces_take_one_each() -> None:
    _, events = place(cell(), 5, [("rat-warrior", 3)])
    assert of(events, "placement_tied") == []
    assert [e.params["space"] for e in of(events, "minion_placed")] == ["5:1", "5:3", "5:10"]


@pytest.mark.rule("R-ENC-05")
def test_r_enc_05_the_space_chosen_for_ranged_minions_takes_them_all() -> None:
    _, events = place(cell(), 5, [("elite-rat-warrior", 2), ("spider", 1)], choices=["5:10", "5:3"])
    assert [e.params["spaces"] for e in of(events, "placement_tied")] == [["5:1", "5:3", "5:10"], ["5:1", "5:3"]]
    assert [(e.params["minion"], e.params["space"]) for e in of(events, "minion_placed")] == [
        ("elite-rat-warrior-1", "5:10"),  # 1. ranged: chosen once, the next one follows it
        ("elite-rat-warrior-2", "5:10"),
        ("spider-1", "5:3"),  # 2. large: an empty entry, chosen by the players
    ]


@pytest.mark.rule("R-ENC-05")
def test_r_enc_05_a_tie_in_play_is_a_party_decision_and_auto_pick_takes_the_lowest_number() -> None:
    fields: dict[str, Any] = {
        "heroes": {"collin": {"space": "5:15"}},
        "minions": {"rat-warrior-1": {"space": "5:15"}},
        "track": ["minion:rat-warrior", "mouse:collin"],
        "wheel": 5,
        "dice": [SWORD, CHEESE, SHIELD, BOW, CHEESE],  # the rat's attack (CHEESE: the surge), the defense
        "encounter_up": "quiet-corridor",  # its surge line: 2 rat warriors, for 3 tied entry spaces
    }
    g = scenario(**fields)
    d = g.decision()
    assert d is not None and (d.kind, d.actor) == ("minion_space", "party")
    assert [str(a) for a in d.options] == ["choose party 5:1", "choose party 5:3", "choose party 5:10"]
    assert "choose one of 5:1, 5:3, 5:10" in illegal(g, "choose party 5:12")
    g.apply("choose party 5:10")
    g.apply("choose party 5:3")
    d = g.decision()
    assert d is not None and d.kind == "turn"
    spaces = {m.id: m.space for m in g.state.minions.values()}
    assert spaces == {"rat-warrior-1": "5:15", "rat-warrior-2": "5:10", "rat-warrior-3": "5:3"}
    auto = scenario(**fields, options={"auto_pick_choices": True})
    assert auto.decision() is not None and auto.decision().kind == "turn"  # type: ignore[union-attr]
    assert of(auto.events, "placement_tied") == []
    assert [m.space for m in auto.state.minions.values()] == ["5:15", "5:1", "5:3"]
