"""The chapter language's ids and places in a chapter file (part of stage 4, :mod:`mnm.chapters.meaning`): every
tile side and space on the board and reachable, every minion, card, hero and story moment known, every trigger
able to fire, every condition something in the file can make true, and a victory there is a way to."""

from __future__ import annotations

import typing
from collections.abc import Iterable
from typing import Any, Final

from mnm.chapter_language import (
    RESERVED_NAMES,
    SUBJECT_WORDS,
    TRIGGER_SUBJECTS,
    ChapterRule,
    Condition,
    ConditionKind,
    Effect,
    EffectKind,
    Select,
    Subject,
    Trigger,
    engine_token,
    walk_effects,
)
from mnm.chapters.problems import Collector
from mnm.content.loader import Content
from mnm.content.schema import Chapter, HeroClass


class RuleCheck:
    """The chapter language's ids and places (victory, defeat, rules, rooms): every tile side and space on the
    board and reachable, every minion, card and story moment known, every trigger able to fire, and a victory
    there is a way to."""

    def __init__(self, content: Content, chapter: Chapter, out: Collector) -> None:
        from mnm.board.layout import Board
        from mnm.board.reach import reachable_spaces

        self.content, self.chapter, self.out = content, chapter, out
        self.board = Board.for_chapter(content, chapter)
        self.reach = reachable_spaces(content, chapter)
        self.appear = minions_that_appear(content, chapter)

    def run(self) -> None:
        ch = self.chapter
        for path, side in named_sides(ch):
            self.side(side, path)
        for i, cond in enumerate(ch.victory):
            self.condition(cond, f"victory.{i}")
            self.subjects(cond, f"victory.{i}", frozenset(), ("a victory condition", "uma condição de vitória"))
        for i, cond in enumerate(ch.defeat):
            self.condition(cond, f"defeat.{i}")
            self.subjects(cond, f"defeat.{i}", frozenset(), ("a defeat condition", "uma condição de derrota"))
        for i, rule in enumerate(ch.rules):
            self.rule(rule, f"rules.{i}")
        for i, room in enumerate(ch.rooms):
            if self.side(room.side, f"rooms.{i}.side"):
                for j, rule in enumerate(room.rules):
                    self.rule(rule, f"rooms.{i}.rules.{j}", room.side)
        for i, action in enumerate(ch.actions):
            at = f"actions.{i}"
            if action.where.side is not None:
                self.side(action.where.side, f"{at}.where.side")
            for k, space in enumerate(action.where.spaces):
                self.space(space, f"{at}.where.spaces.{k}")
            for k, cond in enumerate(action.if_):
                self.condition(cond, f"{at}.if.{k}")
            for k, effect in enumerate(action.do):
                self.effect(effect, f"{at}.do.{k}")
        for i, placement in enumerate(ch.placements):
            self.minion(placement.minion, f"placements.{i}.minion")
            self.space(placement.space, f"placements.{i}.space")
        self.names()
        wins = [e for r in ch.all_rules() for e in _effects(r.do) if e.kind is EffectKind.VICTORY]
        wins += [e for a in ch.actions for e in _effects(a.do) if e.kind is EffectKind.VICTORY]
        self.duplicate_ids()
        self.producible(wins)
        if not wins:
            self.barred_for_good()
        if not ch.victory and not wins:
            self.out.add(
                "victory",
                "the chapter has no victory condition and no rule with a victory effect: it can never be won",
                "o capítulo não tem condição de vitória nem regra com efeito de vitória: nunca pode ser vencido",
            )

    # --- bars that close the way for good ---

    def barred_for_good(self) -> None:
        """A victory place that the bars laid when the chapter begins (``bar_space``/``bar_line`` among a
        ``chapter_begins`` or ``round_begins`` rule's own effects, with no condition: in force before any mouse
        moves, for the whole game) cut off from the start is refused (issue 43), naming the bar. Bars laid later
        are not held against the chapter (the mice may be past them by then)."""
        barred: dict[str, str] = {}
        lines: dict[frozenset[str], str] = {}
        for path, rule in _rules_with_paths(self.chapter):
            if rule.when not in (Trigger.CHAPTER_BEGINS, Trigger.ROUND_BEGINS) or rule.if_ or not rule.enabled:
                continue
            for k, e in enumerate(rule.do):
                if e.bar_space is not None:
                    barred.setdefault(e.bar_space.space, f"{path}.do.{k}.bar_space")
                elif e.bar_line is not None:
                    lines.setdefault(frozenset(e.bar_line.spaces), f"{path}.do.{k}.bar_line")
        if not barred and not lines:
            return
        from mnm.board.reach import reachable_spaces

        reach = reachable_spaces(self.content, self.chapter, frozenset(barred), frozenset(lines))
        bars = ", ".join([*barred.values(), *lines.values()])
        ch = self.chapter
        turned = {  # sides a flip_tile turns up: the bars do not close a way a rule opens by turning the tile
            e.flip_tile.side
            for e in [*(e for r in ch.all_rules() for e in _effects(r.do)), *(e for a in ch.actions for e in _effects(a.do))]
            if e.flip_tile is not None
        }
        for i, cond in enumerate(self.chapter.victory):
            p = cond.params
            at = f"victory.{i}.all_free_mice_on"
            if cond.kind is ConditionKind.ALL_FREE_MICE_ON:
                if any(sp in reach.spaces for sp in p.spaces) or not all(sp in self.reach.spaces for sp in p.spaces):
                    continue  # a way is left (or the plain reach check said it already)
                if any(self._turned_to(sp, turned, reach.spaces) for sp in p.spaces):
                    continue  # a flip_tile turns the tile up from a face the mice can get to (issue 43)
                self.out.add(
                    f"{at}.spaces",
                    f"no mouse can ever stand on {', '.join(p.spaces)}: the bars laid as the chapter begins ({bars}) "
                    "close every way there for the whole game",
                    f"nenhum rato pode chegar a {', '.join(p.spaces)}: as barreiras postas no começo do capítulo "
                    f"({bars}) fecham todo caminho até lá pelo jogo inteiro",
                )

    def _turned_to(self, space: str, turned: set[int], reach: Iterable[str]) -> bool:
        """Whether a ``flip_tile`` turns ``space``'s side up on a tile whose other face the mice can get to."""
        side = self.board.space(space).side if space in self.board.spaces else None
        if side is None or side not in turned:
            return False
        back = self.board.other_side(side)
        return back is not None and any(self.board.space(sp).side == back for sp in reach if sp in self.board.spaces)

    # --- rule ids, and what conditions need ---

    def duplicate_ids(self) -> None:
        """Each rule id names one rule (a ``once`` rule's id is what the game remembers it by)."""
        first: dict[str, str] = {}
        for path, rule in _rules_with_paths(self.chapter):
            if rule.id in first:
                self.out.add(
                    f"{path}.id",
                    f"rule id {rule.id!r} is used twice (first at {first[rule.id]}): each rule needs its own id",
                    f"o id de regra {rule.id!r} aparece duas vezes (a primeira em {first[rule.id]}): cada regra precisa "
                    "do seu próprio id",
                )
            else:
                first[rule.id] = path

    def producible(self, wins: list[Effect]) -> None:
        """A victory, defeat or rule condition that needs a token, flag or counter value nothing in the file
        produces (no setup entry, no effect) is refused, saying what is missing. Victory conditions are not
        needed when a rule wins by its ``victory`` effect."""
        made = _Produced(self.content, self.chapter)
        lists: list[tuple[str, tuple[Condition, ...]]] = [] if wins else [("victory", self.chapter.victory)]
        lists.append(("defeat", self.chapter.defeat))
        lists += [(f"{path}.if", rule.if_) for path, rule in _rules_with_paths(self.chapter)]
        lists += [(f"actions.{i}.if", action.if_) for i, action in enumerate(self.chapter.actions)]
        for where, conditions in lists:
            for i, cond in enumerate(conditions):
                missing = made.missing(cond, f"{where}.{i}", True)
                if missing is not None:
                    self.out.add(*missing)

    # --- places and ids ---

    def side(self, side: int, path: str) -> bool:
        if side not in self.board.graphs:
            self.out.add(
                path,
                f"names tile side {side}, which is not on this chapter's board (no side of its tile is in the layout)",
                f"nomeia o lado de peça {side}, que não está no tabuleiro deste capítulo (nenhum lado da sua "
                "peça está no arranjo)",
            )
            return False
        if side not in self.reach.sides:
            self.out.add(
                path,
                f"names tile side {side}, which the mice cannot reach from the start space "
                f"{self.chapter.start_space} by walking and exploring",
                f"nomeia o lado de peça {side}, que os ratos não alcançam a partir do espaço inicial "
                f"{self.chapter.start_space} andando e explorando",
            )
            return False
        return True

    def space(self, space: str, path: str) -> None:
        side = int(space.split(":")[0])
        if not self.side(side, path):
            return
        if space not in self.board.spaces:
            self.out.add(
                path,
                f"names space {space}, which does not exist (side {side} has no space {space.split(':')[1]})",
                f"nomeia o espaço {space}, que não existe (o lado {side} não tem o espaço {space.split(':')[1]})",
            )
        elif space not in self.reach.spaces:
            self.out.add(
                path,
                f"names space {space}, which the mice cannot reach from the start space {self.chapter.start_space}",
                f"nomeia o espaço {space}, que os ratos não alcançam a partir do espaço inicial "
                f"{self.chapter.start_space}",
            )

    def minion(self, minion: str, path: str, must_appear: bool = False) -> None:
        if minion not in self.content.minions:
            self.out.add(path, f"names minion {minion!r}, which does not exist")
        elif must_appear and minion not in self.appear:
            self.out.add(
                path,
                f"names minion {minion!r}, which never comes into this chapter (not in its setup, its surges, "
                "its encounter cards or a rule's place_minion): the rule can never fire",
                f"nomeia o lacaio {minion!r}, que nunca entra neste capítulo (nem na preparação, nas ondas, nas "
                "cartas de encontro ou num place_minion de regra): a regra nunca dispara",
            )

    def page(self, page: int, path: str) -> None:
        """An hourglass page a trigger waits for: one the hourglass can move to while the game goes on (the
        end marker may move up to the track's last page, so that is the bound, not ``end_page``)."""
        last = self.chapter.track_pages - 1
        if not 2 <= page <= last:
            self.out.add(
                path,
                f"is page {page}: the hourglass starts on page 1 and the game is lost on the end marker, at the "
                f"latest page {last + 1}, so it never moves to page {page} while the game goes on (pages 2-{last} can)",
                f"é a página {page}: a ampulheta começa na página 1 e o jogo é perdido no marcador de fim, no máximo "
                f"na página {last + 1}, então ela nunca avança para a página {page} com o jogo em andamento (as "
                f"páginas 2-{last} podem)",
            )

    # --- the language ---

    def rule(self, rule: ChapterRule, path: str, room_side: int | None = None) -> None:
        where = rule.where
        start_side = int(self.chapter.start_space.split(":")[0])
        if rule.when is Trigger.TILE_REVEALED and (where.side or room_side) == start_side:
            self.out.add(
                f"{path}.when",
                f"tile_revealed on side {start_side} never fires: the start side is face up and explored from "
                "setup on (use chapter_begins)",
                f"tile_revealed no lado {start_side} nunca dispara: o lado inicial já começa revelado (use "
                "chapter_begins)",
            )
        if where.side is not None:
            self.side(where.side, f"{path}.where.side")
        for k, space in enumerate(where.spaces):
            self.space(space, f"{path}.where.spaces.{k}")
        if where.minion is not None:
            self.minion(where.minion, f"{path}.where.minion", must_appear=True)
        if where.page is not None:
            self.page(where.page, f"{path}.where.page")
        if where.item is not None and where.item not in self.content.search_cards:
            self.item(where.item, f"{path}.where.item")
        if where.exit is not None:
            sides = [where.side] if where.side is not None else [room_side] if room_side is not None else []
            for side in sides:
                exits = len(self.board.graphs[side].exits) if side in self.board.graphs else 0
                if where.exit >= exits:
                    self.out.add(
                        f"{path}.where.exit",
                        f"is exit {where.exit}, but side {side} has {exits} exit(s) (numbered from 0)",
                        f"é a saída {where.exit}, mas o lado {side} tem {exits} saída(s) (numeradas a partir de 0)",
                    )
            if not sides:
                self.out.add(
                    f"{path}.where.exit",
                    "an exit is one of a side's exits: say which side (where.side, or a room rule)",
                    "uma saída é uma das saídas de um lado: diga qual lado (where.side, ou uma regra de sala)",
                )
        for k, cond in enumerate(rule.if_):
            self.condition(cond, f"{path}.if.{k}")
            trig = (f"trigger {rule.when.value!r}", f"o gatilho {rule.when.value!r}")
            self.subjects(cond, f"{path}.if.{k}", TRIGGER_SUBJECTS[rule.when], trig)
        for k, effect in enumerate(rule.do):
            self.effect(effect, f"{path}.do.{k}")

    def subjects(self, cond: Condition, path: str, gives: frozenset[Subject], what: tuple[str, str]) -> None:
        """A ``count`` or ``marked`` that tests the trigger's mouse (``who: mouse``) or figure (``who: trigger``)
        where nothing gives one is always false (issue 43): refused, saying what gives none."""
        kind, params = cond.kind, cond.params
        at = f"{path}.{kind.value}"
        if kind in (ConditionKind.ANY, ConditionKind.ALL):
            for k, inner in enumerate(params):
                self.subjects(inner, f"{at}.{k}", gives, what)
            return
        if kind is ConditionKind.NOT:
            self.subjects(params, at, gives, what)
            return
        if kind is ConditionKind.COUNT:
            who, field = params.select.who, f"{at}.select.who"
        elif kind is ConditionKind.MARKED:
            who, field = params.who, f"{at}.who"
        else:
            return
        need = Subject.MOUSE if who == "mouse" else Subject.FIGURE if who == "trigger" else None
        if need is None or need in gives:
            return
        self.out.add(
            field,
            f"who: {who} tests {SUBJECT_WORDS[need][0]} of the trigger, which {what[0]} does not give: it would "
            "always count none (use who: any)",
            f"who: {who} testa {SUBJECT_WORDS[need][1]} do gatilho, que {what[1]} não dá: contaria sempre zero "
            "(use who: any)",
        )

    def condition(self, cond: Condition, path: str) -> None:
        kind, params = cond.kind, cond.params
        at = f"{path}.{kind.value}"
        if kind is ConditionKind.ALL_FREE_MICE_ON:
            for k, space in enumerate(params.spaces):
                self.space(space, f"{at}.spaces.{k}")
        elif kind in (ConditionKind.TILE_FACE_UP, ConditionKind.TILE_CLEAR, ConditionKind.ALL_MICE_SEARCHED) or (kind is ConditionKind.TOKEN_ON and params.side is not None):
            self.side(params.side, f"{at}.side")
        elif kind is ConditionKind.MINION_ON_BOARD:
            self.minion(params.minion, f"{at}.minion")
        elif kind is ConditionKind.SPECIAL_SEARCH_LEFT and params.card not in self.content.search_cards:
            self.out.add(f"{at}.card", f"names card {params.card!r}, which does not exist")
        elif kind is ConditionKind.FIGURE:
            self.places(params, at)
        elif kind is ConditionKind.HOLDS_ITEM:
            self.item(params.item, f"{at}.item")
        elif kind is ConditionKind.HERO_PRESENT and params.hero not in self.content.heroes:
            self.hero(params.hero, f"{at}.hero")
        elif kind is ConditionKind.CLASS_PRESENT and params.class_ not in _HERO_CLASSES:
            classes = ", ".join(_HERO_CLASSES)
            self.out.add(
                f"{at}.class",
                f"names class {params.class_!r}; the classes are: {classes}",
                f"nomeia a classe {params.class_!r}; as classes são: {classes}",
            )
        elif kind is ConditionKind.COUNT:
            self.select(params.select, f"{at}.select")
        elif kind in (ConditionKind.ANY, ConditionKind.ALL):
            for k, inner in enumerate(params):
                self.condition(inner, f"{at}.{k}")
        elif kind is ConditionKind.NOT:
            self.condition(params, at)

    def effect(self, effect: Effect, path: str) -> None:
        kind, params = effect.kind, effect.params
        at = f"{path}.{kind.value}"
        if kind is EffectKind.STORY and params.moment not in self.chapter.story:
            known = ", ".join(self.chapter.story) or "none"
            self.out.add(
                f"{at}.moment",
                f"names story moment {params.moment!r}, which the chapter's story does not have (it has: {known})",
                f"nomeia o momento de história {params.moment!r}, que a história do capítulo não tem "
                f"(ela tem: {known})",
            )
        elif kind is EffectKind.PLACE_MINION:
            self.minion(params.minion, f"{at}.minion")
            self.space(params.space, f"{at}.space")
        elif kind is EffectKind.PLACE_MINIONS:
            self.minion(params.minion, f"{at}.minion")
            if params.side is not None:
                self.side(params.side, f"{at}.side")
        elif kind in (EffectKind.RETURN_MINION, EffectKind.PLACE_TOKEN):
            self.space(params.space, f"{at}.space")
        if kind in (EffectKind.PLACE_TOKEN, EffectKind.REMOVE_TOKEN) and _engine_token(self.content, params.token):
            self.out.add(
                f"{at}.token",
                f"token {params.token!r} is the engine's (a party item's or an expansion marker's): a rule places and "
                "removes the chapter's own tokens (set the engine's up with setup tokens)",
                f"a ficha {params.token!r} é do jogo (de um item do grupo ou um marcador da expansão): uma regra "
                "coloca e retira as fichas do próprio capítulo (as do jogo vão nas fichas da preparação)",
            )
        elif kind is EffectKind.STEER:
            self.space(params.toward, f"{at}.toward")
        elif kind is EffectKind.ROLL:
            for k, inner in enumerate(params.then):
                self.effect(inner, f"{at}.then.{k}")
            for k, inner in enumerate(params.else_):
                self.effect(inner, f"{at}.else.{k}")
        elif kind is EffectKind.CHOOSE:
            for j, option in enumerate(params.options):
                for k, inner in enumerate(option.do):
                    self.effect(inner, f"{at}.options.{j}.do.{k}")
        elif kind in (EffectKind.GIVE_ITEM, EffectKind.TAKE_ITEM):
            self.item(params.item, f"{at}.item")
        elif kind is EffectKind.GIVE_CARD and params.card not in self.content.search_cards:
            self.out.add(
                f"{at}.card",
                f"names card {params.card!r}, which is not a search card",
                f"nomeia a carta {params.card!r}, que não é uma carta de busca",
            )
        elif kind in (EffectKind.MARK, EffectKind.UNMARK, EffectKind.HEAL, EffectKind.CAPTURE):
            self.select(params.select, f"{at}.select", kind)
        elif kind in (EffectKind.MOVE_MOUSE, EffectKind.FREE):
            self.select(params.select, f"{at}.select", kind)
            if params.space is not None:
                self.space(params.space, f"{at}.space")
        elif kind is EffectKind.BAR_SPACE:
            self.space(params.space, f"{at}.space")
        elif kind is EffectKind.BAR_LINE:
            self.line(params.spaces, f"{at}.spaces")
        elif kind is EffectKind.ADD_TILE:
            self.added_tile(params.side, params.at, at)
        elif kind is EffectKind.FLIP_TILE and params.side not in self.board.graphs:
            self.out.add(
                f"{at}.side",
                f"names tile side {params.side}, whose tile is not in this chapter's layout",
                f"nomeia o lado de peça {params.side}, cuja peça não está no arranjo deste capítulo",
            )
        elif kind in (EffectKind.ENABLE_RULE, EffectKind.DISABLE_RULE) and params.rule not in self.rule_ids():
            self.out.add(
                f"{at}.rule",
                f"names rule {params.rule!r}, which this file does not have",
                f"nomeia a regra {params.rule!r}, que este arquivo não tem",
            )
        elif kind is EffectKind.CHARACTER_CHARGES and params.character not in self.chapter.tokens:
            self.out.add(
                f"{at}.character",
                f"names {params.character!r}, who is not on the board: place its token in setup (tokens)",
                f"nomeia {params.character!r}, que não está no tabuleiro: coloque sua ficha na preparação (tokens)",
            )
        elif kind is EffectKind.NEXT_CHAPTER and params.chapter not in self.content.chapters:
            self.out.add(
                f"{at}.chapter",
                f"names chapter {params.chapter!r}, which is not a chapter of the game",
                f"nomeia o capítulo {params.chapter!r}, que não é um capítulo do jogo",
            )

    def added_tile(self, side: int, where: tuple[int, int], path: str) -> None:
        """An added tile: a side that exists, of a tile not in the layout, laid on a free place next to it."""
        sides = self.content.tile_sides
        layout = {sides[p.side].tile: p.at for p in self.chapter.layout if p.side in sides}
        x, y = where
        if side not in sides:
            self.out.add(f"{path}.side", f"names tile side {side}, which does not exist",
                         f"nomeia o lado de peça {side}, que não existe")
        elif sides[side].tile in layout:
            self.out.add(
                f"{path}.side",
                f"names tile side {side}, whose tile is already in the layout (flip_tile turns a laid tile over)",
                f"nomeia o lado de peça {side}, cuja peça já está no arranjo (flip_tile vira uma peça colocada)",
            )
        elif (x, y) in layout.values():
            self.out.add(f"{path}.at", f"lays the tile at [{x}, {y}], where the layout already has a tile",
                         f"coloca a peça em [{x}, {y}], onde o arranjo já tem uma peça")
        elif not any(abs(x - ax) + abs(y - ay) == 1 for ax, ay in layout.values()):
            self.out.add(f"{path}.at", f"lays the tile at [{x}, {y}], next to no tile of the layout",
                         f"coloca a peça em [{x}, {y}], longe de todas as peças do arranjo")

    def line(self, spaces: tuple[str, str], path: str) -> None:
        """A barred line: two spaces that exist, joined by a line (R-MOVE-03)."""
        a, b = spaces
        problems = len(self.out.problems)
        self.space(a, f"{path}.0")
        self.space(b, f"{path}.1")
        if len(self.out.problems) > problems or a not in self.board.spaces or b not in self.board.spaces:
            return
        if b not in self.board.mouse_near.get(a, frozenset()):
            self.out.add(
                path,
                f"names {a} and {b}, which no line joins (a barred line lies between two adjacent spaces)",
                f"nomeia {a} e {b}, que nenhuma linha liga (uma linha bloqueada fica entre dois espaços adjacentes)",
            )

    def places(self, p: Any, path: str) -> None:
        """The minion type, tile side and spaces a figure test or a selector names (each may be left out)."""
        if p.minion is not None:
            self.minion(p.minion, f"{path}.minion")
        if p.side is not None:
            self.side(p.side, f"{path}.side")
        for k, space in enumerate(p.spaces):
            self.space(space, f"{path}.spaces.{k}")

    def item(self, item: str, path: str) -> None:
        if item not in {i.id for i in self.chapter.items}:
            known = ", ".join(i.id for i in self.chapter.items) or "none"
            self.out.add(
                path,
                f"names item {item!r}, which the chapter's items do not have (it has: {known})",
                f"nomeia o item {item!r}, que os itens do capítulo não têm (ele tem: {known})",
            )

    def hero(self, hero: str, path: str) -> None:
        self.out.add(path, f"names hero {hero!r}, which does not exist", f"nomeia o herói {hero!r}, que não existe")

    def select(self, sel: Select, path: str, mouse_effect: EffectKind | None = None) -> None:
        if mouse_effect is not None and (sel.kind == "minion" or sel.minion is not None):
            # issue 43: a mouse effect's selector picks mice; a minion selector there picked every mouse
            field = "kind" if sel.kind == "minion" else "minion"
            self.out.add(
                f"{path}.{field}",
                f"{mouse_effect.value} acts on mice, but this selector picks minions ({field}: "
                f"{sel.kind if field == 'kind' else sel.minion}): select mice (kind: mouse, hero, marked...)",
                f"{mouse_effect.value} age sobre ratos, mas este seletor escolhe lacaios ({field}: "
                f"{sel.kind if field == 'kind' else sel.minion}): escolha ratos (kind: mouse, hero, marked...)",
            )
            return
        if sel.hero is not None and sel.hero not in self.content.heroes:
            self.hero(sel.hero, f"{path}.hero")
        self.places(sel, path)
        if sel.holds_item is not None:
            self.item(sel.holds_item, f"{path}.holds_item")
        for name in ("adjacent_to", "in_sight_of"):
            target = getattr(sel, name)
            if target is not None:
                self.space(target, f"{path}.{name}")

    def rule_ids(self) -> set[str]:
        return {r.id for r in self.chapter.all_rules()}

    def names(self) -> None:
        """Names a file gives (rules, actions, items, choices, counters, flags, tokens, marks, log entries) must not
        be reserved words (docs/chapters.md), and ids of one kind must be unique."""
        ch = self.chapter
        named: list[tuple[str, str]] = [(f"rules.{i}.id", r.id) for i, r in enumerate(ch.rules)]
        named += [(f"actions.{i}.id", a.id) for i, a in enumerate(ch.actions)]
        named += [(f"items.{i}.id", item.id) for i, item in enumerate(ch.items)]
        named += [(f"tokens.{t}", t) for t in ch.tokens]
        sources = [(f"rules.{i}.do", r.do) for i, r in enumerate(ch.rules)]
        sources += [(f"rooms.{j}.rules.{i}.do", r.do) for j, room in enumerate(ch.rooms) for i, r in enumerate(room.rules)]
        sources += [(f"actions.{i}.do", a.do) for i, a in enumerate(ch.actions)]
        choice_ids: list[tuple[str, str]] = []
        option_ids: list[tuple[str, str]] = []
        for base, effects in sources:
            for path, e in walk_effects(effects, base):
                at = f"{path}.{e.kind.value}"
                if e.kind in (EffectKind.COUNTER, EffectKind.SET_FLAG):
                    named.append((f"{at}.name", e.params.name))
                elif e.kind in (EffectKind.PLACE_TOKEN, EffectKind.REMOVE_TOKEN):
                    named.append((f"{at}.token", e.params.token))
                elif e.kind in (EffectKind.MARK, EffectKind.UNMARK):
                    named.append((f"{at}.mark", e.params.mark))
                elif e.kind is EffectKind.RECORD:
                    named.append((f"{at}.entry", e.params.entry))
                elif e.kind is EffectKind.CHOOSE:
                    choice_ids.append((f"{at}.id", e.params.id))
                    option_ids += [(f"{at}.options.{k}.id", o.id) for k, o in enumerate(e.params.options)]
        for path, name in named + choice_ids + option_ids:
            if name in RESERVED_NAMES:
                self.out.add(
                    path,
                    f"{name!r} is a reserved word of the chapter language: choose another name",
                    f"{name!r} é uma palavra reservada da linguagem de capítulos: escolha outro nome",
                )
        for kind, ids in (
            ("action", [(f"actions.{i}.id", a.id) for i, a in enumerate(ch.actions)]),
            ("item", [(f"items.{i}.id", item.id) for i, item in enumerate(ch.items)]),
            ("story choice", choice_ids),
            ("story choice option", option_ids),
        ):
            seen: set[str] = set()
            for path, ident in ids:
                if ident in seen:
                    self.out.add(
                        path,
                        f"{kind} id {ident!r} is used twice: each must be unique in the file",
                        f"o id {ident!r} ({kind}) é usado duas vezes: cada um deve ser único no arquivo",
                    )
                seen.add(ident)


