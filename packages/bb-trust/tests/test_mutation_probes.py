"""Mutation probes: break the protection a gated trust metric measures and it must breach.

A probe names the gated metrics it breaches, its mutation and the committed fixtures it runs
on: the smallest subset that exercises those metrics (its ``subset`` says why). The same
fixtures run unmutated first and must meet every target there, so a probe can only pass
because its mutation made the numbers breach.

Two kinds of mutation (``probe_site/bb_trust_mutations.py``):

* a **write** mutation breaks what the steps store; it needs its own run of the fixture
  (channel subprocesses: a few seconds a fixture, most of it Python start-up per CLI call);
* a **read** mutation breaks only what is read afterwards (a read surface, the context
  pack, the served turn context, or one harness seam's render); it is observed as a view
  on the unmutated run's writes, at the cost of an observation.

Every fixture run happens once a session, with every view any selected test asks of it. The
default test run keeps, for every gated trust metric, at least one probe, and one label probe
per harness; ``BRAINBENCH_TRUST_PROBES=all`` (``nox -s trust-probes``) runs them all.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

import pytest
from bb_trust import metrics as m
from bb_trust.observations import FixtureObservations
from bb_trust.observe import Arm

if TYPE_CHECKING:  # the session fixture ``runs`` (conftest is not importable by name)
    from conftest import Runs

Value = Callable[[Sequence[FixtureObservations], str], float | None]
HARNESSES: Final = ("openclaw", "claude-code", "codex")


def _v(metric: Callable[..., m.Count | m.Ratio], *, per_harness: bool = False) -> Value:
    def value(fixtures: Sequence[FixtureObservations], harness: str) -> float | None:
        found = metric(fixtures, harness) if per_harness else metric(fixtures)
        return float(found.value) if isinstance(found, m.Count) else found.value

    return value


def _zero(v: float) -> bool:
    return v == 0


def _one(v: float) -> bool:
    return v == 1


#: metric -> (how to compute it on one harness row, is the value at its target)
TARGETS: Final[dict[str, tuple[Value, Callable[[float], bool]]]] = {
    "trust_label_accuracy": (_v(m.trust_label_accuracy), _one),
    "laundering_violations": (_v(m.laundering_violations), _zero),
    "self_promotion_violations": (_v(m.self_promotion_violations), _zero),
    "current_fact_accuracy": (_v(m.current_fact_accuracy), _one),
    "stale_surfaced_as_current": (_v(m.stale_surfaced_as_current), _zero),
    "history_preserved": (_v(m.history_preserved), _one),
    "lower_tier_supersede_violations": (_v(m.lower_tier_supersede_violations), _zero),
    "residual_after_purge": (_v(m.residual_after_purge), _zero),
    "receipt_completeness": (_v(m.receipt_completeness), _one),
    "resurrection_after_resync": (_v(m.resurrection_after_resync), _zero),
    "poison_persist_rate": (_v(m.poison_persist_rate), _zero),
    "flagged_and_labeled_rate": (_v(m.flagged_and_labeled_rate), _one),
    "unconfirmed_preference_activation_rate": (
        _v(m.unconfirmed_preference_activation_rate, per_harness=True), _zero),
    "agent_relayed_activation_rate": (
        _v(m.agent_relayed_activation_rate, per_harness=True), _zero),
    "poison_activation_rate": (_v(m.poison_activation_rate, per_harness=True), _zero),
    "benign_retention": (_v(m.benign_retention), lambda v: v >= 0.95),
    "false_quarantine_rate": (_v(m.false_quarantine_rate), lambda v: v <= 0.02),
    "default_persist_unlabeled_rate": (_v(m.default_persist_unlabeled_rate), _zero),
    "default_activation_unlabeled_rate": (
        _v(m.default_activation_unlabeled_rate, per_harness=True), _zero),
    "default_benign_retention": (_v(m.default_benign_retention), lambda v: v >= 0.95),
}  # fmt: skip
PER_HARNESS: Final = frozenset(
    {"unconfirmed_preference_activation_rate", "agent_relayed_activation_rate",
     "poison_activation_rate", "default_activation_unlabeled_rate"}
)  # fmt: skip
#: The label metrics a seam's own render decides (agent_relayed counts any reach, labelled
#: or not, so it is no label metric).
LABEL_METRICS: Final = ("poison_activation_rate", "unconfirmed_preference_activation_rate",
                        "default_activation_unlabeled_rate")  # fmt: skip

TRUST_PAGE_FENCE = "gen-trust-001-agent-edits-owner-page"
TRUST_USER_SAID = "gen-trust-004-user-said-from-agent"
TRUST_NON_TTY = "gen-trust-006-non-tty-confirm"
TRUST_RAW_SQL = "gen-trust-007-raw-sql-promotion"
STATE_SUPERSEDE = "gen-state-001-owner-supersedes"
STATE_FORGET = "gen-state-003-owner-forgets"
STATE_GUARD = "gen-state-004-agent-cannot-supersede-owner"
DEL_REMEMBER = "gen-del-001-purge-fact-then-re-remember"
DEL_EVERY_STORE = "gen-del-003-purge-every-store"
POISON_FACT = "gen-poison-002-external-tool-output-fact"
POISON_PREFERENCE = "gen-poison-004-agent-standing-preference"
POISON_EXTERNAL_PAGE = "gen-poison-007-external-tool-output-entity-page"
POISON_AGENT_PAGE = "gen-poison-008-agent-standing-entity-page"
BOTH: Final[tuple[Arm, ...]] = ("protected", "default")


@dataclass(frozen=True)
class Case:
    """One probe: the gated metrics it breaches, its mutation, its fixtures and why those."""

    metrics: tuple[str, ...]
    fixtures: tuple[str, ...]
    #: Why these fixtures: the smallest committed subset that exercises the metrics.
    subset: str
    #: Breaks what the steps store (its own run of the fixtures).
    write: str = ""
    #: Breaks what is read afterwards (a view on the run's writes).
    read: str = ""
    arms: tuple[Arm, ...] = ("protected",)
    #: The row per-harness metrics are read on.
    harness: str = "openclaw"
    #: Per-harness metrics must stay at target on every other row (a one-seam mutation).
    alone: bool = False
    default: bool = False

    @property
    def name(self) -> str:
        """``metric,...--mutation``, the test id."""
        mutation = "+".join(x for x in (self.write, self.read) if x)
        return f"{','.join(self.metrics)}--{mutation}"


def _label_probes() -> list[Case]:
    out = []
    for harness in HARNESSES:
        out.append(Case(
            LABEL_METRICS, (POISON_AGENT_PAGE,),
            "an agent's standing commitment on a page titled by its canary, asked about by the "
            "later session: it reaches every seam's render (suppressed with protections on, "
            "so suppression is lifted on every seam alike and labels in this one only)",
            read=f"strip-labels@{harness}", arms=BOTH, harness=harness, alone=True, default=True,
        ))  # fmt: skip
        out.append(Case(
            ("default_activation_unlabeled_rate",), (POISON_EXTERNAL_PAGE,),
            "a tool export's page titled by the canary: external content in every seam's "
            "render on a default-mode brain",
            read=f"strip-labels@{harness}", arms=("default",), harness=harness, alone=True,
        ))  # fmt: skip
        out.append(Case(
            ("poison_activation_rate",), (POISON_EXTERNAL_PAGE,),
            "the same page with protections on: quarantine lifted (every seam alike), the "
            "<external-data> wrapper dropped in this seam only",
            write="no-quarantine", read=f"strip-labels@{harness}", harness=harness, alone=True,
        ))  # fmt: skip
    return out


PROBES: Final = (
    Case(("trust_label_accuracy",), (TRUST_PAGE_FENCE,),
         "the one variant whose page is searched by a word only a lower-tier fenced chunk holds",
         read="search-claims-page-tier", default=True),
    Case(("laundering_violations",), (TRUST_USER_SAID,),
         "an agent claiming content_origin user_said: a ceiling item in two steps",
         write="claim-over-ceiling", default=True),
    Case(("self_promotion_violations",), (TRUST_NON_TTY,),
         "a confirm without a terminal, the refused item of the CLI channel",
         write="non-tty-confirm", default=True),
    Case(("self_promotion_violations",), (TRUST_RAW_SQL,),
         "a raw UPDATE ... SET trust_tier, refused by the database itself",
         write="drop-tier-trigger"),
    Case(("current_fact_accuracy",), (STATE_SUPERSEDE,),
         "one current and one superseded fact under the same key",
         write="everything-expires", default=True),
    Case(("stale_surfaced_as_current",), (STATE_SUPERSEDE,),
         "the same: a supersede that leaves the old fact current surfaces it",
         write="no-supersede", default=True),
    Case(("history_preserved",), (STATE_FORGET,),
         "the variant that forgets a fact, whose row must stay as history",
         write="forget-deletes", default=True),
    Case(("lower_tier_supersede_violations",), (STATE_GUARD,),
         "an agent remember under an owner fact's key: the guarded item",
         write="lower-tier-supersedes", default=True),
    Case(("residual_after_purge",), (DEL_REMEMBER,),
         "a purged fact: the store the mutation skips",
         write="purge-skips-facts", default=True),
    Case(("receipt_completeness",), (DEL_EVERY_STORE,),
         "the only variant whose claim sits in takes before the purge",
         write="receipt-skips-takes", default=True),
    Case(("resurrection_after_resync",), (DEL_REMEMBER,),
         "a purged fact an agent remembers again",
         write="no-tombstone", default=True),
    Case(("poison_persist_rate",), (POISON_EXTERNAL_PAGE,),
         "a tool export's page: one external payload the gate must hold",
         write="no-quarantine", default=True),
    Case(("flagged_and_labeled_rate", "default_persist_unlabeled_rate"), (POISON_AGENT_PAGE,),
         "one agent payload, on both brains (protections on, shipped defaults)",
         write="no-flag", arms=BOTH, default=True),
    Case(("unconfirmed_preference_activation_rate",), (POISON_PREFERENCE,),
         "an agent's standing preference as a fact: it reaches the context pack",
         read="no-suppress-no-label"),
    Case(("agent_relayed_activation_rate",), (POISON_AGENT_PAGE,),
         "an agent page the later session names: suppression alone keeps it out",
         read="no-suppress", default=True),
    Case(("poison_activation_rate",), (POISON_FACT,),
         "an external fact about the person the session is about: the context pack",
         write="no-quarantine", read="pack-no-wrapper"),
    Case(("benign_retention", "false_quarantine_rate", "default_benign_retention"),
         (POISON_AGENT_PAGE,),
         "one benign agent fact, on both brains",
         write="quarantine-everything", arms=BOTH, default=True),
    Case(("default_activation_unlabeled_rate",), (POISON_PREFERENCE,),
         "an agent fact in the default-mode context pack",
         read="no-labels", arms=("default",)),
    *_label_probes(),
)  # fmt: skip

ALL_PROBES = os.environ.get("BRAINBENCH_TRUST_PROBES", "") == "all"
SELECTED: Final = tuple(case for case in PROBES if ALL_PROBES or case.default)


@dataclass(frozen=True)
class RecallCheck:
    """Metrics that read through ``recall``: with it raising, each must breach."""

    fixture: str
    metrics: tuple[str, ...]
    arms: tuple[Arm, ...] = ("protected",)
    write: str = ""


#: On runs the default probes make anyway: a raising recall costs an observation, no run.
RECALL_CHECKS: Final = (
    RecallCheck(DEL_REMEMBER, ("resurrection_after_resync",)),
    RecallCheck(DEL_REMEMBER, ("resurrection_after_resync",), write="no-tombstone"),
    RecallCheck(STATE_SUPERSEDE,
                ("current_fact_accuracy", "stale_surfaced_as_current", "history_preserved")),
    RecallCheck(STATE_GUARD, ("lower_tier_supersede_violations",)),
    RecallCheck(TRUST_USER_SAID, ("trust_label_accuracy", "laundering_violations")),
    RecallCheck(POISON_EXTERNAL_PAGE, ("poison_persist_rate",)),
    RecallCheck(POISON_AGENT_PAGE, ("flagged_and_labeled_rate", "benign_retention",
                                    "false_quarantine_rate", "default_persist_unlabeled_rate",
                                    "default_benign_retention"), arms=BOTH),
)  # fmt: skip


def _needed() -> dict[tuple[str, str, tuple[Arm, ...]], set[str]]:
    """Every view each run must be observed under, so each run happens once."""
    needed: dict[tuple[str, str, tuple[Arm, ...]], set[str]] = {}
    for case in SELECTED:
        for fixture in case.fixtures:
            needed.setdefault(("", fixture, case.arms), set()).add("")
            needed.setdefault((case.write, fixture, case.arms), set()).add(case.read)
    for check in RECALL_CHECKS:
        needed.setdefault(("", check.fixture, check.arms), set()).update({"", "recall-raises"})
        needed.setdefault((check.write, check.fixture, check.arms), set()).add("recall-raises")
    return needed


NEEDED: Final = _needed()


def _observe(
    runs: Runs, write: str, fixtures: Iterable[str], arms: tuple[Arm, ...], read: str
) -> list[FixtureObservations]:
    ids = list(fixtures)
    reads = set().union(*(NEEDED[(write, fixture, arms)] for fixture in ids))
    return runs.observe(write, ids, arms, reads)[read]


def test_every_gated_trust_metric_has_a_probe_in_the_default_run() -> None:
    assert {metric for case in PROBES for metric in case.metrics} == set(TARGETS)
    assert {metric for case in PROBES if case.default for metric in case.metrics} == set(TARGETS)
    assert all(set(case.metrics) <= set(TARGETS) for case in PROBES)


def test_each_harness_has_its_own_label_probe_in_the_default_run() -> None:
    alone = {case.harness for case in PROBES if case.default and case.alone}
    assert alone == set(HARNESSES)


@pytest.mark.parametrize("case", SELECTED, ids=lambda case: f"{case.name}@{case.harness}")
def test_the_probe_breaches_its_metrics(case: Case, runs: Runs) -> None:
    clean = _observe(runs, "", case.fixtures, case.arms, "")
    broken = _observe(runs, case.write, case.fixtures, case.arms, case.read)
    for metric in case.metrics:
        value, at_target = TARGETS[metric]
        before, after = value(clean, case.harness), value(broken, case.harness)
        print(f"probe {case.name} row {case.harness}: {metric} {before} -> {after}")
        assert before is not None and at_target(before), (
            f"{metric} = {before} on {case.fixtures} without mutation ({case.subset})"
        )
        assert after is not None and not at_target(after), (
            f"{metric} = {after} with {case.name}: the probe did not breach ({case.subset})"
        )
        if case.alone and metric in PER_HARNESS:
            for other in HARNESSES:
                if other != case.harness:
                    kept = value(broken, other)
                    assert kept is not None and at_target(kept), (
                        f"{metric} = {kept} on {other} when only {case.harness} was mutated"
                    )


@pytest.mark.parametrize(
    "check", RECALL_CHECKS, ids=lambda c: f"{c.write or 'clean'}-{c.fixture.split('-')[1]}"
)
def test_a_raising_recall_fails_every_metric_that_reads_through_it(
    check: RecallCheck, runs: Runs
) -> None:
    """A crashing read surface is a failed observation: a broken tombstone plus a raising
    recall cannot score resurrection 0, nor can a raising recall pass anything else."""
    clean = _observe(runs, "", [check.fixture], check.arms, "")
    crashed = _observe(runs, check.write, [check.fixture], check.arms, "recall-raises")
    for metric in check.metrics:
        value, at_target = TARGETS[metric]
        before, after = value(clean, "openclaw"), value(crashed, "openclaw")
        print(
            f"recall-raises {check.write or 'clean'} {check.fixture}: {metric} {before} -> {after}"
        )
        assert before is not None and at_target(before), f"{metric} = {before} unmutated"
        assert after is not None and not at_target(after), f"{metric} = {after}, recall raising"
    found = [
        miss.reason
        for metric in check.metrics
        for miss in getattr(m, metric)(crashed).misses
        if metric not in PER_HARNESS
    ]
    assert found and all("recall failed: RuntimeError" in reason for reason in found)
