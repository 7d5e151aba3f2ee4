"""Every effect works from every trigger (issue 29, item 3): for each trigger × effect pair of the vocabulary, a rule
``when: T, do: [E]`` is either refused by the language (one line saying what the effect lacks there) or, with its
trigger caused in a game, changes the state the way the effect says. Not only its event: the state.

The pairs are the vocabulary enums' product, so a new trigger or effect is covered at once, or the test says which
harness or check is missing. Most triggers are caused through the engine (a move, an explore, a search, the end of
a round, a minion's turn); the minion and hourglass triggers by the engine functions that raise them, after which
the steps they pushed run as the engine runs them.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest
from langkit import chapter_with, game
from pydantic import ValidationError

from mnm.chapter_language import TRIGGER_SUBJECTS, EffectKind, Subject, Trigger
from mnm.engine.context import STEPS, Ctx
from mnm.engine.game import Game, run
from mnm.engine.rules.battle import wound_minion
from mnm.engine.rules.chapter_rules import compile_chapter
from mnm.engine.rules.chapter_state import holder_of, log_count, marks_of
from mnm.engine.rules.minions import _move as minion_moves
from mnm.engine.rules.victory import advance_hourglass, check_victory
from mnm.engine.rules.weather import raining
from mnm.engine.state import State

CHEESE, SWORD, SHIELD = 1, 2, 3  # die faces: 1 CHEESE (moves 1); 2 SWORD + STAR; 3 SWORD/SHIELD (moves 3)
PLACED = "captain-vurst"  # the minion the placing effects place (one in the box; no encounter here brings one)


@dataclass
class Fired:
    """A trigger caused in a game: the game after, the state just before, and what the firing was about."""

    game: Game
    before: State
    side: int
    mouse: str = ""
    minion: str = ""  # the minion the trigger is about (on the board, or just defeated)
    extra: dict[str, Any] = field(default_factory=dict)


# --- effect parameters and checks ------------------------------------------------------------------------------


def _who(trigger: Trigger) -> str:
    return "mouse" if Subject.MOUSE in TRIGGER_SUBJECTS[trigger] else "figure"


def effect_yaml(effect: EffectKind, trigger: Trigger, side: int) -> str:
    """The effect as the rule writes it (its parameters fit the trigger where the trigger decides)."""
    who = _who(trigger)
    gives_side = Subject.SIDE in TRIGGER_SUBJECTS[trigger]
    return {
        EffectKind.STORY: "story: {moment: opening}",
        EffectKind.ANNOUNCE: "announce: {event: {name: cellar_cat_fed}}",
        EffectKind.PLACE_MINION: f'place_minion: {{minion: {PLACED}, space: "{side}:1"}}',
        EffectKind.PLACE_MINIONS: f"place_minions: {{minion: {PLACED}, count: 1{'' if gives_side else f', side: {side}'}}}",
        EffectKind.RETURN_MINION: f'return_minion: {{space: "{side}:1"}}',
        EffectKind.REMOVE_MINION: "remove_minion: {}",
        EffectKind.WOUND: f"wound: {{who: {who}, amount: 1}}",
        EffectKind.KNOCK_DOWN: f"knock_down: {{who: {who}}}",
        EffectKind.STUN: f"stun: {{who: {who}}}",
        EffectKind.CHEESE: "cheese: {to: wheel, amount: 1}",
        EffectKind.COUNTER: "counter: {name: n, op: add, value: 2}",
        EffectKind.COUNTER_TO_WHEEL: "counter_to_wheel: {name: pile, amount: 1}",
        EffectKind.SET_FLAG: "set_flag: {name: done}",
        EffectKind.MOVE_END_MARKER: "move_end_marker: {pages: 1}",
        EffectKind.STORY_ACHIEVEMENT: "story_achievement: {achievement: miz-maggie-ally}",
        EffectKind.PLACE_TOKEN: f'place_token: {{token: relic, space: "{side}:3"}}',
        EffectKind.REMOVE_TOKEN: "remove_token: {token: relic}",
        EffectKind.ROLL: "roll: {dice: 1, need: star, then: [set_flag: {name: rolled}], else: [set_flag: {name: rolled}]}",
        EffectKind.GATE: "gate: {reason: {en: shut, pt: fechada}}",
        EffectKind.STEER: f'steer: {{toward: "{side}:1"}}',
        EffectKind.START_RAIN: "start_rain: {}",
        EffectKind.NIGHTFALL: "nightfall: {}",
        EffectKind.OLGA_CHARGES: "olga_charges: {}",
        EffectKind.VICTORY: "victory: {}",
        EffectKind.DEFEAT: "defeat: {}",
        # issue 30's words
        EffectKind.SET_WEATHER: "set_weather: {state: rain}",
        EffectKind.SET_TIME_OF_DAY: "set_time_of_day: {phase: night}",
        EffectKind.CHARACTER_CHARGES: "character_charges: {character: olga}",
        EffectKind.GIVE_ITEM: "give_item: {item: key, to: party}",
        EffectKind.TAKE_ITEM: "take_item: {item: key}",
        EffectKind.GIVE_CARD: "give_card: {card: dagger}",
        EffectKind.MARK: "mark: {mark: m, select: {who: any}}",
        EffectKind.UNMARK: "unmark: {mark: m, select: {who: any}}",
        EffectKind.HEAL: "heal: {select: {who: any}, amount: 1}",
        EffectKind.MOVE_MOUSE: f'move_mouse: {{select: {{who: any}}, space: "{side}:2"}}',
        EffectKind.CAPTURE: "capture: {select: {who: any}}",
        EffectKind.FREE: "free: {}",
        EffectKind.CHOOSE: (
            "choose: {id: q, prompt: {en: Q, pt: Q}, options: [{id: a, text: {en: A, pt: A}, do: [set_flag: {name: a}]},"
            " {id: b, text: {en: B, pt: B}, do: [set_flag: {name: b}]}]}"
        ),
        EffectKind.NEXT_CHAPTER: "next_chapter: {chapter: the-root-road}",
        EffectKind.FLIP_TILE: "flip_tile: {side: 6}",
        EffectKind.BAR_SPACE: f'bar_space: {{space: "{side}:2"}}',
        EffectKind.ADD_TILE: "add_tile: {side: 7, at: [1, 0]}",
        EffectKind.BAR_LINE: f'bar_line: {{spaces: ["{side}:1", "{side}:2"]}}',
        EffectKind.RECORD: "record: {entry: e}",
        EffectKind.ENABLE_RULE: "enable_rule: {rule: t}",
        EffectKind.DISABLE_RULE: "disable_rule: {rule: t}",
    }[effect]


def _target_hurt(f: Fired, trigger: Trigger, what: str) -> bool:
    """The effect's figure took it: a mouse's wounds or status, or a minion's (a minion may be defeated by it)."""
    st, before = f.game.state, f.before
    target = f.mouse if _who(trigger) == "mouse" else (f.minion or f.mouse)
    if target in st.heroes:
        h, h0 = st.heroes[target], before.heroes[target]
        if what == "wounds":
            return h.wounds > h0.wounds or h.captured
        # a mouse knocked down in its own turn before its movement is over stands up at once (R-NEG-04)
        stood = any(e.msg == "stands_up" and e.params.get("figure") == target for e in f.game.events[f.extra["events"] :])
        return what in h.statuses or (what == "knocked_down" and stood)
    if target not in st.minions:
        return target in before.minions  # defeated by the wound
    m = st.minions[target]
    if what == "knocked_down" and f.game.ctx.content.minions[m.type].size == "large":
        return what not in m.statuses  # R-NEG-04: large figures cannot be knocked down (the spider here is large)
    return m.wounds > before.minions[target].wounds if what == "wounds" else what in m.statuses


