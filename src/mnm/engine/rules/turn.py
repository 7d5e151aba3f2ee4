"""The mouse turn (R-TURN-01..10, R-FREE-01): the movement roll, one action before or after moving, free
actions, and the end of the turn.

The ``turn`` decision gathers the options of every registered turn verb (movement, battle, search,
explore, free actions, abilities, party items); ``end`` finishes the turn.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from mnm.engine.actions import Action, shared_action
from mnm.engine.context import TURN_VERBS, Ctx, decision, push, step, turn_verb
from mnm.engine.dice import roll
from mnm.engine.hooks import MOUSE_ON_HESSTER, OFFER_BEFORE_TURN, TURN_BEGINS
from mnm.engine.query import equipped_effects, hero_name
from mnm.engine.state import Hero, Pending, State, Turn

__all__ = [
    "EXTRA_ACTION_COST",
    "action_available",
    "direct_listing_active",
    "end_effects_of",
    "end_options",
    "extra_action_cost",
    "follow_statuses",
    "free_action_allowed",
    "free_action_available",
    "install_direct_listing",
    "push_turn_end",
    "spend_action",
    "turn_of",
]

FREE_ACTIONS: Final = ("share", "equip", "levelup")


def turn_of(st: State) -> Turn:
    assert st.turn is not None, "no mouse turn in progress"
    return st.turn


EXTRA_ACTION_COST: Final = 1  # Inspire (R-ABIL-04): an extra action costs 1 cheese


def extra_action_cost(t: Turn) -> int:
    """The cheese the next action costs: 0 for the turn's own action, 1 for an Inspire extra action."""
    return EXTRA_ACTION_COST if t.acted else 0


def action_available(st: State, t: Turn) -> bool:
    """R-TURN-02: one action per turn (Inspire may allow one more, paid for with 1 cheese)."""
    return not t.acted or (t.extra_actions > 0 and st.heroes[t.mouse].cheese >= EXTRA_ACTION_COST)


def spend_action(ctx: Ctx, st: State, t: Turn) -> None:
    """Use the turn's action. Acting after moving closes movement (R-TURN-02)."""
    if t.acted:
        t.extra_actions -= 1
        h = st.heroes[t.mouse]
        if h.cheese < EXTRA_ACTION_COST:  # every caller checked action_available: a rule bug if not
            raise RuntimeError(f"{h.id} cannot pay for an extra action with {h.cheese} cheese")
        h.cheese -= EXTRA_ACTION_COST  # Inspire (R-ABIL-04): the extra action costs 1 cheese
        ctx.emit("extra_action", "R-ABIL-04", hero=h.id, total=h.cheese)
    t.acted = True
    if t.moved:
        t.movement_over = True


def free_action_allowed(ctx: Ctx, st: State, h: Hero, t: Turn, which: str) -> bool:
    """Whether :func:`free_action_available` says yes, without building its sentence (option listings ask it
    for every free action at every turn decision)."""
    if which in t.free_used or (h.space is not None and ctx.board.spaces[h.space].water):
        return False
    return "stunned" not in h.statuses or not st.options.get("stunned_no_free_actions")


def free_action_available(ctx: Ctx, st: State, h: Hero, t: Turn, which: str) -> str:
    """'' if the free action ``which`` may be taken now, else why not (R-TURN-04, R-FREE-01, R-WATER-05)."""
    if free_action_allowed(ctx, st, h, t, which):
        return ""
    if which in t.free_used:
        return f"{hero_name(ctx, h.id)} has already used the {which} free action this turn"
    if h.space is not None and ctx.board.spaces[h.space].water:
        return "no free actions on a water space (R-WATER-05)"
    if "stunned" in h.statuses and st.options.get("stunned_no_free_actions"):
        return "a stunned mouse takes no free actions in this variant (R-TURN-10)"
    return ""


def end_effects_of(ctx: Ctx, st: State, owner: str) -> None:
    """R-BATTLE-12: the effects ``owner``'s cards gave "until the start of your next turn" end as its turn
    begins, on every mouse that has them (Ward of Light on the mice in its space), and only then."""
    tail = "@" + owner
    for x in st.heroes.values():
        if not x.buffs:
            continue
        mine = x.id == owner
        ending = [k for k in x.buffs if ("@" not in k if mine else k.endswith(tail))]
        if ending:
            for k in ending:
                del x.buffs[k]
            names = sorted({k.partition("@")[0] for k in ending})
            if mine:
                ctx.emit("buffs_end", "R-SEARCH-08", hero=x.id, buffs=names)
            else:
                ctx.emit("buffs_end_given", "R-SEARCH-08", hero=x.id, owner=owner, buffs=names)


