"""Run results (result_schema_version 1): what ``brainbench run --json`` emits.

Everything beyond the v1 result schema lives under ``_meta`` (which v1 leaves open), so a
Result of the core harnesses and suites always validates against the published v1 schema.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, model_validator

from bb_schema._base import Strict
from bb_schema._names import Seam, Suite
from bb_schema.memory import StoredFact
from bb_schema.records import Provenance
from bb_schema.turn_context import Pointer


class Receipt(Strict):
    """Who ran what, when, on which corpus; excluded from baselines."""

    result_schema_version: Literal[1]
    fixtures_hash: str
    harness_sha: str
    ts: str
    cmd_args: list[str]
    seed: int
    include_holdout: bool
    llm: bool


class TurnRow(Strict):
    """One replayed turn on one harness: what was injected, at what cost."""

    fixture_id: str
    turn_id: int
    harness: str
    suite: Suite
    injected_slugs: list[str]
    injected_tokens: float
    gold: dict[str, Any] | None
    cross_source_slugs: list[str]
    latency_ms: float


class ScoreCell(Strict):
    """One (harness x suite) cell: counts first, rates derived."""

    suite: Suite
    harness: str
    seam: Seam
    gold_total: Annotated[int, Field(ge=0)]
    gold_failed: Annotated[int, Field(ge=0)]
    metrics: dict[str, float]
    fixtures: list[str]


class SeedFailure(Strict):
    """A fixture whose seeding failed: the whole run is invalid (exit 2)."""

    fixture_id: str
    error: str


class FailedItem(Strict):
    """A gold item the run failed, for drilling in from the scoreboard."""

    harness: str
    suite: Suite
    fixture_id: str
    item: str
    reason: str
    #: The metric the item counts against (None when the scorer does not say).
    metric: str | None = None


class FactRow(Strict):
    """One distinct gold fact of a write-back conversation after write-back.

    Enough to re-score write-back from the Result alone: the gold side (keywords, entity,
    expected provenance) beside what memory holds (the matched row, how many rows hold it).
    A fact passes when exactly one stored row holds it and that row's provenance is the
    expected one; ``expected.source_session`` is the label of its first statement's segment.
    """

    fixture_id: str
    #: The harness rows whose write-back cell this row belongs to (one memory system's rows).
    harnesses: list[str] = Field(default_factory=list)
    item: str
    fact_index: Annotated[int, Field(ge=1)]
    turn_ids: list[int]
    entity_slug: str | None = None
    match_keywords: list[str]
    extractor: str
    expected: Provenance
    matched: StoredFact | None = None
    times_stored: Annotated[int, Field(ge=0)]
    passed: bool
    reason: str = ""


class DecisionRow(Strict):
    """One continuity decision on one reader harness row: how it reached the reader, if at all.

    ``pushed_*`` names the first reader turn whose injected text carried every keyword;
    ``recalled_*`` the first turn whose explicit recall answered with a fact holding every
    keyword and attributed to an expected entity.
    """

    harness: str
    pair_id: str
    reader_fixture_id: str
    decision_id: str
    expected_slugs: list[str]
    match_keywords: list[str]
    recall_available: bool
    pushed_turn: int | None = None
    pushed_text: str | None = None
    recalled_turn: int | None = None
    recalled: StoredFact | None = None
    passed: bool
    reason: str = ""


class TrustItemRecord(Strict):
    """One memory-trust gold item: what each read surface (or store) observed, and the verdict.

    ``observations`` maps a surface or measurement (``get_page``, ``search``, ``recall``,
    ``stored``, ``harness:<row>``, ``context_pack``, ``step``, ...) to what it showed, so a
    reader can see which surface disagreed without re-running. ``passed`` is False when the
    item failed any of its suite's metrics on any harness row; ``reason`` then says why.
    """

    suite: Suite
    fixture_id: str
    item: str
    kind: str
    passed: bool
    reason: str = ""
    observations: dict[str, str] = Field(default_factory=dict)


class MetricInterval(Strict):
    """One metric's percentile bootstrap interval over the repeated runs of one cell."""

    estimate: float
    low: float
    high: float
    values: Annotated[list[float], Field(min_length=1)]

    @model_validator(mode="after")
    def _ordered(self) -> MetricInterval:
        if self.low > self.high:
            raise ValueError(f"low {self.low!r} is above high {self.high!r}")
        return self


