"""Cross-document rules: how fixtures and gold join, and what continuity pairs need.

Every check returns issues instead of raising, so one load reports everything wrong with a
corpus at once. Joins are by file name (the id a file claims), so a missing or orphan gold file
is reported even when the fixture itself did not parse.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from bb_schema import Fixture, Gold

from bb_corpus._errors import ROOT, CorpusIssue
from bb_corpus._files import FIXTURE_SUFFIX, GOLD_SUFFIX, CorpusFile
from bb_corpus._jsonpath import json_path
from bb_corpus.corpus import ContinuityPair

_TURN_KEY = re.compile(r"-?(0|[1-9][0-9]*)")
_ID_LIST_LIMIT = 8


@dataclass(frozen=True)
class Parsed:
    """A file and its model (None when the file itself is invalid)."""

    file: CorpusFile
    fixture: Fixture | None = None
    gold: Gold | None = None


def _ids(values: Iterable[int]) -> str:
    shown = sorted(values)
    text = ", ".join(str(v) for v in shown[:_ID_LIST_LIMIT])
    return text + (", ..." if len(shown) > _ID_LIST_LIMIT else "")


def duplicate_names(files: Iterable[CorpusFile]) -> list[CorpusIssue]:
    """Two files claiming one fixture id (same name in different subdirectories)."""
    by_stem: dict[str, list[CorpusFile]] = defaultdict(list)
    for file in files:
        by_stem[file.stem].append(file)
    issues: list[CorpusIssue] = []
    for stem, group in by_stem.items():
        if len(group) < 2:
            continue
        for file in group:
            others = ", ".join(other.display for other in group if other is not file)
            what = "fixture_id" if file.kind == "fixtures" else "gold file for fixture_id"
            message = f"duplicate {what} {stem!r}: also {others}; ids must be unique"
            issues.append(CorpusIssue(file.display, "fixture_id", message))
    return issues


def file_names(parsed: Iterable[Parsed]) -> list[CorpusIssue]:
    """A document's fixture_id must be the id its file name claims."""
    issues: list[CorpusIssue] = []
    for item in parsed:
        document = item.fixture or item.gold
        if document is None or document.fixture_id == item.file.stem:
            continue
        suffix = FIXTURE_SUFFIX if item.fixture else GOLD_SUFFIX
        message = (
            f"fixture_id {document.fixture_id!r} does not match the file name; "
            f"expected {item.file.stem!r} (files are named <fixture_id>{suffix})"
        )
        issues.append(CorpusIssue(item.file.display, "fixture_id", message))
    return issues


def joins(
    fixtures: Iterable[CorpusFile], gold: Iterable[CorpusFile], fixtures_dir: str, gold_dir: str
) -> list[CorpusIssue]:
    """Every fixture has a gold file and every gold file has a fixture."""
    fixture_stems = {file.stem for file in fixtures}
    gold_stems = {file.stem for file in gold}
    issues = [
        CorpusIssue(
            file.display,
            ROOT,
            f"no gold for fixture {file.stem!r}; expected {gold_dir}/{file.stem}{GOLD_SUFFIX}",
        )
        for file in fixtures
        if file.stem not in gold_stems
    ]
    issues.extend(
        CorpusIssue(
            file.display,
            ROOT,
            f"orphan gold: no fixture {file.stem!r}; expected "
            f"{fixtures_dir}/{file.stem}{FIXTURE_SUFFIX}, or delete this file",
        )
        for file in gold
        if file.stem not in fixture_stems
    )
    return issues


def timestamps(item: Parsed) -> list[CorpusIssue]:
    """Write-back fixtures and continuity writers need ``ts`` on every turn."""
    fixture = item.fixture
    if fixture is None or not fixture.needs_timestamps():
        return []
    why = "write-back fixtures and continuity writers need a ts on every turn (segmentation)"
    return [
        CorpusIssue(
            item.file.display,
            json_path(("turns", index, "ts")),
            f"missing: {why}; expected e.g. '2026-03-02T17:00:00Z'",
        )
        for index, turn in enumerate(fixture.turns)
        if turn.ts is None
    ]


def gold_turns(fixture: Fixture, gold: Gold, where: str) -> list[CorpusIssue]:
    """Gold may only be keyed to turns the fixture has, written as plain integers."""
    turn_ids = {turn.turn_id for turn in fixture.turns}
    keys = {str(turn_id) for turn_id in turn_ids}
    issues: list[CorpusIssue] = []
    for key in gold.turns:
        if key in keys:
            continue
        path = json_path(("turns", key), Gold)
        if _TURN_KEY.fullmatch(key) is None:
            message = (
                f"turn key {key!r} is not an integer turn_id; "
                f"expected one of the fixture's turn ids: {_ids(turn_ids)}"
            )
            issues.append(CorpusIssue(where, path, message))
        else:
            message = (
                f"gold for turn {key} but fixture {fixture.fixture_id!r} has no such turn; "
                f"expected one of: {_ids(turn_ids)}"
            )
            issues.append(CorpusIssue(where, path, message))
    return issues


