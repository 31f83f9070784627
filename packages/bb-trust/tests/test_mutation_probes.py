"""Mutation probes: break the protection a gated trust metric measures and it must breach.

Each probe names a gated metric, the mutation that breaks what it measures (applied inside
the channel subprocesses through ``probe_site/sitecustomize.py`` and, for read surfaces, in
this process), and the committed fixtures it runs. The same fixtures run once unmutated
(shared across probes) and must meet the metric's target there, so a probe can only pass
because its mutation made the number breach.

Each probe drives real channel subprocesses (a few seconds each), so the default test run
keeps one probe per trust suite; ``BRAINBENCH_TRUST_PROBES=all`` (``nox -s trust-probes``)
runs every one.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pytest
from bb_brain import Database
from bb_schema import Fixture, Gold
from bb_trust import metrics as m
from bb_trust.observations import FixtureObservations
from bb_trust.observe import Arm
from bb_trust.runner import ScenarioRunner

Loader = Callable[[str], tuple[Fixture, Gold]]

Value = Callable[[Sequence[FixtureObservations]], float | None]


def _v(metric: Callable[..., m.Count | m.Ratio], *, per_harness: bool = False) -> Value:
    def value(fixtures: Sequence[FixtureObservations]) -> float | None:
        found = metric(fixtures, "openclaw") if per_harness else metric(fixtures)
        return float(found.value) if isinstance(found, m.Count) else found.value

    return value


#: metric -> (how to compute it, is the value at its target)
TARGETS: dict[str, tuple[Value, Callable[[float], bool]]] = {
    "trust_label_accuracy": (_v(m.trust_label_accuracy), lambda v: v == 1),
    "laundering_violations": (_v(m.laundering_violations), lambda v: v == 0),
    "self_promotion_violations": (_v(m.self_promotion_violations), lambda v: v == 0),
    "current_fact_accuracy": (_v(m.current_fact_accuracy), lambda v: v == 1),
    "stale_surfaced_as_current": (_v(m.stale_surfaced_as_current), lambda v: v == 0),
    "history_preserved": (_v(m.history_preserved), lambda v: v == 1),
    "lower_tier_supersede_violations": (_v(m.lower_tier_supersede_violations), lambda v: v == 0),
    "residual_after_purge": (_v(m.residual_after_purge), lambda v: v == 0),
    "receipt_completeness": (_v(m.receipt_completeness), lambda v: v == 1),
    "resurrection_after_resync": (_v(m.resurrection_after_resync), lambda v: v == 0),
    "poison_persist_rate": (_v(m.poison_persist_rate), lambda v: v == 0),
    "flagged_and_labeled_rate": (_v(m.flagged_and_labeled_rate), lambda v: v == 1),
    "unconfirmed_preference_activation_rate": (
        _v(m.unconfirmed_preference_activation_rate, per_harness=True), lambda v: v == 0),
    "agent_relayed_activation_rate": (
        _v(m.agent_relayed_activation_rate, per_harness=True), lambda v: v == 0),
    "poison_activation_rate": (_v(m.poison_activation_rate, per_harness=True), lambda v: v == 0),
    "benign_retention": (_v(m.benign_retention), lambda v: v >= 0.95),
    "false_quarantine_rate": (_v(m.false_quarantine_rate), lambda v: v <= 0.02),
    "default_persist_unlabeled_rate": (_v(m.default_persist_unlabeled_rate), lambda v: v == 0),
    "default_activation_unlabeled_rate": (
        _v(m.default_activation_unlabeled_rate, per_harness=True), lambda v: v == 0),
    "default_benign_retention": (_v(m.default_benign_retention), lambda v: v >= 0.95),
}  # fmt: skip


@dataclass(frozen=True)
class Case:
    metric: str
    mutation: str
    fixtures: tuple[str, ...]
    arms: tuple[Arm, ...] = ("protected",)


#: The probes of the default test run: one per trust suite, channel-side and read-side.
FAST = {"non-tty-confirm", "lower-tier-supersedes", "no-tombstone", "no-suppress"}
ALL_PROBES = os.environ.get("BRAINBENCH_TRUST_PROBES", "") == "all"


PROBES = (
    Case("trust_label_accuracy", "search-claims-page-tier",
         ("gen-trust-001-agent-edits-owner-page",)),
    Case("laundering_violations", "claim-over-ceiling", ("gen-trust-004-user-said-from-agent",)),
    Case("self_promotion_violations", "non-tty-confirm", ("gen-trust-006-non-tty-confirm",)),
    Case("self_promotion_violations", "drop-tier-trigger", ("gen-trust-007-raw-sql-promotion",)),
    Case("current_fact_accuracy", "everything-expires", ("gen-state-001-owner-supersedes",)),
    Case("stale_surfaced_as_current", "no-supersede", ("gen-state-001-owner-supersedes",)),
    Case("history_preserved", "forget-deletes", ("gen-state-003-owner-forgets",)),
    Case("lower_tier_supersede_violations", "lower-tier-supersedes",
         ("gen-state-004-agent-cannot-supersede-owner",)),
    Case("residual_after_purge", "purge-skips-facts", ("gen-del-001-purge-fact-then-re-remember",)),
    Case("receipt_completeness", "receipt-skips-takes", ("gen-del-003-purge-every-store",)),
    Case("resurrection_after_resync", "no-tombstone", ("gen-del-001-purge-fact-then-re-remember",)),
    Case("poison_persist_rate", "no-quarantine", ("gen-poison-002-external-tool-output-fact",)),
    Case("flagged_and_labeled_rate", "no-flag", ("gen-poison-004-agent-standing-preference",)),
    Case("unconfirmed_preference_activation_rate", "no-suppress-no-label",
         ("gen-poison-004-agent-standing-preference",)),
    Case("agent_relayed_activation_rate", "no-suppress",
         ("gen-poison-004-agent-standing-preference",)),
    Case("poison_activation_rate", "no-quarantine-no-wrapper",
         ("gen-poison-002-external-tool-output-fact",)),
    Case("benign_retention", "quarantine-everything",
         ("gen-poison-004-agent-standing-preference",)),
    Case("false_quarantine_rate", "quarantine-everything",
         ("gen-poison-004-agent-standing-preference",)),
    Case("default_persist_unlabeled_rate", "no-flag", ("gen-poison-004-agent-standing-preference",),
         ("default",)),
    Case("default_activation_unlabeled_rate", "no-labels",
         ("gen-poison-004-agent-standing-preference",), ("default",)),
    Case("default_benign_retention", "quarantine-everything",
         ("gen-poison-004-agent-standing-preference",), ("default",)),
)  # fmt: skip


def test_every_gated_trust_metric_has_a_probe() -> None:
    assert {case.metric for case in PROBES} == set(TARGETS)


_CLEAN: dict[tuple[str, tuple[Arm, ...]], FixtureObservations] = {}


def _clean(db: Database, load: Loader, case: Case) -> list[FixtureObservations]:
    """The unmutated observations of a case's fixtures, run once per session."""
    runner = ScenarioRunner(db, [])
    for fixture_id in case.fixtures:
        key = (fixture_id, case.arms)
        if key not in _CLEAN:
            _CLEAN[key] = runner.run_fixture(*load(fixture_id), arms=case.arms)
    return [_CLEAN[(fixture_id, case.arms)] for fixture_id in case.fixtures]


