"""The output convention every brainbench command follows.

Results go to stdout; narration (progress, error explanations) goes to stderr. With ``--json``
stdout carries exactly one JSON envelope and nothing else:

* success: ``{"ok": true, ...command fields...}``
* failure: ``{"error": {"kind": <ErrorKind>, "message": "...", "errors": [...]}}``

``kind`` is drawn from the closed :data:`ErrorKind` vocabulary so scripts can branch on it;
``errors`` lists located problems (for a corpus: ``{"file", "path", "message"}``), empty when
there are none. Envelopes are written with sorted keys, so the same outcome prints the same
bytes.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal, TextIO

#: Closed vocabulary of ``{"error": {"kind": ...}}``. Extend it (never rename) for new failures.
#: ``regression`` / ``inconclusive``: the gate's verdict (exit 1 / exit 2) after a complete run.
#: ``interrupted``: SIGINT / SIGTERM stopped the command (exit 130 / 143), nothing written.
#: ``nonconformant``: ``brainbench conform`` found a check that failed (exit 1).
ErrorKind = Literal[
    "usage",
    "corpus",
    "schema",
    "config",
    "runtime",
    "internal",
    "regression",
    "inconclusive",
    "interrupted",
    "nonconformant",
]

EXIT_OK: Final = 0
EXIT_REGRESSION: Final = 1
EXIT_ERROR: Final = 2
EXIT_CODES_HELP: Final = (
    "exit codes: 0 pass, 1 regression, 2 error or usage; 130 / 143 interrupted (SIGINT / SIGTERM)"
)


def ok_envelope(fields: Mapping[str, Any]) -> dict[str, Any]:
    """The success envelope: ``{"ok": true}`` plus the command's fields."""
    if "ok" in fields or "error" in fields:
        raise ValueError("'ok' and 'error' are reserved envelope keys")
    return {"ok": True, **fields}


def error_envelope(
    kind: ErrorKind, message: str, errors: Sequence[Mapping[str, Any]] = ()
) -> dict[str, Any]:
    """The failure envelope."""
    return {"error": {"kind": kind, "message": message, "errors": [dict(e) for e in errors]}}


def dump_envelope(envelope: Mapping[str, Any]) -> str:
    """Serialise an envelope: sorted keys, two-space indent, trailing newline."""
    return json.dumps(envelope, sort_keys=True, indent=2, ensure_ascii=False) + "\n"


@dataclass
class Output:
    """Where a command writes, and whether stdout is reserved for one envelope.

    Attributes:
        json_mode: ``--json`` was given: stdout gets exactly one envelope.
        stdout: The result stream.
        stderr: The narration stream.
        quiet: Suppress narration (errors are still reported).
    """

    json_mode: bool
    stdout: TextIO
    stderr: TextIO
    quiet: bool = False

    def narrate(self, text: str) -> None:
        """Human progress or context, on stderr (silent with ``quiet``)."""
        if not self.quiet:
            self.stderr.write(text.rstrip("\n") + "\n")

    def result(self, text: str) -> None:
        """The human-readable result, on stdout (suppressed in JSON mode)."""
        if not self.json_mode:
            self.stdout.write(text.rstrip("\n") + "\n")

    def succeed(self, text: str, **fields: Any) -> int:
        """Report success: ``text`` for humans, ``{"ok": true, **fields}`` in JSON mode."""
        if self.json_mode:
            self.stdout.write(dump_envelope(ok_envelope(fields)))
        else:
            self.result(text)
        return EXIT_OK

    def fail(
        self,
        kind: ErrorKind,
        message: str,
        errors: Sequence[Mapping[str, Any]] = (),
        detail: str | None = None,
    ) -> int:
        """Report a failure: the envelope on stdout in JSON mode, the explanation on stderr.

        Args:
            kind: The envelope kind.
            message: One-paragraph summary (the envelope's ``message``).
            errors: Located problems for the envelope.
            detail: What to print on stderr instead of ``message`` (e.g. one line per error).
        """
        if self.json_mode:
            self.stdout.write(dump_envelope(error_envelope(kind, message, errors)))
        self.stderr.write(f"brainbench: error: {(detail or message).rstrip()}\n")
        return EXIT_ERROR

    def interrupted(self, signal_name: str, code: int) -> int:
        """Report a stop by signal: one line, the ``interrupted`` envelope, ``code``."""
        if self.json_mode:
            envelope = error_envelope("interrupted", f"interrupted by {signal_name}")
            self.stdout.write(dump_envelope(envelope))
        self.stderr.write(f"brainbench: interrupted ({signal_name})\n")
        return code
