"""The action die and every random draw (R-GEN-05, R-GEN-06).

Randomness enters the engine only here, through three interchangeable sources chosen by ``State.dice_mode``:

* ``seeded``: a cryptographic counter-mode stream: 64-bit word ``n`` of the stream is word ``n % 8`` of
  ``blake2b-512("<seed>:<n // 8>")``. Its whole state is the seed and the counter ``State.rng`` (so copies,
  saves and replays carry it); the same seed always rolls the same dice. Without the seed the stream cannot be
  predicted from any number of rolls (a server draws 128-bit seeds from :mod:`secrets` and never shows them
  during play). One hash gives eight draws, and hashes are memoised, so a roll costs about a dict lookup;
* ``scripted``: faces queued in ``State.dice_queue`` are used in order; running out raises
  :class:`ScriptExhausted` (tests must script every roll);
* ``manual``: companion mode; faces typed by the players are queued, and running out raises
  :class:`NeedDice` so the client can ask for them and apply the same action again.

Faces are numbered 1–6 in the order of ``die.yaml`` (1 = 1 CHEESE, 2 = 2 SWORD+STAR, 3 = 3 SWORD/SHIELD,
4 = 2 BOW, 5 = 3 SWORD/SHIELD+STAR, 6 = 1 BOW+STAR with the built-in die).

Shuffles always use the seeded PRNG (also in scripted and manual modes): tests that care about card order set
the deck order explicitly in a scenario. With the options ``box_search_deck`` / ``box_encounter_deck`` the players
name the card drawn instead (a decision, docs/rulings.md "Companion decks"), so those decks' order is not used.
"""

from __future__ import annotations

import hashlib
import struct
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from mnm.content.schema import Die, Symbol
from mnm.engine.errors import DiceError, NeedDice, ScriptExhausted

if TYPE_CHECKING:
    from mnm.engine.state import State

__all__ = ["DiceTable", "Face", "check_faces", "next_random", "randbelow", "roll", "shuffle", "stream_block"]

_WORDS: Final = 8  # 64-bit words per blake2b-512 digest
_PERSON: Final = b"mnm-dice-v2"
_CACHE_LIMIT: Final = 8192
# (seed, block index) -> the block's eight words. A memo of a pure function: the same key always gives the
# same words, so sharing it between games changes nothing but speed.
_blocks: dict[tuple[int, int], tuple[int, ...]] = {}


@dataclass(frozen=True, slots=True)
class Face:
    """One face of the action die with its meaning precomputed (R-BATTLE-01, R-GEN-06)."""

    index: int  # 1..6
    number: int
    melee_hit: bool  # SWORD or SWORD/SHIELD
    bow: bool
    shield: bool  # SWORD/SHIELD blocks one hit
    cheese: bool
    star: bool

    def short(self) -> str:
        """A compact text: number then symbols, e.g. ``3S+`` (S sword, X sword/shield, B bow, C cheese, + star)."""
        sym = "C" if self.cheese else "X" if self.shield else "S" if self.melee_hit else "B" if self.bow else ""
        return f"{self.number}{sym}{'+' if self.star else ''}"


class DiceTable:
    """The die of a content set, as :class:`Face` objects indexed 1..6."""

    def __init__(self, die: Die) -> None:
        faces: list[Face] = []
        for i, f in enumerate(die.faces, start=1):
            s = set(f.symbols)
            faces.append(
                Face(
                    index=i,
                    number=f.number,
                    melee_hit=Symbol.SWORD in s or Symbol.SWORD_SHIELD in s,
                    bow=Symbol.BOW in s,
                    shield=Symbol.SWORD_SHIELD in s,
                    cheese=Symbol.CHEESE in s,
                    star=Symbol.STAR in s,
                )
            )
        self.faces: tuple[Face, ...] = tuple(faces)

    def __getitem__(self, index: int) -> Face:
        return self.faces[index - 1]

    def parse(self, text: str) -> int:
        """A face typed by a player: its index ``1``..``6``, or its short form (``3X+``)."""
        t = text.strip().upper()
        if t.isdigit() and 1 <= int(t) <= len(self.faces):
            return int(t)
        for f in self.faces:
            if f.short().upper() == t:
                return f.index
        raise ValueError(f"{text!r} is not a die face: use 1-6 or one of {', '.join(f.short() for f in self.faces)}")


def stream_block(seed: int, index: int) -> tuple[int, ...]:
    """Block ``index`` of the stream of ``seed``: eight 64-bit words of ``blake2b-512("<seed>:<index>")``."""
    key = (seed, index)
    words = _blocks.get(key)
    if words is None:
        if len(_blocks) >= _CACHE_LIMIT:
            _blocks.clear()
        digest = hashlib.blake2b(b"%d:%d" % key, digest_size=64, person=_PERSON).digest()
        words = struct.unpack("<8Q", digest)
        _blocks[key] = words
    return words


# (seed, block index, its words): the block the last draw came from. Eight draws in a row read one block; this
# skips building and hashing a (seed, index) key for seven of them. Replaced whole (one tuple), never changed.
_last_block: Final[list[tuple[int, int, tuple[int, ...]]]] = [(-1, -1, ())]


def next_random(state: State) -> int:
    """The next 64 random bits of the state's stream (advances the counter ``state.rng``)."""
    n = state.rng
    state.rng = n + 1
    index = n >> 3
    seed = state.seed
    last = _last_block[0]
    if last[1] != index or last[0] != seed:
        last = (seed, index, stream_block(seed, index))
        _last_block[0] = last
    return last[2][n & 7]


def randbelow(state: State, n: int) -> int:
    """A uniform integer in ``[0, n)`` from the state's stream (bias under n / 2**64: none that matters)."""
    return next_random(state) % n


def check_faces(faces: Iterable[object]) -> list[int]:
    """Typed die faces as a list of indices, or :class:`DiceError` naming the first face that is not 1-6."""
    out: list[int] = []
    for face in faces:
        if isinstance(face, bool) or not isinstance(face, int) or not 1 <= face <= 6:
            raise DiceError(f"a die face is a whole number from 1 to 6, not {face!r}")
        out.append(face)
    return out


def roll(state: State, count: int, purpose: str) -> list[int]:
    """Roll ``count`` action dice; return face indices 1..6. Counts toward the undo barrier."""
    if count <= 0:
        return []
    state.random_draws += 1
    out: list[int] = []
    queue = state.dice_queue
    while len(out) < count:
        if queue:
            face = queue.pop(0)
            if not 1 <= face <= 6:  # a damaged save or a test bug: never wrap it into some other face
                raise DiceError(f"a queued die face is {face!r}; faces are 1 to 6")
            out.append(face)
        elif state.dice_mode == "seeded":
            out.append(randbelow(state, 6) + 1)
        elif state.dice_mode == "scripted":
            raise ScriptExhausted(f"the dice script ran out while rolling {count} for {purpose}")
        else:
            raise NeedDice(count - len(out), purpose)
    return out


def shuffle(state: State, items: list[str]) -> None:
    """Fisher–Yates shuffle in place with the state's PRNG (the end of a deck list is its top)."""
    state.random_draws += 1
    for i in range(len(items) - 1, 0, -1):
        j = randbelow(state, i + 1)
        items[i], items[j] = items[j], items[i]