def _placed(f: Fired) -> bool:
    return any(m.type == PLACED for m in f.game.state.minions.values())


CHECKS: dict[EffectKind, Callable[[Fired, Trigger], bool]] = {
    EffectKind.STORY: lambda f, t: any(e.msg == "story" for e in f.game.events[f.extra["events"] :]),
    EffectKind.ANNOUNCE: lambda f, t: any(e.msg == "cellar_cat_fed" for e in f.game.events[f.extra["events"] :]),
    EffectKind.PLACE_MINION: lambda f, t: _placed(f),
    EffectKind.PLACE_MINIONS: lambda f, t: _placed(f),
    EffectKind.RETURN_MINION: lambda f, t: f.minion in f.game.state.minions,
    EffectKind.REMOVE_MINION: lambda f, t: f.minion not in f.game.state.minions and f.minion in f.before.minions,
    EffectKind.WOUND: lambda f, t: _target_hurt(f, t, "wounds"),
    EffectKind.KNOCK_DOWN: lambda f, t: _target_hurt(f, t, "knocked_down"),
    EffectKind.STUN: lambda f, t: _target_hurt(f, t, "stunned"),
    EffectKind.CHEESE: lambda f, t: f.game.state.wheel > f.before.wheel or f.game.state.hourglass > f.before.hourglass,
    EffectKind.COUNTER: lambda f, t: f.game.state.chapter_vars.get("n", 0) in (2, 4),  # a rule may fire twice
    EffectKind.COUNTER_TO_WHEEL: lambda f, t: f.game.state.chapter_vars.get("pile", 3) in (1, 2),
    EffectKind.SET_FLAG: lambda f, t: f.game.state.chapter_vars.get("done") is True,
    EffectKind.MOVE_END_MARKER: lambda f, t: f.game.state.end_page in (f.before.end_page + 1, f.before.end_page + 2),
    EffectKind.STORY_ACHIEVEMENT: lambda f, t: "miz-maggie-ally" in f.game.state.story_achievements,
    EffectKind.PLACE_TOKEN: lambda f, t: f.game.state.tokens.get("relic") == [f"{f.side}:3"],
    EffectKind.REMOVE_TOKEN: lambda f, t: "relic" not in f.game.state.tokens and "relic" in f.before.tokens,
    EffectKind.ROLL: lambda f, t: f.game.state.chapter_vars.get("rolled") is True
    and f.game.state.random_draws > f.before.random_draws,
    EffectKind.GATE: lambda f, t: f.extra.get("refused") is True,
    EffectKind.STEER: lambda f, t: f.minion in f.game.state.minions
    and f.game.state.minions[f.minion].space != f.before.minions[f.minion].space,
    EffectKind.START_RAIN: lambda f, t: raining(f.game.state),
    EffectKind.NIGHTFALL: lambda f, t: f.game.state.chapter_data.get("moon") is True,
    EffectKind.OLGA_CHARGES: lambda f, t: f.game.state.tokens.get("olga") != f.before.tokens.get("olga"),
    EffectKind.VICTORY: lambda f, t: f.game.state.status == "won",
    EffectKind.DEFEAT: lambda f, t: f.game.state.status == "lost",
    # issue 30's words
    EffectKind.SET_WEATHER: lambda f, t: raining(f.game.state),
    EffectKind.SET_TIME_OF_DAY: lambda f, t: f.game.state.chapter_data.get("moon") is True,
    EffectKind.CHARACTER_CHARGES: lambda f, t: f.game.state.tokens.get("olga") != f.before.tokens.get("olga"),
    EffectKind.GIVE_ITEM: lambda f, t: holder_of(f.game.state, "key") != "",
    EffectKind.TAKE_ITEM: lambda f, t: holder_of(f.game.state, "key") == "" and holder_of(f.before, "key") != "",
    EffectKind.GIVE_CARD: lambda f, t: _said(f, "card_given"),
    EffectKind.MARK: lambda f, t: any("m" in marks_of(f.game.state, h) for h in f.game.state.heroes),
    EffectKind.UNMARK: lambda f, t: "m" in marks_of(f.before, "collin") and "m" not in marks_of(f.game.state, "collin"),
    EffectKind.HEAL: lambda f, t: f.before.heroes["collin"].wounds == 2
    and (f.game.state.heroes["collin"].wounds < 2 or f.game.state.heroes["collin"].captured),
    EffectKind.MOVE_MOUSE: lambda f, t: _said(f, "mouse_placed") or f.game.state.status != "playing",
    EffectKind.CAPTURE: lambda f, t: any(h.captured for h in f.game.state.heroes.values()),
    EffectKind.FREE: lambda f, t: any(h.captured for h in f.before.heroes.values())
    and not any(h.captured for h in f.game.state.heroes.values()),
    EffectKind.CHOOSE: lambda f, t: _said(f, "story_choice_asked"),
    EffectKind.NEXT_CHAPTER: lambda f, t: f.game.state.chapter_data.get("@next") == "the-root-road",
    EffectKind.FLIP_TILE: lambda f, t: f.game.state.face_up[f.game.ctx.board.tile_of_side(6)] == 6,
    EffectKind.BAR_SPACE: lambda f, t: f"{f.side}:2" in f.game.state.chapter_data.get("@barred", []),
    EffectKind.ADD_TILE: lambda f, t: f.game.state.face_up.get(f.game.ctx.board.tile_of_side(7)) == 7,
    EffectKind.BAR_LINE: lambda f, t: [f"{f.side}:1", f"{f.side}:2"] in f.game.state.chapter_data.get("@barred_lines", []),
    EffectKind.RECORD: lambda f, t: log_count(f.game.state, "e") >= 1,
    EffectKind.ENABLE_RULE: lambda f, t: "t" in f.game.state.chapter_data.get("@enabled", []),
    EffectKind.DISABLE_RULE: lambda f, t: "t" in f.game.state.chapter_data.get("@disabled", []),
}


