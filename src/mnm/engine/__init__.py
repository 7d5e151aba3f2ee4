"""The engine's front door: everything a client (server, terminal, bots, sim, rl, cli) may use.

Clients import from ``mnm.engine`` only; the rule modules and hooks behind it may change shape
without a client noticing (ruff's banned-import rule keeps clients out of ``mnm.engine.rules``).

>>> from mnm.engine import Game
>>> game = Game.new("flight-to-barksburg", ["collin", "tilda", "filch", "maginos"], seed=7)
>>> game.state.status
'playing'
"""

from mnm.content.bounded_yaml import load_bounded_with_lines
from mnm.engine.actions import VERBS, Action
from mnm.engine.campaign import carry_over, keepable_cards, next_chapter_game, parse_keep
from mnm.engine.chapter_query import barred_key, condition_holds, explore_gate, rule_enabled, rule_fired, step_distances
from mnm.engine.context import Ctx, GameDef
from mnm.engine.dice import DiceTable, check_faces
from mnm.engine.errors import (
    DiceError,
    EngineError,
    IllegalAction,
    MalformedAction,
    NeedDice,
    SaveError,
    ScenarioError,
    ScriptExhausted,
)
from mnm.engine.events import Event
from mnm.engine.game import (
    Applied,
    Decision,
    Game,
    apply,
    apply_action,
    apply_action_in_place,
    events_until_stopped,
    legal_actions,
    make_ctx,
)
from mnm.engine.i18n import (
    LANGUAGES,
    catalog,
    chapter_words,
    contract,
    format_message,
    name_of,
    render,
    render_rule,
    with_article,
)
from mnm.engine.query import minions_on_side
from mnm.engine.rules.capture import hero_life
from mnm.engine.rules.chapter_rules import conditions_hold
from mnm.engine.rules.chapter_state import next_chapter_of
from mnm.engine.rules.explore import exit_target
from mnm.engine.rules.free_actions import LEVEL_UP_COST
from mnm.engine.rules.movement import reachable
from mnm.engine.rules.setup import (
    DEFAULT_DIFFICULTY,
    DIFFICULTY_PRESETS,
    GAME_OPTIONS,
    DifficultyPreset,
    difficulty_options,
    with_difficulty,
)
from mnm.engine.rules.turn import action_available
from mnm.engine.savefile import read_save_text
from mnm.engine.scenario import load_scenario, scenario_from_yaml, scenario_state
from mnm.engine.state import Hero, Minion, Pending, State, Turn

__all__ = [
    "DEFAULT_DIFFICULTY",
    "DIFFICULTY_PRESETS",
    "GAME_OPTIONS",
    "LANGUAGES",
    "LEVEL_UP_COST",
    "VERBS",
    "Action",
    "Applied",
    "Ctx",
    "Decision",
    "DiceError",
    "DiceTable",
    "DifficultyPreset",
    "EngineError",
    "Event",
    "Game",
    "GameDef",
    "Hero",
    "IllegalAction",
    "MalformedAction",
    "Minion",
    "NeedDice",
    "Pending",
    "SaveError",
    "ScenarioError",
    "ScriptExhausted",
    "State",
    "Turn",
    "action_available",
    "apply",
    "apply_action",
    "apply_action_in_place",
    "barred_key",
    "carry_over",
    "catalog",
    "chapter_words",
    "check_faces",
    "condition_holds",
    "conditions_hold",
    "contract",
    "difficulty_options",
    "events_until_stopped",
    "exit_target",
    "explore_gate",
    "format_message",
    "hero_life",
    "keepable_cards",
    "legal_actions",
    "load_bounded_with_lines",
    "load_scenario",
    "make_ctx",
    "minions_on_side",
    "name_of",
    "next_chapter_game",
    "next_chapter_of",
    "parse_keep",
    "reachable",
    "read_save_text",
    "render",
    "render_rule",
    "rule_enabled",
    "rule_fired",
    "scenario_from_yaml",
    "scenario_state",
    "step_distances",
    "with_article",
    "with_difficulty",
]
