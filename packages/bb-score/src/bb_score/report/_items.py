"""The drill-down of one failed gold item: its turn, what was injected and why, what gold said.

Everything is read from the Result (turn rows, and whatever per-turn evidence, fact rows or
decision rows its ``_meta`` carries) and, for the conversation itself, from the fixtures and
gold the report was given. Optional ``_meta`` blocks are read from the Result's JSON form, so
a Result written by a newer or older runner renders with what it has.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bb_schema import FailedItem, Fixture, Gold, TurnRow

from bb_score.failures import failure_kind

__all__ = ["ItemView", "Lookups", "TurnLine", "anchor", "item_view"]

_TURN = re.compile(r"^turn (\d+)\b")
_FACT = re.compile(r"^turn \d+ fact (\d+)\b")
_UNSAFE = re.compile(r"[^A-Za-z0-9_-]+")


def anchor(*parts: str) -> str:
    """An id attribute from parts: only letters, digits, ``-`` and ``_``."""
    return "-".join(_UNSAFE.sub("_", part).strip("_") or "x" for part in parts)


@dataclass(frozen=True)
class TurnLine:
    """A conversation turn as the item shows it."""

    turn_id: int
    role: str
    text: str
    anchor: str
    focus: bool


@dataclass
class ItemView:
    """Everything the report shows about one failed item."""

    anchor: str
    harness: str
    suite: str
    fixture_id: str
    item: str
    reason: str
    kind: str
    turn_id: int | None
    turns: list[TurnLine] = field(default_factory=list)
    injected: list[str] | None = None
    pointers: list[dict[str, Any]] = field(default_factory=list)
    declined: list[dict[str, Any]] = field(default_factory=list)
    expected: list[tuple[str, str]] = field(default_factory=list)
    details: list[tuple[str, str]] = field(default_factory=list)
    fixture_anchor: str | None = None
    fixture_known: bool = False


@dataclass
class Lookups:
    """Indexes over the Result, fixtures and gold, built once per report."""

    fixtures: Mapping[str, Fixture]
    gold: Mapping[str, Gold]
    rows: dict[tuple[str, int, str, str], TurnRow]
    evidence: dict[tuple[str, int, str], dict[str, Any]]
    fact_rows: dict[tuple[str, str], dict[str, Any]]
    decision_rows: dict[tuple[str, str, str], dict[str, Any]]

    @classmethod
    def build(
        cls,
        turn_rows: Sequence[TurnRow],
        meta: Mapping[str, Any],
        fixtures: Mapping[str, Fixture],
        gold: Mapping[str, Gold],
    ) -> Lookups:
        """Index turn rows by (fixture, turn, harness, suite) and the optional _meta rows."""
        rows: dict[tuple[str, int, str, str], TurnRow] = {
            (r.fixture_id, r.turn_id, r.harness, r.suite): r for r in turn_rows
        }
        evidence = {
            (str(e.get("fixture_id")), _int(e.get("turn_id")), str(e.get("harness"))): e
            for e in _dicts(meta.get("turn_evidence"))
        }
        facts = {
            (str(f.get("fixture_id")), str(f.get("item"))): f for f in _dicts(meta.get("fact_rows"))
        }
        decisions = {}
        for d in _dicts(meta.get("decision_rows")):
            item = f"{d.get('pair_id')}/{d.get('decision_id')}"
            decisions[(str(d.get("harness")), str(d.get("reader_fixture_id")), item)] = d
        return cls(fixtures, gold, rows, evidence, facts, decisions)


def _dicts(value: object) -> list[dict[str, Any]]:
    return [v for v in value if isinstance(v, dict)] if isinstance(value, list) else []


def _int(value: object) -> int:
    return value if isinstance(value, int) else -1


def _slugs(values: Sequence[str]) -> str:
    return ", ".join(values) if values else "none"


def _turns(fixture: Fixture, turn_id: int) -> list[TurnLine]:
    """The focused turn and the one before it (the context a reader needs)."""
    ids = [t.turn_id for t in fixture.turns]
    if turn_id not in ids:
        return []
    at = ids.index(turn_id)
    return [
        TurnLine(t.turn_id, t.role, t.text, anchor("fx", fixture.fixture_id, f"t{t.turn_id}"),
                 t.turn_id == turn_id)
        for t in fixture.turns[max(0, at - 1) : at + 1]
    ]  # fmt: skip


def _turn_expected(gold: Gold | None, row: TurnRow | None, turn_id: int) -> list[tuple[str, str]]:
    entry = gold.for_turn(turn_id) if gold is not None else None
    if entry is not None:
        expected = [("should retrieve", "yes" if entry.should_retrieve else "no, stay silent")]
        if entry.should_retrieve or entry.gold_slugs:
            expected.append(("gold pages", _slugs(entry.gold_slugs)))
        if entry.acceptable_slugs:
            expected.append(("also acceptable", _slugs(entry.acceptable_slugs)))
        return expected
    if row is not None and isinstance(row.gold, dict):  # the gold the Result joined
        return [(str(k).replace("_", " "), _text(v)) for k, v in sorted(row.gold.items()) if v]
    return []


def _text(value: object) -> str:
    if isinstance(value, list):
        return ", ".join(_text(v) for v in value) or "none"
    if isinstance(value, dict):
        return "; ".join(f"{k}: {_text(v)}" for k, v in value.items())
    return str(value)


def _fact_expected(gold: Gold | None, turn_id: int, item: str) -> list[tuple[str, str]]:
    found = _FACT.match(item)
    entry = gold.for_turn(turn_id) if gold is not None else None
    if entry is None or found is None:
        return []
    index = int(found.group(1)) - 1
    if not 0 <= index < len(entry.gold_facts):
        return []
    fact = entry.gold_facts[index]
    return [
        ("gold fact", fact.fact),
        ("keywords", ", ".join(fact.match_keywords)),
        ("entity", fact.entity_slug or "none"),
    ]


def _continuity_expected(gold: Gold | None, item: str) -> list[tuple[str, str]]:
    if gold is None or gold.continuity is None:
        return []
    decision_id = item.rsplit("/", 1)[-1]
    for decision in gold.continuity.decisions:
        if decision.decision_id == decision_id:
            return [
                ("decision", decision.decision_id),
                ("expected pages", _slugs(decision.expected_slugs)),
                ("keywords", ", ".join(decision.match_keywords)),
            ]
    return []


def _trust_expected(gold: Gold | None, item: str) -> list[tuple[str, str]]:
    if gold is None or gold.trust is None:
        return []
    for name, value in gold.trust:
        if not isinstance(value, list):
            continue
        for entry in value:
            if getattr(entry, "item_id", None) == item:
                fields = entry.model_dump(mode="json", exclude={"item_id"})
                return [("gold list", name), *((k, _text(v)) for k, v in fields.items())]
    return []


def _row_details(row: dict[str, Any] | None) -> list[tuple[str, str]]:
    """A fact or decision row's fields, in their own order, nested values flattened."""
    if row is None:
        return []
    skip = {"fixture_id", "item", "harness", "reader_fixture_id", "pair_id", "decision_id"}
    return [(k.replace("_", " "), _text(v)) for k, v in row.items() if k not in skip]


