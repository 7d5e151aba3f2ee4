"""Helpers for the rule tests of R-GEN, R-SETUP, R-ROUND, R-TURN, R-MOVE, R-SPACE, R-WATER and R-TRAP.

Positions are built with :func:`mnm.engine.scenario.load_scenario`. Most tests use the built-in
``proving-grounds`` chapter (side 5, the Guard Room):

* mouse adjacency: 1-2, 1-5, 2-3, 2-6, 2-7, 3-4, 3-7, 4-7, 4-10, 5-6, 5-8, 6-7, 6-9, 7-9, 7-10, 7-11, 8-9,
  8-12, 10-11, 11-14, 11-16, 12-13, 12-15, 13-14 (yellow line, arrow 13 -> 14: 1 with it, 3 against),
  13-15, 13-17, 14-16, 14-17, 15-17; 9-13 is a red line (minions only);
* mousetrap spaces 9 and 14, minion entry spaces 1, 3 and 10, the cell (15) is the start space.

Proving grounds is won as soon as no minion is left, so tests that need an empty board use the ``sandbox``
chapter of :func:`sandbox_content`: the built-in content plus a small test tile with water (side 97, "Test
Pool") and a chapter with no victory condition laying out sides 5, 97 (south of 5), 7 (the Dining Hall,
east of 5, whose table is a special area of capacity 8), 15 (the Pipes) and 10 (the Crystal Tunnels); it also
has a boss with three initiative cards (``test-warlord``) and an encounter card bringing it
(``test-warlord-arrives``). Test Pool, 4 x 4 spaces numbered row by row::

     1  2  3  4      land
     5  6  7  8      water with a current flowing east: 5 -> 6 -> 7 -> 8 -> off the tile
     9 10 11 12      9, 10 still water; 11, 12 land
    13 14 15 16      land

Die faces (``src/mnm/content/data/die.yaml``) by index, as scripted.
"""

from __future__ import annotations

import shutil
import tempfile
from functools import cache
from pathlib import Path
from typing import Any

from rulekit import of, one, options  # noqa: F401  (re-exported: flow tests import them from here)

from mnm.content.loader import Content, builtin_dir, load_content
from mnm.engine.events import Event
from mnm.engine.game import Game
from mnm.engine.scenario import load_scenario

CHEESE = 1  # 1 CHEESE
SWORD = 2  # 2 SWORD + STAR
SHIELD = 3  # 3 SWORD/SHIELD
BOW = 4  # 2 BOW
SHIELD_STAR = 5  # 3 SWORD/SHIELD + STAR
BOW_STAR = 6  # 1 BOW + STAR
NO_STAR = (CHEESE, SHIELD, BOW)  # faces that fail an obstacle check (R-GEN-06)

TEST_POOL = """\
# A small test tile with water (tests only): a current along row 2, still water at 9 and 10.
id: 97
tile: 49
name: {en: Test Pool, pt: Piscina de Teste}
colour: blue
source: authored
note: "test fixture for the water and current rules"
map:
  - "######"
  - "#abcd#"
  - "#efgh#"
  - "#ijkl#"
  - "#mnop#"
  - "######"
spaces:
  a: {n: 1}
  b: {n: 2}
  c: {n: 3}
  d: {n: 4}
  e: {n: 5, kind: water, drift: f}
  f: {n: 6, kind: water, drift: g}
  g: {n: 7, kind: water, drift: h}
  h: {n: 8, kind: water, drift: off-e}
  i: {n: 9, kind: water}
  j: {n: 10, kind: water}
  k: {n: 11}
  l: {n: 12}
  m: {n: 13}
  n: {n: 14}
  o: {n: 15}
  p: {n: 16}
"""

TEST_POOL_BACK = """\
id: 98
tile: 49
name: {en: Test Pool Back, pt: Verso da Piscina}
colour: orange
source: authored
note: "test fixture: the back of the test pool"
map:
  - "####"
  - "#ab#"
  - "#ab#"
  - "####"
spaces:
  a: {n: 1}
  b: {n: 2}
"""

SANDBOX_CHAPTER = """\
id: sandbox
number: 98
source: authored
note: "test fixture: no victory condition, a water tile and a special area"
name: {en: Sandbox, pt: Caixa de Areia}
objective: {en: None., pt: Nenhum.}
victory_text: {en: Done., pt: Feito.}
defeat_text: {en: Lost., pt: Perdido.}
party_size: 4
end_page: 6
layout:
  - {side: 5, at: [0, 0]}
  - {side: 7, at: [1, 0]}
  - {side: 97, at: [0, 1]}
  - {side: 15, at: [1, 1]}
  - {side: 10, at: [2, 0]}
start_space: "5:15"
special_searches:
  - {side: 97, card: fishhook-and-thread, where: water}
"""

TEST_BOSS = """
test-warlord:
  name: {en: Test Warlord, pt: Senhor de Teste}
  source: authored
  note: "test fixture: a boss with three initiative cards (R-ROUND-08)"
  attack: melee
  battle: 2
  defense: 2
  life: 5
  boss: true
  cards: 3
  figure_pool: warlord
  max_figures: 1
"""

TEST_ENCOUNTER = """
test-warlord-arrives:
  name: {en: "The Warlord Arrives", pt: "Chega o Senhor"}
  kind: standard
  source: authored
  note: "test fixture: brings the three-card test boss (R-ROUND-08)"
  rows:
    - {pages: [1, 12], minions: [{minion: test-warlord, count: 1}]}
  surge: [{minion: rat-warrior, count: 1}]
"""


@cache
def sandbox_content() -> Content:
    """The built-in content plus the test tile and the ``sandbox`` chapter (loaded once per test run)."""
    root = Path(tempfile.mkdtemp(prefix="mnm-sandbox-"))
    try:
        folder = root / "data"
        shutil.copytree(builtin_dir(), folder)
        (folder / "tiles" / "97-test-pool.yaml").write_text(TEST_POOL, encoding="utf-8")
        (folder / "tiles" / "98-test-pool-back.yaml").write_text(TEST_POOL_BACK, encoding="utf-8")
        (folder / "chapters" / "98-sandbox.yaml").write_text(SANDBOX_CHAPTER, encoding="utf-8")
        with (folder / "minions.yaml").open("a", encoding="utf-8") as f:
            f.write(TEST_BOSS)
        with (folder / "cards" / "encounters.yaml").open("a", encoding="utf-8") as f:
            f.write(TEST_ENCOUNTER)
        return load_content(folder)
    finally:
        shutil.rmtree(root, ignore_errors=True)


def scenario(**fields: Any) -> Game:
    """A proving-grounds position (unless ``chapter`` is given) at the first decision of its turn."""
    data: dict[str, Any] = {"chapter": "proving-grounds", **fields}
    return load_scenario(data)


def sandbox(**fields: Any) -> Game:
    """A position on the ``sandbox`` chapter (no victory condition; water on side 97)."""
    return load_scenario({"chapter": "sandbox", **fields}, content=sandbox_content())


def moves(game: Game) -> set[str]:
    """The destinations of the pending decision's move options."""
    return {a.args[0] for a in game.legal_actions() if a.verb == "move"}


def msgs(events: list[Event]) -> list[str]:
    return [e.msg for e in events]
