"""bb_gate: the BrainBench CI gate.

It turns a run's Result into the canonical, diff-stable baseline, gates a run against main's
baseline under the governance rules of docs/METHODOLOGY.md (so a change cannot approve itself),
checks the absolute quality floors, banks improvements (ratchet) and keeps the run ledger.
It reads serialized Results and Baselines only: it never imports scoring, replay or the
engine, so the gate judges exactly what was written down.
"""

from bb_gate._errors import (
    ErrorKind,
    GateError,
    GateRuntimeError,
    GateUsageError,
    GateUserError,
)
from bb_gate.baseline import (
    DECIMALS,
    baseline_from_result,
    dump_baseline,
    load_baseline,
    load_result,
    parse_baseline,
    parse_result,
    round_metric,
)
from bb_gate.compare import compare, matches_run
from bb_gate.floors import FLOORS, Floor, FloorViolation, check_floors
from bb_gate.ledger import (
    LedgerCell,
    LedgerRecord,
    TrendPoint,
    append_run,
    cell_trends,
    read_ledger,
    record_from_result,
)
from bb_gate.metrics import (
    LOWER_BETTER_METRICS,
    UNGATED_METRICS,
    ZERO_GATED_METRICS,
    direction,
    is_gated,
    is_zero_gated,
)
from bb_gate.ratchet import RatchetReport, ratchet
from bb_gate.verdict import Verdict, VerdictRow, dump_verdict, render_verdict_markdown

__version__ = "0.1.0"

__all__ = [
    "DECIMALS",
    "FLOORS",
    "LOWER_BETTER_METRICS",
    "UNGATED_METRICS",
    "ZERO_GATED_METRICS",
    "ErrorKind",
    "Floor",
    "FloorViolation",
    "GateError",
    "GateRuntimeError",
    "GateUsageError",
    "GateUserError",
    "LedgerCell",
    "LedgerRecord",
    "RatchetReport",
    "TrendPoint",
    "Verdict",
    "VerdictRow",
    "append_run",
    "baseline_from_result",
    "cell_trends",
    "check_floors",
    "compare",
    "direction",
    "dump_baseline",
    "dump_verdict",
    "is_gated",
    "is_zero_gated",
    "load_baseline",
    "load_result",
    "matches_run",
    "parse_baseline",
    "parse_result",
    "ratchet",
    "read_ledger",
    "record_from_result",
    "render_verdict_markdown",
    "round_metric",
]
