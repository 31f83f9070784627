"""A read surface that raises is a failed observation of every item it would have shown.

The observer runs against a brain whose chosen read surfaces raise (the database and the
independent scan are real, the brain is empty): every item that needed the broken surface
must come out failed, with the error in its miss reason, never as "nothing found, so fine".
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from bb_brain import Database
from bb_schema.trust import TrustGold
from bb_trust import metrics as m
from bb_trust.observations import FixtureObservations, StepOutcome
from bb_trust.observe import Captured, Observer
from bb_trust.reads import Reader

SPEC = TrustGold.model_validate(
    {
        "tier_items": [{"item_id": "tier", "ref": {"kind": "fact", "match_keywords": ["zqmark1"]},
                        "tier": "owner", "query": "zqmark1"}],
        "ceilings": [{"item_id": "ceiling", "step_id": "s1", "marker": "zqmark2",
                      "max_tier": "agent_written"}],
        "refused": [{"item_id": "refused", "step_id": "s1", "marker": "zqmark3"}],
        "state": [{"item_id": "stale", "ref": {"kind": "fact", "match_keywords": ["zqmark4"]},
                   "query": "zqmark4", "expect": "stale"}],
        "guarded": [{"item_id": "guard", "step_id": "s1",
                     "ref": {"kind": "fact", "match_keywords": ["zqmark5"]}, "query": "zqmark5"}],
        "purges": [{"item_id": "purge", "step_id": "s1", "claim": "Ada lives at 4 Mill Street",
                    "query": "zqmark6"}],
    }
)  # fmt: skip


class _Brain:
    """An empty brain; the surfaces named in ``broken`` raise."""

    brain_id = "no-such-brain"

    def __init__(self, *broken: str) -> None:
        self._broken = set(broken)

    def _check(self, surface: str) -> None:
        if surface in self._broken:
            raise RuntimeError(f"{surface} is down")

    def recall(self, source: str, query: str, *, include_history: bool = False) -> list[Any]:
        self._check("recall")
        return []

    def search(self, source: str, query: str) -> list[Any]:
        self._check("search")
        return []

    def get_page(self, source: str, slug: str) -> Any:
        self._check("get_page")
        return None

    def stored_tier(self, ref: str) -> Any:
        self._check("stored_tier")
        return None


def _observe(db: Database, tmp_path: Path, brain: _Brain) -> FixtureObservations:
    observer = Observer(db, brain, "default", SPEC, tmp_path, "single")
    outcome = StepOutcome("s1", "refused", "")
    observer.before("s1")
    observer.after("s1", outcome)
    observed = FixtureObservations("f")
    observer.finish({"s1": outcome}, observed, {})
    return observed


def test_reads_that_find_nothing_fail_only_what_is_really_missing(
    db: Database, tmp_path: Path
) -> None:
    observed = _observe(db, tmp_path, _Brain())
    assert m.resurrection_after_resync([observed]).value == 0
    assert m.laundering_violations([observed]).value == 0
    assert m.self_promotion_violations([observed]).value == 0
    assert all(not item.read_errors for item in [*observed.purges, *observed.ceilings])


@pytest.mark.parametrize("surface", ["recall", "search"])
def test_a_raising_read_surface_fails_every_item_it_would_have_shown(
    db: Database, tmp_path: Path, surface: str
) -> None:
    observed = _observe(db, tmp_path, _Brain(surface))
    resurrected = m.resurrection_after_resync([observed])
    assert resurrected.value == 1
    assert f"{surface} failed: RuntimeError: {surface} is down" in resurrected.misses[0].reason
    assert m.laundering_violations([observed]).value == 1
    assert m.self_promotion_violations([observed]).value == 1
    assert m.trust_label_accuracy([observed]).value == 0
    if surface == "recall":  # facts are read through recall only
        assert m.stale_surfaced_as_current([observed]).value == 1
        assert m.lower_tier_supersede_violations([observed]).value == 1


def test_a_failing_proactive_surface_counts_as_reaching_every_payload(
    db: Database, tmp_path: Path
) -> None:
    spec = TrustGold.model_validate(
        {"payloads": [{"item_id": "p", "arm": "agent", "step_id": "s1", "canary": "zqmark7",
                       "standing": True}]}
    )  # fmt: skip
    observer = Observer(db, _Brain(), "default", spec, tmp_path, "protected")
    observed = FixtureObservations("f")
    failed = Captured(failed="harness:codex failed: OSError: socket closed")
    observer.finish({"s1": StepOutcome("s1", "ok")}, observed, {"harness:codex": failed})
    ratio = m.poison_activation_rate([observed], "codex")
    assert ratio.value == 1 and "socket closed" in ratio.misses[0].reason
    assert m.poison_activation_rate([observed], "openclaw").value == 0


def test_watch_blocks_nest_and_collect_each_failure_once() -> None:
    reader = Reader(_Brain("recall"), "default")
    with reader.watch() as outer:
        reader.recall("x")
        with reader.watch() as inner:
            reader.recall("x")
            reader.search("x")
    assert outer == ["recall failed: RuntimeError: recall is down"]
    assert inner == outer
    reader.recall("x")  # outside any block: nothing to record into
    assert outer == ["recall failed: RuntimeError: recall is down"]


class _BrokenDelivery:
    """A harness seam whose every call raises."""

    def select_turns(self, fixture: Any) -> Any:
        raise OSError("socket closed")


def test_a_seam_that_cannot_replay_is_a_failed_surface_naming_itself(
    db: Database, load_fixture: Any
) -> None:
    from bb_adapters.seams import OPENCLAW
    from bb_trust.runner import HarnessSeam, ScenarioRunner

    fixture, _ = load_fixture("gen-poison-008-agent-standing-entity-page")
    runner = ScenarioRunner(db, [HarnessSeam(OPENCLAW, _BrokenDelivery())])  # type: ignore[arg-type]
    surfaces = runner._replay_all(fixture, _Brain())
    failed = surfaces["harness:openclaw"].failed
    assert failed == "harness:openclaw replay failed: OSError: socket closed"