def _said(f: Fired, msg: str) -> bool:
    return any(e.msg == msg for e in f.game.events[f.extra["events"] :])


def presets(effect: EffectKind) -> dict[str, Any]:
    """What the game must hold for the effect to have something to change."""
    if effect is EffectKind.COUNTER_TO_WHEEL:
        return {"chapter_vars": {"pile": 3}}
    if effect is EffectKind.REMOVE_TOKEN:
        return {"tokens": {"relic": ["5:3"]}}
    if effect in (EffectKind.OLGA_CHARGES, EffectKind.CHARACTER_CHARGES):
        return {"tokens": {"olga": ["5:1"]}}
    if effect is EffectKind.TAKE_ITEM:
        return {"chapter_data": {"@items": {"key": "party"}}}
    if effect is EffectKind.UNMARK:
        return {"chapter_data": {"@marks": {"collin": ["m"]}}}
    if effect is EffectKind.HEAL:
        return {"heroes": {"collin": {"space": "5:15", "wounds": 2}}}
    if effect is EffectKind.FREE:
        return {"heroes": {"collin": {"space": "5:15"}, "filch": {"captured": True}}}
    return {}


# --- causing each trigger -------------------------------------------------------------------------------------


def _game(trigger: Trigger, effect: EffectKind, side: int, **fields: Any) -> Game:
    rule = f"rules: [{{id: t, when: {trigger.value}, do: [{effect_yaml(effect, trigger, side)}]}}]"
    base: dict[str, Any] = {"options": {"auto_pick_choices": True}, "encounter_up": "quiet-corridor"}
    preset = presets(effect)
    merged = {**base, **preset, **fields}
    if "heroes" in preset and "heroes" in fields:  # the trigger's places, the effect's wounds and captures
        heroes = {h: {**preset["heroes"].get(h, {}), **v} for h, v in fields["heroes"].items()}
        merged["heroes"] = {**{h: v for h, v in preset["heroes"].items() if h not in heroes}, **heroes}
    if "track" in merged and "heroes" in preset:  # a mouse the effect needs has its card on the track
        merged["track"] = [*merged["track"], *(f"mouse:{h}" for h in preset["heroes"] if f"mouse:{h}" not in merged["track"])]
    return game(rule, **merged)