def _engine_token(content: Content, token: str) -> bool:
    return engine_token(token, (c.party_token for c in content.search_cards.values() if c.party_token is not None))


def _rules_with_paths(chapter: Chapter) -> list[tuple[str, ChapterRule]]:
    out = [(f"rules.{i}", r) for i, r in enumerate(chapter.rules)]
    out += [(f"rooms.{j}.rules.{i}", r) for j, room in enumerate(chapter.rooms) for i, r in enumerate(room.rules)]
    return out


_OPS: Final[dict[str, typing.Callable[[int, int], bool]]] = {
    "eq": lambda a, b: a == b,
    "ne": lambda a, b: a != b,
    "lt": lambda a, b: a < b,
    "le": lambda a, b: a <= b,
    "gt": lambda a, b: a > b,
    "ge": lambda a, b: a >= b,
}


# A condition that needs a name something in the file must produce: its field, the set of :class:`_Produced` that
# holds what the file produces, and what is said when nothing does ({!r}: the name), in English and Portuguese.
_PRODUCED_BY: Final[dict[ConditionKind, tuple[str, str, str, str]]] = {
    ConditionKind.FLAG: (
        "name",
        "flags",
        "needs flag {!r}, which nothing in the file sets (no set_flag effect names it)",
        "precisa da marca {!r}, que nada no arquivo liga (nenhum efeito set_flag a nomeia)",
    ),
    ConditionKind.HOLDS_ITEM: (
        "item",
        "items",
        "needs item {!r}, which nothing in the file gives (no give_item effect names it)",
        "precisa do item {!r}, que nada no arquivo dá (nenhum efeito give_item o nomeia)",
    ),
    ConditionKind.MARKED: (
        "mark",
        "marks",
        "needs mark {!r}, which nothing in the file gives (no mark effect names it)",
        "precisa da marca {!r}, que nada no arquivo dá (nenhum efeito mark a nomeia)",
    ),
    ConditionKind.PARTY_HOLDS: (
        "token",
        "party_tokens",
        "needs the party to hold token {!r}, which is no party item's token",
        "precisa que o grupo tenha a ficha {!r}, que não é ficha de nenhum item do grupo",
    ),
    ConditionKind.TOKEN_ON: (
        "token",
        "tokens",
        "needs token {!r} on the board, which nothing in the file places (setup tokens, place_token, a party item)",
        "precisa da ficha {!r} no tabuleiro, que nada no arquivo coloca (fichas da preparação, place_token, um item "
        "do grupo)",
    ),
}


