"""The chapter language's interpreter (R-STORY-02..05, R-WIN-01; issue 22, docs/chapters.md): the program.

A chapter file's rules (:mod:`mnm.chapter_language`) are compiled once per game, when the game's
context is made, into a :class:`ChapterProgram`: one tuple of compiled rules per trigger, each with its trigger
filters as plain fields and its conditions and effects as (handler, parameters) pairs. The engine's rules call
the program through the :class:`~mnm.engine.hooks.ChapterRules` seam (``ctx.rules.on_move_roll(...)``); a trigger
no rule listens to costs one test of an empty tuple.

This module owns the program (which rules listen to which trigger, and when they fire), the cache of compiled
programs, and the load check of what a chapter's rules name (:func:`check_chapters`). The machinery it runs
(a firing, the handler registries, a compiled rule) is :mod:`~mnm.engine.rules.chapter_firing`; the handlers are
registered by the modules imported below, one per family: conditions, effects on the story, on figures and on the
board (a test keeps every word of the vocabulary handled: :func:`unhandled_words`).
"""

from __future__ import annotations

from typing import Final

from mnm.board.layout import space_side
from mnm.chapter_language import (
    TRIGGER_FILTERS,
    ChapterAction,
    ChapterRule,
    Condition,
    ConditionKind,
    Effect,
    EffectKind,
    EventSpec,
    Trigger,
    engine_token,
    walk_effects,
)
from mnm.content.loader import Content, ContentIssue, add_content_check
from mnm.content.schema import Chapter
from mnm.engine.context import Ctx
from mnm.engine.events import Event
from mnm.engine.hooks import ChapterRules
from mnm.engine.i18n import LANGUAGES, catalog

# imported for their handlers, which register themselves in CONDITIONS and EFFECTS (the program runs them by word)
from mnm.engine.rules import chapter_conditions, chapter_effects_board, chapter_effects_figures  # noqa: F401
from mnm.engine.rules.chapter_effects_story import lose
from mnm.engine.rules.chapter_firing import (
    ANY,
    CONDITIONS,
    EFFECTS,
    FIRED,
    WON,
    CompiledEffect,
    CompiledRule,
    Fire,
    compile_condition,
    compile_effect,
    fire_rule,
    holds,
    rule_on,
    run_effects,
)
from mnm.engine.state import Minion, State

__all__ = ["ChapterProgram", "check_chapters", "compile_chapter", "conditions_hold", "unhandled_words"]


# --- the program -----------------------------------------------------------------------------------------------


def _by_trigger(rules: tuple[ChapterRule, ...], trigger: Trigger) -> tuple[CompiledRule, ...]:
    return tuple(CompiledRule(r) for r in rules if r.when is trigger)


def _minion_fits(ctx: Ctx, rule: CompiledRule, m: Minion) -> bool:
    if rule.minion and m.type != rule.minion:
        return False
    if rule.roach != ANY and ctx.content.minions[m.type].roach != bool(rule.roach):
        return False
    if rule.side != ANY and space_side(m.space) != rule.side:
        return False
    return not rule.spaces or m.space in rule.spaces


def _action_rule(action: ChapterAction) -> ChapterRule:
    """A chapter action as a rule (its id, rule ID, where, conditions and effects), to compile it the same way."""
    return ChapterRule.model_validate(
        {
            "id": action.id,
            "rule": action.rule or "R-STORY-05",
            "when": Trigger.FIGURE_ENTERS,
            "where": {"side": action.where.side, "spaces": action.where.spaces},
            "if": action.if_,
            "do": action.do,
            "once": action.once,
        }
    )


def _compile_action(action: ChapterAction) -> CompiledRule:
    return CompiledRule(_action_rule(action))


