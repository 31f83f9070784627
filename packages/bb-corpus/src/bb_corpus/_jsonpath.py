"""JSON paths for error messages, and the keys a model allows at a path.

Paths read like the document: ``turns[2].ts`` for a list item's key, ``turns["3"]`` for a
mapping key that is not an identifier, ``$`` for the whole document. pydantic reports
locations as tuples; :func:`json_path` maps one onto this form so a loader error points at the
same place an editor's JSON outline shows.
"""

from __future__ import annotations

import json
import types
from collections.abc import Sequence
from typing import Annotated, Any, Union, get_args, get_origin

from pydantic import BaseModel

from bb_corpus._errors import ROOT


def json_path(loc: Sequence[int | str], model: type[BaseModel] | None = None) -> str:
    """Render a location tuple (pydantic ``loc`` or our own walk) as a JSON path.

    Args:
        loc: The location, outermost first.
        model: The document's root model. When given, keys of mapping fields are always
            written in brackets (``turns["x"]``), so a mapping key never reads as a field.
    """
    out: list[str] = []
    current: list[Any] = [model] if model is not None else []
    for part in loc:
        if isinstance(part, int):
            out.append(f"[{part}]")
        elif part.isidentifier() and part.isascii() and not _is_mapping(current):
            out.append(f".{part}" if out else part)
        else:
            out.append(f"[{json.dumps(part)}]")
        current = [reached for annotation in current for reached in _step(annotation, part)]
    return "".join(out) or ROOT


def _is_mapping(annotations: list[Any]) -> bool:
    return any(
        get_origin(candidate) is dict
        for annotation in annotations
        for candidate in _unwrap(annotation)
    )


def _unwrap(annotation: Any) -> list[Any]:
    """The concrete types an annotation may hold (Annotated and unions flattened, None dropped)."""
    origin = get_origin(annotation)
    if origin is Annotated:
        return _unwrap(get_args(annotation)[0])
    if origin is Union or origin is types.UnionType:
        found: list[Any] = []
        for arg in get_args(annotation):
            if arg is not type(None):
                found.extend(_unwrap(arg))
        return found
    return [annotation]


def _step(annotation: Any, part: int | str) -> list[Any]:
    """The annotations reached by following one location element into ``annotation``."""
    reached: list[Any] = []
    for candidate in _unwrap(annotation):
        origin = get_origin(candidate)
        args = get_args(candidate)
        if isinstance(candidate, type) and issubclass(candidate, BaseModel):
            if isinstance(part, str):
                for name, info in candidate.model_fields.items():
                    if part in (name, info.alias):
                        reached.append(info.annotation)
        elif origin in (list, tuple, set, frozenset) and isinstance(part, int) and args:
            reached.append(args[0])
        elif origin is dict and isinstance(part, str) and len(args) == 2:
            reached.append(args[1])
    return reached


def allowed_keys(model: type[BaseModel], loc: Sequence[int | str]) -> list[str] | None:
    """The keys the object at ``loc`` may carry, or None when that object is not a model.

    Args:
        model: The document's root model.
        loc: Location of the object (not of the offending key).

    Returns:
        Sorted key names (aliases where declared), for "expected one of ..." messages.
    """
    current: list[Any] = [model]
    for part in loc:
        current = [reached for annotation in current for reached in _step(annotation, part)]
    keys: set[str] = set()
    for annotation in current:
        for candidate in _unwrap(annotation):
            if isinstance(candidate, type) and issubclass(candidate, BaseModel):
                keys.update(info.alias or name for name, info in candidate.model_fields.items())
    return sorted(keys) or None