def gold_continuity(fixture: Fixture, gold: Gold, where: str) -> list[CorpusIssue]:
    """A reader's gold carries the decisions to probe, under the fixture's pair_id."""
    ref, block = fixture.continuity, gold.continuity
    if ref is None:
        if block is None:
            return []
        message = (
            f"fixture {fixture.fixture_id!r} is not in a continuity pair; "
            "expected no continuity block here (or add continuity to the fixture)"
        )
        return [CorpusIssue(where, "continuity", message)]
    if block is None:
        if ref.pair_role != "reader":
            return []
        message = (
            f"missing: fixture {fixture.fixture_id!r} reads continuity pair {ref.pair_id!r}, "
            "so its gold needs continuity.decisions"
        )
        return [CorpusIssue(where, "continuity", message)]
    if block.pair_id != ref.pair_id:
        message = (
            f"pair_id {block.pair_id!r} does not match the fixture's continuity.pair_id; "
            f"expected {ref.pair_id!r}"
        )
        return [CorpusIssue(where, "continuity.pair_id", message)]
    return []


def gold_trust(fixture: Fixture, gold: Gold, where: str) -> list[CorpusIssue]:
    """A trust fixture's gold has a trust block whose items name the fixture's own steps."""
    if fixture.trust_steps is None:
        if gold.trust is None:
            return []
        message = (
            f"fixture {fixture.fixture_id!r} has no trust_steps; expected no trust block "
            "here (or add trust_steps to the fixture)"
        )
        return [CorpusIssue(where, "trust", message)]
    if gold.trust is None:
        message = (
            f"missing: fixture {fixture.fixture_id!r} has trust_steps, so its gold needs trust"
        )
        return [CorpusIssue(where, "trust", message)]
    known = {step.step_id for step in fixture.trust_steps}
    return [
        CorpusIssue(
            where,
            path,
            f"step {step_id!r} is not a step of fixture {fixture.fixture_id!r}; "
            f"expected one of: {', '.join(sorted(known))}",
        )
        for path, step_id in gold.trust.step_ids()
        if step_id not in known
    ]


def continuity_pairs(
    fixtures: Iterable[Parsed],
) -> tuple[dict[str, ContinuityPair], list[CorpusIssue]]:
    """Group continuity fixtures by pair_id: exactly one writer and one reader each."""
    groups: dict[str, list[tuple[Parsed, Fixture]]] = defaultdict(list)
    for item in fixtures:
        if item.fixture is not None and item.fixture.continuity is not None:
            groups[item.fixture.continuity.pair_id].append((item, item.fixture))
    pairs: dict[str, ContinuityPair] = {}
    issues: list[CorpusIssue] = []
    for pair_id, members in sorted(groups.items()):
        writers = [
            f.fixture_id for _, f in members if f.continuity and f.continuity.pair_role == "writer"
        ]
        readers = [
            f.fixture_id for _, f in members if f.continuity and f.continuity.pair_role == "reader"
        ]
        if len(writers) == 1 and len(readers) == 1:
            if len({f.holdout for _, f in members}) == 1:
                pairs[pair_id] = ContinuityPair(writer=writers[0], reader=readers[0])
                continue
            message = (
                f"the halves of continuity pair {pair_id!r} differ in holdout; "
                "expected both holdout or neither"
            )
        else:
            message = (
                f"continuity pair {pair_id!r} has {len(writers)} writer(s) {sorted(writers)} "
                f"and {len(readers)} reader(s) {sorted(readers)}; "
                "expected exactly one writer and one reader"
            )
        issues.extend(
            CorpusIssue(item.file.display, "continuity.pair_id", message) for item, _ in members
        )
    return pairs, issues


def joined(fixtures: Iterable[Parsed], gold: Mapping[str, Parsed]) -> list[CorpusIssue]:
    """Per fixture/gold pair checks (only for pairs where both documents are valid)."""
    issues: list[CorpusIssue] = []
    for item in fixtures:
        fixture = item.fixture
        partner = gold.get(item.file.stem)
        if fixture is None or partner is None or partner.gold is None:
            continue
        issues.extend(gold_turns(fixture, partner.gold, partner.file.display))
        issues.extend(gold_continuity(fixture, partner.gold, partner.file.display))
        issues.extend(gold_trust(fixture, partner.gold, partner.file.display))
    return issues
