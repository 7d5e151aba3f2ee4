"""The example scenarios (examples/scenarios/*.yaml) as games, with their own actions played: what
``mnm scenario run`` shows, for the tests of the surfaces (web board, terminal board, plain mode)."""

from __future__ import annotations

from pathlib import Path

from mnm.engine import Game, load_scenario, scenario_from_yaml
from mnm.engine.game import run
from mnm.engine.scenario import scenario_state

SCENARIOS = Path(__file__).resolve().parents[1] / "examples" / "scenarios"


def scenario_game(name: str) -> Game:
    """``examples/scenarios/NAME.yaml`` loaded, with its own actions played."""
    data = scenario_from_yaml((SCENARIOS / f"{name}.yaml").read_text(encoding="utf-8"))
    actions = data.pop("actions", None) or []
    game = load_scenario(data)
    for action in actions:
        game.apply(action)
    return game


def tied_entry_game() -> Game:
    """Proving Grounds with the ``minion_space`` decision waiting (R-ENC-05): a surge places 2 rats and the
    entry spaces 5:1, 5:3 and 5:10 tie."""
    return load_scenario(
        {
            "chapter": "proving-grounds",
            "heroes": {"collin": {"space": "5:15"}},
            "minions": {"rat-warrior-1": {"space": "5:15"}},
            "track": ["minion:rat-warrior", "mouse:collin"],
            "wheel": 5,
            "dice": [2, 1, 3, 4, 1],  # the rat's attack rolls CHEESE: the surge places 2 rats
            "encounter_up": "quiet-corridor",
        }
    )


def disguises_game(far_rat: dict[str, dict[str, str]]) -> Game:
    """Proving Grounds, page 3, with the ``disguises`` decision waiting (R-PARTY-02): Vurst's Patrol drawn
    while the party holds the Disguises; ``far_rat`` keeps the chapter going. Tied entries: the lowest number."""
    ctx, st = scenario_state(
        {
            "chapter": "proving-grounds",
            "heroes": {"collin": {"space": "5:15"}},
            "minions": far_rat,
            "turn": "mouse:collin",
            "hourglass": 3,
            "stash": ["disguises"],
            "party_cards": ["disguises"],
            "encounter_deck_top": ["vursts-patrol"],
            "dice": [3] * 40,  # SWORD/SHIELD: blocks
            "options": {"auto_pick_choices": True},  # tied entry spaces: the lowest number (R-ENC-05)
        }
    )
    st.stack = [["card_turn"], ["encounter", 5]]
    run(ctx, st)
    return Game(ctx, st)


def one_move_from_winning() -> tuple[Game, str]:
    """Chapter 1 with Filch in the tree and the Courtyard clear: Collin's move into the tree (the returned space)
    wins the chapter, and it rolls no dice (issue 26, finding 1: such an ending must not be undoable)."""
    bow = 4  # face 4: two bows (movement)
    game = load_scenario(
        {
            "chapter": "flight-to-barksburg",
            "tiles": {"courtyard": 1},
            "explored": [5, 4, 2, 1],
            "heroes": {"collin": {"space": "1:15"}, "filch": {"space": "1:15"}},
            "minions": {"rat-warrior-1": {"space": "5:1"}},
            "turn": "mouse:collin",
            "dice": [bow, bow, bow],
        }
    )
    tree = next(sp.id for sp in game.ctx.board.graph(1).spaces if sp.minions_barred)
    game.state.heroes["filch"].space = tree
    return game, tree
