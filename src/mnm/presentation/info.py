"""What is this thing: shared descriptions of cards, minions, heroes, spaces and tokens for every client.

Pure functions from (content, state, id, lang) to plain dicts: the facts as data (numbers, ids, names) and
``lines``, the same facts as short sentences ready to show or read aloud. The terminal (``inspect``/``look``)
and the web client both use them, so a card or a minion is described the same way everywhere. Nothing here
changes a state or reads a clock; ``lang`` is ``en`` or ``pt_BR``.

>>> from mnm.content.loader import builtin_content
>>> info = card(builtin_content(), "dagger")
>>> info["name"], info["kind"]
('Dagger', 'weapon')
>>> info["lines"][1]
'Weapon: melee, sharp, 1 paw.'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from mnm.content.loader import Content
from mnm.engine import hero_life

if TYPE_CHECKING:
    from mnm.board.layout import Board
    from mnm.engine import State

__all__ = [
    "LABELS",
    "MARKERS",
    "board_marks",
    "card",
    "describe",
    "find",
    "hero",
    "hesster_lines",
    "legend",
    "mark_sentence",
    "marker",
    "minion",
    "minion_type",
    "side_marks",
    "space",
    "space_marks",
    "status_lines",
    "status_word",
    "token",
    "unlaid_overlays",
    "weather",
]

Info = dict[str, Any]

# Words for the sentences, by language. Numbers and names come from the content.
LABELS: Mapping[str, Mapping[str, str]] = {
    "en": {
        "weapon": "Weapon",
        "armor": "Armor",
        "accessory": "Accessory",
        "item": "Item",
        "trick": "Trick",
        "party_item": "Party item",
        "ability": "Ability",
        "encounter": "Encounter card",
        "melee": "melee",
        "ranged": "ranged",
        "paw": "paw",
        "paws": "paws",
        "bonus": "+{n} {what} di{e}",
        "attack_die": "attack",
        "defense_die": "defense",
        "slot": "slot: {slot}",
        "needs_class": "Only for {who}.",
        "needs_hero": "Only for {who}.",
        "cannot_equip": "{hero} cannot equip this: it is only for {who}, and {hero} is {classes} (R-SEARCH-12).",
        "cost": "Costs {n} cheese; used {timing}.",
        "minion_stats": "{name}: {attack} attack, battle {battle}, defense {defense}, life {life}.",
        "boss": "A boss.",
        "minion_here": "{name} is on {space}; wounds {wounds} of {life}.",
        "minion_status": "It is {statuses}.",
        "hero_stats": "{name} ({classes}): battle {battle}, defense {defense}, lore {lore}, move {move}, life {life}.",
        "hero_where": "{name} is on {space}; wounds {wounds} of {life}, cheese {cheese}.",
        "hero_captured": "{name} is captured; wounds {wounds} of {life}, cheese {cheese}.",
        "hero_status": "{name} is {statuses}.",
        "equipped": "Equipped: {cards}.",
        "pack": "Pack: {cards}.",
        "abilities": "Abilities: {cards}.",
        "innate": "{name}: {text}",
        "space_head": "{space}.",
        "water": "Water: a mouse entering it must swim.",
        "helper_here": "With the party: {name} (follows {hero}).",
        "entry": "Minion entry space: minions arrive here.",
        "trap": "A mousetrap is set here (live).",
        "trap_printed": "A trap mark is printed here (not set: it does nothing now).",
        "start": "The mice start here.",
        "capacity": "Holds {n} figures.",
        "features": "Drawn here: {what}.",
        "next_to": "Next to spaces {nbrs}.",
        "here": "Here: {who}.",
        "nobody": "Nobody is here.",
        "token_here": "Token {name} here.",
        "token_stash": "{name}: in the party stash.",
        "token_placed": "{name}: placed on {spaces}.",
        "token_none": "{name}: not found yet.",
        "space_name": "{side}, space {n}",
        "unknown": "Nothing called {what!r} is on this table.",
        "encounter_rows": "Pages {first}-{last}: {minions}.",
        "encounter_surge": "On a surge: {minions}.",
        "and": "and",
        "no_minions": "no minions",
    },
    "pt_BR": {
        "weapon": "Arma",
        "armor": "Armadura",
        "accessory": "Acessório",
        "item": "Item",
        "trick": "Truque",
        "party_item": "Item do grupo",
        "ability": "Habilidade",
        "encounter": "Carta de encontro",
        "melee": "corpo a corpo",
        "ranged": "à distância",
        "paw": "pata",
        "paws": "patas",
        "bonus": "+{n} dado{s} de {what}",
        "attack_die": "ataque",
        "defense_die": "defesa",
        "slot": "lugar: {slot}",
        "needs_class": "Só para {who}.",
        "needs_hero": "Só para {who}.",
        "cannot_equip": "{hero} não pode equipar isto: é só para {who}, e {hero} é {classes} (R-SEARCH-12).",
        "cost": "Custa {n} queijo; usada {timing}.",
        "minion_stats": "{name}: ataque {attack}, batalha {battle}, defesa {defense}, vida {life}.",
        "boss": "Um chefe.",
        "minion_here": "{name} está em {space}; ferimentos {wounds} de {life}.",
        "minion_status": "Estado: {statuses}.",
        "hero_stats": "{name} ({classes}): batalha {battle}, defesa {defense}, saber {lore}, movimento {move}, "
        "vida {life}.",
        "hero_where": "{name} está em {space}; ferimentos {wounds} de {life}, queijo {cheese}.",
        "hero_captured": "{name} foi capturado; ferimentos {wounds} de {life}, queijo {cheese}.",
        "hero_status": "Estado de {name}: {statuses}.",
        "equipped": "Equipado: {cards}.",
        "pack": "Mochila: {cards}.",
        "abilities": "Habilidades: {cards}.",
        "innate": "{name}: {text}",
        "space_head": "{space}.",
        "water": "Água: um rato que entra precisa nadar.",
        "helper_here": "Com o grupo: {name} (acompanha {hero}).",
        "entry": "Entrada de lacaios: os lacaios chegam aqui.",
        "trap": "Há uma ratoeira armada aqui (ativa).",
        "trap_printed": "Há uma marca de ratoeira impressa aqui (não armada: agora não faz nada).",
        "start": "Os ratos começam aqui.",
        "capacity": "Cabem {n} figuras.",
        "features": "Desenhado aqui: {what}.",
        "next_to": "Vizinho dos espaços {nbrs}.",
        "here": "Aqui: {who}.",
        "nobody": "Ninguém está aqui.",
        "token_here": "Marcador {name} aqui.",
        "token_stash": "{name}: no estoque do grupo.",
        "token_placed": "{name}: colocado em {spaces}.",
        "token_none": "{name}: ainda não encontrado.",
        "space_name": "{side}, espaço {n}",
        "unknown": "Nada chamado {what!r} está nesta mesa.",
        "encounter_rows": "Páginas {first}-{last}: {minions}.",
        "encounter_surge": "Numa onda: {minions}.",
        "and": "e",
        "no_minions": "nenhum lacaio",
    },
}


# Enum values of the content (classes, damage, timing, slots, encounter kinds) in Portuguese; English shows them
# as they are written, with underscores as spaces.
VALUES_PT: Mapping[str, str] = {
    "leader": "líder",
    "warrior": "guerreiro",
    "healer": "curandeiro",
    "tinkerer": "inventor",
    "scamp": "malandro",
    "mystic": "místico",
    "archer": "arqueiro",
    "wild": "selvagem",
    "sharp": "cortante",
    "blunt": "contundente",
    "magic": "mágico",
    "free": "como ação livre",
    "instead_of_battle": "no lugar da batalha",
    "before_turn": "antes do turno",
    "action": "como ação",
    "reaction": "como reação",
    "head": "cabeça",
    "body": "corpo",
    "cloak": "capa",
    "accessory": "acessório",
    "standard": "comum",
    "difficult": "difícil",
}
VALUES_EN: Mapping[str, str] = {
    "free": "as a free action",
    "instead_of_battle": "instead of a battle",
    "before_turn": "before the turn",
    "action": "as the action",
    "reaction": "as a reaction",
}


def _value(value: str, lang: str) -> str:
    table = VALUES_PT if lang.lower().startswith("pt") else VALUES_EN
    return table.get(value, value.replace("_", " "))


def _words(lang: str) -> Mapping[str, str]:
    return LABELS["pt_BR"] if lang.lower().startswith("pt") else LABELS["en"]


def _join(items: list[str], lang: str) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {_words(lang)['and']} " + items[-1]


def _base(ident: str) -> str:
    """A card instance id (``leather-breastplate/2``) without its copy number."""
    return ident.split("/", 1)[0]


# --- names -----------------------------------------------------------------------------------------------------


def minion_name(content: Content, minion_id: str, lang: str = "en") -> str:
    """``rat-warrior-2`` -> ``Rat Warrior 2``; ``brodie-1`` -> ``Brodie`` (one figure of its kind); a type id -> its
    singular name."""
    base, _, num = minion_id.rpartition("-")
    if base in content.minions and num.isdigit():
        spec = content.minions[base]
        if spec.max_figures == 1:  # issue 45: one figure of its kind (Brodie, a boss): its name alone
            return (spec.one or spec.name).get(lang)
        return f"{(spec.one or spec.name).get(lang)} {num}"
    spec_t = content.minions.get(minion_id)
    return (spec_t.one or spec_t.name).get(lang) if spec_t is not None else minion_id


def space_name(content: Content, space_id: str, lang: str = "en") -> str:
    """``5:12`` -> ``Guard Room, space 12``."""
    side_s, _, n = space_id.partition(":")
    ts = content.tile_sides.get(int(side_s)) if side_s.isdigit() else None
    side = ts.name.get(lang) if ts is not None else side_s
    return _words(lang)["space_name"].format(side=side, n=n)


def card_name(content: Content, card_id: str, lang: str = "en") -> str:
    cid = _base(card_id)
    for deck in (content.search_cards, content.ability_cards, content.encounter_cards):
        if cid in deck:
            return deck[cid].name.get(lang)
    return cid.replace("-", " ")


# --- cards -----------------------------------------------------------------------------------------------------


def class_limit(content: Content, hero_id: str, card_id: str, lang: str = "en") -> str:
    """Why a mouse may not equip a search card it holds (R-SEARCH-12: its class or name is not among the card's),
    in words; "" when it may (issue 32: Maginos and the Leather Breastplate)."""
    card_spec = content.search_cards.get(_base(card_id))
    hero = content.heroes.get(hero_id)
    if card_spec is None or hero is None:
        return ""
    req = card_spec.requirement
    if not (req.classes or req.heroes) or set(req.classes) & set(hero.classes) or hero_id in req.heroes:
        return ""
    who = [_value(x.value, lang) for x in req.classes] + [
        content.heroes[h].name.get(lang) for h in req.heroes if h in content.heroes
    ]
    return _words(lang)["cannot_equip"].format(
        hero=hero.name.get(lang), who=_join(who, lang), classes=_join([_value(x.value, lang) for x in hero.classes], lang)
    )


def card(content: Content, card_id: str, lang: str = "en") -> Info:
    """A search, ability or encounter card (by id or instance id): name, kind, numbers, text and ``lines``."""
    w = _words(lang)
    cid = _base(card_id)
    if cid in content.search_cards:
        c = content.search_cards[cid]
        kind = c.type.value
        head = w.get(kind, kind.replace("_", " ").capitalize())
        facts: list[str] = []
        if c.attack is not None:
            facts.append(w[c.attack.value])
        if c.damage is not None:
            facts.append(_value(c.damage.value, lang))
        if c.paws:
            facts.append(f"{c.paws} {w['paw'] if c.paws == 1 else w['paws']}")
        if c.bonus:
            what = w["attack_die"] if c.type.value in ("weapon", "accessory") else w["defense_die"]
            facts.append(
                w["bonus"].format(n=c.bonus, what=what, e="e" if c.bonus == 1 else "ce", s="" if c.bonus == 1 else "s")
            )
        if c.slot:
            facts.append(w["slot"].format(slot=_value(c.slot, lang)))
        lines = [c.name.get(lang), f"{head}: {', '.join(facts)}." if facts else f"{head}."]
        req = c.requirement
        if req.classes:
            lines.append(w["needs_class"].format(who=_join([_value(x.value, lang) for x in req.classes], lang)))
        if req.heroes:
            who = [content.heroes[h].name.get(lang) if h in content.heroes else h for h in req.heroes]
            lines.append(w["needs_hero"].format(who=_join(who, lang)))
        lines.append(c.text.get(lang))
        return {
            "id": cid,
            "kind": kind,
            "name": c.name.get(lang),
            "text": c.text.get(lang),
            "attack": c.attack.value if c.attack else None,
            "damage": c.damage.value if c.damage else None,
            "paws": c.paws,
            "bonus": c.bonus,
            "slot": c.slot,
            "lines": lines,
        }
    if cid in content.ability_cards:
        a = content.ability_cards[cid]
        classes = [x.value for x in a.classes]
        lines = [a.name.get(lang), w["cost"].format(n=a.cost, timing=_value(a.timing.value, lang))]
        if classes:
            lines.append(w["needs_class"].format(who=_join([_value(x, lang) for x in classes], lang)))
        lines.append(a.text.get(lang))
        return {
            "id": cid,
            "kind": "ability",
            "name": a.name.get(lang),
            "text": a.text.get(lang),
            "cost": a.cost,
            "timing": a.timing.value,
            "classes": classes,
            "lines": lines,
        }
    if cid in content.encounter_cards:
        e = content.encounter_cards[cid]

        def group(counts: Any) -> str:
            return (
                _join(
                    [
                        f"{m.count} {content.minions[m.minion].name.get(lang) if m.minion in content.minions else m.minion}"
                        for m in counts
                    ],
                    lang,
                )
                or w["no_minions"]
            )

        lines = [e.name.get(lang), f"{w['encounter']} ({_value(e.kind, lang)})."]
        lines += [
            w["encounter_rows"].format(first=r.pages[0], last=r.pages[1], minions=group(r.minions)) for r in e.rows
        ]
        if e.surge:
            lines.append(w["encounter_surge"].format(minions=group(e.surge)))
        return {"id": cid, "kind": "encounter", "name": e.name.get(lang), "text": "", "lines": lines}
    raise KeyError(card_id)


# --- minions ---------------------------------------------------------------------------------------------------


def minion_type(content: Content, type_id: str, lang: str = "en") -> Info:
    """A minion type's stat card: attack kind, battle, defense, life and abilities."""
    w = _words(lang)
    m = content.minions[type_id]
    lines = [
        w["minion_stats"].format(
            name=m.name.get(lang), attack=w[m.attack.value], battle=m.battle, defense=m.defense, life=m.life
        )
    ]
    if m.ability_text is not None:
        lines.append(m.ability_text.get(lang))
    if m.boss:
        lines.append(w["boss"])
    return {
        "id": type_id,
        "name": m.name.get(lang),
        "one": (m.one or m.name).get(lang),
        "attack": m.attack.value,
        "battle": m.battle,
        "defense": m.defense,
        "life": m.life,
        "boss": m.boss,
        "abilities": list(m.abilities),
        "ability_text": m.ability_text.get(lang) if m.ability_text else "",
        "lines": lines,
    }


def minion(content: Content, state: State, minion_id: str, lang: str = "en") -> Info:
    """One minion figure on the board: where it is, its wounds and statuses, then its type's stat card."""
    w = _words(lang)
    m = state.minions[minion_id]
    t = minion_type(content, m.type, lang)
    name = minion_name(content, minion_id, lang)
    lines = [
        w["minion_here"].format(name=name, space=space_name(content, m.space, lang), wounds=m.wounds, life=t["life"])
    ]
    if m.statuses:
        lines.append(w["minion_status"].format(statuses=_join([status_word(s, lang) for s in m.statuses], lang)))
        lines += [marker(s, lang)["lines"][0] for s in m.statuses if s in MARKERS["en"]]
    lines += hesster_lines(content, state, minion_id, lang)
    return {
        **t,
        "id": minion_id,
        "type": m.type,
        "name": name,
        "space": m.space,
        "wounds": m.wounds,
        "statuses": list(m.statuses),
        "lines": lines + t["lines"],
    }


# --- heroes ----------------------------------------------------------------------------------------------------


def hero(content: Content, state: State | None, hero_id: str, lang: str = "en") -> Info:
    """A hero: printed numbers and innate abilities, and (with a state) place, wounds, cheese and cards."""
    w = _words(lang)
    spec = content.heroes[hero_id]
    name = spec.name.get(lang)
    classes = [c.value for c in spec.classes]
    life = hero_life(content, state.options, hero_id) if state is not None else spec.life
    lines = [
        w["hero_stats"].format(
            name=name,
            classes=_join([_value(x, lang) for x in classes], lang),
            battle=spec.battle,
            defense=spec.defense,
            lore=spec.lore,
            move=spec.move,
            life=life,
        )
    ]
    out: Info = {
        "id": hero_id,
        "name": name,
        "classes": classes,
        "battle": spec.battle,
        "defense": spec.defense,
        "lore": spec.lore,
        "move": spec.move,
        "life": life,
    }
    h = state.heroes.get(hero_id) if state is not None else None
    if h is not None:
        where = "hero_captured" if h.captured or h.space is None else "hero_where"
        lines.insert(
            0,
            w[where].format(
                name=name,
                space=space_name(content, h.space or "", lang),
                wounds=h.wounds,
                life=life,
                cheese=h.cheese,
            ),
        )
        if h.statuses:
            lines.append(
                w["hero_status"].format(name=name, statuses=_join([status_word(s, lang) for s in h.statuses], lang))
            )
            lines += [marker(s, lang)["lines"][0] for s in h.statuses if s in MARKERS["en"]]  # [EXP] fire, curse
        for key, cards in (("equipped", h.equipped), ("pack", h.pack), ("abilities", h.abilities)):
            if cards:
                lines.append(w[key].format(cards=", ".join(card_name(content, c, lang) for c in cards)))
        out.update(
            space=h.space,
            captured=h.captured,
            wounds=h.wounds,
            cheese=h.cheese,
            statuses=list(h.statuses),
            equipped=list(h.equipped),
            pack=list(h.pack),
            abilities=list(h.abilities),
        )
    lines += [w["innate"].format(name=i.name.get(lang), text=i.text.get(lang)) for i in spec.innate]
    out["lines"] = lines
    return out


# --- spaces and tokens -----------------------------------------------------------------------------------------


_BOARDS: dict[tuple[int, str], tuple[Content, Board]] = {}


def _board(content: Content, chapter_id: str) -> Board:
    """The chapter's board, built once per content set (the content is kept so its id stays unique)."""
    from mnm.board.layout import Board

    key = (id(content), chapter_id)
    if key not in _BOARDS:
        if len(_BOARDS) > 16:
            _BOARDS.clear()
        _BOARDS[key] = (content, Board.for_chapter(content, content.chapter(chapter_id)))
    return _BOARDS[key][1]


def space(content: Content, state: State, space_id: str, lang: str = "en", board: Board | None = None) -> Info:
    """A space: its name, what kind it is, its neighbours (for a mouse) and every figure and token on it."""
    w = _words(lang)
    b = board or _board(content, state.chapter)
    sp = b.spaces[space_id]
    title = space_name(content, space_id, lang) + (f" ({sp.name})" if sp.name else "")
    lines = [w["space_head"].format(space=title)]
    if sp.water:
        lines.append(w["water"])
    if sp.terrain is not None:  # [EXP] R-EXP-04, R-EXP-21, R-EXP-22
        lines.append(marker(sp.terrain.value, lang)["lines"][0])
    if "tree-climb" in sp.features:  # [EXP] R-EXP-19
        lines.append(marker("tree_climb", lang)["lines"][0])
    if "exit-branch" in sp.features:  # [EXP] R-EXP-20
        lines.append(marker("exit_branch", lang)["lines"][0])
    if sp.flip == "gecko" or any(space_id in edge for edge in b.gecko_edges):  # [EXP] R-EXP-18
        lines.append(marker("gecko", lang)["lines"][0])
    if sp.entry:
        lines.append(w["entry"])
    if space_id in state.traps:
        lines.append(w["trap"])
    elif sp.trap:
        lines.append(w["trap_printed"])
    if sp.start:
        lines.append(w["start"])
    if sp.special:
        lines.append(w["capacity"].format(n=sp.capacity))
    if sp.features:
        lines.append(w["features"].format(what=_join(list(sp.features), lang)))
    nbrs = [n.split(":", 1)[1] for n, _ in b.mouse_nbrs.get(space_id, ())]
    if nbrs:
        lines.append(w["next_to"].format(nbrs=", ".join(nbrs)))
    heroes = [h.id for h in state.heroes.values() if h.space == space_id and not h.captured]
    minions = [m.id for m in state.minions.values() if m.space == space_id]
    who = [content.heroes[h].name.get(lang) for h in heroes] + [minion_name(content, m, lang) for m in minions]
    lines.append(w["here"].format(who=_join(who, lang)) if who else w["nobody"])
    tokens = sorted(t for t, spaces in state.tokens.items() if space_id in spaces)
    lines += [
        w["token_here"].format(name=_token_name(content, t, lang))
        for t in tokens
        if t.split("-", 1)[0] not in _TOKEN_MARKERS
    ]
    # [EXP] leaves, turtles, bees, Olga, the mortar, branches, Hesster's spaces, allies and pets
    lines += [
        mark_sentence(content, state, m, lang, b) for m in board_marks(content, state, b) if m["space"] == space_id
    ]
    return {
        "id": space_id,
        "side": sp.side,
        "n": sp.n,
        "name": sp.name,
        "title": title,
        "water": sp.water,
        "entry": sp.entry,
        "trap": sp.trap or space_id in state.traps,
        "heroes": heroes,
        "minions": minions,
        "tokens": tokens,
        "neighbours": nbrs,
        "lines": lines,
    }


def _token_card(content: Content, token_id: str) -> Any:
    return next((c for c in content.search_cards.values() if c.party_token == token_id), None)


# [EXP] tokens that are no party item: leaves, turtles, bees, Olga, the mortar
_EXP_TOKENS = {
    "leaf": ("leaf", "folha"),
    "turtle": ("turtle", "tartaruga"),
    "bee": ("Pesky Bee", "Abelha Chata"),
    "olga": ("Olga", "Olga"),
    "mortar": ("Clockwork Mortar", "Morteiro de Corda"),
}


def _token_name(content: Content, token_id: str, lang: str) -> str:
    c = _token_card(content, token_id)
    if c is not None:
        return str(c.name.get(lang))
    kind, _, number = token_id.partition("-")
    if kind in _EXP_TOKENS:
        name = _EXP_TOKENS[kind][1 if lang.lower().startswith("pt") else 0]
        return f"{name} {number}".strip()
    return token_id.replace("-", " ")


def token(content: Content, state: State, token_id: str, lang: str = "en") -> Info:
    """A party token: where it is (stash, board, not found yet) and the card text that explains it."""
    w = _words(lang)
    name = _token_name(content, token_id, lang)
    where = state.tokens.get(token_id)
    if where:
        line = w["token_placed"].format(name=name, spaces=_join([space_name(content, s, lang) for s in where], lang))
    elif token_id in state.stash:
        line = w["token_stash"].format(name=name)
    else:
        line = w["token_none"].format(name=name)
    c = _token_card(content, token_id)
    text = c.text.get(lang) if c is not None else ""
    if c is None and token_id.split("-", 1)[0] in _TOKEN_MARKERS:  # [EXP] what a leaf, turtle, bee... does
        text = " ".join(
            mark_sentence(content, state, m, lang) for m in board_marks(content, state) if m["id"] == token_id
        )
    return {
        "id": token_id,
        "name": name,
        "spaces": list(where or []),
        "in_stash": token_id in state.stash,
        "text": text,
        "lines": [line] + ([text] if text else []),
    }


# --- [EXP] markers on the board: what each one is (issue 15), for both clients' legends and read-outs -----------

# kind -> (name, what it does). One place for these words: the web legend and labels (through the server's
# view), the terminal's legend and inspect command, and the plain mode's read-outs all come from here.
MARKERS: Mapping[str, Mapping[str, tuple[str, str]]] = {
    "en": {
        "lava": ("Lava", "nobody enters it on purpose; a figure forced in is lost. Flying figures pass over it."),
        "chasm": ("Chasm", "only flying figures cross it, and none lands in it."),
        "shallow": ("Shallow water", "no slower than dry ground, and it puts out fire."),
        "stalagmite": ("Stalagmite", "a spike of rock that nobody enters; it blocks the view."),
        "tree_climb": ("Tree-climb symbol", "with no minion on the tile, the party may climb the tree from here."),
        "exit_branch": ("Exit tree branch", "with every mouse on its leaf, the party may sail off on it to the ground."),
        "branch": ("Tree branch", "the branch overlay the party climbed onto."),
        "gecko": ("Gecko print", "only a Wild mouse may explore this flip space or use this yellow line."),
        "leaf": ("Leaf", "a boat on the current; at the end of each round it drifts with its riders (the arrow)."),
        "turtle": (
            "Turtle",
            "a mouse that steps on it turns it over; a shell holds, bubbles or jaws tip the mouse in.",
        ),
        "bee": ("Pesky Bee", "follows a figure, which rolls 1 fewer die to attack and to defend."),
        "olga": ("Olga", "charges up to 3 spaces at a mouse that rolls a 1 for movement, trampling small figures."),
        "mortar": ("Clockwork Mortar", "the first minion on its space fires it once a round, 3 dice at range."),
        "ally": ("Ally", "follows a mouse and fights minions at the end of that mouse's turn."),
        "pet": ("Pet", "follows a mouse and fights minions at the end of that mouse's turn."),
        "flying": ("Flying", "flies over lines, lava and chasms, but never lands on lava or in a chasm."),
        "on_fire": ("On fire", "1 wound at the end of each of its turns until the fire is put out."),
        "cursed": (
            "Cursed",
            "every cheese it rolls in battle goes on the minion wheel until a toadstool or clover lifts it.",
        ),
        "hesster_head": ("Hesster's head", "he strikes from here; his strike touches every space he lies on."),
        "hesster_body": ("Hesster's body", "only flying figures may enter it."),
        "hesster_tail": ("Hesster's tail", "it stays put when he strikes; his body stretches from it."),
        "molox": (
            "Molox",
            "his three cards (Molox, Angry, Enraged) stay stacked on the track and he acts on each; not a boss.",
        ),
        "rain": ("Rain", "every current is strong, so mice and leaves drift 2 spaces, and fire goes out outdoors."),
        "moon": ("Nightfall", "the moon takes a place on the minion wheel until the next surge."),
    },
    "pt_BR": {
        "lava": ("Lava", "ninguém entra de propósito; uma figura forçada a entrar se perde. Voadores passam por cima."),
        "chasm": ("Abismo", "só figuras voadoras o cruzam, e nenhuma pousa nele."),
        "shallow": ("Água rasa", "não atrasa o movimento, e apaga o fogo."),
        "stalagmite": ("Estalagmite", "uma ponta de rocha onde ninguém entra; ela bloqueia a visão."),
        "tree_climb": ("Símbolo de subida na árvore", "sem lacaios no bloco, o grupo pode subir na árvore daqui."),
        "exit_branch": ("Galho de saída", "com todos os ratos na folha, o grupo pode planar nela até o chão."),
        "branch": ("Galho", "a sobreposição de galho onde o grupo subiu."),
        "gecko": (
            "Pegada de lagartixa",
            "só um rato Selvagem pode explorar este espaço de virada ou usar esta linha amarela.",
        ),
        "leaf": ("Folha", "um barco na correnteza; no fim de cada rodada ela desce com quem está nela (a seta)."),
        "turtle": ("Tartaruga", "um rato que pisa nela a vira; um casco segura, bolhas ou mandíbulas derrubam o rato."),
        "bee": ("Abelha Chata", "segue uma figura, que rola 1 dado a menos para atacar e para defender."),
        "olga": ("Olga", "avança até 3 espaços contra um rato que tira 1 no movimento, pisoteando figuras pequenas."),
        "mortar": (
            "Morteiro de Corda",
            "o primeiro lacaio no espaço dele o dispara uma vez por rodada, 3 dados à distância.",
        ),
        "ally": ("Aliado", "segue um rato e luta contra lacaios no fim do turno desse rato."),
        "pet": ("Bicho de estimação", "segue um rato e luta contra lacaios no fim do turno desse rato."),
        "flying": ("Voador", "voa sobre linhas, lava e abismos, mas nunca pousa na lava nem no abismo."),
        "on_fire": ("Em chamas", "1 ferimento no fim de cada turno até o fogo ser apagado."),
        "cursed": (
            "Amaldiçoado",
            "cada queijo que tira em batalha vai para a roda dos lacaios até um cogumelo ou trevo acabar com a maldição.",
        ),
        "hesster_head": ("Cabeça de Hesster", "ele ataca daqui; o bote atinge todos os espaços onde ele está."),
        "hesster_body": ("Corpo de Hesster", "só figuras voadoras podem entrar."),
        "hesster_tail": ("Cauda de Hesster", "fica no lugar quando ele ataca; o corpo se estende a partir dela."),
        "molox": (
            "Molox",
            "suas três cartas (Molox, Irado, Furioso) ficam empilhadas na trilha e ele age em cada uma; não é chefe.",
        ),
        "rain": (
            "Chuva",
            "toda correnteza é forte, então ratos e folhas descem 2 espaços, e o fogo se apaga ao ar livre.",
        ),
        "moon": ("Anoitecer", "a lua ocupa um lugar na roda dos lacaios até a próxima onda."),
    },
}
_TOKEN_MARKERS = ("leaf", "turtle", "bee", "olga", "mortar")
_MARK_WORDS: Mapping[str, Mapping[str, str]] = {
    "en": {
        "mark_here": "{name} here. {text}",
        "drifts_to": "It drifts {way}, into space {n}.",
        "drifts_off": "It drifts {way}, off the tile.",
        "drifts_rain": "In the rain it drifts 2 spaces a round.",
        "safe_turtle": "Turned over: a shell, a stepping stone.",
        "follows": "It follows {who}.",
        "hesster_lies": "{name} lies on {spaces} (tail first, head last).",
        "status_line": "{who} is {what}: {text}",
        "stalagmites_by": "{name} next to spaces {nbrs}: {text}",
        "north": "north",
        "south": "south",
        "east": "east",
        "west": "west",
    },
    "pt_BR": {
        "mark_here": "{name} aqui. {text}",
        "drifts_to": "Ela desce para o {way}, até o espaço {n}.",
        "drifts_off": "Ela desce para o {way}, para fora do bloco.",
        "drifts_rain": "Na chuva ela desce 2 espaços por rodada.",
        "safe_turtle": "Já virada: um casco, um ponto de apoio.",
        "follows": "Segue {who}.",
        "hesster_lies": "{name} está em {spaces} (primeiro a cauda, por último a cabeça).",
        "status_line": "{who}: {what}. {text}",
        "stalagmites_by": "{name} junto aos espaços {nbrs}: {text}",
        "north": "norte",
        "south": "sul",
        "east": "leste",
        "west": "oeste",
    },
}
# statuses by name in Portuguese (English writes the id with spaces)
STATUS_PT: Mapping[str, str] = {
    "stunned": "atordoado",
    "webbed": "preso na teia",
    "charmed": "enfeitiçado",
    "poisoned": "envenenado",
    "knocked_down": "derrubado",
    "hidden": "escondido",
    "on_fire": "em chamas",
    "cursed": "amaldiçoado",
}


def _pt(lang: str) -> bool:
    return lang.lower().startswith("pt")


def status_word(status: str, lang: str = "en") -> str:
    """A figure's status (``on_fire``) as a word: ``on fire`` / ``em chamas``."""
    return STATUS_PT.get(status, status.replace("_", " ")) if _pt(lang) else status.replace("_", " ")


def marker(kind: str, lang: str = "en") -> Info:
    """What an expansion marker is (``lava``, ``leaf``, ``on_fire``, ``hesster_body``, ``rain``...): its name, what
    it does, and one line saying both. ``KeyError`` for an unknown kind.

    >>> marker("chasm")["lines"]
    ['Chasm: only flying figures cross it, and none lands in it.']
    """
    name, text = MARKERS["pt_BR" if _pt(lang) else "en"][kind]
    return {"kind": kind, "name": name, "text": text, "lines": [f"{name}: {text}"]}


def _drift_way(b: Board, space_id: str) -> tuple[str, str | None] | None:
    """A drifting space's direction (north/south/east/west) and the space it drifts into (None: off the tile)."""
    sp = b.spaces.get(space_id)
    if sp is None or sp.drift is None:
        return None
    if sp.drift.startswith("off-"):
        return {"n": "north", "s": "south", "e": "east", "w": "west"}.get(sp.drift[4:].lower(), "south"), None
    to = b.spaces[sp.drift]
    dx, dy = to.centre[0] - sp.centre[0], to.centre[1] - sp.centre[1]
    way = ("east" if dx > 0 else "west") if abs(dx) > abs(dy) else ("south" if dy > 0 else "north")
    return way, to.id


def board_marks(content: Content, state: State, board: Board | None = None) -> list[Info]:
    """Every expansion marker on the board now, as data (no words): ``kind``, ``id``, ``space``, and what the kind
    needs: a leaf's ``drift`` (``{way, to}``, ``to`` None when it leaves the tile), a turtle's ``safe``, a bee's
    ``host``, an ally's or pet's ``type`` and ``owner``, Hesster's ``spaces`` (tail first, head last)."""
    b = board or _board(content, state.chapter)
    data = state.chapter_data
    marks: list[Info] = []
    turtles = data.get("turtles") or {}
    bees = data.get("bees") or {}
    for token, spaces in sorted(state.tokens.items()):
        kind = token.split("-", 1)[0]
        if kind not in _TOKEN_MARKERS:
            continue
        for space_id in spaces:
            mark: Info = {"kind": kind, "id": token, "space": space_id}
            if kind == "leaf":
                way = _drift_way(b, space_id)
                mark["drift"] = None if way is None else {"way": way[0], "to": way[1]}
            elif kind == "turtle":
                mark["safe"] = token in (turtles.get("safe") or [])
            elif kind == "bee":
                mark["host"] = (bees.get(token) or {}).get("host")
            marks.append(mark)
    for space_id in data.get("branches") or []:
        marks.append({"kind": "branch", "id": f"branch:{space_id}", "space": space_id})
    for mid, spaces in sorted((data.get("hesster") or {}).items()):
        if mid not in state.minions or len(spaces) < 2:
            continue  # coiled on one space: the figure alone shows him
        for i, space_id in enumerate(spaces):
            part = "hesster_tail" if i == 0 else "hesster_head" if i == len(spaces) - 1 else "hesster_body"
            marks.append({"kind": part, "id": mid, "space": space_id, "spaces": list(spaces)})
    for hid, h in sorted((data.get("helpers") or {}).items()):
        spec = content.minions.get(str(h.get("type")))
        kind = "pet" if spec is not None and spec.kind == "pet" else "ally"
        marks.append(
            {"kind": kind, "id": hid, "space": str(h.get("space")), "type": h.get("type"), "owner": h.get("owner")}
        )
    return marks


def _figure_name(content: Content, state: State, fid: str, lang: str) -> str:
    if fid in content.heroes:
        return content.heroes[fid].name.get(lang)
    return minion_name(content, fid, lang)


def mark_sentence(content: Content, state: State, mark: Info, lang: str = "en", board: Board | None = None) -> str:
    """One marker of :func:`board_marks` in words: its name and number, what it does, where a leaf drifts."""
    w = _MARK_WORDS["pt_BR" if _pt(lang) else "en"]
    kind = mark["kind"]
    about = marker(kind, lang)
    name = about["name"]
    if kind in ("ally", "pet"):
        spec = content.minions.get(str(mark.get("type")))
        owner = str(mark.get("owner"))
        return " ".join(
            [
                _words(lang)["helper_here"].format(
                    name=spec.name.get(lang) if spec is not None else mark["id"],
                    hero=content.heroes[owner].name.get(lang) if owner in content.heroes else owner,
                ),
                about["lines"][0],
            ]
        )
    if kind in _TOKEN_MARKERS:
        name = _token_name(content, mark["id"], lang)
        name = name[:1].upper() + name[1:]
    out = w["mark_here"].format(name=name, text=about["text"][:1].upper() + about["text"][1:])
    drift = mark.get("drift")
    if drift:
        way = w[drift["way"]]
        b = board or _board(content, state.chapter)
        out += " " + (
            w["drifts_to"].format(way=way, n=b.spaces[drift["to"]].n)
            if drift["to"]
            else w["drifts_off"].format(way=way)
        )
        if state.chapter_data.get("rain"):  # R-EXP-07: a strong current
            out += " " + w["drifts_rain"]
    if mark.get("safe"):
        out += " " + w["safe_turtle"]
    if mark.get("host"):
        out += " " + w["follows"].format(who=_figure_name(content, state, str(mark["host"]), lang))
    return out


def hesster_lines(content: Content, state: State, minion_id: str, lang: str = "en") -> list[str]:
    """[EXP] R-EXP-14: the spaces Hesster lies on, tail first, when he is stretched over more than one."""
    spaces = (state.chapter_data.get("hesster") or {}).get(minion_id) or []
    if len(spaces) < 2 or minion_id not in state.minions:
        return []
    return [
        _MARK_WORDS["pt_BR" if _pt(lang) else "en"]["hesster_lies"].format(
            name=minion_name(content, minion_id, lang),
            spaces=_join([space_name(content, sp, lang) for sp in spaces], lang),
        )
    ]


def _face_up(state: State, b: Board) -> list[int]:
    return [state.face_up.get(tile, b.initial_up[tile]) for tile in b.on_table(state.face_up)]


def unlaid_overlays(content: Content, state: State, board: Board | None = None) -> list[int]:
    """[EXP] The branch overlays on this board not laid yet (R-EXP-19, docs/rulings.md): an overlay is revealed by
    the climb (its side explored, or a branch climbed at the symbol it stands over); until then the board shows
    its place face down."""
    b = board or _board(content, state.chapter)
    climbed = set(state.chapter_data.get("branches") or [])
    return [
        side
        for side in _face_up(state, b)
        if (below := content.tile_sides[side].overlay_of) and side not in state.explored and below not in climbed
    ]


def _stalagmite_nbrs(b: Board, side: int) -> list[int]:
    """The numbers of the spaces touching a stalagmite on ``side``."""
    g = b.graph(side)
    spikes = {cell for cell, name, _ in g.blockers if name == "stalagmite"}
    near = {(x + dx, y + dy) for x, y in spikes for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))}
    return sorted(sp.n for sp in g.spaces if near & set(sp.cells))


