"""Matching a claim inside text, and the hash-only tombstone a purge leaves behind.

A text "holds" a claim when, casefolded and with whitespace collapsed, it contains the claim
as a substring, or when its word sequence contains the claim's word sequence (so punctuation
and line breaks do not hide it). A tombstone keeps only the SHA-256 of the claim's word
sequence and its length: it can recognise the claim again without storing it.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

_WORD = re.compile(r"\w+")
_SPACE = re.compile(r"\s+")
_BLANK_LINE = re.compile(r"\n[ \t]*\n")


def _fold(text: str) -> str:
    return unicodedata.normalize("NFKC", text).casefold()


def words(text: str) -> list[str]:
    """The casefolded word sequence of ``text``."""
    return _WORD.findall(_fold(text))


def collapsed(text: str) -> str:
    """Casefolded, whitespace collapsed to single spaces, stripped."""
    return _SPACE.sub(" ", _fold(text)).strip()


def _digest(sequence: Sequence[str]) -> str:
    return hashlib.sha256(" ".join(sequence).encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class Tombstone:
    """A purged claim, recognisable by hash alone."""

    sha256: str
    token_count: int

    def matches(self, text: str) -> bool:
        """True when ``text``'s word sequence contains the purged claim's."""
        seq = words(text)
        n = self.token_count
        if n == 0 or len(seq) < n:
            return False
        return any(_digest(seq[i : i + n]) == self.sha256 for i in range(len(seq) - n + 1))


@dataclass(frozen=True)
class Claim:
    """A claim to purge, with both matching forms precomputed."""

    text: str

    @property
    def folded(self) -> str:
        """The collapsed form used for substring matching."""
        return collapsed(self.text)

    @property
    def tombstone(self) -> Tombstone:
        """The hash-only form kept after the purge."""
        seq = words(self.text)
        return Tombstone(_digest(seq), len(seq))

    def held_by(self, text: str | None) -> bool:
        """True when ``text`` holds the claim (substring or word sequence)."""
        if not text:
            return False
        folded = self.folded
        if folded and folded in collapsed(text):
            return True
        return self.tombstone.matches(text)

    def like_patterns(self) -> list[str]:
        """ILIKE patterns every holding text matches (a cheap SQL prefilter)."""
        return [f"%{_escape_like(word)}%" for word in words(self.text)] or [
            f"%{_escape_like(self.folded)}%"
        ]


def _escape_like(word: str) -> str:
    return word.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


class Matcher:
    """Anything that can tell whether a text holds a (purged) claim."""

    def __init__(self, claims: Iterable[Claim] = (), tombstones: Iterable[Tombstone] = ()):
        self.claims = list(claims)
        self.tombstones = list(tombstones)

    def __bool__(self) -> bool:
        return bool(self.claims or self.tombstones)

    def holds(self, text: str | None) -> bool:
        """True when ``text`` holds any of the claims or tombstones."""
        if not text:
            return False
        return any(c.held_by(text) for c in self.claims) or any(
            t.matches(text) for t in self.tombstones
        )


def scrub(text: str, matcher: Matcher) -> tuple[str, int]:
    """Drop every line holding a claim; a claim spread over lines drops its paragraph.

    Returns:
        The scrubbed text and the number of lines removed.
    """
    if not matcher or not matcher.holds(text):
        return text, 0
    removed = 0
    kept_lines: list[str] = []
    for line in text.splitlines(keepends=True):
        if matcher.holds(line):
            removed += 1
        else:
            kept_lines.append(line)
    result = "".join(kept_lines)
    if matcher.holds(result):  # spread over several lines: drop whole paragraphs
        parts = _BLANK_LINE.split(result)
        kept = [part for part in parts if not matcher.holds(part)]
        removed += sum(part.count("\n") + 1 for part in parts if matcher.holds(part))
        result = "\n\n".join(kept)
        if result and text.endswith("\n") and not result.endswith("\n"):
            result += "\n"
    if matcher.holds(result):  # the claim straddles paragraphs: nothing of it may stay
        removed += result.count("\n") + 1
        result = ""
    return result, removed
