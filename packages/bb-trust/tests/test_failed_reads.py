"""A read surface that raises is a failed observation of every item it would have shown.

The observer runs against a system whose chosen read surfaces raise (the brain is empty):
every item that needed the broken surface must come out failed, with the error in its miss
reason, never as "nothing found, so fine". A system without the store dump fails the items
that need it as "capability missing", and its purges keep the read-only resurrection check.
"""

from __future__ import annotations

from typing import Any

import pytest
from bb_schema import trust_seam as ts
from bb_schema.trust import TrustGold
from bb_schema.trust_seam import TRUST_CALLS, trust_capability
from bb_trust import metrics as m
from bb_trust.observations import FixtureObservations, StepOutcome
from bb_trust.observe import Captured, Observer
from bb_trust.reads import Reader
from bb_trust.session import Capabilities, TrustSession

EVERYTHING = Capabilities(["trust", *(trust_capability(call) for call in TRUST_CALLS)])

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
    """An empty brain behind the seam; the surfaces named in ``broken`` raise."""

    def __init__(self, *broken: str) -> None:
        self._broken = set(broken)

    def _check(self, surface: str) -> None:
        if surface in self._broken:
            raise RuntimeError(f"{surface} is down")

    def recall_facts(self, request: Any) -> ts.TrustFacts:
        self._check("recall")
        return ts.TrustFacts()

    def search(self, request: Any) -> ts.SearchResponse:
        self._check("search")
        return ts.SearchResponse()

    def get_page(self, request: Any) -> ts.GetPageResponse:
        self._check("get_page")
        return ts.GetPageResponse()

    def dump_stores(self, request: Any) -> ts.StoreDump:
        self._check("dump")
        return ts.StoreDump()

    def context_pack(self, request: Any) -> ts.ContextPackResponse:
        return ts.ContextPackResponse()


def _reader(brain: _Brain, capabilities: Capabilities = EVERYTHING) -> Reader:
    return Reader(TrustSession(brain, "no-such-brain", "default", capabilities))


def _observe(brain: _Brain, capabilities: Capabilities = EVERYTHING) -> FixtureObservations:
    observer = Observer(_reader(brain, capabilities), SPEC, "single")
    outcome = StepOutcome("s1", "refused", "")
    observer.before("s1")
    observer.after("s1", outcome)
    observed = FixtureObservations("f")
    observer.finish({"s1": outcome}, observed, {})
    return observed


def test_reads_that_find_nothing_fail_only_what_is_really_missing() -> None:
    observed = _observe(_Brain())
    assert m.resurrection_after_resync([observed]).value == 0
    assert m.laundering_violations([observed]).value == 0
    assert m.self_promotion_violations([observed]).value == 0
    assert all(not item.read_errors for item in [*observed.purges, *observed.ceilings])


@pytest.mark.parametrize("surface", ["recall", "search"])
def test_a_raising_read_surface_fails_every_item_it_would_have_shown(surface: str) -> None:
    observed = _observe(_Brain(surface))
    resurrected = m.resurrection_after_resync([observed])
    assert resurrected.value == 1
    assert f"{surface} failed: RuntimeError: {surface} is down" in resurrected.misses[0].reason
    assert m.laundering_violations([observed]).value == 1
    assert m.self_promotion_violations([observed]).value == 1
    assert m.trust_label_accuracy([observed]).value == 0
    if surface == "recall":  # facts are read through recall only
        assert m.stale_surfaced_as_current([observed]).value == 1
        assert m.lower_tier_supersede_violations([observed]).value == 1


def test_without_the_store_dump_purges_fail_residual_and_receipt_but_read_resurrection() -> None:
    no_dump = Capabilities([c for c in EVERYTHING.declared if c != "trust.dump-stores"])
    observed = _observe(_Brain(), no_dump)
    residual = m.residual_after_purge([observed])
    assert residual.value == 1
    assert "capability missing: trust.dump-stores" in residual.misses[0].reason
    assert m.receipt_completeness([observed]).value == 0
    assert m.resurrection_after_resync([observed]).value == 0  # read surfaces alone


def test_a_failing_proactive_surface_counts_as_reaching_every_payload() -> None:
    spec = TrustGold.model_validate(
        {"payloads": [{"item_id": "p", "arm": "agent", "step_id": "s1", "canary": "zqmark7",
                       "standing": True}]}
    )  # fmt: skip
    observer = Observer(_reader(_Brain()), spec, "protected")
    observed = FixtureObservations("f")
    failed = Captured(failed="harness:codex failed: OSError: socket closed")
    observer.finish({"s1": StepOutcome("s1", "ok")}, observed, {"harness:codex": failed})
    ratio = m.poison_activation_rate([observed], "codex")
    assert ratio.value == 1 and "socket closed" in ratio.misses[0].reason
    assert m.poison_activation_rate([observed], "openclaw").value == 0


def test_watch_blocks_nest_and_collect_each_failure_once() -> None:
    reader = _reader(_Brain("recall"))
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


def test_a_seam_that_cannot_replay_is_a_failed_surface_naming_itself(load_fixture: Any) -> None:
    from bb_adapters.seams import OPENCLAW
    from bb_trust.runner import HarnessSeam, ScenarioRunner

    fixture, _ = load_fixture("gen-poison-008-agent-standing-entity-page")
    seams = [HarnessSeam(OPENCLAW, _BrokenDelivery())]  # type: ignore[arg-type]
    runner = ScenarioRunner(_Brain(), seams, capabilities=EVERYTHING.declared)
    session = TrustSession(_Brain(), "no-such-brain", "default", EVERYTHING)
    surfaces = runner._replay_all(fixture, session)
    failed = surfaces["harness:openclaw"].failed
    assert failed == "harness:openclaw replay failed: OSError: socket closed"