def item_view(failed: FailedItem, index: int, look: Lookups) -> ItemView:
    """The drill-down of one failed item (``index`` keeps anchors unique within its cell)."""
    fixture = look.fixtures.get(failed.fixture_id)
    gold = look.gold.get(failed.fixture_id)
    found = _TURN.match(failed.item)
    turn_id = int(found.group(1)) if found else None
    view = ItemView(
        anchor=anchor("item", failed.harness, failed.suite, str(index)),
        harness=failed.harness,
        suite=failed.suite,
        fixture_id=failed.fixture_id,
        item=failed.item,
        reason=failed.reason,
        kind=failure_kind(failed),
        turn_id=turn_id,
        fixture_anchor=anchor("fx", failed.fixture_id),
        fixture_known=fixture is not None,
    )
    if turn_id is not None:
        if fixture is not None:
            view.turns = _turns(fixture, turn_id)
        row = look.rows.get((failed.fixture_id, turn_id, failed.harness, failed.suite))
        if row is not None:
            view.injected = list(row.injected_slugs)
        proof = look.evidence.get((failed.fixture_id, turn_id, failed.harness))
        if proof is not None:
            view.pointers = _dicts(proof.get("pointers"))
            view.declined = _dicts(proof.get("declined"))
        if failed.suite == "write-back":
            view.expected = _fact_expected(gold, turn_id, failed.item)
            fact_row = look.fact_rows.get((failed.fixture_id, failed.item))
            view.details = _row_details(fact_row)
        else:
            view.expected = _turn_expected(gold, row, turn_id)
    elif failed.suite == "continuity":
        view.expected = _continuity_expected(gold, failed.item)
        key = (failed.harness, failed.fixture_id, failed.item)
        view.details = _row_details(look.decision_rows.get(key))
    else:
        view.expected = _trust_expected(gold, failed.item)
    return view
