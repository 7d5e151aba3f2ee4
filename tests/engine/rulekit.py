"""Shared helpers for the rule tests of R-BATTLE, R-SEARCH, R-EXPLORE, R-ENC, R-SURGE, R-MINION and R-BOSS.

Positions are built with :func:`mnm.engine.scenario.load_scenario`, by default on the one-tile
``proving-grounds`` chapter (side 5, the Guard Room). Guard Room adjacency used by these tests (minions ignore
red and yellow lines, mice do not):

* 1-2, 1-5, 2-3, 2-6, 2-7, 3-4, 3-7, 4-7, 4-10, 5-6, 5-8, 6-7, 6-9, 7-9, 7-10, 7-11, 8-9, 8-12, 9-13 (red line:
  minions only), 10-11, 11-14, 11-16, 12-13, 12-15, 13-14, 13-15, 13-17, 14-16, 14-17, 15-17.
* Entry spaces 1, 3, 10; flip space 8 (sewer grate); mousetrap spaces 9, 14; the one exit (exit-0) is next to 4.

Die faces (``src/mnm/content/data/die.yaml``), by index as scripted.
"""

from __future__ import annotations

from typing import Any

import pytest

from mnm.content.loader import Content, builtin_content
from mnm.engine.errors import IllegalAction
from mnm.engine.events import Event
from mnm.engine.game import Game
from mnm.engine.scenario import load_scenario

CHEESE = 1  # 1 CHEESE
SWORD = 2  # 2 SWORD + STAR
SHIELD = 3  # 3 SWORD/SHIELD (a melee hit when attacking, a block when defending)
BOW = 4  # 2 BOW
SHIELD_STAR = 5  # 3 SWORD/SHIELD + STAR
BOW_STAR = 6  # 1 BOW + STAR


def row_count(card: str, minion: str, page: int = 1) -> int:
    """How many ``minion`` the encounter ``card``'s row for ``page`` places: encounter values are authored
    and calibrated (docs/difficulty.md), so rule tests read them rather than pin them."""
    row = next(r for r in builtin_content().encounter_cards[card].rows if r.pages[0] <= page <= r.pages[1])
    return sum(mc.count for mc in row.minions if mc.minion == minion)


def surge_count(card: str, minion: str) -> int:
    """How many ``minion`` the encounter ``card``'s surge line places (authored, calibrated)."""
    return sum(mc.count for mc in builtin_content().encounter_cards[card].surge if mc.minion == minion)


def scenario(content: Content | None = None, **fields: Any) -> Game:
    """A proving-grounds position (unless ``chapter`` is given) at the first decision of its turn."""
    data: dict[str, Any] = {"chapter": "proving-grounds", **fields}
    return load_scenario(data, content=content)


def mouse_turn(
    hero: str,
    heroes: dict[str, dict[str, Any]],
    dice: list[int] | None = None,
    *,
    default_minions: dict[str, dict[str, Any]],
    **fields: Any,
) -> Game:
    """``hero``'s turn with the given mice (movement die: CHEESE, a 1), and ``default_minions`` unless the test
    gives ``minions``."""
    return scenario(
        heroes=heroes,
        minions=fields.pop("minions", default_minions),
        turn=f"mouse:{hero}",
        dice=[CHEESE, *(dice or [])],
        **fields,
    )


def illegal(game: Game, action: str) -> str:
    """The reason ``action`` is refused; asserts that the refusal changed nothing."""
    before = game.state.to_json()
    with pytest.raises(IllegalAction) as err:
        game.apply(action)
    assert game.state.to_json() == before  # a refused action changes nothing
    return err.value.reason


def of(events: list[Event], msg: str) -> list[Event]:
    """The events with message id ``msg``, in order."""
    return [e for e in events if e.msg == msg]


def one(events: list[Event], msg: str) -> Event:
    """The single event with message id ``msg`` (fails when there is none or several)."""
    found = of(events, msg)
    assert len(found) == 1, f"expected one {msg!r} event, got {len(found)}: {[e.msg for e in events]}"
    return found[0]


def options(game: Game) -> set[str]:
    """The pending decision's legal options in text form."""
    return {str(a) for a in game.legal_actions()}


# --- a test content folder: the built-in one plus a small lab chapter ------------------------------------

LAB_CHAPTER = """
id: rules-lab
number: 99
source: authored
note: "a test chapter for rule tests: The Pipes (side 15, with a gear flip) over a Drain Pipe given two flip spaces"
name: {en: The Rules Lab, pt: O Laboratório de Regras}
objective: {en: Test the rules., pt: Testar as regras.}
victory_text: {en: Done., pt: Feito.}
defeat_text: {en: Lost., pt: Perdido.}
party_size: 4
encounter_kinds: [standard]
end_page: 6
layout:
  - {side: 15, at: [0, 0]}
start_space: "15:2"
"""

LAB_BOSS = """
lab-warlord:
  name: {en: Lab Warlord, pt: Senhor da Guerra}
  source: authored
  note: "a test boss with three initiative cards (R-ROUND-08, R-BOSS-03)"
  attack: melee
  battle: 2
  defense: 2
  life: 2
  boss: true
  cards: 3
  figure_pool: warlord
  max_figures: 1
"""

_LAB: list[Content] = []


def lab_content() -> Content:
    """The built-in content with a ``rules-lab`` chapter, a second flip space on side 16 (16:4) and a
    three-card boss, loaded once per test session."""
    if not _LAB:
        import atexit
        import shutil
        import tempfile
        from pathlib import Path

        from mnm.content.loader import builtin_dir, load_content

        root = Path(tempfile.mkdtemp(prefix="mnm-lab-"))
        atexit.register(shutil.rmtree, root, True)
        data = root / "data"
        shutil.copytree(builtin_dir(), data)
        (data / "chapters" / "99-rules-lab.yaml").write_text(LAB_CHAPTER, encoding="utf-8")
        with (data / "minions.yaml").open("a", encoding="utf-8") as f:
            f.write(LAB_BOSS)
        drain = next((data / "tiles").glob("16-*.yaml"))
        text = drain.read_text(encoding="utf-8")
        old = "  d: {n: 4, entry: true}"
        assert text.count(old) == 1, "side 16's space 4 changed: update rulekit.lab_content"
        drain.write_text(text.replace(old, "  d: {n: 4, entry: true, flip: plain}"), encoding="utf-8")
        _LAB.append(load_content(data))
    return _LAB[0]
