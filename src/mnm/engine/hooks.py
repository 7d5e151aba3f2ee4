"""The engine's extension seam: named hook points with typed signatures, and the chapter rules base class.

Rule modules (``rules/``) never test a content id with a string comparison: they ask a hook point for the
handler registered under the id the content names (a card's ``effect``, a hero's ``innate``), and call it.
Handlers live in ``effects/`` and register themselves at import; :func:`mnm.engine.effects.check_content`
refuses content that names an id no hook point (and no card-effect registry) knows, naming file and field.

A hook point is a typed dictionary from content id to handler:

>>> import mnm.engine
>>> from mnm.engine.hooks import WEAPON_ATTACK
>>> "accurate-bow" in WEAPON_ATTACK
True
>>> WEAPON_ATTACK.get("no-such-effect") is None
True

A chapter's special rules reach the engine through :class:`ChapterRules` (R-STORY-05: a chapter's rules win
over the rulebook's): every method is a trigger point with a do-nothing default. A chapter's file is compiled
into one (:class:`mnm.engine.rules.chapter_rules.ChapterProgram`, the chapter language of docs/chapters.md) when
the game's context is made; a chapter written as a Python subclass registered here (:func:`chapter_rules`, for a
rule the language cannot say) takes its place:

>>> import mnm.engine
>>> from mnm.engine.hooks import chapter_rules_for
>>> type(chapter_rules_for("a-chapter-without-python-rules")).__name__
'ChapterRules'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, NoReturn, TypeVar, cast

# re-exported for old importers: the class lives in the context, beside the GameDef that holds it
from mnm.engine.context import ChapterRules

if TYPE_CHECKING:
    from mnm.content.schema import SearchCard
    from mnm.engine.context import Ctx
    from mnm.engine.state import Hero, Minion, State, Turn

__all__ = [
    "AFTER_HIT",
    "ALLY_AFFLICTED",
    "ATTACK_CHEESE",
    "CARDS_PLACED",
    "CARD_TURN_ENDS",
    "CAT_CARD",
    "CHAPTERS",
    "CREATURE_TURN",
    "CURSED_CHEESE",
    "DEFENSE_DICE",
    "EMPATHETIC_POWER",
    "EQUIPPED_ATTACK_DICE",
    "HELPER_ATTACKED",
    "HOOK_POINTS",
    "INNATE_DEFENSE_DICE",
    "MINDLESS_FALLS",
    "MINION_AFTER_ATTACK",
    "MINION_GRAPE_TURN",
    "MINION_POISONS",
    "MINION_ROLLED_CHEESE",
    "MINION_WOUNDED_MOUSE",
    "MINION_WOUNDS",
    "MOUSE_ON_HESSTER",
    "OFFER_BEFORE_TURN",
    "ON_DEFEAT",
    "PAWS_FIT",
    "RANGED_TARGETING",
    "ROUND_ENDS",
    "RULE_LINKS",
    "TARGET_DEFENSE_DICE",
    "TURN_BEGINS",
    "WEAPON_ATTACK",
    "AttackRoll",
    "ChapterRules",
    "HookPoint",
    "ParamSpec",
    "Params",
    "RuleLink",
    "ability_handlers",
    "chapter_rules",
    "chapter_rules_for",
    "innate_handlers",
]

Params = Mapping[str, int | str | bool]
# The parameters an effect accepts: name -> type (a parameter not listed here is refused when content loads)
ParamSpec = Mapping[str, type]
H = TypeVar("H")


class HookPoint(Generic[H]):
    """One named place where the rules ask content-specific code. ``kind`` says which content ids key it:
    ``effect`` (a search card's ``effect``), ``innate`` (a hero's innate ability id) or ``ability`` (a minion
    type's ability)."""

    def __init__(self, name: str, kind: str, doc: str) -> None:
        self.name = name
        self.kind = kind
        self.doc = doc
        self.handlers: dict[str, H] = {}
        self.params: dict[str, ParamSpec] = {}
        self.summaries: dict[str, str] = {}

    def register(self, content_id: str, *, summary: str, params: ParamSpec | None = None) -> Callable[[H], H]:
        """Decorator: the function handles this hook point for ``content_id``; ``params``: the parameters
        (name -> type) the content may give it; ``summary``: what it does, for docs/effects.md."""

        def add(fn: H) -> H:
            if content_id in self.handlers:
                raise RuntimeError(f"hook point {self.name!r}: {content_id!r} registered twice")
            self.handlers[content_id] = fn
            self.params[content_id] = dict(params or {})
            self.summaries[content_id] = summary
            return fn

        return add

    def get(self, content_id: str | None) -> H | None:
        if content_id is None:
            return None
        return self.handlers.get(content_id)

    def __contains__(self, content_id: object) -> bool:
        return content_id in self.handlers

    def __repr__(self) -> str:
        return f"HookPoint({self.name!r}, {len(self.handlers)} handlers)"


@dataclass(slots=True)
class AttackRoll:
    """One mouse attack being put together (R-BATTLE-05/07/12): the weapon's handler may change any field.

    ``stat``: the hero stat the dice start from (battle; lore for the Wand of Sparks); ``extra``: dice added;
    ``melee``: whether SWORD faces hit (else BOW faces); ``per_bow``: hits per BOW face (the Accurate Bow)."""

    stat: int
    extra: int
    melee: bool
    per_bow: int = 1


# --- card effects (keyed by a search card's ``effect``) --------------------------------------------------

WeaponAttackFn = Callable[["Ctx", "State", "Hero", "Minion", "AttackRoll", Params], None]
WEAPON_ATTACK: HookPoint[WeaponAttackFn] = HookPoint(
    "weapon_attack", "effect", "the weapon attacking shapes its roll (melee or not, stat, extra dice, hits per BOW)"
)

EquippedAttackFn = Callable[["Ctx", "State", "Hero", "Minion", "SearchCard", bool], int]
EQUIPPED_ATTACK_DICE: HookPoint[EquippedAttackFn] = HookPoint(
    "equipped_attack_dice",
    "effect",
    "dice a worn accessory adds to its wearer's attack (melee: bool); without a handler an accessory adds its bonus",
)

TargetDefenseFn = Callable[["Ctx", "State", "Hero", "Minion", Params], int]
TARGET_DEFENSE_DICE: HookPoint[TargetDefenseFn] = HookPoint(
    "target_defense_dice", "effect", "defense dice the attacking weapon takes from the minion it hits"
)

AfterHitFn = Callable[["Ctx", "State", "Hero", "Minion", str, int, Params], None]
AFTER_HIT: HookPoint[AfterHitFn] = HookPoint(
    "after_hit", "effect", "after the minion defended: (weapon instance, wounds dealt); the minion may be gone"
)

DefenseDiceFn = Callable[["Ctx", "State", "Hero", "Minion | None", Params], int]
DEFENSE_DICE: HookPoint[DefenseDiceFn] = HookPoint(
    "defense_dice", "effect", "defense dice a worn card adds when its wearer defends (against this minion, if any)"
)

# --- hero innate abilities (keyed by the innate's id, R-ABIL-05) -------------------------------------------

AttackCheeseFn = Callable[["Ctx", "State", "Hero"], int]
ATTACK_CHEESE: HookPoint[AttackCheeseFn] = HookPoint(
    "attack_cheese", "innate", "cheese a mouse gains per CHEESE it rolls attacking (1 without a handler)"
)

InnateDefenseFn = Callable[["Ctx", "State", "Hero", "Minion | None"], int]
INNATE_DEFENSE_DICE: HookPoint[InnateDefenseFn] = HookPoint(
    "innate_defense_dice", "innate", "defense dice a mouse's innate ability adds against this attacker"
)

OnDefeatFn = Callable[["Ctx", "State", "Hero", "Minion"], None]
ON_DEFEAT: HookPoint[OnDefeatFn] = HookPoint(
    "on_defeat", "innate", "after the mouse defeated a minion (the minion is already off the board)"
)

RangedTargetingFn = Callable[["Ctx", "State", "Hero"], bool]
RANGED_TARGETING: HookPoint[RangedTargetingFn] = HookPoint(
    "ranged_targeting", "innate", "True: the mouse's ranged attacks may pass over minions next to it (R-BATTLE-07)"
)

CardsPlacedFn = Callable[["Ctx", "State", "Hero"], None]
CARDS_PLACED: HookPoint[CardsPlacedFn] = HookPoint(
    "cards_placed", "innate", "the initiative cards have just been placed for a round (R-ROUND-13)"
)

AllyAfflictedFn = Callable[["Ctx", "State", "Hero", "Hero", str], None]
ALLY_AFFLICTED: HookPoint[AllyAfflictedFn] = HookPoint(
    "ally_afflicted",
    "innate",
    "another mouse on this mouse's tile became stunned, webbed, poisoned or cursed: (this mouse, the other, what)",
)

PawsFitFn = Callable[["Ctx", str, list["SearchCard"], int], bool]
PAWS_FIT: HookPoint[PawsFitFn] = HookPoint(
    "paws_fit",
    "innate",
    "(hero id, weapons, paws used) True: these weapons fit although they need more paws than two (paws used given)",
)

# --- minion abilities (keyed by a minion type's ``abilities``, R-MINION, R-BOSS) ------------------------------

MinionCheeseFn = Callable[["Ctx", "State", "Minion", "Hero", int], bool]
MINION_ROLLED_CHEESE: HookPoint[MinionCheeseFn] = HookPoint(
    "minion_rolled_cheese",
    "ability",
    "CHEESE faces a minion rolled attacking (target, count): True when the ability uses them instead of the wheel",
)

MinionAfterAttackFn = Callable[["Ctx", "State", "Minion", "Hero", int], None]
MINION_AFTER_ATTACK: HookPoint[MinionAfterAttackFn] = HookPoint(
    "minion_after_attack", "ability", "a minion's attack on a mouse is over (target, CHEESE faces it rolled)"
)

MinionWoundsFn = Callable[["Ctx", "State", "Minion", "Hero", int], int]
MINION_WOUNDS: HookPoint[MinionWoundsFn] = HookPoint(
    "minion_wounds", "ability", "the wounds a minion's attack is about to deal (target, wounds): the wounds left"
)

MinionPoisonFn = Callable[["Ctx", "State", "Minion", "Hero"], bool]
MINION_POISONS: HookPoint[MinionPoisonFn] = HookPoint(
    "minion_poisons", "ability", "True: the wounds this minion deals the mouse are poison wounds (R-NEG-03)"
)

MinionWoundedMouseFn = Callable[["Ctx", "State", "Minion", "Hero", int], None]
MINION_WOUNDED_MOUSE: HookPoint[MinionWoundedMouseFn] = HookPoint(
    "minion_wounded_mouse", "ability", "a minion's attack has wounded the mouse (wounds dealt; it may be captured)"
)

CardTurnEndsFn = Callable[["Ctx", "State", str, int], None]
CARD_TURN_ENDS: HookPoint[CardTurnEndsFn] = HookPoint(
    "card_turn_ends", "ability", "a minion type's initiative card has acted (card, its index on the track)"
)

CatCardFn = Callable[["Ctx", "State", "Minion"], None]
CAT_CARD: HookPoint[CatCardFn] = HookPoint(
    "cat_card", "ability", "the cat's initiative card of this ability acts (R-BRODIE-03: pounce, chase)"
)

HOOK_POINTS: tuple[HookPoint[Any], ...] = (
    WEAPON_ATTACK,
    EQUIPPED_ATTACK_DICE,
    TARGET_DEFENSE_DICE,
    AFTER_HIT,
    DEFENSE_DICE,
    ATTACK_CHEESE,
    INNATE_DEFENSE_DICE,
    ON_DEFEAT,
    RANGED_TARGETING,
    CARDS_PLACED,
    ALLY_AFFLICTED,
    PAWS_FIT,
    MINION_ROLLED_CHEESE,
    MINION_AFTER_ATTACK,
    MINION_WOUNDS,
    MINION_POISONS,
    MINION_WOUNDED_MOUSE,
    CARD_TURN_ENDS,
    CAT_CARD,
)


# --- rule links (a rule calling a rule of a module that imports its own) --------------------------------------
# Rule modules import each other in one direction only (tests/engine/test_import_graph.py). Where a rule low in
# that order must call a rule of a module above it, it calls a link here; the module that owns the rule provides
# it at import (``LINK.provide(function)``, after the function, so mypyc keeps direct calls to it native).


class RuleLink(Generic[H]):
    """One rule a lower rule module calls and a higher one provides: ``owner`` names the module and function."""

    def __init__(self, name: str, owner: str, doc: str) -> None:
        self.name = name
        self.owner = owner
        self.doc = doc
        self._fn: H | None = None
        # The rule, called as ``LINK.call(...)``: a plain attribute, not a property; the compiled engine (mypyc)
        # compiles ``link.prop(args)`` as a call of the property's getter and hands back the function itself.
        self.call: H = cast(H, self._missing)

    def _missing(self, *args: object) -> NoReturn:
        raise RuntimeError(f"rule link {self.name!r} has no rule: import mnm.engine ({self.owner} provides it)")

    def provide(self, fn: H) -> H:
        if self._fn is not None:
            raise RuntimeError(f"rule link {self.name!r} provided twice")
        self._fn = fn
        self.call = fn
        return fn

    @property
    def provided(self) -> bool:
        return self._fn is not None

    def __repr__(self) -> str:
        return f"RuleLink({self.name!r}, {self.owner})"


OFFER_BEFORE_TURN: RuleLink[Callable[[Ctx, State, Hero], bool]] = RuleLink(
    "offer_before_turn", "abilities.offer_before_turn", "True: the mouse is first asked about a before-turn ability"
)
TURN_BEGINS: RuleLink[Callable[[Ctx, State, Hero, Turn, list[Any]], None]] = RuleLink(
    "turn_begins", "abilities.turn_begins", "a mouse's turn has begun (abilities lasting one turn, R-ABIL)"
)
ROUND_ENDS: RuleLink[Callable[[Ctx, State], None]] = RuleLink(
    "round_ends", "leaves.leaves_drift", "the last card of the round has acted: leaves drift (R-EXP-05)"
)
MINDLESS_FALLS: RuleLink[Callable[[Ctx, State, Minion], bool]] = RuleLink(
    "mindless_falls", "creatures.mindless_falls", "True: a mindless rat struck down falls instead (R-EXP-13)"
)
MOUSE_ON_HESSTER: RuleLink[Callable[[Ctx, State, Hero], bool]] = RuleLink(
    "mouse_on_hesster",
    "creatures.mouse_must_leave_hesster",
    "True: a mouse beginning its turn on Hesster is first asked where to step off (R-EXP-14)",
)
CURSED_CHEESE: RuleLink[Callable[[Ctx, State, Hero, int], bool]] = RuleLink(
    "cursed_cheese", "statuses.cursed_cheese", "True: a cursed mouse's CHEESE went to the wheel (R-NEG-07)"
)
EMPATHETIC_POWER: RuleLink[Callable[[Ctx, State, Hero, str], None]] = RuleLink(
    "empathetic_power", "effects.empathetic_power", "a mouse became stunned, webbed, poisoned or cursed"
)
MINION_GRAPE_TURN: RuleLink[Callable[[Ctx, State, Minion], str]] = RuleLink(
    "minion_grape_turn", "party_items.minion_grape_turn", "a roach's turn with the grape out (R-PARTY-12/14)"
)
CREATURE_TURN: RuleLink[Callable[[Ctx, State, Minion], bool]] = RuleLink(
    "creature_turn", "creatures.creature_turn", "True: an expansion creature's own rule played this activation (R-EXP)"
)
HELPER_ATTACKED: RuleLink[Callable[[Ctx, State, Minion], bool]] = RuleLink(
    "helper_attacked", "allies.helper_attacked", "a minion with no mouse to attack attacks an ally or pet (R-EXP-02)"
)

RULE_LINKS: tuple[RuleLink[Any], ...] = (
    OFFER_BEFORE_TURN,
    TURN_BEGINS,
    ROUND_ENDS,
    MINDLESS_FALLS,
    MOUSE_ON_HESSTER,
    CURSED_CHEESE,
    EMPATHETIC_POWER,
    MINION_GRAPE_TURN,
    HELPER_ATTACKED,
    CREATURE_TURN,
)


def ability_handlers(ctx: Ctx, minion_type: str, point: HookPoint[H]) -> tuple[H, ...]:
    """The handlers of ``point`` for the abilities of minion type ``minion_type`` (computed once per game)."""
    key = (point.name, "minion:" + minion_type)
    cache = ctx.innate_cache
    found = cache.get(key)
    if found is None:
        found = tuple(
            fn for a in ctx.content.minions[minion_type].abilities if (fn := point.handlers.get(a)) is not None
        )
        cache[key] = found
    return found


def innate_handlers(ctx: Ctx, hero_id: str, point: HookPoint[H]) -> tuple[H, ...]:
    """The handlers of ``point`` for the innate abilities of hero ``hero_id`` (computed once per game)."""
    key = (point.name, hero_id)
    cache = ctx.innate_cache
    found = cache.get(key)
    if found is None:
        found = tuple(fn for i in ctx.content.heroes[hero_id].innate if (fn := point.handlers.get(i.id)) is not None)
        cache[key] = found
    return found


# --- chapters (R-STORY-05) ---------------------------------------------------------------------------------


CHAPTERS: dict[str, type[ChapterRules]] = {}
_DEFAULT_RULES = ChapterRules()


def chapter_rules(chapter_id: str) -> Callable[[type[ChapterRules]], type[ChapterRules]]:
    """Class decorator: register a :class:`ChapterRules` subclass as chapter ``chapter_id``'s rules."""

    def add(cls: type[ChapterRules]) -> type[ChapterRules]:
        if chapter_id in CHAPTERS:
            raise RuntimeError(f"chapter {chapter_id!r} has rules registered twice")
        CHAPTERS[chapter_id] = cls
        return cls

    return add


def chapter_rules_for(chapter_id: str) -> ChapterRules:
    """The rules of chapter ``chapter_id`` (the do-nothing defaults when it has no special rules)."""
    cls = CHAPTERS.get(chapter_id)
    return cls() if cls is not None else _DEFAULT_RULES
