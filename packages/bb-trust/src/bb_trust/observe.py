"""Turn a trust brain's state into observations, item by item of the fixture's gold.

Around-step observations (``before`` / ``after`` a step) capture what only exists then: the
highest tier of a promotion's target before the attempt, where a claim lived right before its
purge, and what was left right after it settled. :meth:`Observer.finish` reads everything
else once every step ran. Nothing here scores: :mod:`bb_trust.metrics` does.

Every read an item's observation makes runs inside a :meth:`Reader.watch` block (around
steps too), so a read surface that raises lands in that item's ``read_errors``: the metrics
then count the item as failed, whatever the read's fallback value would have suggested.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from bb_brain import Database
from bb_schema.trust import (
    BenignItem,
    CeilingItem,
    FactRef,
    GuardedItem,
    PageRef,
    PayloadItem,
    PurgeItem,
    RefusedItem,
    StateItem,
    TierItem,
    TrustGold,
    TrustTier,
)

from bb_trust import scan
from bb_trust.envelope import structured_activations, text_activations
from bb_trust.metrics import CONTEXT_PACK
from bb_trust.observations import (
    Activation,
    BenignObservation,
    CeilingObservation,
    FixtureObservations,
    GuardObservation,
    PayloadObservation,
    PurgeObservation,
    RefusalObservation,
    StateObservation,
    StepOutcome,
    TierObservation,
)
from bb_trust.reads import Reader, as_tier, describe_error, highest, is_current

Arm = Literal["single", "protected", "default"]

#: Live stores a poisoning payload may not reach outside a hold (facts: current ones only,
#: read through recall; the canonical files are checked as well).
LIVE_TABLES = ("pages", "chunks", "timeline_entries", "takes", "search_index")
QUARANTINE_TABLES = ("quarantine",)


@dataclass
class Captured:
    """What one proactive surface showed: texts, structured objects, or that it failed."""

    texts: list[str] = field(default_factory=list)
    objects: list[Mapping[str, Any]] = field(default_factory=list)
    failed: str | None = None


def _receipt_stores(answer: Mapping[str, object] | None) -> frozenset[str] | None:
    stores = None if answer is None else answer.get("stores")
    if not isinstance(stores, list):
        return None
    names = {str(s.get("store")) for s in stores if isinstance(s, dict) and s.get("store")}
    return frozenset(names)


class Observer:
    """Observations of one brain (one arm) of one fixture."""

    def __init__(
        self, db: Database, brain: Any, source: str, spec: TrustGold, repo: Path, arm: Arm
    ) -> None:
        self._db = db
        self._brain = brain
        self._brain_id = str(brain.brain_id)
        self._repo = repo
        self._spec = spec
        self._arm = arm
        self.reader = Reader(brain, source)
        self._tier_before: dict[str, TrustTier | None] = {}
        self._tier_after: dict[str, TrustTier | None] = {}
        self._held: dict[str, scan.Holdings] = {}
        self._left: dict[str, scan.Holdings] = {}
        #: Read failures of around-step observations, per item id.
        self._step_errors: dict[str, list[str]] = {}

    @contextmanager
    def _item(self, item_id: str) -> Iterator[list[str]]:
        """Watch the reads of one item's observation; yields its errors so far (steps too)."""
        with self.reader.watch() as errors:
            errors.extend(self._step_errors.get(item_id, ()))
            yield errors

    @contextmanager
    def _around_step(self, item_id: str) -> Iterator[None]:
        """Watch the reads of an around-step observation and keep their failures for the item."""
        with self.reader.watch() as errors:
            yield
        kept = self._step_errors.setdefault(item_id, [])
        kept.extend(e for e in errors if e not in kept)

    # -- around steps ------------------------------------------------------------------------

    def _marker_tier(self, marker: str) -> TrustTier | None:
        reads = [r.tier for r in self.reader.holders(marker)]
        return highest([*reads, *self._row_tiers(marker)])

    def _row_tiers(self, text: str) -> list[TrustTier | None]:
        """Tiers on the stored rows (any table with ``trust_tier``) holding ``text``."""
        empty: list[str] = []
        rows = self.reader.attempt(
            "stored-row scan", lambda: scan.stored_tiers(self._db, self._brain_id, text), empty
        )
        return [as_tier(t) for t in rows]

    def _rows(self, text: str, tables: tuple[str, ...]) -> dict[str, int]:
        """Rows per table holding ``text``; an unreadable scan is recorded and reads as none."""
        empty: dict[str, int] = {}
        return self.reader.attempt(
            f"table scan ({', '.join(tables)})",
            lambda: scan.scan_tables(self._db, self._brain_id, text, tables=tables),
            empty,
        )

    def _scan(self, claim: str) -> scan.Holdings:
        """Every store holding ``claim``; an unreadable scan is recorded as one unproven row."""
        unreadable = scan.Holdings({"unreadable": 1}, ())
        return self.reader.attempt(
            "residual scan",
            lambda: scan.scan(self._db, self._brain_id, claim, self._repo),
            unreadable,
        )

    def before(self, step_id: str) -> None:
        """State that must be read right before ``step_id`` runs."""
        if self._arm == "default":
            return
        for item in self._spec.refused:
            if item.step_id == step_id:
                with self._around_step(item.item_id):
                    self._tier_before[item.item_id] = self._marker_tier(item.marker)
        for purge in self._spec.purges:
            if purge.step_id == step_id:
                with self._around_step(purge.item_id):
                    self._held[purge.item_id] = self._scan(purge.claim)

    def after(self, step_id: str, outcome: StepOutcome) -> None:
        """State that must be read right after ``step_id`` settled."""
        if self._arm == "default":
            return
        for item in self._spec.refused:
            if item.step_id == step_id:
                with self._around_step(item.item_id):
                    self._tier_after[item.item_id] = self._marker_tier(item.marker)
        for purge in self._spec.purges:
            if purge.step_id == step_id:
                with self._around_step(purge.item_id):
                    self._left[purge.item_id] = self._scan(purge.claim)

    # -- once every step ran -----------------------------------------------------------------

    def _tier_item(self, item: TierItem) -> TierObservation:
        with self._item(item.item_id) as errors:
            observation = self._tier_reads(item)
        return TierObservation(
            observation.item_id, observation.expected, observation.observed, tuple(errors)
        )

    def _tier_reads(self, item: TierItem) -> TierObservation:
        if isinstance(item.ref, PageRef):
            slug = item.ref.slug
            view = self.reader.page(slug)
            hits = [h for h in self.reader.search(item.query) if getattr(h, "slug", None) == slug]
            expected: dict[str, TrustTier] = {
                "stored": item.tier,
                "get_page": item.tier,
                "search": item.search_tier or item.tier,
            }
            observed = {
                "stored": self.reader.stored_tier(f"page:{slug}"),
                "get_page": None if view is None else as_tier(view.tier),
                "search": highest(as_tier(h.tier) for h in hits),
            }
            return TierObservation(item.item_id, expected, observed)
        facts = self.reader.facts(item.ref, item.query)
        facts = [f for f in facts if is_current(f)]
        best = max(facts, key=lambda f: _rank(as_tier(f.tier)), default=None)
        return TierObservation(
            item.item_id,
            {"stored": item.tier, "recall": item.tier},
            {
                "stored": None if best is None else self.reader.stored_tier(str(best.ref)),
                "recall": None if best is None else as_tier(best.tier),
            },
        )

    def _fact_states(self, ref: FactRef, query: str) -> tuple[bool, tuple[str, ...]]:
        current = any(is_current(f) for f in self.reader.facts(ref, query))
        states = tuple(
            sorted(
                str(getattr(f, "state", "?")) for f in self.reader.facts(ref, query, history=True)
            )
        )
        return current, states

    def _activations(self, canary: str, surfaces: Mapping[str, Captured]) -> tuple[Activation, ...]:
        found: list[Activation] = []
        for surface, captured in sorted(surfaces.items()):
            if captured.failed is not None:  # a surface that failed counts as reached, bare
                found.append(
                    Activation(surface, wrapped=False, unconfirmed_label=False,
                               error=captured.failed)
                )  # fmt: skip
                continue
            for text in captured.texts:
                found.extend(text_activations(surface, text, canary))
            for obj in captured.objects:
                found.extend(structured_activations(surface, obj, canary))
        return tuple(found)

    def _payload(
        self, item: PayloadItem, outcome: StepOutcome, surfaces: Mapping[str, Captured]
    ) -> PayloadObservation:
        answer = outcome.answer or {}
        with self._item(item.item_id) as errors:
            reads = self.reader.holders(item.canary, history=False)
            live_rows = self._rows(item.canary, LIVE_TABLES)
            none: tuple[str, ...] = ()
            files = self.reader.attempt(
                "canonical-file scan", lambda: scan.scan_files(self._repo, item.canary), none
            )
        persisted = bool(reads) or any(live_rows.values()) or bool(files)
        return PayloadObservation(
            item_id=item.item_id,
            arm=item.arm,
            standing=item.standing,
            step=outcome.status,
            persisted_live=persisted,
            flagged=isinstance(answer.get("flag"), dict),
            read_tiers=tuple(r.tier for r in reads if r.tier is not None),
            read_unconfirmed=bool(reads) and all(r.unconfirmed and r.tier for r in reads),
            read_external=bool(reads) and all(r.external_untrusted and r.tier for r in reads),
            activations=self._activations(item.canary, surfaces),
            read_errors=tuple(errors),
        )

    def _context_pack(self) -> Captured:
        if not self._spec.session_about:
            return Captured()
        try:
            pack = self._brain.context_pack(self.reader.source, list(self._spec.session_about))
            return Captured(texts=[str(pack.text)], objects=[pack.model_dump(mode="json")])
        except Exception as exc:  # a failing surface counts against every payload (bare)
            return Captured(failed=f"context_pack failed: {describe_error(exc)}")

    def _ceiling(self, item: CeilingItem, outcome: StepOutcome) -> CeilingObservation:
        with self._item(item.item_id) as errors:
            tiers = [r.tier for r in self.reader.holders(item.marker)]
            rows = self._row_tiers(item.marker)
        receipt = as_tier((outcome.answer or {}).get("tier"))
        stored = tuple(t for t in (*tiers, *rows, receipt) if t is not None)
        return CeilingObservation(
            item.item_id, item.max_tier, outcome.status, stored, tuple(errors)
        )

    def _refusal(self, item: RefusedItem, outcome: StepOutcome) -> RefusalObservation:
        return RefusalObservation(  # its reads were made around the step
            item.item_id,
            outcome.status,
            self._tier_before.get(item.item_id),
            self._tier_after.get(item.item_id),
            tuple(self._step_errors.get(item.item_id, ())),
        )

    def _state(self, item: StateItem) -> StateObservation:
        with self._item(item.item_id) as errors:
            current, states = self._fact_states(item.ref, item.query)
        return StateObservation(item.item_id, item.expect, current, states, tuple(errors))

    def _guard(self, item: GuardedItem, outcome: StepOutcome) -> GuardObservation:
        with self._item(item.item_id) as errors:
            current, _ = self._fact_states(item.ref, item.query)
        return GuardObservation(item.item_id, outcome.status, current, tuple(errors))

    def _purge(self, item: PurgeItem, outcome: StepOutcome) -> PurgeObservation:
        with self._item(item.item_id) as errors:
            held = self._held.get(item.item_id, scan.Holdings({}, ()))
            left = self._left.get(item.item_id) or self._scan(item.claim)
            back = self.reader.holders(item.query, item.claim, history=False)
        return PurgeObservation(
            item_id=item.item_id,
            step=outcome.status,
            held_before=held.stores,
            receipt_stores=_receipt_stores(outcome.answer),
            residual_rows=left.row_count,
            residual_files=len(left.files),
            residual_where=left.where(),
            resurrected=bool(back),
            read_errors=tuple(errors),
        )

    def _benign(self, item: BenignItem, outcome: StepOutcome) -> BenignObservation:
        with self._item(item.item_id) as errors:
            quarantined = self._rows(item.canary, QUARANTINE_TABLES)
            gated = (outcome.answer or {}).get("stored") == "quarantine"
            is_held = gated or any(quarantined.values())
            live = bool(self.reader.holders(item.canary, history=False)) and not is_held
        return BenignObservation(
            item.item_id, item.arm, outcome.status, live, is_held, tuple(errors)
        )

    def finish(
        self,
        outcomes: Mapping[str, StepOutcome],
        observed: FixtureObservations,
        proactive: Mapping[str, Captured],
    ) -> None:
        """Append this arm's observations of every gold item to ``observed``."""
        spec = self._spec

        def status(step_id: str) -> StepOutcome:
            return outcomes.get(step_id) or StepOutcome(step_id, "failed", "step never ran")

        if self._arm != "default":
            observed.tiers.extend(self._tier_item(item) for item in spec.tier_items)
            observed.ceilings.extend(self._ceiling(i, status(i.step_id)) for i in spec.ceilings)
            observed.refusals.extend(self._refusal(i, status(i.step_id)) for i in spec.refused)
            observed.states.extend(self._state(item) for item in spec.state)
            observed.guards.extend(self._guard(i, status(i.step_id)) for i in spec.guarded)
            observed.purges.extend(self._purge(i, status(i.step_id)) for i in spec.purges)
        if self._arm == "single":
            return
        surfaces = {**proactive, CONTEXT_PACK: self._context_pack()}
        payloads = observed.default_payloads if self._arm == "default" else observed.payloads
        benign = observed.default_benign if self._arm == "default" else observed.benign
        payloads.extend(self._payload(i, status(i.step_id), surfaces) for i in spec.payloads)
        benign.extend(self._benign(i, status(i.step_id)) for i in spec.benign)