def legend(content: Content, state: State, lang: str = "en", board: Board | None = None) -> list[Info]:
    """The expansion markers to explain for this board now (terrain on the face-up sides, tokens, Hesster,
    helpers, fire and curse, flying minions, Molox, rain and Nightfall), each as :func:`marker` gives it."""
    b = board or _board(content, state.chapter)
    kinds: set[str] = set()
    for side in _face_up(state, b):
        g = b.graph(side)
        kinds |= {sp.terrain.value for sp in g.spaces if sp.terrain is not None}
        kinds |= {"tree_climb" for sp in g.spaces if "tree-climb" in sp.features}
        kinds |= {"exit_branch" for sp in g.spaces if "exit-branch" in sp.features}
        kinds |= {"gecko" for sp in g.spaces if sp.flip == "gecko"} | {"gecko" for _ in g.gecko_lines}
        if _stalagmite_nbrs(b, side):
            kinds.add("stalagmite")
    kinds |= {m["kind"] for m in board_marks(content, state, b)}
    figures = [
        *(h.statuses for h in state.heroes.values() if not h.captured),
        *(m.statuses for m in state.minions.values()),
    ]
    kinds |= {s for statuses in figures for s in statuses if s in ("on_fire", "cursed")}
    for m in state.minions.values():
        spec = content.minions.get(m.type)
        if spec is not None and spec.flying:
            kinds.add("flying")
        if m.type == "molox":
            kinds.add("molox")
    kinds |= {k for k in ("rain", "moon") if state.chapter_data.get(k)}
    return [marker(k, lang) for k in MARKERS["en"] if k in kinds]


