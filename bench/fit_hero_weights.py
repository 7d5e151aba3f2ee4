"""Fit the hints' value weights ahead for the shipped chapters and write them into src/mnm/bots/fits.py (issue 44).

Usage: ``MNM_ENGINE=pure python bench/fit_hero_weights.py [CHAPTER ...]`` (default: every chapter in
:data:`mnm.bots.fits.AHEAD`). Run after a change to the content, the rules or the bots' playouts;
``python bench/hint_speed.py --check-fit`` compares an entry with a fresh fit.
"""

from __future__ import annotations

import re
import sys
import time
from pathlib import Path

from mnm.bots import fits
from mnm.bots.value import chapter_weights
from mnm.content.loader import builtin_content
from mnm.engine import DIFFICULTY_PRESETS, Game, difficulty_options, make_ctx


def main() -> None:
    fits.HERO_FITS.clear()  # fitted afresh, not read back
    content = builtin_content()
    heroes = ("collin", "tilda", "filch", "maginos")
    rows: list[str] = []
    for chapter in sys.argv[1:] or fits.AHEAD:
        party = heroes[: max(1, min(len(heroes), content.chapters[chapter].party_size))]
        for preset in DIFFICULTY_PRESETS:
            game = Game.new(chapter, list(party), seed=0, options=difficulty_options(preset), content=content)
            ctx = make_ctx(content, chapter)
            start = time.process_time()
            weights = chapter_weights(ctx, game.state, hero=True)
            key = fits.fit_key(chapter, game.state.party, game.state.options)
            rows.append(f"    {key!r}: {tuple(weights)!r},")
            print(chapter, preset, f"{time.process_time() - start:.1f} s", rows[-1], flush=True)
    path = Path(fits.__file__)
    text = path.read_text(encoding="utf-8")
    table = "HERO_FITS: Final[dict[tuple[object, ...], tuple[float, ...]]] = {\n" + "\n".join(rows) + "\n}"
    text = re.sub(r"HERO_FITS: Final\[dict\[tuple\[object, \.\.\.\], tuple\[float, \.\.\.\]\]\] = \{\n.*?^\}", table, text, flags=re.S | re.M)
    path.write_text(text, encoding="utf-8")
    print(f"wrote {len(rows)} fits in {path}")


if __name__ == "__main__":
    main()
