r"""What text may hold and how it is matched: slugs, corpus text, NUL, keywords.

Four rules, each stated once here and applied where text enters or is compared:

* **Slugs** name pages. A slug is one or more segments joined by ``/``; a segment starts with
  a letter or digit (any script) and goes on with letters, digits, ``_`` and ``-``; at most
  :data:`MAX_SLUG_CHARS` characters in all. So ``people/alice-example`` and
  ``people/zoë-ång`` are slugs, and ``../../x``, ``/etc/x``, ``a//b``, ``notes/.hidden``,
  ``a b`` and ``a\b`` are not: a slug can never climb out of, or jump past, the directory its
  page's file is written in, and it survives the ``brain://source/slug`` links pointers are
  rendered as. The pydantic models hold every seeded page to it (:class:`bb_schema.SeedPage`)
  and the engine refuses any other.
* **Corpus text** (every string of a fixture or gold document) holds no control character
  other than tab, line feed and carriage return, and no lone surrogate (half of a UTF-16 pair,
  which JSON can spell as ``\ud800`` but which is not a Unicode character):
  :func:`bad_character` finds the first offender and says what it is.
* **On the wire** no string may hold NUL: PostgreSQL text cannot store it, and a request
  carrying one is the caller's mistake, answered INVALID_ARGUMENT naming the field
  (:func:`find_nul`). Other control characters are carried (a pasted terminal line holds
  escape codes, and a harness must not lose a prompt over them).
* **The keyword rule**: a text *holds* a keyword when the keyword occurs in it as a substring,
  case folded and in Unicode NFC on both sides (:func:`caseless`, :func:`holds_keywords`), so
  "é" typed as one letter or as "e" plus a combining accent is the same text. The scorer, the
  corpus lint and the trust bench all match keywords by it.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Final

from pydantic import BaseModel

#: The longest slug accepted, in characters.
MAX_SLUG_CHARS: Final = 255
#: The grammar in words, for messages.
SLUG_GRAMMAR: Final = (
    "'/'-separated segments of letters, digits, '_' and '-', each starting with a letter or "
    "digit, like 'people/alice-example'"
)

_SEGMENT = r"[^\W_][\w-]*"
_SLUG: Final = re.compile(rf"{_SEGMENT}(?:/{_SEGMENT})*")
#: C0 controls but tab, LF and CR; DEL; C1 controls; UTF-16 surrogates.
_BAD_CHAR: Final = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff]")


def slug_problem(slug: str) -> str | None:
    """Why ``slug`` is not a slug (see the module docs), or None when it is one."""
    if not slug:
        return "a slug cannot be empty"
    if len(slug) > MAX_SLUG_CHARS:
        return f"a slug has at most {MAX_SLUG_CHARS} characters, this one {len(slug)}"
    if _SLUG.fullmatch(slug) is not None:
        return None
    if slug.startswith("/"):
        return "a slug is relative: it cannot start with '/'"
    segments = slug.split("/")
    if any(segment in (".", "..") for segment in segments):
        return "a slug cannot have '.' or '..' segments"
    if "" in segments:
        return "a slug cannot have an empty segment ('//' or a trailing '/')"
    found = bad_character(slug)
    if found is not None:
        return f"a slug cannot hold {found[1]}"
    for segment in segments:
        if not segment[0].isalnum():
            return f"segment {segment!r} must start with a letter or digit"
        odd = next((char for char in segment if not (char.isalnum() or char in "_-")), None)
        if odd is not None:
            return f"{describe_char(odd)} is not allowed in a slug"
    return "it does not follow the slug grammar"


def is_slug(slug: str) -> bool:
    """Whether ``slug`` follows the slug grammar."""
    return slug_problem(slug) is None


def check_slug(slug: str) -> str:
    """``slug`` itself, or ValueError saying what is wrong (a pydantic validator).

    Raises:
        ValueError: ``slug`` breaks the grammar; the message quotes it and the grammar.
    """
    problem = slug_problem(slug)
    if problem is not None:
        shown = slug if len(slug) <= 80 else slug[:77] + "..."
        raise ValueError(f"slug {shown!r} is not valid: {problem}; slugs are {SLUG_GRAMMAR}")
    return slug


def describe_char(char: str) -> str:
    """A character for a message, e.g. ``a NUL character (U+0000)``."""
    code = ord(char)
    if 0xD800 <= code <= 0xDFFF:
        return f"a lone surrogate \\u{code:04x} (half of a UTF-16 pair, not a character)"
    if code == 0:
        return "a NUL character (U+0000)"
    if code < 0x20 or 0x7F <= code <= 0x9F:
        return f"the control character U+{code:04X}"
    name = unicodedata.name(char, "")
    return f"{char!r} (U+{code:04X}{' ' + name if name else ''})"


def bad_character(text: str) -> tuple[int, str] | None:
    """The first character a corpus string may not hold: (offset, description), or None."""
    found = _BAD_CHAR.search(text)
    if found is None:
        return None
    return found.start(), describe_char(found.group())


def find_nul(value: object, path: str = "") -> tuple[str, int] | None:
    """The first string inside ``value`` holding NUL: (its path, the offset), or None.

    ``value`` is a pydantic model (walked field by field), a sequence, a mapping (keys and
    values) or a plain value. Paths read like ``turns[2].text``.
    """
    for where, text in _strings(value, path):
        offset = text.find("\x00")
        if offset >= 0:
            return where or "$", offset
    return None


def _strings(value: object, path: str) -> Iterator[tuple[str, str]]:
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, BaseModel):
        for name in type(value).model_fields:
            yield from _strings(getattr(value, name), f"{path}.{name}" if path else name)
    elif isinstance(value, Mapping):
        for key, item in value.items():
            if isinstance(key, str):
                yield f"{path}[{key!r}] (the key)", key
            yield from _strings(item, f"{path}[{key!r}]")
    elif isinstance(value, Sequence) and not isinstance(value, bytes | bytearray):
        for index, item in enumerate(value):
            yield from _strings(item, f"{path}[{index}]")


__all__ = [
    "MAX_SLUG_CHARS",
    "SLUG_GRAMMAR",
    "bad_character",
    "check_slug",
    "describe_char",
    "find_nul",
    "is_slug",
    "slug_problem",
]


def caseless(text: str) -> str:
    """``text`` as the keyword rule compares it: case folded, in NFC.

    NFD before the fold and NFC after (the canonical caseless match), so the fold of a
    composed letter is composed again.
    """
    return unicodedata.normalize("NFC", unicodedata.normalize("NFD", text).casefold())


def holds_keywords(text: str, keywords: Iterable[str]) -> bool:
    """Whether every keyword occurs in ``text`` under the keyword rule (see the module docs)."""
    haystack = caseless(text)
    return all(caseless(keyword) in haystack for keyword in keywords)