def weather(state: State, lang: str = "en") -> list[str]:
    """Rain and Nightfall, when they are on (R-EXP-07, R-EXP-11): one sentence each."""
    return [marker(k, lang)["lines"][0] for k in ("rain", "moon") if state.chapter_data.get(k)]


def status_lines(content: Content, state: State, figure_id: str, lang: str = "en") -> list[str]:
    """On fire and cursed on a mouse or minion, with what they do (R-NEG-07, R-NEG-08)."""
    w = _MARK_WORDS["pt_BR" if _pt(lang) else "en"]
    fig = state.heroes.get(figure_id) or state.minions.get(figure_id)
    if fig is None:
        return []
    who = _figure_name(content, state, figure_id, lang)
    return [
        w["status_line"].format(who=who, what=status_word(s, lang), text=marker(s, lang)["text"])
        for s in fig.statuses
        if s in ("on_fire", "cursed")
    ]


def side_marks(content: Content, state: State, side: int, lang: str = "en", board: Board | None = None) -> list[str]:
    """What stands between the spaces of a tile side (stalagmites), in words."""
    b = board or _board(content, state.chapter)
    nbrs = _stalagmite_nbrs(b, side)
    if not nbrs:
        return []
    w = _MARK_WORDS["pt_BR" if _pt(lang) else "en"]
    about = marker("stalagmite", lang)
    return [w["stalagmites_by"].format(name=about["name"], nbrs=", ".join(map(str, nbrs)), text=about["text"])]


