"""Trust errors: refusals are user-level (the caller asked for something its channel may not)."""

from __future__ import annotations

from typing import Literal

from bb_brain._errors import BrainRuntimeError, BrainUserError

RefusalReason = Literal[
    "not_owner",
    "not_interactive",
    "lower_tier",
    "tombstoned",
    "unknown_item",
    "source_not_allowed",
    "bad_token",
]


class TrustRefused(BrainUserError):
    """The trust rules refused an operation; nothing was changed.

    Attributes:
        reason: A closed code saying which rule refused it.
    """

    def __init__(self, reason: RefusalReason, message: str) -> None:
        super().__init__(message)
        self.reason: RefusalReason = reason


class TrustConfigError(BrainUserError):
    """A persistence source, repository or trust setting is missing or invalid."""


class EffectsTimeout(BrainRuntimeError):
    """Post-commit effects did not land within the wait bound."""
