"""What each word of the chapter language means, in English and Portuguese (:data:`SENTENCES`, used by the
generated reference in docs/chapters.md and the web's rules panel); the tokens a file may place; the names a
file may not use; and the players' words a file's actions, items and choices bring (:func:`file_texts`)."""

from __future__ import annotations

from enum import StrEnum

from mnm.chapter_language.effects import walk_effects
from mnm.chapter_language.rules import ChapterAction, ChapterItem, ChapterRule
from mnm.chapter_language.words import ConditionKind, EffectKind, Trigger

# --- sentences: what each word means, in English and Portuguese (docs/chapters.md, the web's rules panel) ----

_SENTENCES: tuple[tuple[StrEnum, tuple[str, str]], ...] = (
    (
        Trigger.CHAPTER_BEGINS,
        (
            "When the chapter begins (after setup)",
            "Quando o capítulo começa (depois da preparação)",
        ),
    ),
    (
        Trigger.TILE_REVEALED,
        (
            "The first time the mice reveal a tile side",
            "Na primeira vez que os ratos revelam um lado de peça",
        ),
    ),
    (Trigger.ROUND_BEGINS, ("When a round begins", "Quando uma rodada começa")),
    (Trigger.ROUND_ENDS, ("When a round ends", "Quando uma rodada termina")),
    (
        Trigger.FIGURE_ENTERS,
        (
            "When a mouse moves into a space, or a minion's move ends on one",
            "Quando um rato entra num espaço, ou o movimento de um lacaio termina num",
        ),
    ),
    (
        Trigger.MOVEMENT_ROLL,
        (
            "When a figure rolls the movement die",
            "Quando uma figura rola o dado de movimento",
        ),
    ),
    (
        Trigger.MINION_TURN,
        (
            "When a minion begins its activation (a rule that fires takes the whole activation)",
            "Quando um lacaio começa sua ativação (uma regra que dispara toma a ativação inteira)",
        ),
    ),
    (
        Trigger.MINION_WOUNDED,
        (
            "When a minion takes wounds and is still standing",
            "Quando um lacaio sofre ferimentos e continua de pé",
        ),
    ),
    (Trigger.MINION_DEFEATED, ("When a minion is defeated", "Quando um lacaio é derrotado")),
    (
        Trigger.MINION_ROLLED_CHEESE,
        (
            "When CHEESE is rolled for a minion's attack",
            "Quando sai QUEIJO no ataque de um lacaio",
        ),
    ),
    (
        Trigger.SEARCH,
        (
            "When a mouse searches successfully (a STAR), before the card is drawn",
            "Quando um rato vasculha com sucesso (uma ESTRELA), antes de a carta ser tirada",
        ),
    ),
    (
        Trigger.SURGE,
        ("When a surge happens (after the hourglass moved)", "Quando ocorre uma onda (depois da ampulheta)"),
    ),
    (Trigger.HOURGLASS_PAGE, ("When the hourglass moves to a page", "Quando a ampulheta avança para uma página")),
    (
        Trigger.EXPLORE_ATTEMPT,
        (
            "When a mouse would explore (a gate may refuse it)",
            "Quando um rato vai explorar (um portão pode recusar)",
        ),
    ),
    (Trigger.CHAPTER_WON, ("When the chapter is won", "Quando o capítulo é vencido")),
    (
        Trigger.ITEM_FOUND,
        (
            "When a mouse finds a chapter item or a search card",
            "Quando um rato encontra um item do capítulo ou uma carta de busca",
        ),
    ),
    (
        ConditionKind.ALL_FREE_MICE_ON,
        (
            "every free mouse stands on one of {spaces}",
            "todo rato livre está em um de {spaces}",
        ),
    ),
    (ConditionKind.ANY_FREE_MOUSE, ("at least one mouse is free", "pelo menos um rato está livre")),
    (ConditionKind.TILE_FACE_UP, ("side {side} is face up", "o lado {side} está virado para cima")),
    (ConditionKind.TILE_CLEAR, ("no minion is on side {side}", "nenhum lacaio está no lado {side}")),
    (ConditionKind.NO_MINIONS, ("no minion is on the board", "nenhum lacaio está no tabuleiro")),
    (ConditionKind.MINION_ON_BOARD, ("a {minion} is on the board", "um {minion} está no tabuleiro")),
    (ConditionKind.PARTY_HOLDS, ("the party holds the {token} token", "o grupo tem a ficha {token}")),
    (ConditionKind.TOKEN_ON, ("the {token} token is on side {side}", "a ficha {token} está no lado {side}")),
    (
        ConditionKind.HAS_ACHIEVEMENT,
        (
            "the party has the {achievement} story achievement",
            "o grupo tem a conquista de história {achievement}",
        ),
    ),
    (ConditionKind.COUNTER, ("counter {name} is {op} {value}", "o contador {name} é {op} {value}")),
    (ConditionKind.FLAG, ("{name} has happened", "{name} já aconteceu")),
    (ConditionKind.COMPARE, ("the {what} is {op} {value}", "o(a) {what} é {op} {value}")),
    (ConditionKind.RAINING, ("it is raining (old word: weather)", "está chovendo (palavra antiga: weather)")),
    (
        ConditionKind.SPECIAL_SEARCH_LEFT,
        (
            "the special search {card} can still be found",
            "a busca especial {card} ainda pode ser encontrada",
        ),
    ),
    (
        ConditionKind.ALL_MICE_SEARCHED,
        (
            "every mouse has searched side {side} (nobody may search it again)",
            "todo rato já vasculhou o lado {side} (ninguém pode vasculhá-lo de novo)",
        ),
    ),
    (ConditionKind.FIGURE, ("the figure {tests}", "a figura {tests}")),
    (ConditionKind.HOLDS_ITEM, ("a mouse or the party holds the {item}", "um rato ou o grupo tem o item {item}")),
    (ConditionKind.HERO_PRESENT, ("{hero} is in the party", "{hero} está no grupo")),
    (ConditionKind.CLASS_PRESENT, ("a {class} is in the party", "um(a) {class} está no grupo")),
    (ConditionKind.MARKED, ("a mouse is marked {mark}", "um rato está marcado {mark}")),
    (
        ConditionKind.COUNT,
        ("the figures chosen by {select} number {op} {value}", "as figuras escolhidas por {select} são {op} {value}"),
    ),
    (
        ConditionKind.LOGGED,
        ("the campaign log says {entry} is {op} {value}", "o registro da campanha diz que {entry} é {op} {value}"),
    ),
    (ConditionKind.WEATHER, ("the weather is {state}", "o tempo está {state}")),
    (ConditionKind.TIME_OF_DAY, ("it is {phase}", "é {phase}")),
    (ConditionKind.ANY, ("any of: {conditions}", "qualquer um de: {conditions}")),
    (ConditionKind.ALL, ("all of: {conditions}", "todos de: {conditions}")),
    (ConditionKind.NOT, ("not ({condition})", "não ({condition})")),
    (EffectKind.STORY, ("read the story moment {moment}", "leia o momento de história {moment}")),
    (EffectKind.ANNOUNCE, ("announce {event}", "anuncie {event}")),
    (
        EffectKind.PLACE_MINION,
        (
            "place a {minion} on {space}; its cards join the track",
            "coloque um {minion} em {space}; suas cartas entram na trilha",
        ),
    ),
    (
        EffectKind.PLACE_MINIONS,
        (
            "place {count} {minion} on side {side} as for an encounter (R-ENC-05); their cards join the track",
            "coloque {count} {minion} no lado {side} como num encontro (R-ENC-05); suas cartas entram na trilha",
        ),
    ),
    (
        EffectKind.RETURN_MINION,
        (
            "the defeated minion comes back on {space}",
            "o lacaio derrotado volta em {space}",
        ),
    ),
    (EffectKind.REMOVE_MINION, ("the minion flees the board", "o lacaio foge do tabuleiro")),
    (EffectKind.WOUND, ("the {who} takes {amount} wound(s)", "a {who} sofre {amount} ferimento(s)")),
    (EffectKind.KNOCK_DOWN, ("the {who} is knocked down", "o {who} é derrubado")),
    (EffectKind.STUN, ("the {who} is stunned", "o {who} fica atordoado")),
    (EffectKind.CHEESE, ("{amount} cheese to the {to}", "{amount} queijo para {to}")),
    (EffectKind.COUNTER, ("counter {name}: {op} {value}", "contador {name}: {op} {value}")),
    (
        EffectKind.COUNTER_TO_WHEEL,
        (
            "move {amount} from counter {name} to the minion wheel",
            "mova {amount} do contador {name} para a roda dos lacaios",
        ),
    ),
    (EffectKind.SET_FLAG, ("remember that {name} happened", "lembre que {name} aconteceu")),
    (EffectKind.MOVE_END_MARKER, ("move the end marker {pages} page(s)", "mova o marcador de fim {pages} página(s)")),
    (
        EffectKind.STORY_ACHIEVEMENT,
        (
            "the party earns the {achievement} story achievement",
            "o grupo ganha a conquista de história {achievement}",
        ),
    ),
    (EffectKind.PLACE_TOKEN, ("place the {token} token on {space}", "coloque a ficha {token} em {space}")),
    (EffectKind.REMOVE_TOKEN, ("remove the {token} token", "retire a ficha {token}")),
    (
        EffectKind.ROLL,
        (
            "roll {dice} die/dice: with a {need}, {then}; otherwise {else}",
            "role {dice} dado(s): com {need}, {then}; senão {else}",
        ),
    ),
    (EffectKind.GATE, ("the mouse may not explore: {reason}", "o rato não pode explorar: {reason}")),
    (
        EffectKind.STEER,
        (
            "the minion heads for {toward} instead of the mice",
            "o lacaio vai para {toward} em vez de atacar os ratos",
        ),
    ),
    (
        EffectKind.START_RAIN,
        ("the rain begins (R-EXP-07; old word: set_weather)", "a chuva começa (R-EXP-07; palavra antiga: set_weather)"),
    ),
    (
        EffectKind.NIGHTFALL,
        (
            "night falls: the moon goes on the wheel (R-EXP-11; old word: set_time_of_day)",
            "anoitece: a lua vai para a roda (R-EXP-11; palavra antiga: set_time_of_day)",
        ),
    ),
    (
        EffectKind.OLGA_CHARGES,
        (
            "Olga charges the mouse (R-EXP-10; old word: character_charges)",
            "Olga avança contra o rato (R-EXP-10; palavra antiga: character_charges)",
        ),
    ),
    (
        EffectKind.SET_WEATHER,
        ("the weather turns to {state} (R-EXP-07)", "o tempo muda para {state} (R-EXP-07)"),
    ),
    (
        EffectKind.SET_TIME_OF_DAY,
        ("the time of day turns to {phase} (R-EXP-11)", "a hora do dia passa a {phase} (R-EXP-11)"),
    ),
    (
        EffectKind.CHARACTER_CHARGES,
        ("{character} charges the mouse (R-EXP-10)", "{character} avança contra o rato (R-EXP-10)"),
    ),
    (EffectKind.GIVE_ITEM, ("the {to} gets the {item}", "o {to} recebe o item {item}")),
    (EffectKind.TAKE_ITEM, ("the {item} is used up", "o item {item} é gasto")),
    (EffectKind.GIVE_CARD, ("the mouse gets the {card} card", "o rato recebe a carta {card}")),
    (EffectKind.MARK, ("the chosen mice are marked {mark}", "os ratos escolhidos ficam marcados {mark}")),
    (EffectKind.UNMARK, ("the chosen mice lose the mark {mark}", "os ratos escolhidos perdem a marca {mark}")),
    (EffectKind.HEAL, ("the chosen mice heal {amount} wound(s)", "os ratos escolhidos curam {amount} ferimento(s)")),
    (EffectKind.MOVE_MOUSE, ("the chosen mice are put on {space}", "os ratos escolhidos vão para {space}")),
    (EffectKind.CAPTURE, ("the chosen mice are captured", "os ratos escolhidos são capturados")),
    (EffectKind.FREE, ("the chosen captured mice are freed", "os ratos capturados escolhidos são libertados")),
    (
        EffectKind.CHOOSE,
        ("the players choose: {prompt}", "os jogadores escolhem: {prompt}"),
    ),
    (EffectKind.NEXT_CHAPTER, ("the campaign goes on to {chapter}", "a campanha segue para {chapter}")),
    (EffectKind.FLIP_TILE, ("the tile turns to show side {side}", "a peça vira e mostra o lado {side}")),
    (EffectKind.BAR_SPACE, ("no figure may enter {space}", "nenhuma figura pode entrar em {space}")),
    (EffectKind.ADD_TILE, ("tile side {side} is laid at {at}", "o lado de peça {side} é colocado em {at}")),
    (EffectKind.BAR_LINE, ("no figure may cross the line {spaces}", "nenhuma figura pode cruzar a linha {spaces}")),
    (EffectKind.RECORD, ("campaign log: {op} {entry}", "registro da campanha: {op} {entry}")),
    (EffectKind.ENABLE_RULE, ("rule {rule} is turned on", "a regra {rule} é ligada")),
    (EffectKind.DISABLE_RULE, ("rule {rule} is turned off", "a regra {rule} é desligada")),
    (EffectKind.VICTORY, ("the mice win the chapter", "os ratos vencem o capítulo")),
    (EffectKind.DEFEAT, ("the mice lose the chapter", "os ratos perdem o capítulo")),
)

