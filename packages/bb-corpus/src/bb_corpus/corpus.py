"""The loaded corpus: public fixtures for everyone, sealed gold for scoring only.

Gold never travels with a fixture. :class:`LoadedCorpus` keeps it behind
:meth:`LoadedCorpus.gold_for`, so reaching gold is an explicit, greppable act, and what adapters
receive is an :class:`AdapterFixtureView`: the fixture minus suites, category, holdout and
continuity bookkeeping, with turns as :class:`bb_schema.PublicTurn` (turn_id, role, text, ts).
"""

from __future__ import annotations

import zlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import NamedTuple, overload

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


class _Held:
    """Every document as a validated model, in memory (the default)."""

    def __init__(self, fixtures: tuple[Fixture, ...], gold: Mapping[str, Gold]) -> None:
        self.all = fixtures
        self.ids = tuple(fixture.fixture_id for fixture in fixtures)
        self._by_id = {fixture.fixture_id: fixture for fixture in fixtures}
        self._gold = dict(gold)

    def __contains__(self, fixture_id: object) -> bool:
        return fixture_id in self._by_id

    def fixture(self, fixture_id: str) -> Fixture | None:
        return self._by_id.get(fixture_id)

    def gold(self, fixture_id: str) -> Gold:
        return self._gold[fixture_id]


class _Packed:
    """Every document as its compressed file bytes, validated again on each access.

    A model is several times the size of its file and a corpus can be large; a run that
    replays one fixture at a time needs one at a time. The bytes are the very bytes the load
    validated, so a decoded model equals the model the load built.
    """

    def __init__(self, fixtures: Mapping[str, bytes], gold: Mapping[str, bytes]) -> None:
        """From each document's bytes, already passed through :meth:`pack`."""
        self.ids = tuple(sorted(fixtures))
        self._fixtures = dict(fixtures)
        self._gold = dict(gold)
        self.all: Sequence[Fixture] = _Decoded(self)

    @staticmethod
    def pack(data: bytes) -> bytes:
        """A document's file bytes as kept (fast compression: JSON shrinks several times)."""
        return zlib.compress(data, 1)

    def __contains__(self, fixture_id: object) -> bool:
        return fixture_id in self._fixtures

    def fixture(self, fixture_id: str) -> Fixture | None:
        packed = self._fixtures.get(fixture_id)
        return None if packed is None else Fixture.model_validate_json(zlib.decompress(packed))

    def gold(self, fixture_id: str) -> Gold:
        return Gold.model_validate_json(zlib.decompress(self._gold[fixture_id]))


class _Decoded(Sequence[Fixture]):
    """The fixtures of a packed corpus, decoded one at a time as they are read."""

    def __init__(self, store: _Packed) -> None:
        self._store = store

    def __len__(self) -> int:
        return len(self._store.ids)

    @overload
    def __getitem__(self, index: int) -> Fixture: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Fixture]: ...

    def __getitem__(self, index: int | slice) -> Fixture | Sequence[Fixture]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        found = self._store.fixture(self._store.ids[index])
        assert found is not None
        return found


@dataclass(frozen=True, repr=False)
class LoadedCorpus:
    """A validated corpus. Build it with :func:`bb_corpus.load_corpus`, never by hand.

    Attributes:
        fixtures_hash: Identity of the corpus files (all of them, holdout included); see
            :mod:`bb_corpus.loader` for the definition.
        holdout_ids: Ids of every holdout fixture in the corpus, loaded or not.
        continuity_pairs: ``pair_id -> (writer, reader)`` for the pairs among ``fixtures``.
        include_holdout: Whether holdout fixtures were loaded.
    """

    fixtures_hash: str
    holdout_ids: frozenset[str]
    continuity_pairs: Mapping[str, ContinuityPair]
    include_holdout: bool
    _store: _Held | _Packed = field(repr=False, compare=False)
    #: Identity of the files outside the memory-trust fixtures (fixtures without
    #: ``trust_steps`` and their gold), hashed exactly like ``fixtures_hash``: the scope the
    #: gold double-label validation covers, so adding trust fixtures leaves its receipt valid.
    core_fixtures_hash: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "continuity_pairs", MappingProxyType(dict(self.continuity_pairs)))

    def __repr__(self) -> str:
        return (
            f"LoadedCorpus({len(self.ids)} fixtures, holdout={len(self.holdout_ids)}, "
            f"pairs={len(self.continuity_pairs)}, fixtures_hash={self.fixtures_hash[:12]}...)"
        )

    @property
    def fixtures(self) -> Sequence[Fixture]:
        """The fixtures of this load, sorted by fixture_id (holdout ones only if asked for).

        Holdout fixtures are here only when loaded with ``include_holdout=True``. A packed
        corpus (``load_corpus(..., packed=True)``) decodes each fixture as it is read:
        iterate it, or use :attr:`ids` and :meth:`fixture`, rather than holding it.
        """
        return self._store.all

    @property
    def packed(self) -> bool:
        """Whether documents are kept as compressed bytes and decoded on access."""
        return isinstance(self._store, _Packed)

    @property
    def ids(self) -> tuple[str, ...]:
        """The fixture ids of this load, sorted."""
        return self._store.ids

    @property
    def gold_turn_count(self) -> int:
        """How many turns carry gold across the loaded fixtures (a size figure, not gold)."""
        return sum(len(self._store.gold(fixture_id).turns) for fixture_id in self.ids)

    def fixture(self, fixture_id: str) -> Fixture:
        """The full fixture (bench-side: includes suites, holdout and continuity)."""
        found = self._store.fixture(fixture_id)
        if found is None:
            raise UnknownFixtureError(fixture_id, self.ids)
        return found

    def gold_for(self, fixture_id: str) -> Gold:
        """The sealed gold of one fixture. Only scoring may call this; never pass it on."""
        if fixture_id not in self._store:
            raise UnknownFixtureError(fixture_id, self.ids)
        return self._store.gold(fixture_id)

    def public_view(self, fixture_id: str) -> AdapterFixtureView:
        """What an adapter may see of one fixture."""
        return AdapterFixtureView.of(self.fixture(fixture_id))

    def gated(self) -> tuple[Fixture, ...]:
        """The loaded fixtures the CI gate scores (holdout excluded)."""
        return tuple(f for f in self.fixtures if f.fixture_id not in self.holdout_ids)

    def holdout(self) -> tuple[Fixture, ...]:
        """The loaded holdout fixtures (empty unless loaded with ``include_holdout=True``)."""
        return tuple(f for f in self.fixtures if f.fixture_id in self.holdout_ids)