@step("mouse_turn")
def _mouse_turn(ctx: Ctx, st: State, args: list[Any]) -> None:
    """R-TURN-01/09: the turn starts with a mandatory movement roll."""
    h = st.heroes[str(args[0])]
    if len(args) == 1:  # the turn begins (a captured or charmed mouse's too): its cards' timed effects end
        end_effects_of(ctx, st, h.id)
    if h.captured:
        push(st, ["captured_turn", h.id])
        return
    if "charmed" in h.statuses:
        push(st, ["charmed_turn", h.id])
        return
    if len(args) == 1 and OFFER_BEFORE_TURN.call(ctx, st, h):
        return  # R-ABIL-04: asked first whether to use an ability "before taking a turn"
    t = Turn(h.id)
    st.turn = t
    TURN_BEGINS.call(ctx, st, h, t, args)
    face = ctx.dice[roll(st, 1, f"{h.id}'s movement")[0]]
    t.rolled = face.number
    hero = ctx.content.heroes[h.id]
    t.move_points = (
        hero.move + face.number + sum(int(p.get("amount", 1)) for p in equipped_effects(ctx, h, "move-bonus"))
    )
    ctx.emit("movement_roll", "R-TURN-01", hero=h.id, face=face.index, number=face.number, points=t.move_points)
    if "knocked_down" in h.statuses:  # R-NEG-04: standing up takes the whole move
        h.statuses.remove("knocked_down")
        t.move_points = 0
        t.movement_over = True
        ctx.emit("stands_up", "R-NEG-04", figure=h.id)
    if "webbed" in h.statuses:  # R-NEG-03
        if not t.movement_over:  # kept for a Recover made before moving (docs/rulings.md R-NEG-03)
            t.flags.append(f"web-held:{t.move_points}")
        t.move_points = 0
        t.movement_over = True
    mark = len(st.stack)
    ctx.rules.on_move_roll(ctx, st, h.id, face.index)
    if h.captured or st.status != "playing":
        return
    if len(st.stack) > mark:  # a chapter's rule pushed steps (placing minions): they run before the mouse is asked
        st.stack.insert(mark, ["ask_turn", h.id])
        return
    if "hesster" in st.chapter_data:  # [EXP] R-EXP-14: a mouse beginning its turn on Hesster must move away
        if MOUSE_ON_HESSTER.call(ctx, st, h):
            return
    follow_statuses(ctx, st, h, t)  # a chapter's movement-roll rule may have knocked it down
    st.pending = Pending("turn", h.id)


def follow_statuses(ctx: Ctx, st: State, h: Hero, t: Turn) -> None:
    """R-NEG-02/03/04: the rest of the turn follows the markers the mouse has now, however it got them in its
    own turn (a minion, an event, a chapter's room rule, its own grape). Stunned needs nothing here: every
    action's options ask for it. Knocked down before its movement is over, it spends the rest of its move
    standing up (R-NEG-04); webbed, it moves no further (R-NEG-03). Movement already over: nothing changes now,
    and a knocked-down mouse stands at its next turn (docs/rulings.md R-NEG-04)."""
    if t.movement_over or not h.statuses:
        return
    if "knocked_down" in h.statuses:
        h.statuses.remove("knocked_down")
        t.move_points = 0
        t.movement_over = True
        ctx.emit("stands_up", "R-NEG-04", figure=h.id)
    if "webbed" in h.statuses:
        t.move_points = 0
        t.movement_over = True


def _turn_options(ctx: Ctx, st: State, p: Pending) -> list[Action]:
    h = st.heroes[p.actor]
    t = turn_of(st)
    fns = _option_fns()
    if _DIRECT and _DIRECT[0][0] is fns:  # the verbs the direct listing was written for, in the same order
        return _DIRECT[0][1](ctx, st, h, t)
    out: list[Action] = []
    extend = out.extend
    for options in fns:
        extend(options(ctx, st, h, t))
    return out


_OPTION_FNS: Final[list[tuple[int, tuple[Any, ...]]]] = []  # (how many verbs were registered, their options functions)
OptionsFn = Callable[[Ctx, State, Hero, Turn], list[Action]]
# (the options functions it stands for, the direct listing): see install_direct_listing
_DIRECT: Final[list[tuple[tuple[Any, ...], OptionsFn]]] = []
_DIRECT_OFFERED: Final[list[tuple[tuple[Any, ...], OptionsFn]]] = []


