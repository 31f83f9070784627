"""The ratchet: show where a run beats main's baseline, and offer the tightened baseline.

The gate never auto-tightens (an improvement is not banked until a PR commits it, so a
regression back to the stale level would pass). ``bb-gate ratchet`` makes the banking step
cheap and reviewable: it lists every improvement and, when the run has no regression vs
main, hands back this run's canonical baseline for a reviewer to commit. It never writes
main's baseline or commits anything by itself.
"""

from __future__ import annotations

from bb_schema import Baseline, Result
from pydantic import BaseModel, ConfigDict

from bb_gate._diff import config_rows, diff_rows, invariant_rows
from bb_gate.baseline import baseline_from_result
from bb_gate.verdict import ExitCode, VerdictRow


class RatchetReport(BaseModel):
    """Improvements and blockers of a run vs main, plus the baseline to bank (if any)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    improvements: list[VerdictRow]
    blockers: list[VerdictRow]
    messages: list[str]
    #: This run's canonical baseline, present only when nothing blocks banking it.
    tightened: Baseline | None

    @property
    def exit_code(self) -> ExitCode:
        """0 bankable, 1 blocked by a regression, 2 not comparable (config, corpus, seeds)."""
        if self.tightened is not None:
            return 0
        if any(row.kind in ("config", "seed-failure", "baseline") for row in self.blockers):
            return 2
        return 1


def ratchet(current: Result, main: Baseline) -> RatchetReport:
    """Compare ``current`` with main's baseline for banking improvements.

    Banking requires the same corpus and configuration (otherwise it is a corpus-bless, with
    its own rules), no seed failure, no zero-gated breach and no regression or coverage
    change vs main.
    """
    canonical = baseline_from_result(current)
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
    if canonical.fixtures_hash != main.fixtures_hash:
        blockers.append(
            VerdictRow(
                cell="baseline",
                metric="fixtures_hash",
                main=main.fixtures_hash,
                current=canonical.fixtures_hash,
                detail="corpus changed: bank it with a corpus-bless baseline update instead",
                kind="baseline",
            )
        )
    mismatch = config_rows(main.config, canonical.config)
    blockers.extend(mismatch)
    if not mismatch:
        for row in diff_rows(main, canonical, same_hash=True):
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
        improvements=improvements, blockers=blockers, messages=messages, tightened=tightened
    )
