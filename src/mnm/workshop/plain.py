"""A chapter file's problems in the words of someone who has never seen the file (issue 31).

``mnm chapter validate`` speaks to people who read the file: "must match ^[a-z][a-z0-9_-]*$, got 'Bell Gate'".
The workshop's forms never show the file, so :func:`plain` rewrites each problem the forms can meet into what
the designer did and what to do, in English and Portuguese; a message no rule knows is replaced by a plain
sentence in each language rather than shown with the validator's words.
"""

from __future__ import annotations

import re
from typing import Any

__all__ = ["plain"]

_GOT = r"(?:, got (?P<got>.+))?"

# (English pattern, English, Portuguese): {got} is what the designer wrote
_RULES: tuple[tuple[str, str, str], ...] = (
    (
        r"must match \^\[a-z\]\S*" + _GOT,
        "use only lowercase letters, digits and hyphens, starting with a letter",
        "use só letras minúsculas, algarismos e hífens, começando com uma letra",
    ),
    (
        r"must match \^\\d\+:\\d\+\$" + _GOT,
        "must be a space: pick it on the board",
        "deve ser um espaço: escolha-o no tabuleiro",
    ),
    (r"must match .*", "is not written the way it must be", "não está escrito do jeito certo"),
    (r"is required", "still needs to be filled in", "ainda precisa ser preenchido"),
    (r"is not a known field", "is not part of a chapter (remove it)", "não faz parte de um capítulo (retire-o)"),
    (r"must be one of .*", "must be one of the choices offered", "deve ser uma das opções oferecidas"),
    (r"must be a whole number.*", "must be a whole number", "deve ser um número inteiro"),
    (r"must be text.*", "must be a text", "deve ser um texto"),
    (r"must be ≥ (?P<n>-?\d+).*", "must be at least {n}", "deve ser pelo menos {n}"),
    (r"must be ≤ (?P<n>-?\d+).*", "must be at most {n}", "deve ser no máximo {n}"),
    (r"must have at least (?P<n>\d+) item\(s\)", "needs at least {n}", "precisa de pelo menos {n}"),
    (r"must have at most (?P<n>\d+) item\(s\)", "takes at most {n}", "aceita no máximo {n}"),
    (
        r"space (?P<space>\d+:\d+) is not marked start: true on its tile",
        "is not a start space: pick one of the spaces marked as a start",
        "não é um espaço de início: escolha um dos espaços marcados como início",
    ),
    (
        r"a rule needs at least one effect \(do\)",
        "needs at least one thing it does",
        "precisa de pelo menos uma coisa que ela faz",
    ),
    # issue 46: the validator's and pydantic's own words, said as the designer would
    (
        r"String should have at least (?P<n>\d+) characters?",
        "still needs to be written",
        "ainda precisa ser escrito",
    ),
    (
        r"String should have at most (?P<n>\d+) characters?",
        "is too long: at most {n} letters",
        "é longo demais: no máximo {n} letras",
    ),
    (
        r"names item '(?P<item>[^']+)', which the chapter's items do not have.*",
        "names the item “{item}”, which is not among the chapter items yet: add it under Chapter items",
        "nomeia o item “{item}”, que ainda não está entre os itens do capítulo: adicione-o em Itens do capítulo",
    ),
    (
        r"names story moment '(?P<moment>[^']+)', which the chapter's story does not have.*",
        "reads the story moment “{moment}”, which the story does not have yet: write it under Story",
        "lê o momento de história “{moment}”, que a história ainda não tem: escreva-o em História",
    ),
    (
        r"announce needs event\.name.*",
        "is a word kept for older files that the forms cannot complete: remove it",
        "é uma palavra mantida para arquivos antigos que os formulários não completam: retire-a",
    ),
    (r"Input should be .*", "has the wrong kind of value", "tem um tipo de valor errado"),
    (r"Value error, .*", "is not accepted here", "não é aceito aqui"),
)

# what gives a message away as written for the file's readers: a regex, a raw path, a schema word
_PROGRAMMER = re.compile(r"\^|\$|\\d|Input should|model_|\bsetup\.|\b[a-z_]+\.\d+\.|\{.*:.*\}")