def space_marks(
    content: Content, state: State, space_id: str, lang: str = "en", board: Board | None = None
) -> list[str]:
    """Short names of the expansion markers on a space (``Lava``, ``Leaf 1 → south``, ``Hesster's body``)."""
    b = board or _board(content, state.chapter)
    sp = b.spaces[space_id]
    out = [marker(sp.terrain.value, lang)["name"]] if sp.terrain is not None else []
    w = _MARK_WORDS["pt_BR" if _pt(lang) else "en"]
    for mark in board_marks(content, state, b):
        if mark["space"] != space_id:
            continue
        name = (
            _token_name(content, mark["id"], lang)
            if mark["kind"] in _TOKEN_MARKERS
            else marker(mark["kind"], lang)["name"]
        )
        if mark.get("drift"):
            name += f" → {w[mark['drift']['way']]}"
        out.append(name[:1].upper() + name[1:])
    return out


# --- anything --------------------------------------------------------------------------------------------------


def _key(text: str) -> str:
    return "".join(ch for ch in text.lower() if ch.isalnum())


def find(content: Content, state: State, what: str, lang: str = "en", board: Board | None = None) -> tuple[str, str]:
    """What a player typed (an id or a printed name, any case: ``dagger``, ``Rat Warrior 2``, ``5:12``, ``Fi``,
    ``lava``) as ``(kind, id)``, kind one of hero, minion, minion_type, card, space, token, marker. ``KeyError`` if
    nothing."""
    text = what.strip()
    low = text.lower()
    b = board or _board(content, state.chapter)
    if low in b.spaces:
        return "space", low
    key = _key(text)
    for hid, spec in content.heroes.items():
        if key in (_key(hid), _key(spec.name.en), _key(spec.name.pt)) or (len(key) == 2 and _key(hid)[:2] == key):
            return "hero", hid
    for mid in state.minions:
        if key in (_key(mid), _key(minion_name(content, mid, "en")), _key(minion_name(content, mid, "pt_BR"))):
            return "minion", mid
    for tid, m in content.minions.items():
        names = [m.name, m.one] if m.one is not None else [m.name]
        if key == _key(tid) or any(key in (_key(n.en), _key(n.pt)) for n in names):
            return "minion_type", tid
    tokens = set(state.tokens) | set(state.stash)
    for tid in tokens:
        if key in (_key(tid), _key(_token_name(content, tid, "en")), _key(_token_name(content, tid, "pt_BR"))):
            return "token", tid
    for kind in MARKERS["en"]:  # [EXP] a marker by its name: lava, leaf, on fire, Hesster's tail, rain...
        if key in (_key(kind), _key(MARKERS["en"][kind][0]), _key(MARKERS["pt_BR"][kind][0])):
            return "marker", kind
    instances = {c for h in state.heroes.values() for c in h.equipped + h.pack + h.abilities}
    for deck in (content.search_cards, content.ability_cards, content.encounter_cards):
        for cid, c in deck.items():
            if key in (_key(cid), _key(c.name.en), _key(c.name.pt)) or any(
                _key(i) == key for i in instances if _base(i) == cid
            ):
                return "card", cid
    raise KeyError(what)


