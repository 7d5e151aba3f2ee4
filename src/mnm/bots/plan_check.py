"""What the bots' planner cannot plan for at a chapter's start, in the engine's world (issue 43).

:func:`mnm.chapters.rule_graph.cannot_plan` reads the file: a word with no way, a victory nothing makes true. A
file can read whole and still leave the bots nothing to do: a way on that a bar closes from the start, a gate
whose only opener the party cannot get to. :func:`start_gaps` sets the chapter up as a play-test would (the box's
first heroes it takes) and asks the planner there (:func:`mnm.bots.plan.stuck`): one line in each language, for
``mnm chapter validate`` beside the file's own lines. Not compiled (it builds a game): the planner it asks is.
"""

from __future__ import annotations

from typing import Any, Final

from mnm.bots.plan import stuck
from mnm.chapter_language import Condition, ConditionKind
from mnm.engine import EngineError, Game, condition_holds

__all__ = ["start_gaps", "unwinnable"]


def start_gaps(content: Any, chapter: Any) -> list[dict[str, str]]:
    """``[{"word": "planner", "en": ..., "pt": ...}]`` when the planner has no way from the chapter's start, else
    ``[]`` (also when the chapter cannot be set up: the file's own check says why)."""
    party = [h for h in content.heroes if h not in chapter.forbidden_heroes][: chapter.party_size]
    try:
        game = Game.new(chapter.id, party, seed=0, content=content)
    except (EngineError, ValueError, KeyError):
        return []
    said = stuck(game.ctx, game.state)
    if said is None:
        return []
    return [{"word": "planner", "en": f"at the start, {said[0]}", "pt": f"no início, {said[1]}"}]


# --- a relaxed problem with no plan: the chapter cannot be won (issue 43 item 1) ----------------------------------

# Effects no proof is attempted with: none now. A ``disable_rule`` is read (a gate some rule may switch off is never
# taken as closed for good), a ``move_mouse`` too (the side it puts mice on is taken as reached from the start), and
# an ``add_tile``'s tile is on the board the proof walks from the start (the board knows its place: it only adds
# ways), all of them taken at their most generous, so a proof stays a proof.
_NO_PROOF: Final[frozenset[str]] = frozenset()
# the rule graph's acts a mouse does where it stands (the others, minions' and time's, may come anywhere)
_PLACED: Final = frozenset({"reveal", "stand", "enter", "search", "clear", "move", "explore", "act"})


def _relaxed(c: Condition, want: bool, made: set[str], reach: set[int], start: Any) -> bool:
    """Whether ``c`` can be ``want`` at some moment of the relaxed problem (every roll goes the party's way,
    minions are ignored, nothing once made is undone): ``made`` the facts some reachable rule or action makes,
    ``reach`` the sides the party can get to, ``start`` answers a leaf at setup. Anything not read exactly is
    taken as possible both ways, so ``False`` is a proof."""
    kind = c.kind
    if kind is ConditionKind.NOT:
        return _relaxed(c.params, not want, made, reach, start)
    if kind in (ConditionKind.ANY, ConditionKind.ALL):
        parts = [_relaxed(x, want, made, reach, start) for x in c.params]
        return any(parts) if (kind is ConditionKind.ANY) == want else all(parts)
    if kind is ConditionKind.FLAG:
        return True if not want else (f"flag:{c.params.name}" in made or start(c))
    if kind is ConditionKind.COUNTER:
        return f"counter:{c.params.name}" in made or start(c) == want
    if want and kind is ConditionKind.TILE_FACE_UP:
        return c.params.side in reach or start(c) or "@flip_tile" in made  # a flip_tile may turn a far tile
    if want and kind is ConditionKind.ALL_FREE_MICE_ON:
        return any(int(str(sp).split(":")[0]) in reach for sp in c.params.spaces) or start(c)
    return True


