"""The heuristic bot's rules of thumb for the heroes' whole game (issue 44): abilities, items, scrolls, the
before-turn questions and the level-up picks, as a good player would state them.

Before issue 44 the heuristic bot never used an ability or an item (its one-step look scores a heal or a ward no
better than doing nothing: the wounds it prevents come later), so every difficulty figure measured with it
described a party that never heals or casts. Each rule here has an ID (``H-...``), an English and a Portuguese
sentence (:data:`RULES`, listed in docs/bots.md) and a test at a pinned position (tests/bots/test_hero_rules.py).
The rules read the position only (no lookahead): they cost a few list walks per decision.

The bot asks :func:`turn_rule` at a mouse's turn, after its own rules of thumb picked ``base`` (the move, attack,
search or end it would take), and :func:`question_rule` at the questions besides the turn (the before-turn
abilities, the starting ability picks). Each answers ``(action, rule ID)`` or None (the bot keeps its pick).

**Keep cheese for the ability that matters** (``H-SAVE``): a mouse's *key* ability is the first it holds of
:data:`KEY_ABILITIES` (a heal, a ward, a dodge); a spending rule that is not itself about saving a mouse (a stronger
attack, a haste, Give Order, Battle Leader, Inspire) spends only the cheese above the key ability's cost.
"""

from __future__ import annotations

from typing import Final

from mnm.bots.plan import AUTO, advice
from mnm.content.schema import AttackKind
from mnm.engine import Action, Ctx, Hero, State, hero_life

__all__ = [
    "KEY_ABILITIES",
    "LEVEL_ORDER",
    "RULES",
    "level_pick",
    "question_rule",
    "rule_sentence",
    "threatened",
    "turn_rule",
]

# rule ID -> (English, Portuguese): what the rule says, as the bot's explanation names it
RULES: Final[dict[str, tuple[str, str]]] = {
    "H-HEAL": (
        "heal a mouse about to be captured",
        "curar um rato prestes a ser capturado",
    ),
    "H-CURE": (
        "cure poison or a stun before it costs a turn",
        "curar veneno ou atordoamento antes que custe um turno",
    ),
    "H-WARD": (
        "Dodge, Invisibility or Resolve when a minion will reach the mouse",
        "Esquiva, Invisibilidade ou Determinação quando um lacaio vai alcançar o rato",
    ),
    "H-AREA": (
        "an area attack when minions stand in a group",
        "um ataque em área quando os lacaios estão agrupados",
    ),
    "H-POWER": (
        "a stronger attack with the cheese to spare",
        "um ataque mais forte com o queijo que sobra",
    ),
    "H-ORDER": (
        "Give Order when it buys another mouse an attack",
        "Dar Ordem quando compra um ataque para outro rato",
    ),
    "H-LEADER": (
        "Battle Leader when it buys an attack before the minions strike",
        "Líder de Batalha quando compra um ataque antes de os lacaios atacarem",
    ),
    "H-INSPIRE": (
        "Inspire when several mice can fight an extra action",
        "Inspirar quando vários ratos podem lutar uma ação a mais",
    ),
    "H-HASTE": (
        "extra movement when the way on is just out of reach",
        "movimento extra quando o caminho adiante está logo fora de alcance",
    ),
    "H-LEVEL": (
        "level up with the ability that helps the party most",
        "subir de nível com a habilidade que mais ajuda o grupo",
    ),
    "H-SAVE": (
        "keep cheese for the ability that matters",
        "guardar queijo para a habilidade que importa",
    ),
}