# keyed by (vocabulary, word): ``counter`` is both a condition and an effect, and StrEnum members equal their value
SENTENCES: dict[tuple[str, str], tuple[str, str]] = {}
for _word, _pair in _SENTENCES:
    SENTENCES[(type(_word).__name__, _word.value)] = _pair


def sentence(word: StrEnum) -> tuple[str, str]:
    """The word's sentence in English and Portuguese."""
    return SENTENCES[(type(word).__name__, word.value)]


# --- tokens a file may place, and the names a file may not use ------------------------------------------------

TOKENS: dict[str, tuple[str, str]] = {
    "mortar": ("the Clockwork Mortar: fires at the mice each round (R-EXP-16)", "o Morteiro de Corda (R-EXP-16)"),
    "olga": ("Olga: charges mice that end near her (R-EXP-10)", "Olga: avança contra ratos perto dela (R-EXP-10)"),
    "leaf-N": ("a leaf on water: a raft the mice paddle (R-EXP-05)", "uma folha na água: uma jangada (R-EXP-05)"),
    "turtle-N": ("a turtle: a stepping stone with a hidden underside (R-EXP-08)", "uma tartaruga (R-EXP-08)"),
    "bee-N": ("a bee: leaves its flower to sting a mouse (R-EXP-12)", "uma abelha (R-EXP-12)"),
    "fishhook": ("the fishhook: a line to climb (party item)", "o anzol: uma linha para escalar (item do grupo)"),
    "fork": ("the fork: a lever (party item)", "o garfo: uma alavanca (item do grupo)"),
    "grape": ("a grape: bait or a missile (party item)", "uma uva: isca ou projétil (item do grupo)"),
    "(any other id)": (
        "a marker of the chapter's own: it does nothing by itself; rules test it with token_on",
        "um marcador do próprio capítulo: não faz nada sozinho; as regras o testam com token_on",
    ),
}
"""The token ids a chapter file may place (setup ``tokens``, ``place_token``), with what the engine does with
each; ``-N`` stands for a number (leaf-1, leaf-2...)."""

