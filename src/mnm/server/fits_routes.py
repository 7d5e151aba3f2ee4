"""Tiles that fit here, over HTTP (issue 46, item 8): ``POST /api/workshop/fits`` ``{"layout", "side"}`` -> the
empty squares next to the layout with how many of the side's exits would join there (:mod:`mnm.workshop.fits`).
Its own module, registered by one line in :mod:`mnm.server.app`."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Request
from pydantic import BaseModel, ConfigDict, Field

from mnm.server.limits import RateLimiter
from mnm.workshop.fits import fits

__all__ = ["fits_router"]


class FitsBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    layout: list[dict[str, Any]] = Field(max_length=30, description="the draft's setup.layout")
    side: int = Field(ge=0, le=999, description="the tile side being laid")


def fits_router(address_scale: float = 1.0) -> APIRouter:
    router = APIRouter(prefix="/api/workshop", tags=["workshop"])
    limiter = RateLimiter(5.0 * address_scale, round(40 * address_scale), "workshop requests")

    @router.post("/fits")
    async def tiles_that_fit(body: FitsBody, request: Request) -> dict[str, Any]:
        """Where the side would join the laid tiles' exits, best first."""
        limiter.check(request.client.host if request.client else "?")
        return {
            "side": body.side,
            "squares": await asyncio.to_thread(fits, request.app.state.service.content, body.layout, body.side),
        }

    return router
