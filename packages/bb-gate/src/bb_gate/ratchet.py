"""The ratchet: show where a run beats main's baseline, and offer the tightened baseline.

The gate never auto-tightens (an improvement is not banked until a PR commits it, so a
regression back to the stale level would pass). ``bb-gate ratchet`` makes the banking step
cheap and reviewable: it lists every improvement and, when the run has no regression vs
main, hands back this run's canonical baseline for a reviewer to commit. It never writes
main's baseline or commits anything by itself.
"""

from __future__ import annotations

from bb_schema import Baseline, BaselineItems, Result
from pydantic import BaseModel, ConfigDict

from bb_gate._diff import config_rows, diff_rows, invariant_rows, item_rows
from bb_gate.items import BaselineSet, as_set, baseline_set_from_result
from bb_gate.verdict import ExitCode, VerdictRow


class RatchetReport(BaseModel):
    """Improvements and blockers of a run vs main, plus the baseline to bank (if any)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    improvements: list[VerdictRow]
    blockers: list[VerdictRow]
    messages: list[str]
    #: This run's canonical baseline, present only when nothing blocks banking it.
    tightened: Baseline | None
    #: Its item sidecar (None also when the Result records no items and no scorer).
    tightened_items: BaselineItems | None = None

    @property
    def exit_code(self) -> ExitCode:
        """0 bankable, 1 blocked by a regression, 2 not comparable (config, corpus, seeds)."""
        if self.tightened is not None:
            return 0
        if any(row.kind in ("config", "seed-failure", "baseline") for row in self.blockers):
            return 2
        return 1


def _bless_blockers(canonical: BaselineSet, main: BaselineSet) -> list[VerdictRow]:
    rows = []
    if canonical.baseline.fixtures_hash != main.baseline.fixtures_hash:
        rows.append(
            VerdictRow(
                cell="baseline",
                metric="fixtures_hash",
                main=main.baseline.fixtures_hash,
                current=canonical.baseline.fixtures_hash,
                detail="corpus changed: bank it with a corpus-bless baseline update instead",
                kind="baseline",
            )
        )
    before = None if main.items is None else main.items.scorer
    after = None if canonical.items is None else canonical.items.scorer
    if before is not None and after != before:
        rows.append(
            VerdictRow(
                cell="baseline",
                metric="scorer",
                main=before.digest,
                current=None if after is None else after.digest,
                detail="scorer changed: bank it with a re-blessed baseline (scorer-bless) instead",
                kind="baseline",
            )
        )
    return rows


def ratchet(current: Result, main: Baseline | BaselineSet) -> RatchetReport:
    """Compare ``current`` with main's baseline (and sidecar) for banking improvements.

    Banking requires the same corpus, scorer and configuration (otherwise it is a corpus- or
    scorer-bless, with its own rules), no seed failure, no zero-gated breach and no
    regression, newly failing item or coverage change vs main.
    """
    reference = as_set(main)
    assert reference is not None
    banked = baseline_set_from_result(current)
    canonical = banked.baseline
    blockers: list[VerdictRow] = []
    messages: list[str] = []
    improvements: list[VerdictRow] = []
    for failure in current.seed_failures:
        blockers.append(
            VerdictRow(
                cell="seed",
                metric=failure.fixture_id,
                main=None,
                current=None,
                detail=failure.error,
                kind="seed-failure",
            )
        )
    blockers.extend(invariant_rows(canonical))
    blockers.extend(_bless_blockers(banked, reference))
    mismatch = config_rows(reference.baseline.config, canonical.config)
    blockers.extend(mismatch)
    if not mismatch:
        rows = diff_rows(reference.baseline, canonical, same_hash=True)
        if reference.items is not None and banked.items is not None:
            rows += item_rows(reference.items, banked.items, corpus_changed=False)[0]
        for row in rows:
            (improvements if row.kind == "improvement" else blockers).append(row)
    if blockers:
        messages.append(f"{len(blockers)} blocker(s): nothing to bank until they are fixed")
        tightened = None
    else:
        tightened = canonical
        if improvements:
            messages.append(
                f"{len(improvements)} improvement(s) over main: commit the tightened baseline "
                "to bank them"
            )
        else:
            messages.append("no improvement over main's baseline")
    return RatchetReport(
        improvements=improvements,
        blockers=blockers,
        messages=messages,
        tightened=tightened,
        tightened_items=None if tightened is None else banked.items,
    )
