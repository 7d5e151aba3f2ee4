"""The order the terminal clients list a decision's choices in: grouped by kind, the repetitive ones folded.

A turn can offer forty choices, seventeen of them the same token on different spaces; listed in the engine's
order, the way out ends up at the bottom. The clients list the choices by kind instead (:data:`KIND_ORDER`:
ending the turn and exploring first), and a kind with :data:`FOLD_AT` or more choices that differ only in
where or on whom (placing a token, using one card on several targets) becomes one entry, a *fold*, that opens a
sub-list. Moves are never folded: they are the board's own choices, shaded on the map.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from mnm.engine import Action, Decision

__all__ = ["FOLD", "FOLD_AT", "KIND_ORDER", "ChoiceList", "arrange", "common_words", "group_key", "shared_words"]

# the kinds of a turn's choices, in the order they are listed (a verb missing here comes after them, by name)
KIND_ORDER = (
    "end",
    "explore",
    "search",
    "battle",
    "recover",
    "scurry",
    "move",
    "ability",
    "levelup",
    "share",
    "equip",
    "unequip",
)
FOLD_AT = 5  # this many choices of one kind (not moves) are folded into one entry
FOLD = "fold"  # the verb of a fold's stand-in action; its args are the group's key


def group_key(a: Action) -> tuple[str, str]:
    """What a choice is grouped by: its verb, and for a token to place or a card to use, which one."""
    return a.verb, a.args[0] if a.verb in ("place", "ability") and a.args else ""


@dataclass(frozen=True)
class ChoiceList:
    """The choices as listed: ``entries`` in order (a fold's stand-in action where a group was folded), and
    each fold's choices."""

    entries: list[Action]
    folds: dict[Action, list[Action]]

    def hidden(self) -> list[Action]:
        """The folded choices, in order (they are numbered after the entries)."""
        return [a for items in self.folds.values() for a in items]


def _rank(key: tuple[str, str]) -> tuple[int, str, str]:
    verb, arg = key
    return (KIND_ORDER.index(verb) if verb in KIND_ORDER else len(KIND_ORDER), verb, arg)


def arrange(d: Decision, fold: bool = True, skip: Sequence[Action] = ()) -> ChoiceList:
    """The choices of ``d`` (but ``skip``) by kind; at a turn, with ``fold``, the big groups folded. Other
    questions keep the engine's order (a list of cards to pick from is already one kind)."""
    options = [a for a in d.options if a not in skip]
    if d.kind != "turn":
        return ChoiceList(options, {})
    groups: dict[tuple[str, str], list[Action]] = {}
    for a in options:
        groups.setdefault(group_key(a), []).append(a)
    entries: list[Action] = []
    folds: dict[Action, list[Action]] = {}
    for key in sorted(groups, key=_rank):
        items = groups[key]
        if fold and len(items) >= FOLD_AT and key[0] != "move":
            stand_in = Action(FOLD, d.actor, key)
            folds[stand_in] = items
            entries.append(stand_in)
        else:
            entries += items
    return ChoiceList(entries, folds)


def common_words(texts: list[str]) -> str:
    """The longest run of whole words every text starts with (never the whole of any text)."""
    first = texts[0].split(" ")
    n = 0
    while n < len(first) - 1 and all(t.split(" ")[: n + 1] == first[: n + 1] for t in texts):
        n += 1
    return " ".join(first[:n])


def shared_words(labels: list[str]) -> str:
    """The words a group of choices shares, to say once before what sets each apart: :func:`common_words`,
    but never ending inside a name the rest goes on with (``Attack`` | ``Rat Warrior 1``, not ``Attack Rat`` |
    ``Warrior 1``) nor leaving a bare number as a choice's only words."""
    head = common_words(labels)
    while " " in head and _cuts_a_name(head, [label[len(head) :].strip(" :,") for label in labels]):
        head = head.rpartition(" ")[0]
    return head


def _cuts_a_name(head: str, rests: list[str]) -> bool:
    last = head.rpartition(" ")[2]
    firsts = [rest.split(" ")[0] for rest in rests]
    return any(not w.isalpha() for w in firsts) or (last[:1].isupper() and all(w[:1].isupper() for w in firsts))