def plain(problem: dict[str, Any]) -> dict[str, Any]:
    """``problem`` ({field, line, en, pt}) with its message in plain words in both languages."""
    en = str(problem.get("en") or "")
    if en.startswith("not valid YAML/JSON"):
        return {**problem, **_not_yaml(en)}
    if not problem.get("field"):
        return problem  # the text itself (typed in the file editor, which shows the file): its reader's words
    for pattern, en_text, pt_text in _RULES:
        m = re.fullmatch(pattern, en, flags=re.DOTALL)
        if m is not None:
            values = {k: v for k, v in m.groupdict().items() if v is not None}
            return {**problem, "en": en_text.format(**values), "pt": pt_text.format(**values)}
    if _PROGRAMMER.search(en):
        return {**problem, "en": "is not accepted here", "pt": "não é aceito aqui"}
    pt = str(problem.get("pt") or "")
    if not pt or pt == en:  # no Portuguese for it: a plain sentence rather than English in Portuguese
        pt = "tem um problema: confira este campo"
    return {**problem, "pt": pt}


_LINE = re.compile(r"line (\d+)")


def _not_yaml(en: str) -> dict[str, str]:
    """The reader's "while parsing a flow sequence in "<unicode string>"..." as what to do (issue 46): the line,
    and the usual causes, in both languages."""
    lines = _LINE.findall(en)
    line = lines[-1] if lines else ""
    where_en = f" near line {line}" if line else ""
    where_pt = f" perto da linha {line}" if line else ""
    if "\\t" in en or "'\t'" in en:
        cause_en, cause_pt = "a tab is used to indent: use spaces", "uma tabulação recua o texto: use espaços"
    else:
        cause_en = "a bracket, brace or quote opened and not closed, or a line indented differently from its neighbours"
        cause_pt = "um colchete, chave ou aspas aberto e não fechado, ou uma linha recuada diferente das vizinhas"
    return {
        "en": f"The chapter file cannot be read{where_en}: {cause_en}. Fix it there, or Undo.",
        "pt": f"O arquivo de capítulo não pode ser lido{where_pt}: {cause_pt}. Corrija-o ali, ou Desfaça.",
    }


def _walk(node: Any, path: str) -> list[tuple[str, str, str]]:
    """Every (path, word, token) of a token word (token_on, remove_token, place_token, party_holds) in ``node``."""
    out: list[tuple[str, str, str]] = []
    if isinstance(node, dict):
        for key, value in node.items():
            here = f"{path}.{key}" if path else str(key)
            if key in _TOKEN_WORDS and isinstance(value, dict) and isinstance(value.get("token"), str):
                out.append((f"{here}.token", str(key), value["token"]))
            out += _walk(value, here)
    elif isinstance(node, list):
        for i, value in enumerate(node):
            out += _walk(value, f"{path}.{i}")
    return out


_TOKEN_WORDS = ("token_on", "remove_token", "place_token", "party_holds")


def unknown_tokens(data: Any, party_tokens: set[str]) -> list[dict[str, Any]]:
    """The tokens a chapter tests or removes that nothing lays (not on the board at setup, never placed by a
    rule, not a party item's token): such a condition could never hold. One problem each, on its field."""
    if not isinstance(data, dict):
        return []
    setup = data.get("setup")
    tokens = setup.get("tokens") if isinstance(setup, dict) else None
    laid = set(tokens) if isinstance(tokens, dict) else set()
    used = _walk({k: v for k, v in data.items() if k in ("victory", "defeat", "rules", "rooms")}, "")
    laid |= {token for _path, word, token in used if word == "place_token"}
    out = []
    for path, word, token in used:
        known = token in party_tokens if word == "party_holds" else token in laid or token in party_tokens
        if not known:
            out.append(
                {
                    "field": path,
                    "line": None,
                    "en": f"names the token “{token}”, which nothing in this chapter lays on the board",
                    "pt": f"nomeia a ficha “{token}”, que nada neste capítulo coloca no tabuleiro",
                }
            )
    return out
