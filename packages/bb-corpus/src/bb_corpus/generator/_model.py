"""Drafts of fixtures and their gold, written together turn by turn.

A template returns a :class:`Line`: the text of a turn together with what it names and claims.
:class:`Conversation` turns a line into the turn AND its gold in one step, applying the gold
conventions once, here, for every category:

* a user turn naming known pages that were not surfaced earlier in the fixture retrieves them
  (``gold_slugs``); pages it names that were already surfaced are ``acceptable_slugs``, as are
  the named-but-secondary pages the template marks;
* a user turn naming only already-surfaced pages (a re-mention), or nothing the active source
  knows, stays silent;
* a page a turn only refers to (a pronoun for someone already named, a name two pages share)
  is never gold: it is acceptable, on a silent turn as on a retrieving one; so is a page a
  silent turn re-mentions;
* a claim turn carries ``gold_facts`` (and ``should_retrieve: false``, as in the samples).

What a line names, refers to or uses as an ordinary word is decided by the template draw that
wrote it (:mod:`bb_corpus.generator._text`), never by matching its text afterwards.

Serialisation keeps a fixed field order so the committed bytes never depend on dict order.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any, Literal

from bb_schema import FactKind

from bb_corpus.generator._prng import Prng
from bb_corpus.generator._universe import Entity, Page


@dataclass(frozen=True)
class FactSpec:
    """A gold fact; every keyword appears verbatim (case-insensitive) in the turn and fact."""

    gist: str
    fact: str
    entity_slug: str
    keywords: tuple[str, ...]
    kind: FactKind

    def to_json(self) -> dict[str, Any]:
        """The gold ``gold_facts`` entry."""
        return {
            "gist": self.gist,
            "fact": self.fact,
            "entity_slug": self.entity_slug,
            "match_keywords": list(self.keywords),
            "kind": self.kind,
        }


@dataclass(frozen=True)
class Span:
    """Where a name-like word sits in a turn and why the template put it there.

    Attributes:
        start: Offset of the first character in the turn text.
        end: Offset after the last character.
        role: ``mention`` (names the page), ``secondary`` (names it in passing), ``pronoun``
            or ``ambiguous`` (refers to it without naming it), ``use`` (the word in its
            ordinary sense) or ``stranger`` (somebody the brain has no page for).
        slugs: The pages concerned (empty for ``use`` and ``stranger``).
        form: How it is written (``full``, ``surname``, ``misspelled``, ``idiom``...).
    """

    start: int
    end: int
    role: str
    slugs: tuple[str, ...]
    form: str


@dataclass(frozen=True)
class Line:
    """One turn's text plus its annotation, produced by one template draw.

    ``referred`` pages are pointed at without being named (acceptable, never gold);
    ``templates`` are the sentence templates the text was written from, ``spans`` where each
    name-like word of the text sits and ``retracted`` what it took back (statistics and tests
    only, never serialised).
    """

    text: str
    named: tuple[Entity, ...] = ()
    secondary: tuple[Entity, ...] = ()
    facts: tuple[FactSpec, ...] = ()
    referred: tuple[Entity, ...] = ()
    templates: tuple[str, ...] = ()
    spans: tuple[Span, ...] = ()
    #: Words the turn said and then took back (a corrected value): never part of a fact.
    retracted: tuple[str, ...] = ()


@dataclass(frozen=True)
class TurnGoldSpec:
    """Gold of one turn."""

    should_retrieve: bool
    gold: tuple[str, ...] = ()
    acceptable: tuple[str, ...] = ()
    facts: tuple[FactSpec, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """The gold ``turns`` entry.

        Slug lists on retrieving turns; acceptable pages on a silent turn only when it has some.
        """
        out: dict[str, Any] = {"should_retrieve": self.should_retrieve}
        if self.should_retrieve:
            out["gold_slugs"] = list(self.gold)
            out["acceptable_slugs"] = list(self.acceptable)
        elif self.acceptable:
            out["acceptable_slugs"] = list(self.acceptable)
        if self.facts:
            out["gold_facts"] = [fact.to_json() for fact in self.facts]
        return out


@dataclass(frozen=True)
class TurnSpec:
    """One drafted turn and its gold (None: the turn carries no gold entry)."""

    turn_id: int
    role: Literal["user", "assistant"]
    text: str
    ts: str | None
    gold: TurnGoldSpec | None
    #: The line the turn was written from (statistics and tests; never serialised).
    line: Line | None = None

    def to_json(self) -> dict[str, Any]:
        """The fixture ``turns`` entry."""
        out: dict[str, Any] = {"turn_id": self.turn_id, "role": self.role}
        if self.ts is not None:
            out["ts"] = self.ts
        out["text"] = self.text
        return out


@dataclass(frozen=True)
class DecisionSpec:
    """A writer's decision the reader must recall."""

    decision_id: str
    expected_slugs: tuple[str, ...]
    keywords: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        """The gold ``continuity.decisions`` entry."""
        return {
            "decision_id": self.decision_id,
            "expected_slugs": list(self.expected_slugs),
            "match_keywords": list(self.keywords),
        }