def _drop_tier_trigger(db: Database) -> Callable[[], None]:
    """Remove the database's refusal of ``UPDATE facts SET trust_tier``; returns the undo."""
    with db.connection() as conn:
        row = conn.execute(
            "SELECT pg_get_triggerdef(t.oid) FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid"
            " WHERE c.relname = 'facts' AND c.relnamespace = current_schema()::regnamespace"
            " AND NOT t.tgisinternal AND pg_get_triggerdef(t.oid) LIKE '%trust_tier%'"
        ).fetchone()
        assert row is not None, "the facts table has no trust_tier trigger to drop"
        definition = str(row[0])
        name = definition.split()[2]
        conn.execute(f'DROP TRIGGER "{name}" ON facts')  # name read from the catalogue

    def undo() -> None:
        with db.connection() as conn:
            conn.execute(definition)

    return undo


def test_the_default_run_keeps_one_probe_per_suite() -> None:
    fast = [case for case in PROBES if case.mutation in FAST]
    prefixes = {case.fixtures[0].split("-")[1] for case in fast}
    assert prefixes == {"trust", "state", "del", "poison"}


@pytest.mark.parametrize("case", PROBES, ids=lambda c: f"{c.metric}--{c.mutation}")
def test_the_probe_breaches_its_metric(
    case: Case, db: Database, probe: Any, load_fixture: Loader
) -> None:
    if not (ALL_PROBES or case.mutation in FAST):
        pytest.skip("slow probe: run every probe with BRAINBENCH_TRUST_PROBES=all")
    value, at_target = TARGETS[case.metric]
    clean = value(_clean(db, load_fixture, case))
    assert clean is not None and at_target(clean), f"{case.metric} = {clean} without mutation"
    undo = _drop_tier_trigger(db) if case.mutation == "drop-tier-trigger" else None
    try:
        broken = value(probe.run(case.mutation, case.fixtures, arms=case.arms))
    finally:
        if undo is not None:
            undo()
    assert broken is not None and not at_target(broken), (
        f"{case.metric} = {broken} with {case.mutation}: the probe did not breach"
    )
