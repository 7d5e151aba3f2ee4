"""Setting up a chapter (R-SETUP-01..12, R-SEARCH-13, R-ABIL-02, R-CAMP carry-over)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from mnm.content.schema import CardType
from mnm.engine.actions import Action
from mnm.engine.context import Ctx, decision, push, step
from mnm.engine.dice import shuffle
from mnm.engine.errors import IllegalAction
from mnm.engine.query import card_of as query_card_of
from mnm.engine.rules.chapter_state import CAMPAIGN_LOG
from mnm.engine.rules.encounters import place_minions
from mnm.engine.rules.expansion import expansion_setup
from mnm.engine.rules.initiative import add_cards, cards_for_types
from mnm.engine.rules.spaces import room_for
from mnm.engine.state import Hero, Minion, Pending, State

__all__ = [
    "DEFAULT_DIFFICULTY",
    "DIFFICULTY_PRESETS",
    "GAME_OPTIONS",
    "MEASURED",
    "DifficultyPreset",
    "MeasuredRate",
    "card_instances",
    "card_of",
    "difficulty_options",
    "setup_state",
    "with_difficulty",
]


def card_instances(ctx: Ctx) -> list[str]:
    """Every search card in the box, one id per copy: ``dagger``, ``leather-breastplate``,
    ``leather-breastplate/2``..."""
    out = []
    for cid, card in ctx.content.search_cards.items():
        out.append(cid)
        out.extend(f"{cid}/{k}" for k in range(2, card.copies + 1))
    return out


card_of = query_card_of  # re-exported: many modules name it from here


def hero_meets_ability(ctx: Ctx, hero_id: str, ability_id: str) -> bool:
    card = ctx.content.ability_cards[ability_id]
    if not card.classes:
        return True
    classes = ctx.content.heroes[hero_id].classes
    return any(c in classes for c in card.classes)  # no sets built: every ability card is asked at every setup


# Rule variants players may switch on (docs/rulings.md, "Options"); every one is off by default.
GAME_OPTIONS: dict[str, str] = {
    "minion_cheese_one_per_roll": "R-BATTLE-03 as the FAQ reads it: a minion's roll puts at most 1 cheese on the wheel",
    "no_achievements": "play without individual achievements (R-ACH-01)",
    "stunned_no_free_actions": "R-TURN-10 as the summary reads it: a stunned mouse takes no free actions",
    "disguises_forced": "R-PARTY-02 as the card reads: Disguises is spent at the next Rat Warrior placement",
    "ranged_target_most_minions": "R-BATTLE-07 with the FAQ refinement: a ranged attack at nearby minions targets "
    "the nearby space holding the most",
    "auto_pick_choices": "the engine makes the small choices the rulebook leaves to the players (which boss card a "
    "wound goes on: the one due to act next; Brodie's path where it splits, and tied minion entry spaces: the "
    "lowest-numbered space) instead of "
    "asking, for fast play and simulations",
    # house rules where the sources allow two readings (issue 33; docs/rulings.md): off is the rulebook as we read it
    "charmed_stunned_attacks": "R-NEG-05 house rule: a charmed mouse that is also stunned attacks as a minion would",
    "ambush_acts_this_round": "R-ENC-09 house rule: a card an ambush would move above the card in play stops just "
    "below it, so it still acts this round",
    "entry_overflow_nearest": "R-ENC-05 house rule: a minion with no room on any entry space enters on the nearest "
    "space with room",
    "tree_entrance_no_fishhook": "Chapter 1 variant: the Fishhook & Thread cannot even be placed on the tree entrance "
    "(it never leads into the tree: R-STORY-05)",
    "born_to_lead_not_while_captured": "R-ROUND-13 house rule: a captured Collin gains no cheese from Born to Lead",
    "grape_lost_in_water": "R-PARTY-13 house rule: a grape that lands grape side up on water is lost (reshuffled)",
    "tinkerers_treasure_tinkerers_only": "R-SEARCH-07 house rule: only a tinkerer may take a weapon or armor with "
    "Tinkerer's Treasure",
    # companion mode with the box's own decks (issue 25): the players draw and name the card, like typed dice
    "box_search_deck": "R-SEARCH-01 with the box's search deck: the players draw it and say which card came up",
    "box_encounter_deck": "R-ENC-02 with the box's encounter deck: the players draw it and say which card came up",
    "box_initiative": "R-ROUND-04/05 with the box's initiative cards: the players shuffle them and say their order",
    # difficulty (docs/difficulty.md): what the presets below are made of
    "end_marker_later": "difficulty: the chapter end marker starts one page later",
    "end_marker_earlier": "difficulty: the chapter end marker starts one page earlier",
    "encounters_page_down": "difficulty: encounter cards use the row of the page before the hourglass's",
    "encounters_page_up": "difficulty: encounter cards use the row of the page after the hourglass's",
    "hero_life_plus_one": "difficulty: every mouse takes one wound more before it is captured",
    "hero_life_minus_one": "difficulty: every mouse is captured one wound sooner",
}


@dataclass(frozen=True)
class MeasuredRate:
    """A *new party*'s win rate at one preset on one chapter: the heuristic bot, which since issue 44 uses abilities,
    items and scrolls by a good player's rules of thumb (Collin, Tilda, Filch, Maginos; seeds 0 up); and, where
    measured, a *careful party*'s (the search bot) on the first ``careful_games`` of the same seeds
    (docs/difficulty.md, "Two yardsticks"); and the random bot's on the first ``random_games`` of them, the first
    leg of the chapter's skill depth (docs/difficulty.md, "Skill depth")."""

    chapter: str  # chapter id
    win_rate: float  # the new party's (the heuristic bot)
    ci95: tuple[float, float]  # Wilson 95% interval
    games: int
    careful: float | None = None  # the careful party's (the search bot), None where not measured
    careful_games: int = 0
    random: float | None = None  # the random bot's, None where not measured
    random_games: int = 0


