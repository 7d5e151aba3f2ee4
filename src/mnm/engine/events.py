"""Events: what happened, as data (a message id, parameters and the rule applied).

Clients render an event's sentence in the player's language from the message catalogs in ``mnm/i18n``
(:func:`mnm.engine.i18n.render`). Keeping events as data lets every client (web, terminal, screen reader,
logs, tests) show the same facts its own way.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

__all__ = ["Event"]

Param = str | int | bool | None | list[Any]


@dataclass(slots=True, init=False)
class Event:
    """One thing that happened. ``msg`` names a catalog entry; ``params`` fill it; ``rule`` is the rule ID.

    Never changed once made (not declared frozen: a frozen dataclass sets its fields through object.__setattr__,
    slow in the game's hottest path, and the compiled engine runs a generated __init__ as Python)."""

    msg: str
    params: dict[str, Param] = field(default_factory=dict)
    rule: str = ""

    def __init__(self, msg: str, params: dict[str, Param] | None = None, rule: str = "") -> None:
        self.msg = msg
        self.params = {} if params is None else params
        self.rule = rule

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"msg": self.msg, "params": dict(self.params)}
        if self.rule:
            out["rule"] = self.rule
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Event:
        return cls(msg=str(data["msg"]), params=dict(data.get("params", {})), rule=str(data.get("rule", "")))
