"""Stages 1 and 2 of reading a chapter file (:mod:`mnm.chapters.file`): the text (its size, no NUL byte, bounded
YAML with a line map) and the sizes of what it holds (every list, mapping, text and number within :data:`LIMITS`;
the effects one trigger, one action and the whole file may run). An untrusted file is bounded here, before the
schema spends time on any of it."""

from __future__ import annotations

import re
from typing import Any, Final

from mnm.chapter_language import walk_effects
from mnm.chapters.problems import ChapterFileError, Collector, Problem, TextError, pt_of, too_big
from mnm.content.aliases import renamed
from mnm.content.bounded_yaml import load_bounded_with_lines
from mnm.content.schema import Chapter

MAX_CHAPTER_BYTES: Final = 128 * 1024  # the longest shipped chapter is about 6 KB
MAX_TEXT: Final = 4_000  # characters of one text (a story moment is a few hundred)
MAX_ITEMS: Final = 200  # entries of any one list or mapping not named in LIMITS
MAX_NUMBER: Final = 10_000  # any whole number, in absolute value, unless the schema says less
# effects the rules of one trigger may hold in all (nested ones counted; issue 48: 95 rules of 20 effects on
# figure_enters ran ~1,900 effects on every move and made a 5 MB record); a chapter action's effects count alike
MAX_EFFECTS_PER_TRIGGER: Final = 60
MAX_EFFECTS: Final = 400  # effects of every rule and chapter action of the file together
# Most entries one list or mapping may hold, by field path (``*``: any index or key).
LIMITS: Final[dict[str, int]] = {
    "setup.layout": 16,
    "story": 60,
    "setup.starting_minions": 40,
    "setup.special_searches": 40,
    "setup.special_surges": 40,
    "setup.tokens": 20,
    "setup.tokens.*": 40,
    "victory": 20,
    "defeat": 20,
    "rules": 100,
    "rules.*.do": 20,
    "rules.*.if": 20,
    "rooms": 16,
    "rooms.*.rules": 40,
    "rooms.*.rules.*.do": 20,
    "rooms.*.rules.*.if": 20,
}


# --- stage 1: the text -------------------------------------------------------------------------------------


def parse(text: str, file: str) -> tuple[Any, dict[str, int]]:
    size = len(text.encode("utf-8", "surrogatepass"))
    if size > MAX_CHAPTER_BYTES:
        raise too_big(size, MAX_CHAPTER_BYTES, file)
    if "\x00" in text:  # said plainly (YAML's reader would call it an unacceptable character)
        nul_line = text.count("\n", 0, text.index("\x00")) + 1
        raise ChapterFileError(
            [
                Problem(
                    "",
                    nul_line,
                    "a NUL character (a binary file, not YAML text)",
                    "um caractere NUL (um arquivo binário, não texto YAML)",
                    file,
                )
            ]
        )
    try:
        data, lines = load_bounded_with_lines(text, file, TextError, max_bytes=4 * MAX_CHAPTER_BYTES)
    except TextError as err:
        message = str(err).removeprefix(f"{file}: ")
        m = re.match(r"line (\d+): (.*)", message)
        marked = re.search(r"line (\d+), column", message)  # YAML's own errors say where inside the text
        line = int(m.group(1)) if m else int(marked.group(1)) if marked else 1
        en = m.group(2) if m else message
        raise ChapterFileError([Problem("", line, en, pt_of(en, _PT_YAML), file)]) from err
    return renamed(data), lines  # a chapter written before a content rename names old ids (issue 35)


_PT_YAML: Final[tuple[tuple[str, str], ...]] = (
    (r"YAML aliases \((\S+)\) are not allowed", r"apelidos YAML (\1) não são permitidos"),
    (r"nested more than (\d+) levels deep", r"aninhado em mais de \1 níveis"),
    (r"more than (\d+) values", r"mais de \1 valores"),
    (
        r"'(.+)' is written twice in one mapping \(first on line (\d+)\); YAML would keep only the last",
        r"'\1' aparece duas vezes no mesmo mapa (primeiro na linha \2); o YAML guardaria só o último",
    ),
    (r"a number of (\d+) digits \(at most (\d+)\)", r"um número de \1 algarismos (no máximo \2)"),
    (r"not valid YAML/JSON: (.*)", r"não é YAML/JSON válido: \1"),
    (r"(\S+) values are not allowed; write plain text", r"valores \1 não são permitidos; escreva texto simples"),
)