@dataclass(frozen=True)
class DifficultyPreset:
    """A difficulty players choose: a documented bundle of ``GAME_OPTIONS`` (docs/difficulty.md), with the
    heuristic bot's measured win rate on each chapter, so players choose knowingly.

    >>> easy = DIFFICULTY_PRESETS["easy"]
    >>> easy.win_rate == easy.rate("flight-to-barksburg").win_rate  # Chapter 1's, the one the issue calibrates
    True
    >>> DIFFICULTY_PRESETS["hard"].rate("no-such-chapter") is None
    True
    """

    id: str
    options: tuple[str, ...]
    rates: tuple[MeasuredRate, ...]  # Chapter 1's first

    def option_flags(self) -> dict[str, bool]:
        return dict.fromkeys(self.options, True)

    def rate(self, chapter: str) -> MeasuredRate | None:
        """The measured rate on ``chapter`` (an id), or None where it was not measured."""
        return next((r for r in self.rates if r.chapter == chapter), None)

    @property
    def win_rate(self) -> float:
        """Chapter 1's measured rate."""
        return self.rates[0].win_rate

    @property
    def ci95(self) -> tuple[float, float]:
        return self.rates[0].ci95

    @property
    def games(self) -> int:
        return self.rates[0].games


# A new party's win rates (the heuristic bot, abilities included: issue 44), measured by `mnm simulate --chapter C --bot
# heuristic --difficulty D --games N` (seeds 0 to N-1; docs/difficulty.md), by preset, then chapter; the last two
# numbers of a row, where present, are a careful party's (the search bot) rate and games on the first seeds;
# ``random``/``random_games`` the random bot's on the first seeds (skill depth's first leg).
# Re-measure with one command, `python bench/remeasure_presets.py --write`, when content, rules or bots change.
MEASURED: dict[str, tuple[MeasuredRate, ...]] = {
    "easy": (
        MeasuredRate("flight-to-barksburg", 0.751, (0.7233, 0.7768), 1000, 0.8, 15, random=0.0, random_games=400),
        MeasuredRate("the-root-road", 0.8075, (0.766, 0.8431), 400, 1.0, 6, random=0.0, random_games=400),
        MeasuredRate("the-trickle-crossing", 0.8375, (0.7982, 0.8704), 400, 1.0, 6, random=0.0, random_games=400),
        MeasuredRate("the-ember-vault", 0.66, (0.6123, 0.7047), 400, 1.0, 6, random=0.0, random_games=400),
        MeasuredRate("the-old-mill", 0.7925, (0.7501, 0.8294), 400, 0.8333, 6, random=0.0, random_games=400),
        MeasuredRate("the-mill-race", 0.85, (0.8117, 0.8817), 400, 1.0, 6, random=0.0, random_games=400),
        MeasuredRate("proving-grounds", 1.0, (0.9812, 1.0), 200, random=0.2325, random_games=400),
    ),
    "normal": (
        MeasuredRate("flight-to-barksburg", 0.441, (0.4105, 0.4719), 1000, 0.6667, 15, random=0.0, random_games=400),
        MeasuredRate("the-root-road", 0.6375, (0.5893, 0.6831), 400, 0.8333, 6, random=0.0, random_games=400),
        MeasuredRate("the-trickle-crossing", 0.6475, (0.5995, 0.6927), 400, 0.8333, 6, random=0.0, random_games=400),
        MeasuredRate("the-ember-vault", 0.5075, (0.4587, 0.5562), 400, 0.8333, 6, random=0.0, random_games=400),
        MeasuredRate("the-old-mill", 0.52, (0.4711, 0.5685), 400, 0.8333, 6, random=0.0, random_games=400),
        MeasuredRate("the-mill-race", 0.6475, (0.5995, 0.6927), 400, 1.0, 6, random=0.0, random_games=400),
        MeasuredRate("proving-grounds", 1.0, (0.9812, 1.0), 200, random=0.1725, random_games=400),
    ),
    "hard": (
        MeasuredRate("flight-to-barksburg", 0.113, (0.0948, 0.1341), 1000, 0.1333, 15, random=0.0, random_games=400),
        MeasuredRate("the-root-road", 0.3225, (0.2786, 0.3698), 400, 0.3333, 6, random=0.0, random_games=400),
        MeasuredRate("the-trickle-crossing", 0.315, (0.2714, 0.3621), 400, 0.3333, 6, random=0.0, random_games=400),
        MeasuredRate("the-ember-vault", 0.215, (0.1776, 0.2579), 400, 0.3333, 6, random=0.0, random_games=400),
        MeasuredRate("the-old-mill", 0.3375, (0.2929, 0.3852), 400, 0.5, 6, random=0.0, random_games=400),
        MeasuredRate("the-mill-race", 0.195, (0.1592, 0.2367), 400, 0.3333, 6, random=0.0, random_games=400),
        MeasuredRate("proving-grounds", 1.0, (0.9812, 1.0), 200, random=0.0975, random_games=400),
    ),
}

