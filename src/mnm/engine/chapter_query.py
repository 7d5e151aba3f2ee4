"""Reading a chapter-language condition against a state, for clients that plan (the bots' planner, issue 29).

A client may not reach into the rules tree (``mnm.engine.rules``), yet a planner must know whether a condition of
the chapter (a gate's, a victory's, a rule's) holds now. :func:`condition_holds` evaluates one with the
interpreter's own handlers, so a planner never keeps a second copy of what a word means (where a counter lives,
what "the party holds" reads). A condition about a trigger's figure (``figure``) has no figure here and does not
hold. Reading changes nothing.
"""

from __future__ import annotations

from typing import Any, Final

from mnm.board.geometry import all_pairs_distances
from mnm.engine.context import Ctx
from mnm.engine.query import BARRED_LINES
from mnm.engine.rules.chapter_firing import FIRED, Fire, compile_condition
from mnm.engine.rules.chapter_state import BARRED, DISABLED, ENABLED
from mnm.engine.state import State

__all__ = ["barred_key", "condition_holds", "explore_gate", "rule_enabled", "rule_fired", "step_distances"]

_COMPILED: Final[dict[int, tuple[Any, Any]]] = {}  # id(condition) -> (the condition, its compiled form)
_NO_TRIGGER: Final = Fire()


def condition_holds(ctx: Ctx, st: State, condition: Any) -> bool:
    """Whether ``condition`` (a :class:`~mnm.chapter_language.Condition`) holds in ``st`` now."""
    found = _COMPILED.get(id(condition))
    if found is None or found[0] is not condition:
        if len(_COMPILED) > 4096:
            _COMPILED.clear()
        found = (condition, compile_condition(condition))
        _COMPILED[id(condition)] = found
    compiled = found[1]
    return bool(compiled.fn(ctx, st, _NO_TRIGGER, compiled.params))


def rule_fired(st: State, rule_id: str) -> bool:
    """Whether the chapter's ``once`` rule ``rule_id`` has fired in this game (it will not fire again)."""
    fired = st.chapter_data.get(FIRED) or []
    return rule_id in fired


def rule_enabled(st: State, rule_id: str, written_enabled: bool = True) -> bool:
    """Whether the chapter's rule ``rule_id`` is on now (R-STORY-05): not turned off by a disable_rule, and, for a
    rule written ``enabled: false`` (``written_enabled``), turned on by an enable_rule. The planner reads a
    disabled rule's effects as no way to its facts (issue 30)."""
    if written_enabled:
        return rule_id not in (st.chapter_data.get(DISABLED) or [])
    return rule_id in (st.chapter_data.get(ENABLED) or [])


def barred_key(st: State) -> tuple[object, ...]:
    """The chapter's bars now (``bar_space`` spaces, ``bar_line`` lines), flattened: a planner's cache key for
    everything :func:`step_distances` reads (each list's length first, so two states never share a key)."""
    spaces: list[str] = st.chapter_data.get(BARRED) or []
    lines: list[list[str]] = st.chapter_data.get(BARRED_LINES) or []
    key: list[object] = [len(spaces)]
    key.extend(spaces)
    key.append(len(lines))
    key.extend(f"{a}|{b}" for a, b in lines)
    return tuple(key)


# (id(graph), barred key) -> (the graph, its all-pairs step distances with the bars)
_DISTANCES: Final[dict[tuple[int, tuple[object, ...]], tuple[Any, tuple[tuple[int, ...], ...]]]] = {}


def step_distances(ctx: Ctx, st: State, side: int) -> tuple[tuple[int, ...], ...]:
    """A mouse's step distances on tile side ``side`` (rows and columns by space index; unreachable: a large
    number), on the lines the engine moves a mouse on now: a barred space (``bar_space``) is never entered, a
    barred line (``bar_line``) never crossed (R-SPACE-01, R-MOVE-03). Figures are left out (they move). With no
    bar on the side, the board's own distances. Reading changes nothing."""
    graph = ctx.board.graph(side)
    spaces: list[str] = st.chapter_data.get(BARRED) or []
    lines: list[list[str]] = st.chapter_data.get(BARRED_LINES) or []
    by_id = graph.by_id
    shut = {by_id[s].index for s in spaces if s in by_id}
    cut = {(by_id[a].index, by_id[b].index) for a, b in lines if a in by_id and b in by_id}
    if not shut and not cut:
        return graph.mouse_dist
    key = (id(graph), barred_key(st))
    found = _DISTANCES.get(key)
    if found is not None and found[0] is graph:
        return found[1]
    # the board's own all-pairs search, on the lines the bars leave
    open_lines = [
        {v: c for v, c in costs.items() if v not in shut and (u, v) not in cut and (v, u) not in cut}
        for u, costs in enumerate(graph.mouse_cost)
    ]
    out = all_pairs_distances(len(graph.spaces), open_lines)
    if len(_DISTANCES) > 256:
        _DISTANCES.clear()
    _DISTANCES[key] = (graph, out)
    return out


def explore_gate(ctx: Ctx, st: State, hero_id: str, space: str, where: str) -> str:
    """The id of the chapter rule whose gate would refuse the mouse ``hero_id`` exploring ``where`` (``exit-N``,
    ``flip``) if it stood on ``space`` now ('' when none would): the engine's own test of its gates
    (:meth:`~mnm.engine.context.ChapterRules.explore_refusal`), a gate on the exploring mouse's position
    included. The mouse is set on ``space`` for the test and put back: nothing is changed."""
    hero = st.heroes.get(hero_id)
    if hero is None:
        return ""
    old = hero.space
    hero.space = space
    try:
        refusal = ctx.rules.explore_refusal(ctx, st, hero_id, where)
    finally:
        hero.space = old
    return "" if refusal is None else str(refusal.params.get("rule", ""))
