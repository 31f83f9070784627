"""bb_trust's exception hierarchy: a user error names the fixture and field to fix."""

from __future__ import annotations


class TrustError(Exception):
    """Base of every bb_trust error."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class TrustUserError(TrustError):
    """A trust fixture or its gold cannot be run as written (exit 2)."""


class TrustRuntimeError(TrustError):
    """The trust sweep itself broke (not the system under test)."""
