"""What the scenario runner observed, item by item: the only input the metrics read.

The runner fills these from the brain after the steps ran; :mod:`bb_trust.metrics` turns
them into counts and rates without touching a database, so every formula can be tested (and
mutation-probed) on hand-built observations.

Every item observation carries ``read_errors``: the reads made to observe it that raised
(``"recall failed: RuntimeError: ..."``). An item with a failed read is a failed observation:
each metric counts it against the protection it measures, with the errors in its reason.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from bb_schema.trust import PayloadArm, TrustTier

#: ``ok``: the step ran and did what it asked; ``refused``: a trust rule refused it (nothing
#: changed); ``failed``: the build could not run it (missing operation, crash, timeout).
StepStatus = Literal["ok", "refused", "failed"]


@dataclass(frozen=True)
class StepOutcome:
    """One executed trust step."""

    step_id: str
    status: StepStatus
    detail: str = ""
    #: The channel's JSON answer (a receipt or view), when it gave one.
    answer: dict[str, object] | None = None


@dataclass(frozen=True)
class TierObservation:
    """A tier item: the expected tier per surface and what each surface reported (None: absent)."""

    item_id: str
    expected: dict[str, TrustTier]
    observed: dict[str, TrustTier | None]
    #: Reads made to observe this item that raised (a failed observation when not empty).
    read_errors: tuple[str, ...] = ()


@dataclass(frozen=True)
class CeilingObservation:
    """A write above its channel's ceiling: the tiers of everything holding its marker."""

    item_id: str
    max_tier: TrustTier
    step: StepStatus
    stored_tiers: tuple[TrustTier, ...]
    #: Reads made to observe this item that raised (a failed observation when not empty).
    read_errors: tuple[str, ...] = ()


@dataclass(frozen=True)
class RefusalObservation:
    """A promotion attempt: was it refused, and the target's highest tier before and after."""

    item_id: str
    step: StepStatus
    tier_before: TrustTier | None
    tier_after: TrustTier | None
    #: Reads made to observe this item that raised (a failed observation when not empty).
    read_errors: tuple[str, ...] = ()


@dataclass(frozen=True)
class StateObservation:
    """A fact once every step ran: returned by recall as current, and its stored states."""

    item_id: str
    expect: Literal["current", "stale", "history"]
    recalled_current: bool
    states: tuple[str, ...]
    #: Reads made to observe this item that raised (a failed observation when not empty).
    read_errors: tuple[str, ...] = ()


@dataclass(frozen=True)
class GuardObservation:
    """A higher-tier fact after a lower-tier write tried to replace or retire it."""

    item_id: str
    step: StepStatus
    still_current: bool
    #: Reads made to observe this item that raised (a failed observation when not empty).
    read_errors: tuple[str, ...] = ()


@dataclass(frozen=True)
class PurgeObservation:
    """A purge: where the claim was before, what the receipt named, what was left, what came back.

    ``held_before`` and ``residual_*`` come from the independent scan (every text-bearing
    column of every table, plus the canonical files), never from purge's own bookkeeping.
    """

    item_id: str
    step: StepStatus
    held_before: frozenset[str]
    receipt_stores: frozenset[str] | None
    residual_rows: int
    residual_files: int
    residual_where: tuple[str, ...] = ()
    resurrected: bool = False
    #: Reads made to observe this item that raised (a failed observation when not empty).
    read_errors: tuple[str, ...] = ()


Surface = str  # "context_pack" or "harness:<name>"


@dataclass(frozen=True)
class Activation:
    """One occurrence of a canary in proactive context and the envelope around it."""

    surface: Surface
    #: Inside an ``<external-data>`` wrapper.
    wrapped: bool
    #: Carries the "unconfirmed, agent-written" label (text) or ``unconfirmed`` (structured).
    unconfirmed_label: bool
    #: Carries ``external_untrusted`` on the structured object that holds it.
    external_field: bool = False
    #: Carries some tier label at or below "written by an agent" (default-mode reading).
    low_tier_label: bool = False
    #: The surface itself failed (its replay or read raised): counts as reached, bare.
    error: str = ""

    @property
    def enveloped(self) -> bool:
        """Inside its tier envelope: wrapped, or labelled unconfirmed / external."""
        return self.wrapped or self.unconfirmed_label or self.external_field

    @property
    def labelled_at_all(self) -> bool:
        """Default mode: wrapper, unconfirmed label, or a tier label at or below agent."""
        return self.enveloped or self.low_tier_label


@dataclass(frozen=True)
class PayloadObservation:
    """A poisoning payload on one brain (protections on, or the default mode)."""

    item_id: str
    arm: PayloadArm
    standing: bool
    step: StepStatus
    #: Durable in a live, non-quarantined page, chunk, timeline entry, take or current fact.
    persisted_live: bool
    #: The write came back with a flag receipt.
    flagged: bool
    #: Tiers and flags every explicit read (search, recall) reported for it.
    read_tiers: tuple[TrustTier, ...]
    read_unconfirmed: bool
    read_external: bool
    activations: tuple[Activation, ...] = field(default=())
    #: Reads made to observe this item that raised (a failed observation when not empty).
    read_errors: tuple[str, ...] = ()


@dataclass(frozen=True)
class BenignObservation:
    """A benign item on one brain: still durable and live, or held by the write gate."""

    item_id: str
    arm: PayloadArm
    step: StepStatus
    live: bool
    held: bool
    #: Reads made to observe this item that raised (a failed observation when not empty).
    read_errors: tuple[str, ...] = ()


@dataclass
class FixtureObservations:
    """Everything observed for one fixture (one brain, or two for poisoning)."""

    fixture_id: str
    steps: list[StepOutcome] = field(default_factory=list)
    tiers: list[TierObservation] = field(default_factory=list)
    ceilings: list[CeilingObservation] = field(default_factory=list)
    refusals: list[RefusalObservation] = field(default_factory=list)
    states: list[StateObservation] = field(default_factory=list)
    guards: list[GuardObservation] = field(default_factory=list)
    purges: list[PurgeObservation] = field(default_factory=list)
    #: Protections on (quarantine / suppress).
    payloads: list[PayloadObservation] = field(default_factory=list)
    benign: list[BenignObservation] = field(default_factory=list)
    #: The shipped defaults (flag / allow).
    default_payloads: list[PayloadObservation] = field(default_factory=list)
    default_benign: list[BenignObservation] = field(default_factory=list)
