"""The chapter and the game's marks, for :mod:`mnm.presentation.info` (issue 25, the web's words; the terminal
may use them too): a chapter's rules as sentences, the spaces its goal names, the base game's marks as the board
draws them, and what each decision is about.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from mnm.content.loader import Content
from mnm.presentation.info.words import Info, card_name, is_pt, join_words, minion_name

if TYPE_CHECKING:
    pass

__all__ = ["BASE_MARKS", "DECISION_HELP", "base_legend", "chapter_rules", "decision_help", "goal_spaces"]


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
    return "pt_BR" if is_pt(lang) else "en"


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
        items = join_words([card_name(content, c, lang) for c in ch.party_items], lang)
        out.append({"side": None, "gate": "", "reason": "", "text": words["setup_items"].format(items=items)})
    for s in ch.special_searches:
        where = words["in_water"] if s.where == "water" else ""
        text = words["special_search"].format(room=room(s.side), where=where, card=card_name(content, s.card, lang))
        out.append({"side": s.side, "gate": "", "reason": "", "text": text})
    for su in ch.special_surges:
        minions = join_words([f"{mc.count} {_minions_word(content, mc.minion, mc.count, lang)}" for mc in su.minions], lang)
        text = words["special_surge"].format(room=room(su.side), minions=minions)
        out.append({"side": su.side, "gate": "", "reason": "", "text": text})
    ruled = [(None, r) for r in ch.rules] + [(rr.side, r) for rr in ch.rooms for r in rr.rules]
    for side, rule in ruled:
        gates = [e.gate for e in rule.do if e.gate is not None]
        if rule.text is None and not gates:
            continue  # a rule with no sentence is machinery (a story read, a counter set): nothing to tell
        reason = (gates[0].reason.pt if is_pt(lang) else gates[0].reason.en) if gates else ""
        text = reason if rule.text is None else rule.text.pt if is_pt(lang) else rule.text.en
        gate = (rule.where.what or "exit") if gates else ""
        out.append({"side": side if side is not None else rule.where.side, "gate": gate, "reason": reason, "text": text})
    for action in ch.actions:  # issue 30: what a mouse may choose to do, where
        what = action.text.pt if is_pt(lang) else action.text.en
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
