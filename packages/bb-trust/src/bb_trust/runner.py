"""The memory-trust scenario runner: trust_steps through the MemoryTrust seam, then observations.

Per fixture: a fresh trust brain with one source, opened on the system under test through
its MemoryTrust service (the reference engine's servicer performs every operation through
the real channel the request names); every step is one call naming its channel, and a write
answers once its effects are visible. Observations that need the state *around* a step (a
promotion's target tier before it, where a claim lived right before its purge, what was left
right after) are taken at that step; the rest once every step ran.

The system learns nothing it should not: brains and replay sessions are opaque per-run names,
the fixture a harness replays is a seam view (no id, category or suite), and every read sends
only words of the fixture's own content. A call the system does not offer (Describe's
capabilities) fails the items that need it, with the reason "capability missing: X".

Poisoning fixtures run twice: on a brain with the owner's protections on
(``write_gate.external_mode=quarantine``, ``trust.agent_activation=suppress``) and on a
default-mode brain (flag / allow). Their proactive context is every user turn replayed as a
later session through each harness seam of the system (its own TurnContext, against the trust
brain), plus the context pack for the people the session is about.

:meth:`ScenarioRunner.run_fixture_views` observes one fixture's writes several times, each
final observation inside its own context manager: a condition that only changes what is read
(a read surface that raises, a seam that drops labels) needs no second run of the steps.
"""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import AbstractContextManager, contextmanager, nullcontext
from dataclasses import dataclass, field
from typing import Any

from bb_adapters import HarnessConfig
from bb_adapters.opaque import OpaqueIds, seam_view
from bb_adapters.pipeline import DeliveryPath, replay_fixture
from bb_schema import TRUST_SUITES, Fixture, Gold, TrustSuite
from bb_schema import trust_seam as ts
from bb_schema.memory import CloseBrainRequest
from bb_schema.trust import TrustGold

from bb_trust._errors import TrustUserError
from bb_trust.capture import CapturingDelivery
from bb_trust.metrics import harness_surface
from bb_trust.observations import FixtureObservations, StepOutcome
from bb_trust.observe import Arm, Captured, Observer, failed_observations
from bb_trust.reads import Reader, describe_error
from bb_trust.session import Capabilities, TrustSession, checked
from bb_trust.steps import StepRunner

#: Progress callback: (fixtures done, fixtures in the sweep, the fixture just finished).
Progress = Callable[[int, int, str], None]
#: A condition the final observation of a fixture runs under (entered around it).
View = Callable[[], AbstractContextManager[object]]

#: The owner's opt-in protections; the default arm uses the shipped defaults (flag / allow).
PROTECTED = ts.TrustSettings(external_mode="quarantine", agent_activation="suppress")
DEFAULTS = ts.TrustSettings()


@dataclass(frozen=True)
class HarnessSeam:
    """A harness row and the delivery path its proactive replay goes through."""

    config: HarnessConfig
    delivery: DeliveryPath


@dataclass
class TrustRun:
    """Observations per trust suite (a fixture in two suites is under both), plus step logs."""

    by_suite: dict[TrustSuite, list[FixtureObservations]] = field(default_factory=dict)


def trust_gold(fixture: Fixture, gold: Gold) -> TrustGold:
    """The fixture's trust gold; a trust fixture without steps or gold is a corpus error."""
    if fixture.trust_steps is None:
        raise TrustUserError(
            f"fixture {fixture.fixture_id!r} is in {fixture.suites!r} but has no trust_steps; "
            "memory-trust fixtures build their memory through trust_steps"
        )
    if gold.trust is None:
        raise TrustUserError(
            f"gold of {fixture.fixture_id!r} has no trust block; add what its steps must leave"
        )
    known = {step.step_id for step in fixture.trust_steps}
    for path, step_id in gold.trust.step_ids():
        if step_id not in known:
            raise TrustUserError(
                f"gold of {fixture.fixture_id!r}: {path} names step {step_id!r}, which the "
                f"fixture does not have; expected one of {sorted(known)}"
            )
    return gold.trust


