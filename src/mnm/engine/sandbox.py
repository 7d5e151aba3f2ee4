"""The sandbox table's changes (issue 46, item 5): a chapter's designer, testing a draft at a table, sets one of its
counters or flags, fires one of its rules, or jumps the hourglass to a page, to see what the chapter does then.

Not a rule of the game: a designer's tool, never offered to players of a published chapter (the server allows it
only at a workshop table, and the table's record then says the game was changed by hand). Pure like the rest of
the engine: :func:`sandbox_change` takes a game and a change in text form (so a table's journal can hold it and a
record replays it) and returns the events; a change that cannot be made raises :class:`SandboxError` and changes
nothing.

Changes (text form):

- ``counter NAME VALUE``: the chapter's counter NAME is VALUE (-999..999);
- ``flag NAME on`` / ``flag NAME off``: the chapter's flag NAME is set / cleared;
- ``fire RULE``: the chapter rule RULE's effects run now, whatever its trigger and conditions (a ``once`` rule
  is marked fired); the mouse whose decision is pending is "the mouse"; a rule that would ask the players
  something (a story choice) is refused: let it fire in play;
- ``page N``: the hourglass moves to page N; forward it moves page by page as the rules move it (the chapter's
  hourglass rules fire, the end marker loses), back it is simply put there.

After a change the chapter's victory and defeat are checked, as after any step (and, as in play, only once the
turns have begun: a change made while the mice choose their abilities ends the game at the first step after). The undo history is cleared
(what came before a hand-made change is not taken back across it).
"""

from __future__ import annotations

import re
from typing import Final

from mnm.content.schema import Chapter
from mnm.engine.context import STEPS, Ctx
from mnm.engine.errors import EngineError
from mnm.engine.events import Event
from mnm.engine.game import Game
from mnm.engine.rules.chapter_firing import FIRED, CompiledRule, Fire, run_effects
from mnm.engine.rules.victory import advance_hourglass, check_victory
from mnm.engine.state import Pending, State

__all__ = ["SANDBOX_ROW", "SANDBOX_RULE", "SandboxError", "parse_change", "sandbox_change"]

SANDBOX_ROW: Final = "sandbox"  # the kind of a table's journal row that holds a change (mnm.records.record)
SANDBOX_RULE: Final = "SANDBOX"  # the rule field of the events a change emits (no rulebook rule: a designer's tool)
NAME: Final = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")
BOUND: Final = 999
MAX_STEPS: Final = 10_000  # automatic steps a fired rule may start


class SandboxError(EngineError):
    """A sandbox change that cannot be made; ``str(err)`` is the English sentence for the designer and
    ``message`` the same refusal as an event (``sandbox_refused_<why>``) that a client renders in its player's
    language (:func:`mnm.engine.i18n.render`), as an :class:`~mnm.engine.errors.IllegalAction`'s message."""

    def __init__(self, reason: str, why: str, **params: str | int) -> None:
        super().__init__(reason)
        self.reason = reason
        self.message = Event(f"sandbox_refused_{why}", dict(params), SANDBOX_RULE)


def parse_change(text: str) -> tuple[str, str, int]:
    """``(kind, name, number)`` of a change's text form; :class:`SandboxError` when it is not one."""
    words = str(text).split()
    if len(words) == 3 and words[0] == "counter" and NAME.match(words[1]):
        try:
            value = int(words[2])
        except ValueError:
            raise SandboxError(
                f"a counter's value is a whole number, not {words[2][:20]!r}", "not_number", text=repr(words[2][:20])
            ) from None
        if not -BOUND <= value <= BOUND:
            raise SandboxError(f"a counter's value is between -{BOUND} and {BOUND}", "bounds", bound=BOUND)
        return "counter", words[1], value
    if len(words) == 3 and words[0] == "flag" and NAME.match(words[1]) and words[2] in ("on", "off"):
        return "flag", words[1], int(words[2] == "on")
    if len(words) == 2 and words[0] == "fire" and NAME.match(words[1]):
        return "fire", words[1], 0
    if len(words) == 2 and words[0] == "page" and words[1].isdigit():
        return "page", "", int(words[1])
    raise SandboxError("a change is 'counter NAME VALUE', 'flag NAME on|off', 'fire RULE' or 'page N'", "shape")


