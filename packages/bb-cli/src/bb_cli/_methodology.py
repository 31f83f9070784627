"""The observed numbers of ``docs/METHODOLOGY.md``, generated from the committed baseline.

The methodology is prose written by hand, except one block between two markers: the
pre-registered expectations with what the committed baseline observes, every core cell, and
the floors. ``brainbench docs methodology --write`` regenerates that block; ``--check`` fails
when it differs from the baseline, so the document cannot drift from the numbers it quotes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from bb_gate import check_floors
from bb_gate.baseline import split_cell_key
from bb_schema import CORE_HARNESSES, CORE_SUITES, Baseline
from bb_score import METRICS

BEGIN: Final = "<!-- observed:begin -->"
END: Final = "<!-- observed:end -->"
DEFAULT_DOC: Final = Path("docs") / "METHODOLOGY.md"
DEFAULT_BASELINE: Final = Path("evals") / "brainbench" / "baselines" / "main.json"


class MethodologyError(Exception):
    """The document cannot take the generated block (no markers, or markers out of order)."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


Values = dict[str, float | None]


@dataclass(frozen=True)
class Expectation:
    """One pre-registered expectation: what it says, on which cells, and whether it holds."""

    number: str
    claim: str
    suite: str
    metric: str
    holds: Callable[[Values], bool]


def _all(test: Callable[[float], bool]) -> Callable[[Values], bool]:
    return lambda values: all(v is not None and test(v) for v in values.values())


def _ordered(values: Values) -> bool:
    found = [values.get(h) for h in CORE_HARNESSES]
    return all(v is not None for v in found) and found == sorted(found, reverse=True)  # type: ignore[type-var]


EXPECTATIONS: Final[tuple[Expectation, ...]] = (
    Expectation("1", "push recall follows the pointer budget (3 ≥ 2 ≥ 1)", "push", "push_recall",
                _ordered),
    Expectation("2", "suppression keeps every row's false fires near zero", "know-to-ask",
                "false_fire_rate", _all(lambda v: v <= 0.03)),
    Expectation("3", "the write path keeps every gold fact once", "write-back",
                "write_back_fidelity", _all(lambda v: v == 1.0)),
    Expectation("3", "... with the right source, segment session and page", "write-back",
                "provenance_accuracy", _all(lambda v: v == 1.0)),
    Expectation("4", "no page from another source is injected", "know-to-ask",
                "source_isolation_violations", _all(lambda v: v == 0.0)),
    Expectation("5", "exact-match resolution injects no wrong page", "push", "push_precision",
                _all(lambda v: v == 1.0)),
    Expectation("6", "every decision reaches the reader", "continuity", "continuity_rate",
                _all(lambda v: v == 1.0)),
    Expectation("6", "... pushed unprompted (reported, not pre-registered)", "continuity",
                "continuity_push_rate", lambda values: True),
)  # fmt: skip


def _fmt(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.4f}"


def _values(baseline: Baseline, suite: str, metric: str) -> Values:
    return {
        harness: baseline.cells.get(f"{harness}/{suite}", {}).get(metric)
        for harness in CORE_HARNESSES
    }


def _expectations(baseline: Baseline) -> list[str]:
    lines = [
        "| # | expectation | suite | metric | " + " | ".join(CORE_HARNESSES) + " | holds |",
        "| --- | --- | --- | --- | " + " | ".join("---:" for _ in CORE_HARNESSES) + " | --- |",
    ]
    for item in EXPECTATIONS:
        values = _values(baseline, item.suite, item.metric)
        shown = " | ".join(_fmt(values[h]) for h in CORE_HARNESSES)
        verdict = "yes" if item.holds(values) else "**no**"
        lines.append(
            f"| {item.number} | {item.claim} | {item.suite} | `{item.metric}` | {shown} | "
            f"{verdict} |"
        )
    return lines


