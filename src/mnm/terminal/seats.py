"""Who sits at each mouse: a person (the default) or a bot, and the hints both terminal clients show.

``--bots filch=heuristic,maginos=random`` seats bots at some mice; ``all=heuristic`` at every mouse (and the
party's shared questions). When the pending decision belongs to a bot's mouse the client asks the bot and plays
its answer like any other choice, so saving, undo and the log work the same.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from mnm.bots import Policy, make_bot
from mnm.bots.hints import MIN_PLAYOUTS, PLAYOUTS, Hint, hints
from mnm.engine import Action, Decision, Game
from mnm.presentation.seating import BOT_NAMES, undo_goes_on
from mnm.terminal.describe import Describer
from mnm.terminal.lang import say

__all__ = [
    "HINT_COUNT",
    "HINT_ITERATIONS",
    "Seats",
    "find_hints",
    "hint_chance",
    "hint_parts",
    "hint_text",
    "parse_bots",
]


ALL = "all"
PARTY_ACTOR = "party"
HINT_COUNT = 3
HINT_ITERATIONS = PLAYOUTS  # playouts per hint request (mnm.bots.hints)


def parse_bots(text: str, party: list[str] | tuple[str, ...]) -> dict[str, str]:
    """``hero=bot,...`` (or ``all=bot``) as hero id -> bot name; ``ValueError`` saying what is wrong."""
    seats: dict[str, str] = {}
    for item in (p.strip() for p in text.split(",")):
        if not item:
            continue
        who, eq, bot = (s.strip().lower() for s in item.partition("="))
        if not eq or not who or not bot:
            raise ValueError(f"--bots takes hero=bot pairs like filch=heuristic or all=heuristic, not {item!r}")
        if bot not in BOT_NAMES:
            raise ValueError(f"unknown bot {bot!r}; bots: {', '.join(BOT_NAMES)}")
        if who == ALL:
            seats.update(dict.fromkeys(party, bot))
            seats[PARTY_ACTOR] = bot
        elif who in party:
            seats[who] = bot
        else:
            raise ValueError(f"{who!r} is not in the party ({', '.join(party)}); use a hero's id or 'all'")
    if seats and all(h in seats for h in party):
        seats.setdefault(PARTY_ACTOR, seats[party[0]])  # nobody is left to answer the party's questions
    return seats


@dataclass
class Seats:
    """The bots at the table, one per seated mouse, made once so each keeps its own random stream."""

    names: dict[str, str] = field(default_factory=dict)  # hero id (or 'party') -> bot name
    seed: int = 0
    paused: bool = False  # the person at the table stopped the bots (F5 in the app)
    _bots: dict[str, Policy] = field(default_factory=dict, repr=False)

    @classmethod
    def of(cls, text: str, game: Game, seed: int = 0) -> Seats:
        return cls(parse_bots(text, list(game.state.heroes)), seed)

    def bot_for(self, decision: Decision | None) -> Policy | None:
        """The bot that answers ``decision``, or None when a person does."""
        if decision is None or decision.actor not in self.names:
            return None
        if decision.actor not in self._bots:
            # a different stream per seat, fixed by the game's seed: the same bots play the same way
            offset = sorted(self.names).index(decision.actor)
            self._bots[decision.actor] = make_bot(self.names[decision.actor], self.seed * 31 + offset)
        return self._bots[decision.actor]

    def all_bots(self, game: Game) -> bool:
        """Whether bots play every mouse (and are not paused): nobody at the table is there to close a page."""
        return not self.paused and bool(self.names) and all(h in self.names for h in game.state.heroes)

    def is_bot(self, actor: str) -> bool:
        return actor in self.names

    def choose(self, game: Game) -> Action | None:
        """The bot's answer to the pending decision, or None when it is a person's."""
        bot = self.bot_for(game.decision())
        return bot.choose(game) if bot is not None else None

    def undo(self, game: Game) -> list[str]:
        """Take back the last action and then the bots' answers before it, back to a person's decision.

        Without the second part the bot would at once play again what was just taken back. Returns the
        actions taken back (latest first); empty when nothing could be. Undo's own limits hold."""
        taken: list[str] = []
        while game.can_undo()[0]:
            taken.append(game.log[-1])
            game.undo()
            if self.paused or not undo_goes_on(game, lambda d: d.actor in self.names):
                break
        return taken

    def describe(self) -> str:
        return ", ".join(f"{who}={bot}" for who, bot in self.names.items() if who != PARTY_ACTOR)


def _percent(x: float, lang: str) -> str:
    return say(lang, "hint.percent", n=round(x * 100))


def hint_chance(hint: Hint, lang: str = "en") -> str:
    """The estimate in words: the chance with its 95% interval, or that there were too few playouts
    (``chance`` is None under MIN_PLAYOUTS, contract 3)."""
    if hint.playouts < MIN_PLAYOUTS or hint.chance is None:
        return say(lang, "hint.too_few", playouts=hint.playouts)
    chance = _percent(hint.chance, lang)
    if hint.low is not None and hint.high is not None:
        low, high = _percent(hint.low, lang), _percent(hint.high, lang)
        numbers = say(lang, "hint.interval", chance=chance, low=low, high=high, playouts=hint.playouts)
        words = getattr(hint, "words", "")  # issue 44: a player's words first (a hand-made hint may have none)
        return f"{words} ({numbers})" if words else numbers
    return say(lang, "hint.chance", chance=chance, playouts=hint.playouts)


def hint_parts(words: Describer, game: Game, hint: Hint, previous: Hint | None = None) -> tuple[str, str]:
    """A hint's choice (as the choice list words it) and its estimate with the reason; ``about equal to the one
    above`` when its interval overlaps the previous hint's (the same ``group``)."""
    d = game.decision()
    actor = d.actor if d is not None else ""
    what = words.action(hint.action, words.space_names(game), actor=actor)
    same = previous is not None and hint.group is not None and previous.group == hint.group
    same = same and not getattr(hint, "even", False)  # its reason says "Even with ..." already: one wording
    equal = "; " + say(words.lang, "hint.equal") if same else ""
    return what, f"{hint_chance(hint, words.lang)}{equal}; {hint.reason}"


def hint_text(words: Describer, game: Game, hint: Hint, previous: Hint | None = None) -> str:
    """One hint as a line: the choice, its text form, its estimated chance and why."""
    what, why = hint_parts(words, game, hint, previous)
    return f"{what} [{hint.action}]: {why}"


def find_hints(game: Game, iterations: int = HINT_ITERATIONS, count: int = HINT_COUNT, lang: str = "en") -> list[Hint]:
    """The best few options for the pending decision (the search bot's playouts; hidden things re-sampled),
    their reasons in ``lang``."""
    return hints(game, count=count, iterations=iterations, seed=len(game.log), lang=lang)
