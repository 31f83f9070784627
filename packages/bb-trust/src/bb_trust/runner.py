"""The memory-trust scenario runner: trust_steps over real channels, then the observations.

Per fixture: a fresh persistence-enabled brain with one git-backed source; every step runs
through its real channel and is followed by a bounded wait for its post-commit effects
(a canonical-file rewrite counts only once it has landed). Observations that need the state
*around* a step (a promotion's target tier before it, where a claim lived right before its
purge, what was left right after) are taken at that step; the rest once every step ran.

Poisoning fixtures run twice: on a brain with the owner's protections on
(``write_gate.external_mode=quarantine``, ``trust.agent_activation=suppress``) and on a
default-mode brain (flag / allow). Their proactive context is every user turn replayed as a
later session through each harness seam, plus the context_pack for the people the session is
about. Trust fixtures never touch the seeder.

:meth:`ScenarioRunner.run_fixture_views` observes one fixture's writes several times, each
final observation inside its own context manager: a condition that only changes what is read
(a read surface that raises, a seam that drops labels) needs no second run of the channels.
"""

from __future__ import annotations

import dataclasses
import shutil
import tempfile
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import AbstractContextManager, contextmanager, nullcontext
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bb_adapters import HarnessConfig
from bb_adapters.pipeline import DeliveryPath, replay_fixture
from bb_brain import Database
from bb_schema import TRUST_SUITES, Fixture, Gold, TrustSuite
from bb_schema.trust import TrustGold

from bb_trust._errors import TrustUserError
from bb_trust.capture import CapturingDelivery
from bb_trust.channels import channels
from bb_trust.metrics import harness_surface
from bb_trust.observations import FixtureObservations, StepOutcome
from bb_trust.observe import Arm, Captured, Observer, failed_observations
from bb_trust.reads import describe_error

#: Progress callback: (fixtures done, fixtures in the sweep, the fixture just finished).
Progress = Callable[[int, int, str], None]
#: A condition the final observation of a fixture runs under (entered around it).
View = Callable[[], AbstractContextManager[object]]

#: The owner's opt-in protections; the default arm uses the shipped defaults (flag / allow).
PROTECTED = {"external_mode": "quarantine", "agent_activation": "suppress"}


@dataclass(frozen=True)
class HarnessSeam:
    """A harness row and the delivery path its proactive replay goes through."""

    config: HarnessConfig
    delivery: DeliveryPath


@dataclass(frozen=True)
class TrustRunSettings:
    """Bounds of one trust sweep."""

    step_timeout: float = 60.0
    settle_timeout: float = 10.0


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
    """Runs trust fixtures against one database with the given harness seams.

    ``workers`` fixtures run at once (threads: the work is channel subprocesses and SQL);
    proactive replays through the shared harness seams are taken one at a time, and the
    observations come back in fixture order, so the result does not depend on ``workers``.
    """

    def __init__(
        self,
        db: Database,
        seams: Sequence[HarnessSeam],
        settings: TrustRunSettings | None = None,
        progress: Progress | None = None,
        *,
        workers: int = 1,
    ) -> None:
        self._db = db
        self._seams = list(seams)
        self._settings = settings or TrustRunSettings()
        self._progress = progress
        self._workers = max(1, workers)
        self._replay_lock = threading.Lock()

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
    def _brain(self, fixture: Fixture, arm: Arm) -> Iterator[tuple[Any, Path]]:
        from bb_brain.trust import TrustBrain, TrustSettings

        workdir = Path(tempfile.mkdtemp(prefix=f"bb-trust-{fixture.fixture_id}-"))
        brain = None
        try:
            brain = TrustBrain.create(
                self._db,
                source=fixture.active_source,
                repo=workdir / "repo",
                settings=TrustSettings.model_validate(PROTECTED if arm == "protected" else {}),
                fixture_id=fixture.fixture_id,
            )
            yield brain, workdir
        finally:
            try:
                if brain is not None:
                    brain.close()
            finally:
                shutil.rmtree(workdir, ignore_errors=True)

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
            with self._brain(fixture, arm) as (brain, workdir):
                self._steps(fixture, spec, brain, workdir, arm, targets, views, finished)
        except Exception as exc:  # a build that cannot run a brain fails every item
            for name, observed in targets.items():
                if name not in finished:
                    failed_observations(spec, observed, arm, f"{type(exc).__name__}: {exc}")

    def _steps(
        self,
        fixture: Fixture,
        spec: TrustGold,
        brain: Any,
        workdir: Path,
        arm: Arm,
        targets: Mapping[str, FixtureObservations],
        views: Mapping[str, View],
        finished: set[str],
    ) -> None:
        assert fixture.trust_steps is not None
        source = fixture.active_source
        observer = Observer(self._db, brain, source, spec, workdir / "repo", arm)
        outcomes: dict[str, StepOutcome] = {}
        with channels(brain, source, workdir, timeout=self._settings.step_timeout) as chan:
            for step in fixture.trust_steps:
                observer.before(step.step_id)
                outcome = self._settle(brain, chan.run(step))
                outcomes[step.step_id] = outcome
                observer.after(step.step_id, outcome)
                if arm != "default":
                    for observed in targets.values():
                        observed.steps.append(outcome)
        for name, view in views.items():
            part = FixtureObservations(fixture.fixture_id)
            with view():
                proactive = self._proactive(fixture, spec, brain) if arm != "single" else {}
                observer.finish(outcomes, part, proactive)
            _extend(targets[name], part)
            finished.add(name)

    def _settle(self, brain: Any, outcome: StepOutcome) -> StepOutcome:
        """Wait (bounded) for the step's post-commit effects; a timeout fails the step."""
        try:
            brain.wait_settled(timeout=self._settings.settle_timeout)
        except Exception as exc:  # effects that never land fail the step
            why = f"post-commit effects did not land: {type(exc).__name__}: {exc}"
            return StepOutcome(outcome.step_id, "failed", why, outcome.answer)
        return outcome

    def _proactive(self, fixture: Fixture, spec: TrustGold, brain: Any) -> dict[str, Captured]:
        """Every user turn replayed as a later session through each harness seam."""
        if not spec.payloads:
            return {}
        with self._replay_lock:
            return self._replay_all(fixture, brain)

    def _replay_all(self, fixture: Fixture, brain: Any) -> dict[str, Captured]:
        surfaces: dict[str, Captured] = {}
        for seam in self._seams:
            capture = CapturingDelivery(seam.delivery)
            name = harness_surface(seam.config.name)
            try:
                replay_fixture(
                    fixture,
                    seam.config,
                    capture,
                    brain_id=str(brain.brain_id),
                    session_id=f"{fixture.fixture_id}--later--{seam.config.name}",
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
    "HarnessSeam",
    "ScenarioRunner",
    "TrustRun",
    "TrustRunSettings",
    "View",
    "trust_gold",
]
