"""Rules fidelity, round 5 (issue 47): where the chapter words meet the base rules. Each test names its rule and
asserts the exact outcome with scripted dice.

Proving Grounds positions (side 5, the Guard Room; its other side is 6, the Sewer, whose flip location is 6:4)
are built by langkit's ``game``; Chapter 1 and Chapter 5 positions by ``load_scenario`` on the shipped chapters.
"""

from __future__ import annotations

from typing import Any

import pytest
from langkit import game

from mnm.board.layout import space_side
from mnm.engine.events import Event
from mnm.engine.game import Game
from mnm.engine.query import card_of
from mnm.engine.scenario import load_scenario

CHEESE = 1  # a 1 for movement; no hit, no block
SWORD = 2  # 2 SWORD + STAR: a melee hit, no block
SHIELD = 3  # 3 SWORD/SHIELD: a block when defending; a 3 for movement
BOW = 4  # 2 BOW: no melee hit, no block


def of(events: list[Event], msg: str) -> list[Event]:
    return [e for e in events if e.msg == msg]


def all_events(g: Game) -> list[Event]:
    return [*g.events, *(e for e in g.ctx.events if e not in g.events)]


# --- 1. one function turns a tile over (R-EXPLORE-06, R-EXPLORE-12, R-PARTY-05/09/12, R-TRAP-06) ------------------

LEFT_ON_THE_GUARD_ROOM: dict[str, Any] = {
    "heroes": {"collin": {"space": "5:8"}, "filch": {"space": "5:13"}},  # 5:8: the Guard Room's flip space
    "tokens": {"fork": ["5:15"], "grape": ["5:2"]},
    "party_cards": ["dinner-fork", "grape"],
    "traps": ["5:9", "5:14"],
    "encounter_deck_top": ["quiet-corridor"],
}


def _flipped_by(caller: str) -> Game:
    if caller == "explore":
        g = game("{}", turn="mouse:collin", dice=[CHEESE] + [BOW] * 40, **LEFT_ON_THE_GUARD_ROOM)
        g.apply("explore collin flip")
        return g
    g = game(
        "rules: [{id: f, when: chapter_begins, do: [{flip_tile: {side: 6}}]}]", dice=[BOW] * 40, **LEFT_ON_THE_GUARD_ROOM
    )
    g.ctx.rules.on_setup(g.ctx, g.state)
    return g


@pytest.mark.rule("R-EXPLORE-06")
@pytest.mark.rule("R-EXPLORE-12")
@pytest.mark.rule("R-PARTY-09")
@pytest.mark.parametrize("caller", ["explore", "flip_tile"])
def test_r_explore_06_a_tile_turned_over_keeps_nothing_on_its_hidden_side(caller: str) -> None:
    g = _flipped_by(caller)
    st = g.state
    events = all_events(g)
    assert st.face_up[g.ctx.board.tile_of_side(6)] == 6
    # the mice land on the revealed side's flip location, the first mouse there and the other with it
    assert (st.heroes["collin"].space, st.heroes["filch"].space) == ("6:4", "6:4")
    # R-PARTY-09 / R-EXPLORE-12: the fork is lost and its card shuffled back; the grape too; the traps go
    assert st.tokens == {} and st.party_cards == [] and st.traps == []
    assert {card_of(c) for c in st.search_deck} >= {"dinner-fork", "grape"}
    assert sorted(e.params["token"] for e in of(events, "token_lost")) == ["fork", "grape"]
    assert sorted(e.params["token"] for e in of(events, "party_card_reshuffled")) == ["fork", "grape"]
    assert sorted(e.params["space"] for e in of(events, "trap_turned_away")) == ["5:14", "5:9"]
    # R-EXPLORE-09 / R-ENC-02: the mice are on a side not explored yet: its encounter is drawn, for both
    assert 6 in st.explored
    assert of(events, "encounter_drawn") or ["encounter", 6] in st.stack


# --- 7. where the mice land when a chapter turns a tile over (R-EXPLORE-06; The Old Mill) -----------------------


