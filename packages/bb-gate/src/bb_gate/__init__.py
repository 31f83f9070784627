"""bb_gate: the BrainBench CI gate.

It turns a run's Result into the canonical, diff-stable baseline and its item sidecar, gates a
run against a reference baseline the change did not write (main's, or the previous version in
history when main is the change), item by item and bound to the scorer, under the governance
rules of docs/METHODOLOGY.md; it checks the absolute quality floors, banks improvements
(ratchet) and keeps the run ledger.
It reads serialized Results and Baselines only: it never imports scoring, replay or the
engine, so the gate judges exactly what was written down.
"""

from bb_gate._diff import config_rows
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
from bb_gate.items import (
    ITEM_SEPARATOR,
    BaselineSet,
    baseline_set_from_result,
    dump_items,
    item_id,
    items_from_result,
    load_baseline_set,
    parse_items,
    sidecar_path,
    write_baseline_set,
)
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
from bb_gate.reference import GATE_REF_ENV, select_reference
from bb_gate.verdict import Reference, Verdict, VerdictRow, dump_verdict, render_verdict_markdown

__version__ = "0.1.0"

__all__ = [
    "DECIMALS",
    "FLOORS",
    "GATE_REF_ENV",
    "ITEM_SEPARATOR",
    "LOWER_BETTER_METRICS",
    "UNGATED_METRICS",
    "ZERO_GATED_METRICS",
    "BaselineSet",
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
    "Reference",
    "TrendPoint",
    "Verdict",
    "VerdictRow",
    "append_run",
    "baseline_from_result",
    "baseline_set_from_result",
    "cell_trends",
    "check_floors",
    "compare",
    "config_rows",
    "direction",
    "dump_baseline",
    "dump_items",
    "dump_verdict",
    "is_gated",
    "is_zero_gated",
    "item_id",
    "items_from_result",
    "load_baseline",
    "load_baseline_set",
    "load_result",
    "matches_run",
    "parse_baseline",
    "parse_items",
    "parse_result",
    "ratchet",
    "read_ledger",
    "record_from_result",
    "render_verdict_markdown",
    "round_metric",
    "select_reference",
    "sidecar_path",
    "write_baseline_set",
]