class ScenarioRunner:
    """Runs trust fixtures on one system (its MemoryTrust service) with its harness seams.

    ``system`` is the typed client of the system's server (``bb_schema.rpc.MemoryClient``);
    ``capabilities`` are what its Describe declared (asked for when not given).
    ``workers`` fixtures run at once (threads: the work is the system's, behind the seam);
    proactive replays through the shared harness seams are taken one at a time, and the
    observations come back in fixture order, so the result does not depend on ``workers``.
    """

    def __init__(
        self,
        system: Any,
        seams: Sequence[HarnessSeam],
        progress: Progress | None = None,
        *,
        workers: int = 1,
        capabilities: Iterable[str] | None = None,
    ) -> None:
        self._system = system
        self._seams = list(seams)
        self._progress = progress
        self._workers = max(1, workers)
        self._replay_lock = threading.Lock()
        declared = system.describe().capabilities if capabilities is None else capabilities
        self.capabilities = Capabilities(declared)
        #: Opaque names of this runner's brains and replay sessions, under a fresh key.
        self._ids = OpaqueIds()

    def run(
        self, fixtures: Sequence[tuple[Fixture, Gold]], suites: Sequence[TrustSuite]
    ) -> TrustRun:
        """Every fixture in any of ``suites``, observations in the order given."""
        wanted = [s for s in TRUST_SUITES if s in suites]
        out = TrustRun(by_suite={suite: [] for suite in wanted})
        chosen = [(f, g) for f, g in fixtures if any(s in wanted for s in f.suites)]
        for fixture, gold in chosen:
            trust_gold(fixture, gold)  # every corpus error before the first brain opens
        done = 0
        lock = threading.Lock()

        def one(pair: tuple[Fixture, Gold]) -> FixtureObservations:
            nonlocal done
            observed = self.run_fixture(*pair)
            with lock:
                done += 1
                if self._progress is not None:
                    self._progress(done, len(chosen), pair[0].fixture_id)
            return observed

        with ThreadPoolExecutor(max_workers=self._workers) as pool:
            results = list(pool.map(one, chosen))
        for (fixture, _), observed in zip(chosen, results, strict=True):
            for suite in wanted:
                if suite in fixture.suites:
                    out.by_suite[suite].append(observed)
        return out

    def run_fixture(
        self, fixture: Fixture, gold: Gold, *, arms: Sequence[Arm] = ("protected", "default")
    ) -> FixtureObservations:
        """All observations of one fixture (poisoning: the ``arms`` asked for, both by default)."""
        return self.run_fixture_views(fixture, gold, {"": nullcontext}, arms=arms)[""]

    def run_fixture_views(
        self,
        fixture: Fixture,
        gold: Gold,
        views: Mapping[str, View],
        *,
        arms: Sequence[Arm] = ("protected", "default"),
    ) -> dict[str, FixtureObservations]:
        """One fixture's steps run once per arm, its final observation once per view.

        The final observation (explicit reads, the proactive replay, the context pack) of
        each view runs inside ``views[name]()``; the steps and the around-step observations
        are shared, so a view can change only what is read, never what was written.
        """
        spec = trust_gold(fixture, gold)
        targets = {name: FixtureObservations(fixture.fixture_id) for name in views}
        chosen: Sequence[Arm] = arms if "poisoning" in fixture.suites else ("single",)
        for arm in chosen:
            self._arm(fixture, spec, arm, targets, views)
        return targets

    @contextmanager
    def _brain(self, fixture: Fixture, arm: Arm) -> Iterator[TrustSession]:
        """A trust brain on the system under an opaque name; closed (if it can be) on exit."""
        system = self._system
        request = ts.OpenTrustBrainRequest(
            brain_name=self._ids.name("brain", fixture.fixture_id, arm),
            source=fixture.active_source,
            settings=PROTECTED if arm == "protected" else DEFAULTS,
        )
        opened = checked(
            self.capabilities, "OpenTrustBrain", lambda: system.open_trust_brain(request)
        )
        session = TrustSession(system, opened.brain_id, fixture.active_source, self.capabilities)
        try:
            yield session
        finally:
            close = CloseBrainRequest(brain_id=opened.brain_id)
            session.call("CloseTrustBrain", lambda: system.close_trust_brain(close))

    def _arm(
        self,
        fixture: Fixture,
        spec: TrustGold,
        arm: Arm,
        targets: Mapping[str, FixtureObservations],
        views: Mapping[str, View],
    ) -> None:
        finished: set[str] = set()
        try:
            with self._brain(fixture, arm) as session:
                self._steps(fixture, spec, session, arm, targets, views, finished)
        except Exception as exc:  # a system that cannot run a brain fails every item
            why = getattr(exc, "message", None) or describe_error(exc)
            for name, observed in targets.items():
                if name not in finished:
                    failed_observations(spec, observed, arm, str(why))

    def _steps(
        self,
        fixture: Fixture,
        spec: TrustGold,
        session: TrustSession,
        arm: Arm,
        targets: Mapping[str, FixtureObservations],
        views: Mapping[str, View],
        finished: set[str],
    ) -> None:
        assert fixture.trust_steps is not None
        observer = Observer(Reader(session), spec, arm)
        steps = StepRunner(session)
        outcomes: dict[str, StepOutcome] = {}
        for step in fixture.trust_steps:
            observer.before(step.step_id)
            outcome = steps.run(step)
            outcomes[step.step_id] = outcome
            observer.after(step.step_id, outcome)
            if arm != "default":
                for observed in targets.values():
                    observed.steps.append(outcome)
        for name, view in views.items():
            part = FixtureObservations(fixture.fixture_id)
            with view():
                proactive = self._proactive(fixture, spec, session) if arm != "single" else {}
                observer.finish(outcomes, part, proactive)
            _extend(targets[name], part)
            finished.add(name)

    def _proactive(
        self, fixture: Fixture, spec: TrustGold, session: TrustSession
    ) -> dict[str, Captured]:
        """Every user turn replayed as a later session through each harness seam."""
        if not spec.payloads:
            return {}
        with self._replay_lock:
            return self._replay_all(fixture, session)

    def _replay_all(self, fixture: Fixture, session: TrustSession) -> dict[str, Captured]:
        surfaces: dict[str, Captured] = {}
        view = seam_view(fixture, self._ids.name("brain", fixture.fixture_id))
        for seam in self._seams:
            capture = CapturingDelivery(seam.delivery)
            name = harness_surface(seam.config.name)
            try:
                replay_fixture(
                    view,
                    seam.config,
                    capture,
                    brain_id=session.brain_id,
                    session_id=self._ids.name("replay", fixture.fixture_id, seam.config.name),
                )
            except Exception as exc:  # a seam that cannot replay counts against every payload
                surfaces[name] = Captured(failed=f"{name} replay failed: {describe_error(exc)}")
                continue
            surfaces[name] = Captured(texts=capture.texts, objects=list(capture.pointers))
        return surfaces


def _extend(observed: FixtureObservations, part: FixtureObservations) -> None:
    """Append every item list of ``part`` to ``observed``'s."""
    for name in (f.name for f in dataclasses.fields(FixtureObservations)):
        value = getattr(part, name)
        if isinstance(value, list):
            getattr(observed, name).extend(value)


__all__ = [
    "DEFAULTS",
    "PROTECTED",
    "HarnessSeam",
    "ScenarioRunner",
    "TrustRun",
    "View",
    "trust_gold",
]