def _option_fns() -> tuple[Any, ...]:
    """Every turn verb's options function, in the direct listing's order when it lists the same verbs, else in
    registration order (rebuilt if a verb is registered later)."""
    if not _OPTION_FNS or _OPTION_FNS[0][0] != len(TURN_VERBS):
        fns = tuple(tv.options for tv in TURN_VERBS.values())
        for expected, _ in _DIRECT_OFFERED:
            if len(expected) == len(fns) and set(expected) == set(fns):
                fns = expected  # the direct listing's order, whatever order the rule modules were imported in
        _OPTION_FNS[:] = [(len(TURN_VERBS), fns)]
        # the direct listing serves only the very functions, in the very order, it was written for
        _DIRECT[:] = [(fns, direct) for expected, direct in _DIRECT_OFFERED if expected == fns]
    return _OPTION_FNS[0][1]


def install_direct_listing(expected: tuple[Any, ...], direct: OptionsFn) -> None:
    """Offer ``direct``, a function that lists the same options as calling each of ``expected`` (turn verbs'
    options functions, in registration order) and joining their lists, with plain calls (the compiled engine
    calls each verb directly instead of through a Python-level callable). It is used only while the registered
    verbs are exactly ``expected``, in that order (rules/turn_listing.py)."""
    _DIRECT_OFFERED[:] = [(expected, direct)]
    _OPTION_FNS.clear()  # rebuilt, and matched against the offer, at the next listing


def direct_listing_active() -> bool:
    """Whether the turn options are listed by the direct listing (tests check it is not silently lost)."""
    fns = _option_fns()
    return bool(_DIRECT) and _DIRECT[0][0] is fns


def _turn_apply(ctx: Ctx, st: State, p: Pending, a: Action) -> None:
    h = st.heroes[p.actor]
    # Ask again once everything this action set off has run (it may end the turn: then nothing is asked).
    push(st, ["ask_turn", p.actor])
    TURN_VERBS[a.verb].apply(ctx, st, h, turn_of(st), a)


@step("ask_turn")
def _ask_turn(ctx: Ctx, st: State, args: list[Any]) -> None:
    hid = str(args[0])
    if st.turn is not None and st.turn.mouse == hid and not st.heroes[hid].captured:
        follow_statuses(ctx, st, st.heroes[hid], st.turn)  # R-NEG-02/03/04: what it gained in this action
        st.pending = Pending("turn", hid)


def _turn_explain(ctx: Ctx, st: State, p: Pending, a: Action) -> str:
    tv = TURN_VERBS.get(a.verb)
    if tv is None:
        return f"'{a.verb}' is not something a mouse does in its turn"
    h = st.heroes[p.actor]
    return tv.explain(ctx, st, h, turn_of(st), a)


def _turn_is_legal(ctx: Ctx, st: State, p: Pending, a: Action) -> bool:
    tv = TURN_VERBS.get(a.verb)
    return tv is not None and a.actor == p.actor and a in tv.options(ctx, st, st.heroes[p.actor], turn_of(st))


decision("turn", _turn_options, _turn_apply, _turn_explain, prompt="turn_prompt", is_legal=_turn_is_legal)


# --- end of turn ---------------------------------------------------------------------------------------


def end_options(ctx: Ctx, st: State, h: Hero, t: Turn) -> list[Action]:
    return [shared_action("end", h.id)]


def _end_apply(ctx: Ctx, st: State, h: Hero, t: Turn, a: Action) -> None:
    end_mouse_turn(ctx, st, h.id)


def _end_explain(ctx: Ctx, st: State, h: Hero, t: Turn, a: Action) -> str:
    return "" if not a.args else "'end' takes no arguments: 'end <mouse>'"


def end_mouse_turn(ctx: Ctx, st: State, hero_id: str) -> None:
    """Finish the turn: drift with the current (R-WATER-04), then the next card."""
    st.turn = None
    push_turn_end(st, hero_id)
    ctx.emit("turn_ends", "R-TURN-02", hero=hero_id)


def push_turn_end(st: State, hero_id: str) -> None:
    """What follows the end of every turn of a mouse, its own or a charmed one (docs/rulings.md R-NEG-05):
    [EXP] fire burns (R-NEG-08), then the current carries it (R-WATER-04); then its allies and pets act."""
    push(st, ["fire_burns", hero_id], ["drift", hero_id], ["helper_turn", hero_id])


turn_verb("end", end_options, _end_apply, _end_explain)
