"""What both transcript formats share: the parse report and tolerant line decoding.

A transcript on disk is written by a harness we do not control, so a parser must survive
unknown line types and the odd torn or malformed line (a crash mid-write leaves one) without
ever inventing a turn. Every line it could not use is counted and logged, never silently lost.

Nothing here imports pydantic or the models: the Claude Code hook parses a transcript in a
process that lives for one prompt. A parsed :class:`Turn` becomes a
:class:`~bb_schema.PublicTurn` with :meth:`Turn.public` where the models are wanted.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, Protocol

from bb_brain._errors import BrainUserError

if TYPE_CHECKING:
    from bb_schema import PublicTurn

log = logging.getLogger("bb_brain.transcripts")
#: Callers report a parse's warnings themselves (``ParseReport``); without a configured handler
#: the records would also reach stderr through logging's last resort, a second time.
log.addHandler(logging.NullHandler())


class TranscriptError(BrainUserError):
    """A transcript file could not be read at all (missing, unreadable, not UTF-8)."""


class TurnLike(Protocol):
    """What the writers need of a turn (a :class:`Turn` or a :class:`~bb_schema.PublicTurn`)."""

    @property
    def turn_id(self) -> int:
        """Position in the conversation."""
        ...

    @property
    def role(self) -> Literal["user", "assistant"]:
        """Who spoke."""
        ...

    @property
    def text(self) -> str:
        """What was said."""
        ...

    @property
    def ts(self) -> str | None:
        """RFC 3339 timestamp, when known."""
        ...


@dataclass(frozen=True)
class Turn:
    """A parsed conversation turn: the fields of a PublicTurn, without pydantic."""

    turn_id: int
    role: Literal["user", "assistant"]
    text: str
    ts: str | None = None

    def public(self) -> PublicTurn:
        """The same turn as the model the rest of the engine speaks."""
        from bb_schema.fixture import PublicTurn

        return PublicTurn(turn_id=self.turn_id, role=self.role, text=self.text, ts=self.ts)


@dataclass
class ParseReport:
    """Lines a parser skipped, with one human reason each (``line N: why``), and warnings.

    ``warnings`` holds every skipped line's reason plus what concerns the file as a whole (a
    timestamp ignored, a file with no user turn it could read).
    """

    skipped_lines: int = 0
    warnings: list[str] = field(default_factory=list)

    def skip(self, line_no: int, reason: str) -> None:
        """Count a skipped line and log why, so a drifted format is visible, not silent."""
        self.skipped_lines += 1
        self.warn(f"line {line_no}: {reason}")

    def warn(self, message: str) -> None:
        """Record and log one warning."""
        self.warnings.append(message)
        log.warning("transcript %s", message)


def read_text(path: Path) -> str:
    """Read a transcript file as UTF-8, mapping OS and decoding failures onto one error."""
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise TranscriptError(
            f"transcript {str(path)!r} does not exist; pass the path of a JSONL transcript"
        ) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise TranscriptError(
            f"transcript {str(path)!r} could not be read ({exc}); check the file's permissions "
            "and that it is UTF-8 JSONL"
        ) from None


def iter_objects(text: str, report: ParseReport) -> Iterator[tuple[int, dict[str, Any]]]:
    """Yield ``(line_no, object)`` for every line holding a JSON object; count the others."""
    for line_no, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line:
            continue
        try:
            value = json.loads(line)
        except json.JSONDecodeError as exc:
            report.skip(line_no, f"not valid JSON ({exc.msg})")
            continue
        if not isinstance(value, dict):
            report.skip(line_no, f"a JSON {type(value).__name__}, not an object")
            continue
        yield line_no, value


def clean_ts(value: object, line_no: int, report: ParseReport) -> str | None:
    """The line's timestamp when it is RFC 3339 with an offset; else None with a warning."""
    if value is None:
        return None
    if isinstance(value, str) and is_rfc3339(value):
        return value
    report.warn(f"line {line_no}: timestamp {value!r} ignored (not RFC 3339)")
    return None


def is_rfc3339(value: str) -> bool:
    """Whether ``bb_schema.parse_ts`` accepts ``value`` (a timestamp with a UTC offset)."""
    try:
        parsed = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return False
    return parsed.tzinfo is not None


def dumps_line(obj: dict[str, Any]) -> str:
    """One compact JSONL line, key order as built: same input, byte-identical file."""
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))