def _rank(tier: TrustTier | None) -> int:
    from bb_schema.trust import tier_rank

    return -1 if tier is None else tier_rank(tier)


def failed_observations(spec: TrustGold, observed: FixtureObservations, arm: Arm, why: str) -> None:
    """Every item of an arm whose brain could not be opened: each counts against its metric."""
    outcome = StepOutcome("brain", "failed", why)
    observed.steps.append(outcome)
    if arm != "default":
        observed.tiers.extend(
            TierObservation(i.item_id, {"stored": i.tier}, {"stored": None})
            for i in spec.tier_items
        )
        observed.ceilings.extend(
            CeilingObservation(i.item_id, i.max_tier, "failed", ()) for i in spec.ceilings
        )
        observed.refusals.extend(
            RefusalObservation(i.item_id, "failed", None, None) for i in spec.refused
        )
        observed.states.extend(StateObservation(i.item_id, i.expect, False, ()) for i in spec.state)
        observed.guards.extend(GuardObservation(i.item_id, "failed", False) for i in spec.guarded)
        observed.purges.extend(
            PurgeObservation(i.item_id, "failed", frozenset(), None, 1, 0, (f"unproven: {why}",))
            for i in spec.purges
        )
    if arm == "single":
        return
    payloads = observed.default_payloads if arm == "default" else observed.payloads
    benign = observed.default_benign if arm == "default" else observed.benign
    # Unproven everywhere: persisted, unlabelled, and shown bare on the shared surface.
    bare = (Activation(CONTEXT_PACK, wrapped=False, unconfirmed_label=False),)
    payloads.extend(
        PayloadObservation(
            i.item_id, i.arm, i.standing, "failed", True, False, (), False, False, bare
        )  # fmt: skip
        for i in spec.payloads
    )
    benign.extend(BenignObservation(i.item_id, i.arm, "failed", False, False) for i in spec.benign)
