"""The chapter language (issue 22, docs/chapters.md): each trigger, condition and effect with a tiny inline chapter,
content refusing unknown words and parameters (file, entry, field), and the generated reference in the docs.

Every chapter here is the one-tile Proving Grounds (side 5, the Guard Room) with the rules the test writes.
"""

from __future__ import annotations

import dataclasses
import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml
from langkit import chapter_with, game

from mnm.board.layout import space_side
from mnm.chapter_language import ConditionKind, EffectKind, Trigger, sentence
from mnm.chapter_language.doc import reference_markdown
from mnm.content.loader import ContentError, builtin_content, builtin_dir, load_content
from mnm.engine.actions import Action
from mnm.engine.context import Ctx
from mnm.engine.errors import IllegalAction
from mnm.engine.events import Event
from mnm.engine.game import Game
from mnm.engine.hooks import ChapterRules
from mnm.engine.i18n import render
from mnm.engine.rules.chapter_firing import CONDITIONS, EFFECT_RULES, EFFECTS
from mnm.engine.rules.chapter_rules import ChapterProgram, compile_chapter, unhandled_words
from mnm.engine.rules.minions import _move as minion_moves
from mnm.engine.state import Minion
from mnm.server.views import explore_missing
from mnm.terminal.describe import Describer

ROOT = Path(__file__).resolve().parents[2]
CHEESE = 1  # the die face showing 1 CHEESE (a 1 for movement)
SWORD = 2  # 2 SWORD + STAR
SHIELD = 3  # 3 SWORD/SHIELD


def flag_rule(when: str, where: str = "{}", cond: str = "[]", do: str = "[set_flag: {name: hit}]") -> str:
    return f"rules: [{{id: t, when: {when}, where: {where}, if: {cond}, do: {do}}}]"


def hit(g: Game) -> bool:
    return bool(g.state.chapter_vars.get("hit"))


def msgs(events: list[Event]) -> list[str]:
    return [e.msg for e in events]


# --- the vocabulary is closed and fully handled ---------------------------------------------------------------


def test_every_word_has_a_handler_a_sentence_and_a_rule_id() -> None:
    assert unhandled_words() == []
    assert set(CONDITIONS) == {c.value for c in ConditionKind}
    assert set(EFFECTS) == set(EFFECT_RULES) == {e.value for e in EffectKind}
    assert all(rule.startswith("R-") for rule in EFFECT_RULES.values())
    for word in [*Trigger, *ConditionKind, *EffectKind]:
        en, pt = sentence(word)
        assert en and pt and en != pt


def test_a_chapter_without_rules_costs_nothing() -> None:
    """No rule, no program: the do-nothing ChapterRules (every trigger point returns at once)."""
    bare = chapter_with("{}")
    assert type(compile_chapter(bare)) is ChapterRules
    program = compile_chapter(chapter_with("victory: [no_minions: {}]"))
    assert isinstance(program, ChapterProgram) and program.move_roll == () and program.minion_turn == ()


# --- triggers ---------------------------------------------------------------------------------------------------


@pytest.mark.rule("R-STORY-02")
def test_r_story_02_chapter_begins_and_chapter_won() -> None:
    g = game(
        "rules: [{id: a, rule: R-STORY-02, when: chapter_begins, do: [story: {moment: opening}]},"
        " {id: b, when: chapter_won, do: [set_flag: {name: hit}]}]"
    )
    g.ctx.rules.on_setup(g.ctx, g.state)
    assert [(e.msg, e.rule, e.params) for e in g.ctx.events] == [
        ("story", "R-STORY-02", {"chapter": "proving-grounds", "moment": "opening"})
    ]
    g.ctx.rules.on_victory(g.ctx, g.state)
    assert hit(g)


@pytest.mark.rule("R-STORY-03")
def test_r_story_03_tile_revealed_fires_the_first_time_only_on_its_side() -> None:
    g = game(flag_rule("tile_revealed", "{side: 6}"))
    g.ctx.rules.on_explore(g.ctx, g.state, 4)
    assert not hit(g)
    g.state.explored.append(6)
    g.ctx.rules.on_explore(g.ctx, g.state, 6)
    assert not hit(g)  # already revealed once
    g.state.explored.remove(6)
    g.ctx.rules.on_explore(g.ctx, g.state, 6)
    assert hit(g)