def old_mill(**fields: Any) -> Game:
    data: dict[str, Any] = {
        "chapter": "the-old-mill",
        "tiles": {"10": 10},
        "explored": [8, 10],
        "heroes": {"collin": {"space": "10:13"}, "tilda": {"space": "10:12"}},
        "minions": {},
        "turn": "mouse:collin",
        **fields,
    }
    return load_scenario(data)


@pytest.mark.rule("R-EXPLORE-06")
@pytest.mark.rule("R-ENC-02")
def test_r_explore_06_the_crystal_wheel_lands_the_mice_on_the_alchemists_flip_location() -> None:
    g = old_mill(dice=[CHEESE, SWORD] + [BOW] * 40, encounter_deck_top=["quiet-corridor"])
    g.apply("act collin turn-wheel")  # a STAR: the floor turns over
    st = g.state
    assert st.face_up[g.ctx.board.tile_of_side(9)] == 9
    assert st.heroes["collin"].space == "9:22" and st.heroes["tilda"].space == "9:22"  # not 9:1, the north door
    assert 9 in st.explored and of(g.events, "encounter_drawn")  # the Alchemist's encounter (R-ENC-02)
    assert st.heroes["collin"].space is not None and space_side(st.heroes["collin"].space) == 9


@pytest.mark.rule("R-EXPLORE-01")
def test_r_explore_01_the_crystal_wheel_does_not_turn_under_minions() -> None:
    g = old_mill(dice=[CHEESE], minions={"rat-warrior-1": {"space": "10:3"}})
    assert "act collin turn-wheel" not in {str(a) for a in g.legal_actions()}
    g.state.minions.clear()
    assert "act collin turn-wheel" in {str(a) for a in g.legal_actions()}


@pytest.mark.rule("R-STORY-05")
def test_r_story_05_only_the_mouse_holding_the_millers_key_opens_the_sluice() -> None:
    g = old_mill(
        tiles={"10": 9}, explored=[8, 9], heroes={"collin": {"space": "9:22"}, "tilda": {"space": "9:21"}},
        chapter_data={"@items": {"millers-key": "tilda"}}, dice=[CHEESE],
    )
    assert "act collin open-sluice" not in {str(a) for a in g.legal_actions()}
    g.state.chapter_data["@items"] = {"millers-key": "collin"}
    assert "act collin open-sluice" in {str(a) for a in g.legal_actions()}


# --- 2. the tree entrance and the Fishhook & Thread (R-STORY-05, R-PARTY-04) -------------------------------------


def courtyard(space: str, hook: list[str]) -> Game:
    tokens = {"fishhook": hook} if hook else {}
    return load_scenario(
        {"chapter": "flight-to-barksburg", "heroes": {"collin": {"space": space}}, "minions": {},
         "tokens": tokens, "party_cards": ["fishhook-and-thread"], "turn": "mouse:collin", "dice": [CHEESE]}
    )


def moves_of(g: Game) -> set[str]:
    return {str(a) for a in g.legal_actions() if a.verb == "move"}


@pytest.mark.rule("R-STORY-05")
@pytest.mark.rule("R-PARTY-04")
def test_r_story_05_the_thread_does_not_lead_into_or_out_of_the_tree() -> None:
    assert "move collin 1:16" not in moves_of(courtyard("1:3", ["1:3", "1:16"]))  # onto it only from 1:15
    # off it only by 1:15, thread or no thread: the same moves as with no thread at all
    assert moves_of(courtyard("1:16", ["1:3", "1:16"])) == moves_of(courtyard("1:16", []))
    assert "move collin 1:3" not in moves_of(courtyard("1:16", ["1:3", "1:16"]))
    # the thread still joins two other spaces as the card says (R-PARTY-04)
    g = courtyard("1:3", [])
    graph = g.ctx.board.graph(1)
    row = graph.mouse_dist[graph.by_id["1:3"].index]
    far = next(sp.id for sp in graph.spaces if row[sp.index] > 3 and not sp.minions_barred)  # out of reach
    assert f"move collin {far}" not in moves_of(g)
    assert f"move collin {far}" in moves_of(courtyard("1:3", ["1:3", far]))


