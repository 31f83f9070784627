"""The independent scan: which stores and files of a store dump hold a piece of text.

The system under test hands over everything it keeps (``DumpStores``); the bench does the
matching itself, so a scan never relies on the system's own account of a purge. The reference
engine's dump is every text-bearing column of every table (read from ``information_schema``)
and the canonical files of its git-backed source.

Matching is case-insensitive with any run of whitespace between the claim's words; an index
phrase (a full-text index's word sequence) matches when it holds the claim's words, lower-cased
and stripped of punctuation, as a phrase.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from bb_schema.trust import TrustTier
from bb_schema.trust_seam import StoreDump, StoreRecord, StoreRole

CANONICAL_FILES: Final = "canonical_files"
_WORD: Final = re.compile(r"[^\W_]+", re.UNICODE)


@dataclass(frozen=True)
class Holdings:
    """Where a text was found: records per store, and canonical files (relative paths)."""

    rows: dict[str, int]
    files: tuple[str, ...]

    @property
    def stores(self) -> frozenset[str]:
        """Stores holding it, plus ``canonical_files`` when a file does."""
        names = {store for store, count in self.rows.items() if count}
        if self.files:
            names.add(CANONICAL_FILES)
        return frozenset(names)

    @property
    def row_count(self) -> int:
        """Records holding it, summed over stores (a record counts once)."""
        return sum(self.rows.values())

    def where(self) -> tuple[str, ...]:
        """``store (n rows)`` and file paths, for failure reasons."""
        tables = [
            f"{t} ({n} row{'s' if n != 1 else ''})" for t, n in sorted(self.rows.items()) if n
        ]
        return (*tables, *(f"file {path}" for path in self.files))


def claim_pattern(claim: str) -> str:
    """The regular expression every scan uses: the claim's words, any whitespace between."""
    return r"\s+".join(re.escape(word) for word in claim.split())


def _words(text: str) -> str:
    return " ".join(word.casefold() for word in _WORD.findall(text))


class Matcher:
    """One claim, matched against text values and index phrases."""

    def __init__(self, claim: str) -> None:
        self._pattern = re.compile(claim_pattern(claim), re.IGNORECASE)
        self._phrase = f" {_words(claim)} "

    def text(self, value: str) -> bool:
        """A text value holds the claim."""
        return self._pattern.search(value) is not None

    def record(self, record: StoreRecord) -> bool:
        """A record holds the claim in any of its texts or index phrases."""
        if any(self.text(value) for value in record.texts):
            return True
        return self._phrase.strip() != "" and any(
            self._phrase in f" {phrase.casefold()} " for phrase in record.phrases
        )


def holdings(
    dump: StoreDump, claim: str, *, roles: Iterable[StoreRole] | None = None, files: bool = True
) -> Holdings:
    """Records per store (optionally of some roles) and files holding ``claim``."""
    wanted = None if roles is None else set(roles)
    match = Matcher(claim)
    rows: dict[str, int] = {}
    for record in dump.records:
        if wanted is not None and record.role not in wanted:
            continue
        if match.record(record):
            rows[record.store] = rows.get(record.store, 0) + 1
    found = tuple(f.path for f in dump.files if match.text(f.content)) if files else ()
    return Holdings(rows=rows, files=found)


def stored_tiers(dump: StoreDump, text: str) -> list[TrustTier]:
    """The tier on every record holding ``text`` (aggregate records, like a page row, excluded)."""
    match = Matcher(text)
    return [
        r.tier for r in dump.records if r.tier is not None and not r.aggregate and match.record(r)
    ]


def tier_of(dump: StoreDump, ref: str) -> TrustTier | None:
    """The tier stored on the record behind ``ref`` (None when gone or untiered)."""
    for record in dump.records:
        if record.ref == ref:
            return record.tier
    return None


__all__ = [
    "CANONICAL_FILES",
    "Holdings",
    "Matcher",
    "claim_pattern",
    "holdings",
    "stored_tiers",
    "tier_of",
]
