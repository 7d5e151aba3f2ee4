"""The sandbox table's HTTP API (issue 46, item 5): at a table of a workshop draft, its host sets a counter or a
flag, fires a chapter rule or jumps the hourglass to a page (:mod:`mnm.engine.sandbox`).

    GET  /api/workshop/sandbox/{id}   what can be changed: the chapter's counters, flags, rules and pages, and
                                      whether this table allows it
    POST /api/workshop/sandbox/{id}   {"change", "version"} with the host's X-Seat-Token -> the update message

Only a table of a chapter file opened from the workshop allows it, never a table of a shipped chapter or a library
play (whose games are counted and rated), and only its host. A change is written to the table's journal as a row
of kind ``sandbox`` like an action (a reload, a restart and the record replay it; ``mnm verify`` then says the
game was changed by hand) and every listener is told, as after an action.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Header, Request
from pydantic import BaseModel, ConfigDict, Field

from mnm.engine import Event
from mnm.engine.sandbox import SANDBOX_ROW, SANDBOX_RULE, SandboxError, sandbox_change
from mnm.server.errors import ApiError, ErrorCode
from mnm.server.limits import RateLimiter
from mnm.server.live import HOST, LiveTable
from mnm.server.views import event_json

__all__ = ["sandbox_router"]


class Change(BaseModel):
    model_config = ConfigDict(extra="forbid")
    change: str = Field(
        min_length=1, max_length=120, description="counter NAME VALUE, flag NAME on|off, fire RULE, page N"
    )
    version: int = Field(ge=0, description="the table's version the host saw (a stale one is refused)")


def _words(table: LiveTable, why: str, **params: Any) -> dict[str, str]:
    """A refusal's sentence in both languages (``{"en", "pt"}``, as an event's text): the catalogs'
    ``sandbox_refused_<why>`` entries (the web client shows the player's language, ``errorText``)."""
    text: dict[str, str] = event_json(Event(f"sandbox_refused_{why}", params, SANDBOX_RULE), table.game.ctx.content)[
        "text"
    ]
    return text


def _refuse(table: LiveTable, status: int, code: ErrorCode, why: str, **params: Any) -> ApiError:
    text = _words(table, why, **params)
    return ApiError(status, code, text["en"], text=text)


def _why_not(request: Request, table: LiveTable) -> str | None:
    """Why this table has no sandbox (``sandbox_refused_<why>``; None: it has one)."""
    if table.setup.get("chapter_file") is None:
        return "not_draft"
    library = getattr(request.app.state, "library", None)
    if library is not None and library.store.play_of(table.id) is not None:
        return "library"
    return None


def _choices(table: LiveTable) -> dict[str, Any]:
    chapter = table.game.ctx.content.chapters[table.game.state.chapter]
    names: dict[str, str] = {}

    def walk(value: Any) -> None:  # every counter and flag the file names, in its order
        if isinstance(value, dict):
            for key in ("counter", "flag", "set_flag", "clear_flag"):
                inner = value.get(key)
                if isinstance(inner, dict) and isinstance(inner.get("name"), str):
                    names.setdefault(inner["name"], "flag" if "flag" in key else "counter")
            for v in value.values():
                walk(v)
        elif isinstance(value, list):
            for v in value:
                walk(v)

    walk(chapter.model_dump(mode="json", by_alias=True, exclude_none=True))
    st = table.game.state
    return {
        "vars": [{"name": n, "kind": k, "value": st.chapter_vars.get(n)} for n, k in names.items()],
        "rules": [r.id for r in chapter.all_rules()],
        "page": st.hourglass,
        "end_page": st.end_page,
    }


def sandbox_router() -> APIRouter:
    """The router; the tables come from ``request.app.state.service``."""
    router = APIRouter(prefix="/api/workshop/sandbox", tags=["workshop"])
    limiter = RateLimiter(5.0, 30, "sandbox changes")

    @router.get("/{table_id}")
    async def sandbox_of(table_id: str, request: Request) -> dict[str, Any]:
        """What the sandbox of this table can change (and whether it has one)."""
        limiter.check(request.client.host if request.client else "?")
        table = await request.app.state.service.get(table_id)
        why = _why_not(request, table)
        words = None if why is None else _words(table, why)
        return {"allowed": why is None, "why": words and words["en"], "why_text": words} | _choices(table)

    @router.post("/{table_id}")
    async def change(
        table_id: str, body: Change, request: Request, x_seat_token: str | None = Header(default=None, max_length=100)
    ) -> dict[str, Any]:
        """Make one change at the table, as its host."""
        limiter.check(request.client.host if request.client else "?")
        service = request.app.state.service
        table = await service.get(table_id)
        if table.caller(x_seat_token).seat != HOST:
            raise _refuse(table, 403, ErrorCode.NOT_HOST, "not_host")
        why = _why_not(request, table)
        if why is not None:
            raise _refuse(table, 403, ErrorCode.NOT_HOST, why)
        async with table.lock:
            if table.over or table.game.state.status != "playing":
                raise _refuse(table, 409, ErrorCode.NOT_FINISHED, "over")
            if body.version != table.version:
                raise ApiError(409, ErrorCode.STALE, "the table has moved on; reload", version=table.version)
            try:
                message: dict[str, Any] = await service.apply_change(
                    table, SANDBOX_ROW, body.change, HOST, lambda game: sandbox_change(game, body.change)
                )
            except SandboxError as err:
                text = event_json(err.message, table.game.ctx.content)["text"]
                raise ApiError(422, ErrorCode.BAD_TABLE, err.reason, text=text) from err
        service.start_bots(table)
        return message

    return router
