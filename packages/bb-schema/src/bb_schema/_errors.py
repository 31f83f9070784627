"""The bb_schema exception hierarchy: user mistakes vs runtime faults."""

from __future__ import annotations


class SchemaError(Exception):
    """Root of every error bb_schema raises; carries a human ``message``."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class SchemaUserError(SchemaError):
    """A document given to us is invalid: the user can fix it."""


class SchemaRuntimeError(SchemaError):
    """Something failed at run time that the user's documents did not cause."""


class ConversionError(SchemaRuntimeError):
    """A wire message could not be mapped onto the pydantic model (a peer bug)."""


class Unavailable(SchemaRuntimeError):
    """A service cannot answer right now (its store is gone): UNAVAILABLE on the wire."""
