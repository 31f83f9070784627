"""The bb_brain exception hierarchy: user mistakes vs runtime faults.

Every error carries a human ``message`` naming the offending value (with ``!r``) and what to
do next, so a CLI can print it verbatim and a gRPC edge can map the branch to a status code
(user mistakes -> INVALID_ARGUMENT / NOT_FOUND, runtime faults -> INTERNAL / UNAVAILABLE).
"""

from __future__ import annotations


class BrainError(Exception):
    """Root of every error bb_brain raises; carries a human ``message``."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class BrainUserError(BrainError):
    """The caller handed the engine something it cannot accept: the caller can fix it."""


class UnknownBrainError(BrainUserError):
    """A request named a brain_id that is not open (never opened, or already closed)."""


class BrainRuntimeError(BrainError):
    """The engine itself failed (database unreachable, server would not start, ...)."""


class DatabaseStartError(BrainRuntimeError):
    """The private PostgreSQL server could not be started or reached."""