# The abilities a mouse keeps its cheese for (H-SAVE), most important first.
KEY_ABILITIES: Final[tuple[str, ...]] = ("major-heal", "first-aid", "fortify", "dodge", "invisibility", "resolve")
# Level-up and starting picks (H-LEVEL): heals and defences first (a captured mouse costs the party most), then area
# and strong attacks, then the rest; an ability not listed comes after, in the content's order.
LEVEL_ORDER: Final[tuple[str, ...]] = (
    "major-heal",
    "dodge",
    "invisibility",
    "resolve",
    "backslash",
    "chain-lightning",
    "first-aid",
    "fortify",
    "battle-squeak",
    "mystic-bolt",
    "keen-eye",
    "aimed-shot",
    "accurate-shot",
    "preemptive-shot",
    "thundersqueak",
    "knife-strike",
    "give-order",
    "battle-leader",
    "cure",
    "rally-cry",
    "energy-rush",
    "power-shot",
    "shield-bash",
    "inspire",
    "tireless",
    "scrounge",
    "disarm-trap",
    "float",
)
_LEVEL_RANK: Final[dict[str, int]] = {a: i for i, a in enumerate(LEVEL_ORDER)}

# How far a minion comes for a mouse in its next turn: a movement die shows at most 3, and a melee minion then
# attacks the mouse it stands next to (R-MINION-03/05).
MINION_REACH: Final = 4
# A mouse with this many wounds or fewer left before capture is "about to be captured" when a minion will reach it
# (a minion's attack rolls 2 or 3 dice: 2 wounds are a bad roll, not a rare one).
DANGER: Final = 2

_HEALS: Final = ("heal", "first-aid", "heal-all")
_WARDS: Final = ("ward", "hide")
_AREA: Final = ("area-attack", "chain-lightning", "knockdown-area", "volley")
_STRONG: Final = ("empowered-attack", "spell-attack", "knife-strike", "multi-attack")
_HASTE: Final = ("extra-move",)
_CURES: Final = ("antidote", "cure-status")


def rule_sentence(rule: str, lang: str = "en") -> str:
    """The rule's sentence in ``lang`` with its ID, e.g. "heal a mouse about to be captured (H-HEAL)"."""
    en, pt = RULES[rule]
    return f"{pt if lang.startswith('pt') else en} ({rule})"


def _card_id(inst: str) -> str:
    return inst.split("/", 1)[0]


def effect_of(ctx: Ctx, action: Action) -> tuple[str, dict[str, int | str | bool], int]:
    """The engine effect an ``ability``, ``use`` or ``read`` option plays, its parameters and its cheese cost
    (a card is free: it is spent instead)."""
    content = ctx.content
    if action.verb == "ability" and action.args:
        card = content.ability_cards.get(action.args[0])
        if card is None:
            return "", {}, 0
        cost = card.cost
        if card.params.get("discount_class") and any(
            c.value == card.params["discount_class"] for c in content.heroes[action.actor].classes
        ):
            cost = max(0, cost - int(card.params.get("discount", 0)))
        return card.effect, dict(card.params), cost
    if action.verb in ("use", "read") and action.args:
        sc = content.search_cards.get(_card_id(action.args[0]))
        if sc is None or sc.effect is None:
            return "", {}, 0
        return sc.effect, dict(sc.params), 0
    return "", {}, 0


def life_left(ctx: Ctx, st: State, h: Hero) -> int:
    return hero_life(ctx.content, st.options, h.id) - h.wounds


def _side(ctx: Ctx, space: str) -> int:
    return ctx.board.spaces[space].side


def threatened(ctx: Ctx, st: State, h: Hero) -> bool:
    """Whether a minion will reach ``h`` in its next turn: a minion on the mouse's tile for which it is the nearest
    mouse (ties count), within :data:`MINION_REACH` steps, or a ranged minion on the tile."""
    if h.space is None or h.captured:
        return False
    side = _side(ctx, h.space)
    graph = ctx.board.graph(side)
    mine = graph.by_id.get(h.space)
    if mine is None:
        return False
    mice = [x for x in st.heroes.values() if not x.captured and x.space is not None and x.space in graph.by_id]
    for m in st.minions.values():
        if m.space not in graph.by_id:
            continue
        row = graph.mouse_dist[graph.by_id[m.space].index]
        dist = row[mine.index]
        nearest = min(row[graph.by_id[x.space or ""].index] for x in mice)
        if ctx.content.minions[m.type].attack is AttackKind.RANGED or (dist <= nearest and dist <= MINION_REACH):
            return True
    return False


