"""Bots that play the heroes: the policy interface, a random bot and a heuristic bot.

A policy looks at the game (state and pending decision, through the engine's public API) and returns one of the
legal options. Bots never peek: before they try an option on a copy of the state, the copy's dice and decks are
re-randomised from the bot's own random stream, so what they see is a plausible future, not the real one.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Protocol

from mypy_extensions import mypyc_attr

from mnm.bots.hero import level_pick, question_rule, rule_sentence, turn_rule
from mnm.bots.plan import AUTO, SubGoal, act_worth, advice, current_goal, explain, progress, stages
from mnm.engine import Action, Ctx, Game, State, apply_action_in_place, hero_life, make_ctx, step_distances

__all__ = [
    "HeuristicBot",
    "Policy",
    "RandomBot",
    "evaluate",
    "explain_plan",
    "position_measures",
    "resample_dice",
    "resample_hidden",
    "shuffle_like",
]


class Policy(Protocol):
    """Anything that picks one legal option for the pending decision."""

    name: str

    def choose(self, game: Game) -> Action: ...


def resample_dice(st: State, rng: random.Random) -> None:
    """Give ``st`` a fresh dice stream drawn from ``rng`` (scripted or manual dice become seeded ones)."""
    st.rng = rng.getrandbits(64) | 1
    st.dice_queue = []
    if st.dice_mode != "seeded":
        st.dice_mode = "seeded"


# deck size -> the (index, bound, bits) of each of random.Random.shuffle's draws, last card first
_SHUFFLE_STEPS: dict[int, tuple[tuple[int, int, int], ...]] = {}


def shuffle_like(rng: random.Random, deck: list[str]) -> None:
    """``rng.shuffle(deck)``, drawing exactly the same bits and giving exactly the same order, without a method
    call per card (``random.Random.shuffle`` with ``_randbelow_with_getrandbits`` inlined, each draw's bound and
    bit count worked out once per deck size): the heuristic re-shuffles both hidden decks (63 and 10 cards in
    Chapter 1) at every look, and the calls were a twelfth of a Chapter 1 game's time; this takes about half as
    long. tests/bots/test_policy_speed.py checks it against ``rng.shuffle``."""
    steps = _SHUFFLE_STEPS.get(len(deck))
    if steps is None:
        steps = tuple((i, i + 1, (i + 1).bit_length()) for i in range(len(deck) - 1, 0, -1))
        _SHUFFLE_STEPS[len(deck)] = steps
    getrandbits = rng.getrandbits
    for i, n, k in steps:
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        deck[i], deck[j] = deck[j], deck[i]


def resample_hidden(st: State, rng: random.Random) -> None:
    """Make ``st`` forget the real future: a fresh dice stream and freshly shuffled hidden decks."""
    resample_dice(st, rng)
    shuffle_like(rng, st.search_deck)
    shuffle_like(rng, st.encounter_deck)


def position_measures(ctx: Ctx, st: State) -> tuple[float, int, int, float, int]:
    """What both position scores (:func:`evaluate`, :func:`mnm.bots.value.features`) read: the share of sides
    explored, the party's life and wounds (mice on the board), the share captured, and the minions' life left."""
    content = ctx.content
    sides = max(1, len(ctx.board.graphs) - 1)
    explored = min(1.0, (len(set(st.explored)) - 1) / sides)
    # hero_life of each mouse, its card's life with the preset's shift, read once for the party
    heroes = content.heroes
    first = next(iter(st.heroes), None)
    shift = hero_life(content, st.options, first) - heroes[first].life if first is not None else 0
    life = sum(heroes[h].life + shift for h in st.heroes)
    wounds = sum(h.wounds for h in st.heroes.values() if not h.captured)
    captured = sum(1 for h in st.heroes.values() if h.captured) / max(1, len(st.heroes))
    minion_load = sum(content.minions[m.type].life - m.wounds for m in st.minions.values())
    return explored, life, wounds, captured, minion_load


def evaluate(ctx: Ctx, st: State) -> float:
    """How good ``st`` looks for the mice, between 0 (lost) and 1 (won).

    Progress (sides explored), health, captures, the hourglass and the minions on the board, weighted so that
    exploring and staying alive both matter; progress is how far along the way to the chapter's goal the party
    is (:func:`mnm.bots.plan.progress`, read from the chapter's victory conditions)."""
    if st.status == "won":
        return 1.0
    if st.status == "lost":
        return 0.0
    explored, life, wounds, captured, minion_load = position_measures(ctx, st)
    time_used = (st.hourglass - 1) / max(1, st.end_page - 1)
    cheese = sum(h.cheese for h in st.heroes.values())
    value = (
        0.45
        + 0.20 * explored
        + 0.15 * progress(ctx, st)
        - 0.10 * (wounds / max(1, life))
        - 0.20 * captured
        - 0.10 * time_used
        - 0.012 * minion_load
        - 0.02 * st.wheel / 6
        + 0.004 * min(cheese, 10)
    )
    return max(0.001, min(0.999, value))


@dataclass
class RandomBot:
    """Picks uniformly among the legal options."""

    seed: int = 0
    name: str = "random"
    rng: random.Random = field(init=False)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    def choose(self, game: Game) -> Action:
        options = game.legal_actions()
        if not options:
            raise ValueError("there is no decision to make: the game is over")
        return options[self.rng.randrange(len(options))]


# A story choice is weighed over this many re-drawn futures per answer, each played on this many decisions
CHOICE_PLAYOUTS = 4
CHOICE_DEPTH = 120

# Pages left on the hourglass at which the heuristic stops searching for luck and only moves on (a search the plan
# asks for, the key to a gate, still happens).
HASTE_PAGES = 1


@mypyc_attr(allow_interpreted_subclasses=True)  # the compiled bot (mnm._build): WaypointBot is a pure subclass
@dataclass
class HeuristicBot:
    """One-step lookahead: tries every option on a re-randomised copy and keeps the best-looking result.

    Rules of thumb live in :func:`evaluate` (explore, stay healthy, avoid captures, thin the minions, don't
    waste time); options whose outcome depends on dice are sampled ``samples`` times and averaged. Ending the
    turn is tried too, so a bot moves only when moving helps."""

    seed: int = 0
    samples: int = 3
    look_ahead: bool = True  # story choices by playouts of each answer (off inside a playout: no nesting)
    # Inside a playout the state is already an imagined future, drawn from the searching bot's own stream, so
    # the rules of thumb may keep its deck order and only re-draw the dice: shuffling both decks at every look
    # was a fifth of the search bot's time.
    redraw_decks: bool = True
    # the heroes' whole game (issue 44, mnm.bots.hero): abilities, items, scrolls, before-turn questions and
    # level-up picks by named rules of thumb; False: the bot before issue 44, which never used one (a yardstick)
    hero_rules: bool = True
    name: str = "heuristic"
    rng: random.Random = field(init=False)
    _ctx: Ctx | None = field(default=None, init=False)
    choice_why: tuple[str, str] = field(default=("", ""), init=False)  # why the last story choice (en, pt)
    # the ID of the rule of thumb behind the last choice (mnm.bots.hero.RULES), "" when none of them decided it
    rule: str = field(default="", init=False)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)
        self._ctx = None  # set here too: the compiled bot (mypyc) leaves an init=False field unset
        self.choice_why = ("", "")
        self.rule = ""

    def _own_ctx(self, game: Game) -> Ctx:
        # A context of its own, so the bot's experiments never touch the game's event list or caches.
        if self._ctx is None or self._ctx.chapter.id != game.ctx.chapter.id:
            self._ctx = make_ctx(game.ctx.content, game.ctx.chapter.id)
        return self._ctx

    def score(self, ctx: Ctx, st: State, action: Action) -> float:
        total = 0.0
        n = 0
        for _ in range(self.samples):
            trial = st.copy()
            if self.redraw_decks:
                resample_hidden(trial, self.rng)
            else:
                resample_dice(trial, self.rng)
            draws = trial.random_draws
            apply_action_in_place(ctx, trial, action)
            total += evaluate(ctx, trial)
            n += 1
            if trial.random_draws == draws:
                break  # no dice or cards involved: one look is enough
        return total / n

    def best_of(self, ctx: Ctx, st: State, options: list[Action]) -> Action:
        best: list[Action] = []
        best_score = -1.0
        for action in options:
            s = self.score(ctx, st, action)
            if s > best_score + 1e-9:
                best, best_score = [action], s
            elif abs(s - best_score) <= 1e-9:
                best.append(action)
        return best[self.rng.randrange(len(best))]

    def choose(self, game: Game) -> Action:
        # one listing of the options per decision (the decision carries them): listing is a fifth of a game
        decision = game.decision()
        if decision is None or not decision.options:
            raise ValueError("there is no decision to make: the game is over")
        options = list(decision.options)
        if len(options) == 1:
            return options[0]
        ctx = self._own_ctx(game)
        self.rule = ""
        if decision.kind == "turn":
            picked = self.turn_choice(ctx, game.state, options)
            if self.hero_rules:
                ruled = turn_rule(ctx, game.state, options, picked)
                if ruled is not None:
                    self.rule = ruled[1]
                    return ruled[0]
            if picked is not None:
                return picked
        elif decision.kind == "story_choice" and self.look_ahead:
            picked = self.weigh_choice(ctx, game.state, options)
            if picked is not None:
                return picked
        elif self.hero_rules:
            ruled = question_rule(ctx, game.state, decision.kind, options)
            if ruled is not None:
                self.rule = ruled[1]
                return ruled[0]
        return self.best_of(ctx, game.state, options)

    def weigh_choice(self, ctx: Ctx, st: State, options: list[Action]) -> Action | None:
        """A story choice answered by looking ahead (issue 43): each answer is played on over the same
        :data:`CHOICE_PLAYOUTS` re-drawn futures for :data:`CHOICE_DEPTH` decisions by the rules of thumb
        (:func:`mnm.bots.playout.play_out`), a game won scoring 1, lost 0, unfinished its :func:`evaluate`; the
        best mean wins and :attr:`choice_why` says why. None when the answers score the same (the one-step
        look decides, as for any question)."""
        from mnm.bots.playout import play_out

        seeds = [self.rng.getrandbits(64) for _ in range(CHOICE_PLAYOUTS)]
        scores: list[float] = []
        for action in options:
            total = 0.0
            for seed in seeds:
                rng = random.Random(seed)
                trial = st.copy()
                resample_hidden(trial, rng)
                apply_action_in_place(ctx, trial, action)
                end, _ = play_out(ctx, trial, self, rng, CHOICE_DEPTH)
                total += 1.0 if end.status == "won" else 0.0 if end.status == "lost" else evaluate(ctx, end)
            scores.append(total / len(seeds))
        best = max(range(len(options)), key=lambda i: scores[i])
        if max(scores) - min(scores) < 1e-9:
            return None
        others = ", ".join(f"{options[i].args[0]} {scores[i]:.2f}" for i in range(len(options)) if i != best)
        pick = options[best].args[0] if options[best].args else ""
        self.choice_why = (
            f"chose {pick}: its {len(seeds)} playouts scored {scores[best]:.2f} against {others}",
            f"escolheu {pick}: suas {len(seeds)} simulações valeram {scores[best]:.2f} contra {others}",
        )
        return options[best]

    def explain_choice(self, lang: str = "en") -> str:
        """The rule of thumb behind the bot's last choice, named with its ID (docs/bots.md, "The heroes' whole
        game"), e.g. "heal a mouse about to be captured (H-HEAL)"; "" when its other rules of thumb decided."""
        return rule_sentence(self.rule, lang) if self.rule else ""

    # --- rules of thumb for a mouse's turn ----------------------------------------------------------------

    def route_goal(self, ctx: Ctx, st: State) -> SubGoal | None:
        """Where this bot is told to go: the planner's current sub-goal (``AUTO``); a bot given waypoints by hand
        (:class:`mnm.bots.waypoints.WaypointBot`) answers its own."""
        return AUTO

    def worth_acting(self, ctx: Ctx, st: State, space: str, acts: list[Action], goal: SubGoal | None) -> Action | None:
        """The offered chapter action worth taking now (None: none is): the one the planner's sub-goal names
        (:attr:`mnm.bots.plan.SubGoal.action`); for a bot told where to go by hand, one offered on the spaces it
        was told to stand on; else one that serves the party's survival or wins (:func:`mnm.bots.plan.act_worth`)."""
        sub = current_goal(ctx, st) if goal is AUTO else goal
        if sub is not None and sub.action:
            named = [a for a in acts if a.args and a.args[0] == sub.action]
            if named:
                return named[0]
        elif sub is not None and goal is not AUTO and sub.act == "stand" and space in sub.spaces:
            return acts[0]  # a hand-written waypoint: stand here and do what is offered
        for a in acts:
            if a.args and act_worth(ctx, st, a.args[0]) > 0:
                return a
        return None

    def turn_choice(self, ctx: Ctx, st: State, options: list[Action]) -> Action | None:
        """Hit what you can; close in on minions on your tile; else search when safe, head for the way on
        (the plan's advice, :func:`mnm.bots.plan.advice`, or any exit or flip space), explore there."""
        by_verb: dict[str, list[Action]] = {}
        for a in options:
            by_verb.setdefault(a.verb, []).append(a)
        hero = st.heroes[options[0].actor]
        if hero.space is None:
            return None
        if "levelup" in by_verb and self.hero_rules:
            return level_pick(by_verb["levelup"])  # H-LEVEL: no one-step look tells two abilities apart
        for verb in ("levelup", "recover"):
            if verb in by_verb:
                return self.best_of(ctx, st, by_verb[verb])
        board = ctx.board
        side = board.spaces[hero.space].side
        graph = board.graph(side)
        end = by_verb.get("end", [None])[0]
        minion_spaces = tuple(m.space for m in st.minions.values() if board.spaces[m.space].side == side)
        moves = safe_moves(ctx, by_verb.get("move", []))
        read = stages(ctx)
        steps = step_distances(ctx, st, side)  # the lines the engine moves a mouse on now (bars included)

        def closer(goals: tuple[str, ...]) -> Action | None:
            if not moves:
                return None
            targets = [graph.by_id[g].index for g in goals if g in graph.by_id]

            def dist(space: str) -> int:
                row = steps[graph.by_id[space].index]
                return min((row[t] for t in targets), default=99)

            best = min(moves, key=lambda a: (dist(a.args[0]), board.order[a.args[0]]))
            return best if dist(best.args[0]) < dist(hero.space or "") else None

        if minion_spaces:
            if "battle" in by_verb:
                return self.best_of(ctx, st, by_verb["battle"])
            step = closer(minion_spaces)
            if step is not None:
                return step
            return end
        goal = self.route_goal(ctx, st)
        acts = by_verb.get("act", [])
        if acts:  # a chapter action offered here (issue 30), taken for its worth, never because it is offered
            worth = self.worth_acting(ctx, st, hero.space, acts, goal)
            if worth is not None:
                return worth
        ways = advice(ctx, st, side, hero.space, hero.id, goal)
        if "search" in by_verb and side not in hero.searched:
            if ways and ways[0].verb == "search":
                if hero.space in ways[0].spaces:
                    return by_verb["search"][0]  # the search that opens the way on
            elif (st.end_page - st.hourglass > HASTE_PAGES or not ways) and side not in read.danger_sides:
                return by_verb["search"][0]
        if ways:
            goals, verb = ways[0].spaces, ways[0].verb
        else:  # the plan knows no way from here: any way on
            goals = tuple(sp for ex in graph.exits for sp in ex.spaces) + tuple(x.id for x in graph.spaces if x.flip)
            verb = "*"
        if verb == "enter" and hero.space in goals:
            # a trigger on entering a space: step off it, to come back in (the planner asks again next move)
            off = [a for a in moves if a.args[0] not in goals]
            if off:
                return min(
                    off,
                    key=lambda a: (
                        steps[graph.by_id[a.args[0]].index][graph.by_id[hero.space or ""].index],
                        board.order[a.args[0]],
                    ),
                )
            return end
        if hero.space in goals:
            if verb == "search" and "search" in by_verb:
                return by_verb["search"][0]
            for a in by_verb.get("explore", []):
                if verb == "*" or a.args == (verb,):
                    return a
            return end
        step = closer(goals)
        if step is not None:
            return step
        return end


def safe_moves(ctx: Ctx, moves: list[Action]) -> list[Action]:
    """The moves that do not enter a space feeding one of the chapter's defeats (the planner's reading,
    :func:`mnm.bots.plan.stages`), or every move when none is safe: the heuristic keeps off those spaces while
    there is another way, and the search bot offers no other candidates (issue 37)."""
    danger = stages(ctx).danger_spaces
    if not danger or not moves:
        return moves
    return [a for a in moves if a.args[0] not in danger] or moves


def feeds_defeat(ctx: Ctx, st: State, action: Action) -> bool:
    """Whether ``action`` is a search on a tile side whose searching feeds one of the chapter's defeats."""
    if action.verb != "search":
        return False
    hero = st.heroes.get(action.actor)
    if hero is None or hero.space is None:
        return False
    return ctx.board.spaces[hero.space].side in stages(ctx).danger_sides


def explain_plan(game: Game, lang: str = "en") -> str:
    """What the bots are doing in ``game`` now, in one line: the planner's current sub-goal
    (:func:`mnm.bots.plan.explain`), e.g. "searching side 8 for the dinner-fork for `party_holds fork`, needed
    for victory"."""
    return explain(game.ctx, game.state, lang)
