"""Zero-gated invariants: any run that breaches one exits 1, with or without a baseline.

Cross-source leakage, a pointer past the seam's budget and the memory-trust count invariants
must be exactly zero in every run (docs/METHODOLOGY.md, "Gate governance"); a baseline cannot
bank them and no flag waives them. A plain ``brainbench run`` (no ``--compare``) therefore
fails on them too, and every command that produces a Result lists the offending items.
"""

from __future__ import annotations

from dataclasses import dataclass

from bb_schema import TRUST_SUITES, FailedItem, Result
from bb_score import ZERO_GATED_METRICS

from bb_cli._output import EXIT_REGRESSION, Output

#: Items listed per breached cell before the rest are summarised as a count.
ITEMS_SHOWN = 20


@dataclass(frozen=True)
class Breach:
    """One zero-gated metric above zero in one cell, with the items behind it."""

    harness: str
    suite: str
    metric: str
    value: float
    items: tuple[FailedItem, ...]

    @property
    def cell(self) -> str:
        """The cell key, ``harness/suite``."""
        return f"{self.harness}/{self.suite}"


def breaches(result: Result) -> list[Breach]:
    """Every zero-gated metric that is not exactly zero, cell by cell, in the Result's order."""
    found: list[Breach] = []
    for cell in result.cells:
        for metric in sorted(ZERO_GATED_METRICS):
            value = cell.metrics.get(metric)
            if value is None or value == 0:
                continue
            items = tuple(
                item
                for item in result.meta.failed_items
                if (item.harness, item.suite) == (cell.harness, cell.suite)
                and _of_metric(item, metric)
            )
            found.append(Breach(cell.harness, cell.suite, metric, value, items))
    return found


def _of_metric(item: FailedItem, metric: str) -> bool:
    """The item counts toward ``metric``: named so, or its reason opens with it.

    A memory-trust item fails several metrics at once and says which in its reason
    ("residual_after_purge: 1 left in ...; receipt_completeness: ...").
    """
    if item.metric is not None:
        return item.metric == metric
    return any(part.strip().startswith(f"{metric}:") for part in item.reason.split(";"))


def missing_capabilities(result: Result, found: list[Breach]) -> dict[str, list[str]]:
    """Per breached row, the memory-trust capability its system does not declare.

    A system without ``trust`` cannot run a memory-trust step, and each item needing one
    fails; the summary says so, so that no one reads the counts as misbehaviour.
    """
    missing: dict[str, list[str]] = {}
    for harness in dict.fromkeys(b.harness for b in found if b.suite in TRUST_SUITES):
        system = result.meta.systems.get(harness)
        if system is not None and TRUST_CAPABILITY not in system.capabilities:
            missing[harness] = [TRUST_CAPABILITY]
    return missing


#: The capability every memory-trust step needs (docs/SEAM.md, "MemoryTrust").
TRUST_CAPABILITY = "trust"


def report(found: list[Breach], out: Output) -> None:
    """List the breached cells and their items on stderr."""
    for breach in found:
        out.stderr.write(
            f"zero-gated invariant breached: {breach.cell} {breach.metric} = {breach.value:g}"
            " (must be 0 in every run)\n"
        )
        for item in breach.items[:ITEMS_SHOWN]:
            out.stderr.write(f"  {item.fixture_id} {item.item}: {item.reason}\n")
        if len(breach.items) > ITEMS_SHOWN:
            out.stderr.write(f"  ... and {len(breach.items) - ITEMS_SHOWN} more\n")


def invariant_exit(result: Result, out: Output, text: str) -> int | None:
    """Exit 1 (after the scoreboard and the offending items) when an invariant is breached."""
    found = breaches(result)
    if not found:
        return None
    out.result(text)
    report(found, out)
    cells = sorted({breach.cell for breach in found})
    errors = [
        {
            "cell": breach.cell,
            "metric": breach.metric,
            "value": breach.value,
            "items": [item.model_dump(mode="json") for item in breach.items],
        }
        for breach in found
    ]
    message = (
        f"{len(found)} zero-gated invariant(s) above zero in {', '.join(cells)}: these must be 0 "
        "in every run, whatever a baseline says"
    )
    missing = missing_capabilities(result, found)
    if missing:
        rows = ", ".join(f"{row} (no {' '.join(caps)})" for row, caps in missing.items())
        message += (
            f"; {rows}: a system that does not declare the memory-trust capability fails every"
            " memory-trust item it cannot run (docs/SEAM.md, MemoryTrust); run the core suites"
            " alone (the default) to measure it without them"
        )
    out.fail("regression", message, errors)
    return EXIT_REGRESSION
