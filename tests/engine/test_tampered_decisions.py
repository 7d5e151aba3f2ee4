"""A tampered save never loads into a game that later fails (issue polish; the rule "bad save files get a clear
error and change nothing").

Real saves with each decision kind waiting (found by playing seeds with a random bot, searched here, plus the
scenarios of ``test_untrusted_files``) are tampered one ``state.pending`` field at a time: wrong type, unknown id,
missing key, extra key, another actor. Each tampered save is either refused at load with one :class:`SaveError`
naming the field, or it loads and its decision lists its options and answers every one of them without any
exception but the engine's own :class:`IllegalAction`.
"""

from __future__ import annotations

import contextlib
import copy
import random
from typing import Any

import pytest
from rulekit import BOW, CHEESE, SHIELD, SWORD, scenario
from test_abilities import knife_content
from test_cards import mouse_turn
from test_explore import lab
from test_untrusted_files import _boss_card_save, _minion_space_save

from mnm.content.loader import Content
from mnm.engine.context import DECISIONS
from mnm.engine.errors import IllegalAction, SaveError
from mnm.engine.game import Game
from mnm.engine.save_pending import PENDING_DATA
from scenariokit import disguises_game

PARTY = ["collin", "tilda", "filch", "maginos"]
WANTED = {"choose_ability", "turn", "equipping", "sharing", "found_card"}  # reached in the first turns of play
CHAPTERS = ("proving-grounds", "the-ember-vault")


def _play_for_saves(budget: int = 2500) -> dict[str, dict[str, Any]]:
    """The first save seen with each decision kind waiting, random bots playing seeds in turn (``budget`` moves)."""
    saves: dict[str, dict[str, Any]] = {}
    seed = 0
    while budget > 0 and not set(saves) >= WANTED:
        bot = random.Random(seed)
        game = Game.new(CHAPTERS[seed % len(CHAPTERS)], PARTY, seed=seed)
        for _ in range(150):
            d = game.decision()
            if d is None:
                break
            if d.kind not in saves:
                saves[d.kind] = game.to_json()
            game.apply(bot.choice(game.legal_actions()))
            budget -= 1
        seed += 1
    return saves


