"""The error a model validator raises when a check across fields fails: shared by the chapter language
(:mod:`mnm.chapter_language`) and the content schema (:mod:`mnm.content.schema`), so neither imports the other
to raise it."""

from __future__ import annotations

__all__ = ["FieldError"]


class FieldError(ValueError):
    """A check across fields that failed, naming the field at fault (relative to the model that raised it).

    Pydantic reports errors of a model validator at the model itself; the loader appends ``field`` so that
    every issue names file, entry and field.
    """

    def __init__(self, field: str, message: str, pt: str = "") -> None:
        super().__init__(message)
        self.field = field
        self.pt = pt  # the message in Portuguese, when the check that raised it says it (else the loader's patterns)
