"""Parsing one corpus document into its model, with every problem as a located issue.

The bytes are parsed twice on purpose: ``json.loads`` gives line/column for syntax errors,
finds repeated keys (which both parsers would silently collapse to the last value) and gold
keys anywhere in a fixture; ``model_validate_json`` is the schema authority (bb_schema's
models in JSON mode). Both are C-speed, and the tree walk only runs when the parse hook saw
something worth reporting.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from typing import Any, TypeVar

from bb_schema.text import bad_character
from pydantic import BaseModel, ValidationError
from pydantic_core import ErrorDetails

from bb_corpus._errors import ROOT, CorpusIssue
from bb_corpus._files import CorpusFile
from bb_corpus._jsonpath import allowed_keys, json_path

M = TypeVar("M", bound=BaseModel)

#: Keys that carry gold. Any of them inside a fixture means gold is leaking to adapters.
GOLD_KEYS = frozenset({"gold", "should_retrieve", "acceptable_slugs", "decisions"})
_GOLD_MARKERS = tuple(f'"{key}' for key in sorted(GOLD_KEYS))
_MAX_ISSUES_PER_FILE = 100
_SHOW_LIMIT = 60
_OBJECT_TYPES = frozenset({"model_type", "dict_type", "model_attributes_type"})


#: Marks bytes that did not parse as JSON at all.
NOT_JSON: Any = object()


class _Repeated(dict[str, Any]):
    """A JSON object in which some key appeared more than once."""

    repeated: tuple[str, ...] = ()


def _is_gold_key(key: str) -> bool:
    return key in GOLD_KEYS or key.startswith("gold_")


def _reject_constant(name: str) -> float:
    raise ValueError(f"{name} is not valid JSON")


def _show(value: Any) -> str:
    """A short rendering of an offending input value for a message."""
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, list):
        return "a list"
    text = repr(value)
    return text if len(text) <= _SHOW_LIMIT else text[: _SHOW_LIMIT - 3] + "..."


class _Scan:
    """State of one ``json.loads`` call: did the hook see something to locate?"""

    def __init__(self, file: CorpusFile, text: str, model: type[BaseModel]) -> None:
        # Every gold key starts with one of these once quoted; a \u escape could spell one.
        self.look_for_gold = file.kind == "fixtures" and (
            "\\u" in text or any(marker in text for marker in _GOLD_MARKERS)
        )
        self.stem = file.stem
        self.model = model
        self.flagged = False

    def hook(self, pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        obj = dict(pairs)
        if len(obj) != len(pairs):
            self.flagged = True
            seen: set[str] = set()
            repeated: list[str] = []
            for key, _ in pairs:
                if key in seen:
                    repeated.append(key)
                seen.add(key)
            marked = _Repeated(obj)
            marked.repeated = tuple(repeated)
            return marked
        if self.look_for_gold and any(_is_gold_key(key) for key in obj):
            self.flagged = True
        return obj


def _walk(node: Any, loc: tuple[int | str, ...], scan: _Scan, out: list[tuple[str, str]]) -> None:
    """Locate repeated keys and (in fixtures) gold keys; appends (path, message) pairs."""
    if isinstance(node, dict):
        if isinstance(node, _Repeated):
            for key in sorted(set(node.repeated)):
                out.append(
                    (
                        json_path((*loc, key), scan.model),
                        f"key {key!r} appears more than once; keep one",
                    )
                )
        for key, value in node.items():
            if scan.look_for_gold and _is_gold_key(key):
                out.append(
                    (
                        json_path((*loc, key), scan.model),
                        f"gold is sealed: move it to {scan.stem}.gold.json",
                    )
                )
            _walk(value, (*loc, key), scan, out)
    elif isinstance(node, list):
        for index, value in enumerate(node):
            _walk(value, (*loc, index), scan, out)


def _load_tree(file: CorpusFile, model: type[BaseModel]) -> tuple[Any, list[tuple[str, str]]]:
    """Parse the bytes as JSON; returns (tree, [(path, message)]).

    The tree is :data:`NOT_JSON` when the bytes are not JSON (``None`` is a valid document:
    ``null``, which the model then rejects).
    """
    try:
        text = file.data.decode("utf-8")
    except UnicodeDecodeError as error:
        return NOT_JSON, [
            (ROOT, f"not UTF-8 (invalid byte at offset {error.start}); save as UTF-8")
        ]
    scan = _Scan(file, text, model)
    try:
        tree = json.loads(text, object_pairs_hook=scan.hook, parse_constant=_reject_constant)
    except json.JSONDecodeError as error:
        where = f"line {error.lineno}, column {error.colno}"
        return NOT_JSON, [(ROOT, f"invalid JSON at {where}: {error.msg}")]
    except RecursionError:
        return NOT_JSON, [(ROOT, "invalid JSON: nested too deeply")]
    except ValueError as error:
        return NOT_JSON, [(ROOT, f"invalid JSON: {error}")]
    found: list[tuple[str, str]] = []
    if scan.flagged:
        _walk(tree, (), scan, found)
    if "\\u" in text:  # raw control characters are JSON errors; escapes can spell them
        found.extend(_bad_text(tree, (), model))
    return tree, found


def _bad_text(
    node: Any, loc: tuple[int | str, ...], model: type[BaseModel]
) -> Iterator[tuple[str, str]]:
    """Strings (keys included) holding a control character or a lone surrogate."""
    if isinstance(node, str):
        bad = bad_character(node)
        if bad is not None:
            offset, what = bad
            fix = (
                "write the character itself, or both halves of its pair"
                if "surrogate" in what
                else "remove it"
            )
            yield json_path(loc, model), f"text holds {what} at offset {offset}; {fix}"
    elif isinstance(node, dict):
        for key, value in node.items():
            if bad_character(key) is not None:
                yield from _bad_text(key, (*loc, key), model)
            yield from _bad_text(value, (*loc, key), model)
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _bad_text(value, (*loc, index), model)


def _duplicate_turn_ids(tree: Any) -> list[tuple[str, str]]:
    """Repeated ``turn_id`` values, located at the later occurrence."""
    turns = tree.get("turns") if isinstance(tree, dict) else None
    if not isinstance(turns, list):
        return []
    first: dict[int, int] = {}
    found: list[tuple[str, str]] = []
    for index, turn in enumerate(turns):
        turn_id = turn.get("turn_id") if isinstance(turn, dict) else None
        if not isinstance(turn_id, int) or isinstance(turn_id, bool):
            continue
        if turn_id in first:
            message = f"duplicate turn_id {turn_id!r} (first at turns[{first[turn_id]}]); renumber"
            found.append((json_path(("turns", index, "turn_id")), message))
        else:
            first[turn_id] = index
    return found


def _error_message(error: ErrorDetails, model: type[BaseModel]) -> str:
    """Turn one pydantic error into "what is wrong, what was expected"."""
    loc: Sequence[int | str] = error["loc"]
    kind = error["type"]
    if kind == "missing":
        return f"missing required key {loc[-1]!r}" if loc else "missing"
    if kind == "extra_forbidden":
        keys = allowed_keys(model, loc[:-1])
        expected = f"; expected one of: {', '.join(keys)}" if keys else ""
        return f"unknown key {loc[-1]!r}{expected}"
    if kind == "json_invalid":
        return f"invalid JSON: {error.get('ctx', {}).get('error', error['msg'])}"
    if kind in _OBJECT_TYPES:
        return f"expected a JSON object, got {_show(error['input'])}"
    message = error["msg"]
    if kind == "value_error":
        message = message.removeprefix("Value error, ")
        if loc and loc[-1] == "ts" and "offset" not in message:
            message += "; expected an RFC 3339 timestamp such as '2026-03-02T17:00:00Z'"
        return message
    if message.startswith("Input should be "):
        message = "expected " + message.removeprefix("Input should be ")
    return f"{message}, got {_show(error['input'])}"


def parse_document(file: CorpusFile, model: type[M]) -> tuple[M | None, list[CorpusIssue]]:
    """Validate one file against ``model``.

    Args:
        file: The file, already read.
        model: ``Fixture`` or ``Gold``; fixtures are also scanned for gold keys at any depth.

    Returns:
        The model (None when invalid) and the file's issues, sorted, at most 100 of them plus
        a note of how many more were cut (a corrupt file should not drown the rest).
    """
    gold_scan = file.kind == "fixtures"
    tree, found = _load_tree(file, model)
    parsed: M | None = None
    if tree is not NOT_JSON:
        duplicates = _duplicate_turn_ids(tree) if gold_scan else []
        found.extend(duplicates)
        located = {path for path, _ in found}
        bad_text = any(message.startswith("text holds") for _, message in found)
        try:
            parsed = model.model_validate_json(file.data)
        except ValidationError as invalid:
            for error in invalid.errors(include_url=False):
                path = json_path(error["loc"], model)
                if error["type"] == "extra_forbidden" and path in located:
                    continue  # already reported as sealed gold / repeated key
                if duplicates and not error["loc"] and error["type"] == "value_error":
                    continue  # the model's own duplicate-turn check, located above
                if bad_text and error["type"] == "json_invalid":
                    continue  # a lone surrogate, located above
                found.append((path, _error_message(error, model)))
        if found:
            parsed = None
    issues = sorted({CorpusIssue(file.display, path, message) for path, message in found})
    if len(issues) > _MAX_ISSUES_PER_FILE:
        cut = len(issues) - _MAX_ISSUES_PER_FILE
        issues = issues[:_MAX_ISSUES_PER_FILE]
        issues.append(CorpusIssue(file.display, ROOT, f"{cut} more errors in this file not shown"))
    return parsed, issues
