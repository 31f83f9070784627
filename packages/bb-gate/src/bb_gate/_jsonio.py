"""Strict JSON in, canonical JSON out, atomic file writes.

Reading rejects what would let a committed file say one thing to a reviewer and another to
the gate: duplicate keys (the parser would silently keep the last) and the non-standard
``NaN`` / ``Infinity`` literals.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from bb_gate._errors import GateRuntimeError, GateUserError

ModelT = TypeVar("ModelT", bound=BaseModel)

_MAX_FIELD_ERRORS = 5


def _reject_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _DuplicateKeyError(key)
        out[key] = value
    return out


class _DuplicateKeyError(ValueError):
    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def _reject_constant(name: str) -> Any:
    raise _NonFiniteError(name)


class _NonFiniteError(ValueError):
    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.name = name


def parse_json_text(text: str, *, source: str) -> Any:
    """Parse ``text`` strictly; ``source`` names the document in error messages."""
    try:
        return json.loads(
            text, object_pairs_hook=_reject_duplicates, parse_constant=_reject_constant
        )
    except json.JSONDecodeError as exc:
        raise GateUserError(
            f"{source}: invalid JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}; "
            "fix the file or regenerate it"
        ) from None
    except _DuplicateKeyError as exc:
        raise GateUserError(
            f"{source}: duplicate key {exc.key!r}; a key may appear once per object"
        ) from None
    except _NonFiniteError as exc:
        raise GateUserError(
            f"{source}: non-finite number {exc.name!r} is not valid JSON; "
            "metrics must be finite numbers"
        ) from None


def read_text(path: Path, *, what: str) -> str:
    """Read a UTF-8 document, turning OS failures into a user error naming the file."""
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise GateUserError(f"{what} file {str(path)!r} does not exist; check the path") from None
    except UnicodeDecodeError as exc:
        raise GateUserError(
            f"{what} file {str(path)!r} is not UTF-8 (byte {exc.start}); write it as UTF-8 JSON"
        ) from None
    except OSError as exc:
        raise GateUserError(
            f"cannot read {what} file {str(path)!r}: {exc.strerror}; check its permissions"
        ) from None


def validate_document(model: type[ModelT], data: Any, *, source: str) -> ModelT:
    """Validate parsed JSON against ``model``, naming each offending field (dotted path)."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        problems = []
        for err in exc.errors()[:_MAX_FIELD_ERRORS]:
            loc = ".".join(str(part) for part in err["loc"]) or "<document>"
            problems.append(f"field {loc!r}: {err['msg']}")
        more = exc.error_count() - len(problems)
        suffix = f" (and {more} more)" if more > 0 else ""
        raise GateUserError(
            f"{source}: not a valid {model.__name__}: " + "; ".join(problems) + suffix
        ) from None


def canonical_json_bytes(data: Any) -> bytes:
    """Serialize ``data`` diff-stably: sorted keys, 2-space indent, trailing newline, no NaN."""
    try:
        text = json.dumps(data, sort_keys=True, indent=2, ensure_ascii=False, allow_nan=False)
    except ValueError as exc:
        raise GateUserError(f"cannot serialize a non-finite number: {exc}") from None
    return (text + "\n").encode("utf-8")


def atomic_write_bytes(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` via a temp file in the same directory and ``os.replace``.

    Why: a reader (or a crash) never sees a half-written baseline or verdict.
    """
    directory = path.parent
    try:
        directory.mkdir(parents=True, exist_ok=True)
        fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=directory)
    except OSError as exc:
        raise GateRuntimeError(
            f"cannot write {str(path)!r}: {exc.strerror}; check the directory exists and is "
            "writable"
        ) from None
    try:
        # mkstemp creates 0600; keep an existing file's mode, else the usual 0644.
        mode = path.stat().st_mode & 0o777 if path.exists() else 0o644
        os.fchmod(fd, mode)
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp_name, path)
    except OSError as exc:
        Path(tmp_name).unlink(missing_ok=True)
        raise GateRuntimeError(f"cannot write {str(path)!r}: {exc.strerror}") from None
