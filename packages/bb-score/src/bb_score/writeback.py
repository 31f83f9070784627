"""Write-back scoring: what memory holds after a conversation, against the gold facts.

Formulas (docs/METHODOLOGY.md, "Metrics"), micro-averaged over the cell's fixtures:

* **Distinct gold facts.** Gold facts of one fixture that name the same entity and the same
  keyword set are one fact stated more than once (a restatement): no matching rule could tell
  their rows apart, so they are one item, expected in the segment of their first statement.
* A stored row **holds** a gold fact when it is active, contains every match keyword
  (the keyword rule of :mod:`bb_schema.text`: case folded, in NFC) and names the same
  ``entity_slug`` (None equals None). Each
  stored row is assigned to at most one gold fact: a maximum bipartite matching (never greedy,
  so input order cannot change a score) preferring rows whose provenance is right.
* ``times_stored`` of a gold fact = its assigned row plus every unassigned row that holds it.
  A gold fact is **kept** when it is stored exactly once: a duplicate is a defect of the
  pipeline (dedup), not extra credit.
* ``write_back_fidelity`` = |kept gold facts| / |gold facts|.
* ``provenance_accuracy`` = |kept facts whose row carries the expected ``source``,
  ``source_session`` and ``source_markdown_slug``| / |kept facts|. The expected
  ``source_session`` is ``<session>#<n>``, ``n`` the 1-based segment (a gap of more than 30
  minutes starts one) of the fact's first statement: a pipeline that segments wrongly stamps
  the wrong label.
* Non-gold extractors only (``rules``, ``llm``), over the stored rows of the conversation
  itself (``source_session`` is its session or one of its segment labels), i.e. what the
  extractor produced: ``extraction_recall`` = |gold facts held (same matching)| / |gold
  facts|; ``extraction_precision`` = |conversation rows holding some gold fact| / |rows|.

Gold items: each distinct gold fact is one item; ``gold_failed`` = facts not kept + kept facts
with wrong provenance (so ``gold_failed <= gold_total``). Every item becomes a
:class:`bb_schema.FactRow`, from which the cell can be re-scored without this module.
Write-back is harness-independent in v1, so one score is reported on every row.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from bb_schema import FactRow, Gold, GoldFact
from bb_schema.memory import StoredFact
from bb_schema.records import Provenance, WriteBackRecord
from bb_schema.text import caseless
from bb_schema.turn_context import segment_label

from bb_score._cell import (
    CellScore,
    Failure,
    holds_all,
    keyword_list,
    ordered_metrics,
    rate,
)
from bb_score._errors import ScoreUserError
from bb_score._matching import match

__all__ = [
    "GoldItem",
    "WriteBackScore",
    "distinct_facts",
    "gold_facts",
    "matches",
    "provenance_ok",
    "score_writeback",
]


@dataclass(frozen=True)
class GoldItem:
    """One distinct gold fact of a fixture: its first statement and every turn stating it."""

    item: str
    index: int
    turn_ids: tuple[int, ...]
    fact: GoldFact


def _turn_key(turn_id: str) -> int:
    try:
        return int(turn_id)
    except ValueError:
        return -1


def gold_facts(gold: Gold) -> list[tuple[int, GoldFact]]:
    """Every gold fact of a fixture with its turn id, in turn order then listed order."""
    ordered = sorted(gold.turns.items(), key=lambda kv: (_turn_key(kv[0]), kv[0]))
    return [(_turn_key(turn_id), fact) for turn_id, entry in ordered for fact in entry.gold_facts]


def _identity(fact: GoldFact) -> tuple[str | None, frozenset[str]]:
    return fact.entity_slug, frozenset(caseless(keyword) for keyword in fact.match_keywords)


def distinct_facts(gold: Gold) -> list[GoldItem]:
    """The fixture's distinct gold facts (restatements merged), first statement first."""
    first: dict[tuple[str | None, frozenset[str]], tuple[int, GoldFact]] = {}
    turns: dict[tuple[str | None, frozenset[str]], list[int]] = {}
    order: list[tuple[str | None, frozenset[str]]] = []
    ordinal: dict[int, int] = {}
    for turn_id, fact in gold_facts(gold):
        number = ordinal[turn_id] = ordinal.get(turn_id, 0) + 1
        key = _identity(fact)
        if key not in first:
            first[key] = (number, fact)
            turns[key] = []
            order.append(key)
        if turn_id not in turns[key]:
            turns[key].append(turn_id)
    items: list[GoldItem] = []
    for index, key in enumerate(order, start=1):
        number, fact = first[key]
        turn_ids = tuple(turns[key])
        name = f"turn {turn_ids[0]} fact {number}: {fact.gist}"
        items.append(GoldItem(name, index, turn_ids, fact))
    return items