DIFFICULTY_PRESETS: dict[str, DifficultyPreset] = {
    "easy": DifficultyPreset(
        "easy", ("end_marker_later", "encounters_page_down", "hero_life_plus_one"), MEASURED["easy"]
    ),
    "normal": DifficultyPreset("normal", (), MEASURED["normal"]),
    "hard": DifficultyPreset(
        "hard", ("end_marker_earlier", "encounters_page_up", "hero_life_minus_one"), MEASURED["hard"]
    ),
}
DEFAULT_DIFFICULTY = "normal"
DIFFICULTY_OPTIONS = (
    "end_marker_later",
    "end_marker_earlier",
    "encounters_page_down",
    "encounters_page_up",
    "hero_life_plus_one",
    "hero_life_minus_one",
)


def difficulty_options(difficulty: str, extra: dict[str, bool] | None = None) -> dict[str, bool]:
    """The game options of a preset, plus ``extra`` switched on by hand; an unknown preset is refused."""
    if difficulty not in DIFFICULTY_PRESETS:
        raise IllegalAction(
            f"unknown difficulty {difficulty!r}; difficulties: {', '.join(DIFFICULTY_PRESETS)}", "new game"
        )
    return {**DIFFICULTY_PRESETS[difficulty].option_flags(), **(extra or {})}


def _end_shift(options: dict[str, bool]) -> int:
    """How many pages later (or earlier, negative) the difficulty options put the end marker."""
    return int(options.get("end_marker_later", False)) - int(options.get("end_marker_earlier", False))


def with_difficulty(st: State, difficulty: str) -> None:
    """Put ``st`` at another difficulty preset: its difficulty options replaced by the preset's, and the end
    marker moved by the difference (a what-if for hints on a saved game; never used in a running game). A mouse
    whose wounds already reach the preset's lower life is captured at its next wound."""
    wanted = difficulty_options(difficulty)
    st.end_page += _end_shift(wanted) - _end_shift(st.options)
    kept = {k: v for k, v in st.options.items() if k not in DIFFICULTY_OPTIONS}
    st.options = {**kept, **wanted}