def describe(content: Content, state: State, what: str, lang: str = "en", board: Board | None = None) -> list[str]:
    """Sentences about anything on the table named by ``what`` (see :func:`find`); one line saying so if
    nothing is called that."""
    try:
        kind, ident = find(content, state, what, lang, board)
    except KeyError:
        return [_words(lang)["unknown"].format(what=what.strip())]
    if kind == "space":
        return list(space(content, state, ident, lang, board)["lines"])
    if kind == "hero":
        return list(hero(content, state, ident, lang)["lines"])
    if kind == "minion":
        return list(minion(content, state, ident, lang)["lines"])
    if kind == "minion_type":
        return list(minion_type(content, ident, lang)["lines"])
    if kind == "token":
        return list(token(content, state, ident, lang)["lines"])
    if kind == "marker":
        return list(marker(ident, lang)["lines"])
    return list(card(content, ident, lang)["lines"])


# --- issue 25 (web): the chapter's rules, the base game's marks and what each decision means ------------------
# One block for the web's words (the terminal may use them too). A chapter's rules are its chapter-language rules
# that carry a sentence (``text``, both languages); special searches and surges are said from the chapter's setup.
# ``gate`` names what a rule can refuse (an exit or the flip), so a "why not" can cite the rule's own reason.


_RULE_WORDS: Mapping[str, Mapping[str, str]] = {
    "en": {
        "special_search": "{room}: a search{where} whose roll shows a star finds {card} (once; no star finds nothing).",
        "in_water": " of a water space",
        "special_surge": "{room}: a surge here places {minions} instead of the encounter card's.",
        "chapter_action": "{room}: a mouse may spend its action to: {text}.",
        "chapter_action_anywhere": "Any mouse may spend its action to: {text}.",
        "setup_items": "The party starts with {items}.",
    },
    "pt_BR": {
        "special_search": "{room}: uma busca{where} cuja rolagem mostra uma estrela encontra {card} (uma vez; sem estrela não encontra nada).",
        "in_water": " num espaço de água",
        "special_surge": "{room}: uma onda aqui coloca {minions} em vez dos da carta de encontro.",
        "chapter_action": "{room}: um rato pode gastar sua ação para: {text}.",
        "chapter_action_anywhere": "Qualquer rato pode gastar sua ação para: {text}.",
        "setup_items": "O grupo começa com {items}.",
    },
}