# --- 4. a chapter's blockable wound uses the whole defense (R-BATTLE-15, R-BATTLE-11) ---------------------------


@pytest.mark.rule("R-BATTLE-15")
@pytest.mark.rule("R-BATTLE-11")
def test_r_battle_15_a_blockable_chapter_wound_is_defended_with_armor() -> None:
    # Collin: defense 1 and his Leather Breastplate (+1): two defense dice, and CHEESE rolled is his (R-BATTLE-02)
    g = game(
        "actions: [{id: sting, text: {en: Touch the nettle, pt: Tocar a urtiga},"
        " do: [wound: {who: mouse, amount: 2, blockable: true}]}]",
        heroes={"collin": {"space": "5:15", "equipped": ["collins-sword", "leather-breastplate"]}},
        turn="mouse:collin", dice=[CHEESE, SHIELD, CHEESE, BOW],
    )
    g.apply("act collin sting")
    collin = g.state.heroes["collin"]
    assert of(g.events, "mouse_defends")[-1].params["faces"] == [SHIELD, CHEESE]  # two dice, not one
    assert collin.wounds == 1 and collin.cheese == 1
    assert g.state.dice_queue == [BOW]  # exactly the two defense dice were rolled


# --- 5. no large figure is knocked down, by a chapter either (R-NEG-04) -----------------------------------------


@pytest.mark.rule("R-NEG-04")
@pytest.mark.parametrize(("minion", "down"), [("spider", False), ("rat-warrior", True)])
def test_r_neg_04_a_chapter_knocks_down_small_figures_only(minion: str, down: bool) -> None:
    g = game(
        "rules: [{id: k, when: minion_rolled_cheese, do: [knock_down: {who: figure}]}]",
        minions={f"{minion}-1": {"space": "5:7"}},
    )
    m = g.state.minions[f"{minion}-1"]
    g.ctx.rules.on_minion_cheese(g.ctx, g.state, m, 1)
    assert ("knocked_down" in m.statuses) is down


# --- 6. one placement for every rule that puts a mouse on the board (R-CAPT-03, R-GEN-12, R-SPACE-01) ----------


FULL_5_12 = {f"rat-warrior-{i}": {"space": "5:12"} for i in range(1, 5)}  # four small figures: full (R-SPACE-02)


def _placed_by(caller: str) -> tuple[Game, str]:
    """A mouse placed by ``caller`` where the space it names is full, or its side face down: (game, mouse)."""
    heroes: dict[str, Any] = {"collin": {"space": "5:15"}, "filch": {"space": "5:13"}}
    if caller == "free-named":  # free onto a full space: the nearest legal space of that side
        heroes["filch"] = {"captured": True}
        g = game("rules: [{id: f, when: round_begins, do: [free: {space: '5:12'}]}]", heroes=heroes, minions=FULL_5_12)
        g.ctx.rules.on_round_begins(g.ctx, g.state)
    elif caller == "free-face-down":  # free onto a space of a face-down side: on or next to another mouse
        heroes["filch"] = {"captured": True}
        g = game("rules: [{id: f, when: round_begins, do: [free: {space: '6:2'}]}]", heroes=heroes, minions=FULL_5_12)
        g.ctx.rules.on_round_begins(g.ctx, g.state)
    elif caller == "move_mouse":  # onto a full space: the nearest legal one
        g = game(
            "rules: [{id: m, when: round_begins, do: [move_mouse: {select: {hero: filch}, space: '5:12'}]}]",
            heroes=heroes, minions=FULL_5_12,
        )
        g.ctx.rules.on_round_begins(g.ctx, g.state)
    elif caller == "move_mouse-face-down":  # onto a face-down side: it stays where it is
        g = game(
            "rules: [{id: m, when: round_begins, do: [move_mouse: {select: {hero: filch}, space: '6:2'}]}]",
            heroes=heroes, minions=FULL_5_12,
        )
        g.ctx.rules.on_round_begins(g.ctx, g.state)
    elif caller == "rescue":  # the rescue decision offers only legal spaces, and places the mouse there
        heroes["filch"] = {"captured": True}
        heroes["collin"] = {"space": "5:12"}
        g = game("{}", heroes=heroes, minions={}, track=["mouse:filch", "mouse:collin"], turn="mouse:filch")
        d = g.decision()
        assert d is not None and d.kind == "rescue"
        g.apply(str(d.options[-1]))
    else:  # flip_tile / explore: the revealed side's flip location, spilling onto its neighbours when full
        heroes = {h: {"space": "5:8"} for h in ("collin", "filch", "tilda", "nez")}
        heroes["nez"] = {"space": "5:9"}
        if caller == "flip_tile":
            g = game("rules: [{id: f, when: chapter_begins, do: [{flip_tile: {side: 6}}]}]", heroes=heroes,
                     dice=[BOW] * 40, encounter_deck_top=["quiet-corridor"])
            g.ctx.rules.on_setup(g.ctx, g.state)
        else:
            g = game("{}", heroes=heroes, turn="mouse:collin", dice=[CHEESE] + [BOW] * 40,
                     encounter_deck_top=["quiet-corridor"])
            g.apply("explore collin flip")
    return g, "filch"