def _settle(g: Game, mark: int) -> None:
    """Run the steps pushed since ``mark`` (by an engine function called directly) as the engine runs them."""
    st = g.state
    pushed, st.stack = st.stack[mark:], st.stack[:mark]
    if not pushed or st.status != "playing":
        return
    rest, waiting = st.stack, st.pending
    st.stack, st.pending = pushed, None
    try:
        run(g.ctx, st)
    except RuntimeError as err:  # the pushed steps ran out, no decision asked: as it should
        assert "nothing left to run" in str(err)
    st.stack = rest + st.stack
    if st.pending is None and st.status == "playing":
        st.pending = waiting


def _direct(g: Game, call: Callable[[], None], side: int, mouse: str = "", minion: str = "") -> Fired:
    before = g.state.copy()
    events = len(g.events)
    mark = len(g.state.stack)
    call()
    check_victory(g.ctx, g.state)  # as the engine does after every step
    g.events.extend(g.ctx.events)
    _settle(g, mark)
    g.events.extend(e for e in g.ctx.events if e not in g.events)
    return Fired(g, before, side, mouse, minion, {"events": events})


def _apply(g: Game, action: str, side: int, mouse: str = "", minion: str = "") -> Fired:
    """The action, then the decisions it sets off answered with their first option up to the next turn decision
    (a search's card to keep, where the mice land): the effect has happened before a mouse is asked again."""
    before = g.state.copy()
    events = len(g.events)
    g.apply(action)
    for _ in range(10):
        d = g.decision()
        if d is None or d.kind == "turn":
            break
        g.apply(d.options[0])
    return Fired(g, before, side, mouse, minion, {"events": events})