class _Produced:
    """What a chapter file can produce: flags set, counters changed, tokens placed or held (a simple check: does
    any setup entry or effect produce it, whatever its trigger)."""

    def __init__(self, content: Content, chapter: Chapter) -> None:
        # a chapter action's effects produce as a rule's do (issue 43: "ring the bell three times" needs no rule)
        effects = [e for r in chapter.all_rules() for e in _effects(r.do)]
        effects += [e for a in chapter.actions for e in _effects(a.do)]
        self.flags = {e.params.name for e in effects if e.kind is EffectKind.SET_FLAG}
        self.counters = {e.params.name for e in effects if e.kind in (EffectKind.COUNTER, EffectKind.COUNTER_TO_WHEEL)}
        self.items = {e.params.item for e in effects if e.kind is EffectKind.GIVE_ITEM}
        self.marks = {e.params.mark for e in effects if e.kind is EffectKind.MARK}
        self.party_tokens = {c.party_token for c in content.search_cards.values() if c.party_token is not None}
        self.tokens = set(chapter.tokens) | self.party_tokens
        self.tokens |= {e.params.token for e in effects if e.kind is EffectKind.PLACE_TOKEN}

    def missing(self, cond: Condition, path: str, positive: bool) -> tuple[str, str, str] | None:
        """(field, English, Portuguese) when ``cond`` (or its negation, ``positive`` False) can never hold."""
        kind, p = cond.kind, cond.params
        at = f"{path}.{kind.value}"
        if kind is ConditionKind.NOT:
            return self.missing(p, at, not positive)
        if kind in (ConditionKind.ANY, ConditionKind.ALL):
            found = [self.missing(inner, f"{at}.{k}", positive) for k, inner in enumerate(p)]
            # any (or not all): one that can hold is enough; all (or not any): each must be able to
            every = (kind is ConditionKind.ANY) == positive
            problems = [f for f in found if f is not None]
            if every:
                return problems[0] if problems and len(problems) == len(found) else None
            return problems[0] if problems else None
        need = _PRODUCED_BY.get(kind)
        if need is not None and positive:
            field, pool, en, pt = need
            value = getattr(p, field)
            if value not in getattr(self, pool):
                return f"{at}.{field}", en.format(value), pt.format(value)
        if kind is ConditionKind.COUNTER and p.name not in self.counters:
            holds_now = p.op == "unset" or _OPS[str(p.op)](0, int(p.value))  # a counter never set reads 0
            if holds_now != positive:
                return (
                    f"{at}.name",
                    f"needs counter {p.name!r} to change, which nothing in the file does (no counter effect names it)",
                    f"precisa que o contador {p.name!r} mude, o que nada no arquivo faz (nenhum efeito counter o "
                    "nomeia)",
                )
        return None


