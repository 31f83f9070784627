"""JSON documents on disk: one serializer, so every file the project writes is byte-stable.

The v1 schemas treat an absent optional key and a ``null`` differently: ``Baseline``'s
``justification`` must be a string when present, while ``TurnRow.gold`` must always be
present (an object or null). So a ``None`` is dropped exactly when the field is optional
(it has a default) and kept when the field is required; ``exclude_none`` alone would drop
``gold: null`` and produce an invalid result.
"""

from __future__ import annotations

import datetime
import enum
import functools
import json
import os
import threading
import types
import typing
from pathlib import Path
from typing import Any, TypeVar, cast

from pydantic import BaseModel, ValidationError

from bb_schema._errors import SchemaRuntimeError, SchemaUserError

M = TypeVar("M", bound=BaseModel)


@functools.cache
def _layout(model_type: type[BaseModel]) -> tuple[tuple[str, str, bool, bool], ...]:
    """Per model class and field: attribute, dumped key, required, nothing nested to prune."""
    return tuple(
        (
            name,
            field.alias or name,
            field.is_required(),
            _nothing_to_prune(cast(Any, field.annotation)),
        )
        for name, field in model_type.model_fields.items()
    )


def _prune(model: BaseModel, data: dict[str, Any]) -> dict[str, Any]:
    """Drop the None of optional fields from ``data`` (``model`` dumped by alias), deeply."""
    out: dict[str, Any] = {}
    for name, key, required, plain in _layout(type(model)):
        if key not in data:
            continue
        value = getattr(model, name)
        if value is None and not required:
            continue
        out[key] = data[key] if plain else _prune_value(value, data[key])
    return out


def _admits_none(annotation: Any) -> bool:
    if annotation is None or annotation is type(None) or annotation is Any:
        return True
    origin = typing.get_origin(annotation)
    if origin is typing.Annotated:
        return _admits_none(typing.get_args(annotation)[0])
    if origin is typing.Union or origin is types.UnionType:
        return any(_admits_none(arg) for arg in typing.get_args(annotation))
    return False


@functools.cache
def _nothing_to_prune(annotation: Any) -> bool:
    """True when no value of ``annotation`` can hold the None of an optional field.

    Such values (most of a Result: thousands of turn rows) dump exactly as pydantic dumps
    them, so :func:`_prune` need not walk them. Anything it cannot tell says False.
    """
    if annotation is type(None):
        return True  # a None inside a list or a required field is kept as it is
    if annotation is None or annotation is Any:
        return False
    origin = typing.get_origin(annotation)
    if origin is typing.Literal:
        return True
    if origin is typing.Annotated:
        return _nothing_to_prune(typing.get_args(annotation)[0])
    if origin is not None:
        args = [arg for arg in typing.get_args(annotation) if arg is not Ellipsis]
        return bool(args) and all(_nothing_to_prune(arg) for arg in args)
    if not isinstance(annotation, type):
        return False
    if issubclass(annotation, BaseModel):
        return not annotation.model_computed_fields and all(
            (field.is_required() or not _admits_none(field.annotation))
            and _nothing_to_prune(cast(Any, field.annotation))
            for field in annotation.model_fields.values()
        )
    return issubclass(annotation, str | int | float | bool | enum.Enum | datetime.date)


def _prune_value(value: object, dumped: Any) -> Any:
    if isinstance(value, BaseModel):
        if _nothing_to_prune(type(value)):
            return dumped
        return _prune(value, dumped)
    if isinstance(value, list | tuple):
        return [_prune_value(item, part) for item, part in zip(value, dumped, strict=True)]
    if isinstance(value, dict):
        return {key: _prune_value(value[key], dumped[key]) for key in value}
    return dumped


def to_jsonable(model: BaseModel) -> dict[str, Any]:
    """The JSON object of ``model``: field aliases (``_meta``), optional Nones left out."""
    return _prune(model, model.model_dump(mode="json", by_alias=True))


def dump_json(model: BaseModel) -> bytes:
    """Serialize ``model`` as UTF-8 JSON: sorted keys, 2-space indent, trailing newline.

    Raises:
        SchemaRuntimeError: a float is NaN or infinite (not representable in JSON).
    """
    return (json_text(model) + "\n").encode()


def json_text(model: BaseModel) -> str:
    """``model`` as :func:`dump_json` writes it, without the trailing newline.

    Raises:
        SchemaRuntimeError: a float is NaN or infinite (not representable in JSON).
    """
    try:
        return json.dumps(
            to_jsonable(model), sort_keys=True, indent=2, ensure_ascii=False, allow_nan=False
        )
    except ValueError as exc:
        raise SchemaRuntimeError(
            f"{type(model).__name__} holds a value JSON cannot carry ({exc}); "
            "a metric or latency is NaN or infinite, which is a bug in whatever computed it"
        ) from exc


def write_json_atomic(path: Path, model: BaseModel) -> None:
    """Write :func:`dump_json` of ``model`` to ``path`` via a temp file and ``os.replace``.

    Readers never see a half-written file, and a crash leaves the previous file intact.

    Raises:
        SchemaRuntimeError: the directory is missing or not writable.
    """
    data = dump_json(model)
    temp = path.with_name(f".{path.name}.{os.getpid()}.{threading.get_ident()}.tmp")
    try:
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o666)
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(temp, path)
        finally:
            temp.unlink(missing_ok=True)
    except OSError as exc:
        raise SchemaRuntimeError(
            f"could not write {str(path)!r}: {exc.strerror or exc}; "
            "check that the directory exists and is writable"
        ) from exc


def _where(loc: tuple[int | str, ...]) -> str:
    return "$" + "".join(f"[{part}]" if isinstance(part, int) else f".{part}" for part in loc)


def parse_json(data: bytes | str, model: type[M], *, name: str = "<document>") -> M:
    """Parse and validate a JSON document as ``model``.

    Raises:
        SchemaUserError: invalid JSON or a document the model rejects; the message names
            ``name``, the JSON path of the first problem and what was expected.
    """
    try:
        return model.model_validate_json(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        value = first.get("input")
        got = "" if isinstance(value, dict | list) else f" (got {value!r:.80})"
        more = f" (and {exc.error_count() - 1} more problems)" if exc.error_count() > 1 else ""
        raise SchemaUserError(
            f"{name}: {_where(tuple(first['loc']))}: {first['msg']}{got}{more}; "
            f"fix the document so it is a valid {model.__name__}"
        ) from exc


def read_json(path: Path, model: type[M]) -> M:
    """Read ``path`` and validate it as ``model`` (see :func:`parse_json`).

    Raises:
        SchemaUserError: the file cannot be read or is not a valid ``model``.
    """
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise SchemaUserError(
            f"cannot read {str(path)!r}: {exc.strerror or exc}; check the path"
        ) from exc
    return parse_json(data, model, name=str(path))
