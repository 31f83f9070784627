"""The bb_score exception hierarchy: inputs that do not fit together vs scoring faults."""

from __future__ import annotations


class ScoreError(Exception):
    """Root of every error bb_score raises; carries a human ``message``."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class ScoreUserError(ScoreError):
    """The rows, records or gold handed in do not fit together: the caller can fix them."""


class ScoreRuntimeError(ScoreError):
    """Scoring itself failed (an unregistered metric, a broken invariant): a bb_score bug."""
