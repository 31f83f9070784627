"""One trust brain of one system under test, reached through the MemoryTrust seam.

Every call goes through :meth:`TrustSession.call`, which checks the capability the system
declared in Describe first: a call the system does not offer raises
:class:`CapabilityMissing` ("capability missing: trust.dump-stores") without reaching the
wire, and so does one it declared but answered UNIMPLEMENTED. The runner turns that into a
failed step or a failed read, so the items that needed it fail, listed with the reason.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, TypeVar

from bb_schema import RpcFailure, RpcStatus
from bb_schema.trust_seam import TRUST_CAPABILITY, trust_capability

R = TypeVar("R")

#: The calls that need only the ``trust`` capability.
LIFECYCLE_CALLS = ("OpenTrustBrain", "CloseTrustBrain")


class CapabilityMissing(Exception):
    """The system does not offer a MemoryTrust call the measurement needs."""

    def __init__(self, capability: str, detail: str = "") -> None:
        self.capability = capability
        self.message = f"capability missing: {capability}" + (f" ({detail})" if detail else "")
        super().__init__(self.message)


class Capabilities:
    """What a system declared in Describe, as the trust seam reads it."""

    def __init__(self, declared: Iterable[str]) -> None:
        self.declared = frozenset(declared)

    def offers(self, call: str) -> bool:
        """The system offers MemoryTrust ``call`` (and the seam at all)."""
        try:
            self.need(call)
        except CapabilityMissing:
            return False
        return True

    def need(self, call: str) -> None:
        """Raise :class:`CapabilityMissing` unless ``call`` is offered.

        Opening and closing a trust brain need only ``trust``; every other call its own.
        """
        if TRUST_CAPABILITY not in self.declared:
            raise CapabilityMissing(TRUST_CAPABILITY)
        if call in LIFECYCLE_CALLS:
            return
        if trust_capability(call) not in self.declared:
            raise CapabilityMissing(trust_capability(call))


def checked(capabilities: Capabilities, call: str, run: Callable[[], R]) -> R:
    """``run()`` for MemoryTrust ``call``, after the capability check; UNIMPLEMENTED is missing."""
    capabilities.need(call)
    try:
        return run()
    except RpcFailure as exc:
        if exc.status is RpcStatus.UNIMPLEMENTED:
            raise CapabilityMissing(
                trust_capability(call), "declared, but the call answered UNIMPLEMENTED"
            ) from exc
        raise


@dataclass(frozen=True)
class TrustSession:
    """A system's trust brain: the client, the brain, its one source, and what it offers."""

    system: Any
    brain_id: str
    source: str
    capabilities: Capabilities

    def call(self, call: str, run: Callable[[], R]) -> R:
        """``run()`` as MemoryTrust ``call`` (see :func:`checked`)."""
        return checked(self.capabilities, call, run)


__all__ = ["Capabilities", "CapabilityMissing", "TrustSession", "checked"]
