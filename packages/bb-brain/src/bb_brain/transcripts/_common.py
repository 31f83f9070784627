"""What both transcript formats share: the parse report and tolerant line decoding.

A transcript on disk is written by a harness we do not control, so a parser must survive
unknown line types and the odd torn or malformed line (a crash mid-write leaves one) without
ever inventing a turn. Every line it could not use is counted and logged, never silently lost.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bb_schema import parse_ts

from bb_brain._errors import BrainUserError

log = logging.getLogger("bb_brain.transcripts")


class TranscriptError(BrainUserError):
    """A transcript file could not be read at all (missing, unreadable, not UTF-8)."""


@dataclass
class ParseReport:
    """Lines a parser skipped, with one human reason each (``line N: why``)."""

    skipped_lines: int = 0
    warnings: list[str] = field(default_factory=list)

    def skip(self, line_no: int, reason: str) -> None:
        """Count a skipped line and log why, so a drifted format is visible, not silent."""
        self.skipped_lines += 1
        message = f"line {line_no}: {reason}"
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
    if isinstance(value, str):
        try:
            parse_ts(value)
        except ValueError:
            pass
        else:
            return value
    report.warnings.append(f"line {line_no}: timestamp {value!r} ignored (not RFC 3339)")
    log.warning("transcript line %d: timestamp %r ignored (not RFC 3339)", line_no, value)
    return None


def dumps_line(obj: dict[str, Any]) -> str:
    """One compact JSONL line, key order as built: same input, byte-identical file."""
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))
