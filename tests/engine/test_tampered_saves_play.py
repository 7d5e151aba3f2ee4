"""Issue 26, finding 6: a save the validator accepts loads and plays; anything else is refused with one line.

Saves are taken from random play of every chapter (expansion tokens and chapter bookkeeping in play) and
tampered one field at a time in the parts the earlier tests left alone: ``chapter_data`` (every key), the
initiative ``track``, the arguments of the automatic steps on the ``stack``, the turn and the tokens. Each
tampered save is either refused with one :class:`SaveError` line, or it loads, answers every listed option
(each on a fresh load) and plays 8 more decisions without any exception but :class:`IllegalAction`."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from test_cache_agreement import token_play

from mnm.content.loader import builtin_content
from mnm.engine.errors import IllegalAction, SaveError
from mnm.engine.game import Game

PARTY = ["collin", "tilda", "filch", "maginos"]
CHAPTERS = list(builtin_content().chapters)
BAD_VALUES: tuple[Any, ...] = (7, None, "no-such-id", ["no-such-id"], {}, -1, 2**40, [[["x"]]])


def _saves(chapter: str, seeds: int = 3, steps: int = 120, every: int = 20) -> list[dict[str, Any]]:
    """Saves along random play of ``chapter`` (whistles and moves likelier, so tokens come into play)."""
    out = []
    for seed in range(seeds):
        for n, game in enumerate(token_play(chapter, seed, steps)):
            if n % every == every - 1 or (game.state.chapter_data and n % every == 0):
                save = game.to_json()
                Game.from_json(save)  # a real save always loads
                out.append(save)
    return out


def _tampered(save: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """(what was done, the tampered save) for chapter_data, track, stack and turn fields."""
    out: list[tuple[str, dict[str, Any]]] = []
    st = save["state"]

    def variant(what: str, change: Any) -> None:
        bad = copy.deepcopy(save)
        change(bad["state"])
        out.append((what, bad))

    def set_path(path: list[Any], value: Any) -> Any:
        def change(s: dict[str, Any]) -> None:
            node = s
            for key in path[:-1]:
                node = node[key]
            node[path[-1]] = value

        return change

    def leaves(node: Any, path: list[Any]) -> list[list[Any]]:
        if isinstance(node, dict):
            return [path] + [p for k, v in node.items() for p in leaves(v, [*path, k])]
        if isinstance(node, list):
            return [path] + [p for i, v in enumerate(node[:4]) for p in leaves(v, [*path, i])]
        return [path]

    for path in leaves(st["chapter_data"], ["chapter_data"])[1:]:
        for value in BAD_VALUES:
            variant(f"{path}={value!r}", set_path(path, value))
    variant("chapter_data unknown key", set_path(["chapter_data", "bogus"], 1))
    for i in range(len(st["track"])):
        for value in ("mouse:nobody", "minion:no-such", "boss:rat-warrior", "cat:naps", 7, st["track"][0]):
            variant(f"track[{i}]={value!r}", set_path(["track", i], value))
    variant("track empty", set_path(["track"], []))
    variant("stack empty", set_path(["stack"], []))
    for value in (None, {"mouse": "no-such"}, {"mouse": st["party"][-1]}):
        variant(f"turn={value!r}", set_path(["turn"], value))
    for i, item in enumerate(st["stack"]):
        for j in range(1, len(item)):
            for value in BAD_VALUES:
                variant(f"stack[{i}][{j}]={value!r}", set_path(["stack", i, j], value))
        variant(f"stack[{i}] args dropped", set_path(["stack", i], item[:1]))
        variant(f"stack[{i}] extra arg", set_path(["stack", i], [*item, "extra"]))
    if st["turn"] is not None:
        for key in ("move_points", "extra_actions", "flags", "free_used"):
            for value in BAD_VALUES:
                variant(f"turn.{key}={value!r}", set_path(["turn", key], value))
    for key in list(st["tokens"])[:3]:
        for value in ([], ["no-such-space"], ["5:1", "5:1"]):
            variant(f"tokens.{key}={value!r}", set_path(["tokens", key], value))
    return out


def _plays(save: dict[str, Any], seed: int) -> None:
    """Load, answer every listed option on a fresh load, then play 8 decisions: only IllegalAction may stop."""
    game = Game.from_json(save)
    d = game.decision()
    for action in list(d.options) if d is not None else []:
        again = Game.from_json(save)
        try:
            again.apply(action)
        except IllegalAction:
            continue
    rng = random.Random(seed)
    for _ in range(8):
        d = game.decision()
        if d is None or not d.options:
            break
        try:
            game.apply(rng.choice(list(d.options)))
        except IllegalAction:
            break


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_a_tampered_save_is_refused_in_one_line_or_plays(chapter: str) -> None:
    saves = _saves(chapter)
    assert saves
    crashes: list[str] = []
    refused = played = 0
    for n, save in enumerate(saves):
        for what, bad in _tampered(save):
            try:
                Game.from_json(bad)
            except SaveError as err:
                assert "\n" not in str(err), what
                refused += 1
                continue
            try:
                _plays(bad, n)
                played += 1
            except Exception as err:
                crashes.append(f"{what}: {type(err).__name__}: {err}"[:200])
    assert not crashes, f"{len(crashes)} crashes, e.g. {crashes[:5]}"
    assert refused > 0 and played > 0


def test_every_step_has_its_arguments_checked() -> None:
    """A step added to the engine without an argument check fails here (its arguments would be trusted)."""
    from mnm.engine.context import STEPS
    from mnm.engine.save_flow import step_arg_specs

    save = Game.new("proving-grounds", PARTY, seed=1).to_json()["state"]
    game = Game.new("proving-grounds", PARTY, seed=1)
    specs = step_arg_specs(save, game.ctx.content, game.ctx.board, lambda v, w: None)
    assert set(STEPS) == set(specs)
