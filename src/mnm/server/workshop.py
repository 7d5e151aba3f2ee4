"""The workshop's HTTP API (issue 23): compose a chapter, check it as it is typed, keep drafts, play-test it
with bots in worker processes, open a table from it.

    GET  /api/workshop/tiles                 the gallery: every tile side (number, tile, back, name, colour)
    GET  /api/workshop/tiles/{side}.svg      one side drawn by the table's renderer
    GET  /api/workshop/vocabulary            the chapter language: every word with its sentence and fields
    GET  /api/workshop/blank                 a new chapter's file (no tile laid yet)
    GET  /api/workshop/chapters/{id}         a shipped chapter's file (to start from a copy)
    GET  /api/workshop/chapters/{id}/sheet   a shipped chapter's printable sheet (HTML; ?lang=pt)
    POST /api/workshop/sheet                 {"text", "lang", "difficulty"?} -> {"html"}: a draft's printable sheet
    POST /api/workshop/check                 {"text"} -> problems (field, line, message), parsed data, board
    POST /api/workshop/write                 {"text", "data"} -> the text edited to hold data, comments kept
    POST /api/workshop/token                 a new editor token (kept by the browser; drafts are under it)
    GET  /api/workshop/drafts                the token's drafts (each with the time it expires)
    PUT  /api/workshop/drafts/{id}           {"text"} save (at most Limits.max_drafts per token)
    DELETE /api/workshop/drafts/{id}
    GET  /api/workshop/playtests             this editor's play-tests (every tab sees them) and the time one of
                                             ?bot=&games=&presets=&end_page= should take here (mnm.bots.cost)
    POST /api/workshop/playtests             {"text", "games", "bot", "presets"?} -> a job (queued)
    GET  /api/workshop/playtests/{id}        progress, and per preset the report and heat map so far
    POST /api/workshop/playtests/{id}/cancel
    POST /api/workshop/tables                {"text", "party"?, "bots"?, "companion"?} -> a table of this chapter

Drafts, uploads and play-tests are untrusted: the editor token travels in ``X-Editor-Token`` (stored only as
its hash), chapter files are at most :data:`MAX_CHAPTER_BYTES`, every endpoint is rate-limited per address.
Since any long enough string is a token, what costs storage or workers is bounded per address as well (issue 34):
new drafts per address (a token bucket), play-tests per address (running or queued); drafts expire when nobody
saved them for ``draft_expiry_seconds``. A draft is its owner's: the same id under two tokens is two drafts.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import re
import secrets
import time
from collections.abc import Callable
from typing import Annotated, Any

from fastapi import APIRouter, Header, Query, Request
from fastapi.responses import Response
from pydantic import AfterValidator, BaseModel, ConfigDict, Field

from mnm.bots.cost import DEFAULT_END_PAGE
from mnm.chapters.file import (
    MAX_CHAPTER_BYTES,
    ChapterFileError,
    added_chapter,
    read_chapter_text,
    validate_chapter_text,
)
from mnm.chapters.rule_graph import cannot_plan
from mnm.content.loader import builtin_dir
from mnm.content.schema import Chapter
from mnm.engine import load_bounded_with_lines
from mnm.server.errors import ApiError, ErrorCode
from mnm.server.limits import RateLimiter
from mnm.server.tables import LiveTable, TableService, new_seed
from mnm.workshop.compose import LayoutError, draft_board, side_svg, tile_gallery
from mnm.workshop.plain import plain, unknown_tokens
from mnm.workshop.playtest import PRESETS, PlaytestError, PlaytestService, default_party
from mnm.workshop.roundtrip import WriteBackError, write_back
from mnm.workshop.sheet import sheet_html
from mnm.workshop.unwinnable import unwinnable
from mnm.workshop.vocabulary import vocabulary

__all__ = ["BLANK_CHAPTER", "workshop_router"]

SEARCH_GAMES = 100  # games per preset the search bot plays at most (the page says how long they take first)
END_PAGES = (1, 40)  # the end pages an estimate takes (a draft's end page is 2-20 once it checks)
_END_PAGE_HELP = f"the chapter's end page, {END_PAGES[0]}-{END_PAGES[1]} (without it: Chapter 1's)"
_DRAFT_ID = r"^[a-z0-9][a-z0-9-]{0,39}$"
_TOKEN = r"^[A-Za-z0-9_-]{16,64}$"


def _encodable(text: str) -> str:
    """Refuse text with a lone surrogate (JSON allows "\\ud800"; UTF-8 has no such character): nothing the
    server stores or echoes may hold one (issue 34, finding 9)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as err:
        raise ValueError(f"the text holds a character that is not valid Unicode at {err.start}") from err
    return text