def matches(stored: StoredFact, fact: GoldFact) -> bool:
    """True when ``stored`` holds every keyword of ``fact`` and names the same entity."""
    return stored.entity_slug == fact.entity_slug and holds_all(stored.fact, fact.match_keywords)


def provenance_ok(stored: StoredFact, expected: Provenance) -> bool:
    """True when all three provenance fields are exactly the ones the bench expects."""
    return (
        stored.source == expected.source
        and stored.source_session == expected.source_session
        and stored.source_markdown_slug == expected.source_markdown_slug
    )


def expected_for(record: WriteBackRecord, item: GoldItem) -> Provenance:
    """The provenance of ``item``: the record's, with its first statement's segment label."""
    base = record.expected
    first = item.turn_ids[0]
    for number, turn_ids in enumerate(record.segments, start=1):
        if first in turn_ids:
            return base.model_copy(
                update={"source_session": segment_label(base.source_session, number)}
            )
    return base  # a turn outside the recorded conversation: no label can be right


def _canonical(stored: Iterable[StoredFact]) -> list[StoredFact]:
    """Active rows in a content order, so the matching never depends on read-back order."""
    active = [row for row in stored if row.status == "active"]
    return sorted(
        active,
        key=lambda row: (
            row.fact,
            row.entity_slug or "",
            row.kind or "",
            row.source,
            row.source_session or "",
            row.source_markdown_slug or "",
        ),
    )


def _describe(row: StoredFact, expected: Provenance) -> str:
    wrong = [
        f"{name} {actual!r} (expected {wanted!r})"
        for name, actual, wanted in (
            ("source", row.source, expected.source),
            ("source_session", row.source_session, expected.source_session),
            ("source_markdown_slug", row.source_markdown_slug, expected.source_markdown_slug),
        )
        if actual != wanted
    ]
    return "; ".join(wrong)


def _lost_reason(fact: GoldFact, rows: Sequence[StoredFact]) -> str:
    keywords = keyword_list(fact.match_keywords)
    if any(matches(row, fact) for row in rows):
        return (
            f"lost: every stored fact holding {keywords} with entity {fact.entity_slug!r} "
            "already satisfies another gold fact"
        )
    text_hits = [row for row in rows if holds_all(row.fact, fact.match_keywords)]
    if text_hits:
        entities = sorted({repr(row.entity_slug) for row in text_hits})
        return (
            f"lost: stored facts hold {keywords} but name entity {', '.join(entities)} "
            f"instead of {fact.entity_slug!r}"
        )
    return f"lost: no active stored fact holds every keyword {keywords}"


@dataclass
class _Tally:
    facts: int = 0
    kept: int = 0
    provenance_right: int = 0
    extraction_facts: int = 0
    extraction_matched: int = 0
    session_rows: int = 0
    session_precise: int = 0
    extraction_scored: bool = False
    failures: list[Failure] = field(default_factory=list)
    rows: list[FactRow] = field(default_factory=list)


def _in_conversation(row: StoredFact, session: str) -> bool:
    label = row.source_session or ""
    return label == session or label.startswith(session + "#")


