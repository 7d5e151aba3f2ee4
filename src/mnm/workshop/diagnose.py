"""Why a draft's play-test games were lost, in the designer's words (issue 31).

While a game is played, :class:`Watch` notes what a designer needs to read the result: the highest value each
chapter counter reached, the chapter rules that fired, the tile sides the mice searched and revealed; at the
end, the gates still closed and the victory conditions that did not hold. :func:`diagnose` turns the notes of
the games that were not won into sentences in English and Portuguese::

    in 200 of 200 games the east exit of the Dining Hall stayed closed: its gate opens when counter bells ≥ 2,
    which reached 1 at most

The notes are small (a few ids and numbers per game) and cheap to take: one look at the chapter's counters per
step, the rest once at the end.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from typing import Any

from mnm.bots.plan import stuck
from mnm.chapter_language import ChapterRule, Condition, ConditionKind, Effect, EffectKind, Trigger
from mnm.chapter_language.doc import condition_words
from mnm.content.schema import Chapter
from mnm.engine import Event, Game, conditions_hold
from mnm.workshop.places import exit_name

__all__ = ["OPS", "Watch", "condition_sentence", "diagnose", "gate_rules"]

# how the comparisons read (the file writes ge, the designer reads ≥)
OPS = {"eq": "=", "ne": "≠", "lt": "<", "le": "≤", "gt": ">", "ge": "≥"}
_LOG_OPS = (("recorded", "recorded", "anotado"), ("crossed_out", "crossed out", "riscado"), ("absent", "not recorded", "não anotado"))


def gate_rules(chapter: Chapter) -> list[ChapterRule]:
    """The rules that refuse an explore: trigger explore_attempt with a gate effect."""
    return [
        r
        for r in chapter.all_rules()
        if r.when is Trigger.EXPLORE_ATTEMPT and any(e.kind is EffectKind.GATE for e in r.do)
    ]


class Watch:
    """The notes of one game (a :data:`mnm.sim.simulate.Watcher`): call with each step's events, then with
    ``None`` for the notes (a plain dict, small enough to travel back from a worker)."""

    def __init__(self, chapter: Chapter) -> None:
        self.chapter = chapter
        self.gates = gate_rules(chapter)
        self.counters: dict[str, int] = {}
        self.fired: set[str] = set()

    def __call__(self, game: Game, events: list[Event] | None) -> dict[str, Any] | None:
        if events is not None:
            self._step(game, events)
            return None
        return self._end(game)

    def _step(self, game: Game, events: list[Event]) -> None:
        data = game.state.chapter_vars  # the chapter file's own counters and flags
        if data:
            counters = self.counters
            for name, value in data.items():
                if type(value) is int and value > counters.get(name, -(10**9)):
                    counters[name] = value
        for ev in events:
            rule = ev.params.get("chapter_rule")
            if rule:
                self.fired.add(str(rule))

    def _end(self, game: Game) -> dict[str, Any]:
        st = game.state
        ctx = game.ctx
        self.fired.update(str(r) for r in st.chapter_data.get("rules_fired") or [])
        mouse = next((h.id for h in st.heroes.values() if not h.captured), "")
        closed = [
            g.id
            for g in self.gates
            if conditions_hold(ctx, st, g.if_, g.where.side if g.where.side is not None else -1, mouse)
        ]
        unmet = [i for i, c in enumerate(self.chapter.victory) if not conditions_hold(ctx, st, (c,), -1, mouse)]
        searched = sorted({s for h in st.heroes.values() for s in h.searched})
        flags = sorted(k for k, v in st.chapter_vars.items() if v is True)
        planner = stuck(ctx, st) if st.status != "won" else None  # what the bots' planner could not plan for
        return {
            "planner": list(planner) if planner else None,
            "counters": dict(self.counters),
            "flags": flags,
            "fired": sorted(self.fired),
            "closed": closed,
            "unmet": unmet,
            "searched": searched,
            "revealed": list(st.explored),
        }


# --- the sentences ------------------------------------------------------------------------------------------


_SPACE = re.compile(r"\b(\d+):(\d+)\b")


def _chosen(c: Condition, lang: str) -> str:
    """A ``count`` condition as a designer reads it: 'the number of captured mice = 0' (not the selector's
    fields, issue 43)."""
    sel = c.params.select
    pt = lang == "pt"
    if sel.kind == "minion":
        who = (f"lacaios {sel.minion}" if sel.minion else "lacaios") if pt else (f"{sel.minion} minions" if sel.minion else "minions")
    else:
        who = sel.hero or (("ratos capturados" if sel.captured else "ratos") if pt else ("captured mice" if sel.captured else "mice"))
    more = []
    if sel.side is not None:
        more.append(f"no lado {sel.side}" if pt else f"on side {sel.side}")
    if sel.spaces:
        more.append(("em " if pt else "on ") + ", ".join(sel.spaces))
    if sel.holds_item:
        more.append(f"com o item {sel.holds_item}" if pt else f"holding the {sel.holds_item}")
    if sel.marked:
        more.append(f"marcados {sel.marked}" if pt else f"marked {sel.marked}")
    if sel.wounded is not None:
        more.append(("feridos" if sel.wounded else "sem ferimentos") if pt else ("wounded" if sel.wounded else "unwounded"))
    who = " ".join([who, *more])
    raw = str(getattr(c.params.op, "value", c.params.op))
    op = OPS.get(raw, raw)
    return f"o número de {who} {op} {c.params.value}" if pt else f"the number of {who} {op} {c.params.value}"


def condition_sentence(c: Condition, lang: str) -> str:
    """A condition in words, comparisons as symbols, spaces as 'space 5 of side 16'."""
    text = _chosen(c, lang) if c.kind is ConditionKind.COUNT else condition_words(c, lang)
    for op, symbol in OPS.items():
        text = text.replace(f" is {op} ", f" {symbol} ").replace(f" é {op} ", f" {symbol} ")
    # a campaign log entry recorded, crossed out or absent has no number to compare (issue 46: "is recorded 1")
    for op, en, pt in _LOG_OPS:
        text = re.sub(rf" is {op} -?\d+\b", f" is {en}", text)
        text = re.sub(rf" é {op} -?\d+\b", f" está {pt}", text)
    space = r"espaço \2 do lado \1" if lang == "pt" else r"space \2 of side \1"
    return _SPACE.sub(space, text)


def _leaf_names(conditions: Iterable[Condition], kind: ConditionKind) -> list[str]:
    """The names the ``kind`` conditions among ``conditions`` (nested too) test, in order."""
    out: list[str] = []
    for c in conditions:
        if c.kind is kind:
            out.append(c.params.name)
        elif c.kind in (ConditionKind.ANY, ConditionKind.ALL):
            out += _leaf_names(c.params, kind)
        elif c.kind is ConditionKind.NOT:
            out += _leaf_names((c.params,), kind)
    return list(dict.fromkeys(out))


def _reached(conditions: tuple[Condition, ...], notes: list[dict[str, Any]]) -> tuple[str, str]:
    """What the counters and flags the conditions name reached in these games: ', which reached 1 at most'."""
    en: list[str] = []
    pt: list[str] = []
    for name in _leaf_names(conditions, ConditionKind.COUNTER):
        values = [n["counters"][name] for n in notes if name in n["counters"]]
        if values:
            en.append(f"counter {name} reached {max(values)} at most")
            pt.append(f"o contador {name} chegou no máximo a {max(values)}")
        else:
            en.append(f"counter {name} was never set")
            pt.append(f"o contador {name} nunca recebeu valor")
    for name in _leaf_names(conditions, ConditionKind.FLAG):
        if not any(name in n["flags"] for n in notes):
            en.append(f"{name} never happened")
            pt.append(f"{name} nunca aconteceu")
    return "; ".join(en), "; ".join(pt)


def _opens_when(rule: ChapterRule, lang: str) -> str:
    """What opens a gate: the condition under a lone ``not``, else 'this no longer holds: ...'."""
    conds = rule.if_
    if len(conds) == 1 and conds[0].kind is ConditionKind.NOT:
        return condition_sentence(conds[0].params, lang)
    if not conds:
        return "nunca (não tem condição)" if lang == "pt" else "never (it has no condition)"
    joined = "; ".join(condition_sentence(c, lang) for c in conds)
    return f"isto deixa de valer: {joined}" if lang == "pt" else f"this no longer holds: {joined}"


def _count(k: int, n: int, lang: str) -> str:
    if lang == "pt":
        return f"em {k} de {n} partidas não vencidas"
    return f"in {k} of {n} games not won"


def _gate_sentences(chapter: Chapter, lost: list[dict[str, Any]]) -> list[dict[str, Any]]:
    out = []
    for gate in gate_rules(chapter):
        if not gate.if_:
            continue  # a gate without conditions is a wall by design, not a reason a game was lost
        hit = [n for n in lost if gate.id in n["closed"]]
        if not hit:
            continue
        side = gate.where.side
        what_flip = gate.where.what == "flip"
        # the exit named as the form and the sheet name it (issue 46: "the east exit of the Guard Room")
        exit_en, exit_pt = exit_name(side, gate.where.exit, "en"), exit_name(side, gate.where.exit, "pt")
        en_place = (
            f"side {side} could not be flipped" if what_flip and side is not None
            else f"{exit_en} stayed closed" if side is not None
            else "the gate stayed closed"
        )
        pt_place = (
            f"o lado {side} não pôde ser virado" if what_flip and side is not None
            else f"{exit_pt} continuou fechada" if side is not None and gate.where.exit is not None
            else f"{exit_pt} continuaram fechadas" if side is not None
            else "o portão continuou fechado"
        )
        reach_en, reach_pt = _reached(gate.if_, hit)
        en = f"{_count(len(hit), len(lost), 'en')} {en_place}: its gate opens when {_opens_when(gate, 'en')}"
        pt = f"{_count(len(hit), len(lost), 'pt')} {pt_place}: seu portão abre quando {_opens_when(gate, 'pt')}"
        out.append(_entry("gate", gate.id, len(hit), len(lost), en, pt, reach_en, reach_pt))
    return out


def _entry(kind: str, rule: str, k: int, n: int, en: str, pt: str, more_en: str = "", more_pt: str = "") -> dict[str, Any]:
    return {
        "kind": kind,
        "rule": rule,
        "games": k,
        "of": n,
        "en": en + (f", and {more_en}" if more_en else "") + ".",
        "pt": pt + (f", e {more_pt}" if more_pt else "") + ".",
    }


def _why_not_fired(rule: ChapterRule, notes: list[dict[str, Any]]) -> tuple[str, str]:
    """Why a rule never fired in these games, from what its trigger needs."""
    side = rule.where.side
    if rule.when is Trigger.SEARCH and side is not None:
        k = sum(1 for n in notes if side not in n["searched"])
        if k == len(notes) and not any(side in n["revealed"] for n in notes):
            return (
                f"no mouse searched side {side}: it was never revealed",
                f"nenhum rato vasculhou o lado {side}: ele nunca foi revelado",
            )
        if k == len(notes):
            return f"no mouse searched side {side}", f"nenhum rato vasculhou o lado {side}"
        return (
            f"no mouse searched side {side} in {k} of them",
            f"nenhum rato vasculhou o lado {side} em {k} delas",
        )
    if rule.when is Trigger.FIGURE_ENTERS and rule.where.spaces:
        spaces_en = _SPACE.sub(r"space \2 of side \1", ", ".join(rule.where.spaces))
        spaces_pt = _SPACE.sub(r"espaço \2 do lado \1", ", ".join(rule.where.spaces))
        return f"no mouse entered {spaces_en}", f"nenhum rato entrou em {spaces_pt}"
    if rule.when in (Trigger.TILE_REVEALED, Trigger.FIGURE_ENTERS, Trigger.SEARCH, Trigger.EXPLORE_ATTEMPT) and side:
        k = sum(1 for n in notes if side not in n["revealed"])
        if k:
            return (
                f"side {side} was never revealed in {k} of them",
                f"o lado {side} não foi revelado em {k} delas",
            )
    if rule.if_:
        en = "; ".join(condition_sentence(c, "en") for c in rule.if_)
        pt = "; ".join(condition_sentence(c, "pt") for c in rule.if_)
        return f"its conditions never held when it could: {en}", f"suas condições nunca valeram quando podia: {pt}"
    return "its moment never came", "seu momento nunca chegou"


def _names(conditions: Iterable[Condition]) -> set[str]:
    """The counters, flags, tokens and achievements conditions read."""
    out: set[str] = set()
    for c in conditions:
        kind = c.kind
        if kind in (ConditionKind.ANY, ConditionKind.ALL):
            out |= _names(c.params)
        elif kind is ConditionKind.NOT:
            out |= _names((c.params,))
        else:
            for key in ("name", "token", "achievement"):
                value = getattr(c.params, key, None)
                if isinstance(value, str):
                    out.add(value)
    return out


def _feeds(effects: Iterable[Effect], names: set[str]) -> bool:
    """Whether effects set something in ``names`` or win the chapter (through rolls too)."""
    for e in effects:
        kind = e.kind
        if kind is EffectKind.VICTORY:
            return True
        if kind is EffectKind.ROLL and _feeds(e.params.then + e.params.else_, names):
            return True
        for key in ("name", "token", "achievement"):
            if getattr(e.params, key, None) in names:
                return True
    return False


def _rule_sentences(chapter: Chapter, lost: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The rules that open a gate or lead to the victory, and did not happen in most games not won."""
    gates = gate_rules(chapter)
    needed = _names(chapter.victory) | _names(c for g in gates for c in g.if_)
    out = []
    for rule in chapter.all_rules():
        if rule in gates or not _feeds(rule.do, needed):
            continue
        missed = [n for n in lost if rule.id not in n["fired"]]
        if not missed or 2 * len(missed) < len(lost):  # a rule that usually fires is not why games are lost
            continue
        why_en, why_pt = _why_not_fired(rule, missed)
        en = f"{_count(len(missed), len(lost), 'en')} the rule “{rule.id}” never happened: {why_en}"
        pt = f"{_count(len(missed), len(lost), 'pt')} a regra “{rule.id}” nunca aconteceu: {why_pt}"
        out.append(_entry("rule", rule.id, len(missed), len(lost), en, pt))
    return out


