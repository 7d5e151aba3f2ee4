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
from test_untrusted_files import _boss_card_save, _minion_space_save

from mnm.content.loader import Content
from mnm.engine.context import DECISIONS
from mnm.engine.errors import IllegalAction, SaveError
from mnm.engine.game import Game
from mnm.engine.savefile import _PENDING_DATA

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


@pytest.fixture(scope="module")
def saves() -> dict[str, tuple[dict[str, Any], Content | None]]:
    found: dict[str, tuple[dict[str, Any], Content | None]] = {k: (s, None) for k, s in _play_for_saves().items()}
    assert set(found) >= WANTED, f"the bots reached only {sorted(found)}"
    found["minion_space"] = (_minion_space_save(), None)
    found["boss_card"] = _boss_card_save()
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


@pytest.mark.parametrize(
    "kind", ["choose_ability", "turn", "equipping", "sharing", "found_card", "minion_space", "boss_card"]
)
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


@pytest.mark.parametrize("kind", ["turn", "sharing", "minion_space"])
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
    assert set(DECISIONS) == set(_PENDING_DATA) | without_data
