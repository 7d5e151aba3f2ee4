"""Rate limits: token buckets kept per client address, per seat token and per table, in bounded LRU maps.

A map holds at most ``max_keys`` buckets; when a new key arrives the least recently used bucket is forgotten
(never the whole map), so a flood of new addresses cannot reset a busy client's bucket: a client that keeps
sending stays recently used. A refusal says when to try again (``Retry-After``).
"""

from __future__ import annotations

import hashlib
import time
from collections import OrderedDict

from mnm.server.errors import ApiError, ErrorCode

__all__ = ["Bucket", "RateLimiter", "SocketCaps", "token_key"]


class Bucket:
    """A token bucket: ``burst`` at once, then ``rate`` per second."""

    __slots__ = ("burst", "rate", "stamp", "tokens")

    def __init__(self, rate: float, burst: int) -> None:
        self.rate, self.burst = rate, burst
        self.tokens = float(burst)
        self.stamp = time.monotonic()

    def take(self, cost: float = 1.0) -> float:
        """Spend ``cost``; 0.0 when allowed, else the seconds until it would be (nothing is spent then)."""
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= cost:
            self.tokens -= cost
            return 0.0
        return (cost - self.tokens) / self.rate if self.rate > 0 else 3600.0


class RateLimiter:
    """One bucket per key, at most ``max_keys`` of them (least recently used forgotten first)."""

    def __init__(self, rate: float, burst: int, what: str = "requests", max_keys: int = 10_000) -> None:
        self.rate, self.burst, self.what, self.max_keys = rate, burst, what, max_keys
        self.buckets: OrderedDict[str, Bucket] = OrderedDict()

    def wait(self, key: str, cost: float = 1.0) -> float:
        """Spend ``cost`` from ``key``'s bucket: 0.0 when allowed, else the seconds to wait."""
        bucket = self.buckets.get(key)
        if bucket is None:
            bucket = self.buckets[key] = Bucket(self.rate, self.burst)
            if len(self.buckets) > self.max_keys:
                self.buckets.popitem(last=False)
        else:
            self.buckets.move_to_end(key)
        return bucket.take(cost)

    def check(self, key: str, cost: float = 1.0) -> None:
        """Raise 429 ``rate_limited`` (with Retry-After) when ``key`` is over its budget."""
        delay = self.wait(key, cost)
        if delay > 0:
            raise ApiError(
                429,
                ErrorCode.RATE_LIMITED,
                f"too many {self.what}; slow down and try again in a moment",
                retry_after=delay,
                retry_after_seconds=round(delay, 2),
            )


def token_key(token: str | None) -> str:
    """The limiter key of a seat token (a short hash: the token itself is never kept)."""
    if not token:
        return "-"
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()[:24]


class SocketCaps:
    """Open WebSockets counted per client address, per table and in all; one over any cap is refused (issue 26,
    finding 4: each socket holds a file descriptor, and a process out of them cannot answer anyone)."""

    def __init__(self, per_address: int, per_table: int, total: int) -> None:
        self.per_address, self.per_table, self.total = per_address, per_table, total
        self.by_address: dict[str, int] = {}
        self.by_table: dict[str, int] = {}
        self.open = 0

    def admit(self, address: str, table_id: str) -> None:
        """Count one more socket, or raise 503 ``too_many_sockets`` (nothing counted then)."""
        for per, count, limit in (
            ("server", self.open, self.total),
            ("address", self.by_address.get(address, 0), self.per_address),
            ("table", self.by_table.get(table_id, 0), self.per_table),
        ):
            if count >= limit:
                raise ApiError(
                    503,
                    ErrorCode.TOO_MANY_SOCKETS,
                    f"too many open connections for this {per} (at most {limit}); close one or try again later",
                    retry_after=10.0,
                    per=per,
                    limit=limit,
                )
        self.open += 1
        self.by_address[address] = self.by_address.get(address, 0) + 1
        self.by_table[table_id] = self.by_table.get(table_id, 0) + 1

    def release(self, address: str, table_id: str) -> None:
        self.open -= 1
        for counts, key in ((self.by_address, address), (self.by_table, table_id)):
            left = counts.get(key, 0) - 1
            if left > 0:
                counts[key] = left
            else:
                counts.pop(key, None)