def cause(trigger: Trigger, effect: EffectKind) -> Fired:
    """A game where ``trigger`` fires the rule doing ``effect``."""
    needs_minion = effect in (EffectKind.REMOVE_MINION, EffectKind.STEER)
    if trigger is Trigger.CHAPTER_BEGINS:
        g = _game(trigger, effect, 5, turn="mouse:collin", dice=[SHIELD] * 80)
        return _direct(g, lambda: g.ctx.rules.on_setup(g.ctx, g.state), 5)
    if trigger is Trigger.TILE_REVEALED:  # the flip space 5:8 leads to side 6
        g = _game(
            trigger, effect, 6, heroes={"collin": {"space": "5:8"}}, turn="mouse:collin", dice=[SHIELD] * 80,
            encounter_deck_top=["quiet-corridor"],
        )
        return _apply(g, "explore collin flip", 6, "collin")
    if trigger in (Trigger.ROUND_BEGINS, Trigger.ROUND_ENDS):
        g = _game(trigger, effect, 5, track=["mouse:collin"], turn="mouse:collin", dice=[SHIELD] * 80)
        return _apply(g, "end collin", 5, "collin")
    if trigger is Trigger.FIGURE_ENTERS and needs_minion:
        g = _game(trigger, effect, 5, minions={"rat-warrior-1": {"space": "5:7"}}, dice=[SHIELD] * 80)
        rat = g.state.minions["rat-warrior-1"]
        return _direct(g, lambda: minion_moves(g.ctx, g.state, rat), 5, "", rat.id)
    if trigger is Trigger.FIGURE_ENTERS:
        g = _game(trigger, effect, 5, turn="mouse:collin", dice=[SHIELD] * 80)
        return _apply(g, "move collin 5:14", 5, "collin")
    if trigger is Trigger.MOVEMENT_ROLL:  # collin's next turn begins with his movement roll
        g = _game(trigger, effect, 5, track=["mouse:collin"], turn="mouse:collin", dice=[SHIELD] * 80)
        return _apply(g, "end collin", 5, "collin")
    if trigger is Trigger.MINION_TURN:
        g = _game(
            trigger, effect, 5, minions={"rat-warrior-1": {"space": "5:7"}}, track=["mouse:collin", "minion:rat-warrior"],
            turn="mouse:collin", dice=[SHIELD] * 80,
        )
        return _apply(g, "end collin", 5, "collin", "rat-warrior-1")
    if trigger in (Trigger.MINION_WOUNDED, Trigger.MINION_DEFEATED, Trigger.MINION_ROLLED_CHEESE):
        g = _game(trigger, effect, 5, minions={"spider-1": {"space": "5:7"}}, turn="mouse:collin", dice=[SHIELD] * 80)
        spider = g.state.minions["spider-1"]
        hero = g.state.heroes["collin"]
        if trigger is Trigger.MINION_WOUNDED:
            return _direct(g, lambda: wound_minion(g.ctx, g.state, spider, 1, hero), 5, "collin", spider.id)
        if trigger is Trigger.MINION_DEFEATED:
            return _direct(g, lambda: wound_minion(g.ctx, g.state, spider, 3, hero), 5, "collin", spider.id)
        return _direct(g, lambda: g.ctx.rules.on_minion_cheese(g.ctx, g.state, spider, 2), 5, "", spider.id)
    if trigger is Trigger.SEARCH:
        g = _game(trigger, effect, 5, turn="mouse:collin", dice=[SHIELD, SWORD] + [SHIELD] * 80)
        return _apply(g, "search collin", 5, "collin")
    if trigger is Trigger.SURGE:
        g = _game(trigger, effect, 5, turn="mouse:collin", dice=[SHIELD] * 80)
        return _direct(g, lambda: STEPS["surge"](g.ctx, g.state, []), 5)
    if trigger is Trigger.HOURGLASS_PAGE:
        g = _game(trigger, effect, 5, turn="mouse:collin", dice=[SHIELD] * 80)
        return _direct(g, lambda: advance_hourglass(g.ctx, g.state, "test"), 5)
    if trigger is Trigger.EXPLORE_ATTEMPT:
        g = _game(
            trigger, effect, 5, heroes={"collin": {"space": "5:8"}}, turn="mouse:collin", dice=[SHIELD] * 80,
            encounter_deck_top=["quiet-corridor"],
        )
        if effect is EffectKind.GATE:
            refused = not any(a.verb == "explore" for a in g.legal_actions())
            return Fired(g, g.state.copy(), 5, "collin", extra={"refused": refused, "events": len(g.events)})
        return _apply(g, "explore collin flip", 5, "collin")
    if trigger is Trigger.CHAPTER_WON:
        g = _game(trigger, effect, 5, turn="mouse:collin", dice=[SHIELD] * 80)
        won = chapter_with(
            'victory: [all_free_mice_on: {spaces: ["5:14"]}]\n'
            f"rules: [{{id: t, when: chapter_won, do: [{effect_yaml(effect, trigger, 5)}]}}]"
        )
        g.ctx = Ctx(dataclasses.replace(g.ctx.definition, chapter=won, rules=compile_chapter(won)))
        return _apply(g, "move collin 5:14", 5, "collin")
    if trigger is Trigger.ITEM_FOUND:  # issue 30: a chapter item or a search card found by collin
        g = _game(trigger, effect, 5, turn="mouse:collin", dice=[SHIELD] * 80)
        return _direct(g, lambda: g.ctx.rules.on_item_found(g.ctx, g.state, "collin", "key"), 5, "collin")
    raise AssertionError(f"no harness causes trigger {trigger.value!r}: add one to cause()")