@pytest.mark.rule("R-ROUND-01")
def test_r_round_01_round_ends_then_round_begins_through_the_engine() -> None:
    g = game(
        "rules: [{id: e, when: round_ends, do: [counter: {name: ends, op: add, value: 1}]},"
        " {id: b, when: round_begins, do: [counter: {name: begins, op: add, value: 1}]}]",
        track=["mouse:collin"],
        turn="mouse:collin",
        dice=[CHEESE, CHEESE, CHEESE],
    )
    events = g.apply("end collin")
    names = [e.msg if e.msg != "chapter_rule" else f"rule:{e.params['chapter_rule']}" for e in events]
    assert names.index("rule:e") < names.index("round_begins") < names.index("rule:b")
    assert (g.state.chapter_vars["ends"], g.state.chapter_vars["begins"]) == (1, 1)


@pytest.mark.rule("R-MOVE-01")
def test_r_move_01_figure_enters_a_named_space() -> None:
    g = game(flag_rule("figure_enters", '{spaces: ["5:11"]}'), turn="mouse:collin", dice=[SHIELD])
    g.apply("move collin 5:14")
    assert not hit(g)
    g.apply("move collin 5:11")
    assert hit(g)


@pytest.mark.rule("R-MINION-03")
def test_r_minion_03_figure_enters_fires_for_a_minion_filtered_by_type_and_space() -> None:
    """A minion's move (R-MINION-03) fires figure_enters on the space it ends on; ``where`` filters by minion type,
    side and spaces, and ``mouse: true`` keeps a rule to mice."""
    g = game(
        "rules: [{id: rats, when: figure_enters, where: {minion: rat-warrior, side: 5},"
        " do: [counter: {name: rats, op: add, value: 1}]},"
        ' {id: far, when: figure_enters, where: {spaces: ["5:1"]}, do: [set_flag: {name: far}]},'
        " {id: mice, when: figure_enters, where: {mouse: true}, do: [set_flag: {name: mice}]}]",
        dice=[SHIELD, SHIELD, SHIELD],  # the scenario's first roll, then the rat's movement (3) and the roach's
    )
    rat = Minion("rat-warrior-1", "rat-warrior", "5:7")
    roach = Minion("roach-1", "roach", "5:11")
    g.state.minions.update({rat.id: rat, roach.id: roach})
    minion_moves(g.ctx, g.state, rat)
    assert rat.space != "5:7" and g.state.chapter_vars["rats"] == 1
    minion_moves(g.ctx, g.state, roach)
    assert roach.space != "5:11" and g.state.chapter_vars["rats"] == 1  # a roach is not a rat warrior
    assert "far" not in g.state.chapter_vars and "mice" not in g.state.chapter_vars  # nobody ended on 5:1
    roach.space = "5:1"
    g.ctx.rules.on_minion_enters(g.ctx, g.state, roach)
    assert g.state.chapter_vars["far"] and "mice" not in g.state.chapter_vars


def test_figure_enters_for_minions_costs_nothing_when_no_rule_listens() -> None:
    """A chapter whose figure_enters rules are for mice only keeps the minions' tuple empty (one test per move)."""
    program = compile_chapter(chapter_with(flag_rule("figure_enters", "{mouse: true}")))
    assert isinstance(program, ChapterProgram) and program.minion_enters == () and len(program.enters) == 1
    program = compile_chapter(chapter_with(flag_rule("figure_enters", "{minion: roach}")))
    assert isinstance(program, ChapterProgram) and program.enters == () and len(program.minion_enters) == 1


@pytest.mark.rule("R-BATTLE-14")
def test_r_battle_14_movement_roll_filters_number_mouse_and_side() -> None:
    g = game(flag_rule("movement_roll", "{number: 1, mouse: true, side: 5}"))
    rules, ctx, st = g.ctx.rules, g.ctx, g.state
    rules.on_move_roll(ctx, st, "collin", SWORD)  # a 2
    assert not hit(g)
    st.minions["rat-warrior-1"] = Minion("rat-warrior-1", "rat-warrior", "5:7")
    rules.on_move_roll(ctx, st, "rat-warrior-1", CHEESE)  # a minion's 1
    assert not hit(g)
    rules.on_move_roll(ctx, st, "collin", CHEESE)
    assert hit(g)


