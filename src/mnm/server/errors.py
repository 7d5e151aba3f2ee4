"""Every refusal the server gives, as one shared set of codes (TEAM contract 2).

An error answer, over HTTP or a WebSocket, is always the JSON object::

    {"error": <ErrorCode value>, "message": <one English sentence>, "params": {<values the sentence names>}}

Clients translate by ``error`` (and fill the sentence from ``params``); ``message`` is the English fallback.
For compatibility, the values in ``params`` are also repeated at the top level (``count``, ``version``...).
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

__all__ = ["STATUS_CODES", "ApiError", "ErrorCode", "error_body"]


class ErrorCode(StrEnum):
    """The machine code of a refusal (stable: clients key their translations on it)."""

    MALFORMED = "malformed"  # 400: the request or message is not what the API takes (params: field?)
    SEED_NOT_ALLOWED = "seed_not_allowed"  # 400: this server draws every table's seed itself
    DICE_NOT_ALLOWED = "dice_not_allowed"  # 403: the computer rolls at this table; typed dice are refused
    BAD_TOKEN = "bad_token"  # 403: the seat token does not open this table
    SPECTATOR = "spectator"  # 403: spectators watch; they cannot act
    NOT_YOUR_TURN = "not_your_turn"  # 403: another seat's mouse decides now (params: hero, seat)
    NOT_HOST = "not_host"  # 403: only the host may do this (continue the campaign)
    NO_TABLE = "no_table"  # 404: no such table
    NOT_FOUND = "not_found"  # 404: no such address
    METHOD_NOT_ALLOWED = "method_not_allowed"  # 405
    STALE = "stale"  # 409: the table moved on (params: version)
    NEED_DICE = "need_dice"  # 409: companion mode, roll more dice (params: count, purpose, given)
    ALREADY_CONTINUED = "already_continued"  # 409: the campaign already went on from this table
    NOT_FINISHED = "not_finished"  # 409: the chapter is still being played
    TOO_BIG = "too_big"  # 413: body or message over the limit (params: limit)
    BAD_TABLE = "bad_table"  # 422: the table cannot be set up as asked
    BAD_CHAPTER = "bad_chapter"  # 422: the chapter file cannot be played (params: problems, each field/line/en/pt)
    ILLEGAL = "illegal"  # 422: the rules do not allow this action now (params: action)
    CANNOT_UNDO = "cannot_undo"  # 422
    CAMPAIGN = "campaign"  # 422: the campaign cannot go on as asked
    RATE_LIMITED = "rate_limited"  # 429 (+ Retry-After)
    HEADERS_TOO_BIG = "headers_too_big"  # 431
    INTERNAL = "internal"  # 500: a bug; nothing was changed
    STORAGE = "storage"  # 503: the database did not take the write; nothing was played
    BUSY = "busy"  # 503: the hint workers are all busy (+ Retry-After)
    TIMEOUT = "timeout"  # 408: the request was not sent in time
    NO_DRAFT = "no_draft"  # 404: no such draft for this editor token
    NO_PLAYTEST = "no_playtest"  # 404: no such play-test for this editor token
    TOO_MANY_DRAFTS = "too_many_drafts"  # 409: the editor token holds its maximum of drafts (params: limit)
    PLAYTEST_LIMIT = "playtest_limit"  # 429: this editor token already runs its play-tests
    TOO_MANY_SOCKETS = "too_many_sockets"  # 503 / close 4503: open sockets over a cap (params: per, limit)
    NO_LIBRARY_CHAPTER = "no_library_chapter"  # 404: the library has no such (visible) chapter
    NOT_OWNER = "not_owner"  # 403: only the editor token that published a chapter may do this
    LIBRARY_REFUSED = "library_refused"  # 409: not published (params: reason = house, owner, unchanged, busy)
    ALREADY_RATED = "already_rated"  # 409: this seat already rated this table's chapter
    NOT_PLAYED = "not_played"  # 403: a rating needs a seat a person played (params: need, played)


# Which HTTP status each code answers with (the OpenAPI document lists these per endpoint).
STATUS_CODES: dict[ErrorCode, int] = {
    ErrorCode.MALFORMED: 400,
    ErrorCode.SEED_NOT_ALLOWED: 400,
    ErrorCode.DICE_NOT_ALLOWED: 403,
    ErrorCode.BAD_TOKEN: 403,
    ErrorCode.SPECTATOR: 403,
    ErrorCode.NOT_YOUR_TURN: 403,
    ErrorCode.NOT_HOST: 403,
    ErrorCode.NO_TABLE: 404,
    ErrorCode.NOT_FOUND: 404,
    ErrorCode.METHOD_NOT_ALLOWED: 405,
    ErrorCode.TIMEOUT: 408,
    ErrorCode.STALE: 409,
    ErrorCode.NEED_DICE: 409,
    ErrorCode.ALREADY_CONTINUED: 409,
    ErrorCode.NOT_FINISHED: 409,
    ErrorCode.TOO_BIG: 413,
    ErrorCode.BAD_TABLE: 422,
    ErrorCode.BAD_CHAPTER: 422,
    ErrorCode.ILLEGAL: 422,
    ErrorCode.CANNOT_UNDO: 422,
    ErrorCode.CAMPAIGN: 422,
    ErrorCode.RATE_LIMITED: 429,
    ErrorCode.HEADERS_TOO_BIG: 431,
    ErrorCode.INTERNAL: 500,
    ErrorCode.STORAGE: 503,
    ErrorCode.BUSY: 503,
    ErrorCode.NO_DRAFT: 404,
    ErrorCode.NO_PLAYTEST: 404,
    ErrorCode.TOO_MANY_DRAFTS: 409,
    ErrorCode.PLAYTEST_LIMIT: 429,
    ErrorCode.TOO_MANY_SOCKETS: 503,
    ErrorCode.NO_LIBRARY_CHAPTER: 404,
    ErrorCode.NOT_OWNER: 403,
    ErrorCode.LIBRARY_REFUSED: 409,
    ErrorCode.ALREADY_RATED: 409,
    ErrorCode.NOT_PLAYED: 403,
}


def error_body(code: ErrorCode, message: str, **params: Any) -> dict[str, Any]:
    """The JSON of a refusal: ``{"error", "message", "params"}`` (params also at the top level)."""
    return {**params, "error": code.value, "message": message, "params": params}


class ApiError(Exception):
    """A refusal with an HTTP status, a stable :class:`ErrorCode` and a sentence for the player.

    ``retry_after`` (seconds) becomes a ``Retry-After`` header on 429 and 503 answers."""

    def __init__(
        self, status: int, code: ErrorCode | str, message: str, retry_after: float | None = None, **params: Any
    ) -> None:
        super().__init__(message)
        self.status = status
        self.code = ErrorCode(code)
        self.message = message
        self.retry_after = retry_after
        self.params = params

    @property
    def extra(self) -> dict[str, Any]:
        return self.params

    def body(self) -> dict[str, Any]:
        return error_body(self.code, self.message, **self.params)

    def headers(self) -> dict[str, str]:
        if self.retry_after is None:
            return {}
        return {"Retry-After": str(max(1, round(self.retry_after + 0.499)))}
