"""See inside a game (issue 46, item 5): a finished game as a timeline of steps, for the replay viewer
(web/replay.js).

Two sources give the same frames:

- :func:`record_frames`: a table's record (``GET /api/tables/{id}/record``, ``mnm verify``'s file), replayed from
  its seed with the engine row by row (the record's own events are not trusted to be complete: the replay is);
- :func:`playtest_frames`: one game of a play-test, played again from its seed with the same bot and preset (the
  play-test's games are seeds 0..n-1, so a lost game is found again exactly, see :mod:`mnm.workshop.playtest`).

A frame is one decision (a journal row, a bot's choice): who acted, round and hourglass page, every event in both
languages (the minions' events, with their reasons, set apart), the chapter rules that fired, the chapter's
counters and flags after the step (and which changed), where each mouse stands, and, for a mouse's decision, the
party's current sub-goal as the bots read it (:func:`mnm.bots.plan.current_goal`) with its reason in both
languages. Frame 0 is the setup. Nothing here writes anything: a replay is computed, returned and forgotten.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import Any

from mnm.content.loader import Content
from mnm.engine import Event, Game, chapter_words, name_of, render

__all__ = ["MAX_FRAMES", "ReplayError", "playtest_frames", "record_frames", "replay_game"]

MAX_FRAMES = 4000  # steps a replay returns at most (a shipped chapter's game takes a few hundred)
GOAL_SECONDS = 5.0  # CPU seconds spent on sub-goals in one replay at most (then later frames carry none)
FIRED = "rules_fired"  # chapter_data key of the ``once`` rules that fired (mnm.engine.rules.chapter_rules.FIRED)


class ReplayError(Exception):
    """A record or game that cannot be replayed; the message is a sentence for the page."""


def _label(name: str) -> str:
    """A designer's name as players read it: ``winch_turned`` -> ``Winch turned``."""
    words = name.replace("_", " ").replace("-", " ").strip()
    return words[:1].upper() + words[1:]


def _both(event: Event, content: Content) -> dict[str, str]:
    try:
        return {"en": render(event, "en", content), "pt": render(event, "pt_BR", content)}
    except Exception:  # a catalog entry missing must not lose the replay
        plain = event.msg.replace("_", " ")
        return {"en": plain, "pt": plain}


def _name(ident: str, content: Content) -> dict[str, str]:
    return {"en": name_of(ident, content, "en"), "pt": name_of(ident, content, "pt_BR")}


def _is_minion_event(event: Event) -> bool:
    return event.rule.startswith("R-MINION") or event.msg.startswith(("minion_", "brodie_"))


def _rules_fired(events: list[Event], before: list[str], after: list[str]) -> list[str]:
    """The chapter rules (and chapter actions) a step ran: named by their events, and the ``once`` rules newly
    marked fired."""
    out: list[str] = []
    for ev in events:
        rid = ev.params.get("ref") if ev.msg == "chapter_action" else ev.params.get("chapter_rule")
        if isinstance(rid, str) and rid not in out:
            out.append(rid)
    for rid in after[len(before) :]:
        if rid not in out:
            out.append(rid)
    return out


_CODE = re.compile(r" (?:for|para) `[^`]*`")  # the condition in the file's notation (as mnm.bots.plan.stuck drops it)
_ACTION = re.compile(r"(action|ação) ([a-z0-9][a-z0-9_-]*)")
_SIDE = re.compile(r"\b(?:side|lado) (\d+)")


def goal_words(why: str, lang: str, content: Content, chapter_id: str) -> str:
    """The planner's reason in players' words: an action by its text, a tile side by its name, no file notation."""
    chapter = content.chapters.get(chapter_id)
    actions = chapter_words(chapter) if chapter is not None else {}
    pick = 1 if lang == "pt" else 0

    def action(m: re.Match[str]) -> str:
        said = actions.get(m.group(2))
        return f"{m.group(1)} “{said[pick]}”" if said else m.group(0)

    def side(m: re.Match[str]) -> str:
        found = content.tile_sides.get(int(m.group(1)))
        return (found.name.pt if pick else found.name.en) if found is not None else m.group(0)

    return _SIDE.sub(side, _ACTION.sub(action, _CODE.sub("", why)))