@pytest.mark.rule("R-MINION-03")
def test_r_minion_03_minion_turn_a_rule_that_fires_takes_the_activation() -> None:
    g = game(
        "rules: [{id: s, when: minion_turn, where: {minion: roach},"
        ' do: [steer: {toward: "5:1", event: {name: roach_to_counter}}]}]',
        turn="mouse:collin",
        dice=[CHEESE, SHIELD],  # Collin's movement roll, then the roach's
    )
    roach = Minion("roach-1", "roach", "5:11")
    rat = Minion("rat-warrior-1", "rat-warrior", "5:7")
    g.state.minions.update({roach.id: roach, rat.id: rat})
    assert not g.ctx.rules.minion_turn_override(g.ctx, g.state, rat)
    assert g.ctx.rules.minion_turn_override(g.ctx, g.state, roach)
    (moved,) = g.ctx.events
    assert (moved.msg, moved.rule, moved.params["src"], moved.params["roll"]) == (
        "roach_to_counter",
        "R-STORY-05",
        "5:11",
        3,
    )
    assert roach.space == moved.params["dst"] != "5:11"


@pytest.mark.rule("R-STORY-05")
def test_r_story_05_minion_wounded_still_standing_flees() -> None:
    g = game(
        "rules: [{id: f, when: minion_wounded, where: {minion: rat-warrior}, if: [figure: {wounds_at_least: 2}],"
        " do: [remove_minion: {event: {name: cellar_cat_flees}}]}]"
    )
    rat = Minion("rat-warrior-1", "rat-warrior", "5:7", wounds=1)
    g.state.minions[rat.id] = rat
    g.ctx.rules.on_minion_wounded(g.ctx, g.state, rat, "collin")
    assert rat.id in g.state.minions
    rat.wounds = 2
    g.ctx.rules.on_minion_wounded(g.ctx, g.state, rat, "collin")
    assert rat.id not in g.state.minions
    assert [(e.msg, e.params) for e in g.ctx.events if e.msg == "cellar_cat_flees"] == [
        ("cellar_cat_flees", {"minion": "rat-warrior-1", "wounds": 2})
    ]


@pytest.mark.rule("R-STORY-05")
def test_r_story_05_minion_defeated_by_a_mouse_and_returned() -> None:
    g = game(
        'rules: [{id: d, when: minion_defeated, where: {by_mouse: true, side: 5}, do: [return_minion: {space: "5:1"}]}]'
    )
    rat = Minion("rat-warrior-1", "rat-warrior", "5:7")
    g.ctx.rules.on_minion_defeated(g.ctx, g.state, rat, None)  # a trap or a card: not by a mouse
    assert rat.id not in g.state.minions
    g.ctx.rules.on_minion_defeated(g.ctx, g.state, rat, "collin")
    assert g.state.minions[rat.id].space == "5:1"
    placed = [e for e in g.ctx.events if e.msg == "minion_placed"]
    assert [(e.rule, e.params) for e in placed] == [
        ("R-STORY-05", {"minion": "rat-warrior-1", "space": "5:1", "why": "d", "reason": "chapter"})
    ]


@pytest.mark.rule("R-SURGE-01")
def test_r_surge_01_minion_rolled_cheese_moves_counter_cheese_to_the_wheel() -> None:
    g = game(
        "rules: [{id: c, when: minion_rolled_cheese, where: {roach: true},"
        " do: [counter_to_wheel: {name: pile, amount: cheese, event: {name: counter_cheese_eaten}}]}]",
        chapter_data={"pile": 3},
        wheel=0,
    )
    roach = Minion("roach-1", "roach", "5:11")
    g.ctx.rules.on_minion_cheese(g.ctx, g.state, Minion("rat-warrior-1", "rat-warrior", "5:7"), 2)
    assert g.state.wheel == 0
    g.ctx.rules.on_minion_cheese(g.ctx, g.state, roach, 2)
    g.ctx.rules.on_minion_cheese(g.ctx, g.state, roach, 2)  # only 1 left
    assert [e.params for e in g.ctx.events] == [
        {"amount": 2, "left": 1, "wheel": 2},
        {"amount": 1, "left": 0, "wheel": 3},
    ]


@pytest.mark.rule("R-SEARCH-01")
def test_r_search_01_a_successful_search_on_a_named_space() -> None:
    g = game(flag_rule("search", '{spaces: ["5:15"]}'), turn="mouse:collin", dice=[CHEESE, CHEESE, SWORD])
    g.apply("search collin")  # a CHEESE: no luck
    assert not hit(g)
    g.state.heroes["collin"].searched.clear()
    g.state.turn = None
    g.ctx.rules.on_search(g.ctx, g.state, "collin", "5:14")  # another space
    assert not hit(g)
    g.ctx.rules.on_search(g.ctx, g.state, "collin", "5:15")
    assert hit(g)


