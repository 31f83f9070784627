"""The loaded corpus: public fixtures for everyone, sealed gold for scoring only.

Gold never travels with a fixture. :class:`LoadedCorpus` keeps it behind
:meth:`LoadedCorpus.gold_for`, so reaching gold is an explicit, greppable act, and what adapters
receive is an :class:`AdapterFixtureView`: the fixture minus suites, category, holdout and
continuity bookkeeping, with turns as :class:`bb_schema.PublicTurn` (turn_id, role, text, ts).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import NamedTuple

from bb_schema import Fixture, Gold, PublicTurn, SeedFact, SeedPage
from pydantic import BaseModel, ConfigDict

from bb_corpus._errors import UnknownFixtureError


class AdapterFixtureView(BaseModel):
    """Exactly what a harness adapter may see of a fixture: no gold, no scoring metadata.

    Attributes:
        fixture_id: The fixture's id (names the brain, the session and the result rows).
        active_source: The source every read is scoped to.
        sources: The fixture's declared extra sources, verbatim.
        all_sources: Every source the fixture touches, sorted (what a brain must be opened
            with): default, active, declared and the seeded ones.
        seed_pages: Pages seeded before replay.
        seed_facts: Facts seeded before replay.
        turns: The conversation, user and assistant turns alike.
    """

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    fixture_id: str
    active_source: str
    sources: tuple[str, ...]
    all_sources: tuple[str, ...]
    seed_pages: tuple[SeedPage, ...]
    seed_facts: tuple[SeedFact, ...]
    turns: tuple[PublicTurn, ...]

    @classmethod
    def of(cls, fixture: Fixture) -> AdapterFixtureView:
        """The public view of one fixture."""
        return cls(
            fixture_id=fixture.fixture_id,
            active_source=fixture.active_source,
            sources=tuple(fixture.sources),
            all_sources=tuple(fixture.all_sources),
            seed_pages=tuple(fixture.seed_pages),
            seed_facts=tuple(fixture.seed_facts),
            turns=tuple(fixture.turns),
        )

    @property
    def user_turns(self) -> tuple[PublicTurn, ...]:
        """The turns a harness replays (assistant turns fold into prior context)."""
        return tuple(turn for turn in self.turns if turn.role == "user")


class ContinuityPair(NamedTuple):
    """The two fixture ids of a continuity pair: the writer's decisions, the reader's probes."""

    writer: str
    reader: str


@dataclass(frozen=True, repr=False)
class LoadedCorpus:
    """A validated corpus. Build it with :func:`bb_corpus.load_corpus`, never by hand.

    Attributes:
        fixtures: The fixtures of this load, sorted by fixture_id (holdout ones only when
            loaded with ``include_holdout=True``).
        fixtures_hash: Identity of the corpus files (all of them, holdout included); see
            :mod:`bb_corpus.loader` for the definition.
        core_fixtures_hash: The same identity over the files outside the memory-trust
            fixtures (equal to ``fixtures_hash`` when the corpus has none).
        holdout_ids: Ids of every holdout fixture in the corpus, loaded or not.
        continuity_pairs: ``pair_id -> (writer, reader)`` for the pairs among ``fixtures``.
        include_holdout: Whether holdout fixtures were loaded.
    """

    fixtures: tuple[Fixture, ...]
    fixtures_hash: str
    holdout_ids: frozenset[str]
    continuity_pairs: Mapping[str, ContinuityPair]
    include_holdout: bool
    _gold: Mapping[str, Gold] = field(repr=False, compare=False)
    #: Identity of the files outside the memory-trust fixtures (fixtures without
    #: ``trust_steps`` and their gold), hashed exactly like ``fixtures_hash``: the scope the
    #: gold double-label validation covers, so adding trust fixtures leaves its receipt valid.
    core_fixtures_hash: str = field(default="", compare=False)
    _by_id: Mapping[str, Fixture] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        by_id = MappingProxyType({fixture.fixture_id: fixture for fixture in self.fixtures})
        object.__setattr__(self, "_by_id", by_id)
        object.__setattr__(self, "continuity_pairs", MappingProxyType(dict(self.continuity_pairs)))
        object.__setattr__(self, "_gold", MappingProxyType(dict(self._gold)))

    def __repr__(self) -> str:
        return (
            f"LoadedCorpus({len(self.fixtures)} fixtures, holdout={len(self.holdout_ids)}, "
            f"pairs={len(self.continuity_pairs)}, fixtures_hash={self.fixtures_hash[:12]}...)"
        )

    @property
    def ids(self) -> tuple[str, ...]:
        """The fixture ids of this load, sorted."""
        return tuple(fixture.fixture_id for fixture in self.fixtures)

    @property
    def gold_turn_count(self) -> int:
        """How many turns carry gold across the loaded fixtures (a size figure, not gold)."""
        return sum(len(self._gold[fixture_id].turns) for fixture_id in self._by_id)

    def fixture(self, fixture_id: str) -> Fixture:
        """The full fixture (bench-side: includes suites, holdout and continuity)."""
        try:
            return self._by_id[fixture_id]
        except KeyError:
            raise UnknownFixtureError(fixture_id, self._by_id) from None

    def gold_for(self, fixture_id: str) -> Gold:
        """The sealed gold of one fixture. Only scoring may call this; never pass it on."""
        self.fixture(fixture_id)
        return self._gold[fixture_id]

    def public_view(self, fixture_id: str) -> AdapterFixtureView:
        """What an adapter may see of one fixture."""
        return AdapterFixtureView.of(self.fixture(fixture_id))

    def gated(self) -> tuple[Fixture, ...]:
        """The loaded fixtures the CI gate scores (holdout excluded)."""
        return tuple(f for f in self.fixtures if f.fixture_id not in self.holdout_ids)

    def holdout(self) -> tuple[Fixture, ...]:
        """The loaded holdout fixtures (empty unless loaded with ``include_holdout=True``)."""
        return tuple(f for f in self.fixtures if f.fixture_id in self.holdout_ids)