def setup_state(
    ctx: Ctx,
    party: list[str],
    seed: int,
    dice_mode: str,
    options: dict[str, bool],
    carry: dict[str, Any] | None,
    check_party_size: bool = True,
) -> State:
    """The state after setup, before the first decision (R-SETUP)."""
    ch = ctx.chapter
    if dice_mode not in ("seeded", "scripted", "manual"):
        raise IllegalAction(f"dice must be seeded, scripted or manual, got {dice_mode!r}", "new game")
    if check_party_size and len(party) != ch.party_size:
        raise IllegalAction(f"this chapter needs a party of {ch.party_size} mice, got {len(party)}", "new game")
    unknown = sorted(set(options) - set(GAME_OPTIONS))
    if unknown:
        raise IllegalAction(f"unknown game option {unknown[0]!r}; options: {', '.join(GAME_OPTIONS)}", "new game")
    if len(set(party)) != len(party):
        raise IllegalAction("a mouse can be in the party only once", "new game")
    for h in party:
        if h not in ctx.content.heroes:
            raise IllegalAction(f"unknown hero {h!r}; heroes: {', '.join(ctx.content.heroes)}", "new game")
        if h in ch.forbidden_heroes:
            raise IllegalAction(f"{ctx.content.heroes[h].name.en} may not adventure in this chapter", "new game")
    st = State(chapter=ch.id, party=list(party), seed=seed, rng=0)  # rng: the stream counter (mnm.engine.dice)
    st.dice_mode = dice_mode
    st.options = dict(options)
    # difficulty options (docs/difficulty.md): the end marker starts a page later or earlier
    st.end_page = ch.end_page + _end_shift(options)
    carry = carry or {}

    instances = card_instances(ctx)
    used: set[str] = set()
    for hid in party:
        hero = Hero(hid, ch.start_space)  # R-SETUP-06
        for cid in ctx.content.heroes[hid].starting_equipment:  # R-SETUP-04, R-SEARCH-13
            inst = next(i for i in instances if card_of(i) == cid and i not in used)
            used.add(inst)
            hero.equipped.append(inst)
        st.heroes[hid] = hero
    # campaign carry-over (R-CAMP-02/03): abilities and one kept card per mouse
    for hid, kept in (carry.get("cards") or {}).items():
        if hid in st.heroes and kept:
            found = next((i for i in instances if card_of(i) == card_of(str(kept)) and i not in used), None)
            if found is None:  # never dropped without a word (issue 33): the keep is refused with the reason
                raise IllegalAction(
                    f"{hid} cannot keep {kept}: every copy is already taken by this party's starting equipment "
                    "(R-CAMP-03)",
                    "new game",
                )
            used.add(found)
            # a kept trick lies with the mouse's tricks, as a found or shared one does (docs/rulings.md R-CAMP-03)
            trick = ctx.content.search_cards[card_of(found)].type is CardType.TRICK
            (st.heroes[hid].tricks if trick else st.heroes[hid].pack).append(found)
    for hid, abilities in (carry.get("abilities") or {}).items():
        if hid in st.heroes:
            st.heroes[hid].abilities = [a for a in abilities if a in ctx.content.ability_cards]
    st.story_achievements = list(carry.get("story_achievements") or [])
    log = carry.get("campaign_log") or {}  # the campaign log (R-CAMP-01): what earlier chapters recorded
    if log:
        st.chapter_data[CAMPAIGN_LOG] = {str(k): int(v) for k, v in log.items()}

    special = {ss.card for ss in ch.special_searches}
    cards = ctx.content.search_cards
    st.search_deck = [
        i for i in instances if i not in used and card_of(i) not in special and cards[card_of(i)].deck
    ]  # R-SETUP-08: the remaining search cards ([EXP] Party Setup items stay out of the deck)
    shuffle(st, st.search_deck)
    kinds = set(ch.encounter_kinds)
    st.encounter_deck = [cid for cid, c in ctx.content.encounter_cards.items() if c.kind in kinds]  # R-ENC-01
    shuffle(st, st.encounter_deck)

    for p in ch.layout:  # R-SETUP-05
        st.face_up[ctx.board.tile_of_side(p.side)] = p.side
    start_side = int(ch.start_space.split(":")[0])
    st.explored = [start_side]
    st.track = [f"mouse:{h}" for h in party]
    st.turn_index = -1
    ctx.emit("chapter_begins", "R-SETUP-01", chapter=ch.id, party=list(party))
    expansion_setup(ctx, st)  # [EXP] R-SETUP-04/10: party items, tokens, rain, allies and pets
    ctx.rules.on_setup(ctx, st)
    # what the chapter's chapter_begins rules left to ask (a story choice, a card to keep) is asked once setup's own
    # questions are answered and before the first card acts (it would otherwise wait under the turn loop)
    asked = [step for step in st.stack if step and step[0] in _ASKED_AT_SETUP]
    if asked:
        st.stack[:] = [step for step in st.stack if not step or step[0] not in _ASKED_AT_SETUP]
        push(st, ["choose_abilities"], ["place_starting_minions"], *asked[::-1], ["next_card"])
    else:
        push(st, ["choose_abilities"], ["place_starting_minions"], ["next_card"])
    return st