@pytest.mark.rule("R-WIN-04")
def test_r_win_04_hourglass_page_through_the_engine() -> None:
    from mnm.engine.rules.victory import advance_hourglass

    g = game(flag_rule("hourglass_page", "{page: 3}"), hourglass=1)
    advance_hourglass(g.ctx, g.state, "test")
    assert not hit(g)
    advance_hourglass(g.ctx, g.state, "test")
    assert g.state.hourglass == 3 and hit(g)


@pytest.mark.rule("R-SURGE-03")
def test_r_surge_03_surge_counts_the_surges() -> None:
    g = game(flag_rule("surge", "{side: 5}", "[compare: {what: surges, op: ge, value: 2}]"))
    g.state.stats["surges"] = 1
    assert g.ctx.rules.on_surge(g.ctx, g.state, 5, []) is None and not hit(g)
    g.state.stats["surges"] = 2
    g.ctx.rules.on_surge(g.ctx, g.state, 5, [])
    assert hit(g)


@pytest.mark.rule("R-EXPLORE-13")
def test_r_explore_13_explore_attempt_gate_refuses_with_its_reason() -> None:
    g = game(
        "rules: [{id: g, when: explore_attempt, where: {what: flip}, if: [not: {party_holds: {token: fishhook}}],"
        " do: [gate: {reason: {en: the grate is stuck, pt: a grade emperrou}}]}]",
        heroes={"collin": {"space": "5:8"}},
        turn="mouse:collin",
        dice=[CHEESE],
    )
    assert g.ctx.rules.explore_precondition(g.ctx, g.state, "collin", "exit-0") == ""
    assert g.ctx.rules.explore_precondition(g.ctx, g.state, "collin", "flip") == "the grate is stuck"
    assert not any(a.verb == "explore" and a.args == ("flip",) for a in g.legal_actions())
    g.state.stash.append("fishhook")
    assert g.ctx.rules.explore_precondition(g.ctx, g.state, "collin", "flip") == ""


GATE = (
    "rules: [{id: g, when: explore_attempt, where: {what: flip}, if: [not: {party_holds: {token: fishhook}}],"
    " do: [gate: {reason: {en: the grate is stuck, pt: a grade emperrou}}]}]"
)


def gated_game() -> Game:
    """Collin beside the Guard Room's flip, which the chapter's gate refuses; the game's content holds the chapter
    with its rules (as a chapter file's game does), so its words can be found in both languages."""
    g = game(GATE, heroes={"collin": {"space": "5:8"}}, turn="mouse:collin", dice=[CHEESE])
    chapter = g.ctx.chapter
    content = dataclasses.replace(g.ctx.content, chapters={**g.ctx.content.chapters, chapter.id: chapter})
    g.ctx = Ctx(dataclasses.replace(g.ctx.definition, content=content))
    return g


@pytest.mark.rule("R-EXPLORE-13")
def test_r_explore_13_a_gates_refusal_carries_both_languages() -> None:
    """The IllegalAction names the gate as an event (explore_gated) that renders the file's words in each language;
    the reason stays the English sentence."""
    g = gated_game()
    with pytest.raises(IllegalAction) as refused:
        g.apply("explore collin flip")
    err = refused.value
    assert err.reason == "the grate is stuck"
    assert err.message is not None and (err.message.msg, err.message.rule) == ("explore_gated", "R-STORY-05")
    assert render(err.message, "en", g.ctx.content) == "the grate is stuck"
    assert render(err.message, "pt_BR", g.ctx.content) == "a grade emperrou"
    # another reason first (the mouse has acted): that reason, with no gate message
    assert g.state.turn is not None
    g.state.turn.acted = True
    with pytest.raises(IllegalAction) as acted:
        g.apply("explore collin flip")
    assert acted.value.message is None and "grate" not in acted.value.reason


@pytest.mark.rule("R-EXPLORE-13")
def test_r_explore_13_a_portuguese_player_reads_the_gate_in_portuguese() -> None:
    """The terminal's refusal and the web's "Why no explore?" give the chapter file's Portuguese text."""
    g = gated_game()
    with pytest.raises(IllegalAction) as refused:
        g.apply("explore collin flip")
    action = Action("explore", "collin", ("flip",))
    assert "a grade emperrou" in Describer(g.ctx.content, "pt_BR").refusal(g, action, refused.value)
    assert "the grate is stuck" in Describer(g.ctx.content, "en").refusal(g, action, refused.value)
    why = explore_missing(g, g.legal_actions())
    assert why is not None and why["code"] == "chapter_rule"
    assert why["text"] == {"en": "the grate is stuck", "pt": "a grade emperrou"}