def _minions_on(ctx: Ctx, st: State, side: int) -> int:
    return sum(1 for m in st.minions.values() if _side(ctx, m.space) == side)


def reserve(ctx: Ctx, h: Hero) -> int:
    """The cheese ``h`` keeps for its key ability (H-SAVE): the cost of the first of :data:`KEY_ABILITIES` it holds."""
    for a in KEY_ABILITIES:
        if a in h.abilities:
            return effect_of(ctx, Action("ability", h.id, (a,)))[2]
    return 0


def _spare(ctx: Ctx, h: Hero, cost: int) -> bool:
    return h.cheese - cost >= reserve(ctx, h)


def _heal_amount(effect: str, params: dict[str, int | str | bool]) -> int:
    return int(params.get("amount", params.get("heal", 1)))


def _healed(ctx: Ctx, st: State, action: Action, effect: str) -> list[Hero]:
    """The mice an option heals."""
    actor = st.heroes[action.actor]
    if effect == "heal-all":
        if actor.space is None:
            return []
        return [x for x in st.heroes.values() if x.space == actor.space and not x.captured]
    target = action.args[-1] if action.args else ""
    return [st.heroes[target]] if target in st.heroes else []


def _heal_rule(ctx: Ctx, st: State, options: list[Action]) -> Action | None:
    """H-HEAL: of the heals offered, the one that lifts the most wounds off mice about to be captured (a mouse with
    :data:`DANGER` or fewer wounds left that a minion will reach, or 1 left anywhere a minion stands on its tile)."""
    best: tuple[int, int, int] | None = None
    pick: Action | None = None
    for i, a in enumerate(options):
        effect, params, cost = effect_of(ctx, a)
        if effect not in _HEALS:
            continue
        saved = 0
        for x in _healed(ctx, st, a, effect):
            left = life_left(ctx, st, x)
            if x.wounds - x.poison <= 0 or x.space is None:
                continue
            near = _minions_on(ctx, st, _side(ctx, x.space)) > 0
            if (left <= DANGER and threatened(ctx, st, x)) or (left <= 1 and near):
                saved += min(_heal_amount(effect, params), x.wounds - x.poison)
        if saved:
            key = (saved, -cost, -i)
            if best is None or key > best:
                best, pick = key, a
    return pick


def _cure_rule(ctx: Ctx, st: State, options: list[Action]) -> Action | None:
    """H-CURE: remove poison from a mouse it could capture, or a stun or web from a mouse on a tile with minions."""
    for a in options:
        effect, _, _ = effect_of(ctx, a)
        if effect not in _CURES:
            continue
        actor = st.heroes[a.actor]
        if actor.space is None:
            continue
        side = _side(ctx, actor.space)
        if effect == "antidote":
            mice = (
                [st.heroes[a.args[-1]]]
                if len(a.args) > 1 and a.args[-1] in st.heroes
                else [x for x in st.heroes.values() if x.space == actor.space]
            )
            if any(x.poison and life_left(ctx, st, x) <= DANGER + 1 for x in mice):
                return a
        elif _minions_on(ctx, st, side):
            mice = (
                [st.heroes[a.args[-1]]]
                if len(a.args) > 1 and a.args[-1] in st.heroes
                else [x for x in st.heroes.values() if x.space is not None and _side(ctx, x.space) == side]
            )
            if any({"stunned", "webbed"} & set(x.statuses) for x in mice):
                return a
    return None


def _ward_rule(ctx: Ctx, st: State, options: list[Action], h: Hero) -> Action | None:
    """H-WARD: as the turn ends, a mouse a minion will reach takes Dodge (only when the minion has another mouse to
    attack), Invisibility (its space) or Resolve; a card is used only when the mouse is hurt."""
    if not threatened(ctx, st, h):
        return None
    others = [
        x
        for x in st.heroes.values()
        if x.id != h.id
        and not x.captured
        and x.space is not None
        and h.space is not None
        and _side(ctx, x.space) == _side(ctx, h.space)
    ]
    best: tuple[int, int] | None = None
    pick: Action | None = None
    for a in options:
        effect, params, cost = effect_of(ctx, a)
        if effect not in _WARDS or a.actor != h.id:
            continue
        if effect == "hide":
            if not others or "hide" in h.buffs:
                continue
            worth = 3
        else:
            guarded = [h] + ([x for x in others if x.space == h.space] if params.get("scope") == "space" else [])
            worth = int(params.get("dice", 1)) * sum(1 for x in guarded if threatened(ctx, st, x))
        if a.verb != "ability" and life_left(ctx, st, h) > DANGER:
            continue  # a single-use card is kept for a mouse in danger
        key = (worth, -cost)
        if best is None or key > best:
            best, pick = key, a
    return pick