CALLERS = {
    # caller: where filch ends
    "free-named": "5:8",  # 5:12 is full: its first neighbour by number (5:8, 5:13, 5:15 touch it)
    "free-face-down": "5:15",  # side 6 is face down: on another mouse's space (Collin's, the first in party order)
    "move_mouse": "5:8",
    "move_mouse-face-down": "5:13",  # nowhere to go on the table: it stays
    "rescue": "5:15",  # the last space offered: Collin's 5:12 or next to it (5:8, 5:13, 5:15)
    "flip_tile": "6:4",
    "explore": "6:4",
}


@pytest.mark.rule("R-CAPT-03")
@pytest.mark.rule("R-GEN-12")
@pytest.mark.rule("R-SPACE-01")
@pytest.mark.parametrize("caller", list(CALLERS))
def test_r_capt_03_every_rule_that_places_a_mouse_places_it_face_up_with_room(caller: str) -> None:
    g, mouse = _placed_by(caller)
    st, board = g.state, g.ctx.board
    h = st.heroes[mouse]
    assert not h.captured and h.space == CALLERS[caller]
    counts: dict[str, int] = {}
    for x in st.mice_on_board():
        assert x.space is not None
        assert st.face_up[board.tile_of_side(space_side(x.space))] == space_side(x.space)  # R-GEN-12
        counts[x.space] = counts.get(x.space, 0) + 1
    for m in st.minions.values():
        counts[m.space] = counts.get(m.space, 0) + 1
    assert all(n <= board.spaces[s].capacity for s, n in counts.items())  # R-SPACE-01


# --- a chapter's bar_space / bar_line hold for Brodie and Olga too ("no figure may ...", R-STORY-05) --------------


@pytest.mark.rule("R-STORY-05")
@pytest.mark.rule("R-BRODIE-05")
@pytest.mark.parametrize(
    ("chapter_data", "steps"),
    [({}, ["5:2", "5:5"]), ({"@barred": ["5:2"]}, ["5:5"]), ({"@barred_lines": [["5:1", "5:5"]]}, ["5:2"])],
)
def test_r_story_05_brodie_walks_round_a_closed_space_or_line(chapter_data: dict[str, Any], steps: list[str]) -> None:
    from mnm.engine.rules.brodie import _next_steps

    g = load_scenario({"chapter": "proving-grounds", "heroes": {"collin": {"space": "5:6"}},
                       "minions": {"brodie-1": {"space": "5:1"}}, "chapter_data": chapter_data})
    # Brodie on 5:1, Collin on 5:6: two shortest ways (by 5:2 or by 5:5); a closed space or line leaves one
    assert _next_steps(g.ctx, g.state, "5:1", "5:6") == steps


