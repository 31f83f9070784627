"""The extractor seam: one interface, chosen per request, built per conversation.

An extractor turns one :class:`Segment` into facts. Extractors that need configuration or
database reads (entity resolution) are built by a factory from an :class:`ExtractionContext`
before any fact is written; everything after the seam (batching, dedup, provenance) is the
same shipped pipeline whichever extractor ran.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Protocol

from bb_schema.turn_context import ExtractedFact, InjectedExtraction, WriteBackRequest

from bb_brain.writeback._db import Connection
from bb_brain.writeback._entities import EntityIndex
from bb_brain.writeback._errors import ExtractorUnavailable
from bb_brain.writeback._rules import RulesExtractor
from bb_brain.writeback._segment import Segment

_SPACE = re.compile(r"\s+")


class Extractor(Protocol):
    """Turns one conversation segment into the facts it states."""

    def extract(self, segment: Segment) -> list[ExtractedFact]:
        """Return the segment's facts, in conversation order."""
        ...


@dataclass
class ExtractionContext:
    """What a factory may use to build an extractor for one write-back.

    ``conn`` is only valid while the factory runs: factories read what they need (the
    entity index) eagerly, so extraction itself, which may call a remote model, never holds
    a database connection or transaction open.
    """

    request: WriteBackRequest
    conn: Connection
    _entities: EntityIndex | None = field(default=None, repr=False)

    def entities(self) -> EntityIndex:
        """The request source's entity index, loaded once per write-back."""
        if self._entities is None:
            self._entities = EntityIndex.load(self.conn, self.request.brain_id, self.request.source)
        return self._entities


ExtractorFactory = Callable[[ExtractionContext], Extractor]


class GoldExtractor:
    """Deterministic mode: emit exactly the injected facts of the turns in the segment.

    A fact is emitted for a segment when its ``turn_text`` is, verbatim, the text of a turn in
    that segment (both in one form: the pipeline puts them so, :mod:`bb_brain._read_form`); nothing
    else is ever emitted and no model is called. Facts come out in turn order, each distinct
    turn text once per segment.
    """

    def __init__(self, injected: list[InjectedExtraction]) -> None:
        self._by_text: dict[str, list[ExtractedFact]] = {}
        for item in injected:
            self._by_text.setdefault(item.turn_text, []).extend(item.facts)

    def extract(self, segment: Segment) -> list[ExtractedFact]:
        """The injected facts whose turn text is a turn of ``segment``."""
        facts: list[ExtractedFact] = []
        seen: set[str] = set()
        for turn in segment.turns:
            if turn.text in seen:
                continue
            seen.add(turn.text)
            facts.extend(self._by_text.get(turn.text, []))
        return facts


def _gold_factory(context: ExtractionContext) -> Extractor:
    return GoldExtractor(context.request.injected)


def _rules_factory(context: ExtractionContext) -> Extractor:
    return RulesExtractor(context.entities())


def default_extractors() -> dict[str, ExtractorFactory]:
    """The extractors that need no configuration: ``gold`` and ``rules``."""
    return {"gold": _gold_factory, "rules": _rules_factory}


def resolve_extractor(
    name: str, extractors: Mapping[str, ExtractorFactory] | None
) -> ExtractorFactory:
    """The factory for ``name``: the caller's registry first, then the defaults."""
    registry = {**default_extractors(), **(extractors or {})}
    factory = registry.get(name)
    if factory is None:
        hint = (
            "build one with bb_brain.writeback.llm_extractors(LlmConfig.from_env(), "
            "LlmBudget(usd)) and pass it as extractors="
            if name == "llm"
            else "use one of " + ", ".join(sorted(registry))
        )
        raise ExtractorUnavailable(f"extractor {name!r} is not configured here; {hint}")
    return factory


def normalise_fact(text: str) -> str:
    """The dedup form of a fact: NFKC, case-folded, whitespace collapsed, end punctuation off."""
    folded = unicodedata.normalize("NFKC", text).casefold()
    return _SPACE.sub(" ", folded).strip().strip(".!?;:,").strip()
