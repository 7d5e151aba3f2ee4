"""The value estimate's chapter weights for the hints, fitted ahead for Chapter 1 (issue 44).

:func:`mnm.bots.value.chapter_weights` fits a chapter's weights on 120 playouts the first time a hint is asked in a
process: 3.8 s of CPU on the pure engine for Chapter 1, most of the wait for a first honest hint. The fit is
deterministic (fixed seeds), so for the chapters in :data:`AHEAD`, each difficulty preset and the box's first heroes
(Collin, Tilda, Filch, Maginos, as many as the chapter's party) the same numbers are kept here, fitted on playouts that play
the heroes' whole game (``hero=True``, what the hints play). Any other chapter, party or option set is fitted when
first asked, as before. Regenerate after a change to the content, the rules or the bots' playouts:
``MNM_ENGINE=pure python -m mnm.bots.fits`` rewrites :data:`HERO_FITS` below (bench/hint_speed.py checks an entry
against a fresh fit).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Final

__all__ = ["AHEAD", "HERO_FITS", "fit_key"]

# The chapters fitted ahead: Chapter 1, where a family's first hint is asked (the others are fitted when first
# asked, as before; `python -m mnm.bots.fits CHAPTER ...` fits others ahead too)
AHEAD: Final = ("flight-to-barksburg",)


def fit_key(chapter: str, party: Iterable[str], options: Mapping[str, bool]) -> tuple[object, ...]:
    """The key of :data:`HERO_FITS`: the chapter, the party in order and the rule options that are on."""
    return (chapter, tuple(party), tuple(sorted(k for k, v in options.items() if v)))


# fit_key -> weights (mnm.bots.value.FEATURES order); written by `python -m mnm.bots.fits`
HERO_FITS: Final[dict[tuple[object, ...], tuple[float, ...]]] = {
    ('flight-to-barksburg', ('collin', 'tilda', 'filch', 'maginos'), ('encounters_page_down', 'end_marker_later', 'hero_life_plus_one')): (-4.7632, 0.9815, 1.8257, 5.1581, -2.4237, -0.6394, -2.5925, -1.8135, 0.0661, 0.0, 0.0),
    ('flight-to-barksburg', ('collin', 'tilda', 'filch', 'maginos'), ()): (-5.7606, 0.9321, 2.2398, 5.0574, -2.0482, 0.2496, -2.8375, -1.8111, 0.2281, 0.0, 0.0),
    ('flight-to-barksburg', ('collin', 'tilda', 'filch', 'maginos'), ('encounters_page_up', 'end_marker_earlier', 'hero_life_minus_one')): (-5.5007, 0.6677, 2.0346, 4.277, -2.2606, -0.1734, -2.6669, -1.4776, 0.2005, 0.0, 0.0),
}


def _main() -> None:  # pragma: no cover - an offline tool
    import re
    import sys
    import time
    from pathlib import Path

    from mnm.bots.value import chapter_weights
    from mnm.content.loader import builtin_content
    from mnm.engine import DIFFICULTY_PRESETS, Game, difficulty_options, make_ctx

    HERO_FITS.clear()  # fitted afresh, not read back
    content = builtin_content()
    heroes = ("collin", "tilda", "filch", "maginos")
    rows: list[str] = []
    for chapter in sys.argv[1:] or AHEAD:
        party = heroes[: max(1, min(len(heroes), content.chapters[chapter].party_size))]
        for preset in DIFFICULTY_PRESETS:
            game = Game.new(chapter, list(party), seed=0, options=difficulty_options(preset), content=content)
            ctx = make_ctx(content, chapter)
            start = time.process_time()
            weights = chapter_weights(ctx, game.state, hero=True)
            key = fit_key(chapter, game.state.party, game.state.options)
            rows.append(f"    {key!r}: {tuple(weights)!r},")
            print(chapter, preset, f"{time.process_time() - start:.1f} s", rows[-1], flush=True)
    path = Path(__file__)
    text = path.read_text(encoding="utf-8")
    table = "HERO_FITS: Final[dict[tuple[object, ...], tuple[float, ...]]] = {\n" + "\n".join(rows) + "\n}"
    text = re.sub(r"HERO_FITS: Final\[dict\[tuple\[object, \.\.\.\], tuple\[float, \.\.\.\]\]\] = \{\n.*?^\}", table, text, flags=re.S | re.M)
    path.write_text(text, encoding="utf-8")
    print(f"wrote {len(rows)} fits in {path}")


if __name__ == "__main__":  # pragma: no cover
    _main()
