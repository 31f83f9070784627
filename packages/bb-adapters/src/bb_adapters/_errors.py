"""The bb_adapters exception hierarchy."""

from __future__ import annotations


class AdapterError(Exception):
    """Root of every error bb_adapters raises; carries a human ``message``."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class AdapterUserError(AdapterError):
    """A harness spec, target or option the user gave is wrong."""


class SystemUnderTestError(AdapterError):
    """The memory system under test failed or broke the contract mid-run (run is invalid)."""


class SeedRefused(SystemUnderTestError):
    """The system refused a fixture's seed data in the one-call open + seed (a seed failure)."""