def _scenario_games() -> list[Game]:
    """The rule tests' situations with the other decision kinds waiting (scripted dice, no seed searched)."""
    trap = scenario(heroes={"nez": {"space": "5:6"}}, minions={"rat-warrior-1": {"space": "5:3"}}, traps=["5:9"])
    trap.apply("move nez 5:9")
    landing = lab({"nez": {"space": "15:10"}, "collin": {"space": "15:2"}})
    landing.apply("explore nez flip")
    knife = scenario(
        content=knife_content(),
        heroes={
            "filch": {"space": "5:12", "cheese": 2, "equipped": ["dagger", "test-knife"], "abilities": ["knife-strike"]}
        },
        minions={
            "rat-warrior-1": {"space": "5:12"},
            "rat-warrior-2": {"space": "5:13"},
            "rat-warrior-9": {"space": "5:4"},
        },
        turn="mouse:filch",
        dice=[CHEESE, SWORD, SWORD, BOW, SWORD, CHEESE, BOW, BOW],
    )
    knife.apply("ability filch knife-strike rat-warrior-1")
    treasure = mouse_turn("nez", {}, [SWORD], search_deck_top=["tinkerers-treasure"])
    treasure.apply("search nez")
    exit_landing = scenario(chapter="flight-to-barksburg", explored=[5, 4], heroes={"collin": {"space": "4:8"}},
                            minions={}, track=["mouse:collin"], turn="mouse:collin", dice=[CHEESE])
    exit_landing.apply("explore collin exit-0")
    pilfer = scenario(heroes={"filch": {"space": "5:12"}},
                      minions={"rat-warrior-1": {"space": "5:12"}, "rat-warrior-9": {"space": "5:3"}},
                      turn="mouse:filch", wheel=3, dice=[CHEESE, SWORD, SWORD, SWORD, BOW, BOW])
    pilfer.apply("battle filch rat-warrior-1")
    rod = scenario(heroes={"tilda": {"space": "5:12", "equipped": ["hawthorn-rod"]},
                           "collin": {"space": "5:12", "wounds": 2}, "filch": {"space": "5:12", "wounds": 2}},
                   minions={"rat-warrior-1": {"space": "5:12"}, "rat-warrior-9": {"space": "5:3"}},
                   turn="mouse:tilda", dice=[CHEESE, SWORD, SWORD, BOW, BOW])
    rod.apply("battle tilda rat-warrior-1")
    return [
        disguises_game({"rat-warrior-9": {"space": "5:3"}}),
        trap,
        landing,
        exit_landing,
        pilfer,
        rod,
        knife,
        treasure,
        scenario(
            heroes={"collin": {"space": "5:15"}, "filch": {"space": "5:6"}},
            minions={"brodie-1": {"space": "5:1"}, "rat-warrior-1": {"space": "5:2"}, "roach-1": {"space": "5:17"}},
            track=["cat:chases", "mouse:collin", "minion:rat-warrior", "mouse:filch", "minion:roach", "cat:pounces"],
            turn="cat:chases",
            dice=[SWORD, SWORD, SWORD, SHIELD, CHEESE, BOW, BOW, BOW, BOW, BOW],
        ),
        scenario(
            heroes={"maginos": {"space": "5:12", "equipped": ["maginos-staff", "shifting-cloak"]}},
            minions={"rat-warrior-1": {"space": "5:12"}},
            track=["minion:rat-warrior", "mouse:maginos"],
            dice=[SWORD, SWORD, SHIELD, SHIELD, CHEESE],
        ),
        scenario(
            chapter="the-ember-vault",
            heroes={"collin": {"space": "18:6"}, "tilda": {"space": "18:12"}},
            minions={"hesster-1": {"space": "18:6"}},
            chapter_data={"hesster": {"hesster-1": ["18:2", "18:4", "18:6"]}},
            track=["mouse:collin", "minion:hesster:1", "minion:hesster:2", "mouse:tilda"],
            turn="mouse:collin",
            dice=[SWORD],
        ),
        scenario(
            chapter="flight-to-barksburg",
            heroes={"collin": {"captured": True, "captures": 1}, "filch": {"space": "5:12"}},
            track=["mouse:collin", "mouse:filch"],
            turn="mouse:collin",
            dice=[BOW],
        ),
    ]


SCENARIO_KINDS = [
    "disguises",
    "trap_dice",
    "flip_landing",
    "exit_landing",
    "pilfer",
    "rod_heal",
    "next_attack",
    "treasure",
    "brodie_path",
    "shifting_cloak",
    "leave_hesster",
    "rescue",
]


@pytest.fixture(scope="module")
def saves() -> dict[str, tuple[dict[str, Any], Content | None]]:
    found: dict[str, tuple[dict[str, Any], Content | None]] = {k: (s, None) for k, s in _play_for_saves().items()}
    assert set(found) >= WANTED, f"the bots reached only {sorted(found)}"
    found["minion_space"] = (_minion_space_save(), None)
    found["boss_card"] = _boss_card_save()
    for game in _scenario_games():
        assert game.state.pending is not None
        found[game.state.pending.kind] = (game.to_json(), game.ctx.content)
    assert set(found) >= set(SCENARIO_KINDS), f"the scenarios reached only {sorted(found)}"
    return found


def _tampered(data: dict[str, Any]) -> list[tuple[str, dict[str, Any], str]]:
    """(what was done, the tampered ``pending``, the field a refusal must name) for each field of ``data``."""
    out: list[tuple[str, dict[str, Any], str]] = []
    where = "state.pending.data"
    for key, value in data.items():
        field = f"{where}.{key}"
        missing = {k: v for k, v in data.items() if k != key}
        out.append((f"{key} missing", missing, field))
        for bad in (7, None, "no-such-id", ["no-such-id"], [7], {}, True, -1):
            out.append((f"{key}={bad!r}", {**data, key: bad}, field))
        if isinstance(value, list) and value:
            for bad in ("no-such-id", 7, None, []):
                out.append((f"{key}[0]={bad!r}", {**data, key: [bad, *value[1:]]}, field))
            out.append((f"{key} doubled", {**data, key: value + value}, field))
    out.append(("extra field", {**data, "bogus": 1}, where))
    return out


