"""The shared words of :mod:`mnm.presentation.info`: the sentences' labels in both languages, the content's enum
values in words, and the names of minions, spaces and cards.

Everything the other ``info`` modules say is built from these (:func:`words_for` a language's labels,
:func:`join_words` a list as a sentence says it, :func:`value_word` an enum value); nothing here reads a state.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from mnm.content.loader import Content

if TYPE_CHECKING:
    pass

__all__ = [
    "LABELS",
    "VALUES_EN",
    "VALUES_PT",
    "Info",
    "base_id",
    "card_name",
    "is_pt",
    "join_words",
    "minion_name",
    "space_name",
    "value_word",
    "words_for",
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


def value_word(value: str, lang: str) -> str:
    table = VALUES_PT if lang.lower().startswith("pt") else VALUES_EN
    return table.get(value, value.replace("_", " "))


def words_for(lang: str) -> Mapping[str, str]:
    return LABELS["pt_BR"] if lang.lower().startswith("pt") else LABELS["en"]


def join_words(items: list[str], lang: str) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {words_for(lang)['and']} " + items[-1]


def base_id(ident: str) -> str:
    """A card instance id (``leather-breastplate/2``) without its copy number."""
    return ident.split("/", 1)[0]


def is_pt(lang: str) -> bool:
    return lang.lower().startswith("pt")


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
    return words_for(lang)["space_name"].format(side=side, n=n)


def card_name(content: Content, card_id: str, lang: str = "en") -> str:
    cid = base_id(card_id)
    for deck in (content.search_cards, content.ability_cards, content.encounter_cards):
        if cid in deck:
            return deck[cid].name.get(lang)
    return cid.replace("-", " ")