class _Goals:
    """The party's current sub-goal before each mouse's decision, within a CPU budget per replay."""

    def __init__(self, budget: float = GOAL_SECONDS) -> None:
        self.spent = 0.0
        self.budget = budget
        self.last: dict[str, str] | None = None

    def read(self, game: Game) -> dict[str, str] | None:
        if self.spent > self.budget:
            return None
        from mnm.bots.plan import current_goal

        started = time.process_time()
        try:
            sub = current_goal(game.ctx, game.state)
        except Exception:  # the planner's view is a help, never a reason for a replay to fail
            sub = None
        self.spent += time.process_time() - started
        if sub is None or not (sub.why[0] or sub.why[1]):
            return None
        content, chapter = game.ctx.content, game.state.chapter
        return {
            "en": goal_words(sub.why[0], "en", content, chapter),
            "pt": goal_words(sub.why[1] or sub.why[0], "pt", content, chapter),
        }


def _frame(
    game: Game,
    n: int,
    actor: str,
    events: list[Event],
    vars_before: dict[str, Any],
    fired_before: list[str],
    goal: dict[str, str] | None,
) -> dict[str, Any]:
    st = game.state
    content = game.ctx.content
    fired_after = list(st.chapter_data.get(FIRED) or [])
    changed = sorted(k for k in set(vars_before) | set(st.chapter_vars) if vars_before.get(k) != st.chapter_vars.get(k))
    return {
        "n": n,
        "round": st.round,
        "page": st.hourglass,
        "end_page": st.end_page,
        "actor": _name(actor, content) if actor else None,
        "events": [{"text": _both(ev, content), "rule": ev.rule, "minion": _is_minion_event(ev)} for ev in events],
        "rules": _rules_fired(events, fired_before, fired_after),
        "vars": dict(st.chapter_vars),
        "changed": changed,
        "mice": {
            h: {
                "space": hero.space,
                "at": _name(hero.space, content) if hero.space else None,
                "wounds": hero.wounds,
                "captured": bool(hero.captured),
            }
            for h, hero in st.heroes.items()
        },
        "minions": len(st.minions),
        "goal": goal,
        "status": st.status,
    }


def replay_game(
    game: Game,
    steps: Callable[[Game], tuple[str, list[Event]] | None],
    goals: bool = True,
    max_frames: int = MAX_FRAMES,
) -> dict[str, Any]:
    """Frames of ``game`` from its setup: ``steps(game)`` plays the next step and returns (actor, its events),
    or None at the end."""
    chapter = game.ctx.content.chapters[game.state.chapter]
    reader = _Goals() if goals else None
    frames = [_frame(game, 0, "", list(game.events), {}, [], None)]
    cut = False
    while True:
        if len(frames) > max_frames:
            cut = True
            break
        decision = game.decision()
        goal = None
        if reader is not None and decision is not None and decision.actor in game.state.heroes:
            goal = reader.read(game)
        vars_before = dict(game.state.chapter_vars)
        fired_before = list(game.state.chapter_data.get(FIRED) or [])
        step = steps(game)
        if step is None:
            break
        actor, events = step
        frames.append(_frame(game, len(frames), actor, events, vars_before, fired_before, goal))
    names = sorted({k for f in frames for k in f["vars"]})
    content = game.ctx.content
    return {
        "chapter": {"id": chapter.id, "name": {"en": chapter.name.en, "pt": chapter.name.pt}},
        "party": [{"id": h, "name": _name(h, content)} for h in game.state.heroes],
        "vars": [{"name": k, "label": _label(k)} for k in names],
        # what the frames' "rules" name: a rule by its designer's name, a chapter action by its text
        "rules": {r.id: {"en": _label(r.id), "pt": _label(r.id)} for r in chapter.all_rules()}
        | {a: {"en": en, "pt": pt} for a, (en, pt) in _action_words(chapter)},
        "status": game.state.status,
        "outcome": game.state.outcome or "",
        "cut": cut,
        "frames": frames,
    }


