"""How exceptions become exit codes and ``--json`` error envelopes.

A user mistake (a bad corpus, a bad document, a bad flag) exits 2 with its message and never a
traceback. Anything unrecognised is a bug: the traceback goes to stderr, the envelope says
``internal``, and the exit code is still 2, because 1 would read as a regression.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from bb_adapters import AdapterUserError, SystemUnderTestError
from bb_brain import BrainUserError, DatabaseStartError
from bb_corpus import CorpusRuntimeError, CorpusUserError, CorpusValidationError
from bb_gate import GateRuntimeError, GateUserError
from bb_schema import ConversionError, SchemaUserError

from bb_cli._output import ErrorKind

#: Package exceptions with a ``message`` the user should see, and their envelope kind.
#: Checked in order (first match wins), so list subclasses before their bases.
#: Other packages' roots (bb_adapters, bb_brain, bb_score, bb_gate, bb_trust) go here too.
USER_ERRORS: Final[tuple[tuple[type[Exception], ErrorKind], ...]] = (
    (CorpusUserError, "corpus"),
    (AdapterUserError, "usage"),
    (SystemUnderTestError, "runtime"),
    (BrainUserError, "config"),
    (DatabaseStartError, "config"),
    (CorpusRuntimeError, "runtime"),
    (SchemaUserError, "schema"),
    (ConversionError, "runtime"),
    (GateUserError, "config"),
    (GateRuntimeError, "runtime"),
)


@dataclass(frozen=True)
class Failure:
    """What to report for one exception."""

    kind: ErrorKind
    message: str
    errors: Sequence[Mapping[str, Any]] = field(default_factory=tuple)
    detail: str | None = None


def describe(error: Exception) -> Failure | None:
    """The report for a known package exception, or None when ``error`` is a bug.

    An OSError (a full disk, a permission taken away mid-run) is the environment's, not a
    bug: one line naming the file.
    """
    if isinstance(error, OSError):
        where = f" ({str(error.filename)!r})" if error.filename else ""
        return Failure("runtime", f"{error.strerror or error}{where}")
    kind = next((kind for error_type, kind in USER_ERRORS if isinstance(error, error_type)), None)
    if kind is None:
        return None
    message = str(getattr(error, "message", error))
    if isinstance(error, CorpusValidationError):
        return Failure(
            kind,
            error.summary,
            errors=[issue.as_dict() for issue in error.issues],
            detail=message,
        )
    return Failure(kind, message)