# --- conditions (as victory conditions: the mice win when all hold) ---------------------------------------------

CONDITION_CASES: list[tuple[str, dict[str, Any], dict[str, Any]]] = [
    # (condition, a scenario where it holds, changes to the scenario where it does not)
    ('all_free_mice_on: {spaces: ["5:15"]}', {}, {"heroes": {"collin": {"space": "5:14"}}}),
    ("any_free_mouse: {}", {}, {"heroes": {"collin": {"captured": True}}}),
    ("tile_face_up: {side: 5}", {}, {"_face": 6}),
    ("tile_clear: {side: 5}", {}, {"minions": {"rat-warrior-1": {"space": "5:7"}}}),
    ("no_minions: {}", {}, {"minions": {"rat-warrior-1": {"space": "5:7"}}}),
    ("minion_on_board: {minion: rat-warrior}", {"minions": {"rat-warrior-1": {"space": "5:7"}}}, {"minions": {}}),
    ("party_holds: {token: fishhook}", {"_stash": ["fishhook"]}, {}),
    ("token_on: {token: fishhook, side: 5}", {"_token": "5:3"}, {"_token": ""}),
    ("has_achievement: {achievement: miz-maggie-ally}", {"_achievement": True}, {}),
    ("counter: {name: pile, op: gt, value: 0}", {"chapter_data": {"pile": 1}}, {"chapter_data": {"pile": 0}}),
    ("counter: {name: pile, op: unset}", {}, {"chapter_data": {"pile": 0}}),
    ("flag: {name: woke}", {"chapter_data": {"woke": True}}, {}),
    ("compare: {what: page, op: ge, value: 3}", {"hourglass": 3}, {"hourglass": 2}),
    ("compare: {what: round, op: eq, value: 2}", {"_round": 2}, {}),
    ("raining: {}", {"chapter_data": {"rain": True}}, {}),
    ("special_search_left: {card: fishhook-and-thread}", {}, {"_found": "fishhook-and-thread"}),
    ("all_mice_searched: {side: 5}", {"_searched": 5}, {}),
    ("any: [no_minions: {}, raining: {}]", {}, {"minions": {"rat-warrior-1": {"space": "5:7"}}}),
    ("all: [no_minions: {}, any_free_mouse: {}]", {}, {"minions": {"rat-warrior-1": {"space": "5:7"}}}),
    ("not: {raining: {}}", {}, {"chapter_data": {"rain": True}}),
    # issue 30's words
    ("holds_item: {item: key}", {"chapter_data": {"@items": {"key": "collin"}}}, {}),
    ("hero_present: {hero: collin}", {}, {"heroes": {"filch": {"space": "5:15"}}}),
    ("class_present: {class: warrior}", {}, {"heroes": {"filch": {"space": "5:15"}}}),
    ("marked: {mark: cursed}", {"chapter_data": {"@marks": {"collin": ["cursed"]}}}, {}),
    ("count: {select: {kind: minion, side: 5}, op: ge, value: 1}", {"minions": {"rat-warrior-1": {"space": "5:7"}}}, {}),
    ("logged: {entry: bell}", {"chapter_data": {"@log": {"bell": 1}}}, {"chapter_data": {"@log": {"bell": -1}}}),
    ("weather: {state: rain}", {"chapter_data": {"rain": True}}, {}),
    ("time_of_day: {phase: night}", {"chapter_data": {"moon": True}}, {}),
]


def _position(condition: str, fields: dict[str, Any]) -> Game:
    fields = dict(fields)
    special = {k: fields.pop(k) for k in list(fields) if k.startswith("_")}
    g = game(f"victory: [{condition}]", **fields)
    st = g.state
    if "_face" in special:
        st.face_up[g.ctx.board.tile_of_side(5)] = special["_face"]
    st.stash.extend(special.get("_stash", []))
    if special.get("_token"):
        st.tokens["fishhook"] = [special["_token"]]
    if special.get("_achievement"):
        st.story_achievements.append("miz-maggie-ally")
    if "_round" in special:
        st.round = special["_round"]
    if "_found" in special:
        st.special_found.append(special["_found"])
    if "_searched" in special:
        st.heroes["collin"].searched.append(special["_searched"])
    return g


