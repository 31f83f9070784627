"""Reaching a foreign row's memory system: its client, and Describe before anything runs.

Every foreign system is described once before the run starts, so a dead target, a wrong
secret or a server that is not a brainbench.v1 system ends the run with exit 2 naming the row
and the call, before any fixture runs; what it says of itself (name, version, capabilities)
is recorded in the Result and shown with the scoreboard.
"""

from __future__ import annotations

from collections.abc import Sequence

from bb_schema.memory import SystemInfo
from bb_schema.rpc import MemoryClient

from bb_adapters.guard import GuardedSystem
from bb_adapters.seams import HarnessConfig


def connect(config: HarnessConfig, secret: str) -> MemoryClient:
    """The typed client of a foreign row, with the row's call deadline and message limit."""
    assert config.target is not None, "only a foreign row has a target"
    return MemoryClient(
        config.target,
        secret,
        timeout=config.call_timeout,
        max_message_bytes=config.max_message_bytes,
    )


def describe_foreign(harnesses: Sequence[HarnessConfig], secret: str) -> dict[str, SystemInfo]:
    """Describe of every foreign row, by row name.

    Raises:
        SystemUnderTestError: A system that cannot answer (names the row and the call).
    """
    found: dict[str, SystemInfo] = {}
    for config in harnesses:
        if config.target is None:
            continue
        with connect(config, secret) as client:
            found[config.name] = GuardedSystem(client, [config.name]).describe()
    return found


__all__ = ["connect", "describe_foreign"]