def _code(lang: str) -> str:
    return "pt_BR" if _pt(lang) else "en"


def chapter_rules(content: Content, chapter_id: str, lang: str = "en") -> list[Info]:
    """The chapter's special rules, each ``{"text", "side", "gate", "reason"}`` (``side`` None: the whole chapter;
    ``gate``: ``exit`` or ``flip`` when the rule can refuse an explore, with ``reason`` its refusal): the party items
    it starts with, its special searches and surges (the chapter's setup) and its rules with a sentence (the
    chapter language's ``text``)."""
    ch = content.chapters[chapter_id]
    code = _code(lang)
    words = _RULE_WORDS[code]
    out: list[Info] = []

    def room(side: int) -> str:
        ts = content.tile_sides.get(side)
        return ts.name.get(lang) if ts is not None else str(side)

    if ch.party_items:
        items = _join([card_name(content, c, lang) for c in ch.party_items], lang)
        out.append({"side": None, "gate": "", "reason": "", "text": words["setup_items"].format(items=items)})
    for s in ch.special_searches:
        where = words["in_water"] if s.where == "water" else ""
        text = words["special_search"].format(room=room(s.side), where=where, card=card_name(content, s.card, lang))
        out.append({"side": s.side, "gate": "", "reason": "", "text": text})
    for su in ch.special_surges:
        minions = _join([f"{mc.count} {_minions_word(content, mc.minion, mc.count, lang)}" for mc in su.minions], lang)
        text = words["special_surge"].format(room=room(su.side), minions=minions)
        out.append({"side": su.side, "gate": "", "reason": "", "text": text})
    ruled = [(None, r) for r in ch.rules] + [(rr.side, r) for rr in ch.rooms for r in rr.rules]
    for side, rule in ruled:
        gates = [e.gate for e in rule.do if e.gate is not None]
        if rule.text is None and not gates:
            continue  # a rule with no sentence is machinery (a story read, a counter set): nothing to tell
        reason = (gates[0].reason.pt if _pt(lang) else gates[0].reason.en) if gates else ""
        text = reason if rule.text is None else rule.text.pt if _pt(lang) else rule.text.en
        gate = (rule.where.what or "exit") if gates else ""
        out.append({"side": side if side is not None else rule.where.side, "gate": gate, "reason": reason, "text": text})
    for action in ch.actions:  # issue 30: what a mouse may choose to do, where
        what = action.text.pt if _pt(lang) else action.text.en
        sides = [action.where.side] if action.where.side is not None else []
        sides += [int(sp.split(":")[0]) for sp in action.where.spaces]
        at = sides[0] if sides else None
        text = words["chapter_action_anywhere" if at is None else "chapter_action"].format(
            room=room(at) if at is not None else "", text=what
        )
        out.append({"side": at, "gate": "", "reason": "", "text": text})
    return out


