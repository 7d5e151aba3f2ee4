"""What is wrong in a chapter file and how it is said: :class:`Problem` (field, line, English and Portuguese),
:class:`ChapterFileError`, the Portuguese of the messages the shared content checks word in English, and the
:class:`Collector` every stage of reading a file (:mod:`mnm.chapters.file`) adds its problems to."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from mnm.content.schema import SETUP_FIELDS


@dataclass(frozen=True)
class Problem:
    """One thing wrong in a chapter file: where (field path, line) and what, in English and Portuguese."""

    field: str
    line: int | None
    en: str
    pt: str
    file: str = "chapter"

    def message(self, lang: str = "en") -> str:
        return self.pt if lang.lower().startswith("pt") else self.en

    def text(self, lang: str = "en") -> str:
        """``FILE:LINE: FIELD: message``, one line."""
        where = f"{self.file}:{self.line}" if self.line is not None else self.file
        return f"{where}: {self.field}: {self.message(lang)}" if self.field else f"{where}: {self.message(lang)}"

    def __str__(self) -> str:
        return self.text("en")

    def to_json(self) -> dict[str, Any]:
        return {"file": self.file, "field": self.field, "line": self.line, "en": self.en, "pt": self.pt}


class ChapterFileError(Exception):
    """A chapter file that cannot be played; ``problems`` lists why (one line each)."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = problems
        super().__init__("\n".join(str(p) for p in problems))


def too_big(size: int, limit: int, file: str) -> ChapterFileError:
    """The refusal of a file of ``size`` bytes, over the ``limit`` a chapter file may hold (its text or its file)."""
    return ChapterFileError(
        [
            Problem(
                "",
                1,
                f"the file is {size // 1024} KB, over the {limit // 1024} KB a chapter file may hold",
                f"o arquivo tem {size // 1024} KB, mais que os {limit // 1024} KB permitidos a um arquivo de capítulo",
                file,
            )
        ]
    )


class TextError(Exception):
    """The bounded YAML reader's refusal (its message names the line)."""


# --- messages in both languages ----------------------------------------------------------------------------

PT_BY_TYPE: Final[dict[str, str]] = {
    "greater_than_equal": "deve ser ≥ {ge}, recebido {got}",
    "greater_than": "deve ser > {gt}, recebido {got}",
    "less_than_equal": "deve ser ≤ {le}, recebido {got}",
    "less_than": "deve ser < {lt}, recebido {got}",
    "missing": "é obrigatório",
    "extra_forbidden": "não é um campo conhecido",
    "int_type": "deve ser um número inteiro, recebido {got}",
    "int_parsing": "deve ser um número inteiro, recebido {got}",
    "string_type": "deve ser um texto, recebido {got}",
    "enum": "deve ser um de {expected}, recebido {got}",
    "literal_error": "deve ser um de {expected}, recebido {got}",
    "string_pattern_mismatch": "deve seguir o padrão {pattern}, recebido {got}",
    "too_short": "deve ter pelo menos {min_length} item(ns)",
    "too_long": "deve ter no máximo {max_length} item(ns)",
    "string_too_long": "deve ter no máximo {max_length} caracteres",
    "string_too_short": "deve ter pelo menos {min_length} caractere(s)",
}

# English messages of the shared content checks (mnm.content.loader, mnm.board.check, the schema's own
# checks) and their Portuguese, by pattern. A message no pattern knows keeps its English text in ``pt``.
_PT_PATTERNS: Final[tuple[tuple[str, str], ...]] = (
    (r"names tile side (\S+), which does not exist", r"nomeia o lado de peça \1, que não existe"),
    (r"names hero '(.+)', which does not exist", r"nomeia o herói '\1', que não existe"),
    (r"names minion '(.+)', which does not exist", r"nomeia o lacaio '\1', que não existe"),
    (r"names card '(.+)', which does not exist", r"nomeia a carta '\1', que não existe"),
    (r"names chapter '(.+)', which does not exist", r"nomeia o capítulo '\1', que não existe"),
    (r"physical tile (\d+) is laid twice", r"a peça física \1 foi colocada duas vezes (um lado cada vez)"),
    (r"side (\d+) is not face up in the layout", r"o lado \1 não está virado para cima no arranjo"),
    (r"side (\d+) has no space (\d+)", r"o lado \1 não tem o espaço \2"),
    (r"position \[(.+)\] already holds side (\d+)", r"a posição [\1] já tem o lado \2"),
    (r"space (\S+) is not marked start: true on its tile", r"o espaço \1 não está marcado start: true na sua peça"),
    (r"(\d+) is past the last track page (\d+)", r"\1 passa da última página da trilha, \2"),
    (r"'(.+)' is not a party item", r"'\1' não é um item do grupo"),
    (r"'(.+)' is not an ally or pet", r"'\1' não é um aliado nem um bichinho"),
    (
        r"an authored entry needs a note saying why it was designed this way",
        r"uma entrada autoral precisa de uma nota (note) dizendo por que foi feita assim",
    ),
)


def pt_of(en: str, patterns: tuple[tuple[str, str], ...] = _PT_PATTERNS) -> str:
    """The Portuguese of an English message by the first pattern that matches it (the English if none does)."""
    for pattern, template in patterns:
        m = re.fullmatch(pattern, en, flags=re.DOTALL)
        if m is not None:
            return m.expand(template)
    return en


def short(value: Any) -> str:
    shown = repr(value)
    return shown if len(shown) <= 60 else shown[:57] + "..."


class Collector:
    """Problems of one file, each placed on its line by the line map."""

    def __init__(self, file: str, lines: Mapping[str, int]) -> None:
        self.file = file
        self.lines = lines
        self.problems: list[Problem] = []
        # the model keeps the setup fields flat; the file may nest them under setup: (name them as written)
        self.nested = {f for f in SETUP_FIELDS if f"setup.{f}" in lines}

    def file_path(self, path: str) -> str:
        return f"setup.{path}" if path.split(".")[0] in self.nested else path

    def line_of(self, path: str) -> int | None:
        while True:
            if path in self.lines:
                return self.lines[path]
            if not path:
                return None
            path = path.rpartition(".")[0]

    def add(self, path: str, en: str, pt: str | None = None) -> None:
        path = self.file_path(path)
        if path and any(p.field == path for p in self.problems):
            return  # one problem per field: a later check would only say it again in other words
        line = self.line_of(path) or 1  # every problem carries a line (the whole file: its first)
        self.problems.append(Problem(path, line, en, pt if pt is not None else pt_of(en), self.file))