@pytest.mark.rule("R-STORY-05")
@pytest.mark.rule("R-EXP-10")
@pytest.mark.parametrize(("closed", "path"), [([], ["19:10", "19:13"]), (["19:10"], ["19:4", "19:5", "19:8"])])
def test_r_story_05_olga_does_not_charge_through_a_closed_space(closed: list[str], path: list[str]) -> None:
    from mnm.engine.rules.creatures import olga_charges

    g = load_scenario({
        "chapter": "the-trickle-crossing", "tiles": {"10": 19}, "heroes": {"collin": {"space": "19:13"}},
        "minions": {}, "tokens": {"olga": ["19:7"]}, "track": ["mouse:collin"], "turn": "mouse:collin",
        "dice": [SWORD],  # a 2 for movement: no charge yet
    })
    if closed:
        g.state.chapter_data["@barred"] = closed
    olga_charges(g.ctx, g.state, g.state.heroes["collin"])  # as a 1 for movement sets her off (R-EXP-10)
    # 19:7 -> 19:10 -> 19:13, or round the closed 19:10 (three steps: her reach, R-EXP-10)
    assert one_charge(g)["path"] == path and g.state.tokens["olga"] == [path[-1]]


def one_charge(g: Game) -> dict[str, Any]:
    charges = of(g.ctx.events, "olga_charges")
    assert len(charges) == 1
    return dict(charges[0].params)


@pytest.mark.rule("R-GEN-12")
@pytest.mark.rule("R-STORY-03")
def test_r_gen_12_a_chapter_places_no_minion_on_a_face_down_side() -> None:
    g = game("rules: [{id: p, when: round_begins, do: [place_minion: {minion: rat-warrior, space: '6:2'}]}]")
    g.ctx.rules.on_round_begins(g.ctx, g.state)
    assert g.state.minions == {}
    said = of(g.ctx.events, "placed_space_face_down")
    assert [e.params for e in said] == [{"minion": "rat-warrior", "space": "6:2"}]


# --- R-EXPLORE-04: the neighbour turned over before an exit exploration goes through the same function -----------


def into_the_kitchen(**fields: Any) -> Game:
    """Chapter 1 with the Courtyard (side 1) up and the Kitchen tile showing its Tunnels (side 4): exploring out of
    the Courtyard's exit 0 (by 1:8) turns the Kitchen tile over to side 3 first (R-EXPLORE-04)."""
    data: dict[str, Any] = {
        "chapter": "flight-to-barksburg", "tiles": {"1": 1, "2": 4}, "explored": [1, 4],
        "heroes": {"collin": {"space": "1:8"}}, "minions": {}, "turn": "mouse:collin",
        "dice": [CHEESE] + [BOW] * 40, "encounter_deck_top": ["quiet-corridor"], **fields,
    }
    return load_scenario(data)


@pytest.mark.rule("R-EXPLORE-04")
def test_r_explore_04_the_neighbour_turned_over_keeps_nothing_on_its_hidden_side() -> None:
    g = into_the_kitchen(traps=["4:2"], tokens={"grape": ["4:5"]}, party_cards=["grape"])
    g.apply("explore collin exit-0")
    g.apply("choose party 3:12")  # the exit area borders two spaces: the party picks (R-EXPLORE-05)
    st = g.state
    assert st.face_up[2] == 3 and st.heroes["collin"].space == "3:12"
    assert st.traps == [] and st.tokens == {} and st.party_cards == []
    assert [e.params["space"] for e in of(g.events, "trap_turned_away")] == ["4:2"]
    assert [e.params["token"] for e in of(g.events, "token_lost")] == ["grape"]


@pytest.mark.rule("R-EXPLORE-04")
@pytest.mark.rule("R-EXPLORE-01")
def test_r_explore_04_a_neighbour_with_minions_on_it_is_not_turned_over() -> None:
    g = into_the_kitchen(minions={"rat-warrior-1": {"space": "4:2"}})
    assert "explore collin exit-0" not in {str(a) for a in g.legal_actions()}
    assert "explore collin exit-0" in {str(a) for a in into_the_kitchen().legal_actions()}