def _score_record(record: WriteBackRecord, gold: Gold, tally: _Tally) -> None:
    items = distinct_facts(gold)
    rows = _canonical(record.stored)
    expected = [expected_for(record, item) for item in items]
    holders = [[j for j, row in enumerate(rows) if matches(row, item.fact)] for item in items]
    assignment = match(
        len(rows),
        [
            [(j, provenance_ok(rows[j], want)) for j in held]
            for held, want in zip(holders, expected, strict=True)
        ],
    )
    owner = {j: i for i, j in enumerate(assignment) if j is not None}
    tally.facts += len(items)
    for index, (item, want, held, chosen) in enumerate(
        zip(items, expected, holders, assignment, strict=True)
    ):
        times = sum(1 for j in held if owner.get(j, index) == index)
        matched = None if chosen is None else rows[chosen]
        reason, metric = _verdict(item, want, rows, matched, times)
        if matched is not None and times == 1:
            tally.kept += 1
            tally.provenance_right += reason == ""
        if reason:
            tally.failures.append(Failure(record.fixture_id, item.item, reason, metric))
        tally.rows.append(
            FactRow(
                fixture_id=record.fixture_id,
                item=item.item,
                fact_index=item.index,
                turn_ids=list(item.turn_ids),
                entity_slug=item.fact.entity_slug,
                match_keywords=list(item.fact.match_keywords),
                extractor=record.extractor,
                expected=want,
                matched=matched,
                times_stored=times,
                passed=reason == "",
                reason=reason,
            )
        )
    if record.extractor != "gold":
        _score_extraction(record, items, rows, tally)


def _verdict(
    item: GoldItem,
    expected: Provenance,
    rows: Sequence[StoredFact],
    matched: StoredFact | None,
    times: int,
) -> tuple[str, str | None]:
    """(reason, metric) of a gold fact's failure; ``("", None)`` when it passed."""
    if matched is None:
        return _lost_reason(item.fact, rows), "write_back_fidelity"
    if times > 1:
        return (
            f"stored {times} times: a fact is kept once per conversation (a duplicate row "
            "means the pipeline did not deduplicate)",
            "write_back_fidelity",
        )
    if not provenance_ok(matched, expected):
        reason = f"wrong provenance on {matched.fact!r}: {_describe(matched, expected)}"
        return reason, "provenance_accuracy"
    return "", None


def _score_extraction(
    record: WriteBackRecord, items: list[GoldItem], rows: list[StoredFact], tally: _Tally
) -> None:
    tally.extraction_scored = True
    session = [row for row in rows if _in_conversation(row, record.expected.source_session)]
    edges = [[(j, False) for j, row in enumerate(session) if matches(row, i.fact)] for i in items]
    tally.extraction_facts += len(items)
    tally.extraction_matched += sum(1 for c in match(len(session), edges) if c is not None)
    tally.session_rows += len(session)
    tally.session_precise += sum(
        1 for row in session if any(matches(row, item.fact) for item in items)
    )


@dataclass(frozen=True)
class WriteBackScore:
    """The write-back cell (the same on every harness row) and its fact rows."""

    cell: CellScore
    fact_rows: list[FactRow]


def score_writeback(
    records: Iterable[WriteBackRecord], gold_by_fixture: Mapping[str, Gold]
) -> WriteBackScore:
    """Score the write-back cell from the runner's records.

    Raises:
        ScoreUserError: a record's fixture has no gold document, or a fixture has two records.
    """
    ordered = sorted(records, key=lambda record: record.fixture_id)
    tally = _Tally()
    seen: set[str] = set()
    for record in ordered:
        if record.fixture_id in seen:
            raise ScoreUserError(
                f"fixture {record.fixture_id!r} has two write-back records; write each "
                "fixture's conversation back exactly once"
            )
        seen.add(record.fixture_id)
        gold = gold_by_fixture.get(record.fixture_id)
        if gold is None:
            raise ScoreUserError(
                f"write-back record of fixture {record.fixture_id!r} has no gold document; "
                f"pass the gold directory holding {record.fixture_id}.gold.json"
            )
        _score_record(record, gold, tally)
    values: dict[str, float | None] = {
        "write_back_fidelity": rate(tally.kept, tally.facts),
        "provenance_accuracy": rate(tally.provenance_right, tally.kept),
    }
    if tally.extraction_scored:
        values["extraction_recall"] = rate(tally.extraction_matched, tally.extraction_facts)
        values["extraction_precision"] = rate(tally.session_precise, tally.session_rows)
    cell = CellScore(
        gold_total=tally.facts,
        gold_failed=tally.facts - tally.provenance_right,
        metrics=ordered_metrics(values),
        fixtures=tuple(sorted(seen)),
        failures=tuple(tally.failures),
    )
    return WriteBackScore(cell=cell, fact_rows=tally.rows)