def _minions_word(content: Content, type_id: str, count: int, lang: str) -> str:
    spec = content.minions.get(type_id)
    if spec is None or count == 1:
        return minion_name(content, type_id, lang)
    return spec.name.get(lang)


def goal_spaces(content: Content, chapter_id: str) -> list[str]:
    """The spaces the chapter's victory asks every free mouse to reach (none when the goal is not a place)."""
    out: list[str] = []
    for cond in content.chapters[chapter_id].victory:
        if cond.all_free_mice_on is not None:
            out += list(cond.all_free_mice_on.spaces)
    return out


# The base game's marks as the board draws them (mnm.board.render and the web's overlay): name, what it does.
BASE_MARKS: Mapping[str, Mapping[str, tuple[str, str]]] = {
    "en": {
        "entry": ("Rat head", "a minion entry: new minions come onto the tile here."),
        "trap": (
            "Red X printed on a space",
            "a place where a mousetrap can be set. It does nothing by itself: only when an encounter card sets the"
            " mousetraps does it become a live trap (drawn then as a sprung trap, below).",
        ),
        "trap_live": (
            "Mousetrap set (red badge with jaws)",
            "a live mousetrap. A mouse that steps on it stops and rolls as many dice as its move roll (a Tinkerer"
            " may roll its lore instead). Any star: it gets through. No star: the trap springs (1 wound, 1 cheese"
            " lost, knocked down, and its turn ends). Minions walk over traps.",
        ),
        "start": ("White mouse head", "the start space: the mice begin the chapter here."),
        "helmet": ("Grey helmet", "a helmet drawn on the tile: part of its space, a place the chapter may name."),
        "skull": ("Skull", "a skull drawn on the tile: part of its space, a place the chapter may name."),
        "flip": (
            "Circle with arrows",
            "a flip space: with no minion on the tile, a mouse here may explore by turning the tile over."
            " P: anyone; G: only a Tinkerer or a Scamp; F: only with the Fishhook & Thread.",
        ),
        "barred": ("Crossed circle", "no minion may enter this space."),
        "exit": (
            "Coloured bar",
            "an exit: a mouse beside it may explore to the tile whose exit of the same colour lines up with it.",
        ),
        "goal": ("Gold ring", "where the chapter's objective asks the mice to be."),
        "wound": ("Red dots on a figure", "its wounds; a mouse is captured when its wounds reach its life."),
        "minions": (
            "Minion tokens",
            "each minion type has its own shape and colour: Rat Warriors are squares, roaches ovals, spiders"
            " octagons; the small number is the figure's own.",
        ),
        "mice": (
            "Mouse colours",
            "each mouse has its colour: Collin blue, Tilda rose, Filch green, Maginos violet, Nez brown, Lily teal.",
        ),
        "yellow_line": (
            "Yellow line with an arrow",
            "crossing it the way the arrow points costs 1 movement as usual; against the arrow it costs 3"
            " (R-MOVE-03). Minions ignore it.",
        ),
        "red_line": ("Red line", "mice may not cross it: the spaces on either side are not next to each other for mice"
                     " (R-MOVE-04). Minions cross it."),
        "water": (
            "Blue water and current arrows",
            "water: a mouse that enters it stops there and may not swim against the arrows; at the end of its"
            " turn the current carries it one space the way they point, off the tile means captured; climbing"
            " out takes the whole move and a roll (R-WATER-01..04). Minions ignore water.",
        ),
        "crowd": (
            "A number on a space",
            "more figures stand there than fit the drawing: tap the space to list them all.",
        ),
    },
    "pt_BR": {
        "entry": ("Cabeça de ratazana", "uma entrada de lacaios: os novos lacaios entram no bloco por aqui."),
        "trap": (
            "X vermelho impresso num espaço",
            "um lugar onde uma ratoeira pode ser armada. Sozinho não faz nada: só quando uma carta de encontro arma"
            " as ratoeiras ele vira uma armadilha ativa (desenhada então como ratoeira armada, abaixo).",
        ),
        "trap_live": (
            "Ratoeira armada (selo vermelho com mandíbulas)",
            "uma ratoeira ativa. Um rato que pisa nela para e rola tantos dados quanto sua rolagem de movimento (um"
            " Engenhoso pode rolar o saber). Alguma estrela: ele passa. Nenhuma estrela: a ratoeira dispara"
            " (1 ferimento, 1 queijo perdido, derrubado, e o turno acaba). Lacaios passam por cima.",
        ),
        "start": ("Cabeça de rato branca", "o espaço inicial: os ratos começam o capítulo aqui."),
        "helmet": ("Elmo cinza", "um elmo desenhado no bloco: parte do seu espaço, um lugar que o capítulo pode citar."),
        "skull": ("Caveira", "uma caveira desenhada no bloco: parte do seu espaço, um lugar que o capítulo pode citar."),
        "flip": (
            "Círculo com setas",
            "um espaço de virada: sem lacaios no bloco, um rato aqui pode explorar virando o bloco."
            " P: qualquer um; G: só um Engenhoso ou um Malandro; F: só com o Barbante & Anzol.",
        ),
        "barred": ("Círculo cortado", "nenhum lacaio pode entrar neste espaço."),
        "exit": (
            "Barra colorida",
            "uma saída: um rato ao lado dela pode explorar até o bloco cuja saída da mesma cor se alinha com ela.",
        ),
        "goal": ("Anel dourado", "onde o objetivo do capítulo pede que os ratos estejam."),
        "wound": (
            "Pontos vermelhos numa figura",
            "seus ferimentos; um rato é capturado quando eles chegam à sua vida.",
        ),
        "minions": (
            "Fichas de lacaios",
            "cada tipo de lacaio tem forma e cor próprias: Guerreiros Ratazana são quadrados, baratas ovais,"
            " aranhas octógonos; o número pequeno é o da figura.",
        ),
        "mice": (
            "Cores dos ratos",
            "cada rato tem sua cor: Collin azul, Tilda rosa, Filch verde, Maginos violeta, Nez marrom, Lily"
            " verde-azulado.",
        ),
        "yellow_line": (
            "Linha amarela com seta",
            "atravessá-la no sentido da seta custa 1 de movimento, como sempre; contra a seta custa 3 (R-MOVE-03)."
            " Lacaios a ignoram.",
        ),
        "red_line": ("Linha vermelha", "ratos não podem atravessá-la: os espaços dos dois lados não são vizinhos"
                     " para ratos (R-MOVE-04). Lacaios a atravessam."),
        "water": (
            "Água azul e setas de correnteza",
            "água: um rato que entra nela para ali e não pode nadar contra as setas; no fim do turno a correnteza o"
            " leva um espaço no sentido delas, e para fora do bloco significa capturado; sair dela gasta todo o"
            " movimento e uma rolagem (R-WATER-01..04). Lacaios ignoram a água.",
        ),
        "crowd": (
            "Um número num espaço",
            "há mais figuras ali do que cabem no desenho: toque no espaço para ver a lista de todas.",
        ),
    },
}


