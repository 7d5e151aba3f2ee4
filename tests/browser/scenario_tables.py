"""A table at a scenario's position, for browser tests and screenshots: the scenario is loaded and its actions
played here, and the table is written straight into the server's storage (as a table whose journal is empty and
whose snapshot is that position: the server restores it from the snapshot when it is first asked for)."""

from __future__ import annotations

import hashlib
import secrets
from pathlib import Path
from typing import Any

from mnm.engine import Game, load_scenario, scenario_from_yaml
from mnm.server.storage import Storage

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "examples" / "scenarios"


def scenario_game(name: str) -> Game:
    """``examples/scenarios/NAME.yaml`` loaded, with its own actions played."""
    data = scenario_from_yaml((SCENARIOS / f"{name}.yaml").read_text(encoding="utf-8"))
    actions = data.pop("actions", None) or []
    game = load_scenario(data)
    for action in actions:
        game.apply(action)
    return game


def seat_scenario(db_url: str, name: str) -> dict[str, Any]:
    """Write a hotseat table at scenario ``name`` into the storage at ``db_url``; its id and host link."""
    game = scenario_game(name)
    st = game.state
    token = secrets.token_urlsafe(16)
    digest = hashlib.sha256(token.encode()).hexdigest()
    table_id = f"scn-{secrets.token_hex(4)}"
    setup = {"chapter": st.chapter, "party": list(st.party), "seats": [list(st.party)], "seed": 0, "dice": "seeded"}
    storage = Storage(db_url)
    try:
        storage.create_table(table_id, setup, {"host": digest, "seats": [digest]}, game.to_json(), [], st.status)
    finally:
        storage.close()
    return {"table": table_id, "token": token, "link": f"/#t={table_id}&k={token}", "game": game}
