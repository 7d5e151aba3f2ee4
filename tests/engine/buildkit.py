"""Play and replay games in one engine build and print what happened, for comparing builds (test_builds.py).

Run as a script in a subprocess whose environment picks the build (``MNM_ENGINE=pure`` or ``compiled``,
src/mnm/_build.py). Reads a job from stdin (JSON), writes the traces to stdout (JSON):

* ``games``: random legal play from a game seed and a choice seed (``rng.randrange`` over the listed
  options), through ``Game.apply`` or ``apply_action_in_place``;
* ``replays``: each game's action log in text form replayed through ``Game.apply``, with one undo and a
  save/load round trip on the way.

A trace is every step's state JSON, its events (JSON and rendered in English and Portuguese) and the legal
actions listed, so the two builds must agree on every state, every event and every option.
"""

from __future__ import annotations

import json
import random
import sys
from typing import Any

import mnm
from mnm import _build
from mnm.engine.game import Game, apply_action_in_place, legal_actions
from mnm.engine.i18n import render


def _step(game: Game, events: list[Any]) -> dict[str, Any]:
    return {
        "state": game.state.to_json(),
        "events": [e.to_json() for e in events],
        "text": [[render(e, "en"), render(e, "pt-BR")] for e in events],
        "options": [str(a) for a in legal_actions(game.ctx, game.state)] if game.state.status == "playing" else [],
    }


def play(job: dict[str, Any]) -> dict[str, Any]:
    game = Game.new(job["chapter"], job["party"], seed=job["seed"], options=job.get("options") or {})
    rng = random.Random(job["choice_seed"])
    steps = [_step(game, game.events)]
    log: list[str] = []
    while game.state.status == "playing" and len(log) < job["max_decisions"]:
        options = legal_actions(game.ctx, game.state)
        if not options:
            break
        action = options[rng.randrange(len(options))]
        log.append(str(action))
        if job.get("in_place"):
            events = apply_action_in_place(game.ctx, game.state, action)
        else:
            events = game.apply(action)
        steps.append(_step(game, events))
    return {"log": log, "steps": steps}


def replay(job: dict[str, Any]) -> dict[str, Any]:
    game = Game.new(job["chapter"], job["party"], seed=job["seed"], options=job.get("options") or {})
    steps = [_step(game, game.events)]
    undone = False
    for i, text in enumerate(job["log"]):
        events = game.apply(text)
        steps.append(_step(game, events))
        if not undone and game.can_undo()[0]:  # take the first undoable action back and play it again
            game.undo()
            steps.append({"undone": game.state.to_json()})
            steps.append(_step(game, game.apply(text)))
            undone = True
        if i == len(job["log"]) // 2:  # a save and load half way: the rest plays on the loaded game
            game = Game.from_json(json.loads(json.dumps(game.to_json())))
    return {"log": list(game.log), "steps": steps}


def main() -> None:
    job = json.load(sys.stdin)
    games = [play(g) for g in job["games"]]
    out = {
        "build": _build.build_name(),
        "selected": mnm.ENGINE_BUILD,
        "games": games,
        "replays": [replay({**g, "log": trace["log"]}) for g, trace in zip(job["games"], games, strict=True)],
    }
    json.dump(out, sys.stdout)


if __name__ == "__main__":
    main()