@pytest.mark.rule("R-WIN-01")
@pytest.mark.parametrize(("condition", "holds", "fails"), CONDITION_CASES, ids=[c[0] for c in CONDITION_CASES])
def test_r_win_01_each_condition_holds_and_fails(condition: str, holds: dict[str, Any], fails: dict[str, Any]) -> None:
    yes = _position(condition, holds)
    assert yes.ctx.rules.check_victory(yes.ctx, yes.state)
    no = _position(condition, fails)
    assert not no.ctx.rules.check_victory(no.ctx, no.state)


def test_every_condition_kind_is_tested() -> None:
    tested = {next(iter(yaml.safe_load(c))) for c, _, _ in CONDITION_CASES}
    assert tested | {"figure"} == {c.value for c in ConditionKind}  # figure: in the trigger tests above


@pytest.mark.rule("R-WIN-01")
def test_r_win_01_the_chapter_s_victory_ends_the_game_through_the_engine() -> None:
    g = game('victory: [all_free_mice_on: {spaces: ["5:14"]}]', turn="mouse:collin", dice=[SHIELD])
    events = g.apply("move collin 5:14")
    assert g.state.status == "won" and "victory" in msgs(list(events))


@pytest.mark.rule("R-WIN-02")
def test_r_win_02_the_chapter_s_own_defeat() -> None:
    g = game("defeat: [compare: {what: page, op: ge, value: 3}]", hourglass=2)
    assert not g.ctx.rules.check_victory(g.ctx, g.state) and g.state.status == "playing"
    g.state.hourglass = 3
    assert not g.ctx.rules.check_victory(g.ctx, g.state)
    assert (g.state.status, g.state.outcome) == ("lost", "chapter")
    assert [(e.msg, e.params) for e in g.ctx.events] == [("defeat", {"reason": "chapter"})]


# --- effects --------------------------------------------------------------------------------------------------


def begins(do: str, **fields: Any) -> Game:
    """A chapter whose only rule does ``do`` when it begins; the rule has run."""
    g = game(f"rules: [{{id: t, when: chapter_begins, do: {do}}}]", **fields)
    g.ctx.rules.on_setup(g.ctx, g.state)
    return g


@pytest.mark.rule("R-STORY-05")
def test_r_story_05_announce_counter_flag_achievement_and_end_marker() -> None:
    g = begins(
        "[announce: {event: {name: cellar_cat_fed}}, counter: {name: pile, op: set, value: 3},"
        " counter: {name: pile, op: sub, value: 1}, set_flag: {name: woke, event: {none: true}},"
        " story_achievement: {achievement: miz-maggie-ally},"
        " move_end_marker: {pages: 1, event: {name: miz_maggie_ally, take: {hero: figure, end_page: end_page}}}]"
    )
    st = g.state
    assert (st.chapter_vars["pile"], st.chapter_vars["woke"], st.story_achievements) == (2, True, ["miz-maggie-ally"])
    assert st.end_page == 7
    assert [(e.msg, e.rule) for e in g.ctx.events] == [
        ("cellar_cat_fed", "R-STORY-05"),
        ("chapter_rule", "R-STORY-05"),
        ("chapter_rule", "R-STORY-05"),
        ("chapter_rule", "R-STORY-05"),
        ("miz_maggie_ally", "R-STORY-05"),
    ]
    assert g.ctx.events[1].params == {"name": "pile", "value": 3, "chapter_rule": "t", "effect": "counter"}


@pytest.mark.rule("R-STORY-03")
def test_r_story_03_place_minion_joins_the_track_and_tokens_come_and_go() -> None:
    g = begins(
        '[place_minion: {minion: roach, space: "5:1"}, place_token: {token: olga, space: "5:3"},'
        " remove_token: {token: olga}]",
        track=["mouse:collin"],
    )
    assert g.state.minions["roach-1"].space == "5:1"
    assert any(card.startswith("minion:roach") for card in g.state.track)
    assert "olga" not in g.state.tokens
    placed = next(e for e in g.ctx.events if e.msg == "minion_placed")
    assert placed.params == {"minion": "roach-1", "space": "5:1", "why": "t", "reason": "chapter"}


