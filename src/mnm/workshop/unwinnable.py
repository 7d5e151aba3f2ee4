"""What makes a chapter that checks unplayable, as blocking problems in the designer's words (issue 46).

A chapter whose defeat already holds when the game begins is lost before the first turn; a gate that is closed at
the start and that nothing in the chapter can open shuts its exit for good. Each is a problem of the chapter (the workshop's check is red, the play-test is refused) naming the rule
and what is missing, never a side note: "it can be played" is not said of a chapter nobody can win.

The start is the engine's own: a game of the chapter is set up (its first heroes, seed 1) and the conditions are
asked of that state. What a gate's condition needs to stop holding is the bots' rule graph
(:func:`mnm.chapters.rule_graph.ways`): an empty answer is "nothing in the chapter can"; a word the graph does not
know is never called unwinnable here.
"""

from __future__ import annotations

from typing import Any

from mnm.chapter_language import ChapterRule, Condition, ConditionKind
from mnm.chapters.file import ChapterFileError, added_chapter, read_chapter_text
from mnm.chapters.rule_graph import rule_graph, ways
from mnm.content.schema import Chapter
from mnm.engine import Game, conditions_hold
from mnm.workshop.diagnose import condition_sentence, gate_rules

__all__ = ["unwinnable"]


def _problem(field: str, en: str, pt: str) -> dict[str, Any]:
    return {"field": field, "line": None, "en": en, "pt": pt, "blocking": True}


def _rule_field(chapter: Chapter, rule: ChapterRule) -> str:
    """The rule's place in the file: rules.N or rooms.K.rules.N (rule ids are unique in a chapter)."""
    for i, r in enumerate(chapter.rules):
        if r.id == rule.id:
            return f"rules.{i}"
    for k, room in enumerate(chapter.rooms):
        for i, r in enumerate(room.rules):
            if r.id == rule.id:
                return f"rooms.{k}.rules.{i}"
    return "rules"


def _figure_test(c: Condition) -> bool:
    """A condition on the trigger's figure (which mouse tries the exit): a filter, not something to open."""
    if c.kind is ConditionKind.FIGURE:
        return True
    if c.kind in (ConditionKind.ANY, ConditionKind.ALL):
        return any(_figure_test(x) for x in c.params)
    if c.kind is ConditionKind.NOT:
        return _figure_test(c.params)
    return False


def _can(graph: Any, c: Condition, want: bool, holds: Any, seen: set[tuple[int, bool]]) -> bool:
    """Whether something in the chapter can bring ``c`` to ``want``: a way whose every need can be met in turn
    (or holds at the start). A word the rule graph does not know, or a loop, counts as "can" (never called
    unwinnable on a guess)."""
    key = (id(c), want)
    if key in seen:
        return True
    seen.add(key)
    got = ways(graph, c, want)
    if got is None:
        return True
    for way in got:
        if all(_figure_test(need) or holds(need) is truth or _can(graph, need, truth, holds, seen) for need, truth in way.needs):
            return True
    return False


def _joined(conditions: tuple[Condition, ...], lang: str) -> str:
    return "; ".join(condition_sentence(c, lang) for c in conditions)


def unwinnable(text: str, content: Any) -> list[dict[str, Any]]:
    """The blocking problems of the chapter file ``text`` (one that checks); [] when there are none or the file
    cannot be read (its own problems say why)."""
    try:
        added = read_chapter_text(text, "workshop", content)
    except ChapterFileError:
        return []
    chapter = added_chapter(added)[0]
    heroes = [h for h in added.heroes if h not in chapter.forbidden_heroes][: chapter.party_size]
    try:
        game = Game.new(chapter.id, heroes, seed=1, content=added)
    except Exception:  # a setup the engine refuses is the validator's to explain
        return []
    st, ctx = game.state, game.ctx
    mouse = next((h.id for h in st.heroes.values() if not h.captured), "")
    out: list[dict[str, Any]] = []
    if chapter.defeat and conditions_hold(ctx, st, chapter.defeat, -1, mouse):
        out.append(
            _problem(
                "defeat",
                f"The chapter is lost before the first turn: its defeat already holds when the game begins "
                f"({_joined(chapter.defeat, 'en')}). Give the defeat a value the start does not reach.",
                f"O capítulo está perdido antes do primeiro turno: sua derrota já vale quando o jogo começa "
                f"({_joined(chapter.defeat, 'pt')}). Dê à derrota um valor que o início não alcança.",
            )
        )
    graph = rule_graph(chapter, added)

    def holds(c: Condition) -> bool:
        return conditions_hold(ctx, st, (c,), -1, mouse)

    for rule in gate_rules(chapter):
        conds = tuple(c for c in rule.if_ if not _figure_test(c))
        if not conds:
            continue
        side = rule.where.side if rule.where.side is not None else -1
        if not conditions_hold(ctx, st, conds, side, mouse):
            continue  # open at the start
        # closed while every condition holds: one that something can make false opens it
        if any(_can(graph, c, False, holds, set()) for c in conds):
            continue
        out.append(
            _problem(
                _rule_field(chapter, rule),
                f"The gate of rule “{rule.id}” never opens: it is closed at the start and nothing in the chapter "
                f"makes this stop being true: {_joined(conds, 'en')}. Give the mice a way to open it (a rule or a "
                f"chapter action that changes it), or remove the gate.",
                f"O portão da regra “{rule.id}” nunca abre: está fechado no início e nada no capítulo faz isto "
                f"deixar de valer: {_joined(conds, 'pt')}. Dê aos ratos um jeito de abri-lo (uma regra ou uma ação "
                f"do capítulo que o mude), ou retire o portão.",
            )
        )
    if not out:  # issue 43: a relaxed problem with no plan (a wall, a flag only a rule behind it sets)
        from mnm.bots.plan_check import unwinnable as no_plan

        proof = no_plan(added, chapter)
        if proof is not None:
            out.append(_problem(*proof))
    return out