class ConfidenceIntervals(Strict):
    """Seeded bootstrap intervals of a repeated, model-stochastic run (``--llm --repeat N``).

    ``cells`` is keyed ``harness/suite``, then metric name; ``estimate`` is the mean over the
    runs that reported the metric and ``values`` are those runs' values in run order. The
    Result's cells are the first run's; only ``suites`` were repeated.
    """

    runs: Annotated[int, Field(ge=2)]
    suites: list[Suite]
    seed: int
    resamples: Annotated[int, Field(ge=1)]
    confidence: Annotated[float, Field(gt=0.0, lt=1.0)]
    cells: dict[str, dict[str, MetricInterval]]


class SealedReport(Strict):
    """A set scored apart from the gated cells: reported, never gated.

    ``_meta.sealed`` is an independently written adversarial trust set (``--sealed DIR``);
    ``_meta.blind`` the independent blind set scored on the core suites beside the corpus. Kept
    outside ``cells`` so no gate, baseline or floor ever reads it; a fixture of the set that
    failed to seed is listed here and never fails the run.
    """

    fixtures_hash: str
    cells: list[ScoreCell]
    failed_items: list[FailedItem] = Field(default_factory=list)
    seed_failures: list[SeedFailure] = Field(default_factory=list)


class ScorerDigest(Strict):
    """Which scoring code produced the cells: bb-score's version and a digest of its scoring.

    ``digest`` (``sha256:<hex>``) covers the metric registry and the scoring source files, so
    a change to either shows up in the Result even when the version string did not move. The
    gate binds a baseline to it: a run scored by different code is not comparable as is.
    """

    version: str
    digest: str


class TurnEvidence(Strict):
    """The pointers of one replayed turn on one harness row, with their evidence.

    ``pointers`` is what the row injected (after the seam's budget); ``declined`` what memory
    considered and left out, plus what the budget cut. The v1 result schema closes turn rows,
    so this lives under ``_meta``.
    """

    fixture_id: str
    turn_id: int
    harness: str
    pointers: list[Pointer] = Field(default_factory=list)
    declined: list[Pointer] = Field(default_factory=list)


class Meta(Strict):
    """The open ``_meta`` block: glossary once per result, plus additive run detail."""

    metric_glossary: dict[str, str] = Field(default_factory=dict)
    failed_items: list[FailedItem] = Field(default_factory=list)
    seam_disclosures: dict[str, list[str]] = Field(default_factory=dict)
    budget_cuts: dict[str, int] = Field(default_factory=dict)
    harnesses: list[str] = Field(default_factory=list)
    suites: list[str] = Field(default_factory=list)
    confidence_intervals: ConfidenceIntervals | None = None
    #: Set only by ``brainbench run --sealed DIR``.
    sealed: SealedReport | None = None
    #: Set by a published run (``--include-holdout``) or ``brainbench run --blind DIR``.
    blind: SealedReport | None = None
    #: One record per memory-trust gold item of the run (empty without trust suites).
    trust_items: list[TrustItemRecord] = Field(default_factory=list)
    #: The scoring code that produced the cells (absent from older or foreign Results).
    scorer: ScorerDigest | None = None
    #: One row per distinct gold fact of every scored write-back conversation.
    fact_rows: list[FactRow] = Field(default_factory=list)
    #: One row per continuity decision and reader harness row.
    decision_rows: list[DecisionRow] = Field(default_factory=list)
    #: Turns that injected or declined anything, in run order.
    turn_evidence: list[TurnEvidence] = Field(default_factory=list)


class Result(Strict):
    """A whole run: receipt, cells, turn rows, seed failures and ``_meta``."""

    receipt: Receipt
    cells: list[ScoreCell]
    turn_rows: list[TurnRow]
    seed_failures: list[SeedFailure]
    meta: Meta = Field(default_factory=Meta, alias="_meta")