_ENDINGS = {
    "hourglass": ("when the hourglass ran out", "quando a ampulheta acabou"),
    "all_captured": ("when every mouse was captured", "quando todos os ratos foram capturados"),
    "chapter": ("when the chapter's defeat came", "quando veio a derrota do capítulo"),
    "stalled": ("when the bots found nothing more to do", "quando os robôs não acharam mais o que fazer"),
    "unfinished": ("when the game was stopped unfinished", "quando a partida foi parada sem terminar"),
}


def _victory_sentences(chapter: Chapter, lost: list[dict[str, Any]], records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    out = []
    for i, cond in enumerate(chapter.victory):
        idx = [j for j, n in enumerate(lost) if i in n["unmet"]]
        if not idx:
            continue
        where: Counter[tuple[Any, str]] = Counter((records[j].get("last_side"), records[j]["outcome"]) for j in idx)
        (side, outcome), k = where.most_common(1)[0]
        end_en, end_pt = _ENDINGS.get(outcome, _ENDINGS["unfinished"])
        stood_en = f"the party stood on side {side} {end_en}" if side is not None else f"the game ended {end_en}"
        stood_pt = f"o grupo estava no lado {side} {end_pt}" if side is not None else f"a partida terminou {end_pt}"
        if k < len(idx):
            stood_en = f"in {k} of them {stood_en}"
            stood_pt = f"em {k} delas {stood_pt}"
        en = (
            f"{_count(len(idx), len(lost), 'en')} the victory was never reached: "
            f"“{condition_sentence(cond, 'en')}” did not hold; {stood_en}"
        )
        pt = (
            f"{_count(len(idx), len(lost), 'pt')} a vitória não foi alcançada: "
            f"“{condition_sentence(cond, 'pt')}” não valeu; {stood_pt}"
        )
        reach_en, reach_pt = _reached((cond,), [lost[j] for j in idx])
        out.append(_entry("victory", f"victory.{i}", len(idx), len(lost), en, pt, reach_en, reach_pt))
    return out


def _defeat_sentences(chapter: Chapter, records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    causes = Counter(r["outcome"] for r in records if r["status"] != "won")
    out = []
    n = sum(causes.values())
    for outcome, k in causes.most_common():
        end_en, end_pt = _ENDINGS.get(outcome, _ENDINGS["unfinished"])
        if outcome == "chapter" and chapter.defeat:
            # issue 46: which defeat, in the designer's words (not only "the chapter's defeat came")
            end_en += f" ({'; '.join(condition_sentence(c, 'en') for c in chapter.defeat)})"
            end_pt += f" ({'; '.join(condition_sentence(c, 'pt') for c in chapter.defeat)})"
        out.append(
            _entry("ending", outcome, k, n, f"{_count(k, n, 'en')} the game ended {end_en}",
                   f"{_count(k, n, 'pt')} a partida terminou {end_pt}")
        )
    return out


def _planner_sentences(lost: list[dict[str, Any]], won: int) -> list[dict[str, Any]]:
    """When the bots won nothing: what their planner could not plan for at the end of the games lost (issue 43),
    the most frequent first, as ``kind: planner``."""
    if won:
        return []
    said = Counter(tuple(n["planner"]) for n in lost if n.get("planner"))
    n = len(lost)
    return [
        _entry("planner", "", k, n, f"{_count(k, n, 'en')}, {en}", f"{_count(k, n, 'pt')}, {pt}")
        for (en, pt), k in said.most_common(2)
    ]


def diagnose(chapter: Chapter, records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Why the games not won were lost, most frequent first: each ``{kind, rule, games, of, en, pt}`` with
    ``kind`` one of ``gate``, ``rule``, ``victory``, ``ending``. Records without notes are skipped."""
    notes = [r for r in records if r["status"] != "won" and isinstance(r.get("watch"), dict)]
    if not notes:
        return []
    lost = [r["watch"] for r in notes]
    found = _gate_sentences(chapter, lost) + _rule_sentences(chapter, lost) + _victory_sentences(chapter, lost, notes)
    found += _planner_sentences(lost, sum(1 for r in records if r["status"] == "won"))
    found.sort(key=lambda d: -d["games"])
    return found + _defeat_sentences(chapter, notes)