class Clock:
    """Timestamps for write-back turns: small steps inside a segment, big gaps between."""

    def __init__(self, start: datetime) -> None:
        self._now = start

    def step(self, rng: Prng, low_s: int = 20, high_s: int = 300) -> str:
        """Advance by a within-segment step and return the new stamp."""
        self._now += timedelta(seconds=rng.between(low_s, high_s))
        return self.stamp()

    def gap(self, rng: Prng) -> str:
        """Advance by more than 30 minutes (a new segment) and return the new stamp."""
        minutes = rng.choice((31, 45, 90, 180, 24 * 60 + 15))
        self._now += timedelta(minutes=minutes, seconds=rng.below(60))
        return self.stamp()

    def stamp(self) -> str:
        """The current time as an RFC 3339 UTC stamp."""
        return self._now.strftime("%Y-%m-%dT%H:%M:%SZ")


@dataclass
class Conversation:
    """Builds turns and gold together; ``known`` is the set of active-source slugs."""

    known: frozenset[str]
    clock: Clock | None = None
    rng: Prng | None = None
    turns: list[TurnSpec] = field(default_factory=list)
    surfaced: set[str] = field(default_factory=set)

    def _ts(self, gap: bool) -> str | None:
        if self.clock is None or self.rng is None:
            return None
        if not self.turns:
            return self.clock.stamp()
        return self.clock.gap(self.rng) if gap else self.clock.step(self.rng)

    def _add(self, role: Literal["user", "assistant"], text: str, gold: TurnGoldSpec | None,
             gap: bool, line: Line | None = None) -> None:  # fmt: skip
        turn_id = len(self.turns) + 1
        self.turns.append(TurnSpec(turn_id, role, text, self._ts(gap), gold, line))

    def ask(self, line: Line) -> None:
        """A retrieval turn: gold follows from what the line names (see module docstring)."""
        named = _unique(e.slug for e in line.named if e.slug in self.known)
        secondary = _unique(e.slug for e in line.secondary if e.slug in self.known)
        referred = _unique(e.slug for e in line.referred if e.slug in self.known)
        new = [slug for slug in named if slug not in self.surfaced]
        if not new:
            # A silent turn: the pages it re-mentions or refers to are no intrusion.
            pointed = tuple(_unique([*named, *secondary, *referred]))
            self._add("user", line.text, TurnGoldSpec(False, acceptable=pointed), False, line)
            return
        acceptable = [s for s in _unique([*named, *secondary]) if s not in new]
        extra = [s for s in referred if s not in new and s not in acceptable]
        gold = TurnGoldSpec(True, tuple(new), (*acceptable, *extra))
        self._add("user", line.text, gold, False, line)
        self.surfaced.update(new, acceptable)

    def note(self, line: Line, *, gap: bool = False) -> None:
        """A write-back turn: claims carry gold facts; a claim-free turn carries no entry."""
        gold = TurnGoldSpec(False, facts=line.facts) if line.facts else None
        self._add("user", line.text, gold, gap, line)

    def say(self, text: str, *, gap: bool = False) -> None:
        """An assistant turn (never gold)."""
        self._add("assistant", text, None, gap)


def _unique(items: Iterable[str]) -> list[str]:
    seen: list[str] = []
    for item in items:
        if item not in seen:
            seen.append(item)
    return seen


@dataclass
class Draft:
    """A whole fixture and its gold, before holdout is assigned."""

    fixture_id: str
    category: str
    variant: str
    suites: tuple[str, ...]
    pages: Sequence[Page]
    turns: Sequence[TurnSpec]
    sources: tuple[str, ...] = ()
    active_source: str | None = None
    seed_facts: Sequence[dict[str, Any]] = ()
    pair: tuple[str, Literal["writer", "reader"]] | None = None
    decisions: Sequence[DecisionSpec] = ()
    canaries: tuple[str, ...] = ()
    holdout: bool = False
    #: Memory-trust fixtures: their steps (fixture) and trust gold (sealed), else empty.
    trust_steps: Sequence[dict[str, Any]] = ()
    trust: dict[str, Any] | None = None

    @property
    def unit(self) -> str:
        """The holdout/sampling unit: the pair id for continuity halves, else the fixture id."""
        return self.pair[0] if self.pair else self.fixture_id

    def fixture_json(self) -> dict[str, Any]:
        """The fixture document in schema v1 field order."""
        out: dict[str, Any] = {
            "schema_version": 1,
            "fixture_id": self.fixture_id,
            "suites": list(self.suites),
            "category": self.category,
        }
        if self.holdout:
            out["holdout"] = True
        if self.pair is not None:
            out["continuity"] = {"pair_id": self.pair[0], "pair_role": self.pair[1]}
        if self.sources:
            out["sources"] = list(self.sources)
        if self.active_source is not None:
            out["active_source"] = self.active_source
        if self.pages:
            out["seed_pages"] = [page.to_json() for page in self.pages]
        if self.seed_facts:
            out["seed_facts"] = [dict(fact) for fact in self.seed_facts]
        out["turns"] = [turn.to_json() for turn in self.turns]
        if self.trust_steps:
            out["trust_steps"] = [dict(step) for step in self.trust_steps]
        return out

    def gold_json(self) -> dict[str, Any]:
        """The sealed gold document, turns in turn order."""
        turns = {str(t.turn_id): t.gold.to_json() for t in self.turns if t.gold is not None}
        out: dict[str, Any] = {"fixture_id": self.fixture_id, "turns": turns}
        if self.pair is not None and self.decisions:
            out["continuity"] = {
                "pair_id": self.pair[0],
                "decisions": [decision.to_json() for decision in self.decisions],
            }
        if self.trust is not None:
            out["trust"] = self.trust
        return out