def _attack_rule(ctx: Ctx, st: State, options: list[Action], h: Hero) -> tuple[Action, str] | None:
    """H-AREA, then H-POWER: in place of the attack the bot would make, an area attack that reaches two minions or
    more, else a stronger attack (or a card readying one) when the cheese is spare (H-SAVE)."""
    best: tuple[int, int] | None = None
    area: Action | None = None
    for a in options:
        if a.actor != h.id:
            continue
        effect, _, cost = effect_of(ctx, a)
        if effect not in _AREA or not _spare(ctx, h, cost):
            continue
        if effect == "area-attack" or effect == "knockdown-area":
            if h.space is None:
                continue
            here = [m for m in st.minions.values() if m.space == h.space]
            if effect == "knockdown-area":
                here = [m for m in here if ctx.content.minions[m.type].size == "small"]
            reach = len(here)
        else:
            reach = len(a.args) - (1 if a.verb == "ability" else 0)
        if reach >= 2:
            key = (reach, -cost)
            if best is None or key > best:
                best, area = key, a
    if area is not None:
        return area, "H-AREA"
    for a in options:
        effect, _, cost = effect_of(ctx, a)
        if a.actor == h.id and effect == "attack-bonus-turn":
            return a, "H-POWER"  # a card readying the attack: spent on the attack the mouse makes anyway
    strong = [a for a in options if a.actor == h.id and effect_of(ctx, a)[0] in _STRONG]
    strong = [a for a in strong if _spare(ctx, h, effect_of(ctx, a)[2])]
    if strong:
        return strong[0], "H-POWER"
    return None


def _order_rule(ctx: Ctx, st: State, options: list[Action], h: Hero) -> Action | None:
    """H-ORDER: Give Order, when another mouse next to the leader has a minion to hit, with the cheese to spare."""
    for a in options:
        effect, _, cost = effect_of(ctx, a)
        if effect == "command-attack" and a.actor == h.id and _spare(ctx, h, cost):
            return a
    return None


def _haste_rule(ctx: Ctx, st: State, options: list[Action], h: Hero) -> Action | None:
    """H-HASTE: extra movement (Energy Rush, a Scroll of Haste) when no minion is on the tile, the plan's way on is
    farther than the movement left and within it plus the haste."""
    t = st.turn
    if t is None or h.space is None or t.movement_over or _minions_on(ctx, st, _side(ctx, h.space)):
        return None
    hastes = [a for a in options if a.actor == h.id and effect_of(ctx, a)[0] in _HASTE]
    if not hastes:
        return None
    side = _side(ctx, h.space)
    ways = advice(ctx, st, side, h.space, h.id, AUTO)
    if not ways:
        return None
    graph = ctx.board.graph(side)
    here = graph.by_id[h.space].index
    goals = [graph.by_id[g].index for g in ways[0].spaces if g in graph.by_id]
    if not goals:
        return None
    far = min(graph.mouse_dist[here][g] for g in goals)
    for a in hastes:
        _, params, cost = effect_of(ctx, a)
        extra = int(params.get("amount", 1))
        if t.move_points < far <= t.move_points + extra and _spare(ctx, h, cost):
            return a
    return None


def level_pick(options: list[Action]) -> Action:
    """H-LEVEL: the option whose ability comes first in :data:`LEVEL_ORDER` (the content's order after it)."""
    return min(enumerate(options), key=lambda ia: (_LEVEL_RANK.get(ia[1].args[0] if ia[1].args else "", 999), ia[0]))[1]