def refusal(trigger: Trigger, effect: EffectKind) -> str:
    """The language's refusal of the rule (one line), or '' when it takes it."""
    try:
        chapter_with(f"rules: [{{id: t, when: {trigger.value}, do: [{effect_yaml(effect, trigger, 5)}]}}]")
    except ValidationError as err:
        (only,) = err.errors()
        return str(only["msg"])
    return ""


PAIRS = [(t, e) for t in Trigger for e in EffectKind]


@pytest.mark.parametrize(("trigger", "effect"), PAIRS, ids=[f"{t.value}-{e.value}" for t, e in PAIRS])
def test_each_effect_from_each_trigger_changes_the_state_or_is_refused_in_one_line(
    trigger: Trigger, effect: EffectKind
) -> None:
    assert effect in CHECKS, f"no check says what effect {effect.value!r} changes: add one to CHECKS"
    why = refusal(trigger, effect)
    if why:
        assert "\n" not in why and (effect.value in why or "needs" in why or "gate" in why or "won" in why), why
        return
    fired = cause(trigger, effect)
    assert CHECKS[effect](fired, trigger), f"{trigger.value} -> {effect.value}: the state did not change as it says"


def test_the_pairs_the_language_takes_are_most_of_them() -> None:
    """The refusals are the pairs where the effect has nothing to act on, not a way round the test."""
    taken = sum(1 for t, e in PAIRS if not refusal(t, e))
    assert taken >= 0.7 * len(PAIRS), taken
    assert refusal(Trigger.ROUND_ENDS, EffectKind.PLACE_MINIONS) == ""  # the round_ends steps (issue 29)
    assert refusal(Trigger.MINION_TURN, EffectKind.STEER) == ""


def test_a_rule_the_language_refuses_names_what_is_missing() -> None:
    assert "needs a defeated minion" in refusal(Trigger.ROUND_ENDS, EffectKind.RETURN_MINION)
    assert "gate works only" in refusal(Trigger.SEARCH, EffectKind.GATE)
    assert "once the chapter is won" in refusal(Trigger.CHAPTER_WON, EffectKind.PLACE_MINION)