# --- stage 2: sizes ----------------------------------------------------------------------------------------


def _limit_of(path: str) -> int:
    parts = path.split(".") if path else []
    for pattern, limit in LIMITS.items():
        want = pattern.split(".")
        if len(want) == len(parts) and all(w in ("*", p) for w, p in zip(want, parts, strict=True)):
            return limit
    return MAX_ITEMS


def check_sizes(data: Any, out: Collector) -> None:
    """Every list, mapping, text and number within bounds, before the schema spends time on any of it."""
    stack: list[tuple[Any, str]] = [(data, "")]
    while stack:
        value, path = stack.pop()
        if isinstance(value, (list, dict)):
            limit = _limit_of(path)
            if len(value) > limit:
                out.add(
                    path,
                    f"has {len(value)} entries, more than the {limit} a chapter file may hold here",
                    f"tem {len(value)} entradas, mais que as {limit} permitidas aqui num arquivo de capítulo",
                )
                continue
            items = value.items() if isinstance(value, dict) else enumerate(value)
            for key, item in items:
                stack.append((item, f"{path}.{key}" if path else str(key)))
        elif isinstance(value, str) and len(value) > MAX_TEXT:
            out.add(
                path,
                f"is {len(value)} characters long, more than the {MAX_TEXT} a text may hold",
                f"tem {len(value)} caracteres, mais que os {MAX_TEXT} permitidos a um texto",
            )
        elif isinstance(value, bool) or value is None:
            continue
        elif isinstance(value, int) and abs(value) > MAX_NUMBER:
            out.add(
                path,
                f"is {value}, outside -{MAX_NUMBER}..{MAX_NUMBER}",
                f"é {value}, fora de -{MAX_NUMBER}..{MAX_NUMBER}",
            )
        elif isinstance(value, float):
            out.add(path, f"is {value}: numbers here are whole numbers", f"é {value}: aqui os números são inteiros")



def check_effect_load(chapter: Chapter, out: Collector) -> None:
    """Refuse a file whose one action could run too many effects (issue 48): at most
    :data:`MAX_EFFECTS_PER_TRIGGER` effects (nested ones counted) in all the rules of one trigger, or in one
    chapter action, and :data:`MAX_EFFECTS` in the whole file."""
    per: dict[str, tuple[int, str]] = {}
    total = 0
    rules = [(f"rules.{i}", r) for i, r in enumerate(chapter.rules)]
    rules += [(f"rooms.{i}.rules.{j}", r) for i, room in enumerate(chapter.rooms) for j, r in enumerate(room.rules)]
    for path, rule in rules:
        n = len(walk_effects(rule.do, ""))
        total += n
        count, first = per.get(rule.when.value, (0, path))
        per[rule.when.value] = (count + n, first)
    for i, action in enumerate(chapter.actions):
        n = len(walk_effects(action.do, ""))
        total += n
        per[f"action {action.id}"] = (n, f"actions.{i}")
    for trigger, (count, path) in per.items():
        if count > MAX_EFFECTS_PER_TRIGGER:
            out.add(
                path,
                f"the rules of {trigger!r} hold {count} effects in all: at most {MAX_EFFECTS_PER_TRIGGER} may run "
                "for one trigger (docs/chapters.md, \"What a file cannot do to a game\")",
                f"as regras de {trigger!r} têm {count} efeitos ao todo: no máximo {MAX_EFFECTS_PER_TRIGGER} podem "
                "ocorrer por gatilho (docs/chapters.md)",
            )
    if total > MAX_EFFECTS:
        out.add(
            "rules",
            f"the file holds {total} effects: at most {MAX_EFFECTS} (docs/chapters.md)",
            f"o arquivo tem {total} efeitos: no máximo {MAX_EFFECTS} (docs/chapters.md)",
        )