def _action_words(chapter: Any) -> list[tuple[str, tuple[str, str]]]:
    said = chapter_words(chapter)
    return [(a.id, said[a.id]) for a in chapter.actions if a.id in said]


def record_frames(record: Any, content: Content | None = None) -> dict[str, Any]:
    """The frames of a table's record (the format :mod:`mnm.records.record` writes), replayed from its seed."""
    from mnm.content.aliases import renamed, renamed_words
    from mnm.content.loader import builtin_content
    from mnm.engine import EngineError
    from mnm.engine.sandbox import SANDBOX_ROW, sandbox_change
    from mnm.records.record import RECORD_FORMAT, STOP, game_from_setup

    content = content or builtin_content()
    if not isinstance(record, dict) or record.get("format") != RECORD_FORMAT:
        raise ReplayError("this is not a table's record")
    try:
        setup = dict(renamed(record["setup"]))
        setup["seed"] = int(record["seed"])
        rows = [
            (str(r["kind"]), renamed_words(str(r["action"])), [int(f) for f in r.get("dice") or []])
            for r in record["journal"]
        ]
        if setup.get("chapter_file") is not None:
            from mnm.chapters.file import ChapterFileError, read_chapter_text

            try:
                content = read_chapter_text(str(setup["chapter_file"]), "chapter file", content)
            except ChapterFileError as err:
                raise ReplayError("the record's chapter file does not load") from err
        game = game_from_setup(setup, content)
    except (KeyError, TypeError, ValueError, EngineError) as err:
        raise ReplayError("the record is incomplete and cannot be replayed") from err
    todo = iter(rows)

    def step(g: Game) -> tuple[str, list[Event]] | None:
        for kind, action, dice in todo:
            if kind == STOP:
                return None
            if kind == "undo":  # an undone step is not part of the game that was played: replay what stood
                g.undo()
                return "", []
            if kind == SANDBOX_ROW:  # the host's hand-made change at a sandbox table
                return "", sandbox_change(g, action)
            actor = action.split(" ")[1] if " " in action else ""
            return actor, list(g.apply(action, dice=dice))
        return None

    try:
        return replay_game(game, step, goals=True)
    except (EngineError, ValueError, KeyError) as err:
        raise ReplayError("the record does not replay from its seed (made by another version?)") from err


def playtest_frames(
    text: str,
    party: tuple[str, ...],
    bot: str,
    preset: str,
    seed: int,
    max_decisions: int = 1500,
    stall_rounds: int = 30,
) -> dict[str, Any]:
    """The frames of the play-test game ``seed`` of chapter file ``text``: played again with the same bot,
    preset and seed as :func:`mnm.workshop.playtest.play_chunk` played it."""
    from mnm.bots.registry import make_bot
    from mnm.chapters.file import ChapterFileError, added_chapter, read_chapter_text
    from mnm.engine import difficulty_options

    try:
        content = read_chapter_text(text, "workshop")
    except ChapterFileError as err:
        raise ReplayError("the chapter has problems: check it first") from err
    chapter = added_chapter(content)[0]
    game = Game.new(chapter.id, list(party), seed=seed, options=difficulty_options(preset), content=content)
    chooser = make_bot(bot, seed=seed)
    count = 0
    page, since = game.state.hourglass, game.state.round

    def step(g: Game) -> tuple[str, list[Event]] | None:
        # as mnm.sim.simulate.play_game: at most max_decisions, and stopped when stall_rounds rounds pass on a page
        nonlocal count, page, since
        decision = g.decision()
        if decision is None or count >= max_decisions:
            return None
        if g.state.hourglass != page:
            page, since = g.state.hourglass, g.state.round
        elif stall_rounds and g.state.round - since >= stall_rounds:
            return None
        count += 1
        return decision.actor or "", list(g.apply(chooser.choose(g)))

    out = replay_game(game, step)
    out["playtest"] = {"bot": bot, "preset": preset, "seed": seed}
    return out
