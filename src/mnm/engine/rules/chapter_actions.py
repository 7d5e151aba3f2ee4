"""Chapter actions and story choices (R-STORY-05, R-STORY-05): decisions a chapter file adds.

* A **chapter action** (the file's ``actions:``) is something a mouse may choose to do with its action in its
  turn, listed with the turn's other options as ``act <mouse> <action id>`` while it stands where the action
  says and the action's conditions hold; taking it spends the action (R-TURN-02) and runs its effects.
* A **story choice** (effect ``choose``) asks the players to pick one of two to four story options, each with
  its own effects: a decision ``story_choice`` like any other (``choose <mouse> <option id>``), asked as soon as
  the effect has run (it waits on the step stack as ``["story_choice", choice id, mouse]``, so a game saved
  while it is asked loads and asks again).

Listing either never changes anything: the options come from the chapter's conditions, which only read.
"""

from __future__ import annotations

from typing import Any

from mnm.engine.actions import Action, shared_action
from mnm.engine.context import Ctx, decision, step, turn_verb
from mnm.engine.rules.turn import action_available, spend_action
from mnm.engine.state import Hero, Pending, State, Turn

__all__ = ["STORY_CHOICE", "act_options"]

STORY_CHOICE = "story_choice"


def act_options(ctx: Ctx, st: State, h: Hero, t: Turn) -> list[Action]:
    if h.space is None or not action_available(st, t) or "stunned" in h.statuses:
        return []
    return [shared_action("act", h.id, (aid,)) for aid in ctx.rules.action_options(ctx, st, h.id)]


def _act_apply(ctx: Ctx, st: State, h: Hero, t: Turn, a: Action) -> None:
    spend_action(ctx, st, t)
    ctx.rules.take_action(ctx, st, h.id, a.args[0])


def _act_explain(ctx: Ctx, st: State, h: Hero, t: Turn, a: Action) -> str:
    if len(a.args) != 1:
        return "a chapter action is 'act <mouse> <action>'"
    if not action_available(st, t):
        return "the mouse has already taken its action this turn (R-TURN-02)"
    if "stunned" in h.statuses:
        return "a stunned mouse takes no action (R-NEG-02)"
    return f"{a.args[0]!r} is not a chapter action this mouse may take here and now"


turn_verb("act", act_options, _act_apply, _act_explain)


@step(STORY_CHOICE)
def _ask_story_choice(ctx: Ctx, st: State, args: list[Any]) -> None:
    """R-STORY-05: the story asks the players to choose (the mouse named decides for the party)."""
    if st.status != "playing":
        return
    choice, hero = str(args[0]), str(args[1])
    st.pending = Pending(STORY_CHOICE, hero, {"choice": choice})


def _choice_options(ctx: Ctx, st: State, p: Pending) -> list[Action]:
    return [Action("choose", p.actor, (o,)) for o in ctx.rules.choice_options(str(p.data["choice"]))]


def _choice_apply(ctx: Ctx, st: State, p: Pending, a: Action) -> None:
    ctx.rules.make_choice(ctx, st, p.actor, str(p.data["choice"]), a.args[0])


def _choice_explain(ctx: Ctx, st: State, p: Pending, a: Action) -> str:
    options = ", ".join(ctx.rules.choice_options(str(p.data["choice"])))
    return f"the story asks a choice: 'choose {p.actor} <option>', one of {options}"


decision(STORY_CHOICE, _choice_options, _choice_apply, _choice_explain, prompt="story_choice_prompt")
