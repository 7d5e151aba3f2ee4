"""Each chapter's special rules: a :class:`mnm.engine.hooks.ChapterRules` subclass registered by chapter id.

Importing this package registers every chapter (add the new module to the import below)."""

from mnm.engine.chapters import flight_to_barksburg, proving_grounds, the_root_road  # noqa: F401
