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

if TYPE_CHECKING:
    from mnm.board.layout import Board
    from mnm.engine import State

__all__ = [
    "LABELS",
    "card",
    "describe",
    "find",
    "hero",
    "minion",
    "minion_type",
    "space",
    "token",
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
        "lava": "Lava: nobody enters it on purpose; a figure forced in is lost (flyers pass over).",
        "chasm": "A chasm: only flying figures cross it, and none lands in it.",
        "shallow": "Shallow water: no slower than dry ground, and it puts out fire.",
        "helper_here": "With the party: {name} (follows {hero}).",
        "entry": "Minion entry space: minions arrive here.",
        "trap": "A mousetrap is here.",
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
        "lava": "Lava: ninguém entra de propósito; uma figura forçada a entrar se perde (voadores passam por cima).",
        "chasm": "Um abismo: só figuras voadoras o cruzam, e nenhuma pousa nele.",
        "shallow": "Água rasa: não atrasa o movimento, e apaga o fogo.",
        "helper_here": "Com o grupo: {name} (acompanha {hero}).",
        "entry": "Entrada de lacaios: os lacaios chegam aqui.",
        "trap": "Há uma ratoeira aqui.",
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
    """``rat-warrior-2`` -> ``Rat Warrior 2``; a type id -> its singular name."""
    base, _, num = minion_id.rpartition("-")
    if base in content.minions and num.isdigit():
        spec = content.minions[base]
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
        lines.append(w["minion_status"].format(statuses=_join([s.replace("_", " ") for s in m.statuses], lang)))
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
    lines = [
        w["hero_stats"].format(
            name=name,
            classes=_join([_value(x, lang) for x in classes], lang),
            battle=spec.battle,
            defense=spec.defense,
            lore=spec.lore,
            move=spec.move,
            life=spec.life,
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
        "life": spec.life,
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
                life=spec.life,
                cheese=h.cheese,
            ),
        )
        if h.statuses:
            lines.append(
                w["hero_status"].format(name=name, statuses=_join([s.replace("_", " ") for s in h.statuses], lang))
            )
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
        lines.append(w[sp.terrain.value])
    if sp.entry:
        lines.append(w["entry"])
    if sp.trap or space_id in state.traps:
        lines.append(w["trap"])
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
    lines += [w["token_here"].format(name=_token_name(content, t, lang)) for t in tokens]
    for data in (state.chapter_data.get("helpers") or {}).values():  # [EXP] allies and pets
        if data.get("space") == space_id:
            owner = str(data.get("owner"))
            lines.append(
                w["helper_here"].format(
                    name=content.minions[str(data["type"])].name.get(lang),
                    hero=content.heroes[owner].name.get(lang) if owner in content.heroes else owner,
                )
            )
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
    return {
        "id": token_id,
        "name": name,
        "spaces": list(where or []),
        "in_stash": token_id in state.stash,
        "text": text,
        "lines": [line] + ([text] if text else []),
    }


# --- anything --------------------------------------------------------------------------------------------------


def _key(text: str) -> str:
    return "".join(ch for ch in text.lower() if ch.isalnum())


def find(content: Content, state: State, what: str, lang: str = "en", board: Board | None = None) -> tuple[str, str]:
    """What a player typed (an id or a printed name, any case: ``dagger``, ``Rat Warrior 2``, ``5:12``, ``Fi``)
    as ``(kind, id)``, kind one of hero, minion, minion_type, card, space, token. ``KeyError`` if nothing."""
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
    return list(card(content, ident, lang)["lines"])
