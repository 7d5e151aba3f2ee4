"""What the table routes take and give: the request bodies (pydantic models, strict) and the shapes of a new
table's answer and of "who you are"."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from mnm.chapters.file import MAX_CHAPTER_BYTES
from mnm.server.tables import (
    HOST,
    MAX_SEATS,
    SPECTATOR,
    Caller,
    LiveTable,
    seed_commitment,
)

__all__ = ["ActionBody", "ContinueBody", "CreateTable", "KeepBody", "UndoBody"]

_ID = r"^[a-z0-9][a-z0-9-]{0,63}$"


class CreateTable(BaseModel):
    """A new table: chapter, party (mice in play), who holds which mice, seed, companion mode."""

    model_config = ConfigDict(extra="forbid", strict=True)

    chapter: str | None = Field(
        default=None, pattern=_ID, examples=["proving-grounds"], description="a shipped chapter's id (or the file's)"
    )
    chapter_file: str | None = Field(
        default=None,
        max_length=MAX_CHAPTER_BYTES,
        description="a chapter file's YAML text (docs/chapters.md), played instead of a shipped chapter; checked "
        "first (422 bad_chapter lists every problem with field, line and message in en and pt)",
    )
    party: list[str] = Field(min_length=1, max_length=6, examples=[["collin", "tilda", "filch", "maginos"]])
    seats: list[list[str]] | None = Field(
        default=None,
        max_length=MAX_SEATS,
        description="mice of each seat (1-4 seats, every party mouse in exactly one); one seat per mouse if omitted",
    )
    seed: int | None = Field(default=None, ge=0, le=2**62, description="random if omitted")
    companion: bool = Field(default=False, description="players roll real dice and type the faces")
    bots: list[str | None] | None = Field(
        default=None,
        max_length=MAX_SEATS,
        description="the bot playing each seat ('random', 'heuristic', 'search'; null: people)",
    )
    options: list[str] = Field(
        default_factory=list,
        max_length=16,
        description="rule variants switched on (ids from /api/catalog 'options'; docs/rulings.md)",
    )


class ActionBody(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    action: str = Field(max_length=200, examples=["move filch 5:12"])
    version: int = Field(description="the table version this action answers (from the last view or update)")
    dice: list[int] | None = Field(default=None, max_length=40, description="companion mode: faces 1-6 rolled")


class ContinueBody(BaseModel):
    """The campaign goes on: the one card each mouse keeps (null: none), and whether to replay this chapter."""

    model_config = ConfigDict(extra="forbid", strict=True)

    keep: dict[str, str | None] = Field(default_factory=dict, max_length=6)
    replay: bool = Field(default=False, description="play the same chapter again (after a defeat)")
    companion: bool | None = Field(default=None, description="companion mode; as before if omitted")
    chapter_file: str | None = Field(
        default=None,
        max_length=MAX_CHAPTER_BYTES,
        description="after a chapter file's chapter: the next chapter's file (its id is the next_chapter)",
    )


class KeepBody(BaseModel):
    """At a finished chapter's end: the card one mouse keeps when the campaign goes on (null: none; issue 45)."""

    model_config = ConfigDict(extra="forbid", strict=True)

    hero: str = Field(max_length=40, examples=["tilda"])
    card: str | None = Field(default=None, max_length=60, examples=["levitate-scroll"])


class UndoBody(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    version: int


def share_links(table_id: str, tokens: dict[str, Any]) -> dict[str, Any]:
    """Links to share; a seat whose token the caller does not hold gets the bare table link (after a campaign
    goes on, every seat opens the next table with the token it already has)."""

    def link(token: str | None) -> str:
        return f"/#t={table_id}&k={token}" if token else f"/#t={table_id}"

    return {"host": link(tokens["host"]), "seats": [link(t) for t in tokens["seats"]], "spectator": link(None)}


def created_answer(table: LiveTable, tokens: dict[str, Any], seed: int) -> dict[str, Any]:
    """The answer to a new table: every token (the only time they are shown) and the links to share."""
    return {
        "table": table.id,
        "version": table.version,
        "commit": seed_commitment(seed),
        "host_token": tokens["host"],
        "seats": [
            {"seat": i, "heroes": s, "token": tokens["seats"][i], "bot": table.bot_names()[i]}
            for i, s in enumerate(table.setup["seats"])
        ],
        "links": share_links(table.id, tokens),
    }


def you_are(table: LiveTable, caller: Caller) -> dict[str, Any]:
    role = "host" if caller.seat == HOST else "spectator" if caller.seat == SPECTATOR else "seat"
    return {"seat": caller.seat, "role": role, "heroes": table.seat_heroes(caller.seat)}
