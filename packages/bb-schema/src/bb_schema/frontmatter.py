"""Page frontmatter, read the one way the engine and corpus validation both read it.

A page is markdown that may open with a YAML block between ``---`` lines::

    ---
    title: Widget Co
    type: company
    aliases: [widget, wco]
    summary: Codename Apple: replacing the tills
    ---
    The body.

Notes are written by people, and people write ``summary: Codename Apple: replacing the tills``
(a colon inside an unquoted value), which is not valid YAML. So the block is read in two steps:

1. **strict YAML** (``yaml.safe_load``); a block that parses is taken as YAML says;
2. otherwise, **line by line**: every non-blank line that is not a ``#`` comment must be a
   top-level ``key: value`` line (the key starts the line: letters, digits, ``_``, ``-``,
   ``.``). A line that is valid YAML on its own is read as YAML (numbers, quoted strings,
   ``[a, b]`` lists keep their YAML meaning); any other line's value is everything after the
   first ``: `` with surrounding spaces removed, and a value written ``[a, b]`` is a list split
   at the commas. A key with no value is null.

A block of plain ``key: value`` lines only (a value a letter opens, with no character YAML
gives a meaning there, or a ``[a, b]`` list of such) is what YAML reads it as without YAML
(:func:`_plain_block`): most pages are written so, and importing PyYAML costs a run about
eight milliseconds before its first turn.

Only a block that neither step can read is an error (:class:`FrontmatterError`, with the line
number in the page). The page's own text is never rewritten: a foreign memory system receives
it exactly as written.

The known keys then have types (:func:`page_fields`): ``title``, ``type`` and ``summary`` are
text (a number is read as its text, a boolean or a structure is an error), ``aliases`` is a
name or a list of names. Other keys are kept as plain JSON values.
"""

from __future__ import annotations

import datetime as dt
import functools
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import ModuleType
from typing import TYPE_CHECKING, Any, Final

from bb_schema._errors import SchemaUserError

if TYPE_CHECKING:
    import yaml

#: The keys the engine models; the rest are kept as they are.
KNOWN_KEYS: Final = frozenset({"title", "type", "aliases", "summary"})

_BLOCK = re.compile(r"\A\ufeff?---[ \t]*\r?\n(.*?)^(?:---|\.\.\.)[ \t]*(?:\r?\n|\Z)", re.S | re.M)
_KEY_LINE = re.compile(
    r"(?P<key>[A-Za-z0-9_][A-Za-z0-9_.-]*)[ \t]*:(?:[ \t]+(?P<value>.*?))?[ \t]*"
)


@functools.cache
def _yaml() -> ModuleType:
    """PyYAML, imported by the first page that has a frontmatter block (most have none)."""
    import yaml

    return yaml


class FrontmatterError(SchemaUserError):
    """A frontmatter block nothing can read, or a known key of the wrong type.

    Attributes:
        line: 1-based line of the page the problem is on (None for a key's type).
        key: The known key whose value is wrong (None for an unreadable block).
    """

    def __init__(self, message: str, *, line: int | None = None, key: str | None = None) -> None:
        super().__init__(message)
        self.line = line
        self.key = key


@dataclass(frozen=True)
class Frontmatter:
    """A page split into its frontmatter values and its body.

    Attributes:
        meta: Top-level keys and their values (empty when the page has no block).
        body: The text after the block (the whole page when there is none).
        lenient: True when the block was read line by line (it is not valid YAML).
    """

    meta: dict[str, Any]
    body: str
    lenient: bool = False


@dataclass(frozen=True)
class PageFields:
    """The known keys of a page's frontmatter, typed; ``extra`` holds the other keys."""

    title: str | None = None
    page_type: str | None = None
    summary: str | None = None
    aliases: tuple[str, ...] = ()
    extra: dict[str, Any] = field(default_factory=dict)


def parse_frontmatter(content: str) -> Frontmatter:
    """Split ``content`` into frontmatter values and body (see the module docs).

    Raises:
        FrontmatterError: The block is neither YAML nor ``key: value`` lines, or it is YAML
            but not a mapping; the message names the line.
    """
    match = _BLOCK.match(content)
    if match is None:
        return Frontmatter({}, content)
    block = match.group(1)
    body = content[match.end() :]
    plain = _plain_block(block)
    if plain is not None:
        return Frontmatter(plain, body)
    try:
        loaded = _load_yaml(block)
    except _yaml().YAMLError as exc:
        return Frontmatter(_line_by_line(block, exc), body, lenient=True)
    if loaded is None:
        return Frontmatter({}, body)
    if not isinstance(loaded, dict):
        raise FrontmatterError(
            f"frontmatter must be a mapping of keys, got {type(loaded).__name__}; "
            "write e.g. 'title: Alice Example'",
            line=2,
        )
    return Frontmatter({str(key): value for key, value in loaded.items()}, body)


#: YAML's longest simple key: a longer one is an error there ("mapping values are not allowed").
MAX_SIMPLE_KEY: Final = 1024
#: A top-level ``key: value`` line whose value YAML reads as the text itself: it opens with a
#: letter and holds no character that means something to YAML there (no ``:`` or ``#``, no
#: control character or line break), or a flow list ``[a, b]`` of such items (no brackets,
#: braces, commas or question marks inside them either).
_NOT_PLAIN = r"\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff\ufeff\ufffe\uffff:#"
_TEXT = rf"[^\W\d_][^{_NOT_PLAIN}]*?"
_ITEM = rf"[^\W\d_][^{_NOT_PLAIN},?\[\]{{}}]*?"
_PLAIN_LINE = re.compile(
    rf"(?P<key>[A-Za-z_][A-Za-z0-9_-]{{0,{MAX_SIMPLE_KEY - 1}}}): +"
    rf"(?:\[(?P<items>(?:{_ITEM}(?: *, *{_ITEM})*)?)\]|(?P<text>{_TEXT})) *"
)
#: Words YAML 1.1 reads as a boolean or null, not as text (PyYAML's resolver).
_NOT_TEXT: Final = frozenset(
    """yes Yes YES no No NO true True TRUE false False FALSE on On ON off Off OFF
    null Null NULL""".split()
)


