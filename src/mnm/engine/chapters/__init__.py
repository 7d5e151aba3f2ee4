"""Each chapter's special rules: a :class:`mnm.engine.hooks.ChapterRules` subclass registered by chapter id.

Importing this package registers every chapter (add the new module to the import below)."""

from mnm.engine.chapters import (  # noqa: F401  # noqa: F401  [EXP] issue 15
    flight_to_barksburg,
    proving_grounds,
    the_ember_vault,
    the_root_road,
    the_trickle_crossing,
)
