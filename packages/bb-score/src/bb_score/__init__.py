"""bb_score: pure BrainBench scoring. Turn rows and records in, score cells out; no database.

Formulas follow docs/METHODOLOGY.md "Metrics" exactly; every metric is registered once in
:mod:`bb_score.glossary`, which also yields the ``_meta.metric_glossary`` block and the gate's
zero-gated set. :func:`scorer_digest` names the scoring code itself (version, registry and
scoring sources) for the Result's ``_meta.scorer``, so the gate can bind a baseline to it.
"""

from bb_score._cell import CellScore, Failure
from bb_score._digest import PRESENTATION_MODULES, scorer_digest
from bb_score._errors import ScoreError, ScoreRuntimeError, ScoreUserError
from bb_score._glossary import (
    METRICS,
    ZERO_GATED_METRICS,
    MetricSpec,
    direction,
    glossary_block,
    is_lower_better,
    metric,
    render_glossary_markdown,
)
from bb_score.bootstrap import (
    Interval,
    SplitMix64,
    bootstrap_cells,
    bootstrap_ci,
    confidence_intervals,
)
from bb_score.cells import Scored, score, sort_cells, sort_rows
from bb_score.continuity import score_continuity
from bb_score.failures import CellFailures, failure_kind, group_failures
from bb_score.retrieval import RETRIEVAL_SUITES, join_gold, score_retrieval
from bb_score.scoreboard import render_json, render_result_markdown, render_scoreboard
from bb_score.writeback import score_writeback

__version__ = "0.1.0"

__all__ = [
    "METRICS",
    "PRESENTATION_MODULES",
    "RETRIEVAL_SUITES",
    "ZERO_GATED_METRICS",
    "CellFailures",
    "CellScore",
    "Failure",
    "Interval",
    "MetricSpec",
    "ScoreError",
    "ScoreRuntimeError",
    "ScoreUserError",
    "Scored",
    "SplitMix64",
    "bootstrap_cells",
    "bootstrap_ci",
    "confidence_intervals",
    "direction",
    "failure_kind",
    "glossary_block",
    "group_failures",
    "is_lower_better",
    "join_gold",
    "metric",
    "render_glossary_markdown",
    "render_json",
    "render_result_markdown",
    "render_scoreboard",
    "score",
    "score_continuity",
    "score_retrieval",
    "score_writeback",
    "scorer_digest",
    "sort_cells",
    "sort_rows",
]
