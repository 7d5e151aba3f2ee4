"""The value estimate's chapter weights for the hints, fitted ahead for the shipped chapters (issue 44).

:func:`mnm.bots.value.chapter_weights` fits a chapter's weights on 120 playouts the first time a hint is asked in a
process: 3.8 s of CPU on the pure engine for Chapter 1, most of the wait for a first honest hint. The fit is
deterministic (fixed seeds), so for the chapters in :data:`AHEAD`, each difficulty preset and the box's first heroes
(Collin, Tilda, Filch, Maginos, as many as the chapter's party) the same numbers are kept here, fitted on playouts that play
the heroes' whole game (``hero=True``, what the hints play). Any other chapter, party or option set is fitted when
first asked, as before. Regenerate after a change to the content, the rules or the bots' playouts:
``MNM_ENGINE=pure python bench/fit_hero_weights.py`` rewrites :data:`HERO_FITS` below (bench/hint_speed.py checks an entry
against a fresh fit).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Final

__all__ = ["AHEAD", "HERO_FITS", "fit_key"]

# The chapters fitted ahead: the shipped story chapters (a chapter file, a scenario, The Proving Grounds, another
# party or option set is fitted when first asked, as before; `python bench/fit_hero_weights.py CHAPTER ...` fits the ones named)
AHEAD: Final = (
    "flight-to-barksburg",
    "the-root-road",
    "the-trickle-crossing",
    "the-ember-vault",
    "the-old-mill",
    "the-mill-race",
)


def fit_key(chapter: str, party: Iterable[str], options: Mapping[str, bool]) -> tuple[object, ...]:
    """The key of :data:`HERO_FITS`: the chapter, the party in order and the rule options that are on."""
    return (chapter, tuple(party), tuple(sorted(k for k, v in options.items() if v)))


# fit_key -> weights (mnm.bots.value.FEATURES order); written by `python bench/fit_hero_weights.py`
HERO_FITS: Final[dict[tuple[object, ...], tuple[float, ...]]] = {
    ('flight-to-barksburg', ('collin', 'tilda', 'filch', 'maginos'), ('encounters_page_down', 'end_marker_later', 'hero_life_plus_one')): (-4.7632, 0.9815, 1.8257, 5.1581, -2.4237, -0.6394, -2.5925, -1.8135, 0.0661, 0.0, 0.0),
    ('flight-to-barksburg', ('collin', 'tilda', 'filch', 'maginos'), ()): (-5.7606, 0.9321, 2.2398, 5.0574, -2.0482, 0.2496, -2.8375, -1.8111, 0.2281, 0.0, 0.0),
    ('flight-to-barksburg', ('collin', 'tilda', 'filch', 'maginos'), ('encounters_page_up', 'end_marker_earlier', 'hero_life_minus_one')): (-5.5007, 0.6677, 2.0346, 4.277, -2.2606, -0.1734, -2.6669, -1.4776, 0.2005, 0.0, 0.0),
    ('the-root-road', ('collin', 'tilda', 'filch', 'maginos'), ('encounters_page_down', 'end_marker_later', 'hero_life_plus_one')): (-4.0561, 0.8994, 2.6717, 3.9223, -1.393, -0.3615, -1.674, -1.4172, 0.0212, 0.0, 0.0),
    ('the-root-road', ('collin', 'tilda', 'filch', 'maginos'), ()): (-3.5406, 0.8209, 2.8059, 4.1382, -1.6507, -0.1802, -1.7722, -1.6988, 0.0653, 0.0, 0.0),
    ('the-root-road', ('collin', 'tilda', 'filch', 'maginos'), ('encounters_page_up', 'end_marker_earlier', 'hero_life_minus_one')): (-4.0067, 0.8798, 3.127, 4.0386, -2.1981, -0.0902, -2.3774, -1.8786, -0.0543, 0.0, 0.0),
    ('the-trickle-crossing', ('collin', 'tilda', 'filch', 'maginos'), ('encounters_page_down', 'end_marker_later', 'hero_life_plus_one')): (-3.3674, 1.2368, 3.3414, 4.1241, -1.8726, 0.2839, -2.8696, -1.8692, 0.1584, 0.0, 0.0),
    ('the-trickle-crossing', ('collin', 'tilda', 'filch', 'maginos'), ()): (-3.2847, 1.1166, 3.5254, 3.9329, -1.588, 0.1611, -2.5962, -2.0471, 0.3775, 0.0, 0.0),
    ('the-trickle-crossing', ('collin', 'tilda', 'filch', 'maginos'), ('encounters_page_up', 'end_marker_earlier', 'hero_life_minus_one')): (-3.8746, 1.4816, 3.0762, 3.8709, -2.4003, 0.2345, -2.592, -2.0158, 0.1895, 0.0, 0.0),
    ('the-ember-vault', ('collin', 'tilda', 'filch', 'maginos'), ('encounters_page_down', 'end_marker_later', 'hero_life_plus_one')): (-3.8755, 0.8863, 3.1461, 4.2914, -2.9513, -0.3641, -2.3992, -1.6312, 0.1965, 0.0, 0.0),
    ('the-ember-vault', ('collin', 'tilda', 'filch', 'maginos'), ()): (-3.6631, 0.7638, 2.9866, 4.1745, -2.7183, -0.3159, -2.2, -1.7163, 0.2366, 0.0, 0.0),
    ('the-ember-vault', ('collin', 'tilda', 'filch', 'maginos'), ('encounters_page_up', 'end_marker_earlier', 'hero_life_minus_one')): (-4.5742, 1.2219, 2.9618, 4.2451, -2.4299, -0.2952, -2.3593, -2.1664, -0.1017, 0.0, 0.0),
    ('the-old-mill', ('collin', 'tilda', 'filch', 'maginos'), ('encounters_page_down', 'end_marker_later', 'hero_life_plus_one')): (-2.4744, 0.7021, 2.2383, 3.9602, -1.3736, -0.2747, -3.0353, -1.447, 0.8192, 0.0, 0.0),
    ('the-old-mill', ('collin', 'tilda', 'filch', 'maginos'), ()): (-2.0861, 0.5702, 1.9005, 3.8596, -1.7896, 0.4247, -3.4017, -1.9327, 0.8905, 0.0, 0.0),
    ('the-old-mill', ('collin', 'tilda', 'filch', 'maginos'), ('encounters_page_up', 'end_marker_earlier', 'hero_life_minus_one')): (-3.5565, 1.3173, 2.0715, 4.1317, -2.3288, 0.1377, -2.8916, -2.7501, 1.21, 0.0, 0.0),
    ('the-mill-race', ('collin', 'tilda', 'filch', 'maginos'), ('encounters_page_down', 'end_marker_later', 'hero_life_plus_one')): (-4.6701, 0.7639, 3.0656, 3.7389, -2.8201, -0.4495, -3.1428, -1.4805, 0.2286, 0.0, 0.0),
    ('the-mill-race', ('collin', 'tilda', 'filch', 'maginos'), ()): (-5.8532, 0.8349, 3.3629, 3.8957, -2.1521, -0.7209, -4.0521, -1.9093, 0.3103, 0.0, 0.0),
    ('the-mill-race', ('collin', 'tilda', 'filch', 'maginos'), ('encounters_page_up', 'end_marker_earlier', 'hero_life_minus_one')): (-5.8957, 0.8517, 2.6875, 3.935, -2.6624, -1.1211, -3.5792, -2.1014, 0.0745, 0.0, 0.0),
}