class ChapterProgram(ChapterRules):
    """A chapter's rules compiled from its file: one tuple of rules per trigger (empty: nothing to do)."""

    def __init__(self, chapter: Chapter) -> None:
        rules = chapter.all_rules()
        self.begins = _by_trigger(rules, Trigger.CHAPTER_BEGINS)
        self.revealed = _by_trigger(rules, Trigger.TILE_REVEALED)
        self.round_begins = _by_trigger(rules, Trigger.ROUND_BEGINS)
        self.round_ends = _by_trigger(rules, Trigger.ROUND_ENDS)
        enters = _by_trigger(rules, Trigger.FIGURE_ENTERS)
        self.enters = tuple(r for r in enters if r.mouse != 0 and not r.minion)  # the rules a mouse may fire
        self.minion_enters = tuple(r for r in enters if r.mouse != 1)  # and a minion
        self.move_roll = _by_trigger(rules, Trigger.MOVEMENT_ROLL)
        self.minion_turn = _by_trigger(rules, Trigger.MINION_TURN)
        self.wounded = _by_trigger(rules, Trigger.MINION_WOUNDED)
        self.defeated = _by_trigger(rules, Trigger.MINION_DEFEATED)
        self.cheese = _by_trigger(rules, Trigger.MINION_ROLLED_CHEESE)
        self.surge = _by_trigger(rules, Trigger.SURGE)
        self.search = _by_trigger(rules, Trigger.SEARCH)
        self.hourglass = _by_trigger(rules, Trigger.HOURGLASS_PAGE)
        self.explore = _by_trigger(rules, Trigger.EXPLORE_ATTEMPT)
        self.won = _by_trigger(rules, Trigger.CHAPTER_WON)
        self.item_found = _by_trigger(rules, Trigger.ITEM_FOUND)
        self.items_of: dict[str, str | None] = {r.id: r.where.item for r in rules if r.when is Trigger.ITEM_FOUND}
        # chapter actions, as rules of their own (their ``where`` and ``if`` tested when the turn is listed)
        self.actions = tuple(_compile_action(a) for a in chapter.actions)
        # story choices by id: each option's id and compiled effects (asked by the story_choice decision)
        self.choices: dict[str, tuple[CompiledRule, tuple[tuple[str, tuple[CompiledEffect, ...]], ...]]] = {}
        sources = [(r, r.do) for r in rules] + [(_action_rule(a), a.do) for a in chapter.actions]
        for source, effects in sources:
            owner = CompiledRule(source)
            for _, e in walk_effects(effects, ""):
                if e.choose is not None:
                    options = tuple((o.id, tuple(compile_effect(x) for x in o.do)) for o in e.choose.options)
                    self.choices[e.choose.id] = (owner, options)
        self.victory = tuple(compile_condition(c) for c in chapter.victory)
        self.defeat = tuple(compile_condition(c) for c in chapter.defeat)
        # a victory effect sets a flag in the state: only a chapter that has one looks for it
        self.forced_victory = any(e.kind is EffectKind.VICTORY for r in rules for _, e in _walk_effects(r.do, ""))
        self.forced_victory = self.forced_victory or any(
            e.kind is EffectKind.VICTORY for a in chapter.actions for _, e in _walk_effects(a.do, "")
        )
        self.no_trigger = Fire()  # the victory and defeat tests have no trigger (one object, not one per step)

    def _run(self, ctx: Ctx, st: State, fire: Fire, rules: tuple[CompiledRule, ...]) -> None:
        for rule in rules:
            if rule.side == ANY or rule.side == fire.side:
                fire_rule(ctx, st, fire, rule)

    def on_setup(self, ctx: Ctx, st: State) -> None:
        """Trigger chapter_begins (R-STORY-02)."""
        if self.begins:
            self._run(ctx, st, Fire(), self.begins)

    def on_explore(self, ctx: Ctx, st: State, side: int) -> None:
        """Trigger tile_revealed: the first time a side is revealed (R-STORY-03)."""
        if self.revealed and side not in st.explored:
            self._run(ctx, st, Fire(side=side), self.revealed)

    def on_round_begins(self, ctx: Ctx, st: State) -> None:
        if self.round_begins:
            self._run(ctx, st, Fire(), self.round_begins)

    def on_round_ends(self, ctx: Ctx, st: State) -> None:
        if self.round_ends:
            self._run(ctx, st, Fire(), self.round_ends)

    def on_mouse_enters(self, ctx: Ctx, st: State, hero_id: str, space: str) -> None:
        """Trigger figure_enters."""
        if not self.enters:
            return
        fire = Fire(hero_id, hero_id, space_side(space))
        for rule in self.enters:
            if (rule.side == ANY or rule.side == fire.side) and (not rule.spaces or space in rule.spaces):
                fire_rule(ctx, st, fire, rule)

    def on_minion_enters(self, ctx: Ctx, st: State, m: Minion) -> None:
        """Trigger figure_enters for a minion, on the space its move ends on (filters: type, side, spaces)."""
        if self.minion_enters:
            self._minion_event(ctx, st, m, None, self.minion_enters, 0)

    def on_move_roll(self, ctx: Ctx, st: State, figure: str, face: int) -> None:
        """Trigger movement_roll (the filters are tested before anything is built: it runs on every roll)."""
        if not self.move_roll:
            return
        number = ctx.dice[face].number
        hero = st.heroes.get(figure)
        fire: Fire | None = None
        for rule in self.move_roll:
            if rule.number and rule.number != number:
                continue
            if rule.mouse != ANY and bool(rule.mouse) != (hero is not None):
                continue
            if fire is None:
                space = hero.space if hero is not None else st.minions[figure].space if figure in st.minions else None
                side = space_side(space) if space is not None else ANY
                fire = Fire(figure, figure if hero is not None else "", side)
            if rule.side != ANY and rule.side != fire.side:
                continue
            fire_rule(ctx, st, fire, rule)

    def minion_turn_override(self, ctx: Ctx, st: State, m: Minion) -> bool:
        """Trigger minion_turn: the first rule that fires takes the minion's activation."""
        if not self.minion_turn:
            return False
        fire: Fire | None = None
        for rule in self.minion_turn:
            if not _minion_fits(ctx, rule, m):
                continue
            if fire is None:
                fire = Fire(m.id, "", space_side(m.space))
                fire.minion = m
            if fire_rule(ctx, st, fire, rule):
                return True
        return False

    def _minion_event(
        self, ctx: Ctx, st: State, m: Minion, hero_id: str | None, rules: tuple[CompiledRule, ...], n: int
    ) -> None:
        fire: Fire | None = None
        for rule in rules:
            if rule.by_mouse != ANY and bool(rule.by_mouse) != (hero_id is not None):
                continue
            if not _minion_fits(ctx, rule, m):
                continue
            if fire is None:
                fire = Fire(m.id, hero_id or "", space_side(m.space), n)
                fire.minion = m
            fire_rule(ctx, st, fire, rule)

    def on_minion_cheese(self, ctx: Ctx, st: State, m: Minion, cheese: int) -> None:
        """Trigger minion_rolled_cheese."""
        if self.cheese:
            self._minion_event(ctx, st, m, None, self.cheese, cheese)

    def on_minion_wounded(self, ctx: Ctx, st: State, m: Minion, hero_id: str | None) -> None:
        """Trigger minion_wounded."""
        if self.wounded:
            self._minion_event(ctx, st, m, hero_id, self.wounded, 0)

    def on_minion_defeated(self, ctx: Ctx, st: State, m: Minion, hero_id: str | None) -> None:
        """Trigger minion_defeated."""
        if self.defeated:
            self._minion_event(ctx, st, m, hero_id, self.defeated, 0)

    def on_surge(self, ctx: Ctx, st: State, side: int, counts: list[tuple[str, int]]) -> list[tuple[str, int]] | None:
        """Trigger surge (the hourglass has moved and the surge counted, R-SURGE-03)."""
        if self.surge:
            self._run(ctx, st, Fire(side=side), self.surge)
        return None

    def on_search(self, ctx: Ctx, st: State, hero_id: str, space: str) -> None:
        """Trigger search (a successful search, R-SEARCH-01)."""
        if not self.search:
            return
        fire = Fire(hero_id, hero_id, space_side(space))
        for rule in self.search:
            if (rule.side == ANY or rule.side == fire.side) and (not rule.spaces or space in rule.spaces):
                fire_rule(ctx, st, fire, rule)

    def on_hourglass(self, ctx: Ctx, st: State) -> None:
        """Trigger hourglass_page (R-WIN-04)."""
        if not self.hourglass:
            return
        fire = Fire(number=st.hourglass)
        for rule in self.hourglass:
            if rule.page == 0 or rule.page == st.hourglass:
                fire_rule(ctx, st, fire, rule)

    def _attempt(self, st: State, hero_id: str, where: str) -> Fire | None:
        """The firing of explore_attempt for the mouse ``hero_id`` exploring ``where`` (None: it stands nowhere)."""
        hero = st.heroes.get(hero_id)
        if hero is None or hero.space is None:
            return None
        return Fire(hero_id, hero_id, space_side(hero.space))

    def _listens(self, rule: CompiledRule, fire: Fire, where: str) -> bool:
        what = "exit" if where.startswith("exit-") else "flip"
        if rule.exit != ANY:  # a per-exit gate: the other exits stay open (issue 30)
            exit_index = int(where[5:]) if what == "exit" and where[5:].isdigit() else ANY
            if rule.exit != exit_index:
                return False
        return (rule.side == ANY or rule.side == fire.side) and (not rule.what or rule.what == what)

    def _gate(self, ctx: Ctx, st: State, hero_id: str, where: str) -> CompiledRule | None:
        """The first explore_attempt rule whose gate refuses the mouse ``where`` (None: none does). Only reads the
        state: a gate is its rule's conditions, tested (a ``once`` rule that has fired gates no more; a rule turned
        off gates nothing)."""
        fire = self._attempt(st, hero_id, where)
        if fire is None:
            return None
        fired: list[str] = st.chapter_data.get(FIRED) or []
        for rule in self.explore:
            if rule.gate and self._listens(rule, fire, where) and not (rule.once and rule.id in fired):
                if rule_on(st, rule) and holds(ctx, st, fire, rule.conditions):
                    return rule
        return None

    def explore_precondition(self, ctx: Ctx, st: State, hero_id: str, where: str) -> str:
        """'' when the mouse may explore ``where``, else the first gate's reason. Asked for every exit while a
        turn's options are listed, so it fires nothing, rolls nothing and changes nothing (issue 29); the rules
        of the trigger fire when the mouse explores (:meth:`on_explore_attempt`)."""
        if not self.explore:
            return ""
        rule = self._gate(ctx, st, hero_id, where)
        return "" if rule is None else rule.gate

    def explore_refusal(self, ctx: Ctx, st: State, hero_id: str, where: str) -> Event | None:
        """The gate's refusal as an event (R-STORY-05): rendered from the chapter file's reason in the player's
        language (:func:`mnm.engine.i18n.render`, message ``explore_gated``)."""
        if not self.explore:
            return None
        rule = self._gate(ctx, st, hero_id, where)
        if rule is None:
            return None
        return Event("explore_gated", {"chapter": st.chapter, "rule": rule.id, "hero": hero_id}, rule.rule)

    def on_explore_attempt(self, ctx: Ctx, st: State, hero_id: str, where: str) -> None:
        """Trigger explore_attempt: a mouse explores ``where`` (no gate refused it); the rules listening fire."""
        if not self.explore:
            return
        fire = self._attempt(st, hero_id, where)
        if fire is None:
            return
        for rule in self.explore:
            if self._listens(rule, fire, where):
                fire_rule(ctx, st, fire, rule)

    def check_victory(self, ctx: Ctx, st: State) -> bool:
        """The chapter's victory (R-WIN-01): all its conditions hold; its own defeat is checked first."""
        if self.defeat and holds(ctx, st, self.no_trigger, self.defeat):
            lose(ctx, st)
            return False
        if self.forced_victory and st.chapter_data.get(WON):
            return True
        if not self.victory:
            return False
        fire = self.no_trigger
        for c in self.victory:  # noqa: SIM110  (holds(), inlined: this runs after every automatic step)
            if not c.fn(ctx, st, fire, c.params):
                return False
        return True

    def on_victory(self, ctx: Ctx, st: State) -> None:
        """Trigger chapter_won."""
        if self.won:
            self._run(ctx, st, Fire(), self.won)

    def on_item_found(self, ctx: Ctx, st: State, hero_id: str, item: str) -> None:
        """Trigger item_found (filter: the item)."""
        if not self.item_found:
            return
        fire = Fire(hero_id, hero_id)
        for rule in self.item_found:
            wanted = self.items_of.get(rule.id)
            if wanted is None or wanted == item:
                fire_rule(ctx, st, fire, rule)

    def action_options(self, ctx: Ctx, st: State, hero_id: str) -> list[str]:
        """R-STORY-05: the chapter actions mouse ``hero_id`` may take where it stands (conditions only read)."""
        if not self.actions:
            return []
        h = st.heroes[hero_id]
        if h.space is None:
            return []
        side = space_side(h.space)
        fire = Fire(hero_id, hero_id, side)
        out: list[str] = []
        fired: list[str] = st.chapter_data.get(FIRED) or []
        for rule in self.actions:
            if rule.side != ANY and rule.side != side:
                continue
            if rule.spaces and h.space not in rule.spaces:
                continue
            if rule.once and rule.id in fired:
                continue
            if holds(ctx, st, fire, rule.conditions):
                out.append(rule.id)
        return out

    def take_action(self, ctx: Ctx, st: State, hero_id: str, action_id: str) -> None:
        """R-STORY-05: a mouse takes a chapter action: its effects run (a ``roll`` among them is its test)."""
        rule = next(r for r in self.actions if r.id == action_id)
        h = st.heroes[hero_id]
        fire = Fire(hero_id, hero_id, space_side(h.space) if h.space is not None else ANY)
        ctx.emit("chapter_action", rule.rule, chapter=st.chapter, ref=action_id, hero=hero_id)
        if rule.once:
            st.chapter_data.setdefault(FIRED, []).append(rule.id)
        run_effects(ctx, st, fire, rule, rule.effects)

    def choice_options(self, choice_id: str) -> list[str]:
        found = self.choices.get(choice_id)
        return [] if found is None else [oid for oid, _ in found[1]]

    def make_choice(self, ctx: Ctx, st: State, hero_id: str, choice_id: str, option_id: str) -> None:
        """R-STORY-05: the option chosen; its effects run as the rule that asked would have run them."""
        owner, options = self.choices[choice_id]
        effects = next(e for oid, e in options if oid == option_id)
        ctx.emit("story_choice_made", "R-STORY-05", chapter=st.chapter, ref=option_id, hero=hero_id)
        run_effects(ctx, st, Fire(hero_id, hero_id), owner, effects)