def _answer_all(save: dict[str, Any], content: Content | None) -> None:
    """Load ``save``, list its options, answer each one on a fresh load: only IllegalAction may stop one."""
    game = Game.from_json(save, content)
    d = game.decision()
    assert d is not None
    game.legal_actions()
    for action in list(d.options):
        again = Game.from_json(save, content)
        with contextlib.suppress(IllegalAction):
            again.apply(action)
        again.decision()


@pytest.mark.parametrize("kind", [*sorted(WANTED), "minion_space", "boss_card", *SCENARIO_KINDS])
def test_a_tampered_decision_is_refused_by_name_or_plays_cleanly(
    kind: str, saves: dict[str, tuple[dict[str, Any], Content | None]]
) -> None:
    save, content = saves[kind]
    pending = save["state"]["pending"]
    assert pending["kind"] == kind
    _answer_all(save, content)  # the untouched save plays
    refused = 0
    for what, data, field in _tampered(pending.get("data", {})):
        bad = copy.deepcopy(save)
        bad["state"]["pending"]["data"] = data
        try:
            Game.from_json(bad, content)
        except SaveError as err:
            message = str(err)
            assert message.startswith(field), f"{kind}, {what}: {message}"
            assert "\n" not in message
            refused += 1
            continue
        _answer_all(bad, content)  # loaded: it must play (no KeyError, TypeError, AssertionError...)
    assert refused >= 1  # at least the extra field


@pytest.mark.parametrize("kind", ["turn", "sharing", "minion_space", "rescue", "flip_landing", "exit_landing", "rod_heal"])
def test_a_decision_given_to_the_wrong_actor_is_refused(
    kind: str, saves: dict[str, tuple[dict[str, Any], Content | None]]
) -> None:
    save, content = saves[kind]
    bad = copy.deepcopy(save)
    actor = bad["state"]["pending"]["actor"]
    bad["state"]["pending"]["actor"] = "party" if actor != "party" else bad["state"]["party"][0]
    with pytest.raises(SaveError, match=r"^state\.pending\.actor: must be"):
        Game.from_json(bad, content)


def test_every_kind_with_data_is_checked() -> None:
    """Each decision kind is either in the table of data checks or carries no data (a kind added to the engine
    with data and no check fails here)."""
    without_data = {"turn", "pack_full", "choose_ability", "before_turn"}
    assert set(DECISIONS) == set(PENDING_DATA) | without_data


@pytest.mark.parametrize(
    ("kind", "path", "value", "named"),
    [
        ("sharing", ["state", "turn", "free_used"], [], "state.turn.free_used"),
        ("disguises", ["state", "stash"], [], "state.stash"),
    ],
)
def test_what_a_waiting_decision_relies_on_elsewhere_in_the_state_is_checked(
    kind: str, path: list[str], value: Any, named: str, saves: dict[str, tuple[dict[str, Any], Content | None]]
) -> None:
    save, content = saves[kind]
    bad = copy.deepcopy(save)
    node = bad
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    with pytest.raises(SaveError, match=rf"^{named.replace('.', '[.]')}: must hold"):
        Game.from_json(bad, content)


def test_a_flip_landing_off_the_revealed_side_is_refused(
    saves: dict[str, tuple[dict[str, Any], Content | None]],
) -> None:
    save, content = saves["flip_landing"]
    bad = copy.deepcopy(save)
    data = bad["state"]["pending"]["data"]
    bad["state"]["pending"]["data"] = {
        "spaces": ["15:2", *data["spaces"][1:]],
        "side": data["side"],
        "hero": data["hero"],
    }
    with pytest.raises(SaveError, match=r"^state\.pending\.data\.spaces\[0\]: must be a space of tile side 16"):
        Game.from_json(bad, content)