def unwinnable(content: Any, chapter: Any) -> tuple[str, str, str] | None:
    """``(field, en, pt)`` when the relaxed problem has no plan: from the party's start, through the board's
    exits and flips (bars, dice, minions and party tokens ignored) and the rule graph's
    producers, no moment comes where the victory holds and no reachable rule declares it. That proves the
    chapter cannot be won (``field``: the victory condition that never holds). ``None`` when a plan may exist, or when the chapter
    has a word the rule graph does not read, an effect the proof does not (:data:`_NO_PROOF`), or cannot be set
    up. A gate that a ``disable_rule`` anywhere in the chapter names is never closed for good; a side a
    ``move_mouse`` puts mice on is reached; a tile an ``add_tile`` lays is on the board from the start."""
    from mnm.chapter_language import walk_effects
    from mnm.chapter_language.doc import condition_words
    from mnm.chapters.rule_graph import rule_graph

    rules = list(chapter.all_rules()) + list(getattr(chapter, "actions", ()) or ())
    effects = [e for r in rules for _, e in walk_effects(r.do, "")]
    kinds = {str(getattr(e.kind, "value", e.kind)) for e in effects}
    if kinds & _NO_PROOF or not chapter.victory:
        return None
    # the rules some effect may turn off (wherever it stands: relaxed, it may fire): never closed for good
    switched_off = {str(e.params.rule) for e in effects if str(getattr(e.kind, "value", e.kind)) == "disable_rule"}
    party = [h for h in content.heroes if h not in chapter.forbidden_heroes][: chapter.party_size]
    try:
        game = Game.new(chapter.id, party, seed=0, content=content)
    except (EngineError, ValueError, KeyError):
        return None
    ctx, st = game.ctx, game.state
    board = ctx.board
    graph = rule_graph(chapter, content)
    if graph.unknown:
        return None  # a word the rule graph does not read may make anything: no proof
    by_id = {r.id: r for r in chapter.all_rules()}

    def start(c: Condition) -> bool:
        return bool(condition_holds(ctx, st, c))

    flips_anywhere = "flip_tile" in kinds
    reach = {board.graph_of(h.space).side for h in st.mice_on_board() if h.space is not None}
    for e in effects:  # a mouse a rule may move: wherever it is put counts as reached (relaxed: the rule may fire)
        if str(getattr(e.kind, "value", e.kind)) == "move_mouse":
            put = str(e.params.space).split(":")[0]
            if put.isdigit() and int(put) in board.graphs:
                reach.add(int(put))
    made: set[str] = {"@flip_tile"} if flips_anywhere else set()
    placed = _PLACED - ({"reveal", "clear"} if flips_anywhere else set())
    forever: set[str] = set()
    while True:
        before = (len(reach), len(made))
        usable = [
            p
            for ps in graph.producers.values()
            for p in ps
            if p.fact not in made
            and (not p.act.sides or p.act.kind not in placed or set(p.act.sides) & reach)
            and all(_relaxed(c, True, made, reach, start) for c in p.needs)
        ]
        made |= {p.fact for p in usable}
        forever = set()
        for g in graph.gates:
            rule = by_id.get(g.rule)
            if rule is None or rule.once or not getattr(rule, "enabled", True) or g.rule in switched_off:
                continue
            if not g.conditions or not any(_relaxed(c, False, made, reach, start) for c in g.conditions):
                forever.add(g.rule)
        for side in list(reach):
            graph_of = board.graph(side)
            ways: list[tuple[str, int]] = [
                (f"exit-{ex.index}", t) for ex in graph_of.exits for t in board.exit_leads_to(side, ex.index)
            ]
            back = board.other_side(side)
            if back is not None and (flips_anywhere or any(sp.flip is not None for sp in graph_of.spaces)):
                ways.append(("flip", back))
            for where, target in ways:
                if target in reach:
                    continue
                if any(g.rule in forever and g.closes(side, where) for g in graph.gates):
                    continue
                reach.add(target)
        if (len(reach), len(made)) == before:
            break
    if "victory" in made:
        return None
    never = [i for i, c in enumerate(chapter.victory) if not _relaxed(c, True, made, reach, start)]
    if not never:
        return None  # each can hold; whether together is beyond the relaxed problem: no proof
    i = never[0]
    en_c, pt_c = condition_words(chapter.victory[i], "en"), condition_words(chapter.victory[i], "pt")
    en = (
        f"this chapter cannot be won: “{en_c}” can never hold. Even with every roll going the party's way and no "
        "minion in the way, nothing the mice can get to makes it true"
    )
    pt = (
        f"este capítulo não pode ser vencido: “{pt_c}” nunca vale. Mesmo com todos os dados a favor do grupo e sem "
        "lacaios no caminho, nada a que os ratos conseguem chegar torna isso verdade"
    )
    if forever:
        names = ", ".join(f"“{r}”" for r in sorted(forever))
        en += f" (the gate {names} stays closed for good)"
        pt += f" (o portão {names} fica fechado para sempre)"
    return f"victory.{i}", en + ".", pt + "."