_PROGRAMS: Final[dict[int, tuple[Chapter, ChapterRules]]] = {}  # id(chapter) -> (the chapter, its program)


def compile_chapter(chapter: Chapter) -> ChapterRules:
    """The chapter's rules compiled for a game (the do-nothing rules when the file has none). A program holds no
    state (that lives in ``State.chapter_data``), so the games of one chapter object share it."""
    found = _PROGRAMS.get(id(chapter))
    if found is not None and found[0] is chapter:
        return found[1]
    program: ChapterRules
    if not chapter.rules and not chapter.rooms and not chapter.victory and not chapter.defeat and not chapter.actions:
        program = ChapterRules()
    else:
        program = ChapterProgram(chapter)
    if len(_PROGRAMS) > 256:  # chapters read from files by a long-running server: keep the cache small
        _PROGRAMS.clear()
    _PROGRAMS[id(chapter)] = (chapter, program)
    return program


def unhandled_words() -> list[str]:
    """Vocabulary words with no handler here (a test keeps this empty)."""
    missing = [k.value for k in ConditionKind if k.value not in CONDITIONS]
    missing += [k.value for k in EffectKind if k.value not in EFFECTS]
    missing += [t.value for t in Trigger if t not in TRIGGER_FILTERS]
    return missing


# --- what content loading checks ------------------------------------------------------------------------------


