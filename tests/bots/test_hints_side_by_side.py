"""Issue 26, finding 2: hints for two tables at once (the server runs two searches in threads) each answer
for their own table, exactly as they would alone; the bots keep no module-level mutable state."""

from __future__ import annotations

import ast
import threading
from pathlib import Path

from mnm.bots.hints import hints
from mnm.engine import Game

PARTY = ["collin", "tilda", "filch", "maginos"]
BOTS = Path(__file__).resolve().parents[2] / "src" / "mnm" / "bots"


def _answer(game: Game) -> list[dict[str, object]]:
    return [h.to_json() for h in hints(game, count=3, iterations=48, seed=5, seconds=None, horizon=4)]


def test_two_tables_hinted_at_once_each_get_their_own_answer() -> None:
    games = [Game.new("proving-grounds", PARTY, seed=3), Game.new("the-trickle-crossing", PARTY, seed=8)]
    alone = [_answer(g) for g in games]
    for game, answer in zip(games, alone, strict=True):
        legal = {str(a) for a in game.legal_actions()}
        assert answer and {h["action"] for h in answer} <= legal
    results: dict[tuple[int, int], object] = {}

    def run(i: int, n: int) -> None:
        try:
            results[(i, n)] = _answer(Game.from_json(games[i].to_json()))
        except Exception as err:  # a crash is an answer too: it must not happen
            results[(i, n)] = err

    for n in range(3):
        threads = [threading.Thread(target=run, args=(i, n)) for i in (0, 1)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    for (i, _n), got in results.items():
        assert got == alone[i], f"table {i}: {got!r}"


def test_the_bots_have_no_global_statements() -> None:
    """Module-level state written at run time (``global``) is what made two searches read each other's jobs."""
    for path in sorted(BOTS.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        found = [n.lineno for n in ast.walk(tree) if isinstance(n, ast.Global)]
        assert not found, f"{path.name}: 'global' at line(s) {found}"