def _effects(effects: Iterable[Effect]) -> Iterable[Effect]:
    """Effects and the effects inside rolls and story choices."""
    for _, effect in walk_effects(tuple(effects), ""):
        yield effect


_HERO_CLASSES: Final = tuple(c.value for c in HeroClass)


def minions_that_appear(content: Content, chapter: Chapter) -> set[str]:
    """Minion types that can come onto this chapter's board: setup, special surges, the encounter cards of its
    deck kinds (rows and surges), and rules that place them (place_minion, place_minions)."""
    out = {m.minion for m in chapter.starting_minions}
    out |= {mc.minion for sg in chapter.special_surges for mc in sg.minions}
    out |= {h.minion for h in chapter.helpers}
    for card in content.encounter_cards.values():
        if card.kind in chapter.encounter_kinds:
            out |= {mc.minion for row in card.rows for mc in row.minions}
            out |= {mc.minion for mc in card.surge}
    placing = (EffectKind.PLACE_MINION, EffectKind.PLACE_MINIONS)
    out |= {e.params.minion for r in chapter.all_rules() for e in _effects(r.do) if e.kind in placing}
    out |= {e.params.minion for a in chapter.actions for e in _effects(a.do) if e.kind in placing}
    out |= {p.minion for p in chapter.placements}
    return out


def named_sides(chapter: Chapter) -> list[tuple[str, int]]:
    """Every tile side a chapter's setup names, with its field."""
    out: list[tuple[str, int]] = []
    out += [(f"starting_minions.{i}.side", s.side) for i, s in enumerate(chapter.starting_minions)]
    out += [(f"special_searches.{i}.side", s.side) for i, s in enumerate(chapter.special_searches)]
    out += [(f"special_surges.{i}.side", s.side) for i, s in enumerate(chapter.special_surges)]
    for token, spaces in chapter.tokens.items():
        out += [(f"tokens.{token}.{i}", int(sp.split(":")[0])) for i, sp in enumerate(spaces) if ":" in sp]
    out += [(f"helpers.{i}.space", int(h.space.split(":")[0])) for i, h in enumerate(chapter.helpers)]
    return out