@pytest.mark.rule("R-ENC-05")
def test_r_enc_05_place_minions_as_for_an_encounter_through_the_engine() -> None:
    g = game(
        "rules: [{id: p, once: true, when: round_begins,"
        " do: [place_minions: {minion: rat-warrior, count: 2, side: 5}]}]",
        track=["mouse:collin"],
        turn="mouse:collin",
        dice=[CHEESE] * 12,  # Collin's rolls and the rats' moves and attacks
        options={"auto_pick_choices": True},
    )
    g.apply("end collin")
    rats = [m for m in g.state.minions.values() if m.type == "rat-warrior"]
    assert len(rats) == 2 and all(space_side(m.space) == 5 for m in rats)
    assert any(card.startswith("minion:rat-warrior") for card in g.state.track)


@pytest.mark.rule("R-BATTLE-14")
def test_r_battle_14_wound_knock_down_and_stun_the_trigger_s_figure() -> None:
    g = game(
        "rules: [{id: w, rule: R-BATTLE-14, when: movement_roll, do: [wound: {amount: 2, event: {name: old_crow,"
        " take: {figure: figure}}}, knock_down: {who: figure}, stun: {who: figure}]}]"
    )
    g.ctx.rules.on_move_roll(g.ctx, g.state, "collin", CHEESE)
    collin = g.state.heroes["collin"]
    assert collin.wounds == 2 and {"knocked_down", "stunned"} <= set(collin.statuses)
    assert g.ctx.events[0].msg == "old_crow" and g.ctx.events[0].params == {"figure": "collin"}


@pytest.mark.rule("R-BATTLE-15")
def test_r_battle_15_a_blockable_wound_is_rolled_against() -> None:
    g = game("rules: [{id: w, when: movement_roll, do: [wound: {amount: 1, blockable: true}]}]", dice=[SHIELD] * 5)
    g.ctx.rules.on_move_roll(g.ctx, g.state, "collin", CHEESE)
    assert g.state.heroes["collin"].wounds == 0


@pytest.mark.rule("R-SURGE-01")
def test_r_surge_01_cheese_to_the_wheel_and_to_a_mouse() -> None:
    g = game(
        "rules: [{id: c, when: movement_roll, do: [cheese: {to: wheel, amount: 2}, cheese: {to: mouse, amount: 1}]}]",
        wheel=0,
    )
    g.ctx.rules.on_move_roll(g.ctx, g.state, "collin", CHEESE)
    assert (g.state.wheel, g.state.heroes["collin"].cheese) == (2, 1)


@pytest.mark.rule("R-ACH-10")
@pytest.mark.parametrize(("face", "flag"), [(SWORD, "star"), (SHIELD, "none")])
def test_r_ach_10_roll_runs_then_or_else(face: int, flag: str) -> None:
    g = begins(
        "[roll: {dice: 1, need: star, then: [set_flag: {name: star}], else: [set_flag: {name: none}]}]",
        turn="mouse:collin",
        dice=[CHEESE, face],
    )
    assert set(g.state.chapter_vars) == {flag}


@pytest.mark.rule("R-EXP-07")
@pytest.mark.rule("R-EXP-11")
def test_r_exp_07_start_rain_and_nightfall() -> None:
    g = begins("[start_rain: {}, nightfall: {}]")
    assert g.state.chapter_data["rain"] is True and g.state.chapter_data["moon"] is True
    assert {"rain_begins", "nightfall"} <= set(msgs(g.ctx.events))


@pytest.mark.rule("R-EXP-10")
def test_r_exp_10_olga_charges_the_mouse_that_rolled() -> None:
    g = game(
        "rules: [{id: o, when: movement_roll, where: {number: 1}, do: [olga_charges: {}]}]", tokens={"olga": ["5:7"]}
    )
    g.ctx.rules.on_move_roll(g.ctx, g.state, "collin", CHEESE)
    assert g.state.tokens["olga"] != ["5:7"]


@pytest.mark.rule("R-WIN-01")
def test_r_win_01_victory_and_defeat_effects() -> None:
    won = begins("[victory: {}]")
    assert won.ctx.rules.check_victory(won.ctx, won.state)
    lost = begins("[defeat: {}]")
    assert (lost.state.status, lost.state.outcome) == ("lost", "chapter")


def test_once_rules_fire_once() -> None:
    g = game("rules: [{id: o, once: true, when: movement_roll, do: [counter: {name: n, op: add, value: 1}]}]")
    for _ in range(3):
        g.ctx.rules.on_move_roll(g.ctx, g.state, "collin", CHEESE)
    assert g.state.chapter_vars["n"] == 1 and g.state.chapter_data["rules_fired"] == ["o"]


