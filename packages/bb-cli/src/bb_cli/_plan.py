"""Turn a loaded corpus into the runner's plan: the only place gold meets the replay side.

One thing crosses, by design of the methodology and never as scoring gold: in deterministic
write-back mode the gold facts become the extractor seam's output (what an extractor would
have produced from each turn's text). Slugs, should_retrieve flags, match keywords and
continuity decisions never leave the scoring side: continuity readers are replayed and
recalled with their own turn text, and scoring decides what arrived.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import overload

from bb_adapters import Pair, Plan, Unit
from bb_adapters.runner import PlanItem
from bb_corpus import LoadedCorpus
from bb_schema import Fixture, Gold
from bb_schema.turn_context import ExtractedFact, InjectedExtraction


def gold_extraction(fixture: Fixture, gold: Gold) -> tuple[InjectedExtraction, ...]:
    """The extractor-seam output of deterministic mode: each turn's gold facts, by its text."""
    extractions: list[InjectedExtraction] = []
    for turn in fixture.turns:
        turn_gold = gold.for_turn(turn.turn_id)
        if turn_gold is None or not turn_gold.gold_facts:
            continue
        facts = [
            ExtractedFact(fact=fact.fact, entity_slug=fact.entity_slug, kind=fact.kind)
            for fact in turn_gold.gold_facts
        ]
        extractions.append(InjectedExtraction(turn_text=turn.text, facts=facts))
    return tuple(extractions)


def build_plan(corpus: LoadedCorpus, suites: tuple[str, ...]) -> Plan:
    """Singles first (sorted by id), then pairs (sorted by pair id)."""
    paired = {member for pair in corpus.continuity_pairs.values() for member in pair}
    singles = tuple(
        Unit(fixture, gold_extraction(fixture, corpus.gold_for(fixture.fixture_id)))
        for fixture in corpus.fixtures
        if fixture.fixture_id not in paired
    )
    pairs: list[Pair] = []
    for pair_id in sorted(corpus.continuity_pairs):
        writer_id, reader_id = corpus.continuity_pairs[pair_id]
        writer = corpus.fixture(writer_id)
        reader = corpus.fixture(reader_id)
        pairs.append(
            Pair(
                pair_id=pair_id,
                writer=Unit(writer, gold_extraction(writer, corpus.gold_for(writer_id))),
                reader=Unit(reader),
            )
        )
    return Plan(singles=singles, pairs=tuple(pairs), suites=suites)


class PlanItems(Sequence[PlanItem]):
    """:func:`build_plan`'s items in run order, each built from the corpus when it is read.

    A plan holds every fixture; this holds ids, so a run over a packed corpus (see
    :func:`bb_corpus.load_corpus`) has in memory only the items it is replaying.
    """

    def __init__(self, corpus: LoadedCorpus) -> None:
        self._corpus = corpus
        paired = {member for pair in corpus.continuity_pairs.values() for member in pair}
        self._singles = [fixture_id for fixture_id in corpus.ids if fixture_id not in paired]
        self._pairs = sorted(corpus.continuity_pairs)
        #: How many fixtures the items touch (a pair replays two).
        self.fixture_count = len(self._singles) + 2 * len(self._pairs)

    def __len__(self) -> int:
        return len(self._singles) + len(self._pairs)

    @overload
    def __getitem__(self, index: int) -> PlanItem: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[PlanItem]: ...

    def __getitem__(self, index: int | slice) -> PlanItem | Sequence[PlanItem]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError(index)
        corpus = self._corpus
        if index < len(self._singles):
            fixture = corpus.fixture(self._singles[index])
            return Unit(fixture, gold_extraction(fixture, corpus.gold_for(fixture.fixture_id)))
        pair_id = self._pairs[index - len(self._singles)]
        writer_id, reader_id = corpus.continuity_pairs[pair_id]
        writer = corpus.fixture(writer_id)
        return Pair(
            pair_id=pair_id,
            writer=Unit(writer, gold_extraction(writer, corpus.gold_for(writer_id))),
            reader=Unit(corpus.fixture(reader_id)),
        )