def _invariants(baseline: Baseline) -> list[str]:
    lines: list[str] = []
    for metric in ("source_isolation_violations", "pointer_budget_cuts"):
        values = [cell[metric] for cell in baseline.cells.values() if metric in cell]
        top = max(values) if values else None
        lines.append(f"- `{metric}`: largest value in any cell {_fmt(top)} ({len(values)} cells)")
    return lines


def _core_cells(baseline: Baseline) -> list[str]:
    core = [
        key
        for key in sorted(baseline.cells)
        if split_cell_key(key)[1] in CORE_SUITES and split_cell_key(key)[0] in CORE_HARNESSES
    ]
    names = sorted(
        {name for key in core for name in baseline.cells[key]},
        key=lambda name: list(METRICS).index(name) if name in METRICS else len(METRICS),
    )
    lines = [
        "| cell | gold_failed / gold_total | " + " | ".join(f"`{n}`" for n in names) + " |",
        "| --- | ---: | " + " | ".join("---:" for _ in names) + " |",
    ]
    for key in core:
        counts = baseline.counts.get(key)
        tally = f"{counts.gold_failed} / {counts.gold_total}" if counts else "n/a"
        values = " | ".join(_fmt(baseline.cells[key].get(name)) for name in names)
        lines.append(f"| {key} | {tally} | {values} |")
    return lines


def _trust(baseline: Baseline) -> list[str]:
    rows: list[str] = []
    for key in sorted(baseline.cells):
        harness, suite = split_cell_key(key)
        if harness != CORE_HARNESSES[0] or suite in CORE_SUITES:
            continue
        for metric, value in sorted(baseline.cells[key].items()):
            rows.append(f"| {suite} | `{metric}` | {_fmt(value)} |")
    if not rows:
        return ["The committed baseline holds no memory-trust cells."]
    return ["| suite | metric | observed |", "| --- | --- | ---: |", *rows]


def render_observed(baseline: Baseline, source: str) -> str:
    """The generated block (markers included) for ``baseline`` read from ``source``."""
    config = baseline.config
    floors = check_floors(baseline)
    lines = [
        BEGIN,
        "",
        f"Generated by `brainbench docs methodology --write` from `{source}` (fixtures_hash "
        f"`{baseline.fixtures_hash[:16]}…`, harnesses {', '.join(config.harnesses)}; holdout "
        f"{'included' if config.include_holdout else 'excluded'}). Do not edit by hand: a "
        "test fails when these numbers drift from the baseline.",
        "",
        *_expectations(baseline),
        "",
        "Zero-gated invariants across every cell of the baseline:",
        "",
        *_invariants(baseline),
        "",
        "Floors (`bb_gate.FLOORS`) on the committed baseline: "
        + ("every floor holds." if not floors else f"{len(floors)} broken:"),
        *(f"- {violation.message}" for violation in floors),
        "",
        "Every core cell of the committed baseline:",
        "",
        *_core_cells(baseline),
        "",
        f"Memory-trust cells (the same on every harness row; shown for `{CORE_HARNESSES[0]}`):",
        "",
        *_trust(baseline),
        "",
        END,
    ]
    return "\n".join(lines)


def refresh(document: str, baseline: Baseline, source: str) -> str:
    """``document`` with its generated block replaced by the one ``baseline`` yields.

    Raises:
        MethodologyError: the document lacks the markers, or has them out of order.
    """
    start, stop = document.find(BEGIN), document.find(END)
    if start < 0 or stop < start or document.count(BEGIN) != 1 or document.count(END) != 1:
        raise MethodologyError(
            f"the methodology must hold exactly one {BEGIN!r} ... {END!r} block for the "
            "observed numbers; add the two markers where the numbers belong"
        )
    return document[:start] + render_observed(baseline, source) + document[stop + len(END) :]


def stale_lines(current: str, wanted: str) -> Sequence[str]:
    """The first few lines that differ, for a --check failure message."""
    diff = [
        f"- {old!r}\n+ {new!r}"
        for old, new in zip(current.splitlines(), wanted.splitlines(), strict=False)
        if old != new
    ]
    return diff[:3]