_ASKED_AT_SETUP = frozenset({"story_choice", "card_found"})  # steps a chapter_begins rule may push (issue 30)


@step("choose_abilities")
def _choose_abilities(ctx: Ctx, st: State, args: list[Any]) -> None:
    """R-SETUP-03: each mouse without an ability card takes one whose class requirement it meets."""
    for hid in st.party:
        if not st.heroes[hid].abilities and ability_choices(ctx, st, hid):
            st.pending = Pending("choose_ability", hid)
            return


def _taken(st: State) -> set[str]:
    return {a for h in st.heroes.values() for a in h.abilities}


def ability_choices(ctx: Ctx, st: State, hero_id: str) -> list[str]:
    taken = _taken(st)
    return [a for a in ctx.content.ability_cards if a not in taken and hero_meets_ability(ctx, hero_id, a)]


def _ability_options(ctx: Ctx, st: State, p: Pending) -> list[Action]:
    return [Action("choose", p.actor, (a,)) for a in ability_choices(ctx, st, p.actor)]


def _ability_apply(ctx: Ctx, st: State, p: Pending, a: Action) -> None:
    st.heroes[p.actor].abilities.append(a.args[0])
    ctx.emit("ability_chosen", "R-SETUP-03", hero=p.actor, ability=a.args[0])
    push(st, ["choose_abilities"])


def _ability_explain(ctx: Ctx, st: State, p: Pending, a: Action) -> str:
    if a.verb != "choose" or len(a.args) != 1:
        return f"choose an ability card: 'choose {p.actor} <ability>'"
    if a.args[0] not in ctx.content.ability_cards:
        return f"there is no ability card {a.args[0]!r}"
    if a.args[0] in _taken(st):
        return f"{a.args[0]} is already taken by another mouse"
    return f"{ctx.content.heroes[p.actor].name.en} does not meet the class requirement of {a.args[0]}"


decision("choose_ability", _ability_options, _ability_apply, _ability_explain, prompt="choose_ability_prompt")


@step("place_starting_minions")
def _place_starting(ctx: Ctx, st: State, args: list[Any]) -> None:
    """R-SETUP-06/07: starting minions placed normally (R-ENC-06), one group after the other, then the opening
    initiative shuffle. args = [] at first, then [next group, types placed so far, types the last group placed]."""
    index = int(args[0]) if args else 0
    types = [str(t) for t in args[1]] if args else []
    types += [str(t) for t in (args[2] if args else []) if str(t) not in types]
    if index < len(ctx.chapter.starting_minions):
        sm = ctx.chapter.starting_minions[index]
        then = ["place_starting_minions", index + 1, types]
        place_minions(ctx, st, sm.side, [(sm.minion, sm.count)], then, reason="setup")
        return
    for placement in ctx.chapter.placements:  # R-STORY-03: minions on named spaces, placed as they are written
        # a space a chapter_begins rule (which runs before: docs/rulings.md R-STORY-05) or an earlier placement
        # filled gives the nearest space with room, as a place_minion effect does (issue 43); none: not placed
        large = ctx.content.minions[placement.minion].size == "large"
        space = room_for(ctx, st, placement.space, large)
        if not space:
            ctx.emit("not_enough_figures", "R-SURGE-04", minion=placement.minion, wanted=1, placed=0)
            continue
        serial = st.minion_serial.get(placement.minion, 0) + 1
        st.minion_serial[placement.minion] = serial
        fig = Minion(f"{placement.minion}-{serial}", placement.minion, space)
        st.minions[fig.id] = fig
        ctx.emit("minion_placed", "R-STORY-03", minion=fig.id, space=fig.space, why="setup", reason="setup")
        if placement.minion not in types:
            types.append(placement.minion)
    mouse_cards = st.track
    st.track = []
    add_cards(ctx, st, mouse_cards, cards_for_types(ctx, st, types))
    st.turn_index = -1
