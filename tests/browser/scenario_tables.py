"""A table at a scenario's position, for browser tests and screenshots: the scenario is loaded and its actions
played here, and the table is written straight into the server's storage (as a table whose journal is empty and
whose snapshot is that position: the server restores it from the snapshot when it is first asked for)."""

from __future__ import annotations

import hashlib
import secrets
from typing import Any

from mnm.engine import Game
from mnm.server.storage import Storage
from scenariokit import scenario_game

# Chapter 1, one step from victory: Maginos moves onto the goal where the other three stand.
NEAR_VICTORY = """
chapter: flight-to-barksburg
tiles: {courtyard: 1}
explored: [5, 1]
heroes:
  collin: {space: "1:16"}
  tilda: {space: "1:16"}
  filch: {space: "1:16"}
  maginos: {space: "1:15"}
track: [mouse:maginos, mouse:collin, mouse:tilda, mouse:filch]
turn: mouse:maginos
dice: [3, 2, 2, 2, 2, 2, 2, 2, 2]
"""


def seat_scenario(db_url: str, name: str) -> dict[str, Any]:
    """Write a hotseat table at scenario ``name`` into the storage at ``db_url``; its id and host link."""
    return seat_game(db_url, scenario_game(name))


def seat_game(db_url: str, game: Game) -> dict[str, Any]:
    """Write a hotseat table at ``game``'s position (playing or over) into the storage at ``db_url``."""
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
