"""The bb_gate exception hierarchy: user mistakes vs runtime faults.

Every error carries a human ``message`` (naming the offending value with ``!r`` and what to
do next) and a ``kind`` drawn from a closed vocabulary, so ``bb-gate --json`` can print one
machine-readable envelope instead of a traceback.
"""

from __future__ import annotations

from typing import Literal

#: Closed vocabulary of the ``{"error": {"kind": ...}}`` envelope.
ErrorKind = Literal["usage", "invalid-input", "refused", "git", "io", "internal"]


class GateError(Exception):
    """Root of every error bb_gate raises; carries ``message`` and ``kind``."""

    kind: ErrorKind = "internal"

    def __init__(self, message: str, *, kind: ErrorKind | None = None) -> None:
        super().__init__(message)
        self.message = message
        if kind is not None:
            self.kind = kind


class GateUserError(GateError):
    """Something the user handed us is wrong (a file, a flag, a git ref): they can fix it."""

    kind: ErrorKind = "invalid-input"


class GateUsageError(GateUserError):
    """The command line itself is malformed or contradicts itself."""

    kind: ErrorKind = "usage"


class GateRuntimeError(GateError):
    """The environment failed underneath us (disk, git binary): not the user's input."""

    kind: ErrorKind = "io"