def turn_rule(ctx: Ctx, st: State, options: list[Action], base: Action | None) -> tuple[Action, str] | None:
    """The rule of thumb that changes the bot's pick ``base`` at a mouse's turn, as ``(action, rule ID)``, or None."""
    actor = options[0].actor
    h = st.heroes.get(actor)
    if h is None or h.space is None:
        return None
    levels = [a for a in options if a.verb == "levelup"]
    if levels:
        return level_pick(levels), "H-LEVEL"
    used = [a for a in options if a.verb in ("ability", "use", "read")]
    if not used:
        return None
    pick = _heal_rule(ctx, st, used)
    if pick is not None:
        return pick, "H-HEAL"
    pick = _cure_rule(ctx, st, used)
    if pick is not None:
        return pick, "H-CURE"
    if base is None:
        return None
    if base.verb == "battle":
        attack = _attack_rule(ctx, st, used, h)
        if attack is not None:
            return attack
    if base.verb == "end":
        pick = _ward_rule(ctx, st, used, h)
        if pick is not None:
            return pick, "H-WARD"
    if base.verb in ("move", "end"):
        pick = _haste_rule(ctx, st, used, h)
        if pick is not None:
            return pick, "H-HASTE"
    if _minions_on(ctx, st, _side(ctx, h.space)):
        pick = _order_rule(ctx, st, used, h)
        if pick is not None:
            return pick, "H-ORDER"
    return None


def _leader_rule(ctx: Ctx, st: State, options: list[Action], h: Hero) -> Action | None:
    """H-LEADER: delay a minion card when a mouse acting after it (before the delay) stands on a tile with minions
    of its type: that mouse strikes before they do."""
    for a in options:
        effect, _, cost = effect_of(ctx, a)
        if effect != "delay-minion" or len(a.args) < 2 or not _spare(ctx, h, cost):
            continue
        card = a.args[1]
        if card not in st.track:
            continue
        mtype = card.split(":")[1] if card.count(":") else ""
        sides = {_side(ctx, m.space) for m in st.minions.values() if m.type == mtype}
        if not sides:
            continue
        after = st.track[st.track.index(card) + 1 :]
        for c in after:
            if c.startswith("mouse:"):
                x = st.heroes.get(c[6:])
                if x is not None and x.space is not None and not x.captured and _side(ctx, x.space) in sides:
                    return a
    return None


def _inspire_rule(ctx: Ctx, st: State, options: list[Action], h: Hero) -> Action | None:
    """H-INSPIRE: Inspire when two mice or more, each with a cheese to pay, stand on tiles with minions."""
    for a in options:
        effect, _, cost = effect_of(ctx, a)
        if effect != "inspire" or not _spare(ctx, h, cost):
            continue
        fighters = [
            x
            for x in st.heroes.values()
            if x.space is not None
            and not x.captured
            and (x.cheese - (cost if x.id == h.id else 0)) >= 1
            and _minions_on(ctx, st, _side(ctx, x.space))
        ]
        if len(fighters) >= 2:
            return a
    return None


def question_rule(ctx: Ctx, st: State, kind: str, options: list[Action]) -> tuple[Action, str] | None:
    """The rule of thumb for a question besides the turn: the before-turn abilities (H-LEADER, H-INSPIRE, else
    skip) and the starting ability picks (H-LEVEL)."""
    if kind == "before_turn":
        h = st.heroes.get(options[0].actor)
        if h is None:
            return None
        pick = _leader_rule(ctx, st, options, h)
        if pick is not None:
            return pick, "H-LEADER"
        pick = _inspire_rule(ctx, st, options, h)
        if pick is not None:
            return pick, "H-INSPIRE"
        skip = [a for a in options if a.verb == "skip"]
        return (skip[0], "H-SAVE") if skip else None
    if kind == "choose_ability":
        picks = [a for a in options if a.verb == "choose" and a.args and a.args[0] in ctx.content.ability_cards]
        if picks:
            return level_pick(picks), "H-LEVEL"
    return None
