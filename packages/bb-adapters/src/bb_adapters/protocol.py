"""What the runner needs from any memory system: the TurnContext + BenchControl surface.

It is exactly the contract a server implements (``bb_schema.rpc.MemoryImpl``): the reference
engine is reached through the same typed gRPC client as a foreign system, and that client
satisfies this protocol, so both are measured through one real channel.
"""

from __future__ import annotations

from bb_schema.rpc import MemoryImpl as MemorySystem

__all__ = ["MemorySystem"]
