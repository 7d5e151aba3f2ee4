"""The engine's front door: everything a client (server, terminal, bots, sim, rl, cli) may use.

Clients import from ``mnm.engine`` only; the rule modules, hooks and chapters behind it may change shape
without a client noticing (ruff's banned-import rule keeps clients out of ``mnm.engine.rules``).

>>> from mnm.engine import Game
>>> game = Game.new("flight-to-barksburg", ["collin", "tilda", "filch", "maginos"], seed=7)
>>> game.state.status
'playing'
"""

from mnm.engine.actions import VERBS, Action
from mnm.engine.context import Ctx
from mnm.engine.errors import (
    EngineError,
    IllegalAction,
    MalformedAction,
    NeedDice,
    SaveError,
    ScenarioError,
    ScriptExhausted,
)
from mnm.engine.events import Event
from mnm.engine.game import Decision, Game, apply_action, apply_action_in_place, legal_actions, make_ctx
from mnm.engine.rules.campaign import carry_over, keepable_cards, next_chapter_game, parse_keep
from mnm.engine.rules.setup import (
    DEFAULT_DIFFICULTY,
    DIFFICULTY_PRESETS,
    GAME_OPTIONS,
    DifficultyPreset,
    difficulty_options,
    with_difficulty,
)
from mnm.engine.state import Hero, Minion, Pending, State, Turn

__all__ = [
    "DEFAULT_DIFFICULTY",
    "DIFFICULTY_PRESETS",
    "GAME_OPTIONS",
    "VERBS",
    "Action",
    "Ctx",
    "Decision",
    "DifficultyPreset",
    "EngineError",
    "Event",
    "Game",
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
    "apply_action",
    "apply_action_in_place",
    "carry_over",
    "difficulty_options",
    "keepable_cards",
    "legal_actions",
    "make_ctx",
    "next_chapter_game",
    "parse_keep",
    "with_difficulty",
]
