"""Write-back scoring: what memory holds after a conversation, against the gold facts.

Formulas (BRAINBENCH.md "Metrics"), micro-averaged over the cell's fixtures:

* A gold fact **survives** when an active stored fact contains every one of its match
  keywords (case-insensitive substring) and carries the same ``entity_slug`` (None equals
  None). Each stored row satisfies at most one gold fact: the assignment is a maximum bipartite
  matching (never greedy, so input order cannot change a score) and, among maximum matchings,
  the one with the most correctly stamped rows.
* ``write_back_fidelity`` = |surviving gold facts| / |gold facts|.
* ``provenance_accuracy`` = |survivors whose matched row has the expected ``source``,
  ``source_session`` and ``source_markdown_slug``| / |survivors|.
* Non-gold extractors only (``rules``, ``llm``), over the stored rows of the conversation's
  own session (``source_session`` = the expected session), i.e. what the extractor produced:
  ``extraction_recall`` = |gold facts matched (same keyword + entity matching)| / |gold facts|;
  ``extraction_precision`` = |session rows that match some gold fact| / |session rows|.

Gold items: each gold fact is one item; ``gold_failed`` = lost facts + survivors with wrong
provenance. Write-back is harness-independent in v1, so one score is reported on every row.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from bb_schema import Gold, GoldFact
from bb_schema.memory import StoredFact
from bb_schema.records import Provenance, WriteBackRecord

from bb_score._cell import CellScore, Failure, ordered_metrics, rate
from bb_score._errors import ScoreUserError
from bb_score._matching import match

__all__ = ["gold_facts", "matches", "provenance_ok", "score_writeback"]


def gold_facts(gold: Gold) -> list[tuple[str, GoldFact]]:
    """Every gold fact of a fixture with its item name, in turn order then listed order."""
    ordered = sorted(gold.turns.items(), key=lambda kv: (_turn_key(kv[0]), kv[0]))
    facts: list[tuple[str, GoldFact]] = []
    for turn_id, entry in ordered:
        for index, fact in enumerate(entry.gold_facts):
            facts.append((f"turn {turn_id} fact {index + 1}: {fact.gist}", fact))
    return facts


def _turn_key(turn_id: str) -> int:
    try:
        return int(turn_id)
    except ValueError:
        return -1


def matches(stored: StoredFact, fact: GoldFact) -> bool:
    """True when ``stored`` holds every keyword of ``fact`` and names the same entity."""
    if stored.entity_slug != fact.entity_slug:
        return False
    text = stored.fact.lower()
    return all(keyword.lower() in text for keyword in fact.match_keywords)


def provenance_ok(stored: StoredFact, expected: Provenance) -> bool:
    """True when all three provenance fields are exactly the ones the bench expects."""
    return (
        stored.source == expected.source
        and stored.source_session == expected.source_session
        and stored.source_markdown_slug == expected.source_markdown_slug
    )


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


def _assign(
    facts: list[tuple[str, GoldFact]], rows: list[StoredFact], expected: Provenance
) -> list[int | None]:
    edges = [
        [(j, provenance_ok(row, expected)) for j, row in enumerate(rows) if matches(row, fact)]
        for _, fact in facts
    ]
    return match(len(rows), edges)


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


def _lost_reason(fact: GoldFact, rows: list[StoredFact]) -> str:
    keywords = "[" + ", ".join(repr(k) for k in fact.match_keywords) + "]"
    if any(matches(row, fact) for row in rows):
        return (
            f"lost: every stored fact holding {keywords} with entity {fact.entity_slug!r} "
            "already satisfies another gold fact"
        )
    text_hits = [
        row for row in rows if all(k.lower() in row.fact.lower() for k in fact.match_keywords)
    ]
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
    survivors: int = 0
    provenance_right: int = 0
    extraction_facts: int = 0
    extraction_matched: int = 0
    session_rows: int = 0
    session_precise: int = 0
    extraction_scored: bool = False


def _score_record(
    record: WriteBackRecord, gold: Gold, tally: _Tally, failures: list[Failure]
) -> None:
    facts = gold_facts(gold)
    rows = _canonical(record.stored)
    expected = record.expected
    assignment = _assign(facts, rows, expected)
    tally.facts += len(facts)
    for (item, fact), chosen in zip(facts, assignment, strict=True):
        if chosen is None:
            failures.append(Failure(record.fixture_id, item, _lost_reason(fact, rows)))
            continue
        tally.survivors += 1
        row = rows[chosen]
        if provenance_ok(row, expected):
            tally.provenance_right += 1
        else:
            reason = f"wrong provenance on {row.fact!r}: {_describe(row, expected)}"
            failures.append(Failure(record.fixture_id, item, reason))
    if record.extractor == "gold":
        return
    tally.extraction_scored = True
    session = [row for row in rows if row.source_session == expected.source_session]
    tally.extraction_facts += len(facts)
    tally.extraction_matched += sum(1 for c in _assign(facts, session, expected) if c is not None)
    tally.session_rows += len(session)
    tally.session_precise += sum(
        1 for row in session if any(matches(row, fact) for _, fact in facts)
    )


def score_writeback(
    records: Iterable[WriteBackRecord], gold_by_fixture: Mapping[str, Gold]
) -> CellScore:
    """Score the write-back cell (the same for every harness) from the runner's records.

    Raises:
        ScoreUserError: a record's fixture has no gold document, or a fixture has two records.
    """
    ordered = sorted(records, key=lambda record: record.fixture_id)
    tally = _Tally()
    failures: list[Failure] = []
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
        _score_record(record, gold, tally, failures)
    values: dict[str, float | None] = {
        "write_back_fidelity": rate(tally.survivors, tally.facts),
        "provenance_accuracy": rate(tally.provenance_right, tally.survivors),
    }
    if tally.extraction_scored:
        values["extraction_recall"] = rate(tally.extraction_matched, tally.extraction_facts)
        values["extraction_precision"] = rate(tally.session_precise, tally.session_rows)
    return CellScore(
        gold_total=tally.facts,
        gold_failed=(tally.facts - tally.survivors) + (tally.survivors - tally.provenance_right),
        metrics=ordered_metrics(values),
        fixtures=tuple(sorted(seen)),
        failures=tuple(failures),
    )
