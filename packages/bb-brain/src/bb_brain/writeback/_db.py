"""The slice of the engine's database handle that write-back needs.

Typed structurally so the pipeline depends on behaviour (lend me a connection whose block
commits on success and rolls back on error), not on a concrete class.
"""

from __future__ import annotations

from contextlib import AbstractContextManager
from typing import Protocol

import psycopg
from psycopg.rows import TupleRow

Connection = psycopg.Connection[TupleRow]


class ConnectionSource(Protocol):
    """Anything that lends pooled connections, like :class:`bb_brain.Database`."""

    def connection(self) -> AbstractContextManager[Connection]:
        """Borrow a connection for the length of a ``with`` block."""
        ...