def sandbox_change(game: Game, text: str) -> list[Event]:
    """Make the change ``text`` (module docstring) on ``game``; the events it caused. Raises :class:`SandboxError`
    and changes nothing when it cannot be made."""
    kind, name, number = parse_change(text)
    st0 = game.state
    if st0.status != "playing":
        raise SandboxError("the chapter is over: nothing can be changed", "over")
    chapter = game.ctx.content.chapters[st0.chapter]
    ctx = game.ctx.fresh()
    st = st0.copy()
    if kind == "counter":
        st.chapter_vars[name] = number
        ctx.emit("sandbox_counter", SANDBOX_RULE, name=name.replace("_", " "), value=number)
    elif kind == "flag" and number:
        st.chapter_vars[name] = True
        ctx.emit("sandbox_flag_on", SANDBOX_RULE, name=name.replace("_", " "))
    elif kind == "flag":
        st.chapter_vars.pop(name, None)
        ctx.emit("sandbox_flag_off", SANDBOX_RULE, name=name.replace("_", " "))
    elif kind == "fire":
        _fire(ctx, st, chapter, name)
    else:
        _page(ctx, st, number)
    if st.status == "playing":
        check_victory(ctx, st)
    game.state = st
    game.events.extend(ctx.events)
    game.log.append(f"sandbox {text}")
    game._undo.clear()  # the engine's own game: a hand-made change is not undone across
    return list(ctx.events)


def _settle(ctx: Ctx, st: State, mark: int, pending: Pending | None) -> None:
    """Run the steps a change started (above ``mark`` on the stack), then give back the decision that was pending;
    a change that would ask the players something new is refused."""
    steps = 0
    while len(st.stack) > mark and st.pending is None and st.status == "playing":
        steps += 1
        if steps > MAX_STEPS:
            raise SandboxError("the rule's effects do not come to an end", "endless")
        item = st.stack.pop()
        STEPS[item[0]](ctx, st, item[1:])
    if st.pending is not None:
        raise SandboxError("this asks the players to choose: let it happen in play", "asks")
    if st.status == "playing":
        st.pending = pending


def _fire(ctx: Ctx, st: State, chapter: Chapter, rule_id: str) -> None:
    found = next((r for r in chapter.all_rules() if r.id == rule_id), None)
    if found is None:
        raise SandboxError(
            f"the chapter has no rule {rule_id!r}", "no_rule", rule=rule_id.replace("-", " ").replace("_", " ")
        )
    rule = CompiledRule(found)
    pending = st.pending
    actor = pending.actor if pending is not None and pending.actor in st.heroes else ""
    ctx.emit("sandbox_fire", SANDBOX_RULE, name=rule_id.replace("-", " ").replace("_", " "))
    if rule.once and rule.id not in (st.chapter_data.get(FIRED) or []):
        st.chapter_data.setdefault(FIRED, []).append(rule.id)
    mark = len(st.stack)
    st.pending = None
    run_effects(ctx, st, Fire(figure=actor, mouse=actor), rule, rule.effects)
    _settle(ctx, st, mark, pending)


def _page(ctx: Ctx, st: State, page: int) -> None:
    if not 1 <= page <= st.end_page:
        raise SandboxError(
            f"the chapter track's pages are 1 to {st.end_page} (its end marker)", "page", end_page=st.end_page
        )
    if page < st.hourglass:
        st.hourglass = page
        ctx.emit("sandbox_page", SANDBOX_RULE, page=page, end_page=st.end_page)
        return
    pending, mark = st.pending, len(st.stack)
    st.pending = None
    while st.hourglass < page and st.status == "playing":
        advance_hourglass(ctx, st, "sandbox")
    _settle(ctx, st, mark, pending)