def test_every_effect_kind_is_used_in_these_tests() -> None:
    text = Path(__file__).read_text(encoding="utf-8")
    text += (Path(__file__).parent / "test_chapter_words.py").read_text(encoding="utf-8")  # issue 30's words
    assert [e.value for e in EffectKind if f"{e.value}:" not in text] == []
    assert [t.value for t in Trigger if t.value not in text] == []


# --- room rules -------------------------------------------------------------------------------------------------


def test_a_room_rule_gets_its_room_s_side() -> None:
    ch = chapter_with("rooms: [{side: 6, rules: [{id: r, when: tile_revealed, do: [set_flag: {name: hit}]}]}]")
    (rule,) = ch.all_rules()
    assert rule.where.side == 6


# --- content refuses what the language does not know -----------------------------------------------------------


def _refused(tmp_path: Path, old: str, new: str) -> list[tuple[str, str, str, str]]:
    root = tmp_path / "content"
    shutil.copytree(builtin_dir(), root)
    path = root / "chapters" / "01-flight-to-barksburg.yaml"
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")
    with pytest.raises(ContentError) as err:
        load_content(root)
    return [(i.file, i.entry, i.field, i.message) for i in err.value.issues]


FILE = "chapters/01-flight-to-barksburg.yaml"


@pytest.mark.parametrize(
    ("old", "new", "field", "says"),
    [
        ("when: chapter_won", "when: chapter_lost", "rules.1.when", "chapter_won"),  # the words it knows
        ("do: [story: {moment: ending}]", "do: [tell: {moment: ending}]", "rules.1.do.0.tell", "not a known field"),
        ("do: [story: {moment: ending}]", "do: [story: {momnet: ending}]", "rules.1.do.0.story.momnet", "not a known"),
        ("where: {number: 1}", "where: {pages: 1}", "rooms.2.rules.1.where.pages", "not a known field"),
        ("where: {what: exit}", "where: {number: 1}", "rooms.0.rules.0.where.number", "not a filter of trigger"),
        ("do: [story: {moment: ending}]", "do: [story: {moment: epilogue}]", "rules.1.do.0.story.moment", "epilogue"),
        (
            "event: {name: old_crow,",
            "event: {name: old_raven,",
            "rooms.2.rules.1.do.0.wound.event.name",
            "old_raven",
        ),
    ],
)
def test_content_refuses_an_unknown_word_or_parameter_naming_file_entry_and_field(
    tmp_path: Path, old: str, new: str, field: str, says: str
) -> None:
    issues = _refused(tmp_path, old, new)
    assert any(i[:3] == (FILE, "flight-to-barksburg", field) and says in i[3] for i in issues), issues


# --- the generated reference ---------------------------------------------------------------------------------


def test_docs_chapters_md_holds_the_generated_language_reference() -> None:
    """docs/chapters.md must contain today's reference (regenerate: python -m mnm.chapter_language.doc)."""
    doc = (ROOT / "docs" / "chapters.md").read_text(encoding="utf-8")
    assert reference_markdown() in doc


def test_the_editors_json_schema_accepts_every_shipped_chapter_file(tmp_path: Path) -> None:
    """``mnm content schema`` describes the file as written (setup nested, the rules' words) and every shipped
    chapter validates against it; a misspelt effect does not."""
    import json

    import jsonschema

    from mnm.content.schemafiles import write_schemas

    write_schemas(tmp_path)
    schema = json.loads((tmp_path / "chapter.schema.json").read_text(encoding="utf-8"))
    for path in sorted((builtin_dir() / "chapters").glob("*.yaml")):
        jsonschema.validate(yaml.safe_load(path.read_text(encoding="utf-8")), schema)
    bad = yaml.safe_load((builtin_dir() / "chapters" / "02-the-root-road.yaml").read_text(encoding="utf-8"))
    bad["rules"][0]["do"] = [{"tell": {"moment": "opening"}}]
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(bad, schema)


def test_every_shipped_rule_reads_in_both_languages() -> None:
    """rule_words (for the web's chapter rules panel): a sentence per rule, no placeholder left."""
    from mnm.chapter_language.doc import condition_words, rule_words

    for chapter in builtin_content().chapters.values():
        for rule in chapter.all_rules():
            for lang in ("en", "pt"):
                text = rule_words(rule, lang)
                assert text and "{" not in text and "}" not in text, text
        for cond in chapter.victory:
            assert "{" not in condition_words(cond, "pt")
    crow = next(r for r in builtin_content().chapters["flight-to-barksburg"].all_rules() if r.id == "the-old-crow")
    assert rule_words(crow, "pt").startswith("O velho corvo")