ChapterText = Annotated[str, Field(max_length=MAX_CHAPTER_BYTES), AfterValidator(_encodable)]


class TextBody(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    text: ChapterText


class PlaytestBody(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    text: ChapterText
    games: int = Field(default=100, ge=1, le=1000, description="games per preset")
    bot: str = Field(default="heuristic", pattern="^(heuristic|search|random)$")
    presets: list[str] = Field(default_factory=lambda: list(PRESETS), min_length=1, max_length=3)
    party: list[str] | None = Field(default=None, min_length=1, max_length=6)


class WriteBody(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    text: str = Field(max_length=MAX_CHAPTER_BYTES)
    data: dict[str, Any]


class SheetBody(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    text: str = Field(max_length=MAX_CHAPTER_BYTES)
    lang: str = Field(default="en", pattern="^(en|pt)$")
    difficulty: dict[str, Any] | None = Field(default=None, description="a play-test's report, for the sheet")


class TableBody(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    text: ChapterText
    party: list[str] | None = Field(default=None, min_length=1, max_length=6)
    bots: list[str | None] | None = Field(default=None, max_length=4)
    companion: bool = False


# A new chapter in the workshop: every field a chapter needs, no tile laid yet (so the page shows what is missing
# from the start; the composer lays the tiles and the start space). `mnm chapter new` writes a whole example.
# Its number 0 means "no number": it is no numbered chapter of a campaign (issue 46: not every one "Chapter 100").
BLANK_CHAPTER = """\
id: my-chapter
number: 0
source: authored
note: built in the workshop
name: {en: My Chapter, pt: Meu Capítulo}
objective: {en: Reach the goal., pt: Alcancem o objetivo.}
victory_text: {en: The way is clear., pt: O caminho está livre.}
defeat_text: {en: Time has run out., pt: O tempo acabou.}
story: {}
setup:
  party_size: 4
  forbidden_heroes: []
  encounter_kinds: [standard]
  end_page: 8
  track_pages: 10
  layout: []
  start_space: "0:0"
  starting_minions: []
victory: []
rules: []
"""


def address_of(request: Request) -> str:
    return request.client.host if request.client else "?"


def _owner(token: str | None) -> str:
    if not token or len(token) < 16 or len(token) > 64:
        raise ApiError(403, ErrorCode.BAD_TOKEN, "the workshop needs an editor token (POST /api/workshop/token)")
    return hashlib.sha256(token.encode()).hexdigest()


def _problems_error(err: ChapterFileError) -> ApiError:
    problems = [p.to_json() for p in err.problems[:20]]
    first = err.problems[0] if err.problems else None
    where = (first.field or "the file") if first else "the file"
    message = first.en if first else "does not check"
    return ApiError(422, ErrorCode.BAD_CHAPTER, f"the chapter file does not check: {where} {message}", problems=problems)


def _cannot_plan(text: str, content: Any) -> list[dict[str, str]]:
    """What the bots' planner cannot plan for in a chapter that checks (issue 29's rule graph), one line each in
    both languages."""
    try:
        chapter = added_chapter(read_chapter_text(text, "workshop", content))[0]
    except ChapterFileError:
        return []
    return [{"word": str(g.word), "en": g.en, "pt": g.pt} for g in cannot_plan(chapter, content)]


def _fields(text: str) -> Any:
    """The parsed file for the page's form (None when it is not YAML the bounded reader takes)."""
    try:
        return load_bounded_with_lines(text, "workshop", ValueError, lines=False)[0]
    except ValueError:
        return None


def _check_encodable(answer: dict[str, Any]) -> dict[str, Any]:
    """A 422 when the answer would echo a lone surrogate (a YAML escape like "\\ud800" in the file decodes
    to one): the answer could not be sent, and such a file can never be played."""
    try:
        json.dumps(answer, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError as err:
        problem = {
            "field": "",
            "line": None,
            "en": "the file holds a character that is not valid Unicode (a lone surrogate escape)",
            "pt": "o arquivo tem um caractere que não é Unicode válido (um escape de surrogate isolado)",
        }
        raise ApiError(
            422, ErrorCode.BAD_CHAPTER, f"the chapter file does not check: {problem['en']}", problems=[problem]
        ) from err
    return answer


def workshop_router(
    service: TableService,
    playtests: PlaytestService,
    *,
    max_drafts: int = 20,
    drafts_per_address: int = 200,
    new_drafts_per_hour: float = 30.0,
    new_draft_burst: int = 20,
    checks_per_second: float = 4.0,
    check_burst: int = 20,
    address_scale: float = 1.0,
    created: Callable[[LiveTable, dict[str, Any], int], dict[str, Any]],
    check_new_table: Callable[[Request], None] | None = None,
    responses: dict[int | str, dict[str, Any]] | None = None,
) -> APIRouter:
    """The workshop's endpoints; ``responses``: the error answers every one of them may give (OpenAPI)."""
    router = APIRouter(prefix="/api/workshop", tags=["workshop"], responses=responses)
    storage = service.storage
    content = service.content
    party_tokens = {c.party_token for c in content.search_cards.values() if c.party_token}
    limiter = RateLimiter(checks_per_second * address_scale, round(check_burst * address_scale), "workshop requests")
    write_limiter = RateLimiter(10 * address_scale, round(40 * address_scale), "workshop edits")
    playtest_limiter = RateLimiter(0.2 * address_scale, round(5 * address_scale), "play-tests")
    # a draft costs storage until it expires, and every token is as good as another: new drafts per address
    new_draft_limiter = RateLimiter(
        new_drafts_per_hour / 3600 * address_scale, round(new_draft_burst * address_scale), "new drafts"
    )

    def expires(updated: float) -> float | None:
        """When a draft saved at ``updated`` is deleted (None: never)."""
        after = service.draft_expiry_seconds
        return round(updated + after, 3) if after > 0 else None

    def spend(request: Request, limit: RateLimiter = limiter, cost: float = 1.0) -> None:
        limit.check(address_of(request), cost)

    def checked(text: str) -> tuple[Any, Chapter]:
        """The content with the draft's chapter, and the chapter; 422 with every problem if it does not check."""
        try:
            made = read_chapter_text(text, "workshop", content)
        except ChapterFileError as err:
            raise _problems_error(err) from err
        return made, added_chapter(made)[0]

    @router.get("/tiles")
    async def tiles() -> dict[str, Any]:
        """Every tile side of the box, for the gallery."""
        return {
            "sides": tile_gallery(content),
            "minions": [
                {"id": m.id, "name": {"en": m.name.en, "pt": m.name.pt}}
                for m in content.minions.values()
                if m.kind not in ("ally", "pet")
            ],
            "max_chapter_bytes": MAX_CHAPTER_BYTES,
            "presets": list(PRESETS),
        }

    @router.get("/vocabulary")
    async def words() -> dict[str, Any]:
        """The chapter language for the rule forms: triggers, conditions, effects, sentences and fields."""
        return vocabulary()

    @router.get("/tiles/{side}.svg", responses={200: {"content": {"image/svg+xml": {}}}})
    async def tile_svg(side: int) -> Response:
        if side not in content.tile_sides:
            raise ApiError(404, ErrorCode.NOT_FOUND, f"no tile side {side}")
        return Response(side_svg(content, side), media_type="image/svg+xml", headers={"Cache-Control": "max-age=3600"})

    @router.get("/blank")
    async def blank() -> dict[str, Any]:
        """A new chapter's file: every field it needs, no tile laid yet."""
        return {"text": BLANK_CHAPTER}


    @router.get("/random")
    async def random_chapter(
        request: Request, seed: Annotated[int | None, Query(ge=0, le=10**9)] = None
    ) -> dict[str, Any]:
        """A random chapter to start from (issue 43): a generated draft that validates, with its family, its
        words and the seed that makes it again (the file carries the route that wins it as a comment)."""
        from mnm.chapters.generate import generate

        spend(request)
        chosen = secrets.randbelow(10**9) if seed is None else seed
        made = await asyncio.to_thread(generate, chosen)
        return {"text": made.text, "seed": chosen, "family": made.family, "words": list(made.words), "mice": made.mice}

    @router.get("/chapters/{chapter_id}")
    async def shipped_chapter(chapter_id: str) -> dict[str, Any]:
        """A shipped chapter's file, to start a draft from a copy."""
        if chapter_id not in content.chapters:
            raise ApiError(404, ErrorCode.NOT_FOUND, f"no chapter {chapter_id[:64]!r}")
        rel = content.file_of("chapter", chapter_id)
        path = builtin_dir() / rel if rel else None
        if path is None or not path.is_file():
            raise ApiError(404, ErrorCode.NOT_FOUND, f"chapter {chapter_id!r} has no file")
        return {"id": chapter_id, "text": path.read_text(encoding="utf-8")}

    @router.get("/chapters/{chapter_id}/sheet", responses={200: {"content": {"text/html": {}}}})
    async def shipped_sheet(chapter_id: str, request: Request, lang: str = "en") -> Response:
        """A shipped chapter's printable sheet: layout, setup, victory and defeat, rules and story in words."""
        spend(request)
        chapter = content.chapters.get(chapter_id[:64])
        if chapter is None:
            raise ApiError(404, ErrorCode.NOT_FOUND, f"no chapter {chapter_id[:64]!r}")
        html = await asyncio.to_thread(sheet_html, content, chapter, lang if lang in ("en", "pt") else "en")
        return Response(html, media_type="text/html; charset=utf-8")

    @router.post("/sheet")
    async def draft_sheet(body: SheetBody, request: Request) -> dict[str, Any]:
        """A draft's printable sheet (it must check), with the difficulty its last play-test measured."""
        spend(request)
        made, chapter = await asyncio.to_thread(checked, body.text)
        html = await asyncio.to_thread(sheet_html, made, chapter, body.lang, body.difficulty)
        return {"html": html}

    @router.post("/check")
    async def check(body: TextBody, request: Request) -> dict[str, Any]:
        """Check a chapter file as ``mnm chapter validate`` does; every problem with its field and line. The
        parsed fields (for the page's form) and the board of its layout come back whenever they can be drawn."""
        spend(request)
        found = await asyncio.to_thread(validate_chapter_text, body.text, "workshop", content)
        problems = [plain(p.to_json()) for p in found]
        data = _fields(body.text)
        problems += unknown_tokens(data, party_tokens)
        setup = data.get("setup") if isinstance(data, dict) else None
        board = None
        if isinstance(setup, dict) and setup.get("layout"):
            try:
                board = await asyncio.to_thread(draft_board, content, setup.get("layout"))
            except LayoutError as err:
                if not any(p["field"].startswith(f"setup.{err.field}") for p in problems):
                    problems.append(plain({"field": f"setup.{err.field}", "line": None, "en": str(err), "pt": str(err)}))
        if not problems:  # issue 46: a chapter nobody can win is red, in plain words
            problems += await asyncio.to_thread(unwinnable, body.text, content)
        gaps = await asyncio.to_thread(_cannot_plan, body.text, content) if not problems else []
        answer = {
            "ok": not problems,
            "problems": problems,
            "data": data if isinstance(data, dict) else None,
            "board": board,
            "cannot_plan": gaps,
        }
        return _check_encodable(answer)

    @router.post("/write")
    async def write(body: WriteBody, request: Request) -> dict[str, Any]:
        """A form's edit written into the file: only what changed is rewritten, comments and key order stay
        (``text`` is null when the old text cannot be edited in place: the page then writes the file afresh)."""
        spend(request, write_limiter)
        if len(json.dumps(body.data)) > 2 * MAX_CHAPTER_BYTES:
            raise ApiError(413, ErrorCode.TOO_BIG, "the chapter is too big", field="data")
        try:
            return {"text": await asyncio.to_thread(write_back, body.text, body.data)}
        except (WriteBackError, RecursionError, UnicodeEncodeError):
            return {"text": None}

    @router.post("/token", status_code=201)
    async def token(request: Request) -> dict[str, Any]:
        spend(request)
        return {"token": secrets.token_urlsafe(24)}

    @router.get("/drafts")
    async def drafts(
        request: Request, x_editor_token: str | None = Header(default=None, max_length=100)
    ) -> dict[str, Any]:
        """The token's drafts, each with its text and when it expires unless saved again. Rate-limited by size
        (issue 34, finding 10: the list of full drafts was served without a limit)."""
        spend(request)
        owner = _owner(x_editor_token)
        found = await asyncio.to_thread(storage.drafts, owner)
        size = sum(len(d["text"]) for d in found)
        if size > MAX_CHAPTER_BYTES:
            spend(request, cost=min(limiter.burst, size / MAX_CHAPTER_BYTES))
        for draft in found:
            draft["expires"] = expires(draft["updated"])
            data = _fields(draft["text"])
            name = data.get("name") if isinstance(data, dict) else None
            draft["name"] = name if isinstance(name, dict) else None  # the page lists drafts by their name
        return {"drafts": found, "max": max_drafts, "expiry_seconds": service.draft_expiry_seconds or None}

    @router.put("/drafts/{draft_id}", responses={409: {"description": "too many drafts"}})
    async def save_draft(
        draft_id: str, body: TextBody, request: Request, x_editor_token: str | None = Header(default=None, max_length=100)
    ) -> dict[str, Any]:
        """Save a draft (any text, even one that does not check yet: it is a draft)."""
        spend(request)
        owner = _owner(x_editor_token)
        if not re.match(_DRAFT_ID, draft_id):
            raise ApiError(400, ErrorCode.MALFORMED, "a draft id is lowercase letters, digits and dashes", field="id")
        if not await asyncio.to_thread(storage.has_draft, owner, draft_id):
            spend(request, new_draft_limiter)  # a new draft: the address's budget of them
        address = hashlib.sha256(address_of(request).encode()).hexdigest()
        saved = await asyncio.to_thread(
            storage.save_draft, owner, draft_id, body.text, max_drafts, address, drafts_per_address
        )
        if saved == "token":
            raise ApiError(
                409, ErrorCode.TOO_MANY_DRAFTS, f"an editor token keeps at most {max_drafts} drafts", limit=max_drafts
            )
        if saved == "address":
            raise ApiError(
                409,
                ErrorCode.TOO_MANY_DRAFTS,
                f"the drafts made from one address are at most {drafts_per_address}; delete one or wait until "
                "one expires",
                limit=drafts_per_address,
            )
        return {"id": draft_id, "saved": True, "expires": expires(time.time())}

    @router.delete("/drafts/{draft_id}")
    async def delete_draft(draft_id: str, x_editor_token: str | None = Header(default=None, max_length=100)) -> dict[str, Any]:
        owner = _owner(x_editor_token)
        if not await asyncio.to_thread(storage.delete_draft, owner, draft_id[:40]):
            raise ApiError(404, ErrorCode.NO_DRAFT, "there is no such draft")
        return {"id": draft_id, "deleted": True}

    @router.post("/playtests", status_code=202)
    async def start_playtest(
        body: PlaytestBody, request: Request, x_editor_token: str | None = Header(default=None, max_length=100)
    ) -> dict[str, Any]:
        """Queue a play-test: ``games`` games per preset, played by ``bot`` in worker processes."""
        spend(request, playtest_limiter)
        owner = _owner(x_editor_token)
        presets = tuple(dict.fromkeys(body.presets))
        if any(p not in PRESETS for p in presets):
            raise ApiError(400, ErrorCode.MALFORMED, f"presets are {', '.join(PRESETS)}", field="presets")
        _made, chapter = await asyncio.to_thread(checked, body.text)
        party = body.party or default_party(chapter.party_size, chapter.forbidden_heroes, list(content.heroes))
        if any(h not in content.heroes or h in chapter.forbidden_heroes for h in party) or len(set(party)) != len(party):
            raise ApiError(422, ErrorCode.BAD_TABLE, "the party names a mouse this chapter does not take", field="party")
        games = body.games if body.bot != "search" else min(body.games, SEARCH_GAMES)  # the search bot costs ~100x
        try:
            job = playtests.submit(
                owner, body.text, party, body.bot, games, presets, address_of(request), chapter.end_page
            )
        except PlaytestError as err:
            if err.code == "limit":
                raise ApiError(429, ErrorCode.PLAYTEST_LIMIT, str(err), retry_after=5.0) from err
            raise ApiError(503, ErrorCode.BUSY, str(err), retry_after=30.0) from err
        return report(job)

    def report(job: Any) -> dict[str, Any]:
        """A job's report and its place in the queue."""
        return {**job.report(), **playtests.queue_of(job)}

    @router.get("/playtests")
    async def my_playtests(
        x_editor_token: str | None = Header(default=None, max_length=100),
        bot: str = Query(default="heuristic", pattern="^(heuristic|search|random)$"),
        games: int = 100,
        presets: int = 3,
        end_page: int | None = Query(default=None, description=_END_PAGE_HELP),
    ) -> dict[str, Any]:
        """This editor's play-tests, newest first (every tab of the editor sees them), and the seconds a play-test
        of ``games`` games per preset with ``bot`` on a chapter ending on ``end_page`` (without it: Chapter 1's)
        is expected to take here (said before it starts), with how many times the heuristic bot's time per game
        ``bot`` takes on that chapter."""
        owner = _owner(x_editor_token)
        page = DEFAULT_END_PAGE if end_page is None else end_page
        if not END_PAGES[0] <= page <= END_PAGES[1]:
            message = f"an end page is a whole number from {END_PAGES[0]} to {END_PAGES[1]}"
            pt = f"a página final é um número inteiro de {END_PAGES[0]} a {END_PAGES[1]}"
            problem = {"field": "setup.end_page", "line": None, "en": message, "pt": pt}
            raise ApiError(422, ErrorCode.BAD_CHAPTER, message, problems=[problem])
        games = max(1, min(games, SEARCH_GAMES if bot == "search" else 1000)) * max(1, min(presets, 3))
        jobs = [report(j) for j in playtests.of_owner(owner)]
        return {
            "jobs": jobs,
            "bot": bot,
            "end_page": page,
            "estimate_seconds": playtests.estimate(bot, games, page),
            "times_heuristic": round(playtests.times_slower(bot, "heuristic", page), 1),
        }

    def job_of(job_id: str, token: str | None) -> Any:
        owner = _owner(token)
        job = playtests.get(job_id[:40])
        if job is None or job.owner != owner:
            raise ApiError(404, ErrorCode.NO_PLAYTEST, "there is no such play-test for this editor token")
        return job

    @router.get("/playtests/{job_id}")
    async def playtest(job_id: str, x_editor_token: str | None = Header(default=None, max_length=100)) -> dict[str, Any]:
        return report(job_of(job_id, x_editor_token))

    @router.post("/playtests/{job_id}/cancel")
    async def cancel_playtest(
        job_id: str, x_editor_token: str | None = Header(default=None, max_length=100)
    ) -> dict[str, Any]:
        job = job_of(job_id, x_editor_token)
        playtests.cancel(job)
        return report(job)

    @router.post("/tables", status_code=201, responses={422: {"description": "the chapter does not check"}})
    async def table_from_draft(body: TableBody, request: Request) -> dict[str, Any]:
        """A table of the draft in one click: one seat per mouse, people unless ``bots`` says otherwise. The
        table keeps the whole chapter file, so it needs nothing else from the workshop."""
        spend(request)
        if check_new_table is not None:
            check_new_table(request)  # the same budget of new tables as POST /api/tables
        _made, chapter = await asyncio.to_thread(checked, body.text)
        party = body.party or default_party(chapter.party_size, chapter.forbidden_heroes, list(content.heroes))
        seats = [[p] for p in party]
        seed = new_seed()
        table, tokens = await service.create(
            chapter.id, party, seats, seed, body.companion, bots=body.bots, chapter_file=body.text
        )
        return created(table, tokens, seed)

    return router