RESERVED_NAMES: frozenset[str] = frozenset(
    {
        # words the language itself uses for who and what (a file's counters and flags have their own namespace,
        # apart from the engine's keys, so the engine's names are free to use: issue 29)
        "party", "mouse", "minion", "figure", "trigger", "any", "all", "none", "not", "true", "false", "yes", "no",
        "on", "off",
    }
)  # fmt: skip
"""Names a chapter may not give a counter, flag, token, rule, item, mark or log entry (docs/chapters.md)."""


def file_texts(
    actions: tuple[ChapterAction, ...], items: tuple[ChapterItem, ...], rules: tuple[ChapterRule, ...]
) -> dict[str, tuple[str, str]]:
    """The players' words of a file's chapter actions, items, story choices and their options, by id (English,
    Portuguese): what an option button, the terminal and the game log show for ``act``/``choose`` and items."""
    out: dict[str, tuple[str, str]] = {}
    for item in items:
        out[item.id] = (item.name.en, item.name.pt)
    for action in actions:
        out[action.id] = (action.text.en, action.text.pt)
    effects = [e for rule in rules for _, e in walk_effects(rule.do, "")]
    effects += [e for action in actions for _, e in walk_effects(action.do, "")]
    for e in effects:
        if e.choose is not None:
            out[e.choose.id] = (e.choose.prompt.en, e.choose.prompt.pt)
            for option in e.choose.options:
                out[option.id] = (option.text.en, option.text.pt)
    return out