def _plain_block(block: str) -> dict[str, Any] | None:
    """The block's values when every line is a plain ``key: value`` line, else None.

    Exactly what ``yaml.safe_load`` returns for such a block (a test compares them); anything
    else, a blank line or a comment included, is left to YAML.
    """
    meta: dict[str, Any] = {}
    for line in block.removesuffix("\n").split("\n"):
        found = _PLAIN_LINE.fullmatch(line.removesuffix("\r"))
        if found is None or found["key"] in _NOT_TEXT or found["key"] in meta:
            return None
        if found["text"] is not None:
            if found["text"] in _NOT_TEXT:
                return None
            meta[found["key"]] = found["text"]
            continue
        items = [item.strip(" ") for item in (found["items"] or "").split(",")]
        items = [item for item in items if item]
        if any(item in _NOT_TEXT for item in items):
            return None
        meta[found["key"]] = items
    return meta if meta else None


def _load_yaml(text: str) -> Any:
    """``yaml.safe_load``, through libyaml when the wheel has it (about 3x faster on seeds).

    Both loaders share the safe constructor, so a document yields the same values; a document
    libyaml rejects is parsed again by the pure loader, so acceptance is the pure loader's.
    """
    yaml = _yaml()
    fast: Any = getattr(yaml, "CSafeLoader", None)
    if fast is not None:
        try:
            return yaml.load(text, Loader=fast)
        except yaml.YAMLError:
            pass
    return yaml.safe_load(text)


def _line_by_line(block: str, cause: yaml.YAMLError) -> dict[str, Any]:
    """The fallback reading: one top-level ``key: value`` per line."""
    meta: dict[str, Any] = {}
    for number, line in enumerate(block.splitlines(), start=2):
        text = line.rstrip("\r")
        if not text.strip() or text.lstrip().startswith("#"):
            continue
        found = _KEY_LINE.fullmatch(text)
        if found is None:
            shown = text if len(text) <= 60 else text[:57] + "..."
            raise FrontmatterError(
                f"frontmatter is not valid YAML ({_first_line(cause)}) and line {number} "
                f"({shown!r}) is not a top-level 'key: value' line either; quote the value or "
                "fix the line",
                line=number,
            )
        key = found["key"]
        meta[key] = _line_value(text, key, found["value"])
    return meta


def _line_value(line: str, key: str, raw: str | None) -> Any:
    try:
        alone = _load_yaml(line)
    except _yaml().YAMLError:
        alone = None
    if isinstance(alone, dict) and len(alone) == 1 and str(next(iter(alone))) == key:
        return next(iter(alone.values()))
    if raw is None or not raw:
        return None
    if raw.startswith("[") and raw.endswith("]"):
        items = [_unquote(item.strip()) for item in raw[1:-1].split(",")]
        return [item for item in items if item]
    return _unquote(raw)


def _unquote(text: str) -> str:
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "'\"":
        return text[1:-1]
    return text


def _first_line(exc: Exception) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__


def page_fields(meta: Mapping[str, Any]) -> PageFields:
    """The known keys of ``meta`` with their types checked; other keys as JSON values.

    Raises:
        FrontmatterError: ``title``, ``type`` or ``summary`` is not text, or ``aliases`` is
            not a name or a list of names (``key`` names it).
    """
    return PageFields(
        title=_optional_text(meta, "title"),
        page_type=_optional_text(meta, "type"),
        summary=_optional_text(meta, "summary"),
        aliases=_aliases(meta.get("aliases")),
        extra={key: _jsonable(value) for key, value in meta.items() if key not in KNOWN_KEYS},
    )


def _optional_text(meta: Mapping[str, Any], key: str) -> str | None:
    value = meta.get(key)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, str | int | float):
        raise FrontmatterError(
            f"frontmatter {key!r} must be text, got {_short(value)}; quote it", key=key
        )
    text = str(value).strip()
    return text or None


def _aliases(value: Any) -> tuple[str, ...]:
    if value is None:
        return ()
    items = [value] if isinstance(value, str) else value
    if not isinstance(items, list) or not all(isinstance(item, str | int) for item in items):
        raise FrontmatterError(
            f"frontmatter 'aliases' must be a list of names, got {_short(value)}; "
            "write e.g. 'aliases: [alice, al]'",
            key="aliases",
        )
    return tuple(str(item).strip() for item in items if str(item).strip())


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


def _jsonable(value: Any) -> Any:
    """YAML can hold dates and odd keys; keep unknown frontmatter as plain JSON values."""
    if isinstance(value, dt.date | dt.datetime):
        return value.isoformat()
    if isinstance(value, Mapping):
        return {str(key): _jsonable(item) for key, item in value.items()}
    if isinstance(value, list | tuple | set):
        return [_jsonable(item) for item in value]
    if value is None or isinstance(value, str | int | float | bool):
        return value
    return str(value)


__all__ = [
    "KNOWN_KEYS",
    "Frontmatter",
    "FrontmatterError",
    "PageFields",
    "page_fields",
    "parse_frontmatter",
]