def base_legend(lang: str = "en") -> list[Info]:
    """Every base-game mark the board draws, ``{"kind", "name", "text"}``, in the order a legend lists them."""
    table = BASE_MARKS[_code(lang)]
    return [{"kind": k, "name": name, "text": text} for k, (name, text) in table.items()]


# What each decision is about, one sentence, in both languages (the question itself is the catalog's KIND_prompt).
DECISION_HELP: Mapping[str, Mapping[str, str]] = {
    "en": {
        "turn": "This mouse's turn: move (up to its move roll), then one action (battle, search, explore, scurry, "
        "use an ability or item), and free actions (equip, share) at any time; End turn when done.",
        "before_turn": "Before the turn starts, this mouse may use an ability that is played at the start of a turn; "
        "skipping keeps it for later.",
        "choose_ability": "Each mouse starts the chapter with one ability card of its class: it stays for the whole "
        "chapter and costs cheese each time it is used.",
        "found_card": "A search found this card. Keep it (it goes into the pack; equip it later with Equip, a free "
        "action) or trade it for 1 cheese.",
        "pack_full": "A mouse carries at most 3 cards in its pack: choose one to drop (it is discarded).",
        "sharing": "Mice on the same space may pass cards and cheese to each other; choose what goes to whom, then "
        "finish.",
        "equipping": "Equipped cards work (weapons add dice, armour adds defence); the pack only carries. Put on or "
        "take off what this mouse wears, within its paws and slots.",
        "treasure": "A treasure lets this mouse look through the search deck and take one card of its choice.",
        "shifting_cloak": "The Shifting Cloak lets this mouse slip to another space before the minions act, or stay.",
        "disguises": "With the disguises on, the minions of the new tile are not placed until the mice act against "
        "them.",
        "story_choice": "The chapter's story asks the party to choose: each option has its own effects, and the "
        "choice may change how the chapter ends or which chapter comes next.",
        "rescue": "A captured mouse is rescued: choose which entry space of the tile it comes back on (it returns "
        "with its wounds healed).",
        "flip_landing": "The tile was turned over: choose on which flip space of the new side the party appears.",
        "leave_hesster": "This mouse began its turn on Hesster's body and must step off: choose the space.",
        "next_attack": "The ability's next attack needs a target: choose the minion it strikes.",
        "trap_dice": "The mouse is on a mousetrap: choose which dice to roll to get through (each trap symbol is a "
        "wound).",
        "minion_space": "Two entry spaces are equally near: the party chooses where the new minion comes in.",
        "boss_card": "The boss has taken enough wounds to fill one of its initiative cards: choose which one leaves "
        "the track.",
        "brodie_path": "Brodie's shortest paths split: the party chooses the way he runs.",
        "box_search_card": "The players draw the search card from the box's own deck: choose the card that came up "
        "(only cards still in the deck are offered).",
        "box_encounter_card": "The players draw the encounter card from the box's own deck: choose the card that came "
        "up (only cards still in the deck are offered).",
        "box_initiative": "The players shuffle the box's own initiative cards: choose the card that came out next "
        "(the track is laid in that order; the last card goes last by itself).",
    },
    "pt_BR": {
        "turn": "O turno deste rato: mover (até o que tirou no dado), depois uma ação (batalhar, procurar, explorar, "
        "correr, usar habilidade ou item), e ações livres (equipar, compartilhar) a qualquer momento; Encerrar "
        "turno ao terminar.",
        "before_turn": "Antes de o turno começar, este rato pode usar uma habilidade jogada no início do turno; "
        "pular a guarda para depois.",
        "choose_ability": "Cada rato começa o capítulo com uma carta de habilidade da sua classe: ela fica o capítulo "
        "todo e custa queijo cada vez que é usada.",
        "found_card": "Uma busca achou esta carta. Fique com ela (vai para a mochila; equipe depois com Equipar, uma "
        "ação livre) ou troque por 1 queijo.",
        "pack_full": "Um rato leva no máximo 3 cartas na mochila: escolha uma para largar (ela é descartada).",
        "sharing": "Ratos no mesmo espaço podem passar cartas e queijo entre si; escolha o que vai para quem e "
        "termine.",
        "equipping": "Cartas equipadas funcionam (armas somam dados, armaduras somam defesa); a mochila só carrega. "
        "Vista ou tire o que este rato usa, dentro das patas e dos encaixes.",
        "treasure": "Um tesouro deixa este rato olhar o baralho de busca e pegar uma carta à escolha.",
        "shifting_cloak": "O Manto Cambiante deixa este rato escapar para outro espaço antes de os lacaios agirem, ou "
        "ficar.",
        "disguises": "Com os disfarces, os lacaios do novo bloco só são colocados quando os ratos agirem contra eles.",
        "story_choice": "A história do capítulo pede que o grupo escolha: cada opção tem seus próprios efeitos, e a "
        "escolha pode mudar como o capítulo termina ou qual capítulo vem depois.",
        "rescue": "Um rato capturado é resgatado: escolha por qual entrada do bloco ele volta (volta curado dos "
        "ferimentos).",
        "flip_landing": "O bloco foi virado: escolha em qual espaço de virada do novo lado o grupo aparece.",
        "leave_hesster": "Este rato começou o turno sobre o corpo de Hesster e precisa sair: escolha o espaço.",
        "next_attack": "O próximo ataque da habilidade precisa de um alvo: escolha o lacaio atingido.",
        "trap_dice": "O rato está numa ratoeira: escolha quais dados rolar para passar (cada símbolo de armadilha é "
        "um ferimento).",
        "minion_space": "Duas entradas estão igualmente perto: o grupo escolhe por onde entra o novo lacaio.",
        "boss_card": "O chefe sofreu ferimentos que enchem uma de suas cartas de iniciativa: escolha qual sai da "
        "trilha.",
        "brodie_path": "Os caminhos mais curtos de Brodie se dividem: o grupo escolhe por onde ele corre.",
        "box_search_card": "Os jogadores compram a carta de busca do baralho da própria caixa: escolham a carta que "
        "saiu (só as cartas ainda no baralho aparecem).",
        "box_encounter_card": "Os jogadores compram a carta de encontro do baralho da própria caixa: escolham a carta "
        "que saiu (só as cartas ainda no baralho aparecem).",
        "box_initiative": "Os jogadores embaralham as cartas de iniciativa da própria caixa: escolham a carta que saiu "
        "agora (a trilha segue essa ordem; a última carta vai por último sozinha).",
    },
}


def decision_help(kind: str, lang: str = "en") -> str:
    """One sentence on what a decision of ``kind`` is about ('' for a kind not described)."""
    return DECISION_HELP[_code(lang)].get(kind, "")