def _walk_effects(effects: tuple[Effect, ...], path: str) -> list[tuple[str, Effect]]:
    return walk_effects(effects, path)


def _engine_token(content: Content, token: str) -> bool:
    return engine_token(token, (c.party_token for c in content.search_cards.values() if c.party_token is not None))


def check_chapters(content: Content) -> list[ContentIssue]:
    """What a chapter's rules name must exist: the events they fire (in every catalog), story moments, minions."""
    issues: list[ContentIssue] = []
    catalogs = [catalog(lang) for lang in LANGUAGES]
    for chid, ch in content.chapters.items():
        file = content.file_of("chapter", chid) or "chapters"
        rules = [(f"rules.{i}", r) for i, r in enumerate(ch.rules)]
        rules += [(f"rooms.{j}.rules.{i}", r) for j, room in enumerate(ch.rooms) for i, r in enumerate(room.rules)]
        for where, rule in rules:
            if rule.where.minion is not None and rule.where.minion not in content.minions:
                msg = f"names minion {rule.where.minion!r}, which does not exist"
                issues.append(ContentIssue(file, chid, f"{where}.where.minion", msg))
            for path, e in _walk_effects(rule.do, f"{where}.do"):
                p = e.params
                kind = e.kind.value
                spec: EventSpec | None = p.event
                if spec is not None and spec.name and any(spec.name not in c for c in catalogs):
                    msg = f"fires event {spec.name!r}, which the message catalogs (mnm/i18n) do not have"
                    issues.append(ContentIssue(file, chid, f"{path}.{kind}.event.name", msg))
                if kind == "story" and p.moment not in ch.story:
                    msg = f"reads story moment {p.moment!r}, which the chapter's story does not have"
                    issues.append(ContentIssue(file, chid, f"{path}.story.moment", msg))
                if kind in ("place_minion", "place_minions") and p.minion not in content.minions:
                    msg = f"names minion {p.minion!r}, which does not exist"
                    issues.append(ContentIssue(file, chid, f"{path}.{kind}.minion", msg))
                if kind in ("place_token", "remove_token") and _engine_token(content, p.token):
                    msg = (
                        f"token {p.token!r} is the engine's (a party item's or an expansion marker's): a rule places "
                        "and removes the chapter's own tokens (set the engine's up with setup tokens)"
                    )
                    issues.append(ContentIssue(file, chid, f"{path}.{kind}.token", msg))
    return issues


add_content_check(check_chapters)


def conditions_hold(ctx: Ctx, st: State, conditions: tuple[Condition, ...], side: int = ANY, mouse: str = "") -> bool:
    """Whether chapter ``conditions`` hold in ``st`` for a trigger on ``side`` about ``mouse`` (a question a
    client asks, e.g. the workshop's play-test: is this gate still closed at the end of the game?)."""
    fire = Fire(mouse, mouse, side)
    return holds(ctx, st, fire, tuple(compile_condition(c) for c in conditions))
