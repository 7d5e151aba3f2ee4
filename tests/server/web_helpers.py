"""Shared helpers for the web server tests (imported by test_server_*.py)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx

PARTY = ["collin", "tilda", "filch", "maginos"]
SEATS = [["collin", "tilda"], ["filch", "maginos"]]
CHAPTER = "proving-grounds"
ROOT = Path(__file__).resolve().parents[2]
EXAMPLE_CHAPTER = (ROOT / "examples" / "chapters" / "kitchen-run.yaml").read_text(encoding="utf-8")
# issue 34's attack: a chapter that does not end (the end marker moves on at every hourglass page), with a long
# story (~3.9 KB) told on every movement roll
LONG = "A long and winding story. " * 150
ENDLESS = EXAMPLE_CHAPTER.replace(
    "rules:                    # trigger",
    "rules:\n"
    "  - id: every-roll\n    rule: R-STORY-03\n    when: movement_roll\n    do: [story: {moment: saga}]\n"
    "  - id: later\n    rule: R-STORY-03\n    when: hourglass_page\n    do: [move_end_marker: {pages: 1}]\n"
    "#",
    1,
).replace("story:                    # moments", f"story:\n  saga: {{en: {LONG!r}, pt: {LONG!r}}}\n#", 1)
BOTS = ["heuristic"] * 4  # every seat a bot


def create_body(**over: Any) -> dict[str, Any]:
    body: dict[str, Any] = {"chapter": CHAPTER, "party": PARTY, "seats": SEATS, "seed": 3}
    body.update(over)
    return body


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class ServerProcess:
    """``mnm serve`` as a real subprocess on a free loopback port (for restart and browser tests)."""

    def __init__(self, db_url: str, port: int | None = None, extra: list[str] | None = None) -> None:
        self.db_url = db_url
        self.extra = ["--allow-seed"] if extra is None else extra  # the tests replay known seeds
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self, timeout: float = 60.0) -> ServerProcess:
        env = dict(os.environ)
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "mnm", "serve", "--port", str(self.port), "--db", self.db_url, *self.extra],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"mnm serve exited with {self.proc.returncode}")
            try:
                if httpx.get(self.url + "/api/health", timeout=1).json() == {"ok": True}:
                    return self
            except (httpx.HTTPError, ValueError):
                pass
            time.sleep(0.1)
        self.stop()
        raise RuntimeError("mnm serve did not answer in time")

    def kill(self) -> None:
        """SIGKILL: no shutdown handler runs (what a crash does)."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(timeout=10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=3)  # uvicorn waits for open sockets; the tests do not need that
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=10)


# A chapter that bots finish in a few rounds: two tiles, one Rat Warrior to clear (the library's tests, issue 36)
TINY_CHAPTER = """\
id: tiny-trial
number: 100
source: authored
note: a tiny chapter for the library's tests
name: {en: Tiny Trial, pt: Pequena Prova}
objective: {en: Clear the second tile., pt: Limpem o segundo quadro.}
victory_text: {en: The way is clear., pt: O caminho está livre.}
defeat_text: {en: Time has run out., pt: O tempo acabou.}
story:
  opening: {en: A rat blocks the road., pt: Um rato bloqueia a estrada.}
setup:
  party_size: 2
  forbidden_heroes: []
  encounter_kinds: [standard]
  end_page: 8
  track_pages: 10
  layout:
    - {side: 5, at: [0, 0]}
    - {side: 7, at: [1, 0]}
  start_space: "5:15"
  starting_minions:
    - {minion: rat-warrior, count: 1, side: 7}
victory:
  - tile_clear: {side: 7}
rules: []
"""


def publish_body(**over: Any) -> dict[str, Any]:
    body: dict[str, Any] = {
        "text": TINY_CHAPTER,
        "title": "Two Tiles",
        "description": "One rat, two tiles.",
        "languages": ["en", "pt"],
        "mice": 2,
        "author": "Ana",
        "licence": "CC BY 4.0",
    }
    body.update(over)
    return body


def play_as_people(client: Any, table: str, token: str, limit: int = 3000) -> dict[str, Any]:
    """Play a table to its end as its people would: the heuristic bot chooses, the action goes over HTTP with
    ``token`` (a seat's, or the host's). Returns the last view."""
    from mnm.bots import make_bot

    service = client.app.state.service
    for n in range(limit):
        view = client.get(f"/api/tables/{table}", headers={"X-Seat-Token": token}).json()["view"]
        if view["status"] != "playing" or view.get("stopped"):
            return view  # type: ignore[no-any-return]
        game = service.live[table].game
        action = make_bot("heuristic", n).choose(game)
        r = client.post(
            f"/api/tables/{table}/actions",
            json={"action": str(action), "version": view["version"]},
            headers={"X-Seat-Token": token},
        )
        if r.status_code == 429:  # faster than a person (20 actions/s per seat): wait as the client would
            time.sleep(float(r.json()["params"]["retry_after_seconds"]))
            continue
        assert r.status_code in (200, 409), r.text
    raise AssertionError("the table did not end")
